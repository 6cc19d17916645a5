//! Games through the real HTTP API, with UOSAO as the game under test.

mod common;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{Player, TestApp, problem};
use serde_json::{Value, json};
use shared::api_types::{GameDetail, GameStatus, JournalListing, MoveAccepted};
use shared::journal::{EntryBody, Match};
use shared::signing;

fn create(app: &TestApp, p: &Player, seats: Value) -> GameDetail {
    let r = app.post("/api/v1/games", Some(&p.token), &json!({"slug": "uosao", "seats": seats}));
    assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    r.json().unwrap()
}

/// A compact JWS over any payload, signed with `key` as a third-party client might sign it (tegami's own
/// signers can only sign `MoveClaims`).
fn sign_any_payload(key: &signing::KeyPair, payload: &Value) -> String {
    use base64::Engine as _;
    let seed = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(key.to_secret()).unwrap();
    // PKCS#8 v1 wrapping of a raw Ed25519 seed (RFC 8410).
    let mut der = vec![0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
    der.extend_from_slice(&seed);
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::EdDSA);
    header.kid = Some(key.kid());
    jsonwebtoken::encode(&header, payload, &jsonwebtoken::EncodingKey::from_ed_der(&der)).unwrap()
}

/// Plays my first legal option each time it is my turn, until the game ends; returns every option
/// notation-and-action I was ever offered (for crafting stale or illegal moves).
fn play_to_end(app: &TestApp, p: &Player, game: i64) -> Vec<Value> {
    let mut offered = Vec::new();
    for _ in 0..2_000 {
        let detail = p.detail(app, game);
        if detail.summary.status == GameStatus::Finished {
            return offered;
        }
        assert!(detail.summary.my_turn, "with only bots besides me, it is always my turn while the game runs");
        let moves = p.moves(app, game);
        let m = &moves[0];
        assert!(!m.choices.prompt.en.is_empty());
        let option = &m.choices.options[offered.len() % m.choices.options.len()];
        offered.extend(m.choices.options.iter().map(|o| o.action.clone()));
        let seat = detail.summary.my_seat.unwrap();
        let r = p.submit(app, game, &p.sign(game, seat, &m.decision.decision, &option.action));
        assert_eq!(r.status(), 201, "{}", r.text().unwrap_or_default());
    }
    panic!("game {game} did not end");
}

tegami_api::on_both_backends! {
    fn a_whole_game_against_bots_verifies_offline(db) {
        let app = TestApp::spawn(db);
        let p = app.player("alice");
        let game = create(&app, &p, json!([{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]));
        assert_eq!(game.summary.status, GameStatus::Active);
        assert_eq!(game.summary.my_seat, Some(0));
        let id = game.summary.id;
        let listed: Vec<Value> = app.get("/api/v1/games", Some(&p.token)).json().unwrap();
        assert_eq!(listed.len(), 1);
        play_to_end(&app, &p, id);

        let done = p.detail(&app, id);
        assert!(done.outcome.is_some());
        assert!(done.pending.is_empty());
        let journal: JournalListing = app.get(&format!("/api/v1/games/{id}/journal"), None).json().unwrap();
        let seed: [u8; 32] = hex::decode(journal.seed.as_ref().expect("seed revealed at the end")).unwrap().try_into().unwrap();
        let replayed = Match::replay(&journal.entries, seed).expect("the journal replays");
        assert!(replayed.is_over());
        let mut signed = 0;
        for e in &journal.entries {
            if let EntryBody::Move { signature: Some(token), seat, decision, action, .. } = &e.body {
                let (kid, _) = signing::peek(token).unwrap();
                let key = journal.keys.iter().find(|k| k.kid == kid).expect("signing key listed");
                assert_eq!(key.account_id, Some(p.id));
                let claims = signing::verify(token, &key.public_key).unwrap();
                assert_eq!((claims.game, claims.seat, &claims.decision, &claims.action), (id, *seat, decision, action));
                signed += 1;
            }
        }
        assert!(signed > 0);
        let finished: Vec<Value> = app.get("/api/v1/games?status=finished", Some(&p.token)).json().unwrap();
        assert_eq!(finished.len(), 1);
        problem(app.get("/api/v1/games?status=nope", Some(&p.token)), 400, "bad_status");
    }
}

tegami_api::on_both_backends! {
    fn refused_moves_say_why_and_change_nothing(db) {
        let app = TestApp::spawn(db);
        let p = app.player("alice");
        let game = create(&app, &p, json!([{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]));
        let id = game.summary.id;
        let seat = game.summary.my_seat.unwrap();
        let before = p.detail(&app, id);
        let moves = p.moves(&app, id);
        let decision = moves[0].decision.decision.clone();
        let legal = &moves[0].choices.options[0].action;

        // Malformed: not a JWS, wrong body shape, an action of the wrong shape.
        problem(p.submit(&app, id, "not.a.jws"), 400, "malformed_move");
        problem(app.post(&format!("/api/v1/games/{id}/moves"), Some(&p.token), &json!({"mov": 1})), 400, "malformed_body");
        problem(p.submit(&app, id, &p.sign(id, seat, &decision, &json!({"nonsense": true}))), 400, "malformed_action");
        // An answer of the right shape with a member the game does not read: signed, it would be journaled.
        let mut padded = legal.clone();
        padded["note"] = json!("and one more thing");
        let refused = problem(p.submit(&app, id, &p.sign(id, seat, &decision, &padded)), 400, "malformed_action");
        assert!(refused["detail"].as_str().unwrap().contains("`note`"), "{refused}");
        // A claim beyond the documented ones (here a JWT expiry), though signed by my key, is named and refused.
        let mut extra = serde_json::to_value(shared::api_types::MoveClaims {
            game: id,
            seat,
            decision: decision.clone(),
            action: legal.clone(),
            iat: 1_800_000_000,
        })
        .unwrap();
        extra["exp"] = json!(1_900_000_000);
        let refused = problem(p.submit(&app, id, &sign_any_payload(&p.key, &extra)), 400, "malformed_move");
        let detail = refused["detail"].as_str().unwrap();
        assert!(detail.contains("`exp`") && detail.contains("`iat`"), "names the claim and the allowed ones: {detail}");
        // A header that names another algorithm than Ed25519's.
        let signed = p.sign(id, seat, &decision, legal);
        let (_, rest) = signed.split_once('.').unwrap();
        let header = json!({"alg": "HS256", "kid": p.key.kid()}).to_string();
        let other_alg = format!("{}.{rest}", URL_SAFE_NO_PAD.encode(header));
        let refused = problem(p.submit(&app, id, &other_alg), 400, "malformed_move");
        assert!(refused["detail"].as_str().unwrap().contains("`alg: HS256`"), "{refused}");
        // Wrong game, unknown game, wrong seat, stale decision.
        problem(p.submit(&app, id, &p.sign(id + 1, seat, &decision, legal)), 400, "wrong_game");
        problem(p.submit(&app, 999, &p.sign(999, seat, &decision, legal)), 404, "unknown_game");
        problem(p.submit(&app, id, &p.sign(id, seat + 1, &decision, legal)), 403, "wrong_seat");
        let stale = problem(p.submit(&app, id, &p.sign(id, seat, "d-never", legal)), 409, "stale_decision");
        assert!(stale["detail"].as_str().unwrap().contains(&decision), "names what is pending now: {stale}");
        // Signatures: an unregistered key, a tampered signature.
        let stranger = shared::signing::KeyPair::generate().unwrap();
        let claims = shared::api_types::MoveClaims { game: id, seat, decision: decision.clone(), action: legal.clone(), iat: 1 };
        problem(p.submit(&app, id, &stranger.sign(&claims).unwrap()), 403, "unknown_key");
        let good = p.sign(id, seat, &decision, legal);
        let (head, sig) = good.rsplit_once('.').unwrap();
        let flipped: String = sig.chars().enumerate().map(|(i, c)| if i == 10 { if c == 'A' { 'B' } else { 'A' } } else { c }).collect();
        let tampered = format!("{head}.{flipped}");
        problem(p.submit(&app, id, &tampered), 401, "bad_signature");
        // Another account cannot move for me.
        let mallory = app.player("mallory");
        problem(mallory.submit(&app, id, &mallory.sign(id, seat, &decision, legal)), 403, "not_a_player");

        let after = p.detail(&app, id);
        assert_eq!(after.head_hash, before.head_hash, "nothing was written");
        assert_eq!(after.summary.entries, before.summary.entries);

        // The good move goes through once; re-sending it is an idempotent duplicate.
        let r = p.submit(&app, id, &good);
        assert_eq!(r.status(), 201);
        let first: MoveAccepted = r.json().unwrap();
        let r = p.submit(&app, id, &good);
        assert_eq!(r.status(), 200);
        let again: MoveAccepted = r.json().unwrap();
        assert!(again.duplicate);
        assert_eq!((again.seq, &again.hash), (first.seq, &first.hash));
        // Answering the old decision again with a new signature (a later `iat`) is stale.
        let resigned = shared::api_types::MoveClaims { iat: 1_800_000_001, ..claims };
        problem(p.submit(&app, id, &p.key.sign(&resigned).unwrap()), 409, "stale_decision");
    }
}

tegami_api::on_both_backends! {
    fn an_illegal_move_lists_the_legal_ones(db) {
        let app = TestApp::spawn(db);
        let p = app.player("alice");
        let game = create(&app, &p, json!([{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]));
        let id = game.summary.id;
        let seat = game.summary.my_seat.unwrap();
        // An answer that was legal once (a card I have since played) is illegal later.
        let mut offered: Vec<Value> = Vec::new();
        for _ in 0..200 {
            let moves = p.moves(&app, id);
            let Some(m) = moves.first() else { break };
            let now: Vec<&Value> = m.choices.options.iter().map(|o| &o.action).collect();
            if let Some(old) = offered.iter().find(|a| !now.contains(a)) {
                let before = p.detail(&app, id).head_hash;
                let body = problem(p.submit(&app, id, &p.sign(id, seat, &m.decision.decision, old)), 422, "illegal_move");
                let allowed: Vec<String> = serde_json::from_value(body["allowed"].clone()).unwrap();
                let listed: Vec<String> = m.choices.options.iter().map(|o| o.notation.clone()).collect();
                assert_eq!(allowed, listed);
                assert_eq!(p.detail(&app, id).head_hash, before);
                return;
            }
            offered.extend(m.choices.options.iter().map(|o| o.action.clone()));
            let r = p.submit(&app, id, &p.sign(id, seat, &m.decision.decision, &m.choices.options[0].action));
            assert_eq!(r.status(), 201);
        }
        panic!("never found an answer that had become illegal");
    }
}

tegami_api::on_both_backends! {
    fn seats_fill_by_invitation_and_open_join_and_spectators_see_no_hands(db) {
        let app = TestApp::spawn(db);
        let alice = app.player("alice");
        let bob = app.player("bob");
        let carol = app.player("carol");
        let game = create(&app, &alice, json!([{"kind": "me"}, {"kind": "invite", "email": "bob@example.com"}, {"kind": "open"}]));
        let id = game.summary.id;
        assert_eq!(game.summary.status, GameStatus::Waiting);
        assert_eq!(game.summary.seats[1].invited_email.as_deref(), Some("bob@example.com"));
        let moves = alice.moves(&app, id);
        assert!(moves.is_empty(), "no decisions while waiting");
        assert!(game.pending.is_empty(), "nothing is asked while seats are empty");
        let early = alice.sign(id, 0, "d0", &json!({}));
        problem(alice.submit(&app, id, &early), 409, "game_not_started");

        // The join body is optional, but what is sent must be a join request, naming a seat the game has.
        let join = format!("/api/v1/games/{id}/join");
        let raw = |body: &'static str| {
            app.client.post(app.url(&join)).bearer_auth(&carol.token).header("content-type", "application/json").body(body)
        };
        problem(raw("{\"seat\": ").send().unwrap(), 400, "malformed_body");
        problem(raw("{\"seat\": 2, \"chair\": 1}").send().unwrap(), 400, "malformed_body");
        problem(raw("{\"seat\": 1.5}").send().unwrap(), 400, "malformed_body");
        let bad_seat = problem(raw("{\"seat\": 7}").send().unwrap(), 422, "bad_seat");
        assert!(bad_seat["detail"].as_str().unwrap().contains("seats are 0 to 2; open to you: 2"), "{bad_seat}");
        // A method the path does not offer is a 405 that says which it does.
        let trace = app.client.request(reqwest::Method::TRACE, app.url(&join)).send().unwrap();
        assert_eq!(trace.headers()["allow"], "POST");
        problem(trace, 405, "method_not_allowed");

        // Carol cannot take Bob's invited seat, but takes the open one (with no body at all).
        problem(app.post(&join, Some(&carol.token), &json!({"seat": 1})), 409, "seat_taken");
        let joined: GameDetail = raw("").send().unwrap().json().unwrap();
        assert_eq!(joined.summary.my_seat, Some(2));
        assert_eq!(joined.summary.status, GameStatus::Waiting);
        problem(app.post(&format!("/api/v1/games/{id}/join"), Some(&carol.token), &json!({})), 409, "already_seated");
        let r = app.post(&format!("/api/v1/games/{id}/join"), Some(&bob.token), &json!({}));
        assert_eq!(r.status(), 200);
        let started: GameDetail = r.json().unwrap();
        assert_eq!(started.summary.status, GameStatus::Active);
        assert_eq!(started.summary.seats[1].invited_email, None, "only the creator sees invited addresses");
        problem(app.post(&format!("/api/v1/games/{id}/join"), Some(&app.player("dave").token), &json!({})), 409, "no_open_seat");

        // A spectator sees the public view only; a player's view differs from it (their own hand).
        let spectator: GameDetail = app.get(&format!("/api/v1/games/{id}"), None).json().unwrap();
        assert_eq!(spectator.summary.my_seat, None);
        assert!(spectator.my_pending.is_empty());
        let alice_view = alice.detail(&app, id).view;
        assert_ne!(spectator.view, alice_view);
        let board = app.get(&format!("/api/v1/games/{id}/board?lang=ja&width=80"), Some(&alice.token));
        assert_eq!(board.status(), 200);
        let text = board.text().unwrap();
        assert!(text.lines().all(|l| shared::text::width(l) <= 80), "{text}");
        problem(app.get(&format!("/api/v1/games/{id}/board?lang=xx"), None), 400, "bad_lang");
        problem(app.get("/api/v1/games/4242", None), 404, "unknown_game");

        // While the game runs, other seats' answers are redacted from my journal.
        let whose = started.pending[0].seat.unwrap();
        let players = [&alice, &bob, &carol];
        let mover = players[whose as usize];
        let m = &mover.moves(&app, id)[0];
        let r = mover.submit(&app, id, &mover.sign(id, whose, &m.decision.decision, &m.choices.options[0].action));
        assert_eq!(r.status(), 201);
        let other = players[(whose as usize + 1) % 3];
        let journal: JournalListing = app.get(&format!("/api/v1/games/{id}/journal"), Some(&other.token)).json().unwrap();
        assert!(journal.seed.is_none());
        let last = journal.entries.last().unwrap();
        assert!(last.redacted);
        assert!(matches!(&last.body, EntryBody::Move { action: Value::Null, signature: None, .. }));
    }
}

tegami_api::on_both_backends! {
    fn resigning_ends_or_continues_as_the_game_says_and_is_journaled(db) {
        let app = TestApp::spawn(db);
        let p = app.player("alice");
        let game = create(&app, &p, json!([{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]));
        let id = game.summary.id;
        let r = app.post(&format!("/api/v1/games/{id}/resign"), Some(&p.token), &json!({}));
        assert_eq!(r.status(), 200, "{}", r.text().unwrap_or_default());
        let journal: JournalListing = app.get(&format!("/api/v1/games/{id}/journal"), Some(&p.token)).json().unwrap();
        assert!(journal.entries.iter().any(|e| matches!(e.body, EntryBody::Resign { seat: 0, .. })));
        let detail = p.detail(&app, id);
        if detail.summary.status == GameStatus::Finished {
            assert_eq!(detail.outcome.unwrap().ranks[0] as usize, detail.summary.seats.len());
            problem(app.post(&format!("/api/v1/games/{id}/resign"), Some(&p.token), &json!({})), 409, "game_over");
        }
    }
}

tegami_api::on_both_backends! {
    fn creation_is_validated(db) {
        let app = TestApp::spawn(db);
        let p = app.player("alice");
        let r = app.post("/api/v1/games", Some(&p.token), &json!({"slug": "chess", "seats": [{"kind": "me"}]}));
        let body = problem(r, 400, "unknown_game_type");
        assert!(body["detail"].as_str().unwrap().contains("uosao"));
        problem(app.post("/api/v1/games", Some(&p.token), &json!({"slug": "uosao", "seats": [{"kind": "me"}]})), 422, "bad_seats");
        problem(
            app.post("/api/v1/games", Some(&p.token), &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "me"}, {"kind": "bot"}]})),
            422,
            "bad_seats",
        );
        problem(
            app.post("/api/v1/games", Some(&p.token), &json!({"slug": "uosao", "seats": [{"kind": "me"}, {"kind": "invite", "email": "x"}, {"kind": "bot"}]})),
            422,
            "bad_seats",
        );
        problem(
            app.post("/api/v1/games", Some(&p.token), &json!({"slug": "uosao", "options": {"bogus": 1}, "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]})),
            422,
            "bad_options",
        );
        let senbat = |options: Value| json!({"slug": "senbat", "options": options, "seats": [{"kind": "me"}, {"kind": "bot"}]});
        let body = problem(app.post("/api/v1/games", Some(&p.token), &senbat(json!({"oda_seat": 2}))), 422, "bad_options");
        assert!(body["detail"].as_str().unwrap().contains("`oda_seat` is 2, but senbat's two seats are 0 and 1"), "{body}");
        let body = problem(app.post("/api/v1/games", Some(&p.token), &senbat(json!({"first_seat": 7}))), 422, "bad_options");
        assert!(body["detail"].as_str().unwrap().contains("`first_seat` is 7"), "{body}");
        problem(app.post("/api/v1/games", None, &json!({"slug": "uosao", "seats": []})), 401, "login_required");
        let types: Vec<Value> = app.get("/api/v1/game-types", None).json().unwrap();
        assert!(types.iter().any(|t| t["slug"] == "uosao"));
    }
}

/// The whole journal, read a page of `limit` entries at a time, following `next`.
fn journal_in_pages(app: &TestApp, p: &Player, id: i64, limit: u32) -> (JournalListing, usize) {
    let mut listing: JournalListing =
        app.get(&format!("/api/v1/games/{id}/journal?limit={limit}"), Some(&p.token)).json().unwrap();
    let mut pages = 1;
    while let Some(after) = listing.next.take() {
        let r = app.get(&format!("/api/v1/games/{id}/journal?after={after}&limit={limit}"), Some(&p.token));
        assert_eq!(r.status(), 200);
        let page: JournalListing = r.json().unwrap();
        assert!(page.entries.len() <= limit as usize);
        assert_eq!(page.entries.first().map(|e| e.seq), Some(after + 1), "a page starts right after `after`");
        listing.entries.extend(page.entries);
        for key in page.keys {
            if !listing.keys.contains(&key) {
                listing.keys.push(key);
            }
        }
        listing.next = page.next;
        pages += 1;
    }
    (listing, pages)
}

tegami_api::on_both_backends! {
    fn the_journal_pages_and_the_stored_snapshot_is_what_the_journal_rebuilds(db) {
        use diesel::prelude::*;
        use tegami_api::db::schema::games;

        let app = TestApp::spawn(db);
        let p = app.player("alice");
        let id = create(&app, &p, json!([{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}])).summary.id;
        // Midway and at the end, the snapshot a move leaves behind is the state the journal folds to.
        for round in 0..2 {
            if round == 0 {
                for _ in 0..3 {
                    assert_eq!(p.play_first_option(&app, id).status(), 201);
                }
            } else {
                play_to_end(&app, &p, id);
            }
            let whole: JournalListing = app.get(&format!("/api/v1/games/{id}/journal"), Some(&p.token)).json().unwrap();
            assert_eq!(whole.next, None, "a game this short fits one page");
            let (paged, pages) = journal_in_pages(&app, &p, id, 7);
            assert_eq!(pages, whole.entries.len().div_ceil(7));
            assert_eq!(paged.entries, whole.entries);
            let mut conn = app.db();
            let (snapshot, head_seq, head_hash): (String, i64, String) = games::table
                .find(id)
                .select((games::snapshot, games::head_seq, games::head_hash))
                .first(&mut *conn)
                .unwrap();
            let seed: String = games::table.find(id).select(games::seed).first(&mut *conn).unwrap();
            let seed: [u8; 32] = hex::decode(seed).unwrap().try_into().unwrap();
            let entries = tegami_api::service::game_record::whole_journal(&mut conn, id).unwrap();
            let rebuilt = Match::replay(&entries, seed).expect("the stored journal replays");
            assert_eq!(rebuilt.game().state_to_json(rebuilt.state()), serde_json::from_str::<Value>(&snapshot).unwrap());
            assert_eq!((rebuilt.next_seq() - 1, rebuilt.head_hash()), (head_seq as u64, head_hash.as_str()));
        }
        let body = problem(app.get(&format!("/api/v1/games/{id}/journal?limit=0"), None), 400, "bad_limit");
        assert!(body["detail"].as_str().unwrap().contains("1 to 1000"), "{body}");
        problem(app.get(&format!("/api/v1/games/{id}/journal?limit=1001"), None), 400, "bad_limit");
        problem(app.get(&format!("/api/v1/games/{id}/journal?after=x"), None), 400, "malformed_query");
        let past: JournalListing = app.get(&format!("/api/v1/games/{id}/journal?after=100000"), None).json().unwrap();
        assert!(past.entries.is_empty() && past.next.is_none());
    }
}

tegami_api::on_both_backends! {
    fn concurrent_moves_to_many_games_are_all_applied_in_order_and_retries_stay_idempotent(db) {
        let app = TestApp::spawn(db);
        let players: Vec<Player> = (0..6).map(|i| app.player(&format!("p{i}"))).collect();
        let games: Vec<i64> = players
            .iter()
            .map(|p| create(&app, p, json!([{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}])).summary.id)
            .collect();
        std::thread::scope(|scope| {
            for (p, &id) in players.iter().zip(&games) {
                let app = &app;
                scope.spawn(move || {
                    for _ in 0..8 {
                        let moves = p.moves(app, id);
                        let Some(m) = moves.first() else { return };
                        let seat = p.detail(app, id).summary.my_seat.unwrap();
                        let signed = p.sign(id, seat, &m.decision.decision, &m.choices.options[0].action);
                        // The same signed move twice at once: one applies it, the other is its duplicate.
                        let (a, b) = std::thread::scope(|s| {
                            let first = s.spawn(|| p.submit(app, id, &signed));
                            let second = s.spawn(|| p.submit(app, id, &signed));
                            (first.join().unwrap(), second.join().unwrap())
                        });
                        let mut statuses = [a.status().as_u16(), b.status().as_u16()];
                        statuses.sort();
                        assert_eq!(statuses, [200, 201]);
                        let (a, b): (MoveAccepted, MoveAccepted) = (a.json().unwrap(), b.json().unwrap());
                        assert_eq!((a.seq, &a.hash), (b.seq, &b.hash));
                    }
                });
            }
        });
        for (p, &id) in players.iter().zip(&games) {
            let journal: JournalListing = app.get(&format!("/api/v1/games/{id}/journal"), Some(&p.token)).json().unwrap();
            let signed: Vec<&str> = journal
                .entries
                .iter()
                .filter_map(|e| match &e.body {
                    EntryBody::Move { signature: Some(s), .. } => Some(s.as_str()),
                    _ => None,
                })
                .collect();
            let distinct: std::collections::BTreeSet<&str> = signed.iter().copied().collect();
            assert_eq!(distinct.len(), signed.len(), "no move applied twice");
            assert!(signed.len() >= 8 || p.detail(&app, id).summary.status == GameStatus::Finished);
        }
    }
}
