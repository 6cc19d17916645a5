//! Two `tegami-server` processes on one PostgreSQL database (the shape of N instances behind a load
//! balancer), with every client submitting to both at once: each signed move is sent to both instances
//! together, and a rival move for the same decision races it. Afterwards every journal verifies, no move is
//! applied twice, no acknowledged move is missing, and every email went out exactly once. Events committed
//! on one instance reach the streams of the other at once (LISTEN/NOTIFY), also across a dropped LISTEN.

mod http_player;
#[path = "../../api/tests/common/smtp.rs"]
#[allow(dead_code)]
mod smtp;
#[path = "../../api/tests/common/sse.rs"]
#[allow(dead_code)]
mod sse;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use diesel::prelude::*;
use e2e::{Backend, Server};
use http_player::HttpPlayer as Person;
use reqwest::blocking::Client;
use serde_json::{Value, json};
use shared::api_types::{GameDetail, GameStatus, JournalListing, LegalMoves, MoveAccepted, MoveClaims};
use shared::journal::{EntryBody, Match};
use shared::signing;
use smtp::SmtpSink;
use tegami_api::db::schema::outbox;

const GAMES_PER_ROUND: usize = 2;
const ROUNDS: usize = 2;

impl Person {
    fn get<T: serde::de::DeserializeOwned>(&self, base: &str, path: &str) -> T {
        let r = self.http.get(format!("{base}{path}")).bearer_auth(&self.token).send().unwrap();
        assert!(r.status().is_success(), "GET {path}: {}", r.status());
        r.json().unwrap()
    }

    fn submit(&self, base: &str, game: i64, signed: &str) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{base}/api/v1/games/{game}/moves"))
            .bearer_auth(&self.token)
            .json(&json!({"move": signed}))
            .send()
            .unwrap();
        (r.status().as_u16(), r.json().unwrap_or(Value::Null))
    }

    fn sign(&self, game: i64, seat: u8, decision: &str, action: &Value) -> String {
        let claims = MoveClaims { game, seat, decision: decision.into(), action: action.clone(), iat: 1_800_000_000 };
        self.key.sign(&claims).unwrap()
    }
}

/// A move an instance acknowledged: where it says the move went.
#[derive(Debug)]
struct Acknowledged {
    game: i64,
    seq: u64,
    hash: String,
}

/// Plays `me`'s seat of `game` to the end: each move is submitted to both instances at once while a rival
/// move for the same decision goes to one of them.
fn play_seat(me: &Person, instances: &[String; 2], game: i64, acks: &Mutex<BTreeMap<String, Acknowledged>>) {
    for turn in 0..2_000 {
        let base = &instances[turn % 2];
        let detail: GameDetail = me.get(base, &format!("/api/v1/games/{game}"));
        if detail.summary.status == GameStatus::Finished {
            return;
        }
        if !detail.summary.my_turn {
            std::thread::sleep(std::time::Duration::from_millis(5));
            continue;
        }
        let seat = detail.summary.my_seat.unwrap();
        let moves: Vec<LegalMoves> = me.get(base, &format!("/api/v1/games/{game}/moves"));
        let Some(m) = moves.first() else { continue };
        let options = &m.choices.options;
        let pick = (turn * 7 + seat as usize) % options.len();
        let chosen = me.sign(game, seat, &m.decision.decision, &options[pick].action);
        let rival = (options.len() > 1)
            .then(|| me.sign(game, seat, &m.decision.decision, &options[(pick + 1) % options.len()].action));
        let (first, second, raced) = std::thread::scope(|s| {
            let a = s.spawn(|| me.submit(&instances[0], game, &chosen));
            let b = s.spawn(|| me.submit(&instances[1], game, &chosen));
            let r = rival.as_ref().map(|rival| s.spawn(|| me.submit(&instances[turn % 2], game, rival)));
            (a.join().unwrap(), b.join().unwrap(), r.map(|r| r.join().unwrap()))
        });
        let mut acknowledged = acks.lock().unwrap();
        let mut record = |signed: &str, (status, body): &(u16, Value)| {
            if *status == 200 || *status == 201 {
                let accepted: MoveAccepted = serde_json::from_value(body.clone()).unwrap();
                let ack = Acknowledged { game, seq: accepted.seq, hash: accepted.hash };
                if let Some(before) = acknowledged.get(signed) {
                    assert_eq!((before.seq, &before.hash), (ack.seq, &ack.hash), "one move, two answers");
                } else {
                    acknowledged.insert(signed.to_string(), ack);
                }
                true
            } else {
                assert!(matches!(status, 409 | 422), "refusals are conflicts or illegal moves, got {status}: {body}");
                false
            }
        };
        let chosen_won = record(&chosen, &first) | record(&chosen, &second);
        let fresh = [&first, &second].iter().filter(|(status, _)| *status == 201).count();
        let rival_won = match (&rival, &raced) {
            (Some(rival), Some(result)) => record(rival, result),
            _ => false,
        };
        assert!(chosen_won != rival_won, "exactly one of two rival moves applies ({first:?} {second:?} {raced:?})");
        if chosen_won {
            assert_eq!(fresh, 1, "a move sent to both instances is applied once and answered once as a duplicate");
        }
    }
    panic!("game {game} did not end");
}

fn verify(journal: &JournalListing, acks: &BTreeMap<String, Acknowledged>) {
    let seed: [u8; 32] =
        hex::decode(journal.seed.as_ref().expect("seed revealed at the end")).unwrap().try_into().unwrap();
    let replayed = Match::replay(&journal.entries, seed).expect("the journal replays and its chain holds");
    assert!(replayed.is_over());
    let mut seen = BTreeSet::new();
    for e in &journal.entries {
        if let EntryBody::Move { signature: Some(token), seat, decision, action, .. } = &e.body {
            assert!(seen.insert(token.clone()), "move applied twice at seq {}", e.seq);
            let (kid, _) = signing::peek(token).unwrap();
            let key = journal.keys.iter().find(|k| k.kid == kid).expect("signing key listed");
            let claims = signing::verify(token, &key.public_key).unwrap();
            assert_eq!(
                (claims.game, claims.seat, &claims.decision, &claims.action),
                (journal.game, *seat, decision, action)
            );
            assert!(acks.contains_key(token), "seq {} applied a move nobody was told about", e.seq);
        }
    }
    for (token, ack) in acks.iter().filter(|(_, a)| a.game == journal.game) {
        let entry = journal.entries.get(ack.seq as usize).expect("acknowledged entry exists");
        assert_eq!(entry.hash, ack.hash, "acknowledged move missing or moved");
        assert!(matches!(&entry.body, EntryBody::Move { signature: Some(s), .. } if s == token));
    }
}

#[test]
fn two_instances_on_one_postgres_database_apply_each_move_once() {
    if !tegami_api::db::scratch::postgres_available() {
        return;
    }
    let sink = SmtpSink::start();
    let first = Server::start_with(Backend::Postgres, &[("TEGAMI_SMTP_URL", sink.url())]);
    let second = first.another_instance(1);
    let instances = [first.url.clone(), second.url.clone()];
    // Idle connections are dropped before the server's keep-alive (5 s) ends them, so that a request never
    // races the server closing the connection it was sent on.
    let http = Client::builder().pool_idle_timeout(std::time::Duration::from_secs(2)).build().unwrap();
    let acks = Mutex::new(BTreeMap::new());
    let mut games = Vec::new();
    for round in 0..ROUNDS {
        let round_games: Vec<(i64, Vec<Person>)> = (0..GAMES_PER_ROUND)
            .map(|g| {
                let players: Vec<Person> =
                    (0..3).map(|p| Person::register(&http, &instances[p % 2], &format!("r{round}g{g}p{p}"))).collect();
                let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]});
                let created: GameDetail = {
                    let r = http
                        .post(format!("{}/api/v1/games", instances[g % 2]))
                        .bearer_auth(&players[0].token)
                        .json(&body)
                        .send()
                        .unwrap();
                    assert_eq!(r.status(), 201);
                    r.json().unwrap()
                };
                let id = created.summary.id;
                for (p, player) in players.iter().enumerate().skip(1) {
                    let r = http
                        .post(format!("{}/api/v1/games/{id}/join", instances[p % 2]))
                        .bearer_auth(&player.token)
                        .json(&json!({}))
                        .send()
                        .unwrap();
                    assert_eq!(r.status(), 200, "join: {}", r.text().unwrap_or_default());
                }
                (id, players)
            })
            .collect();
        std::thread::scope(|s| {
            for (id, players) in &round_games {
                for player in players {
                    let (instances, acks) = (&instances, &acks);
                    s.spawn(move || play_seat(player, instances, *id, acks));
                }
            }
        });
        games.extend(round_games.into_iter().map(|(id, _)| id));
    }

    let acks = acks.into_inner().unwrap();
    for (i, game) in games.iter().enumerate() {
        let journal: JournalListing =
            http.get(format!("{}/api/v1/games/{game}/journal", instances[i % 2])).send().unwrap().json().unwrap();
        verify(&journal, &acks);
    }

    // Every email: sent once by one of the two workers, none lost.
    let mut conn = tegami_api::db::open(&first.database.url).unwrap();
    let wait = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let expected: Vec<String> = loop {
        let unsent: i64 = outbox::table.filter(outbox::sent_at.is_null()).count().get_result(&mut conn).unwrap();
        if unsent == 0 {
            break outbox::table.select(outbox::message_id).load(&mut conn).unwrap();
        }
        assert!(std::time::Instant::now() < wait, "{unsent} emails never sent");
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    // A row may be tried again after a failed attempt (at least once); what must hold is that no email reaches
    // the SMTP server twice although both instances' workers claim from the same table.
    let received = sink.messages();
    let mut delivered = BTreeMap::<String, usize>::new();
    for m in &received {
        let text = String::from_utf8_lossy(&m.data);
        let id = text
            .lines()
            .find_map(|l| l.strip_prefix("Message-ID: ").or_else(|| l.strip_prefix("Message-Id: ")))
            .expect("every email has a Message-ID")
            .trim()
            .to_string();
        *delivered.entry(id).or_default() += 1;
    }
    assert!(delivered.values().all(|n| *n == 1), "an email was delivered twice");
    let expected: BTreeSet<String> = expected.into_iter().collect();
    assert_eq!(delivered.keys().cloned().collect::<BTreeSet<_>>(), expected, "delivered = queued");
    assert!(expected.len() > 20, "the games caused emails ({})", expected.len());
    for server in [&first, &second] {
        assert!(server.log().contains("tegami-server listening"), "{}", server.log());
    }
}

#[test]
fn an_event_committed_on_one_instance_reaches_the_streams_of_the_other() {
    if !tegami_api::db::scratch::postgres_available() {
        return;
    }
    let first = Server::start(Backend::Postgres);
    let second = first.another_instance(1);
    let http = Client::new();
    let alice = Person::register(&http, &first.url, "alice");
    let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]});
    let r = http.post(format!("{}/api/v1/games", first.url)).bearer_auth(&alice.token).json(&body).send().unwrap();
    assert_eq!(r.status(), 201);
    let game = r.json::<GameDetail>().unwrap().summary.id;
    let mine = sse::Stream::open(&format!("{}/api/v1/events", second.url), Some(&alice.token), None);
    let watching = sse::Stream::open(&format!("{}/api/v1/games/{game}/events", second.url), None, None);
    assert_eq!(mine.next().event.as_deref(), Some("ready"));
    assert_eq!(watching.next().event.as_deref(), Some("ready"));

    for _ in 0..3 {
        let detail: GameDetail = alice.get(&first.url, &format!("/api/v1/games/{game}"));
        let moves: Vec<LegalMoves> = alice.get(&first.url, &format!("/api/v1/games/{game}/moves"));
        let m = &moves[0];
        let signed =
            alice.sign(game, detail.summary.my_seat.unwrap(), &m.decision.decision, &m.choices.options[0].action);
        let (status, body) = alice.submit(&first.url, game, &signed);
        assert_eq!(status, 201, "{body}");
        let accepted: MoveAccepted = serde_json::from_value(body).unwrap();
        for stream in [&mine, &watching] {
            let event = stream.next().game();
            assert_eq!(event.game, game);
            let entry = event.entries.iter().find(|e| e.seq == accepted.seq).expect("the move's entry");
            assert_eq!(entry.hash, accepted.hash, "the other instance streams the move posted to the first");
        }
    }
}

/// Waits until `server`'s log holds `needle` at least `times` times; fails the test after 30 s.
fn wait_for_log(server: &Server, needle: &str, times: usize) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while server.log().matches(needle).count() < times {
        assert!(std::time::Instant::now() < deadline, "no {times}× `{needle}` in the log:\n{}", server.log());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Posts `me`'s first legal move in `game` to `base` (in a new game against two bots once `game` is over);
/// returns the game and where the move went.
fn play_first_option(me: &Person, base: &str, game: i64) -> (i64, MoveAccepted) {
    let mut detail: GameDetail = me.get(base, &format!("/api/v1/games/{game}"));
    if detail.summary.status == GameStatus::Finished {
        let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]});
        let r = me.http.post(format!("{base}/api/v1/games")).bearer_auth(&me.token).json(&body).send().unwrap();
        assert_eq!(r.status(), 201);
        detail = r.json().unwrap();
    }
    let game = detail.summary.id;
    let moves: Vec<LegalMoves> = me.get(base, &format!("/api/v1/games/{game}/moves"));
    let m = &moves[0];
    let signed = me.sign(game, detail.summary.my_seat.unwrap(), &m.decision.decision, &m.choices.options[0].action);
    let (status, body) = me.submit(base, game, &signed);
    assert_eq!(status, 201, "{body}");
    (game, serde_json::from_value(body).unwrap())
}

/// A connection of its own to `database_url`, a PostgreSQL database.
fn postgres(database_url: &str) -> diesel::PgConnection {
    let tegami_api::db::Conn::Postgres(pg) = tegami_api::db::open(database_url).unwrap() else {
        panic!("a PostgreSQL database")
    };
    pg
}

/// Ends every LISTEN session of the event hubs on `database_url`'s database; returns how many there were.
fn terminate_listeners(database_url: &str) -> usize {
    let pg = &mut postgres(database_url);
    diesel::sql_query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND application_name = $1",
    )
    .bind::<diesel::sql_types::Text, _>(tegami_api::events::listen::APPLICATION_NAME)
    .execute(pg)
    .unwrap()
}

#[test]
fn another_instance_learns_of_an_event_by_notification_and_misses_none_when_its_listen_drops() {
    if !tegami_api::db::scratch::postgres_available() {
        return;
    }
    const LISTENING: &str = "listening for events committed by other instances";
    // Both hubs poll every ten minutes: within the test, only a notification (or the read that follows a
    // reconnected LISTEN) can bring an event from one instance to the other.
    let slow_poll = [("TEGAMI_EVENTS_POLL_MS", "600000".to_string())];
    let first = Server::start_with(Backend::Postgres, &slow_poll);
    let second = first.another_instance(1);
    wait_for_log(&first, LISTENING, 1);
    wait_for_log(&second, LISTENING, 1);
    let http = Client::new();
    let alice = Person::register(&http, &first.url, "alice");
    let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]});
    let r = http.post(format!("{}/api/v1/games", first.url)).bearer_auth(&alice.token).json(&body).send().unwrap();
    assert_eq!(r.status(), 201);
    let game = r.json::<GameDetail>().unwrap().summary.id;
    let stream = sse::Stream::open(&format!("{}/api/v1/events", second.url), Some(&alice.token), None);
    let ready = stream.next();
    assert_eq!(ready.event.as_deref(), Some("ready"));
    let mut last: i64 = ready.id.unwrap().parse().unwrap();
    // Generous next to how fast a notification is, and far below the poll.
    let bound = std::time::Duration::from_secs(10);
    // Reads the stream up to the event of `accepted`: every event in id order, none missing.
    let mut expect = |game: i64, accepted: &MoveAccepted, what: &str| loop {
        let frame = stream.next_within(bound).unwrap_or_else(|| panic!("{what}: no event within {bound:?}"));
        let event = frame.game();
        assert_eq!(event.id, last + 1, "{what}: event ids follow each other, none missed");
        last = event.id;
        if let Some(entry) = event.entries.iter().find(|e| event.game == game && e.seq == accepted.seq) {
            assert_eq!(entry.hash, accepted.hash, "{what}: the other instance streams the move posted to the first");
            return;
        }
    };

    let (game, accepted) = play_first_option(&alice, &first.url, game);
    expect(game, &accepted, "a notified move");

    // The LISTEN sessions drop; a move committed meanwhile is not notified to the second instance, whose
    // new session reads everything after its last event.
    let mut game = game;
    for round in 1..=2 {
        wait_for_log(&first, LISTENING, round);
        wait_for_log(&second, LISTENING, round);
        assert_eq!(terminate_listeners(&first.database.url), 2, "each instance had one LISTEN session");
        let (g, accepted) = play_first_option(&alice, &first.url, game);
        wait_for_log(&second, LISTENING, round + 1);
        expect(g, &accepted, "a move committed while the LISTEN reconnected");
        let (g, accepted) = play_first_option(&alice, &first.url, g);
        expect(g, &accepted, "a move notified to the new session");
        game = g;
    }
    assert!(second.log().contains("the LISTEN session was lost"), "{}", second.log());
}

/// `SHOW name` on `database_url`'s server.
fn show(database_url: &str, name: &str) -> String {
    #[derive(diesel::QueryableByName)]
    struct Setting {
        #[diesel(sql_type = diesel::sql_types::Text)]
        value: String,
    }
    let pg = &mut postgres(database_url);
    let rows: Vec<Setting> = diesel::sql_query(format!("SELECT current_setting('{name}') AS value")).load(pg).unwrap();
    rows.into_iter().next().unwrap().value
}

/// Whether each LISTEN session on `database_url`'s database is encrypted (one entry per session).
fn listeners_encrypted(database_url: &str) -> Vec<bool> {
    #[derive(diesel::QueryableByName)]
    struct Session {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        ssl: bool,
    }
    let pg = &mut postgres(database_url);
    let rows: Vec<Session> = diesel::sql_query(
        "SELECT s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s ON s.pid = a.pid \
         WHERE a.datname = current_database() AND a.application_name = $1",
    )
    .bind::<diesel::sql_types::Text, _>(tegami_api::events::listen::APPLICATION_NAME)
    .load(pg)
    .unwrap();
    rows.into_iter().map(|r| r.ssl).collect()
}

#[test]
fn the_listen_session_is_encrypted_as_the_database_url_asks() {
    if !tegami_api::db::scratch::postgres_available() {
        return;
    }
    const LISTENING: &str = "listening for events committed by other instances";
    // Events cross from one instance to another only by notification: the hubs poll every ten minutes.
    let first = Server::start_with(Backend::Postgres, &[("TEGAMI_EVENTS_POLL_MS", "600000".to_string())]);
    let plain_url = first.database.url.clone();
    if show(&plain_url, "ssl") != "on" {
        let required = std::env::var("TEGAMI_TEST_POSTGRES").is_ok_and(|v| v == "require");
        assert!(!required, "the test PostgreSQL has `ssl = off`: this test needs TLS (Debian's packages turn it on)");
        return;
    }
    // The server's own certificate (Debian's is self-signed) as the root to check it against.
    let root = show(&plain_url, "ssl_cert_file");
    assert!(plain_url.contains("sslmode=disable"), "{plain_url}");
    let with = |ssl: &str| ("TEGAMI_DATABASE_URL", plain_url.replace("sslmode=disable", ssl));
    // The pool's connections (libpq) and the LISTEN session read the same URL.
    let checked = first.another_instance_with(1, &[with(&format!("sslmode=verify-ca&sslrootcert={root}"))]);
    let encrypted = first.another_instance_with(2, &[with("sslmode=require")]);
    for server in [&first, &checked, &encrypted] {
        wait_for_log(server, LISTENING, 1);
    }
    let mut sessions = listeners_encrypted(&plain_url);
    sessions.sort();
    assert_eq!(sessions, [false, true, true], "one plain LISTEN session, two over TLS");

    let http = Client::new();
    let alice = Person::register(&http, &first.url, "alice");
    let streams: Vec<sse::Stream> = [&checked, &encrypted]
        .iter()
        .map(|server| {
            let stream = sse::Stream::open(&format!("{}/api/v1/events", server.url), Some(&alice.token), None);
            assert_eq!(stream.next().event.as_deref(), Some("ready"));
            stream
        })
        .collect();
    let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]});
    let r = http.post(format!("{}/api/v1/games", first.url)).bearer_auth(&alice.token).json(&body).send().unwrap();
    assert_eq!(r.status(), 201);
    let game = r.json::<GameDetail>().unwrap().summary.id;
    let bound = std::time::Duration::from_secs(10);
    for stream in &streams {
        let frame = stream.next_within(bound).unwrap_or_else(|| panic!("no event within {bound:?} over TLS"));
        assert_eq!(frame.game().game, game, "the game created on the plain instance");
    }
}
