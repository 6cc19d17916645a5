//! Shinobazu through the registry's JSON edges, as the server and the CLI use it: create, parse typed
//! notation against a seat's view, apply, render, and the journal's redaction of hidden plays.
#![cfg(feature = "shinobazu")]

use shared::journal::{Actor, EntryBody, Match};
use shared::registry;
use shared::{Lang, RenderContext, Viewer};

const AT: &str = "2026-01-01T00:00:00Z";

#[test]
fn a_game_is_played_by_typed_notation_through_the_registry() {
    let game = registry::game("shinobazu").expect("registered");
    assert_eq!(game.info().name.ja, "不忍");
    let mut m = Match::create("shinobazu", serde_json::json!({"first_start_player": 0}), 4, [7; 32], AT).unwrap();
    let mut moves = 0;
    while let Some(p) = m.pending().first().cloned() {
        let view = m.view(Viewer::Seat(p.seat));
        let choices = game.legal(m.state(), &p.id).expect("legal answers");
        assert!(choices.complete);
        // Type the first listed option's notation, as a player would.
        let text = &choices.options[0].notation;
        let action = game.parse_action(&view, &p, text).expect("notation parses");
        assert_eq!(action, choices.options[0].action);
        let rendered = game.render(&view, &RenderContext::new(Lang::Ja, 80)).unwrap();
        assert!(rendered.lines().all(|l| shared::text::width(l) <= 80));
        m.append(EntryBody::Move { seat: p.seat, decision: p.id, action, by: Actor::Player, signature: None }, AT)
            .expect("accepted");
        moves += 1;
        assert!(moves < 5_000, "the game ends");
    }
    let o = m.outcome().expect("over");
    assert!(o.ranks.contains(&1));
}

#[test]
fn another_seats_play_is_redacted_until_the_end() {
    let mut m = Match::create("shinobazu", serde_json::json!({"first_start_player": 0}), 3, [9; 32], AT).unwrap();
    let game = m.game();
    let p = m.pending()[0].clone();
    let choices = game.legal(m.state(), &p.id).unwrap();
    let action = choices.options[0].action.clone();
    let card = action["card"].as_str().unwrap().to_string();
    m.append(EntryBody::Move { seat: 0, decision: p.id, action, by: Actor::Player, signature: None }, AT).unwrap();
    let seen_by_p2 = shared::testkit::everything_seen_by(&m, Viewer::Seat(1));
    assert!(!seen_by_p2.contains(&format!("\"{card}\"")), "P2 sees P1's face-down {card}");
    let seen_by_p1 = shared::testkit::everything_seen_by(&m, Viewer::Seat(0));
    assert!(seen_by_p1.contains(&format!("\"{card}\"")));
    // Options default to a random first start player.
    let r = Match::create("shinobazu", serde_json::Value::Null, 5, [1; 32], AT).unwrap();
    assert_eq!(r.pending().len(), 1);
}
