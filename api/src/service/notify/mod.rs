//! Which emails a change to a game calls for, and composing them from the recipient's own view.
//!
//! A change to a game (a move, a timeout, the last seat filled) writes inside its transaction only what must
//! be sent: a compact [`Notice`] (kind, game, account, journal seq, seat, decision) for the game-start email
//! that opens each player's thread, turn emails (or digest parts), reminders, result emails and the
//! confirmation of a move that arrived by email. The mail
//! worker renders each one at send time ([`render`]), from the game as it was at that seq — outside the
//! move's transaction, and without keeping ~8 KB of rendered text per email in the database.
//!
//! Every email about a decision carries a fresh single-use reply token for it, minted when the email is
//! rendered (its hash stored, the plaintext only in the email): the token is usable as soon as the email
//! is out, and the database never holds it in clear. Rare emails (invitations, address checks, refusals of
//! moves that arrived by email, webhook alerts) are still composed where they happen and stored rendered.

mod account;
mod common;
mod deadlines;
mod follow;
mod game_end;
mod game_start;
mod invitations;
mod replies;
mod reply;
mod resign;
mod talk;
mod text;
mod turn;

pub use account::{is_verified, verification, verify_email, webhook_disabled};
pub use common::in_every_language;
pub use deadlines::{forget_deadline, reminder};
pub use invitations::{invitations, opt_out, optout_of};
pub use replies::{confirmation, refusal};
pub use reply::forget_reply_token;
pub use resign::{RESIGN_DECISION, resign_confirmation};
pub use talk::{after_message, mailed_through};
pub use text::EMAIL_WIDTH;

use shared::Viewer;

use crate::db::Conn;
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose;
use crate::mail::outbox::{self, Notice, OutgoingMail};
use crate::mail::picture::Picture;
use crate::service::game_record::{self, Loaded};

use common::{Asked, Composed, PrefsRead, lang_of, player_seats, queue_by, recipient_of, subscribed};
use deadlines::{compose_reminder, track_deadlines};
use game_end::game_over;
use game_start::game_start;
use replies::{compose_confirmation, emailed_move_before};
use turn::turn;

/// Queues (as notices, rendered at send time) turn emails for every decision asked now that was not asked
/// before, the game-start emails when the game has just begun, and result emails when it has just ended.
pub fn after_change(conn: &mut Conn, mail: &MailContext, loaded: &Loaded) -> ApiResult<()> {
    if loaded.row.status == "waiting" {
        return Ok(());
    }
    let mut prefs = PrefsRead::default();
    track_deadlines(conn, mail, loaded, &mut prefs)?;
    let notice = |kind, seat, account, decision| Notice {
        kind,
        game_id: loaded.row.id,
        account_id: account,
        seq: loaded.row.head_seq,
        seat,
        decision,
    };
    // Nothing was asked before and the game is not over: every seat was just filled, the game begins.
    if loaded.asked_before.is_empty() && !loaded.game.is_over() {
        for (seat, account) in player_seats(loaded) {
            queue_by(conn, mail, notice("game_start", seat, account, None), &mut prefs)?;
        }
    }
    if !loaded.asked_before.is_empty() && !loaded.game.is_over() {
        follow::after_move(conn, mail, loaded)?;
    }
    if loaded.game.is_over() {
        if !loaded.over_before {
            for (seat, account) in player_seats(loaded) {
                queue_by(conn, mail, notice("game_over", seat, account, None), &mut prefs)?;
            }
        }
        return Ok(());
    }
    for p in loaded.game.pending() {
        if loaded.asked_before.contains(&p.id) {
            continue;
        }
        let Some(account) = loaded.seats.get(p.seat as usize).filter(|s| s.kind == "player").and_then(|s| s.account_id)
        else {
            continue;
        };
        let turn = notice("turn", p.seat, account, Some(p.id.clone()));
        if emailed_move_before(conn, loaded, p.seat)?.is_some() {
            // The player's own move by email asked this: the turn email confirms it too, so it goes out at
            // once whatever their preferences, as the confirmation it stands for would have.
            outbox::enqueue_notice(conn, &turn, &outbox::fresh_message_id(Some(turn.game_id), mail.domain()))?;
        } else {
            queue_by(conn, mail, turn, &mut prefs)?;
        }
    }
    Ok(())
}

/// An email rendered from a notice, ready to send.
pub struct Rendered {
    pub mail: OutgoingMail,
    /// The hash of the reply token minted for it, if it carries one.
    pub token_hash: Option<String>,
    /// What it is, in one line of the recipient's language (a daily digest lists its parts by it).
    pub label: String,
    /// The newest message of table talk it carries: once it is sent (or in a digest), record it with
    /// [`mailed_through`], so that the next email carries only newer ones.
    pub talk_through: Option<i64>,
}

/// The game a notice tells of, read before its render transaction: as it was at the notice's seq, and the
/// decisions pending now (an email may ask one settled since). History does not change, so it may be read
/// outside the transaction that mints the reply token.
pub struct NoticeGame {
    loaded: Loaded,
    pending_now: Vec<String>,
}

pub fn notice_game(conn: &mut Conn, notice: &Notice) -> ApiResult<NoticeGame> {
    let (loaded, pending_now) = game_record::load_at(conn, notice.game_id, notice.seq)?;
    Ok(NoticeGame { loaded, pending_now })
}

/// The SVG of the recipient's own view for the emails that show the board, in their language; None for
/// the others, and for every email of a game created without pictures. The mail worker rasterises it outside any transaction (`mail::picture`).
pub fn board_svg(conn: &mut Conn, game: &NoticeGame, notice: &Notice) -> ApiResult<Option<String>> {
    if !matches!(notice.kind, "game_over" | "turn" | "reminder" | outbox::MOVE_MADE) || !game.loaded.row.mail_pictures {
        return Ok(None);
    }
    let lang = lang_of(conn, notice.account_id)?;
    picture_svg(&game.loaded, notice.seat, lang).map(Some)
}

/// The picture of `seat`'s view that emails show: drawn for a phone (`RenderContext::narrow`), since an
/// email is as often read on one, and a desk-wide board shrunk to a phone's width cannot be read.
pub fn picture_svg(loaded: &Loaded, seat: shared::Seat, lang: shared::Lang) -> ApiResult<String> {
    let view = loaded.game.view(Viewer::Seat(seat));
    let ctx = shared::RenderContext { narrow: true, ..loaded.render_context(lang, EMAIL_WIDTH) };
    loaded.game.game().render_svg(&view, &ctx).map_err(ApiError::internal)
}

/// Renders `notice` (queued with `message_id`) from `game` and the recipient's current address, name,
/// language and preferences, minting its reply token; `picture` (of [`board_svg`]) stands for the board in
/// the HTML part. `Ok(Err(why))`: nothing to send (the recipient wants no game emails any more, or their
/// address cannot be written to). Run in a transaction of its own, committed before the email is sent, so
/// that the token works once the email arrives.
pub fn render(
    conn: &mut Conn,
    mail: &MailContext,
    notice: &Notice,
    message_id: &str,
    game: &NoticeGame,
    picture: Option<Picture>,
) -> ApiResult<Result<Rendered, String>> {
    let NoticeGame { loaded, pending_now } = game;
    // The player's move by email that a turn email confirms.
    let confirms = match notice.kind {
        "turn" => emailed_move_before(conn, loaded, notice.seat)?,
        _ => None,
    };
    // A confirmation answers the player's own email: sent whatever their preferences.
    let recipient = if notice.kind == "reply_accepted" || confirms.is_some() {
        recipient_of(conn, notice.account_id)?
    } else {
        match subscribed(conn, notice.account_id)? {
            Some(r) => r,
            None => return Ok(Err("the recipient no longer wants game emails".into())),
        }
    };
    let (seat, account) = (notice.seat, notice.account_id);
    // Asked when the email was queued, answered (or timed out) before it was rendered.
    let settled = notice.decision.as_ref().is_some_and(|d| !pending_now.contains(d));
    // A turn email that waited: not needed if the decision was answered meanwhile, or if the player is
    // looking at the game on an open page of this instance.
    if notice.kind == "turn" && confirms.is_none() && common::waits(mail, recipient.turn_email) {
        if settled {
            return Ok(Err("the decision was answered while the email waited".into()));
        }
        if mail.watching.is_open(account, notice.game_id) {
            return Ok(Err("the player is looking at the game on an open page".into()));
        }
    }
    let messages = match notice.kind {
        "turn" | outbox::DIGEST_PART | outbox::TALK | outbox::MOVE_MADE => talk::unmailed(conn, loaded, account)?,
        _ => Vec::new(),
    };
    let talk_through = messages.last().map(|m| m.id);
    let mut composed = match (notice.kind, notice.decision.as_deref()) {
        ("game_start", _) => game_start(mail, loaded, seat, account, &recipient),
        ("game_over", _) => game_over(mail, loaded, seat, account, &recipient)?,
        ("turn" | outbox::DIGEST_PART, Some(decision)) => {
            let mut composed =
                turn(conn, mail, loaded, Asked { account, seat, decision, settled }, &recipient, confirms.as_deref())?;
            if let Some(section) = talk::section(&messages, recipient.lang) {
                // After the board and what happened, before the question: what the others said about it.
                let at = composed.draft.sections.len().min(2);
                composed.draft.sections.insert(at, section);
            }
            composed
        }
        (outbox::MOVE_MADE | outbox::DIGEST_PART, None) => {
            let mut composed = follow::move_made(mail, loaded, seat, account, &recipient)?;
            if let Some(section) = talk::section(&messages, recipient.lang) {
                composed.draft.sections.insert(2, section);
            }
            composed
        }
        ("reply_accepted", Some(decision)) => {
            compose_confirmation(conn, mail, loaded, Asked { account, seat, decision, settled }, &recipient)?
        }
        ("reminder", Some(decision)) => {
            compose_reminder(conn, mail, loaded, Asked { account, seat, decision, settled }, &recipient)?
        }
        (outbox::TALK, _) => match talk::talk_email(mail, loaded, account, &recipient, &messages) {
            Some(composed) => composed,
            // An earlier email carried them all already.
            None => return Ok(Err("no message the player has not been emailed".into())),
        },
        (kind, _) => return Err(ApiError::internal(format!("a `{kind}` notice without its decision"))),
    };
    // A digest part is a turn email, or (without a decision) a move told to a follower, as composed.
    if notice.kind != outbox::DIGEST_PART {
        composed.draft.kind = notice.kind;
    }
    composed.draft.picture = picture;
    // A reply token carried in the Message-ID (the `references` setting) replaces the stored one.
    composed.draft.message_id = composed.draft.message_id.or_else(|| Some(message_id.to_string()));
    let Composed { draft, token_hash, label } = composed;
    match compose::finish(mail, draft) {
        Ok(out) => Ok(Ok(Rendered { mail: out, token_hash, label, talk_through })),
        Err(e) => {
            if let Some(hash) = &token_hash {
                forget_reply_token(conn, hash)?;
            }
            Ok(Err(e.to_string()))
        }
    }
}
