//! Vacations: a player declares when they are back; the deadlines of their pending decisions are pushed
//! back by the time away, and decisions asked while they are away are timed from their return.

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::{decision_deadlines, seats};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::prefs::{self, Vacation};
use crate::time::millis;

/// The longest vacation one declaration may set.
pub const MAX_VACATION_DAYS: i64 = 60;

fn parse(at: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(at).ok().map(|t| t.with_timezone(&Utc))
}

/// Whether `account` is away now, and until when.
pub fn away(conn: &mut Conn, mail: &MailContext, account: i64) -> ApiResult<Option<DateTime<Utc>>> {
    Ok(away_in(&prefs::of(conn, account)?, mail.clock.now()))
}

/// Until when the account whose preferences are `prefs` is away at `now`, if it is.
pub fn away_in(prefs: &prefs::Prefs, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    prefs.away_until.as_deref().and_then(parse).filter(|u| *u > now)
}

pub fn get(conn: &mut Conn, mail: &MailContext, account: i64) -> ApiResult<Vacation> {
    Ok(Vacation { until: away(conn, mail, account)?.map(millis) })
}

/// Declares (or ends, with `None`) a vacation. Pending deadlines move by the change in time away.
pub fn set(conn: &mut Conn, mail: &MailContext, account: i64, until: Option<&str>) -> ApiResult<Vacation> {
    let now = mail.clock.now();
    let new_until = match until {
        None => None,
        Some(text) => {
            let t = parse(text).ok_or_else(|| {
                ApiError::bad_request(
                    "bad_time",
                    format!("`{text}` is not an RFC 3339 time, e.g. 2026-12-01T00:00:00Z"),
                )
            })?;
            if t <= now || t > now + Duration::days(MAX_VACATION_DAYS) {
                return Err(ApiError::unprocessable(
                    "bad_vacation",
                    format!("a vacation ends in the future, at most {MAX_VACATION_DAYS} days from now"),
                ));
            }
            Some(t)
        }
    };
    crate::db::write_transaction(conn, |conn| {
        crate::db::lock_account(conn, account)?;
        let old_until = away(conn, mail, account)?.unwrap_or(now);
        let shift = new_until.unwrap_or(now) - old_until;
        if shift != Duration::zero() {
            let mine: Vec<(i64, i32)> = seats::table
                .filter(seats::account_id.eq(account))
                .filter(seats::kind.eq("player"))
                .select((seats::game_id, seats::seat))
                .load(conn)?;
            for (game, seat) in mine {
                let rows: Vec<(String, String, String)> = decision_deadlines::table
                    .filter(decision_deadlines::game_id.eq(game))
                    .filter(decision_deadlines::seat.eq(seat))
                    .select((decision_deadlines::decision, decision_deadlines::due_at, decision_deadlines::remind_at))
                    .load(conn)?;
                for (decision, due, remind) in rows {
                    let (Some(due), Some(remind)) = (parse(&due), parse(&remind)) else { continue };
                    diesel::update(decision_deadlines::table.find((game, &decision)))
                        .set((
                            decision_deadlines::due_at.eq(millis(due + shift)),
                            decision_deadlines::remind_at.eq(millis(remind + shift)),
                            decision_deadlines::reminded_at.eq(None::<String>),
                        ))
                        .execute(conn)?;
                }
            }
        }
        prefs::set_away_until(conn, account, new_until.map(millis).as_deref())?;
        Ok(Vacation { until: new_until.map(millis) })
    })
}
