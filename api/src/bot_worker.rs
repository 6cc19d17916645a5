//! The bot worker: answers the decisions owed by bots that search (`bot:easy`, `bot:normal`, `bot:hard`)
//! outside the write path, so that a thinking bot never holds a game's lock or delays another game's move.
//!
//! It looks for owed decisions whenever a commit wakes it (and by its own poll otherwise), hands each to a
//! small pool of thinking threads of its own (bounded, so that many bot games cannot starve the server's
//! request and database threads), and submits each answer like a player's move, journaled as a bot's. What is
//! owed is read from the games themselves, so a restart loses nothing: the decisions pending when the server
//! stopped are found again at the next start. A bot thinks with a generator derived from the game's secret
//! seed and the decision, so a game's bots play the same way every time it is replayed from the same seed.
//!
//! The random bot (`bot`) still answers at once, inside the move that asked it (see `service::games`), with a
//! generator derived the same way.

use std::collections::HashSet;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use shared::Rng;
use shared::bots;

use crate::db::{Conn, DbPool};
use crate::error::ApiResult;
use crate::mail::MailContext;
use crate::service::games::{self, BotGameHeads, BotTurn};

/// How often the worker looks for owed decisions besides being woken by local commits.
const POLL: Duration = Duration::from_secs(2);

/// The threads bots think on: half the cores, at least one (the rest serve requests).
fn thinking_threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get() / 2).unwrap_or(1).max(1)
}

/// The generator a bot thinks with for `decision`: from the game's seed, so that tests and replays are
/// repeatable, and apart from the game's dice (which use `Rng::for_entry`).
pub fn thinking_rng(seed: &[u8; 32], seat: u8, decision: &str) -> Rng {
    let mut material = b"tegami-bot\0".to_vec();
    material.extend_from_slice(seed);
    material.push(seat);
    material.extend_from_slice(decision.as_bytes());
    Rng::from_seed(&material)
}

/// Thinks about `turn` and submits the answer. Runs on a thinking thread.
fn think_and_answer(pool: &DbPool, mail: &MailContext, turn: &BotTurn) -> ApiResult<bool> {
    let mut rng = thinking_rng(&turn.seed, turn.seat, &turn.decision);
    let started = std::time::Instant::now();
    let chosen = bots::choose_dyn(turn.game, &turn.state, turn.seat, &turn.decision, turn.level, &mut rng)
        .or_else(|| turn.game.random_action(&turn.state, &turn.decision, &mut rng));
    let Some(action) = chosen else {
        tracing::warn!(game = turn.game_id, decision = %turn.decision, "bot found no answer");
        return Ok(false);
    };
    tracing::debug!(
        game = turn.game_id,
        seat = turn.seat,
        level = %turn.level,
        decision = %turn.decision,
        ms = started.elapsed().as_millis() as u64,
        "bot answered"
    );
    let mut conn: crate::db::PooledConn = pool.get().map_err(crate::error::ApiError::internal)?;
    games::bot_answer(&mut conn, mail, turn, action)
}

/// The thinking threads, fed through one queue.
struct Thinkers {
    queue: mpsc::Sender<BotTurn>,
}

impl Thinkers {
    fn start(pool: DbPool, mail: MailContext, done: tokio::sync::mpsc::UnboundedSender<(i64, String)>) -> Self {
        let (queue, jobs) = mpsc::channel::<BotTurn>();
        let jobs = Arc::new(Mutex::new(jobs));
        for i in 0..thinking_threads() {
            let (jobs, pool, mail, done) = (jobs.clone(), pool.clone(), mail.clone(), done.clone());
            let spawned = std::thread::Builder::new().name(format!("bot-{i}")).spawn(move || {
                loop {
                    let next = jobs.lock().map(|rx| rx.recv());
                    let Ok(Ok(turn)) = next else { return };
                    if let Err(e) = think_and_answer(&pool, &mail, &turn) {
                        tracing::warn!(game = turn.game_id, decision = %turn.decision, error = %e, "bot answer failed");
                    }
                    if done.send((turn.game_id, turn.decision)).is_err() {
                        return;
                    }
                }
            });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a bot thinking thread");
            }
        }
        Thinkers { queue }
    }
}

/// The decisions searching bots owe in the games that changed since `looked_at`, and the games' heads now.
async fn owed(pool: &DbPool, looked_at: BotGameHeads) -> Result<(Vec<BotTurn>, BotGameHeads), String> {
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        let conn: &mut Conn = &mut conn;
        games::bot_turns(conn, &looked_at).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

pub async fn run(pool: DbPool, mail: MailContext) {
    let mut woken = crate::events::hub::woken_for_bots();
    let (done_tx, mut done) = tokio::sync::mpsc::unbounded_channel();
    let thinkers = Thinkers::start(pool.clone(), mail, done_tx);
    // Decisions handed to a thinking thread and not yet answered: not handed out twice.
    let mut thinking: HashSet<(i64, String)> = HashSet::new();
    // The games looked at, as they were: one is looked at again once it changes, or once a bot's answer to it
    // ended (an answer that failed leaves the game as it was, and its decision is owed still).
    let mut looked_at = BotGameHeads::new();
    tracing::info!(threads = thinking_threads(), "bot worker started");
    loop {
        match owed(&pool, std::mem::take(&mut looked_at)).await {
            Ok((turns, heads)) => {
                looked_at = heads;
                for turn in turns {
                    let key = (turn.game_id, turn.decision.clone());
                    if thinking.insert(key) && thinkers.queue.send(turn).is_err() {
                        return;
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "bot worker: cannot read owed decisions"),
        }
        tokio::select! {
            changed = woken.changed() => if changed.is_err() { return },
            finished = done.recv() => match finished {
                Some(key) => {
                    looked_at.remove(&key.0);
                    thinking.remove(&key);
                }
                None => return,
            },
            () = tokio::time::sleep(POLL) => {}
        }
        while let Ok(key) = done.try_recv() {
            looked_at.remove(&key.0);
            thinking.remove(&key);
        }
    }
}
