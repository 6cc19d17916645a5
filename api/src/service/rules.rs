//! The players' rules of each game (`docs/rules/`, embedded in `shared::rules_docs`) and where the server
//! serves them, for the API and for the links in emails.

use shared::Lang;
use shared::registry;
use shared::rules_docs::{self, RulesDoc};

use crate::error::{ApiError, ApiResult};

/// The rules of the game `slug`, or a 404 naming the games this server hosts.
pub fn find(slug: &str) -> ApiResult<RulesDoc> {
    registry::game(slug).and_then(|g| rules_docs::rules(g.slug())).ok_or_else(|| {
        ApiError::not_found(
            "unknown_game_type",
            format!("no game type `{slug}`; this server has the rules of: {}", registry::slugs().join(", ")),
        )
    })
}

/// The `lang` query parameter: a language's code (the first language when absent), else a 400 that lists them.
pub fn parse_lang(lang: Option<&str>) -> ApiResult<Lang> {
    match lang {
        None => Ok(catalog::LANGUAGES[0]),
        Some(given) => catalog::language(given)
            .map_err(|unknown| ApiError::bad_request("unknown_lang", String::new()).described(unknown.message())),
    }
}

/// The URL of the rules of `slug` in `lang` on the server at `public_url`.
pub fn url(public_url: &str, slug: &str, lang: Lang) -> String {
    let url = format!("{public_url}/api/v1/game-types/{slug}/rules");
    // The first language is the documents' default: its URL carries no `lang`.
    if lang == catalog::LANGUAGES[0] { url } else { format!("{url}?lang={}", catalog::code(lang)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_checked_and_urls_carry_them() {
        assert_eq!(parse_lang(None), Ok(Lang::En));
        assert_eq!(parse_lang(Some("ja")), Ok(Lang::Ja));
        let err = parse_lang(Some("fr")).unwrap_err();
        assert_eq!((err.status.as_u16(), err.code), (400, "unknown_lang"));
        assert!(err.detail.contains("`en`, `ja`"), "{}", err.detail);
        assert_eq!(url("https://t.example", "uosao", Lang::En), "https://t.example/api/v1/game-types/uosao/rules");
        assert_eq!(url("http://h", "senbat", Lang::Ja), "http://h/api/v1/game-types/senbat/rules?lang=ja");
    }

    #[test]
    fn an_unknown_game_lists_the_known_ones() {
        let err = find("chess").unwrap_err();
        assert_eq!((err.status.as_u16(), err.code), (404, "unknown_game_type"));
        assert!(err.detail.contains("uosao") && err.detail.contains("senbat"), "{}", err.detail);
        assert_eq!(find("uosao").unwrap().slug, "uosao");
    }
}
