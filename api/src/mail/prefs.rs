//! Per-account notification preferences and the unsubscribe secret used in List-Unsubscribe links.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::auth::random_bytes;
use crate::db::Conn;
use crate::db::schema::mail_prefs;

/// How often a player wants turn emails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Notify {
    /// One email for each decision asked of me (the default).
    EveryTurn,
    /// At most one email a day: the turn emails since the last one, attached to it.
    DailyDigest,
    /// No turn or result emails (replies to my own emails are still answered).
    None,
}

impl Notify {
    pub fn as_str(self) -> &'static str {
        match self {
            Notify::EveryTurn => "every_turn",
            Notify::DailyDigest => "daily_digest",
            Notify::None => "none",
        }
    }

    fn parse(s: &str) -> Notify {
        match s {
            "none" => Notify::None,
            "daily_digest" => Notify::DailyDigest,
            _ => Notify::EveryTurn,
        }
    }
}

/// The language of a player's emails (boards, prompts, events and the email's own words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MailLang {
    #[default]
    En,
    Ja,
}

impl MailLang {
    pub fn lang(self) -> shared::Lang {
        match self {
            MailLang::En => shared::Lang::En,
            MailLang::Ja => shared::Lang::Ja,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            MailLang::En => "en",
            MailLang::Ja => "ja",
        }
    }
}

/// `GET/PUT /api/v1/me/notifications`
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NotificationPrefs {
    pub notify: Notify,
    /// en (the default) or ja.
    #[serde(default)]
    pub lang: MailLang,
}

/// The account's preference and unsubscribe token, created with the default on first use.
pub fn get_or_create(conn: &mut Conn, account: i64) -> Result<(Notify, String), diesel::result::Error> {
    let found: Option<(String, String)> = mail_prefs::table
        .find(account)
        .select((mail_prefs::notify, mail_prefs::unsubscribe_token))
        .first(conn)
        .optional()?;
    if let Some((notify, token)) = found {
        return Ok((Notify::parse(&notify), token));
    }
    let token = hex::encode(random_bytes::<16>());
    diesel::insert_into(mail_prefs::table)
        .values((
            mail_prefs::account_id.eq(account),
            mail_prefs::notify.eq(Notify::EveryTurn.as_str()),
            mail_prefs::unsubscribe_token.eq(&token),
        ))
        .execute(conn)?;
    Ok((Notify::EveryTurn, token))
}

pub fn set(conn: &mut Conn, account: i64, prefs: &NotificationPrefs) -> Result<(), diesel::result::Error> {
    get_or_create(conn, account)?;
    diesel::update(mail_prefs::table.find(account))
        .set((mail_prefs::notify.eq(prefs.notify.as_str()), mail_prefs::lang.eq(prefs.lang.as_str())))
        .execute(conn)?;
    Ok(())
}

pub fn get(conn: &mut Conn, account: i64) -> Result<NotificationPrefs, diesel::result::Error> {
    let (notify, _) = get_or_create(conn, account)?;
    Ok(NotificationPrefs { notify, lang: lang_of(conn, account)? })
}

/// The language of `account`'s emails.
pub fn lang_of(conn: &mut Conn, account: i64) -> Result<MailLang, diesel::result::Error> {
    let lang: Option<String> = mail_prefs::table.find(account).select(mail_prefs::lang).first(conn).optional()?;
    Ok(if lang.as_deref() == Some("ja") { MailLang::Ja } else { MailLang::En })
}

/// Turns notifications off for the owner of `token`; false when the token is unknown.
pub fn unsubscribe(conn: &mut Conn, token: &str) -> Result<bool, diesel::result::Error> {
    let n = diesel::update(mail_prefs::table.filter(mail_prefs::unsubscribe_token.eq(token)))
        .set(mail_prefs::notify.eq(Notify::None.as_str()))
        .execute(conn)?;
    Ok(n > 0)
}

/// `GET/PUT /api/v1/me/vacation`: while away, a player's clocks stand still.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Vacation {
    /// RFC 3339 time the player is back; null: not away.
    #[schema(format = DateTime)]
    pub until: Option<String>,
}

pub fn away_until(conn: &mut Conn, account: i64) -> Result<Option<String>, diesel::result::Error> {
    get_or_create(conn, account)?;
    mail_prefs::table.find(account).select(mail_prefs::away_until).first(conn)
}

pub fn set_away_until(conn: &mut Conn, account: i64, until: Option<&str>) -> Result<(), diesel::result::Error> {
    get_or_create(conn, account)?;
    diesel::update(mail_prefs::table.find(account)).set(mail_prefs::away_until.eq(until)).execute(conn)?;
    Ok(())
}
