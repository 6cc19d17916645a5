//! Where mail goes: an SMTP server (lettre's async tokio transport), or .eml files in a folder when no
//! SMTP server is configured.

use std::path::PathBuf;
use std::time::Duration;

use lettre::address::Envelope;
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::settings::MailSettings;

#[derive(Debug, thiserror::Error)]
pub enum MailerError {
    #[error("bad SMTP URL `{url}`: {message}")]
    BadUrl { url: String, message: String },
    #[error("bad address `{address}`: {message}")]
    BadAddress { address: String, message: String },
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("cannot write `{path}`: {source}")]
    File { path: String, source: std::io::Error },
}

#[derive(Clone)]
pub enum Mailer {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mailer::Smtp(_) => f.write_str("Mailer::Smtp"),
            Mailer::Files(dir) => write!(f, "Mailer::Files({})", dir.display()),
        }
    }
}

/// `smtp://user:pass@host:587` means STARTTLS: a password never crosses the network in clear. A URL without
/// credentials (a local relay or sink) is taken as written; `?tls=required|opportunistic` and `smtps://` as
/// lettre reads them.
fn effective_url(url: &str) -> String {
    let has_password = url.strip_prefix("smtp://").and_then(|rest| rest.split('/').next()).is_some_and(|authority| {
        authority.contains('@') && authority.split('@').next().is_some_and(|u| u.contains(':'))
    });
    if has_password && !url.contains("tls=") {
        format!("{url}{}tls=required", if url.contains('?') { '&' } else { '?' })
    } else {
        url.to_string()
    }
}

impl MailerError {
    /// A failure that retrying cannot fix: the SMTP server refused the message for good (5xx), or an
    /// address is malformed.
    pub fn is_permanent(&self) -> bool {
        match self {
            MailerError::Smtp(e) => e.is_permanent(),
            MailerError::BadAddress { .. } => true,
            MailerError::BadUrl { .. } | MailerError::File { .. } => false,
        }
    }
}

impl Mailer {
    pub fn from_settings(settings: &MailSettings) -> Result<Mailer, MailerError> {
        match &settings.smtp_url {
            Some(url) => {
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&effective_url(url))
                    .map_err(|e| MailerError::BadUrl { url: redact(url), message: e.to_string() })?
                    .timeout(Some(Duration::from_secs(30)))
                    .build();
                Ok(Mailer::Smtp(transport))
            }
            None => Ok(Mailer::Files(settings.dir.clone())),
        }
    }

    /// Sends one stored message. `id` names the .eml file, so a repeated attempt overwrites, never duplicates.
    pub async fn send(&self, id: i64, sender: &str, recipient: &str, message: &str) -> Result<(), MailerError> {
        let message = &*auto_submitted(message);
        match self {
            Mailer::Smtp(transport) => {
                let parse = |a: &str| {
                    a.parse::<Address>()
                        .map_err(|e| MailerError::BadAddress { address: a.to_string(), message: e.to_string() })
                };
                let envelope = Envelope::new(Some(parse(sender)?), vec![parse(recipient)?])
                    .map_err(|e| MailerError::BadAddress { address: recipient.to_string(), message: e.to_string() })?;
                transport.send_raw(&envelope, message.as_bytes()).await?;
                Ok(())
            }
            Mailer::Files(dir) => {
                let dir = dir.clone();
                let message = message.to_string();
                tokio::task::spawn_blocking(move || write_eml(&dir, id, &message))
                    .await
                    .map_err(|e| MailerError::File { path: "(worker)".into(), source: std::io::Error::other(e) })?
            }
        }
    }
}

/// `message` marked `Auto-Submitted: auto-generated` (RFC 3834) unless it says already: every email tegami
/// sends passes here, and the mark tells out-of-office responders and the like not to answer it (they
/// did, and each answer drew a refusal, and that refusal another answer).
pub fn auto_submitted(message: &str) -> std::borrow::Cow<'_, str> {
    let head_end = message.find("\r\n\r\n").or_else(|| message.find("\n\n")).unwrap_or(message.len());
    let marked = message[..head_end].lines().any(|l| l.to_ascii_lowercase().starts_with("auto-submitted:"));
    if marked {
        std::borrow::Cow::Borrowed(message)
    } else {
        std::borrow::Cow::Owned(format!("Auto-Submitted: auto-generated\r\n{message}"))
    }
}

fn write_eml(dir: &std::path::Path, id: i64, message: &str) -> Result<(), MailerError> {
    let err = |path: &std::path::Path| {
        let path = path.display().to_string();
        move |source| MailerError::File { path, source }
    };
    std::fs::create_dir_all(dir).map_err(err(dir))?;
    let path = dir.join(format!("{id:08}.eml"));
    let tmp = dir.join(format!(".{id:08}.eml.tmp"));
    std::fs::write(&tmp, message).map_err(err(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(err(&path))
}

/// The URL without its password, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.split_once("://"), url.rfind('@')) {
        (Some((scheme, rest)), Some(_)) => {
            let (auth, host) = rest.rsplit_once('@').unwrap_or(("", rest));
            let user = auth.split(':').next().unwrap_or("");
            format!("{scheme}://{user}:***@{host}")
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_imply_starttls() {
        assert_eq!(effective_url("smtp://u:p@mail.example.com:587"), "smtp://u:p@mail.example.com:587?tls=required");
        assert_eq!(effective_url("smtp://127.0.0.1:2525"), "smtp://127.0.0.1:2525");
        assert_eq!(effective_url("smtp://u:p@h:25?tls=opportunistic"), "smtp://u:p@h:25?tls=opportunistic");
        assert_eq!(effective_url("smtps://u:p@h:465"), "smtps://u:p@h:465");
        assert_eq!(redact("smtp://u:secret@h:587"), "smtp://u:***@h:587");
    }

    #[test]
    fn every_email_is_marked_automatic_once() {
        let plain = "From: tegami@x.test\r\nSubject: s\r\n\r\nAuto-Submitted: in the body\r\n";
        let marked = auto_submitted(plain);
        assert!(marked.starts_with("Auto-Submitted: auto-generated\r\nFrom:"), "{marked}");
        assert_eq!(auto_submitted(&marked), marked, "not twice");
        let parsed = mail_parser::MessageParser::default().parse(marked.as_bytes()).unwrap();
        assert_eq!(parsed.header_raw("Auto-Submitted").map(str::trim), Some("auto-generated"));
        assert_eq!(parsed.subject(), Some("s"));
    }

    #[test]
    fn bad_urls_are_refused_at_start() {
        let mut s = MailSettings::for_tests(std::path::Path::new("/tmp"));
        s.smtp_url = Some("ftp://nowhere".into());
        let err = Mailer::from_settings(&s).unwrap_err().to_string();
        assert!(err.contains("bad SMTP URL"), "{err}");
        s.smtp_url = Some("smtps://u:p@mail.example.com".into());
        assert!(matches!(Mailer::from_settings(&s), Ok(Mailer::Smtp(_))));
    }
}
