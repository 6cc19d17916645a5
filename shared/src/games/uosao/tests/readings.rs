//! The readings players choose at creation: `caught_card` (reading 6) and `king_scoring` (reading 8),
//! each scenario played under both readings.

use super::super::rules::{self, CaughtCard, KingScoring};
use super::super::state::{King, Reach, SeasonEndKind};
use super::helpers::*;
use super::scenarios::after_s13;
use crate::registry;

#[test]
fn s14_a_caught_players_move_card_under_both_readings() {
    // Round 2 after S13: RED is caught; order YEL, GRN, RED plays L2, R1, R2.
    let mut counts = after_s13();
    assert_eq!(counts.caught_card, CaughtCard::Counts, "the default reading");
    let grn_before = flat(&counts, GRN);
    plays(&mut counts, &["L2", "R1", "R2"]);
    let det = counts.last_determination.clone().expect("determined");
    assert_eq!(det.right, Some(RED), "RED's card counts and blocks GRN's lower card");
    assert_eq!(flat(&counts, GRN), grn_before, "GRN does not move");

    let mut ignored = after_s13();
    ignored.caught_card = CaughtCard::Ignored;
    plays(&mut ignored, &["L2", "R1", "R2"]);
    let det = ignored.last_determination.clone().expect("determined");
    assert_eq!(det.right, Some(GRN), "RED's card is left out, so GRN's R1 is the highest");
    assert_eq!(flat(&ignored, GRN), grn_before + 1, "GRN moves 1 toward the Right King");
    assert_eq!(ignored.soldier_label(RED), "+2.1", "the caught soldier stays in both readings");
}

#[test]
fn s15_a_caught_players_card_cancels_only_when_it_counts() {
    let mut counts = after_s13();
    plays(&mut counts, &["R1", "R2", "R2"]);
    let det = counts.last_determination.clone().expect("determined");
    assert_eq!((det.cancelled, det.right), (vec![GRN, RED], Some(YEL)));

    let mut ignored = after_s13();
    ignored.caught_card = CaughtCard::Ignored;
    plays(&mut ignored, &["R1", "R2", "R2"]);
    let det = ignored.last_determination.clone().expect("determined");
    assert!(det.cancelled.is_empty(), "RED's R2 does not collide with GRN's: {:?}", det.cancelled);
    assert_eq!(det.right, Some(GRN));
    assert_eq!(ignored.soldier_label(RED), "+2.1");
}

#[test]
fn s22_king_scoring_under_both_readings() {
    let mut s = game(3, RED);
    set_line(&mut s, "LK C C T C YEL C RK");
    put_at(&mut s, RED, "RK");
    put_at(&mut s, YEL, "-1");
    put_at(&mut s, GRN, "+1");
    let reach = Some(Reach { seat: RED, king: King::RK });
    assert_eq!(s.king_scoring, KingScoring::Everyone, "the default reading");
    assert_eq!(rules::season_scores(&s, SeasonEndKind::King, reach), vec![5, 0, 2], "every player scores");
    s.king_scoring = KingScoring::ReacherOnly;
    assert_eq!(rules::season_scores(&s, SeasonEndKind::King, reach), vec![5, 0, 0], "only the reacher scores");
    assert_eq!(rules::season_scores(&s, SeasonEndKind::Town, None), vec![4, 1, 1], "town scoring is unchanged");
}

/// The options reach the engine through the game's JSON options; a bad value is refused, and the
/// defaults are the readings every earlier game was played with.
#[test]
fn readings_are_creation_options() {
    let game = registry::game("uosao").unwrap();
    assert_eq!(
        game.default_options(),
        serde_json::json!({"colours": null, "caught_card": "counts", "king_scoring": "everyone"})
    );
    let mut rng = crate::dice::Rng::from_seed(b"opt");
    let options = serde_json::json!({"caught_card": "ignored", "king_scoring": "reacher_only"});
    let state = game.setup(&options, 3, &mut rng).unwrap();
    let json = game.state_to_json(&state);
    assert_eq!((&json["caught_card"], &json["king_scoring"]), (&"ignored".into(), &"reacher_only".into()));
    assert!(game.setup(&serde_json::json!({"caught_card": "blocks"}), 3, &mut rng).is_err());
    assert!(game.setup(&serde_json::json!({"king_scoring": "reacher"}), 3, &mut rng).is_err());
}
