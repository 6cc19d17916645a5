//! Property-test support shared by every engine: random legal playouts through the same journal fold the
//! server uses, with the invariants every game must keep checked on the way.

use serde_json::Value;

use crate::dice::Rng;
use crate::engine::{Outcome, Pending, Viewer};
use crate::journal::{Actor, Entry, EntryBody, Match};

/// How many random games a property test plays: `default`, or `TEGAMI_PLAYOUTS` when set (for longer soaks).
pub fn playout_count(default: u64) -> u64 {
    std::env::var("TEGAMI_PLAYOUTS").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Salts for `Match::with_salts` in tests. The server draws them from the operating system; these come from a
/// generator keyed by `label`, which the game's seed knows nothing of, so that a test can be run again.
pub fn salts(label: &[u8]) -> impl FnMut() -> [u8; 32] + Send + Sync + 'static {
    let mut rng = Rng::from_seed(label);
    move || std::array::from_fn(|_| rng.below(256) as u8)
}

/// Settings of one random playout.
#[derive(Clone, Debug)]
pub struct Playout {
    pub slug: &'static str,
    pub options: Value,
    pub seats: u8,
    /// Seeds both the game's secret seed and the random players.
    pub seed: u64,
    /// The playout fails if the game is not over after this many entries.
    pub max_entries: usize,
    /// Chance in 1000 that, before a move, a random seat resigns instead.
    pub resign_per_mille: u64,
    /// Answers `legal` does not list, sent now and then in place of a random one (shidouban's standing
    /// preferences); one the game refuses is skipped.
    pub unlisted: Option<Unlisted>,
}

/// Draws, or not, an answer `legal` does not list to a pending decision.
pub type Unlisted = fn(&Match, &Pending, &mut Rng) -> Option<Value>;

impl Playout {
    pub fn new(slug: &'static str, seats: u8, seed: u64) -> Self {
        Playout { slug, options: Value::Null, seats, seed, max_entries: 20_000, resign_per_mille: 0, unlisted: None }
    }
}

/// What a finished playout produced.
pub struct Finished {
    pub game: Match,
    pub outcome: Outcome,
}

/// Plays random legal answers until the game ends. Fails (with a message naming the seed and step) when an
/// answer from `random_action` is refused, when `legal` is missing for a pending decision, when a listed
/// option is not what `random_action` drew from, when the game does not end, when the replay of the
/// journal differs from the live state, or when the journal published to some reader at the end does not
/// replay to the same end or shows an answer the rules never reveal (see [`check_published`]). `inspect`
/// is called after every entry (for leak checks).
pub fn play(p: &Playout, mut inspect: impl FnMut(&Match)) -> Result<Finished, String> {
    let mut game_seed = [0u8; 32];
    game_seed[..8].copy_from_slice(&p.seed.to_le_bytes());
    game_seed[8..16].copy_from_slice(b"playout!");
    let at = "2026-01-01T00:00:00Z";
    let mut m = Match::create(p.slug, p.options.clone(), p.seats, game_seed, at)
        .map_err(|e| format!("seed {}: create failed: {e}", p.seed))?
        .with_salts(salts(format!("salts {}", p.seed).as_bytes()));
    let mut players = Rng::from_seed(format!("players {}", p.seed).as_bytes());
    inspect(&m);
    loop {
        let pending = m.pending();
        if pending.is_empty() {
            break;
        }
        if m.entries().len() > p.max_entries {
            return Err(format!("seed {}: not over after {} entries", p.seed, p.max_entries));
        }
        let step = m.entries().len();
        let unlisted = p.unlisted.and_then(|unlisted| {
            let decision = players.choose(&pending).expect("pending is not empty").clone();
            let action = unlisted(&m, &decision, &mut players)?;
            Some(EntryBody::Move {
                seat: decision.seat,
                decision: decision.id,
                action,
                by: Actor::Bot,
                signature: None,
            })
        });
        // A seat may be unable to resign (already out), and the game may refuse an unlisted answer: neither is
        // a failure.
        let (body, may_be_refused) = if p.resign_per_mille > 0 && players.below(1000) < p.resign_per_mille {
            let seat = players.below(p.seats as u64) as u8;
            (EntryBody::Resign { seat, signature: None }, true)
        } else if let Some(body) = unlisted {
            (body, true)
        } else {
            let decision = players.choose(&pending).expect("pending is not empty").clone();
            let choices = m.game().legal(m.state(), &decision.id).ok_or_else(|| {
                format!("seed {}: step {step}: no legal answers for pending `{}`", p.seed, decision.id)
            })?;
            let action = m
                .game()
                .random_action(m.state(), &decision.id, &mut players)
                .ok_or_else(|| format!("seed {}: step {step}: no random answer for `{}`", p.seed, decision.id))?;
            if choices.complete && !choices.options.iter().any(|o| o.action == action) {
                return Err(format!(
                    "seed {}: step {step}: random answer {action} to `{}` is not among the listed options",
                    p.seed, decision.id
                ));
            }
            let body = EntryBody::Move {
                seat: decision.seat,
                decision: decision.id.clone(),
                action,
                by: Actor::Bot,
                signature: None,
            };
            (body, false)
        };
        match m.append(body.clone(), at) {
            Ok(_) => {}
            Err(_) if may_be_refused => continue,
            Err(e) => return Err(format!("seed {}: step {step}: {body:?} refused: {e}", p.seed)),
        }
        inspect(&m);
    }
    let outcome = m.outcome().ok_or_else(|| format!("seed {}: over but no outcome", p.seed))?;
    if outcome.ranks.len() != p.seats as usize {
        return Err(format!("seed {}: outcome ranks {} seats, not {}", p.seed, outcome.ranks.len(), p.seats));
    }
    m.append(EntryBody::Reveal { seed: hex::encode(game_seed) }, at)
        .map_err(|e| format!("seed {}: reveal refused: {e}", p.seed))?;
    let replayed = Match::replay(m.entries(), game_seed).map_err(|e| format!("seed {}: replay failed: {e}", p.seed))?;
    let live = m.game().state_to_json(m.state());
    if replayed.game().state_to_json(replayed.state()) != live {
        return Err(format!("seed {}: replayed state differs from the live state", p.seed));
    }
    if replayed.entries().iter().map(|e| &e.events).ne(m.entries().iter().map(|e| &e.events)) {
        return Err(format!("seed {}: replay produced different events", p.seed));
    }
    let snapshot =
        m.game().state_from_json(&live).map_err(|e| format!("seed {}: snapshot does not load: {e}", p.seed))?;
    if m.game().state_to_json(&snapshot) != live {
        return Err(format!("seed {}: state does not survive a JSON round trip", p.seed));
    }
    for viewer in (0..p.seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
        check_published(&m, viewer).map_err(|e| format!("seed {}: {e}", p.seed))?;
    }
    Ok(Finished { game: m, outcome })
}

/// Checks the journal a finished, revealed game `m` publishes to `viewer`: it replays (each answer the
/// rules never reveal by its effect alone) to the very state and outcome of the game, with the same events
/// for all to read; and every answer that stays secret is shown to no one but its author: no action, no
/// signature, no salt.
pub fn check_published(m: &Match, viewer: Viewer) -> Result<(), String> {
    let published = m.journal_for(viewer);
    // A copy with nothing withheld is the journal itself, which `play` has replayed already.
    if published != m.entries() {
        let replayed =
            Match::replay(&published, *m.seed()).map_err(|e| format!("{viewer:?}'s journal does not replay: {e}"))?;
        if replayed.game().state_to_json(replayed.state()) != m.game().state_to_json(m.state()) {
            return Err(format!("{viewer:?}'s journal replays to another final state"));
        }
        if replayed.outcome() != m.outcome() {
            return Err(format!("{viewer:?}'s journal replays to another outcome"));
        }
        if replayed.head_hash() != m.head_hash() {
            return Err(format!("{viewer:?}'s journal replays to another head hash"));
        }
        let public = |e: &Entry| e.events.iter().filter(|ev| ev.public_after_end()).cloned().collect::<Vec<_>>();
        if let Some(e) = m.entries().iter().zip(replayed.entries()).find(|(full, again)| public(full) != public(again))
        {
            return Err(format!("{viewer:?}'s journal: entry {} replays with other public events", e.0.seq));
        }
    }
    for (full, seen) in m.entries().iter().zip(&published) {
        let author = full.body.seat().map(Viewer::Seat);
        if !m.never_revealed(full) || author == Some(viewer) || viewer == Viewer::Server {
            continue;
        }
        let leaked = match &seen.body {
            EntryBody::Withheld => false,
            EntryBody::Move { action, signature, .. } => !action.is_null() || signature.is_some(),
            EntryBody::Timeout { action, .. } => action.as_ref().is_some_and(|a| !a.is_null()),
            _ => true,
        };
        let text = serde_json::to_string(seen).expect("entries serialise");
        if leaked || !seen.redacted || !seen.nonce.is_empty() || text.contains(&full.nonce) {
            return Err(format!("{viewer:?} reads entry {}, an answer the rules never reveal: {text}", full.seq));
        }
    }
    Ok(())
}

/// Checks that the author of entry `i` reads it in full in its own copy, and can open its hash.
pub fn check_author_reads_own(m: &Match, i: usize) -> Result<(), String> {
    let real = &m.entries()[i];
    let Some(author) = real.body.seat() else { return Err(format!("entry {i} has no author")) };
    let own = &m.journal_for(Viewer::Seat(author))[i];
    if own.redacted || (&own.body, &own.nonce) != (&real.body, &real.nonce) {
        return Err(format!("seat {author} does not read its own entry {i} in full: {own:?}"));
    }
    let opened = crate::journal::hash_in(m.format(), own.seq, &own.at, &own.body, &own.nonce, &own.prev_hash);
    if opened.as_deref() != Some(own.hash.as_str()) {
        return Err(format!("seat {author} cannot open the hash of its own entry {i}"));
    }
    Ok(())
}

/// Everything `viewer` receives from a game: its view, and its journal with events.
pub fn everything_seen_by(m: &Match, viewer: Viewer) -> String {
    let view = m.view(viewer);
    let journal = m.journal_for(viewer);
    format!("{view}\n{}", serde_json::to_string(&journal).expect("journal serialises"))
}

/// Checks the gestures (`crate::gesture`) every pending decision of `m` offers its seat: each answer parses
/// (in the seat's view) to an answer the rules accept and prints back as itself; no two gestures share
/// their spots; every spot is a `data-spot` of the seat's pictures (wide and narrow) or a button with a
/// catalog label; and, unless the decision's kind is in `left_to_notation`, every listed answer has a
/// gesture. Returns how many gestures were checked.
pub fn check_gestures(m: &Match, left_to_notation: &[&str]) -> Result<usize, String> {
    let game = m.game();
    let slug = game.info().slug;
    let mut checked = 0;
    for pending in m.pending() {
        let viewer = Viewer::Seat(pending.seat);
        let gestures = game.gestures(m.state(), &pending.id, viewer);
        let Some(choices) = game.legal(m.state(), &pending.id) else { continue };
        let view = m.view(viewer);
        let mut pictures = Vec::new();
        for narrow in [false, true] {
            let ctx =
                crate::engine::RenderContext { narrow, ..crate::engine::RenderContext::new(catalog::LANGUAGES[0], 80) };
            pictures.push(game.render_svg(&view, &ctx).map_err(|e| e.to_string())?);
        }
        let mut seen = std::collections::BTreeSet::new();
        for g in &gestures {
            let at = format!("{slug} `{}` ({}), gesture {:?} → `{}`", pending.id, pending.kind, g.spots, g.answer);
            if g.spots.is_empty() || !seen.insert(g.spots.clone()) {
                return Err(format!("{at}: no spots, or the same spots as another gesture"));
            }
            for spot in &g.spots {
                if let Some(name) = spot.strip_prefix(crate::gesture::BUTTON) {
                    let id = format!("spot-{slug}-{}", name.replace('_', "-"));
                    if !catalog::has(&id) {
                        return Err(format!("{at}: button `{spot}` has no catalog label `{id}`"));
                    }
                } else if let Some(missing) =
                    pictures.iter().position(|p| !p.contains(&format!("data-spot=\"{spot}\"")))
                {
                    let which = if missing == 0 { "wide" } else { "narrow" };
                    return Err(format!("{at}: spot `{spot}` is not in the {which} picture"));
                }
            }
            let action =
                game.parse_action(&view, &pending, &g.answer).map_err(|e| format!("{at}: does not parse: {e}"))?;
            let printed = game.print_action(&action).map_err(|e| e.to_string())?;
            if printed != g.answer {
                return Err(format!("{at}: parses to an answer printed `{printed}`"));
            }
            if choices.complete {
                if !choices.options.iter().any(|o| o.action == action) {
                    return Err(format!("{at}: not among the legal answers"));
                }
            } else {
                let mut copy = game.state_from_json(&game.state_to_json(m.state())).map_err(|e| e.to_string())?;
                let mut rng = Rng::from_seed(b"gesture check");
                game.apply(&mut copy, &pending.id, pending.seat, &action, &mut rng)
                    .map_err(|e| format!("{at}: refused: {e}"))?;
            }
            checked += 1;
        }
        if choices.complete && !left_to_notation.contains(&pending.kind.as_str()) {
            for option in &choices.options {
                let covered = gestures
                    .iter()
                    .any(|g| game.parse_action(&view, &pending, &g.answer).is_ok_and(|a| a == option.action));
                if !covered {
                    return Err(format!(
                        "{slug} `{}` ({}): the answer `{}` has no gesture",
                        pending.id, pending.kind, option.notation
                    ));
                }
            }
        }
    }
    Ok(checked)
}

/// What in a picture drawn narrow (`RenderContext::narrow`) would be too small to read when it is shown
/// [`crate::engine::NARROW_PICTURE_PX`] pixels wide: each `font-size` under
/// [`crate::engine::SMALLEST_TEXT_PX`] at that width.
pub fn narrow_text_too_small(svg: &str) -> Vec<String> {
    let width: f64 = svg
        .split("viewBox=\"0 0 ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|w| w.parse().ok())
        .unwrap_or(f64::INFINITY);
    let scale = crate::engine::NARROW_PICTURE_PX / width;
    svg.split("font-size=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next()?.parse::<f64>().ok())
        .filter(|size| size * scale < crate::engine::SMALLEST_TEXT_PX - 1e-9)
        .map(|size| {
            format!("text of {size} units is {:.1} px at {} px", size * scale, crate::engine::NARROW_PICTURE_PX)
        })
        .collect()
}
