//! The readings of the rulebook a game can choose (docs/rules/shinobazu.md, "Readings"): each option's
//! default and its other reading, played on the same position.

use serde_json::json;

use super::super::Shinobazu;
use super::super::data::Colour;
use super::super::rules;
use super::super::state::{AfterPush, Choice, DeclinedCards, ShowdownKind, SoleFighterLead, SoleFighterThree, State};
use super::super::view::view;
use super::helpers::*;
use crate::dice::Rng;
use crate::engine::{Engine, Lang, RenderContext, Viewer};

use Choice::{Fight as F, Pass as P};

/// Round 1: P1 loses the showdown alone and challenges P3, whose R1 was pushed by P2.
fn challenged_in_round_1(reading: DeclinedCards) -> State {
    let mut s = table(4, 1, 1, "B");
    s.declined_cards = reading;
    own(&mut s, 1, "B1", F);
    own(&mut s, 4, "B5", F);
    put(&mut s, 2, "K1", 4, P);
    put(&mut s, 3, "R1", 2, P);
    showdown(&mut s);
    ok(&mut s, 1, "C P3");
    s
}

/// The same, and P3 declines.
fn declined_in_round_1(reading: DeclinedCards) -> (State, String) {
    let mut s = challenged_in_round_1(reading);
    let ev = ok(&mut s, 3, "D");
    (s, texts(&ev, Viewer::Seat(0), Lang::En))
}

#[test]
fn declined_cards_discard_reading_discards_them_unrevealed() {
    let (s, text) = declined_in_round_1(DeclinedCards::Discard);
    assert_eq!(score_of(&s), vec![1, 0, 1, 0]);
    assert!(s.carried[2].is_empty(), "nothing carried into round 2");
    assert!(s.discard.iter().any(|d| d.card == c("R1") && !d.face_up));
    assert!(!mentions(&text, "R1"), "the declined card stays secret: {text}");
    assert_eq!(s.carried[1], cards("K1"), "the unchallenged passer carries as always");
    assert_eq!((s.round_no, s.sp), (2, seat(3)));
}

#[test]
fn declined_cards_carry_reading_exposes_and_carries_them() {
    let (s, text) = declined_in_round_1(DeclinedCards::Carry);
    assert_eq!(score_of(&s), vec![1, 0, 1, 0], "the decline still costs 1 point per card");
    assert_eq!(s.carried[2], cards("R1"), "exposed at round end and carried into round 2");
    assert!(s.discard.iter().all(|d| d.card != c("R1")));
    assert!(text.contains("P3's R1 is exposed and carried"), "{text}");
    assert_eq!(s.carried[1], cards("K1"));
    // The decliner gained last, so it starts round 2 with a carried card.
    assert_eq!((s.round_no, s.sp), (2, seat(3)));
    assert_eq!(waiting(&s), (3, "play".into()));
}

/// Round 2: P4 carries K-3, passes again with B2 and declines P1's challenge.
fn declined_in_round_2(reading: DeclinedCards) -> State {
    let mut s = table(4, 1, 2, "B");
    s.declined_cards = reading;
    carry(&mut s, 4, "K-3");
    own(&mut s, 1, "B1", F);
    own(&mut s, 2, "B5", F);
    own(&mut s, 3, "R1", P);
    own(&mut s, 4, "B2", P);
    showdown(&mut s);
    ok(&mut s, 1, "C P4");
    ok(&mut s, 4, "D");
    s
}

#[test]
fn declined_cards_readings_both_cost_a_point_per_card_but_only_carry_keeps_the_stack() {
    let s = declined_in_round_2(DeclinedCards::Discard);
    assert_eq!(score_of(&s), vec![1, 0, 0, 2]);
    assert!(s.carried[3].is_empty());
    let s = declined_in_round_2(DeclinedCards::Carry);
    assert_eq!(score_of(&s), vec![1, 0, 0, 2]);
    assert_eq!(s.carried[3], cards("K-3 B2"), "the whole stack goes on into round 3");
    assert_eq!(s.carried[2], cards("R1"));
}

#[test]
fn declined_cards_carry_reading_returns_them_to_hand_after_round_3() {
    let mut s = table(4, 2, 3, "R");
    s.declined_cards = DeclinedCards::Carry;
    own(&mut s, 1, "K2", P);
    own(&mut s, 2, "R5", F);
    own(&mut s, 3, "R1", F);
    carry(&mut s, 4, "B1");
    own(&mut s, 4, "B-3", P);
    showdown(&mut s);
    assert_eq!(waiting(&s), (3, "challenge".into()));
    ok(&mut s, 3, "C P4");
    let ev = ok(&mut s, 4, "D");
    assert_eq!(s.scores[3], 2);
    assert!(texts(&ev, Viewer::Seat(0), Lang::En).contains("dealt P1 2, P2 3, P3 3, P4 1"));
    assert!(s.hands[3].contains(&c("B1")) && s.hands[3].contains(&c("B-3")));
    assert!(s.hands.iter().all(|h| h.len() == 3));
    assert_eq!((s.set_no, s.round_no, s.sp), (2, 1, seat(4)));
}

#[test]
fn declined_cards_reading_is_shown_in_the_prompt_and_the_table() {
    for (reading, en, ja, after) in [
        (DeclinedCards::Discard, "your cards are discarded", "勝負札は捨て札", "discarded face down"),
        (DeclinedCards::Carry, "your cards stay in front of you", "勝負札は手元に残る", "stayed in front of them"),
    ] {
        let mut s = challenged_in_round_1(reading);
        let id = rules::decision_id(&s);
        let prompt = rules::legal(&s, &id).unwrap().prompt;
        assert!(prompt.en.contains(en) && prompt.ja.contains(ja), "{prompt:?}");
        let board = Shinobazu::render(&view(&s, Viewer::Seat(2)), &RenderContext::new(Lang::En, 80));
        let told = board.contains("Reading: a passer who declines a duel keeps its cards");
        assert_eq!(told, reading == DeclinedCards::Carry, "{board}");
        ok(&mut s, 3, "D");
        let board = Shinobazu::render(&view(&s, Viewer::Seat(0)), &RenderContext::new(Lang::En, 100));
        assert!(board.contains(after), "{board}");
        let ja_board = Shinobazu::render(&view(&s, Viewer::Seat(0)), &RenderContext::new(Lang::Ja, 80));
        assert_eq!(ja_board.contains("解釈:"), reading == DeclinedCards::Carry, "{ja_board}");
    }
}

#[test]
fn sole_fighter_lead_reading_is_shown_on_the_table_only_when_it_is_not_the_default() {
    for reading in [SoleFighterLead::InFront, SoleFighterLead::Played] {
        let mut s = table(4, 1, 1, "");
        s.sole_fighter_lead = reading;
        let board = Shinobazu::render(&view(&s, Viewer::Spectator), &RenderContext::new(Lang::En, 80));
        let told = board.contains("Reading: with one fighter, the card its left neighbour played");
        assert_eq!(told, reading == SoleFighterLead::Played, "{board}");
    }
}

/// Turn play: P1 (start player) fights alone with R5. P2, with no red, pushes K1 onto P4; P4, with no red,
/// pushes B4 back onto P2; P3 follows red with R2 and passes. P2's neighbour card: B4 in front, K1 played.
fn sole_fighter_whose_neighbour_pushed(reading: SoleFighterLead) -> State {
    let mut s = deal(&["R5 R1 R4", "K1 B5 K-3", "R2 B1 K2", "B4 K5 B2"], "K4 R-3 B-3", 1);
    s.sole_fighter_lead = reading;
    ok(&mut s, 1, "R5@me");
    ok(&mut s, 2, "K1@P4");
    ok(&mut s, 4, "P");
    ok(&mut s, 4, "B4@P2");
    ok(&mut s, 2, "P");
    ok(&mut s, 3, "R2@me/P");
    s
}

#[test]
fn sole_fighter_lead_in_front_reading_takes_the_card_before_the_neighbour() {
    let s = sole_fighter_whose_neighbour_pushed(SoleFighterLead::InFront);
    let r = &s.reports[0];
    assert_eq!(r.kind, ShowdownKind::SoleFighter { fighter: seat(1) });
    assert_eq!(r.lead, Colour::B, "B4, pushed onto P2 by P4");
    assert_eq!(r.reversal_cards, cards("R2"));
    assert!(r.reversed);
    assert_eq!((r.winner, r.losers.clone()), (Some(seat(4)), vec![seat(2)]));
    assert_eq!(score_of(&s), vec![0, 1, 0, 0]);
}

#[test]
fn sole_fighter_lead_played_reading_takes_the_card_the_neighbour_played() {
    let s = sole_fighter_whose_neighbour_pushed(SoleFighterLead::Played);
    let r = &s.reports[0];
    assert_eq!(r.lead, Colour::K, "K1, which P2 pushed onto P4");
    assert_eq!(r.reversal_cards, cards("B4 R2"));
    assert!(!r.reversed);
    assert_eq!((r.winner, r.losers.clone()), (Some(seat(2)), vec![seat(4)]));
    assert_eq!(score_of(&s), vec![0, 0, 0, 1]);
}

#[test]
fn sole_fighter_lead_played_reading_may_take_the_card_pushed_onto_the_fighter() {
    // P2 pushed K2 onto P1, who fights alone; B1 lies in front of P2.
    for (reading, lead, winner, losers) in [
        (SoleFighterLead::InFront, Colour::B, None, vec![seat(3)]),
        (SoleFighterLead::Played, Colour::K, Some(seat(3)), vec![seat(2), seat(4)]),
    ] {
        let mut s = table(4, 1, 1, "K");
        s.sole_fighter_lead = reading;
        put(&mut s, 1, "K2", 2, F);
        put(&mut s, 2, "B1", 3, P);
        put(&mut s, 3, "K4", 1, P);
        own(&mut s, 4, "R1", P);
        showdown(&mut s);
        let r = &s.reports[0];
        assert_eq!(r.left.as_ref().unwrap().cards, cards("K2"));
        assert_eq!(r.lead, lead, "{reading:?}");
        assert_eq!((r.winner, r.losers.clone()), (winner, losers), "{reading:?}");
    }
}

#[test]
fn technique_of_three_is_not_checked_for_a_sole_fighter_in_either_lead_reading() {
    for reading in [SoleFighterLead::InFront, SoleFighterLead::Played] {
        let mut s = table(4, 1, 2, "B");
        s.sole_fighter_lead = reading;
        carry(&mut s, 3, "K1");
        put(&mut s, 3, "R2", 2, F);
        put(&mut s, 1, "R5", 3, P);
        put(&mut s, 2, "B4", 3, P);
        own(&mut s, 4, "R-3", P);
        showdown(&mut s);
        let r = &s.reports[0];
        assert_eq!(r.kind, ShowdownKind::SoleFighter { fighter: seat(3) }, "total 3, still leaves");
        assert_eq!(r.left.as_ref().unwrap().total, 3);
        assert_eq!(r.stacks.iter().map(|st| st.seat).collect::<Vec<_>>(), vec![seat(1), seat(2), seat(4)]);
        assert_eq!(s.scores[2], 0, "the fighter who left neither gains nor loses");
    }
}

#[test]
fn readings_are_chosen_at_creation_and_unknown_values_are_refused_with_the_allowed_ones() {
    let game = crate::registry::game("shinobazu").expect("registered");
    let mut rng = Rng::from_seed(b"readings");
    let st = game
        .setup(&json!({"declined_cards": "carry", "sole_fighter_lead": "played"}), 4, &mut rng)
        .expect("both readings accepted");
    let s: State = serde_json::from_value(game.state_to_json(&st)).unwrap();
    assert_eq!((s.declined_cards, s.sole_fighter_lead), (DeclinedCards::Carry, SoleFighterLead::Played));
    let st = game.setup(&serde_json::Value::Null, 4, &mut rng).expect("defaults");
    let s: State = serde_json::from_value(game.state_to_json(&st)).unwrap();
    assert_eq!((s.declined_cards, s.sole_fighter_lead), (DeclinedCards::Discard, SoleFighterLead::InFront));
    let e = game.setup(&json!({"declined_cards": "keep"}), 4, &mut rng).expect_err("refused").0.en;
    assert!(e.contains("`keep`") && e.contains("`discard`") && e.contains("`carry`"), "{e}");
    let e = game.setup(&json!({"sole_fighter_lead": "left"}), 4, &mut rng).expect_err("refused").0.en;
    assert!(e.contains("`in_front`") && e.contains("`played`"), "{e}");
}

#[test]
fn states_saved_before_the_readings_existed_load_with_the_defaults() {
    let s = table(3, 1, 1, "");
    let mut j = serde_json::to_value(&s).unwrap();
    let o = j.as_object_mut().unwrap();
    o.remove("declined_cards");
    o.remove("sole_fighter_lead");
    let back: State = serde_json::from_value(j).unwrap();
    assert_eq!((back.declined_cards, back.sole_fighter_lead), (DeclinedCards::Discard, SoleFighterLead::InFront));
}

/// Round 2: P1 fights alone with a carried R1 and B2 (total 3); everyone else passes. P1 is the weakest
/// if it takes part.
fn lone_fighter_with_three(reading: SoleFighterThree) -> State {
    let mut s = table(4, 1, 2, "B");
    s.sole_fighter_three = reading;
    carry(&mut s, 1, "R1");
    own(&mut s, 1, "B2", F);
    own(&mut s, 2, "B5", P);
    own(&mut s, 3, "K5", P);
    own(&mut s, 4, "B4", P);
    showdown(&mut s);
    s
}

#[test]
fn sole_fighter_three_leaves_reading_takes_the_lone_fighter_out_before_comparing() {
    let s = lone_fighter_with_three(SoleFighterThree::Leaves);
    let r = &s.reports[0];
    assert_eq!(r.kind, ShowdownKind::SoleFighter { fighter: seat(1) });
    assert_eq!(r.stacks.len(), 3, "P2, P3 and P4 take part");
    assert_eq!(score_of(&s)[0], 0, "the lone fighter scores nothing");
}

#[test]
fn sole_fighter_three_pulls_in_reading_makes_everyone_take_part() {
    let s = lone_fighter_with_three(SoleFighterThree::PullsIn);
    let r = &s.reports[0];
    assert_eq!(r.kind, ShowdownKind::San { by: vec![seat(1)] });
    assert_eq!(r.stacks.len(), 4, "the fighter and every passer take part");
    assert_eq!(r.lead, Colour::B, "the lead colour stays");
    assert_eq!(score_of(&s), vec![1, 0, 0, 0], "P1 (3) is the weakest; P2 and P3 share the top");
}

/// P1 (start player) pushes R5 onto P3, who passes; P3 must follow red and push R2 back onto P1, who has
/// already played. Whose turn is it then?
fn pushed_back_onto_the_start_player(reading: AfterPush) -> State {
    let mut s = deal(&["R5 R1 R4", "K1 B5 K-3", "R2 B1 K2", "B4 K5 B2"], "K4 R-3 B-3", 1);
    s.after_push = reading;
    ok(&mut s, 1, "R5@P3");
    ok(&mut s, 3, "P");
    ok(&mut s, 3, "R2@P1");
    ok(&mut s, 1, "F");
    s
}

#[test]
fn after_push_receiver_reading_goes_on_after_the_receiver() {
    let s = pushed_back_onto_the_start_player(AfterPush::AfterReceiver);
    assert_eq!(waiting(&s), (2, "play".into()), "P2 is the first after P1 who has not played");
}

#[test]
fn after_push_pusher_reading_goes_on_after_the_pusher() {
    let mut s = pushed_back_onto_the_start_player(AfterPush::AfterPusher);
    assert_eq!(waiting(&s), (4, "play".into()), "P4 is the first after P3 who has not played");
    ok(&mut s, 4, "B4@me/P");
    assert_eq!(waiting(&s), (2, "play".into()), "nobody is skipped: P2 still plays");
}

#[test]
fn new_readings_are_creation_options_and_bad_values_are_refused() {
    let game = crate::registry::game("shinobazu").expect("registered");
    let mut rng = Rng::from_seed(b"readings");
    let load = |st: &crate::registry::DynState| -> State { serde_json::from_value(game.state_to_json(st)).unwrap() };
    let st = game
        .setup(&json!({"sole_fighter_three": "pulls_in", "after_push": "after_pusher"}), 3, &mut rng)
        .expect("accepted");
    let st = load(&st);
    assert_eq!((st.sole_fighter_three, st.after_push), (SoleFighterThree::PullsIn, AfterPush::AfterPusher));
    let st = load(&game.setup(&serde_json::Value::Null, 3, &mut rng).expect("the defaults"));
    assert_eq!((st.sole_fighter_three, st.after_push), (SoleFighterThree::Leaves, AfterPush::AfterReceiver));
    for bad in [json!({"sole_fighter_three": "stays"}), json!({"after_push": "after_start_player"})] {
        let e = game.setup(&bad, 3, &mut rng).expect_err("refused").0.en;
        assert!(e.contains("unknown variant"), "{e}");
    }
}
