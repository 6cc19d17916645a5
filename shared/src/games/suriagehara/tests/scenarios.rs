//! The acceptance scenarios S1–S40 of spec §10.

use super::*;
use crate::engine::{Engine, Viewer};

use super::super::Suriagehara;
use super::super::data::{MG, SE, Side, TK};
use super::super::hex::Hex;
use super::super::rules::{check_deployment, check_plan, plan_candidates, standard_placements};
use super::super::state::{GameResult, Reason, Wind};

fn plan(text: &str) -> Vec<super::super::action::Attack> {
    match notation::parse(text, &[]).unwrap() {
        Action::Attacks { attacks } => attacks,
        other => panic!("{other:?}"),
    }
}

pub(super) fn standard_position(turn: u8) -> State {
    let mut s = pos(turn, "");
    for side in [Side::Ashina, Side::Date] {
        for p in standard_placements(side) {
            s.units.insert(p.unit, p.hex);
        }
    }
    s
}

// ------------------------------------------------------------------------------------------------------
// Setup, geometry, movement

const SPEC_MAP: &str = "\
01   ~~~~ ~~~~ ~~~~ ~~~~ ~~~~ .... .... /^/^ /^/^ /^/^ .... .... .... /^/^ /^/^ ^^^^ ^^^^ ^^^^
02     ~~~~ ~~~~ ~~~~ ~~~~ .... .... /^/^ ^^^^ yo3  /^/^ .... .... .... .... /^/^ ^^^^ ^^^^ ^^^^
03   ~~~~ ~~~~ ~~~~ .... .... .... /^/^ yo1* yo2  /^/^ .... uz1* uz2  .... /^/^ /^/^ ^^^^ ^^^^
04     ~~~~ ~~~~ ~~~~ .... un1* un2  /^/^ /^/^ /^/^ .... .... .... .... .... .... /^/^ ^^^^ ^^^^
05   ~~~~ ~~~~ ~~~~ .... .... .... .... km1* km2  .... ky1* ky2  .... .... .... /^/^ /^/^ ^^^^
06     ~~~~ ~~~~ .... .... .... .... .... .... .... .... /^/^ /^/^ .... .... .... .... /^/^ ^^^^
07   ~~~~ ~~~~ .... se2  se1* .... tk3  tk1* tk2  .... mg1* mg2  .... .... /^/^ /^/^ ^^^^ ^^^^
08     ~~~~ ~~~~ .... .... .... /^/^ .... .... .... .... .... .... .... /^/^ ^^^^ ^^^^ ^^^^ ^^^^
09   ~~~~ ~~~~ .... .... /^/^ /^/^ .... .... .... .... .... .... .... /^/^ ^^^^ ^^^^ /^/^ ^^^^
10     ~~~~ ~~~~ .... .... .... .... .... /^/^ /^/^ .... .... .... .... .... /^/^ ^^^^ ^^^^ ^^^^
11=  ~~~~ ~~~~ .... .... .... .... .... /^/^ ^^^^ /^/^ .... .... .... .... .... /^/^ ^^^^ ^^^^
12     ~~~~ ~~~~ .... .... .... .... .... /^/^ /^/^ .... .... .... .... .... .... .... /^/^ ^^^^
13   ~~~~ .... .... .... .... .... .... .... .... .... .... /^/^ /^/^ .... .... .... /^/^ ^^^^
14     ~~~~ .... .... /^/^ /^/^ .... .... .... .... .... .... .... .... .... /^/^ /^/^ ^^^^ ^^^^
15   ~~~~ ~~~~ .... /^/^ .... .... .... IN1* IN2  .... HR1* HR2  .... .... .... /^/^ ^^^^ ^^^^
16     ~~~~ ~~~~ .... .... KT3  KT1* KT2  .... .... SG3  SG1* SG2  /^/^ .... /^/^ ^^^^ ^^^^ ^^^^
17   ~~~~ ~~~~ .... .... .... .... .... .... .... .... .... .... OU1* /^/^ /^/^ ^^^^ ^^^^ ^^^^
18     ~~~~ ~~~~ ~~~~ .... KH1* KH2  .... .... /^/^ /^/^ /^/^ .... OU2  /^/^ ^^^^ ^^^^ ^^^^ ^^^^
19   ~~~~ ~~~~ ~~~~ .... .... .... SR1* SR2  MA4  MA1* MA2  /^/^ YS2  /^/^ ^^^^ ^^^^ ^^^^ ^^^^
20     ~~~~ ~~~~ ~~~~ .... .... .... .... .... /^/^ MA3  /^/^ YS1* /^/^ ^^^^ ^^^^ ^^^^ ^^^^ ^^^^
21   ~~~~ ~~~~ ~~~~ .... .... .... .... .... .... /^/^ /^/^ .... /^/^ ^^^^ ^^^^ ^^^^ ^^^^ ^^^^";

#[test]
fn s1_standard_setup_and_the_turn_one_cup() {
    let mut s = State::new();
    let mut roll = dice(&[]);
    let std = Action::Deploy { standard: true, placements: Vec::new() };
    rules::apply(&mut s, Side::Ashina, &std, &mut roll).unwrap();
    // the cup is drawn lazily: nothing happens before Date is in
    assert!(roll.offered.is_empty());
    let view = super::super::view::view(&s, Viewer::Server);
    let map: Vec<String> = super::super::render::region_lines(&view, h("0101"), h("1821"));
    assert!(map.iter().all(|l| !l.contains("IN1")), "Date units are not placed yet");
    rules::apply(&mut s, Side::Date, &std, &mut roll).unwrap();
    assert_eq!(s.turn, 1);
    assert_eq!(s.morale, [10, 10]);
    assert!(s.wind.is_none());
    let mut cup0 = roll.offered[0].clone();
    cup0.sort();
    let mut expect = vec![f("TK"), f("SE"), f("MG"), f("IN")];
    expect.sort();
    assert_eq!(cup0, expect, "cup = {{TK, SE, MG, IN}}, each drawn with probability 1/4");
    for x in super::super::data::fids() {
        let released = expect.contains(&x);
        assert_eq!(s.form(x).status == Status::Released, released, "{}", super::super::data::fdata(x).code);
    }
    // Neither player was asked DP2: the first decision follows the first draw directly.
    assert!(s.step <= 3);
    // The rendered map equals §11.1 (the row-11 and stream annotations aside).
    let mut s0 = standard_position(1);
    s0.stage = Stage::Draw;
    let view = super::super::view::view(&s0, Viewer::Spectator);
    let map = super::super::render::region_lines(&view, h("0101"), h("1821"));
    let rows: Vec<String> = map
        .iter()
        .filter(|l| l.as_bytes().first().is_some_and(u8::is_ascii_digit))
        .map(|l| l.trim_end_matches(" =").to_string())
        .collect();
    let expected: Vec<&str> = SPEC_MAP.lines().collect();
    assert_eq!(rows.len(), 21);
    for (a, b) in rows.iter().zip(expected) {
        assert_eq!(a.trim_end(), b.trim_end());
    }
    assert_eq!(map[0], "     01   02   03   04   05   06   07   08   09   10   11   12   13   14   15   16   17   18");
}

#[test]
fn s2_adjacency_and_distance() {
    let n: Vec<String> = h("0911").neighbours().iter().map(|x| x.to_string()).collect();
    assert_eq!(
        sorted(&n.iter().map(String::as_str).collect::<Vec<_>>()),
        sorted(&["0811", "1011", "0810", "0910", "0812", "0912"])
    );
    let n: Vec<String> = h("0910").neighbours().iter().map(|x| x.to_string()).collect();
    assert_eq!(
        sorted(&n.iter().map(String::as_str).collect::<Vec<_>>()),
        sorted(&["0810", "1010", "0909", "1009", "0911", "1011"])
    );
    assert_eq!(h("0101").neighbours().len(), 2);
    assert_eq!(h("1821").neighbours().len(), 3);
    assert_eq!(h("0807").distance(h("0815")), 8);
    assert_eq!(h("0101").distance(h("1821")), 27);
    assert_eq!(h("0805").distance(h("1105")), 3);
    assert_eq!(h("0815").distance(h("0817")), 2);
    assert_eq!(h("0815").distance(h("0818")), 3);
    assert!(h("1509").is_adjacent(h("1510")) && !super::super::hex::in_contact(h("1509"), h("1510")));
    assert!(super::super::hex::in_contact(h("1409"), h("1410")));
}

#[test]
fn s3_entry_costs() {
    use super::super::data::{entry_cost, terrain};
    let cost = |a: &str, b: &str| entry_cost(terrain(h(a)), terrain(h(b)));
    let path = ["0710", "0810", "0910", "0911", "1011", "1111"];
    let steps: Vec<u32> = path.windows(2).map(|w| cost(w[0], w[1]).unwrap()).collect();
    assert_eq!(steps, vec![2, 1, 2, 1, 1]);
    assert_eq!(steps.iter().sum::<u32>(), 7);
    assert_eq!(cost("0802", "0902"), Some(2));
    assert_eq!(cost("1606", "1707"), Some(2));
    assert_eq!(cost("0801", "0701"), Some(1));
    assert_eq!(cost("0302", "0301"), None);
    // on an empty map, through the engine
    let mut s = pos(7, "KM1* 0710");
    activate(&mut s, "KM", &mut dice(&[]));
    let all = rules::destinations(&s, u("KM1"), 100, false);
    assert_eq!(all[&h("0911")], 4);
    assert_eq!(all[&h("1111")], 5);
    let order = super::super::action::MoveOrder {
        unit: u("KM1"),
        to: h("1111"),
        path: Some(path.iter().map(|x| h(x)).collect()),
    };
    let err = rules::check_order(&s, &order).unwrap_err();
    assert!(err.en.contains("costs 7"), "{}", err.en); // MA 4
    let mut s = pos(7, "KM1* 1410");
    activate(&mut s, "KM", &mut dice(&[]));
    let e = act(&mut s, Side::Ashina, "move KM1 1410-1509", &mut dice(&[])).unwrap_err();
    assert!(e.to_string().contains("water hexside"), "{e}");
}

#[test]
fn s4_rulebook_example_sandstorm_ma() {
    let mut s = pos(1, "TK1* 0907, TK2 0807, TK3 0707");
    s.form_mut(TK).has_moved = false;
    activate(&mut s, "TK", &mut dice(&[]));
    for x in ["TK1", "TK2", "TK3"] {
        assert_eq!(ma(&s, x), 5, "{x}");
        assert!(rules::in_command_now(&s, u(x)));
    }
    let mut probe = s.clone();
    assert!(
        act(&mut probe, Side::Ashina, "move TK1 0906", &mut dice(&[])).unwrap_err().to_string().contains("rearward")
    );
    let mut by_path = s.clone();
    let ev = act(&mut by_path, Side::Ashina, "move TK1 0907-0908-1009-1010-1111-1112", &mut dice(&[])).unwrap();
    assert!(text(&ev).contains("0907>1112 [5/5]"), "{}", text(&ev));
    act(&mut s, Side::Ashina, "move TK1 1112", &mut dice(&[])).unwrap();
    assert_eq!(at(&s, "TK1").unwrap(), "1112");
    act(&mut s, Side::Ashina, "move done", &mut dice(&[])).unwrap();
    assert!(s.form(TK).has_moved);
    assert!(s.activation.is_none() || s.activation.as_ref().unwrap().formation != TK, "combat with O empty ended");
    // turn 2, has_moved
    let mut s = pos(2, "TK1* 0907, TK2 0807, TK3 0707");
    activate(&mut s, "TK", &mut dice(&[]));
    assert_eq!(ma(&s, "TK1"), 4);
    let mut probe = s.clone();
    let e = act(&mut probe, Side::Ashina, "move TK1 1112", &mut dice(&[])).unwrap_err();
    assert!(e.to_string().contains("at least 5"), "{e}");
    let mut probe = s.clone();
    act(&mut probe, Side::Ashina, "move TK1 1111", &mut dice(&[])).unwrap();
    act(&mut s, Side::Ashina, "move TK1 0906", &mut dice(&[])).unwrap();
}

#[test]
fn s5_sandstorm_bonus_for_later_formations_and_out_of_command() {
    // (a)
    let mut s = pos(2, "KM1* 0805, KM2 1105");
    s.form_mut(f("KM")).has_moved = false;
    activate(&mut s, "KM", &mut dice(&[]));
    assert_eq!(ma(&s, "KM1"), 5);
    assert_eq!(ma(&s, "KM2"), 1);
    assert_eq!(dests(&s, "KM2"), sorted(&["1005", "1006"]));
    // (c) the next KM move, turn 3, after (a) moved
    act(&mut s, Side::Ashina, "move KM1 0806; move done", &mut dice(&[])).unwrap();
    assert!(s.form(f("KM")).has_moved);
    s.turn = 3;
    s.activation = None;
    s.units.clear();
    s.units.insert(u("KM1"), h("0805"));
    s.units.insert(u("KM2"), h("1105"));
    activate(&mut s, "KM", &mut dice(&[]));
    assert_eq!(ma(&s, "KM1"), 4);
    // (b) the same first move in turn 3
    let mut s = pos(3, "KM1* 0805, KM2 1105");
    s.form_mut(f("KM")).has_moved = false;
    activate(&mut s, "KM", &mut dice(&[]));
    assert_eq!(ma(&s, "KM1"), 5);
    // (d) UZ first move in turn 4
    let mut s = pos(4, "UZ1* 1203, UZ2 1303");
    s.form_mut(f("UZ")).has_moved = false;
    activate(&mut s, "UZ", &mut dice(&[]));
    assert_eq!(ma(&s, "UZ1"), 2);
    // (e) SE first moves in turn 3
    let mut s = pos(3, "SE1* 0507, SE2 0407");
    s.form_mut(SE).has_moved = false;
    activate(&mut s, "SE", &mut dice(&[]));
    assert_eq!(ma(&s, "SE1"), 4);
}

#[test]
fn s6_command_range() {
    let mut s = pos(7, "IN1* 0815, IN2 0817");
    activate(&mut s, "IN", &mut dice(&[]));
    assert_eq!(ma(&s, "IN2"), 3);
    let mut s = pos(7, "IN1* 0815, IN2 0818");
    activate(&mut s, "IN", &mut dice(&[]));
    assert_eq!(ma(&s, "IN2"), 1);
    let mut s = pos(7, "IN1* 0815, IN2 0817, TK3 0816");
    let ev = activate(&mut s, "IN", &mut dice(&[]));
    assert!(rules::in_command_now(&s, u("IN2")));
    assert!(text(&ev).contains("units that must fight: IN1 IN2"), "{}", text(&ev));
    assert_eq!(s.stage, Stage::Plan, "both are locked, so the segment goes straight to combat");
    let ev = act(&mut s, Side::Date, "attack 0816 IN1+IN2", &mut dice(&[1, 6])).unwrap();
    assert!(text(&ev).contains("IN1*+IN2 3+1=4"), "{}", text(&ev));
}

#[test]
fn s7_stop_on_contact_and_locked_units() {
    let mut s = pos(3, "KM1* 1108, SG2 1112");
    activate(&mut s, "KM", &mut dice(&[]));
    assert_eq!(ma(&s, "KM1"), 4);
    let d = rules::destinations(&s, u("KM1"), 4, false);
    assert_eq!(d[&h("1111")], 3);
    assert_eq!(d[&h("1211")], 3);
    assert_eq!(d[&h("1212")], 4);
    assert_eq!(d[&h("1010")], 2);
    assert_eq!(d[&h("1011")], 4);
    let e = act(&mut s.clone(), Side::Ashina, "move KM1 1108-1109-1110-1111-1011", &mut dice(&[])).unwrap_err();
    assert!(e.to_string().contains("must end there"), "{e}");
    // next activation, KM1 on 1111
    let mut s = pos(3, "KM1* 1111, SG2 1112");
    let mut ev = Vec::new();
    rules::begin_activation(&mut s, f("KM"), f("KM"), Kind::Both, &mut ev);
    let seg = s.activation.as_ref().unwrap();
    match &seg.segment {
        Some(Segment::Combat(c)) => {
            assert_eq!(c.obliged, vec![u("KM1")]);
            assert_eq!(c.plan, plan("attack 1112 KM1"));
        }
        other => panic!("KM1 is locked, so combat follows at once: {other:?}"),
    }
}

#[test]
fn s8_first_move_restriction_and_friendly_blocking() {
    let mut s = standard_position(1);
    s.form_mut(f("IN")).has_moved = false;
    activate(&mut s, "IN", &mut dice(&[]));
    assert_eq!(ma(&s, "IN1"), 3);
    assert_eq!(
        dests(&s, "IN1"),
        sorted(&[
            "0515", "0612", "0613", "0614", "0615", "0712", "0713", "0714", "0715", "0813", "0814", "0913", "0914",
            "1013", "1014", "1015"
        ])
    );
    assert!(
        act(&mut s.clone(), Side::Date, "move IN1 0816", &mut dice(&[])).unwrap_err().to_string().contains("rearward")
    );
    assert!(
        act(&mut s.clone(), Side::Date, "move IN1 0915", &mut dice(&[])).unwrap_err().to_string().contains("friendly")
    );
    act(&mut s, Side::Date, "move IN1 0814; move done", &mut dice(&[])).unwrap();
    assert!(s.form(f("IN")).has_moved);
    // turn 2: rows 16+ allowed
    s.turn = 2;
    s.activation = None;
    activate(&mut s, "IN", &mut dice(&[]));
    act(&mut s, Side::Date, "move IN2 0916", &mut dice(&[])).unwrap();
}

#[test]
fn s9_commander_bound_to_his_carrier() {
    let mut s = pos(3, "KM1* 0805, KM2 0905");
    activate(&mut s, "KM", &mut dice(&[]));
    assert!(act(&mut s.clone(), Side::Ashina, "move KM1 0905", &mut dice(&[])).is_err());
    act(&mut s, Side::Ashina, "move KM1 0906", &mut dice(&[])).unwrap();
    assert_eq!(s.commander_hex(f("KM")), Some(h("0906")));
}

#[test]
fn s10_water_hexside_stream() {
    let mut s = pos(7, "YS1* 1510, MG1* 1509");
    activate(&mut s, "YS", &mut dice(&[]));
    assert_eq!(s.stage, Stage::Move, "not in contact: a Movement Segment, not forced combat");
    let d = rules::destinations(&s, u("YS1"), 3, false);
    assert_eq!(d.get(&h("1410")), Some(&1));
    assert_eq!(d.get(&h("1409")), Some(&3));
    assert_eq!(d.get(&h("1610")), Some(&2));
    assert!(!d.contains_key(&h("1509")));
    assert!(!d.contains_key(&h("1609")));
    act(&mut s, Side::Date, "move YS1 1409", &mut dice(&[])).unwrap();
    assert!(s.activation.is_none() || s.activation.as_ref().unwrap().formation != f("YS"), "no combat follows");
}

#[test]
fn s11_move_or_combat_activation() {
    let mut s = pos(7, "OU1* 1313, OU2 1414, MG1* 1312");
    let ev = activate(&mut s, "OU", &mut dice(&[1, 1]));
    let t = text(&ev);
    assert!(t.contains("Combat Segment only"), "{t}");
    assert!(t.contains("only one valid plan: attack 1312 OU1"), "{t}");
    assert!(t.contains("OU1* 3+0=3") && t.contains("MG1* 2 d1"), "{t}");
    assert_eq!(at(&s, "OU2").unwrap(), "1414", "OU2 may not move");
    // (b)
    let mut s = pos(7, "OU1* 1313, OU2 1414, MG1* 1311");
    activate(&mut s, "OU", &mut dice(&[]));
    assert_eq!(s.stage, Stage::Move);
    let ev = act(&mut s, Side::Date, "move OU1 1312", &mut dice(&[])).unwrap();
    assert!(text(&ev).contains("[1/3] (contact, stop)"), "{}", text(&ev));
    act(&mut s, Side::Date, "move done", &mut dice(&[])).unwrap();
    assert!(!text(&ev).contains("attack"));
    assert_eq!(at(&s, "MG1").unwrap(), "1311");
}

// ------------------------------------------------------------------------------------------------------
// Combat

#[test]
fn s12_basic_combat_attacker_retreats() {
    let mut s = pos(2, "TK1* 0612, TK2 0712, IN1* 0613, IN2 0917");
    let ev = combat(&mut s, "TK", &mut dice(&[2, 4]));
    assert!(text(&ev).contains("TK1* 4+0=4 d2 =6  vs IN1* 3 d4 =7  diff 1 => attacker retreats"), "{}", text(&ev));
    assert_eq!(s.stage, Stage::Retreat);
    assert_eq!(rules::decider(&s), Some(Side::Ashina));
    assert_eq!(retreats(&s), sorted(&["TK1 0611", "TK1 0711", "TK1 0712"]));
    act(&mut s, Side::Ashina, "retreat TK1 0611", &mut dice(&[])).unwrap();
    assert_eq!(at(&s, "TK1").unwrap(), "0611");
    assert_eq!(s.commander_hex(TK), Some(h("0611")));
    assert_eq!(at(&s, "IN1").unwrap(), "0613");
    assert_eq!(s.morale, [10, 10]);
}

#[test]
fn s13_combined_attack_defender_eliminated_advance() {
    let mut s = pos(2, "TK1* 0612, TK2 0713, TK3 0512, IN2 0613, IN1* 0715");
    combat(&mut s, "TK", &mut dice(&[]));
    assert_eq!(s.stage, Stage::Plan);
    let plans = plan_candidates(&s);
    assert_eq!(plans.len(), 3);
    for p in &plans {
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].target, h("0613"));
        assert_eq!(p[0].support.len(), 2);
    }
    let ev = act(&mut s, Side::Ashina, "attack 0613 TK1+TK2+TK3", &mut dice(&[5, 2])).unwrap();
    let t = text(&ev);
    assert!(t.contains("4+2=6 d5 =11  vs IN2 3 d2 =5  diff 6 => defender eliminated"), "{t}");
    assert!(!t.contains("death check"));
    assert_eq!(s.morale, [10, 9]);
    assert_eq!(at(&s, "TK1").unwrap(), "0613");
    assert_eq!(s.commander_hex(TK), Some(h("0613")));
    assert_eq!(at(&s, "TK2").unwrap(), "0713");
    assert_eq!(at(&s, "TK3").unwrap(), "0512");
}

#[test]
fn s14_draw_and_defender_retreat_with_advance() {
    let base = pos(2, "TK1* 0612, TK2 0713, TK3 0512, IN2 0613, IN1* 0715");
    let mut s = base.clone();
    combat(&mut s, "TK", &mut dice(&[]));
    let ev = act(&mut s, Side::Ashina, "attack 0613 TK1+TK2+TK3", &mut dice(&[1, 4])).unwrap();
    assert!(text(&ev).contains("diff 0 => draw"));
    assert_eq!(at(&s, "IN2").unwrap(), "0613");
    assert_eq!(at(&s, "TK1").unwrap(), "0612");
    // 0613 cannot be attacked twice in one plan
    let mut s = base.clone();
    combat(&mut s, "TK", &mut dice(&[]));
    assert!(check_plan(&s, &plan("attack 0613 TK1+TK2; attack 0613 TK3")).unwrap_err().en.contains("P2"));
    // (b)
    let mut s = base;
    combat(&mut s, "TK", &mut dice(&[]));
    let ev = act(&mut s, Side::Ashina, "attack 0613 TK1+TK2+TK3", &mut dice(&[2, 3])).unwrap();
    assert!(text(&ev).contains("retreat IN2 0613>0514"), "{}", text(&ev));
    assert_eq!(at(&s, "TK1").unwrap(), "0613");
    assert_eq!(at(&s, "TK2").unwrap(), "0713");
}

#[test]
fn s15_combined_attack_loses_retreat_order_matters() {
    let mut s = pos(2, "TK1* 0612, TK2 0713, TK3 0512, IN2 0613, IN1* 0715");
    combat(&mut s, "TK", &mut dice(&[]));
    act(&mut s, Side::Ashina, "attack 0613 TK1+TK2+TK3", &mut dice(&[1, 6])).unwrap();
    assert_eq!(s.stage, Stage::Retreat);
    assert_eq!(
        retreats(&s),
        sorted(&["TK1 0611", "TK1 0711", "TK1 0712", "TK2 0712", "TK2 0813", "TK3 0412", "TK3 0511", "TK3 0611"])
    );
    let ev = act(&mut s, Side::Ashina, "retreat TK1 0712", &mut dice(&[])).unwrap();
    assert!(text(&ev).contains("retreat TK2 0713>0813"), "{}", text(&ev));
    assert_eq!(retreats(&s), sorted(&["TK3 0412", "TK3 0511", "TK3 0611"]));
    act(&mut s, Side::Ashina, "retreat TK3 0511", &mut dice(&[])).unwrap();
    assert_eq!(at(&s, "TK3").unwrap(), "0511");
    assert_eq!(at(&s, "IN2").unwrap(), "0613", "Date does not advance");
}

#[test]
fn s16_combined_attack_loses_by_four_death_check_and_tie() {
    let base = pos(2, "TK1* 0612, TK2 0713, TK3 0610, SG1* 0613");
    let mut s = base.clone();
    combat(&mut s, "TK", &mut dice(&[]));
    assert_eq!(
        s.activation.as_ref().map(|a| match &a.segment {
            Some(Segment::Combat(c)) => c.obliged.clone(),
            _ => vec![],
        }),
        Some(vec![u("TK1"), u("TK2")])
    );
    // (a) death roll 6
    let mut a = s.clone();
    let ev = act(&mut a, Side::Ashina, "attack 0613 TK1+TK2", &mut dice(&[1, 6, 6])).unwrap();
    assert!(text(&ev).contains("5 d1 =6  vs SG1* 4 d6 =10  diff 4"), "{}", text(&ev));
    assert_eq!(a.morale[0], 8);
    assert_eq!(a.form(TK).commander, Commander::Killed);
    assert_eq!(retreats(&a), sorted(&["TK2 0712", "TK2 0714", "TK2 0813"]));
    act(&mut a, Side::Ashina, "retreat TK2 0714", &mut dice(&[])).unwrap();
    assert_eq!(a.form(TK).commander, Commander::Killed, "no re-placement");
    // (b) death roll 3, TK2 to 0714: tie
    let mut b = s.clone();
    act(&mut b, Side::Ashina, "attack 0613 TK1+TK2", &mut dice(&[1, 6, 3])).unwrap();
    assert_eq!(b.morale[0], 9);
    act(&mut b, Side::Ashina, "retreat TK2 0714", &mut dice(&[])).unwrap();
    assert_eq!(b.stage, Stage::Replace);
    let (fid, cands) = rules::replace_candidates(&b).unwrap();
    assert_eq!(fid, TK);
    assert_eq!(cands, vec![u("TK2"), u("TK3")]);
    act(&mut b, Side::Ashina, "replace TK TK3", &mut dice(&[])).unwrap();
    assert_eq!(b.commander_hex(TK), Some(h("0610")));
    assert_eq!(at(&b, "SG1").unwrap(), "0613", "no advance");
    // (b) TK2 to 0712: automatic
    let mut c = s;
    act(&mut c, Side::Ashina, "attack 0613 TK1+TK2", &mut dice(&[1, 6, 3])).unwrap();
    let ev = act(&mut c, Side::Ashina, "retreat TK2 0712", &mut dice(&[])).unwrap();
    assert!(text(&ev).contains("re-placed on TK2"), "{}", text(&ev));
    assert_eq!(c.commander_hex(TK), Some(h("0712")));
}

#[test]
fn s17_lakeshore_trap_no_retreat_possible() {
    for (roll, killed) in [(5u8, true), (4, false)] {
        let mut s = pos(7, "KT1* 0408, KT2 0407, SE1* 0307, SE2 0605");
        let ev = combat(&mut s, "KT", &mut dice(&[4, 2, roll]));
        let t = text(&ev);
        assert!(t.contains("only one valid plan: attack 0307 KT2"), "{t}");
        assert!(t.contains("KT2 3+0=3 d4 =7  vs SE1* 3 d2 =5"), "{t}");
        assert!(t.contains("SE1 cannot retreat"), "{t}");
        assert!(t.contains("killed on 5-6"), "{t}");
        if killed {
            assert_eq!(s.morale[0], 8);
            assert_eq!(s.form(SE).commander, Commander::Killed);
        } else {
            assert_eq!(s.morale[0], 9);
            assert_eq!(s.commander_hex(SE), Some(h("0605")));
        }
        assert_eq!(at(&s, "KT2").unwrap(), "0307");
    }
}

#[test]
fn s18_chain_retreat_with_loop_prevention() {
    let mut s = pos(3, "HR1* 1110, KM2 1109, KM1* 1108, KY1* 1009, KY2 1008");
    let ev = combat(&mut s, "HR", &mut dice(&[6, 3]));
    assert!(text(&ev).contains("HR1* 3+0=3 d6 =9  vs KM2 4 d3 =7  diff 2"), "{}", text(&ev));
    assert_eq!(rules::decider(&s), Some(Side::Ashina));
    assert_eq!(retreats(&s), sorted(&["KM2 1008", "KM2 1009", "KM2 1108"]));
    act(&mut s, Side::Ashina, "retreat KM2 1108", &mut dice(&[])).unwrap();
    assert_eq!(retreats(&s), sorted(&["KM1 1008", "KM1 1107", "KM1 1207", "KM1 1208"]));
    act(&mut s, Side::Ashina, "retreat KM1 1008", &mut dice(&[])).unwrap();
    assert_eq!(retreats(&s), sorted(&["KY2 0908", "KY2 1007", "KY2 1009", "KY2 1107"]));
    act(&mut s, Side::Ashina, "retreat KY2 1007", &mut dice(&[])).unwrap();
    assert_eq!(at(&s, "KM2").unwrap(), "1108");
    assert_eq!(at(&s, "KM1").unwrap(), "1008");
    assert_eq!(s.commander_hex(f("KM")), Some(h("1008")));
    assert_eq!(at(&s, "KY2").unwrap(), "1007");
    assert_eq!(at(&s, "KY1").unwrap(), "1009");
    assert_eq!(at(&s, "HR1").unwrap(), "1109");
    assert_eq!(s.morale, [10, 10]);
}

#[test]
fn s19_forced_chain_into_a_trapped_unit() {
    for (roll, killed) in [(6u8, true), (1, false)] {
        let mut s = pos(7, "KT1* 0408, KH1* 0405, UN2 0407, UN1* 0307");
        let ev = combat(&mut s, "KT", &mut dice(&[3, 2, roll]));
        let t = text(&ev);
        assert!(t.contains("KT1* 3+0=3 d3 =6  vs UN2 2 d2 =4  diff 2"), "{t}");
        assert!(t.contains("retreat UN2 0407>0307 (displaces UN1"), "{t}");
        assert!(t.contains("UN1 cannot retreat"), "{t}");
        assert_eq!(at(&s, "UN1"), None);
        if killed {
            assert_eq!(s.morale[0], 8);
            assert_eq!(s.form(f("UN")).commander, Commander::Killed);
        } else {
            assert_eq!(s.morale[0], 9);
            assert_eq!(s.commander_hex(f("UN")), Some(h("0307")));
        }
        assert_eq!(at(&s, "KT1").unwrap(), "0407");
    }
}

#[test]
fn s20_last_retainer_commander_dies_though_he_passes() {
    let mut s = pos(7, "KT1* 0408, KT2 0407, SE1* 0307");
    s.form_mut(SE).chit = Chit::Cup;
    let ev = combat(&mut s, "KT", &mut dice(&[6, 1, 2]));
    let t = text(&ev);
    assert!(t.contains("die 2 -> survives"), "{t}");
    assert!(t.contains("no retainer left"), "{t}");
    assert_eq!(s.morale[0], 8);
    assert_eq!(s.form(SE).commander, Commander::Killed);
    assert_eq!(s.form(SE).status, Status::Destroyed);
    assert_eq!(s.form(SE).chit, Chit::Removed);
    assert_eq!(at(&s, "KT2").unwrap(), "0307");
}

#[test]
fn s21_supreme_commander() {
    let base = pos(7, "SG1* 0912, SG2 1011, YO1* 0911, YO2 0909, YO3 0903");
    // (a)
    let mut s = base.clone();
    combat(&mut s, "SG", &mut dice(&[]));
    let ev = act(&mut s, Side::Date, "attack 0911 SG1+SG2", &mut dice(&[6, 1, 6])).unwrap();
    assert!(text(&ev).contains("4+1=5 d6 =11  vs YO1* 3 d1 =4  diff 7"), "{}", text(&ev));
    assert_eq!(s.result, Some(GameResult::Winner { side: Side::Date, reason: Reason::SupremeKilled }));
    assert_eq!(s.stage, Stage::Over);
    assert_eq!(at(&s, "SG1").unwrap(), "0912", "no advance");
    assert!(super::super::game::pending(&s).is_empty());
    // (b)
    let mut s = base;
    combat(&mut s, "SG", &mut dice(&[]));
    act(&mut s, Side::Date, "attack 0911 SG1+SG2", &mut dice(&[6, 1, 4])).unwrap();
    assert_eq!(s.morale[0], 9);
    assert_eq!(s.commander_hex(f("YO")), Some(h("0909")));
    assert_eq!(at(&s, "SG1").unwrap(), "0911");
    assert!(s.result.is_none());
}

#[test]
fn s22_obligation_and_the_out_of_command_exemption() {
    let mut s = pos(3, "KT1* 0815, KT2 0914, KT3 1113, TK2 1013");
    let fid = f("KT");
    s.activation = Some(Activation { chit: fid, formation: fid, kind: Kind::Both, segment: None });
    let mut ev = Vec::new();
    rules::begin_combat(&mut s, &mut ev);
    assert!(check_plan(&s, &plan("attack 1013 KT2")).is_ok());
    assert!(check_plan(&s, &plan("attack 1013 KT3")).unwrap_err().en.contains("KT2"));
    assert!(check_plan(&s, &plan("attack 1013 KT2+KT3")).unwrap_err().en.contains("P4"));
    assert!(check_plan(&s, &plan("attack 1013 KT3+KT2")).unwrap_err().en.contains("P4"));
    assert!(check_plan(&s, &[]).unwrap_err().en.contains("P5"));
    assert_eq!(plan_candidates(&s), vec![plan("attack 1013 KT2")]);
    assert_eq!(s.stage, Stage::Resolve, "exactly one valid plan: applied without asking");
}

#[test]
fn s23_plan_constraints() {
    let mut s = pos(7, "SG1* 1114, SG2 1214, HR1* 1113, MG1* 1213, MG2 1313");
    combat(&mut s, "SG", &mut dice(&[]));
    assert_eq!(s.stage, Stage::Plan);
    assert!(check_plan(&s, &plan("attack 1213 SG1; attack 1213 SG2")).unwrap_err().en.contains("P2"));
    assert!(check_plan(&s, &plan("attack 1213 SG1+HR1")).unwrap_err().en.contains("P1"));
    assert!(check_plan(&s, &plan("attack 1313 SG2")).unwrap_err().en.contains("P5"));
    assert!(check_plan(&s, &plan("attack 1213 SG1+SG2")).is_ok());
    assert!(check_plan(&s, &plan("attack 1213 SG1; attack 1313 SG2")).is_ok());
}

#[test]
fn s24_retreat_restrictions_count_every_enemy() {
    let mut s = pos(7, "HR1* 1110, KH1* 1007, KM2 1109, KM1* 0805");
    s.form_mut(f("KH")).status = Status::Released;
    let ev = combat(&mut s, "HR", &mut dice(&[3, 4]));
    assert!(text(&ev).contains("vs KM2 1 d4 =5  diff 1"), "{}", text(&ev));
    assert_eq!(retreats(&s), sorted(&["KM2 1009", "KM2 1108"]));
    act(&mut s, Side::Ashina, "retreat KM2 1108", &mut dice(&[])).unwrap();
    assert_eq!(at(&s, "HR1").unwrap(), "1109");
}

#[test]
fn s25_retreat_next_to_an_enemy_across_the_stream_is_allowed() {
    let mut s = pos(7, "YS1* 1309, SR1* 1510, MG1* 1409");
    let ev = activate(&mut s, "YS", &mut dice(&[5, 4]));
    assert!(text(&ev).contains("YS1* 3+0=3 d5 =8  vs MG1* 2 d4 =6  diff 2"), "{}", text(&ev));
    assert_eq!(retreats(&s), sorted(&["MG1 1408", "MG1 1509"]));
    act(&mut s, Side::Ashina, "retreat MG1 1509", &mut dice(&[])).unwrap();
    assert_eq!(at(&s, "YS1").unwrap(), "1409");
}

#[test]
fn s26_out_of_command_defender() {
    let mut s = pos(2, "TK1* 0612, TK2 0512, IN2 0613, IN1* 0815");
    combat(&mut s, "TK", &mut dice(&[]));
    let ev = act(&mut s, Side::Ashina, "attack 0613 TK1+TK2", &mut dice(&[1, 6])).unwrap();
    assert!(text(&ev).contains("4+1=5 d1 =6  vs IN2 1 d6 =7  diff 1 => attacker retreats"), "{}", text(&ev));
    assert_eq!(s.stage, Stage::Retreat);
    assert_eq!(rules::decider(&s), Some(Side::Ashina));
    while s.stage == Stage::Retreat {
        let (unit, hx) = rules::retreat_choices(&s)[0];
        rules::apply(&mut s, Side::Ashina, &Action::Retreat { unit, to: hx }, &mut dice(&[])).unwrap();
    }
    assert_eq!(at(&s, "IN2").unwrap(), "0613");
}

#[test]
fn s27_attacker_command_snapshot() {
    let mut s = pos(3, "KM1* 1010, KM2 1211, HR1* 0910, HR2 1212");
    combat(&mut s, "KM", &mut dice(&[]));
    let ev = act(&mut s, Side::Ashina, "attack 0910 KM1; attack 1212 KM2", &mut dice(&[1, 6, 6, 3, 3])).unwrap();
    let t = text(&ev);
    assert!(t.contains("KM1* 4+0=4 d1 =5  vs HR1* 3 d6 =9  diff 4"), "{t}");
    assert!(t.contains("KM2 4+0=4 d3 =7  vs HR2 1 d3 =4  diff 3"), "{t}");
    assert_eq!(s.morale[0], 8);
    assert_eq!(s.form(f("KM")).commander, Commander::Killed);
    if s.stage == Stage::Retreat {
        let (unit, hx) = rules::retreat_choices(&s)[0];
        rules::apply(&mut s, Side::Date, &Action::Retreat { unit, to: hx }, &mut dice(&[])).unwrap();
    }
    assert_eq!(at(&s, "KM2").unwrap(), "1212");
    // KM is leaderless from its next segment on
    s.activation = None;
    s.units.retain(|x, _| x.f == f("KM"));
    activate(&mut s, "KM", &mut dice(&[]));
    assert_eq!(ma(&s, "KM2"), 1);
}

// ------------------------------------------------------------------------------------------------------
// Special rules, activation, victory

fn s28_position() -> State {
    let mut s = pos(2, "TK1* 0907, TK2 0807, TK3 0707, SE1* 0507, SE2 0407, MG1* 1107, MG2 1207, IN1* 0815, IN2 0915");
    for p in standard_placements(Side::Ashina).into_iter().chain(standard_placements(Side::Date)) {
        if ["KM", "KY", "SG", "KT", "HR"].contains(&super::super::data::fdata(p.unit.f).code) {
            s.units.insert(p.unit, p.hex);
        }
    }
    s
}

#[test]
fn s28_takazane_substitution() {
    let mut s = s28_position();
    let mut roll = script(&[], &["TK", "SE"]);
    let mut ev = Vec::new();
    rules::action_start(&mut s, &mut roll, &mut ev);
    assert_eq!(s.stage, Stage::ChitSelect);
    act(&mut s, Side::Ashina, "cup TK SE", &mut roll).unwrap();
    act(&mut s, Side::Date, "cup IN", &mut roll).unwrap();
    let mut cup = roll.offered[0].clone();
    cup.sort();
    let mut expect: Vec<Fid> = ["KM", "KY", "TK", "SE", "SG", "KT", "HR", "IN"].iter().map(|c| f(c)).collect();
    expect.sort();
    assert_eq!(cup, expect);
    assert_eq!(s.activation.as_ref().unwrap().formation, TK);
    assert_eq!(ma(&s, "TK1"), 4);
    act(&mut s, Side::Ashina, "move TK1 1111; move done", &mut roll).unwrap();
    assert_eq!(s.stage, Stage::Substitution { chit: SE });
    let ev = act(&mut s, Side::Ashina, "sub tk", &mut roll).unwrap();
    assert!(text(&ev).contains("TK Movement Segment"), "{}", text(&ev));
    assert_eq!(s.activation.as_ref().unwrap().formation, TK);
    assert_eq!(s.activation.as_ref().unwrap().chit, SE);
    assert_eq!(ma(&s, "TK1"), 4);
    act(&mut s, Side::Ashina, "move TK1 1112", &mut roll).unwrap();
    assert_eq!(at(&s, "TK1").unwrap(), "1112");
    assert_eq!(s.form(SE).chit, Chit::Used);
    // (a) turn 4: no DP3; (b) Takazane killed: none; (d) TK's chit withheld: still offered
    let mut t = s28_position();
    t.turn = 4;
    assert!(!rules::substitution_possible(&t, SE));
    t.turn = 3;
    assert!(rules::substitution_possible(&t, MG));
    t.form_mut(TK).chit = Chit::Pool;
    assert!(rules::substitution_possible(&t, MG));
    t.form_mut(TK).commander = Commander::Killed;
    assert!(!rules::substitution_possible(&t, MG));
    // (c) a TK unit in contact: Combat Segment only
    let mut c = pos(2, "TK1* 0612, TK2 0712, IN1* 0613, SE1* 0507, SE2 0407");
    c.form_mut(SE).chit = Chit::Cup;
    let mut roll = script(&[1, 2], &["SE"]);
    let mut ev = Vec::new();
    rules::run(&mut c, &mut roll, &mut ev);
    assert_eq!(c.stage, Stage::Substitution { chit: SE });
    let ev = act(&mut c, Side::Ashina, "sub tk", &mut roll).unwrap();
    assert!(text(&ev).contains("TK: a unit is in contact, so Combat Segment only"), "{}", text(&ev));
}

#[test]
fn s29_reverse_wind() {
    let mut s = pos(4, "KM1* 1210, SG2 1211, SG1* 1312, SG3 1716, YO1* 0510, YO2 0704, MA2 0511, MA1* 0512");
    s.wind = Some([Wind::Reverse, Wind::Calm, Wind::Calm]);
    for c in ["KM", "SG", "YO", "MA"] {
        s.form_mut(f(c)).chit = Chit::Cup;
    }
    let mut roll = script(&[1, 1, 1, 2, 3, 1, 1, 3], &["KM", "SG", "YO", "MA"]);
    let mut ev = Vec::new();
    rules::run(&mut s, &mut roll, &mut ev);
    let t = text(&ev);
    assert!(t.contains("vs SG2 4 d1"), "{t}");
    assert!(!t.contains("W4 revealed") || t.find("W4 revealed") > t.find("draw SG"), "{t}");
    assert!(t.contains("W4 revealed: reverse wind"), "{t}");
    assert!(s.reverse_wind);
    assert_eq!(s.activation.as_ref().unwrap().formation, f("SG"));
    assert_eq!(ma(&s, "SG1"), 5);
    assert_eq!(ma(&s, "SG3"), 1);
    let ev = act(&mut s, Side::Date, "move done", &mut roll).unwrap();
    let t = text(&ev);
    assert!(t.contains("SG2 5+0=5"), "{t}");
    assert_eq!(s.activation.as_ref().unwrap().formation, f("YO"));
    let ev2 = act(&mut s, Side::Ashina, "move done", &mut roll).unwrap();
    let t2 = text(&ev2);
    assert!(t2.contains("vs MA2 5 d1"), "{t2}");
    assert!(!t2.contains("revealed"), "{t2}");
    assert_eq!(s.activation.as_ref().unwrap().formation, f("MA"));
    assert_eq!(ma(&s, "MA1"), 5);
    act(&mut s, Side::Date, "move done", &mut roll).unwrap();
    // turn update: reverse wind over; turn 5 asks for chits
    assert_eq!(s.turn, 5);
    assert!(!s.reverse_wind);
    assert_eq!(s.stage, Stage::ChitSelect);
    let mut roll = script(&[], &["SG"]);
    act(&mut s, Side::Ashina, "cup none", &mut roll).unwrap();
    let ev = act(&mut s, Side::Date, "cup SG", &mut roll).unwrap();
    assert!(text(&ev).contains("W5 revealed: calm"), "{}", text(&ev));
    assert_eq!(ma(&s, "SG1"), 4);
}

#[test]
fn s30_wind_marker_with_no_date_chit_drawn() {
    let mut s = pos(5, "KM1* 0805, SG1* 1116");
    s.wind = Some([Wind::Calm, Wind::Reverse, Wind::Calm]);
    s.wind_revealed = [true, false, false];
    let mut roll = dice(&[]);
    let mut ev = Vec::new();
    rules::action_start(&mut s, &mut roll, &mut ev);
    act(&mut s, Side::Ashina, "cup none", &mut roll).unwrap();
    let ev = act(&mut s, Side::Date, "cup none", &mut roll).unwrap();
    assert!(text(&ev).contains("W5 revealed at the turn update: reverse wind, no effect"), "{}", text(&ev));
    assert!(s.wind_revealed[1]);
    assert!(!s.reverse_wind);
    assert_eq!(s.turn, 6);
}

#[test]
fn s31_early_release_by_movement() {
    let mut s = pos(1, "TK1* 0613, KT1* 0616, KT2 0716, KT3 0516, IN1* 0915, IN2 1015");
    s.form_mut(TK).has_moved = false;
    s.form_mut(f("KT")).status = Status::Unreleased;
    s.form_mut(f("KT")).chit = Chit::Off;
    for c in ["SE", "MG", "IN"] {
        s.form_mut(f(c)).chit = Chit::Cup;
        s.form_mut(f(c)).status = Status::Released;
    }
    let mut roll = script(&[1, 2], &[]);
    activate(&mut s, "TK", &mut roll);
    assert_eq!(ma(&s, "TK1"), 5);
    let ev = act(&mut s, Side::Ashina, "move TK1 0615", &mut roll).unwrap();
    assert!(text(&ev).contains("[2/5]"), "{}", text(&ev));
    assert_eq!(s.pending_release, vec![f("KT")]);
    assert_eq!(s.stage, Stage::Plan);
    assert_eq!(plan_candidates(&s).len(), 2);
    act(&mut s, Side::Ashina, "attack 0616 TK1", &mut roll).unwrap();
    assert_eq!(s.form(f("KT")).status, Status::Released);
    let mut cup = roll.offered[0].clone();
    cup.sort();
    let mut expect = vec![f("SE"), f("MG"), f("IN"), f("KT")];
    expect.sort();
    assert_eq!(cup, expect);
}

#[test]
fn s32_early_release_by_advance_after_combat() {
    let mut s = pos(1, "TK1* 0613, IN2 0614, IN1* 0815, KT1* 0615");
    s.form_mut(f("KT")).status = Status::Unreleased;
    s.form_mut(f("KT")).chit = Chit::Off;
    let mut roll = dice(&[6, 1, 1, 1]);
    let ev = combat(&mut s, "TK", &mut roll);
    let t = text(&ev);
    assert!(t.contains("TK1* 4+0=4 d6 =10  vs IN2 3 d1 =4  diff 6"), "{t}");
    assert_eq!(s.morale[1], 9);
    assert_eq!(at(&s, "TK1").unwrap(), "0614");
    assert!(t.contains("KT is released"), "{t}");
    assert_eq!(s.form(f("KT")).status, Status::Released);
    assert_eq!(roll.offered[0], vec![f("KT")]);
}

#[test]
fn s33_release_when_the_cup_is_empty() {
    let mut s = pos(1, "TK1* 1113, HR1* 1115, HR2 1215");
    s.form_mut(f("HR")).status = Status::Unreleased;
    s.form_mut(f("HR")).chit = Chit::Off;
    s.form_mut(f("HR")).has_moved = false;
    let mut roll = dice(&[1, 2]);
    activate(&mut s, "TK", &mut roll);
    act(&mut s, Side::Ashina, "move TK1 1014; move done", &mut roll).unwrap();
    assert_eq!(roll.offered, vec![vec![f("HR")]], "HR is drawn next with probability 1");
    let a = s.activation.as_ref().unwrap();
    assert_eq!(a.formation, f("HR"));
    assert_eq!(a.kind, Kind::Both);
    assert_eq!(ma(&s, "HR2"), 3);
    match &a.segment {
        Some(Segment::Move(m)) => assert!(m.first_move),
        _ => panic!(),
    }
    assert!(
        act(&mut s.clone(), Side::Date, "move HR2 1216", &mut dice(&[])).unwrap_err().to_string().contains("rearward")
    );
}

#[test]
fn s34_chit_selection() {
    use crate::engine::Space;
    let mut s = standard_position(3);
    for c in ["TK", "SE", "MG", "KM", "KY", "IN", "SG", "KT", "HR"] {
        s.form_mut(f(c)).status = Status::Released;
    }
    for c in ["YO", "MA", "OU", "KH", "UZ", "UN", "SR", "YS"] {
        s.form_mut(f(c)).status = Status::Unreleased;
        s.form_mut(f(c)).chit = Chit::Off;
    }
    let mut rng = crate::dice::Rng::from_seed(b"s34");
    let mut ev = Vec::new();
    rules::action_start(&mut s, &mut rng, &mut ev);
    let p = Suriagehara::pending(&s);
    assert_eq!(p.len(), 2);
    let Space::List { options } = Suriagehara::legal(&s, &p[0].id).unwrap().space else { panic!() };
    assert_eq!(options.len(), 32);
    let Space::List { options } = Suriagehara::legal(&s, &p[1].id).unwrap().space else { panic!() };
    assert_eq!(options.len(), 16);
    let a = Suriagehara::parse_action(&Suriagehara::view(&s, Viewer::Seat(0)), &p[0], "cup TK KM").unwrap();
    Suriagehara::apply(&mut s, &p[0].id, 0, &a, &mut rng).unwrap();
    let date_view = serde_json::to_string(&Suriagehara::view(&s, Viewer::Seat(1))).unwrap();
    assert!(!date_view.contains("own_sealed"), "Date sees nothing of Ashina's choice");
    let p = Suriagehara::pending(&s);
    assert_eq!(p.len(), 1);
    let all = Suriagehara::parse_action(&Suriagehara::view(&s, Viewer::Seat(1)), &p[0], "cup all").unwrap();
    let mut roll = dice(&[]);
    rules::apply(&mut s, Side::Date, &all, &mut roll).unwrap();
    let mut cup = roll.offered[0].clone();
    cup.sort();
    let mut expect: Vec<Fid> =
        ["YO", "TK", "KM", "MA", "OU", "KH", "IN", "SG", "KT", "HR"].iter().map(|c| f(c)).collect();
    expect.sort();
    assert_eq!(cup, expect);
    for c in ["SE", "MG", "KY"] {
        assert_eq!(s.form(f(c)).chit, Chit::Pool);
    }
}

#[test]
fn s35_leaderless_formation() {
    let mut s = pos(3, "TK2 0712, TK3 0714");
    assert_eq!(s.form(TK).commander, Commander::Killed);
    activate(&mut s, "TK", &mut dice(&[]));
    assert_eq!(ma(&s, "TK2"), 1);
    assert_eq!(ma(&s, "TK3"), 1);
    assert_eq!(dests(&s, "TK2"), sorted(&["0612", "0711", "0713", "0813"]));
    act(&mut s, Side::Ashina, "move done", &mut dice(&[])).unwrap();
    assert_ne!(s.form(TK).chit, Chit::Removed);
    // in combat only alone, CS 1
    let mut c = pos(3, "TK2 0712, TK3 0714, IN2 0713, IN1* 0715");
    combat(&mut c, "TK", &mut dice(&[]));
    let plans = plan_candidates(&c);
    assert!(!plans.is_empty());
    assert!(plans.iter().all(|p| p.iter().all(|a| a.support.is_empty())));
    match &c.activation.as_ref().unwrap().segment {
        Some(Segment::Combat(seg)) => assert!(seg.cs.values().all(|v| *v == 1)),
        _ => panic!(),
    }
}

#[test]
fn s36_army_morale_victory() {
    // (a) sudden death before the morale check
    let mut s = pos(5, "KM1* 1010, MA1* 1011");
    s.morale = [0, 5];
    combat(&mut s, "KM", &mut dice(&[6, 1, 6]));
    assert_eq!(s.result, Some(GameResult::Winner { side: Side::Ashina, reason: Reason::SupremeKilled }));
    let check = |turn: u8, morale: [i32; 2]| {
        let mut s = pos(turn, "KM1* 0805, SG1* 1116");
        s.morale = morale;
        let mut ev = Vec::new();
        rules::turn_update(&mut s, &mut dice(&[]), &mut ev);
        s
    };
    assert_eq!(check(5, [0, 2]).result, Some(GameResult::Winner { side: Side::Date, reason: Reason::Morale }));
    assert_eq!(check(5, [-1, 0]).result, Some(GameResult::Draw { reason: Reason::Morale }));
    let d = check(5, [1, 1]);
    assert!(d.result.is_none());
    assert_eq!(d.turn, 6);
    assert_eq!(check(8, [0, 5]).result, Some(GameResult::Winner { side: Side::Date, reason: Reason::Morale }));
}

#[test]
fn s37_end_of_game_advance_line_count() {
    let spec = "TK1* 0913, KM1* 1212, YO1* 0911, SE1* 0707, KY1* 1009, UZ1* 1203, UN1* 0504, MG1* 1107, \
                SG1* 1010, MA1* 1019, IN1* 0815, KT1* 0616, SR1* 0719, HR1* 1115, YS1* 1220, OU1* 1317, KH1* 0518";
    let end = |s: &mut State| {
        s.morale = [3, 4];
        let mut ev = Vec::new();
        rules::turn_update(s, &mut dice(&[]), &mut ev);
    };
    let mut s = pos(8, spec);
    end(&mut s);
    assert_eq!(
        s.result,
        Some(GameResult::Winner { side: Side::Ashina, reason: Reason::AdvanceLine { ashina: 2, date: 1 } })
    );
    let mut s = pos(8, spec);
    s.form_mut(f("KM")).commander = Commander::Killed;
    end(&mut s);
    assert_eq!(s.result, Some(GameResult::Draw { reason: Reason::AdvanceLine { ashina: 1, date: 1 } }));
    let mut s = pos(8, &spec.replace("YO1* 0911", "YO1* 0912"));
    end(&mut s);
    assert_eq!(
        s.result,
        Some(GameResult::Winner { side: Side::Ashina, reason: Reason::AdvanceLine { ashina: 3, date: 1 } })
    );
}

#[test]
fn s38_deployment_validation() {
    let std = standard_placements(Side::Ashina);
    let bad = |edit: &dyn Fn(&mut Vec<super::super::action::Placement>)| {
        let mut p = std.clone();
        edit(&mut p);
        check_deployment(Side::Ashina, &p).unwrap_err().to_string()
    };
    assert!(bad(&|p| p[0].hex = h("0808")).contains("outside"));
    assert!(bad(&|p| p[0].hex = h("0402")).contains("water"));
    assert!(bad(&|p| p[1].hex = p[0].hex).contains("two units"));
    assert!(bad(&|p| p[0].carrier = false).contains("exactly one"));
    assert!(bad(&|p| p[1].carrier = true).contains("exactly one"));
    assert!(
        bad(&|p| {
            p.pop();
        })
        .contains("not placed")
    );
    assert!(check_deployment(Side::Ashina, &std).is_ok());
    // secrecy
    let mut rng = crate::dice::Rng::from_seed(b"s38");
    let mut s = Suriagehara::setup(&Default::default(), 2, &mut rng).unwrap();
    let p = Suriagehara::pending(&s);
    let a = notation::parse("deploy standard", &[]).unwrap();
    Suriagehara::apply(&mut s, &p[0].id, 0, &a, &mut rng).unwrap();
    assert!(Suriagehara::view(&s, Viewer::Seat(1)).units.is_empty());
    assert!(Suriagehara::view(&s, Viewer::Spectator).units.is_empty());
    assert_eq!(Suriagehara::view(&s, Viewer::Seat(0)).units.len(), 18);
    let wrong = notation::parse("deploy TK1@0808*", &[]).unwrap();
    let p = Suriagehara::pending(&s);
    assert!(Suriagehara::apply(&mut s.clone(), &p[0].id, 1, &wrong, &mut rng).is_err());
}

#[test]
fn s39_destroyed_formation_leaves_the_cup() {
    let mut s = pos(2, "KT1* 0408, KT2 0407, SE1* 0307");
    s.form_mut(SE).chit = Chit::Cup;
    combat(&mut s, "KT", &mut dice(&[6, 1, 6]));
    assert_eq!(s.form(SE).status, Status::Destroyed);
    assert_eq!(s.form(SE).chit, Chit::Removed);
    assert!(!s.cup().contains(&SE));
}

#[test]
fn s40_resignation() {
    let mut s = pos(7, "KM1* 1010, SG1* 1011");
    combat(&mut s, "KM", &mut dice(&[3, 1]));
    assert_eq!(s.stage, Stage::Retreat);
    assert_eq!(rules::decider(&s), Some(Side::Date));
    let mut rng = crate::dice::Rng::from_seed(b"s40");
    let ev = Suriagehara::resign(&mut s, 1, &mut rng).unwrap();
    assert!(text(&ev).contains("Date resigns"));
    assert!(Suriagehara::pending(&s).is_empty());
    let o = Suriagehara::outcome(&s).unwrap();
    assert_eq!(o.ranks, vec![1, 2]);
    assert_eq!(o.eliminated, vec![1]);
    let _ = Hex::all;
    let _ = MG;
}
