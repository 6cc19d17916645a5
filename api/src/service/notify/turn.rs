//! The turn email: a decision is asked of the recipient.

use crate::db::Conn;
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section};
use crate::service::game_record::Loaded;

use super::common::{Asked, Composed, Recipient, game_draft, game_title, intro, unsubscribe_url};
use super::deadlines::deadline_text;
use super::reply::{how_to_answer, reply_route};
use super::text::{board_for, events_for, legal_text, prompt_line, round_of};

/// The turn email asking `asked`; `confirms`: the recipient's own move by email (its notation) that led
/// straight to this decision, which this email confirms (one email, one reply token, not two).
pub(super) fn turn(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    asked: Asked,
    recipient: &Recipient,
    confirms: Option<&str>,
) -> ApiResult<Composed> {
    let Asked { account, seat, decision, settled } = asked;
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let route = reply_route(conn, mail, loaded.row.id, account, seat, decision)?;
    let title = game_title(loaded, lang);
    let events = events_for(loaded, seat, lang);
    let mut sections = vec![Section::board(lang, catalog::t!(lang, "mail-your-view"), board_for(loaded, seat, lang)?)];
    sections.push(Section::text(
        catalog::t!(lang, "mail-since-your-last-move"),
        if events.is_empty() { catalog::t!(lang, "mail-nothing-yet") } else { events.join("\n") },
    ));
    sections.push(Section::text(
        catalog::t!(lang, "mail-your-move"),
        legal_text(mail, loaded, decision, lang).unwrap_or_default(),
    ));
    sections
        .push(Section::text(catalog::t!(lang, "mail-deadline"), deadline_text(conn, loaded, decision, settled, lang)?));
    sections.push(Section::text(
        catalog::t!(lang, "mail-how-to-answer"),
        how_to_answer(mail, loaded, decision, lang, Some(&unsubscribe_url(mail, unsubscribe))),
    ));
    let mut headline = catalog::t!(lang, "mail-turn-headline", game = &title, round = round_of(loaded, seat, lang));
    if let Some(played) = confirms {
        headline.push_str("\n\n");
        headline.push_str(&catalog::t!(lang, "mail-turn-confirms", played = played));
    }
    let intro = intro(lang, headline, &who.name);
    let draft = Draft {
        message_id: route.message_id,
        reply_to: Some(route.reply_to),
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        ..game_draft(mail, loaded, account, recipient, "turn", intro, sections)
    };
    // "Your turn in UOSAO (…) #12: move 14 — Choose a card": the subject is the same for a whole game, so a
    // digest names each email by this.
    let number = loaded.row.head_seq + 1;
    let label = match prompt_line(loaded, decision, lang) {
        Some(prompt) => catalog::t!(lang, "mail-turn-label-prompt", game = &title, number = number, prompt = prompt),
        None => catalog::t!(lang, "mail-turn-label", game = &title, number = number),
    };
    Ok(Composed { draft, token_hash: Some(route.token_hash), label })
}
