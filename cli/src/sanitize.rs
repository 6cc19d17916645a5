//! Text from the server (other players' names, events, prompts, error details) reaches the terminal only
//! through here: control characters (which can clear the screen, set the window title or hide text) and
//! bidirectional overrides (which reorder what is shown) are replaced by a visible `\u{…}` escape. The CLI
//! itself never prints such characters (no colour), so the whole of its output can be filtered.

use std::borrow::Cow;

/// Characters that act on the terminal or reorder text instead of being shown: C0 and C1 controls, DEL,
/// and the Unicode bidirectional marks, embeddings, overrides and isolates.
pub fn is_hostile(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Text for a terminal: newlines and tabs stay, every other hostile character becomes `\u{XX}`.
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_hostile(c) && c != '\n' && c != '\t') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hostile(c) && c != '\n' && c != '\t' {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A one-line value from the server (a name, an address, a user agent) for a terminal: every hostile
/// character becomes `\u{XX}`, newlines and tabs included, so that a name can never start a line of its
/// own (forging "it is your turn" under someone else's name) or break a table's columns. [`terminal`] later
/// leaves the escapes as they are.
pub fn inline(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hostile) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hostile(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// JSON text for a terminal, still valid JSON with the same meaning: hostile characters (which can only
/// occur inside strings; serde_json already escapes C0 controls) become `\uXXXX` escapes.
pub fn json(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_hostile(c) && c != '\n') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hostile(c) && c != '\n' {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_overrides_become_visible() {
        let name = "\u{1b}]0;pwned\u{7}\u{1b}[2J";
        assert_eq!(terminal(name), "\\u{1b}]0;pwned\\u{7}\\u{1b}[2J");
        assert_eq!(terminal("abc\u{202e}txt.exe"), "abc\\u{202e}txt.exe");
        assert_eq!(terminal("csi\u{9b}31m"), "csi\\u{9b}31m");
        assert_eq!(terminal("carriage\rreturn"), "carriage\\u{d}return");
        assert_eq!(terminal("del\u{7f}"), "del\\u{7f}");
    }

    #[test]
    fn one_line_values_escape_line_breaks_and_tabs_too() {
        assert_eq!(inline("Mallory\nit is your turn, Alice"), "Mallory\\u{a}it is your turn, Alice");
        assert_eq!(inline("a\tb\r\u{2028}"), "a\\u{9}b\\u{d}\u{2028}");
        assert_eq!(inline("x\u{202e}y\u{85}"), "x\\u{202e}y\\u{85}");
        assert!(matches!(inline("山田 太郎"), Cow::Borrowed(_)));
        // What `inline` leaves, `terminal` leaves too.
        assert_eq!(terminal(&inline("a\nb")), "a\\u{a}b");
    }

    #[test]
    fn ordinary_text_is_untouched() {
        for s in ["a board\n| . | x |\n", "山田\t太郎", "┌─┐ ● ○ ♔", ""] {
            assert!(matches!(terminal(s), Cow::Borrowed(_)), "{s}");
        }
    }

    #[test]
    fn json_stays_json_with_the_same_value() {
        let value = serde_json::json!({"name": "x\u{202e}y\u{9b}z\u{7f}", "n": 1});
        let text = serde_json::to_string_pretty(&value).unwrap();
        let safe = json(&text);
        assert!(!safe.chars().any(|c| is_hostile(c) && c != '\n'), "{safe}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap(), value);
    }
}
