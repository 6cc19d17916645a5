//! The outbox: emails written in the same transaction as the change they tell of, sent later by the worker.
//! A row is claimed before sending (a lease, so a crashed sender's row is retried after it expires) and
//! marked sent after; a failure records the error and schedules the next attempt with exponential backoff.

use chrono::{Duration, Utc};
use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::outbox;
use crate::time::{millis, now_millis};

/// The kind of a turn email kept for a daily digest: never sent alone; the digest carries it.
pub const DIGEST_PART: &str = "digest_part";

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

/// A row claimed for sending.
#[derive(Clone, Debug, Queryable)]
pub struct Claimed {
    pub id: i64,
    pub sender: String,
    pub recipient: String,
    pub message: String,
    pub attempts: i32,
}

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
            .select((outbox::id, outbox::sender, outbox::recipient, outbox::message, outbox::attempts));
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

pub fn mark_sent(conn: &mut Conn, id: i64) -> Result<(), diesel::result::Error> {
    diesel::update(outbox::table.find(id))
        .set((
            outbox::sent_at.eq(now_millis()),
            outbox::claimed_until.eq(None::<String>),
            outbox::last_error.eq(None::<String>),
        ))
        .execute(conn)?;
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
    diesel::update(outbox::table.find(id))
        .set((outbox::last_error.eq(error), outbox::next_attempt_at.eq(next), outbox::claimed_until.eq(None::<String>)))
        .execute(conn)?;
    Ok(())
}

pub fn give_up(conn: &mut Conn, id: i64, error: &str) -> Result<(), diesel::result::Error> {
    diesel::update(outbox::table.find(id))
        .set((
            outbox::last_error.eq(error),
            outbox::next_attempt_at.eq(GAVE_UP),
            outbox::claimed_until.eq(None::<String>),
        ))
        .execute(conn)?;
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
