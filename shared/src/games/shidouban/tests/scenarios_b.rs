//! Acceptance scenarios S30..S67 (spec §10): combat, events, duty, sweep, turns, end and scoring.

use super::helpers::*;
use crate::engine::{Engine, Mode, ResultKind};
use crate::games::shidouban::Shidouban;
use crate::games::shidouban::data::{Person::*, Tile};
use crate::games::shidouban::legal::{default_action, options, overlay_ok, placement_ok};
use crate::games::shidouban::notation::print;
use crate::games::shidouban::rules;
use crate::games::shidouban::state::*;

#[test]
fn s30_allies() {
    let mut st = blank(2);
    tile(&mut st, Tile::SHO, "52");
    put(&mut st, NAG, "54");
    own(&mut st, A, NAG);
    for (p, s) in [(TOD, "45"), (SHI, "64"), (SER, "34"), (NII, "56")] {
        put(&mut st, p, s);
    }
    arrive_at(&mut st, NAG, "53");
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    assert_eq!(opts(&st, A), vec!["alloc NAG=1,SHI=1", "alloc NAG=1,TOD=1", "alloc SHI=1,TOD=1"]);
    d.d6.extend([2, 5]);
    say(&mut st, A, "alloc TOD=1,SHI=1", &mut d).unwrap();
    assert!(done(&st));
    assert_eq!(st.ps(TOD).loc, PLoc::Discard);
    assert!(st.on_board(SHI) && st.on_board(NAG));
    assert_eq!(st.tile_loc(Tile::SHO), TLoc::Discard);
}

#[test]
fn s31_even_allocation() {
    let mut st = blank(2);
    tile(&mut st, Tile::AIZ, "41");
    put(&mut st, NAG, "43");
    put(&mut st, TOD, "33");
    arrive_at(&mut st, NAG, "42");
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    assert_eq!(opts(&st, A), vec!["alloc NAG=2", "alloc TOD=2"]);
    assert!(say(&mut st, A, "alloc NAG=3", &mut d).is_err());
    assert!(say(&mut st, A, "alloc NAG=2,TOD=2", &mut d).is_err());
    d.d6.extend([1, 1, 1]);
    say(&mut st, A, "alloc NAG=2,TOD=1", &mut d).unwrap();
    assert!(done(&st));
}

#[test]
fn s32_fewer_dice_than_participants() {
    let mut st = blank(3);
    tile(&mut st, Tile::SUM, "23");
    put(&mut st, HAR, "25");
    put(&mut st, KON, "15");
    own(&mut st, A, KON);
    put(&mut st, OKI, "36");
    own(&mut st, B, OKI);
    st.duty = C;
    arrive_at(&mut st, HAR, "24");
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    assert_eq!(pending_of(&st, C).unwrap().kind, "alloc");
    assert_eq!(opts(&st, C).len(), 3);
    d.d6.push_back(6);
    say(&mut st, C, "alloc KON=1", &mut d).unwrap();
    assert_eq!(at(&st, KON).as_deref(), Some("16"));
}

fn kai_fight(p: crate::games::shidouban::Person, iin: bool, die: u8) -> State {
    let mut st = blank(2);
    tile(&mut st, Tile::KAI, "33");
    put(&mut st, p, "31");
    if iin {
        overlay(&mut st, Tile::IIN, p);
    }
    arrive_at(&mut st, p, "32");
    go(&mut st, &mut Script::new(&[die]));
    st
}

#[test]
fn s33_sword_fight_thresholds() {
    assert!(kai_fight(NAG, false, 6).on_board(NAG));
    assert!(kai_fight(KAW, false, 1).on_board(KAW));
    assert!(!kai_fight(KAW, false, 2).on_board(KAW));
    assert!(kai_fight(OKI, true, 6).on_board(OKI));
}

#[test]
fn s34_gunfire_several_dice() {
    let mut st = blank(2);
    tile(&mut st, Tile::SAT, "21");
    put(&mut st, YOS, "32");
    put(&mut st, MAT, "13");
    arrive_at(&mut st, YOS, "22");
    let ev = go(&mut st, &mut Script::new(&[2, 4, 5, 1]));
    assert!(done(&st));
    assert_eq!(st.ps(MAT).loc, PLoc::Discard);
    assert_eq!(at(&st, YOS).as_deref(), Some("26"));
    assert_eq!(st.tile_loc(Tile::SAT), TLoc::Discard);
    let t = texts(&ev);
    assert!(t.find("MAT is removed").unwrap() < t.find("YOS is injured").unwrap());
}

fn sum_vs_tak(die: u8) -> State {
    let mut st = blank(2);
    tile(&mut st, Tile::SUM, "32");
    put(&mut st, TAK, "34");
    arrive_at(&mut st, TAK, "33");
    go(&mut st, &mut Script::new(&[die]));
    st
}

#[test]
fn s35_brawl() {
    assert_eq!(at(&sum_vs_tak(3), TAK).as_deref(), Some("36"));
    assert_eq!(at(&sum_vs_tak(2), TAK).as_deref(), Some("33"));
    assert_eq!(at(&sum_vs_tak(6), TAK).as_deref(), Some("36"), "never killed");
}

fn injured_lands_on(
    reading: InjuredTo,
    tile_sq: &str,
    x: &str,
    extra: &[(crate::games::shidouban::Person, &str)],
    yuk: Option<&str>,
) -> String {
    let mut st = blank(2);
    st.injured_to = reading;
    tile(&mut st, Tile::SUM, tile_sq);
    if let Some(y) = yuk {
        tile(&mut st, Tile::YUK, y);
    }
    for (p, s) in extra {
        put(&mut st, *p, s);
    }
    put(&mut st, TAK, "11");
    arrive_at(&mut st, TAK, x);
    go(&mut st, &mut Script::new(&[3]));
    at(&st, TAK).unwrap()
}

/// The default reading (A15): the lowest empty square below, jumping over pieces; none below, no move.
#[test]
fn s36_injury_destinations() {
    let run = |tile_sq, x, extra, yuk| injured_lands_on(InjuredTo::Below, tile_sq, x, extra, yuk);
    assert_eq!(run("31", "32", &[], None), "36");
    assert_eq!(run("31", "32", &[(KAW, "33"), (HIR, "34")], Some("36")), "35");
    assert_eq!(run("34", "35", &[(KAW, "36")], None), "35");
    assert_eq!(run("35", "36", &[], None), "36");
}

/// The option `injured_to: column`, the rulebook's words taken literally: row 六, else the lowest empty
/// square of the column, which is above the person when everything below is taken.
#[test]
fn s36_injury_destinations_column_reading() {
    let run = |tile_sq, x, extra, yuk| injured_lands_on(InjuredTo::Column, tile_sq, x, extra, yuk);
    assert_eq!(run("31", "32", &[], None), "36", "row 六 when it is free, as in the default reading");
    assert_eq!(run("31", "32", &[(KAW, "33"), (HIR, "34")], Some("36")), "35", "the lowest free square");
    assert_eq!(run("34", "35", &[(KAW, "36")], None), "33", "carried up over the tile: 36 taken, 34 the tile");
    assert_eq!(run("35", "36", &[], None), "36", "already on row 六: stays");
}

/// The option reaches the engine through the game's JSON options, and a bad value is refused.
#[test]
fn injured_to_is_a_creation_option() {
    use crate::registry;
    let game = registry::game("shidouban").unwrap();
    assert_eq!(game.default_options(), serde_json::json!({"injured_to": "below", "end_count": "on_board"}));
    let mut rng = crate::dice::Rng::from_seed(b"opt");
    let state = game.setup(&serde_json::json!({"injured_to": "column"}), 2, &mut rng).unwrap();
    assert_eq!(game.state_to_json(&state)["injured_to"], "column");
    assert!(game.setup(&serde_json::json!({"injured_to": "up"}), 2, &mut rng).is_err());
}

#[test]
fn s37_injury_into_new_trigger() {
    let mut st = blank(2);
    tile(&mut st, Tile::SAT, "31");
    tile(&mut st, Tile::KIN, "35");
    put(&mut st, YOS, "42");
    hand(&mut st, A, 0, 1);
    act(&mut st, YOS);
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    d.d6.extend([1, 3, 2, 4, 6]);
    let ev = say(&mut st, A, "kuchi R", &mut d).unwrap();
    let t = texts(&ev);
    assert!(t.find("SAT is discarded").unwrap() < t.find("Combat C2").unwrap(), "{t}");
    assert_eq!(st.ps(YOS).loc, PLoc::Discard);
    assert!(matches!(st.tile_loc(Tile::KIN), TLoc::Board(_)));
}

#[test]
fn s38_simultaneous_combats() {
    let base = || {
        let mut st = blank(2);
        tile(&mut st, Tile::SHO, "53");
        tile(&mut st, Tile::MIM, "55");
        put(&mut st, MAT, "64");
        arrive_at(&mut st, MAT, "54");
        st
    };
    let mut st = base();
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    assert_eq!(opts(&st, A), vec!["order C1", "order C2"]);
    let p = pending_of(&st, A).unwrap();
    assert_eq!(print(&default_action(&st, &p.id).unwrap()), "order C1");
    d.d6.extend([3, 5, 6, 2]);
    say(&mut st, A, "order C2", &mut d).unwrap();
    assert_eq!(st.ps(MAT).loc, PLoc::Discard);
    assert_eq!((st.tile_loc(Tile::MIM), st.tile_loc(Tile::SHO)), (TLoc::Discard, TLoc::Discard));
    // Variant: killed by MIM, C1 lapses, SHO stays.
    let mut v = base();
    go(&mut v, &mut d);
    d.d6.extend([6, 6]);
    let ev = say(&mut v, A, "order C2", &mut d).unwrap();
    assert!(texts(&ev).contains("C1 (SHO) lapses"));
    assert_eq!(v.tile_loc(Tile::SHO), TLoc::Board(sq("53")));
}

fn s39_base() -> (State, Script) {
    let mut st = blank(3);
    tile(&mut st, Tile::ABU, "33");
    put(&mut st, KON, "32");
    own(&mut st, A, KON);
    put(&mut st, ITO, "44");
    own(&mut st, C, ITO);
    for (p, s) in [(SAI, "24"), (MAT, "35"), (KAW, "56")] {
        put(&mut st, p, s);
    }
    hand(&mut st, A, 0, 1);
    hand(&mut st, B, 1, 0);
    st.duty = C;
    act(&mut st, ITO);
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    let ps = crate::games::shidouban::legal::pendings(&st);
    assert_eq!(ps.iter().map(|p| p.seat).collect::<Vec<_>>(), vec![C, A, B]);
    say(&mut st, C, "pass", &mut d).unwrap();
    say(&mut st, A, "pass", &mut d).unwrap();
    say(&mut st, B, "kuchi U", &mut d).unwrap();
    assert_eq!(at(&st, ITO).as_deref(), Some("43"));
    assert_eq!(pending_of(&st, C).unwrap().kind, "side");
    assert_eq!(opts(&st, C), vec!["side MAT=KON", "side MAT=ITO"]);
    (st, d)
}

#[test]
fn s39_aburanokoji() {
    let (mut st, mut d) = s39_base();
    say(&mut st, C, "side MAT=ITO", &mut d).unwrap();
    let ps = crate::games::shidouban::legal::pendings(&st);
    assert_eq!(ps.len(), 2);
    assert!(ps.iter().all(|p| matches!(p.mode, Mode::Sealed { .. })));
    let Some(Frame::Combat(c)) = st.stack.last() else { panic!() };
    assert_eq!(c.sides[0].members, vec![KON, SAI]);
    assert_eq!(c.sides[1].members, vec![ITO, KAW, MAT]);
    assert_eq!((c.sides[0].force, c.sides[1].force), (3, 2));
    let ev = say(&mut st, A, "alloc SAI=2", &mut d).unwrap();
    assert!(ev.iter().all(|e| e.audience != crate::engine::Audience::All), "sealed until both are in");
    d.d6.extend([5, 6, 3, 1, 6]);
    say(&mut st, C, "alloc MAT=1,KAW=1", &mut d).unwrap();
    assert_eq!(st.ps(MAT).loc, PLoc::Discard);
    assert!(st.on_board(KON) && st.on_board(SAI) && st.on_board(KAW) && st.on_board(ITO));
    assert_eq!(st.tile_loc(Tile::ABU), TLoc::Discard);
    // Variant.
    let (mut v, mut d) = s39_base();
    say(&mut v, C, "side MAT=KON", &mut d).unwrap();
    let Some(Frame::Combat(c)) = v.stack.last() else { panic!() };
    assert_eq!((c.sides[0].force, c.sides[1].force), (2, 3));
}

#[test]
fn s40_kinmon() {
    let mut st = blank(2);
    tile(&mut st, Tile::KIN, "33");
    put(&mut st, NOM, "44");
    put(&mut st, SHI, "23");
    act(&mut st, NOM);
    go(&mut st, &mut Script::new(&[4]));
    assert_eq!(at(&st, NOM).as_deref(), Some("36"));
    assert!(matches!(st.tile_loc(Tile::KIN), TLoc::Board(_)));
    // (c) SHI without stones leaves.
    let mut c = st.clone();
    act(&mut c, SHI);
    go(&mut c, &mut Script::new(&[]));
    assert_eq!(at(&c, SHI).as_deref(), Some("22"));
    // (b) SHI stays (不動) and fights.
    stones(&mut st, SHI, 0, 1);
    act(&mut st, SHI);
    let mut d = Script::new(&[6]);
    go(&mut st, &mut d);
    assert_eq!(opts(&st, A), vec!["alloc SHI=1", "alloc NOM=1"]);
    d.d6.push_back(5);
    say(&mut st, A, "alloc NOM=1", &mut d).unwrap();
    assert_eq!(st.ps(NOM).loc, PLoc::Discard);
    assert!(done(&st));
    // (d) no double combat.
    let mut v = blank(2);
    tile(&mut v, Tile::KIN, "43");
    put(&mut v, INO, "66");
    stones(&mut v, INO, 0, 1);
    for (p, s) in [(KAW, "42"), (TAK, "44"), (HIR, "33"), (OGA, "52"), (SOM, "54"), (NOM, "63")] {
        put(&mut v, p, s);
    }
    assert_eq!(rules::kakugo_cands(&v, INO), vec![sq("53")]);
    act(&mut v, INO);
    let mut d = Script::new(&[6]);
    go(&mut v, &mut d);
    d.d6.push_back(2);
    say(&mut v, A, "alloc INO=1", &mut d).unwrap();
    assert!(done(&v));
    assert_eq!(at(&v, INO).as_deref(), Some("53"));
    assert!(d.d6.is_empty());
}

#[test]
fn s41_sogeki() {
    let mut st = blank(2);
    tile(&mut st, Tile::SOG, "51");
    put(&mut st, NAG, "45");
    put(&mut st, KAW, "46");
    put(&mut st, TAK, "35");
    put(&mut st, HIR, "44");
    put(&mut st, OGA, "56");
    act(&mut st, NAG);
    go(&mut st, &mut Script::new(&[5]));
    assert_eq!(st.ps(NAG).loc, PLoc::Discard);
    assert_eq!(st.tile_loc(Tile::SOG), TLoc::Discard);
}

#[test]
fn s42_eejanaika_walk() {
    let mut st = blank(2);
    tile(&mut st, Tile::EEJ, "33");
    put(&mut st, KAW, "44");
    rules::eej(&mut st, &mut Script::new(&[4, 6]), &mut Vec::new(), sq("33"));
    assert_eq!(st.tile_loc(Tile::EEJ), TLoc::Board(sq("34")));
}

#[test]
fn s43_eejanaika_once_per_turn() {
    let mut st = blank(2);
    tile(&mut st, Tile::EEJ, "53");
    put(&mut st, KAW, "33");
    put(&mut st, KON, "11");
    own(&mut st, A, KON);
    put(&mut st, HIJ, "12");
    own(&mut st, B, HIJ);
    st.ps_mut(KON).acted = true;
    st.ps_mut(HIJ).acted = true;
    st.ps_mut(KAW).acted = true;
    st.k = 9;
    st.stack = vec![Frame::Halt, Frame::Square { stage: 0 }];
    go(&mut st, &mut Script::new(&[2, 3]));
    assert_eq!(st.tile_loc(Tile::EEJ), TLoc::Board(sq("43")));
    assert_eq!(st.k, 10);
    st.k = 15;
    st.stack = vec![Frame::Halt, Frame::Square { stage: 0 }];
    go(&mut st, &mut Script::new(&[]));
    assert_eq!(st.tile_loc(Tile::EEJ), TLoc::Board(sq("43")));
}

#[test]
fn s44_placement_legality() {
    let mut st = blank(2);
    put(&mut st, KON, "44");
    put(&mut st, HAR, "24");
    put(&mut st, SHI, "16");
    tile(&mut st, Tile::YUK, "63");
    let cases = [
        (Tile::AIZ, "52", true),
        (Tile::AIZ, "43", false),
        (Tile::AIZ, "25", false),
        (Tile::ABU, "11", false),
        (Tile::ABU, "34", false),
        (Tile::ABU, "32", true),
        (Tile::ABU, "31", true),
        (Tile::KIN, "45", false),
        (Tile::KIN, "11", true),
        (Tile::IKE, "23", false),
        (Tile::IKE, "22", true),
        (Tile::KAI, "15", true),
        (Tile::KAI, "21", false),
        (Tile::MIM, "45", false),
        (Tile::MIM, "55", true),
        (Tile::SHO, "56", false),
        (Tile::SAT, "42", false),
        (Tile::CHO, "32", true),
        (Tile::SUM, "62", false),
        (Tile::SOG, "21", false),
        (Tile::SOG, "31", true),
        (Tile::SOG, "33", false),
        (Tile::EEJ, "44", false),
    ];
    for (t, s, ok) in cases {
        assert_eq!(placement_ok(&st, t, sq(s)), ok, "{} {s}", t.code());
    }
    let mut a = st.clone();
    tile(&mut a, Tile::AIZ, "52");
    assert!(!placement_ok(&a, Tile::EEJ, sq("53")));
    assert!(placement_ok(&a, Tile::EEJ, sq("51")));
    let mut b = st.clone();
    tile(&mut b, Tile::SOG, "31");
    assert!(placement_ok(&b, Tile::EEJ, sq("35")));
    assert!(overlay_ok(&st, Tile::IIN, KON));
    assert!(!overlay_ok(&st, Tile::FUK, SHI));
    assert!(overlay_ok(&st, Tile::FUK, HAR));
    give(&mut st, A, Tile::ISH);
    assert!(crate::games::shidouban::legal::event_options(&st, A).is_empty());
}

#[test]
fn s45_iinazuke() {
    let mut st = blank(2);
    put(&mut st, OKI, "34");
    own(&mut st, A, OKI);
    overlay(&mut st, Tile::IIN, OKI);
    assert_eq!((st.buto(OKI), st.ronpa(OKI), st.sonkei(OKI), st.shido(OKI)), (7, 3, 5, 1));
    stones(&mut st, OKI, 0, 1);
    act(&mut st, OKI);
    let ev = go(&mut st, &mut Script::new(&[2, 1]));
    let t = texts(&ev);
    assert!(t.contains("draws 3 stone(s)") && t.contains("coughing blood"), "{t}");
    assert_eq!(st.score(A), Some(10));
    let mut r = st.clone();
    let mut e = Vec::new();
    rules::remove_person(&mut r, &mut e, OKI);
    assert_eq!(r.tile_loc(Tile::IIN), TLoc::Discard);
}

#[test]
fn s46_shido_fukakugo() {
    let mut st = blank(2);
    put(&mut st, TOD, "44");
    put(&mut st, SHI, "11");
    assert!(!overlay_ok(&st, Tile::FUK, SHI));
    overlay(&mut st, Tile::FUK, TOD);
    let base = st.clone();
    stones(&mut st, TOD, 0, 1);
    assert_eq!(st.shido(TOD), 2);
    let mut a = st.clone();
    act(&mut a, TOD);
    go(&mut a, &mut Script::new(&[3]));
    assert_eq!((a.ps(TOD).loc, a.tile_loc(Tile::FUK)), (PLoc::Discard, TLoc::Discard));
    let mut b = st.clone();
    act(&mut b, TOD);
    go(&mut b, &mut Script::new(&[2]));
    assert!(b.on_board(TOD));
    assert_eq!(b.tile_loc(Tile::FUK), TLoc::Discard);
    let mut c = base.clone();
    act(&mut c, TOD);
    go(&mut c, &mut Script::new(&[]));
    assert_eq!(c.tile_loc(Tile::FUK), TLoc::On(TOD));
    let mut e = st.clone();
    give(&mut e, B, Tile::ISH);
    act(&mut e, TOD);
    let mut d = Script::new(&[3]);
    go(&mut e, &mut d);
    say(&mut e, B, "reprieve TOD", &mut d).unwrap();
    assert!(done(&e));
    assert!(e.on_board(TOD));
    assert_eq!(e.tile_loc(Tile::FUK), TLoc::Discard);
    assert_eq!(e.ps(TOD).b, 0);
    assert_ne!(at(&e, TOD).as_deref(), Some("44"));
}

fn s47_state() -> State {
    let mut st = blank(3);
    tile(&mut st, Tile::CHO, "21");
    put(&mut st, KON, "23");
    own(&mut st, A, KON);
    put(&mut st, HIJ, "66");
    own(&mut st, B, HIJ);
    put(&mut st, OKI, "65");
    own(&mut st, C, OKI);
    put(&mut st, HIR, "13");
    give(&mut st, B, Tile::ISH);
    give(&mut st, A, Tile::YUK);
    hand(&mut st, A, 1, 1);
    arrive_at(&mut st, KON, "22");
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    d.d6.extend([6, 5, 2]);
    say(&mut st, A, "alloc HIR=2", &mut d).unwrap();
    assert_eq!(opts(&st, B), vec!["reprieve KON", "reprieve HIR", "reprieve none"]);
    let ev = say(&mut st, B, "reprieve HIR", &mut d).unwrap();
    assert!(texts(&ev).contains("YUK"), "A's tiles are revealed");
    st
}

#[test]
fn s47_ishida_with_a_batch() {
    let st = s47_state();
    assert!(st.on_board(HIR));
    assert_eq!(st.ps(KON).loc, PLoc::Discard);
    assert_eq!(st.players[0].status, Status::Eliminated);
    assert_eq!((st.players[0].w, st.players[0].b), (0, 0));
    assert_eq!(st.tile_loc(Tile::YUK), TLoc::Discard);
    assert_eq!(st.duty, A);
    assert_eq!(st.tile_loc(Tile::CHO), TLoc::Discard);
    assert_eq!(st.tile_loc(Tile::ISH), TLoc::Discard);
}

#[test]
fn s48_ishida_edge_cases() {
    let mut st = blank(3);
    put(&mut st, YMN, "11");
    own(&mut st, C, YMN);
    st.ps_mut(YMN).loc = PLoc::Pile;
    st.players[2].status = Status::Suspended;
    give(&mut st, C, Tile::ISH);
    put(&mut st, KAW, "44");
    stones(&mut st, KAW, 0, 1);
    act(&mut st, KAW);
    go(&mut st, &mut Script::new(&[6]));
    assert_eq!(pending_of(&st, C).unwrap().kind, "removal");
    let mut b = blank(3);
    put(&mut b, YOS, "44");
    stones(&mut b, YOS, 0, 1);
    give(&mut b, C, Tile::ISH);
    act(&mut b, YOS);
    go(&mut b, &mut Script::new(&[6, 1]));
    assert!(done(&b));
    assert_eq!(b.ps(YOS).loc, PLoc::Pile);
}

#[test]
fn s49_replenishment_with_combat() {
    let mut st = blank(2);
    tile(&mut st, Tile::IKE, "35");
    for (p, s) in [(KON, "62"), (HIJ, "12"), (OKI, "13"), (NAG, "14"), (SAI, "15"), (HAR, "16"), (TOD, "21")] {
        put(&mut st, p, s);
    }
    st.person_pile = vec![NOM, TAK];
    st.stack = vec![Frame::Halt, Frame::Replenish];
    let mut d = Script::new(&[3, 6, 4, 5, 1, 1]);
    go(&mut st, &mut d);
    assert!(d.d6.is_empty());
    assert_eq!(st.ps(NOM).loc, PLoc::Discard);
    assert_eq!(st.tile_loc(Tile::IKE), TLoc::Discard);
    assert_eq!(at(&st, TAK).as_deref(), Some("11"));
    assert_eq!(st.board_persons().len(), 8);
}

#[test]
fn s50_eliminated_duty_holder() {
    let mut st = s47_state();
    hand(&mut st, B, 1, 1);
    hand(&mut st, C, 1, 1);
    assert_eq!(rules::kuchi_order(&st, SER, &[crate::games::shidouban::Dir::U]), vec![B, C]);
    // A is responsible when a rank-and-file is the target.
    tile(&mut st, Tile::SHO, "52");
    put(&mut st, SER, "54");
    put(&mut st, TAK, "63");
    arrive_at(&mut st, SER, "53");
    go(&mut st, &mut Script::new(&[]));
    assert_eq!(pending_of(&st, A).unwrap().kind, "alloc");
}

#[test]
fn s51_acted_persons_are_skipped() {
    let mut st = blank(2);
    put(&mut st, TOD, "52");
    hand(&mut st, B, 0, 1);
    act(&mut st, TOD);
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    say(&mut st, B, "kuchi R", &mut d).unwrap();
    assert_eq!(at(&st, TOD).as_deref(), Some("42"));
    assert_eq!(sq("42").k(), 16);
    st.k = 16;
    st.stack = vec![Frame::Halt, Frame::Square { stage: 0 }];
    st.players[0].person = None;
    put(&mut st, KON, "11");
    own(&mut st, A, KON);
    put(&mut st, HIJ, "12");
    own(&mut st, B, HIJ);
    st.ps_mut(KON).acted = true;
    st.ps_mut(HIJ).acted = true;
    let ev = go(&mut st, &mut d);
    assert!(!texts(&ev).contains("TOD acts"));
    assert_eq!(st.k, 17);
}

#[test]
fn s52_pushed_onto_the_current_square() {
    let mut st = blank(2);
    put(&mut st, KON, "36");
    own(&mut st, A, KON);
    stones(&mut st, KON, 0, 1);
    tile(&mut st, Tile::SAT, "21");
    put(&mut st, TAN, "32");
    from_check(&mut st, KON);
    assert_eq!(st.k, 18);
    go(&mut st, &mut Script::new(&[2, 1, 2, 2, 4]));
    assert!(done(&st));
    assert_eq!(at(&st, TAN).as_deref(), Some("36"));
    assert!(!st.ps(TAN).acted);
    assert_eq!(st.tile_loc(Tile::SAT), TLoc::Discard);
    assert_ne!(at(&st, KON).as_deref(), Some("36"));
    // The sweep moves on to k=19: TAN does not act this turn.
    st.stack = vec![Frame::Halt, Frame::Square { stage: 2 }];
    put(&mut st, HIJ, "11");
    own(&mut st, B, HIJ);
    go(&mut st, &mut Script::new(&[]));
    assert_eq!(st.k, 19);
}

#[test]
fn s53_turn_7_deal() {
    let mut st = blank(4);
    for (i, (p, s)) in [(KON, "11"), (HIJ, "12"), (OKI, "13"), (NAG, "14")].into_iter().enumerate() {
        put(&mut st, p, s);
        own(&mut st, i as u8, p);
    }
    st.players[3].status = Status::Eliminated;
    st.ps_mut(NAG).loc = PLoc::Discard;
    st.event_pile.truncate(8);
    st.duty = B;
    st.turn = 6;
    st.k = 35;
    st.stack = vec![Frame::Halt, Frame::Square { stage: 2 }];
    let ev = go(&mut st, &mut Script::new(&[]));
    assert_eq!((st.turn, st.k), (7, 0));
    assert_eq!(
        (st.hand_tiles(A).len(), st.hand_tiles(B).len(), st.hand_tiles(C).len(), st.hand_tiles(D).len()),
        (2, 2, 2, 0)
    );
    assert_eq!(st.event_pile.len(), 2);
    let t = texts(&ev);
    assert!(t.find("B receives").unwrap() < t.find("C receives").unwrap());
    assert!(t.find("C receives").unwrap() < t.find("A receives").unwrap());
}

#[test]
fn s54_end_sole_survivor() {
    let mut st = blank(3);
    put(&mut st, KON, "11");
    own(&mut st, A, KON);
    put(&mut st, HIJ, "12");
    own(&mut st, B, HIJ);
    st.players[2].status = Status::Eliminated;
    let mut ev = Vec::new();
    rules::remove_person(&mut st, &mut ev, KON);
    assert!(rules::end_check(&mut st, &mut ev));
    assert_eq!(st.end, Some(End::Sole(B)));
    let o = Shidouban::outcome(&st).unwrap();
    assert_eq!(o.ranks[1], 1);
}

#[test]
fn s55_end_all_lose() {
    let mut st = blank(2);
    tile(&mut st, Tile::SHO, "41");
    put(&mut st, HIJ, "43");
    own(&mut st, B, HIJ);
    put(&mut st, KON, "53");
    own(&mut st, A, KON);
    for (p, s) in [(OKI, "11"), (NAG, "12"), (SAI, "13"), (HAR, "14"), (TOD, "15"), (INO, "16")] {
        put(&mut st, p, s);
    }
    st.person_pile = vec![NOM, TAK, SOM];
    arrive_at(&mut st, HIJ, "42");
    st.stack = vec![Frame::Halt, Frame::Square { stage: 1 }, Frame::Resolve];
    go(&mut st, &mut Script::new(&[6, 6, 6, 6, 6, 5]));
    assert_eq!(st.end, Some(End::AllLose));
    assert_eq!(st.board_persons().len(), 8);
    assert_eq!(Shidouban::outcome(&st).unwrap().result, ResultKind::AllLose);
}

fn s56_state() -> State {
    let mut st = blank(3);
    for (seat, p, s) in [(A, KON, "41"), (B, HIJ, "33"), (C, OKI, "15")] {
        put(&mut st, p, s);
        own(&mut st, seat, p);
    }
    for (p, s) in [(SAI, "34"), (NAG, "52"), (HAR, "26"), (KAW, "16"), (TAK, "63")] {
        put(&mut st, p, s);
    }
    st
}

#[test]
fn s56_final_scoring_shared_comrades() {
    let st = s56_state();
    assert_eq!((st.score(A), st.score(B), st.score(C)), (Some(35), Some(23), Some(18)));
}

#[test]
fn s57_tie_break() {
    let mut st = blank(3);
    put(&mut st, KON, "43");
    own(&mut st, A, KON);
    put(&mut st, HIJ, "23");
    own(&mut st, B, HIJ);
    put(&mut st, OKI, "11");
    own(&mut st, C, OKI);
    st.end = Some(End::Scored(vec![Some(20), Some(20), Some(15)]));
    assert_eq!(Shidouban::outcome(&st).unwrap().ranks, vec![2, 1, 3]);
    put(&mut st, HIJ, "24");
    assert_eq!(Shidouban::outcome(&st).unwrap().ranks, vec![1, 2, 3]);
}

#[test]
fn s58_empty_bag() {
    let mut st = blank(2);
    put(&mut st, HIJ, "44");
    own(&mut st, B, HIJ);
    put(&mut st, SAI, "11");
    stones(&mut st, SAI, 15, 16);
    assert_eq!((st.bag_w, st.bag_b), (1, 0));
    act(&mut st, HIJ);
    go(&mut st, &mut Script::new(&[6]));
    assert_eq!((st.players[1].w, st.players[1].b), (1, 0));
    assert_eq!((st.bag_w, st.bag_b), (0, 0));
}

fn s59_state() -> State {
    let mut st = blank(3);
    put(&mut st, OKI, "34");
    hand(&mut st, A, 1, 0);
    hand(&mut st, B, 0, 1);
    hand(&mut st, C, 1, 0);
    st.duty = B;
    act(&mut st, OKI);
    go(&mut st, &mut Script::new(&[]));
    let mut d = Script::new(&[]);
    say(&mut st, A, "kuchi U", &mut d).unwrap();
    say(&mut st, C, "pass", &mut d).unwrap();
    assert!(pending_of(&st, B).is_some());
    assert_eq!(at(&st, OKI).as_deref(), Some("34"));
    st
}

#[test]
fn s59_async_interjection() {
    let mut i = s59_state();
    let ev = say(&mut i, B, "kuchi L", &mut Script::new(&[])).unwrap();
    assert_eq!(at(&i, OKI).as_deref(), Some("44"));
    let public: Vec<_> =
        ev.iter().filter(|e| e.audience == crate::engine::Audience::All).map(|e| e.text.en.clone()).collect();
    assert!(public.iter().any(|t| t == "Interjection: B L(B)"), "{public:?}");
    assert!(public.iter().all(|t| !t.contains("A U") && !t.contains("C pass")));
    assert_eq!(i.players[0].w, 1, "A's stone is not spent");
    let mut ii = s59_state();
    let ev = say(&mut ii, B, "pass", &mut Script::new(&[])).unwrap();
    assert!(texts(&ev).contains("B pass, C pass, A U(W)"));
    assert_eq!(at(&ii, OKI).as_deref(), Some("33"));
    let mut iii = s59_state();
    let p = pending_of(&iii, B).unwrap();
    let a = Shidouban::timeout_action(&iii, &p.id).unwrap();
    assert_eq!(print(&a), "pass");
    let mut ev = Vec::new();
    rules::answer(&mut iii, &p.id, B, &a, &mut Script::new(&[]), &mut ev).unwrap();
    rules::run(&mut iii, &mut Script::new(&[]), &mut ev);
    assert_eq!(at(&iii, OKI).as_deref(), Some("33"));
}

#[test]
fn s60_deserter_redrawn_same_turn() {
    let mut st = blank(3);
    put(&mut st, YMN, "45");
    own(&mut st, C, YMN);
    stones(&mut st, YMN, 0, 1);
    for (p, s) in [(KON, "11"), (HIJ, "12"), (OKI, "13"), (NAG, "14"), (SAI, "15"), (HAR, "16"), (TOD, "21")] {
        put(&mut st, p, s);
    }
    own(&mut st, A, KON);
    own(&mut st, B, HIJ);
    st.turn = 4;
    act(&mut st, YMN);
    st.stack = vec![Frame::Halt, Frame::Square { stage: 1 }, Frame::Action];
    let mut d = Script::new(&[6, 1, 2, 2]);
    go(&mut st, &mut d);
    assert_eq!(at(&st, YMN).as_deref(), Some("22"));
    assert_eq!(st.players[2].status, Status::Active);
    assert!(st.ps(YMN).acted);
    assert_eq!(sq("22").k(), 28);
}

#[test]
fn s61_toshi_with_combat_on_first_move() {
    let mut st = blank(2);
    put(&mut st, TOD, "32");
    stones(&mut st, TOD, 0, 1);
    tile(&mut st, Tile::SHO, "41");
    act(&mut st, TOD);
    go(&mut st, &mut Script::new(&[5, 3, 4]));
    assert!(done(&st));
    assert_eq!(at(&st, TOD).as_deref(), Some("52"));
    assert_eq!(st.tile_loc(Tile::SHO), TLoc::Discard);
}

#[test]
fn s62_combat_inside_dokatsu() {
    let mut st = blank(2);
    put(&mut st, TAN, "24");
    stones(&mut st, TAN, 0, 1);
    tile(&mut st, Tile::MIM, "64");
    put(&mut st, SOM, "62");
    put(&mut st, HAR, "45");
    act(&mut st, TAN);
    let mut d = Script::new(&[5]);
    go(&mut st, &mut d);
    assert_eq!(pending_of(&st, A).unwrap().kind, "dokatsu");
    d.d6.extend([2, 3]);
    let ev = say(&mut st, A, "dokatsu 62,45", &mut d).unwrap();
    let t = texts(&ev);
    assert!(t.find("MIM is discarded").unwrap() < t.find("HAR is pushed down").unwrap(), "{t}");
    assert_eq!((at(&st, SOM).as_deref(), at(&st, HAR).as_deref()), (Some("63"), Some("46")));
    assert!(done(&st));
}

#[test]
fn s63_hensetsu_into_sniper_column() {
    let mut st = blank(3);
    put(&mut st, ITO, "24");
    own(&mut st, C, ITO);
    stones(&mut st, ITO, 0, 1);
    tile(&mut st, Tile::SOG, "61");
    from_check(&mut st, ITO);
    go(&mut st, &mut Script::new(&[4, 2]));
    assert!(done(&st));
    assert_eq!(st.tile_loc(Tile::SOG), TLoc::Discard);
    assert_eq!(st.ps(ITO).b, 0);
    // P4 from 64: L off board, U (2W) -> 63.
    assert_eq!(at(&st, ITO).as_deref(), Some("63"));
}

#[test]
fn s64_event_use_limits() {
    let mut st = blank(2);
    put(&mut st, HIJ, "33");
    own(&mut st, B, HIJ);
    give(&mut st, B, Tile::AIZ);
    give(&mut st, B, Tile::ISH);
    act(&mut st, HIJ);
    go(&mut st, &mut Script::new(&[]));
    let o = opts(&st, B);
    assert_eq!(o[0], "use none");
    assert!(o[1..].iter().all(|x| x.starts_with("use AIZ ")));
    assert!(o.len() > 10);
    let mut d = Script::new(&[]);
    say(&mut st, B, "use AIZ 52", &mut d).unwrap();
    assert_eq!(st.tile_loc(Tile::AIZ), TLoc::Board(sq("52")));
    assert!(pending_of(&st, B).map(|p| p.kind != "event").unwrap_or(true));
    // Rank-and-file: no D-EVENT.
    let mut r = blank(2);
    put(&mut r, KAW, "33");
    give(&mut r, A, Tile::YUK);
    act(&mut r, KAW);
    go(&mut r, &mut Script::new(&[]));
    assert!(done(&r));
}

#[test]
fn s65_two_player_desertion() {
    let mut st = blank(2);
    put(&mut st, YMN, "45");
    own(&mut st, A, YMN);
    stones(&mut st, YMN, 0, 1);
    put(&mut st, HIJ, "11");
    own(&mut st, B, HIJ);
    for (p, s) in [(OKI, "13"), (NAG, "14"), (SAI, "15"), (HAR, "16"), (TOD, "21"), (INO, "22")] {
        put(&mut st, p, s);
    }
    st.person_pile = vec![MAT];
    from_check(&mut st, YMN);
    st.stack = vec![Frame::Halt, Frame::Square { stage: 1 }, Frame::Action];
    let mut d = Script::new(&[6, 1, 3, 3]);
    d.below = [1].into_iter().collect();
    go(&mut st, &mut d);
    assert_eq!(at(&st, MAT).as_deref(), Some("33"));
    assert_eq!(st.end, Some(End::Sole(B)));
}

#[test]
fn s66_both_overlays() {
    let mut st = blank(2);
    put(&mut st, KON, "44");
    overlay(&mut st, Tile::IIN, KON);
    overlay(&mut st, Tile::FUK, KON);
    assert_eq!((st.buto(KON), st.ronpa(KON), st.sonkei(KON), st.shido(KON)), (6, 5, 7, 2));
    assert_eq!(st.failure(KON), crate::games::shidouban::Failure::Seppuku);
    stones(&mut st, KON, 0, 1);
    act(&mut st, KON);
    go(&mut st, &mut Script::new(&[2]));
    assert_eq!(st.tile_loc(Tile::FUK), TLoc::Discard);
    assert_eq!(st.shido(KON), 1);
}

#[test]
fn s67_turn_transition_and_final_scoring() {
    let mut st = s56_state();
    st.turn = 6;
    st.k = 35;
    st.event_pile.truncate(10);
    st.stack = vec![Frame::Halt, Frame::Square { stage: 2 }];
    st.ps_mut(KON).acted = true;
    go(&mut st, &mut Script::new(&[]));
    assert_eq!((st.turn, st.k), (7, 0));
    assert!(!st.ps(KON).acted);
    assert_eq!(st.hand_tiles(A).len(), 2);
    let mut f = s56_state();
    f.turn = 12;
    f.k = 35;
    f.stack = vec![Frame::Halt, Frame::Square { stage: 2 }];
    go(&mut f, &mut Script::new(&[]));
    assert_eq!(f.end, Some(End::Scored(vec![Some(35), Some(23), Some(18)])));
    assert_eq!(f.turn, 12);
    let o = Shidouban::outcome(&f).unwrap();
    assert_eq!(o.ranks, vec![1, 2, 3]);
    assert!(options(&f, "d1").is_none());
}

/// S54 with B's person in the pile (it deserted on a 1): A alone stands on the board.
fn b_sits_out(reading: EndCount) -> State {
    let mut st = blank(2);
    st.end_count = reading;
    put(&mut st, KON, "11");
    own(&mut st, A, KON);
    own(&mut st, B, HIJ);
    st.person_pile = vec![HIJ];
    st.players[1].status = Status::Suspended;
    st
}

/// Readings 15 under both readings: only persons on the board count (default), or every player still in
/// the game (option `end_count: in_game`).
#[test]
fn s54_end_with_a_person_in_the_pile_under_both_readings() {
    let mut on_board = b_sits_out(EndCount::OnBoard);
    assert!(rules::end_check(&mut on_board, &mut Vec::new()));
    assert_eq!(on_board.end, Some(End::Sole(A)), "B's person is not on the board, so A wins at once");

    let mut in_game = b_sits_out(EndCount::InGame);
    assert!(!rules::end_check(&mut in_game, &mut Vec::new()), "B is still in the game: play goes on");
    in_game.players[1].status = Status::Eliminated;
    let mut ev = Vec::new();
    assert!(rules::end_check(&mut in_game, &mut ev));
    assert_eq!(in_game.end, Some(End::Sole(A)));
    assert!(ev[0].text.en.contains("Only A is left in the game"), "{:?}", ev[0].text);

    // Nobody on the board, but both still in the game.
    let mut empty = b_sits_out(EndCount::InGame);
    empty.ps_mut(KON).loc = PLoc::Pile;
    empty.person_pile.push(KON);
    empty.players[0].status = Status::Suspended;
    assert!(!rules::end_check(&mut empty.clone(), &mut Vec::new()));
    empty.end_count = EndCount::OnBoard;
    assert!(rules::end_check(&mut empty, &mut Vec::new()));
    assert_eq!(empty.end, Some(End::AllLose));
}

#[test]
fn end_count_is_a_creation_option() {
    let game = crate::registry::game("shidouban").unwrap();
    let mut rng = crate::dice::Rng::from_seed(b"opt");
    let state = game.setup(&serde_json::json!({"end_count": "in_game"}), 2, &mut rng).unwrap();
    assert_eq!(game.state_to_json(&state)["end_count"], "in_game");
    let state = game.setup(&serde_json::Value::Null, 2, &mut rng).unwrap();
    assert_eq!(game.state_to_json(&state)["end_count"], "on_board");
    assert!(game.setup(&serde_json::json!({"end_count": "pile"}), 2, &mut rng).is_err());
}
