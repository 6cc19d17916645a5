//! Answers to moves sent by email: the confirmation of an applied move, the refusal of one that changed
//! nothing.

use diesel::prelude::*;
use shared::Lang;
use shared::journal::{Actor, Entry, EntryBody};

use crate::db::Conn;
use crate::db::schema::move_receipts;
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section, thread_root};
use crate::mail::outbox::{self, Notice};
use crate::service::game_record::Loaded;

use super::common::{
    Asked, Composed, Recipient, board_url, game_draft, game_subject, game_title, intro, lang_of, pending_for, person,
    store,
};
use super::reply::{how_to_answer, reply_route};
use super::text::{events_in, legal_text};

/// The move `seat` sent by email that the game, as `loaded` holds it, follows directly (nothing after it but
/// the bots' answers and the seed's reveal), and its notation: a decision of `seat` asked now was asked by
/// that move, and the email asking it confirms the move too.
pub(super) fn emailed_move_before(conn: &mut Conn, loaded: &Loaded, seat: u8) -> ApiResult<Option<String>> {
    let last = loaded
        .game
        .entries()
        .iter()
        .rev()
        .find(|e| !matches!(e.body, EntryBody::Move { by: Actor::Bot, .. } | EntryBody::Reveal { .. }));
    let Some(Entry { body: EntryBody::Move { seat: s, action, .. }, seq, .. }) = last else { return Ok(None) };
    if *s != seat {
        return Ok(None);
    }
    let by_mail: i64 = move_receipts::table
        .filter(move_receipts::game_id.eq(loaded.row.id))
        .filter(move_receipts::seq.eq(*seq as i64))
        .count()
        .get_result(conn)?;
    Ok((by_mail > 0).then(|| loaded.game.game().print_action(action).unwrap_or_else(|_| action.to_string())))
}

/// A decision of `seat` asked by the change `loaded` holds (pending now, not before).
fn newly_asked(loaded: &Loaded, seat: u8) -> bool {
    !loaded.game.is_over()
        && loaded.game.pending().iter().any(|p| p.seat == seat && !loaded.asked_before.contains(&p.id))
}

/// Queues (as a notice, rendered at send time) the email telling a player that the move they sent by email
/// was applied. When the move asked their next decision, the turn email asking it says so instead (one
/// email, one reply token): nothing is queued here. Sent whatever their preferences: it answers their own
/// email.
pub fn confirmation(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    account: i64,
    seat: u8,
    from_seq: usize,
) -> ApiResult<()> {
    let answered = match loaded.game.entries_from(from_seq as u64).first().map(|e| &e.body) {
        Some(EntryBody::Move { decision, .. }) => decision.clone(),
        _ => return Err(ApiError::internal(format!("entry {from_seq} is not the move to confirm"))),
    };
    if newly_asked(loaded, seat) {
        return Ok(());
    }
    let notice = Notice {
        kind: "reply_accepted",
        game_id: loaded.row.id,
        account_id: account,
        // The entries the move set off are appended but not yet stored (the confirmation is queued first,
        // to reach the player before the emails the move causes): the head is the game's, not the row's.
        seq: loaded.game.next_seq() as i64 - 1,
        seat,
        decision: Some(answered),
    };
    outbox::enqueue_notice(conn, &notice, &outbox::fresh_message_id(Some(loaded.row.id), mail.domain()))?;
    Ok(())
}

/// The confirmation of `seat`'s answer to `answered`, the last one among the entries `loaded` holds (the
/// game as it was after that move and what it set off), when the next decision is someone else's: light,
/// what happened and who is asked now, with no board (the player's next turn email brings it).
pub(super) fn compose_confirmation(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    asked: Asked,
    recipient: &Recipient,
) -> ApiResult<Composed> {
    let Asked { account, seat, decision: answered, .. } = asked;
    let Recipient { who, lang, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let entries = loaded.game.entries();
    let mine = entries.iter().rposition(
        |e| matches!(&e.body, EntryBody::Move { seat: s, decision, .. } if *s == seat && decision == answered),
    );
    let (played, from) = match mine {
        Some(i) => match &entries[i].body {
            EntryBody::Move { action, .. } => {
                (loaded.game.game().print_action(action).unwrap_or_else(|_| action.to_string()), i + 1)
            }
            _ => unreachable!("matched a move"),
        },
        None => (String::new(), entries.len()),
    };
    let events = events_in(&entries[from..], seat, lang);
    let mut sections = vec![Section::text(
        catalog::t!(lang, "mail-what-happened-since"),
        if events.is_empty() { catalog::t!(lang, "mail-nothing-yet") } else { events.join("\n") },
    )];
    // Rare: a decision of the player asked before this move is still open (they owe two at once).
    let next = if loaded.game.is_over() { None } else { loaded.game.pending().into_iter().find(|p| p.seat == seat) };
    let route = match &next {
        Some(p) => {
            sections.push(Section::text(
                catalog::t!(lang, "mail-still-asked-of-you"),
                legal_text(mail, loaded, &p.id, lang).unwrap_or_default(),
            ));
            sections.push(Section::text(
                catalog::t!(lang, "mail-how-to-answer"),
                how_to_answer(mail, loaded, &p.id, lang, None),
            ));
            Some(reply_route(conn, mail, loaded.row.id, account, seat, &p.id)?)
        }
        None => {
            sections.push(Section::text(catalog::t!(lang, "mail-what-next"), waiting_text(mail, loaded, lang)));
            None
        }
    };
    let intro = intro(lang, catalog::t!(lang, "mail-accepted-headline", game = &title, played = &played), &who.name);
    let draft = Draft {
        message_id: route.as_ref().and_then(|r| r.message_id.clone()),
        // With nothing asked next, replies still reach the server (not the From address), which tells the
        // player why they change nothing (`service::inbound_moves`, a reply to a game's thread).
        reply_to: Some(
            route.as_ref().map(|r| r.reply_to.clone()).unwrap_or_else(|| mail.settings.reply_address.clone()),
        ),
        ..game_draft(mail, loaded, account, recipient, "reply_accepted", intro, sections)
    };
    let label = catalog::t!(lang, "mail-accepted-label", game = &title, played = &played);
    Ok(Composed { draft, token_hash: route.map(|r| r.token_hash), label })
}

/// Who is asked now, that the player's next turn comes by email, and where the game is on the web.
fn waiting_text(mail: &MailContext, loaded: &Loaded, lang: Lang) -> String {
    let url = board_url(mail, loaded.row.id, lang);
    if loaded.game.is_over() {
        return catalog::t!(lang, "mail-waiting-game-over", board = url);
    }
    let mut waiting: Vec<String> = Vec::new();
    for p in loaded.game.pending() {
        let name = loaded.names.get(p.seat as usize).cloned().unwrap_or_else(|| format!("P{}", p.seat + 1));
        if !waiting.contains(&name) {
            waiting.push(name);
        }
    }
    let waiting = waiting.join(", ");
    catalog::t!(lang, "mail-waiting-for", names = waiting, board = url)
}

/// Why a move sent by email changed nothing, in the player's words: the API's detail names decisions by
/// their internal ids (`d0`) and games by number, which mean nothing in an email about one game; the
/// errors that carry a reason of the rules (an illegal move) keep it.
pub(super) fn reason(error: &ApiError, lang: Lang) -> String {
    let id = format!("mail-refused-{}", error.code.replace('_', "-"));
    if catalog::has(&id) {
        return catalog::text(lang, &id);
    }
    // The rules' reasons (an illegal move) come in every language; a detail written in English only is
    // summed up for readers of another language.
    if error.details.is_some() || lang == catalog::LANGUAGES[0] {
        return error.detail_in(lang).to_string();
    }
    match error.code {
        "malformed_action" => catalog::t!(lang, "mail-refusal-unreadable"),
        _ => catalog::t!(lang, "mail-refusal-not-applied"),
    }
}

/// Tells a player (at their account's address, whoever sent the reply) why the move sent by email changed
/// nothing, in its own transaction (the refused move's was rolled back). When a decision is still asked of
/// them, the email carries a fresh reply token for it: replying to it works.
pub fn refusal(
    conn: &mut Conn,
    mail: &MailContext,
    game: Option<&Loaded>,
    game_id: i64,
    account: i64,
    error: &ApiError,
) -> ApiResult<()> {
    crate::db::write_transaction(conn, |conn| {
        let who = person(conn, account)?;
        let lang = lang_of(conn, account)?;
        let title = game.map(|g| game_title(g, lang)).unwrap_or_else(|| format!("#{game_id}"));
        let mut sections = vec![Section::text(catalog::t!(lang, "mail-why"), reason(error, lang))];
        let mut route = None;
        if let Some(loaded) = game
            && let Some(p) = pending_for(loaded, account)
        {
            if let Some(legal) = legal_text(mail, loaded, &p.id, lang) {
                sections.push(Section::text(catalog::t!(lang, "mail-what-you-may-answer"), legal));
            }
            sections.push(Section::text(
                catalog::t!(lang, "mail-try-again"),
                how_to_answer(mail, loaded, &p.id, lang, None),
            ));
            route = Some(reply_route(conn, mail, game_id, account, p.seat, &p.id)?);
        }
        let draft = Draft {
            kind: "reply_refused",
            game_id: Some(game_id),
            account_id: Some(account),
            message_id: route.as_ref().and_then(|r| r.message_id.clone()),
            thread: Some(thread_root(mail, game_id, account)),
            to: who.email,
            to_name: Some(who.name.clone()),
            subject: match game {
                Some(loaded) => game_subject(loaded, lang),
                None => format!("[tegami] {title}"),
            },
            intro: intro(lang, catalog::t!(lang, "mail-refused-headline", game = &title), &who.name),
            sections,
            reply_to: route.map(|r| r.reply_to),
            unsubscribe: None,
            picture: None,
        };
        store(conn, mail, draft)
    })
}
