//! Per-account notification preferences and the unsubscribe secret used in List-Unsubscribe links.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::schema::mail_prefs;
use crate::secrets::random_bytes;

/// How often a player wants turn emails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Notify {
    /// One email for each decision asked of me (the default).
    EveryTurn,
    /// At most one email a day: the turn emails since the last one, attached to it.
    DailyDigest,
    /// No turn or result emails (replies to my own emails are still answered).
    None,
}

impl Notify {
    pub fn as_str(self) -> &'static str {
        match self {
            Notify::EveryTurn => "every_turn",
            Notify::DailyDigest => "daily_digest",
            Notify::None => "none",
        }
    }

    fn parse(s: &str) -> Notify {
        match s {
            "none" => Notify::None,
            "daily_digest" => Notify::DailyDigest,
            _ => Notify::EveryTurn,
        }
    }
}

/// Whether a turn email waits for a moment and stays unsent when it is no longer needed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TurnEmail {
    /// Sent after the server's short wait, unless I answered the decision meanwhile or am looking at the game
    /// on an open page (the default).
    #[default]
    UnlessSeen,
    /// Sent at once, every time.
    Always,
}

impl TurnEmail {
    pub fn as_str(self) -> &'static str {
        match self {
            TurnEmail::UnlessSeen => "unless_seen",
            TurnEmail::Always => "always",
        }
    }

    fn parse(s: &str) -> TurnEmail {
        if s == "always" { TurnEmail::Always } else { TurnEmail::UnlessSeen }
    }
}

/// Which messages of table talk send an email of their own (every turn email carries the messages since my
/// last email anyway).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TalkEmail {
    /// None: messages wait for my next turn email.
    Off,
    /// Every message I may read, to the table or to me alone.
    TableAndPrivate,
    /// Only messages written to me alone (the default).
    #[default]
    PrivateOnly,
}

impl TalkEmail {
    pub fn as_str(self) -> &'static str {
        match self {
            TalkEmail::Off => "off",
            TalkEmail::TableAndPrivate => "table_and_private",
            TalkEmail::PrivateOnly => "private_only",
        }
    }

    fn parse(s: &str) -> TalkEmail {
        match s {
            "off" => TalkEmail::Off,
            "table_and_private" => TalkEmail::TableAndPrivate,
            _ => TalkEmail::PrivateOnly,
        }
    }

    /// Whether a message to `to` (None: the table) sends an email alone to the reader at `seat`.
    pub fn mails(self, to: Option<u8>, seat: u8) -> bool {
        match self {
            TalkEmail::Off => false,
            TalkEmail::TableAndPrivate => true,
            TalkEmail::PrivateOnly => to == Some(seat),
        }
    }
}

/// `GET /api/v1/me/notifications`, and the answer to `PUT`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NotificationPrefs {
    pub notify: Notify,
    /// The language of the player's emails (boards, prompts, events and the email's own words): a language
    /// code; the first of the list is the default.
    #[serde(default)]
    pub lang: shared::Lang,
    pub turn_email: TurnEmail,
    pub talk_email: TalkEmail,
}

/// `PUT /api/v1/me/notifications`: a preference left out stays as it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NotificationPrefsUpdate {
    pub notify: Notify,
    /// The language of the player's emails (boards, prompts, events and the email's own words): a language
    /// code; the first of the list is the default.
    #[serde(default)]
    pub lang: shared::Lang,
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "given")]
    #[schema(nullable = false)]
    pub turn_email: Option<TurnEmail>,
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "given")]
    #[schema(nullable = false)]
    pub talk_email: Option<TalkEmail>,
}

/// A field that may be left out (keeping the current choice) but, when given, is a choice: `null` is refused
/// like any other value the schema does not allow.
fn given<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Everything an account chose about its emails, as stored.
#[derive(Clone, Debug)]
pub struct Prefs {
    pub notify: Notify,
    /// The secret of the account's `List-Unsubscribe` links.
    pub unsubscribe_token: String,
    pub lang: shared::Lang,
    pub turn_email: TurnEmail,
    pub talk_email: TalkEmail,
    /// RFC 3339 time the player is back from a vacation (maybe past).
    pub away_until: Option<String>,
}

type PrefsRow = (String, String, String, String, String, Option<String>);

impl From<PrefsRow> for Prefs {
    fn from((notify, unsubscribe_token, lang, turn_email, talk_email, away_until): PrefsRow) -> Prefs {
        Prefs {
            notify: Notify::parse(&notify),
            unsubscribe_token,
            lang: parse_lang(&lang),
            turn_email: TurnEmail::parse(&turn_email),
            talk_email: TalkEmail::parse(&talk_email),
            away_until,
        }
    }
}

/// `account`'s preferences, read in one statement (a move's emails read them for each player), and created
/// with the defaults on first use.
pub fn of(conn: &mut Conn, account: i64) -> Result<Prefs, diesel::result::Error> {
    let columns = (
        mail_prefs::notify,
        mail_prefs::unsubscribe_token,
        mail_prefs::lang,
        mail_prefs::turn_email,
        mail_prefs::talk_email,
        mail_prefs::away_until,
    );
    let found: Option<PrefsRow> = mail_prefs::table.find(account).select(columns).first_native(conn).optional()?;
    let row = match found {
        Some(row) => row,
        None => diesel::insert_into(mail_prefs::table)
            .values((
                mail_prefs::account_id.eq(account),
                mail_prefs::notify.eq(Notify::EveryTurn.as_str()),
                mail_prefs::unsubscribe_token.eq(hex::encode(random_bytes::<16>())),
            ))
            .returning(columns)
            .get_result(conn)?,
    };
    Ok(row.into())
}

/// Stores `wanted` (what it leaves out stays) and returns the preferences now.
pub fn set(
    conn: &mut Conn,
    account: i64,
    wanted: &NotificationPrefsUpdate,
) -> Result<NotificationPrefs, diesel::result::Error> {
    let current = get(conn, account)?;
    let turn_email = wanted.turn_email.unwrap_or(current.turn_email);
    let talk_email = wanted.talk_email.unwrap_or(current.talk_email);
    diesel::update(mail_prefs::table.find(account))
        .set((
            mail_prefs::notify.eq(wanted.notify.as_str()),
            mail_prefs::lang.eq(catalog::code(wanted.lang)),
            mail_prefs::turn_email.eq(turn_email.as_str()),
            mail_prefs::talk_email.eq(talk_email.as_str()),
        ))
        .execute(conn)?;
    get(conn, account)
}

pub fn get(conn: &mut Conn, account: i64) -> Result<NotificationPrefs, diesel::result::Error> {
    let prefs = of(conn, account)?;
    Ok(NotificationPrefs {
        notify: prefs.notify,
        lang: prefs.lang,
        turn_email: prefs.turn_email,
        talk_email: prefs.talk_email,
    })
}

/// The language of `account`'s emails.
pub fn lang_of(conn: &mut Conn, account: i64) -> Result<shared::Lang, diesel::result::Error> {
    let lang: Option<String> = mail_prefs::table.find(account).select(mail_prefs::lang).first(conn).optional()?;
    Ok(lang.as_deref().map(parse_lang).unwrap_or_default())
}

/// A stored language code; one stored before its language was dropped reads as the default.
fn parse_lang(code: &str) -> shared::Lang {
    catalog::language(code).ok().unwrap_or_default()
}

/// The `List-Unsubscribe` URL of unsubscribe `token`: opened, it asks to confirm; POSTed, it unsubscribes.
pub fn unsubscribe_url(public_url: &str, token: &str) -> String {
    format!("{public_url}/api/v1/unsubscribe/{token}")
}

/// What the owner of unsubscribe `token` gets now; None when the token is unknown.
pub fn by_token(conn: &mut Conn, token: &str) -> Result<Option<Notify>, diesel::result::Error> {
    let notify: Option<String> = mail_prefs::table
        .filter(mail_prefs::unsubscribe_token.eq(token))
        .select(mail_prefs::notify)
        .first(conn)
        .optional()?;
    Ok(notify.map(|n| Notify::parse(&n)))
}

/// Sets what the owner of unsubscribe `token` gets (`none` to unsubscribe); false when the token is unknown.
pub fn set_by_token(conn: &mut Conn, token: &str, notify: Notify) -> Result<bool, diesel::result::Error> {
    let n = diesel::update(mail_prefs::table.filter(mail_prefs::unsubscribe_token.eq(token)))
        .set(mail_prefs::notify.eq(notify.as_str()))
        .execute(conn)?;
    Ok(n > 0)
}

/// `GET/PUT /api/v1/me/vacation`: while away, a player's clocks stand still.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Vacation {
    /// RFC 3339 time the player is back; null: not away.
    #[schema(format = DateTime)]
    pub until: Option<String>,
}

pub fn set_away_until(conn: &mut Conn, account: i64, until: Option<&str>) -> Result<(), diesel::result::Error> {
    of(conn, account)?;
    diesel::update(mail_prefs::table.find(account)).set(mail_prefs::away_until.eq(until)).execute(conn)?;
    Ok(())
}
