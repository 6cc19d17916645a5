//! Strength and speed of the bots: plays N games per match and engine, prints win rates with 95% Wilson
//! intervals against the targets of issue 30, and each level's time per decision (p50, p95, max) against the
//! speed targets.
//!
//!     cargo run --release -p shared --example bots -- [--games N] [--first-game K] [--game SLUG]... [--max-decisions N]
//!
//! `--games` sets the games of every match (default: 20 for uosao, shinobazu and shidouban, 8 for the long
//! senbat and suriagehara); `--game` runs only the engines named (repeatable); a game still running after
//! `--max-decisions` answers (default 4000) counts as lost by `hard` (its line says how many). `--first-game`
//! numbers the games of every match from K (default 0): each game's seed comes from its number, so a run with
//! `--first-game 4` plays the games a run with `--games 4` did not, and the two can be added together.
//!
//! Matches, per engine: `hard` against `random` in a 2-player game (target: ≥ 90% won) and, where the game
//! seats 3 or more, at a 3-player table (target: ≥ 2× the fair share of first places); `hard` against
//! `normal` in a 2-player game (target: ≥ 60%), or at the smallest table for games without one (reported
//! against the fair share). Seats rotate from game to game; every game has its own seed, so a run is
//! repeatable.
//!
//! Speed: search budgets are counted work, not time, so the same view and seed give the same answer on any
//! machine. The time each decision took is measured as the CPU time of the thread that thought (Linux's
//! `/proc/thread-self/schedstat`): it is the time on one core even when other work shares the machine (wall
//! time is printed beside it, for the load). Targets: `hard` ≤ 1 s and `normal` ≤ 0.2 s per decision.

use std::time::{Duration, Instant};

use shared::bots::{BotGame, Level, choose};
use shared::{Rng, Seat};

/// CPU time this thread has run so far, or None where the kernel does not tell.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Times of the decisions of one level.
#[derive(Default)]
struct Clock {
    cpu: Vec<Duration>,
    wall: Vec<Duration>,
}

impl Clock {
    fn percentile(sorted: &[Duration], p: f64) -> Duration {
        if sorted.is_empty() {
            return Duration::ZERO;
        }
        let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
        sorted[rank - 1]
    }

    fn summary(times: &[Duration]) -> (Duration, Duration, Duration) {
        let mut sorted = times.to_vec();
        sorted.sort();
        (Self::percentile(&sorted, 0.5), Self::percentile(&sorted, 0.95), sorted.last().copied().unwrap_or_default())
    }
}

/// The 95% Wilson interval of `wins` out of `n`.
fn wilson(wins: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(n);
    let p = wins / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Plays one game with `levels` by seat; the share of first place of `seat`, or None if unfinished.
fn play<E: BotGame>(levels: &[Level], seat: Seat, seed: &str, max: u32, clocks: &mut [Clock; 4]) -> Option<f64> {
    let seats = levels.len() as u8;
    let mut dice = Rng::from_seed(format!("bench {} dice {seed}", E::SLUG).as_bytes());
    let mut state = E::setup(&E::Options::default(), seats, &mut dice).expect("standard setup");
    let mut bots = Rng::from_seed(format!("bench {} bots {seed}", E::SLUG).as_bytes());
    for _ in 0..max {
        let Some(p) = E::pending(&state).into_iter().next() else { break };
        let level = levels[p.seat as usize];
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        let action = choose::<E>(&state, p.seat, &p.id, level, &mut bots).expect("a bot always answers");
        let wall = wall.elapsed();
        let clock = &mut clocks[level as usize];
        clock.wall.push(wall);
        clock.cpu.push(match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall,
        });
        E::apply(&mut state, &p.id, p.seat, &action, &mut dice).expect("bots answer legally");
    }
    let outcome = E::outcome(&state)?;
    let firsts = outcome.ranks.iter().filter(|r| **r == 1).count() as f64;
    Some(if outcome.ranks[seat as usize] == 1 { 1.0 / firsts } else { 0.0 })
}

/// What a match must show: a share of games won, or a multiple of the fair share.
#[derive(Clone, Copy)]
enum Target {
    Won(f64),
    FairShare(f64),
    None,
}

/// Which games a run plays: `count` games per match, numbered from `first`, each at most `max_decisions` long.
#[derive(Clone, Copy)]
struct Games {
    first: u32,
    count: u32,
    max_decisions: u32,
}

fn matchup<E: BotGame>(seats: u8, opponent: Level, target: Target, run: Games, clocks: &mut [Clock; 4]) {
    let Games { first, count: games, max_decisions: max } = run;
    let (mut wins, mut unfinished) = (0.0, 0);
    for g in first..first + games {
        let seat = (g % u32::from(seats)) as Seat;
        let levels: Vec<Level> = (0..seats).map(|s| if s == seat { Level::Hard } else { opponent }).collect();
        match play::<E>(&levels, seat, &format!("{seats}p {opponent} {g}"), max, clocks) {
            Some(w) => wins += w,
            None => unfinished += 1,
        }
    }
    let rate = wins / f64::from(games.max(1));
    let (lo, hi) = wilson(wins, games);
    let fair = 1.0 / f64::from(seats);
    let verdict = match target {
        Target::Won(t) => format!("target ≥ {:.0}%: {}", 100.0 * t, if rate >= t { "met" } else { "NOT met" }),
        Target::FairShare(t) => {
            format!("target ≥ {t:.0}x fair share: {}", if rate >= t * fair { "met" } else { "NOT met" })
        }
        Target::None => "no target (no 2-player game)".to_string(),
    };
    println!(
        "{:<12} {}p  hard vs {:<6} games {:>3}  won {:>5.1}%  95% CI [{:>5.1}%, {:>5.1}%]  {:.2}x fair share ({:.0}%)  {}{}",
        E::SLUG,
        seats,
        opponent.as_str(),
        games,
        100.0 * rate,
        100.0 * lo,
        100.0 * hi,
        rate / fair,
        100.0 * fair,
        verdict,
        if unfinished > 0 { format!("  (unfinished, counted lost: {unfinished})") } else { String::new() },
    );
}

fn engine<E: BotGame>(run: Games) {
    let info = E::info();
    let mut clocks: [Clock; 4] = Default::default();
    if info.min_seats <= 2 {
        matchup::<E>(2, Level::Random, Target::Won(0.9), run, &mut clocks);
    }
    if info.max_seats >= 3 {
        matchup::<E>(3, Level::Random, Target::FairShare(2.0), run, &mut clocks);
    }
    if info.min_seats <= 2 {
        matchup::<E>(2, Level::Normal, Target::Won(0.6), run, &mut clocks);
    } else {
        matchup::<E>(info.min_seats, Level::Normal, Target::None, run, &mut clocks);
    }
    for (level, target) in [(Level::Normal, 0.2), (Level::Hard, 1.0)] {
        let c = &clocks[level as usize];
        let (p50, p95, max) = Clock::summary(&c.cpu);
        let (_, wall95, _) = Clock::summary(&c.wall);
        let budget = level.budget::<E>().expect("searching levels have budgets");
        println!(
            "{:<12} {:<6} {:>5} iterations  decisions {:>6}  CPU p50 {:>6.1} ms  p95 {:>6.1} ms  max {:>7.1} ms  \
             (p95 {:.2}x, max {:.2}x the {:.1} s target; wall p95 {:.1} ms)",
            E::SLUG,
            level.as_str(),
            budget.iterations,
            c.cpu.len(),
            ms(p50),
            ms(p95),
            ms(max),
            p95.as_secs_f64() / target,
            max.as_secs_f64() / target,
            target,
            ms(wall95),
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let games: Option<u32> = value("--games").map(|v| v.parse().expect("--games takes a number"));
    let max: u32 = value("--max-decisions").map_or(4000, |v| v.parse().expect("--max-decisions takes a number"));
    let only: Vec<&str> = args.windows(2).filter(|w| w[0] == "--game").map(|w| w[1].as_str()).collect();
    let wanted = |slug: &str| only.is_empty() || only.contains(&slug);
    let first: u32 = value("--first-game").map_or(0, |v| v.parse().expect("--first-game takes a number"));
    let short = Games { first, count: games.unwrap_or(20), max_decisions: max };
    let long = Games { count: games.unwrap_or(8), ..short };
    println!(
        "games {first} on of each match; at most {max} decisions per game; seats rotate; times are CPU time of the \
         thinking thread (one core)"
    );
    if wanted("uosao") {
        engine::<shared::games::uosao::Uosao>(short);
    }
    if wanted("shinobazu") {
        engine::<shared::games::shinobazu::Shinobazu>(short);
    }
    if wanted("shidouban") {
        engine::<shared::games::shidouban::Shidouban>(short);
    }
    if wanted("senbat") {
        engine::<shared::games::senbat::Senbat>(long);
    }
    if wanted("suriagehara") {
        engine::<shared::games::suriagehara::Suriagehara>(long);
    }
}
