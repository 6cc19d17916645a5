//! The readings of the rulebook a game can choose (docs/rules/suriagehara.md, "Readings"): the first-move
//! restriction under both readings, option parsing, and random playouts of whole games under each.

use serde_json::json;

use super::super::data::Side;
use super::super::state::{FirstMove, GameResult, Reason, Segment, State, SupremeCommander};
use super::*;
use crate::dice::Rng;
use crate::journal::Match;
use crate::testkit::{self, Playout};

/// Standard deployment, turn 1, IN (Date vanguard: IN1* 0815, IN2 0915) drawn for its first move.
fn in_first_move(reading: FirstMove) -> State {
    let mut s = scenarios::standard_position(1);
    s.first_move = reading;
    s.form_mut(f("IN")).has_moved = false;
    activate(&mut s, "IN", &mut dice(&[]));
    s
}

#[test]
fn first_move_no_unit_rearward_reading_keeps_every_unit_on_or_ahead_of_its_row() {
    let s = in_first_move(FirstMove::NoUnitRearward);
    for unit in ["IN1", "IN2"] {
        assert!(dests(&s, unit).iter().all(|x| &x[2..] <= "15"), "{unit}: {:?}", dests(&s, unit));
    }
    let e = act(&mut s.clone(), Side::Date, "move IN2 0916", &mut dice(&[])).unwrap_err().to_string();
    assert!(e.contains("row 16 is rearward of row 15"), "{e}");
    let e = act(&mut s.clone(), Side::Date, "move IN1 0816", &mut dice(&[])).unwrap_err().to_string();
    assert!(e.contains("rearward"), "{e}");
}

#[test]
fn first_move_commander_reading_lets_units_fall_back_inside_the_deployment_zone() {
    let mut s = in_first_move(FirstMove::CommanderNotBehindLine);
    assert!(dests(&s, "IN2").contains(&"0916".to_string()));
    assert!(dests(&s, "IN1").contains(&"0816".to_string()), "row 16 is not behind the line (row 20)");
    act(&mut s, Side::Date, "move IN2 0916", &mut dice(&[])).unwrap();
    act(&mut s, Side::Date, "move IN1 0816", &mut dice(&[])).unwrap();
    assert_eq!((at(&s, "IN1").unwrap(), at(&s, "IN2").unwrap()), ("0816".into(), "0916".into()));
}

/// SR deployed on the rear row of the Date zone (row 20), drawn in turn 4 for its first move.
fn sr_on_the_line(reading: FirstMove, has_moved: bool) -> State {
    let mut s = pos(4, "SR1* 0720, SR2 0820");
    s.first_move = reading;
    s.form_mut(f("SR")).has_moved = has_moved;
    activate(&mut s, "SR", &mut dice(&[]));
    s
}

#[test]
fn first_move_commander_reading_keeps_only_the_commander_off_the_rows_behind_the_line() {
    let s = sr_on_the_line(FirstMove::CommanderNotBehindLine, false);
    assert!(dests(&s, "SR1").iter().all(|x| !x.ends_with("21")), "{:?}", dests(&s, "SR1"));
    assert!(dests(&s, "SR2").contains(&"0821".to_string()), "a retainer without the commander may go");
    let e = act(&mut s.clone(), Side::Date, "move SR1 0721", &mut dice(&[])).unwrap_err().to_string();
    assert!(e.contains("SR1 carries its commander") && e.contains("deployment line (row 20)"), "{e}");
    let e = act(&mut s.clone(), Side::Date, "move SR1 0720-0721", &mut dice(&[])).unwrap_err().to_string();
    assert!(e.contains("deployment line"), "a path is checked hex by hex: {e}");
    act(&mut s.clone(), Side::Date, "move SR2 0821", &mut dice(&[])).unwrap();
    // The default reading forbids both.
    let s = sr_on_the_line(FirstMove::NoUnitRearward, false);
    assert!(dests(&s, "SR2").iter().all(|x| !x.ends_with("21")));
    // After the first move, neither reading restricts anything.
    for reading in [FirstMove::NoUnitRearward, FirstMove::CommanderNotBehindLine] {
        let s = sr_on_the_line(reading, true);
        assert!(dests(&s, "SR1").contains(&"0721".to_string()), "{reading:?}");
    }
}

#[test]
fn the_line_a_commander_may_not_go_behind_is_each_zones_rear_row() {
    assert_eq!((Side::Ashina.zone_rear_row(), Side::Date.zone_rear_row()), (2, 20));
    assert!(Side::Ashina.behind_zone(1) && !Side::Ashina.behind_zone(2) && !Side::Ashina.behind_zone(21));
    assert!(Side::Date.behind_zone(21) && !Side::Date.behind_zone(20) && !Side::Date.behind_zone(1));
}

#[test]
fn first_move_reading_is_announced_with_the_movement_segment() {
    let mut s = scenarios::standard_position(1);
    s.first_move = FirstMove::CommanderNotBehindLine;
    s.form_mut(f("IN")).has_moved = false;
    let ev = activate(&mut s, "IN", &mut dice(&[]));
    assert!(text(&ev).contains("first move: the commander may not go behind the deployment line"), "{}", text(&ev));
    assert!(ev.iter().any(|e| e.text.ja.contains("指揮官は配置ラインより後方へ移動不可")));
}

#[test]
fn first_move_reading_is_shown_in_the_status_panel_only_when_it_is_not_the_default() {
    use crate::engine::{Engine, Lang, RenderContext, Viewer};
    for reading in [FirstMove::NoUnitRearward, FirstMove::CommanderNotBehindLine] {
        let mut s = scenarios::standard_position(1);
        s.first_move = reading;
        let v = super::super::view::view(&s, Viewer::Spectator);
        assert_eq!(v.first_move, reading);
        let en = <super::super::Suriagehara as Engine>::render(&v, &RenderContext::new(Lang::En, 100));
        let ja = <super::super::Suriagehara as Engine>::render(&v, &RenderContext::new(Lang::Ja, 100));
        let shown = reading == FirstMove::CommanderNotBehindLine;
        assert_eq!(en.contains("first move: only the commander, not behind the deployment line"), shown, "{en}");
        assert_eq!(ja.contains("指揮官だけが配置ラインより後方へ移動不可"), shown, "{ja}");
    }
}

#[test]
fn first_move_reading_is_chosen_at_creation_and_unknown_values_are_refused_with_the_allowed_ones() {
    let game = crate::registry::game("suriagehara").expect("registered");
    let mut rng = Rng::from_seed(b"readings");
    let load = |st: &crate::registry::DynState| -> State { serde_json::from_value(game.state_to_json(st)).unwrap() };
    let st = game.setup(&json!({"first_move": "commander_not_behind_line"}), 2, &mut rng).expect("accepted");
    assert_eq!(load(&st).first_move, FirstMove::CommanderNotBehindLine);
    for default in [json!({}), serde_json::Value::Null, json!({"first_move": "no_unit_rearward"})] {
        let st = game.setup(&default, 2, &mut rng).expect("the default");
        assert_eq!(load(&st).first_move, FirstMove::NoUnitRearward);
    }
    let e = game.setup(&json!({"first_move": "free"}), 2, &mut rng).expect_err("refused").0.en;
    assert!(
        e.contains("`free`") && e.contains("`no_unit_rearward`") && e.contains("`commander_not_behind_line`"),
        "{e}"
    );
    let e = game.setup(&json!({"turn": 10}), 2, &mut rng).expect_err("refused").0.en;
    assert!(e.contains("turn") && e.contains("first_move"), "{e}");
}

#[test]
fn states_saved_before_the_reading_existed_load_with_the_default() {
    let mut j = serde_json::to_value(State::new()).unwrap();
    j.as_object_mut().unwrap().remove("first_move");
    let back: State = serde_json::from_value(j).unwrap();
    assert_eq!(back.first_move, FirstMove::NoUnitRearward);
}

fn state_of(m: &Match) -> State {
    serde_json::from_value(m.game().state_to_json(m.state())).expect("the state deserialises")
}

/// Units of the formation on its first move that moved between two states of one Movement Segment, with
/// the rows they left and entered and whether they carry the commander.
fn first_moves(prev: &State, next: &State) -> Vec<(Side, u8, u8, bool)> {
    let (Some(a), Some(b)) = (&prev.activation, &next.activation) else { return Vec::new() };
    let (Some(Segment::Move(m)), Some(Segment::Move(_))) = (&a.segment, &b.segment) else { return Vec::new() };
    if !m.first_move || a.formation != b.formation {
        return Vec::new();
    }
    prev.units_of(a.formation)
        .into_iter()
        .filter_map(|u| {
            let (from, to) = (prev.units[&u], *next.units.get(&u)?);
            (from != to).then(|| (rules::side_of(u), from.y, to.y, prev.is_carrier(u)))
        })
        .collect()
}

/// Whole random games under each reading: every game ends, no first move breaks the reading in force, and
/// under the commander reading retainers do fall back on first moves (the option changes play).
#[test]
fn playouts_under_both_first_move_readings() {
    let games = testkit::playout_count(24);
    for (reading, name) in [
        (FirstMove::NoUnitRearward, "no_unit_rearward"),
        (FirstMove::CommanderNotBehindLine, "commander_not_behind_line"),
    ] {
        let mut fell_back = 0;
        for seed in 0..games {
            let mut p = Playout::new("suriagehara", 2, 90_000 + seed);
            p.options = json!({ "first_move": name });
            let mut prev: Option<State> = None;
            let fin = testkit::play(&p, |m| {
                let s = state_of(m);
                assert_eq!(s.first_move, reading);
                if let Some(before) = &prev {
                    for (side, from, to, carrier) in first_moves(before, &s) {
                        match reading {
                            FirstMove::NoUnitRearward => assert!(!side.is_rearward(from, to), "{from} -> {to}"),
                            FirstMove::CommanderNotBehindLine => {
                                assert!(!(carrier && side.behind_zone(to)), "commander {from} -> {to}");
                                fell_back += usize::from(side.is_rearward(from, to));
                            }
                        }
                    }
                }
                prev = Some(s);
            })
            .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(state_of(&fin.game).is_over(), "{name} seed {seed}");
        }
        if reading == FirstMove::CommanderNotBehindLine && games >= 8 {
            assert!(fell_back > 0, "no unit ever fell back on a first move under {name}");
        }
    }
}

/// Reading 2: the game lasts 8 turns unless the option `turns` says otherwise; the advance-line count
/// follows the last turn either way.
#[test]
fn game_length_under_the_standard_and_a_chosen_number_of_turns() {
    let eight = pos(8, "TK1* 0907, SG1* 0912");
    assert_eq!(eight.turns, 8, "the default reading");
    let mut s = eight.clone();
    let mut ev = Vec::new();
    rules::turn_update(&mut s, &mut dice(&[]), &mut ev);
    assert!(matches!(s.result, Some(GameResult::Draw { reason: Reason::AdvanceLine { .. } })), "{}", text(&ev));
    assert!(text(&ev).contains("end of turn 8"), "{}", text(&ev));

    let mut s = eight;
    s.turns = 10;
    let mut ev = Vec::new();
    rules::turn_update(&mut s, &mut dice(&[]), &mut ev);
    assert_eq!((s.result.clone(), s.turn), (None, 9), "turn 8 is not the last of ten");
    s.turn = 10;
    s.stage = Stage::Draw;
    let mut ev = Vec::new();
    rules::turn_update(&mut s, &mut dice(&[]), &mut ev);
    assert!(s.result.is_some() && text(&ev).contains("end of turn 10"), "{}", text(&ev));
    let view = super::super::view::view(&s, crate::engine::Viewer::Spectator);
    let shown = <super::super::Suriagehara as crate::engine::Engine>::render(
        &view,
        &crate::engine::RenderContext::new(crate::engine::Lang::En, 100),
    );
    assert!(shown.contains("10/10"), "the status line shows the game's length:\n{shown}");
}

#[test]
fn turns_is_a_creation_option_with_a_range() {
    let game = crate::registry::game("suriagehara").expect("registered");
    let mut rng = Rng::from_seed(b"readings");
    let load = |st: &crate::registry::DynState| -> State { serde_json::from_value(game.state_to_json(st)).unwrap() };
    assert_eq!(load(&game.setup(&serde_json::Value::Null, 2, &mut rng).unwrap()).turns, 8);
    assert_eq!(load(&game.setup(&json!({"turns": 10}), 2, &mut rng).unwrap()).turns, 10);
    for bad in [5, 13] {
        let e = game.setup(&json!({"turns": bad}), 2, &mut rng).expect_err("refused").0;
        assert!(e.en.contains("`turns`") && e.en.contains("6 to 12") && e.en.contains(&bad.to_string()), "{}", e.en);
        assert!(e.ja.contains("6〜12"), "{}", e.ja);
    }
    let mut j = serde_json::to_value(State::new()).unwrap();
    j.as_object_mut().unwrap().remove("turns");
    j.as_object_mut().unwrap().remove("supreme_commander");
    let back: State = serde_json::from_value(j).unwrap();
    assert_eq!(
        (back.turns, back.supreme_commander),
        (8, SupremeCommander::Killed),
        "older states load with the defaults"
    );
}

/// Reading 16, S21 (b) under both readings: the supreme commander's carrier is eliminated by combat
/// and the death roll is a 4.
#[test]
fn s21_supreme_commander_under_both_readings() {
    let base = pos(7, "SG1* 0912, SG2 1011, YO1* 0911, YO2 0909, YO3 0903");
    let mut killed = base.clone();
    combat(&mut killed, "SG", &mut dice(&[]));
    act(&mut killed, Side::Date, "attack 0911 SG1+SG2", &mut dice(&[6, 1, 4])).unwrap();
    assert!(killed.result.is_none(), "he survives the roll and the game goes on");
    assert_eq!(killed.commander_hex(f("YO")), Some(h("0909")));

    let mut removed = base;
    removed.supreme_commander = SupremeCommander::CarrierLost;
    combat(&mut removed, "SG", &mut dice(&[]));
    let ev = act(&mut removed, Side::Date, "attack 0911 SG1+SG2", &mut dice(&[6, 1])).unwrap();
    assert_eq!(removed.result, Some(GameResult::Winner { side: Side::Date, reason: Reason::SupremeRemoved }));
    assert_eq!(removed.stage, Stage::Over);
    assert!(text(&ev).contains("Ashina Yoshihiro loses his carrier"), "{}", text(&ev));
    let outcome = <super::super::Suriagehara as crate::engine::Engine>::outcome(&removed).expect("over");
    assert!(outcome.summary.en.contains("removed by combat"), "{}", outcome.summary.en);
}
