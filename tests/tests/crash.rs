//! The real server killed with SIGKILL while many moves are in flight (inside a batch of the
//! group-commit writer): after a restart every move it acknowledged is in its game's journal at the seq and
//! hash it was acknowledged with, every journal still replays to the stored snapshot, and play goes on.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod http_player;

use e2e::{Backend, Server};
use http_player::HttpPlayer as Person;
use reqwest::blocking::Client;
use serde_json::{Value, json};
use shared::api_types::{GameDetail, GameStatus, JournalListing, LegalMoves, MoveAccepted, MoveClaims};
use shared::journal::{EntryBody, Match};

/// Players, each in games of their own against two bots, moving as fast as the server answers.
const PLAYERS: usize = 12;

/// A move the server acknowledged (201): where it said the move went.
#[derive(Debug, Clone)]
struct Acknowledged {
    game: i64,
    seq: u64,
    hash: String,
}

impl Person {
    fn new_game(&self, base: &str) -> Option<i64> {
        let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]});
        let r = self.http.post(format!("{base}/api/v1/games")).bearer_auth(&self.token).json(&body).send().ok()?;
        (r.status() == 201).then(|| r.json::<GameDetail>().ok().map(|d| d.summary.id)).flatten()
    }

    /// One move in `game`: `None` once the server is gone (or the game over), else what was acknowledged.
    fn play(&self, base: &str, game: i64, turn: usize) -> Option<(String, Option<Acknowledged>)> {
        let get = |path: &str| self.http.get(format!("{base}{path}")).bearer_auth(&self.token).send().ok();
        let moves: Vec<LegalMoves> = get(&format!("/api/v1/games/{game}/moves"))?.json().ok()?;
        let m = moves.first()?;
        let options = &m.choices.options;
        let claims = MoveClaims {
            game,
            seat: 0,
            decision: m.decision.decision.clone(),
            action: options[turn % options.len()].action.clone(),
            iat: 1_800_000_000,
        };
        let signed = self.key.sign(&claims).unwrap();
        let r = self
            .http
            .post(format!("{base}/api/v1/games/{game}/moves"))
            .bearer_auth(&self.token)
            .json(&json!({"move": signed}))
            .send()
            .ok()?;
        let ack = if r.status() == 201 {
            r.json::<MoveAccepted>().ok().map(|a| Acknowledged { game, seq: a.seq, hash: a.hash })
        } else {
            None
        };
        Some((signed, ack))
    }
}

fn killed_mid_batch_loses_no_acknowledged_move(backend: Backend) {
    let server = Server::start(backend);
    let base = server.url.clone();
    let http = Client::builder().timeout(Duration::from_secs(30)).build().unwrap();
    let people: Vec<Person> = (0..PLAYERS).map(|i| Person::register(&http, &base, &format!("crash{i}"))).collect();
    let acks: Mutex<BTreeMap<String, Acknowledged>> = Mutex::new(BTreeMap::new());
    let games: Mutex<Vec<(usize, i64)>> = Mutex::new(Vec::new());
    let gone = AtomicBool::new(false);
    let server = std::thread::scope(|s| {
        for (i, person) in people.iter().enumerate() {
            let (base, acks, games, gone) = (&base, &acks, &games, &gone);
            s.spawn(move || {
                let mut turn = 0;
                while !gone.load(Ordering::Relaxed) {
                    let Some(game) = person.new_game(base) else { return };
                    games.lock().unwrap().push((i, game));
                    while let Some((signed, ack)) = person.play(base, game, turn) {
                        turn += 1;
                        if let Some(ack) = ack {
                            acks.lock().unwrap().insert(signed, ack);
                        }
                    }
                }
            });
        }
        // Let the players get going, then kill the server while their moves are in flight.
        let started = Instant::now();
        while acks.lock().unwrap().len() < 60 && started.elapsed() < Duration::from_secs(90) {
            std::thread::sleep(Duration::from_millis(20));
        }
        gone.store(true, Ordering::Relaxed);
        server.restart()
    });
    let acks = acks.into_inner().unwrap();
    assert!(acks.len() >= 60, "the players made moves before the kill ({})", acks.len());

    let mut conn = tegami_api::db::open(&server.database.url).unwrap();
    for (i, game) in games.into_inner().unwrap() {
        let person = &people[i];
        let journal: JournalListing = person
            .http
            .get(format!("{}/api/v1/games/{game}/journal", server.url))
            .bearer_auth(&person.token)
            .send()
            .unwrap()
            .json()
            .unwrap();
        for (token, ack) in acks.iter().filter(|(_, a)| a.game == game) {
            let entry = journal.entries.get(ack.seq as usize).expect("an acknowledged move is in the journal");
            assert_eq!(entry.hash, ack.hash, "game {game}: the move acknowledged at seq {} changed", ack.seq);
            assert!(matches!(&entry.body, EntryBody::Move { signature: Some(s), .. } if s == token));
        }
        // The stored snapshot is still what the stored journal folds to.
        let entries = tegami_api::service::game_record::whole_journal(&mut conn, game).unwrap();
        let (seed, snapshot) = stored_seed_and_snapshot(&mut conn, game);
        let rebuilt = Match::replay(&entries, seed).expect("the journal replays");
        assert_eq!(rebuilt.game().state_to_json(rebuilt.state()), snapshot, "game {game}: snapshot = rebuild");
        // And the game goes on where it stopped.
        let detail: GameDetail = person
            .http
            .get(format!("{}/api/v1/games/{game}", server.url))
            .bearer_auth(&person.token)
            .send()
            .unwrap()
            .json()
            .unwrap();
        if detail.summary.status == GameStatus::Active {
            let (_, ack) = person.play(&server.url, game, 0).expect("the restarted server answers");
            assert!(ack.is_some(), "game {game}: a move after the restart is accepted");
        }
    }
}

fn stored_seed_and_snapshot(conn: &mut tegami_api::db::Conn, game: i64) -> ([u8; 32], Value) {
    use diesel::prelude::*;
    use tegami_api::db::schema::games;
    let (seed, snapshot): (String, String) =
        games::table.find(game).select((games::seed, games::snapshot)).first(conn).unwrap();
    (hex::decode(seed).unwrap().try_into().unwrap(), serde_json::from_str(&snapshot).unwrap())
}

e2e::on_both_backends! {
    fn a_server_killed_during_a_batch_keeps_every_acknowledged_move(db) {
        killed_mid_batch_loses_no_acknowledged_move(db);
    }
}
