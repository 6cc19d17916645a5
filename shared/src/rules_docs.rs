//! The rules of every game for players, in English and Japanese: `docs/rules/<slug>.md` and
//! `docs/rules/<slug>.ja.md` at the repository root, embedded at build time so that the server serves
//! them and the client prints them offline. Each document ends with its "Readings" (「解釈」): the points
//! where the original rulebook can be read two ways, and the reading tegami plays.

use crate::engine::Lang;

/// One game's rules document in both languages (Markdown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesDoc {
    pub slug: &'static str,
    pub en: &'static str,
    pub ja: &'static str,
}

impl RulesDoc {
    pub fn get(&self, lang: Lang) -> &'static str {
        // Whole documents, one file per language like the catalogs' files, in the order of `catalog::LANGUAGES`.
        let documents = [self.en, self.ja];
        catalog::LANGUAGES.iter().position(|&l| l == lang).and_then(|i| documents.get(i)).copied().unwrap_or(self.en)
    }
}

macro_rules! rules_doc {
    ($slug:literal) => {
        RulesDoc {
            slug: $slug,
            en: include_str!(concat!("../../docs/rules/", $slug, ".md")),
            ja: include_str!(concat!("../../docs/rules/", $slug, ".ja.md")),
        }
    };
}

/// The rules of the game `slug`, if this build hosts it.
pub fn rules(slug: &str) -> Option<RulesDoc> {
    match slug {
        #[cfg(feature = "uosao")]
        "uosao" => Some(rules_doc!("uosao")),
        #[cfg(feature = "shinobazu")]
        "shinobazu" => Some(rules_doc!("shinobazu")),
        #[cfg(feature = "shidouban")]
        "shidouban" => Some(rules_doc!("shidouban")),
        #[cfg(feature = "senbat")]
        "senbat" => Some(rules_doc!("senbat")),
        #[cfg(feature = "suriagehara")]
        "suriagehara" => Some(rules_doc!("suriagehara")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;
    use crate::text;

    #[test]
    fn every_hosted_game_has_rules_in_both_languages() {
        for slug in registry::slugs() {
            let doc = rules(slug).unwrap_or_else(|| panic!("no rules document for `{slug}`"));
            assert_eq!(doc.slug, slug);
            assert!(doc.en.starts_with("# "), "{slug}.md starts with its title");
            assert!(doc.ja.starts_with("# "), "{slug}.ja.md starts with its title");
        }
        assert_eq!(rules("chess"), None);
    }

    #[test]
    fn every_document_says_which_readings_tegami_plays() {
        for slug in registry::slugs() {
            let doc = rules(slug).expect("checked above");
            assert!(doc.en.lines().any(|l| l.starts_with("## Readings")), "{slug}.md has a `## Readings` section");
            assert!(doc.ja.lines().any(|l| l.starts_with("## 解釈")), "{slug}.ja.md has a `## 解釈` section");
        }
    }

    /// Readable as plain text in a terminal: no line wider than 100 columns (CJK counts double).
    #[test]
    fn every_line_fits_in_100_columns() {
        for slug in registry::slugs() {
            let doc = rules(slug).expect("checked above");
            for (name, body) in [("md", doc.en), ("ja.md", doc.ja)] {
                for (i, line) in body.lines().enumerate() {
                    assert!(text::width(line) <= 100, "{slug}.{name}:{} is {} columns wide", i + 1, text::width(line));
                }
            }
        }
    }
}
