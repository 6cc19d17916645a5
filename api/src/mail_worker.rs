//! The mail worker. It sits above both the mail primitives (`mail`) and the notices it renders
//! (`service::notify`), which use those primitives. Every poll interval it sweeps deadlines (reminders,
//! timeouts), then claims due outbox rows, renders those stored as notices, sends them and records the
//! result, and deletes sent emails older than the retention. It runs beside the HTTP server. Told to stop
//! (SIGTERM), it claims nothing more, lets the send in flight finish and records it, and hands back the rest
//! of its claimed batch, so that a restart sends nothing twice.

use std::time::Duration;

use tokio::sync::watch;

use crate::db::DbPool;
use crate::mail::MailContext;
use crate::mail::outbox::{self, Claimed};
use crate::mail::picture::{self, Picture};
use crate::mail::send::Mailer;
use crate::service::{deadlines, notify};

const BATCH: i64 = 20;

/// Runs until `stop` turns true.
pub async fn run(pool: DbPool, mail: MailContext, mailer: Mailer, mut stop: watch::Receiver<bool>) {
    let settings = mail.settings.clone();
    let mut tick = tokio::time::interval(Duration::from_millis(settings.poll_ms));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tracing::info!(mailer = ?mailer, "mail worker started");
    match blocking(&pool, outbox::release_claims).await {
        Ok(0) => {}
        Ok(n) => tracing::warn!(released = n, "mail worker: retrying emails a previous run had not finished sending"),
        Err(e) => tracing::warn!(error = %e, "mail worker: cannot release old claims"),
    }
    let mut last_pruned: Option<chrono::DateTime<chrono::Utc>> = None;
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => {}
        }
        if *stop.borrow() {
            break;
        }
        let ctx = mail.clone();
        match blocking(&pool, move |conn| deadlines::sweep(conn, &ctx)).await {
            Ok(swept) if swept != deadlines::Swept::default() => tracing::info!(?swept, "deadlines swept"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "deadline sweep failed"),
        }
        let ctx = mail.clone();
        match blocking(&pool, move |conn| crate::service::digest::sweep(conn, &ctx)).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(digests = n, "daily digests queued"),
            Err(e) => tracing::warn!(error = %e, "digest sweep failed"),
        }
        let now = mail.clock.now();
        if last_pruned.is_none_or(|at| now - at >= chrono::Duration::minutes(outbox::PRUNE_EVERY_MINUTES)) {
            last_pruned = Some(now);
            let retention = settings.retention_days;
            match blocking(&pool, move |conn| outbox::prune_sent(conn, retention, now)).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(deleted = n, "sent emails past their retention deleted"),
                Err(e) => tracing::warn!(error = %e, "outbox pruning failed"),
            }
        }
        loop {
            if *stop.borrow() {
                break;
            }
            match send_due(&pool, &mail, &mailer, &stop).await {
                Ok(n) if n as i64 == BATCH => continue,
                Ok(_) => break,
                Err(e) => {
                    tracing::warn!(error = %e, "mail worker: cannot read the outbox");
                    break;
                }
            }
        }
    }
    tracing::info!("mail worker stopped");
}

async fn blocking<T: Send + 'static, E: std::fmt::Display>(
    pool: &DbPool,
    f: impl FnOnce(&mut crate::db::Conn) -> Result<T, E> + Send + 'static,
) -> Result<T, String> {
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        f(&mut conn).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

/// A claimed row made ready to send.
enum Ready {
    Send {
        sender: String,
        recipient: String,
        message: String,
        /// The reply token minted when a notice was rendered: taken back if the email does not go out.
        token_hash: Option<String>,
        /// The newest message of table talk it carries (of its account and game), recorded once it is sent.
        talk_through: Option<i64>,
    },
    /// A notice with nothing to send (its recipient wants no game emails any more), and why.
    Skip(String),
    /// A row that can never be sent.
    Broken(String),
}

/// A rendered row as stored; a notice rendered now, from the game as it was at its seq. Three steps, so that
/// the one that writes is short: the game is read and its board drawn as SVG (reads only), the board is
/// rasterised with no connection held, then a transaction of its own renders the email and mints its reply
/// token (committed before the email leaves, so that replying works). On SQLite that transaction holds the
/// database's one write lock, which moves wait for.
async fn prepare(pool: &DbPool, mail: &MailContext, row: &Claimed) -> Result<Ready, String> {
    if let Some(message) = &row.message {
        return Ok(Ready::Send {
            sender: row.sender.clone().unwrap_or_default(),
            recipient: row.recipient.clone().unwrap_or_default(),
            message: message.clone(),
            token_hash: None,
            talk_through: None,
        });
    }
    let Some(notice) = row.notice() else {
        return Ok(Ready::Broken(format!("a `{}` row that is neither rendered nor a notice", row.kind)));
    };
    let read = notice.clone();
    let read = blocking(pool, move |conn| {
        let found =
            notify::notice_game(conn, &read).and_then(|game| Ok((notify::board_svg(conn, &game, &read)?, game)));
        match found {
            Ok(found) => Ok(Ok(found)),
            // Its game or account is gone: it will never render.
            Err(e) if e.status.is_client_error() => Ok(Err(e.to_string())),
            Err(e) => Err(e),
        }
    })
    .await?;
    let (svg, game) = match read {
        Ok(found) => found,
        Err(reason) => return Ok(Ready::Broken(reason)),
    };
    let picture = match svg {
        Some(svg) => draw(row.id, svg).await,
        None => None,
    };
    let (ctx, message_id) = (mail.clone(), row.message_id.clone());
    blocking(pool, move |conn| {
        let rendered =
            crate::db::write_transaction(conn, |conn| notify::render(conn, &ctx, &notice, &message_id, &game, picture));
        match rendered {
            Ok(Ok(r)) => Ok(Ready::Send {
                sender: r.mail.sender,
                recipient: r.mail.recipient,
                message: r.mail.message,
                token_hash: r.token_hash,
                talk_through: r.talk_through,
            }),
            Ok(Err(reason)) => Ok(Ready::Skip(reason)),
            Err(e) if e.status.is_client_error() => Ok(Ready::Broken(e.to_string())),
            Err(e) => Err(e),
        }
    })
    .await
}

/// The board picture of outbox row `id`; without one (a broken drawing), the email still goes out with the
/// board as text.
async fn draw(id: i64, svg: String) -> Option<Picture> {
    match picture::draw(svg).await {
        Ok(picture) => Some(picture),
        Err(error) => {
            tracing::warn!(outbox = id, %error, "board picture not drawn; the email shows the board as text");
            None
        }
    }
}

/// Sends one batch; returns how many rows were claimed. When told to stop it finishes the send in flight,
/// records it, and releases the rows of the batch it has not begun.
async fn send_due(
    pool: &DbPool,
    mail: &MailContext,
    mailer: &Mailer,
    stop: &watch::Receiver<bool>,
) -> Result<usize, String> {
    let settings = &mail.settings;
    // Held (a restored copy, `serve --hold-mail`): deadlines still pass and emails are queued; none is sent.
    let claimed: Vec<Claimed> = blocking(pool, |conn| {
        if crate::outgoing_hold::held(conn)?.is_some() {
            return Ok(Vec::new());
        }
        outbox::claim_due(conn, BATCH)
    })
    .await?;
    let n = claimed.len();
    for (i, row) in claimed.iter().enumerate() {
        if *stop.borrow() {
            let ids: Vec<i64> = claimed[i..].iter().map(|r| r.id).collect();
            let released = ids.len();
            blocking(pool, move |conn| outbox::release(conn, &ids)).await?;
            tracing::info!(released, "mail worker stopping: unsent emails handed back");
            return Ok(n);
        }
        let attempts = row.attempts + 1;
        let id = row.id;
        let (sender, recipient, message, token_hash, talk_through) = match prepare(pool, mail, row).await {
            Ok(Ready::Send { sender, recipient, message, token_hash, talk_through }) => {
                (sender, recipient, message, token_hash, talk_through)
            }
            Ok(Ready::Skip(reason)) => {
                tracing::info!(outbox = id, kind = %row.kind, reason = %reason, "email not sent");
                metrics::counter!(crate::metrics::EMAILS, "outcome" => "skipped").increment(1);
                blocking(pool, move |conn| outbox::mark_skipped(conn, id, &reason)).await?;
                continue;
            }
            Ok(Ready::Broken(reason)) => {
                tracing::error!(outbox = id, reason = %reason, "email given up");
                metrics::counter!(crate::metrics::EMAILS, "outcome" => "given_up").increment(1);
                blocking(pool, move |conn| outbox::give_up(conn, id, &format!("gave up: {reason}"))).await?;
                continue;
            }
            Err(e) if attempts >= outbox::MAX_ATTEMPTS => {
                tracing::error!(outbox = id, attempts, error = %e, "email given up");
                metrics::counter!(crate::metrics::EMAILS, "outcome" => "given_up").increment(1);
                let error = format!("gave up: cannot render: {e}");
                blocking(pool, move |conn| outbox::give_up(conn, id, &error)).await?;
                continue;
            }
            // The game could not be read (a database hiccup): retried like a failed send.
            Err(e) => {
                let delay = outbox::backoff_ms(attempts, settings.retry_base_ms, settings.retry_max_ms);
                tracing::warn!(outbox = id, attempts, retry_in_ms = delay, error = %e, "email not rendered");
                metrics::counter!(crate::metrics::EMAILS, "outcome" => "failed").increment(1);
                let error = format!("cannot render: {e}");
                blocking(pool, move |conn| outbox::mark_failed(conn, id, &error, delay)).await?;
                continue;
            }
        };
        let result = mailer.send(id, &sender, &recipient, &message).await;
        if result.is_err()
            && let Some(hash) = token_hash
        {
            blocking(pool, move |conn| notify::forget_reply_token(conn, &hash)).await?;
        }
        match result {
            Ok(()) => {
                tracing::info!(outbox = id, to = %recipient, attempts, "email sent");
                metrics::counter!(crate::metrics::EMAILS, "outcome" => "sent").increment(1);
                blocking(pool, move |conn| outbox::mark_sent(conn, id)).await?;
                if let (Some(through), Some(game), Some(account)) = (talk_through, row.game_id, row.account_id) {
                    blocking(pool, move |conn| notify::mailed_through(conn, account, game, through)).await?;
                }
            }
            Err(e) if e.is_permanent() || attempts >= outbox::MAX_ATTEMPTS => {
                tracing::error!(outbox = id, to = %recipient, attempts, error = %e, "email given up");
                metrics::counter!(crate::metrics::EMAILS, "outcome" => "given_up").increment(1);
                let error = format!("gave up: {e}");
                blocking(pool, move |conn| outbox::give_up(conn, id, &error)).await?;
            }
            Err(e) => {
                let delay = outbox::backoff_ms(attempts, settings.retry_base_ms, settings.retry_max_ms);
                tracing::warn!(outbox = id, to = %recipient, attempts, retry_in_ms = delay, error = %e, "email not sent");
                metrics::counter!(crate::metrics::EMAILS, "outcome" => "failed").increment(1);
                let error = e.to_string();
                blocking(pool, move |conn| outbox::mark_failed(conn, id, &error, delay)).await?;
            }
        }
    }
    Ok(n)
}
