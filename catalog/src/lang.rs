//! The languages tegami speaks, and a text carried in all of them. Both types are written by `build.rs` from
//! the catalog's directories, so that a new language's files are all it takes. Every field of `Localized` has a
//! default: a text stored before its language was added (in a game's state, say) still reads, and `get` gives
//! the source language's text in place of the missing one.

use std::fmt;

use serde::{Deserialize, Serialize};

include!(concat!(env!("OUT_DIR"), "/languages.rs"));

impl std::str::FromStr for Lang {
    type Err = String;

    /// A language by its code or by any name its own catalog lists (`languages-names`: `japanese`, `日本語`).
    fn from_str(given: &str) -> Result<Self, Self::Err> {
        let wanted = given.trim().to_lowercase();
        LANGUAGES
            .iter()
            .copied()
            .find(|&lang| crate::names(lang).iter().any(|name| name.to_lowercase() == wanted))
            .ok_or_else(|| crate::UnknownLanguage(given.to_owned()).to_string())
    }
}

impl Localized {
    /// This text with `text` in `lang`: builds a text language by language, where languages not given read in
    /// the source language (`get`).
    #[must_use]
    pub fn with(mut self, lang: Lang, text: impl Into<String>) -> Self {
        *self.field_mut(lang) = text.into();
        self
    }

    /// The text in `lang`, or in the source language where `lang`'s is missing.
    pub fn get(&self, lang: Lang) -> &str {
        match self.field(lang) {
            "" => self.field(LANGUAGES[0]),
            text => text,
        }
    }
}

impl fmt::Display for Localized {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get(LANGUAGES[0]))
    }
}
