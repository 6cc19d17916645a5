//! Reading a reply: who sent it (the From address, and what the receiving MTA's `Authentication-Results`
//! say about it), which turn email it answers (the reply token in the recipient address `play+TOKEN@domain`,
//! in the Message-ID it replies to, or in an old email's subject `[ref:TOKEN]`), a signed move block (a
//! compact JWS from `tegami play --print-signed`) anywhere in the body, the move (`mail::reply_text`), and
//! whether the message was sent by a machine (an out-of-office reply, a bounce, a list), which is never
//! answered. Only parsing: `service::inbound_moves` decides what the reply does.

use mail_parser::{Address, MessageParser};

/// A reply, as far as the server reads it.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// The address the reply is judged by, lower-cased: the `Sender` when there is one (RFC 5322: the
    /// mailbox that actually sent it), else the one `From` address; None when `From` names several
    /// authors and no `Sender` says which sent it.
    pub from: Option<String>,
    /// Every `From` address, lower-cased.
    pub from_all: Vec<String>,
    /// The `Sender` address, lower-cased.
    pub sender: Option<String>,
    pub message_id: Option<String>,
    /// The reply token of the turn email answered.
    pub token: Option<String>,
    /// A signed move block.
    pub signed: Option<String>,
    /// The answer: the first line of the reply proper (`reply_text::answer_line`), NFKC-normalised.
    pub first_line: Option<String>,
    /// The player's own words, from the answer line to the quoted original (`reply_text::own_text`): what
    /// follows the move is a message to the table.
    pub own_text: Option<String>,
    pub dmarc: Dmarc,
    /// The game and account of a tegami thread the message replies to (`<tegami.game.G.A@domain>`, the
    /// thread every email of a game to a player belongs to): a reply to an email that carries no token.
    pub thread: Option<(i64, i64)>,
    /// Why the message is automatic (an auto-reply, a bounce, a list), if it is: never answered.
    pub automatic: Option<String>,
}

/// What the believed `Authentication-Results` header says of DMARC.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Dmarc {
    /// No believed header, or no `dmarc=` result in it.
    #[default]
    Unknown,
    /// `dmarc=pass`, with the domain it passed for (`header.from`) when given.
    Pass { domain: Option<String> },
    /// Any other result (`fail`, `none`, `temperror`, …).
    NotPass(String),
}

/// How the server reads replies: its reply address and the MTA whose results it believes.
pub struct ReadingRules<'a> {
    pub reply_local: &'a str,
    pub domain: &'a str,
    pub authserv_id: Option<&'a str>,
}

#[derive(Debug, thiserror::Error)]
#[error("not a readable email: {0}")]
pub struct Unreadable(pub String);

const TOKEN_LEN: usize = 32;

fn is_token(s: &str) -> bool {
    s.len() == TOKEN_LEN && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The token in `local+TOKEN@domain` when `local` is the reply address's local part.
fn token_in_address(address: &str, reply_local: &str) -> Option<String> {
    let (local, _) = address.trim().trim_matches(['<', '>']).rsplit_once('@')?;
    let (base, tag) = local.split_once('+')?;
    (base.eq_ignore_ascii_case(reply_local) && is_token(tag)).then(|| tag.to_ascii_lowercase())
}

/// The token in a subject's `[ref:TOKEN]`.
pub fn token_in_subject(subject: &str) -> Option<String> {
    let lower = subject.to_ascii_lowercase();
    let start = lower.find("[ref:")? + 5;
    let tag = lower.get(start..start + TOKEN_LEN)?;
    (is_token(tag) && lower[start + TOKEN_LEN..].starts_with(']')).then(|| tag.to_string())
}

/// A compact JWS (three base64url parts, the header starting `eyJ`) anywhere in `text`.
pub fn signed_block(text: &str) -> Option<String> {
    let mut rest = text;
    while let Some(i) = rest.find("eyJ") {
        let candidate: String =
            rest[i..].chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')).collect();
        let parts: Vec<&str> = candidate.split('.').collect();
        if parts.len() == 3 && parts.iter().all(|p| !p.is_empty()) {
            return Some(candidate);
        }
        rest = &rest[i + 3..];
    }
    None
}

/// The answer in a reply's text (see `mail::reply_text`).
pub fn first_reply_line(body: &str) -> Option<String> {
    crate::mail::reply_text::answer_line(body)
}

fn addresses(a: Option<&Address<'_>>) -> Vec<String> {
    a.map(|a| a.iter().filter_map(|x| x.address().map(str::to_string)).collect()).unwrap_or_default()
}

fn lowered(addresses: Vec<String>) -> Vec<String> {
    addresses.into_iter().map(|a| a.trim().to_lowercase()).filter(|a| !a.is_empty()).collect()
}

/// The game and account of a thread root `<tegami.game.GAME.ACCOUNT@domain>` (a fresh Message-ID of a game
/// email, `tegami.game.GAME.RANDOM`, has 24 hex digits there, too many for an account id).
fn thread_of(id: &str, domain: &str) -> Option<(i64, i64)> {
    let id = id.trim().trim_matches(['<', '>']);
    let (local, host) = id.rsplit_once('@')?;
    let (game, account) = local.strip_prefix("tegami.game.")?.split_once('.')?;
    let numeric = |s: &str| !s.is_empty() && s.len() <= 18 && s.bytes().all(|b| b.is_ascii_digit());
    (host.eq_ignore_ascii_case(domain) && numeric(game) && numeric(account))
        .then(|| Some((game.parse().ok()?, account.parse().ok()?)))
        .flatten()
}

/// Why `message` was sent by a machine, if it was (RFC 3834 and the conventions around it): such a message
/// is never answered, or an out-of-office reply to a refusal would be answered by another refusal, forever.
fn automatic(message: &mail_parser::Message<'_>) -> Option<String> {
    use mail_parser::MimeHeaders;
    let header = |name: &str| message.header_raw(name).map(|v| v.trim().to_ascii_lowercase());
    if let Some(value) = header("Auto-Submitted") {
        let kind = value.split([';', ' ', '(']).next().unwrap_or("");
        if kind != "no" {
            return Some(format!("Auto-Submitted: {kind}"));
        }
    }
    if let Some(value) = header("Precedence")
        && matches!(value.as_str(), "bulk" | "junk" | "list")
    {
        return Some(format!("Precedence: {value}"));
    }
    for name in ["X-Autoreply", "X-Autorespond", "X-Autoresponder"] {
        if header(name).is_some_and(|v| !v.is_empty() && v != "no") {
            return Some(format!("{name} header"));
        }
    }
    if header("List-Id").is_some() {
        return Some("List-Id: sent through a mailing list".into());
    }
    if let Some(path) = header("Return-Path") {
        let path = path.trim_matches(['<', '>']).trim();
        if path.is_empty() {
            return Some("a null return path (<>)".into());
        }
        if path.split('@').next().is_some_and(|local| local == "mailer-daemon") {
            return Some("the return path is MAILER-DAEMON".into());
        }
    }
    if addresses(message.from()).iter().any(|a| a.to_ascii_lowercase().starts_with("mailer-daemon@")) {
        return Some("sent by MAILER-DAEMON".into());
    }
    let is_report = |ct: Option<&mail_parser::ContentType<'_>>| {
        ct.is_some_and(|ct| {
            let (main, sub) = (ct.ctype().to_ascii_lowercase(), ct.subtype().unwrap_or("").to_ascii_lowercase());
            (main == "multipart" && sub == "report")
                || (main == "message" && matches!(sub.as_str(), "delivery-status" | "disposition-notification"))
        })
    };
    if is_report(message.content_type()) || message.parts.iter().any(|p| is_report(p.content_type())) {
        return Some("a delivery status or disposition report".into());
    }
    None
}

/// The text a person wrote: the first text part, or, in an HTML-only reply, its HTML read as text.
fn reply_text(message: &mail_parser::Message<'_>) -> String {
    use mail_parser::PartType;
    let text = |part: &mail_parser::MessagePart<'_>| match &part.body {
        PartType::Text(text) => Some(text.to_string()),
        PartType::Html(html) => Some(crate::mail::reply_text::html_to_text(html)),
        _ => None,
    };
    message.text_part(0).and_then(text).or_else(|| message.html_part(0).and_then(text)).unwrap_or_default()
}

/// The Message-ID of a turn email that carries its reply token (the `references` setting).
pub fn token_message_id(token: &str, domain: &str) -> String {
    format!("<tegami.reply.{token}@{domain}>")
}

/// The token in a Message-ID made by [`token_message_id`] (without angle brackets, as parsed).
fn token_in_message_id(id: &str, domain: &str) -> Option<String> {
    let id = id.trim().trim_matches(['<', '>']);
    let (local, host) = id.rsplit_once('@')?;
    let tag = local.strip_prefix("tegami.reply.")?;
    (host.eq_ignore_ascii_case(domain) && is_token(tag)).then(|| tag.to_ascii_lowercase())
}

/// The DMARC verdict of the believed `Authentication-Results` header (RFC 8601): the first one from
/// `authserv_id`, or the topmost one (the receiving MTA's own) when no id is configured.
pub fn dmarc_of<'h>(headers: impl Iterator<Item = &'h str>, authserv_id: Option<&str>) -> Dmarc {
    for value in headers {
        let value = value.trim();
        let (id, results) = value.split_once(';').unwrap_or((value, ""));
        let id = id.split_whitespace().next().unwrap_or("");
        if authserv_id.is_some_and(|wanted| !id.eq_ignore_ascii_case(wanted)) {
            continue;
        }
        for resinfo in results.split(';') {
            let mut words = resinfo.split_whitespace();
            let Some(result) =
                words.next().and_then(|w| w.to_ascii_lowercase().strip_prefix("dmarc=").map(str::to_string))
            else {
                continue;
            };
            if result != "pass" {
                return Dmarc::NotPass(result);
            }
            let domain = resinfo
                .split_whitespace()
                .find_map(|w| w.to_ascii_lowercase().strip_prefix("header.from=").map(str::to_string));
            return Dmarc::Pass { domain };
        }
        return Dmarc::Unknown;
    }
    Dmarc::Unknown
}

/// Reads one raw RFC 822 message.
pub fn parse(raw: &[u8], rules: &ReadingRules<'_>) -> Result<Reply, Unreadable> {
    let message =
        MessageParser::default().parse(raw).ok_or_else(|| Unreadable("no RFC 822 message could be parsed".into()))?;
    if message.from().is_none() && message.subject().is_none() {
        return Err(Unreadable("the message has neither From nor Subject".into()));
    }
    let body = reply_text(&message);
    let mut candidates = addresses(message.to());
    candidates.extend(addresses(message.cc()));
    for h in ["Delivered-To", "X-Original-To", "Envelope-To"] {
        if let Some(v) = message.header_raw(h) {
            candidates.push(v.trim().to_string());
        }
    }
    let cited = |v: &mail_parser::HeaderValue<'_>| -> Vec<String> {
        match (v.as_text_list(), v.as_text()) {
            (Some(list), _) => list.iter().map(|s| s.to_string()).collect(),
            (None, Some(one)) => vec![one.to_string()],
            _ => Vec::new(),
        }
    };
    let mut replied_to = cited(message.in_reply_to());
    // References end with the parent's Message-ID: the newest first.
    replied_to.extend(cited(message.references()).into_iter().rev());
    let token = candidates
        .iter()
        .find_map(|a| token_in_address(a, rules.reply_local))
        .or_else(|| replied_to.iter().find_map(|id| token_in_message_id(id, rules.domain)))
        .or_else(|| message.subject().and_then(token_in_subject));
    let results =
        message.headers_raw().filter(|(name, _)| name.eq_ignore_ascii_case("Authentication-Results")).map(|(_, v)| v);
    let from_all = lowered(addresses(message.from()));
    let sender = lowered(addresses(message.sender())).into_iter().next();
    let from = match (&sender, from_all.as_slice()) {
        (Some(sender), _) => Some(sender.clone()),
        (None, [one]) => Some(one.clone()),
        (None, _) => None,
    };
    Ok(Reply {
        from,
        from_all,
        sender,
        message_id: message.message_id().map(|id| format!("<{id}>")),
        token,
        signed: signed_block(&body),
        first_line: first_reply_line(&body),
        own_text: crate::mail::reply_text::own_text(&body),
        dmarc: dmarc_of(results, rules.authserv_id),
        thread: replied_to.iter().find_map(|id| thread_of(id, rules.domain)),
        automatic: automatic(&message),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_is_the_first_unquoted_line() {
        assert_eq!(first_reply_line("\n  R5  \n\n> old\n").as_deref(), Some("R5"));
        assert_eq!(first_reply_line("> quoted\n> more\nL3\n").as_deref(), Some("L3"));
        assert_eq!(first_reply_line("On Sun, Nov 22, 2026 tegami <play@x.test> wrote:\n> R1\n"), None);
        assert_eq!(first_reply_line("2026年11月22日(日) 12:00 tegami <play@x.test>:\n> R1\n"), None);
        assert_eq!(first_reply_line("tegami のメッセージ:\n> R1\n"), None);
        assert_eq!(first_reply_line("-- \nAlice\n"), None);
        assert_eq!(first_reply_line("＞ 引用\nD2T\n").as_deref(), Some("D2T"));
    }

    #[test]
    fn thread_roots_name_a_game_and_an_account() {
        assert_eq!(thread_of("<tegami.game.12.34@tegami.test>", "tegami.test"), Some((12, 34)));
        assert_eq!(thread_of("tegami.game.12.0123456789abcdef01234567@tegami.test", "tegami.test"), None);
        assert_eq!(thread_of("tegami.game.12.34@evil.test", "tegami.test"), None);
    }

    fn parsed(raw: &str) -> Reply {
        let rules = ReadingRules { reply_local: "play", domain: "tegami.test", authserv_id: None };
        parse(raw.replace('\n', "\r\n").as_bytes(), &rules).unwrap()
    }

    #[test]
    fn machines_are_recognised() {
        let base = "From: a@example.com\nTo: play@tegami.test\nSubject: x\n";
        let auto = |headers: &str| parsed(&format!("{headers}{base}\nbody\n")).automatic;
        assert_eq!(auto(""), None);
        assert_eq!(auto("Auto-Submitted: no\n"), None);
        assert_eq!(auto("Auto-Submitted: auto-replied\n").as_deref(), Some("Auto-Submitted: auto-replied"));
        assert_eq!(
            auto("Auto-Submitted: Auto-Generated; owner-email=x@y\n").as_deref(),
            Some("Auto-Submitted: auto-generated")
        );
        assert!(auto("Precedence: bulk\n").is_some());
        assert!(auto("Precedence: first-class\n").is_none());
        assert!(auto("Return-Path: <>\n").is_some());
        assert!(auto("Return-Path: <MAILER-DAEMON@mx.example.com>\n").is_some());
        assert!(auto("Return-Path: <a@example.com>\n").is_none());
        assert!(auto("X-Autoreply: yes\n").is_some());
        assert!(auto("List-Id: <players.lists.example.com>\n").is_some());
        let dsn = format!(
            "{base}MIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\n\n\
             --b\nContent-Type: text/plain\n\nundeliverable\n--b\nContent-Type: message/delivery-status\n\n\
             Reporting-MTA: dns; mx.example.com\n--b--\n"
        );
        assert!(parsed(&dsn).automatic.is_some());
    }

    #[test]
    fn the_sender_is_judged_and_several_authors_need_one() {
        let r = parsed("From: Alice <Alice@example.com>\nTo: play@tegami.test\nSubject: x\n\nR1\n");
        assert_eq!((r.from.as_deref(), r.sender.as_deref()), (Some("alice@example.com"), None));
        let r = parsed("From: a@example.com, b@example.com\nTo: play@tegami.test\nSubject: x\n\nR1\n");
        assert_eq!(r.from, None);
        assert_eq!(r.from_all, vec!["a@example.com", "b@example.com"]);
        let r = parsed(
            "From: a@example.com, b@example.com\nSender: B@example.com\nTo: play@tegami.test\nSubject: x\n\nR1\n",
        );
        assert_eq!(r.from.as_deref(), Some("b@example.com"));
    }

    #[test]
    fn tokens_are_found_in_the_address_or_the_subject() {
        let t = "0123456789abcdef0123456789abcdef";
        assert_eq!(token_in_address(&format!("play+{t}@tegami.test"), "play").as_deref(), Some(t));
        assert_eq!(token_in_address(&format!("<PLAY+{}@tegami.test>", t.to_uppercase()), "play").as_deref(), Some(t));
        assert_eq!(token_in_address(&format!("other+{t}@tegami.test"), "play"), None);
        assert_eq!(token_in_address("play+short@tegami.test", "play"), None);
        assert_eq!(
            token_in_subject(&format!("Re: [tegami] UOSAO #1 — your move (play) [ref:{t}]")).as_deref(),
            Some(t)
        );
        assert_eq!(token_in_subject("Re: no reference"), None);
    }

    #[test]
    fn tokens_are_found_in_the_message_id_replied_to() {
        let t = "0123456789abcdef0123456789abcdef";
        assert_eq!(token_in_message_id(&token_message_id(t, "tegami.test"), "tegami.test").as_deref(), Some(t));
        assert_eq!(token_in_message_id(&format!("tegami.reply.{t}@TEGAMI.test"), "tegami.test").as_deref(), Some(t));
        assert_eq!(token_in_message_id(&format!("tegami.reply.{t}@evil.test"), "tegami.test"), None);
        assert_eq!(token_in_message_id("tegami.game.1@tegami.test", "tegami.test"), None);
    }

    #[test]
    fn dmarc_results_are_read_from_the_believed_header() {
        let pass = " mx.tegami.test; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com;\r\n dmarc=pass (p=reject) header.from=Example.com";
        let fail = "mx.tegami.test 1; dmarc=fail (p=none) header.from=example.com";
        let forged = "evil.test; dmarc=pass header.from=example.com";
        assert_eq!(dmarc_of([pass].into_iter(), None), Dmarc::Pass { domain: Some("example.com".into()) });
        assert_eq!(dmarc_of([fail, pass].into_iter(), None), Dmarc::NotPass("fail".into()));
        assert_eq!(dmarc_of([forged, fail].into_iter(), Some("mx.tegami.test")), Dmarc::NotPass("fail".into()));
        assert_eq!(dmarc_of([forged].into_iter(), Some("mx.tegami.test")), Dmarc::Unknown);
        assert_eq!(dmarc_of(["mx.tegami.test; spf=pass"].into_iter(), None), Dmarc::Unknown);
        assert_eq!(dmarc_of(std::iter::empty(), None), Dmarc::Unknown);
    }

    #[test]
    fn signed_blocks_are_found_anywhere() {
        let body = "my move:\n\neyJhbGciOiJFZERTQSJ9.eyJnYW1lIjoxfQ.c2lnbmF0dXJl\n\n-- \nBob";
        assert_eq!(signed_block(body).as_deref(), Some("eyJhbGciOiJFZERTQSJ9.eyJnYW1lIjoxfQ.c2lnbmF0dXJl"));
        assert_eq!(signed_block("eyJ but no dots"), None);
    }
}
