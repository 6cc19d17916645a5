//! Rule tests beyond the scenarios: options, resignation, outcome, determination corner cases,
//! decision ids, and the JSON edge through the registry.

use super::super::Uosao;
use super::super::data::{CardId, Colour, Dir, Face};
use super::super::rules::{self, Options};
use super::super::state::{Phase, Play};
use super::helpers::*;
use crate::dice::Rng;
use crate::engine::{Engine, ResultKind, RuleError, Viewer};

#[test]
fn colours_option_picks_colours_by_seat() {
    let opts = Options { colours: Some(vec![Colour::Grn, Colour::Pur, Colour::Red]), ..Options::default() };
    let s = rules::setup(&opts, 3, &mut Rng::from_seed(b"c")).expect("setup");
    assert_eq!(s.colour(1), Colour::Pur);
    let dup = Options { colours: Some(vec![Colour::Grn, Colour::Grn, Colour::Red]), ..Options::default() };
    let refused = rules::setup(&dup, 3, &mut Rng::from_seed(b"c")).expect_err("two seats of one colour");
    // The refusal reaches form users as well as API clients: it names the colours and their codes.
    assert!(refused.0.en.contains("green (GRN)") && refused.0.en.contains("own"), "{}", refused.0.en);
    assert!(refused.0.ja.contains("緑 (GRN)"), "{}", refused.0.ja);
    let short = Options { colours: Some(vec![Colour::Grn, Colour::Red]), ..Options::default() };
    assert!(rules::setup(&short, 3, &mut Rng::from_seed(b"c")).is_err());
    let json: Options = serde_json::from_str(r#"{"colours":["BLU","YEL","RED","GRN"]}"#).expect("options json");
    assert_eq!(rules::setup(&json, 4, &mut Rng::from_seed(b"c")).expect("setup").colour(0), Colour::Blu);
    let s = rules::setup(&Options::default(), 5, &mut Rng::from_seed(b"c")).expect("setup");
    assert_eq!(s.colours, Colour::ALL.to_vec());
}

#[test]
fn decision_ids_never_repeat() {
    let mut rng = Rng::from_seed(b"ids");
    let mut s = Uosao::setup(&Options::default(), 4, &mut rng).expect("setup");
    let mut seen = std::collections::BTreeSet::new();
    while let Some(p) = Uosao::pending(&s).first().cloned() {
        assert!(seen.insert(p.id.clone()), "decision id {} repeated", p.id);
        let a = Uosao::random_action(&s, &p.id, &mut rng).expect("random");
        Uosao::apply(&mut s, &p.id, p.seat, &a, &mut rng).expect("apply");
    }
    assert!(Uosao::legal(&s, "d0").is_none());
    assert!(Uosao::random_action(&s, "d0", &mut rng).is_none());
    assert_eq!(Uosao::apply(&mut s, "d0", 0, &play("R1"), &mut rng), Err(RuleError::GameOver));
}

#[test]
fn legal_lists_three_faces_per_distinct_card() {
    let s = game(3, RED);
    let options = rules::legal_actions(&s);
    assert_eq!(options.len(), 12);
    let mut s = game(3, RED);
    s.hands[RED as usize] = hand(&["1", "1", "3"]);
    assert_eq!(rules::legal_actions(&s).len(), 6, "the two 1s are interchangeable (A40)");
}

#[test]
fn determination_ignores_earlier_table_cards_and_cancelled_plays_never_block() {
    // A10: only this round's plays take part, whatever lies on the tables.
    let plays = [
        Play { seat: 0, card: CardId::Three, face: Face::R },
        Play { seat: 1, card: CardId::Three, face: Face::R },
        Play { seat: 2, card: CardId::One, face: Face::R },
    ];
    let det = rules::determination(&plays);
    assert_eq!((det.right, det.cancelled.clone()), (Some(2), vec![0, 1]));
    // The highest uncancelled play in each direction is the only mover (A11).
    let plays = [
        Play { seat: 0, card: CardId::One, face: Face::L },
        Play { seat: 1, card: CardId::TwoT, face: Face::L },
        Play { seat: 2, card: CardId::Three, face: Face::D },
        Play { seat: 3, card: CardId::One, face: Face::R },
    ];
    let det = rules::determination(&plays);
    assert_eq!((det.left, det.right, det.cancelled.len()), (Some(1), Some(3), 0));
    let mut s = game(3, RED);
    s.tables[YEL as usize].push(super::super::state::TableCard { card: CardId::Three, dir: Dir::R, round: 1 });
    s.round = 2;
    plays_list(&mut s);
}

fn plays_list(s: &mut super::super::state::State) {
    plays(s, &["R3", "R1", "L1"]);
    let det = s.last_determination.clone().expect("determined");
    assert!(det.cancelled.is_empty(), "the old R3 on YEL's table does not cancel RED's R3");
    assert_eq!(det.right, Some(RED));
}

#[test]
fn moving_left_past_the_left_king_stops_there() {
    let mut s = game(3, RED);
    put(&mut s, RED, 2);
    move_now(&mut s, RED, Dir::L, 3);
    assert_eq!((flat(&s, RED), s.soldier_label(RED)), (0, "LK".to_string()));
    assert_eq!(s.reached.len(), 1);
}

#[test]
fn soldiers_share_squares_and_never_block() {
    let mut s = game(3, RED);
    put(&mut s, YEL, 6);
    move_now(&mut s, RED, Dir::R, 1);
    assert_eq!(flat(&s, RED), flat(&s, YEL));
    move_now(&mut s, RED, Dir::R, 2);
    assert_eq!(flat(&s, RED), 8);
}

#[test]
fn a_trap_caught_in_the_last_round_of_a_season_does_not_stun_the_next() {
    let mut s = game(3, RED);
    s.round = 5;
    set_line(&mut s, "LK C C T YEL! C C RK");
    plays(&mut s, &["R1", "L3", "L3"]);
    assert_eq!(s.season, 2);
    assert!(s.soldiers.iter().all(|x| !x.face_down()));
}

#[test]
fn resignation_ends_the_game_with_the_resigner_last() {
    let mut rng = Rng::from_seed(b"r");
    let mut s = game(4, RED);
    s.pt = vec![3, 9, 1, 9];
    let ev = Uosao::resign(&mut s, YEL, &mut rng).expect("resign");
    assert!(ev[0].text.en.contains("YEL resigns"));
    assert!(Uosao::pending(&s).is_empty());
    let o = Uosao::outcome(&s).expect("over");
    assert_eq!(o.ranks, vec![2, 4, 3, 1]);
    assert_eq!(o.result, ResultKind::Win);
    assert_eq!(o.eliminated, vec![YEL]);
    assert_eq!(Uosao::resign(&mut s, RED, &mut rng), Err(RuleError::GameOver));
}

#[test]
fn outcome_of_a_finished_game() {
    let mut s = game(3, RED);
    assert!(Uosao::outcome(&s).is_none());
    s.season = 3;
    s.round = 5;
    s.pt = vec![4, 10, 7];
    plays(&mut s, &["L1", "L1", "L1"]);
    let o = Uosao::outcome(&s).expect("over");
    assert_eq!((o.ranks.clone(), o.result), (vec![3, 1, 2], ResultKind::Win));
    assert_eq!(s.phase, Phase::Over);
    // After the game every card id may be revealed (§7).
    let v = Uosao::view(&s, Viewer::Spectator);
    assert!(v.hands.iter().all(|h| h.is_some()));
}

#[test]
fn the_registry_speaks_json_and_notation() {
    let game = crate::registry::game("uosao").expect("registered");
    let mut rng = Rng::from_seed(b"reg");
    let mut st = game.setup(&serde_json::Value::Null, 3, &mut rng).expect("setup with null options");
    let p = game.pending(&st)[0].clone();
    let view = game.view(&st, Viewer::Seat(p.seat));
    let action = game.parse_action(&view, &p, "play r3").expect("parse");
    assert_eq!(game.print_action(&action).expect("print"), "R3");
    let ev = game.apply(&mut st, &p.id, p.seat, &action, &mut rng).expect("apply");
    assert!(ev.iter().any(|e| e.text.en.ends_with(": R3")));
    let legal = game.legal(&st, &game.pending(&st)[0].id).expect("legal");
    assert!(legal.complete);
    assert!(legal.options.iter().any(|o| o.notation == "D2T"));
}
