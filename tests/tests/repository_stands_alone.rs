//! The repository stands alone: no committed file (`git ls-files`) mentions a path above the repository
//! root, such as a spec or a design note kept beside the checkout. Relative paths are fine as long as they
//! stay inside the repository and name something that is there: paths in Cargo manifests, `include_str!`,
//! `#[path]`, `embed_migrations!` and `CARGO_MANIFEST_DIR`-relative strings are read from the file's own
//! directory or its crate's root, and prose from the repository root.

use std::path::{Component, Path, PathBuf};
use std::process::Command;

/// Files copied unchanged from other projects' packages, kept whole.
const VENDORED: &str = "api/assets";

/// Characters a path is made of, placeholders (`<slug>`, `{dir}`, `$X`, `*`) included.
fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_.-~/<>{}$*".contains(c)
}

fn is_placeholder(component: &str) -> bool {
    component.contains(['<', '>', '{', '}', '$', '*'])
}

/// Every relative mention that goes up a level in `line`, as (what precedes the first `../`, the path from
/// there). A `../` counts only at the start of a path or after a `/`, not inside a name like `~..`.
fn upward_mentions(line: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut token = String::new();
    for c in line.chars().chain(std::iter::once(' ')) {
        if is_path_char(c) {
            token.push(c);
            continue;
        }
        let t = token.trim_end_matches('.');
        let up = format!("{}/", "..");
        let start = t.match_indices(&up).map(|(i, _)| i).find(|&i| i == 0 || t[..i].ends_with('/'));
        if let Some(i) = start {
            found.push((t[..i].to_string(), t[i..].to_string()));
        }
        token.clear();
    }
    found
}

/// `path` joined to `base` (both inside `root`), with `..` applied: `None` when it climbs above `root`.
fn resolve(root: &Path, base: &Path, path: &str) -> Option<PathBuf> {
    let mut parts: Vec<String> =
        base.strip_prefix(root).ok()?.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    for component in Path::new(path).components() {
        match component {
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::Normal(name) => parts.push(name.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    Some(parts.iter().collect())
}

/// The folder of the nearest `Cargo.toml` above `file` (the crate a Rust path is relative to).
fn crate_root(root: &Path, file: &Path) -> PathBuf {
    let mut dir = file.parent().unwrap_or(root).to_path_buf();
    while dir.starts_with(root) && dir != root {
        if dir.join("Cargo.toml").is_file() {
            return dir;
        }
        dir.pop();
    }
    root.to_path_buf()
}

/// Why the mention (`prefix`, `path`) in `file` does not name something inside the repository, if it
/// does not. Only the part before any placeholder has to exist.
fn outside(root: &Path, file: &Path, prefix: &str, path: &str) -> Option<String> {
    let file_dir = file.parent().unwrap_or(root).to_path_buf();
    let crate_dir = crate_root(root, file);
    // A string that starts with a placeholder, then a step up (as beside CARGO_MANIFEST_DIR): relative to the
    // crate. Otherwise the whole
    // token is a path, relative to the file, its crate or the repository root.
    let bare_prefix = prefix.split('/').all(|c| c.is_empty() || is_placeholder(c));
    let (bases, path) = if bare_prefix {
        (vec![file_dir, crate_dir], path.to_string())
    } else {
        (vec![file_dir, crate_dir, root.to_path_buf()], format!("{prefix}{path}"))
    };
    let concrete: Vec<&str> = path.split('/').take_while(|c| !is_placeholder(c)).collect();
    let concrete = concrete.join("/");
    let mut climbed = false;
    for base in &bases {
        match resolve(root, base, &concrete) {
            Some(inside) if root.join(&inside).exists() => return None,
            Some(_) => {}
            None => climbed = true,
        }
    }
    Some(if climbed {
        format!("`{path}` leaves the repository")
    } else {
        format!("`{path}` names nothing in the repository")
    })
}

fn committed_files(root: &Path) -> Vec<PathBuf> {
    let output = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .expect("`git` runs (this test reads the committed files with `git ls-files`)");
    assert!(output.status.success(), "`git ls-files` failed: {}", String::from_utf8_lossy(&output.stderr));
    output
        .stdout
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| root.join(String::from_utf8_lossy(p).as_ref()))
        .collect()
}

#[test]
fn no_committed_file_mentions_a_path_above_the_repository_root() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf();
    let root = root.canonicalize().expect("the workspace root exists");
    // The checkout's own surroundings, spelled absolutely (e.g. `/home/me/src/`), are outside too.
    let parent = root.parent().filter(|p| *p != Path::new("/")).map(|p| format!("{}/", p.display()));
    let mut problems = Vec::new();
    let files = committed_files(&root);
    assert!(files.len() > 50, "`git ls-files` lists the repository ({} files)", files.len());
    for file in files {
        // Vendored third-party assets (the API reference's script) speak of their own package's layout.
        if file.strip_prefix(&root).is_ok_and(|f| f.starts_with(VENDORED)) {
            continue;
        }
        // Deleted but not yet committed, or binary: nothing to read.
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let name = file.strip_prefix(&root).expect("inside").display().to_string();
        for (n, line) in text.lines().enumerate() {
            for (prefix, path) in upward_mentions(line) {
                if let Some(why) = outside(&root, &file, &prefix, &path) {
                    problems.push(format!("{name}:{}: {why}", n + 1));
                }
            }
            if let Some(parent) = &parent
                && line.contains(parent.as_str())
            {
                problems.push(format!("{name}:{}: names `{parent}`, the folder around the checkout", n + 1));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "committed files refer to paths outside the repository; put what they need inside it \
         (e.g. docs/rules/<slug>.md) and refer to that:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_tells_inside_from_outside() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").canonicalize().unwrap();
    let up = "..";
    let check = |file: &str, line: &str| -> Vec<Option<String>> {
        upward_mentions(line).iter().map(|(prefix, path)| outside(&root, &root.join(file), prefix, path)).collect()
    };
    // Above the root, with or without placeholders, in prose or in code.
    assert!(check("README.md", &format!("see `{up}/shared/rules/<slug>.md`."))[0].is_some());
    assert!(check("shared/src/engine.rs", &format!("//! see {up}/{up}/{up}/notes.md"))[0].is_some());
    // Inside, but naming nothing: a spec that was never committed.
    let missing = check("shared/src/engine.rs", &format!("// see {up}/shared/ENGINE-NEEDS.md"));
    assert!(missing[0].as_deref().is_some_and(|w| w.contains("names nothing")), "{missing:?}");
    // Legitimate: a manifest's sibling crate, a test's shared module, include_str! and manifest-relative paths.
    assert_eq!(check("api/Cargo.toml", &format!("shared = {{ path = \"{up}/shared\" }}")), vec![None]);
    assert_eq!(check("tests/tests/x.rs", &format!("#[path = \"{up}/{up}/api/tests/common/smtp.rs\"]")), vec![None]);
    assert_eq!(
        check("shared/src/x.rs", &format!("include_str!(concat!(\"{up}/{up}/docs/rules/\", $slug))")),
        vec![None]
    );
    assert_eq!(check("api/src/db/mod.rs", &format!("format!(\"{{}}/{up}/migrations/{{dir}}\", m)")), vec![None]);
    assert_eq!(check("api/tests/openapi.rs", &format!("concat!(env!(\"M\"), \"/{up}/openapi.yaml\")")), vec![None]);
    // Not paths at all: a hex map row, an ellipsis.
    assert!(upward_mentions("\"~~~~~..///...//^^^\", \"~~~.../^^/\"").is_empty());
    assert!(upward_mentions("and so on... /etc").is_empty());
}
