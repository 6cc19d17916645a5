//! The result email at the end of a game.

use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section};
use crate::service::game_record::Loaded;

use super::common::{Composed, Recipient, game_draft, game_title, intro, unsubscribe_url};
use super::text::{board_for, events_for};

pub(super) fn game_over(
    mail: &MailContext,
    loaded: &Loaded,
    seat: u8,
    account: i64,
    recipient: &Recipient,
) -> ApiResult<Composed> {
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let outcome = loaded.game.outcome();
    let summary = outcome.as_ref().map(|o| o.summary.get(lang).to_string()).unwrap_or_default();
    let rank = outcome.as_ref().and_then(|o| o.ranks.get(seat as usize).copied());
    let mut sections = vec![Section::text(catalog::t!(lang, "mail-result"), summary)];
    let standings = loaded.standings();
    if !standings.is_empty() {
        let heading = catalog::t!(lang, "result-standings-heading");
        sections.push(Section::text(heading, crate::service::results::standings_text(&standings, lang)));
    }
    if let Some(rank) = rank {
        sections
            .push(Section::text(catalog::t!(lang, "mail-your-place"), catalog::t!(lang, "mail-place", rank = rank)));
    }
    sections.push(Section::board(lang, catalog::t!(lang, "mail-final-position"), board_for(loaded, seat, lang)?));
    let events = events_for(loaded, seat, lang);
    if !events.is_empty() {
        sections.push(Section::text(catalog::t!(lang, "mail-since-your-last-move"), events.join("\n")));
    }
    let (url, id) = (&mail.public_url, loaded.row.id);
    sections.push(Section::text(
        catalog::t!(lang, "mail-check-it"),
        catalog::t!(lang, "mail-check-the-journal", url = url, number = id.to_string()),
    ));
    let intro = intro(lang, catalog::t!(lang, "mail-game-over-headline", game = &title), &who.name);
    let draft = Draft {
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        ..game_draft(mail, loaded, account, recipient, "game_over", intro, sections)
    };
    let label = catalog::t!(lang, "mail-game-over-label", game = &title);
    Ok(Composed { draft, token_hash: None, label })
}
