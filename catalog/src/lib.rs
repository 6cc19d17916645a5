//! Every text a player reads, in every language tegami speaks.
//!
//! The texts live in Fluent files, `locales/<language>/<area>.ftl`, one set per language with the same
//! message ids and the same variables in each (`tests/complete.rs` fails otherwise, and when code asks for
//! an id no catalog has). Code names a message and its variables and never holds the words itself:
//!
//! ```
//! use catalog::t;
//! use catalog::Lang;
//! assert_eq!(t!(Lang::En, "test-place", rank = 2), "You finished in place 2.");
//! assert_eq!(t!(Lang::Ja, "test-place", rank = 2), "あなたは2位でした。");
//! ```

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

mod lang;
pub use lang::{LANGUAGES, Lang, Localized, code};

/// Every catalog file: (language code, file name, contents), embedded by `build.rs`.
pub const FILES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/catalog_files.rs"));

/// The language whose code (its catalog directory's name) is `given`: how requests, preferences, cookies and
/// links name a language. Anything else is refused with the codes there are.
pub fn language(given: &str) -> Result<Lang, UnknownLanguage> {
    LANGUAGES.iter().copied().find(|&lang| code(lang) == given).ok_or_else(|| UnknownLanguage(given.to_owned()))
}

/// The names a language answers to where one is typed (`--lang`, `TEGAMI_LANG`, a config file): its code, then
/// the names its own catalog lists (`languages-names`).
pub fn names(lang: Lang) -> &'static [String] {
    static NAMES: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    let all = NAMES.get_or_init(|| {
        LANGUAGES
            .iter()
            .map(|&lang| {
                let mut names = vec![code(lang).to_owned()];
                names.extend(text(lang, "languages-names").split_whitespace().map(str::to_owned));
                names
            })
            .collect()
    });
    &all[LANGUAGES.iter().position(|&l| l == lang).unwrap_or(0)]
}

/// Every language's code as a list for readers of `lang`: `` `en`, `ja` ``.
pub fn codes(lang: Lang) -> String {
    let codes: Vec<String> = LANGUAGES.iter().map(|&l| format!("`{}`", code(l))).collect();
    codes.join(&text(lang, "engine-list-separator"))
}

/// A language code no catalog has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl UnknownLanguage {
    /// What was wrong and which codes there are, in every language.
    pub fn message(&self) -> Localized {
        Localized::in_each_language(|lang| {
            text_with(lang, "languages-unknown", &[("given", self.0.as_str().into()), ("known", codes(lang).into())])
        })
    }
}

impl std::fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message().get(LANGUAGES[0]))
    }
}

impl std::error::Error for UnknownLanguage {}

/// Whether the language is written in a wide script, whose characters take two columns of a terminal (CJK):
/// tables laid out by hand leave such columns more room.
pub fn wide_script(lang: Lang) -> bool {
    text(lang, "languages-script-width") == "wide"
}

/// A variable's value: text is inserted as is, numbers also choose plural forms (`[one]`, `*[other]`).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(value: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(value))
    }
}
impl<'a> From<&'a String> for Arg<'a> {
    fn from(value: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(value))
    }
}
impl From<String> for Arg<'_> {
    fn from(value: String) -> Self {
        Arg::Text(Cow::Owned(value))
    }
}
impl<'a> From<Cow<'a, str>> for Arg<'a> {
    fn from(value: Cow<'a, str>) -> Self {
        Arg::Text(value)
    }
}
impl From<char> for Arg<'_> {
    fn from(value: char) -> Self {
        Arg::Text(Cow::Owned(value.to_string()))
    }
}
macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn from(value: $t) -> Self {
                Arg::Number(value as f64)
            }
        }
    )*};
}
number_args!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize, f32, f64);

struct Catalog {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let bundles = LANGUAGES
            .iter()
            .map(|&lang| {
                let id: unic_langid::LanguageIdentifier = code(lang).parse().expect("a language code");
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                // Unicode isolation marks around every variable would reach emails and terminals as
                // invisible characters; names are already refused when they carry bidirectional controls.
                bundle.set_use_isolating(false);
                for (_, name, source) in FILES.iter().filter(|(c, _, _)| *c == code(lang)) {
                    let resource = FluentResource::try_new((*source).to_owned())
                        .unwrap_or_else(|(_, errors)| panic!("{}/{name}: {errors:?}", code(lang)));
                    bundle
                        .add_resource(resource)
                        .unwrap_or_else(|errors| panic!("{}/{name}: duplicate messages {errors:?}", code(lang)));
                }
                (lang, bundle)
            })
            .collect();
        Catalog { bundles }
    })
}

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    let bundles = &catalog().bundles;
    bundles.iter().find(|(l, _)| *l == lang).map(|(_, b)| b).unwrap_or(&bundles[0].1)
}

/// Whether the catalogs have a message: for ids made at run time (an engine's refusal code, say).
pub fn has(id: &str) -> bool {
    bundle(LANGUAGES[0]).has_message(id)
}

/// The message `id` in `lang`.
pub fn text(lang: Lang, id: &str) -> String {
    text_with(lang, id, &[])
}

thread_local! {
    /// Set while this thread runs [`without_words`].
    static UNWORDED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` with every message of this thread formatted as the empty string. A bot's search applies
/// thousands of moves whose events nobody reads; formatting their texts in every language was most of what a
/// playout cost. Rules never decide by a text, so the states reached are the same (the bots' tests check it).
pub fn without_words<T>(work: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            UNWORDED.set(self.0);
        }
    }
    let _restore = Restore(UNWORDED.replace(true));
    work()
}

/// The message `id` in `lang` with its variables. A message missing in `lang` falls back to the first
/// language, then to its id; a missing message or variable fails debug builds (and so the tests).
pub fn text_with(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    if UNWORDED.get() {
        return String::new();
    }
    let (bundle, message) = match bundle(lang).get_message(id) {
        Some(message) => (bundle(lang), message),
        None => {
            debug_assert!(false, "no message `{id}` in the {} catalog", code(lang));
            let fallback = bundle(LANGUAGES[0]);
            match fallback.get_message(id) {
                Some(message) => (fallback, message),
                None => return id.to_owned(),
            }
        }
    };
    let Some(pattern) = message.value() else {
        debug_assert!(false, "message `{id}` has no value");
        return id.to_owned();
    };
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        let value = match value {
            Arg::Text(text) => FluentValue::from(text.as_ref()),
            Arg::Number(number) => FluentValue::from(*number),
        };
        fluent_args.set(*name, value);
    }
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    debug_assert!(errors.is_empty(), "message `{id}` in {}: {errors:?}", code(lang));
    out.into_owned()
}

/// The message in every language, for answers that carry both (`Localized`).
pub fn both(id: &str, args: &[(&str, Arg<'_>)]) -> Localized {
    Localized::in_each_language(|lang| text_with(lang, id, args))
}

/// `t!(lang, "message-id")` or `t!(lang, "message-id", name = value, …)`: the message in `lang`.
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:literal $(,)?) => {
        $crate::text($lang, $id)
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::text_with($lang, $id, &[$((stringify!($name), $crate::Arg::from($value))),+])
    };
}

/// `both!("message-id", name = value, …)`: the message in every language, as a `Localized`.
#[macro_export]
macro_rules! both {
    ($id:literal $(,)?) => {
        $crate::both($id, &[])
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::both($id, &[$((stringify!($name), $crate::Arg::from($value))),+])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(t!(Lang::En, "test-tiles", count = 1), "1 tile");
        assert_eq!(t!(Lang::En, "test-tiles", count = 3), "3 tiles");
        assert_eq!(t!(Lang::Ja, "test-tiles", count = 1), "1枚");
    }

    #[test]
    fn variables_carry_no_isolation_marks() {
        let text = t!(Lang::En, "test-place", rank = 1);
        assert!(!text.contains('\u{2068}') && !text.contains('\u{2069}'), "{text:?}");
    }

    #[test]
    fn languages_are_read_by_their_codes_only() {
        for &lang in LANGUAGES {
            assert_eq!(language(code(lang)), Ok(lang));
        }
        let unknown = language("fr").unwrap_err();
        assert_eq!(unknown.to_string(), format!("unknown language `fr`; use one of {}", codes(Lang::En)));
        assert!(codes(Lang::En).starts_with("`en`, `ja`"), "{}", codes(Lang::En));
        let japanese = format!("不明な言語 `fr` です。{} のいずれかを使ってください", codes(Lang::Ja));
        assert_eq!(unknown.message().get(Lang::Ja), japanese);
        assert!(language("EN").is_err() && language("").is_err() && language("en ").is_err());
    }

    #[test]
    fn a_language_typed_by_hand_is_found_by_any_of_its_catalogs_names() {
        for &lang in LANGUAGES {
            for name in names(lang) {
                assert_eq!(name.parse::<Lang>(), Ok(lang), "{name}");
                assert_eq!(name.to_uppercase().parse::<Lang>(), Ok(lang), "{name}");
            }
        }
        assert_eq!(" 日本語 ".parse::<Lang>(), Ok(Lang::Ja));
        assert_eq!("English".parse::<Lang>(), Ok(Lang::En));
        assert_eq!(
            "klingon".parse::<Lang>(),
            Err(format!("unknown language `klingon`; use one of {}", codes(Lang::En)))
        );
    }

    #[test]
    fn a_text_stored_before_its_language_was_added_reads_in_the_source_language() {
        let stored: Localized = serde_json::from_str(r#"{"en": "Drawn by agreement."}"#).unwrap();
        for &lang in LANGUAGES {
            assert_eq!(stored.get(lang), "Drawn by agreement.");
        }
        let full = both!("test-place", rank = 3);
        let json = serde_json::to_value(&full).unwrap();
        let members: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(members, LANGUAGES.iter().map(|&l| code(l)).collect::<Vec<_>>(), "one member per language");
        assert_eq!(serde_json::from_value::<Localized>(json).unwrap(), full);
    }

    #[test]
    fn both_languages_at_once() {
        let both = both!("test-place", rank = 3);
        assert_eq!(both.en, "You finished in place 3.");
        assert_eq!(both.ja, "あなたは3位でした。");
    }
}
