//! Acceptance scenarios S1..S29 (spec §10): notation, sweep, setup, checks, movement, failure actions.

use super::helpers::*;
use crate::engine::{Lang, Mode, Seat};
use crate::games::shidouban::data::{Dir, Person::*, Tile};
use crate::games::shidouban::legal;
use crate::games::shidouban::notation::parse_sq;
use crate::games::shidouban::rules;
use crate::games::shidouban::state::*;

#[test]
fn s1_square_notation() {
    let s = sq("25");
    assert_eq!(s, Sq::new(2, 5));
    assert_eq!(parse_sq("2五"), Some(s));
    assert_eq!(s.step(Dir::U), Some(sq("24")));
    assert_eq!(s.step(Dir::D), Some(sq("26")));
    assert_eq!(s.step(Dir::R), Some(sq("15")));
    assert_eq!(s.step(Dir::L), Some(sq("35")));
    let tr = sq("11");
    assert_eq!((tr.step(Dir::U), tr.step(Dir::R)), (None, None));
    let bl = sq("66");
    assert_eq!((bl.step(Dir::D), bl.step(Dir::L)), (None, None));
    assert_eq!(s.label_with_both(Lang::En), "25/2五");
    assert_eq!(s.label_with_both(Lang::Ja), "2五");
    assert_eq!((s.label(Lang::En), s.label(Lang::Ja)), ("25".to_string(), "2五".to_string()));
}

#[test]
fn s2_sweep_order() {
    let k = |s: &str| sq(s).k();
    assert_eq!((k("66"), k("61"), k("56"), k("51"), k("36"), k("11")), (0, 5, 6, 11, 18, 35));
    assert_eq!(Sq::from_k(6), sq("56"));
    // After k=35 the years marker advances and k returns to 0.
    let mut st = blank(2);
    put(&mut st, KON, "44");
    own(&mut st, A, KON);
    put(&mut st, HIJ, "43");
    own(&mut st, B, HIJ);
    st.k = 35;
    st.turn = 3;
    st.stack = vec![Frame::Halt, Frame::Square { stage: 2 }];
    go(&mut st, &mut Script::new(&[]));
    assert_eq!((st.turn, st.k), (4, 0));
}

#[test]
fn s3_setup_placement() {
    let mut d = Script::new(&[4, 6, 4, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 1, 2]);
    let st = rules::setup(2, &mut d);
    assert!(d.d6.is_empty());
    let first = st.person_at(sq("46")).unwrap();
    let second = st.person_at(sq("11")).unwrap();
    assert_eq!(st.ps(first).arrival, 1);
    assert_eq!(st.ps(second).arrival, 2);
    assert_eq!(st.board_persons().len(), 8);
    assert_eq!(st.person_pile.len(), 16);
}

#[test]
fn s4_initial_stones() {
    let mut st = blank(2);
    for (p, s) in [(ITO, "11"), (SAI, "22"), (KON, "33"), (HIJ, "44"), (OKI, "55"), (NAG, "66")] {
        put(&mut st, p, s);
    }
    st.started = false;
    st.stack = vec![Frame::Halt];
    st.ask = Some(Ask::Pick { id: "d1".into(), seat: 0 });
    let mut d = Script::new(&[]);
    // A draws w b w b w b, then B draws w (below(total) < bag_w means white).
    d.below = [0, 30, 0, 28, 0, 26, 0].into_iter().collect();
    say(&mut st, A, "pick ITO", &mut d).unwrap();
    say(&mut st, B, "pick SAI", &mut d).unwrap();
    assert_eq!((st.players[0].w, st.players[0].b), (3, 3));
    assert_eq!((st.players[1].w, st.players[1].b), (1, 0));
    assert_eq!((st.bag_w, st.bag_b), (12, 13));
    assert_eq!(st.hand_tiles(A).len(), 2);
    assert_eq!(st.hand_tiles(B).len(), 2);
    assert_eq!(st.event_pile.len(), 12);
}

#[test]
fn s5_threshold() {
    let mut st = blank(2);
    put(&mut st, OKI, "34");
    stones(&mut st, OKI, 0, 1);
    act(&mut st, OKI);
    go(&mut st, &mut Script::new(&[4]));
    assert!(done(&st));
    assert_eq!(at(&st, OKI).as_deref(), Some("33"));
    assert_eq!(st.ps(OKI).b, 0);
    assert_eq!(st.bag_b, 16);
    // d6=5: failure -> 喀血 (second die 1: nothing).
    let mut st = blank(2);
    put(&mut st, OKI, "34");
    stones(&mut st, OKI, 0, 1);
    act(&mut st, OKI);
    let ev = go(&mut st, &mut Script::new(&[5, 1]));
    assert!(texts(&ev).contains("coughing blood"));
}

#[test]
fn s6_kondo_bushido() {
    let mut st = blank(2);
    put(&mut st, KON, "32");
    own(&mut st, A, KON);
    assert_eq!(st.shido(KON), 5);
    stones(&mut st, KON, 0, 1);
    act(&mut st, KON);
    let ev = go(&mut st, &mut Script::new(&[5]));
    assert!(texts(&ev).contains("success"));
    let mut st2 = blank(2);
    put(&mut st2, KON, "32");
    own(&mut st2, A, KON);
    stones(&mut st2, KON, 0, 1);
    act(&mut st2, KON);
    let ev = go(&mut st2, &mut Script::new(&[6]));
    assert!(texts(&ev).contains("resolve"));
    let mut st3 = blank(2);
    put(&mut st3, KON, "36");
    assert_eq!(st3.shido(KON), 1);
    stones(&mut st3, KON, 0, 1);
    act(&mut st3, KON);
    let ev = go(&mut st3, &mut Script::new(&[2]));
    assert!(texts(&ev).contains("FAIL"));
    let mut st4 = blank(2);
    put(&mut st4, KON, "31");
    overlay(&mut st4, Tile::IIN, KON);
    assert_eq!(st4.shido(KON), 1);
}

#[test]
fn s7_white_only() {
    let mut st = blank(2);
    put(&mut st, HIR, "25");
    stones(&mut st, HIR, 1, 0);
    act(&mut st, HIR);
    go(&mut st, &mut Script::new(&[]));
    assert!(done(&st));
    assert_eq!(st.ps(HIR).w, 0);
    assert_eq!(st.bag_w, 16);
    assert_eq!(at(&st, HIR).as_deref(), Some("26"));
}

#[test]
fn s8_two_black_stones() {
    let mut st = blank(2);
    put(&mut st, TOD, "23");
    stones(&mut st, TOD, 0, 2);
    act(&mut st, TOD);
    let mut d = Script::new(&[1]);
    go(&mut st, &mut d);
    assert!(d.d6.is_empty() && done(&st));
    assert_eq!(st.ps(TOD).b, 0);
    assert_eq!(st.bag_b, 16);
}

#[test]
fn s9_natural_movement() {
    let mut st = blank(2);
    put(&mut st, NAG, "45");
    tile(&mut st, Tile::YUK, "46");
    let mut a = st.clone();
    act(&mut a, NAG);
    go(&mut a, &mut Script::new(&[]));
    assert_eq!(at(&a, NAG).as_deref(), Some("35"));
    let mut b = st.clone();
    put(&mut b, HIR, "35");
    act(&mut b, NAG);
    go(&mut b, &mut Script::new(&[]));
    assert_eq!(at(&b, NAG).as_deref(), Some("44"));
    let mut c = st.clone();
    put(&mut c, HIR, "35");
    put(&mut c, KAW, "44");
    put(&mut c, TAK, "55");
    hand(&mut c, A, 5, 5);
    act(&mut c, NAG);
    go(&mut c, &mut Script::new(&[]));
    assert!(done(&c), "no interjection round");
    assert_eq!(at(&c, NAG).as_deref(), Some("45"));
}

#[test]
fn s10_edge() {
    let mut st = blank(2);
    put(&mut st, NAG, "46");
    act(&mut st, NAG);
    go(&mut st, &mut Script::new(&[]));
    assert_eq!(at(&st, NAG).as_deref(), Some("36"));
}

fn s11_setup() -> State {
    let mut st = blank(3);
    put(&mut st, OKI, "34");
    put(&mut st, YMZ, "24");
    hand(&mut st, A, 0, 2);
    hand(&mut st, C, 1, 1);
    st.duty = B;
    act(&mut st, OKI);
    go(&mut st, &mut Script::new(&[]));
    st
}

#[test]
fn s11_eligibility_and_priority() {
    let st = s11_setup();
    let ps = legal::pendings(&st);
    assert_eq!(ps.len(), 2);
    assert_eq!((ps[0].seat, &ps[0].mode), (C, &Mode::Priority { group: ps[0].mode_group(), rank: 0 }));
    assert_eq!(ps[1].seat, A);
    let opts = |s: Seat| {
        let p = pending_of(&st, s).unwrap();
        legal::options(&st, &p.id).unwrap().iter().map(crate::games::shidouban::notation::print).collect::<Vec<_>>()
    };
    assert_eq!(opts(C), vec!["pass", "kuchi U", "kuchi D", "kuchi L"]);
    assert_eq!(opts(A), vec!["pass", "kuchi L"]);
    // (a)
    let mut a = st.clone();
    let mut d = Script::new(&[]);
    say(&mut a, C, "pass", &mut d).unwrap();
    let ev = say(&mut a, A, "kuchi L", &mut d).unwrap();
    assert_eq!(at(&a, OKI).as_deref(), Some("44"));
    assert_eq!(a.ps(OKI).b, 1);
    assert_eq!((a.players[0].w, a.players[0].b), (0, 1));
    assert!(texts(&ev).contains("C pass, A L(B)"));
    // (b) C interjects: resolved at once; A's request is withdrawn.
    let mut b = st.clone();
    say(&mut b, C, "kuchi D", &mut d).unwrap();
    assert_eq!(at(&b, OKI).as_deref(), Some("35"));
    assert_eq!(b.ps(OKI).w, 1);
    assert!(pending_of(&b, A).is_none());
    // (c)
    let mut c = st.clone();
    say(&mut c, A, "pass", &mut d).unwrap();
    say(&mut c, C, "pass", &mut d).unwrap();
    assert_eq!(at(&c, OKI).as_deref(), Some("33"));
    assert_eq!((c.ps(OKI).w, c.ps(OKI).b), (0, 0));
}

trait Group {
    fn mode_group(&self) -> String;
}
impl Group for crate::engine::Pending {
    fn mode_group(&self) -> String {
        match &self.mode {
            Mode::Priority { group, .. } => group.clone(),
            _ => String::new(),
        }
    }
}

#[test]
fn s12_colour_filter() {
    let mut st = blank(2);
    put(&mut st, HIR, "56");
    put(&mut st, KAW, "55");
    put(&mut st, TAK, "46");
    hand(&mut st, A, 0, 3);
    hand(&mut st, B, 0, 1);
    let mut a = st.clone();
    act(&mut a, HIR);
    go(&mut a, &mut Script::new(&[]));
    assert!(done(&a));
    assert_eq!(at(&a, HIR).as_deref(), Some("66"));
    let mut b = st.clone();
    hand(&mut b, A, 1, 3);
    act(&mut b, HIR);
    go(&mut b, &mut Script::new(&[]));
    assert!(pending_of(&b, A).is_some() && pending_of(&b, B).is_none());
    say(&mut b, A, "kuchi L", &mut Script::new(&[])).unwrap();
    assert_eq!(at(&b, HIR).as_deref(), Some("66"));
    assert_eq!(b.ps(HIR).w, 1);
}

#[test]
fn s13_paying_in_natural_direction() {
    let mut st = blank(2);
    put(&mut st, SAI, "33");
    put(&mut st, KAW, "36");
    put(&mut st, TAK, "56");
    hand(&mut st, A, 1, 1);
    act(&mut st, SAI);
    let mut d = Script::new(&[]);
    go(&mut st, &mut d);
    say(&mut st, A, "kuchi R", &mut d).unwrap();
    assert_eq!(at(&st, SAI).as_deref(), Some("23"));
    assert_eq!(st.ps(SAI).b, 1);
    // Next turn.
    for p in st.persons.iter_mut() {
        p.acted = false;
    }
    act(&mut st, SAI);
    let mut d = Script::new(&[6, 4]);
    go(&mut st, &mut d);
    assert_eq!(st.ps(TAK).loc, PLoc::Discard);
    assert!(st.on_board(KAW));
}

#[test]
fn s14_fudo() {
    let mut st = blank(2);
    put(&mut st, YMZ, "42");
    stones(&mut st, YMZ, 0, 1);
    hand(&mut st, A, 4, 4);
    act(&mut st, YMZ);
    go(&mut st, &mut Script::new(&[6]));
    assert!(done(&st), "no interjection request");
    assert_eq!(at(&st, YMZ).as_deref(), Some("42"));
    assert_eq!(st.ps(YMZ).b, 0);
}

#[test]
fn s15_toshi_two_rounds() {
    let mut st = blank(3);
    put(&mut st, TOD, "32");
    stones(&mut st, TOD, 0, 1);
    hand(&mut st, A, 1, 0);
    hand(&mut st, B, 0, 2);
    act(&mut st, TOD);
    let mut d = Script::new(&[4]);
    go(&mut st, &mut d);
    assert_eq!(st.ps(TOD).b, 0);
    assert!(pending_of(&st, C).is_none());
    say(&mut st, A, "pass", &mut d).unwrap();
    say(&mut st, B, "kuchi R", &mut d).unwrap();
    assert_eq!(at(&st, TOD).as_deref(), Some("22"));
    say(&mut st, A, "pass", &mut d).unwrap();
    say(&mut st, B, "kuchi D", &mut d).unwrap();
    assert!(done(&st));
    assert_eq!(at(&st, TOD).as_deref(), Some("23"));
    assert_eq!(st.ps(TOD).b, 2);
    assert_eq!((st.players[1].w, st.players[1].b), (0, 0));
}

#[test]
fn s16_shuran_retained_stones() {
    let mut st = blank(2);
    put(&mut st, SER, "54");
    stones(&mut st, SER, 0, 1);
    hand(&mut st, A, 3, 3);
    let base = st.clone();
    act(&mut st, SER);
    go(&mut st, &mut Script::new(&[3]));
    assert!(done(&st));
    assert_eq!(at(&st, SER).as_deref(), Some("55"));
    assert_eq!(st.ps(SER).b, 1);
    // Next turn: check again, success, stones off, normal movement.
    for p in st.persons.iter_mut() {
        p.acted = false;
    }
    act(&mut st, SER);
    let mut d = Script::new(&[1]);
    go(&mut st, &mut d);
    assert_eq!(st.ps(SER).b, 0);
    assert!(pending_of(&st, A).is_some(), "normal movement with interjection");
    // Variant: 55 occupied.
    let mut v = base.clone();
    put(&mut v, KAW, "55");
    act(&mut v, SER);
    go(&mut v, &mut Script::new(&[3]));
    assert!(done(&v));
    assert_eq!(at(&v, SER).as_deref(), Some("54"));
    assert_eq!(v.ps(SER).b, 1);
    // Constructed: w1 b1 -> w1 returned, b1 kept.
    let mut w = base.clone();
    stones(&mut w, SER, 1, 1);
    act(&mut w, SER);
    go(&mut w, &mut Script::new(&[3]));
    assert_eq!((w.ps(SER).w, w.ps(SER).b), (0, 1));
}

#[test]
fn s17_kakketsu() {
    let mut st = blank(2);
    put(&mut st, OKI, "34");
    stones(&mut st, OKI, 0, 1);
    let mut a = st.clone();
    act(&mut a, OKI);
    go(&mut a, &mut Script::new(&[5, 6]));
    assert_eq!(a.ps(OKI).loc, PLoc::Discard);
    let mut b = st.clone();
    act(&mut b, OKI);
    go(&mut b, &mut Script::new(&[5, 3]));
    assert!(done(&b));
    assert_eq!((at(&b, OKI).as_deref(), b.ps(OKI).b), (Some("34"), 1));
    let mut c = st.clone();
    act(&mut c, OKI);
    go(&mut c, &mut Script::new(&[5, 1]));
    assert_eq!((at(&c, OKI).as_deref(), c.ps(OKI).b), (Some("33"), 0));
}

#[test]
fn s18_ansatsu() {
    let mut st = blank(2);
    put(&mut st, SAI, "23");
    stones(&mut st, SAI, 0, 1);
    put(&mut st, KAW, "25");
    put(&mut st, TAK, "55");
    put(&mut st, HIR, "31");
    put(&mut st, NAG, "44");
    let mut a = st.clone();
    act(&mut a, SAI);
    go(&mut a, &mut Script::new(&[6, 6]));
    assert_eq!(a.ps(TAK).loc, PLoc::Discard);
    assert!(a.on_board(KAW));
    let mut b = blank(2);
    put(&mut b, OIS, "23");
    stones(&mut b, OIS, 0, 1);
    put(&mut b, KAW, "25");
    put(&mut b, TAK, "55");
    act(&mut b, OIS);
    go(&mut b, &mut Script::new(&[6, 6]));
    assert!(b.on_board(TAK));
}

#[test]
fn s19_ansatsu_self() {
    let mut st = blank(2);
    put(&mut st, OIS, "66");
    stones(&mut st, OIS, 0, 1);
    put(&mut st, KAW, "36");
    act(&mut st, OIS);
    let mut d = Script::new(&[6]);
    let ev = go(&mut st, &mut d);
    assert!(texts(&ev).contains("itself"));
    assert!(st.on_board(KAW));
    let mut v = blank(2);
    put(&mut v, OIS, "16");
    stones(&mut v, OIS, 0, 1);
    put(&mut v, KAW, "36");
    act(&mut v, OIS);
    go(&mut v, &mut Script::new(&[6, 1]));
    assert_eq!(v.ps(KAW).loc, PLoc::Discard);
}

fn s20_base() -> State {
    let mut st = blank(2);
    put(&mut st, KON, "56");
    own(&mut st, A, KON);
    stones(&mut st, KON, 0, 1);
    tile(&mut st, Tile::SHO, "43");
    tile(&mut st, Tile::KIN, "62");
    tile(&mut st, Tile::IKE, "23");
    put(&mut st, NII, "63");
    st
}

#[test]
fn s20_kakugo_with_choice() {
    let mut st = s20_base();
    assert_eq!(rules::kakugo_cands(&st, KON), vec![sq("61"), sq("52"), sq("44")]);
    act(&mut st, KON);
    let mut d = Script::new(&[3]);
    go(&mut st, &mut d);
    let p = pending_of(&st, A).unwrap();
    assert_eq!(p.kind, "kakugo");
    assert_eq!(legal::default_action(&st, &p.id), Some(crate::games::shidouban::notation::Action::Kakugo(sq("61"))));
    d.d6.extend([2, 5]);
    let ev = say(&mut st, A, "kakugo 44", &mut d).unwrap();
    assert!(texts(&ev).contains("[2,5] no damage"), "{}", texts(&ev));
    assert_eq!(st.tile_loc(Tile::SHO), TLoc::Discard);
    assert_eq!(st.ps(KON).b, 0);
    // P4 from 44: A drew 4 stones in P1 and is asked.
    assert_eq!(pending_of(&st, A).unwrap().kind, "kuchi");
    assert_eq!(at(&st, KON).as_deref(), Some("44"));
    // Variant KIN@41.
    let mut v = s20_base();
    tile(&mut v, Tile::KIN, "41");
    assert_eq!(rules::kakugo_cands(&v, KON), vec![sq("51"), sq("44"), sq("42"), sq("31")]);
}

#[test]
fn s21_kakugo_without_target() {
    let mut st = blank(2);
    put(&mut st, INO, "25");
    stones(&mut st, INO, 0, 1);
    tile(&mut st, Tile::KIN, "52");
    act(&mut st, INO);
    go(&mut st, &mut Script::new(&[6]));
    assert!(done(&st));
    assert_eq!(st.ps(INO).b, 0);
    assert_eq!(at(&st, INO).as_deref(), Some("15"));
}

#[test]
fn s22_seppuku_and_reprieve() {
    let mut st = blank(3);
    put(&mut st, KAW, "44");
    stones(&mut st, KAW, 0, 1);
    give(&mut st, C, Tile::ISH);
    act(&mut st, KAW);
    let mut d = Script::new(&[5]);
    go(&mut st, &mut d);
    let p = pending_of(&st, C).unwrap();
    assert!(!p.public);
    let mut v = st.clone();
    let ev = say(&mut st, C, "reprieve KAW", &mut d).unwrap();
    assert!(texts(&ev).contains("ISH played by C on KAW"));
    assert_eq!(st.tile_loc(Tile::ISH), TLoc::Discard);
    assert!(done(&st));
    assert_eq!(st.ps(KAW).b, 0);
    assert_eq!(at(&st, KAW).as_deref(), Some("43"));
    let ev = say(&mut v, C, "reprieve none", &mut d).unwrap();
    assert_eq!(v.ps(KAW).loc, PLoc::Discard);
    assert!(ev.iter().filter(|e| e.audience == crate::engine::Audience::All).all(|e| !e.text.en.contains("decline")));
}

#[test]
fn s23_dasso_roll_1() {
    let mut st = blank(3);
    put(&mut st, YMN, "45");
    own(&mut st, C, YMN);
    stones(&mut st, YMN, 0, 1);
    give(&mut st, C, Tile::ISH);
    give(&mut st, C, Tile::SUM);
    put(&mut st, KON, "11");
    own(&mut st, A, KON);
    put(&mut st, HIJ, "12");
    own(&mut st, B, HIJ);
    for (p, s) in [(OKI, "13"), (NAG, "14"), (SAI, "15"), (HAR, "16"), (TOD, "21")] {
        put(&mut st, p, s);
    }
    st.person_pile = vec![SOM];
    act(&mut st, YMN);
    st.stack = vec![Frame::Halt, Frame::Square { stage: 1 }, Frame::Action];
    let mut d = Script::new(&[]);
    // C draws w w w b b (bag w16 b15), then the reshuffle keeps SOM on top.
    d.below = [0, 0, 0, 30, 29, 1].into_iter().collect();
    go(&mut st, &mut d);
    assert_eq!((st.players[2].w, st.players[2].b), (3, 2));
    assert_eq!(pending_of(&st, C).unwrap().kind, "event");
    d.d6.extend([4, 1, 2, 2]);
    say(&mut st, C, "use none", &mut d).unwrap();
    assert_eq!(st.ps(YMN).loc, PLoc::Pile);
    assert_eq!(st.players[2].status, Status::Suspended);
    assert_eq!((st.players[2].w, st.players[2].b), (3, 2));
    assert_eq!(st.hand_tiles(C), vec![Tile::ISH, Tile::SUM]);
    assert_eq!(at(&st, SOM).as_deref(), Some("22"));
    assert!(!rules::end_check(&mut st.clone(), &mut Vec::new()));
    assert!(!rules::kuchi_order(&st, SOM, &[Dir::U, Dir::D, Dir::L, Dir::R]).contains(&C));
}

#[test]
fn s24_dasso_roll_2_to_6() {
    let mut st = blank(2);
    put(&mut st, YOS, "44");
    stones(&mut st, YOS, 0, 1);
    give(&mut st, B, Tile::ISH);
    act(&mut st, YOS);
    go(&mut st, &mut Script::new(&[6, 5]));
    assert_eq!(pending_of(&st, B).unwrap().kind, "removal");
}

fn s25_base() -> State {
    let mut st = blank(2);
    put(&mut st, HIJ, "23");
    own(&mut st, B, HIJ);
    overlay(&mut st, Tile::IIN, HIJ);
    stones(&mut st, HIJ, 0, 1);
    put(&mut st, NII, "45");
    put(&mut st, KAW, "44");
    put(&mut st, HIR, "62");
    st.stack = vec![Frame::Halt];
    st.duty = B;
    st
}

fn s25_run(order: Option<&str>) -> State {
    let mut st = s25_base();
    let mut d = Script::new(&[2]);
    let mut ev = Vec::new();
    st.act = Some(ActCtx::new(HIJ));
    st.act.as_mut().unwrap().stage = ActStage::Check;
    st.stack.push(Frame::Action);
    rules::run(&mut st, &mut d, &mut ev);
    let p = pending_of(&st, B).unwrap();
    assert_eq!(p.kind, "dokatsu");
    match order {
        Some(o) => {
            say(&mut st, B, o, &mut d).unwrap();
        }
        None => {
            let a = legal::default_action(&st, &p.id).unwrap();
            assert_eq!(crate::games::shidouban::notation::print(&a), "dokatsu 62,45,44");
            rules::answer(&mut st, &p.id, B, &a, &mut d, &mut ev).unwrap();
            rules::run(&mut st, &mut d, &mut ev);
        }
    }
    st
}

#[test]
fn s25_dokatsu_order() {
    let a = s25_run(Some("dokatsu 45,44,62"));
    assert_eq!((at(&a, NII), at(&a, KAW), at(&a, HIR)), (Some("46".into()), Some("45".into()), Some("63".into())));
    let b = s25_run(Some("dokatsu 44,45,62"));
    assert_eq!((at(&b, NII), at(&b, KAW), at(&b, HIR)), (Some("46".into()), Some("44".into()), Some("63".into())));
    let c = s25_run(None);
    assert_eq!((at(&c, NII), at(&c, KAW), at(&c, HIR)), (Some("46".into()), Some("45".into()), Some("63".into())));
}

#[test]
fn s26_fungai() {
    let mut st = blank(2);
    put(&mut st, NAG, "33");
    stones(&mut st, NAG, 0, 1);
    let mut a = st.clone();
    act(&mut a, NAG);
    go(&mut a, &mut Script::new(&[5]));
    // 33 -> 34, then P4 natural D -> 35.
    assert_eq!(at(&a, NAG).as_deref(), Some("35"));
    let mut b = st.clone();
    put(&mut b, KAW, "34");
    act(&mut b, NAG);
    go(&mut b, &mut Script::new(&[5]));
    // stays on 33, P4: D blocked, R (2W) -> 23.
    assert_eq!(at(&b, NAG).as_deref(), Some("23"));
}

#[test]
fn s27_hensetsu() {
    let mut st = blank(3);
    put(&mut st, ITO, "25");
    own(&mut st, C, ITO);
    stones(&mut st, ITO, 0, 1);
    st.stack = vec![Frame::Halt];
    let run = |st: &mut State, dice: &[u8]| {
        let mut d = Script::new(dice);
        st.act = Some(ActCtx::new(ITO));
        st.act.as_mut().unwrap().stage = ActStage::Check;
        st.stack = vec![Frame::Halt, Frame::Action];
        go(st, &mut d);
    };
    let mut a = st.clone();
    run(&mut a, &[4]);
    // 25 -> 65, then natural L blocked (off board), next priority U(2W) -> 64.
    assert_eq!(a.ps(ITO).b, 0);
    assert!(matches!(at(&a, ITO).as_deref(), Some("64")));
    let mut b = st.clone();
    tile(&mut b, Tile::YUK, "65");
    run(&mut b, &[4, 1]);
    assert_eq!(b.ps(ITO).loc, PLoc::Pile);
    assert_eq!(b.players[2].status, Status::Suspended);
    let mut b2 = st.clone();
    tile(&mut b2, Tile::YUK, "65");
    run(&mut b2, &[4, 3]);
    assert_eq!(b2.ps(ITO).loc, PLoc::Discard);
    assert_eq!(b2.players[2].status, Status::Eliminated);
    let mut c = blank(3);
    put(&mut c, ITO, "45");
    stones(&mut c, ITO, 0, 1);
    act(&mut c, ITO);
    go(&mut c, &mut Script::new(&[4]));
    // 45 -> 15, then natural L -> 25.
    assert_eq!(at(&c, ITO).as_deref(), Some("25"));
}

#[test]
fn s28_yudan() {
    let mut st = blank(2);
    put(&mut st, HIR, "33");
    stones(&mut st, HIR, 0, 1);
    let mut a = st.clone();
    act(&mut a, HIR);
    go(&mut a, &mut Script::new(&[6, 1]));
    assert!(a.on_board(HIR));
    let mut b = st.clone();
    act(&mut b, HIR);
    go(&mut b, &mut Script::new(&[6, 4]));
    assert_eq!(b.ps(HIR).loc, PLoc::Discard);
}

#[test]
fn s29_robai() {
    let mut st = blank(2);
    put(&mut st, TAK, "42");
    stones(&mut st, TAK, 0, 1);
    let mut a = st.clone();
    act(&mut a, TAK);
    go(&mut a, &mut Script::new(&[3]));
    // 42 -> 46, then natural U -> 45.
    assert_eq!(at(&a, TAK).as_deref(), Some("45"));
    assert_eq!(a.ps(TAK).b, 0);
    let mut b = st.clone();
    put(&mut b, KAW, "46");
    act(&mut b, TAK);
    go(&mut b, &mut Script::new(&[3, 1]));
    assert_eq!(b.ps(TAK).loc, PLoc::Pile);
    let mut c = blank(2);
    put(&mut c, TAK, "46");
    stones(&mut c, TAK, 0, 1);
    act(&mut c, TAK);
    go(&mut c, &mut Script::new(&[3]));
    assert_eq!(at(&c, TAK).as_deref(), Some("45"));
}
