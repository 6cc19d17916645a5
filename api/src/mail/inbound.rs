//! Reading a reply: who sent it (the From address, and what the receiving MTA's `Authentication-Results`
//! say about it), which turn email it answers (the reply token in the recipient address `play+TOKEN@domain`,
//! in the Message-ID it replies to, or in an old email's subject `[ref:TOKEN]`), a signed move block (a
//! compact JWS from `tegami play --print-signed`) anywhere in the body, and the move: the first line of the
//! reply that is not quoted. Only parsing: `service::inbound_moves` decides what the reply does.

use mail_parser::{Address, MessageParser};

/// A reply, as far as the server reads it.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// The From address, lower-cased.
    pub from: Option<String>,
    pub message_id: Option<String>,
    /// The reply token of the turn email answered.
    pub token: Option<String>,
    /// A signed move block.
    pub signed: Option<String>,
    /// The first unquoted line of the text.
    pub first_line: Option<String>,
    pub dmarc: Dmarc,
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

/// A line that introduces quoted text: "On … wrote:", "… のメッセージ:", "-----Original Message-----", or a
/// Japanese client's "2026年11月22日 … <addr>:".
fn is_quote_header(line: &str) -> bool {
    let lower = line.to_lowercase();
    lower.ends_with("wrote:")
        || lower.contains("のメッセージ")
        || lower.ends_with("書きました:")
        || lower.ends_with("書きました：")
        || lower.ends_with(">:")
        || lower.ends_with(">：")
        || lower.starts_with("-----original message")
        || lower.starts_with("________________")
}

/// The first line of the reply that is not quoted, stopping at a signature ("-- ") or a quote header.
pub fn first_reply_line(body: &str) -> Option<String> {
    for line in body.lines() {
        let trimmed = line.trim().trim_start_matches('\u{feff}');
        if trimmed.is_empty() || trimmed.starts_with('>') || trimmed.starts_with('＞') {
            continue;
        }
        if line.trim_end_matches('\r') == "-- " || trimmed == "--" || is_quote_header(trimmed) {
            return None;
        }
        return Some(trimmed.to_string());
    }
    None
}

fn addresses(a: Option<&Address<'_>>) -> Vec<String> {
    a.map(|a| a.iter().filter_map(|x| x.address().map(str::to_string)).collect()).unwrap_or_default()
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
    let body = message.body_text(0).map(|b| b.into_owned()).unwrap_or_default();
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
    Ok(Reply {
        from: addresses(message.from()).into_iter().next().map(|a| a.trim().to_lowercase()),
        message_id: message.message_id().map(|id| format!("<{id}>")),
        token,
        signed: signed_block(&body),
        first_line: first_reply_line(&body),
        dmarc: dmarc_of(results, rules.authserv_id),
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
