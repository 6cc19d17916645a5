//! The acceptance scenarios S1..S38 of the spec (§10), each built directly in `State`.

use super::super::Uosao;
use super::super::data::{CardId, Dir, Face};
use super::super::rules::{self, Action, Options};
use super::super::state::{Gap, King, Phase, Reach, SeasonEndKind, TableCard};
use super::super::view;
use super::helpers::*;
use crate::dice::Rng;
use crate::engine::{Engine, Lang, RenderContext, ResultKind, RuleError, Viewer};

fn gaps_text(s: &super::super::state::State) -> String {
    s.gaps().iter().map(|g| g.code()).collect::<Vec<_>>().join(" ")
}

#[test]
fn s1_setup() {
    // Find a game seed whose [RANDOM] first-SP draw returns YEL.
    let mut seen = [false; 3];
    let mut with_yel = None;
    for seed in 0..100u32 {
        let s = rules::setup(&Options::default(), 3, &mut Rng::from_seed(&seed.to_le_bytes())).expect("setup");
        seen[s.sp as usize] = true;
        if s.sp == YEL && with_yel.is_none() {
            with_yel = Some(s);
        }
    }
    assert!(seen.iter().all(|x| *x), "every seat can be drawn as the first SP");
    let s = with_yel.expect("some seed draws YEL");
    assert_eq!(s.line_string(), "LK C C T C C RK");
    assert_eq!(s.squares(), 11);
    assert_eq!(s.squares() - 2, 9, "9 squares between the kings");
    for seat in 0..3 {
        assert_eq!(s.soldier_label(seat), "T");
        assert!(!s.soldiers[seat as usize].face_down());
        assert_eq!(s.hands[seat as usize], hand(&["1", "1", "2", "2T", "3"]));
        assert!(s.tables[seat as usize].is_empty());
        assert_eq!(s.pt[seat as usize], 0);
    }
    assert_eq!((s.season, s.round, s.sp), (1, 1, YEL));
    assert_eq!(s.order(), vec![YEL, GRN, RED]);
    assert_eq!(gaps_text(&s), "@-2 @-1 @-0 @+0 @+1 @+2");
    let town = s.soldier_flat(RED);
    assert_eq!(town, 5);
    assert_eq!((town, s.squares() - 1 - town), (5, 5), "the town is 5 squares from each king");
    let p = Uosao::pending(&s);
    assert_eq!(p.len(), 1);
    assert_eq!((p[0].seat, p[0].kind.as_str()), (YEL, "play"));
    assert!(Uosao::setup(&Options::default(), 2, &mut Rng::from_seed(b"x")).is_err());
    assert!(Uosao::setup(&Options::default(), 6, &mut Rng::from_seed(b"x")).is_err());
}

#[test]
fn s2_determination_case_a() {
    let mut s = game(3, RED);
    plays(&mut s, &["R3", "L3", "L2"]);
    let det = s.last_determination.clone().expect("determined");
    assert!(det.cancelled.is_empty());
    assert_eq!((det.right, det.left), (Some(RED), Some(YEL)));
    assert_eq!((flat(&s, RED), flat(&s, YEL), flat(&s, GRN)), (8, 2, 5));
    assert_eq!(s.soldier_label(RED), "+2.1");
    assert_eq!(s.soldier_label(YEL), "-2.1");
    let t = |seat: u8| s.tables[seat as usize].iter().map(|c| (c.dir, c.card.value())).collect::<Vec<_>>();
    assert_eq!(t(RED), vec![(Dir::R, 3)]);
    assert_eq!(t(YEL), vec![(Dir::L, 3)]);
    assert_eq!(t(GRN), vec![(Dir::L, 2)]);
}

#[test]
fn s3_determination_case_b() {
    let mut s = game(3, RED);
    plays(&mut s, &["R3", "R3", "R2"]);
    let det = s.last_determination.clone().expect("determined");
    assert_eq!(det.cancelled, vec![RED, YEL]);
    assert_eq!((det.right, det.left), (Some(GRN), None));
    assert_eq!((flat(&s, RED), flat(&s, YEL), flat(&s, GRN)), (5, 5, 7));
    assert!(s.tables.iter().all(|t| t.len() == 1));
}

#[test]
fn s4_triple_cancellation_lets_a_1_move() {
    let mut s = game(4, RED);
    let ev = plays(&mut s, &["R2", "R2T", "R2", "R1"]);
    assert!(public_texts(&ev).contains(&"YEL: R2".to_string()), "R2T renders as R2");
    let det = s.last_determination.clone().expect("determined");
    assert_eq!(det.cancelled, vec![RED, YEL, GRN]);
    assert_eq!(det.right, Some(BLU));
    assert_eq!(s.soldier_label(BLU), "+1.1");
}

#[test]
fn s5_cancellations_in_both_directions() {
    let mut s = game(5, RED);
    plays(&mut s, &["R3", "R3", "R2", "L3", "L3"]);
    let det = s.last_determination.clone().expect("determined");
    assert_eq!(det.cancelled, vec![RED, YEL, BLU, PUR]);
    assert_eq!((det.right, det.left), (Some(GRN), None));
    assert_eq!(s.soldier_label(GRN), "+1.2");
    assert!([RED, YEL, BLU, PUR].iter().all(|p| s.soldier_label(*p) == "T"));

    // Variant.
    let mut s = game(5, RED);
    plays(&mut s, &["R1", "L1", "R1", "L2", "D1"]);
    let det = s.determination.clone().expect("determined");
    assert_eq!(det.cancelled, vec![RED, GRN]);
    assert_eq!((det.right, det.left), (None, Some(BLU)));
    assert_eq!(s.phase, Phase::Road { j: 0 });
    assert_eq!(s.to_act(), Some(PUR));
    assert_eq!(s.soldier_label(BLU), "T", "the road action comes before the move");
    act(&mut s, gap("@+0"));
    assert_eq!(s.soldier_label(BLU), "-1.2");
    assert_eq!(s.soldier_label(YEL), "T");
}

#[test]
fn s6_a_round_with_only_roads() {
    let mut s = game(3, GRN);
    plays(&mut s, &["D1", "D2T", "D3"]);
    let det = s.determination.clone().expect("determined");
    assert_eq!((det.right, det.left, det.cancelled.len()), (None, None, 0));
    assert_eq!(s.road_players, vec![GRN, RED, YEL]);
    assert_eq!(s.to_act(), Some(GRN));
    act(&mut s, gap("@+0"));
    assert_eq!(s.to_act(), Some(RED));
    assert_eq!(s.line_string(), "LK C C T GRN C C RK");
    act(&mut s, gap("@+0"));
    assert_eq!(s.to_act(), Some(YEL));
    act(&mut s, gap("@-0"));
    assert_eq!(s.line_string(), "LK C C YEL T RED! GRN C C RK");
    assert!((0..3).all(|p| s.soldier_label(p) == "T"));
    assert!(s.tables.iter().all(|t| t.is_empty()));
    assert_eq!(s.hands[RED as usize], hand(&["1", "1", "2", "3"]));
}

#[test]
fn s7_what_later_players_see_in_step_1() {
    let mut s = game(3, GRN);
    let ev = plays(&mut s, &["D1"]);
    assert_eq!(public_texts(&ev), vec!["GRN: D".to_string()]);
    let v = view::view(&s, Viewer::Seat(RED));
    assert_eq!((v.plays[0].face, v.plays[0].trap, v.plays[0].card), (Face::D, false, None));
    let ev = plays(&mut s, &["R2T"]);
    assert_eq!(public_texts(&ev), vec!["RED: R2".to_string()]);
    let v = view::view(&s, Viewer::Seat(YEL));
    assert_eq!(v.plays.len(), 2);
    assert_eq!((v.plays[1].face, v.plays[1].value, v.plays[1].card), (Face::R, Some(2), None));
    assert_eq!(v.tables[RED as usize][0].card, None, "YEL cannot tell 2 from 2T on RED's table");
    assert_eq!((v.hand_sizes[GRN as usize], v.hand_sizes[RED as usize]), (4, 4));
    assert_eq!(v.hands[RED as usize], None);
    let mine = view::view(&s, Viewer::Seat(RED));
    assert_eq!(mine.hands[RED as usize], Some(hand(&["1", "1", "2", "3"])));
    let mut others = v.clone();
    others.hands[YEL as usize] = None;
    let json = serde_json::to_string(&others).expect("json");
    assert!(!json.contains("\"2T\""), "YEL's view names no 2T of another seat: {json}");
}

#[test]
fn s8_inserting_next_to_soldiers_does_not_move_them() {
    let mut s = game(3, GRN);
    put(&mut s, YEL, 7);
    assert_eq!(s.soldier_label(YEL), "+1.2");
    let town = s.town_index();
    let before = s.soldier_index(YEL) - town;
    // GRN lays a road; RED and YEL cancel each other so nobody moves.
    plays(&mut s, &["D1", "L1", "L1"]);
    act(&mut s, gap("@+0"));
    assert_eq!(s.line_string(), "LK C C T GRN C C RK");
    assert_eq!(s.soldier_label(RED), "T");
    assert_eq!(s.soldier_label(YEL), "+2.2");
    assert_eq!(flat(&s, YEL), 9);
    assert_eq!((before, s.soldier_index(YEL) - s.town_index()), (1, 2));
    assert_eq!(gaps_text(&s), "@-2 @-1 @-0 @+0 @+1 @+2 @+3");
}

#[test]
fn s9_inserting_just_inside_a_king_blocks_an_exact_reach() {
    let mut s = game(3, RED);
    put(&mut s, RED, 8);
    plays(&mut s, &["R2", "L1", "D1"]);
    let det = s.determination.clone().expect("determined");
    assert_eq!((det.right, det.left), (Some(RED), Some(YEL)));
    act(&mut s, gap("@+2"));
    assert_eq!(s.line_string(), "LK C C T C C GRN RK");
    assert_eq!(s.squares() - 1, 12, "RK at flat 12");
    assert_eq!((flat(&s, RED), s.soldier_label(RED)), (10, "+3.1".to_string()));
    assert_eq!(s.soldier_label(YEL), "-1.1");
    assert!(s.results.is_empty(), "the season continues");
    assert_eq!((s.season, s.round), (1, 2));
}

#[test]
fn s10_a_road_action_takes_back_all_move_cards() {
    let mut s = game(3, YEL);
    s.round = 3;
    s.hands[YEL as usize] = hand(&["1", "2", "2T"]);
    s.tables[YEL as usize] = vec![
        TableCard { card: CardId::Three, dir: Dir::L, round: 1 },
        TableCard { card: CardId::One, dir: Dir::R, round: 2 },
    ];
    let ev = plays(&mut s, &["D2"]);
    assert_eq!(s.hands[YEL as usize], hand(&["1", "2T"]));
    assert_eq!(public_texts(&ev), vec!["YEL: D".to_string()]);
    let mut ev = plays(&mut s, &["R1", "R1"]);
    ev.extend(act(&mut s, gap("@+0")));
    assert_eq!(s.hands[YEL as usize], hand(&["1", "1", "2T", "3"]));
    assert!(s.tables[YEL as usize].is_empty());
    assert!(
        public_texts(&ev).iter().any(|t| t.contains("YEL inserts a road at @+0") && t.contains("takes back: L3 R1"))
    );
    assert!(public_texts(&ev).iter().all(|t| !t.contains("D2")));
    let private: Vec<_> = ev.iter().filter(|e| e.audience != crate::engine::Audience::All).collect();
    assert!(
        private
            .iter()
            .all(|e| e.audience == crate::engine::Audience::Only(vec![YEL]) || e.text.en.contains("You played"))
    );
    assert!(private.iter().any(|e| e.text.en == "Your road is card 2."));
}

#[test]
fn s11_movement_across_2_square_cards() {
    let mut s = game(3, RED);
    put(&mut s, GRN, 6);
    move_now(&mut s, GRN, Dir::L, 2);
    assert_eq!((flat(&s, GRN), s.soldier_label(GRN)), (4, "-1.1".to_string()));
}

#[test]
fn s12_overshooting_a_king() {
    let mut s = game(3, RED);
    put(&mut s, RED, 8);
    // YEL and GRN cancel; RED is selected with R3.
    plays(&mut s, &["R3", "R1", "R1"]);
    assert_eq!(s.results.len(), 1, "the season ended at ROUND_END");
    let r = &s.results[0];
    assert_eq!((r.kind, r.reacher), (SeasonEndKind::King, Some(RED)));
    // Directly: the move stops on RK and is recorded as a reach.
    let mut s = game(3, RED);
    put(&mut s, RED, 8);
    move_now(&mut s, RED, Dir::R, 3);
    assert_eq!((flat(&s, RED), s.soldier_label(RED)), (10, "RK".to_string()));
    assert_eq!(s.reached, vec![Reach { seat: RED, king: King::RK }]);
}

/// S13's position after its round: season 2 round 2, SP YEL.
pub(super) fn after_s13() -> super::super::state::State {
    let mut s = game(3, RED);
    s.season = 2;
    s.pt = vec![7, 4, 2];
    let ev = plays(&mut s, &["R3", "D2T", "L1"]);
    assert!(public_texts(&ev).contains(&"YEL: DT".to_string()));
    let det = s.determination.clone().expect("determined");
    assert_eq!((det.right, det.left), (Some(RED), Some(GRN)));
    act(&mut s, gap("@+1"));
    s
}

#[test]
fn s13_a_trap_is_laid_and_triggers() {
    let s = after_s13();
    assert_eq!(s.line_string(), "LK C C T C YEL! C RK");
    assert_eq!(s.hands[YEL as usize], hand(&["1", "1", "2", "3"]));
    assert_eq!((flat(&s, RED), s.soldier_label(RED)), (8, "+2.1".to_string()));
    assert!(s.soldiers[RED as usize].face_down());
    assert_eq!(s.soldiers[RED as usize].stunned_round, Some(2));
    assert_eq!(s.pt, vec![4, 7, 2]);
    assert_eq!(s.soldier_label(GRN), "-1.1");
    assert!(!s.soldiers[GRN as usize].face_down());
    assert_eq!((s.round, s.sp), (2, YEL));
}

#[test]
fn s14_a_stunned_players_move_card_counts_but_does_not_move() {
    let mut s = after_s13();
    assert_eq!(s.hands[RED as usize], hand(&["1", "1", "2", "2T"]));
    assert_eq!(s.hands[GRN as usize], hand(&["1", "2", "2T", "3"]));
    let ev = plays(&mut s, &["L2", "R1", "R2"]);
    let det = s.last_determination.clone().expect("determined");
    assert!(det.cancelled.is_empty());
    assert_eq!((det.right, det.left), (Some(RED), Some(YEL)));
    assert!(public_texts(&ev).iter().any(|t| t.contains("RED 2 (trapped, will not move)")));
    assert!(public_texts(&ev).contains(&"RED cannot move (trapped)".to_string()));
    assert_eq!(s.soldier_label(RED), "+2.1");
    assert_eq!(s.soldier_label(GRN), "-1.1", "GRN does not move either");
    assert_eq!(s.soldier_label(YEL), "-1.2");
    assert!(!s.soldiers[RED as usize].face_down(), "face up at the end of round 2");
    assert_eq!(s.round, 3);
    // In round 3 RED may move again: SP GRN, order GRN, RED, YEL.
    plays(&mut s, &["L3", "R1", "D1"]);
    act(&mut s, gap("@-0"));
    assert_eq!(s.soldier_label(RED), "+2.2");
}

#[test]
fn s15_a_stunned_players_card_still_cancels() {
    let mut s = after_s13();
    plays(&mut s, &["R1", "R2", "R2"]);
    let det = s.last_determination.clone().expect("determined");
    assert_eq!(det.cancelled, vec![GRN, RED]);
    assert_eq!(det.right, Some(YEL));
    assert_eq!(s.soldier_label(YEL), "+1.1");
    assert_eq!(s.soldier_label(RED), "+2.1");
}

#[test]
fn s16_a_stunned_player_carries_out_a_road_action() {
    let mut s = after_s13();
    plays(&mut s, &["L2", "R1", "D1"]);
    assert_eq!(s.to_act(), Some(RED));
    assert!(s.soldiers[RED as usize].face_down());
    act(&mut s, gap("@-2"));
    assert_eq!(s.hands[RED as usize], hand(&["1", "2", "2T", "3"]));
    assert!(s.tables[RED as usize].is_empty());
    assert_eq!(s.line_string(), "LK RED C C T C YEL! C RK");
    assert_eq!(s.soldier_label(RED), "+2.1");
    assert!(!s.soldiers[RED as usize].face_down(), "face up after the end of round 2");
}

#[test]
fn s17_too_few_points_to_pay() {
    for (holding, after, gain) in [(1, 1, 0), (0, 0, 0), (3, 2, 1)] {
        let mut s = game(3, RED);
        set_line(&mut s, "LK C C T RED! C C RK");
        s.pt = vec![5, 0, holding];
        move_now(&mut s, GRN, Dir::R, 1);
        assert!(s.soldiers[GRN as usize].face_down());
        assert_eq!(s.soldiers[GRN as usize].stunned_round, Some(s.round + 1));
        assert_eq!((s.pt[GRN as usize], s.pt[RED as usize]), (after, 5 + gain));
    }
}

#[test]
fn s18_passing_over_a_trap() {
    let mut s = game(3, RED);
    set_line(&mut s, "LK C C T YEL! C C RK");
    s.pt = vec![6, 0, 0];
    move_now(&mut s, RED, Dir::R, 3);
    assert_eq!((flat(&s, RED), s.soldier_label(RED)), (8, "+2.1".to_string()));
    assert!(!s.soldiers[RED as usize].face_down());
    assert_eq!(s.pt, vec![6, 0, 0]);
}

#[test]
fn s19_the_trap_triggers_again_inside_the_same_card() {
    let mut s = game(3, RED);
    set_line(&mut s, "LK C C T C YEL! C RK");
    put(&mut s, RED, 8);
    s.pt = vec![4, 7, 0];
    move_now(&mut s, RED, Dir::R, 1);
    assert_eq!((flat(&s, RED), s.soldier_label(RED)), (9, "+2.2".to_string()));
    assert!(s.soldiers[RED as usize].face_down());
    assert_eq!((s.pt[RED as usize], s.pt[YEL as usize]), (2, 9));
}

#[test]
fn s20_falling_into_your_own_trap() {
    let mut s = game(3, RED);
    set_line(&mut s, "LK C C T C YEL! C RK");
    put(&mut s, YEL, 7);
    s.pt = vec![0, 9, 0];
    move_now(&mut s, YEL, Dir::R, 1);
    assert_eq!(s.soldier_label(YEL), "+2.1");
    assert!(s.soldiers[YEL as usize].face_down());
    assert_eq!(s.pt[YEL as usize], 9);
}

#[test]
fn s21_two_soldiers_reach_kings_in_the_same_round() {
    let mut s = game(3, YEL);
    put(&mut s, RED, 8);
    put(&mut s, YEL, 2);
    let ev = plays(&mut s, &["L2", "R1", "R3"]);
    let texts = public_texts(&ev);
    let yel = texts.iter().position(|t| t == "YEL reaches the Left King!").expect("YEL reached");
    let red = texts.iter().position(|t| t == "RED reaches the Right King!").expect("RED reached");
    assert!(yel < red, "moves in order from the SP");
    let r = &s.results[0];
    assert_eq!((r.kind, r.reacher), (SeasonEndKind::King, Some(YEL)));
    assert_eq!(r.scores, vec![0, 6, 3]);
    // Variant: SP = RED.
    let mut s = game(3, RED);
    put(&mut s, RED, 8);
    put(&mut s, YEL, 2);
    plays(&mut s, &["R3", "L2", "R1"]);
    let r = &s.results[0];
    assert_eq!(r.reacher, Some(RED));
    assert_eq!(r.scores, vec![6, 0, 3]);
}

#[test]
fn s22_king_scoring_example_1() {
    let mut s = game(3, RED);
    set_line(&mut s, "LK C C T C YEL C RK");
    put_at(&mut s, RED, "RK");
    put_at(&mut s, YEL, "-1");
    put_at(&mut s, GRN, "+1");
    let scores = rules::season_scores(&s, SeasonEndKind::King, Some(Reach { seat: RED, king: King::RK }));
    assert_eq!(scores, vec![5, 0, 2]);
}

#[test]
fn s23_town_scoring_example_2() {
    let mut s = game(3, RED);
    set_line(&mut s, "LK C GRN C T C C RK");
    put_at(&mut s, RED, "+2");
    put_at(&mut s, YEL, "-3");
    assert_eq!(rules::season_scores(&s, SeasonEndKind::Town, None), vec![2, 3, 0]);
}

#[test]
fn s24_king_scoring_with_five_players() {
    let mut s = game(5, RED);
    set_line(&mut s, "LK PUR C C T C BLU C RK");
    put_at(&mut s, RED, "RK");
    put_at(&mut s, YEL, "-3");
    put_at(&mut s, GRN, "-1");
    put_at(&mut s, PUR, "+3");
    let scores = rules::season_scores(&s, SeasonEndKind::King, Some(Reach { seat: RED, king: King::RK }));
    assert_eq!(scores, vec![7, 0, 2, 3, 6]);
}

#[test]
fn s25_a_king_reached_in_round_5_uses_king_scoring() {
    let mut s = game(3, GRN);
    s.season = 2;
    s.round = 5;
    s.pt = vec![4, 6, 2];
    put(&mut s, RED, 8);
    plays(&mut s, &["L2", "R2", "D1"]);
    let det = s.determination.clone().expect("determined");
    assert_eq!((det.right, det.left), (Some(RED), Some(GRN)));
    act(&mut s, gap("@-1"));
    let r = s.results.last().expect("season scored");
    assert_eq!((r.season, r.kind, r.reacher), (2, SeasonEndKind::King, Some(RED)));
    assert_eq!(r.scores, vec![4, 1, 0]);
    assert_eq!(s.pt, vec![8, 7, 2]);
    assert_eq!((s.season, s.sp), (3, RED));
}

#[test]
fn s25_positions_before_scoring() {
    let mut s = game(3, GRN);
    s.round = 5;
    put(&mut s, RED, 8);
    plays(&mut s, &["L2", "R2", "D1"]);
    // Stop just after the road action, before the moves: insert by hand to inspect the flats.
    let mut probe = s.clone();
    let at = probe.insertion_index(Gap { plus: false, k: 1 }).expect("gap");
    probe.line.insert(at, super::super::state::Item { uid: 99, kind: super::super::state::ItemKind::Common });
    assert_eq!(flat(&probe, RED), 10);
    assert_eq!(flat(&probe, GRN), 7);
    let ev = act(&mut s, gap("@-1"));
    let texts = public_texts(&ev);
    assert!(texts.contains(&"GRN moves L2: T -> -1.2".to_string()), "{texts:?}");
    assert!(texts.contains(&"RED moves R2: +2.1 -> RK".to_string()), "{texts:?}");
}

#[test]
fn s26_start_player_succession() {
    let mut s = game(3, YEL);
    let mut sps = Vec::new();
    for round in ["R1", "L1", "R2", "L2T", "R3"] {
        sps.push(s.sp);
        plays(&mut s, &[round, round, round]);
    }
    assert_eq!(sps, vec![YEL, GRN, RED, YEL, GRN]);
    assert_eq!(s.results[0].kind, SeasonEndKind::Town);
    assert_eq!((s.season, s.sp), (2, GRN), "all tied at 0: the season-end SP GRN is first");

    let mut s = game(3, GRN);
    s.pt = vec![3, 3, 1];
    assert_eq!(rules::next_season_sp(&s), RED);
    s.pt = vec![2, 1, 2];
    assert_eq!(rules::next_season_sp(&s), GRN);

    // Variant: a king reach in round 2 (SP GRN) ends the season; GRN is the season-end SP.
    let mut s = game(3, YEL);
    plays(&mut s, &["R1", "R1", "R1"]);
    assert_eq!((s.round, s.sp), (2, GRN));
    put(&mut s, GRN, 8);
    s.pt = vec![5, 5, 0];
    plays(&mut s, &["R3", "L1", "L1"]);
    assert_eq!(s.results[0].scores, vec![0, 0, 3]);
    assert_eq!(s.pt, vec![5, 5, 3]);
    assert_eq!(s.sp, RED, "tie RED/YEL broken in order from GRN");
}

#[test]
fn s27_the_order_of_two_road_actions_decides_a_trap() {
    let mut s = game(4, RED);
    plays(&mut s, &["R2", "D2T", "D1", "L1"]);
    let det = s.determination.clone().expect("determined");
    assert_eq!((det.right, det.left), (Some(RED), Some(BLU)));
    act(&mut s, gap("@+0"));
    assert_eq!(s.line_string(), "LK C C T YEL! C C RK");
    act(&mut s, gap("@+0"));
    assert_eq!(s.line_string(), "LK C C T GRN YEL! C C RK");
    assert_eq!((flat(&s, RED), s.soldier_label(RED)), (7, "+1.2".to_string()));
    assert!(!s.soldiers[RED as usize].face_down());
    assert_eq!(s.soldier_label(BLU), "-1.1");
    assert_eq!(s.hands[YEL as usize], hand(&["1", "1", "2", "3"]));
    assert_eq!(s.hands[GRN as usize], hand(&["1", "2", "2T", "3"]));
}

#[test]
fn s28_when_a_trap_cannot_catch_a_mover() {
    let mut base = game(3, RED);
    put(&mut base, RED, 6);
    plays(&mut base, &["R1", "D2T", "L3"]);
    for g in base.gaps() {
        let mut s = base.clone();
        act(&mut s, Action::Road { gap: g });
        assert!(!s.soldiers[RED as usize].face_down(), "YEL at {} caught RED", g.code());
        assert!(s.soldier_label(RED).ends_with(".2"));
    }
    // In contrast, from +1.2 YEL at @+1 makes the next square a trap.
    let mut s = game(3, RED);
    put(&mut s, RED, 7);
    plays(&mut s, &["R1", "D2T", "L3"]);
    act(&mut s, gap("@+1"));
    assert_eq!(flat(&s, RED), 8);
    assert!(s.soldiers[RED as usize].face_down());
}

#[test]
fn s29_a_trap_in_the_last_round_then_town_scoring() {
    let mut s = game(3, RED);
    s.season = 2;
    s.round = 5;
    set_line(&mut s, "LK C C T RED! C C RK");
    s.pt = vec![3, 6, 5];
    put_at(&mut s, RED, "-2");
    let ev = plays(&mut s, &["L1", "L1", "R2"]);
    let texts = public_texts(&ev);
    assert!(texts.contains(&"GRN moves R2: T -> +1.2".to_string()));
    assert!(texts.iter().any(|t| t.contains("GRN is caught by RED's trap") && t.contains("pays 2 pt")));
    let r = &s.results[0];
    assert_eq!((r.kind, r.scores.clone()), (SeasonEndKind::Town, vec![2, 0, 1]));
    assert_eq!(s.pt, vec![7, 6, 4]);
    assert_eq!((s.season, s.sp), (3, RED));
    assert_eq!(s.soldier_label(GRN), "T");
    assert!(!s.soldiers[GRN as usize].face_down(), "the stun lapsed");
}

#[test]
fn s30_payment_order_between_two_traps() {
    let setup = |sp| {
        let mut s = game(3, sp);
        s.season = 3;
        set_line(&mut s, "LK C RED! C T C YEL! C RK");
        s.pt = vec![8, 6, 0];
        s
    };
    let mut s = setup(RED);
    assert_eq!(flat(&s, RED), 7);
    plays(&mut s, &["R3", "L3", "R1"]);
    assert_eq!(s.soldier_label(RED), "+2.1");
    assert_eq!(s.soldier_label(YEL), "-2.1");
    assert_eq!((s.pt[RED as usize], s.pt[YEL as usize]), (9, 5));
    assert!(s.soldiers[RED as usize].face_down() && s.soldiers[YEL as usize].face_down());
    assert_eq!(s.soldier_label(GRN), "T", "GRN is ignored");

    let mut s = setup(YEL);
    plays(&mut s, &["L3", "R1", "R3"]);
    assert_eq!((s.pt[RED as usize], s.pt[YEL as usize]), (6, 8));
}

#[test]
fn s31_the_last_card_of_a_hand() {
    let mut s = game(3, RED);
    s.round = 5;
    s.hands[RED as usize] = hand(&["3"]);
    s.tables[RED as usize] = ["1", "1", "2", "2T"]
        .iter()
        .enumerate()
        .map(|(i, c)| TableCard { card: parse_card(c), dir: Dir::R, round: i as u8 + 1 })
        .collect();
    let p = Uosao::pending(&s);
    assert_eq!(p.len(), 1, "a decision is required");
    let choices = Uosao::legal(&s, &p[0].id).expect("legal");
    let crate::engine::Space::List { options } = choices.space else { panic!("list") };
    let printed: Vec<String> = options.iter().map(Uosao::print_action).collect();
    assert_eq!(printed, vec!["R3", "L3", "D3"]);
    assert_eq!(Uosao::timeout_action(&s, &p[0].id), None, "no default");
    let v = view::view(&s, Viewer::Seat(RED));
    assert!(Uosao::parse_action(&v, &p[0], "pass").is_err());
}

#[test]
fn s32_illegal_actions_are_rejected() {
    let mut rng = Rng::from_seed(b"s32");
    // RED plays R3 while card 3 is on RED's table.
    let mut s = game(3, RED);
    s.hands[RED as usize] = hand(&["1", "1", "2", "2T"]);
    s.tables[RED as usize] = vec![TableCard { card: CardId::Three, dir: Dir::R, round: 1 }];
    s.round = 2;
    let id = s.decision_id();
    let before = s.clone();
    assert!(matches!(Uosao::apply(&mut s, &id, RED, &play("R3"), &mut rng), Err(RuleError::Illegal(_))));
    assert_eq!(s, before);
    // A player plays out of turn order.
    assert!(matches!(Uosao::apply(&mut s, &id, YEL, &play("R1"), &mut rng), Err(RuleError::WrongSeat { .. })));
    assert!(matches!(Uosao::apply(&mut s, "d999", RED, &play("R1"), &mut rng), Err(RuleError::NotPending(_))));
    // YEL plays D2T after the trap is already in the line.
    let mut s = game(3, YEL);
    set_line(&mut s, "LK C C T YEL! C C RK");
    s.hands[YEL as usize] = hand(&["1", "1", "2", "3"]);
    let id = s.decision_id();
    assert!(matches!(Uosao::apply(&mut s, &id, YEL, &play("D2T"), &mut rng), Err(RuleError::Illegal(_))));
    // Road gaps: with +1 and +2 only, @+3 does not exist (it would be outside the king), nor @-3.
    let mut s = game(3, RED);
    plays(&mut s, &["D1", "L1", "L1"]);
    let legal: Vec<String> = Uosao::legal(&s, &s.decision_id())
        .map(|c| match c.space {
            crate::engine::Space::List { options } => options.iter().map(Uosao::print_action).collect(),
            _ => Vec::new(),
        })
        .expect("legal");
    assert_eq!(legal, vec!["@-2", "@-1", "@-0", "@+0", "@+1", "@+2"]);
    let id = s.decision_id();
    for bad in ["@+3", "@-3", "@+9"] {
        let before = s.clone();
        assert!(matches!(Uosao::apply(&mut s, &id, RED, &gap(bad), &mut rng), Err(RuleError::Illegal(_))), "{bad}");
        assert_eq!(s, before);
    }
    // A play where a gap is awaited, and the reverse.
    assert!(matches!(Uosao::apply(&mut s, &id, RED, &play("R1"), &mut rng), Err(RuleError::Illegal(_))));
    // No decision ever exists for a selected mover: the move is forced. After a round without roads the next
    // decision is the next round's first play.
    let mut s = game(3, RED);
    plays(&mut s, &["R1", "L2", "R3"]);
    let p = Uosao::pending(&s);
    assert_eq!((p[0].kind.as_str(), p[0].seat), ("play", YEL));
    let v = view::view(&s, Viewer::Seat(YEL));
    for text in ["pass", "PASS", "stay", "move 0", "R0", "R4", "X1", "@1", ""] {
        assert!(Uosao::parse_action(&v, &p[0], text).is_err(), "{text}");
    }
}

#[test]
fn s33_hidden_identity_of_a_normal_road() {
    let mut s = game(3, RED);
    let ev = plays(&mut s, &["D3"]);
    assert_eq!(public_texts(&ev), vec!["RED: D".to_string()]);
    for viewer in [Viewer::Seat(YEL), Viewer::Seat(GRN), Viewer::Spectator] {
        let v = view::view(&s, viewer);
        assert_eq!(v.hand_sizes[RED as usize], 4);
        assert_eq!(v.hands[RED as usize], None);
    }
    let mine = view::view(&s, Viewer::Seat(RED));
    assert_eq!(mine.hands[RED as usize], Some(hand(&["1", "1", "2", "2T"])));
    let mut ev = plays(&mut s, &["L1", "L1"]);
    ev.extend(act(&mut s, gap("@+1")));
    assert_eq!(s.line_string(), "LK C C T C RED C RK");
    assert!(public_texts(&ev).iter().all(|t| !t.contains("D3") && !t.contains("card 3")));
    for viewer in [Viewer::Seat(YEL), Viewer::Seat(GRN), Viewer::Spectator] {
        let v = view::view(&s, viewer);
        let road = v.line.iter().find(|i| i.owner == Some(RED)).expect("RED road");
        assert_eq!((road.trap, road.card), (false, None));
        for lang in [Lang::En, Lang::Ja] {
            let out = Uosao::render(&v, &RenderContext::new(lang, 80));
            assert!(out.contains("RED") && !out.contains("RED(3)"), "{out}");
        }
    }
    let own = view::view(&s, Viewer::Seat(RED));
    assert_eq!(own.line.iter().find(|i| i.owner == Some(RED)).and_then(|i| i.card), Some(CardId::Three));
}

#[test]
fn s34_crossing_the_town() {
    let mut s = game(3, RED);
    put(&mut s, RED, 4);
    assert_eq!(s.soldier_label(RED), "-1.1");
    move_now(&mut s, RED, Dir::R, 3);
    assert_eq!((flat(&s, RED), s.soldier_label(RED)), (7, "+1.2".to_string()));
}

#[test]
fn s35_a_new_season_resets_everything_except_points() {
    let mut s = game(3, GRN);
    s.round = 5;
    set_line(&mut s, "LK C YEL C T GRN! C C RK");
    s.pt = vec![5, 2, 2];
    s.hands[RED as usize] = hand(&["1", "2", "2T", "3"]);
    s.tables[RED as usize] = vec![TableCard { card: CardId::One, dir: Dir::R, round: 4 }];
    stun(&mut s, RED, 6);
    // Everyone plays L2 (cancelled), the season ends by town scoring with everyone on T.
    plays(&mut s, &["L2", "L2", "L2"]);
    assert_eq!(s.results[0].scores, vec![0, 0, 0]);
    assert_eq!(s.season, 2);
    assert_eq!(s.line_string(), "LK C C T C C RK");
    for p in 0..3 {
        assert_eq!(s.soldier_label(p), "T");
        assert!(!s.soldiers[p as usize].face_down());
        assert_eq!(s.hands[p as usize], CardId::full_hand());
        assert!(s.tables[p as usize].is_empty());
    }
    assert_eq!(s.pt, vec![5, 2, 2]);
    assert_eq!((s.sp, s.round), (RED, 1));
}

#[test]
fn s36_the_whole_game_ends_in_a_tie() {
    let mut s = game(3, RED);
    s.season = 3;
    s.round = 5;
    s.pt = vec![12, 12, 9];
    plays(&mut s, &["R1", "R1", "R1"]);
    assert!(Uosao::pending(&s).is_empty());
    let o = Uosao::outcome(&s).expect("over");
    assert_eq!(o.ranks, vec![1, 1, 3]);
    assert_eq!(o.result, ResultKind::SharedWin);
    assert_eq!(o.scores, vec![Some(12), Some(12), Some(9)]);
}

#[test]
fn s37_one_mover_blocked_by_a_stun_while_the_other_moves() {
    let mut s = game(3, GRN);
    s.round = 3;
    stun(&mut s, GRN, 3);
    plays(&mut s, &["L3", "L1", "R2"]);
    let det = s.last_determination.clone().expect("determined");
    assert_eq!((det.left, det.right), (Some(GRN), Some(YEL)));
    assert_eq!(s.soldier_label(GRN), "T");
    assert_eq!(s.soldier_label(RED), "T");
    assert_eq!(s.soldier_label(YEL), "+1.2");
    assert!(!s.soldiers[GRN as usize].face_down());
}

#[test]
fn s38_both_movers_end_on_the_same_trap() {
    let mut s = game(4, RED);
    set_line(&mut s, "LK C C T C YEL! C RK");
    put(&mut s, BLU, 10);
    put(&mut s, RED, 7);
    s.pt = vec![6, 0, 0, 5];
    plays(&mut s, &["R1", "R3", "D1", "L2"]);
    let det = s.determination.clone().expect("determined");
    assert_eq!((det.right, det.left), (Some(YEL), Some(BLU)));
    act(&mut s, gap("@+3"));
    assert_eq!(s.line_string(), "LK C C T C YEL! C GRN RK");
    assert_eq!((flat(&s, YEL), flat(&s, BLU), flat(&s, RED)), (8, 8, 7));
    assert!(s.soldiers[YEL as usize].face_down() && s.soldiers[BLU as usize].face_down());
    assert!(!s.soldiers[RED as usize].face_down());
    assert_eq!(s.pt, vec![6, 2, 0, 3]);
}
