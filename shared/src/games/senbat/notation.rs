//! The ASCII command notation of spec §4.8: parsing (case-insensitive, lenient about spaces around
//! commas) and canonical printing. Kept apart from the rules, as shakmaty keeps SAN apart from `Position`.

use std::fmt;

use super::action::Action;
use super::data::{self, SPACES, Slot};
use super::state::StockPolicy;
use crate::engine::Lang;

/// Why a command does not parse; told to the player through the catalogs (`senbat-notation-*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationProblem {
    Empty,
    UnknownCommand(String),
    UnknownCard(String),
    UnknownSpace(String),
    UnknownSlot(String),
    /// `text` is not a number where `quantity` (`rotation`, `x`, `heading`, …) was expected.
    NotANumber {
        text: String,
        quantity: Quantity,
    },
    /// `text` does not have the notation's `shape` (`A>B`, `SLOT=CARD`, …).
    Shape {
        text: String,
        shape: &'static str,
    },
    RotationOutOfRange,
    /// The command needs more words: `expected` is the notation that was missing.
    Expected {
        expected: &'static str,
    },
    /// `fwd J` or `back J` was expected, `found` came.
    ExpectedDirection {
        found: String,
    },
    /// A word after the end of the command.
    Unexpected(String),
    /// `command` needs a card (its core, its sonae) as its first word.
    MissingCard {
        command: &'static str,
    },
}

/// The numbers a command carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    Rotation,
    X,
    Y,
    Heading,
    Count,
    Distance,
}

impl Quantity {
    fn name(self, lang: Lang) -> String {
        match self {
            Quantity::Rotation => catalog::t!(lang, "senbat-quantity-rotation"),
            Quantity::X => catalog::t!(lang, "senbat-quantity-x"),
            Quantity::Y => catalog::t!(lang, "senbat-quantity-y"),
            Quantity::Heading => catalog::t!(lang, "senbat-quantity-heading"),
            Quantity::Count => catalog::t!(lang, "senbat-quantity-count"),
            Quantity::Distance => catalog::t!(lang, "senbat-quantity-distance"),
        }
    }
}

impl NotationProblem {
    /// The problem in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            NotationProblem::Empty => catalog::t!(lang, "senbat-notation-empty"),
            NotationProblem::UnknownCommand(word) => catalog::t!(lang, "senbat-notation-unknown-command", word = word),
            NotationProblem::UnknownCard(word) => catalog::t!(lang, "senbat-notation-unknown-card", word = word),
            NotationProblem::UnknownSpace(word) => catalog::t!(lang, "senbat-notation-unknown-space", word = word),
            NotationProblem::UnknownSlot(word) => catalog::t!(lang, "senbat-notation-unknown-slot", word = word),
            NotationProblem::NotANumber { text, quantity } => {
                catalog::t!(lang, "senbat-notation-not-a-number", text = text, quantity = quantity.name(lang))
            }
            NotationProblem::Shape { text, shape } => {
                catalog::t!(lang, "senbat-notation-shape", text = text, shape = *shape)
            }
            NotationProblem::RotationOutOfRange => catalog::t!(lang, "senbat-notation-rotation-out-of-range"),
            NotationProblem::Expected { expected } => {
                catalog::t!(lang, "senbat-notation-expected", expected = *expected)
            }
            NotationProblem::ExpectedDirection { found } => {
                catalog::t!(lang, "senbat-notation-expected-direction", found = found)
            }
            NotationProblem::Unexpected(word) => catalog::t!(lang, "senbat-notation-unexpected", word = word),
            NotationProblem::MissingCard { command } => {
                catalog::t!(lang, "senbat-notation-missing-card", command = *command)
            }
        }
    }
}

impl fmt::Display for NotationProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(catalog::LANGUAGES[0]))
    }
}

fn card(s: &str) -> Result<String, NotationProblem> {
    data::card_index(s).map(|i| data::CARDS[i].id.to_string()).ok_or_else(|| NotationProblem::UnknownCard(s.to_owned()))
}

fn space(s: &str) -> Result<usize, NotationProblem> {
    data::space_index(s).ok_or_else(|| NotationProblem::UnknownSpace(s.to_owned()))
}

fn num<T: std::str::FromStr>(s: &str, quantity: Quantity) -> Result<T, NotationProblem> {
    s.parse::<T>().map_err(|_| NotationProblem::NotANumber { text: s.to_owned(), quantity })
}

fn shape(text: &str, shape: &'static str) -> NotationProblem {
    NotationProblem::Shape { text: text.to_owned(), shape }
}

fn pairs(s: &str) -> Result<Vec<(String, String)>, NotationProblem> {
    s.split(',')
        .filter(|x| !x.trim().is_empty())
        .map(|p| {
            let (a, b) = p.split_once('>').ok_or_else(|| shape(p, "A>B"))?;
            Ok((card(a.trim())?, card(b.trim())?))
        })
        .collect()
}

fn form(s: &str) -> Result<Vec<(Slot, String)>, NotationProblem> {
    s.split(',')
        .filter(|x| !x.trim().is_empty())
        .map(|p| {
            let (a, b) = p.split_once('=').ok_or_else(|| shape(p, "SLOT=CARD"))?;
            let sl = Slot::parse(a.trim())
                .filter(|s| *s != Slot::C)
                .ok_or_else(|| NotationProblem::UnknownSlot(a.to_owned()))?;
            Ok((sl, card(b.trim())?))
        })
        .collect()
}

fn rot(s: &str) -> Result<i32, NotationProblem> {
    let v: i32 = num(s.trim_start_matches('+'), Quantity::Rotation)?;
    if v.abs() > 90 {
        return Err(NotationProblem::RotationOutOfRange);
    }
    Ok(v)
}

/// Parses one command.
pub fn parse(text: &str) -> Result<Action, NotationProblem> {
    let text = text.split('#').next().unwrap_or("").trim();
    // Glue "a , b" and "a> b" so that lists are single words.
    let mut glued = String::new();
    for ch in text.chars() {
        if matches!(ch, ',' | '>' | '=' | ';' | ':') {
            while glued.ends_with(' ') {
                glued.pop();
            }
        }
        if ch.is_whitespace()
            && (glued.ends_with(',') || glued.ends_with('>') || glued.ends_with('=') || glued.is_empty())
        {
            continue;
        }
        glued.push(ch);
    }
    let words: Vec<&str> = glued.split_whitespace().collect();
    let Some(head) = words.first() else { return Err(NotationProblem::Empty) };
    let head = head.to_ascii_lowercase();
    let w = |i: usize| words.get(i).map(|s| s.to_ascii_lowercase()).unwrap_or_default();
    let rest = &words[1..];
    let a = match head.as_str() {
        "sonae" => {
            if w(1) == "quickstart" && words.len() == 2 {
                Action::OrganiseQuick
            } else {
                let joined = rest.join(" ");
                let mut sonae = Vec::new();
                for part in joined.split(';').filter(|p| !p.trim().is_empty()) {
                    let (core, troops) = part.split_once(':').ok_or_else(|| shape(part, "CORE: CARD CARD"))?;
                    let troops = troops
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|t| !t.is_empty())
                        .map(card)
                        .collect::<Result<Vec<_>, _>>()?;
                    sonae.push((card(core.trim())?, troops));
                }
                Action::Organise { sonae }
            }
        }
        "deploy" => {
            if w(1) == "quickstart" {
                Action::DeployQuick
            } else {
                let core = card(words.get(1).ok_or(NotationProblem::MissingCard { command: "deploy" })?)?;
                if w(2) != "at" {
                    return Err(NotationProblem::Expected { expected: "at X,Y" });
                }
                let (xs, ys) = w(3)
                    .split_once(',')
                    .map(|(a, b)| (a.to_string(), b.to_string()))
                    .ok_or(NotationProblem::Expected { expected: "at X,Y" })?;
                let (x, y): (f64, f64) = (num(&xs, Quantity::X)?, num(&ys, Quantity::Y)?);
                let mut i = 4;
                let htxt = w(i);
                let h: i32 = if htxt == "h" {
                    i += 1;
                    num(&w(i), Quantity::Heading)?
                } else {
                    num(htxt.trim_start_matches('h'), Quantity::Heading)?
                };
                i += 1;
                let f = if w(i) == "form" {
                    form(&w(i + 1))?
                } else if words.len() > i {
                    return Err(NotationProblem::Unexpected(w(i)));
                } else {
                    Vec::new()
                };
                Action::Deploy { core, x, y, h, form: f }
            }
        }
        "deploy-reset" => Action::DeployReset,
        "deploy-forfeit" => Action::DeployForfeit {
            core: card(words.get(1).ok_or(NotationProblem::MissingCard { command: "deploy-forfeit" })?)?,
        },
        "tokens" => {
            let mut counts = [0u8; 4];
            for t in rest.join(",").split(',').filter(|t| !t.is_empty()) {
                let (k, v) = t.split_once('=').ok_or_else(|| shape(t, "MV=1"))?;
                counts[space(k)?] = num(v, Quantity::Count)?;
            }
            Action::Tokens { counts }
        }
        "move" => {
            let sonae = card(words.get(1).ok_or(NotationProblem::MissingCard { command: "move" })?)?;
            let mut i = 2;
            let mut f = None;
            let mut r = 0;
            if w(i) == "form" {
                f = Some(form(&w(i + 1))?);
                i += 2;
            }
            if w(i) == "rot" {
                r = rot(&w(i + 1))?;
                i += 2;
            }
            let back = match w(i).as_str() {
                "fwd" | "forward" => false,
                "back" | "backward" => true,
                other => return Err(NotationProblem::ExpectedDirection { found: other.to_owned() }),
            };
            let j: u8 = num(&w(i + 1), Quantity::Distance)?;
            if words.len() > i + 2 {
                return Err(NotationProblem::Unexpected(w(i + 2)));
            }
            Action::Move { sonae, form: f, rot: r, back, j }
        }
        "shoot" => {
            let sonae = card(words.get(1).ok_or(NotationProblem::MissingCard { command: "shoot" })?)?;
            let mut i = 2;
            let mut r = 0;
            let mut fire = Vec::new();
            if w(i) == "rot" {
                r = rot(&w(i + 1))?;
                i += 2;
            }
            if w(i) == "fire" {
                fire = pairs(&w(i + 1))?;
                i += 2;
            }
            if words.len() > i {
                return Err(NotationProblem::Unexpected(w(i)));
            }
            Action::Shoot { sonae, rot: r, fire }
        }
        "charge" => {
            let sonae = card(words.get(1).ok_or(NotationProblem::MissingCard { command: "charge" })?)?;
            Action::Charge { sonae, j: num(&w(2), Quantity::Distance)? }
        }
        "recover" => Action::Recover { card: words.get(1).map(|c| card(c)).transpose()? },
        "defend" => Action::Defend,
        "end" => Action::End,
        "targets" => Action::Targets { pairs: pairs(&rest.join(","))? },
        "stock" => match w(1).as_str() {
            "use" | "yes" => Action::Stock { use_it: true },
            "no" => Action::Stock { use_it: false },
            _ => return Err(NotationProblem::Expected { expected: "stock use|no" }),
        },
        "kenkon" => match w(1).as_str() {
            "no" => Action::Kenkon { space: None },
            "use" => Action::Kenkon { space: Some(space(&w(2))?) },
            _ => return Err(NotationProblem::Expected { expected: "kenkon no|use SPACE" }),
        },
        "senkyo" => {
            if w(1) != "take" || w(3) != "put" {
                return Err(NotationProblem::Expected { expected: "senkyo take SPACE put SPACE" });
            }
            Action::Senkyo { take: space(&w(2))?, put: space(&w(4))? }
        }
        "heal" => Action::Heal { card: card(words.get(1).ok_or(NotationProblem::MissingCard { command: "heal" })?)? },
        "policy" => match (w(1).as_str(), w(2).as_str()) {
            ("stock", "ask") => Action::PolicyStock { policy: StockPolicy::Ask },
            ("stock", "never") => Action::PolicyStock { policy: StockPolicy::Never },
            ("stock", "min") => Action::PolicyStock { policy: StockPolicy::Min(num(&w(3), Quantity::Count)?) },
            ("kenkon", "ask") => Action::PolicyKenkon { never: false },
            ("kenkon", "never") => Action::PolicyKenkon { never: true },
            _ => {
                return Err(NotationProblem::Expected {
                    expected: "policy stock ask|never|min N | policy kenkon ask|never",
                });
            }
        },
        other => return Err(NotationProblem::UnknownCommand(other.to_owned())),
    };
    Ok(a)
}

fn print_pairs(p: &[(String, String)]) -> String {
    p.iter().map(|(a, b)| format!("{a}>{b}")).collect::<Vec<_>>().join(",")
}

fn print_form(f: &[(Slot, String)]) -> String {
    f.iter().map(|(s, c)| format!("{}={}", s.name(), c)).collect::<Vec<_>>().join(",")
}

fn print_rot(r: i32) -> String {
    format!("{r:+}")
}

/// An executed action as the log tells it in `lang` (spec §4.9, display only): its notation in English, a
/// description in Japanese.
pub fn describe(lang: Lang, a: &Action) -> String {
    // Cards by their ids as the catalogs know them, whatever case they were typed in.
    let id = |id: &str| data::card_index(id).map_or(id.to_string(), |i| data::CARDS[i].id.to_string());
    let rotation = |r: i32| {
        catalog::t!(
            lang,
            "senbat-action-rotation",
            turn = if r > 0 { "right" } else { "left" },
            degrees = r.unsigned_abs()
        )
    };
    let (head, rest) = match a {
        Action::Move { sonae, form, rot: r, back, j } => {
            let mut rest = Vec::new();
            if let Some(f) = form.as_ref().filter(|f| !f.is_empty()) {
                let slots: Vec<String> = f
                    .iter()
                    .map(|(s, c)| catalog::t!(lang, "senbat-action-form-slot", slot = s.name(), card = c.as_str()))
                    .collect();
                let slots = slots.join(&catalog::t!(lang, "senbat-action-form-separator"));
                rest.push(catalog::t!(lang, "senbat-action-form", slots = slots));
            }
            if *r != 0 {
                rest.push(rotation(*r));
            }
            rest.push(catalog::t!(lang, "senbat-action-advance", back = if *back { "yes" } else { "no" }, sides = *j));
            (catalog::t!(lang, "senbat-action-move", card = id(sonae)), rest)
        }
        Action::Shoot { sonae, rot: r, fire } => {
            let mut rest = Vec::new();
            if *r != 0 {
                rest.push(rotation(*r));
            }
            if !fire.is_empty() {
                let pairs: Vec<String> = fire
                    .iter()
                    .map(|(x, y)| catalog::t!(lang, "senbat-action-fire-pair", from = x.as_str(), to = y.as_str()))
                    .collect();
                let pairs = pairs.join(&catalog::t!(lang, "senbat-action-fire-separator"));
                rest.push(catalog::t!(lang, "senbat-action-fire", pairs = pairs));
            }
            (catalog::t!(lang, "senbat-action-shoot", card = id(sonae)), rest)
        }
        Action::Charge { sonae, j } => (
            catalog::t!(lang, "senbat-action-charge", card = id(sonae)),
            vec![catalog::t!(lang, "senbat-action-charge-advance", sides = *j)],
        ),
        Action::Recover { card } => {
            (catalog::t!(lang, "senbat-action-recover", card = card.as_deref().unwrap_or("none")), Vec::new())
        }
        Action::Defend => (catalog::t!(lang, "senbat-action-defend"), Vec::new()),
        other => (print(other), Vec::new()),
    };
    if rest.is_empty() {
        head
    } else {
        format!("{head} {}", rest.join(&catalog::t!(lang, "senbat-action-parts-separator")))
    }
}

/// The canonical notation of an action.
pub fn print(a: &Action) -> String {
    match a {
        Action::Organise { sonae } => {
            let parts: Vec<String> = sonae
                .iter()
                .map(|(c, t)| if t.is_empty() { format!("{c}:") } else { format!("{c}: {}", t.join(" ")) })
                .collect();
            format!("sonae {}", parts.join("; "))
        }
        Action::OrganiseQuick => "sonae quickstart".into(),
        Action::Deploy { core, x, y, h, form } => {
            let mut s = format!("deploy {core} at {x},{y} h{h}");
            if !form.is_empty() {
                s.push_str(&format!(" form {}", print_form(form)));
            }
            s
        }
        Action::DeployQuick => "deploy quickstart".into(),
        Action::DeployReset => "deploy-reset".into(),
        Action::DeployForfeit { core } => format!("deploy-forfeit {core}"),
        Action::Tokens { counts } => {
            format!("tokens MV={} SH={} CH={} RD={}", counts[0], counts[1], counts[2], counts[3])
        }
        Action::Move { sonae, form, rot, back, j } => {
            let mut s = format!("move {sonae}");
            if let Some(f) = form.as_ref().filter(|f| !f.is_empty()) {
                s.push_str(&format!(" form {}", print_form(f)));
            }
            if *rot != 0 {
                s.push_str(&format!(" rot {}", print_rot(*rot)));
            }
            s.push_str(&format!(" {} {j}", if *back { "back" } else { "fwd" }));
            s
        }
        Action::Shoot { sonae, rot, fire } => {
            let mut s = format!("shoot {sonae}");
            if *rot != 0 {
                s.push_str(&format!(" rot {}", print_rot(*rot)));
            }
            if !fire.is_empty() {
                s.push_str(&format!(" fire {}", print_pairs(fire)));
            }
            s
        }
        Action::Charge { sonae, j } => format!("charge {sonae} {j}"),
        Action::Recover { card } => match card {
            Some(c) => format!("recover {c}"),
            None => "recover".into(),
        },
        Action::Defend => "defend".into(),
        Action::End => "end".into(),
        Action::Targets { pairs } => format!("targets {}", print_pairs(pairs)),
        Action::Stock { use_it } => format!("stock {}", if *use_it { "use" } else { "no" }),
        Action::Kenkon { space } => match space {
            Some(s) => format!("kenkon use {}", SPACES[*s]),
            None => "kenkon no".into(),
        },
        Action::Senkyo { take, put } => format!("senkyo take {} put {}", SPACES[*take], SPACES[*put]),
        Action::Heal { card } => format!("heal {card}"),
        Action::PolicyStock { policy } => match policy {
            StockPolicy::Ask => "policy stock ask".into(),
            StockPolicy::Never => "policy stock never".into(),
            StockPolicy::Min(n) => format!("policy stock min {n}"),
        },
        Action::PolicyKenkon { never } => format!("policy kenkon {}", if *never { "never" } else { "ask" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_spec_examples() {
        for t in [
            "move OG1 form FL=OP1,FR=OP2,B=OA1 rot -30 fwd 1",
            "move OG2 rot +15 fwd 2",
            "move OG1 back 1",
            "shoot OG3 rot +5 fire OM1>TG3,OM2>TP3",
            "shoot OG1",
            "charge TG1 2",
            "recover OP1",
            "defend",
            "end",
            "deploy OG1 at 290,110 h0 form FL=OP1,FR=OP2,B=OA1",
            "deploy OG1 at 300,113.5 h0 form FL=OP1,FR=OP2,B=OA1",
            "tokens MV=1 SH=1 CH=1 RD=1",
            "targets OP1>TP1,OG1>TP1",
            "stock use",
            "kenkon use RD",
            "kenkon no",
            "senkyo take RD put SH",
            "heal OP1",
            "policy stock min 2",
            "policy stock never",
            "policy stock ask",
            "policy kenkon never",
            "policy kenkon ask",
            "sonae quickstart",
            "sonae OH: OM3 OP4; OG1: OP1 OP2 OA1; OG2: OC1 OC2; OG3: OM1 OM2 OP3",
            "deploy quickstart",
            "deploy-reset",
            "deploy-forfeit OG3",
        ] {
            let a = parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(print(&a), t, "canonical form");
            assert_eq!(parse(&print(&a)).unwrap(), a);
        }
    }

    #[test]
    fn lenient_variants() {
        assert_eq!(parse("MOVE og1 ROT 0 FWD 1").unwrap(), parse("move OG1 fwd 1").unwrap());
        assert_eq!(
            parse("deploy og1 at 300, 113.5 h 0 form FL = OP1, FR=OP2").unwrap(),
            parse("deploy OG1 at 300,113.5 h0 form FL=OP1,FR=OP2").unwrap()
        );
        assert_eq!(
            parse("shoot OG3 fire OM1 > TG3, OM2>TG3 # both").unwrap(),
            parse("shoot OG3 fire OM1>TG3,OM2>TG3").unwrap()
        );
        assert!(parse("move OG1 fwd").is_err());
        assert!(parse("move OG1 rot 91 fwd 1").is_err());
        assert!(parse("fly OG1").is_err());
    }
}
