//! The languages tegami speaks, and a text carried in all of them.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The two languages every engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Ja,
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "ja" | "jp" | "japanese" | "日本語" => Ok(Lang::Ja),
            other => Err(crate::UnknownLanguage(other.to_owned()).to_string()),
        }
    }
}

/// A text in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Localized {
    pub en: String,
    pub ja: String,
}

impl Localized {
    pub fn new(en: impl Into<String>, ja: impl Into<String>) -> Self {
        Localized { en: en.into(), ja: ja.into() }
    }

    /// The text `text` writes in each language.
    pub fn in_each_language(text: impl Fn(Lang) -> String) -> Self {
        Localized { en: text(Lang::En), ja: text(Lang::Ja) }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Ja => &self.ja,
        }
    }
}

impl fmt::Display for Localized {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}
