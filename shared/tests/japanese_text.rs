//! Issue 24's proof for the engines: a Japanese player reads no English, an English player reads no Japanese.
//!
//! Random legal playouts of every game, at every seat count the game allows. After every answer, for every
//! seat (and a spectator), the text render, the prompt and help of every pending decision, the names of the
//! decisions, the events, the refusals of answers that do not fit the decision (answers given earlier in
//! the game, and notation that does not parse) and the outcome are read in both languages:
//! - Japanese text holds no English word. An English word is a run of three or more ASCII letters that the
//!   English catalogs use as a word, so that board symbols (`aaTHaa`, `RYG`) are not words; notation
//!   tokens are allowed (every word of an answer's notation the game itself prints, the command words
//!   and codes listed in `NOTATION` below, and whatever stands in a `code span`, which players type as
//!   they are).
//! - English text holds no kana and no CJK ideograph, except the kanji row numerals of shidouban's square
//!   notation (`2一`), which English players type too.
//!
//! `KNOWN_LEFT` lists what the engines still show in the wrong language (a ratchet, like the catalog test's
//! list of inline texts): each entry is a game, a kind of text and a word; entries may only be removed.

use std::collections::BTreeSet;

use serde_json::Value;
use shared::registry::{self, ApplyError, DynGame, DynState};
use shared::{Lang, Localized, Pending, RenderContext, Rng, RuleError, Viewer};

/// Words of the games' notations and codes that a Japanese text may quote as typed (`pick KON`,
/// `move TK1 0907`, `D2T`, …), besides those the playouts print themselves.
#[rustfmt::skip]
const NOTATION: &[&str] = &[
    // uosao
    "RED", "YEL", "GRN", "BLU", "PUR", "colours",
    // shinobazu
    "CARD", "play", "self", "fight", "push",
    // shidouban, with the codes of persons and event tiles
    "pick", "use", "none", "pass", "kuchi", "kakugo", "dokatsu", "side", "alloc", "order", "reprieve", "pref",
    "auto", "ISH", "AIZ", "EEJ", "FUK", "IIN", "ITO", "KAI", "MAT", "OKI", "SAI", "TOD",
    // senbat
    "move", "form", "rot", "fwd", "back", "shoot", "fire", "charge", "recover", "defend", "end", "reset",
    "forfeit", "tokens", "targets", "stock", "kenkon", "senkyo", "take", "put", "heal", "policy", "ask", "never",
    "min",
    // suriagehara
    "deploy", "standard", "cup", "all", "sub", "own", "done", "attack", "retreat", "replace",
];

/// What still reaches a reader in the other language: (game, kind of text, word or "Japanese").
const KNOWN_LEFT: &[(&str, &str, &str)] = &[];

/// Every word the English catalogs use, lowercased (placeables left out).
fn english_words() -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for (_, _, source) in catalog::FILES.iter().filter(|(code, _, _)| *code == "en") {
        for line in source.lines().filter(|l| !l.trim_start().starts_with('#')) {
            let text = line.split_once(" = ").map_or(line, |(_, value)| value);
            // A variant's key (`[KON]`, `*[other]`) selects a text and is none itself.
            let text = match text.trim_start().trim_start_matches('*').strip_prefix('[') {
                Some(variant) => variant.split_once(']').map_or(text, |(_, value)| value),
                None => text,
            };
            let mut depth = 0;
            let plain: String = text
                .chars()
                .map(|c| {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    if depth > 0 || c == '}' { ' ' } else { c }
                })
                .collect();
            words.extend(ascii_words(&plain).into_iter().map(str::to_ascii_lowercase));
        }
    }
    words
}

/// Runs of ASCII letters of at least three in `text`.
fn ascii_words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_ascii_alphabetic(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                if i - s >= 3 {
                    words.push(&text[s..i]);
                }
                start = None;
            }
            _ => {}
        }
    }
    words
}

/// `text` with every `code span` blanked: a code span is what the player types as it is (a command, a
/// creation option's JSON, `tegami rules senbat --lang ja`), in every language.
fn without_code_spans(text: &str) -> String {
    let mut inside = false;
    text.chars()
        .map(|c| {
            if c == '`' {
                inside = !inside;
            }
            if inside || c == '`' { ' ' } else { c }
        })
        .collect()
}

fn is_japanese_char(c: char) -> bool {
    if "一二三四五六".contains(c) {
        return false;
    }
    matches!(c as u32,
        0x3040..=0x30FF // hiragana, katakana
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF // CJK ideographs
        | 0xFF66..=0xFF9F) // half-width katakana
}

struct Reader {
    english: BTreeSet<String>,
    notation: BTreeSet<String>,
    problems: BTreeSet<String>,
    /// (game, kind, word) of every problem, to compare with `KNOWN_LEFT`.
    found: BTreeSet<(String, String, String)>,
}

impl Reader {
    fn new() -> Self {
        Reader {
            english: english_words(),
            notation: NOTATION.iter().map(|w| w.to_ascii_lowercase()).collect(),
            problems: BTreeSet::new(),
            found: BTreeSet::new(),
        }
    }

    /// Every word of a notation the game prints is a notation token.
    fn learn(&mut self, notation: &str) {
        for word in ascii_words(notation) {
            self.notation.insert(word.to_ascii_lowercase());
        }
    }

    fn japanese(&mut self, slug: &str, what: &str, text: &str) {
        for word in ascii_words(&without_code_spans(text)) {
            let lower = word.to_ascii_lowercase();
            if self.english.contains(&lower) && !self.notation.contains(&lower) {
                self.report(slug, what, &lower, format!("{slug} {what} (ja): English word `{word}` in {text:?}"));
            }
        }
    }

    fn english(&mut self, slug: &str, what: &str, text: &str) {
        if text.chars().any(is_japanese_char) {
            self.report(slug, what, "Japanese", format!("{slug} {what} (en): Japanese in {text:?}"));
        }
    }

    fn report(&mut self, slug: &str, what: &str, word: &str, problem: String) {
        self.found.insert((slug.to_owned(), what.to_owned(), word.to_owned()));
        if !KNOWN_LEFT.contains(&(slug, what, word)) {
            self.problems.insert(problem);
        }
    }

    fn both(&mut self, slug: &str, what: &str, text: &Localized) {
        self.japanese(slug, what, &text.ja);
        self.english(slug, what, &text.en);
    }

    fn refusal(&mut self, slug: &str, error: &ApplyError) {
        if let ApplyError::Rule(RuleError::Illegal(text)) = error {
            self.both(slug, "refusal", text);
        }
    }
}

fn read_state(game: &dyn DynGame, state: &DynState, seats: u8, reader: &mut Reader) {
    let slug = game.slug();
    let pending = game.pending(state);
    for p in &pending {
        reader.both(slug, "decision name", &game.decision_name(&p.kind));
        let Some(choices) = game.legal(state, &p.id) else { continue };
        for option in &choices.options {
            reader.learn(&option.notation);
        }
        reader.both(slug, "prompt", &choices.prompt);
        if let Some(help) = &choices.help {
            reader.both(slug, "help", help);
        }
    }
    let viewers = (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]);
    for viewer in viewers {
        let view = game.view(state, viewer);
        let japanese = game.render(&view, &RenderContext::new(Lang::Ja, 80)).unwrap();
        reader.japanese(slug, "render", &japanese);
        let english = game.render(&view, &RenderContext::new(Lang::En, 80)).unwrap();
        reader.english(slug, "render", &english);
    }
}

/// Answers that do not fit `p`: answers given earlier in the game, and notation that does not parse.
fn refuse(game: &dyn DynGame, state: &DynState, p: &Pending, earlier: &[Value], rng: &mut Rng, reader: &mut Reader) {
    let slug = game.slug();
    for _ in 0..3 {
        let Some(action) = rng.choose(earlier) else { break };
        let mut copy = game.clone_state(state);
        if let Err(error) = game.apply(&mut copy, &p.id, p.seat, action, rng) {
            reader.refusal(slug, &error);
        }
    }
    let view = game.view(state, Viewer::Seat(p.seat));
    for typed in ["", "9999", "@+99", "?", "9999 9999", "P9", "C99"] {
        match game.parse_action(&view, p, typed) {
            Err(registry::ParseActionError::Notation(error)) => reader.both(slug, "notation error", &error.0),
            Err(registry::ParseActionError::Shape(_)) => {}
            Ok(action) => {
                let mut copy = game.clone_state(state);
                if let Err(error) = game.apply(&mut copy, &p.id, p.seat, &action, rng) {
                    reader.refusal(slug, &error);
                }
            }
        }
    }
}

fn playout(game: &dyn DynGame, seats: u8, seed: &str, reader: &mut Reader) {
    let slug = game.slug();
    let mut rng = Rng::from_seed(seed.as_bytes());
    let mut state = game.setup(&Value::Null, seats, &mut rng).unwrap();
    let mut earlier: Vec<Value> = Vec::new();
    for _ in 0..5000 {
        read_state(game, &state, seats, reader);
        let pending = game.pending(&state);
        let Some(p) = rng.choose(&pending).cloned() else { break };
        refuse(game, &state, &p, &earlier, &mut rng, reader);
        let action = game.random_action(&state, &p.id, &mut rng).unwrap();
        if let Ok(notation) = game.print_action(&action) {
            reader.learn(&notation);
        }
        let events = game.apply(&mut state, &p.id, p.seat, &action, &mut rng).unwrap();
        for event in &events {
            reader.both(slug, "event", &event.text);
        }
        earlier.push(action);
    }
    if let Some(outcome) = game.outcome(&state) {
        reader.both(slug, "outcome", &outcome.summary);
    }
    read_state(game, &state, seats, reader);
}

#[test]
fn japanese_text_has_no_english_and_english_text_no_japanese() {
    let mut reader = Reader::new();
    for game in registry::games() {
        let info = game.info();
        reader.both(game.slug(), "about", &info.about);
        for seats in [info.min_seats.saturating_sub(1), info.max_seats + 1] {
            if let Err(error) = game.setup(&Value::Null, seats, &mut Rng::from_seed(b"seats")) {
                reader.both(game.slug(), "setup error", &error.0);
            }
        }
        for seats in info.min_seats..=info.max_seats {
            playout(*game, seats, &format!("{} {seats}", game.slug()), &mut reader);
        }
    }
    let problems: Vec<_> = reader.problems.into_iter().collect();
    let first: Vec<_> = problems.iter().take(40).cloned().collect();
    let new: Vec<String> = reader
        .found
        .iter()
        .filter(|(g, w, x)| !KNOWN_LEFT.contains(&(g.as_str(), w.as_str(), x.as_str())))
        .map(|(g, w, x)| format!("    (\"{g}\", \"{w}\", \"{x}\"),"))
        .collect();
    assert!(
        problems.is_empty(),
        "{} texts in the wrong language; the first:\n{}\nnew entries:\n{}",
        problems.len(),
        first.join("\n"),
        new.join("\n")
    );
    let fixed: Vec<_> = KNOWN_LEFT
        .iter()
        .filter(|(g, w, x)| !reader.found.contains(&((*g).to_owned(), (*w).to_owned(), (*x).to_owned())))
        .collect();
    assert!(fixed.is_empty(), "fixed, so take them out of KNOWN_LEFT: {fixed:?}");
}
