//! Time limits: one deadline row per decision pending for a player, what an email says about it, and the
//! reminder before it passes.

use diesel::prelude::*;
use shared::Lang;

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::prepared::Prepared;
use crate::db::schema::decision_deadlines;
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section};
use crate::mail::outbox::Notice;
use crate::service::game_record::Loaded;
use crate::time::millis;

use super::common::{Asked, Composed, PrefsRead, Recipient, game_draft, game_title, intro, queue, unsubscribe_url};
use super::reply::{how_to_answer, reply_route};
use super::text::{board_for, legal_text};

/// Keeps one deadline row per decision pending for a player: drops those answered, adds the new ones.
pub(super) fn track_deadlines(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    prefs: &mut PrefsRead,
) -> ApiResult<()> {
    // A game's time limit is set when it is created and never changes, and only this adds deadline rows: a
    // game without one has none to drop, and needs no delete at every move.
    let Some(hours) = loaded.row.deadline_hours else { return Ok(()) };
    let id = loaded.row.id;
    let pending = if loaded.game.is_over() { Vec::new() } else { loaded.game.pending() };
    let ids: Vec<&str> = pending.iter().map(|p| p.id.as_str()).collect();
    // Run at every move: kept prepared, one shape per number of decisions pending at once (a few); loaded,
    // with `RETURNING`, to be kept (see `db::prepared`).
    Prepared(
        diesel::delete(
            decision_deadlines::table
                .filter(decision_deadlines::game_id.eq(id))
                .filter(decision_deadlines::decision.ne_all(&ids)),
        )
        .returning(decision_deadlines::decision),
    )
    .load_native::<String>(conn)?;
    let limit = chrono::Duration::hours(hours as i64);
    let before = chrono::Duration::hours(mail.deadline_reminder_hours as i64).min(limit / 2);
    let now = mail.clock.now();
    for p in pending.iter().filter(|p| !loaded.asked_before.contains(&p.id)) {
        let Some(account) = loaded.seats.get(p.seat as usize).filter(|s| s.kind == "player").and_then(|s| s.account_id)
        else {
            continue;
        };
        // The clock of a player on vacation starts when they are back.
        let now = crate::service::vacation::away_in(prefs.of(conn, account)?, now).unwrap_or(now);
        let insert = diesel::insert_into(decision_deadlines::table)
            .values((
                decision_deadlines::game_id.eq(id),
                decision_deadlines::decision.eq(&p.id),
                decision_deadlines::seat.eq(p.seat as i32),
                decision_deadlines::due_at.eq(millis(now + limit)),
                decision_deadlines::remind_at.eq(millis(now + limit - before)),
            ))
            .on_conflict_do_nothing();
        crate::on_backend!(conn, |c| insert.execute(c))?;
    }
    Ok(())
}

pub fn forget_deadline(conn: &mut Conn, game: i64, decision: &str) -> ApiResult<()> {
    diesel::delete(decision_deadlines::table.find((game, decision))).execute(conn)?;
    Ok(())
}

/// "2026-11-25 04:00 UTC" from a stored RFC 3339 time.
pub(super) fn human_time(rfc3339: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(rfc3339)
        .map(|t| t.with_timezone(&chrono::Utc).format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|_| rfc3339.to_string())
}

/// What happens in this game when `decision` is not answered in time, in `lang`.
pub(super) fn timeout_consequence(loaded: &Loaded, decision: &str, lang: Lang) -> String {
    let game = loaded.game.game();
    if let Some(action) = game.timeout_action(loaded.game.state(), decision) {
        let answer = game.print_action(&action).unwrap_or_else(|_| action.to_string());
        return catalog::t!(lang, "mail-timeout-default-answer", answer = answer);
    }
    match shared::api_types::TimeoutPolicy::parse(&loaded.row.timeout_policy) {
        shared::api_types::TimeoutPolicy::Skip => catalog::t!(lang, "mail-timeout-skip"),
        shared::api_types::TimeoutPolicy::Forfeit => catalog::t!(lang, "mail-timeout-forfeit"),
    }
}

/// When `decision` must be answered and what happens if it is not; or, when it was `settled` after the
/// email was queued (the email is rendered later), that a reply now comes too late.
pub(super) fn deadline_text(
    conn: &mut Conn,
    loaded: &Loaded,
    decision: &str,
    settled: bool,
    lang: Lang,
) -> ApiResult<String> {
    if settled {
        return Ok(catalog::t!(lang, "mail-this-decision-was-settled-after-this"));
    }
    let due: Option<String> = decision_deadlines::table
        .find((loaded.row.id, decision))
        .select(decision_deadlines::due_at)
        .first(conn)
        .optional()?;
    Ok(match due {
        Some(due) => catalog::t!(
            lang,
            "mail-answer-by",
            time = human_time(&due),
            consequence = timeout_consequence(loaded, decision, lang),
        ),
        None => catalog::t!(lang, "mail-no-time-limit-the-game-waits"),
    })
}

/// Queues a reminder that `decision` of `seat` is due soon (rendered at send time).
pub fn reminder(conn: &mut Conn, mail: &MailContext, loaded: &Loaded, seat: u8, decision: &str) -> ApiResult<()> {
    let Some(account) = loaded.seats.get(seat as usize).filter(|s| s.kind == "player").and_then(|s| s.account_id)
    else {
        return Ok(());
    };
    let notice = Notice {
        kind: "reminder",
        game_id: loaded.row.id,
        account_id: account,
        seq: loaded.row.head_seq,
        seat,
        decision: Some(decision.to_string()),
    };
    queue(conn, mail, notice)
}

pub(super) fn compose_reminder(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    asked: Asked,
    recipient: &Recipient,
) -> ApiResult<Composed> {
    let Asked { account, seat, decision, settled } = asked;
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let route = reply_route(conn, mail, loaded.row.id, account, seat, decision)?;
    let mut sections =
        vec![Section::text(catalog::t!(lang, "mail-deadline"), deadline_text(conn, loaded, decision, settled, lang)?)];
    if let Some(legal) = legal_text(mail, loaded, decision, lang) {
        sections.push(Section::text(catalog::t!(lang, "mail-your-move"), legal));
    }
    sections.push(Section::board(lang, catalog::t!(lang, "mail-your-view"), board_for(loaded, seat, lang)?));
    sections.push(Section::text(
        catalog::t!(lang, "mail-how-to-answer"),
        how_to_answer(mail, loaded, decision, lang, Some(&unsubscribe_url(mail, unsubscribe))),
    ));
    let intro = intro(lang, catalog::t!(lang, "mail-reminder-headline", game = &title), &who.name);
    let draft = Draft {
        message_id: route.message_id,
        reply_to: Some(route.reply_to),
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        ..game_draft(mail, loaded, account, recipient, "reminder", intro, sections)
    };
    let label = catalog::t!(lang, "mail-reminder-label", game = &title, number = loaded.row.head_seq + 1);
    Ok(Composed { draft, token_hash: Some(route.token_hash), label })
}
