//! Email: composing (turn, result, invitation and reply emails), the transactional outbox, sending (SMTP or
//! .eml files) by a background worker, and moves arriving by email.

pub mod compose;
pub mod inbound;
pub mod outbox;
pub mod picture;
pub mod prefs;
pub mod reply_text;
pub mod send;
pub mod watching;

use std::sync::Arc;

use crate::settings::{MailSettings, Settings};

/// What composing an email needs to know about this server. Cheap to clone.
#[derive(Clone, Debug)]
pub struct MailContext(Arc<MailContextInner>);

#[derive(Debug)]
pub struct MailContextInner {
    pub settings: MailSettings,
    pub public_url: String,
    /// Deadlines are set and swept by this clock.
    pub clock: crate::time::Clock,
    pub deadline_reminder_hours: u32,
    /// The game pages open on this instance (a turn email waits for no one looking at it).
    pub watching: watching::Watching,
}

impl std::ops::Deref for MailContext {
    type Target = MailContextInner;
    fn deref(&self) -> &MailContextInner {
        &self.0
    }
}

impl MailContext {
    pub fn new(settings: &Settings) -> MailContext {
        MailContext(Arc::new(MailContextInner {
            settings: settings.mail.clone(),
            public_url: settings.public_url.clone(),
            clock: settings.clock.clone(),
            deadline_reminder_hours: settings.deadline_reminder_hours,
            watching: watching::Watching::default(),
        }))
    }

    pub fn domain(&self) -> &str {
        self.settings.domain()
    }

    /// The reply address carrying `token`: `play+TOKEN@domain`.
    pub fn reply_address(&self, token: &str) -> String {
        match self.settings.reply_address.split_once('@') {
            Some((local, domain)) => format!("{local}+{token}@{domain}"),
            None => format!("play+{token}@{}", self.domain()),
        }
    }
}
