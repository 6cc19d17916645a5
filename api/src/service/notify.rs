//! Which emails a change to a game calls for, composed from the recipient's own view and written to the
//! outbox inside the change's transaction: turn emails (with a single-use reply token), result emails,
//! invitations, and the answers to moves that arrived by email.

use diesel::prelude::*;
use shared::journal::EntryBody;
use shared::{Lang, Pending, Viewer};

use crate::auth::{random_bytes, token_hash};
use crate::db::Conn;
use crate::db::schema::{accounts, decision_deadlines, email_verifications, reply_tokens};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{self, Draft, Section};
use crate::mail::outbox;
use crate::mail::prefs::{self, Notify};
use crate::service::games::Loaded;
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

/// "UOSAO #12": the game type's short name and the game's number, as subjects show it.
fn game_title(loaded: &Loaded) -> String {
    format!("{} #{}", loaded.row.slug.to_uppercase(), loaded.row.id)
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

/// Turn emails for every decision asked now that was not asked before, and result emails when the game
/// has just ended.
pub fn after_change(conn: &mut Conn, mail: &MailContext, loaded: &Loaded) -> ApiResult<()> {
    if loaded.row.status == "waiting" {
        return Ok(());
    }
    track_deadlines(conn, mail, loaded)?;
    if loaded.game.is_over() {
        if !loaded.over_before {
            for seat in player_seats(loaded) {
                game_over(conn, mail, loaded, seat.0, seat.1)?;
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
        turn(conn, mail, loaded, account, &p)?;
    }
    Ok(())
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

/// Someone who gets game emails: how often, their address and name, their language, their unsubscribe token.
struct Recipient {
    notify: Notify,
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
    Ok(Some(Recipient { notify, who: person(conn, account)?, lang: lang_of(conn, account)?, unsubscribe }))
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

fn deadline_text(conn: &mut Conn, loaded: &Loaded, decision: &str, lang: Lang) -> ApiResult<String> {
    let due: Option<String> = decision_deadlines::table
        .find((loaded.row.id, decision))
        .select(decision_deadlines::due_at)
        .first(conn)
        .optional()?;
    Ok(match (due, lang) {
        (Some(due), Lang::En) => format!(
            "Answer by {}. After that the server applies the rules' default answer, or, where the rules give \
             none, you forfeit (you resign the game).",
            human_time(&due)
        ),
        (Some(due), Lang::Ja) => format!(
            "期限: {}。過ぎるとルールの既定の応答が適用されます（既定がないゲームでは投了扱いになります）。",
            human_time(&due)
        ),
        (None, lang) => {
            tr(lang, "No time limit: the game waits for your answer.", "期限なし：あなたの返信を待ちます。")
        }
    })
}

/// Reminds a player that `decision` is due soon.
pub fn reminder(conn: &mut Conn, mail: &MailContext, loaded: &Loaded, seat: u8, decision: &str) -> ApiResult<()> {
    let Some(account) = loaded.seats.get(seat as usize).filter(|s| s.kind == "player").and_then(|s| s.account_id)
    else {
        return Ok(());
    };
    let Some(Recipient { who, lang, unsubscribe, .. }) = subscribed(conn, account)? else {
        return Ok(());
    };
    let title = game_title(loaded);
    let deadline = deadline_text(conn, loaded, decision, lang)?;
    let mut sections = vec![Section::text(tr(lang, "Deadline", "期限"), deadline)];
    if let Some(legal) = legal_text(loaded, decision, lang) {
        sections.push(Section::pre(tr(lang, "Your move", "あなたの手"), legal));
    }
    sections.push(Section::pre(tr(lang, "Your view", "あなたの盤面"), board_for(loaded, seat, lang)?));
    sections.push(Section::text(
        tr(lang, "How to answer", "返信のしかた"),
        tr(
            lang,
            "Reply to the turn email of this decision with your move on the first line.",
            "この手番のメールに、1行目に手を書いて返信してください。",
        ),
    ));
    let draft = Draft {
        kind: "reminder",
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        to: who.email,
        to_name: Some(who.name.clone()),
        subject: format!(
            "[tegami] {title} — {}",
            tr(lang, "reminder: your move is due soon", "リマインダー：手番の期限が近づいています")
        ),
        intro: match lang {
            Lang::En => format!("Hello {},\n\nIn {title} your move is still awaited.", who.name),
            Lang::Ja => format!("{}さん\n\n{title}であなたの手を待っています。", who.name),
        },
        sections,
        reply_to: None,
        unsubscribe: Some(unsubscribe_url(mail, &unsubscribe)),
    };
    store(conn, mail, draft)
}

fn player_seats(loaded: &Loaded) -> Vec<(u8, i64)> {
    loaded.seats.iter().filter(|s| s.kind == "player").filter_map(|s| s.account_id.map(|a| (s.seat as u8, a))).collect()
}

/// Events `seat` may read since its last own entry (that entry's consequences included).
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

/// The legal answers to `decision` as a section body: every option, or the help and a few examples.
pub fn legal_text(loaded: &Loaded, decision: &str, lang: Lang) -> Option<String> {
    let choices = loaded.game.game().legal(loaded.game.state(), decision)?;
    let mut out = format!("{}\n\n", choices.prompt.get(lang));
    if choices.complete {
        out.push_str(&tr(lang, "Legal moves:\n", "合法手:\n"));
    } else {
        if let Some(help) = &choices.help {
            out.push_str(&format!("{}\n\n", help.get(lang)));
        }
        out.push_str(&tr(lang, "For example:\n", "例:\n"));
    }
    for o in &choices.options {
        out.push_str(&format!("  {}\n", o.notation));
    }
    Some(out)
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

fn turn(conn: &mut Conn, mail: &MailContext, loaded: &Loaded, account: i64, p: &Pending) -> ApiResult<()> {
    let Some(Recipient { notify, who, lang, unsubscribe }) = subscribed(conn, account)? else {
        return Ok(());
    };
    let token = hex::encode(random_bytes::<16>());
    diesel::insert_into(reply_tokens::table)
        .values((
            reply_tokens::token_hash.eq(token_hash(&token)),
            reply_tokens::game_id.eq(loaded.row.id),
            reply_tokens::account_id.eq(account),
            reply_tokens::seat.eq(p.seat as i32),
            reply_tokens::decision.eq(&p.id),
            reply_tokens::created_at.eq(now()),
        ))
        .execute(conn)?;
    let id = loaded.row.id;
    let title = game_title(loaded);
    let legal = legal_text(loaded, &p.id, lang).unwrap_or_default();
    let example = loaded
        .game
        .game()
        .legal(loaded.game.state(), &p.id)
        .and_then(|c| c.options.first().map(|o| o.notation.clone()))
        .unwrap_or_else(|| "<move>".into());
    let events = events_for(loaded, p.seat, lang);
    let mut sections = vec![Section::pre(tr(lang, "Your view", "あなたの盤面"), board_for(loaded, p.seat, lang)?)];
    sections.push(Section::pre(
        tr(lang, "Since your last move", "前回の手番から"),
        if events.is_empty() { tr(lang, "- nothing yet", "- まだありません") } else { events.join("\n") },
    ));
    sections.push(Section::pre(tr(lang, "Your move", "あなたの手"), legal));
    sections.push(Section::text(tr(lang, "Deadline", "期限"), deadline_text(conn, loaded, &p.id, lang)?));
    let how = match lang {
        Lang::En => format!(
            "Reply to this email with your move alone on the first line, for example:\n\n    {example}\n\n\
             Keep the reply address and the [ref:...] in the subject: they prove the reply is yours, and they \
             answer this one decision once. Instead of a bare move you may paste a signed move from \
             `tegami play {id} <move> --print-signed`.\n\n\
             The game on the web: {}/api/v1/games/{id}/board\n\
             Stop these emails: {}",
            mail.public_url,
            unsubscribe_url(mail, &unsubscribe)
        ),
        Lang::Ja => format!(
            "このメールに返信し、1行目に手だけを書いてください。例:\n\n    {example}\n\n\
             返信先アドレスと件名の [ref:...] はそのままにしてください。あなたの返信である証明で、この手番に一度だけ\
             使えます。手の代わりに `tegami play {id} <手> --print-signed` の署名付きの手を貼り付けることもできます。\n\n\
             ウェブで見る: {}/api/v1/games/{id}/board?lang=ja\n\
             メールを止める: {}",
            mail.public_url,
            unsubscribe_url(mail, &unsubscribe)
        ),
    };
    sections.push(Section::text(tr(lang, "How to answer", "返信のしかた"), how));
    let draft = Draft {
        kind: if notify == Notify::DailyDigest { outbox::DIGEST_PART } else { "turn" },
        game_id: Some(id),
        account_id: Some(account),
        to: who.email,
        to_name: Some(who.name.clone()),
        subject: format!(
            "[tegami] {title} — {} ({}){} [ref:{token}]",
            tr(lang, "your move", "あなたの番です"),
            p.kind,
            round_of(loaded, p.seat, lang)
        ),
        intro: match lang {
            Lang::En => format!(
                "Hello {},\n\nIn {title} ({}) it is your move ({}).",
                who.name,
                loaded.game.game().info().name.en,
                p.kind
            ),
            Lang::Ja => format!(
                "{}さん\n\n{title}（{}）であなたの番です（{}）。",
                who.name,
                loaded.game.game().info().name.ja,
                p.kind
            ),
        },
        sections,
        reply_to: Some(mail.reply_address(&token)),
        unsubscribe: Some(unsubscribe_url(mail, &unsubscribe)),
    };
    store(conn, mail, draft)
}

fn game_over(conn: &mut Conn, mail: &MailContext, loaded: &Loaded, seat: u8, account: i64) -> ApiResult<()> {
    let Some(Recipient { who, lang, unsubscribe, .. }) = subscribed(conn, account)? else {
        return Ok(());
    };
    let title = game_title(loaded);
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
    sections.push(Section::pre(tr(lang, "Final position", "最終盤面"), board_for(loaded, seat, lang)?));
    let events = events_for(loaded, seat, lang);
    if !events.is_empty() {
        sections.push(Section::pre(tr(lang, "Since your last move", "前回の手番から"), events.join("\n")));
    }
    sections.push(Section::text(
        "Check it",
        format!(
            "The whole journal, with the seed, is at {}/api/v1/games/{}/journal (`tegami verify {}` replays it).",
            mail.public_url, loaded.row.id, loaded.row.id
        ),
    ));
    let draft = Draft {
        kind: "game_over",
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        to: who.email,
        to_name: Some(who.name.clone()),
        subject: format!("[tegami] {title} — {}", tr(lang, "game over", "対局終了")),
        intro: format!("Hello {},\n\n{title} is over.", who.name),
        sections,
        reply_to: None,
        unsubscribe: Some(unsubscribe_url(mail, &unsubscribe)),
    };
    store(conn, mail, draft)
}

/// An invitation to each invited address of a new game.
pub fn invitations(conn: &mut Conn, mail: &MailContext, loaded: &Loaded, inviter: i64) -> ApiResult<()> {
    let host = person(conn, inviter)?;
    let title = game_title(loaded);
    let id = loaded.row.id;
    for s in loaded.seats.iter().filter(|s| s.kind == "invited") {
        let Some(email) = &s.invited_email else { continue };
        let draft = Draft {
            kind: "invitation",
            game_id: Some(id),
            account_id: None,
            to: email.clone(),
            to_name: None,
            // The invitee has no account yet, so no language preference: the email speaks both.
            subject: format!("[tegami] {title} — {} invites you to play / 対局へのご招待", host.name),
            intro: format!(
                "Hello,\n\n{name} invites you to play {en} (game {id}) on tegami, seat {seat}.\n\n\
                 こんにちは。\n\n{name}さんから、tegamiでの{ja}（対局{id}、席{seat}）へのご招待です。",
                name = host.name,
                en = loaded.game.game().info().name.en,
                ja = loaded.game.game().info().name.ja,
                seat = s.seat,
            ),
            sections: vec![
                Section::text("About the game / ゲームについて", {
                    let about = loaded.game.game().info().about;
                    format!("{}\n\n{}", about.en, about.ja)
                }),
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
            ],
            reply_to: None,
            unsubscribe: None,
        };
        store(conn, mail, draft)?;
    }
    Ok(())
}

/// Marks a reply token used; a second use (a replay, or two racing replies) is refused.
pub fn spend_reply_token(conn: &mut Conn, hash: &str) -> ApiResult<()> {
    let n = diesel::update(reply_tokens::table.find(hash).filter(reply_tokens::used_at.is_null()))
        .set(reply_tokens::used_at.eq(now()))
        .execute(conn)?;
    if n == 1 {
        Ok(())
    } else {
        Err(ApiError::conflict("reply_used", "this email's reply reference was already used for a move"))
    }
}

/// Tells a player that the move they sent by email was applied.
pub fn confirmation(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    account: i64,
    seat: u8,
    from_seq: usize,
) -> ApiResult<()> {
    let who = person(conn, account)?;
    let title = game_title(loaded);
    let played = match &loaded.game.entries()[from_seq].body {
        EntryBody::Move { action, .. } => {
            loaded.game.game().print_action(action).unwrap_or_else(|_| action.to_string())
        }
        _ => String::new(),
    };
    let lang = lang_of(conn, account)?;
    let events: Vec<String> =
        loaded.events_since(from_seq, Some(account)).iter().map(|t| format!("- {}", t.get(lang))).collect();
    let mut sections = vec![Section::pre(
        tr(lang, "What happened", "起きたこと"),
        if events.is_empty() {
            tr(lang, "- (nothing public)", "- （公開された出来事なし）")
        } else {
            events.join("\n")
        },
    )];
    sections.push(Section::pre(tr(lang, "Your view now", "現在のあなたの盤面"), board_for(loaded, seat, lang)?));
    let draft = Draft {
        kind: "reply_accepted",
        game_id: Some(loaded.row.id),
        account_id: Some(account),
        to: who.email,
        to_name: Some(who.name.clone()),
        subject: format!("[tegami] {title} — {}: {played}", tr(lang, "move accepted", "手を受け付けました")),
        intro: match lang {
            Lang::En => format!("Hello {},\n\nYour move `{played}` in {title} was accepted.", who.name),
            Lang::Ja => format!("{}さん\n\n{title}でのあなたの手 `{played}` を受け付けました。", who.name),
        },
        sections,
        reply_to: None,
        unsubscribe: None,
    };
    store(conn, mail, draft)
}

/// Tells a player why the move they sent by email changed nothing (in its own transaction: the refused
/// move's was rolled back).
pub fn refusal(
    conn: &mut Conn,
    mail: &MailContext,
    game: Option<&Loaded>,
    game_id: i64,
    account: i64,
    error: &ApiError,
    decision: Option<&str>,
) -> ApiResult<()> {
    let who = person(conn, account)?;
    let lang = lang_of(conn, account)?;
    let title = game.map(game_title).unwrap_or_else(|| format!("game #{game_id}"));
    let detail = match (lang, &error.detail_ja) {
        (Lang::Ja, Some(ja)) => ja.clone(),
        _ => error.detail.clone(),
    };
    let mut sections = vec![Section::text(tr(lang, "Why", "理由"), detail)];
    if let (Some(loaded), Some(d)) = (game, decision)
        && let Some(legal) = legal_text(loaded, d, lang)
    {
        sections.push(Section::pre(tr(lang, "What you may answer", "答えられる手"), legal));
        sections.push(Section::text(
            tr(lang, "Try again", "もう一度"),
            tr(
                lang,
                "Reply to the same turn email (not to this one) with one of these moves on the first line.",
                "このメールではなく、同じ手番のメールに、1行目にこれらの手のどれかを書いて返信してください。",
            ),
        ));
    }
    let draft = Draft {
        kind: "reply_refused",
        game_id: Some(game_id),
        account_id: Some(account),
        to: who.email,
        to_name: Some(who.name.clone()),
        subject: format!(
            "[tegami] {title} — {} ({})",
            tr(lang, "your reply was not applied", "返信の手は適用されませんでした"),
            error.code
        ),
        intro: match lang {
            Lang::En => format!("Hello {},\n\nThe move you sent by email for {title} changed nothing.", who.name),
            Lang::Ja => format!("{}さん\n\n{title}にメールで送られた手は適用されず、何も変わっていません。", who.name),
        },
        sections,
        reply_to: None,
        unsubscribe: None,
    };
    crate::db::write_transaction(conn, |conn| store(conn, mail, draft))
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
