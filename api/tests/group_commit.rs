//! The group-commit writer on both backends: moves to different games queued while the writer is busy are
//! applied in one batch (one commit), each is acknowledged and stored, a bad move in the batch fails alone,
//! and a second request for a game sees the first one of the same batch. On PostgreSQL, two writers (two
//! instances) whose batches hold the same games in opposite orders both finish: a batch locks its games in
//! id order before it changes any, so they cannot deadlock; and the events of batches on a writer's several
//! connections stay gapless, each change with its own. Once a server has stopped, neither the writer
//! nor the pool holds a connection.

mod common;

use std::future::Future;
use std::pin::Pin;
use std::sync::mpsc;
use std::task::Poll;

use common::{Player, TestApp};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use serde_json::{Value, json};
use shared::api_types::{GameDetail, JournalListing, MoveAccepted};
use shared::journal::Match;
use tegami_api::db::scratch::Backend;
use tegami_api::db::writer::Writer;
use tegami_api::db::{Conn, SqliteSync};
use tegami_api::error::ApiResult;
use tegami_api::mail::MailContext;
use tegami_api::service::{game_record, games};

/// Games in the batch.
const GAMES: usize = 6;

type Move = Box<dyn FnOnce(&mut Conn) -> ApiResult<MoveAccepted> + Send>;

/// UOSAO games of `me` against two bots.
fn games_against_bots(app: &TestApp, me: &Player, count: usize) -> Vec<i64> {
    games_of(app, me, count, "uosao", 2)
}

/// `count` games of `slug` that `me` plays against `bots` bots.
fn games_of(app: &TestApp, me: &Player, count: usize, slug: &str, bots: usize) -> Vec<i64> {
    let seats: Vec<Value> =
        std::iter::once(json!({"kind": "me"})).chain(std::iter::repeat_n(json!({"kind": "bot"}), bots)).collect();
    let body = json!({"slug": slug, "seats": seats});
    (0..count)
        .map(|_| {
            let r = app.post("/api/v1/games", Some(&me.token), &body);
            assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
            r.json::<GameDetail>().unwrap().summary.id
        })
        .collect()
}

/// My first legal answer in `game`, signed.
fn first_option(app: &TestApp, me: &Player, game: i64) -> String {
    let moves = me.moves(app, game);
    me.sign(game, 0, &moves[0].decision.decision, &moves[0].choices.options[0].action)
}

/// The write that applies signed move `token` (its signature checked first, as the route does).
fn submission(app: &TestApp, me: &Player, game: i64, token: &str) -> Move {
    let mut conn = tegami_api::db::open(&app.settings.database_url).unwrap();
    let answer = games::verify_move(&mut conn, me.id, game, token).expect("a valid signature");
    let mail = MailContext::new(&app.settings);
    let account = me.id;
    Box::new(move |conn| games::answer(conn, &mail, account, game, answer))
}

/// Sends `moves` to each writer while every connection of it is held busy, so that they queue up, then lets
/// them all go at once; returns each writer's answers in order.
fn while_busy(writers: &[&Writer], moves: Vec<Vec<(i64, Move)>>) -> Vec<Vec<ApiResult<MoveAccepted>>> {
    while_held(writers, |_| Ok(()), moves)
}

/// [`while_busy`], each connection held by a request that ends with `held` once it is let go.
fn while_held(
    writers: &[&Writer],
    held: fn(&mut Conn) -> ApiResult<()>,
    moves: Vec<Vec<(i64, Move)>>,
) -> Vec<Vec<ApiResult<MoveAccepted>>> {
    let runtime = || tokio::runtime::Builder::new_current_thread().build().unwrap();
    std::thread::scope(|s| {
        let mut gates = Vec::new();
        for writer in writers {
            // Games 0, -1, -2, … do not exist (the gates lock nothing), and go to connections 0, 1, 2, ….
            for connection in 0..writer.connections() as i64 {
                let (entered, busy) = mpsc::channel();
                let (open, gate) = mpsc::channel::<()>();
                s.spawn(move || {
                    runtime().block_on(writer.write(-connection, move |conn| {
                        entered.send(()).unwrap();
                        gate.recv().unwrap();
                        held(conn)
                    }))
                });
                busy.recv().unwrap();
                gates.push(open);
            }
        }
        let queued: Vec<_> = writers
            .iter()
            .zip(moves)
            .map(|(writer, moves)| moves.into_iter().map(|(game, apply)| writer.write(game, apply)).collect::<Vec<_>>())
            .map(futures_util::future::join_all)
            .collect();
        runtime().block_on(async {
            let mut all = Box::pin(futures_util::future::join_all(queued));
            // The first poll queues every request with its writer; then the gates open.
            std::future::poll_fn(|cx| {
                let _ = Pin::new(&mut all).poll(cx);
                Poll::Ready(())
            })
            .await;
            gates.iter().for_each(|open| open.send(()).unwrap());
            all.await
        })
    })
}

/// Game `game`'s journal holds `accepted` where it said, and replays to the stored snapshot.
fn stored(app: &TestApp, me: &Player, game: i64, accepted: &MoveAccepted) {
    let journal: JournalListing =
        app.get(&format!("/api/v1/games/{game}/journal"), Some(&me.token)).json().expect("journal");
    let entry = journal.entries.get(accepted.seq as usize).expect("the acknowledged move is in the journal");
    assert_eq!(entry.hash, accepted.hash, "game {game}: seq {}", accepted.seq);
    let mut conn = tegami_api::db::open(&app.settings.database_url).unwrap();
    let entries = game_record::whole_journal(&mut conn, game).unwrap();
    use tegami_api::db::schema::games as g;
    let (seed, snapshot): (String, String) =
        g::table.find(game).select((g::seed, g::snapshot)).first(&mut conn).unwrap();
    let seed: [u8; 32] = hex::decode(seed).unwrap().try_into().unwrap();
    let rebuilt = Match::replay(&entries, seed).expect("the journal replays");
    let snapshot: Value = serde_json::from_str(&snapshot).unwrap();
    assert_eq!(rebuilt.game().state_to_json(rebuilt.state()), snapshot, "game {game}: snapshot = rebuild");
}

tegami_api::on_both_backends! {
    fn moves_to_different_games_share_one_commit_and_a_bad_one_fails_alone(db) {
        let app = TestApp::spawn(db);
        let me = app.player("batcher");
        let ids = games_against_bots(&app, &me, GAMES + 1);
        let (good, bad) = (&ids[..GAMES], ids[GAMES]);
        let head_of_bad = me.detail(&app, bad).head_hash;
        let writer = Writer::start(&app.settings.database_url, SqliteSync::Full, 1).unwrap();

        let tokens: Vec<String> = good.iter().map(|&game| first_option(&app, &me, game)).collect();
        let mut moves: Vec<(i64, Move)> =
            good.iter().zip(&tokens).map(|(&game, token)| (game, submission(&app, &me, game, token))).collect();
        // In the middle of the batch: an answer to a decision nobody was asked, and a retry of the first move.
        let wrong = me.sign(bad, 0, "no-such-decision", &json!("x"));
        moves.insert(GAMES / 2, (bad, submission(&app, &me, bad, &wrong)));
        moves.push((good[0], submission(&app, &me, good[0], &tokens[0])));

        let before = writer.batches_committed();
        let mut answers = while_busy(&[&writer], vec![moves]).remove(0);
        // The held request's batch, then one for all the rest. On SQLite the held request's batch takes them in
        // before its commit: they arrived while it ran.
        let batches = match db {
            Backend::Sqlite => 1,
            Backend::Postgres => 2,
        };
        assert_eq!(writer.batches_committed() - before, batches, "the queued moves shared one commit");

        let retry = answers.pop().unwrap().expect("the retry is answered");
        let failed = answers.remove(GAMES / 2).expect_err("the bad move fails");
        assert!(failed.status.is_client_error(), "a bad move is the client's error: {failed}");
        assert_eq!(me.detail(&app, bad).head_hash, head_of_bad, "the bad move changed nothing");
        for (&game, answer) in good.iter().zip(&answers) {
            let accepted = answer.as_ref().expect("a good move in the batch is accepted");
            assert!(!accepted.duplicate);
            stored(&app, &me, game, accepted);
        }
        // The retry ran after the first move in the same batch, and saw it.
        let first = answers[0].as_ref().unwrap();
        assert!(retry.duplicate, "a retry in the same batch is a duplicate");
        assert_eq!((retry.seq, &retry.hash), (first.seq, &first.hash));
    }
}

/// On SQLite a batch takes in the requests that arrived while it ran, unless it was one request that failed:
/// its transaction is then rolled back whole, and the requests behind it must not go with it.
#[test]
fn requests_behind_a_failed_request_alone_are_not_rolled_back_with_it() {
    let app = TestApp::spawn(Backend::Sqlite);
    let me = app.player("behind");
    let ids = games_against_bots(&app, &me, 2);
    let writer = Writer::start(&app.settings.database_url, SqliteSync::Full, 1).unwrap();
    let moves = ids.iter().map(|&game| (game, submission(&app, &me, game, &first_option(&app, &me, game)))).collect();
    let fails = |conn: &mut Conn| -> ApiResult<()> {
        conn.batch_execute("UPDATE accounts SET display_name = 'held'")?;
        Err(tegami_api::error::ApiError::conflict("held", "the held request fails"))
    };
    let before = writer.batches_committed();
    let answers = while_held(&[&writer], fails, vec![moves]).remove(0);
    assert_eq!(writer.batches_committed() - before, 1, "the moves behind it committed in a batch of their own");
    for (&game, answer) in ids.iter().zip(&answers) {
        stored(&app, &me, game, answer.as_ref().expect("a move behind the failed request is accepted"));
    }
    use tegami_api::db::schema::accounts as a;
    let mut conn = tegami_api::db::open(&app.settings.database_url).unwrap();
    let held: i64 = a::table.filter(a::display_name.eq("held")).count().get_result(&mut conn).unwrap();
    assert_eq!(held, 0, "the failed request's change was rolled back");
}

/// Two instances' writers whose batches hold the same games in opposite orders (every move sent to both,
/// as a client retrying on another instance does): neither deadlocks, each move is stored once, and one
/// instance answers it as new, the other as a duplicate.
#[test]
fn batches_of_two_instances_never_deadlock() {
    if !tegami_api::db::scratch::postgres_available() {
        return;
    }
    let app = TestApp::spawn(Backend::Postgres);
    let me = app.player("racer");
    let ids = games_against_bots(&app, &me, GAMES);
    let writers = [
        Writer::start(&app.settings.database_url, SqliteSync::Full, 2).unwrap(),
        Writer::start(&app.settings.database_url, SqliteSync::Full, 2).unwrap(),
    ];
    for _round in 0..3 {
        let tokens: Vec<(i64, String)> = ids.iter().map(|&game| (game, first_option(&app, &me, game))).collect();
        let forward: Vec<(i64, Move)> =
            tokens.iter().map(|(game, token)| (*game, submission(&app, &me, *game, token))).collect();
        let backward: Vec<(i64, Move)> =
            tokens.iter().rev().map(|(game, token)| (*game, submission(&app, &me, *game, token))).collect();
        let mut answers = while_busy(&[&writers[0], &writers[1]], vec![forward, backward]);
        answers[1].reverse();
        for (i, (game, _)) in tokens.iter().enumerate() {
            let a = answers[0][i].as_ref().unwrap_or_else(|e| panic!("game {game}, first instance: {e}"));
            let b = answers[1][i].as_ref().unwrap_or_else(|e| panic!("game {game}, second instance: {e}"));
            assert_ne!(a.duplicate, b.duplicate, "game {game}: the move is applied once");
            assert_eq!((a.seq, &a.hash), (b.seq, &b.hash));
            stored(&app, &me, *game, a);
        }
    }
}

/// A request for `game` that records its game's event at once (taking the events its batch held back for that
/// game with it), then fails.
fn failing_after_recording(game: i64) -> Move {
    Box::new(move |conn| {
        let loaded = game_record::load(conn, game)?;
        tegami_api::events::record(conn, &loaded)?;
        Err(tegami_api::error::ApiError::conflict("conflict", "refused after recording"))
    })
}

/// On PostgreSQL a writer has several connections, whose batches hold their moves' events back and record
/// them together at their ends. However the batches interleave, event ids stay gapless and each game's events
/// cover its journal in order, each change with its own; a request that recorded its game's held events early
/// and then failed takes none of them with it.
#[test]
fn events_of_batches_on_several_connections_are_gapless_and_each_change_has_its_own() {
    if !tegami_api::db::scratch::postgres_available() {
        return;
    }
    let app = TestApp::spawn(Backend::Postgres);
    let me = app.player("spreader");
    let ids = games_against_bots(&app, &me, GAMES);
    let writer = Writer::start(&app.settings.database_url, SqliteSync::Full, 3).unwrap();
    assert_eq!(writer.connections(), 3, "PostgreSQL gets the writer connections asked for");
    let mut changes: Vec<(i64, u64)> = Vec::new();
    for _round in 0..3 {
        let mut moves: Vec<(i64, Move)> = Vec::new();
        for &game in &ids {
            let token = first_option(&app, &me, game);
            moves.push((game, submission(&app, &me, game, &token)));
            moves.push((game, failing_after_recording(game)));
        }
        let answers = while_busy(&[&writer], vec![moves]).remove(0);
        for (pair, &game) in answers.chunks(2).zip(&ids) {
            let accepted = pair[0].as_ref().unwrap_or_else(|e| panic!("game {game}: {e}"));
            assert!(pair[1].is_err(), "game {game}: the failing request fails");
            changes.push((game, accepted.seq));
        }
    }
    // A game's end records its event at once: the move before it in the batch, held back, is recorded first.
    let ending = games_of(&app, &me, GAMES, "senbat", 1);
    let mut moves: Vec<(i64, Move)> = Vec::new();
    for &game in &ending {
        let token = first_option(&app, &me, game);
        moves.push((game, submission(&app, &me, game, &token)));
        let (mail, account) = (MailContext::new(&app.settings), me.id);
        moves.push((game, Box::new(move |conn| games::resign(conn, &mail, account, game))));
    }
    let answers = while_busy(&[&writer], vec![moves]).remove(0);
    for (pair, &game) in answers.chunks(2).zip(&ending) {
        for answer in pair {
            let accepted = answer.as_ref().unwrap_or_else(|e| panic!("game {game}: {e}"));
            changes.push((game, accepted.seq));
        }
        assert_eq!(me.detail(&app, game).summary.status, shared::api_types::GameStatus::Finished);
    }

    let mut conn = tegami_api::db::open(&app.settings.database_url).unwrap();
    use tegami_api::db::schema::events;
    let stored: Vec<(i64, i64, i64, i64)> = events::table
        .select((events::id, events::game_id, events::from_seq, events::to_seq))
        .order(events::id.asc())
        .load(&mut conn)
        .unwrap();
    let ids_stored: Vec<i64> = stored.iter().map(|e| e.0).collect();
    assert_eq!(ids_stored, (1..=stored.len() as i64).collect::<Vec<_>>(), "event ids are gapless");
    for &game in ids.iter().chain(&ending) {
        let of_game: Vec<_> = stored.iter().filter(|e| e.1 == game).collect();
        assert_eq!(of_game[0].2, 0, "game {game}: its first event covers its journal from the start");
        for event in &of_game {
            assert!(event.3 >= event.2 - 1, "game {game}: event {} ends before it starts", event.0);
        }
        for pair in of_game.windows(2) {
            assert_eq!(pair[1].2, pair[0].3 + 1, "game {game}: each event starts where the one before ended");
        }
        let head = me.detail(&app, game).summary.entries as i64 - 1;
        assert_eq!(of_game.last().unwrap().3, head, "game {game}: the events reach the head");
    }
    for (game, seq) in changes {
        assert!(
            stored.iter().any(|e| e.1 == game && e.2 == seq as i64),
            "game {game}: the change from entry {seq} has its own event"
        );
    }
}

/// The paths this process has open.
#[cfg(target_os = "linux")]
fn open_files() -> Vec<std::path::PathBuf> {
    std::fs::read_dir("/proc/self/fd").unwrap().filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok()).collect()
}

#[cfg(target_os = "linux")]
#[test]
fn a_stopped_server_has_closed_every_connection() {
    let mut app = TestApp::spawn(Backend::Sqlite);
    let database = std::path::PathBuf::from(app.settings.database_url.trim_start_matches("sqlite://"));
    let database = database.canonicalize().unwrap();
    // Some traffic, so that the pool and the writer hold connections.
    let ada = app.player("ada");
    let body = json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]});
    let r = app.post("/api/v1/games", Some(&ada.token), &body);
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    let game = r.json::<GameDetail>().unwrap().summary.id;
    let r = ada.play_first_option(&app, game);
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    let database_files = || -> Vec<std::path::PathBuf> {
        open_files().into_iter().filter(|f| f.to_string_lossy().starts_with(&*database.to_string_lossy())).collect()
    };
    assert!(!database_files().is_empty(), "a running server has its database open");
    app.stop();
    let still = database_files();
    assert!(still.is_empty(), "still open once the server stopped: {still:?}");
}

/// A batch of moves holds the event counter from the first event it records on (a game's end records at
/// once); when a later move of the batch ends a rated game, it changes its players' ratings. A game ending at the same time in another transaction (here a
/// resignation) must not hold anything of those players while it waits for the counter, or the two wait for
/// each other (PostgreSQL's "deadlock detected", a 500 for one of them).
#[test]
fn a_rated_game_ending_while_a_batch_holds_the_event_counter_does_not_deadlock() {
    if !tegami_api::db::scratch::postgres_available() {
        return;
    }
    let app = TestApp::spawn(Backend::Postgres);
    let (alice, bob) = (app.player("alice"), app.player("bob"));
    let body = json!({"slug": "senbat", "seats": [{"kind": "me"}, {"kind": "open"}]});
    let r = app.post("/api/v1/games", Some(&alice.token), &body);
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    let game = r.json::<GameDetail>().unwrap();
    let id = game.summary.id;
    let r = app.post(&format!("/api/v1/games/{id}/join"), Some(&bob.token), &json!({"seat": 1}));
    assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());

    // The batch: the event counter taken, as its first move takes it, and held.
    let mut batch = tegami_api::db::open(&app.settings.database_url).unwrap();
    let Conn::Postgres(batch_pg) = &mut batch else { panic!("a PostgreSQL connection") };
    batch_pg
        .batch_execute("BEGIN; SET LOCAL lock_timeout = '20s'; UPDATE event_counter SET last_id = last_id WHERE id = 1")
        .unwrap();

    // The resignation ends the game elsewhere and waits for the counter.
    let mail = MailContext::new(&app.settings);
    let url = app.settings.database_url.clone();
    let account = alice.id;
    let resigning = std::thread::spawn(move || {
        let mut conn = tegami_api::db::open(&url).unwrap();
        games::resign(&mut conn, &mail, account, id).map(|_| ())
    });
    let mut watcher = tegami_api::db::open(&app.settings.database_url).unwrap();
    {
        use tegami_api::db::schema::games as stored;
        let rated: bool = stored::table.find(id).select(stored::rated).first(&mut watcher).unwrap();
        assert!(rated, "a game between two people is rated");
    }
    let Conn::Postgres(watcher_pg) = &mut watcher else { panic!("a PostgreSQL connection") };
    let mut waiting = || -> i64 {
        diesel::sql_query(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() \
             AND wait_event_type = 'Lock' AND query LIKE '%UPDATE%event_counter%'",
        )
        .get_result::<Count>(watcher_pg)
        .unwrap()
        .n
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while waiting() == 0 {
        assert!(std::time::Instant::now() < deadline, "the resignation never waited for the event counter");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }

    // The batch's later move ends another game of the same players: it takes what a rating change takes.
    for player in [alice.id, bob.id] {
        batch_pg
            .batch_execute(&format!(
                "SELECT id FROM accounts WHERE id = {player} FOR UPDATE; \
                 UPDATE ratings SET games = games WHERE account_id = {player}"
            ))
            .unwrap_or_else(|e| panic!("the batch could not take player {player}'s rows: {e}"));
    }
    batch_pg.batch_execute("COMMIT").unwrap();
    resigning.join().unwrap().unwrap_or_else(|e| panic!("the resignation failed: {e}"));
    assert_eq!(alice.detail(&app, id).summary.status, shared::api_types::GameStatus::Finished);
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// A session is touched (its last use recorded) by the check a move makes inside its writer batch. Two
/// writer connections whose batches touched two players' sessions in opposite orders would each wait for
/// the other: a session another transaction holds is left untouched, and the check goes on at once.
#[test]
fn a_session_held_by_another_transaction_is_checked_without_waiting_for_it() {
    if !tegami_api::db::scratch::postgres_available() {
        return;
    }
    let app = TestApp::spawn(Backend::Postgres);
    let me = app.player("toucher");
    use tegami_api::db::schema::sessions;
    let mut holder = tegami_api::db::open(&app.settings.database_url).unwrap();
    let sid: String =
        sessions::table.filter(sessions::account_id.eq(me.id)).select(sessions::id).first(&mut holder).unwrap();
    // Last seen an hour ago: the check touches it.
    let an_hour_ago = (chrono::Utc::now() - chrono::Duration::hours(1)).to_rfc3339();
    diesel::update(sessions::table.find(&sid))
        .set(sessions::last_seen_at.eq(&an_hour_ago))
        .execute(&mut holder)
        .unwrap();
    let Conn::Postgres(holder_pg) = &mut holder else { panic!("a PostgreSQL connection") };
    holder_pg.batch_execute(&format!("BEGIN; SELECT id FROM sessions WHERE id = '{sid}' FOR UPDATE")).unwrap();

    let mut checker = tegami_api::db::open(&app.settings.database_url).unwrap();
    let Conn::Postgres(checker_pg) = &mut checker else { panic!("a PostgreSQL connection") };
    checker_pg.batch_execute("BEGIN; SET LOCAL lock_timeout = '5s'").unwrap();
    let idle = chrono::Duration::hours(24);
    tegami_api::service::sessions::check(&mut checker, idle, chrono::Utc::now(), &sid, me.id)
        .unwrap_or_else(|e| panic!("the check waited for the held session: {e}"));
    let Conn::Postgres(checker_pg) = &mut checker else { panic!("a PostgreSQL connection") };
    checker_pg.batch_execute("COMMIT").unwrap();

    let Conn::Postgres(holder_pg) = &mut holder else { panic!("a PostgreSQL connection") };
    holder_pg.batch_execute("COMMIT").unwrap();
    let seen: String = sessions::table.find(&sid).select(sessions::last_seen_at).first(&mut holder).unwrap();
    assert_eq!(seen, an_hour_ago, "the held session was left to the transaction holding it");
    tegami_api::service::sessions::check(&mut holder, idle, chrono::Utc::now(), &sid, me.id).unwrap();
    let seen: String = sessions::table.find(&sid).select(sessions::last_seen_at).first(&mut holder).unwrap();
    assert_ne!(seen, an_hour_ago, "a session nobody holds is touched");
}
