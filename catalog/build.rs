//! Embeds every `locales/<language>/<area>.ftl` file and writes the types that name the languages (`Lang`,
//! `Localized`) from the directories there are: adding a language, or a catalog file, is adding files.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

/// The language the code's message ids are written in and every other falls back to: listed first.
const SOURCE_LANGUAGE: &str = "en";

fn main() {
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut languages: Vec<_> =
        fs::read_dir(&root).unwrap().map(|entry| entry.unwrap().path()).filter(|path| path.is_dir()).collect();
    languages.sort_by_key(|path| (path.file_name().unwrap() != SOURCE_LANGUAGE, path.clone()));
    let codes: Vec<String> =
        languages.iter().map(|path| path.file_name().unwrap().to_str().unwrap().to_owned()).collect();
    assert_eq!(codes.first().map(String::as_str), Some(SOURCE_LANGUAGE), "locales/{SOURCE_LANGUAGE} is missing");
    let mut files = String::from("&[\n");
    for (language, code) in languages.iter().zip(&codes) {
        println!("cargo:rerun-if-changed={}", language.display());
        let mut paths: Vec<_> = fs::read_dir(language)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
            .collect();
        paths.sort();
        for file in paths {
            println!("cargo:rerun-if-changed={}", file.display());
            let name = file.file_name().unwrap().to_str().unwrap();
            writeln!(files, "    ({code:?}, {name:?}, include_str!({:?})),", file.display().to_string()).unwrap();
        }
    }
    files.push(']');
    let out = Path::new(&env::var("OUT_DIR").unwrap()).to_path_buf();
    fs::write(out.join("catalog_files.rs"), files).unwrap();
    fs::write(out.join("languages.rs"), languages_source(&codes)).unwrap();
}

/// `pt-BR` → `PtBr`: a language's variant of `Lang`.
fn variant(code: &str) -> String {
    code.split(['-', '_'])
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + &chars.as_str().to_ascii_lowercase())
                .unwrap_or_default()
        })
        .collect()
}

fn field(code: &str) -> String {
    code.to_ascii_lowercase().replace('-', "_")
}

fn languages_source(codes: &[String]) -> String {
    let mut out = String::new();
    let w = &mut out;
    // The doc comments below are also the API contract's descriptions (`openapi.yaml`).
    writeln!(w, "/// A language the server speaks, by its code (BCP 47); the first is the default.").unwrap();
    writeln!(w, "#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]")
        .unwrap();
    writeln!(w, "#[cfg_attr(feature = \"openapi\", derive(utoipa::ToSchema))]\npub enum Lang {{").unwrap();
    for (i, code) in codes.iter().enumerate() {
        if i == 0 {
            writeln!(w, "    #[default]").unwrap();
        }
        writeln!(w, "    #[serde(rename = {code:?})]\n    {},", variant(code)).unwrap();
    }
    writeln!(w, "}}\n").unwrap();
    writeln!(w, "/// Every language, the source language (every other's fallback) first.").unwrap();
    let all: Vec<String> = codes.iter().map(|c| format!("Lang::{}", variant(c))).collect();
    writeln!(w, "pub const LANGUAGES: &[Lang] = &[{}];\n", all.join(", ")).unwrap();
    // A variant's discriminant is its place in `LANGUAGES`, which indexes the tables below.
    let quoted: Vec<String> = codes.iter().map(|c| format!("{c:?}")).collect();
    writeln!(w, "const CODES: [&str; {}] = [{}];\n", codes.len(), quoted.join(", ")).unwrap();
    writeln!(w, "/// The BCP 47 code of a language, which is also its catalog directory.").unwrap();
    writeln!(w, "pub const fn code(lang: Lang) -> &'static str {{\n    CODES[lang as usize]\n}}\n").unwrap();
    writeln!(w, "/// A text in every language the server speaks: one member per language code.").unwrap();
    writeln!(w, "#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]").unwrap();
    writeln!(w, "#[cfg_attr(feature = \"openapi\", derive(utoipa::ToSchema))]\npub struct Localized {{").unwrap();
    for code in codes {
        writeln!(w, "    #[serde(default, rename = {code:?})]").unwrap();
        writeln!(w, "    #[cfg_attr(feature = \"openapi\", schema(required = true))]").unwrap();
        writeln!(w, "    pub {}: String,", field(code)).unwrap();
    }
    writeln!(w, "}}\n").unwrap();
    writeln!(w, "impl Localized {{").unwrap();
    writeln!(w, "    /// The text `text` writes in each language.").unwrap();
    writeln!(w, "    pub fn in_each_language(text: impl Fn(Lang) -> String) -> Self {{").unwrap();
    let fields: Vec<String> = codes.iter().map(|c| format!("{}: text(Lang::{})", field(c), variant(c))).collect();
    writeln!(w, "        Localized {{ {} }}\n    }}\n", fields.join(", ")).unwrap();
    let shared: Vec<String> = codes.iter().map(|c| format!("&self.{}", field(c))).collect();
    let exclusive: Vec<String> = codes.iter().map(|c| format!("&mut self.{}", field(c))).collect();
    writeln!(w, "    fn field(&self, lang: Lang) -> &str {{\n        [{}][lang as usize]\n    }}\n", shared.join(", "))
        .unwrap();
    writeln!(w, "    fn field_mut(&mut self, lang: Lang) -> &mut String {{").unwrap();
    let fields = exclusive.join(", ");
    writeln!(w, "        [{fields}].into_iter().nth(lang as usize).expect(\"a field per language\")").unwrap();
    writeln!(w, "    }}\n}}").unwrap();
    out
}
