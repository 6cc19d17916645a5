//! Moving games between backends: `tegami-server export` on one database, `tegami-server import` on another,
//! and the games go on (or verify) there as if they had always lived there.

use e2e::{Backend, Player, Server, play_to_end, play_whole_game};

fn moves_games_between(from: Backend, to: Backend) {
    if (from == Backend::Postgres || to == Backend::Postgres) && !e2e::postgres_available() {
        return;
    }
    let source = Server::start(from);
    let (finished, _, players) = play_whole_game(&source, "uosao", 1, 2, 500);
    let alice = &players[0];
    let running = alice.run(&["new", "uosao", "--seat", "me", "--seat", "bot", "--seat", "bot", "--json"]).ok("new");
    let running = running.json()["id"].as_i64().expect("game id").to_string();
    let first = alice.run(&["moves", &running, "--json"]).ok("moves").json();
    let decision = first[0]["decision"]["decision"].as_str().unwrap().to_string();
    let notation = first[0]["choices"]["options"][0]["notation"].as_str().unwrap().to_string();
    alice.run(&["play", &running, "--decision", &decision, &notation]).ok("first move");

    let exports: Vec<Vec<u8>> = [&finished, &running]
        .iter()
        .map(|id| source.command(&["export", id], b"").ok("export").stdout.into_bytes())
        .collect();
    // A game whose secret answers (shidouban's interjections) are salted by the server's randomness moves too.
    let secretive = alice.run(&["new", "shidouban", "--seat", "me", "--seat", "bot", "--seat", "bot", "--json"]);
    let secretive = secretive.ok("new shidouban").json()["id"].as_i64().expect("game id").to_string();
    play_to_end(std::slice::from_ref(alice), "shidouban", &secretive, 5_000);
    let secretive_export = source.command(&["export", &secretive], b"").ok("export shidouban").stdout.into_bytes();

    let target = Server::start(to);
    // Alice, with the same key (the same config folder), now plays on the target server.
    let alice =
        Player { server: target.url.clone(), mail_dir: target.mail_dir(), ..players.into_iter().next().unwrap() };
    alice.register();
    for (id, export) in [&finished, &running].into_iter().zip(&exports) {
        let done = target.command(&["import"], export).ok("import").json();
        assert_eq!(done["game"].to_string(), *id);
        let again = target.command(&["import"], export);
        assert_eq!(again.code, 65, "a second import is refused: {}", again.stderr);
        assert!(again.stderr.contains("already has a game"), "{}", again.stderr);
    }
    alice.run(&["verify", &finished]).ok("the imported finished game verifies");
    let done = target.command(&["import"], &secretive_export).ok("import shidouban").json();
    assert_eq!(done["game"].to_string(), secretive);
    alice.run(&["verify", &secretive]).ok("the imported shidouban game verifies");
    play_to_end(std::slice::from_ref(&alice), "uosao", &running, 500);
    alice.run(&["verify", &running]).ok("the game finished after the move verifies");
    let fresh = alice.run(&["new", "uosao", "--seat", "me", "--seat", "bot", "--seat", "bot", "--json"]).ok("new");
    let fresh: i64 = fresh.json()["id"].as_i64().unwrap();
    assert!(fresh > running.parse::<i64>().unwrap(), "new ids continue after the imported ones");

    // A file whose journal was edited is refused whole.
    let mut tampered: serde_json::Value = serde_json::from_slice(&exports[1]).unwrap();
    tampered["game"]["id"] = serde_json::json!(999);
    let moved = tampered["journal"].as_array_mut().unwrap().iter_mut().find(|e| e["body"]["type"] == "move");
    moved.expect("a move").as_object_mut().unwrap()["at"] = serde_json::json!("2001-01-01T00:00:00Z");
    let refused = target.command(&["import"], tampered.to_string().as_bytes());
    assert_eq!(refused.code, 65, "{}", refused.stderr);
    assert!(refused.stderr.contains("does not replay"), "{}", refused.stderr);
    assert_eq!(alice.run(&["show", "999"]).code, 3, "nothing of it was written");
}

#[test]
fn games_move_from_sqlite_to_postgres() {
    moves_games_between(Backend::Sqlite, Backend::Postgres);
}

#[test]
fn games_move_from_postgres_to_sqlite() {
    moves_games_between(Backend::Postgres, Backend::Sqlite);
}

/// Plays game `id` until `players[signer]` has made `moves` signed moves (whoever has a decision takes the
/// first listed answer).
fn play_until_signed(players: &[Player], id: &str, signer: usize, moves: usize) {
    let mut made = 0;
    for _ in 0..200 {
        if made >= moves {
            return;
        }
        for (i, p) in players.iter().enumerate() {
            let listing = p.run(&["moves", id, "--json"]).ok("moves --json").json();
            let Some(decision) = listing.as_array().and_then(|a| a.first()) else { continue };
            let pick = decision["choices"]["options"][0]["notation"].as_str().expect("notation").to_string();
            let decision = decision["decision"]["decision"].as_str().expect("decision id").to_string();
            p.run(&["play", id, "--decision", &decision, &pick]).ok("play");
            if i == signer {
                made += 1;
            }
            break;
        }
    }
    assert!(made >= moves, "player {signer} made {made} moves, not {moves}");
}

/// Issue #28: a game imported before its players registered keeps their signing keys, bound to their seats,
/// so that it verifies at once; a player who then registers and takes their seat gets their key back and
/// plays on, and the game still verifies.
fn an_import_keeps_the_keys_of_players_without_accounts(from: Backend, to: Backend) {
    if (from == Backend::Postgres || to == Backend::Postgres) && !e2e::postgres_available() {
        return;
    }
    let source = Server::start(from);
    let (finished, _, players) = play_whole_game(&source, "uosao", 2, 1, 500);
    let (alice, bob) = (&players[0], &players[1]);
    let running = alice
        .run(&["new", "uosao", "--seat", "me", "--seat", &format!("invite:{}", bob.email), "--seat", "bot", "--json"])
        .ok("new")
        .json()["id"]
        .as_i64()
        .expect("game id")
        .to_string();
    bob.run(&["join", &running]).ok("join");
    play_until_signed(&players, &running, 1, 1);
    let exports: Vec<Vec<u8>> = [&finished, &running]
        .iter()
        .map(|id| source.command(&["export", id], b"").ok("export").stdout.into_bytes())
        .collect();

    let target = Server::start(to);
    let mut moved =
        players.into_iter().map(|p| Player { server: target.url.clone(), mail_dir: target.mail_dir(), ..p });
    let (alice, bob) = (moved.next().unwrap(), moved.next().unwrap());
    alice.register();
    for (id, export) in [&finished, &running].into_iter().zip(&exports) {
        let done = target.command(&["import"], export).ok("import").json();
        assert_eq!(done["game"].to_string(), *id);
        assert_eq!(done["invited_again"], serde_json::json!([bob.email]), "Bob has no account here yet");
        assert!(done["kept_keys"].as_u64().unwrap() >= 1, "Bob's key is kept for his seat: {done}");
    }
    let verified = alice.run(&["verify", &finished]).ok("the imported game verifies before Bob registers");
    assert!(verified.stdout.contains("by 2 players"), "both players' signed moves check: {}", verified.stdout);
    let listing = alice.run(&["log", &finished, "--json"]).ok("log").json();
    let kept = listing["keys"].as_array().unwrap().iter().find(|k| k["account_id"].is_null()).cloned();
    assert_eq!(kept.expect("a key without an account")["seat"], 1, "bound to Bob's seat: {listing}");

    bob.register();
    bob.run(&["join", &running]).ok("Bob takes his seat again");
    let both = [alice, bob];
    play_to_end(&both, "uosao", &running, 500);
    both[0].run(&["verify", &running]).ok("the game finished after the import verifies");
    both[1].run(&["verify", &finished]).ok("Bob verifies the finished game too");
}

#[test]
fn imports_keep_keys_from_sqlite_to_postgres() {
    an_import_keeps_the_keys_of_players_without_accounts(Backend::Sqlite, Backend::Postgres);
}

#[test]
fn imports_keep_keys_from_postgres_to_sqlite() {
    an_import_keeps_the_keys_of_players_without_accounts(Backend::Postgres, Backend::Sqlite);
}
