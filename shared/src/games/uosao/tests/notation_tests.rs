//! Notation: canonical printing, forgiving parsing, and errors that teach the notation.

use super::super::rules::Action;
use super::super::state::Gap;
use super::super::{Uosao, view};
use super::helpers::*;
use crate::engine::{Engine, Pending, Viewer};

fn parse(s: &super::super::state::State, text: &str) -> Result<Action, String> {
    let p: Pending = Uosao::pending(s)[0].clone();
    let v = view::view(s, Viewer::Seat(p.seat));
    Uosao::parse_action(&v, &p, text).map_err(|e| format!("{} / {}", e.0.en, e.0.ja))
}

#[test]
fn plays_parse_forgivingly() {
    let s = game(3, RED);
    for (text, canonical) in [
        ("R3", "R3"),
        ("r3", "R3"),
        ("  play r 2 t ", "R2T"),
        ("PLAY R2", "R2"),
        ("l2T", "L2T"),
        ("D1", "D1"),
        ("d 3", "D3"),
        ("DT", "D2T"),
        ("d2t", "D2T"),
        ("右3", "R3"),
        ("左2", "L2"),
        ("道1", "D1"),
        ("罠", "D2T"),
        ("Ｒ３", "R3"),
        ("play: L1", "L1"),
    ] {
        let a = parse(&s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(Uosao::print_action(&a), canonical, "{text}");
    }
}

#[test]
fn a_bare_2_or_d_is_resolved_against_the_hand() {
    let mut s = game(3, RED);
    s.hands[RED as usize] = hand(&["1", "2T", "3"]);
    assert_eq!(parse(&s, "R2").map(|a| Uosao::print_action(&a)), Ok("R2T".into()));
    let e = parse(&s, "D").expect_err("D is ambiguous with 1 and 3");
    assert!(e.contains("D1, D2 or D3"), "{e}");
    s.hands[RED as usize] = hand(&["1", "1", "2T"]);
    assert_eq!(parse(&s, "d").map(|a| Uosao::print_action(&a)), Ok("D1".into()));
}

#[test]
fn gaps_parse_forgivingly() {
    let mut s = game(3, RED);
    plays(&mut s, &["D1", "L1", "L1"]);
    for (text, canonical) in [
        ("@+1", "@+1"),
        ("@ + 1", "@+1"),
        ("+1", "@+1"),
        ("road @-0", "@-0"),
        ("ROAD -2", "@-2"),
        ("＠－０", "@-0"),
        ("@−1", "@-1"),
    ] {
        let a = parse(&s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(Uosao::print_action(&a), canonical, "{text}");
    }
    let e = parse(&s, "@1").expect_err("no sign");
    assert!(e.contains("@+k"), "{e}");
    let e = parse(&s, "R2").expect_err("a play where a gap is awaited");
    assert!(e.contains("@+1"), "{e}");
    assert_eq!(Uosao::print_action(&Action::Road { gap: Gap { plus: true, k: 12 } }), "@+12");
}

#[test]
fn errors_say_what_the_notation_looks_like() {
    let s = game(3, RED);
    let e = parse(&s, "move three").expect_err("nonsense");
    assert!(e.contains("R3") && e.contains("D1") && e.contains("右王"), "{e}");
    let e = parse(&s, "@+1").expect_err("a gap where a play is awaited");
    assert!(e.contains("play"), "{e}");
}
