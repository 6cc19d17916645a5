//! The rules of every game for players, in every language: `docs/rules/<slug>.md` in the source language and
//! `docs/rules/<slug>.<language code>.md` in the others, at the repository root, embedded at build time (by
//! `build.rs`) so that the server serves them and the client prints them offline. Each document ends with its
//! "Readings" (「解釈」): the points where the original rulebook can be read two ways, and the reading tegami
//! plays.

use crate::engine::Lang;

/// Every document: (game, language code where not the source language, Markdown).
const DOCUMENTS: &[(&str, Option<&str>, &str)] = include!(concat!(env!("OUT_DIR"), "/rules_documents.rs"));

/// One game's rules documents (Markdown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesDoc {
    pub slug: &'static str,
}

impl RulesDoc {
    /// The document in `lang`, or in the source language where the game has none in `lang`.
    pub fn get(&self, lang: Lang) -> &'static str {
        self.documents()
            .find(|(l, _)| *l == lang)
            .or_else(|| self.documents().next())
            .map(|(_, text)| text)
            .unwrap_or_default()
    }

    /// The game's document in each language that has one, the source language first.
    pub fn documents(&self) -> impl Iterator<Item = (Lang, &'static str)> + use<> {
        let slug = self.slug;
        catalog::LANGUAGES.iter().filter_map(move |&lang| {
            let code = (lang != catalog::LANGUAGES[0]).then(|| catalog::code(lang));
            DOCUMENTS.iter().find(|(s, c, _)| *s == slug && *c == code).map(|(_, _, text)| (lang, *text))
        })
    }
}

/// The rules of the game `slug`, if this build hosts it.
pub fn rules(slug: &str) -> Option<RulesDoc> {
    DOCUMENTS.iter().find(|(s, code, _)| *s == slug && code.is_none()).map(|(slug, _, _)| RulesDoc { slug })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;
    use crate::text;

    #[test]
    fn every_hosted_game_has_rules_in_every_language() {
        for slug in registry::slugs() {
            let doc = rules(slug).unwrap_or_else(|| panic!("no rules document for `{slug}`"));
            assert_eq!(doc.slug, slug);
            let languages: Vec<Lang> = doc.documents().map(|(lang, _)| lang).collect();
            assert_eq!(languages, catalog::LANGUAGES, "{slug}: a document in each catalog language");
            for (lang, text) in doc.documents() {
                assert!(text.starts_with("# "), "{slug} in {} starts with its title", catalog::code(lang));
                assert_eq!(doc.get(lang), text);
            }
        }
        assert_eq!(rules("chess"), None);
    }

    #[test]
    fn every_document_says_which_readings_tegami_plays() {
        for slug in registry::slugs() {
            let doc = rules(slug).expect("checked above");
            for (lang, text) in doc.documents() {
                let heading = format!("## {}", catalog::text(lang, "rules-readings-heading"));
                assert!(text.lines().any(|l| l.starts_with(&heading)), "{slug} in {lang:?} has a `{heading}` section");
            }
        }
    }

    /// Readable as plain text in a terminal: no line wider than 100 columns (CJK counts double).
    #[test]
    fn every_line_fits_in_100_columns() {
        for slug in registry::slugs() {
            let doc = rules(slug).expect("checked above");
            for (lang, body) in doc.documents() {
                let name = catalog::code(lang);
                for (i, line) in body.lines().enumerate() {
                    assert!(text::width(line) <= 100, "{slug} {name}:{} is {} columns wide", i + 1, text::width(line));
                }
            }
        }
    }
}
