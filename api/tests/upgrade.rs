//! Upgrading a database written before the 2026-11-24 migrations (the schema as of commit a812f87): it is
//! created by running only the migrations that existed then, and filled the way that server stored things (a
//! game with signed moves and bot answers, the JWS in the journal's own `signature` column, emails queued in
//! the outbox). The current server then starts on it, migrates, sends the queued emails, recognises a retry
//! of a move signed before the upgrade, takes new moves, and the journal still verifies.

mod common;

use common::{TestApp, mailbox};
use diesel::connection::SimpleConnection;
use diesel::migration::{Migration, MigrationSource};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use diesel_migrations::MigrationHarness;
use serde_json::{Value, json};
use shared::api_types::{JournalListing, LegalMoves, MoveAccepted, MoveClaims};
use shared::journal::{Actor, Entry, EntryBody, JournalFormat, Match};
use shared::signing::KeyPair;
use tegami_api::db::schema::{accounts, games, outbox, seats, signing_keys};
use tegami_api::db::scratch::{Backend, ScratchDatabase};
use tegami_api::db::{Conn, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};

/// The first version the server at a812f87 did not have.
const FIRST_NEW_VERSION: &str = "20261124";

/// The moves the player made before the upgrade.
const OLD_MOVES: usize = 4;

/// The migrations of `source` that existed at a812f87.
struct BeforeUpgrade<S>(S);

impl<DB: diesel::backend::Backend, S: MigrationSource<DB>> MigrationSource<DB> for BeforeUpgrade<S> {
    fn migrations(&self) -> diesel::migration::Result<Vec<Box<dyn Migration<DB>>>> {
        let all = self.0.migrations()?;
        Ok(all
            .into_iter()
            .filter(|m| m.name().version().to_string().replace('-', "").as_str() < FIRST_NEW_VERSION)
            .collect())
    }
}

/// A database with the schema as of a812f87.
fn old_schema(url: &str) -> Conn {
    let mut conn = tegami_api::db::open(url).unwrap();
    let ran = match &mut conn {
        Conn::Sqlite(c) => c.run_pending_migrations(BeforeUpgrade(SQLITE_MIGRATIONS)).unwrap().len(),
        Conn::Postgres(c) => c.run_pending_migrations(BeforeUpgrade(POSTGRES_MIGRATIONS)).unwrap().len(),
    };
    assert!(ran >= 9, "the old migrations ran ({ran})");
    // Nothing of the newer schema is there.
    let newer = conn.batch_execute("SELECT signature_hash FROM journal");
    assert!(newer.is_err(), "the old journal has no signature_hash column");
    conn
}

/// What the old server stored for a player who played `OLD_MOVES` moves of a UOSAO game against two bots,
/// and had two emails waiting in the outbox. Returns the game's id, the moves' JWSs and the journal entries.
fn old_data(conn: &mut Conn, key: &KeyPair) -> (i64, Vec<String>, Vec<Entry>) {
    let at = "2026-11-23T10:00:00Z";
    let password_hash = tegami_api::secrets::hash_password("password-123").unwrap();
    let account: i64 = diesel::insert_into(accounts::table)
        .values((
            accounts::email.eq("old@example.com"),
            accounts::display_name.eq("Old Timer"),
            accounts::password_hash.eq(&password_hash),
            accounts::created_at.eq(at),
        ))
        .returning(accounts::id)
        .get_result(conn)
        .unwrap();
    diesel::insert_into(signing_keys::table)
        .values((
            signing_keys::kid.eq(key.kid()),
            signing_keys::account_id.eq(account),
            signing_keys::public_key.eq(key.public_key()),
            signing_keys::created_at.eq(at),
        ))
        .execute(conn)
        .unwrap();

    let seed = [7u8; 32];
    let mut salt = 0u8;
    // Databases from before journal format 2 hold format 1 games only.
    let mut game =
        Match::create_in(JournalFormat::V1, "uosao", Value::Null, 3, seed, at).unwrap().with_salts(move || {
            salt = salt.wrapping_add(1);
            [salt; 32]
        });
    let EntryBody::Create { options, seed_commitment, .. } = &game.entries()[0].body else { unreachable!() };
    let id: i64 = diesel::insert_into(games::table)
        .values((
            games::slug.eq("uosao"),
            games::options.eq(options.to_string()),
            games::seed.eq(hex::encode(seed)),
            games::seed_commitment.eq(seed_commitment),
            games::status.eq("active"),
            games::created_by.eq(account),
            games::created_at.eq(at),
            games::updated_at.eq(at),
            games::head_seq.eq(0i64),
            games::head_hash.eq(game.head_hash()),
            games::snapshot.eq("{}"),
        ))
        .returning(games::id)
        .get_result(conn)
        .unwrap();
    for (seat, kind, account_id) in [(0, "player", Some(account)), (1, "bot", None), (2, "bot", None)] {
        diesel::insert_into(seats::table)
            .values((
                seats::game_id.eq(id),
                seats::seat.eq(seat),
                seats::kind.eq(kind),
                seats::account_id.eq(account_id),
            ))
            .execute(conn)
            .unwrap();
    }

    // The player answers what is asked of seat 0; the bots everything else, as the server's bots did.
    let mut rng = shared::Rng::from_seed(&[3; 32]);
    let mut tokens = Vec::new();
    loop {
        let pending = game.pending();
        let mine = pending.iter().find(|p| p.seat == 0);
        if mine.is_some() && tokens.len() == OLD_MOVES {
            break;
        }
        let body = match mine {
            Some(p) => {
                let options = game.game().legal(game.state(), &p.id).unwrap().options;
                let claims = MoveClaims {
                    game: id,
                    seat: 0,
                    decision: p.id.clone(),
                    action: options[tokens.len() % options.len()].action.clone(),
                    iat: 1_800_000_000,
                };
                let token = key.sign(&claims).unwrap();
                tokens.push(token.clone());
                EntryBody::Move {
                    seat: 0,
                    decision: p.id.clone(),
                    action: claims.action,
                    by: Actor::Player,
                    signature: Some(token),
                }
            }
            None => {
                let p = pending.first().expect("someone is asked");
                let action = game.game().random_action(game.state(), &p.id, &mut rng).unwrap();
                EntryBody::Move { seat: p.seat, decision: p.id.clone(), action, by: Actor::Bot, signature: None }
            }
        };
        game.append(body, at).unwrap();
    }
    assert!(!game.is_over());

    // The old journal row: the JWS in a `signature` column of its own.
    for e in game.entries() {
        let signature = match &e.body {
            EntryBody::Move { signature, .. } => signature.clone(),
            _ => None,
        };
        let insert = "INSERT INTO journal (game_id, seq, at, body, nonce, prev_hash, hash, events, signature, \
                      hidden_seat) VALUES ";
        let values = match &*conn {
            Conn::Sqlite(_) => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            Conn::Postgres(_) => "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        };
        diesel::sql_query(format!("{insert}{values}"))
            .bind::<BigInt, _>(id)
            .bind::<BigInt, _>(e.seq as i64)
            .bind::<Text, _>(&e.at)
            .bind::<Text, _>(serde_json::to_string(&e.body).unwrap())
            .bind::<Text, _>(&e.nonce)
            .bind::<Text, _>(&e.prev_hash)
            .bind::<Text, _>(&e.hash)
            .bind::<Text, _>(serde_json::to_string(&e.events).unwrap())
            .bind::<Nullable<Text>, _>(signature)
            .bind::<Bool, _>(e.hidden_seat)
            .execute(conn)
            .unwrap();
    }
    let head = game.entries().last().unwrap();
    diesel::update(games::table.find(id))
        .set((
            games::head_seq.eq(head.seq as i64),
            games::head_hash.eq(&head.hash),
            games::snapshot.eq(game.game().state_to_json(game.state()).to_string()),
        ))
        .execute(conn)
        .unwrap();

    // Two emails the old server had written but not sent yet.
    for n in 0..2 {
        let subject = format!("[tegami] queued before the upgrade {n}");
        let message = format!(
            "From: tegami <tegami@example.com>\r\nTo: <old@example.com>\r\nSubject: {subject}\r\n\
             Message-ID: <old.{n}@example.com>\r\nX-Tegami-Kind: turn\r\nMIME-Version: 1.0\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\nYour turn in game {id}.\r\n"
        );
        diesel::insert_into(outbox::table)
            .values((
                outbox::kind.eq("turn"),
                outbox::game_id.eq(Some(id)),
                outbox::account_id.eq(Some(account)),
                outbox::sender.eq("tegami@example.com"),
                outbox::recipient.eq("old@example.com"),
                outbox::subject.eq(&subject),
                outbox::message_id.eq(format!("<old.{n}@example.com>")),
                outbox::message.eq(&message),
                outbox::created_at.eq("2026-11-23T10:00:00.000Z"),
                outbox::next_attempt_at.eq("2026-11-23T10:00:00.000Z"),
            ))
            .execute(conn)
            .unwrap();
    }
    (id, tokens, game.entries().to_vec())
}

tegami_api::on_both_backends! {
    fn a_database_from_before_the_upgrade_migrates_and_its_game_goes_on(db) {
        let dir = tempfile::tempdir().unwrap();
        let database = match db {
            Backend::Sqlite => ScratchDatabase::sqlite(&dir.path().join("old.db")),
            Backend::Postgres => ScratchDatabase::postgres(),
        };
        let key = KeyPair::generate().unwrap();
        let (game, old_tokens, old_entries) = {
            let mut conn = old_schema(&database.url);
            old_data(&mut conn, &key)
        };

        let app = TestApp::spawn_with(db, |s| s.database_url = database.url.clone());
        // The emails queued before the upgrade go out.
        app.wait_for_any_mail("the emails queued before the upgrade", |mails| {
            mails.iter().filter(|m| m.subject.starts_with("[tegami] queued before the upgrade")).count() == 2
        });
        let session: Value =
            app.post("/api/v1/sessions", None, &json!({"email": "old@example.com", "password": "password-123"})).json().unwrap();
        let token = session["token"].as_str().expect("the old account signs in").to_string();

        // A retry of a move signed before the upgrade is recognised (its hash was filled in by the migration).
        let r = app.post(&format!("/api/v1/games/{game}/moves"), Some(&token), &json!({"move": old_tokens[1]}));
        assert_eq!(r.status(), 200, "a retried old move: {}", r.text().unwrap_or_default());
        assert!(r.json::<MoveAccepted>().unwrap().duplicate);

        // The game goes on: new moves are accepted where the old ones stopped.
        for turn in 0..3 {
            let moves: Vec<LegalMoves> = app.get(&format!("/api/v1/games/{game}/moves"), Some(&token)).json().unwrap();
            let Some(m) = moves.first() else { break };
            let claims = MoveClaims {
                game,
                seat: 0,
                decision: m.decision.decision.clone(),
                action: m.choices.options[turn % m.choices.options.len()].action.clone(),
                iat: 1_800_000_000,
            };
            let r = app.post(&format!("/api/v1/games/{game}/moves"), Some(&token), &json!({"move": key.sign(&claims).unwrap()}));
            assert_eq!(r.status(), 201, "a move after the upgrade: {}", r.text().unwrap_or_default());
        }

        // The whole journal, old entries and new, still verifies and folds to the stored snapshot.
        let journal: JournalListing =
            app.get(&format!("/api/v1/games/{game}/journal"), Some(&token)).json().unwrap();
        let mut conn = tegami_api::db::open(&database.url).unwrap();
        let entries = tegami_api::service::game_record::whole_journal(&mut conn, game).unwrap();
        assert_eq!(journal.entries.len(), entries.len());
        assert!(entries.len() > OLD_MOVES * 2, "new entries follow the old ones");
        // The compacted journal (binary nonce and hash, no stored prev_hash, compressed events) reads back the old
        // entries exactly as they were written, and serves the same hash chain.
        assert_eq!(&entries[..old_entries.len()], &old_entries[..]);
        let chain = |e: &Entry| (e.seq, e.prev_hash.clone(), e.hash.clone());
        assert_eq!(
            journal.entries.iter().take(old_entries.len()).map(chain).collect::<Vec<_>>(),
            old_entries.iter().map(chain).collect::<Vec<_>>()
        );
        let (seed, snapshot, head): (String, String, String) =
            games::table.find(game).select((games::seed, games::snapshot, games::head_hash)).first(&mut conn).unwrap();
        let rebuilt = Match::replay(&entries, hex::decode(seed).unwrap().try_into().unwrap()).expect("the journal verifies");
        assert_eq!(rebuilt.head_hash(), head);
        assert_eq!(rebuilt.game().state_to_json(rebuilt.state()), serde_json::from_str::<Value>(&snapshot).unwrap());
        let emails = mailbox::eml_files(&app.settings.mail.dir);
        assert!(emails.iter().any(|m| m.to == "old@example.com"), "emails reach the old account");
    }
}
