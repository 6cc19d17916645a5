//! Composing emails: a plain-text part wrapped at 72 columns (boards kept as rendered) and a responsive
//! HTML part with the same content (links clickable; the board as an inline PNG when the email has its
//! picture, else in a scrolling `<pre>`), one thread per game and player (In-Reply-To and References point
//! at the game-start email that opened the thread).

use lettre::Message;
use lettre::message::header::ContentType;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use shared::Lang;

use crate::mail::MailContext;
use crate::mail::outbox::OutgoingMail;
use crate::mail::picture::Picture;

/// One titled block of an email.
#[derive(Clone, Debug)]
pub struct Section {
    pub heading: String,
    pub body: String,
    /// Preformatted (a board): kept exactly, in a scrolling `<pre>` in HTML. Other sections are wrapped at
    /// [`TEXT_WIDTH`], keeping their line breaks.
    pub pre: bool,
    /// A board shown as a picture in HTML also comes as text, folded under this label.
    pub text_label: String,
}

impl Section {
    pub fn text(heading: impl Into<String>, body: impl Into<String>) -> Self {
        Section { heading: heading.into(), body: body.into(), pre: false, text_label: String::new() }
    }

    /// A board (or a command) for a reader of `lang`.
    pub fn board(lang: Lang, heading: impl Into<String>, body: impl Into<String>) -> Self {
        Section {
            heading: heading.into(),
            body: body.into(),
            pre: true,
            text_label: catalog::t!(lang, "mail-board-as-text"),
        }
    }

    /// The label of the board as text under its picture, in the reader's language.
    pub fn text_label(mut self, label: impl Into<String>) -> Self {
        self.text_label = label.into();
        self
    }
}

/// An email before formatting.
#[derive(Clone, Debug)]
pub struct Draft {
    pub kind: &'static str,
    pub game_id: Option<i64>,
    pub account_id: Option<i64>,
    /// The Message-ID (when it must carry a reply token, or open a thread); None: a fresh random one.
    pub message_id: Option<String>,
    /// The Message-ID this email answers and the thread it belongs to (In-Reply-To and References).
    pub thread: Option<String>,
    pub to: String,
    pub to_name: Option<String>,
    pub subject: String,
    pub intro: String,
    pub sections: Vec<Section>,
    /// The address replies go to (carries the reply token).
    pub reply_to: Option<String>,
    /// The one-click unsubscribe URL.
    pub unsubscribe: Option<String>,
    /// The board as a picture: the HTML part shows it in place of the first board section.
    pub picture: Option<Picture>,
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

/// Prose is wrapped to this many columns (CJK characters count two).
pub const TEXT_WIDTH: usize = 72;

/// Characters a line must not start with (Japanese line-breaking rules): they stay with the one before.
const NO_LINE_START: &str = "。、，．,.)）」』】！？!?：:；;ー〜…";

/// Wraps each line of `text` at `width` display columns: between words, or between CJK characters. A word
/// longer than the width (a URL) stays whole on its own line; continuation lines keep the line's indent
/// (two more after a "- " bullet).
pub fn wrap(text: &str, width: usize) -> String {
    text.lines().map(|l| wrap_line(l, width)).collect::<Vec<_>>().join("\n")
}

fn wrap_line(line: &str, width: usize) -> String {
    if line.width() <= width {
        return line.to_string();
    }
    let body = line.trim_start();
    let indent = &line[..line.len() - body.len()];
    let hang = if body.starts_with("- ") { format!("{indent}  ") } else { indent.to_string() };
    // Tokens: (a space before it, the token). A CJK character is a token of its own, so lines may break
    // between two of them; closing punctuation sticks to the token before it. A code span (between
    // backticks) is one token: a command must not be cut, least of all between two Japanese characters.
    let mut tokens: Vec<(bool, String)> = Vec::new();
    let mut space = false;
    let mut chars = body.char_indices();
    while let Some((at, c)) = chars.next() {
        if c == ' ' {
            space = true;
            continue;
        }
        if c == '`'
            && let Some(len) = body[at + 1..].find('`')
        {
            let span = &body[at..at + 1 + len + 1];
            chars.by_ref().take(span.chars().count() - 1).for_each(drop);
            let glue = !space
                && tokens.last().is_some_and(|(_, l)| l.chars().last().is_some_and(|l| l.width().unwrap_or(0) <= 1));
            match tokens.last_mut() {
                Some((_, last)) if glue => last.push_str(span),
                _ => tokens.push((space, span.to_string())),
            }
            space = false;
            continue;
        }
        let wide = c.width().unwrap_or(0) > 1;
        let glue = NO_LINE_START.contains(c) && !space;
        match tokens.last_mut() {
            Some((_, last)) if glue => last.push(c),
            Some((_, last)) if !space && !wide && last.chars().last().is_none_or(|l| l.width().unwrap_or(0) <= 1) => {
                last.push(c)
            }
            _ => tokens.push((space, c.to_string())),
        }
        space = false;
    }
    let mut lines = Vec::new();
    let mut current = indent.to_string();
    let mut empty = true;
    for (space, token) in tokens {
        let gap = if space && !empty { 1 } else { 0 };
        if !empty && current.width() + gap + token.width() > width {
            lines.push(std::mem::replace(&mut current, hang.clone()));
            current.push_str(&token);
        } else {
            if gap == 1 {
                current.push(' ');
            }
            current.push_str(&token);
        }
        empty = false;
    }
    lines.push(current);
    lines.join("\n")
}

pub fn plain_text(d: &Draft) -> String {
    let mut out = format!("{}\n", wrap(d.intro.trim_end(), TEXT_WIDTH));
    for s in &d.sections {
        let body = s.body.trim_end_matches('\n');
        let body = if s.pre { body.to_string() } else { wrap(body, TEXT_WIDTH) };
        out.push_str(&format!("\n{}\n{body}\n", wrap(&format!("== {} ==", s.heading), TEXT_WIDTH)));
    }
    out
}

/// Escapes `text` for HTML and makes its http(s) URLs links.
fn linked(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("http://").into_iter().chain(rest.find("https://")).min() {
        out.push_str(&html_escape(&rest[..i]));
        let end = rest[i..]
            .find(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"' | ')' | '）' | '、' | '。'))
            .map(|n| i + n)
            .unwrap_or(rest.len());
        let url = rest[i..end].trim_end_matches(['.', ',']);
        let end = i + url.len();
        out.push_str(&format!("<a href=\"{0}\">{0}</a>", html_escape(url)));
        rest = &rest[end..];
    }
    out.push_str(&html_escape(rest));
    out
}

/// A line of prose in HTML: `code` spans (the plain text's backticks) as unbroken `<code>`, URLs as links.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let Some(len) = rest[open + 1..].find('`') else { break };
        out.push_str(&linked(&rest[..open]));
        out.push_str(&format!(
            "<code style=\"white-space:nowrap;font-size:0.95em;background:#f6f8fa;padding:0 0.2em\">{}</code>",
            html_escape(&rest[open + 1..open + 1 + len])
        ));
        rest = &rest[open + 1 + len + 1..];
    }
    out.push_str(&linked(rest));
    out
}

/// A paragraph of prose: its line breaks kept, leading spaces (indented lists) kept visible.
fn paragraph(text: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let body = l.trim_start();
            format!("{}{}", "&nbsp;".repeat(l.len() - body.len()), inline(body))
        })
        .collect();
    format!("<p style=\"margin:0 0 1em 0\">{}</p>\n", lines.join("<br>\n"))
}

/// The Content-ID of the board picture in the email with Message-ID `message_id` (unique, like it).
fn picture_cid(message_id: &str) -> String {
    format!("board.{}", message_id.trim_matches(['<', '>']))
}

/// The draft's picture if it has a board section to show it in (else it is not sent).
fn shown_picture(d: &Draft) -> Option<&Picture> {
    d.picture.as_ref().filter(|_| d.sections.iter().any(|s| s.pre))
}

/// The HTML part; `picture_cid` names the inline picture of the board, if the email carries one.
pub fn html(d: &Draft, picture_cid: Option<&str>) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>\n\
         <body style=\"margin:0;padding:0\">\n\
         <div style=\"max-width:40em;margin:0 auto;padding:1em;font-family:sans-serif;line-height:1.5;\
         overflow-wrap:break-word\">\n",
    );
    for para in d.intro.trim_end().split("\n\n") {
        out.push_str(&paragraph(para));
    }
    let mut picture = shown_picture(d).zip(picture_cid);
    for s in &d.sections {
        out.push_str(&format!("<h3 style=\"margin:1.2em 0 0.4em 0\">{}</h3>\n", html_escape(&s.heading)));
        let board = || {
            format!(
                "<div style=\"overflow-x:auto;max-width:100%\"><pre style=\"margin:0;font-size:13px;line-height:1.25\">\
                 {}</pre></div>\n",
                html_escape(s.body.trim_end_matches('\n'))
            )
        };
        if s.pre
            && let Some((p, cid)) = picture.take()
        {
            // The picture, and the same board as text for a client that shows no pictures, or for a reader
            // who wants to copy from it (a client that knows no <details> shows it open).
            out.push_str(&format!(
                "<img src=\"cid:{}\" width=\"{}\" height=\"{}\" alt=\"{}\" \
                 style=\"display:block;max-width:100%;height:auto;border:0\">\n\
                 <details style=\"margin:0.5em 0\"><summary>{}</summary>\n{}</details>\n",
                html_escape(cid),
                p.width,
                p.height,
                html_escape(&s.heading),
                html_escape(&s.text_label),
                board()
            ));
        } else if s.pre {
            out.push_str(&board());
        } else {
            for para in s.body.trim_end().split("\n\n") {
                out.push_str(&paragraph(para));
            }
        }
    }
    out.push_str("</div></body></html>\n");
    out
}

/// The Message-ID of the email that opens the thread of game `game` for `account` (the game-start email);
/// every later email of that game to that account refers to it, so that mail clients thread them.
pub fn thread_root(ctx: &MailContext, game: i64, account: i64) -> String {
    format!("<tegami.game.{game}.{account}@{}>", ctx.domain())
}

/// Text for a header (a subject, a display name): control and bidi characters dropped, since they can
/// break the header (CR, LF, NUL) or mislead the reader. Names are refused with them at registration;
/// this keeps older rows and future callers safe too.
pub fn header_text(text: &str) -> String {
    text.chars().filter(|c| !crate::validate::is_invisible_control(*c)).collect()
}

fn mailbox(name: Option<&str>, address: &str) -> Result<Mailbox, ComposeError> {
    let address = address.trim().parse().map_err(|_| ComposeError::Address(address.to_string()))?;
    Ok(Mailbox::new(name.map(header_text), address))
}

/// Formats a draft as a complete RFC 5322 message for the outbox.
pub fn finish(ctx: &MailContext, d: Draft) -> Result<OutgoingMail, ComposeError> {
    let message_id =
        d.message_id.clone().unwrap_or_else(|| crate::mail::outbox::fresh_message_id(d.game_id, ctx.domain()));
    let mut builder = Message::builder()
        .from(mailbox(Some("tegami"), &ctx.settings.from)?)
        .to(mailbox(d.to_name.as_deref(), &d.to)?)
        .subject(header_text(&d.subject))
        .message_id(Some(message_id.clone()))
        .user_agent(format!("tegami-server {}", env!("CARGO_PKG_VERSION")))
        // For mail filters (and tests): what this email is, since the subject stays the same in a game.
        .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("X-Tegami-Kind"), d.kind.to_string()));
    if let Some(root) = &d.thread {
        builder = builder.in_reply_to(root.clone()).references(root.clone());
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
    let body = match shown_picture(&d) {
        Some(picture) => {
            let cid = picture_cid(&message_id);
            let png = ContentType::parse("image/png").expect("a valid content type");
            MultiPart::alternative().singlepart(SinglePart::plain(plain_text(&d))).multipart(
                MultiPart::related()
                    .singlepart(SinglePart::html(html(&d, Some(&cid))))
                    .singlepart(Attachment::new_inline(cid).body(picture.png.clone(), png)),
            )
        }
        None => MultiPart::alternative_plain_html(plain_text(&d), html(&d, None)),
    };
    let message = builder.multipart(body)?;
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
            message_id: None,
            thread: None,
            to: "a@example.com".into(),
            to_name: None,
            subject: "s".into(),
            intro: "Hi <you> & co, see https://tegami.test/x?a=1&b=2.".into(),
            sections: vec![Section::board(Lang::En, "Board", "|<K>|  &\n| . |")],
            reply_to: None,
            unsubscribe: None,
            picture: None,
        };
        let h = html(&d, None);
        assert!(
            h.contains("Hi &lt;you&gt; &amp; co, see <a href=\"https://tegami.test/x?a=1&amp;b=2\">https://tegami.test/x?a=1&amp;b=2</a>.</p>"),
            "{h}"
        );
        assert!(h.contains("|&lt;K&gt;|  &amp;\n| . |</pre>"), "{h}");
        assert!(h.contains("name=\"viewport\""), "{h}");
        assert!(plain_text(&d).contains("== Board ==\n|<K>|  &\n| . |\n"));
    }

    #[test]
    fn the_picture_stands_for_the_board_inline_and_is_sent_only_with_one() {
        let ctx = MailContext::new(&crate::settings::Settings::for_tests(std::path::Path::new("/tmp/x.db")));
        let svg =
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="9" height="9"/></svg>"##;
        let picture = crate::mail::picture::png_of_svg(svg).unwrap();
        let draft = |sections: Vec<Section>| Draft {
            kind: "turn",
            game_id: Some(7),
            account_id: None,
            message_id: Some("<tegami.game.7.abc@tegami.test>".into()),
            thread: None,
            to: "a@example.com".into(),
            to_name: None,
            subject: "s".into(),
            intro: "x".into(),
            sections,
            reply_to: None,
            unsubscribe: None,
            picture: Some(picture.clone()),
        };
        let with_board = finish(&ctx, draft(vec![Section::board(Lang::En, "Your view", "| K |")])).unwrap().message;
        let parsed = mail_parser::MessageParser::default().parse(with_board.as_bytes()).unwrap();
        let html = parsed.body_html(0).unwrap();
        assert!(
            html.contains("<img src=\"cid:board.tegami.game.7.abc@tegami.test\" width=\"30\" height=\"20\""),
            "{html}"
        );
        let folded = html.split("<details").nth(1).expect("the board as text beside the picture");
        assert!(folded.contains("<summary>As text</summary>") && folded.contains("| K |</pre>"), "{html}");
        assert!(parsed.body_text(0).unwrap().contains("| K |"), "the text part keeps the board");
        assert!(
            with_board.contains("Content-Type: multipart/related") && with_board.contains("Content-Type: image/png")
        );
        let without_board = finish(&ctx, draft(vec![Section::text("Result", "won")])).unwrap().message;
        assert!(!without_board.contains("image/png"), "no board, no picture: {without_board}");
    }

    #[test]
    fn hostile_names_cannot_break_headers() {
        let ctx = MailContext::new(&crate::settings::Settings::for_tests(std::path::Path::new("/tmp/x.db")));
        let d = Draft {
            kind: "test",
            game_id: None,
            account_id: None,
            message_id: None,
            thread: None,
            to: "a@example.com".into(),
            to_name: Some("a\r\nBcc: x@evil.example\0\u{1b}]0;t\u{7}".into()),
            subject: "hi \u{1b}[2J\u{202e}there\nX-Injected: 1".into(),
            intro: "x".into(),
            sections: vec![],
            reply_to: None,
            unsubscribe: None,
            picture: None,
        };
        let out = finish(&ctx, d).unwrap();
        let headers = out.message.split("\r\n\r\n").next().unwrap();
        assert!(!headers.contains('\u{1b}') && !headers.contains('\0') && !headers.contains('\u{202e}'), "{headers}");
        assert!(!headers.lines().any(|l| l.starts_with("Bcc:") || l.starts_with("X-Injected:")), "{headers}");
    }

    #[test]
    fn prose_wraps_at_72_columns_in_both_languages() {
        let en = "Reply to this email with your move alone on the first line; the reply must come from your own address, or it changes nothing at all.";
        for line in wrap(en, 72).lines() {
            assert!(line.width() <= 72, "{line}");
        }
        assert_eq!(wrap(en, 72).replace('\n', " "), en);
        let ja = "このメールに返信し、1行目に手だけを書いてください。返信はあなた自身のアドレスから送ってください。そうでなければ何も変わりません。";
        let wrapped = wrap(ja, 40);
        for line in wrapped.lines() {
            assert!(line.width() <= 40, "{line}");
            assert!(!line.starts_with('。') && !line.starts_with('、'), "{line}");
        }
        assert_eq!(wrapped.replace('\n', ""), ja);
        let url = format!("see {}", "https://tegami.test/".to_string() + &"x".repeat(80));
        assert!(wrap(&url, 72).lines().any(|l| l.starts_with("https://") && l.len() > 72), "URLs stay whole");
        assert_eq!(wrap("- a b c d e", 5), "- a b\n  c d\n  e");
    }
}
