//! Moving one game between databases (SQLite to PostgreSQL, one server to another): its whole server-side
//! journal as JSON, with what the journal needs around it (seats by email, the public keys its moves are
//! signed with). Import replays the journal before writing anything, so a damaged or edited file is refused
//! whole.
//!
//! The export holds the game's secrets (the seed, every sealed answer): treat it like a database backup.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::journal::{Entry, EntryBody, Match};

use crate::db::Conn;
use crate::db::schema::{accounts, games, imported_keys, journal, seats, signing_keys};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::service::game_record::{self, GameRow, SeatRow};
use crate::service::notify;

/// The version of the export format; import refuses others.
pub const FORMAT: &str = "tegami-game-export/1";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameExport {
    pub format: String,
    pub game: ExportedGame,
    pub seats: Vec<ExportedSeat>,
    /// The keys that signed moves of this game, with their owners' addresses.
    pub keys: Vec<ExportedKey>,
    /// Every entry as the server stores it (nothing redacted).
    pub journal: Vec<Entry>,
    /// The table talk (messages beside the journal) and the players' notes; absent in older files.
    #[serde(default)]
    pub talk: crate::service::talk::transfer::TalkExport,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedGame {
    pub id: i64,
    pub slug: String,
    pub options: Value,
    /// Hex; secret while the game runs.
    pub seed: String,
    pub seed_commitment: String,
    pub status: String,
    pub created_by_email: String,
    pub created_at: String,
    pub updated_at: String,
    pub deadline_hours: Option<i32>,
    /// forfeit or skip; absent in files from before it existed.
    #[serde(default = "forfeit")]
    pub timeout_policy: String,
    /// Whether its emails carry the board picture; absent in files from before it existed.
    #[serde(default = "yes")]
    pub mail_pictures: bool,
}

fn yes() -> bool {
    true
}

fn forfeit() -> String {
    "forfeit".into()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedSeat {
    pub seat: i32,
    /// player, invited, open or bot.
    pub kind: String,
    /// The player's address (kind player) or the invited address (kind invited).
    pub email: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedKey {
    pub kid: String,
    pub owner_email: String,
    pub public_key: String,
    pub name: Option<String>,
    pub created_at: String,
    pub revoked_at: Option<String>,
}

/// What an import did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Imported {
    pub game: i64,
    pub entries: usize,
    /// Seats whose player has no account here yet: they became invitations to the same address. Their keys
    /// are kept for their seats (`kept_keys`), so that the journal verifies; the player registers, proves the
    /// address and joins, and the keys become their account's.
    pub invited_again: Vec<String>,
    /// The keys kept for a seat rather than an account (their owner has no account here, or the key id
    /// belongs to another account here).
    pub kept_keys: usize,
}

pub fn export(conn: &mut Conn, id: i64) -> ApiResult<GameExport> {
    let loaded = game_record::load(conn, id)?;
    let row = &loaded.row;
    let email_of = |conn: &mut Conn, account: i64| -> ApiResult<String> {
        Ok(accounts::table.find(account).select(accounts::email).first(conn)?)
    };
    let mut seats = Vec::new();
    for s in &loaded.seats {
        let email = match s.account_id {
            Some(account) => Some(email_of(conn, account)?),
            None => s.invited_email.clone(),
        };
        seats.push(ExportedSeat { seat: s.seat, kind: s.kind.clone(), email });
    }
    let journal = game_record::whole_journal(conn, id)?;
    let kids: Vec<String> = journal
        .iter()
        .filter_map(|e| match &e.body {
            EntryBody::Move { signature: Some(token), .. } => shared::signing::peek(token).ok().map(|(kid, _)| kid),
            _ => None,
        })
        .collect();
    type KeyRow = (String, String, i64, Option<String>, String, Option<String>);
    let key_rows: Vec<KeyRow> = signing_keys::table
        .filter(signing_keys::kid.eq_any(&kids))
        .select((
            signing_keys::kid,
            signing_keys::public_key,
            signing_keys::account_id,
            signing_keys::name,
            signing_keys::created_at,
            signing_keys::revoked_at,
        ))
        .load(conn)?;
    let mut keys = Vec::new();
    for (kid, public_key, account, name, created_at, revoked_at) in key_rows {
        keys.push(ExportedKey { kid, owner_email: email_of(conn, account)?, public_key, name, created_at, revoked_at });
    }
    // Keys an earlier import kept for a seat: their owner is the seat's address.
    let kept: Vec<(i32, String, String)> = imported_keys::table
        .filter(imported_keys::game_id.eq(id))
        .select((imported_keys::seat, imported_keys::kid, imported_keys::public_key))
        .load(conn)?;
    for (seat, kid, public_key) in kept {
        if keys.iter().any(|k| k.kid == kid) {
            continue;
        }
        let Some(owner_email) = seats.iter().find(|s| s.seat == seat).and_then(|s| s.email.clone()) else { continue };
        keys.push(ExportedKey {
            kid,
            owner_email,
            public_key,
            name: None,
            created_at: row.created_at.clone(),
            revoked_at: None,
        });
    }
    Ok(GameExport {
        format: FORMAT.into(),
        game: ExportedGame {
            id: row.id,
            slug: row.slug.clone(),
            options: serde_json::from_str(&row.options).map_err(ApiError::internal)?,
            seed: row.seed.clone(),
            seed_commitment: row.seed_commitment.clone(),
            status: row.status.clone(),
            created_by_email: email_of(conn, row.created_by)?,
            created_at: row.created_at.clone(),
            updated_at: row.updated_at.clone(),
            deadline_hours: row.deadline_hours,
            timeout_policy: row.timeout_policy.clone(),
            mail_pictures: row.mail_pictures,
        },
        seats,
        keys,
        journal,
        talk: crate::service::talk::transfer::export(conn, id)?,
    })
}

fn refused(why: impl Into<String>) -> ApiError {
    ApiError::unprocessable("bad_export", why)
}

/// Imports a game under its own id (signed moves name it, so a new id would break `tegami verify`). The
/// creator's account must exist here; players without an account become invitations.
pub fn import(conn: &mut Conn, mail: &MailContext, export: &GameExport) -> ApiResult<Imported> {
    if export.format != FORMAT {
        return Err(refused(format!("format `{}` is not `{FORMAT}`", export.format)));
    }
    let seed: [u8; 32] = hex::decode(&export.game.seed)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| refused("`game.seed` is not 32 hex bytes"))?;
    let replayed =
        Match::replay(&export.journal, seed).map_err(|e| refused(format!("the journal does not replay: {e}")))?;
    match &export.journal[0].body {
        EntryBody::Create { seed_commitment, .. } if *seed_commitment == export.game.seed_commitment => {}
        _ => return Err(refused("the journal's first entry does not commit to `game.seed_commitment`")),
    }
    if replayed.game().info().slug != export.game.slug {
        return Err(refused(format!(
            "the journal is a `{}` game, not `{}`",
            replayed.game().info().slug,
            export.game.slug
        )));
    }
    if export.seats.len() != replayed.seats() as usize {
        return Err(refused(format!("{} seats listed for a game of {}", export.seats.len(), replayed.seats())));
    }
    let id = export.game.id;
    crate::db::write_transaction(conn, |conn| {
        let taken: i64 = games::table.find(id).count().get_result(conn)?;
        if taken > 0 {
            return Err(ApiError::conflict(
                "game_exists",
                format!("this database already has a game `{id}`; import into a database without it"),
            ));
        }
        let account_of = |conn: &mut Conn, email: &str| -> ApiResult<Option<i64>> {
            Ok(accounts::table.filter(accounts::email.eq(email)).select(accounts::id).first(conn).optional()?)
        };
        let created_by = account_of(conn, &export.game.created_by_email)?.ok_or_else(|| {
            refused(format!(
                "the game's creator `{}` has no account here; register it first",
                export.game.created_by_email
            ))
        })?;
        let head = replayed.entries().last().expect("a replayed game has entries");
        let row = GameRow {
            id,
            slug: export.game.slug.clone(),
            options: export.game.options.to_string(),
            seed: export.game.seed.clone(),
            seed_commitment: export.game.seed_commitment.clone(),
            status: export.game.status.clone(),
            created_by,
            created_at: export.game.created_at.clone(),
            updated_at: export.game.updated_at.clone(),
            head_seq: head.seq as i64,
            head_hash: head.hash.clone(),
            snapshot: replayed.snapshot(),
            deadline_hours: export.game.deadline_hours,
            timeout_policy: shared::api_types::TimeoutPolicy::parse(&export.game.timeout_policy).as_str().into(),
            // Entry 0 says the format (a format 1 export has none), and the replay above held the journal to it.
            journal_format: i32::from(replayed.format().number()),
            mail_pictures: export.game.mail_pictures,
        };
        diesel::insert_into(games::table).values(&row).execute(conn)?;
        let mut invited_again = Vec::new();
        for s in &export.seats {
            let (kind, account_id, invited_email) = match (s.kind.as_str(), &s.email) {
                ("player", Some(email)) => match account_of(conn, email)? {
                    Some(account) => ("player", Some(account), None),
                    None => {
                        invited_again.push(email.clone());
                        ("invited", None, Some(email.clone()))
                    }
                },
                ("invited", Some(email)) => ("invited", None, Some(email.clone())),
                ("open", _) => ("open", None, None),
                (bot, _) if game_record::bot_level(bot).is_some() => (bot, None, None),
                (other, _) => return Err(refused(format!("seat {} has unknown kind `{other}`", s.seat))),
            };
            let seat = SeatRow { game_id: id, seat: s.seat, kind: kind.into(), account_id, invited_email };
            diesel::insert_into(seats::table).values(&seat).execute(conn)?;
        }
        // The seats each key signed for, so that a key whose owner has no account here is kept for them.
        let signers: Vec<(i32, String)> = replayed
            .entries()
            .iter()
            .filter_map(|e| match &e.body {
                EntryBody::Move { seat, signature: Some(token), .. } => {
                    shared::signing::peek(token).ok().map(|(kid, _)| (i32::from(*seat), kid))
                }
                _ => None,
            })
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut kept_keys = 0;
        for key in &export.keys {
            let known: Option<i64> =
                signing_keys::table.find(&key.kid).select(signing_keys::account_id).first(conn).optional()?;
            let owner = account_of(conn, &key.owner_email)?;
            let owned_here =
                matches!((owner, known), (Some(o), Some(k)) if o == k) || (owner.is_some() && known.is_none());
            if !owned_here {
                for (seat, _) in signers.iter().filter(|(_, kid)| *kid == key.kid) {
                    diesel::insert_into(imported_keys::table)
                        .values((
                            imported_keys::game_id.eq(id),
                            imported_keys::seat.eq(seat),
                            imported_keys::kid.eq(&key.kid),
                            imported_keys::public_key.eq(&key.public_key),
                        ))
                        .execute(conn)?;
                    kept_keys += 1;
                }
                continue;
            }
            if let (Some(owner), None) = (owner, known) {
                diesel::insert_into(signing_keys::table)
                    .values((
                        signing_keys::kid.eq(&key.kid),
                        signing_keys::account_id.eq(owner),
                        signing_keys::public_key.eq(&key.public_key),
                        signing_keys::name.eq(&key.name),
                        signing_keys::created_at.eq(&key.created_at),
                        signing_keys::revoked_at.eq(&key.revoked_at),
                    ))
                    .execute(conn)?;
            }
        }
        for entry in replayed.entries() {
            diesel::insert_into(journal::table).values(game_record::to_row(id, entry)).execute(conn)?;
        }
        crate::service::talk::transfer::import(conn, id, &export.talk)?;
        // PostgreSQL's identity sequence does not see explicit ids: move it past them.
        if let Conn::Postgres(c) = &mut *conn {
            diesel::sql_query("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))")
                .execute(c)?;
        }
        // The players whose turn it is hear from this server, and their clocks start now.
        let mut loaded = game_record::load(conn, id)?;
        loaded.asked_before.clear();
        notify::after_change(conn, mail, &loaded)?;
        tracing::info!(game = id, entries = replayed.entries().len(), "game imported");
        Ok(Imported { game: id, entries: replayed.entries().len(), invited_again, kept_keys })
    })
}
