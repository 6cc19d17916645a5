//! Markdown for a terminal: prose rewrapped to a width, everything laid out by hand kept as written.
//!
//! Paragraphs, list items and block quotes are rewrapped (hanging indent under the list marker); headings,
//! tables, rules, fenced and indented code blocks are kept line for line, since their line breaks carry
//! meaning. Japanese has no spaces: a line may break between any two wide characters, but never before
//! closing punctuation (、。」…) nor after an opening bracket (「（…), and the source's line breaks inside a
//! Japanese sentence are joined without a space.

use super::{char_width, width};

/// Characters a line must not start with.
const NO_BREAK_BEFORE: &str =
    "、。，．・：；？！ー）」』】〕〉》ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…‥,.;:!?)]}'\"";
/// Characters a line must not end with.
const NO_BREAK_AFTER: &str = "（「『【〔〈《([{";

/// `markdown` rewrapped to `max` columns (CJK counts double), as plain text for a terminal.
pub fn reflow(markdown: &str, max: usize) -> String {
    let mut out = Vec::new();
    let mut para: Option<Paragraph> = None;
    let mut fence: Option<&str> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(marker) = fence {
            out.push(line.to_string());
            if trimmed.starts_with(marker) {
                fence = None;
            }
            continue;
        }
        let verbatim = |out: &mut Vec<String>, para: &mut Option<Paragraph>| {
            flush(out, para, max);
            out.push(line.trim_end().to_string());
        };
        if let Some(marker) = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m)) {
            verbatim(&mut out, &mut para);
            fence = Some(marker);
        } else if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('|') || is_rule(trimmed) {
            verbatim(&mut out, &mut para);
        } else if let Some(marker) = list_marker(trimmed) {
            flush(&mut out, &mut para, max);
            let first = format!("{}{marker}", " ".repeat(indent));
            let rest = " ".repeat(width(&first));
            para = Some(Paragraph::new(first, rest, &trimmed[marker.len()..]));
        } else if let Some(quoted) = trimmed.strip_prefix('>') {
            let quoted = quoted.strip_prefix(' ').unwrap_or(quoted);
            match &mut para {
                Some(p) if p.first_prefix.starts_with('>') && !quoted.trim().is_empty() => p.push_line(line, quoted),
                _ => {
                    flush(&mut out, &mut para, max);
                    para = Some(Paragraph::new("> ".into(), "> ".into(), quoted));
                }
            }
        } else if let Some(p) = &mut para {
            p.push_line(line, trimmed);
        } else if indent >= 4 {
            out.push(line.trim_end().to_string());
        } else {
            let prefix = " ".repeat(indent);
            para = Some(Paragraph::new(prefix.clone(), prefix, trimmed));
        }
    }
    flush(&mut out, &mut para, max);
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// `- `, `* `, `+ `, `1. ` or `1) ` at the start of `s`, with the space after it.
fn list_marker(s: &str) -> Option<&str> {
    if ["- ", "* ", "+ "].iter().any(|m| s.starts_with(m)) {
        return Some(&s[..2]);
    }
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &s[digits..];
    (digits > 0 && digits < 4 && (rest.starts_with(". ") || rest.starts_with(") "))).then(|| &s[..digits + 2])
}

/// `---`, `***` or `___` (a thematic break).
fn is_rule(s: &str) -> bool {
    let s = s.trim_end();
    s.len() >= 3 && ['-', '*', '_'].iter().any(|c| s.chars().all(|x| x == *c))
}

/// A block of prose: its text in segments (a hard line break starts a new one) and the prefixes of its
/// first and following lines.
struct Paragraph {
    first_prefix: String,
    rest_prefix: String,
    segments: Vec<String>,
}

impl Paragraph {
    fn new(first_prefix: String, rest_prefix: String, text: &str) -> Self {
        let mut p = Paragraph { first_prefix, rest_prefix, segments: vec![String::new()] };
        p.push_line(text, text.trim_start());
        p
    }

    /// Adds a source line (`raw` as written, `text` without its prefix) to the paragraph.
    fn push_line(&mut self, raw: &str, text: &str) {
        let hard_break = raw.ends_with("  ") || raw.ends_with('\\');
        let text = text.trim_end().trim_end_matches('\\').trim_end();
        let current = self.segments.last_mut().expect("a paragraph has a segment");
        let joins_tight = current.chars().last().is_none_or(|c| char_width(c) > 1)
            || text.chars().next().is_some_and(|c| char_width(c) > 1);
        if !joins_tight {
            current.push(' ');
        }
        current.push_str(text.trim_start());
        if hard_break {
            self.segments.push(String::new());
        }
    }

    fn lines(&self, max: usize) -> Vec<String> {
        let mut lines = Vec::new();
        for segment in self.segments.iter().filter(|s| !s.is_empty()) {
            let prefix_w = width(&self.rest_prefix).max(width(&self.first_prefix));
            // A deeply indented item still gets room for a few words.
            let room = max.saturating_sub(prefix_w).max(max.min(10));
            for line in fill(segment, room) {
                let prefix = if lines.is_empty() { &self.first_prefix } else { &self.rest_prefix };
                lines.push(format!("{prefix}{line}").trim_end().to_string());
            }
        }
        lines
    }
}

fn flush(out: &mut Vec<String>, para: &mut Option<Paragraph>, max: usize) {
    if let Some(p) = para.take() {
        out.extend(p.lines(max));
    }
}

/// A piece of text no line may break inside, and whether a space separates it from the piece before.
struct Piece {
    text: String,
    space_before: bool,
}

fn may_break_between(prev: char, next: char) -> bool {
    if NO_BREAK_BEFORE.contains(next) || NO_BREAK_AFTER.contains(prev) {
        return false;
    }
    char_width(prev) > 1 || char_width(next) > 1
}

fn pieces(text: &str) -> Vec<Piece> {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut space = false;
    let mut current: Option<Piece> = None;
    for c in text.chars() {
        if c == ' ' {
            pieces.extend(current.take());
            space = true;
            continue;
        }
        match &mut current {
            Some(p) if !may_break_between(p.text.chars().last().expect("pieces are never empty"), c) => {
                p.text.push(c);
            }
            _ => {
                pieces.extend(current.take());
                current = Some(Piece { text: c.to_string(), space_before: space });
            }
        }
        space = false;
    }
    pieces.extend(current);
    pieces
}

/// Greedy line filling; a piece wider than a whole line is cut wherever it must be.
fn fill(text: &str, max: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for piece in pieces(text) {
        let sep = if piece.space_before && !line.is_empty() { " " } else { "" };
        if width(&line) + width(sep) + width(&piece.text) <= max {
            line.push_str(sep);
            line.push_str(&piece.text);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in piece.text.chars() {
            if width(&line) + char_width(c) > max && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line.push(c);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widest(text: &str) -> usize {
        text.lines().map(width).max().unwrap_or(0)
    }

    #[test]
    fn prose_is_rewrapped_and_joined() {
        let md = "one two three\nfour five six seven\n\nnext paragraph\n";
        assert_eq!(reflow(md, 9), "one two\nthree\nfour five\nsix seven\n\nnext\nparagraph\n");
        assert_eq!(reflow(md, 80), "one two three four five six seven\n\nnext paragraph\n");
    }

    #[test]
    fn list_items_hang_under_their_marker() {
        let md = "- alpha beta gamma delta\n  epsilon\n10. one two three four five\n";
        let out = reflow(md, 22);
        assert_eq!(out, "- alpha beta gamma\n  delta epsilon\n10. one two three four\n    five\n");
    }

    #[test]
    fn tables_code_and_headings_are_kept_as_written() {
        let md = "# A heading that is far too wide\n\n| a | b |\n|---|---|\n\n```\nR2   x y z w v u\n```\n\n    indented code line\n";
        assert_eq!(reflow(md, 20), md);
    }

    #[test]
    fn japanese_breaks_between_characters_but_not_before_closing_punctuation() {
        let md = "右王左王は、手札を出して、\n得点を競うゲームです。「王」は強い。\n";
        let out = reflow(md, 12);
        assert!(widest(&out) <= 12, "{out}");
        assert_eq!(out.replace('\n', ""), md.replace('\n', ""), "the source line break joins without a space");
        for line in out.lines() {
            let first = line.chars().next().unwrap();
            let last = line.chars().last().unwrap();
            assert!(!NO_BREAK_BEFORE.contains(first), "`{line}` starts with closing punctuation");
            assert!(!NO_BREAK_AFTER.contains(last), "`{line}` ends with an opening bracket");
        }
    }

    #[test]
    fn mixed_scripts_keep_their_spaces() {
        let out = reflow("手番では `tegami play 1 R2` と入力します。\n", 100);
        assert_eq!(out, "手番では `tegami play 1 R2` と入力します。\n");
    }

    #[test]
    fn hard_breaks_and_quotes() {
        assert_eq!(reflow("a b  \nc d\n", 80), "a b\nc d\n");
        assert_eq!(reflow("> quoted words here\n> and more\n", 12), "> quoted\n> words here\n> and more\n");
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut() {
        assert_eq!(reflow("abcdefghijklmnopqrstuvwxyz0123\n", 20), "abcdefghijklmnopqrst\nuvwxyz0123\n");
    }
}
