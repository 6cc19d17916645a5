//! The outbox: emails written in the same transaction as the change they tell of, sent later by the worker.
//! A row is claimed before sending (a lease, so a crashed sender's row is retried after it expires) and
//! marked sent after; a failure records the error and schedules the next attempt with exponential backoff.
//!
//! Two shapes of row. A [`Notice`] (every email a move causes: game start, turns, reminders, digest parts,
//! results, the confirmation of a move by email) is compact: what must be sent — kind, game, account, the journal seq it describes, the seat and
//! decision — about 150 bytes; the worker renders it at send time, outside the move's transaction
//! (`service::notify::render`). An [`OutgoingMail`] (rare emails: address checks, password resets,
//! invitations, refused moves by email, webhook alerts, digests) is stored rendered. Either way, the rendered text is
//! dropped once sent; the Message-ID, recipient and subject stay until the row is pruned.

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::schema::outbox;
use crate::time::{millis, now_millis};

/// The kind of a turn email kept for a daily digest: never sent alone; the digest carries it.
pub const DIGEST_PART: &str = "digest_part";

/// How often the worker deletes sent emails past their retention.
pub const PRUNE_EVERY_MINUTES: i64 = 10;

/// How long a claimed row stays with its sender before another attempt may take it.
const LEASE_SECONDS: i64 = 300;

/// An email ready to be stored: the complete message and its envelope.
#[derive(Clone, Debug)]
pub struct OutgoingMail {
    pub kind: &'static str,
    pub game_id: Option<i64>,
    pub account_id: Option<i64>,
    pub sender: String,
    pub recipient: String,
    pub subject: String,
    pub message_id: String,
    pub message: String,
}

/// An email caused by a change to a game, stored as what must be sent and rendered when it is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub kind: &'static str,
    pub game_id: i64,
    pub account_id: i64,
    /// The journal entry after which the email describes the game (its state AS OF then).
    pub seq: i64,
    pub seat: u8,
    /// The decision asked (turns, reminders, digest parts), or answered (the confirmation of a move by email).
    pub decision: Option<String>,
}

/// A fresh Message-ID for an email about game `game` (or about no game).
pub fn fresh_message_id(game: Option<i64>, domain: &str) -> String {
    let random = hex::encode(crate::secrets::random_bytes::<12>());
    match game {
        Some(g) => format!("<tegami.game.{g}.{random}@{domain}>"),
        None => format!("<tegami.{random}@{domain}>"),
    }
}

/// Queues `notice` with `message_id` (the thread root for a game-start email, a fresh one otherwise).
pub fn enqueue_notice(conn: &mut Conn, notice: &Notice, message_id: &str) -> Result<(), diesel::result::Error> {
    enqueue_notice_after(conn, notice, message_id, 0)
}

/// Queues `notice` to be sent no sooner than `wait_secs` from now.
pub fn enqueue_notice_after(
    conn: &mut Conn,
    notice: &Notice,
    message_id: &str,
    wait_secs: u64,
) -> Result<(), diesel::result::Error> {
    let at = now_millis();
    let due = if wait_secs == 0 { at.clone() } else { millis(Utc::now() + Duration::seconds(wait_secs as i64)) };
    diesel::insert_into(outbox::table)
        .values((
            outbox::kind.eq(notice.kind),
            outbox::game_id.eq(notice.game_id),
            outbox::account_id.eq(notice.account_id),
            outbox::seq.eq(notice.seq),
            outbox::seat.eq(notice.seat as i32),
            outbox::decision.eq(&notice.decision),
            outbox::message_id.eq(message_id),
            outbox::created_at.eq(&at),
            outbox::next_attempt_at.eq(&due),
        ))
        .execute_native(conn)?;
    tracing::debug!(
        kind = notice.kind,
        game = notice.game_id,
        seq = notice.seq,
        "email queued, to render at send time"
    );
    Ok(())
}

pub fn enqueue(conn: &mut Conn, mail: &OutgoingMail) -> Result<(), diesel::result::Error> {
    let at = now_millis();
    diesel::insert_into(outbox::table)
        .values((
            outbox::kind.eq(mail.kind),
            outbox::game_id.eq(mail.game_id),
            outbox::account_id.eq(mail.account_id),
            outbox::sender.eq(&mail.sender),
            outbox::recipient.eq(&mail.recipient),
            outbox::subject.eq(&mail.subject),
            outbox::message_id.eq(&mail.message_id),
            outbox::message.eq(&mail.message),
            outbox::created_at.eq(&at),
            outbox::next_attempt_at.eq(&at),
        ))
        .execute(conn)?;
    tracing::debug!(kind = mail.kind, to = %mail.recipient, subject = %mail.subject, "email queued");
    Ok(())
}

/// A row claimed for sending: a rendered email (`message`), or a notice to render first.
#[derive(Clone, Debug, Queryable)]
pub struct Claimed {
    pub id: i64,
    pub kind: String,
    pub game_id: Option<i64>,
    pub account_id: Option<i64>,
    pub seq: Option<i64>,
    pub seat: Option<i32>,
    pub decision: Option<String>,
    pub message_id: String,
    pub sender: Option<String>,
    pub recipient: Option<String>,
    pub message: Option<String>,
    pub attempts: i32,
}

impl Claimed {
    /// The notice this row holds, if it is one (not stored rendered).
    pub fn notice(&self) -> Option<Notice> {
        if self.message.is_some() {
            return None;
        }
        Some(Notice {
            kind: notice_kind(&self.kind)?,
            game_id: self.game_id?,
            account_id: self.account_id?,
            seq: self.seq?,
            seat: u8::try_from(self.seat?).ok()?,
            decision: self.decision.clone(),
        })
    }
}

/// The kinds of email stored as notices.
pub const NOTICE_KINDS: [&str; 8] =
    ["game_start", "turn", "reminder", "game_over", "reply_accepted", DIGEST_PART, TALK, MOVE_MADE];

/// The kind of an email telling a player who follows a game of a move that asks nothing of them (in a
/// daily digest, such a move is a digest part without a decision).
pub const MOVE_MADE: &str = "move_made";

/// The kind of an email carrying messages of table talk alone (the messages since the player's last email).
pub const TALK: &str = "talk";

fn notice_kind(kind: &str) -> Option<&'static str> {
    NOTICE_KINDS.into_iter().find(|k| *k == kind)
}

/// The columns of a [`Claimed`] row. A plain tuple rather than `Claimed::as_select()`: that is bound to one
/// backend, and the claim query is written once for both (`on_backend!`).
type ClaimedColumns = (
    outbox::id,
    outbox::kind,
    outbox::game_id,
    outbox::account_id,
    outbox::seq,
    outbox::seat,
    outbox::decision,
    outbox::message_id,
    outbox::sender,
    outbox::recipient,
    outbox::message,
    outbox::attempts,
);

pub const CLAIMED_COLUMNS: ClaimedColumns = (
    outbox::id,
    outbox::kind,
    outbox::game_id,
    outbox::account_id,
    outbox::seq,
    outbox::seat,
    outbox::decision,
    outbox::message_id,
    outbox::sender,
    outbox::recipient,
    outbox::message,
    outbox::attempts,
);

/// Claims up to `limit` due rows: unsent, due, and not held by a live lease. Claiming is one transaction;
/// on PostgreSQL the rows are taken `FOR UPDATE SKIP LOCKED`, so instances sending from one database never
/// claim the same row and never wait on each other's rows.
pub fn claim_due(conn: &mut Conn, limit: i64) -> Result<Vec<Claimed>, diesel::result::Error> {
    crate::db::write_transaction(conn, |conn| {
        let now = now_millis();
        let due = outbox::table
            .filter(outbox::sent_at.is_null())
            .filter(outbox::kind.ne(DIGEST_PART))
            .filter(outbox::next_attempt_at.le(&now))
            .filter(outbox::claimed_until.is_null().or(outbox::claimed_until.lt(&now)))
            .order(outbox::id.asc())
            .limit(limit)
            .select(CLAIMED_COLUMNS);
        let rows: Vec<Claimed> = crate::on_backend!(conn,
            sqlite: |c| due.load(c),
            postgres: |c| due.for_update().skip_locked().load(c)
        )?;
        let lease = millis(Utc::now() + Duration::seconds(LEASE_SECONDS));
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        diesel::update(outbox::table.filter(outbox::id.eq_any(&ids)))
            .set((outbox::claimed_until.eq(&lease), outbox::attempts.eq(outbox::attempts + 1)))
            .execute(conn)?;
        Ok(rows)
    })
}

/// Releases the claims of a previous run of this server (stopped or killed while sending), so that they go
/// out now rather than when their lease ends. Only on SQLite, where one server sends for one database file:
/// on PostgreSQL another instance may be sending them right now, and an abandoned lease simply expires.
/// A message whose sending was cut short after the SMTP server had taken it may go out a second time (at
/// least once, never lost).
pub fn release_claims(conn: &mut Conn) -> Result<usize, diesel::result::Error> {
    if matches!(conn, Conn::Postgres(_)) {
        return Ok(0);
    }
    diesel::update(outbox::table.filter(outbox::sent_at.is_null()).filter(outbox::claimed_until.is_not_null()))
        .set(outbox::claimed_until.eq(None::<String>))
        .execute(conn)
}

/// Hands back rows this worker claimed but did not begin sending (it is stopping): they are due again at
/// once, for this or another instance, and the attempt they were counted is taken back.
pub fn release(conn: &mut Conn, ids: &[i64]) -> Result<usize, diesel::result::Error> {
    diesel::update(outbox::table.filter(outbox::id.eq_any(ids)).filter(outbox::sent_at.is_null()))
        .set((outbox::claimed_until.eq(None::<String>), outbox::attempts.eq(outbox::attempts - 1)))
        .execute(conn)
}

/// Deletes emails sent more than `days` days before `now` (what was sent is in the mail logs and mailboxes;
/// the outbox is a queue, not an archive). Digest parts go with their digest. Sent rows are not indexed (to
/// keep what a move costs small), so this reads the table: the worker runs it every [`PRUNE_EVERY_MINUTES`].
pub fn prune_sent(conn: &mut Conn, days: u32, now: DateTime<Utc>) -> Result<usize, diesel::result::Error> {
    let before = millis(now - Duration::days(days as i64));
    diesel::delete(outbox::table.filter(outbox::sent_at.is_not_null()).filter(outbox::sent_at.lt(&before)))
        .execute(conn)
}

/// Marks row `id` sent and drops its rendered text: what was sent is in the mailboxes; its Message-ID (and
/// a rendered email's recipient and subject, a notice's game, account and seq) stay until pruned.
pub fn mark_sent(conn: &mut Conn, id: i64) -> Result<(), diesel::result::Error> {
    // The mail worker writes beside the writer's batches: in the file's turn (see `db::write_turn`).
    crate::db::write_turn::holding(conn, |conn| {
        diesel::update(outbox::table.find(id))
            .set((
                outbox::message.eq(None::<String>),
                outbox::sent_at.eq(now_millis()),
                outbox::claimed_until.eq(None::<String>),
                outbox::last_error.eq(None::<String>),
            ))
            .execute(conn)
    })?;
    Ok(())
}

/// Closes row `id` without sending it (a notice whose recipient no longer wants game emails): done, and
/// pruned with the sent ones; `last_error` says why it was not sent.
pub fn mark_skipped(conn: &mut Conn, id: i64, reason: &str) -> Result<(), diesel::result::Error> {
    crate::db::write_turn::holding(conn, |conn| {
        diesel::update(outbox::table.find(id))
            .set((
                outbox::sent_at.eq(now_millis()),
                outbox::claimed_until.eq(None::<String>),
                outbox::last_error.eq(format!("not sent: {reason}")),
            ))
            .execute(conn)
    })?;
    Ok(())
}

/// The delay before attempt `attempts + 1`: base × 2^(attempts − 1), at most `max`.
pub fn backoff_ms(attempts: i32, base_ms: u64, max_ms: u64) -> u64 {
    let doublings = attempts.saturating_sub(1).clamp(0, 30) as u32;
    base_ms.saturating_mul(1u64 << doublings).min(max_ms)
}

/// Never retried: a permanent refusal. The row stays, with its error, for the operator to see.
pub const GAVE_UP: &str = "9999-12-31T23:59:59.999Z";

/// Attempts after which a message is given up even if each failure looked temporary.
pub const MAX_ATTEMPTS: i32 = 30;

pub fn mark_failed(conn: &mut Conn, id: i64, error: &str, delay_ms: u64) -> Result<(), diesel::result::Error> {
    let next = millis(Utc::now() + Duration::milliseconds(delay_ms as i64));
    retry_at(conn, id, error, &next)
}

pub fn give_up(conn: &mut Conn, id: i64, error: &str) -> Result<(), diesel::result::Error> {
    retry_at(conn, id, error, GAVE_UP)
}

/// Notes `error` on row `id` and makes it due again at `next` ([`GAVE_UP`]: never).
fn retry_at(conn: &mut Conn, id: i64, error: &str, next: &str) -> Result<(), diesel::result::Error> {
    crate::db::write_turn::holding(conn, |conn| {
        diesel::update(outbox::table.find(id))
            .set((
                outbox::last_error.eq(error),
                outbox::next_attempt_at.eq(next),
                outbox::claimed_until.eq(None::<String>),
            ))
            .execute(conn)
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::backoff_ms;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        assert_eq!(backoff_ms(1, 100, 10_000), 100);
        assert_eq!(backoff_ms(2, 100, 10_000), 200);
        assert_eq!(backoff_ms(4, 100, 10_000), 800);
        assert_eq!(backoff_ms(20, 100, 10_000), 10_000);
        assert_eq!(backoff_ms(i32::MAX, 100, 10_000), 10_000);
    }
}
