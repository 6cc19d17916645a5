//! Shidouban through the registry's JSON edges, as the server and the CLI use it: create, type the
//! notation of a listed option against the seat's view, apply (timeouts too), render, and the journal's
//! redaction of the answers of other seats.
#![cfg(feature = "shidouban")]

use shared::journal::{Actor, EntryBody, Match};
use shared::registry;
use shared::testkit::salts;
use shared::{Lang, RenderContext, Viewer};

const AT: &str = "2026-01-01T00:00:00Z";

#[test]
fn a_game_is_played_by_typed_notation_and_timeouts() {
    let game = registry::game("shidouban").expect("registered");
    assert_eq!((game.info().min_seats, game.info().max_seats), (2, 4));
    assert!(Match::create("shidouban", serde_json::Value::Null, 5, [1; 32], AT).is_err());
    let mut m =
        Match::create("shidouban", serde_json::Value::Null, 3, [9; 32], AT).unwrap().with_salts(salts(b"registry"));
    let mut n = 0;
    while let Some(p) = m.pending().first().cloned() {
        n += 1;
        assert!(n < 20_000, "the game ends");
        if n % 3 == 0 {
            // A missed deadline: the rules' default answer.
            let action = game.timeout_action(m.state(), &p.id).expect("every decision has a default");
            m.append(EntryBody::Timeout { seat: p.seat, decision: p.id, action: Some(action) }, AT).expect("accepted");
            continue;
        }
        let view = m.view(Viewer::Seat(p.seat));
        let choices = game.legal(m.state(), &p.id).expect("legal answers");
        let last = choices.options.last().expect("an option").clone();
        let action = game.parse_action(&view, &p, &last.notation).expect("notation parses");
        assert_eq!(action, last.action);
        if n % 50 == 0 {
            for lang in [Lang::En, Lang::Ja] {
                let rendered = game.render(&view, &RenderContext::new(lang, 80)).unwrap();
                assert!(rendered.lines().all(|l| shared::text::width(l) <= 80));
            }
        }
        m.append(EntryBody::Move { seat: p.seat, decision: p.id, action, by: Actor::Player, signature: None }, AT)
            .expect("accepted");
    }
    let outcome = m.outcome().expect("over");
    assert_eq!(outcome.ranks.len(), 3);
}

#[test]
fn other_seats_answers_are_redacted_until_the_end() {
    let mut m =
        Match::create("shidouban", serde_json::Value::Null, 2, [3; 32], AT).unwrap().with_salts(salts(b"redacted"));
    let p = m.pending()[0].clone();
    let game = registry::game("shidouban").unwrap();
    let choices = game.legal(m.state(), &p.id).unwrap();
    m.append(
        EntryBody::Move {
            seat: p.seat,
            decision: p.id,
            action: choices.options[0].action.clone(),
            by: Actor::Player,
            signature: None,
        },
        AT,
    )
    .unwrap();
    let other = m.journal_for(Viewer::Seat(1 - p.seat));
    assert!(other.last().unwrap().redacted);
}
