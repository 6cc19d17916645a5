//! Daily digests: a player who asked for them gets at most one email a day, carrying the turn emails
//! queued for them since the last one as attached messages (each keeps its own reply address and token),
//! listed by a label each ("Your turn in UOSAO … #12: move 14 — …"), in the player's language. The turn
//! emails are queued as notices and rendered when the digest is made.

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use lettre::Message;
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};

use crate::db::Conn;
use crate::db::schema::{accounts, mail_prefs, outbox};
use crate::error::{ApiError, ApiResult};
use crate::mail::outbox::{CLAIMED_COLUMNS, Claimed, DIGEST_PART, OutgoingMail, enqueue};
use crate::mail::{MailContext, compose, prefs};
use crate::secrets::random_bytes;
use crate::service::notify;
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

/// An email attached whole (`message/rfc822`), as bytes: RFC 2046 allows such a part no encoding but 7bit,
/// 8bit or binary (never quoted-printable or base64). lettre labels these bytes `binary`; [`label_7bit`]
/// relabels them once the message is formatted.
fn attached(message: &str) -> Body {
    Body::new_with_encoding(message.as_bytes().to_vec(), ContentTransferEncoding::Binary).unwrap_or_else(Body::new)
}

/// A formatted email is 7-bit text in lines of at most 998 octets (RFC 5322), which `7bit` says; lettre
/// checks for lines of 76, so it can only say `binary`, which SMTP without BINARYMIME does not carry.
fn is_7bit(message: &str) -> bool {
    message.bytes().all(|b| b.is_ascii() && b != 0) && message.split("\r\n").all(|l| l.len() <= 998)
}

fn label_7bit(formatted: String) -> String {
    formatted.replace(
        "Content-Type: message/rfc822\r\nContent-Transfer-Encoding: binary\r\n",
        "Content-Type: message/rfc822\r\nContent-Transfer-Encoding: 7bit\r\n",
    )
}

fn digest(conn: &mut Conn, mail: &MailContext, account: i64, now: DateTime<Utc>) -> ApiResult<()> {
    let waiting = outbox::table
        .filter(outbox::kind.eq(DIGEST_PART))
        .filter(outbox::sent_at.is_null())
        .filter(outbox::account_id.eq(account))
        .order(outbox::id.asc())
        .select(CLAIMED_COLUMNS);
    // On PostgreSQL, locked: an instance sweeping at the same moment waits, then finds them sent.
    let parts: Vec<Claimed> = crate::on_backend!(conn,
        sqlite: |c| waiting.load(c),
        postgres: |c| waiting.for_update().load(c)
    )?;
    if parts.is_empty() {
        return Ok(());
    }
    // Each part is rendered now, from the game as it was when it was queued, with a reply token of its own
    // (committed with the digest, before it is sent). Without the board's picture: drawing pictures would hold
    // this transaction's locks for as long; the attached emails show the board as text.
    let mut rendered = Vec::new();
    for part in &parts {
        let Some(notice) = part.notice() else { continue };
        let game = notify::notice_game(conn, &notice)?;
        match notify::render(conn, mail, &notice, &part.message_id, &game, None)? {
            Ok(r) => {
                // The digest is queued in this transaction: the next part (and email) carries newer messages.
                if let Some(through) = r.talk_through {
                    notify::mailed_through(conn, account, notice.game_id, through)?;
                }
                rendered.push(r)
            }
            Err(reason) => tracing::info!(outbox = part.id, reason = %reason, "digest part not sent"),
        }
    }
    let ids: Vec<i64> = parts.iter().map(|p| p.id).collect();
    diesel::update(outbox::table.filter(outbox::id.eq_any(&ids)))
        .set(outbox::sent_at.eq(now_millis()))
        .execute(conn)?;
    if rendered.is_empty() {
        return Ok(());
    }
    let (email, name): (String, String) =
        accounts::table.find(account).select((accounts::email, accounts::display_name)).first(conn)?;
    let lang = prefs::lang_of(conn, account)?;
    let n = rendered.len();
    let list: String = rendered.iter().map(|r| format!("- {}\n", r.label)).collect();
    let text = format!(
        "{}\n\n{}\n\n{list}\n{}\n",
        catalog::t!(lang, "mail-greeting", name = &name),
        catalog::t!(lang, "mail-digest-intro", count = n),
        catalog::t!(lang, "mail-digest-how"),
    );
    let subject = format!("[tegami] {}", catalog::t!(lang, "mail-digest-subject", count = n));
    let text = compose::wrap(&text, compose::TEXT_WIDTH);
    let bad = |e: String| ApiError::internal(format!("digest for account {account}: {e}"));
    let from: Mailbox = format!("tegami <{}>", mail.settings.from.trim()).parse().map_err(|e| bad(format!("{e}")))?;
    let to: Mailbox = email.parse().map_err(|e| bad(format!("{e}")))?;
    let message_id = format!("<tegami.digest.{}@{}>", hex::encode(random_bytes::<12>()), mail.domain());
    let mut body = MultiPart::mixed().singlepart(SinglePart::plain(text));
    let rfc822 = ContentType::parse("message/rfc822").map_err(|e| bad(e.to_string()))?;
    for r in &rendered {
        body = body.singlepart(SinglePart::builder().header(rfc822.clone()).body(attached(&r.mail.message)));
    }
    let token = prefs::of(conn, account)?.unsubscribe_token;
    let unsubscribe = prefs::unsubscribe_url(&mail.public_url, &token);
    let message = Message::builder()
        .from(from)
        .to(to)
        .subject(subject.clone())
        .message_id(Some(message_id.clone()))
        .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{unsubscribe}>")))
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
            "List-Unsubscribe=One-Click".into(),
        ))
        .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("X-Tegami-Kind"), "digest".into()))
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
            message: {
                let formatted = String::from_utf8_lossy(&message.formatted()).into_owned();
                if rendered.iter().all(|r| is_7bit(&r.mail.message)) { label_7bit(formatted) } else { formatted }
            },
        },
    )?;
    diesel::update(mail_prefs::table.find(account)).set(mail_prefs::last_digest_at.eq(millis(now))).execute(conn)?;
    Ok(())
}
