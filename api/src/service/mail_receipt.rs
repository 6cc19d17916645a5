//! How a move that came in by email is recorded: what vouched for it, spent and stored beside its journal
//! entry in the move's own transaction, and the delivered message remembered so that a delivery of it again
//! is answered as it was the first time. Below both `service::inbound_moves`, which fills it in, and
//! `service::games`, which records it with the move.

use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::{inbound_messages, move_receipts, reply_tokens};
use crate::error::{ApiError, ApiResult};
use crate::time::now;

/// How a move came in by email and what vouched for it: spent and recorded in the move's transaction.
#[derive(Clone, Debug)]
pub struct MailReceipt {
    /// The seat it moves for.
    pub seat: u8,
    /// The message's key in `inbound_messages` (see `inbound_moves::message_key`), and when it was
    /// received: a delivery of it again is answered as applied.
    pub remembered_as: Option<(String, String)>,
    /// `email_reply` or `email_signed`.
    pub channel: &'static str,
    pub message_id: Option<String>,
    pub sender: Option<String>,
    /// The SHA-256 of the reply token used; single-use.
    pub token_hash: Option<String>,
    /// `reply_token+from`, `reply_token+from+dmarc` or `signature`.
    pub authenticated_by: String,
}

impl MailReceipt {
    /// Spends the reply token; a second use (a replay, or two racing replies) is refused.
    pub fn spend(&self, conn: &mut Conn) -> ApiResult<()> {
        let Some(hash) = &self.token_hash else { return Ok(()) };
        let n = diesel::update(reply_tokens::table.find(hash).filter(reply_tokens::used_at.is_null()))
            .set(reply_tokens::used_at.eq(now()))
            .execute(conn)?;
        if n == 1 {
            Ok(())
        } else {
            Err(ApiError::conflict("reply_used", "this email's reply reference was already used for a move"))
        }
    }

    /// Records the receipt of the journal entry `seq` of `game`.
    pub fn record(&self, conn: &mut Conn, game: i64, seq: u64) -> ApiResult<()> {
        diesel::insert_into(move_receipts::table)
            .values((
                move_receipts::game_id.eq(game),
                move_receipts::seq.eq(seq as i64),
                move_receipts::channel.eq(self.channel),
                move_receipts::message_id.eq(&self.message_id),
                move_receipts::sender.eq(&self.sender),
                move_receipts::token_hash.eq(&self.token_hash),
                move_receipts::authenticated_by.eq(&self.authenticated_by),
                move_receipts::received_at.eq(now()),
            ))
            .execute(conn)?;
        if let Some((key, at)) = &self.remembered_as {
            remember(conn, key, at, game, Some(self.seat), Some(seq), None)?;
        }
        Ok(())
    }
}

/// Remembers what became of a delivered message, by its key (`inbound_moves::message_key`): the seat and
/// entry it moved, or the code it was refused with.
pub(crate) fn remember(
    conn: &mut Conn,
    key: &str,
    at: &str,
    game: i64,
    seat: Option<u8>,
    seq: Option<u64>,
    code: Option<&str>,
) -> QueryResult<()> {
    let insert = diesel::insert_into(inbound_messages::table)
        .values((
            inbound_messages::key_hash.eq(key),
            inbound_messages::received_at.eq(at),
            inbound_messages::game_id.eq(game),
            inbound_messages::seat.eq(seat.map(i32::from)),
            inbound_messages::seq.eq(seq.map(|s| s as i64)),
            inbound_messages::code.eq(code),
        ))
        .on_conflict_do_nothing();
    // Two deliveries of one message at once: the first to finish is what it did.
    crate::on_backend!(conn, |c| insert.execute(c))?;
    Ok(())
}
