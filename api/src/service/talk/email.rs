//! Messages written in email replies: the text after the move line (or a reply that is only text), made
//! private by `@seat`, `@name` or `name:` at its start where the game allows private messages.

use shared::api_types::TalkMessage;

use super::{Channel, Draft, access};
use crate::db::Conn;
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::service::game_record::Loaded;

/// What follows the answer line in a reply's own words (`mail::reply_text::own_text`), if anything.
pub fn after_answer(own: &str) -> Option<String> {
    let (_, rest) = own.split_once('\n')?;
    Some(rest.trim().to_string()).filter(|t| !t.is_empty())
}

/// Whether a reply's own words say more than one line: a reply whose first line is no move is a message
/// only then (a single line that is no move is a mistyped move, and refused as one).
pub fn is_talk(own: &str) -> bool {
    own.lines().filter(|l| !l.trim().is_empty()).count() > 1
}

/// The seat a message from `seat` is addressed to privately, and the text without the address: `@2`,
/// `@name` or `name:` at its start names another player; only where private messages are allowed.
pub fn addressed(loaded: &Loaded, private_allowed: bool, seat: u8, text: &str) -> (Option<u8>, String) {
    if !private_allowed {
        return (None, text.to_string());
    }
    let others: Vec<(u8, &str)> = loaded
        .seats
        .iter()
        .zip(&loaded.names)
        .filter(|(s, name)| s.kind == "player" && s.seat != i32::from(seat) && !name.is_empty())
        .map(|(s, name)| (s.seat as u8, name.as_str()))
        .collect();
    let rest_after =
        |rest: &str| rest.trim_start_matches([':', ',', '：', '、', ' ', '\u{3000}']).trim_start().to_string();
    if let Some(rest) = text.strip_prefix('@').or_else(|| text.strip_prefix('＠')) {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(to) = digits.parse::<u8>()
            && others.iter().any(|(s, _)| *s == to)
        {
            return (Some(to), rest_after(&rest[digits.len()..]));
        }
        if let Some((to, name)) = name_at_start(&others, rest) {
            return (Some(to), rest_after(&rest[name.len()..]));
        }
        return (None, text.to_string());
    }
    if let Some((to, name)) = name_at_start(&others, text) {
        let rest = &text[name.len()..];
        if rest.starts_with([':', '：', ',', '、']) {
            return (Some(to), rest_after(rest));
        }
    }
    (None, text.to_string())
}

/// The longest name among `others` that `text` starts with (ignoring case), followed by a non-letter.
fn name_at_start<'a>(others: &[(u8, &'a str)], text: &str) -> Option<(u8, &'a str)> {
    others
        .iter()
        .filter(|(_, name)| {
            text.get(..name.len()).is_some_and(|start| start.to_lowercase() == name.to_lowercase())
                && text[name.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric())
        })
        .max_by_key(|(_, name)| name.len())
        .copied()
}

/// Writes `text` from an email reply of `account` at game `game`'s table (or privately, if addressed).
pub fn post(
    conn: &mut Conn,
    mail: &MailContext,
    now: i64,
    account: i64,
    game: i64,
    text: &str,
) -> ApiResult<TalkMessage> {
    let loaded = crate::service::game_record::load(conn, game)?;
    let seat = loaded.seat_of(Some(account));
    let private_allowed = access::settings(conn, game)?.private_messages;
    let (to, text) = match seat {
        Some(seat) => addressed(&loaded, private_allowed, seat, text.trim()),
        None => (None, text.to_string()),
    };
    super::post(conn, mail, now, account, game, Draft { text, to, channel: Channel::Email })
}
