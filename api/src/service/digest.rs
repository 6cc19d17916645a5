//! Daily digests: a player who asked for them gets at most one email a day, carrying the turn emails
//! queued for them since the last one as attached messages (each keeps its own reply address and token).

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use lettre::Message;
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};

use crate::auth::random_bytes;
use crate::db::Conn;
use crate::db::schema::{accounts, mail_prefs, outbox};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::outbox::{DIGEST_PART, OutgoingMail, enqueue};
use crate::time::{millis, now_millis};

/// Sends the digests that are due; returns how many.
pub fn sweep(conn: &mut Conn, mail: &MailContext) -> ApiResult<usize> {
    let now = mail.clock.now();
    let waiting: Vec<Option<i64>> = outbox::table
        .filter(outbox::kind.eq(DIGEST_PART))
        .filter(outbox::sent_at.is_null())
        .select(outbox::account_id)
        .distinct()
        .load(conn)?;
    let mut sent = 0;
    for account in waiting.into_iter().flatten() {
        let last: Option<Option<String>> =
            mail_prefs::table.find(account).select(mail_prefs::last_digest_at).first(conn).optional()?;
        let last = last.flatten().and_then(|t| DateTime::parse_from_rfc3339(&t).ok()).map(|t| t.with_timezone(&Utc));
        if last.is_some_and(|l| now < l + Duration::days(1)) {
            continue;
        }
        crate::db::write_transaction(conn, |conn| digest(conn, mail, account, now))?;
        sent += 1;
    }
    Ok(sent)
}

fn digest(conn: &mut Conn, mail: &MailContext, account: i64, now: DateTime<Utc>) -> ApiResult<()> {
    let waiting = outbox::table
        .filter(outbox::kind.eq(DIGEST_PART))
        .filter(outbox::sent_at.is_null())
        .filter(outbox::account_id.eq(account))
        .order(outbox::id.asc())
        .select((outbox::id, outbox::subject, outbox::message));
    // On PostgreSQL, locked: an instance sweeping at the same moment waits, then finds them sent.
    let parts: Vec<(i64, String, String)> = crate::on_backend!(conn,
        sqlite: |c| waiting.load(c),
        postgres: |c| waiting.for_update().load(c)
    )?;
    if parts.is_empty() {
        return Ok(());
    }
    let (email, name): (String, String) =
        accounts::table.find(account).select((accounts::email, accounts::display_name)).first(conn)?;
    let list: String = parts.iter().map(|(_, subject, _)| format!("- {subject}\n")).collect();
    let text = format!(
        "Hello {name},\n\nYour daily tegami digest: {} turn email(s) since the last one, attached below.\n\n{list}\n\
         Open an attached email and reply to it to play that move (each carries its own reply address). A turn\n\
         answered since it was written is refused as late.\n",
        parts.len()
    );
    let bad = |e: String| ApiError::internal(format!("digest for account {account}: {e}"));
    let from: Mailbox = format!("tegami <{}>", mail.settings.from.trim()).parse().map_err(|e| bad(format!("{e}")))?;
    let to: Mailbox = email.parse().map_err(|e| bad(format!("{e}")))?;
    let subject = format!("[tegami] your daily digest — {} turn(s)", parts.len());
    let message_id = format!("<tegami.digest.{}@{}>", hex::encode(random_bytes::<12>()), mail.domain());
    let mut body = MultiPart::mixed().singlepart(SinglePart::plain(text));
    let rfc822 = ContentType::parse("message/rfc822").map_err(|e| bad(e.to_string()))?;
    for (_, _, raw) in &parts {
        body = body.singlepart(SinglePart::builder().header(rfc822.clone()).body(raw.clone()));
    }
    let message = Message::builder()
        .from(from)
        .to(to)
        .subject(subject.clone())
        .message_id(Some(message_id.clone()))
        .multipart(body)
        .map_err(|e| bad(e.to_string()))?;
    enqueue(
        conn,
        &OutgoingMail {
            kind: "digest",
            game_id: None,
            account_id: Some(account),
            sender: mail.settings.from.trim().to_string(),
            recipient: email,
            subject,
            message_id,
            message: String::from_utf8_lossy(&message.formatted()).into_owned(),
        },
    )?;
    let ids: Vec<i64> = parts.iter().map(|p| p.0).collect();
    diesel::update(outbox::table.filter(outbox::id.eq_any(&ids)))
        .set(outbox::sent_at.eq(now_millis()))
        .execute(conn)?;
    diesel::update(mail_prefs::table.find(account)).set(mail_prefs::last_digest_at.eq(millis(now))).execute(conn)?;
    Ok(())
}
