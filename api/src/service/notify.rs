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

use diesel::prelude::*;
use shared::journal::{Entry, EntryBody};
use shared::{Lang, Viewer};

use crate::auth::{random_bytes, token_hash};
use crate::db::Conn;
use crate::db::schema::{
    accounts, decision_deadlines, email_verifications, invitation_optouts, invitations_sent, reply_tokens,
};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{self, Draft, Section, thread_root};
use crate::mail::outbox::{self, Notice, OutgoingMail};
use crate::mail::picture::Picture;
use crate::mail::prefs::{self, Notify};
use crate::service::games::{self, Loaded};
use crate::service::rules;
use crate::settings::ReplyTokenIn;
use crate::time::{millis, now};

/// Boards in emails are rendered this wide (what fits a mail client without wrapping).
pub const EMAIL_WIDTH: usize = 72;
/// At most this many event lines in "since your last move".
const MAX_EVENTS: usize = 60;

struct Person {
    email: String,
    name: String,
}

fn person(conn: &mut Conn, account: i64) -> ApiResult<Person> {
    let (email, name) = accounts::table.find(account).select((accounts::email, accounts::display_name)).first(conn)?;
    Ok(Person { email, name })
}

/// "UOSAO (Right King, Left King) #12": the game's name in `lang` and its number.
fn game_title(loaded: &Loaded, lang: Lang) -> String {
    format!("{} #{}", loaded.game.game().info().name.get(lang), loaded.row.id)
}

/// The subject of every email about a game to one player: the same for the whole game, so that every mail
/// client keeps one thread; what the email is about is its first line.
fn game_subject(loaded: &Loaded, lang: Lang) -> String {
    format!("[tegami] {}", game_title(loaded, lang))
}

/// Where a reply to an email about a still-pending decision goes, and the Message-ID that carries the token
/// in the `references` setting.
struct ReplyRoute {
    reply_to: String,
    message_id: Option<String>,
    /// The stored hash of the token (to take it back if the email is never sent).
    token_hash: String,
}

/// A fresh single-use reply token for `decision` of `seat`, answerable only by `account`'s address.
fn reply_route(
    conn: &mut Conn,
    mail: &MailContext,
    game: i64,
    account: i64,
    seat: u8,
    decision: &str,
) -> ApiResult<ReplyRoute> {
    let token = hex::encode(random_bytes::<16>());
    let hash = token_hash(&token);
    diesel::insert_into(reply_tokens::table)
        .values((
            reply_tokens::token_hash.eq(&hash),
            reply_tokens::game_id.eq(game),
            reply_tokens::account_id.eq(account),
            reply_tokens::seat.eq(seat as i32),
            reply_tokens::decision.eq(decision),
            reply_tokens::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(match mail.settings.reply_token_in {
        ReplyTokenIn::Address => {
            ReplyRoute { reply_to: mail.reply_address(&token), message_id: None, token_hash: hash }
        }
        ReplyTokenIn::References => ReplyRoute {
            reply_to: mail.settings.reply_address.clone(),
            message_id: Some(crate::mail::inbound::token_message_id(&token, mail.domain())),
            token_hash: hash,
        },
    })
}

/// Takes back the reply token of an email that was rendered but not sent (its plaintext is lost with it).
pub fn forget_reply_token(conn: &mut Conn, token_hash: &str) -> ApiResult<()> {
    diesel::delete(reply_tokens::table.find(token_hash)).execute(conn)?;
    Ok(())
}

/// The first decision asked of `account`'s seat, if the game is active and asks one.
fn pending_for(loaded: &Loaded, account: i64) -> Option<shared::Pending> {
    let seat = loaded.seat_of(Some(account))?;
    if loaded.row.status != "active" {
        return None;
    }
    loaded.game.pending().into_iter().find(|p| p.seat == seat)
}

fn store(conn: &mut Conn, mail: &MailContext, draft: Draft) -> ApiResult<()> {
    match compose::finish(mail, draft) {
        Ok(out) => outbox::enqueue(conn, &out).map_err(ApiError::from),
        // An address the mail library cannot take must not block a move: log it and go on.
        Err(e) => {
            tracing::warn!(error = %e, "email not queued");
            Ok(())
        }
    }
}

fn unsubscribe_url(mail: &MailContext, token: &str) -> String {
    format!("{}/api/v1/unsubscribe/{token}", mail.public_url)
}

/// Queues (as notices, rendered at send time) turn emails for every decision asked now that was not asked
/// before, the game-start emails when the game has just begun, and result emails when it has just ended.
pub fn after_change(conn: &mut Conn, mail: &MailContext, loaded: &Loaded) -> ApiResult<()> {
    if loaded.row.status == "waiting" {
        return Ok(());
    }
    track_deadlines(conn, mail, loaded)?;
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
            queue(conn, mail, notice("game_start", seat, account, None))?;
        }
    }
    if loaded.game.is_over() {
        if !loaded.over_before {
            for (seat, account) in player_seats(loaded) {
                queue(conn, mail, notice("game_over", seat, account, None))?;
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
        queue(conn, mail, notice("turn", p.seat, account, Some(p.id.clone())))?;
    }
    Ok(())
}

/// Queues `notice` unless its recipient wants no game emails; a turn email for a player who asked for daily
/// digests becomes a digest part. A game-start email's Message-ID is the thread root of that player's game.
fn queue(conn: &mut Conn, mail: &MailContext, mut notice: Notice) -> ApiResult<()> {
    let (notify, _) = prefs::get_or_create(conn, notice.account_id)?;
    match notify {
        Notify::None => return Ok(()),
        Notify::DailyDigest if notice.kind == "turn" => notice.kind = outbox::DIGEST_PART,
        _ => {}
    }
    let message_id = match notice.kind {
        "game_start" => thread_root(mail, notice.game_id, notice.account_id),
        _ => outbox::fresh_message_id(Some(notice.game_id), mail.domain()),
    };
    outbox::enqueue_notice(conn, &notice, &message_id)?;
    Ok(())
}

/// The decision a turn email or reminder asks of `account`'s `seat`, and whether it was settled between
/// the change that queued the email and its rendering.
#[derive(Clone, Copy)]
struct Asked<'a> {
    account: i64,
    seat: u8,
    decision: &'a str,
    settled: bool,
}

/// A notice composed: the draft, the hash of the reply token minted for it, and its one-line label.
struct Composed {
    draft: Draft,
    token_hash: Option<String>,
    label: String,
}

/// An email rendered from a notice, ready to send.
pub struct Rendered {
    pub mail: OutgoingMail,
    /// The hash of the reply token minted for it, if it carries one.
    pub token_hash: Option<String>,
    /// What it is, in one line of the recipient's language (a daily digest lists its parts by it).
    pub label: String,
}

/// The game a notice tells of, read before its render transaction: as it was at the notice's seq, and the
/// decisions pending now (an email may ask one settled since). History does not change, so it may be read
/// outside the transaction that mints the reply token.
pub struct NoticeGame {
    loaded: Loaded,
    pending_now: Vec<String>,
}

pub fn notice_game(conn: &mut Conn, notice: &Notice) -> ApiResult<NoticeGame> {
    let (loaded, pending_now) = games::load_at(conn, notice.game_id, notice.seq)?;
    Ok(NoticeGame { loaded, pending_now })
}

/// The SVG of the recipient's own view for the emails that show the board, in their language; None for
/// the others. The mail worker rasterises it outside any transaction (`mail::picture`).
pub fn board_svg(conn: &mut Conn, game: &NoticeGame, notice: &Notice) -> ApiResult<Option<String>> {
    if !matches!(notice.kind, "game_over" | "turn" | "reminder" | "reply_accepted") {
        return Ok(None);
    }
    let lang = lang_of(conn, notice.account_id)?;
    let loaded = &game.loaded;
    let view = loaded.game.view(Viewer::Seat(notice.seat));
    let svg = loaded.game.game().render_svg(&view, &loaded.render_context(lang, EMAIL_WIDTH));
    svg.map(Some).map_err(ApiError::internal)
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
    // A confirmation answers the player's own email: sent whatever their preferences.
    let recipient = if notice.kind == "reply_accepted" {
        recipient_of(conn, notice.account_id)?
    } else {
        match subscribed(conn, notice.account_id)? {
            Some(r) => r,
            None => return Ok(Err("the recipient no longer wants game emails".into())),
        }
    };
    let NoticeGame { loaded, pending_now } = game;
    let (seat, account) = (notice.seat, notice.account_id);
    // Asked when the email was queued, answered (or timed out) before it was rendered.
    let settled = notice.decision.as_ref().is_some_and(|d| !pending_now.contains(d));
    let mut composed = match (notice.kind, notice.decision.as_deref()) {
        ("game_start", _) => game_start(mail, loaded, seat, account, &recipient),
        ("game_over", _) => game_over(mail, loaded, seat, account, &recipient)?,
        ("turn" | outbox::DIGEST_PART, Some(decision)) => {
            turn(conn, mail, loaded, Asked { account, seat, decision, settled }, &recipient)?
        }
        ("reply_accepted", Some(decision)) => {
            compose_confirmation(conn, mail, loaded, Asked { account, seat, decision, settled }, &recipient)?
        }
        ("reminder", Some(decision)) => {
            compose_reminder(conn, mail, loaded, Asked { account, seat, decision, settled }, &recipient)?
        }
        (kind, _) => return Err(ApiError::internal(format!("a `{kind}` notice without its decision"))),
    };
    composed.draft.kind = notice.kind;
    composed.draft.picture = picture;
    // A reply token carried in the Message-ID (the `references` setting) replaces the stored one.
    composed.draft.message_id = composed.draft.message_id.or_else(|| Some(message_id.to_string()));
    let Composed { draft, token_hash, label } = composed;
    match compose::finish(mail, draft) {
        Ok(out) => Ok(Ok(Rendered { mail: out, token_hash, label })),
        Err(e) => {
            if let Some(hash) = &token_hash {
                forget_reply_token(conn, hash)?;
            }
            Ok(Err(e.to_string()))
        }
    }
}

/// Keeps one deadline row per decision pending for a player: drops those answered, adds the new ones.
fn track_deadlines(conn: &mut Conn, mail: &MailContext, loaded: &Loaded) -> ApiResult<()> {
    let id = loaded.row.id;
    let pending = if loaded.game.is_over() { Vec::new() } else { loaded.game.pending() };
    let ids: Vec<&str> = pending.iter().map(|p| p.id.as_str()).collect();
    diesel::delete(
        decision_deadlines::table
            .filter(decision_deadlines::game_id.eq(id))
            .filter(decision_deadlines::decision.ne_all(&ids)),
    )
    .execute(conn)?;
    let Some(hours) = loaded.row.deadline_hours else { return Ok(()) };
    let limit = chrono::Duration::hours(hours as i64);
    let before = chrono::Duration::hours(mail.deadline_reminder_hours as i64).min(limit / 2);
    let now = mail.clock.now();
    for p in pending.iter().filter(|p| !loaded.asked_before.contains(&p.id)) {
        let Some(account) = loaded.seats.get(p.seat as usize).filter(|s| s.kind == "player").and_then(|s| s.account_id)
        else {
            continue;
        };
        // The clock of a player on vacation starts when they are back.
        let now = crate::service::vacation::away(conn, mail, account)?.unwrap_or(now);
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

/// `en` or `ja`, as the recipient reads.
fn tr(lang: Lang, en: &str, ja: &str) -> String {
    match lang {
        Lang::En => en.to_string(),
        Lang::Ja => ja.to_string(),
    }
}

/// Someone who gets game emails: their address and name, their language, their unsubscribe token.
struct Recipient {
    who: Person,
    lang: Lang,
    unsubscribe: String,
}

/// The recipient of game emails for `account`, or `None` when they chose to get none.
fn subscribed(conn: &mut Conn, account: i64) -> ApiResult<Option<Recipient>> {
    let (notify, unsubscribe) = prefs::get_or_create(conn, account)?;
    if notify == Notify::None {
        return Ok(None);
    }
    Ok(Some(Recipient { who: person(conn, account)?, lang: lang_of(conn, account)?, unsubscribe }))
}

/// The recipient of an email that answers `account`'s own email, whatever their preferences.
fn recipient_of(conn: &mut Conn, account: i64) -> ApiResult<Recipient> {
    let (_, unsubscribe) = prefs::get_or_create(conn, account)?;
    Ok(Recipient { who: person(conn, account)?, lang: lang_of(conn, account)?, unsubscribe })
}

fn lang_of(conn: &mut Conn, account: i64) -> ApiResult<Lang> {
    Ok(prefs::lang_of(conn, account)?.lang())
}

/// "2026-11-25 04:00 UTC" from a stored RFC 3339 time.
fn human_time(rfc3339: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(rfc3339)
        .map(|t| t.with_timezone(&chrono::Utc).format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|_| rfc3339.to_string())
}

/// What happens in this game when `decision` is not answered in time, in `lang`.
fn timeout_consequence(loaded: &Loaded, decision: &str, lang: Lang) -> String {
    let game = loaded.game.game();
    if let Some(action) = game.timeout_action(loaded.game.state(), decision) {
        let answer = game.print_action(&action).unwrap_or_else(|_| action.to_string());
        return match lang {
            Lang::En => format!("the rules' default answer, `{answer}`, is played for you"),
            Lang::Ja => format!("ルールの既定の応答「{answer}」があなたの手として指されます"),
        };
    }
    match (shared::api_types::TimeoutPolicy::parse(&loaded.row.timeout_policy), lang) {
        (shared::api_types::TimeoutPolicy::Skip, Lang::En) => {
            "your turn is skipped: the server plays a random legal move for you and the game goes on".into()
        }
        (shared::api_types::TimeoutPolicy::Skip, Lang::Ja) => {
            "手番は飛ばされます（サーバーがランダムな合法手を代わりに指し、対局は続きます）".into()
        }
        (shared::api_types::TimeoutPolicy::Forfeit, Lang::En) => "you forfeit this game, as if you had resigned".into(),
        (shared::api_types::TimeoutPolicy::Forfeit, Lang::Ja) => "この対局は投了扱いになります".into(),
    }
}

/// When `decision` must be answered and what happens if it is not; or, when it was `settled` after the
/// email was queued (the email is rendered later), that a reply now comes too late.
fn deadline_text(conn: &mut Conn, loaded: &Loaded, decision: &str, settled: bool, lang: Lang) -> ApiResult<String> {
    if settled {
        return Ok(tr(
            lang,
            "This decision was settled after this email was written: a reply to it is refused as late.",
            "このメールの作成後に、この手番は終わりました。返信しても遅れとして受け付けられません。",
        ));
    }
    let due: Option<String> = decision_deadlines::table
        .find((loaded.row.id, decision))
        .select(decision_deadlines::due_at)
        .first(conn)
        .optional()?;
    Ok(match (due, lang) {
        (Some(due), Lang::En) => {
            format!("Answer by {}. If you do not, {}.", human_time(&due), timeout_consequence(loaded, decision, lang))
        }
        (Some(due), Lang::Ja) => {
            format!("期限: {}。過ぎると、{}。", human_time(&due), timeout_consequence(loaded, decision, lang))
        }
        (None, lang) => {
            tr(lang, "No time limit: the game waits for your answer.", "期限なし：あなたの返信を待ちます。")
        }
    })
}

/// "Reply to this email with your move alone on the first line, for example: …", and what else works.
fn how_to_answer(mail: &MailContext, loaded: &Loaded, decision: &str, lang: Lang, unsubscribe: Option<&str>) -> String {
    let id = loaded.row.id;
    let example = loaded
        .game
        .game()
        .legal(loaded.game.state(), decision)
        .and_then(|c| c.options.first().map(|o| o.notation.clone()))
        .unwrap_or_else(|| "<move>".into());
    let mut out = match lang {
        Lang::En => format!(
            "Reply to this email from your own address with your move alone on the first line, for example:\n\n\
             \x20   {example}\n\n\
             Keep the reply address as it is: it answers this one decision, once. Replies from any other address \
             change nothing. Instead of a bare move you may paste a signed move from \
             `tegami play {id} <move> --print-signed`.\n\n\
             The game on the web: {}/api/v1/games/{id}/board",
            mail.public_url
        ),
        Lang::Ja => format!(
            "このメールに、あなた自身のアドレスから返信し、1行目に手だけを書いてください。例:\n\n\
             \x20   {example}\n\n\
             返信先アドレスはそのままにしてください。この手番に一度だけ使えます。ほかのアドレスからの返信では何も\
             変わりません。手の代わりに `tegami play {id} <手> --print-signed` の署名付きの手を貼り付けることも\
             できます。\n\n\
             ウェブで見る: {}/api/v1/games/{id}/board?lang=ja",
            mail.public_url
        ),
    };
    let rules = rules::url(&mail.public_url, &loaded.row.slug, lang);
    out.push_str(&match lang {
        Lang::En => format!("\nThe rules: {rules}"),
        Lang::Ja => format!("\nルール: {rules}"),
    });
    if let Some(link) = unsubscribe {
        out.push_str(&match lang {
            Lang::En => format!("\nStop these emails: {link}"),
            Lang::Ja => format!("\nメールを止める: {link}"),
        });
    }
    out
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

fn compose_reminder(
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
        vec![Section::text(tr(lang, "Deadline", "期限"), deadline_text(conn, loaded, decision, settled, lang)?)];
    if let Some(legal) = legal_text(loaded, decision, lang) {
        sections.push(Section::text(tr(lang, "Your move", "あなたの手"), legal));
    }
    sections.push(Section::board(tr(lang, "Your view", "あなたの盤面"), board_for(loaded, seat, lang)?));
    sections.push(Section::text(
        tr(lang, "How to answer", "返信のしかた"),
        how_to_answer(mail, loaded, decision, lang, Some(&unsubscribe_url(mail, unsubscribe))),
    ));
    let draft = Draft {
        kind: "reminder",
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        message_id: route.message_id,
        thread: Some(thread_root(mail, loaded.row.id, account)),
        to: who.email.clone(),
        to_name: Some(who.name.clone()),
        subject: game_subject(loaded, lang),
        intro: match lang {
            Lang::En => format!("Reminder: your move in {title} is due soon.\n\nHello {},", who.name),
            Lang::Ja => format!("リマインダー：{title}の手番の期限が近づいています。\n\n{}さん", who.name),
        },
        sections,
        reply_to: Some(route.reply_to),
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        picture: None,
    };
    let label = match lang {
        Lang::En => format!("Reminder for {title}: move {} is due soon", loaded.row.head_seq + 1),
        Lang::Ja => format!("{title}のリマインダー：{}手目の期限が近づいています", loaded.row.head_seq + 1),
    };
    Ok(Composed { draft, token_hash: Some(route.token_hash), label })
}

/// The email that opens a player's thread of a game: who plays, the time limit and what a missed deadline
/// does. Its Message-ID is the thread root every later email of the game to this player refers to.
fn game_start(mail: &MailContext, loaded: &Loaded, seat: u8, account: i64, recipient: &Recipient) -> Composed {
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let info = loaded.game.game().info();
    let players: Vec<String> = loaded
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| match (i as u8 == seat, lang) {
            (true, Lang::En) => format!("- seat {i}: {name} (you)"),
            (true, Lang::Ja) => format!("- 席{i}: {name}（あなた）"),
            (false, Lang::En) => format!("- seat {i}: {name}"),
            (false, Lang::Ja) => format!("- 席{i}: {name}"),
        })
        .collect();
    let limit = match (loaded.row.deadline_hours, lang) {
        (Some(h), Lang::En) => format!("Each decision must be answered within {h} hours."),
        (Some(h), Lang::Ja) => format!("各手番の持ち時間は{h}時間です。"),
        (None, lang) => tr(lang, "There is no time limit.", "持ち時間の制限はありません。"),
    };
    let mut sections = vec![
        Section::text(tr(lang, "Players", "対局者"), players.join("\n")),
        Section::text(tr(lang, "About the game", "ゲームについて"), info.about.get(lang).to_string()),
        Section::text(tr(lang, "Time limit", "持ち時間"), limit),
    ];
    sections.push(Section::text(
        tr(lang, "How it goes", "進め方"),
        match lang {
            Lang::En => format!(
                "Each time a decision is asked of you, an email arrives in this thread; you answer by replying \
                 to it from this address. The game on the web: {}/api/v1/games/{}/board\nStop these emails: {}",
                mail.public_url,
                loaded.row.id,
                unsubscribe_url(mail, unsubscribe)
            ),
            Lang::Ja => format!(
                "手番が来るたびに、このスレッドにメールが届きます。このアドレスから返信して手を送ってください。\
                 ウェブで見る: {}/api/v1/games/{}/board?lang=ja\nメールを止める: {}",
                mail.public_url,
                loaded.row.id,
                unsubscribe_url(mail, unsubscribe)
            ),
        },
    ));
    let draft = Draft {
        kind: "game_start",
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        message_id: Some(thread_root(mail, loaded.row.id, account)),
        thread: None,
        to: who.email.clone(),
        to_name: Some(who.name.clone()),
        subject: game_subject(loaded, lang),
        intro: match lang {
            Lang::En => format!("{title} has begun.\n\nHello {},", who.name),
            Lang::Ja => format!("{title}が始まりました。\n\n{}さん", who.name),
        },
        sections,
        reply_to: None,
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        picture: None,
    };
    let label = match lang {
        Lang::En => format!("{title} has begun"),
        Lang::Ja => format!("{title}が始まりました"),
    };
    Composed { draft, token_hash: None, label }
}

fn player_seats(loaded: &Loaded) -> Vec<(u8, i64)> {
    loaded.seats.iter().filter(|s| s.kind == "player").filter_map(|s| s.account_id.map(|a| (s.seat as u8, a))).collect()
}

/// Events `seat` may read since its last own entry (that entry's consequences included), among the recent
/// entries the game was loaded with.
fn events_for(loaded: &Loaded, seat: u8, lang: Lang) -> Vec<String> {
    let entries = loaded.game.entries();
    let from = entries
        .iter()
        .rposition(|e| e.body.seat() == Some(seat) && !matches!(e.body, EntryBody::Create { .. }))
        .unwrap_or(1);
    let over = loaded.game.is_over();
    let mut lines: Vec<String> = entries[from..]
        .iter()
        .flat_map(|e| e.events.iter())
        .filter(|ev| ev.visible_to(Viewer::Seat(seat), over))
        .map(|ev| format!("- {}", ev.text.get(lang)))
        .collect();
    if lines.len() > MAX_EVENTS {
        lines.drain(..lines.len() - MAX_EVENTS);
    }
    lines
}

fn board_for(loaded: &Loaded, seat: u8, lang: Lang) -> ApiResult<String> {
    let view = loaded.game.view(Viewer::Seat(seat));
    loaded.game.game().render(&view, &loaded.render_context(lang, EMAIL_WIDTH)).map_err(ApiError::internal)
}

/// ", round 3" when the game's view counts rounds (a top-level `round` number, with `season` if it has one).
fn round_of(loaded: &Loaded, seat: u8, lang: Lang) -> String {
    let view = loaded.game.view(Viewer::Seat(seat));
    let Some(round) = view.get("round").and_then(|r| r.as_u64()) else { return String::new() };
    match (view.get("season").and_then(|s| s.as_u64()), lang) {
        (Some(season), Lang::En) => format!(", season {season} round {round}"),
        (Some(season), Lang::Ja) => format!("、シーズン{season} ラウンド{round}"),
        (None, Lang::En) => format!(", round {round}"),
        (None, Lang::Ja) => format!("、ラウンド{round}"),
    }
}

/// The legal answers to `decision`, listed once: the prompt and every option, or, where the options are too
/// many to list, the prompt and the help (the email's "how to answer" gives one example).
pub fn legal_text(loaded: &Loaded, decision: &str, lang: Lang) -> Option<String> {
    let choices = loaded.game.game().legal(loaded.game.state(), decision)?;
    let mut out = format!("{}\n\n", choices.prompt.get(lang));
    if choices.complete {
        out.push_str(&tr(lang, "Legal moves:\n", "合法手:\n"));
        for o in &choices.options {
            out.push_str(&format!("  {}\n", o.notation));
        }
    } else if let Some(help) = &choices.help {
        out.push_str(&format!("{}\n", help.get(lang)));
    }
    Some(out)
}

/// The first line of the prompt of `decision` ("Choose a card"), for labels.
fn prompt_line(loaded: &Loaded, decision: &str, lang: Lang) -> Option<String> {
    let choices = loaded.game.game().legal(loaded.game.state(), decision)?;
    let prompt = choices.prompt.get(lang).lines().next()?.trim().trim_end_matches(['.', '。', ':', '：']).to_string();
    (!prompt.is_empty()).then_some(prompt)
}

fn turn(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    asked: Asked,
    recipient: &Recipient,
) -> ApiResult<Composed> {
    let Asked { account, seat, decision, settled } = asked;
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let route = reply_route(conn, mail, loaded.row.id, account, seat, decision)?;
    let title = game_title(loaded, lang);
    let events = events_for(loaded, seat, lang);
    let mut sections = vec![Section::board(tr(lang, "Your view", "あなたの盤面"), board_for(loaded, seat, lang)?)];
    sections.push(Section::text(
        tr(lang, "Since your last move", "前回の手番から"),
        if events.is_empty() { tr(lang, "- nothing yet", "- まだありません") } else { events.join("\n") },
    ));
    sections.push(Section::text(
        tr(lang, "Your move", "あなたの手"),
        legal_text(loaded, decision, lang).unwrap_or_default(),
    ));
    sections.push(Section::text(tr(lang, "Deadline", "期限"), deadline_text(conn, loaded, decision, settled, lang)?));
    sections.push(Section::text(
        tr(lang, "How to answer", "返信のしかた"),
        how_to_answer(mail, loaded, decision, lang, Some(&unsubscribe_url(mail, unsubscribe))),
    ));
    let draft = Draft {
        kind: "turn",
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        message_id: route.message_id,
        thread: Some(thread_root(mail, loaded.row.id, account)),
        to: who.email.clone(),
        to_name: Some(who.name.clone()),
        subject: game_subject(loaded, lang),
        intro: match lang {
            Lang::En => format!("Your move in {title}{}.\n\nHello {},", round_of(loaded, seat, lang), who.name),
            Lang::Ja => format!("{title}であなたの番です{}。\n\n{}さん", round_of(loaded, seat, lang), who.name),
        },
        sections,
        reply_to: Some(route.reply_to),
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        picture: None,
    };
    // "Your turn in UOSAO (…) #12: move 14 — Choose a card": the subject is the same for a whole game, so a
    // digest names each email by this.
    let number = loaded.row.head_seq + 1;
    let label = match (lang, prompt_line(loaded, decision, lang)) {
        (Lang::En, Some(prompt)) => format!("Your turn in {title}: move {number} — {prompt}"),
        (Lang::En, None) => format!("Your turn in {title}: move {number}"),
        (Lang::Ja, Some(prompt)) => format!("{title}であなたの番：{number}手目 — {prompt}"),
        (Lang::Ja, None) => format!("{title}であなたの番：{number}手目"),
    };
    Ok(Composed { draft, token_hash: Some(route.token_hash), label })
}

fn game_over(
    mail: &MailContext,
    loaded: &Loaded,
    seat: u8,
    account: i64,
    recipient: &Recipient,
) -> ApiResult<Composed> {
    let Recipient { who, lang, unsubscribe, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let outcome = loaded.game.outcome();
    let summary = outcome.as_ref().map(|o| o.summary.get(lang).to_string()).unwrap_or_default();
    let rank = outcome.as_ref().and_then(|o| o.ranks.get(seat as usize).copied());
    let mut sections = vec![Section::text(tr(lang, "Result", "結果"), summary)];
    if let Some(rank) = rank {
        let place = match lang {
            Lang::En => format!("You finished in place {rank}."),
            Lang::Ja => format!("あなたは{rank}位でした。"),
        };
        sections.push(Section::text(tr(lang, "Your place", "順位"), place));
    }
    sections.push(Section::board(tr(lang, "Final position", "最終盤面"), board_for(loaded, seat, lang)?));
    let events = events_for(loaded, seat, lang);
    if !events.is_empty() {
        sections.push(Section::text(tr(lang, "Since your last move", "前回の手番から"), events.join("\n")));
    }
    let (url, id) = (&mail.public_url, loaded.row.id);
    sections.push(Section::text(
        tr(lang, "Check it", "検証"),
        match lang {
            Lang::En => format!(
                "The whole journal, with the seed, is at {url}/api/v1/games/{id}/journal (`tegami verify {id}` \
                 replays it)."
            ),
            Lang::Ja => format!(
                "シードを含む全記録は {url}/api/v1/games/{id}/journal にあります（`tegami verify {id}` で再生して\
                 確かめられます）。"
            ),
        },
    ));
    let draft = Draft {
        kind: "game_over",
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        message_id: None,
        thread: Some(thread_root(mail, loaded.row.id, account)),
        to: who.email.clone(),
        to_name: Some(who.name.clone()),
        subject: game_subject(loaded, lang),
        intro: match lang {
            Lang::En => format!("{title} is over.\n\nHello {},", who.name),
            Lang::Ja => format!("{title}が終局しました。\n\n{}さん", who.name),
        },
        sections,
        reply_to: None,
        unsubscribe: Some(unsubscribe_url(mail, unsubscribe)),
        picture: None,
    };
    let label = match lang {
        Lang::En => format!("{title} is over"),
        Lang::Ja => format!("{title}が終局しました"),
    };
    Ok(Composed { draft, token_hash: None, label })
}

/// The "never invite me again" link of `recipient` (created on first use).
fn optout_token(conn: &mut Conn, recipient: &str) -> ApiResult<String> {
    let found: Option<String> =
        invitation_optouts::table.find(recipient).select(invitation_optouts::token).first(conn).optional()?;
    if let Some(token) = found {
        return Ok(token);
    }
    let token = hex::encode(random_bytes::<16>());
    diesel::insert_into(invitation_optouts::table)
        .values((
            invitation_optouts::recipient.eq(recipient),
            invitation_optouts::token.eq(&token),
            invitation_optouts::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(token)
}

fn opted_out(conn: &mut Conn, recipient: &str) -> ApiResult<bool> {
    let at: Option<Option<String>> =
        invitation_optouts::table.find(recipient).select(invitation_optouts::opted_out_at).first(conn).optional()?;
    Ok(at.flatten().is_some())
}

/// The address behind a "never invite me again" link, and whether it already opted out.
pub fn optout_of(conn: &mut Conn, token: &str) -> ApiResult<(String, bool)> {
    let row: Option<(String, Option<String>)> = invitation_optouts::table
        .filter(invitation_optouts::token.eq(token))
        .select((invitation_optouts::recipient, invitation_optouts::opted_out_at))
        .first(conn)
        .optional()?;
    let (recipient, at) = row.ok_or_else(|| ApiError::not_found("unknown_link", "this link is not known"))?;
    Ok((recipient, at.is_some()))
}

/// Honours a "never invite me again" link: no invitation reaches that address again.
pub fn opt_out(conn: &mut Conn, token: &str) -> ApiResult<String> {
    let (recipient, _) = optout_of(conn, token)?;
    diesel::update(invitation_optouts::table.find(&recipient).filter(invitation_optouts::opted_out_at.is_null()))
        .set(invitation_optouts::opted_out_at.eq(now()))
        .execute(conn)?;
    tracing::info!("an invited address opted out of invitations");
    Ok(recipient)
}

/// Refuses an invitation to `recipient` by `inviter` that would pass the daily limits or reach an address
/// that asked never to be invited.
fn check_invitation(conn: &mut Conn, mail: &MailContext, inviter: i64, recipient: &str) -> ApiResult<()> {
    if opted_out(conn, recipient)? {
        return Err(ApiError::unprocessable(
            "invitations_refused",
            format!("`{recipient}` asked never to be invited to tegami games; choose another player"),
        ));
    }
    let since = millis(chrono::Utc::now() - chrono::Duration::days(1));
    let by_inviter: i64 = invitations_sent::table
        .filter(invitations_sent::inviter_id.eq(inviter))
        .filter(invitations_sent::created_at.gt(&since))
        .count()
        .get_result(conn)?;
    let limit = mail.settings.invitations_per_account_per_day;
    if by_inviter >= limit as i64 {
        return Err(ApiError::new(
            actix_web::http::StatusCode::TOO_MANY_REQUESTS,
            "invitation_limit",
            format!("you may send at most {limit} invitations in 24 hours; invite again later"),
        ));
    }
    let to_recipient: i64 = invitations_sent::table
        .filter(invitations_sent::recipient.eq(recipient))
        .filter(invitations_sent::created_at.gt(&since))
        .count()
        .get_result(conn)?;
    let limit = mail.settings.invitations_per_recipient_per_day;
    if to_recipient >= limit as i64 {
        return Err(ApiError::new(
            actix_web::http::StatusCode::TOO_MANY_REQUESTS,
            "recipient_invitation_limit",
            format!("`{recipient}` was invited {limit} times in the last 24 hours; invite them again later"),
        ));
    }
    Ok(())
}

/// An invitation to each invited address of a new game, within the daily limits (refused as a whole, so
/// that the game is not created, when one would pass them).
pub fn invitations(conn: &mut Conn, mail: &MailContext, loaded: &Loaded, inviter: i64) -> ApiResult<()> {
    let host = person(conn, inviter)?;
    let id = loaded.row.id;
    let info = loaded.game.game().info();
    for s in loaded.seats.iter().filter(|s| s.kind == "invited") {
        let Some(email) = &s.invited_email else { continue };
        check_invitation(conn, mail, inviter, email)?;
        diesel::insert_into(invitations_sent::table)
            .values((
                invitations_sent::inviter_id.eq(inviter),
                invitations_sent::recipient.eq(email),
                invitations_sent::game_id.eq(id),
                invitations_sent::created_at.eq(crate::time::now_millis()),
            ))
            .execute(conn)?;
        let never = format!("{}/api/v1/invitations/never/{}", mail.public_url, optout_token(conn, email)?);
        let draft = Draft {
            kind: "invitation",
            game_id: Some(id),
            account_id: None,
            message_id: None,
            thread: None,
            to: email.clone(),
            to_name: None,
            // The invitee has no account yet, so no language preference: the email speaks both. The inviter's
            // name is in the body only: a subject is no place for text a stranger chose.
            subject: format!("[tegami] An invitation to play {} / {}への招待", info.name.en, info.name.ja),
            intro: format!(
                "Hello,\n\n{name} invites you to play {en} (game {id}) on tegami, seat {seat}.\n\n\
                 こんにちは。\n\n{name}さんから、tegamiでの{ja}（対局{id}、席{seat}）へのご招待です。",
                name = host.name,
                en = info.name.en,
                ja = info.name.ja,
                seat = s.seat,
            ),
            sections: vec![
                Section::text(
                    "About the game / ゲームについて",
                    format!(
                        "{}\nThe rules: {}\n\n{}\nルール: {}",
                        info.about.en,
                        rules::url(&mail.public_url, &loaded.row.slug, Lang::En),
                        info.about.ja,
                        rules::url(&mail.public_url, &loaded.row.slug, Lang::Ja)
                    ),
                ),
                Section::text(
                    "How to join / 参加のしかた",
                    format!(
                        "Register at {url} with this address ({email}) and open the link we email you, then take your \
                         seat with `tegami join {id}` (or POST {url}/api/v1/games/{id}/join). Once every seat is taken, \
                         your turns arrive by email and you answer by replying.\n\n\
                         このアドレス（{email}）で {url} に登録し、届くメールのリンクを開いてから、\
                         `tegami join {id}` で席に着いてください（または POST {url}/api/v1/games/{id}/join）。\
                         全員がそろうと、手番がメールで届き、返信で指し手を送れます。",
                        url = mail.public_url
                    ),
                ),
                Section::text(
                    "Not interested? / ご興味がなければ",
                    format!(
                        "Ignore this email. To never get another tegami invitation at this address, open:\n{never}\n\n\
                         このメールは無視してください。今後このアドレスに招待を送らせないようにするには:\n{never}"
                    ),
                ),
            ],
            reply_to: None,
            unsubscribe: Some(never),
            picture: None,
        };
        store(conn, mail, draft)?;
    }
    Ok(())
}

/// Queues (as a notice, rendered at send time) the email telling a player that the move they sent by email
/// was applied; it carries a reply token for the decision then asked of them, if any. Sent whatever their
/// preferences: it answers their own email.
pub fn confirmation(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    account: i64,
    seat: u8,
    from_seq: usize,
) -> ApiResult<()> {
    let answered = match loaded.game.entries_from(from_seq as u64).first().map(|e| &e.body) {
        Some(EntryBody::Move { decision, .. }) => decision.clone(),
        _ => return Err(ApiError::internal(format!("entry {from_seq} is not the move to confirm"))),
    };
    let notice = Notice {
        kind: "reply_accepted",
        game_id: loaded.row.id,
        account_id: account,
        // The entries the move set off are appended but not yet stored (the confirmation is queued first,
        // to reach the player before the emails the move causes): the head is the game's, not the row's.
        seq: loaded.game.next_seq() as i64 - 1,
        seat,
        decision: Some(answered),
    };
    outbox::enqueue_notice(conn, &notice, &outbox::fresh_message_id(Some(loaded.row.id), mail.domain()))?;
    Ok(())
}

/// The confirmation of `seat`'s answer to `answered`, the last one among the entries `loaded` holds (the
/// game as it was after that move and what it set off).
fn compose_confirmation(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    asked: Asked,
    recipient: &Recipient,
) -> ApiResult<Composed> {
    let Asked { account, seat, decision: answered, .. } = asked;
    let Recipient { who, lang, .. } = recipient;
    let lang = *lang;
    let title = game_title(loaded, lang);
    let entries = loaded.game.entries();
    let mine = entries.iter().rposition(
        |e| matches!(&e.body, EntryBody::Move { seat: s, decision, .. } if *s == seat && decision == answered),
    );
    let (played, from_seq) = match mine.map(|i| &entries[i]) {
        Some(Entry { body: EntryBody::Move { action, .. }, seq, .. }) => {
            (loaded.game.game().print_action(action).unwrap_or_else(|_| action.to_string()), *seq as usize)
        }
        _ => (String::new(), loaded.game.first_seq() as usize),
    };
    let events: Vec<String> =
        loaded.events_since(from_seq, Some(account)).iter().map(|t| format!("- {}", t.get(lang))).collect();
    let mut sections = vec![Section::text(
        tr(lang, "What happened", "起きたこと"),
        if events.is_empty() {
            tr(lang, "- (nothing public)", "- （公開された出来事なし）")
        } else {
            events.join("\n")
        },
    )];
    sections.push(Section::board(tr(lang, "Your view now", "現在のあなたの盤面"), board_for(loaded, seat, lang)?));
    let next = if loaded.game.is_over() { None } else { loaded.game.pending().into_iter().find(|p| p.seat == seat) };
    let route = match &next {
        Some(p) => {
            sections.push(Section::text(
                tr(lang, "Your next move", "次のあなたの手"),
                legal_text(loaded, &p.id, lang).unwrap_or_default(),
            ));
            sections.push(Section::text(
                tr(lang, "How to answer", "返信のしかた"),
                how_to_answer(mail, loaded, &p.id, lang, None),
            ));
            Some(reply_route(conn, mail, loaded.row.id, account, seat, &p.id)?)
        }
        None => None,
    };
    let draft = Draft {
        kind: "reply_accepted",
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        message_id: route.as_ref().and_then(|r| r.message_id.clone()),
        thread: Some(thread_root(mail, loaded.row.id, account)),
        to: who.email.clone(),
        to_name: Some(who.name.clone()),
        subject: game_subject(loaded, lang),
        intro: match lang {
            Lang::En => format!("Your move `{played}` in {title} was accepted.\n\nHello {},", who.name),
            Lang::Ja => format!("{title}でのあなたの手 `{played}` を受け付けました。\n\n{}さん", who.name),
        },
        sections,
        reply_to: route.as_ref().map(|r| r.reply_to.clone()),
        unsubscribe: None,
        picture: None,
    };
    let label = match lang {
        Lang::En => format!("Your move `{played}` in {title} was accepted"),
        Lang::Ja => format!("{title}でのあなたの手 `{played}` を受け付けました"),
    };
    Ok(Composed { draft, token_hash: route.map(|r| r.token_hash), label })
}

/// The reason for a refused email reply in Japanese, for the errors that carry none of their own.
fn reason_ja(error: &ApiError) -> String {
    if let Some(ja) = &error.detail_ja {
        return ja.clone();
    }
    match error.code {
        "reply_used" => "このメールにはすでに返信済みです。1通のメールで送れる手は1回だけです。",
        "stale_decision" => "このメールが尋ねた手番は、すでに終わっています。",
        "no_move" => "返信に手が見つかりません。1行目に手だけを書いてください。",
        "not_a_player" => "あなたはこの対局の対局者ではありません。",
        "wrong_seat" => "この署名付きの手は、あなたの席のものではありません。",
        "wrong_player" => "この手番はほかの対局者のものです。",
        "game_over" => "この対局はすでに終わっています。",
        "game_not_started" => "この対局はまだ始まっていません（全員がそろうのを待っています）。",
        "malformed_action" => "この手の形式が正しくありません。",
        "duplicate" => "この署名付きの手はすでに適用されています。",
        _ => "返信の手を適用できませんでした。",
    }
    .to_string()
}

/// Tells a player (at their account's address, whoever sent the reply) why the move sent by email changed
/// nothing, in its own transaction (the refused move's was rolled back). When a decision is still asked of
/// them, the email carries a fresh reply token for it: replying to it works.
pub fn refusal(
    conn: &mut Conn,
    mail: &MailContext,
    game: Option<&Loaded>,
    game_id: i64,
    account: i64,
    error: &ApiError,
) -> ApiResult<()> {
    crate::db::write_transaction(conn, |conn| {
        let who = person(conn, account)?;
        let lang = lang_of(conn, account)?;
        let title = game.map(|g| game_title(g, lang)).unwrap_or_else(|| format!("#{game_id}"));
        let detail = match lang {
            Lang::Ja => reason_ja(error),
            Lang::En => error.detail.clone(),
        };
        let mut sections = vec![Section::text(tr(lang, "Why", "理由"), detail)];
        let mut route = None;
        if let Some(loaded) = game
            && let Some(p) = pending_for(loaded, account)
        {
            if let Some(legal) = legal_text(loaded, &p.id, lang) {
                sections.push(Section::text(tr(lang, "What you may answer", "答えられる手"), legal));
            }
            sections
                .push(Section::text(tr(lang, "Try again", "もう一度"), how_to_answer(mail, loaded, &p.id, lang, None)));
            route = Some(reply_route(conn, mail, game_id, account, p.seat, &p.id)?);
        }
        let draft = Draft {
            kind: "reply_refused",
            game_id: Some(game_id),
            account_id: Some(account),
            message_id: route.as_ref().and_then(|r| r.message_id.clone()),
            thread: Some(thread_root(mail, game_id, account)),
            to: who.email,
            to_name: Some(who.name.clone()),
            subject: match game {
                Some(loaded) => game_subject(loaded, lang),
                None => format!("[tegami] {title}"),
            },
            intro: match lang {
                Lang::En => format!("A move sent by email for {title} was not applied.\n\nHello {},", who.name),
                Lang::Ja => format!("{title}にメールで送られた手は適用されませんでした。\n\n{}さん", who.name),
            },
            sections,
            reply_to: route.map(|r| r.reply_to),
            unsubscribe: None,
            picture: None,
        };
        store(conn, mail, draft)
    })
}

/// A new verification link for `account` (replacing any earlier one), emailed to its address.
pub fn verification(conn: &mut Conn, mail: &MailContext, account: i64) -> ApiResult<()> {
    let who = person(conn, account)?;
    let token = hex::encode(random_bytes::<16>());
    let upsert = diesel::insert_into(email_verifications::table)
        .values((
            email_verifications::account_id.eq(account),
            email_verifications::token_hash.eq(token_hash(&token)),
            email_verifications::created_at.eq(now()),
        ))
        .on_conflict(email_verifications::account_id)
        .do_update()
        .set((email_verifications::token_hash.eq(token_hash(&token)), email_verifications::created_at.eq(now())));
    crate::on_backend!(conn, |c| upsert.execute(c))?;
    let link = format!("{}/api/v1/verify-email/{token}", mail.public_url);
    let draft = Draft {
        kind: "verify_email",
        game_id: None,
        account_id: Some(account),
        message_id: None,
        thread: None,
        to: who.email,
        to_name: Some(who.name.clone()),
        // Sent at registration, before the player has chosen a language: both.
        subject: "[tegami] confirm your address / メールアドレスの確認".into(),
        intro: format!(
            "Hello {name},\n\nPlease confirm that this address is yours.\n\n\
             {name}さん、このメールアドレスがご本人のものか確認させてください。",
            name = who.name
        ),
        sections: vec![Section::text(
            "Confirm / 確認",
            format!(
                "Open this link (or POST to it):\n\n{link}\n\nUntil then you cannot take a seat a game has reserved \
                 for this address. If you did not register at tegami, ignore this email.\n\n\
                 上のリンクを開くと確認が終わります。それまでは、このアドレス宛てに用意された席には着けません。\
                 tegamiに登録した覚えがなければ、このメールは無視してください。"
            ),
        )],
        reply_to: None,
        unsubscribe: None,
        picture: None,
    };
    store(conn, mail, draft)
}

/// Marks the address behind a verification link as proved.
pub fn verify_email(conn: &mut Conn, token: &str) -> ApiResult<()> {
    let n = diesel::update(email_verifications::table.filter(email_verifications::token_hash.eq(token_hash(token))))
        .set(email_verifications::verified_at.eq(now()))
        .execute(conn)?;
    if n == 1 {
        Ok(())
    } else {
        Err(ApiError::not_found(
            "unknown_link",
            "this verification link is not known (a newer one may have replaced it)",
        ))
    }
}

pub fn is_verified(conn: &mut Conn, account: i64) -> ApiResult<bool> {
    let at: Option<Option<String>> =
        email_verifications::table.find(account).select(email_verifications::verified_at).first(conn).optional()?;
    Ok(at.flatten().is_some())
}

/// Tells `account` that its webhook `id` (at `url`) was disabled, and why.
pub fn webhook_disabled(
    conn: &mut Conn,
    mail: &MailContext,
    account: i64,
    id: i64,
    url: &str,
    reason: &str,
) -> ApiResult<()> {
    let who = person(conn, account)?;
    let draft = Draft {
        kind: "webhook_disabled",
        game_id: None,
        account_id: Some(account),
        message_id: None,
        thread: None,
        to: who.email,
        to_name: Some(who.name.clone()),
        subject: format!("[tegami] webhook {id} disabled / Webhook {id} を停止しました"),
        intro: format!(
            "Hello {name},\n\nYour webhook {id} at {url} failed too often and is now disabled: {reason}.\n\n\
             {name}さん、{url} のWebhook {id} は失敗が続いたため停止しました。",
            name = who.name
        ),
        sections: vec![Section::text(
            "What next / 次にすること",
            format!(
                "Nothing more is sent to it. `GET {base}/api/v1/webhooks/{id}/deliveries` lists the attempts and \
                 what they got back. Once the receiver works again, register it anew with \
                 `POST {base}/api/v1/webhooks` (and delete the old one).\n\n\
                 このWebhookには今後何も送りません。試行の記録は上のURLで見られます。受け手が直ったら、\
                 新しく登録し直してください。",
                base = mail.public_url
            ),
        )],
        reply_to: None,
        unsubscribe: None,
        picture: None,
    };
    store(conn, mail, draft)
}
