//! A whole 3-player game of 右王左王 played through the journal the way the CLI does it: read the legal
//! options, type one option's notation, parse it with the player's own view, append the move, render.

#![cfg(feature = "uosao")]

use shared::Rng;
use shared::engine::{Lang, RenderContext, Viewer};
use shared::journal::{Actor, EntryBody, Match};

#[test]
fn uosao_three_player_game_typed_in_notation() {
    let at = "2026-01-01T00:00:00Z";
    let mut m = Match::create("uosao", serde_json::Value::Null, 3, [7u8; 32], at).expect("create");
    let mut pick = Rng::from_seed(b"typist");
    let mut moves = 0;
    while let Some(p) = m.pending().first().cloned() {
        let game = m.game();
        let legal = game.legal(m.state(), &p.id).expect("legal");
        assert!(legal.complete && !legal.options.is_empty());
        assert!(!legal.prompt.en.is_empty() && !legal.prompt.ja.is_empty());
        let option = pick.choose(&legal.options).expect("an option").clone();
        let view = m.view(Viewer::Seat(p.seat));
        let typed = format!(" {} ", option.notation.to_lowercase());
        let action = game.parse_action(&view, &p, &typed).expect("typed notation parses");
        assert_eq!(action, option.action);
        for lang in [Lang::En, Lang::Ja] {
            let mut ctx = RenderContext::new(lang, 80);
            ctx.seat_names = vec!["alice".into(), "bob".into(), "carol".into()];
            let board = game.render(&view, &ctx).expect("render");
            assert!(board.lines().all(|l| shared::text::width(l) <= 80));
        }
        m.append(EntryBody::Move { seat: p.seat, decision: p.id, action, by: Actor::Player, signature: None }, at)
            .expect("accepted");
        moves += 1;
    }
    let outcome = m.outcome().expect("over");
    assert_eq!(outcome.ranks.len(), 3);
    assert!(moves >= 3 * 3, "three seasons of plays");
}
