//! The settings of the running server that `mail-in` needs to answer as the server would, recorded in the
//! database at each start. An MTA runs `mail-in` with whatever its alias line says, often only
//! `--database-url`: with nothing else, it would compose its refusals from `tegami@127.0.0.1`, link them
//! to `http://127.0.0.1:8080` and skip the DMARC check the server requires. So `mail-in` given neither a
//! config file nor any of these settings takes them from the database, as the server last started with them;
//! given them (`--config` with the server's file is best), it uses its own and warns where they differ from
//! the server's.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::db::Conn;
use crate::db::schema::server_settings;
use crate::settings::{ReplyTokenIn, Settings, SettingsArgs};

const NAME: &str = "served_mail_settings";

/// What shapes a reply's handling and the emails `mail-in` composes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MailIdentity {
    pub public_url: String,
    pub mail_from: String,
    pub mail_reply_address: String,
    pub mail_reply_token: ReplyTokenIn,
    pub mail_require_dmarc: bool,
    pub mail_authserv_id: Option<String>,
    pub require_verified_email: bool,
    pub deadline_reminder_hours: u32,
    /// Absent from what servers recorded before refusals were limited: the defaults then.
    #[serde(default = "default_refusals_per_hour")]
    pub mail_refusals_per_hour: u32,
    #[serde(default = "default_refusals_per_game_per_hour")]
    pub mail_refusals_per_game_per_hour: u32,
}

fn default_refusals_per_hour() -> u32 {
    10
}

fn default_refusals_per_game_per_hour() -> u32 {
    4
}

impl MailIdentity {
    pub fn of(settings: &Settings) -> MailIdentity {
        MailIdentity {
            public_url: settings.public_url.clone(),
            mail_from: settings.mail.from.clone(),
            mail_reply_address: settings.mail.reply_address.clone(),
            mail_reply_token: settings.mail.reply_token_in,
            mail_require_dmarc: settings.mail.require_dmarc,
            mail_authserv_id: settings.mail.authserv_id.clone(),
            require_verified_email: settings.mail.require_verified,
            deadline_reminder_hours: settings.deadline_reminder_hours,
            mail_refusals_per_hour: settings.mail.refusals_per_hour,
            mail_refusals_per_game_per_hour: settings.mail.refusals_per_game_per_hour,
        }
    }

    pub fn apply_to(&self, settings: &mut Settings) {
        settings.public_url = self.public_url.clone();
        settings.mail.from = self.mail_from.clone();
        settings.mail.reply_address = self.mail_reply_address.clone();
        settings.mail.reply_token_in = self.mail_reply_token;
        settings.mail.require_dmarc = self.mail_require_dmarc;
        settings.mail.authserv_id = self.mail_authserv_id.clone();
        settings.mail.require_verified = self.require_verified_email;
        settings.deadline_reminder_hours = self.deadline_reminder_hours;
        settings.mail.refusals_per_hour = self.mail_refusals_per_hour;
        settings.mail.refusals_per_game_per_hour = self.mail_refusals_per_game_per_hour;
    }

    /// The names of the settings that differ between `self` and `other`.
    pub fn differences(&self, other: &MailIdentity) -> Vec<&'static str> {
        let mut keys = Vec::new();
        let mut differ = |key, differs: bool| {
            if differs {
                keys.push(key);
            }
        };
        differ("public_url", self.public_url != other.public_url);
        differ("mail_from", self.mail_from != other.mail_from);
        differ("mail_reply_address", self.mail_reply_address != other.mail_reply_address);
        differ("mail_reply_token", self.mail_reply_token != other.mail_reply_token);
        differ("mail_require_dmarc", self.mail_require_dmarc != other.mail_require_dmarc);
        differ("mail_authserv_id", self.mail_authserv_id != other.mail_authserv_id);
        differ("require_verified_email", self.require_verified_email != other.require_verified_email);
        differ("deadline_reminder_hours", self.deadline_reminder_hours != other.deadline_reminder_hours);
        differ("mail_refusals_per_hour", self.mail_refusals_per_hour != other.mail_refusals_per_hour);
        differ(
            "mail_refusals_per_game_per_hour",
            self.mail_refusals_per_game_per_hour != other.mail_refusals_per_game_per_hour,
        );
        keys
    }
}

/// Whether any of [`MailIdentity`]'s settings, or a config file, was given (flag or environment).
pub fn given(args: &SettingsArgs) -> bool {
    args.config.is_some()
        || args.public_url.is_some()
        || args.mail_from.is_some()
        || args.mail_reply_address.is_some()
        || args.mail_reply_token.is_some()
        || args.mail_require_dmarc.is_some()
        || args.mail_authserv_id.is_some()
        || args.require_verified_email.is_some()
        || args.deadline_reminder_hours.is_some()
        || args.mail_refusals_per_hour.is_some()
        || args.mail_refusals_per_game_per_hour.is_some()
}

/// Records the running server's settings (replacing those of its previous start).
pub fn record(conn: &mut Conn, settings: &Settings) -> QueryResult<()> {
    let value = serde_json::to_string(&MailIdentity::of(settings)).expect("plain data serialises");
    let upsert = diesel::insert_into(server_settings::table)
        .values((server_settings::name.eq(NAME), server_settings::value.eq(&value)))
        .on_conflict(server_settings::name)
        .do_update()
        .set(server_settings::value.eq(&value));
    crate::on_backend!(conn, |c| upsert.execute(c)).map(|_| ())
}

/// The settings the server last started with, if one ever did (and they can be read).
pub fn recorded(conn: &mut Conn) -> QueryResult<Option<MailIdentity>> {
    let value: Option<String> =
        server_settings::table.find(NAME).select(server_settings::value).first(conn).optional()?;
    Ok(value.and_then(|v| serde_json::from_str(&v).ok()))
}
