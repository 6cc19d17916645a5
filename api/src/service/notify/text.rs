//! The game as text in an email: the recipient's board, what happened since their last move, the legal
//! answers and the round.

use shared::journal::{Entry, EntryBody};
use shared::{Lang, Viewer};

use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::service::game_record::Loaded;

/// Boards in emails are rendered this wide (what fits a mail client without wrapping).
pub const EMAIL_WIDTH: usize = 72;

/// At most this many event lines in "since your last move".
pub(super) const MAX_EVENTS: usize = 60;

/// Events `seat` may read since its last own entry (that entry's consequences included), among the recent
/// entries the game was loaded with.
pub(super) fn events_for(loaded: &Loaded, seat: u8, lang: Lang) -> Vec<String> {
    let entries = loaded.game.entries();
    let from = entries
        .iter()
        .rposition(|e| e.body.seat() == Some(seat) && !matches!(e.body, EntryBody::Create { .. }))
        .unwrap_or(1);
    events_in(&entries[from.min(entries.len())..], seat, lang)
}

/// The events of `entries` told to `seat` as it saw them during play, the last [`MAX_EVENTS`] of them. Even
/// once the game is over: the private events the end makes public are told in the second person to the
/// seat they were for ("you played …"), which reads wrong in anyone else's email.
pub(super) fn events_in(entries: &[Entry], seat: u8, lang: Lang) -> Vec<String> {
    let mut lines: Vec<String> = entries
        .iter()
        .flat_map(|e| e.events.iter())
        .filter(|ev| ev.visible_to(Viewer::Seat(seat), false))
        .map(|ev| format!("- {}", ev.text.get(lang)))
        .collect();
    if lines.len() > MAX_EVENTS {
        lines.drain(..lines.len() - MAX_EVENTS);
    }
    lines
}

pub(super) fn board_for(loaded: &Loaded, seat: u8, lang: Lang) -> ApiResult<String> {
    let view = loaded.game.view(Viewer::Seat(seat));
    loaded.game.game().render(&view, &loaded.render_context(lang, EMAIL_WIDTH)).map_err(ApiError::internal)
}

/// ", round 3" when the game's view counts rounds (a top-level `round` number, with `season` if it has one).
pub(super) fn round_of(loaded: &Loaded, seat: u8, lang: Lang) -> String {
    let view = loaded.game.view(Viewer::Seat(seat));
    let Some(round) = view.get("round").and_then(|r| r.as_u64()) else { return String::new() };
    match view.get("season").and_then(|s| s.as_u64()) {
        Some(season) => catalog::t!(lang, "mail-season-round", season = season, round = round),
        None => catalog::t!(lang, "mail-round", round = round),
    }
}

/// Up to this many legal answers are listed in an email; beyond, a sample of [`SAMPLED_ANSWERS`] and a link
/// to the game's page, which lists them all (suriagehara's chit decision has 512: a 631-line email).
pub(super) const LISTED_ANSWERS: usize = 30;
pub(super) const SAMPLED_ANSWERS: usize = 8;

/// The legal answers to `decision`, listed once: the prompt and every option (or, beyond
/// [`LISTED_ANSWERS`], a few spread over the list, how the notation reads and where all of them are), or,
/// where the options are too many to list, the prompt and the help (the email's "how to answer" gives one
/// example).
pub(super) fn legal_text(mail: &MailContext, loaded: &Loaded, decision: &str, lang: Lang) -> Option<String> {
    let choices = loaded.game.game().legal(loaded.game.state(), decision)?;
    let mut out = format!("{}\n\n", choices.prompt.get(lang));
    let options = &choices.options;
    if choices.complete && options.len() <= LISTED_ANSWERS {
        out.push_str(&catalog::t!(lang, "mail-legal-moves"));
        out.push('\n');
        for o in options {
            out.push_str(&format!("  {}\n", o.notation));
        }
    } else if choices.complete {
        let n = options.len();
        out.push_str(&catalog::t!(lang, "mail-legal-moves-sample", count = n));
        out.push('\n');
        for i in 0..SAMPLED_ANSWERS {
            out.push_str(&format!("  {}\n", options[i * n / SAMPLED_ANSWERS].notation));
        }
        if let Some(help) = &choices.help {
            out.push_str(&format!("\n{}\n", help.get(lang)));
        }
        let page = format!("{}/games/{}", mail.public_url, loaded.row.id);
        out.push('\n');
        out.push_str(&catalog::t!(lang, "mail-legal-moves-more", count = n - SAMPLED_ANSWERS, page = page));
        out.push('\n');
    } else if let Some(help) = &choices.help {
        out.push_str(&format!("{}\n", help.get(lang)));
    }
    Some(out)
}

/// The first line of the prompt of `decision` ("Choose a card"), for labels.
pub(super) fn prompt_line(loaded: &Loaded, decision: &str, lang: Lang) -> Option<String> {
    let choices = loaded.game.game().legal(loaded.game.state(), decision)?;
    let prompt = choices.prompt.get(lang).lines().next()?.trim().trim_end_matches(['.', '。', ':', '：']).to_string();
    (!prompt.is_empty()).then_some(prompt)
}
