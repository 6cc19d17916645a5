//! The deadline sweep, run by the worker on every tick: reminder emails for decisions due soon, and the
//! timeout of decisions whose deadline has passed. Each step is its own transaction and idempotent: a
//! reminder is marked sent in the transaction that queues it, and a timeout only applies to a decision that
//! is still pending.

use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::decision_deadlines;
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::service::{game_record, games, notify};
use crate::time::millis;

/// What one sweep did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub reminders: usize,
    pub timeouts: usize,
}

pub fn sweep(conn: &mut Conn, mail: &MailContext) -> ApiResult<Swept> {
    let now = millis(mail.clock.now());
    let mut swept = Swept::default();
    let to_remind: Vec<(i64, String, i32)> = decision_deadlines::table
        .filter(decision_deadlines::reminded_at.is_null())
        .filter(decision_deadlines::remind_at.le(&now))
        .filter(decision_deadlines::due_at.gt(&now))
        .select((decision_deadlines::game_id, decision_deadlines::decision, decision_deadlines::seat))
        .load(conn)?;
    for (game, decision, seat) in to_remind {
        let sent = crate::db::write_transaction(conn, |conn| -> ApiResult<bool> {
            let marked = diesel::update(
                decision_deadlines::table.find((game, &decision)).filter(decision_deadlines::reminded_at.is_null()),
            )
            .set(decision_deadlines::reminded_at.eq(&now))
            .execute(conn)?;
            if marked == 1 {
                let loaded = game_record::load(conn, game)?;
                notify::reminder(conn, mail, &loaded, seat as u8, &decision)?;
            }
            Ok(marked == 1)
        })?;
        swept.reminders += sent as usize;
    }
    let expired: Vec<(i64, String, i32)> = decision_deadlines::table
        .filter(decision_deadlines::due_at.le(&now))
        .order(decision_deadlines::due_at.asc())
        .select((decision_deadlines::game_id, decision_deadlines::decision, decision_deadlines::seat))
        .load(conn)?;
    for (game, decision, seat) in expired {
        if games::time_out(conn, mail, game, seat as u8, &decision)? {
            swept.timeouts += 1;
        }
    }
    Ok(swept)
}
