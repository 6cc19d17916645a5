//! Embeds every game's rules documents, `docs/rules/<slug>.md` (the source language's) and
//! `docs/rules/<slug>.<language code>.md`: a new language's documents are all it takes.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("../docs/rules");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut documents: Vec<(String, Option<String>, String)> = Vec::new();
    for entry in fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let Some(stem) = name.strip_suffix(".md") else { continue };
        println!("cargo:rerun-if-changed={}", path.display());
        let (slug, code) = match stem.split_once('.') {
            Some((slug, code)) => (slug.to_owned(), Some(code.to_owned())),
            None => (stem.to_owned(), None),
        };
        documents.push((slug, code, path.canonicalize().unwrap().display().to_string()));
    }
    documents.sort();
    let mut out = String::from("&[\n");
    for (slug, code, path) in documents {
        // One cargo feature per game, named by its slug: a build without the game has no rules for it.
        writeln!(out, "    #[cfg(feature = {slug:?})]\n    ({slug:?}, {code:?}, include_str!({path:?})),").unwrap();
    }
    out.push(']');
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("rules_documents.rs"), out).unwrap();
}
