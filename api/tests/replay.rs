//! Replay (issue 27): a finished game of each engine, shown just after every entry of its journal, equals its
//! journal replayed to that entry, for a player and for a spectator, on SQLite and PostgreSQL.

mod common;

use common::{Player, TestApp, problem};
use serde_json::json;
use shared::api_types::{GameAt, GameDetail, GameStatus};
use shared::journal::{Entry, Match};
use shared::{Lang, RenderContext, Viewer, registry};
use tegami_api::db::schema::games;

/// How many of my own moves are played before I resign (the bots then finish the game, or it ends).
const MY_MOVES: usize = 12;

/// A finished game of `slug`: me and bots, my first legal answer each time, then my resignation.
fn finished_game(app: &TestApp, p: &Player, slug: &str) -> i64 {
    let info = registry::game(slug).unwrap().info();
    let seats = 3.clamp(info.min_seats, info.max_seats) as usize;
    let mut seat_list = vec![json!({"kind": "me"})];
    seat_list.extend(std::iter::repeat_n(json!({"kind": "bot"}), seats - 1));
    let r = app.post("/api/v1/games", Some(&p.token), &json!({"slug": slug, "seats": seat_list}));
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    let id = r.json::<GameDetail>().unwrap().summary.id;
    for _ in 0..MY_MOVES {
        let detail = p.detail(app, id);
        if detail.summary.status == GameStatus::Finished || !detail.summary.my_turn {
            break;
        }
        if !p.play_first_option(app, id).status().is_success() {
            break;
        }
    }
    if p.detail(app, id).summary.status != GameStatus::Finished {
        let r = app.post(&format!("/api/v1/games/{id}/resign"), Some(&p.token), &json!({}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
    }
    assert_eq!(p.detail(app, id).summary.status, GameStatus::Finished, "{slug}: the bots finish the game");
    id
}

/// The stored journal and seed of game `id`, read from the database.
fn stored_journal(app: &TestApp, id: i64) -> (Vec<Entry>, [u8; 32]) {
    use diesel::prelude::*;
    let mut conn = app.db();
    let seed: String = games::table.find(id).select(games::seed).first(&mut *conn).unwrap();
    let entries = tegami_api::service::game_record::whole_journal(&mut conn, id).unwrap();
    (entries, hex::decode(seed).unwrap().try_into().unwrap())
}

fn step(app: &TestApp, id: i64, at: u64, token: Option<&str>) -> GameAt {
    let r = app.get(&format!("/api/v1/games/{id}/replay?at={at}"), token);
    assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
    r.json().unwrap()
}

fn replay_matches_the_journal_at_every_entry(app: &TestApp, slug: &str) {
    let p = app.player("alice");
    let id = finished_game(app, &p, slug);
    let (journal, seed) = stored_journal(app, id);
    let last = journal.len() as u64 - 1;
    let game = registry::game(slug).unwrap();
    let mut hidden_from_the_spectator = 0;
    for at in 0..=last {
        let truth = Match::replay(&journal[..=at as usize], seed).unwrap();
        for (viewer, token) in [(Viewer::Seat(0), Some(p.token.as_str())), (Viewer::Spectator, None)] {
            let shown = step(app, id, at, token);
            assert_eq!((shown.at, shown.last), (at, last));
            assert_eq!(shown.game.view.value(), truth.view(viewer), "{slug} at {at} for {viewer:?}");
            assert_eq!(shown.game.outcome, truth.outcome(), "{slug} at {at}");
            assert_eq!(shown.game.summary.entries, at + 1);
            assert_eq!(shown.game.head_hash, truth.head_hash());
            let over = truth.is_over();
            assert_eq!(shown.game.summary.status == GameStatus::Finished, over, "{slug} at {at}");
            let told: Vec<_> = journal[at as usize]
                .events
                .iter()
                .filter(|e| e.visible_to(viewer, over))
                .map(|e| e.text.clone())
                .collect();
            assert_eq!(shown.events, told, "{slug} at {at} for {viewer:?}: only what could be read then");
            let pending_seats: Vec<_> = shown.game.pending.iter().map(|p| p.decision.clone()).collect();
            let expected: Vec<_> = truth.pending().into_iter().map(|p| p.id).collect();
            assert_eq!(pending_seats, expected, "{slug} at {at}");
        }
        if !truth.is_over() && truth.view(Viewer::Spectator) != truth.view(Viewer::Server) {
            hidden_from_the_spectator += 1;
        }
        let board = app.get(&format!("/api/v1/games/{id}/board?at={at}&width=100"), None).text().unwrap();
        let seats = p.detail(app, id).summary.seats;
        let ctx = RenderContext {
            lang: Lang::En,
            width: 100,
            seat_names: seats.iter().map(|s| s.name.clone()).collect(),
            region: None,
            narrow: false,
        };
        assert_eq!(board, game.render(&truth.view(Viewer::Spectator), &ctx).unwrap(), "{slug} board at {at}");
    }
    if slug == "uosao" {
        // Hands are secret while the game runs: the spectator was shown less than the whole truth.
        assert!(hidden_from_the_spectator > 0);
    }
    let now = p.detail(app, id);
    let at_end = step(app, id, last, Some(&p.token));
    assert_eq!(at_end.game.view, now.view, "the last entry is the game as it is now");
}

tegami_api::on_both_backends! {
    fn replay_of_uosao_matches_its_journal_at_every_entry(db) {
        replay_matches_the_journal_at_every_entry(&TestApp::spawn(db), "uosao");
    }

    fn replay_of_shinobazu_matches_its_journal_at_every_entry(db) {
        replay_matches_the_journal_at_every_entry(&TestApp::spawn(db), "shinobazu");
    }

    fn replay_of_shidouban_matches_its_journal_at_every_entry(db) {
        replay_matches_the_journal_at_every_entry(&TestApp::spawn(db), "shidouban");
    }

    fn replay_of_senbat_matches_its_journal_at_every_entry(db) {
        replay_matches_the_journal_at_every_entry(&TestApp::spawn(db), "senbat");
    }

    fn replay_of_suriagehara_matches_its_journal_at_every_entry(db) {
        replay_matches_the_journal_at_every_entry(&TestApp::spawn(db), "suriagehara");
    }
}

tegami_api::on_both_backends! {
    fn replay_refuses_an_entry_past_the_end_and_says_which_exist(db) {
        let app = TestApp::spawn(db);
        let p = app.player("alice");
        let id = app.uosao_against_bots(&p);
        let last = p.detail(&app, id).summary.entries - 1;
        let body = problem(app.get(&format!("/api/v1/games/{id}/replay?at={}", last + 1), None), 400, "bad_at");
        assert!(body["detail"].as_str().unwrap().contains(&format!("0 to {last}")), "{body}");
        problem(app.get(&format!("/api/v1/games/{id}/board?at={}", last + 5), None), 400, "bad_at");
        problem(app.get(&format!("/api/v1/games/{id}/replay?at=minus"), None), 400, "malformed_query");
        problem(app.get(&format!("/api/v1/games/{id}/replay"), None), 400, "malformed_query");
        problem(app.get("/api/v1/games/9999/replay?at=0", None), 404, "unknown_game");
        // A game still running shows its past too, and nothing after the entry asked for.
        let at0: GameAt = app.get(&format!("/api/v1/games/{id}/replay?at=0"), Some(&p.token)).json().unwrap();
        assert_eq!(at0.game.summary.entries, 1);
        assert!(at0.game.outcome.is_none());
    }
}
