//! The lobby, the archive, profiles and ratings (issue 27), on SQLite and PostgreSQL: unlisted games and private
//! profiles stay out of public lists, and a rated game's end moves its players' ratings.

mod common;

use common::{Player, TestApp, problem};
use serde_json::{Value, json};
use shared::api_types::{ArchivePage, GameDetail, GameStatus, GameSummary, LobbyPage, PlayerRating, Profile};

fn create(app: &TestApp, p: &Player, body: Value) -> i64 {
    let r = app.post("/api/v1/games", Some(&p.token), &body);
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    r.json::<GameDetail>().unwrap().summary.id
}

fn lobby(app: &TestApp, query: &str) -> LobbyPage {
    let r = app.get(&format!("/api/v1/lobby{query}"), None);
    assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
    r.json().unwrap()
}

fn ids(page: &LobbyPage) -> Vec<i64> {
    page.games.iter().map(|g| g.summary.id).collect()
}

tegami_api::on_both_backends! {
    fn the_lobby_lists_listed_games_with_open_seats_filtered_and_paged(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let open3 = create(&app, &alice, json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}));
        let with_bot = create(&app, &alice, json!({"slug": "uosao", "deadline_hours": null,
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot"}]}));
        let unlisted = create(&app, &alice, json!({"slug": "uosao", "listed": false,
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}));
        let other_game = create(&app, &alice, json!({"slug": "senbat", "seats": [{"kind": "me"}, {"kind": "open"}]}));

        let all = lobby(&app, "");
        assert_eq!(ids(&all), vec![other_game, with_bot, open3], "newest first, the unlisted game left out");
        assert!(!ids(&all).contains(&unlisted));
        let first = all.games.iter().find(|g| g.summary.id == open3).unwrap();
        assert_eq!((first.open_seats.clone(), first.rated, first.creator.as_str()), (vec![1, 2], true, "alice"));
        assert!(!all.games.iter().find(|g| g.summary.id == with_bot).unwrap().rated, "a game with a bot is unrated");

        assert_eq!(ids(&lobby(&app, "?game=uosao")), vec![with_bot, open3]);
        assert_eq!(ids(&lobby(&app, "?players=2")), vec![other_game]);
        assert_eq!(ids(&lobby(&app, "?time_limit=none")), vec![with_bot]);
        assert_eq!(ids(&lobby(&app, "?time_limit=72&game=uosao")), vec![open3]);
        assert_eq!(ids(&lobby(&app, "?rated=false")), vec![with_bot]);
        assert_eq!(ids(&lobby(&app, "?lang=en&rated=true&game=uosao")), vec![open3]);
        assert!(lobby(&app, "?lang=ja").games.is_empty());

        let page1 = lobby(&app, "?limit=2");
        assert_eq!(ids(&page1), vec![other_game, with_bot]);
        let page2 = lobby(&app, &format!("?limit=2&after={}", page1.next.expect("a second page")));
        assert_eq!((ids(&page2), page2.next), (vec![open3], None));

        problem(app.get("/api/v1/lobby?game=chess", None), 404, "unknown_game_type");
        problem(app.get("/api/v1/lobby?lang=fr", None), 400, "bad_lang");
        let body = problem(app.get("/api/v1/lobby?time_limit=soon", None), 400, "bad_time_limit");
        assert!(body["detail"].as_str().unwrap().contains("none"), "{body}");
        problem(app.get("/api/v1/lobby?limit=0", None), 400, "bad_limit");
        problem(app.get("/api/v1/lobby?players=many", None), 400, "malformed_query");

        // The lobby page lists the same games, each with a way to take a seat.
        let html = app.get("/lobby", None).text().unwrap();
        assert!(html.contains(&format!("href=\"/games/{open3}\"")), "{html}");
        assert!(html.contains(&format!("/sign-in?next=/games/{open3}")));
        assert!(!html.contains(&format!("href=\"/games/{unlisted}\"")));
        assert!(app.get("/lobby?game=uosao", None).text().unwrap().contains(&format!("href=\"/games/{with_bot}\"")));

        // Joined from the lobby: once every seat is taken, the game leaves it.
        let bob = app.player("bob");
        let r = app.post(&format!("/api/v1/games/{other_game}/join"), Some(&bob.token), &json!({}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
        assert!(!ids(&lobby(&app, "")).contains(&other_game));
    }
}

/// Plays until game `id` ends with these players resigning in this order (the last one left wins).
fn resign_in_order(app: &TestApp, id: i64, players: &[&Player]) {
    for p in players {
        if p.detail(app, id).summary.status == GameStatus::Finished {
            break;
        }
        let r = app.post(&format!("/api/v1/games/{id}/resign"), Some(&p.token), &json!({}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
    }
}

tegami_api::on_both_backends! {
    fn a_rated_game_moves_ratings_and_profiles_and_the_archive_honour_privacy(db) {
        let app = TestApp::spawn(db);
        let (alice, bob, carol) = (app.player("alice"), app.player("bob"), app.player("carol"));
        problem(
            app.post("/api/v1/games", Some(&alice.token),
                &json!({"slug": "uosao", "rated": true, "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]})),
            422,
            "bad_rated",
        );
        let id = create(&app, &alice, json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}));
        for p in [&bob, &carol] {
            assert_eq!(app.post(&format!("/api/v1/games/{id}/join"), Some(&p.token), &json!({})).status(), 200);
        }
        resign_in_order(&app, id, &[&alice, &bob]);
        let done = carol.detail(&app, id);
        assert_eq!(done.summary.status, GameStatus::Finished);
        assert_eq!(done.standings.len(), 3);
        // Ranked as the rules rank resignations: the best up, the last down.
        let (best, worst) = (done.standings[0].clone(), done.standings[2].clone());
        assert!(best.rank < worst.rank, "{:?}", done.standings);
        assert!(best.winner);

        let board: Vec<PlayerRating> = app.get("/api/v1/game-types/uosao/leaderboard", None).json().unwrap();
        let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names.len(), 3);
        assert_eq!(names[0], best.name, "{board:?}");
        let of = |name: &str| board.iter().find(|r| r.name == name).unwrap().clone();
        assert!(of(&best.name).rating > 25.0 && of(&worst.name).rating < 25.0, "{board:?}");
        assert!(board.iter().all(|r| r.uncertainty < 25.0 / 3.0 && r.games == 1), "{board:?}");
        assert_eq!((of(&best.name).wins, of(&worst.name).wins), (1, 0));
        let few: Vec<PlayerRating> = app.get("/api/v1/game-types/uosao/leaderboard?min_games=2", None).json().unwrap();
        assert!(few.is_empty());
        problem(app.get("/api/v1/game-types/chess/leaderboard", None), 404, "unknown_game_type");

        // A game with bots moves nobody's rating, and an unlisted one stays out of the archive.
        let practice = create(&app, &carol, json!({"slug": "uosao", "listed": false,
            "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]}));
        resign_in_order(&app, practice, &[&carol]);
        let after: Vec<PlayerRating> = app.get("/api/v1/game-types/uosao/leaderboard", None).json().unwrap();
        assert_eq!(after, board);

        let archive: ArchivePage = app.get("/api/v1/archive", None).json().unwrap();
        let archived: Vec<i64> = archive.games.iter().map(|g| g.summary.id).collect();
        assert_eq!(archived, vec![id]);
        assert!(archive.games[0].rated);
        assert_eq!(archive.games[0].standings, done.standings);
        let by_carol: ArchivePage = app.get(&format!("/api/v1/archive?player={}&game=uosao", carol.id), None).json().unwrap();
        assert_eq!(by_carol.games.len(), 1);
        let other: ArchivePage = app.get("/api/v1/archive?game=shinobazu", None).json().unwrap();
        assert!(other.games.is_empty());

        let profile: Profile = app.get(&format!("/api/v1/players/{}", carol.id), None).json().unwrap();
        let carol_won = u32::from(done.standings.iter().any(|s| s.name == "carol" && s.winner));
        assert_eq!((profile.records[0].played, profile.records[0].won), (2, carol_won), "{profile:?}");
        assert_eq!(profile.ratings.len(), 1);

        // Bob goes private: off the leaderboard, his page and archive search only for himself.
        let r = app.put("/api/v1/me/profile", Some(&bob.token), &json!({"public": false}));
        assert_eq!(r.status(), 204);
        let board: Vec<PlayerRating> = app.get("/api/v1/game-types/uosao/leaderboard", None).json().unwrap();
        assert!(board.iter().all(|r| r.name != "bob"));
        problem(app.get(&format!("/api/v1/players/{}", bob.id), Some(&alice.token)), 403, "profile_private");
        problem(app.get(&format!("/api/v1/archive?player={}", bob.id), None), 403, "profile_private");
        let own: Profile = app.get(&format!("/api/v1/players/{}", bob.id), Some(&bob.token)).json().unwrap();
        assert!(!own.public);
        problem(app.get("/api/v1/players/9999", None), 404, "unknown_player");
        assert_eq!(app.get(&format!("/players/{}", bob.id), None).status(), 403);
        let page = app.get(&format!("/players/{}", carol.id), None).text().unwrap();
        assert!(page.contains("carol") && page.contains(" ± "), "{page}");
        let page = app.get("/leaderboard/uosao", None).text().unwrap();
        assert!(board.iter().all(|r| page.contains(&format!(">{}<", r.name))) && !page.contains(">bob<"), "{page}");
        let page = app.get("/archive", None).text().unwrap();
        assert!(page.contains(&format!("href=\"/games/{id}\"")) && !page.contains(&format!("href=\"/games/{practice}\"")));
        problem(app.put("/api/v1/me/profile", Some(&bob.token), &json!({"public": "no"})), 400, "malformed_body");

        // My games: filtered by game and status, a page at a time.
        let mine: Vec<GameSummary> = app.get("/api/v1/games?game=uosao&limit=1", Some(&carol.token)).json().unwrap();
        assert_eq!(mine.iter().map(|g| g.id).collect::<Vec<_>>(), vec![practice]);
        let older: Vec<GameSummary> =
            app.get(&format!("/api/v1/games?game=uosao&after={practice}"), Some(&carol.token)).json().unwrap();
        assert_eq!(older.iter().map(|g| g.id).collect::<Vec<_>>(), vec![id]);
        let none: Vec<GameSummary> = app.get("/api/v1/games?game=senbat", Some(&carol.token)).json().unwrap();
        assert!(none.is_empty());
        problem(app.get("/api/v1/games?limit=500", Some(&carol.token)), 400, "bad_limit");
    }
}
