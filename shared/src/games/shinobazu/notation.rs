//! The ASCII move notation of spec §4.5: parse (with the CLI's long forms) and print (canonical).

use super::action::{Action, Stance, Target};
use super::data::Card;
use super::view::View;
use crate::engine::{NotationError, Pending, Seat};

fn parse_seat(s: &str, n: u8) -> Result<Seat, NotationError> {
    let t = s.trim().to_ascii_lowercase();
    let digits = t.strip_prefix('p').unwrap_or(&t);
    match digits.parse::<u8>() {
        Ok(d) if d >= 1 && d <= n => Ok(d - 1),
        _ => Err(NotationError(catalog::both!("shinobazu-is-not-a-seat-seats", s = s.to_string(), n = n.to_string()))),
    }
}

fn parse_card(s: &str) -> Result<Card, NotationError> {
    s.parse::<Card>().map_err(|_| NotationError(catalog::both!("shinobazu-is-not-a-card-cards", s = s.to_string())))
}

fn parse_stance(s: &str) -> Option<Stance> {
    match s.trim().to_ascii_lowercase().as_str() {
        "f" | "fight" | "勝負" => Some(Stance::Fight),
        "p" | "pass" | "パス" => Some(Stance::Pass),
        _ => None,
    }
}

fn parse_target(s: &str, n: u8) -> Result<Target, NotationError> {
    match s.trim().to_ascii_lowercase().as_str() {
        "me" | "self" | "自" | "自分" => Ok(Target::Me),
        other => parse_seat(other, n).map(Target::Seat),
    }
}

fn parse_play(text: &str, n: u8) -> Result<Action, NotationError> {
    let help = || NotationError(catalog::both!("shinobazu-is-not-a-play", text = text));
    if let Some((card, rest)) = text.split_once('@') {
        let card = parse_card(card.trim())?;
        let (target, stance) = match rest.split_once('/') {
            Some((t, fp)) => (t, Some(parse_stance(fp).ok_or_else(help)?)),
            None => (rest, None),
        };
        return Ok(Action::Play { card, target: parse_target(target, n)?, stance });
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [verb, card, rest @ ..] if verb.eq_ignore_ascii_case("play") => {
            let card = parse_card(card)?;
            match rest {
                [] => Ok(Action::Play { card, target: Target::Me, stance: None }),
                [t] if parse_stance(t).is_some() => {
                    Ok(Action::Play { card, target: Target::Me, stance: parse_stance(t) })
                }
                [t] => Ok(Action::Play { card, target: parse_target(t, n)?, stance: None }),
                [t, fp] => Ok(Action::Play {
                    card,
                    target: parse_target(t, n)?,
                    stance: Some(parse_stance(fp).ok_or_else(help)?),
                }),
                _ => Err(help()),
            }
        }
        [verb, card, rest @ ..] if verb.eq_ignore_ascii_case("push") => {
            let card = parse_card(card)?;
            let seat = match rest {
                [to, q] if to.eq_ignore_ascii_case("to") || to.eq_ignore_ascii_case("onto") => q,
                [q] => q,
                _ => return Err(help()),
            };
            Ok(Action::Play { card, target: Target::Seat(parse_seat(seat, n)?), stance: None })
        }
        _ => Err(help()),
    }
}

/// Parses `text` as an answer to `pending` (§4.5). The decision kind tells `P` (pass) from a play.
pub fn parse_action(view: &View, pending: &Pending, text: &str) -> Result<Action, NotationError> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    match pending.kind.as_str() {
        "play" => parse_play(t, view.n),
        "push_response" => match parse_stance(t) {
            Some(Stance::Fight) => Ok(Action::Fight),
            Some(Stance::Pass) => Ok(Action::Pass),
            None => Err(NotationError(catalog::both!("shinobazu-is-not-an-answer-to", t = t.to_string()))),
        },
        "challenge" => {
            let compact: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
            if ["c-", "no-challenge", "nochallenge", "none", "no"].contains(&compact.as_str())
                || lower == "no challenge"
            {
                return Ok(Action::NoChallenge);
            }
            let rest = compact.strip_prefix("challenge").or_else(|| compact.strip_prefix('c'));
            match rest {
                Some(r) if !r.is_empty() => Ok(Action::Challenge { passer: parse_seat(r, view.n)? }),
                _ => Err(NotationError(catalog::both!("shinobazu-is-not-a-challenge-write", t = t.to_string()))),
            }
        }
        "challenge_answer" => match lower.as_str() {
            "a" | "accept" | "受ける" => Ok(Action::Accept),
            "d" | "decline" | "パス" => Ok(Action::Decline),
            _ => Err(NotationError(catalog::both!("shinobazu-is-not-an-answer-to-2", t = t.to_string()))),
        },
        other => Err(NotationError(catalog::both!("shinobazu-unknown-decision-kind", other = other.to_string()))),
    }
}

pub fn print_action(action: &Action) -> String {
    match action {
        Action::Play { card, target, stance } => {
            let t = match target {
                Target::Me => "me".to_string(),
                Target::Seat(q) => format!("P{}", q + 1),
            };
            let s = match stance {
                None => "",
                Some(Stance::Fight) => "/F",
                Some(Stance::Pass) => "/P",
            };
            format!("{card}@{t}{s}")
        }
        Action::Fight => "F".into(),
        Action::Pass => "P".into(),
        Action::Challenge { passer } => format!("C P{}", passer + 1),
        Action::NoChallenge => "C-".into(),
        Action::Accept => "A".into(),
        Action::Decline => "D".into(),
    }
}
