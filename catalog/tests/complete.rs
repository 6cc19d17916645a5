//! The catalogs are complete: every language has every message with the same variables, every id the code
//! asks for exists, and no new text is written inline in code instead of in the catalogs.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use fluent_syntax::ast;
use regex::Regex;

/// Message (or `-term`, or `message.attribute`) id → the variables it uses.
type Messages = BTreeMap<String, BTreeSet<String>>;

/// Marks a message reference among a message's variables until the references are resolved.
const REFERENCE: &str = "@";

/// Replaces every message reference by the variables of the message it names, through references of references.
fn resolve_references(messages: &mut Messages) {
    // Deep enough for any chain of references; a cycle (which Fluent refuses at run time) stops here too.
    for _ in 0..16 {
        let snapshot = messages.clone();
        let mut changed = false;
        for variables in messages.values_mut() {
            let references: Vec<String> = variables.iter().filter(|v| v.starts_with(REFERENCE)).cloned().collect();
            for reference in references {
                variables.remove(&reference);
                let referenced = snapshot.get(&reference[REFERENCE.len()..]);
                variables.extend(referenced.into_iter().flatten().cloned());
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
    for variables in messages.values_mut() {
        variables.retain(|v| !v.starts_with(REFERENCE));
    }
}

fn variables_of_pattern(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            variables_of_expression(expression, out);
        }
    }
}

fn variables_of_expression(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            variables_of_inline(selector, out);
            for variant in variants {
                variables_of_pattern(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => variables_of_inline(inline, out),
    }
}

fn variables_of_inline(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. }
        | ast::InlineExpression::TermReference { arguments: Some(arguments), .. } => {
            for argument in &arguments.positional {
                variables_of_inline(argument, out);
            }
            for argument in &arguments.named {
                variables_of_inline(&argument.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => variables_of_expression(expression, out),
        // A referenced message sees the caller's variables: its own count as the caller's (resolved below).
        ast::InlineExpression::MessageReference { id, .. } => {
            out.insert(format!("{REFERENCE}{}", id.name));
        }
        _ => {}
    }
}

fn messages_of(language: &str) -> Messages {
    let mut messages = Messages::new();
    for (code, name, source) in catalog::FILES.iter().filter(|(code, _, _)| *code == language) {
        let resource = fluent_syntax::parser::parse(*source)
            .unwrap_or_else(|(_, errors)| panic!("{code}/{name} does not parse: {errors:?}"));
        for entry in &resource.body {
            let (id, value, attributes) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_owned(), m.value.as_ref(), &m.attributes),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
                ast::Entry::Junk { content } => panic!("{code}/{name}: cannot read {content:?}"),
                _ => continue,
            };
            let mut variables = BTreeSet::new();
            if let Some(value) = value {
                variables_of_pattern(value, &mut variables);
            }
            for attribute in attributes {
                let mut attribute_variables = BTreeSet::new();
                variables_of_pattern(&attribute.value, &mut attribute_variables);
                messages.insert(format!("{id}.{}", attribute.id.name), attribute_variables);
            }
            assert!(messages.insert(id.clone(), variables).is_none(), "{code}/{name}: `{id}` is defined twice");
        }
    }
    resolve_references(&mut messages);
    messages
}

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let reference = messages_of(catalog::code(catalog::LANGUAGES[0]));
    assert!(!reference.is_empty());
    for &lang in &catalog::LANGUAGES[1..] {
        let code = catalog::code(lang);
        let messages = messages_of(code);
        let missing: Vec<_> = reference.keys().filter(|id| !messages.contains_key(*id)).collect();
        let extra: Vec<_> = messages.keys().filter(|id| !reference.contains_key(*id)).collect();
        assert!(missing.is_empty(), "missing in {code}: {missing:?}");
        assert!(extra.is_empty(), "only in {code}: {extra:?}");
        for (id, variables) in &reference {
            assert_eq!(&messages[id], variables, "`{id}` uses other variables in {code} than in en");
        }
    }
}

#[test]
fn every_language_has_a_catalog_directory_with_the_same_files() {
    let files = |lang| -> BTreeSet<&str> {
        catalog::FILES.iter().filter(|(code, _, _)| *code == catalog::code(lang)).map(|(_, n, _)| *n).collect()
    };
    for &lang in catalog::LANGUAGES {
        assert_eq!(files(lang), files(catalog::LANGUAGES[0]), "catalog files of {}", catalog::code(lang));
    }
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Every Rust source of the workspace, as (path relative to the workspace, contents).
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy();
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" && name != "node_modules" {
                    walk(&path, root, out);
                }
            } else if name.ends_with(".rs") {
                let relative = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                // Comments are prose about the code (examples included), not text players read.
                let code: String = fs::read_to_string(&path)
                    .unwrap()
                    .lines()
                    .filter(|line| !line.trim_start().starts_with("//"))
                    .map(|line| format!("{line}\n"))
                    .collect();
                out.push((relative, code));
            }
        }
    }
    let root = workspace();
    let mut out = Vec::new();
    for member in ["api", "cli", "shared", "catalog", "tests"] {
        walk(&root.join(member), &root, &mut out);
    }
    out
}

#[test]
fn every_message_the_code_asks_for_exists() {
    let known = messages_of(catalog::code(catalog::LANGUAGES[0]));
    let asked = [
        Regex::new(r#"\bt!\(\s*[^"]*?,\s*"([^"]+)""#).unwrap(),
        Regex::new(r#"\bboth!\(\s*"([^"]+)""#).unwrap(),
        Regex::new(r#"\bcatalog::(?:text|text_with)\(\s*[^",]+,\s*"([^"]+)""#).unwrap(),
    ];
    let mut unknown = Vec::new();
    let mut count = 0;
    for (path, source) in sources() {
        for pattern in &asked {
            for capture in pattern.captures_iter(&source) {
                count += 1;
                let id = &capture[1];
                if !known.contains_key(id) {
                    unknown.push(format!("{path}: {id}"));
                }
            }
        }
    }
    assert!(count > 0, "the patterns found no use of the catalogs at all");
    assert!(unknown.is_empty(), "messages asked for but in no catalog: {unknown:#?}");
}

/// Files that still choose text by language in code, and how many times; the number may only go down.
/// Every entry is text that belongs in the catalogs (the listing is a ratchet, not a permission).
const INLINE_TEXT_LEFT: &[(&str, usize)] = &[];

#[test]
fn no_new_text_is_chosen_by_language_in_code() {
    let inline = Regex::new(r#"Lang::Ja\s*=>|\btr?\(\s*\*?lang\s*,\s*"|Localized::new\("#).unwrap();
    let allowed: BTreeMap<&str, usize> = INLINE_TEXT_LEFT.iter().copied().collect();
    let mut over = Vec::new();
    for (path, source) in sources() {
        if path.starts_with("catalog/") {
            continue;
        }
        let found = inline.find_iter(&source).count();
        let limit = allowed.get(path.as_str()).copied().unwrap_or(0);
        if found > limit {
            over.push(format!("{path}: {found} (at most {limit})"));
        }
    }
    assert!(
        over.is_empty(),
        "text chosen by `match lang` or written as an English/Japanese pair in code; \
        put it in catalog/locales/*/*.ftl and use `t!`/`both!`:\n{over:#?}"
    );
}

/// Files that still build a text pair in code, and how many times; the number may only go down (a ratchet,
/// not a permission): a `Localized { en: …, ja: … }` literal (two `t!` calls, or two strings), an English and a
/// Japanese string side by side (`("Left King", "左王")`), a data table's Japanese name (`name_ja: "…"`) kept
/// beside its English one, or a text chosen by `if ja`. Each text is one message
/// per language with language-neutral variables (`both!`, or `in_each_language(|lang| t!(lang, …))` with the
/// names of things taken from the catalogs too).
#[rustfmt::skip]
const TEXT_PAIRS_LEFT: &[(&str, usize)] = &[];

/// Pairs that are not texts built for a reader: (file, how many, why).
const NOT_TEXT_PAIRS: &[(&str, usize, &str)] = &[];

#[test]
fn no_new_text_pair_is_built_in_code() {
    let pairs = Regex::new(
        r#"(?x)
        Localized\s*\{\s*en:                                   # a pair written out field by field
        | \(\s*"[^"\n]*"\s*,\s*"[^"\n]*[\p{Hiragana}\p{Katakana}\p{Han}][^"\n]*"\s*\)   # ("English", "日本語")
        | \(\s*"[^"\n]*[\p{Hiragana}\p{Katakana}\p{Han}][^"\n]*"\s*,\s*"[^"\n]*[A-Za-z]{2}[^"\n]*"\s*\)  # ("日本語", "English")
        | \b(?:[a-z]+_)?ja:\s*"                               # a data table's Japanese name beside its English one
        | \bif\s+ja\b                                        # a text chosen by language
        "#,
    )
    .unwrap();
    let allowed: BTreeMap<&str, usize> = TEXT_PAIRS_LEFT.iter().copied().collect();
    let mut over = Vec::new();
    let mut under = Vec::new();
    let mut now = Vec::new();
    for (path, source) in sources() {
        // Tests state what a reader gets in each language on purpose.
        if path.starts_with("catalog/") || path.contains("/tests/") || path.ends_with("/tests.rs") {
            continue;
        }
        let code = source.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
        let not_texts: usize = NOT_TEXT_PAIRS.iter().filter(|(p, _, _)| *p == path).map(|(_, n, _)| n).sum();
        let found = pairs.find_iter(code).count().saturating_sub(not_texts);
        let limit = allowed.get(path.as_str()).copied().unwrap_or(0);
        if found > 0 {
            now.push(format!("    (\"{path}\", {found}),"));
        }
        if found > limit {
            over.push(format!("{path}: {found} (at most {limit})"));
        } else if found < limit {
            under.push(format!("{path}: {found} (the list says {limit})"));
        }
    }
    assert!(
        over.is_empty(),
        "text pairs built in code; put each text in catalog/locales/*/*.ftl once per language and build it \
        with `both!` or `in_each_language`:\n{over:#?}\nnow:\n{}",
        now.join("\n")
    );
    assert!(under.is_empty(), "fewer text pairs than TEXT_PAIRS_LEFT says: lower it to\n{}", now.join("\n"));
}

/// Languages the code may name, and why: (file, the name as written, how many, why).
const NAMED_LANGUAGES: &[(&str, &str, usize, &str)] = &[
    ("shared/src/api_types.rs", "\"ja\"", 2, "the deprecated `detail_ja` of problems, and the example of a code"),
    ("shared/src/api_types.rs", "detail_ja", 1, "the deprecated field of problems"),
    ("api/src/error.rs", "detail_ja", 1, "fills the deprecated field of problems"),
    ("api/src/web/layout.rs", "\"ja\"", 1, "the brand's Japanese word, 手紙, marked as Japanese on every page"),
    ("api/src/web/mod.rs", "\"ja\"", 1, "the brand's Japanese word on the error page"),
    ("api/src/service/game_record.rs", "\"en\"", 3, "the journal events' dictionary, frozen in the stored format"),
    ("api/src/service/game_record.rs", "\"ja\"", 3, "the journal events' dictionary, frozen in the stored format"),
];

/// Code outside tests never names a language: what differs between languages is in the catalogs (texts) or a
/// property the catalogs give (`catalog::wide_script`, `catalog::names`), and code that needs one language
/// takes the source language, `catalog::LANGUAGES[0]`. So adding a language is adding files: its catalog
/// directory and its rules documents (`Lang` and `Localized` are written by `catalog/build.rs`).
#[test]
fn no_code_names_a_language() {
    let named = Regex::new(
        r#"(?x)
        \bLang::[A-Z]\w*                                     # a variant: Lang::Ja
        | \.(?:en|ja)\b(?:[^(\w]|$)                          # a language's field: text.ja
        | "(?:en|ja)(?:-[A-Za-z]+)?"                         # a code: "ja"
        | \b(?:[a-z]+_)?(?:en|ja)\s*:                         # a field written out: detail_ja:
        "#,
    )
    .unwrap();
    let mut found: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (path, source) in sources() {
        if path.starts_with("catalog/")
            || path.contains("/tests/")
            || path.contains("/benches/")
            || path.ends_with("/tests.rs")
        {
            continue;
        }
        let code = source.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
        for m in named.find_iter(code) {
            let name = m.as_str().trim_end_matches(|c: char| !c.is_alphanumeric() && c != '"').to_owned();
            *found.entry((path.clone(), name)).or_default() += 1;
        }
    }
    let mut unexplained = Vec::new();
    for ((path, name), count) in &found {
        let allowed = NAMED_LANGUAGES.iter().find(|(p, n, _, _)| p == path && n == name).map_or(0, |(_, _, n, _)| *n);
        if *count != allowed {
            unexplained.push(format!("{path}: `{name}` {count} times (NAMED_LANGUAGES says {allowed})"));
        }
    }
    for (path, name, count, _) in NAMED_LANGUAGES {
        if !found.contains_key(&((*path).to_owned(), (*name).to_owned())) {
            unexplained.push(format!("{path}: `{name}` no longer found (NAMED_LANGUAGES says {count})"));
        }
    }
    assert!(unexplained.is_empty(), "code that names a language; use the catalogs instead:\n{unexplained:#?}");
}
