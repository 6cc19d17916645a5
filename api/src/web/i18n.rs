//! English and Japanese: the visitor's choice (the `tegami_lang` cookie set by the switch), else the first
//! of the two in `Accept-Language`, else English.

use actix_web::HttpRequest;
use actix_web::http::header;
use shared::{Lang, Localized};

pub const LANG_COOKIE: &str = "tegami_lang";

/// A text carried in every language, in the visitor's.
pub fn loc(lang: Lang, text: &Localized) -> &str {
    text.get(lang)
}

pub use catalog::code;

/// The language of a catalog code (`en`, `ja`): a language tegami speaks, or none.
pub fn parse(code: &str) -> Option<Lang> {
    catalog::language(code).ok()
}

/// The language of a request: the cookie, else `Accept-Language` (by quality, first wins on ties).
pub fn of_request(req: &HttpRequest) -> Lang {
    if let Some(lang) = req.cookie(LANG_COOKIE).and_then(|c| parse(c.value())) {
        return lang;
    }
    let header = req.headers().get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    from_accept_language(header)
}

pub fn from_accept_language(header: &str) -> Lang {
    let mut best: Option<(f32, Lang)> = None;
    for part in header.split(',') {
        let mut pieces = part.split(';');
        let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
        let quality =
            pieces.find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.parse::<f32>().ok())).unwrap_or(1.0);
        let primary = tag.split('-').next().unwrap_or("");
        let Some(lang) = parse(&tag).or_else(|| parse(primary)) else { continue };
        if quality > 0.0 && best.is_none_or(|(q, _)| quality > q) {
            best = Some((quality, lang));
        }
    }
    best.map(|(_, l)| l).unwrap_or(catalog::LANGUAGES[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_preferred_of_english_and_japanese() {
        assert_eq!(from_accept_language("ja-JP,ja;q=0.9,en;q=0.8"), Lang::Ja);
        assert_eq!(from_accept_language("fr-FR,en;q=0.5,ja;q=0.7"), Lang::Ja);
        assert_eq!(from_accept_language("en-GB,ja;q=0.3"), Lang::En);
        assert_eq!(from_accept_language("de, ja;q=0"), Lang::En);
        assert_eq!(from_accept_language(""), Lang::En);
    }
}
