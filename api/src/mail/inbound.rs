//! Moves by email. A reply is authenticated by the single-use reply token of the turn email it answers
//! (in the reply address `play+TOKEN@domain` or the subject's `[ref:TOKEN]`), or by a signed move block
//! (a compact JWS from `tegami play --print-signed`) anywhere in the body. The move itself is the first
//! line of the reply that is not quoted; it is applied by the same code as a move sent to the REST API.

use diesel::prelude::*;
use mail_parser::{Address, MessageParser};
use shared::Viewer;
use shared::journal::Actor;

use crate::auth::token_hash;
use crate::db::Conn;
use crate::db::schema::{reply_tokens, signing_keys};
use crate::error::ApiError;
use crate::mail::MailContext;
use crate::service::games::{self, Answer, Loaded};
use crate::service::notify;

/// What became of a message that was understood.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum InboundOutcome {
    /// The move was applied; the player gets a confirmation email.
    Applied { game: i64, seat: u8, seq: u64 },
    /// The move changed nothing; the player gets an email saying why.
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

const TOKEN_LEN: usize = 32;

fn is_token(s: &str) -> bool {
    s.len() == TOKEN_LEN && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The token in `local+TOKEN@domain` when `local` is the reply address's local part.
fn token_in_address(address: &str, reply_local: &str) -> Option<String> {
    let (local, _) = address.trim().trim_matches(['<', '>']).rsplit_once('@')?;
    let (base, tag) = local.split_once('+')?;
    (base.eq_ignore_ascii_case(reply_local) && is_token(tag)).then(|| tag.to_ascii_lowercase())
}

/// The token in a subject's `[ref:TOKEN]`.
pub fn token_in_subject(subject: &str) -> Option<String> {
    let lower = subject.to_ascii_lowercase();
    let start = lower.find("[ref:")? + 5;
    let tag = lower.get(start..start + TOKEN_LEN)?;
    (is_token(tag) && lower[start + TOKEN_LEN..].starts_with(']')).then(|| tag.to_string())
}

/// A compact JWS (three base64url parts, the header starting `eyJ`) anywhere in `text`.
pub fn signed_block(text: &str) -> Option<String> {
    let mut rest = text;
    while let Some(i) = rest.find("eyJ") {
        let candidate: String =
            rest[i..].chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')).collect();
        let parts: Vec<&str> = candidate.split('.').collect();
        if parts.len() == 3 && parts.iter().all(|p| !p.is_empty()) {
            return Some(candidate);
        }
        rest = &rest[i + 3..];
    }
    None
}

/// A line that introduces quoted text: "On … wrote:", "… のメッセージ:", "-----Original Message-----", or a
/// Japanese client's "2026年11月22日 … <addr>:".
fn is_quote_header(line: &str) -> bool {
    let lower = line.to_lowercase();
    lower.ends_with("wrote:")
        || lower.contains("のメッセージ")
        || lower.ends_with("書きました:")
        || lower.ends_with("書きました：")
        || lower.ends_with(">:")
        || lower.ends_with(">：")
        || lower.starts_with("-----original message")
        || lower.starts_with("________________")
}

/// The first line of the reply that is not quoted, stopping at a signature ("-- ") or a quote header.
pub fn first_reply_line(body: &str) -> Option<String> {
    for line in body.lines() {
        let trimmed = line.trim().trim_start_matches('\u{feff}');
        if trimmed.is_empty() || trimmed.starts_with('>') || trimmed.starts_with('＞') {
            continue;
        }
        if line.trim_end_matches('\r') == "-- " || trimmed == "--" || is_quote_header(trimmed) {
            return None;
        }
        return Some(trimmed.to_string());
    }
    None
}

fn addresses(a: Option<&Address<'_>>) -> Vec<String> {
    a.map(|a| a.iter().filter_map(|x| x.address().map(str::to_string)).collect()).unwrap_or_default()
}

/// Handles one raw RFC 822 message.
pub fn handle(conn: &mut Conn, mail: &MailContext, raw: &[u8]) -> Result<InboundOutcome, InboundError> {
    let message = MessageParser::default()
        .parse(raw)
        .ok_or_else(|| InboundError::Unreadable("no RFC 822 message could be parsed".into()))?;
    if message.from().is_none() && message.subject().is_none() {
        return Err(InboundError::Unreadable("the message has neither From nor Subject".into()));
    }
    let body = message.body_text(0).map(|b| b.into_owned()).unwrap_or_default();
    let reply_local = mail.settings.reply_address.split('@').next().unwrap_or("play").to_string();
    let mut candidates = addresses(message.to());
    candidates.extend(addresses(message.cc()));
    for h in ["Delivered-To", "X-Original-To", "Envelope-To"] {
        if let Some(v) = message.header_raw(h) {
            candidates.push(v.trim().to_string());
        }
    }
    let token = candidates
        .iter()
        .find_map(|a| token_in_address(a, &reply_local))
        .or_else(|| message.subject().and_then(token_in_subject));
    if let Some(jws) = signed_block(&body) {
        return handle_signed(conn, mail, &jws);
    }
    match token {
        Some(token) => handle_token(conn, mail, &token, &body),
        None => Err(InboundError::Unknown),
    }
}

fn refuse(
    conn: &mut Conn,
    mail: &MailContext,
    game: i64,
    account: i64,
    decision: Option<&str>,
    error: ApiError,
) -> Result<InboundOutcome, InboundError> {
    if error.status.is_server_error() {
        return Err(temporary(error));
    }
    let loaded = games::load(conn, game).ok();
    notify::refusal(conn, mail, loaded.as_ref(), game, account, &error, decision).map_err(temporary)?;
    tracing::info!(game, account, code = error.code, detail = %error.detail, "email reply refused");
    Ok(InboundOutcome::Refused { game, code: error.code.to_string(), detail: error.detail })
}

fn handle_token(conn: &mut Conn, mail: &MailContext, token: &str, body: &str) -> Result<InboundOutcome, InboundError> {
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
    if used_at.is_some() {
        let e =
            ApiError::conflict("reply_used", "this turn email was already answered; each one carries one move, once");
        return refuse(conn, mail, game, account, None, e);
    }
    let loaded: Loaded = games::load(conn, game).map_err(temporary)?;
    let Some(pending) = loaded.game.pending().into_iter().find(|p| p.id == decision && p.seat == seat) else {
        let e = ApiError::conflict(
            "stale_decision",
            format!(
                "the decision this email asked about (`{decision}`) is no longer pending; answer the newest turn email"
            ),
        );
        return refuse(conn, mail, game, account, None, e);
    };
    let Some(text) = first_reply_line(body) else {
        let e = ApiError::bad_request("no_move", "the reply has no move: put your move alone on the first line");
        return refuse(conn, mail, game, account, Some(&decision), e);
    };
    let view = loaded.game.view(Viewer::Seat(seat));
    let action = match loaded.game.game().parse_action(&view, &pending, &text) {
        Ok(action) => action,
        Err(e) => {
            let e = ApiError::unprocessable("bad_notation", format!("`{text}` is not a move here: {e}"));
            return refuse(conn, mail, game, account, Some(&decision), e);
        }
    };
    let answer = Answer {
        seat: Some(seat),
        decision: decision.clone(),
        action,
        by: Actor::Mail,
        signature: None,
        reply_token: Some(hash),
        confirm_by_mail: true,
    };
    match games::answer(conn, mail, account, game, answer) {
        Ok(accepted) => {
            tracing::info!(game, seat, seq = accepted.seq, "move applied from an email reply");
            Ok(InboundOutcome::Applied { game, seat, seq: accepted.seq })
        }
        Err(e) => refuse(conn, mail, game, account, Some(&decision), e),
    }
}

fn handle_signed(conn: &mut Conn, mail: &MailContext, jws: &str) -> Result<InboundOutcome, InboundError> {
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
        reply_token: None,
        confirm_by_mail: true,
    };
    match games::answer(conn, mail, account, claims.game, answer) {
        Ok(accepted) if accepted.duplicate => {
            let e = ApiError::conflict("duplicate", "this signed move was already applied");
            refuse(conn, mail, claims.game, account, None, e)
        }
        Ok(accepted) => Ok(InboundOutcome::Applied { game: claims.game, seat: claims.seat, seq: accepted.seq }),
        Err(e) => refuse(conn, mail, claims.game, account, Some(&claims.decision), e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_is_the_first_unquoted_line() {
        assert_eq!(first_reply_line("\n  R5  \n\n> old\n").as_deref(), Some("R5"));
        assert_eq!(first_reply_line("> quoted\n> more\nL3\n").as_deref(), Some("L3"));
        assert_eq!(first_reply_line("On Sun, Nov 22, 2026 tegami <play@x.test> wrote:\n> R1\n"), None);
        assert_eq!(first_reply_line("2026年11月22日(日) 12:00 tegami <play@x.test>:\n> R1\n"), None);
        assert_eq!(first_reply_line("tegami のメッセージ:\n> R1\n"), None);
        assert_eq!(first_reply_line("-- \nAlice\n"), None);
        assert_eq!(first_reply_line("＞ 引用\nD2T\n").as_deref(), Some("D2T"));
    }

    #[test]
    fn tokens_are_found_in_the_address_or_the_subject() {
        let t = "0123456789abcdef0123456789abcdef";
        assert_eq!(token_in_address(&format!("play+{t}@tegami.test"), "play").as_deref(), Some(t));
        assert_eq!(token_in_address(&format!("<PLAY+{}@tegami.test>", t.to_uppercase()), "play").as_deref(), Some(t));
        assert_eq!(token_in_address(&format!("other+{t}@tegami.test"), "play"), None);
        assert_eq!(token_in_address("play+short@tegami.test", "play"), None);
        assert_eq!(
            token_in_subject(&format!("Re: [tegami] UOSAO #1 — your move (play) [ref:{t}]")).as_deref(),
            Some(t)
        );
        assert_eq!(token_in_subject("Re: no reference"), None);
    }

    #[test]
    fn signed_blocks_are_found_anywhere() {
        let body = "my move:\n\neyJhbGciOiJFZERTQSJ9.eyJnYW1lIjoxfQ.c2lnbmF0dXJl\n\n-- \nBob";
        assert_eq!(signed_block(body).as_deref(), Some("eyJhbGciOiJFZERTQSJ9.eyJnYW1lIjoxfQ.c2lnbmF0dXJl"));
        assert_eq!(signed_block("eyJ but no dots"), None);
    }
}
