//! Player commands (§4.7): parse and print. Squares as `25` or `2五`, persons and tiles by code.

use serde::{Deserialize, Serialize};

use super::data::{Dir, Person, ROW_KANJI, Tile};
use super::state::{KuchiPref, SaveTarget, Sq};
use crate::engine::NotationError;

/// Where an event tile goes: a square (non-overlay) or a person (overlay).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanTarget))]
pub enum Target {
    Sq(Sq),
    Person(Person),
}

/// One answer to one decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanAction))]
pub enum Action {
    Pick(Person),
    UseNone,
    /// `[tile, target]` (one field, a pair, rather than two: the same JSON, and a schema that says which is which).
    Use((Tile, Target)),
    Pass,
    Kuchi(Dir),
    Kakugo(Sq),
    Dokatsu(Vec<Sq>),
    Side(Vec<(Person, Person)>),
    Alloc(Vec<(Person, u8)>),
    Order(u32),
    Reprieve(Option<Person>),
    /// Standing preference: interjection auto-pass (takes effect for later requests).
    PrefKuchi(KuchiPref),
    /// Standing preference for reprieve windows: `never` fallback flag and the persons to save.
    PrefReprieve {
        never: bool,
        save: Vec<SaveTarget>,
    },
}

impl Action {
    /// A standing preference (§6.15) rather than an answer to the decision it is sent with.
    pub fn is_preference(&self) -> bool {
        matches!(self, Action::PrefKuchi(_) | Action::PrefReprieve { .. })
    }
}

pub fn parse_sq(s: &str) -> Option<Sq> {
    let chars: Vec<char> = s.trim().chars().collect();
    if chars.len() != 2 {
        return None;
    }
    let c = chars[0].to_digit(10).or_else(|| "０１２３４５６".chars().position(|x| x == chars[0]).map(|i| i as u32))?;
    let r = chars[1]
        .to_digit(10)
        .or_else(|| ROW_KANJI.iter().position(|k| k.starts_with(chars[1])).map(|i| i as u32 + 1))?;
    if (1..=6).contains(&c) && (1..=6).contains(&r) { Some(Sq::new(c as u8, r as u8)) } else { None }
}

fn parse_dir(s: &str) -> Option<Dir> {
    match s.to_ascii_uppercase().as_str() {
        "U" | "UP" | "上" => Some(Dir::U),
        "D" | "DOWN" | "下" => Some(Dir::D),
        "R" | "RIGHT" | "右" => Some(Dir::R),
        "L" | "LEFT" | "左" => Some(Dir::L),
        _ => None,
    }
}

fn person(s: &str) -> Result<Person, NotationError> {
    Person::from_code(s.trim()).ok_or_else(|| {
        NotationError(catalog::both!("shidouban-unknown-person-use-a-three", trim = (s.trim()).to_string()))
    })
}

fn pairs(rest: &str) -> Result<Vec<(String, String)>, NotationError> {
    let mut v = Vec::new();
    for part in rest.split([',', ' ']).filter(|p| !p.trim().is_empty()) {
        let Some((a, b)) = part.split_once('=') else {
            return Err(NotationError(catalog::both!("shidouban-expected-items-like-tod-sai")));
        };
        v.push((a.trim().to_string(), b.trim().to_string()));
    }
    Ok(v)
}

/// Parses one command (case-insensitive; squares as `25` or `2五`).
pub fn parse(text: &str) -> Result<Action, NotationError> {
    let text = text.trim();
    let (head, rest) = match text.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (text, ""),
    };
    let bad = || NotationError(catalog::both!("shidouban-commands-help"));
    match head.to_ascii_lowercase().as_str() {
        "pick" => Ok(Action::Pick(person(rest)?)),
        "use" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                [w] if w.eq_ignore_ascii_case("none") => Ok(Action::UseNone),
                [t, at] => {
                    let tile = Tile::from_code(t).ok_or_else(|| {
                        NotationError(catalog::both!("shidouban-unknown-tile-use-a-code", t = t.to_string()))
                    })?;
                    if let Some(s) = parse_sq(at) {
                        Ok(Action::Use((tile, Target::Sq(s))))
                    } else {
                        Ok(Action::Use((tile, Target::Person(person(at)?))))
                    }
                }
                _ => Err(NotationError(catalog::both!("shidouban-use-use-none-use-aiz"))),
            }
        }
        "pass" | "パス" => Ok(Action::Pass),
        "kuchi" | "口出し" => parse_dir(rest)
            .map(Action::Kuchi)
            .ok_or_else(|| NotationError(catalog::both!("shidouban-kuchi-kuchi-u-kuchi-d"))),
        "kakugo" => {
            parse_sq(rest).map(Action::Kakugo).ok_or_else(|| NotationError(catalog::both!("shidouban-kakugo-kakugo")))
        }
        "dokatsu" => {
            let sqs: Option<Vec<Sq>> = rest.split([',', ' ']).filter(|p| !p.trim().is_empty()).map(parse_sq).collect();
            sqs.filter(|v| !v.is_empty())
                .map(Action::Dokatsu)
                .ok_or_else(|| NotationError(catalog::both!("shidouban-dokatsu-squares-in-moving-order")))
        }
        "side" => {
            let mut v = Vec::new();
            for (a, b) in pairs(rest)? {
                v.push((person(&a)?, person(&b)?));
            }
            Ok(Action::Side(v))
        }
        "alloc" => {
            let mut v = Vec::new();
            for (a, b) in pairs(rest)? {
                let n: u8 = b.parse().map_err(|_| NotationError(catalog::both!("shidouban-alloc-alloc-tod-sai")))?;
                v.push((person(&a)?, n));
            }
            Ok(Action::Alloc(v))
        }
        "order" => {
            let r = rest.trim_start_matches(['C', 'c']);
            r.parse().map(Action::Order).map_err(|_| NotationError(catalog::both!("shidouban-order-order-c")))
        }
        "reprieve" => {
            if rest.eq_ignore_ascii_case("none") {
                Ok(Action::Reprieve(None))
            } else {
                Ok(Action::Reprieve(Some(person(rest)?)))
            }
        }
        "pref" => parse_pref(rest),
        _ => Err(bad()),
    }
}

fn parse_pref(rest: &str) -> Result<Action, NotationError> {
    let words: Vec<String> = rest.split_whitespace().map(|w| w.to_ascii_lowercase()).collect();
    let bad = || NotationError(catalog::both!("shidouban-pref-pref-kuchi-auto-pass"));
    match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["kuchi", "auto-pass", mode] => Ok(Action::PrefKuchi(match *mode {
            "all" => KuchiPref::All,
            "rank-and-file" => KuchiPref::RankAndFile,
            "off" => KuchiPref::Off,
            _ => return Err(bad()),
        })),
        ["reprieve", fb, tail @ ..] => {
            let never = match *fb {
                "ask" => false,
                "never" => true,
                _ => return Err(bad()),
            };
            let mut save = Vec::new();
            match tail {
                [] => {}
                ["save", list @ ..] => {
                    for item in list.join(",").split(',').filter(|x| !x.is_empty()) {
                        if item.eq_ignore_ascii_case("mine") {
                            save.push(SaveTarget::Mine);
                        } else {
                            save.push(SaveTarget::Person(person(item)?));
                        }
                    }
                }
                _ => return Err(bad()),
            }
            Ok(Action::PrefReprieve { never, save })
        }
        _ => Err(bad()),
    }
}

pub fn print(a: &Action) -> String {
    match a {
        Action::Pick(p) => format!("pick {}", p.code()),
        Action::UseNone => "use none".into(),
        Action::Use((t, Target::Sq(s))) => format!("use {} {}", t.code(), s.ascii()),
        Action::Use((t, Target::Person(p))) => format!("use {} {}", t.code(), p.code()),
        Action::Pass => "pass".into(),
        Action::Kuchi(d) => format!("kuchi {}", d.code()),
        Action::Kakugo(s) => format!("kakugo {}", s.ascii()),
        Action::Dokatsu(v) => format!("dokatsu {}", v.iter().map(|s| s.ascii()).collect::<Vec<_>>().join(",")),
        Action::Side(v) => {
            format!(
                "side {}",
                v.iter().map(|(a, b)| format!("{}={}", a.code(), b.code())).collect::<Vec<_>>().join(",")
            )
        }
        Action::Alloc(v) => {
            format!("alloc {}", v.iter().map(|(a, n)| format!("{}={}", a.code(), n)).collect::<Vec<_>>().join(","))
        }
        Action::Order(c) => format!("order C{c}"),
        Action::Reprieve(None) => "reprieve none".into(),
        Action::Reprieve(Some(p)) => format!("reprieve {}", p.code()),
        Action::PrefKuchi(m) => format!(
            "pref kuchi auto-pass {}",
            match m {
                KuchiPref::All => "all",
                KuchiPref::RankAndFile => "rank-and-file",
                KuchiPref::Off => "off",
            }
        ),
        Action::PrefReprieve { never, save } => {
            let mut s = format!("pref reprieve {}", if *never { "never" } else { "ask" });
            if !save.is_empty() {
                let items: Vec<&str> = save
                    .iter()
                    .map(|t| match t {
                        SaveTarget::Mine => "MINE",
                        SaveTarget::Person(p) => p.code(),
                    })
                    .collect();
                s.push_str(&format!(" save {}", items.join(",")));
            }
            s
        }
    }
}
