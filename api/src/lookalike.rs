//! Names that can be mistaken for one another: Unicode TR39's confusable skeletons (`Ⅰ`, `l` and `1` read
//! alike; so do Latin `a` and Cyrillic `а`). Two names are look-alikes when their skeletons are equal, as
//! written or lower-cased, after NFKC (a reader does not tell `ALICE` from `alice` either), so that nobody can pass for
//! another player.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

/// The forms a name is compared in: its skeleton as written and lower-cased, after NFKC (full-width and
/// half-width forms are the same letters to a reader).
fn skeletons(name: &str) -> [String; 2] {
    let name: String = name.nfkc().collect();
    [skeleton(&name).collect(), skeleton(&name.to_lowercase()).collect()]
}

/// A name's comparison forms, worked out once to compare it with many others.
pub struct Lookalike {
    forms: [String; 2],
}

impl Lookalike {
    pub fn of(name: &str) -> Self {
        Lookalike { forms: skeletons(name) }
    }

    /// Whether `other` could be taken for this name (an equal name is one too).
    pub fn matches(&self, other: &str) -> bool {
        let theirs = skeletons(other);
        self.forms[0] == theirs[0] || self.forms[1] == theirs[1]
    }
}

#[cfg(test)]
mod tests {
    use super::Lookalike;

    #[test]
    fn look_alike_names_match_and_distinct_ones_do_not() {
        let alice = Lookalike::of("alice");
        // Cyrillic а, Latin capital I for l, the digit 1 for l, full-width letters, the same name in capitals.
        for twin in ["\u{0430}lice", "aIice", "a1ice", "ａｌｉｃｅ", "ALICE", "alice"] {
            assert!(alice.matches(twin), "{twin} looks like alice");
        }
        for other in ["alicia", "bob", "alce", "アリス"] {
            assert!(!alice.matches(other), "{other} does not look like alice");
        }
        assert!(Lookalike::of("rn").matches("m"), "r and n side by side read as m");
        assert!(Lookalike::of("ｱﾘｽ").matches("アリス"), "half-width katakana");
    }
}
