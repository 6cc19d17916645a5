//! The words for a kind of decision (`play`, `kuchi`, `combat_plan`) as a player reads them on a page or in
//! an email: the engines name their decisions by code, the catalogs hold `decision-<game>-<kind>` for each.

use shared::Lang;

/// The catalog message naming `kind` of decision in game `slug`.
fn message_id(slug: &str, kind: &str) -> String {
    // senbat's choices of targets carry the table they follow (`targets_d9`): one name serves them all.
    let kind = if kind.starts_with("targets_d") { "targets" } else { kind };
    format!("decision-{slug}-{}", kind.replace('_', "-"))
}

/// `kind` of decision in game `slug`, in words in `lang`; a kind no catalog names yet stays its code (a new
/// engine decision shows up as such rather than failing the page).
pub fn decision_name(lang: Lang, slug: &str, kind: &str) -> String {
    let id = message_id(slug, kind);
    if catalog::has(&id) {
        catalog::text(lang, &id)
    } else {
        tracing::warn!(slug, kind, "no catalog message names this kind of decision");
        kind.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of decision the engines ask today (their `Pending::kind`s).
    const KINDS: &[(&str, &[&str])] = &[
        ("uosao", &["play", "road"]),
        ("shinobazu", &["play", "push_response", "challenge", "challenge_answer"]),
        ("shidouban", &["pick", "event", "kuchi", "kakugo", "dokatsu", "side", "alloc", "order", "removal"]),
        (
            "senbat",
            &[
                "organise",
                "tokens",
                "deploy",
                "act",
                "continue",
                "targets_d7",
                "targets_d8",
                "targets_d9",
                "targets_d10",
                "stock",
                "kenkon",
                "senkyo",
                "heal",
            ],
        ),
        ("suriagehara", &["deploy", "cup", "substitution", "move", "combat_plan", "retreat", "replace"]),
    ];

    #[test]
    fn every_kind_of_decision_has_words_in_every_language() {
        for (slug, kinds) in KINDS {
            for kind in *kinds {
                assert!(catalog::has(&message_id(slug, kind)), "no message names {slug}'s `{kind}`");
                // English words may spell the code (`deploy`); Japanese ones never do.
                assert_ne!(decision_name(Lang::Ja, slug, kind), *kind, "{slug} {kind} in Japanese");
            }
        }
    }

    #[test]
    fn an_unknown_kind_stays_its_code() {
        assert_eq!(decision_name(Lang::Ja, "uosao", "no_such_kind"), "no_such_kind");
    }
}
