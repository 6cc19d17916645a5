//! Order notation (§4.7): parsing typed answers and printing the canonical form.
//!
//! One order per line (or separated by `;`); `#` starts a comment. A single `move UNIT HEX` is one step of
//! the Movement Segment (the segment goes on); several move lines, or any move lines followed by
//! `move done`, are a whole-segment batch; `move done` alone ends the segment. A combat plan is one or more
//! `attack` lines, in resolution order.

use crate::engine::{Localized, NotationError, in_each_language};

use super::action::{Action, Attack, Code, MoveOrder, Placement, UnitId};
use super::data::fid_of;
use super::hex::Hex;

pub fn print_order(o: &MoveOrder) -> String {
    match &o.path {
        Some(p) => format!("move {} {}", o.unit, p.iter().map(|h| h.to_string()).collect::<Vec<_>>().join("-")),
        None => format!("move {} {}", o.unit, o.to),
    }
}

pub fn print_attack(a: &Attack) -> String {
    let units: Vec<String> = a.units().map(|u| u.to_string()).collect();
    format!("attack {} {}", a.target, units.join("+"))
}

pub fn print_plan(plan: &[Attack]) -> String {
    if plan.is_empty() {
        return "attack done".into();
    }
    plan.iter().map(print_attack).collect::<Vec<_>>().join("; ")
}

pub fn print(a: &Action) -> String {
    match a {
        Action::Deploy { standard: true, .. } => "deploy standard".into(),
        Action::Deploy { placements, .. } => {
            let items: Vec<String> = placements
                .iter()
                .map(|p| format!("{}@{}{}", p.unit, p.hex, if p.carrier { "*" } else { "" }))
                .collect();
            format!("deploy {}", items.join(" "))
        }
        Action::Cup { chits } if chits.is_empty() => "cup none".into(),
        Action::Cup { chits } => {
            format!("cup {}", chits.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "))
        }
        Action::Sub { tk } => if *tk { "sub tk" } else { "sub own" }.into(),
        Action::Move { order } => print_order(order),
        Action::Moves { orders, done } => {
            let mut lines: Vec<String> = orders.iter().map(print_order).collect();
            if *done || orders.is_empty() {
                lines.push("move done".into());
            }
            lines.join("; ")
        }
        Action::Attacks { attacks } => print_plan(attacks),
        Action::Retreat { unit, to } => format!("retreat {unit} {to}"),
        Action::Replace { code, unit } => format!("replace {code} {unit}"),
    }
}

/// A notation error: what was wrong, then what orders look like.
fn err(what: Localized) -> NotationError {
    NotationError(in_each_language(|lang| catalog::t!(lang, "suriagehara-notation-error", what = what.get(lang))))
}

fn unit(s: &str) -> Result<UnitId, NotationError> {
    UnitId::parse(s).ok_or_else(|| {
        let s = s.to_ascii_uppercase();
        err(catalog::both!("suriagehara-is-not-a-unit-code", s = s.to_string()))
    })
}

fn hex(s: &str) -> Result<Hex, NotationError> {
    Hex::parse(s).ok_or_else(|| err(catalog::both!("suriagehara-is-not-a-hex-xxyy", s = s.to_string())))
}

fn code(s: &str) -> Result<Code, NotationError> {
    fid_of(s).map(Code).ok_or_else(|| err(catalog::both!("suriagehara-is-not-a-formation-code", s = s.to_string())))
}

enum Line {
    Action(Action),
    Move(MoveOrder),
    MoveDone,
    Attack(Attack),
    AttackDone,
}

fn parse_move(words: &[&str]) -> Result<Line, NotationError> {
    match words {
        ["done"] | ["end"] => Ok(Line::MoveDone),
        [u, dest] => {
            let unit = unit(u)?;
            let parts: Vec<&str> = dest.split(['-', '>']).filter(|p| !p.is_empty()).collect();
            if parts.len() == 1 {
                Ok(Line::Move(MoveOrder { unit, to: hex(parts[0])?, path: None }))
            } else {
                let path = parts.iter().map(|p| hex(p)).collect::<Result<Vec<_>, _>>()?;
                Ok(Line::Move(MoveOrder { unit, to: *path.last().expect("non-empty"), path: Some(path) }))
            }
        }
        _ => Err(err(catalog::both!("suriagehara-a-move-is-move-unit"))),
    }
}

fn parse_attack(words: &[&str]) -> Result<Line, NotationError> {
    match words {
        ["done"] | ["none"] => Ok(Line::AttackDone),
        [t, rest @ ..] if !rest.is_empty() => {
            let target = hex(t)?;
            let joined = rest.join("");
            let units = joined.split('+').filter(|p| !p.is_empty()).map(unit).collect::<Result<Vec<_>, _>>()?;
            let Some((lead, support)) = units.split_first() else {
                return Err(err(catalog::both!("suriagehara-an-attack-needs-a-lead")));
            };
            Ok(Line::Attack(Attack { target, lead: *lead, support: support.to_vec() }))
        }
        _ => Err(err(catalog::both!("suriagehara-an-attack-is-attack-hex"))),
    }
}

fn parse_line(line: &str, pool: &[Code]) -> Result<Line, NotationError> {
    let lower = line.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((verb, rest)) = words.split_first() else {
        return Err(err(catalog::both!("suriagehara-empty-order")));
    };
    match *verb {
        "deploy" => match rest {
            ["standard"] | ["std"] => Ok(Line::Action(Action::Deploy { standard: true, placements: Vec::new() })),
            [] => Err(err(catalog::both!("suriagehara-deploy-needs-standard-or-placements"))),
            items => {
                let mut placements = Vec::new();
                for it in items {
                    let (u, h) = it
                        .split_once('@')
                        .ok_or_else(|| err(catalog::both!("suriagehara-is-not-unit-hex", it = it.to_string())))?;
                    let carrier = h.ends_with('*');
                    let h = h.trim_end_matches('*');
                    placements.push(Placement { unit: unit(u)?, hex: hex(h)?, carrier });
                }
                Ok(Line::Action(Action::Deploy { standard: false, placements }))
            }
        },
        "cup" => {
            let chits = match rest {
                ["all"] => pool.to_vec(),
                ["none"] | [] => Vec::new(),
                codes => {
                    let mut v = codes.iter().map(|c| code(c)).collect::<Result<Vec<_>, _>>()?;
                    v.sort();
                    v
                }
            };
            Ok(Line::Action(Action::Cup { chits }))
        }
        "sub" => match rest {
            ["tk"] | ["takazane"] => Ok(Line::Action(Action::Sub { tk: true })),
            ["own"] => Ok(Line::Action(Action::Sub { tk: false })),
            _ => Err(err(catalog::both!("suriagehara-substitution-is-sub-tk-or"))),
        },
        "move" | "m" => parse_move(rest),
        "attack" | "a" => parse_attack(rest),
        "retreat" | "r" => match rest {
            [u, h] => Ok(Line::Action(Action::Retreat { unit: unit(u)?, to: hex(h)? })),
            _ => Err(err(catalog::both!("suriagehara-a-retreat-is-retreat-unit"))),
        },
        "replace" => match rest {
            [c, u] => Ok(Line::Action(Action::Replace { code: code(c)?, unit: unit(u)? })),
            _ => Err(err(catalog::both!("suriagehara-a-re-placement-is-replace"))),
        },
        "resign" => Err(err(catalog::both!("suriagehara-resignation-is-not-an-answer"))),
        other => Err(err(catalog::both!("suriagehara-unknown-order", other = other.to_string()))),
    }
}

/// Parses one answer; `pool` is the answering side's pool (for `cup all`).
pub fn parse(text: &str, pool: &[Code]) -> Result<Action, NotationError> {
    let mut lines = Vec::new();
    for raw in text.split(['\n', ';']) {
        let l = raw.split('#').next().unwrap_or("").trim();
        if !l.is_empty() {
            lines.push(parse_line(l, pool)?);
        }
    }
    if lines.is_empty() {
        return Err(err(catalog::both!("suriagehara-no-order-given")));
    }
    if lines.len() == 1 {
        return Ok(match lines.pop().expect("one line") {
            Line::Action(a) => a,
            Line::Move(order) => Action::Move { order },
            Line::MoveDone => Action::Moves { orders: Vec::new(), done: true },
            Line::Attack(a) => Action::Attacks { attacks: vec![a] },
            Line::AttackDone => Action::Attacks { attacks: Vec::new() },
        });
    }
    let n = lines.len();
    if lines.iter().all(|l| matches!(l, Line::Move(_) | Line::MoveDone)) {
        let mut orders = Vec::new();
        let mut done = false;
        for (i, l) in lines.into_iter().enumerate() {
            match l {
                Line::Move(o) => orders.push(o),
                Line::MoveDone if i + 1 == n => done = true,
                _ => return Err(err(catalog::both!("suriagehara-move-done-must-be-the"))),
            }
        }
        return Ok(Action::Moves { orders, done });
    }
    if lines.iter().all(|l| matches!(l, Line::Attack(_) | Line::AttackDone)) {
        let mut attacks = Vec::new();
        for l in lines {
            if let Line::Attack(a) = l {
                attacks.push(a);
            }
        }
        return Ok(Action::Attacks { attacks });
    }
    Err(err(catalog::both!("suriagehara-only-move-orders-or-attack")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(text: &str) -> Action {
        let a = parse(text, &[]).unwrap();
        assert_eq!(parse(&print(&a), &[]).unwrap(), a, "{text}");
        a
    }

    #[test]
    fn spec_examples_parse() {
        assert!(matches!(rt("move TK1 1112"), Action::Move { .. }));
        let a = rt("move TK1 0907-0908-1009-1010-1111-1112");
        let Action::Move { order } = a else { panic!() };
        assert_eq!(order.to.to_string(), "1112");
        assert_eq!(order.path.unwrap().len(), 6);
        let a = rt("attack 0613 TK1+TK2+TK3");
        let Action::Attacks { attacks } = a else { panic!() };
        assert_eq!(attacks[0].support.len(), 2);
        assert!(matches!(rt("retreat KM2 1108"), Action::Retreat { .. }));
        assert!(matches!(rt("replace TK TK3"), Action::Replace { .. }));
        assert!(matches!(rt("cup TK KM"), Action::Cup { .. }));
        assert!(matches!(rt("sub tk"), Action::Sub { tk: true }));
        assert!(matches!(rt("SUB OWN"), Action::Sub { tk: false }));
        assert!(matches!(rt("deploy standard"), Action::Deploy { standard: true, .. }));
        let d = rt("deploy TK1@0807* tk2@0907");
        let Action::Deploy { placements, .. } = d else { panic!() };
        assert!(placements[0].carrier && !placements[1].carrier);
        assert_eq!(rt("move done"), Action::Moves { orders: vec![], done: true });
        let b = rt("move TK1 1112\nmove TK2 0811 # second\nmove done");
        let Action::Moves { orders, done: true } = b else { panic!("{b:?}") };
        assert_eq!(orders.len(), 2);
        let b = rt("move TK1 1112; move TK2 0811");
        assert!(matches!(b, Action::Moves { done: false, .. }), "without `move done` the segment goes on: {b:?}");
        let p = rt("attack 1213 SG1\nattack 1313 SG2");
        let Action::Attacks { attacks } = p else { panic!() };
        assert_eq!(attacks.len(), 2);
        assert_eq!(rt("cup none"), Action::Cup { chits: vec![] });
    }

    #[test]
    fn cup_all_uses_the_pool_and_bad_input_explains() {
        let pool = vec![Code(1), Code(3)];
        assert_eq!(parse("cup all", &pool).unwrap(), Action::Cup { chits: pool.clone() });
        let e = parse("move TK9 0101", &[]).unwrap_err();
        assert!(e.0.en.contains("TK9") && e.0.en.contains("move TK1 1112"));
        assert!(parse("fly TK1", &[]).is_err());
        assert!(parse("move TK1 1112; attack 0101 TK1", &[]).is_err());
        assert!(parse("resign", &[]).is_err());
        assert!(parse("", &[]).is_err());
    }
}
