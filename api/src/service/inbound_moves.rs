//! Moves that arrive by email. A reply moves only for the player it was sent to: it must carry the reply
//! token of that player's turn email (or of a later tegami email about the same decision) and come from the
//! player's account address or another address the player added and proved (`service::mail_addresses`); with
//! `mail_require_dmarc` the receiving MTA must also have found the From domain DMARC-aligned. A signed move block proves itself, whoever sends it. Accepted moves are applied by
//! the same code as REST moves; how each arrived is recorded beside its journal entry (`move_receipts`).

use diesel::prelude::*;
use shared::Viewer;
use shared::api_types::MailAddressStatus;
use shared::journal::Actor;

use crate::auth::token_hash;
use crate::db::Conn;
use crate::db::schema::{accounts, move_receipts, reply_tokens, signing_keys};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::inbound::{self, Dmarc, ReadingRules, Reply};
use crate::service::games::{self, Answer, Loaded};
use crate::service::{mail_addresses, notify};
use crate::time::now;

/// What became of a message that was understood.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum InboundOutcome {
    /// The move was applied; the player gets a confirmation email.
    Applied { game: i64, seat: u8, seq: u64 },
    /// The move changed nothing; the player (at their account's address) gets an email saying why.
    Refused { game: i64, code: String, detail: String },
}

#[derive(Debug, thiserror::Error)]
pub enum InboundError {
    #[error("not a readable email: {0}")]
    Unreadable(String),
    /// No reply token or signed move that this server issued or knows: nobody is mailed back.
    #[error("the message carries no known reply reference or signed move")]
    Unknown,
    #[error("temporary failure, try again later: {0}")]
    Temporary(String),
}

impl InboundError {
    /// The sysexits code `tegami-server mail-in` exits with (what an MTA pipe understands).
    pub fn exit_code(&self) -> u8 {
        match self {
            InboundError::Unreadable(_) => 65, // EX_DATAERR
            InboundError::Unknown => 67,       // EX_NOUSER
            InboundError::Temporary(_) => 75,  // EX_TEMPFAIL
        }
    }
}

fn temporary(e: impl std::fmt::Display) -> InboundError {
    InboundError::Temporary(e.to_string())
}

/// How a move came in by email and what vouched for it: spent and recorded in the move's transaction.
#[derive(Clone, Debug)]
pub struct MailReceipt {
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
        Ok(())
    }
}

/// Handles one raw RFC 822 message.
pub fn handle(conn: &mut Conn, mail: &MailContext, raw: &[u8]) -> Result<InboundOutcome, InboundError> {
    let reply_local = mail.settings.reply_address.split('@').next().unwrap_or("play").to_string();
    let rules = ReadingRules {
        reply_local: &reply_local,
        domain: mail.domain(),
        authserv_id: mail.settings.authserv_id.as_deref(),
    };
    let reply = inbound::parse(raw, &rules).map_err(|e| InboundError::Unreadable(e.0))?;
    if let Some(jws) = reply.signed.clone() {
        return handle_signed(conn, mail, &reply, &jws);
    }
    match reply.token.clone() {
        Some(token) => handle_token(conn, mail, &reply, &token),
        None => Err(InboundError::Unknown),
    }
}

fn refuse(
    conn: &mut Conn,
    mail: &MailContext,
    game: i64,
    account: i64,
    error: ApiError,
) -> Result<InboundOutcome, InboundError> {
    if error.status.is_server_error() {
        return Err(temporary(error));
    }
    let loaded = games::load(conn, game).ok();
    notify::refusal(conn, mail, loaded.as_ref(), game, account, &error).map_err(temporary)?;
    tracing::info!(game, account, code = error.code, detail = %error.detail, "email reply refused");
    Ok(InboundOutcome::Refused { game, code: error.code.to_string(), detail: error.detail })
}

/// `error` with its reason in Japanese too.
fn in_japanese(mut error: ApiError, ja: String) -> ApiError {
    error.detail_ja = Some(ja);
    error
}

fn domain_of(address: &str) -> &str {
    address.rsplit_once('@').map(|(_, d)| d).unwrap_or("")
}

/// Checks that the reply comes from the player's address or a proved added one (`added`: what the From
/// address is among the player's added addresses), and, when the settings ask, that DMARC vouches for it;
/// returns what authenticated it.
fn check_sender(
    mail: &MailContext,
    reply: &Reply,
    account_email: &str,
    added: Option<MailAddressStatus>,
) -> ApiResult<String> {
    let from = reply.from.as_deref().unwrap_or("");
    let own = from.eq_ignore_ascii_case(account_email.trim());
    if !own && added == Some(MailAddressStatus::Pending) {
        return Err(in_japanese(
            ApiError::forbidden(
                "unproved_sender",
                format!(
                    "a reply to your turn email came from `{from}`, an address you added but have not proved yet: \
                 open the link emailed to `{from}` first, or reply from your address `{account_email}`"
                ),
            ),
            format!(
                "あなたの手番メールへの返信が、追加したもののまだ確認していないアドレス `{from}` から届きました。\
                 先に `{from}` 宛てに送られたリンクを開くか、あなたのアドレス `{account_email}` から返信してください。"
            ),
        ));
    }
    if !own && added != Some(MailAddressStatus::Proved) {
        let shown = if from.is_empty() { "(no From address)".to_string() } else { format!("`{from}`") };
        return Err(in_japanese(
            ApiError::forbidden(
                "wrong_sender",
                format!(
                    "a reply to your turn email came from {shown}, not from your address `{account_email}`: \
                 only replies sent from your own address (or another address you added and proved, see \
                 `tegami mail-address add`) move for you"
                ),
            ),
            format!(
                "あなたの手番メールへの返信が、あなたのアドレス `{account_email}` ではなく {shown} から届きました。\
                 あなた自身のアドレス（または追加して確認済みのアドレス）から送られた返信だけが手として使われます。"
            ),
        ));
    }
    if !mail.settings.require_dmarc {
        return Ok("reply_token+from".into());
    }
    match &reply.dmarc {
        Dmarc::Pass { domain } if domain.as_deref().is_none_or(|d| d.eq_ignore_ascii_case(domain_of(from))) => {
            Ok("reply_token+from+dmarc".into())
        }
        other => {
            let verdict = match other {
                Dmarc::NotPass(result) => format!("dmarc={result}"),
                Dmarc::Pass { domain } => format!("dmarc=pass for `{}`", domain.as_deref().unwrap_or("")),
                Dmarc::Unknown => "no DMARC result".to_string(),
            };
            Err(in_japanese(
                ApiError::forbidden(
                    "dmarc_failed",
                    format!(
                        "your reply could not be proved to come from `{from}` (the receiving mail server reports \
                     {verdict}); send it from your own mail account, whose domain passes DMARC"
                    ),
                ),
                format!(
                    "返信が `{from}` から送られたことを確認できませんでした（受信サーバーの判定: {verdict}）。\
                     DMARCに合格するあなた自身のメールアカウントから送ってください。"
                ),
            ))
        }
    }
}

fn handle_token(
    conn: &mut Conn,
    mail: &MailContext,
    reply: &Reply,
    token: &str,
) -> Result<InboundOutcome, InboundError> {
    let hash = token_hash(token);
    let row: Option<(i64, i64, i32, String, Option<String>)> = reply_tokens::table
        .find(&hash)
        .select((
            reply_tokens::game_id,
            reply_tokens::account_id,
            reply_tokens::seat,
            reply_tokens::decision,
            reply_tokens::used_at,
        ))
        .first(conn)
        .optional()
        .map_err(temporary)?;
    let Some((game, account, seat, decision, used_at)) = row else {
        return Err(InboundError::Unknown);
    };
    let seat = seat as u8;
    let account_email: String = accounts::table.find(account).select(accounts::email).first(conn).map_err(temporary)?;
    // Looked up on every reply: an address removed a moment ago no longer answers.
    let added = match reply.from.as_deref() {
        Some(from) if !from.eq_ignore_ascii_case(account_email.trim()) => {
            mail_addresses::status_of(conn, account, from).map_err(temporary)?
        }
        _ => None,
    };
    let authenticated_by = match check_sender(mail, reply, &account_email, added) {
        Ok(how) => how,
        Err(e) => {
            tracing::warn!(game, account, from = ?reply.from, code = e.code, "email reply from someone else refused");
            return refuse(conn, mail, game, account, e);
        }
    };
    if used_at.is_some() {
        let e = ApiError::conflict(
            "reply_used",
            "this email was already answered: each tegami email carries one move, once",
        );
        return refuse(conn, mail, game, account, e);
    }
    let loaded: Loaded = games::load(conn, game).map_err(temporary)?;
    let Some(pending) = loaded.game.pending().into_iter().find(|p| p.id == decision && p.seat == seat) else {
        let e = ApiError::conflict(
            "stale_decision",
            format!("the decision this email asked about (`{decision}`) is no longer pending"),
        );
        return refuse(conn, mail, game, account, e);
    };
    let Some(text) = reply.first_line.clone() else {
        let e = ApiError::bad_request("no_move", "the reply has no move: put your move alone on the first line");
        return refuse(conn, mail, game, account, e);
    };
    let view = loaded.game.view(Viewer::Seat(seat));
    let action = match loaded.game.game().parse_action(&view, &pending, &text) {
        Ok(action) => action,
        Err(e) => {
            let mut err = ApiError::unprocessable("bad_notation", format!("`{text}` is not a move here: {e}"));
            if let shared::registry::ParseActionError::Notation(n) = &e {
                err.detail_ja = Some(format!("`{text}` はここでは手として読めません: {}", n.0.ja));
            }
            return refuse(conn, mail, game, account, err);
        }
    };
    let answer = Answer {
        seat: Some(seat),
        decision: decision.clone(),
        action,
        by: Actor::Mail,
        signature: None,
        receipt: Some(MailReceipt {
            channel: "email_reply",
            message_id: reply.message_id.clone(),
            sender: reply.from.clone(),
            token_hash: Some(hash),
            authenticated_by,
        }),
        confirm_by_mail: true,
    };
    match games::answer(conn, mail, account, game, answer) {
        Ok(accepted) => {
            tracing::info!(game, seat, seq = accepted.seq, "move applied from an email reply");
            Ok(InboundOutcome::Applied { game, seat, seq: accepted.seq })
        }
        Err(e) => refuse(conn, mail, game, account, e),
    }
}

fn handle_signed(
    conn: &mut Conn,
    mail: &MailContext,
    reply: &Reply,
    jws: &str,
) -> Result<InboundOutcome, InboundError> {
    let Ok((kid, claims)) = shared::signing::peek(jws) else {
        return Err(InboundError::Unknown);
    };
    let owner: Option<i64> =
        signing_keys::table.find(&kid).select(signing_keys::account_id).first(conn).optional().map_err(temporary)?;
    let Some(account) = owner else {
        return Err(InboundError::Unknown);
    };
    // A block that does not verify proves nothing about who sent it: nobody is mailed back.
    if let Err(e) = games::verify_signed(conn, account, claims.game, jws) {
        if e.status.is_server_error() {
            return Err(temporary(e));
        }
        tracing::info!(kid, code = e.code, "signed move by email refused without reply");
        return Err(InboundError::Unknown);
    }
    let answer = Answer {
        seat: Some(claims.seat),
        decision: claims.decision.clone(),
        action: claims.action.clone(),
        by: Actor::Player,
        signature: Some(jws.to_string()),
        receipt: Some(MailReceipt {
            channel: "email_signed",
            message_id: reply.message_id.clone(),
            sender: reply.from.clone(),
            token_hash: None,
            authenticated_by: "signature".into(),
        }),
        confirm_by_mail: true,
    };
    match games::answer(conn, mail, account, claims.game, answer) {
        Ok(accepted) if accepted.duplicate => {
            let e = ApiError::conflict("duplicate", "this signed move was already applied");
            refuse(conn, mail, claims.game, account, e)
        }
        Ok(accepted) => Ok(InboundOutcome::Applied { game: claims.game, seat: claims.seat, seq: accepted.seq }),
        Err(e) => refuse(conn, mail, claims.game, account, e),
    }
}
