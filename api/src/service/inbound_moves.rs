//! Moves that arrive by email. A reply moves only for the player it was sent to: it must carry the reply
//! token of that player's turn email (or of a later tegami email about the same decision) and come from the
//! player's account address or another address the player added and proved (`service::mail_addresses`); with
//! `mail_require_dmarc` the receiving MTA must also have found the From domain DMARC-aligned. A signed move block proves itself, whoever sends it. Accepted moves are applied by
//! the same code as REST moves; how each arrived is recorded beside its journal entry (`move_receipts`).
//!
//! Never a loop, never a flood: a message sent by a machine (an out-of-office reply, a bounce, a list) is
//! not read and never answered; the emails refusing moves are limited per address and per game
//! (`mail_refusals_per_hour`, `mail_refusals_per_game_per_hour`), past which refusals are not mailed; and a
//! message delivered again (same Message-ID, sender and reference) is answered as it was the first time,
//! without a second move or a second email (`inbound_messages`).

use std::collections::HashMap;

use diesel::prelude::*;
use shared::Viewer;
use shared::api_types::MailAddressStatus;
use shared::journal::Actor;

use crate::db::Conn;
use crate::db::schema::{accounts, inbound_messages, reply_tokens, signing_keys};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::inbound::{self, Dmarc, ReadingRules, Reply};
use crate::secrets::token_hash;
use crate::service::game_record::{self, Loaded};
use crate::service::games::{self, Answer};
use crate::service::mail_receipt::{MailReceipt, remember};
use crate::service::{mail_addresses, notify, resign_by_email};

/// What became of a message that was understood.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum InboundOutcome {
    /// The move was applied; the player gets a confirmation email. `repeated`: this message was delivered
    /// before and its move applied then; nothing was done again.
    Applied { game: i64, seat: u8, seq: u64, repeated: bool },
    /// The move changed nothing; the player (at their account's address) gets an email saying why, unless
    /// `mailed` is false: the address had its share of refusals this hour, or (`repeated`) this message was
    /// delivered and answered before.
    Refused { game: i64, code: String, detail: String, mailed: bool, repeated: bool },
    /// Sent by a machine (`Auto-Submitted`, `Precedence: bulk`, a bounce, a mailing list): not read, and
    /// never answered (`code`: `automatic`).
    Ignored { code: String, detail: String },
    /// The reply was only text, written at the game's table as message `message` (table talk).
    /// `repeated`: this message was delivered before and written then.
    Message { game: i64, seat: u8, message: i64, repeated: bool },
    /// The answer was `resign`: nothing changed; the player gets an email asking to confirm it.
    ResignAsked { game: i64, seat: u8 },
    /// The answer `resign` to the email asking to confirm it: the player resigned (journal entry `seq`).
    Resigned { game: i64, seat: u8, seq: u64 },
}

/// The code a reply written as a message is remembered by (its `seq` column holds the message's id).
const REMEMBERED_AS_MESSAGE: &str = "talk_message";
/// The codes a reply answered `resign` is remembered by: confirmation asked, or resigned (`seq`: its entry).
const REMEMBERED_AS_RESIGN_ASKED: &str = "resign_asked";
const REMEMBERED_AS_RESIGNED: &str = "resigned";

/// How long a handled message is remembered (longer than an MTA retries one: 5 days for most).
pub const REMEMBERED_DAYS: i64 = 14;

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

/// The key a message is remembered by: the SHA-256 of its Message-ID, its authors and sender, what it
/// answers and its DMARC verdict (a message without a Message-ID is not remembered).
fn message_key(reply: &Reply) -> Option<String> {
    let id = reply.message_id.as_deref()?;
    let reference = reply.token.as_deref().or(reply.signed.as_deref()).unwrap_or("");
    let thread = reply.thread.map(|(g, a)| format!("{g}.{a}")).unwrap_or_default();
    // The receiving MTA's verdict too: a message refused as not DMARC-aligned and delivered again once
    // the MTA vouches for it is judged again.
    Some(token_hash(&format!(
        "{id}\n{}\n{}\n{reference}\n{thread}\n{:?}",
        reply.from_all.join(","),
        reply.sender.as_deref().unwrap_or(""),
        reply.dmarc
    )))
}

/// A remembered message: its game, and the seat and entry it moved, or the code it was refused with.
type RememberedRow = (i64, Option<i32>, Option<i64>, Option<String>);

/// What became of this message when it was delivered before (and is still remembered), if it was.
fn remembered(conn: &mut Conn, mail: &MailContext, key: &str) -> QueryResult<Option<InboundOutcome>> {
    let row: Option<RememberedRow> = inbound_messages::table
        .find(key)
        .filter(inbound_messages::received_at.ge(remembered_since(mail)))
        .select((inbound_messages::game_id, inbound_messages::seat, inbound_messages::seq, inbound_messages::code))
        .first(conn)
        .optional()?;
    Ok(row.map(|(game, seat, seq, code)| match code {
        Some(code) if code == REMEMBERED_AS_RESIGN_ASKED => {
            InboundOutcome::ResignAsked { game, seat: seat.unwrap_or_default() as u8 }
        }
        Some(code) if code == REMEMBERED_AS_RESIGNED => {
            InboundOutcome::Resigned { game, seat: seat.unwrap_or_default() as u8, seq: seq.unwrap_or_default() as u64 }
        }
        Some(code) if code == REMEMBERED_AS_MESSAGE => InboundOutcome::Message {
            game,
            seat: seat.unwrap_or_default() as u8,
            message: seq.unwrap_or_default(),
            repeated: true,
        },
        None => InboundOutcome::Applied {
            game,
            seat: seat.unwrap_or_default() as u8,
            seq: seq.unwrap_or_default() as u64,
            repeated: true,
        },
        Some(code) => InboundOutcome::Refused {
            game,
            detail: format!("this message was delivered before and refused then (`{code}`); it is not answered twice"),
            code,
            mailed: false,
            repeated: true,
        },
    }))
}

fn remembered_since(mail: &MailContext) -> String {
    crate::time::millis(mail.clock.now() - chrono::Duration::days(REMEMBERED_DAYS))
}

/// Forgets the messages handled more than [`REMEMBERED_DAYS`] ago.
fn forget_old(conn: &mut Conn, mail: &MailContext) -> QueryResult<usize> {
    diesel::delete(inbound_messages::table.filter(inbound_messages::received_at.lt(remembered_since(mail))))
        .execute(conn)
}

/// One message being handled: what it is known by.
struct Delivery<'a> {
    reply: &'a Reply,
    key: Option<String>,
    received_at: String,
}

impl Delivery<'_> {
    fn remembered_as(&self) -> Option<(String, String)> {
        self.key.clone().map(|k| (k, self.received_at.clone()))
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
    if let Some(why) = &reply.automatic {
        // Answering a machine is how mail loops start: an out-of-office reply to a refusal would draw a
        // refusal, and that another reply.
        tracing::info!(from = ?reply.from, why, "automatic message ignored: never answered");
        return Ok(InboundOutcome::Ignored {
            code: "automatic".into(),
            detail: format!("an automatic message ({why}) is neither read nor answered"),
        });
    }
    let delivery =
        Delivery { reply: &reply, key: message_key(&reply), received_at: crate::time::millis(mail.clock.now()) };
    if let Some(key) = &delivery.key
        && let Some(before) = remembered(conn, mail, key).map_err(temporary)?
    {
        tracing::info!(message_id = ?reply.message_id, "message delivered again: answered as the first time");
        return Ok(before);
    }
    if let Some(jws) = reply.signed.clone() {
        return handle_signed(conn, mail, &delivery, &jws);
    }
    match (reply.token.clone(), reply.thread) {
        (Some(token), _) => handle_token(conn, mail, &delivery, &token),
        (None, Some((game, account))) => handle_thread(conn, mail, &delivery, game, account),
        (None, None) => Err(InboundError::Unknown),
    }
}

/// Whether one more refusal may be mailed to `address` about `game` this hour. The game's count comes
/// first, so that refusals held back by it do not use up the address's share for other games.
fn refusal_allowed(conn: &mut Conn, mail: &MailContext, address: &str, game: i64) -> QueryResult<bool> {
    let who = token_hash(&address.trim().to_lowercase());
    let now = mail.clock.now().timestamp();
    let limit = |n: u32| i64::from(n);
    Ok(crate::throttle::within(
        conn,
        &format!("refusal:{who}:{game}"),
        limit(mail.settings.refusals_per_game_per_hour),
        3600,
        now,
    )? && crate::throttle::within(
        conn,
        &format!("refusal:{who}"),
        limit(mail.settings.refusals_per_hour),
        3600,
        now,
    )?)
}

fn refuse(
    conn: &mut Conn,
    mail: &MailContext,
    delivery: &Delivery<'_>,
    game: i64,
    account: i64,
    error: ApiError,
) -> Result<InboundOutcome, InboundError> {
    if error.status.is_server_error() {
        return Err(temporary(error));
    }
    // The same message delivered twice at once: the second finds the token spent by the first.
    if let Some(key) = &delivery.key
        && let Some(before) = remembered(conn, mail, key).map_err(temporary)?
    {
        return Ok(before);
    }
    let loaded = game_record::load(conn, game).ok();
    let mailed = crate::db::write_transaction(conn, |conn| -> ApiResult<bool> {
        let address: String = accounts::table.find(account).select(accounts::email).first(conn)?;
        let mailed = refusal_allowed(conn, mail, &address, game)?;
        if mailed {
            notify::refusal(conn, mail, loaded.as_ref(), game, account, &error)?;
        } else {
            tracing::info!(game, account, code = error.code, "refusal not mailed: the address had its share this hour");
        }
        if let Some(key) = &delivery.key {
            forget_old(conn, mail)?;
            remember(conn, key, &delivery.received_at, game, None, None, Some(error.code))?;
        }
        Ok(mailed)
    })
    .map_err(temporary)?;
    tracing::info!(game, account, code = error.code, detail = %error.detail, mailed, "email reply refused");
    Ok(InboundOutcome::Refused { game, code: error.code.to_string(), detail: error.detail, mailed, repeated: false })
}

/// `error` with its reason in Japanese too.
fn domain_of(address: &str) -> &str {
    address.rsplit_once('@').map(|(_, d)| d).unwrap_or("")
}

/// What an address is to the account a reply is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// The account's own address.
    Own,
    /// An address the player added and proved.
    Proved,
    /// Added, not proved yet.
    Pending,
    Stranger,
}

impl Standing {
    fn trusted(self) -> bool {
        matches!(self, Standing::Own | Standing::Proved)
    }
}

/// The standing of every address the reply names (its authors and its sender). Looked up on every reply:
/// an address removed a moment ago no longer answers.
fn standings(
    conn: &mut Conn,
    reply: &Reply,
    account: i64,
    account_email: &str,
) -> ApiResult<HashMap<String, Standing>> {
    let mut out = HashMap::new();
    for address in reply.from_all.iter().chain(reply.sender.iter()) {
        if out.contains_key(address) {
            continue;
        }
        let standing = if address.eq_ignore_ascii_case(account_email.trim()) {
            Standing::Own
        } else {
            match mail_addresses::status_of(conn, account, address)? {
                Some(MailAddressStatus::Proved) => Standing::Proved,
                Some(MailAddressStatus::Pending) => Standing::Pending,
                None => Standing::Stranger,
            }
        };
        out.insert(address.clone(), standing);
    }
    Ok(out)
}

/// Checks that the reply comes from the player's address or a proved added one: the address it is judged
/// by (its `Sender`, or its one `From`) and, when a `Sender` sent it on behalf of its authors, one of those
/// too; and, when the settings ask, that DMARC vouches for that author. Returns what authenticated it.
fn check_sender(
    mail: &MailContext,
    reply: &Reply,
    account_email: &str,
    standings: &HashMap<String, Standing>,
) -> ApiResult<String> {
    let standing = |a: &str| standings.get(a).copied().unwrap_or(Standing::Stranger);
    let Some(from) = reply.from.as_deref() else {
        if reply.from_all.len() > 1 {
            let authors = reply.from_all.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ");
            return Err(ApiError::forbidden("ambiguous_sender", "")
                .described(catalog::both!("problem-ambiguous-sender", authors = &authors)));
        }
        return Err(wrong_sender(None, account_email));
    };
    match standing(from) {
        Standing::Pending => {
            return Err(ApiError::forbidden("unproved_sender", "").described(catalog::both!(
                "problem-unproved-sender",
                from = from,
                account = account_email
            )));
        }
        Standing::Stranger => return Err(wrong_sender(Some(from), account_email)),
        Standing::Own | Standing::Proved => {}
    }
    // The author DMARC speaks for: the one From address, or the trusted one among several.
    let Some(author) = reply.from_all.iter().find(|a| standing(a).trusted()) else {
        let authors = reply.from_all.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ");
        return Err(ApiError::forbidden("wrong_sender", "").described_by(|lang| {
            let authors = if authors.is_empty() { catalog::t!(lang, "problem-nobody") } else { authors.clone() };
            catalog::t!(lang, "problem-sender-on-behalf", from = from, authors = authors, account = account_email)
        }));
    };
    if !mail.settings.require_dmarc {
        return Ok("reply_token+from".into());
    }
    match &reply.dmarc {
        Dmarc::Pass { domain } if domain.as_deref().is_none_or(|d| d.eq_ignore_ascii_case(domain_of(author))) => {
            Ok("reply_token+from+dmarc".into())
        }
        other => {
            let verdict = match other {
                Dmarc::NotPass(result) => format!("dmarc={result}"),
                Dmarc::Pass { domain } => format!("dmarc=pass for `{}`", domain.as_deref().unwrap_or("")),
                Dmarc::Unknown => "no DMARC result".to_string(),
            };
            Err(ApiError::forbidden("dmarc_failed", "").described(catalog::both!(
                "problem-dmarc-failed",
                author = author.as_str(),
                verdict = verdict
            )))
        }
    }
}

/// The refusal of a reply from `from` (`None`: the reply named no sender), not from the player's address.
fn wrong_sender(from: Option<&str>, account_email: &str) -> ApiError {
    ApiError::forbidden("wrong_sender", "").described_by(|lang| {
        let shown = match from {
            Some(from) => format!("`{from}`"),
            None => catalog::t!(lang, "problem-no-from-address"),
        };
        catalog::t!(lang, "problem-wrong-sender", shown = shown, account = account_email)
    })
}

fn handle_token(
    conn: &mut Conn,
    mail: &MailContext,
    delivery: &Delivery<'_>,
    token: &str,
) -> Result<InboundOutcome, InboundError> {
    let reply = delivery.reply;
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
    let standings = standings(conn, reply, account, &account_email).map_err(temporary)?;
    let authenticated_by = match check_sender(mail, reply, &account_email, &standings) {
        Ok(how) => how,
        Err(e) => {
            tracing::warn!(game, account, from = ?reply.from, code = e.code, "email reply from someone else refused");
            return refuse(conn, mail, delivery, game, account, e);
        }
    };
    // Words that are no move, in several lines, are a message whatever became of the decision asked.
    let talk = reply.own_text.as_deref().is_some_and(crate::service::talk::email::is_talk);
    let resign_word = reply.first_line.as_deref().is_some_and(resign_by_email::is_resign_word);
    if decision == notify::RESIGN_DECISION {
        return confirm_resign(
            conn,
            mail,
            delivery,
            (game, account, seat),
            &hash,
            used_at.is_some(),
            resign_word,
            talk,
        );
    }
    if resign_word {
        // One word never resigns: the player is asked to confirm it by a second act of their own.
        let loaded: Loaded = game_record::load(conn, game).map_err(temporary)?;
        if loaded.row.status != "active" {
            let e =
                ApiError::conflict("nothing_asked", "").described(catalog::both!("problem-nothing-asked-game-over"));
            return refuse(conn, mail, delivery, game, account, e);
        }
        notify::resign_confirmation(conn, mail, &loaded, account, seat).map_err(temporary)?;
        if let Some(key) = &delivery.key {
            remember(conn, key, &delivery.received_at, game, Some(seat), None, Some(REMEMBERED_AS_RESIGN_ASKED))
                .map_err(temporary)?;
        }
        tracing::info!(game, seat, "resign answered by email: confirmation asked");
        return Ok(InboundOutcome::ResignAsked { game, seat });
    }
    if used_at.is_some() {
        if talk {
            return talk_only(conn, mail, delivery, game, account, seat);
        }
        let e = ApiError::conflict(
            "reply_used",
            "this email was already answered: each tegami email carries one move, once",
        );
        return refuse(conn, mail, delivery, game, account, e);
    }
    let loaded: Loaded = game_record::load(conn, game).map_err(temporary)?;
    let Some(pending) = loaded.game.pending().into_iter().find(|p| p.id == decision && p.seat == seat) else {
        if talk {
            return talk_only(conn, mail, delivery, game, account, seat);
        }
        let e = ApiError::conflict(
            "stale_decision",
            format!("the decision this email asked about (`{decision}`) is no longer pending"),
        );
        return refuse(conn, mail, delivery, game, account, e);
    };
    let Some(text) = reply.first_line.clone() else {
        let e = ApiError::bad_request("no_move", "the reply has no move: put your move alone on the first line");
        return refuse(conn, mail, delivery, game, account, e);
    };
    let view = loaded.game.view(Viewer::Seat(seat));
    let action = match loaded.game.game().parse_action(&view, &pending, &text) {
        Ok(action) => action,
        Err(_) if talk => {
            return talk_only(conn, mail, delivery, game, account, seat);
        }
        Err(e) => {
            let err = ApiError::unprocessable("bad_notation", "").described_by(|lang| {
                let why = match &e {
                    shared::registry::ParseActionError::Notation(n) => n.0.get(lang).to_string(),
                    other => other.to_string(),
                };
                catalog::t!(lang, "problem-not-a-move-here", text = text.as_str(), why = why)
            });
            return refuse(conn, mail, delivery, game, account, err);
        }
    };
    let answer = Answer {
        seat: Some(seat),
        decision: decision.clone(),
        action,
        by: Actor::Mail,
        signature: None,
        receipt: Some(MailReceipt {
            seat,
            remembered_as: delivery.remembered_as(),
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
            talk_after_move(conn, mail, reply, game, account);
            Ok(InboundOutcome::Applied { game, seat, seq: accepted.seq, repeated: false })
        }
        Err(e) => refuse(conn, mail, delivery, game, account, e),
    }
}

/// A reply to the email asking to confirm resigning: `resign` again resigns; several lines of other words
/// are a message; anything else is refused (nothing changes).
#[allow(clippy::too_many_arguments)]
fn confirm_resign(
    conn: &mut Conn,
    mail: &MailContext,
    delivery: &Delivery<'_>,
    (game, account, seat): (i64, i64, u8),
    hash: &str,
    used: bool,
    resign_word: bool,
    talk: bool,
) -> Result<InboundOutcome, InboundError> {
    if !resign_word {
        if talk {
            return talk_only(conn, mail, delivery, game, account, seat);
        }
        return refuse(conn, mail, delivery, game, account, resign_by_email::not_confirmed());
    }
    if used {
        let e = ApiError::conflict(
            "reply_used",
            "this email was already answered: each tegami email carries one move, once",
        );
        return refuse(conn, mail, delivery, game, account, e);
    }
    match resign_by_email::confirm(conn, mail, hash) {
        Ok(Some((_, seq))) => {
            if let Some(key) = &delivery.key {
                remember(conn, key, &delivery.received_at, game, Some(seat), Some(seq), Some(REMEMBERED_AS_RESIGNED))
                    .map_err(temporary)?;
            }
            Ok(InboundOutcome::Resigned { game, seat, seq })
        }
        Ok(None) => Err(InboundError::Unknown),
        Err(e) if e.status.is_server_error() => Err(temporary(e)),
        Err(e) => refuse(conn, mail, delivery, game, account, e),
    }
}

/// A reply without a reply token to an email of a game's thread (a confirmation after which nothing is
/// asked of the player, a result, the game-start email): it can move nothing, since a thread's Message-ID
/// is no secret, but the player who wrote it is told why and, if a move is asked of them, given a reply
/// address for it. Anyone else gets nothing.
fn handle_thread(
    conn: &mut Conn,
    mail: &MailContext,
    delivery: &Delivery<'_>,
    game: i64,
    account: i64,
) -> Result<InboundOutcome, InboundError> {
    let reply = delivery.reply;
    let account_email: Option<String> =
        accounts::table.find(account).select(accounts::email).first(conn).optional().map_err(temporary)?;
    let Some(account_email) = account_email else {
        return Err(InboundError::Unknown);
    };
    let standings = standings(conn, reply, account, &account_email).map_err(temporary)?;
    if check_sender(mail, reply, &account_email, &standings).is_err() {
        tracing::info!(game, from = ?reply.from, "reply to a game thread from someone else dropped");
        return Err(InboundError::Unknown);
    }
    let loaded = match game_record::load(conn, game) {
        Ok(loaded) => loaded,
        Err(e) if e.status.is_server_error() => return Err(temporary(e)),
        Err(_) => return Err(InboundError::Unknown),
    };
    let Some(seat) = loaded.seat_of(Some(account)) else {
        return Err(InboundError::Unknown);
    };
    let pending = loaded.row.status == "active" && loaded.game.pending().iter().any(|p| p.seat == seat);
    // A reply to an email that asks nothing is said at the table, unless it is a move of a decision asked of
    // the player now (sent to the wrong email: answered with a reply address for it, below).
    let reads_as_move = |text: &str| {
        let view = loaded.game.view(Viewer::Seat(seat));
        loaded
            .game
            .pending()
            .iter()
            .filter(|p| p.seat == seat)
            .any(|p| loaded.game.game().parse_action(&view, p, text).is_ok())
    };
    if reply.own_text.is_some() && !(pending && reply.first_line.as_deref().is_some_and(reads_as_move)) {
        return talk_only(conn, mail, delivery, game, account, seat);
    }
    let e = ApiError::conflict("nothing_asked", "").described(if pending {
        catalog::both!("problem-nothing-asked-your-turn")
    } else if loaded.row.status == "active" || loaded.row.status == "waiting" {
        catalog::both!("problem-nothing-asked")
    } else {
        catalog::both!("problem-nothing-asked-game-over")
    });
    refuse(conn, mail, delivery, game, account, e)
}

/// The words after the move line of a reply whose move was applied, written at the table. The move stands
/// whatever becomes of them: a message refused (too long, too many) is logged, not answered.
fn talk_after_move(conn: &mut Conn, mail: &MailContext, reply: &Reply, game: i64, account: i64) {
    let Some(text) = reply.own_text.as_deref().and_then(crate::service::talk::email::after_answer) else { return };
    let now = mail.clock.now().timestamp();
    match crate::service::talk::email::post(conn, mail, now, account, game, &text) {
        Ok(message) => tracing::info!(game, message = message.id, "message written from an email reply"),
        Err(e) => tracing::warn!(game, account, code = e.code, detail = %e.detail, "message in an email reply refused"),
    }
}

/// A reply that is only text: written at the table as a message; remembered, so that a delivery of it
/// again writes nothing twice. A refused message is answered like a refused move.
fn talk_only(
    conn: &mut Conn,
    mail: &MailContext,
    delivery: &Delivery<'_>,
    game: i64,
    account: i64,
    seat: u8,
) -> Result<InboundOutcome, InboundError> {
    let text = delivery.reply.own_text.clone().unwrap_or_default();
    let now = mail.clock.now().timestamp();
    match crate::service::talk::email::post(conn, mail, now, account, game, &text) {
        Ok(message) => {
            if let Some(key) = &delivery.key {
                remember(
                    conn,
                    key,
                    &delivery.received_at,
                    game,
                    Some(seat),
                    Some(message.id as u64),
                    Some(REMEMBERED_AS_MESSAGE),
                )
                .map_err(temporary)?;
            }
            tracing::info!(game, seat, message = message.id, "email reply written at the table");
            Ok(InboundOutcome::Message { game, seat, message: message.id, repeated: false })
        }
        Err(e) => refuse(conn, mail, delivery, game, account, e),
    }
}

fn handle_signed(
    conn: &mut Conn,
    mail: &MailContext,
    delivery: &Delivery<'_>,
    jws: &str,
) -> Result<InboundOutcome, InboundError> {
    let reply = delivery.reply;
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
            seat: claims.seat,
            remembered_as: delivery.remembered_as(),
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
            refuse(conn, mail, delivery, claims.game, account, e)
        }
        Ok(accepted) => {
            Ok(InboundOutcome::Applied { game: claims.game, seat: claims.seat, seq: accepted.seq, repeated: false })
        }
        Err(e) => refuse(conn, mail, delivery, claims.game, account, e),
    }
}
