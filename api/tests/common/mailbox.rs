//! Reading the emails the server sent (from the SMTP sink or the .eml folder) and writing replies.

use mail_parser::MessageParser;

/// One email as a player's mail client would show it.
#[derive(Clone, Debug)]
pub struct Mail {
    /// What the email is (`X-Tegami-Kind`: turn, game_start, reply_accepted, …).
    pub kind: String,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub reply_to: Option<String>,
    pub message_id: String,
    pub in_reply_to: String,
    pub references: String,
    pub list_unsubscribe: Option<String>,
    pub raw: Vec<u8>,
}

pub fn parse(raw: &[u8]) -> Mail {
    let m = MessageParser::default().parse(raw).expect("a parsable email");
    let first =
        |a: Option<&mail_parser::Address>| a.and_then(|a| a.first()).and_then(|x| x.address()).map(str::to_string);
    let text_of = |h: &str| m.header_raw(h).map(|v| v.trim().to_string()).unwrap_or_default();
    Mail {
        kind: text_of("X-Tegami-Kind"),
        to: first(m.to()).unwrap_or_default(),
        subject: m.subject().unwrap_or_default().to_string(),
        text: m.body_text(0).map(|b| b.replace('\r', "")).unwrap_or_default(),
        html: m.body_html(0).map(|b| b.into_owned()).unwrap_or_default(),
        reply_to: first(m.reply_to()),
        message_id: m.message_id().unwrap_or_default().to_string(),
        in_reply_to: text_of("In-Reply-To"),
        references: text_of("References"),
        list_unsubscribe: m.header_raw("List-Unsubscribe").map(|v| v.trim().to_string()),
        raw: raw.to_vec(),
    }
}

/// Every .eml file the file mailer wrote to `dir`, in outbox order.
pub fn eml_files(dir: &std::path::Path) -> Vec<Mail> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "eml")).collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths.iter().map(|p| parse(&std::fs::read(p).unwrap())).collect()
}

/// The notation lines listed under "Legal moves:" in a turn email.
pub fn legal_moves(text: &str) -> Vec<String> {
    let after = text.split("Legal moves:\n").nth(1).expect("the email lists legal moves");
    after.lines().take_while(|l| l.starts_with("  ") && !l.trim().is_empty()).map(|l| l.trim().to_string()).collect()
}

/// A Message-ID no other reply of this test process has.
pub fn fresh_message_id() -> String {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    format!("<reply.{}.{n}@client.test>", std::process::id())
}

/// A plain UTF-8 reply to `mail` from `from`, with `body` as the text (quoted original appended), with a
/// Message-ID of its own (the server answers a message delivered again as it did the first time).
pub fn reply(mail: &Mail, from: &str, body: &str) -> Vec<u8> {
    let quoted: String = mail.text.lines().take(5).map(|l| format!("> {l}\r\n")).collect();
    format!(
        "From: <{from}>\r\nTo: <{}>\r\nSubject: Re: {}\r\nIn-Reply-To: <{}>\r\nReferences: <{2}>\r\nMessage-ID: {}\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
         {}\r\n\r\nOn Sun, 22 Nov 2026 at 10:00, tegami <{}> wrote:\r\n{quoted}",
        mail.reply_to.as_deref().unwrap_or(""),
        mail.subject,
        mail.message_id,
        fresh_message_id(),
        body.replace('\n', "\r\n"),
        mail.reply_to.as_deref().unwrap_or(""),
    )
    .into_bytes()
}

/// The .eml files about games (everything but the address verification emails sent at registration).
pub fn game_mails(dir: &std::path::Path) -> Vec<Mail> {
    eml_files(dir).into_iter().filter(|m| m.kind != "verify_email").collect()
}

/// The emails of one kind.
pub fn of_kind(mails: &[Mail], kind: &str) -> Vec<Mail> {
    mails.iter().filter(|m| m.kind == kind).cloned().collect()
}

/// The emails attached (message/rfc822) to a digest.
pub fn attached(mail: &Mail) -> Vec<Mail> {
    let m = MessageParser::default().parse(&mail.raw).expect("a parsable email");
    m.attachments().filter(|a| a.message().is_some()).map(|a| parse(a.contents())).collect()
}
