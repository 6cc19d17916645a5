//! Texts written once for the terminal, the emails and the pages (catalog messages, engines' prompts and
//! refusals) mark commands, notation and names of fields with backticks, as Markdown does. A terminal shows
//! the backticks; a page shows those spans as `<code>` instead, so that no reader sees a stray backtick.

use maud::{Markup, html};

/// `text` with each backticked span as a `<code>` element. Text whose backticks do not pair up is shown as
/// it is, backticks included, rather than guessing where a span ends.
pub fn with_code(text: &str) -> Markup {
    let parts: Vec<&str> = text.split('`').collect();
    if parts.len().is_multiple_of(2) {
        return html! { (text) };
    }
    html! {
        @for (i, part) in parts.iter().enumerate() {
            @if i % 2 == 1 { code { (part) } } @else { (part) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_code;

    #[test]
    fn backticked_spans_become_code_and_the_rest_is_escaped_text() {
        assert_eq!(
            with_code("verify it with `tegami verify` & <see>").into_string(),
            "verify it with <code>tegami verify</code> &amp; &lt;see&gt;"
        );
        assert_eq!(with_code("`R3` or `kuchi`").into_string(), "<code>R3</code> or <code>kuchi</code>");
        assert_eq!(with_code("no code here").into_string(), "no code here");
    }

    #[test]
    fn unpaired_backticks_are_left_as_they_are() {
        assert_eq!(with_code("a ` alone").into_string(), "a ` alone");
        assert_eq!(with_code("`a` and ` b").into_string(), "`a` and ` b");
    }
}
