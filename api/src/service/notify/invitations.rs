//! Invitations to the invited addresses of a new game, their daily limits and the "never invite me
//! again" opt-out.

use diesel::prelude::*;

use crate::db::Conn;
use crate::db::schema::{accounts, invitation_optouts, invitations_sent};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::mail::compose::{Draft, Section};
use crate::secrets::random_bytes;
use crate::service::game_record::Loaded;
use crate::service::rules;
use crate::time::{millis, now};

use super::common::{in_every_language, lang_of, person, store};

/// The "never invite me again" link of `recipient` (created on first use).
pub(super) fn optout_token(conn: &mut Conn, recipient: &str) -> ApiResult<String> {
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

pub(super) fn opted_out(conn: &mut Conn, recipient: &str) -> ApiResult<bool> {
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
pub(super) fn check_invitation(conn: &mut Conn, mail: &MailContext, inviter: i64, recipient: &str) -> ApiResult<()> {
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
/// that the game is not created, when one would pass them). An address of a registered player counts
/// against no limit and is not asked to register.
pub fn invitations(conn: &mut Conn, mail: &MailContext, loaded: &Loaded, inviter: i64) -> ApiResult<()> {
    let host = person(conn, inviter)?;
    let id = loaded.row.id;
    let info = loaded.game.game().info();
    for s in loaded.seats.iter().filter(|s| s.kind == "invited") {
        let Some(email) = &s.invited_email else { continue };
        let registered: Option<i64> = accounts::table
            .filter(accounts::email.eq(email.trim().to_lowercase()))
            .select(accounts::id)
            .first(conn)
            .optional()?;
        if let Some(account) = registered {
            // A player of tegami already: no stranger to protect from unwanted mail (the daily limits are for
            // those), and no registration to ask for.
            if opted_out(conn, email)? {
                check_invitation(conn, mail, inviter, email)?;
            }
            invite_player(conn, mail, loaded, &host.name, account, s.seat as u8)?;
            continue;
        }
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
            subject: format!(
                "[tegami] {}",
                in_every_language(" / ", |lang| catalog::t!(
                    lang,
                    "mail-invitation-subject",
                    game = info.name.get(lang)
                ))
            ),
            intro: in_every_language("\n\n", |lang| {
                catalog::t!(
                    lang,
                    "mail-stranger-invitation-intro",
                    name = &host.name,
                    game = info.name.get(lang),
                    number = id.to_string(),
                    seat = s.seat,
                )
            }),
            sections: vec![
                Section::text(
                    in_every_language(" / ", |lang| catalog::t!(lang, "mail-about-the-game")),
                    in_every_language("\n\n", |lang| {
                        format!(
                            "{}\n{}",
                            info.about.get(lang),
                            catalog::t!(
                                lang,
                                "mail-rules-link",
                                url = rules::url(&mail.public_url, &loaded.row.slug, lang)
                            )
                        )
                    }),
                ),
                Section::text(
                    in_every_language(" / ", |lang| catalog::t!(lang, "mail-how-to-join")),
                    in_every_language("\n\n", |lang| {
                        catalog::t!(
                            lang,
                            "mail-stranger-how-to-join",
                            url = &mail.public_url,
                            email = email,
                            number = id.to_string(),
                        )
                    }),
                ),
                Section::text(
                    in_every_language(" / ", |lang| catalog::t!(lang, "mail-not-interested")),
                    in_every_language("\n\n", |lang| catalog::t!(lang, "mail-stranger-opt-out", url = &never)),
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

/// The invitation of a registered player to seat `seat` of a new game, in their language: sign in and take
/// the seat.
fn invite_player(
    conn: &mut Conn,
    mail: &MailContext,
    loaded: &Loaded,
    host: &str,
    account: i64,
    seat: u8,
) -> ApiResult<()> {
    let who = person(conn, account)?;
    let lang = lang_of(conn, account)?;
    let (id, url) = (loaded.row.id, &mail.public_url);
    let info = loaded.game.game().info();
    let name = info.name.get(lang);
    let never = format!("{url}/api/v1/invitations/never/{}", optout_token(conn, &who.email)?);
    let draft = Draft {
        kind: "invitation",
        game_id: Some(id),
        account_id: Some(account),
        message_id: None,
        thread: None,
        to: who.email.clone(),
        to_name: Some(who.name.clone()),
        subject: format!("[tegami] {}", catalog::t!(lang, "mail-invitation-subject", game = name)),
        intro: format!(
            "{}\n\n{}",
            catalog::t!(lang, "mail-greeting", name = &who.name),
            catalog::t!(lang, "mail-player-invitation", name = host, game = name, number = id.to_string(), seat = seat)
        ),
        sections: vec![
            Section::text(
                catalog::t!(lang, "mail-about-the-game"),
                format!(
                    "{}\n{}",
                    info.about.get(lang),
                    catalog::t!(lang, "mail-rules-link", url = rules::url(url, &loaded.row.slug, lang))
                ),
            ),
            Section::text(
                catalog::t!(lang, "mail-how-to-join"),
                catalog::t!(lang, "mail-player-how-to-join", url = url, number = id.to_string()),
            ),
            Section::text(
                catalog::t!(lang, "mail-not-interested"),
                catalog::t!(lang, "mail-player-opt-out", url = &never),
            ),
        ],
        reply_to: None,
        unsubscribe: Some(never),
        picture: None,
    };
    store(conn, mail, draft)
}
