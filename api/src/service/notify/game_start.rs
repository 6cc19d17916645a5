//! The email that opens a player's thread of a game.

use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section, thread_root};
use crate::service::game_record::Loaded;

use super::common::{Composed, Recipient, board_url, game_draft, game_title, intro, unsubscribe_url};

/// The email that opens a player's thread of a game: who plays, the time limit and what a missed deadline
/// does. Its Message-ID is the thread root every later email of the game to this player refers to.
pub(super) fn game_start(
    mail: &MailContext,
    loaded: &Loaded,
    seat: u8,
    account: i64,
    recipient: &Recipient,
) -> Composed {
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let info = loaded.game.game().info();
    let players: Vec<String> = loaded
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            if i as u8 == seat {
                catalog::t!(lang, "mail-player-line-you", seat = i, name = name)
            } else {
                catalog::t!(lang, "mail-player-line", seat = i, name = name)
            }
        })
        .collect();
    let limit = match loaded.row.deadline_hours {
        Some(hours) => catalog::t!(lang, "mail-time-limit-hours", hours = hours),
        None => catalog::t!(lang, "mail-there-is-no-time-limit"),
    };
    let mut sections = vec![
        Section::text(catalog::t!(lang, "mail-players"), players.join("\n")),
        Section::text(catalog::t!(lang, "mail-about-the-game"), info.about.get(lang).to_string()),
        Section::text(catalog::t!(lang, "mail-time-limit"), limit),
    ];
    sections.push(Section::text(
        catalog::t!(lang, "mail-how-it-goes"),
        catalog::t!(
            lang,
            "mail-how-it-goes-text",
            board = board_url(mail, loaded.row.id, lang),
            unsubscribe = unsubscribe_url(mail, unsubscribe),
        ),
    ));
    let intro = intro(lang, catalog::t!(lang, "mail-game-start-headline", title = &title), &who.name);
    let draft = Draft {
        message_id: Some(thread_root(mail, loaded.row.id, account)),
        thread: None,
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        ..game_draft(mail, loaded, account, recipient, "game_start", intro, sections)
    };
    let label = catalog::t!(lang, "mail-game-start-label", title = &title);
    Composed { draft, token_hash: None, label }
}
