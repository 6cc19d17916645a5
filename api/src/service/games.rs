//! Games: creation, seats, views, signed moves, bots and the journal. Synchronous functions on a
//! connection; every write runs in one immediate transaction, so a rejected request changes nothing and
//! two racing writers are serialised by the database. The stored game and its reading are in
//! `service::game_record`, below this module; what a committed change causes (events, webhook deliveries,
//! emails) is called from here, never the other way round.

use std::collections::HashMap;

use diesel::prelude::*;
use serde_json::Value;
use shared::api_types::{
    CreateGameRequest, GameDetail, GameStatus, GameSummary, JournalListing, LegalMoves, MoveAccepted, PublicKeyInfo,
    SeatRequest, TimeoutPolicy,
};
use shared::bots::Level;
use shared::journal::{Actor, EntryBody, JournalError, Match};
use shared::registry::{self, ApplyError};
use shared::{Rng, RuleError, SetupError, signing};

use crate::db::Conn;
use crate::db::native::RunNative as _;
use crate::db::schema::{accounts, games, imported_keys, journal, seats, signing_keys};
use crate::error::{ApiError, ApiResult};
use crate::mail::MailContext;
use crate::secrets::random_bytes;
use crate::service::accounts::Standing;
use crate::service::game_record::{
    Loaded, SeatRow, StoredHead, bot_level, game_not_found, journal_entries, load, load_for_answer, load_for_write,
    parse_status, seat_names, seed_bytes, signature_hash, status_str, store_change, to_row,
};
use crate::service::mail_receipt::MailReceipt;
use crate::service::{kept_games, notify};
use crate::time::now;
use shared::api_types::MAX_DEADLINE_HOURS;

/// A bot answers at most this many times in a row; a game that needs more is broken, not busy.
const MAX_BOT_ANSWERS: usize = 100_000;

pub fn parse_status_filter(s: &str) -> ApiResult<GameStatus> {
    match s {
        "waiting" | "active" | "finished" => Ok(parse_status(s)),
        other => Err(ApiError::bad_request(
            "bad_status",
            format!("unknown status `{other}`; use waiting, active or finished"),
        )),
    }
}

/// The most entries one page of `GET …/journal` holds (and its default size).
pub const JOURNAL_PAGE_MAX: i64 = 1000;

/// The writing half of a loaded game: each change commits through here, which then records what it causes.
impl Loaded {
    /// Lets every bot whose decision is pending answer, then publishes the seed if the game is over.
    fn settle(&mut self) -> ApiResult<()> {
        if self.compute_status() == GameStatus::Waiting {
            return Ok(());
        }
        // Drawn from the game's seed, as the searching bots' are: a game's random bots answer the same way
        // every time it is played from the same seed.
        let seed = seed_bytes(&self.row.seed)?;
        for _ in 0..MAX_BOT_ANSWERS {
            let bot_decision = self
                .game
                .pending()
                .into_iter()
                .find(|p| self.seats.get(p.seat as usize).is_some_and(|s| s.kind == "bot"));
            let Some(p) = bot_decision else { break };
            let mut rng = crate::bot_worker::thinking_rng(&seed, p.seat, &p.id);
            let action = self
                .game
                .game()
                .random_action(self.game.state(), &p.id, &mut rng)
                .ok_or_else(|| ApiError::internal(format!("bot found no answer to pending `{}`", p.id)))?;
            let body =
                EntryBody::Move { seat: p.seat, decision: p.id.clone(), action, by: Actor::Bot, signature: None };
            self.game.append(body, &now()).map_err(|e| ApiError::internal(format!("bot answer refused: {e}")))?;
        }
        if self.game.is_over() && !self.game.is_revealed() {
            let seed = EntryBody::Reveal { seed: self.row.seed.clone() };
            self.game.append(seed, &now()).map_err(ApiError::internal)?;
        }
        Ok(())
    }

    /// Writes the entries from `from_seq` on, the new head, snapshot and status, and the emails the change
    /// calls for (turn and result emails), all inside the caller's transaction.
    fn persist(&mut self, conn: &mut Conn, mail: &MailContext, from_seq: usize) -> ApiResult<()> {
        let status = status_str(self.compute_status());
        let snapshot = self.game.snapshot();
        let head = self.game.entries().last().expect("a game has entries");
        let updated_at = now();
        let head_at =
            StoredHead { status, seq: head.seq as i64, hash: &head.hash, snapshot: &snapshot, updated_at: &updated_at };
        store_change(conn, self.row.id, self.game.entries_from(from_seq as u64), &head_at)?;
        self.row.status = status.to_string();
        self.row.head_seq = head.seq as i64;
        self.row.head_hash = head.hash.clone();
        self.row.snapshot = snapshot;
        self.row.updated_at = updated_at;
        // The event takes the event counter, which it holds until the commit: last, so that it is held briefly
        // (in a writer batch on PostgreSQL it is held back to the batch's end, see `events::deferred`), except
        // when the game has just ended. Then the counter comes before the ratings, so that ratings are only
        // ever changed by a transaction that already holds the counter: two games ending at once take turns on
        // it, and no transaction can hold a player's rating while it waits for the counter (a batch of moves
        // holds the counter from its first recorded event on, so that order would deadlock on PostgreSQL).
        // Webhook deliveries need the event's id at once.
        let event = if self.game.is_over() && !self.over_before {
            let event = crate::events::record(conn, self)?;
            crate::service::results::game_ended(conn, self)?;
            notify::after_change(conn, mail, self)?;
            Some(event)
        } else {
            notify::after_change(conn, mail, self)?;
            if self.hooked {
                Some(crate::events::record(conn, self)?)
            } else {
                crate::events::record_or_hold(conn, self)?
            }
        };
        if let Some(event) = &event {
            crate::webhooks::queue(conn, self, event)?;
        }
        if self.seats.iter().any(|s| bot_level(&s.kind).is_some_and(|level| level.searches())) {
            crate::events::hub::note_bot_game_changed();
        }
        // The next request for legal moves (most often the next seat's, at once) reads them from here, and the
        // next move resumes the game from here.
        self.keep();
        Ok(())
    }

    /// The answer to a request that appended entries from `first_new` on.
    fn accepted(&self, first_new: usize, account: i64) -> MoveAccepted {
        MoveAccepted {
            seq: first_new as u64,
            hash: self.game.entries_from(first_new as u64)[0].hash.clone(),
            events: self.events_since(first_new, Some(account)),
            duplicate: false,
            game: self.detail(Some(account)),
        }
    }
}

pub fn create(conn: &mut Conn, mail: &MailContext, account: i64, req: CreateGameRequest) -> ApiResult<GameDetail> {
    let game = registry::game(&req.slug).ok_or_else(|| {
        ApiError::bad_request(
            "unknown_game_type",
            format!("no game type `{}`; use one of: {}", req.slug, registry::slugs().join(", ")),
        )
    })?;
    let n = req.seats.len();
    if let Some(refusal) = game.info().refuse_seat_count(n) {
        return Err(ApiError::unprocessable("bad_seats", "").described(refusal));
    }
    if req.deadline_hours.is_some_and(|h| !(1..=MAX_DEADLINE_HOURS).contains(&h)) {
        return Err(ApiError::unprocessable(
            "bad_deadline",
            format!("`deadline_hours` must be 1 to {MAX_DEADLINE_HOURS}, or null for no limit"),
        ));
    }
    if req.seats.iter().filter(|s| **s == SeatRequest::Me).count() > 1 {
        return Err(ApiError::unprocessable("bad_seats", "`me` may fill at most one seat"));
    }
    for s in &req.seats {
        if let SeatRequest::Invite { email } = s
            && let Err(e) = crate::validate::email("invited address", email)
        {
            return Err(ApiError::unprocessable("bad_seats", e.detail));
        }
    }
    let rated = crate::service::ratings::rated_at_creation(&req)?;
    let bad_options = |err: SetupError| ApiError::unprocessable("bad_options", "").localized(&err.0);
    // Journaled with every default filled in (docs/protocol.md), so that entry 0 says exactly how the game is
    // played whatever later versions take as defaults, and reads as the one game's options it is.
    let options = game.options_in_effect(&req.options).map_err(bad_options)?;
    let seed = random_bytes::<32>();
    let at = now();
    let created = Match::create(&req.slug, options, n as u8, seed, &at).map_err(|e| match e {
        JournalError::Setup(err) => bad_options(err),
        other => ApiError::internal(other),
    })?;
    let EntryBody::Create { options, seed_commitment, .. } = &created.entries()[0].body else {
        unreachable!("entry 0 creates the game")
    };
    crate::db::write_transaction(conn, |conn| {
        let id: i64 = diesel::insert_into(games::table)
            .values((
                games::slug.eq(&req.slug),
                games::options.eq(options.to_string()),
                games::seed.eq(hex::encode(seed)),
                games::seed_commitment.eq(seed_commitment),
                games::status.eq("waiting"),
                games::created_by.eq(account),
                games::created_at.eq(&at),
                games::updated_at.eq(&at),
                games::head_seq.eq(0i64),
                games::head_hash.eq(created.head_hash()),
                games::snapshot.eq(created.snapshot()),
                games::deadline_hours.eq(req.deadline_hours.map(|h| h as i32)),
                games::timeout_policy.eq(req.timeout_policy.as_str()),
                games::journal_format.eq(i32::from(created.format().number())),
                games::rated.eq(rated),
                games::listed.eq(req.listed),
                games::mail_pictures.eq(req.mail_pictures),
            ))
            .returning(games::id)
            .get_result(conn)?;
        let seat_rows: Vec<SeatRow> = req
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let (kind, account_id, invited_email) = match s {
                    SeatRequest::Me => ("player", Some(account), None),
                    SeatRequest::Invite { email } => ("invited", None, Some(email.trim().to_lowercase())),
                    SeatRequest::Open => ("open", None, None),
                    SeatRequest::Bot { level } => (level.seat_code(), None, None),
                };
                SeatRow { game_id: id, seat: i as i32, kind: kind.into(), account_id, invited_email }
            })
            .collect();
        crate::on_backend!(conn, |c| diesel::insert_into(seats::table).values(&seat_rows).execute(c))?;
        diesel::insert_into(journal::table).values(to_row(id, &created.entries()[0])).execute(conn)?;
        let mut loaded = load(conn, id)?;
        loaded.settle()?;
        loaded.persist(conn, mail, 1)?;
        notify::invitations(conn, mail, &loaded, account)?;
        tracing::info!(game = id, slug = %req.slug, "game created");
        Ok(loaded.detail(Some(account)))
    })
    .inspect(|detail| crate::events::published(detail.summary.id))
}

pub fn valid_email(email: &str) -> bool {
    crate::validate::is_email(email.trim())
}

pub fn detail(conn: &mut Conn, id: i64, account: Option<i64>) -> ApiResult<GameDetail> {
    let mut detail = load(conn, id)?.detail(account);
    with_deadlines(conn, &mut detail)?;
    Ok(detail)
}

/// Sets when each pending decision is due (a game without a time limit has no deadlines stored).
fn with_deadlines(conn: &mut Conn, detail: &mut GameDetail) -> ApiResult<()> {
    use crate::db::schema::decision_deadlines;
    if detail.pending.is_empty() {
        return Ok(());
    }
    let due: Vec<(String, String)> = decision_deadlines::table
        .filter(decision_deadlines::game_id.eq(detail.summary.id))
        .select((decision_deadlines::decision, decision_deadlines::due_at))
        .load(conn)?;
    for p in detail.pending.iter_mut().chain(detail.my_pending.iter_mut()) {
        p.deadline = due.iter().find(|(decision, _)| *decision == p.decision).map(|(_, at)| at.clone());
    }
    Ok(())
}

pub fn board(
    conn: &mut Conn,
    id: i64,
    account: Option<i64>,
    lang: shared::Lang,
    width: usize,
    region: Option<String>,
) -> ApiResult<String> {
    load(conn, id)?.board(account, lang, width, region)
}

pub fn list(conn: &mut Conn, account: i64, status: Option<GameStatus>) -> ApiResult<Vec<GameSummary>> {
    let mut query = games::table
        .inner_join(seats::table.on(seats::game_id.eq(games::id)))
        .filter(seats::account_id.eq(account))
        .select(games::id)
        .distinct()
        .order(games::id.desc())
        .into_boxed();
    if let Some(status) = status {
        query = query.filter(games::status.eq(status_str(status)));
    }
    let ids: Vec<i64> = query.load(conn)?;
    ids.into_iter().map(|id| load(conn, id).map(|l| l.summary(Some(account)))).collect()
}

pub fn join(conn: &mut Conn, mail: &MailContext, account: i64, id: i64, wanted: Option<u8>) -> ApiResult<GameDetail> {
    crate::db::write_transaction(conn, |conn| {
        let mut loaded = load_for_write(conn, id)?;
        if loaded.seat_of(Some(account)).is_some() {
            return Err(ApiError::conflict(
                "already_seated",
                format!("you already play seat {} in game `{id}`", loaded.seat_of(Some(account)).unwrap_or(0)),
            ));
        }
        let email: String = accounts::table.find(account).select(accounts::email).first(conn)?;
        let takeable = |s: &SeatRow| match s.kind.as_str() {
            "open" => true,
            "invited" => s.invited_email.as_deref() == Some(email.as_str()),
            _ => false,
        };
        let open_to_me = || -> String {
            let open: Vec<String> = loaded.seats.iter().filter(|s| takeable(s)).map(|s| s.seat.to_string()).collect();
            if open.is_empty() { "none is open to you".into() } else { format!("open to you: {}", open.join(", ")) }
        };
        let seat = match wanted {
            Some(n) => {
                let Some(s) = loaded.seats.iter().find(|s| s.seat == n as i32) else {
                    return Err(ApiError::unprocessable(
                        "bad_seat",
                        format!(
                            "game `{id}` has no seat {n}: its seats are 0 to {}; {}",
                            loaded.seats.len().saturating_sub(1),
                            open_to_me()
                        ),
                    ));
                };
                if !takeable(s) {
                    return Err(ApiError::conflict(
                        "seat_taken",
                        format!("seat {n} of game `{id}` is not open to you; {}", open_to_me()),
                    ));
                }
                n as i32
            }
            None => loaded
                .seats
                .iter()
                .find(|s| s.kind == "invited" && takeable(s))
                .or_else(|| loaded.seats.iter().find(|s| s.kind == "open"))
                .map(|s| s.seat)
                .ok_or_else(|| ApiError::conflict("no_open_seat", format!("game `{id}` has no seat open to you")))?,
        };
        refuse_lookalike_seat(conn, &loaded, account)?;
        let reserved = loaded.seats.iter().any(|s| s.seat == seat && s.kind == "invited");
        if reserved && mail.settings.require_verified && !notify::is_verified(conn, account)? {
            return Err(ApiError::forbidden(
                "email_unverified",
                "this seat is reserved for your address: confirm it first with the link emailed at registration \
                 (`POST /api/v1/me/verify-email` sends a new one)",
            ));
        }
        diesel::update(seats::table.find((id, seat)))
            .set((seats::kind.eq("player"), seats::account_id.eq(account)))
            .execute(conn)?;
        if reserved {
            adopt_kept_keys(conn, id, seat, account)?;
        }
        let before = loaded.game.next_seq() as usize;
        let seat_row = loaded.seats.iter_mut().find(|s| s.seat == seat).expect("seat exists");
        seat_row.kind = "player".into();
        seat_row.account_id = Some(account);
        loaded.names = seat_names(conn, &loaded.seats)?;
        // Read with the seats before this one was taken: its new player's follows and webhooks are read anew.
        (loaded.followed, loaded.hooked) = (true, true);
        loaded.settle()?;
        loaded.persist(conn, mail, before)?;
        Ok(loaded.detail(Some(account)))
    })
    .inspect(|_| crate::events::published(id))
}

pub fn legal_moves(conn: &mut Conn, account: i64, id: i64) -> ApiResult<Vec<LegalMoves>> {
    // The game's head and my seat first, in one statement: the legal moves kept for that head answer without
    // loading the game.
    let head: Option<(String, String, Option<i32>)> = games::table
        .left_join(
            seats::table
                .on(seats::game_id.eq(games::id).and(seats::account_id.eq(account)).and(seats::kind.eq("player"))),
        )
        .filter(games::id.eq(id))
        .order(seats::seat.asc())
        .select((games::status, games::head_hash, seats::seat.nullable()))
        .first_native(conn)
        .optional()?;
    let Some((status, head_hash, my_seat)) = head else { return Err(game_not_found(id)) };
    let Some(seat) = my_seat.map(|seat| seat as u8) else {
        return Err(ApiError::forbidden("not_a_player", format!("you do not play in game `{id}`")));
    };
    if parse_status(&status) != GameStatus::Active {
        return Ok(Vec::new());
    }
    if let Some(moves) = kept_games::legal_moves(id, &head_hash, seat) {
        return Ok(moves);
    }
    // Moved by another instance or process, or not kept: the game as stored now (perhaps moved again since
    // the head was read), kept for the next request.
    let loaded = load(conn, id)?;
    let Some(seat) = loaded.seat_of(Some(account)) else {
        return Err(ApiError::forbidden("not_a_player", format!("you do not play in game `{id}`")));
    };
    if loaded.status() != GameStatus::Active {
        return Ok(Vec::new());
    }
    loaded.keep();
    Ok(loaded.legal_moves(Some(seat)).into_iter().map(|(_, moves)| moves).collect())
}

fn require_active(loaded: &Loaded) -> ApiResult<()> {
    match loaded.status() {
        GameStatus::Active => Ok(()),
        GameStatus::Waiting => Err(ApiError::conflict(
            "game_not_started",
            format!("game `{}` is waiting for players to join; no move can be made yet", loaded.row.id),
        )),
        GameStatus::Finished => Err(ApiError::conflict("game_over", format!("game `{}` is over", loaded.row.id))),
    }
}

/// Maps a refused journal append to the API error a player should see.
fn refused(loaded: &Loaded, seat: u8, e: JournalError) -> ApiError {
    let mine = || -> Vec<String> {
        loaded.game.pending().iter().filter(|p| p.seat == seat).map(|p| format!("`{}` ({})", p.id, p.kind)).collect()
    };
    match e {
        JournalError::Apply(ApplyError::Rule(RuleError::Illegal(text))) => {
            ApiError::unprocessable("illegal_move", "").localized(&text)
        }
        JournalError::Apply(ApplyError::Rule(RuleError::NotPending(d))) => {
            let now_pending = mine();
            ApiError::conflict(
                "stale_decision",
                if now_pending.is_empty() {
                    format!("decision `{d}` is no longer pending and nothing is asked of you now")
                } else {
                    format!("decision `{d}` is no longer pending; asked of you now: {}", now_pending.join(", "))
                },
            )
        }
        JournalError::Apply(ApplyError::Rule(RuleError::WrongSeat { decision, .. })) => ApiError::forbidden(
            "wrong_player",
            format!("decision `{decision}` is another player's; yours now: {}", mine().join(", ")),
        ),
        JournalError::Apply(ApplyError::Rule(RuleError::GameOver)) | JournalError::GameOver => {
            ApiError::conflict("game_over", "the game is over")
        }
        JournalError::Apply(ApplyError::Shape(e)) => ApiError::bad_request("malformed_action", e.to_string()),
        other => ApiError::internal(other),
    }
}

pub(crate) fn allowed_options(loaded: &Loaded, decision: &str) -> Option<Vec<String>> {
    loaded.game.game().legal(loaded.game.state(), decision).map(|c| c.options.into_iter().map(|o| o.notation).collect())
}

/// Verifies a signed move, then applies it through [`answer`].
pub fn submit(conn: &mut Conn, mail: &MailContext, account: i64, id: i64, token: &str) -> ApiResult<MoveAccepted> {
    let signed = verify_move(conn, account, id, token)?;
    answer(conn, mail, account, id, signed)
}

/// The answer a signed move gives, once its signature is checked ([`verify_signed`]); apply it with [`answer`].
pub fn verify_move(conn: &mut Conn, account: i64, id: i64, token: &str) -> ApiResult<Answer> {
    let claims = verify_signed(conn, account, id, token)?;
    Ok(answer_of(claims, token))
}

/// The answer signed move `token`, with claims `claims`, gives.
fn answer_of(claims: shared::api_types::MoveClaims, token: &str) -> Answer {
    Answer {
        seat: Some(claims.seat),
        decision: claims.decision,
        action: claims.action,
        by: Actor::Player,
        signature: Some(token.trim().to_string()),
        receipt: None,
        confirm_by_mail: false,
    }
}

/// Checks that `token` is a move signed for game `id` by a live key of `account`; returns its claims.
pub fn verify_signed(conn: &mut Conn, account: i64, id: i64, token: &str) -> ApiResult<shared::api_types::MoveClaims> {
    let submitted = signed_for(id, token)?;
    let bad_signature = |e: signing::SigningError| {
        ApiError::unauthorized("bad_signature", format!("the move's signature is not valid: {e}"))
    };
    let public_key = signing::PublicKey::parse(&live_key(conn, account, submitted.kid())?).map_err(bad_signature)?;
    let claims = public_key.verify_submitted(&submitted).map_err(bad_signature)?;
    remember_public_key(submitted.kid(), public_key);
    Ok(claims)
}

/// `token` once it reads as a move signed for game `id` (the signature not checked yet).
fn signed_for(id: i64, token: &str) -> ApiResult<signing::SubmittedMove<'_>> {
    let submitted = signing::read_submitted(token).map_err(|e| match e {
        signing::SigningError::ExtraClaims(ref extra) => {
            let claims = extra.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ");
            ApiError::bad_request("malformed_move", e.to_string())
                .localized(&catalog::both!("problem-move-extra-claims", claims = claims))
        }
        signing::SigningError::WrongAlgorithm(ref alg) => ApiError::bad_request("malformed_move", e.to_string())
            .localized(&catalog::both!("problem-move-wrong-algorithm", alg = alg.as_str())),
        _ => ApiError::bad_request("malformed_move", format!("the signed move is not readable: {e}")),
    })?;
    let game = submitted.claims().game;
    if game != id {
        return Err(ApiError::bad_request("wrong_game", format!("this move is signed for game `{game}`, not `{id}`")));
    }
    Ok(submitted)
}

/// The public key of signing key `kid` if it is `account`'s and not revoked.
fn live_key(conn: &mut Conn, account: i64, kid: &str) -> ApiResult<String> {
    let key: Option<(i64, String, Option<String>)> = signing_keys::table
        .find(kid)
        .select((signing_keys::account_id, signing_keys::public_key, signing_keys::revoked_at))
        .first_native(conn)
        .optional()?;
    match key {
        Some((owner, public_key, None)) if owner == account => Ok(public_key),
        Some((owner, _, Some(_))) if owner == account => {
            Err(ApiError::forbidden("key_revoked", format!("signing key `{kid}` was revoked; register a new one")))
        }
        _ => Err(ApiError::forbidden(
            "unknown_key",
            format!("signing key `{kid}` is not registered to you; register it with `POST /api/v1/keys`"),
        )),
    }
}

/// The most public keys [`known_public_key`] remembers (a few hundred KB).
const KNOWN_PUBLIC_KEYS: usize = 4096;

/// Public keys of signing keys read before, by key id, read once (a read decompresses the key's point, some
/// 5% of an HTTP worker's time per move when each move did it). A key id is the hash of its public key, so
/// what is remembered for an id stays true for good; who owns the key and whether it is revoked may change,
/// and is read again for each move ([`answer_verified`]).
static PUBLIC_KEYS: std::sync::LazyLock<std::sync::Mutex<std::collections::HashMap<String, signing::PublicKey>>> =
    std::sync::LazyLock::new(Default::default);

fn remember_public_key(kid: &str, public_key: signing::PublicKey) {
    let mut known = PUBLIC_KEYS.lock().unwrap_or_else(|e| e.into_inner());
    if known.len() >= KNOWN_PUBLIC_KEYS && !known.contains_key(kid) {
        known.clear();
    }
    known.insert(kid.to_string(), public_key);
}

fn known_public_key(kid: &str) -> Option<signing::PublicKey> {
    PUBLIC_KEYS.lock().unwrap_or_else(|e| e.into_inner()).get(kid).cloned()
}

/// A signed move checked without the database, where that is possible: its signature verified against the
/// public key remembered for its key id. Returns the answer and the key id, whose owner and revocation
/// [`answer_verified`] reads in the move's transaction; `None` if the key was never read here or the move
/// is refused (the caller then checks it through [`verify_move`], whose errors are the ones to give).
pub fn verify_known_key(id: i64, token: &str) -> Option<(Answer, String)> {
    let submitted = signed_for(id, token).ok()?;
    let claims = known_public_key(submitted.kid())?.verify_submitted(&submitted).ok()?;
    Some((answer_of(claims, token), submitted.kid().to_string()))
}

/// Applies an answer checked by [`verify_known_key`] as a request of the writer (in its own savepoint of the
/// writer's batch, rolled back if this fails), first checking that its key `kid` is still `account`'s and not
/// revoked. `standing` says whether the account was already checked in this transaction.
pub fn answer_verified(
    conn: &mut Conn,
    mail: &MailContext,
    account: i64,
    id: i64,
    a: Answer,
    kid: &str,
    standing: Standing,
) -> ApiResult<MoveAccepted> {
    live_key(conn, account, kid)?;
    // The request's savepoint is the answer's: one inside it cost two statements more a move (on PostgreSQL,
    // two round trips). The writer wakes the event hub once the batch is committed.
    answer_within(conn, mail, account, id, a, standing)
}

/// One player's answer to one decision, however it arrived (REST or email).
#[derive(Clone, Debug)]
pub struct Answer {
    /// The seat the answer claims to speak for (a signed move names it); checked against the player's seat.
    pub seat: Option<u8>,
    pub decision: String,
    pub action: Value,
    pub by: Actor,
    /// The signed move, journaled with the entry; a retry of the same signed move is answered as a duplicate.
    pub signature: Option<String>,
    /// How the answer arrived by email (its reply token is spent, and the receipt recorded beside the
    /// journal entry, in the same transaction).
    pub receipt: Option<MailReceipt>,
    /// Send the player a confirmation email (the answer came by email).
    pub confirm_by_mail: bool,
}

/// Applies an answer, lets bots answer, and stores it all (with the emails it causes) in one transaction.
pub fn answer(conn: &mut Conn, mail: &MailContext, account: i64, id: i64, a: Answer) -> ApiResult<MoveAccepted> {
    crate::db::write_transaction(conn, |conn| answer_within(conn, mail, account, id, a, Standing::Unchecked))
        .inspect(|_| crate::events::published(id))
}

/// [`answer`]'s change, inside a transaction or savepoint of the caller's that is rolled back if it fails.
fn answer_within(
    conn: &mut Conn,
    mail: &MailContext,
    account: i64,
    id: i64,
    a: Answer,
    standing: Standing,
) -> ApiResult<MoveAccepted> {
    if standing == Standing::Unchecked {
        super::accounts::refuse_suspended(conn, account)?;
    }
    let mut loaded = load_for_answer(conn, id)?;
    let my_seat = loaded.seat_of(Some(account));
    if let Some(token) = &a.signature
        && let Some(accepted) = already_accepted(conn, &loaded, account, token)?
    {
        return Ok(accepted);
    }
    require_active(&loaded)?;
    let Some(seat) = my_seat else {
        return Err(ApiError::forbidden("not_a_player", format!("you do not play in game `{id}`")));
    };
    if let Some(claimed) = a.seat.filter(|c| *c != seat) {
        return Err(ApiError::forbidden(
            "wrong_seat",
            format!("this move is signed for seat {claimed}, but you play seat {seat}"),
        ));
    }
    loaded
        .game
        .game()
        .refuse_unknown_members(&a.action)
        .map_err(|e| ApiError::bad_request("malformed_action", e.to_string()))?;
    if let Some(receipt) = &a.receipt {
        receipt.spend(conn)?;
    }
    let before = loaded.game.next_seq() as usize;
    let body = EntryBody::Move {
        seat,
        decision: a.decision.clone(),
        action: a.action.clone(),
        by: a.by,
        signature: a.signature.clone(),
    };
    if let Err(e) = loaded.game.append(body, &now()) {
        let mut err = refused(&loaded, seat, e);
        if err.code == "illegal_move"
            && let Some(allowed) = allowed_options(&loaded, &a.decision)
        {
            err = err.with_allowed(allowed);
        }
        return Err(err);
    }
    if let Some(receipt) = &a.receipt {
        receipt.record(conn, id, before as u64)?;
    }
    loaded.settle()?;
    // The confirmation first, so that it reaches the player before the emails the move causes.
    if a.confirm_by_mail {
        notify::confirmation(conn, mail, &loaded, account, seat, before)?;
    }
    loaded.persist(conn, mail, before)?;
    Ok(loaded.accepted(before, account))
}

/// The answer to a retry of signed move `token`, if game `loaded` has it: found through the journal's
/// signature index, not by reading the journal.
fn already_accepted(conn: &mut Conn, loaded: &Loaded, account: i64, token: &str) -> ApiResult<Option<MoveAccepted>> {
    let id = loaded.row.id;
    let seq: Option<i64> = journal::table
        .filter(journal::signature_hash.eq(signature_hash(token)))
        .filter(journal::game_id.eq(id))
        .select(journal::seq)
        .first_native(conn)
        .optional()?;
    let Some(seq) = seq else { return Ok(None) };
    let since = journal_entries(conn, id, seq - 1, JOURNAL_PAGE_MAX)?;
    Ok(Some(MoveAccepted {
        seq: seq as u64,
        hash: since[0].hash.clone(),
        events: loaded.events_in(&since, Some(account)),
        duplicate: true,
        game: loaded.detail(Some(account)),
    }))
}

/// A searching bot's seat and the decision it owes, with what it needs to think (outside any transaction).
pub struct BotTurn {
    pub game_id: i64,
    pub seat: u8,
    pub level: Level,
    pub decision: String,
    pub game: &'static dyn registry::DynGame,
    /// The game as it stood: the bot reads it only through samples of what its seat may see.
    pub state: shared::registry::DynState,
    /// The game's secret seed, which makes the bot's thinking repeatable (see `bot_worker`).
    pub seed: [u8; 32],
}

/// The head hash of each active game that has a searching bot, by game id.
pub type BotGameHeads = HashMap<i64, String>;

/// Every decision a searching bot owes now, over the active games that have such a bot, and those games'
/// heads. A game whose head is still the one `looked_at` gives for it has not changed since it was looked at,
/// and is not loaded again: this runs after every batch of moves, and loaded every game with a searching bot
/// each time.
pub fn bot_turns(conn: &mut Conn, looked_at: &BotGameHeads) -> ApiResult<(Vec<BotTurn>, BotGameHeads)> {
    let searching: Vec<String> =
        Level::ALL.iter().filter(|l| l.searches()).map(|l| l.seat_code().to_string()).collect();
    // Read after every batch of moves: kept prepared under its call site (the list of searching levels never
    // changes, so neither does its text).
    let heads: Vec<(i64, String)> = crate::fixed_statement!(
        games::table
            .inner_join(seats::table.on(seats::game_id.eq(games::id)))
            .filter(games::status.eq("active"))
            .filter(seats::kind.eq_any(&searching))
            .select((games::id, games::head_hash))
            .distinct()
            .order(games::id.asc()),
    )
    .load_native(conn)?;
    let mut turns = Vec::new();
    for (id, head) in &heads {
        if looked_at.get(id) == Some(head) {
            continue;
        }
        // (A move committed since the heads were read makes the game's head differ from `head` next time: it is
        // looked at again then.)
        let id = *id;
        let loaded = load(conn, id)?;
        if loaded.status() != GameStatus::Active {
            continue;
        }
        let seed = seed_bytes(&loaded.row.seed)?;
        for p in loaded.game.pending() {
            let level = loaded.seats.get(p.seat as usize).and_then(|s| bot_level(&s.kind));
            if let Some(level) = level.filter(|l| l.searches()) {
                turns.push(BotTurn {
                    game_id: id,
                    seat: p.seat,
                    level,
                    decision: p.id.clone(),
                    game: loaded.game.game(),
                    state: loaded.game.game().clone_state(loaded.game.state()),
                    seed,
                });
            }
        }
    }
    Ok((turns, heads.into_iter().collect()))
}

/// A searching bot's answer, submitted like a player's move (journaled as a bot's), with everything it causes.
/// Returns false, changing nothing, when the decision is no longer the bot's to answer (answered meanwhile,
/// or the game ended).
pub fn bot_answer(conn: &mut Conn, mail: &MailContext, turn: &BotTurn, action: Value) -> ApiResult<bool> {
    let id = turn.game_id;
    crate::db::write_transaction(conn, |conn| {
        let mut loaded = load_for_write(conn, id)?;
        let still_owed = loaded.status() == GameStatus::Active
            && loaded.seats.get(turn.seat as usize).and_then(|s| bot_level(&s.kind)) == Some(turn.level)
            && loaded.game.pending().iter().any(|p| p.id == turn.decision && p.seat == turn.seat);
        if !still_owed {
            return Ok(false);
        }
        let before = loaded.game.next_seq() as usize;
        let body = EntryBody::Move {
            seat: turn.seat,
            decision: turn.decision.clone(),
            action,
            by: Actor::Bot,
            signature: None,
        };
        loaded.game.append(body, &now()).map_err(|e| ApiError::internal(format!("bot answer refused: {e}")))?;
        loaded.settle()?;
        loaded.persist(conn, mail, before)?;
        Ok(true)
    })
    .inspect(|changed| {
        if *changed {
            crate::events::published(id)
        }
    })
}

/// A deadline passed: if `seat` still owes `decision`, applies the rules' timeout action, or else the game's
/// policy: forfeit the seat (a `Timeout` without action resigns it) or skip the turn (a random legal answer
/// in the `Timeout`), as a server entry with everything it causes. Returns
/// whether anything changed (a second sweep of the same deadline changes nothing).
pub fn time_out(conn: &mut Conn, mail: &MailContext, id: i64, seat: u8, decision: &str) -> ApiResult<bool> {
    crate::db::write_transaction(conn, |conn| {
        let mut loaded = load_for_write(conn, id)?;
        let owed = loaded.status() == GameStatus::Active
            && loaded.game.pending().iter().any(|p| p.id == decision && p.seat == seat);
        if !owed {
            notify::forget_deadline(conn, id, decision)?;
            return Ok(false);
        }
        let rules = loaded.game.game().timeout_action(loaded.game.state(), decision);
        let action = match (rules, TimeoutPolicy::parse(&loaded.row.timeout_policy)) {
            (Some(action), _) => Some(action),
            (None, TimeoutPolicy::Forfeit) => None,
            (None, TimeoutPolicy::Skip) => {
                let mut rng = Rng::from_seed(&random_bytes::<32>());
                let skipped = loaded.game.game().random_action(loaded.game.state(), decision, &mut rng);
                Some(skipped.ok_or_else(|| ApiError::internal(format!("no legal answer to skip `{decision}` with")))?)
            }
        };
        let before = loaded.game.next_seq() as usize;
        let at = mail.clock.now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let body = EntryBody::Timeout { seat, decision: decision.to_string(), action };
        loaded.game.append(body, &at).map_err(|e| ApiError::internal(format!("timeout refused: {e}")))?;
        tracing::info!(game = id, seat, decision, "deadline passed");
        loaded.settle()?;
        loaded.persist(conn, mail, before)?;
        Ok(true)
    })
    .inspect(|_| crate::events::published(id))
}

pub fn resign(conn: &mut Conn, mail: &MailContext, account: i64, id: i64) -> ApiResult<MoveAccepted> {
    crate::db::write_transaction(conn, |conn| {
        super::accounts::refuse_suspended(conn, account)?;
        let mut loaded = load_for_write(conn, id)?;
        let Some(seat) = loaded.seat_of(Some(account)) else {
            return Err(ApiError::forbidden("not_a_player", format!("you do not play in game `{id}`")));
        };
        require_active(&loaded)?;
        let before = loaded.game.next_seq() as usize;
        let appended = loaded.game.append(EntryBody::Resign { seat, signature: None }, &now()).map(|_| ());
        if let Err(e) = appended {
            return Err(match e {
                JournalError::Apply(ApplyError::Rule(RuleError::Illegal(text))) => {
                    ApiError::conflict("cannot_resign", "").localized(&text)
                }
                other => refused(&loaded, seat, other),
            });
        }
        loaded.settle()?;
        loaded.persist(conn, mail, before)?;
        Ok(loaded.accepted(before, account))
    })
    .inspect(|_| crate::events::published(id))
}

/// The server's operator ends game `id` (`tegami-server admin games end`): an `ended_by_operator` entry, then
/// the seed's reveal, with results, ratings (none for an abandoned game, which stops being rated) and the
/// game-over emails as after any end, in one transaction.
pub fn end_by_operator(
    conn: &mut Conn,
    mail: &MailContext,
    id: i64,
    ending: &shared::journal::OperatorEnding,
) -> ApiResult<Loaded> {
    crate::db::write_transaction(conn, |conn| {
        let mut loaded = load_for_write(conn, id)?;
        if loaded.game.is_over() {
            return Err(ApiError::conflict(
                "game_over",
                format!("game {id} is {}: it has already ended", loaded.row.status),
            ));
        }
        let before = loaded.game.next_seq() as usize;
        let at = mail.clock.now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        loaded.game.append(ending.body(), &at).map_err(|e| match e {
            JournalError::BadEnding(problem) => ApiError::unprocessable("bad_ending", problem),
            other => ApiError::internal(format!("the operator's ending refused: {other}")),
        })?;
        if ending.result == shared::journal::OperatorResult::Abandoned {
            diesel::update(games::table.find(id)).set(games::rated.eq(false)).execute(conn)?;
        }
        loaded.settle()?;
        loaded.persist(conn, mail, before)?;
        Ok(loaded)
    })
    .inspect(|_| crate::events::published(id))
}

/// A page of the journal as `account` may read it: up to `limit` entries after seq `after` (from the start
/// without it), with the keys that signed them and, if more follow, where the next page starts.
pub fn journal_listing(
    conn: &mut Conn,
    id: i64,
    account: Option<i64>,
    after: Option<u64>,
    limit: Option<u32>,
) -> ApiResult<JournalListing> {
    let limit = match limit {
        None => JOURNAL_PAGE_MAX,
        Some(n @ 1..) if i64::from(n) <= JOURNAL_PAGE_MAX => i64::from(n),
        Some(n) => {
            return Err(ApiError::bad_request(
                "bad_limit",
                format!("limit {n} is out of range; use 1 to {JOURNAL_PAGE_MAX}"),
            ));
        }
    };
    let after = match after {
        None => -1,
        Some(a) => {
            i64::try_from(a).map_err(|_| ApiError::bad_request("bad_after", format!("`after` {a} is too large")))?
        }
    };
    let loaded = load(conn, id)?;
    let revealed = loaded.game.is_revealed();
    let page = journal_entries(conn, id, after, limit)?;
    let next = page.last().map(|e| e.seq).filter(|last| (*last as i64) < loaded.row.head_seq);
    let entries = loaded.game.redact_for(&page, loaded.viewer(account));
    let kids: Vec<String> = entries
        .iter()
        .filter_map(|e| match &e.body {
            EntryBody::Move { signature: Some(s), .. } => signing::peek(s).ok().map(|(kid, _)| kid),
            _ => None,
        })
        .collect();
    let mut keys: Vec<PublicKeyInfo> = signing_keys::table
        .filter(signing_keys::kid.eq_any(&kids))
        .select((signing_keys::kid, signing_keys::account_id, signing_keys::public_key))
        .load::<(String, i64, String)>(conn)?
        .into_iter()
        .map(|(kid, account_id, public_key)| PublicKeyInfo {
            kid,
            account_id: Some(account_id),
            public_key,
            seat: None,
        })
        .collect();
    keys.extend(kept_keys(conn, id, &kids)?);
    Ok(JournalListing {
        game: id,
        slug: loaded.row.slug.clone(),
        format: loaded.game.format(),
        seed_commitment: loaded.row.seed_commitment.clone(),
        seed: revealed.then(|| loaded.row.seed.clone()),
        entries,
        keys,
        seats: loaded.seat_infos(account),
        next,
    })
}

/// Refuses a player whose name could be taken for the name of a player already seated in the game (accounts
/// registered before look-alike names were refused may still hold such names).
fn refuse_lookalike_seat(conn: &mut Conn, loaded: &Loaded, account: i64) -> ApiResult<()> {
    let name: String = accounts::table.find(account).select(accounts::display_name).first(conn)?;
    let wanted = crate::lookalike::Lookalike::of(&name);
    let seated: Vec<i64> = loaded.seats.iter().filter_map(|s| s.account_id).filter(|a| *a != account).collect();
    let names: Vec<String> =
        accounts::table.filter(accounts::id.eq_any(&seated)).select(accounts::display_name).load(conn)?;
    if names.iter().any(|other| wanted.matches(other)) {
        let text = catalog::both!("ops-name-looks-like-player", name = name.as_str());
        return Err(ApiError::conflict("name_looks_like", "").localized(&text));
    }
    Ok(())
}

/// The keys an import kept for this game's seats whose player had no account here (`transfer::import`), among
/// `kids`.
fn kept_keys(conn: &mut Conn, id: i64, kids: &[String]) -> ApiResult<Vec<PublicKeyInfo>> {
    Ok(imported_keys::table
        .filter(imported_keys::game_id.eq(id))
        .filter(imported_keys::kid.eq_any(kids))
        .select((imported_keys::seat, imported_keys::kid, imported_keys::public_key))
        .load::<(i32, String, String)>(conn)?
        .into_iter()
        .map(|(seat, kid, public_key)| PublicKeyInfo {
            kid,
            account_id: None,
            public_key,
            seat: u8::try_from(seat).ok(),
        })
        .collect())
}

/// The player who takes a seat reserved for their address gets the keys an import kept for it, unless a key
/// id is already another account's.
fn adopt_kept_keys(conn: &mut Conn, id: i64, seat: i32, account: i64) -> ApiResult<()> {
    let kept: Vec<(String, String)> = imported_keys::table
        .filter(imported_keys::game_id.eq(id))
        .filter(imported_keys::seat.eq(seat))
        .select((imported_keys::kid, imported_keys::public_key))
        .load(conn)?;
    for (kid, public_key) in kept {
        let taken: i64 = signing_keys::table.find(&kid).count().get_result(conn)?;
        if taken == 0 {
            diesel::insert_into(signing_keys::table)
                .values((
                    signing_keys::kid.eq(&kid),
                    signing_keys::account_id.eq(account),
                    signing_keys::public_key.eq(&public_key),
                    signing_keys::created_at.eq(now()),
                ))
                .execute(conn)?;
            tracing::info!(game = id, seat, account, kid, "a key kept by import is now its player's");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use shared::api_types::{CreateGameRequest, RegisterRequest, SeatRequest, TimeoutPolicy};
    use shared::bots::Level;
    use shared::journal::Actor;

    use super::*;
    use crate::db::scratch::{Backend, ScratchDatabase, postgres_available};
    use crate::settings::Settings;

    /// Ada's uosao game against two bots of `level`: her account and the game.
    /// A migrated scratch database on `backend`, a connection to it and the mail settings of tests; the folder
    /// and the database last as long as the first two values.
    fn scratch(backend: Backend) -> (tempfile::TempDir, ScratchDatabase, Conn, MailContext) {
        let dir = tempfile::tempdir().unwrap();
        let database = ScratchDatabase::on(backend, dir.path());
        let conn = crate::db::open_migrated(&database.url).unwrap();
        let mail = MailContext::new(&Settings::for_tests(&dir.path().join("tegami.db")));
        (dir, database, conn, mail)
    }

    fn ada_against_two_bots(conn: &mut Conn, mail: &MailContext, level: Level) -> (i64, i64) {
        let register = RegisterRequest {
            email: "ada@example.org".into(),
            display_name: "Ada".into(),
            password: "correct horse battery".into(),
        };
        let account = crate::service::accounts::register(conn, mail, &register).unwrap().id;
        (account, against_two_bots(conn, mail, account, level))
    }

    /// A UOSAO game of `account`'s against two bots of `level`; its id.
    fn against_two_bots(conn: &mut Conn, mail: &MailContext, account: i64, level: Level) -> i64 {
        let request = CreateGameRequest {
            slug: "uosao".into(),
            options: Value::Null,
            seats: vec![SeatRequest::Me, SeatRequest::Bot { level }, SeatRequest::Bot { level }],
            deadline_hours: Some(72),
            timeout_policy: TimeoutPolicy::default(),
            rated: None,
            listed: true,
            mail_pictures: true,
        };
        create(conn, mail, account, request).unwrap().summary.id
    }

    /// `account` answers the first decision asked of them in game `id` with its first listed option.
    fn play_first_option(conn: &mut Conn, mail: &MailContext, account: i64, id: i64) {
        let moves = legal_moves(conn, account, id).unwrap();
        let asked = &moves[0];
        let given = Answer {
            seat: None,
            decision: asked.decision.decision.clone(),
            action: asked.choices.options[0].action.clone(),
            by: Actor::Player,
            signature: None,
            receipt: None,
            confirm_by_mail: false,
        };
        answer(conn, mail, account, id, given).unwrap();
    }

    /// Every statement of a player's move (the bots' answers and the emails queued after it included) runs
    /// from a statement the connection keeps prepared, from the second move on.
    fn a_move_prepares_nothing_anew_on(backend: Backend) {
        let (_dir, _database, mut conn, mail) = scratch(backend);
        let statements = crate::db::prepared::recorded::statements(&mut conn);
        let (account, id) = ada_against_two_bots(&mut conn, &mail, Level::Random);
        play_first_option(&mut conn, &mail, account, id);
        statements.lock().unwrap().ran.clear();
        for _ in 0..3 {
            play_first_option(&mut conn, &mail, account, id);
        }
        let statements = statements.lock().unwrap();
        // Transaction control and NOTIFY are run as plain text, never prepared.
        let plain =
            |sql: &str| ["BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "NOTIFY"].iter().any(|p| sql.starts_with(p));
        let anew: Vec<&String> =
            statements.ran.iter().filter(|sql| !plain(sql.as_str()) && !statements.kept.contains(sql)).collect();
        assert!(anew.is_empty(), "{backend:?}: prepared anew at every move: {anew:#?}");
    }

    #[test]
    fn a_move_prepares_nothing_anew_on_sqlite() {
        a_move_prepares_nothing_anew_on(Backend::Sqlite);
    }

    #[test]
    fn a_move_prepares_nothing_anew_on_postgres() {
        if postgres_available() {
            a_move_prepares_nothing_anew_on(Backend::Postgres);
        }
    }

    #[test]
    fn the_bot_worker_looks_again_only_at_games_that_changed() {
        let (_dir, _database, mut conn, mail) = scratch(Backend::Sqlite);
        let (account, id) = ada_against_two_bots(&mut conn, &mail, Level::Easy);
        // Until a bot owes a decision, the player answers.
        let (turns, heads) = loop {
            let (turns, heads) = bot_turns(&mut conn, &BotGameHeads::new()).unwrap();
            if !turns.is_empty() {
                break (turns, heads);
            }
            play_first_option(&mut conn, &mail, account, id);
        };
        assert!(turns.iter().all(|t| t.game_id == id));
        assert_eq!(heads.keys().copied().collect::<Vec<_>>(), [id]);

        let (again, heads_again) = bot_turns(&mut conn, &heads).unwrap();
        assert!(again.is_empty(), "the game has not changed since it was looked at");
        assert_eq!(heads_again, heads);
        let (forgotten, _) = bot_turns(&mut conn, &BotGameHeads::new()).unwrap();
        assert_eq!(forgotten.len(), turns.len(), "a game not looked at yet is looked at");

        let turn = &turns[0];
        let action = turn.game.random_action(&turn.state, &turn.decision, &mut shared::Rng::from_seed(b"t")).unwrap();
        assert!(bot_answer(&mut conn, &mail, turn, action).unwrap());
        let (_, heads_after) = bot_turns(&mut conn, &heads).unwrap();
        assert_ne!(heads_after.get(&id), heads.get(&id), "the bot's answer changed the game, which is looked at again");
    }

    #[test]
    fn a_move_wakes_the_bot_worker_only_in_a_game_with_a_searching_bot() {
        let (_dir, _database, mut conn, mail) = scratch(Backend::Sqlite);
        let (ada, searching) = ada_against_two_bots(&mut conn, &mail, Level::Easy);
        let random = against_two_bots(&mut conn, &mail, ada, Level::Random);
        let (_, concerns) = crate::events::hub::holding_wakes(|| play_first_option(&mut conn, &mail, ada, random));
        assert!(!concerns.bots, "random bots answer within the move");
        // A searching bot may be the first asked: it answers as the bot worker would.
        while legal_moves(&mut conn, ada, searching).unwrap().is_empty() {
            let (turns, _) = bot_turns(&mut conn, &BotGameHeads::new()).unwrap();
            let turn = &turns[0];
            let action =
                turn.game.random_action(&turn.state, &turn.decision, &mut shared::Rng::from_seed(b"t")).unwrap();
            assert!(bot_answer(&mut conn, &mail, turn, action).unwrap());
        }
        let (_, concerns) = crate::events::hub::holding_wakes(|| play_first_option(&mut conn, &mail, ada, searching));
        assert!(concerns.bots, "a searching bot may owe a decision now");
        assert!(!concerns.deliveries, "no webhook, no delivery");
    }

    #[test]
    fn a_player_who_joins_with_a_webhook_is_sent_the_game_they_joined() {
        use crate::db::schema::{webhook_deliveries, webhooks};
        let (_dir, _database, mut conn, mail) = scratch(Backend::Sqlite);
        let register = |conn: &mut Conn, name: &str| {
            let request = RegisterRequest {
                email: format!("{name}@example.org"),
                display_name: name.into(),
                password: "correct horse battery".into(),
            };
            crate::service::accounts::register(conn, &mail, &request).unwrap().id
        };
        let (ada, bea) = (register(&mut conn, "ada"), register(&mut conn, "bea"));
        diesel::insert_into(webhooks::table)
            .values((
                webhooks::account_id.eq(bea),
                webhooks::url.eq("https://hooks.example.org/tegami"),
                webhooks::secret.eq("a-secret-of-sixteen-or-more"),
                webhooks::created_at.eq(now()),
            ))
            .execute(&mut conn)
            .unwrap();
        let request = CreateGameRequest {
            slug: "uosao".into(),
            options: Value::Null,
            seats: vec![SeatRequest::Me, SeatRequest::Open, SeatRequest::Bot { level: Level::Random }],
            deadline_hours: None,
            timeout_policy: TimeoutPolicy::default(),
            rated: None,
            listed: true,
            mail_pictures: false,
        };
        let id = create(&mut conn, &mail, ada, request).unwrap().summary.id;
        let queued = |conn: &mut Conn| webhook_deliveries::table.count().get_result::<i64>(conn).unwrap();
        assert_eq!(queued(&mut conn), 0, "no player of the game had a webhook");
        // Read with the seats before Bea took hers: her webhook is found all the same.
        let ((), concerns) = crate::events::hub::holding_wakes(|| {
            join(&mut conn, &mail, bea, id, None).unwrap();
        });
        assert!(queued(&mut conn) > 0, "the game's start is queued to Bea's webhook");
        assert!(concerns.deliveries, "and the webhook worker is woken for it");
    }

    #[test]
    fn email_addresses_are_checked_for_shape() {
        assert!(valid_email("bob@example.com"));
        assert!(!valid_email("bob"));
        assert!(!valid_email("bob@localhost"));
        assert!(!valid_email("a b@example.com"));
        assert!(!valid_email("@example.com"));
    }
}
