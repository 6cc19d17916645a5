//! Composing emails: a plain-text part and an HTML part with the same content (boards in `<pre>`), one
//! thread per game (Message-ID, In-Reply-To and References point at the game's thread root).

use lettre::Message;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};

use crate::auth::random_bytes;
use crate::mail::MailContext;
use crate::mail::outbox::OutgoingMail;

/// One titled block of an email.
#[derive(Clone, Debug)]
pub struct Section {
    pub heading: String,
    pub body: String,
    /// Preformatted (a board, a list of moves): kept exactly, in `<pre>` in HTML.
    pub pre: bool,
}

impl Section {
    pub fn text(heading: impl Into<String>, body: impl Into<String>) -> Self {
        Section { heading: heading.into(), body: body.into(), pre: false }
    }

    pub fn pre(heading: impl Into<String>, body: impl Into<String>) -> Self {
        Section { heading: heading.into(), body: body.into(), pre: true }
    }
}

/// An email before formatting.
#[derive(Clone, Debug)]
pub struct Draft {
    pub kind: &'static str,
    pub game_id: Option<i64>,
    pub account_id: Option<i64>,
    pub to: String,
    pub to_name: Option<String>,
    pub subject: String,
    pub intro: String,
    pub sections: Vec<Section>,
    /// The address replies go to (carries the reply token).
    pub reply_to: Option<String>,
    /// The one-click unsubscribe URL.
    pub unsubscribe: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ComposeError {
    #[error("bad address `{0}`")]
    Address(String),
    #[error("cannot build the message: {0}")]
    Build(#[from] lettre::error::Error),
}

pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

pub fn plain_text(d: &Draft) -> String {
    let mut out = format!("{}\n", d.intro.trim_end());
    for s in &d.sections {
        out.push_str(&format!("\n== {} ==\n{}\n", s.heading, s.body.trim_end_matches('\n')));
    }
    out
}

pub fn html(d: &Draft) -> String {
    let mut out = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n");
    for para in d.intro.trim_end().split("\n\n") {
        out.push_str(&format!("<p>{}</p>\n", html_escape(para).replace('\n', "<br>\n")));
    }
    for s in &d.sections {
        out.push_str(&format!("<h3>{}</h3>\n", html_escape(&s.heading)));
        if s.pre {
            out.push_str(&format!("<pre>{}</pre>\n", html_escape(s.body.trim_end_matches('\n'))));
        } else {
            for para in s.body.trim_end().split("\n\n") {
                out.push_str(&format!("<p>{}</p>\n", html_escape(para).replace('\n', "<br>\n")));
            }
        }
    }
    out.push_str("</body></html>\n");
    out
}

/// The Message-ID every email of game `id` refers to, so that mail clients thread them.
pub fn thread_root(ctx: &MailContext, game: i64) -> String {
    format!("<tegami.game.{game}@{}>", ctx.domain())
}

fn mailbox(name: Option<&str>, address: &str) -> Result<Mailbox, ComposeError> {
    let address = address.trim().parse().map_err(|_| ComposeError::Address(address.to_string()))?;
    Ok(Mailbox::new(name.map(str::to_string), address))
}

/// Formats a draft as a complete RFC 5322 message for the outbox.
pub fn finish(ctx: &MailContext, d: Draft) -> Result<OutgoingMail, ComposeError> {
    let message_id = match d.game_id {
        Some(g) => format!("<tegami.game.{g}.{}@{}>", hex::encode(random_bytes::<12>()), ctx.domain()),
        None => format!("<tegami.{}@{}>", hex::encode(random_bytes::<12>()), ctx.domain()),
    };
    let mut builder = Message::builder()
        .from(mailbox(Some("tegami"), &ctx.settings.from)?)
        .to(mailbox(d.to_name.as_deref(), &d.to)?)
        .subject(d.subject.clone())
        .message_id(Some(message_id.clone()))
        .user_agent(format!("tegami-server {}", env!("CARGO_PKG_VERSION")));
    if let Some(game) = d.game_id {
        let root = thread_root(ctx, game);
        builder = builder.in_reply_to(root.clone()).references(root);
    }
    if let Some(reply_to) = &d.reply_to {
        builder = builder.reply_to(mailbox(Some("tegami"), reply_to)?);
    }
    if let Some(url) = &d.unsubscribe {
        builder = builder
            .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{url}>")))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".into(),
            ));
    }
    let message = builder.multipart(MultiPart::alternative_plain_html(plain_text(&d), html(&d)))?;
    Ok(OutgoingMail {
        kind: d.kind,
        game_id: d.game_id,
        account_id: d.account_id,
        sender: ctx.settings.from.trim().to_string(),
        recipient: d.to.trim().to_string(),
        subject: d.subject,
        message_id,
        message: String::from_utf8_lossy(&message.formatted()).into_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_escaped_and_boards_stay_preformatted() {
        let d = Draft {
            kind: "test",
            game_id: Some(1),
            account_id: None,
            to: "a@example.com".into(),
            to_name: None,
            subject: "s".into(),
            intro: "Hi <you> & co".into(),
            sections: vec![Section::pre("Board", "|<K>|  &\n| . |")],
            reply_to: None,
            unsubscribe: None,
        };
        let h = html(&d);
        assert!(h.contains("<p>Hi &lt;you&gt; &amp; co</p>"), "{h}");
        assert!(h.contains("<pre>|&lt;K&gt;|  &amp;\n| . |</pre>"), "{h}");
        assert!(plain_text(&d).contains("== Board ==\n|<K>|  &\n| . |\n"));
    }
}
