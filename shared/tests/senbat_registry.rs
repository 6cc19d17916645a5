//! Senbat through the registry's JSON edges, as the server and the CLI use it: create, type notation
//! against a seat's view, apply, render; sealed token placements stay hidden in the journal.
#![cfg(feature = "senbat")]

use shared::journal::{Actor, EntryBody, Match};
use shared::registry;
use shared::{Lang, RenderContext, Viewer};

const AT: &str = "2026-01-01T00:00:00Z";

fn type_move(m: &mut Match, text: &str) {
    let game = registry::game("senbat").unwrap();
    let p = m.pending().first().cloned().expect("a decision is pending");
    let view = m.view(Viewer::Seat(p.seat));
    let action = game.parse_action(&view, &p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    m.append(EntryBody::Move { seat: p.seat, decision: p.id, action, by: Actor::Player, signature: None }, AT)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

#[test]
fn a_quickstart_game_is_played_by_typed_notation() {
    let game = registry::game("senbat").expect("registered");
    assert_eq!(game.info().name.ja, "戦国カードバトル");
    let options = serde_json::json!({"quickstart": true, "oda_seat": 0, "first_seat": 0});
    let mut m = Match::create("senbat", options, 2, [9; 32], AT).unwrap();
    // Both seats place tokens (sealed).
    let pend = m.pending();
    assert_eq!(pend.len(), 2);
    type_move(&mut m, "tokens MV=2 SH=1 CH=0 RD=1");
    // Seat 1 does not see seat 0's placement before committing.
    let seen = shared::testkit::everything_seen_by(&m, Viewer::Seat(1));
    assert!(!seen.contains("MV2 SH1 CH0 RD1"), "sealed placement leaked");
    type_move(&mut m, "tokens mv=1 sh=1 ch=1 rd=1");
    let seen = shared::testkit::everything_seen_by(&m, Viewer::Seat(1));
    assert!(seen.contains("Tokens revealed: P1 MV2 SH1 CH0 RD1, P2 MV1 SH1 CH1 RD1"), "{seen}");
    // P1 moves twice with two sonae, then ends.
    type_move(&mut m, "move OG2 fwd 2");
    type_move(&mut m, "move og1 rot +10 fwd 1");
    assert_eq!(m.pending()[0].seat, 1, "MV is exhausted: the turn ended");
    let choices = game.legal(m.state(), &m.pending()[0].id).unwrap();
    assert!(!choices.complete, "executions are a described space");
    assert!(!choices.options.is_empty());
    for lang in [Lang::En, Lang::Ja] {
        let out = game.render(&m.view(Viewer::Seat(1)), &RenderContext::new(lang, 80)).unwrap();
        assert!(out.lines().all(|l| shared::text::width(l) <= 80), "{out}");
    }
    // A bad notation says what the notation looks like.
    let p = m.pending()[0].clone();
    let err = game.parse_action(&m.view(Viewer::Seat(1)), &p, "march TG1").unwrap_err();
    assert!(err.to_string().contains("move OG1"), "{err}");
    type_move(&mut m, "defend");
    assert_eq!(m.pending()[0].seat, 0, "P2's single RD token is spent: back to P1");
}
