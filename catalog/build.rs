//! Embeds every `locales/<language>/<area>.ftl` file: adding a catalog file (or a language's directory) needs
//! no code change.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut languages: Vec<_> =
        fs::read_dir(&root).unwrap().map(|entry| entry.unwrap().path()).filter(|path| path.is_dir()).collect();
    languages.sort();
    let mut out = String::from("&[\n");
    for language in languages {
        println!("cargo:rerun-if-changed={}", language.display());
        let code = language.file_name().unwrap().to_str().unwrap().to_owned();
        let mut files: Vec<_> = fs::read_dir(&language)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
            .collect();
        files.sort();
        for file in files {
            println!("cargo:rerun-if-changed={}", file.display());
            let name = file.file_name().unwrap().to_str().unwrap();
            writeln!(out, "    ({code:?}, {name:?}, include_str!({:?})),", file.display().to_string()).unwrap();
        }
    }
    out.push(']');
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("catalog_files.rs"), out).unwrap();
}
