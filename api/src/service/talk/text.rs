//! What a player may write: line breaks, and otherwise only the characters names allow.

use actix_web::http::StatusCode;

use super::problem;
use crate::error::ApiResult;
use crate::validate::is_refused_in_names;

/// What a text is, for its errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Message,
    Note,
    Reason,
}

impl Field {
    fn refused(self, character: &str) -> shared::Localized {
        match self {
            Field::Message => catalog::both!("talk-message-refused-character", character = character),
            Field::Note => catalog::both!("talk-note-refused-character", character = character),
            Field::Reason => catalog::both!("talk-reason-refused-character", character = character),
        }
    }

    fn length(self, max: usize, chars: usize) -> shared::Localized {
        match self {
            Field::Message => catalog::both!("talk-message-length", max = max, chars = chars),
            Field::Note => catalog::both!("talk-note-length", max = max, chars = chars),
            Field::Reason => catalog::both!("talk-reason-length", max = max, chars = chars),
        }
    }
}

/// `raw` with its line breaks made `\n` and the white space around it trimmed: 1 to `max` characters, no
/// control character but the line break, no invisible or formatting character (the ones names refuse).
pub fn message(raw: &str, max: usize, field: Field) -> ApiResult<String> {
    let text = raw.replace("\r\n", "\n").replace('\r', "\n");
    let text = text.trim();
    if let Some(c) = text.chars().find(|c| *c != '\n' && is_refused_in_names(*c)) {
        let character = format!("U+{:04X}", u32::from(c));
        return Err(problem(StatusCode::UNPROCESSABLE_ENTITY, "bad_message", field.refused(&character)));
    }
    let chars = text.chars().count();
    if chars == 0 || chars > max {
        return Err(problem(StatusCode::UNPROCESSABLE_ENTITY, "bad_message", field.length(max, chars)));
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_stay_and_controls_and_bidi_are_refused() {
        assert_eq!(message("  hello\r\nthere \n", 2000, Field::Message).unwrap(), "hello\nthere");
        for bad in ["a\u{202e}b", "a\u{0007}b", "a\u{200b}b", "tab\there", "\u{2066}x"] {
            let err = message(bad, 2000, Field::Message).unwrap_err();
            assert_eq!(err.code, "bad_message", "{bad:?}");
            assert!(err.details.is_some());
        }
    }

    #[test]
    fn the_length_is_counted_in_characters() {
        assert!(message(&"字".repeat(2000), 2000, Field::Message).is_ok());
        let err = message(&"字".repeat(2001), 2000, Field::Message).unwrap_err();
        assert!(err.detail.contains("2001"), "{}", err.detail);
        assert_eq!(message("   ", 2000, Field::Message).unwrap_err().code, "bad_message");
    }
}
