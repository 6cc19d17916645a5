//! The answer in a reply, read as people write it: above the quoted email (top-posted), or below it after
//! the client's attribution line (bottom-posted, as Thunderbird and K-9 do), in a plain-text part or in an
//! HTML-only reply (whose block elements are line breaks and whose `<blockquote>`s are quotes), with what a
//! Japanese keyboard types (full-width letters, digits and signs) normalised by NFKC.
//!
//! Quoted text of tegami's own email must never be taken for an answer: a line quoted with `>` is never
//! the answer, and where a client pastes the original unquoted (Outlook's "From: … Sent: …" block,
//! "-----Original Message-----", a quote header followed by unquoted text), reading stops there.

use unicode_normalization::UnicodeNormalization;

/// The answer: the first line of the reply that is neither quoted nor part of a quote's header, read
/// past a quote that follows an attribution line, stopping at a signature or an unquoted original.
pub fn answer_line(body: &str) -> Option<String> {
    let text: String = body.nfkc().collect();
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    answer_start(&lines).map(|i| clean(lines[i]).to_string())
}

/// The player's own words: the lines from the answer line on, up to the quote, attribution, signature or
/// pasted original that ends them; line breaks kept, and not NFKC-normalised (that is for reading moves:
/// a message keeps the characters its writer chose).
pub fn own_text(body: &str) -> Option<String> {
    let text: String = body.nfkc().collect();
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let raw: Vec<&str> = body.lines().map(|l| l.trim_end_matches('\r')).collect();
    let raw = if raw.len() == lines.len() { raw } else { lines.clone() };
    let start = answer_start(&lines)?;
    let end = (start..lines.len())
        .find(|&j| {
            let line = clean(lines[j]);
            is_quoted(line) || is_signature(lines[j]) || is_original_marker(line) || attribution_at(&lines, j).is_some()
        })
        .unwrap_or(lines.len());
    let own = raw[start..end].iter().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n");
    Some(own.trim().to_string()).filter(|t| !t.is_empty())
}

/// Where the answer line is among `lines` (NFKC-normalised).
fn answer_start(lines: &[&str]) -> Option<usize> {
    let mut i = 0;
    while i < lines.len() {
        let line = clean(lines[i]);
        if line.is_empty() || is_quoted(line) {
            i += 1;
            continue;
        }
        if is_signature(lines[i]) || is_original_marker(line) {
            return None;
        }
        if let Some(length) = attribution_at(lines, i) {
            // Bottom-posting: the quote follows its attribution, the answer comes after the quote. An
            // attribution followed by unquoted text is the original pasted as it was: nothing after it
            // is the player's.
            let next = (i + length..lines.len()).find(|&j| !clean(lines[j]).is_empty());
            match next {
                Some(j) if is_quoted(clean(lines[j])) => {
                    i = j;
                    continue;
                }
                _ => return None,
            }
        }
        return Some(i);
    }
    None
}

fn clean(line: &str) -> &str {
    line.trim().trim_start_matches('\u{feff}').trim()
}

/// Quoted with `>` (a full-width `＞` is one after NFKC).
fn is_quoted(line: &str) -> bool {
    line.starts_with('>')
}

/// The signature separator, or the line a phone's mail app adds under the answer.
fn is_signature(raw: &str) -> bool {
    let line = clean(raw);
    if raw.trim_end_matches('\r') == "-- " || line == "--" {
        return true;
    }
    let lower = line.to_lowercase();
    const SENT_FROM: [&str; 6] = [
        "sent from my ",
        "sent from mail for ",
        "sent from outlook",
        "get outlook for ",
        "sent from yahoo mail",
        "sent via ",
    ];
    const JA: [&str; 4] = ["から送信", "から送信しました", "を入手", "から送られました"];
    SENT_FROM.iter().any(|p| lower.starts_with(p))
        || (line.chars().count() <= 40 && JA.iter().any(|s| line.ends_with(s)))
}

/// Where a client pastes the email replied to without quoting it: everything after is the original.
fn is_original_marker(line: &str) -> bool {
    let lower = line.to_lowercase();
    let core = lower.trim_matches(|c: char| c == '-' || c == ' ' || c == '=');
    if core != lower
        && matches!(
            core,
            "original message" | "forwarded message" | "元のメッセージ" | "転送メッセージ" | "返信元メッセージ"
        )
    {
        return true;
    }
    if lower.len() >= 8 && lower.chars().all(|c| c == '_') {
        return true;
    }
    // Outlook's header block ("From: …", "差出人: …"), and Japanese carriers' "送信者:".
    const HEADER_FIELDS: [&str; 5] = ["from:", "差出人:", "送信者:", "送信元:", "von:"];
    HEADER_FIELDS.iter().any(|f| lower.starts_with(f))
}

/// How an attribution line ends, in the clients' English and Japanese forms (after NFKC, so `：` is `:`).
const ATTRIBUTION_ENDS: [&str; 7] =
    ["wrote:", "writes:", "書きました:", "のメッセージ:", "のメール:", ">:", "schrieb:"];

fn ends_like_attribution(text: &str) -> bool {
    let lower = text.trim_end().to_lowercase();
    ATTRIBUTION_ENDS.iter().any(|e| lower.ends_with(e))
}

/// The number of lines of the attribution line starting at `i`, if there is one. Gmail and others wrap a
/// long one ("On Tue, 3 Dec 2026 at 10:00, tegami <" / "play+…@tegami.test> wrote:"), so an attribution
/// that begins like one ("On …", or a date) may run over up to three lines.
fn attribution_at(lines: &[&str], i: usize) -> Option<usize> {
    let first = clean(lines[i]);
    if ends_like_attribution(first) {
        return Some(1);
    }
    // A move is short: only a line as long as the start of an attribution may be one.
    let starts_like_one = first.starts_with("On ") || first.starts_with(|c: char| c.is_ascii_digit());
    if !starts_like_one || first.chars().count() < 16 {
        return None;
    }
    let mut joined = first.to_string();
    for (n, line) in lines.iter().enumerate().skip(i + 1).take(2) {
        let line = clean(line);
        if line.is_empty() || is_quoted(line) {
            return None;
        }
        joined.push(' ');
        joined.push_str(line);
        if ends_like_attribution(&joined) {
            return Some(n - i + 1);
        }
    }
    None
}

/// Elements that begin and end a line of text.
const BLOCKS: [&str; 33] = [
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "br",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tr",
    "ul",
];

/// Elements whose content is not text a reader sees.
const HIDDEN: [&str; 6] = ["head", "script", "style", "template", "title", "noscript"];

/// The text of an HTML reply as a reader sees it: block elements and `<br>` are line breaks, runs of white
/// space are one space (except in `<pre>`), and the lines inside a `<blockquote>` are quoted with `> `
/// (one per level), so that the quoted email reads as quoted.
pub fn html_to_text(html: &str) -> String {
    use html5gum::{Token, Tokenizer};

    let mut out = HtmlText::default();
    // The string reader cannot fail: the tokenizer's errors are the HTML's, recovered from like a browser.
    for token in Tokenizer::new(html).flatten() {
        match token {
            Token::StartTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
                if HIDDEN.contains(&name.as_str()) {
                    if !tag.self_closing {
                        out.hidden += 1;
                    }
                } else if BLOCKS.contains(&name.as_str()) {
                    out.break_line();
                    match name.as_str() {
                        "blockquote" => out.quote_depth += 1,
                        "pre" => out.pre += 1,
                        _ => {}
                    }
                } else if name == "img" {
                    // An image's words stand for it only when nothing else would (a signature logo).
                    continue;
                }
            }
            Token::EndTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
                if HIDDEN.contains(&name.as_str()) {
                    out.hidden = out.hidden.saturating_sub(1);
                } else if BLOCKS.contains(&name.as_str()) {
                    out.break_line();
                    match name.as_str() {
                        "blockquote" => out.quote_depth = out.quote_depth.saturating_sub(1),
                        "pre" => out.pre = out.pre.saturating_sub(1),
                        _ => {}
                    }
                }
            }
            Token::String(text) if out.hidden == 0 => out.text(&String::from_utf8_lossy(&text.value)),
            _ => {}
        }
    }
    out.break_line();
    out.lines.join("\n")
}

#[derive(Default)]
struct HtmlText {
    lines: Vec<String>,
    /// The line being written (its words so far).
    current: String,
    /// A space is owed before the next word.
    space: bool,
    quote_depth: usize,
    pre: usize,
    hidden: usize,
}

impl HtmlText {
    fn text(&mut self, text: &str) {
        if self.pre > 0 {
            let mut parts = text.split('\n');
            if let Some(first) = parts.next() {
                self.current.push_str(first.trim_end_matches('\r'));
            }
            for part in parts {
                self.end_line();
                self.current.push_str(part.trim_end_matches('\r'));
            }
            return;
        }
        for (n, word) in text.split(|c: char| c.is_ascii_whitespace()).enumerate() {
            if n > 0 {
                self.space = true;
            }
            if word.is_empty() {
                continue;
            }
            if self.space && !self.current.is_empty() {
                self.current.push(' ');
            }
            self.space = false;
            self.current.push_str(word);
        }
    }

    /// Ends the line being written, if it has anything (a block boundary is one line break however many
    /// elements meet there; `<br>` after `<br>` makes an empty line).
    fn break_line(&mut self) {
        if !self.current.trim().is_empty()
            || self.current.is_empty() && self.lines.last().is_some_and(|l| !l.is_empty())
        {
            self.end_line();
        }
        self.space = false;
    }

    fn end_line(&mut self) {
        let line = std::mem::take(&mut self.current);
        let line = if self.pre > 0 { line.trim_end() } else { line.trim() };
        let quoted = if line.is_empty() { String::new() } else { format!("{}{line}", "> ".repeat(self.quote_depth)) };
        self.lines.push(quoted);
        self.space = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_the_first_unquoted_line_above_the_quote() {
        assert_eq!(answer_line("\n  R5  \n\n> old\n").as_deref(), Some("R5"));
        assert_eq!(answer_line("R5\nOn Sun, Nov 22, 2026 tegami <play@x.test> wrote:\n> R1\n").as_deref(), Some("R5"));
        assert_eq!(answer_line("-- \nAlice\n"), None);
        assert_eq!(
            answer_line("Sent from my iPhone\n\nOn 3 Dec 2026, at 10:00, tegami <play@x.test> wrote:\n> R1"),
            None
        );
        assert_eq!(answer_line("iPhoneから送信\n"), None);
    }

    #[test]
    fn a_bottom_posted_answer_is_read_below_the_quote() {
        let thunderbird = "On 03/12/2026 10:00, tegami wrote:\n> Your move\n> R1\n>\n\nB5@me/P\n\n-- \nAlice\n";
        assert_eq!(answer_line(thunderbird).as_deref(), Some("B5@me/P"));
        let ja = "2026年12月3日(火) 10:00 tegami <play+0123@tegami.test>:\n> あなたの番\n\nB5@me/P\n";
        assert_eq!(answer_line(ja).as_deref(), Some("B5@me/P"));
        let wrapped = "On Tue, 3 Dec 2026 at 10:00, tegami <\nplay+0123456789abcdef@tegami.test> wrote:\n> R1\n\nR4\n";
        assert_eq!(answer_line(wrapped).as_deref(), Some("R4"));
        assert_eq!(answer_line("On Tue, 3 Dec 2026 at 10:00, tegami <\nplay@tegami.test> wrote:\n> R1\n"), None);
    }

    #[test]
    fn an_unquoted_original_is_never_the_answer() {
        assert_eq!(answer_line("-----Original Message-----\nFrom: tegami\nR1\n"), None);
        assert_eq!(answer_line("From: tegami <play@x.test>\nSent: Tuesday\nSubject: x\n\nR1\n"), None);
        assert_eq!(answer_line("________________________________\nFrom: tegami\n\nR1"), None);
        assert_eq!(answer_line("tegami wrote:\nYour move\nR1\n"), None, "an attribution above unquoted text");
        assert_eq!(answer_line("差出人: tegami\n送信日時: 2026年12月3日\n\nR1\n"), None);
        assert_eq!(answer_line("----- 元のメッセージ -----\nR1"), None);
    }

    #[test]
    fn full_width_answers_are_normalised() {
        assert_eq!(answer_line("Ｂ５＠ｍｅ／Ｐ\n").as_deref(), Some("B5@me/P"));
        assert_eq!(answer_line("＞ 引用\n\u{3000}Ｒ５\u{3000}\n").as_deref(), Some("R5"));
        assert_eq!(answer_line("tegami さんは書きました：\n＞ R1\n\nＬ３").as_deref(), Some("L3"));
    }

    #[test]
    fn html_blocks_are_lines_and_blockquotes_are_quotes() {
        let outlook = "<html><head><style>p{margin:0}</style></head><body><div>B4@me/P</div><div><br></div>\
             <hr><div id=\"divRplyFwdMsg\"><b>From:</b> tegami &lt;play@x.test&gt;<br><b>Sent:</b> Tuesday</div>\
             <div>Your move R1</div></body></html>";
        let text = html_to_text(outlook);
        assert!(text.starts_with("B4@me/P\n"), "{text}");
        assert!(text.contains("\nFrom: tegami <play@x.test>\nSent: Tuesday\n"), "{text}");
        assert_eq!(answer_line(&text).as_deref(), Some("B4@me/P"));
        let apple = "<html><body dir=\"auto\">B4@me/P<br><br><div dir=\"ltr\">Sent from my iPhone</div>\
             <blockquote type=\"cite\">On 3 Dec 2026, at 10:00, tegami wrote:<br><div>R1</div></blockquote></body></html>";
        let text = html_to_text(apple);
        assert_eq!(text.lines().next(), Some("B4@me/P"), "{text}");
        assert!(text.contains("\n> R1"), "{text}");
        let gmail_bottom = "<div class=\"gmail_quote\"><div class=\"gmail_attr\">On Tue, tegami &lt;play@x.test&gt; wrote:<br></div>\
             <blockquote class=\"gmail_quote\">Your move<br>R1</blockquote></div><div>L3&nbsp;</div>";
        assert_eq!(answer_line(&html_to_text(gmail_bottom)).as_deref(), Some("L3"));
        assert_eq!(html_to_text("<pre>a\n  b</pre>c"), "a\n  b\nc");
    }
}
