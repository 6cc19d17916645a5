//! Property tests (random playouts, invariants, leaks, notation, render, determinism) and the acceptance
//! scenarios S1–S45 of the spec, each built directly in `State`.

use serde_json::{Value, json};

use crate::dice::Rng;
use crate::engine::{Engine, Lang, RenderContext, Space, Viewer};
use crate::testkit::{self, Playout, everything_seen_by};
use crate::text;

use super::action::Action;
use super::data::{self, CARDS, Slot};
use super::geometry::{self, Face, Rect};
use super::state::*;
use super::{Senbat, notation, rules};

// ------------------------------------------------------------------------------------------------
// Property tests

fn playouts(default: u64) -> u64 {
    crate::testkit::playout_count(default)
}

fn state_of(m: &crate::journal::Match) -> State {
    serde_json::from_value(m.game().state_to_json(m.state())).expect("state loads")
}

/// Secrets of `other` that `seat` must not see, checked against what `seat` receives.
fn check_leaks(m: &crate::journal::Match, s: &State) {
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let seen = everything_seen_by(m, viewer);
        let view: Value = m.view(viewer);
        assert!(viewer != Viewer::Spectator || !seen.contains("Standing policy set"), "a policy shown to spectators");
        for other in 0..2u8 {
            if viewer == Viewer::Seat(other) {
                continue;
            }
            // Standing policies of the other seat, even after the end (§7).
            assert!(view["players"][other as usize]["stock_policy"].is_null());
            assert!(view["players"][other as usize]["kenkon_never"].is_null());
            if s.is_over() {
                continue;
            }
            // Undeployed organisation of the other seat.
            for i in 0..data::NCARDS {
                if s.owner(i) == other && !data::is_core(i) && !s.cards[i].public_core {
                    assert!(view["cards"][i]["core"].is_null(), "organisation of {} leaked to {viewer:?}", CARDS[i].id);
                }
            }
            // Sealed tokens of the other seat before the reveal.
            if s.phase == Phase::Tokens {
                assert!(view["players"][other as usize]["board"].is_null());
                let own = matches!(viewer, Viewer::Seat(v) if s.players[v as usize].token_commit.is_some());
                assert!(seen.matches("Your tokens").count() <= own as usize, "token placement leaked to {viewer:?}");
            }
            if s.phase == Phase::Organise {
                let own = matches!(viewer, Viewer::Seat(v) if s.players[v as usize].organised.is_some());
                assert!(seen.matches("Your organisation").count() <= own as usize, "organisation leaked to {viewer:?}");
            }
        }
    }
}

/// Spec §8.6 invariants plus "no two cards overlap" (G1).
fn check_invariants(s: &State) {
    if s.phase != Phase::Play || s.is_over() {
        return;
    }
    let total = s.tokens(0) + s.tokens(1);
    assert_eq!(total, if s.kenkon_used { 7 } else { 8 });
    for q in 0..2u8 {
        assert!((3..=5).contains(&s.tokens(q)), "tokens {}", s.tokens(q));
        assert!(s.players[q as usize].morale <= 5);
        assert!(!s.players[q as usize].hq_lost);
    }
    let on: Vec<usize> = (0..data::NCARDS).filter(|&i| s.on_field(i)).collect();
    for (k, &a) in on.iter().enumerate() {
        for &b in &on[k + 1..] {
            if s.cards[a].core != s.cards[b].core {
                assert!(!geometry::overlaps(&s.rect(a), &s.rect(b)), "{} overlaps {}", CARDS[a].id, CARDS[b].id);
            }
        }
    }
}

/// Now and then a standing policy at the own turn's execution prompt, which `legal` does not list there (D11
/// and D12 list the policies that answer them, so random answers set those too).
fn policy_now_and_then(_: &crate::journal::Match, p: &crate::engine::Pending, rng: &mut Rng) -> Option<Value> {
    if !matches!(p.kind.as_str(), "act" | "continue") || rng.below(8) != 0 {
        return None;
    }
    let policy = match rng.below(6) {
        0 => Action::PolicyStock { policy: StockPolicy::Ask },
        1 => Action::PolicyStock { policy: StockPolicy::Never },
        2 | 3 => Action::PolicyStock { policy: StockPolicy::Min(1 + rng.below(3) as u8) },
        _ => Action::PolicyKenkon { never: rng.coin() },
    };
    Some(serde_json::to_value(policy).expect("actions serialise"))
}

fn playout(seed: u64, options: Value, resign: u64, deep: bool) -> testkit::Finished {
    let mut p = Playout::new("senbat", 2, seed);
    p.options = options;
    p.resign_per_mille = resign;
    p.max_entries = 5000;
    p.unlisted = Some(policy_now_and_then);
    testkit::play(&p, |m| {
        if deep {
            let s = state_of(m);
            check_leaks(m, &s);
            check_invariants(&s);
        }
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn random_playouts_quickstart() {
    // Policies are set (each a secret entry) and answer for their owner (the server's entries) in these games.
    let (mut policies, mut standing) = (0, 0);
    for seed in 0..playouts(1000) {
        let f = playout(seed, json!({"quickstart": true, "turn_limit": 120}), 0, seed < 30);
        let entries = f.game.entries();
        policies += entries.iter().filter(|e| f.game.never_revealed(e)).count();
        standing += entries
            .iter()
            .filter(|e| matches!(e.body, crate::journal::EntryBody::Move { by: crate::journal::Actor::Server, .. }))
            .count();
    }
    assert!(policies > 0 && standing > 0, "policies set {policies}, answered {standing}");
}

#[test]
fn random_playouts_full_setup_with_leak_checks() {
    for seed in 1000..1000 + playouts(500) {
        playout(seed, json!({"turn_limit": 150}), 0, true);
    }
}

#[test]
fn random_playouts_no_limit_and_resignations() {
    for seed in 2000..2000 + playouts(250) {
        playout(seed, json!({"quickstart": true}), 0, false);
    }
    for seed in 3000..3000 + playouts(250) {
        playout(seed, json!(null), 15, false);
    }
}

/// Drives a game directly on `State`, calling `f` before every answer.
fn direct_playout(seed: u64, options: Options, mut f: impl FnMut(&State, &crate::engine::Pending)) -> State {
    let mut rng = Rng::from_seed(format!("direct {seed}").as_bytes());
    let mut s = Senbat::setup(&options, 2, &mut rng).unwrap();
    for _ in 0..3000 {
        let pend = Senbat::pending(&s);
        let Some(p) = pend.first() else { break };
        f(&s, p);
        let a = Senbat::random_action(&s, &p.id, &mut rng).unwrap();
        Senbat::apply(&mut s, &p.id, p.seat, &a, &mut rng)
            .unwrap_or_else(|e| panic!("seed {seed}: {} refused: {e}", notation::print(&a)));
    }
    s
}

#[test]
fn notation_round_trip_for_listed_options_and_examples() {
    for seed in 0..playouts(20) {
        direct_playout(seed, Options { turn_limit: Some(60), ..Options::default() }, |s, p| {
            let c = Senbat::legal(s, &p.id).expect("legal for pending");
            let options = match c.space {
                Space::List { options } => options,
                Space::Described { examples, .. } => {
                    // Every example is legal.
                    for e in &examples {
                        let mut copy = s.clone();
                        let mut rng = Rng::from_seed(b"ex");
                        Senbat::apply(&mut copy, &p.id, p.seat, e, &mut rng)
                            .unwrap_or_else(|err| panic!("example {} refused: {err}", notation::print(e)));
                    }
                    examples
                }
            };
            assert!(!options.is_empty());
            let view = Senbat::view(s, Viewer::Seat(p.seat));
            for a in options {
                let txt = Senbat::print_action(&a);
                assert_eq!(Senbat::parse_action(&view, p, &txt).unwrap(), a, "{txt}");
            }
        });
    }
}

#[test]
fn render_fits_width_in_both_languages() {
    for seed in 0..playouts(8) {
        let mut n = 0;
        direct_playout(seed, Options { turn_limit: Some(40), ..Options::default() }, |s, _| {
            n += 1;
            if n % 7 != 0 {
                return;
            }
            for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
                let v = Senbat::view(s, viewer);
                for lang in [Lang::En, Lang::Ja] {
                    for w in [80, 100] {
                        let out = Senbat::render(&v, &RenderContext::new(lang, w));
                        for l in out.lines() {
                            assert!(text::width(l) <= w, "{lang:?} {w}: {l}");
                        }
                    }
                }
            }
        });
    }
}

#[test]
fn render_roster_columns_align_with_cjk() {
    let s = quick();
    let out = Senbat::render(&Senbat::view(&s, Viewer::Seat(0)), &RenderContext::new(Lang::Ja, 80));
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| [" hq ", " gen ", " pik ", " mus ", " arc ", " cav "].iter().any(|t| l.contains(t)))
        .collect();
    assert!(rows.len() >= 20);
    // The name column starts at the same display column on every row.
    let starts: Vec<usize> = rows.iter().map(|l| text::width(l) - text::width(l.rsplit(' ').next().unwrap())).collect();
    assert!(starts.iter().all(|&x| x == starts[0]), "{starts:?}");
    assert!(out.contains("織田信長") && out.contains("長槍隊"));
    let en = Senbat::render(&Senbat::view(&s, Viewer::Spectator), &RenderContext::new(Lang::En, 100));
    assert!(en.contains("Legend") && en.contains("ROSTER"));
}

#[test]
fn replay_is_bit_identical() {
    let run = || {
        let s = direct_playout(7, Options { quickstart: true, turn_limit: Some(80), ..Options::default() }, |_, _| {});
        serde_json::to_string(&s).unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn golden_pose_bits() {
    // Fixed actions on a fixed position: the exact f64 bits of the resulting pose never change (S21b).
    let mut s = s21_setup();
    play(&mut s, "move OG1 rot -10 fwd 1");
    let c = &s.cards[id("OG1")];
    assert_eq!(c.h, 350);
    assert_eq!((c.x.to_bits(), c.y.to_bits()), GOLDEN_S21B, "x {} y {}", c.x, c.y);
    // And a full seeded game ends in the same place every time.
    let g = direct_playout(
        3,
        Options {
            quickstart: true,
            oda_seat: Some(0),
            first_seat: Some(0),
            turn_limit: Some(80),
            ..Options::default()
        },
        |_, _| {},
    );
    let poses: Vec<u64> =
        (0..data::NCARDS).filter(|&i| g.on_field(i) && data::is_core(i)).map(|i| g.cards[i].x.to_bits()).collect();
    assert_eq!(
        poses,
        direct_playout(
            3,
            Options {
                quickstart: true,
                oda_seat: Some(0),
                first_seat: Some(0),
                turn_limit: Some(80),
                ..Options::default()
            },
            |_, _| {}
        )
        .cards
        .iter()
        .enumerate()
        .filter(|(i, c)| c.status == Status::OnField && data::is_core(*i))
        .map(|(_, c)| c.x.to_bits())
        .collect::<Vec<_>>()
    );
}

const GOLDEN_S21B: (u64, u64) = (4643940116536419616, 4644241361392587156);

// ------------------------------------------------------------------------------------------------
// Scenario helpers

fn id(s: &str) -> usize {
    data::card_index(s).unwrap()
}

/// Quick-start position, P1 = seat 0 = Oda = sente, boards MV1 SH1 CH1 RD1, P1 to act.
fn quick() -> State {
    let mut rng = Rng::from_seed(b"quick");
    let mut s = Senbat::setup(
        &Options { quickstart: true, oda_seat: Some(0), first_seat: Some(0), ..Options::default() },
        2,
        &mut rng,
    )
    .unwrap();
    for q in 0..2 {
        s.players[q].token_commit = Some([1, 1, 1, 1]);
        s.players[q].board = [1, 1, 1, 1];
    }
    s.phase = Phase::Play;
    s.turn_no = 1;
    s.active = 0;
    s.turn = Turn::default();
    s.step += 1;
    s.ask = Some(Ask { step: s.step, kind: AskKind::Act { seat: 0, first: true } });
    s
}

/// Like `quick` but with every card absent.
fn blank() -> State {
    let mut s = quick();
    for c in s.cards.iter_mut() {
        c.status = Status::Removed;
    }
    s
}

fn place(s: &mut State, core: &str, x: f64, y: f64, h: i32, slots: &[(Slot, &str)]) {
    let c = id(core);
    s.cards[c] =
        Card { status: Status::OnField, damage: 0, core: Some(c as u8), slot: Slot::C, public_core: true, x, y, h };
    for (sl, t) in slots {
        let i = id(t);
        s.cards[i].status = Status::OnField;
        s.cards[i].core = Some(c as u8);
        s.cards[i].slot = *sl;
        s.cards[i].public_core = true;
        s.cards[i].damage = 0;
    }
}

fn set_active(s: &mut State, seat: u8) {
    s.active = seat;
    s.step += 1;
    s.ask = Some(Ask { step: s.step, kind: AskKind::Act { seat, first: true } });
}

/// Answers the single pending decision with `text`, then gives the answers of standing policies.
fn try_cmd(s: &mut State, text: &str) -> Result<Vec<crate::engine::Event>, crate::engine::RuleError> {
    let p = Senbat::pending(s).into_iter().next().expect("a decision is pending");
    let a = notation::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut rng = Rng::from_seed(b"scenario");
    let mut copy = s.clone();
    let mut ev = Senbat::apply(&mut copy, &p.id, p.seat, &a, &mut rng)?;
    ev.extend(answer_standing(&mut copy, &mut rng));
    *s = copy;
    Ok(ev)
}

/// Gives the answers of standing policies, as the journal does after every entry.
fn answer_standing(s: &mut State, rng: &mut Rng) -> Vec<crate::engine::Event> {
    let mut ev = Vec::new();
    while let Some((p, a)) =
        Senbat::pending(s).into_iter().find_map(|p| Senbat::standing_answer(s, &p.id).map(|a| (p, a)))
    {
        ev.extend(Senbat::apply(s, &p.id, p.seat, &a, rng).expect("a standing answer is legal"));
    }
    ev
}

/// Answers with `text`, then declines every kenkon offer; returns (event texts, number of offers).
fn play_k(s: &mut State, text: &str) -> (String, usize) {
    let mut log = String::new();
    for e in try_cmd(s, text).unwrap_or_else(|e| panic!("{text}: {e}")) {
        log.push_str(&e.text.en);
        log.push('\n');
    }
    let mut offers = 0;
    while Senbat::pending(s).first().is_some_and(|p| p.kind == "kenkon") {
        offers += 1;
        for e in try_cmd(s, "kenkon no").unwrap() {
            log.push_str(&e.text.en);
            log.push('\n');
        }
    }
    (log, offers)
}

fn play(s: &mut State, text: &str) -> String {
    play_k(s, text).0
}

fn kind(s: &State) -> String {
    Senbat::pending(s).first().map(|p| p.kind.clone()).unwrap_or_default()
}

fn pos(s: &State, card: &str) -> (f64, f64) {
    s.rect(id(card)).c
}

fn near(a: (f64, f64), b: (f64, f64), tol: f64) {
    assert!((a.0 - b.0).abs() <= tol && (a.1 - b.1).abs() <= tol, "{a:?} != {b:?}");
}

fn dmg(s: &State, card: &str) -> u8 {
    s.cards[id(card)].damage
}

fn dice(s: &mut State, d: &[u8]) {
    s.forced_dice = d.to_vec();
}

/// Pushes one ATTACK inside a running MV execution of P1 and runs it, standing policies answering.
fn attack(s: &mut State, p: &str, q: &str, n: u32, v: u8) {
    attack_unanswered(s, p, q, n, v);
    answer_standing(s, &mut Rng::from_seed(b"standing"));
}

/// As `attack`, the rules alone: standing policies do not answer.
fn attack_unanswered(s: &mut State, p: &str, q: &str, n: u32, v: u8) {
    s.turn.space = Some(data::MV);
    s.turn.used = 1;
    s.ask = None;
    s.combat = Some(Combat { x: id("OG1") as u8, charge: false, e: vec![], pairs: vec![], tally: [0, 0] });
    s.tasks = vec![Task::Attack(Attack {
        p: id(p) as u8,
        q: id(q) as u8,
        n,
        v,
        stage: AttackStage::Start,
        dice: vec![],
        sv: 0,
        save_dice: vec![],
    })];
    let mut rng = Rng::from_seed(b"attack");
    let mut ev = Vec::new();
    rules::run(s, &mut rng, &mut ev);
}

fn resume(s: &mut State) {
    let mut rng = Rng::from_seed(b"resume");
    let mut ev = Vec::new();
    rules::run(s, &mut rng, &mut ev);
    answer_standing(s, &mut rng);
}

// ------------------------------------------------------------------------------------------------
// Rulebook examples

#[test]
fn s1_success_values() {
    let s = quick();
    let d = [4, 5, 6, 1, 2, 3];
    assert_eq!(d.iter().filter(|&&x| x >= 4).count(), 3);
    assert_eq!(d.iter().filter(|&&x| x >= 6).count(), 1);
    assert!(rules::kenkon_offered(&s, 0, &d, 4));
    assert!(rules::kenkon_offered(&s, 0, &d, 6));
    // End to end: an attack with 4+ rolling those dice scores 3.
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "TG3", 300.0, 500.0, 180, &[(Slot::F, "TP3")]);
    dice(&mut s, &[4, 5, 6, 1, 2, 3]);
    attack(&mut s, "OC1", "TP3", 6, 4);
    assert_eq!(kind(&s), "kenkon");
    try_cmd(&mut s, "kenkon no").unwrap();
    assert_eq!(dmg(&s, "TP3"), 3);
}

#[test]
fn s2_movement_in_short_sides() {
    let s = quick();
    assert_eq!(s.movement(id("OG2")), 2);
    let mut a = s.clone();
    play(&mut a, "move OG2 fwd 2");
    near(pos(&a, "OG2"), (100.0, 236.0), 1e-9);
    near(pos(&a, "OC1"), (56.0, 299.0), 1e-9);
    assert!(a.combat.is_none());
    let mut b = s.clone();
    play(&mut b, "move OG2 fwd 1");
    near(pos(&b, "OG2"), (100.0, 173.0), 1e-9);
    let mut c = s.clone();
    let err = try_cmd(&mut c, "move OG2 fwd 3").unwrap_err();
    assert!(err.to_string().contains("1..2"), "{err}");
    assert!(notation::parse("move OG2 fwd 1.5").is_err());
}

#[test]
fn s3_sonae_movement_is_the_slowest_member() {
    let mut s = blank();
    place(&mut s, "OG2", 100.0, 110.0, 0, &[(Slot::FL, "OC1"), (Slot::FR, "OC2")]);
    assert_eq!(s.movement(id("OG2")), 2);
    place(&mut s, "OG2", 100.0, 110.0, 0, &[(Slot::FL, "OC1"), (Slot::FR, "OC2"), (Slot::B, "OP1")]);
    assert_eq!(s.movement(id("OG2")), 1);
    place(&mut s, "OH", 400.0, 110.0, 0, &[]);
    assert_eq!(s.movement(id("OH")), 1);
    place(&mut s, "OG3", 600.0, 110.0, 0, &[]);
    assert_eq!(s.movement(id("OG3")), 2);
    s.cards[id("OP1")].status = Status::Removed;
    assert_eq!(s.movement(id("OG2")), 2);
}

#[test]
fn s4_bow_range_with_tolerance() {
    for (y, legal) in [(348.0, true), (353.0, true), (355.0, false)] {
        let mut s = blank();
        place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::L, "OA1")]);
        place(&mut s, "TG2", 212.0, y + 63.0, 180, &[(Slot::F, "TP1")]);
        near(pos(&s, "OA1"), (212.0, 110.0), 1e-9);
        near(pos(&s, "TP1"), (212.0, y), 1e-9);
        assert_eq!(rules::shoot_targets(&s, id("OA1")).contains(&id("TP1")), legal, "y = {y}");
    }
}

#[test]
fn s5_mancala_sowing() {
    let mut s = quick();
    s.players[0].board = [4, 0, 0, 0];
    play(&mut s, "move OG1 fwd 1");
    play(&mut s, "move OG2 fwd 1");
    play(&mut s, "move OG3 fwd 1");
    assert_eq!(kind(&s), "continue");
    play(&mut s, "end");
    assert_eq!(s.players[0].board, [1, 1, 1, 1]);
    assert_eq!(s.active, 1);
}

#[test]
fn s6_sowing_a_single_token_goes_to_shoot() {
    let mut s = quick();
    s.players[0].board = [3, 0, 1, 0];
    play(&mut s, "move OG1 fwd 1");
    play(&mut s, "end");
    assert_eq!(s.players[0].board, [2, 1, 1, 0]);
}

/// P1's board after one turn of `commands` (then `end`) from `board`, sowing round `sowing`.
fn sown(sowing: Sowing, board: [u8; 4], commands: &[&str]) -> [u8; 4] {
    let mut s = quick();
    s.options.sowing = sowing;
    s.players[0].board = board;
    for command in commands.iter().copied().chain(["end"]) {
        play(&mut s, command);
    }
    s.players[0].board
}

/// The other reading of A8 (option `sowing: MV-CH-RD-SH`, the rulebook's example 2): a single token from
/// Move goes to Charge; three go round Charge, Recover-or-Defend and Shoot, so example 1 ends the same.
#[test]
fn s6_sowing_a_single_token_goes_to_charge_in_the_second_examples_reading() {
    let second = Sowing::ChargeAfterMove;
    assert_eq!(sown(second, [3, 0, 1, 0], &["move OG1 fwd 1"]), [2, 0, 2, 0], "example 2: onto the adjacent Charge");
    let example_1 = ["move OG1 fwd 1", "move OG2 fwd 1", "move OG3 fwd 1"];
    assert_eq!(sown(second, [4, 0, 0, 0], &example_1), [1, 1, 1, 1], "example 1's result holds in both readings");
    assert_eq!(sown(second, [0, 2, 1, 1], &["shoot OG1"]), [1, 1, 1, 1], "from Shoot the ring goes on to Move");
    assert_eq!(sown(Sowing::ShootAfterMove, [0, 2, 1, 1], &["shoot OG1"]), [0, 1, 2, 1]);
}

#[test]
fn sowing_is_a_creation_option_shown_on_the_board() {
    let game = crate::registry::game("senbat").unwrap();
    assert_eq!(game.default_options()["sowing"], "MV-SH-CH-RD");
    let mut rng = Rng::from_seed(b"sowing");
    let state = game.setup(&serde_json::json!({"sowing": "MV-CH-RD-SH"}), 2, &mut rng).unwrap();
    assert_eq!(game.state_to_json(&state)["options"]["sowing"], "MV-CH-RD-SH");
    assert!(game.setup(&serde_json::json!({"sowing": "MV-RD"}), 2, &mut rng).is_err());
    assert_eq!(Sowing::ShootAfterMove.after(data::RD, 1), data::MV);
    assert_eq!(Sowing::ChargeAfterMove.after(data::CH, 1), data::RD);
    assert_eq!(Sowing::ChargeAfterMove.after(data::SH, 2), data::CH);
    // The board is drawn clockwise, so the square reads in sowing order.
    let mut s = quick();
    s.options.sowing = Sowing::ChargeAfterMove;
    let text = Senbat::render(&Senbat::view(&s, Viewer::Seat(0)), &RenderContext::new(Lang::En, 100));
    assert!(text.contains("| MV 1 | CH 1 |") && text.contains("| SH 1 | RD 1 |"), "{text}");
}

#[test]
fn s7_double_action() {
    // (a)
    let mut s = quick();
    s.players[0].board = [3, 1, 0, 0];
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.turn.used, 1);
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.active, 1, "turn ended automatically");
    assert_eq!(s.players[0].board, [0, 2, 1, 1]);
    // (b)
    let mut s = quick();
    s.players[0].board = [2, 1, 1, 0];
    play(&mut s, "move OG1 fwd 1");
    let err = try_cmd(&mut s, "move OG1 fwd 1").unwrap_err();
    assert!(err.to_string().contains("costs 2"), "{err}");
    play(&mut s, "move OG2 fwd 1");
    // (c)
    let mut s = quick();
    s.players[0].board = [5, 0, 0, 0];
    s.players[1].board = [3, 0, 0, 0];
    play(&mut s, "move OG1 fwd 1");
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.players[0].board[0] - s.turn.used, 2);
    let err = try_cmd(&mut s, "move OG1 fwd 1").unwrap_err();
    assert!(err.to_string().contains("twice"), "{err}");
}

#[test]
fn s8_sowing_wraps_around() {
    let mut s = quick();
    s.players[0].board = [5, 0, 0, 0];
    s.players[1].board = [3, 0, 0, 0];
    play(&mut s, "move OG1 fwd 1");
    play(&mut s, "move OG2 fwd 1");
    play(&mut s, "move OG3 fwd 1");
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.active, 1);
    assert_eq!(s.players[0].board, [1, 2, 1, 1]);
}

#[test]
fn s9_at_least_one_execution() {
    let mut s = quick();
    assert!(try_cmd(&mut s, "end").is_err());
    let before = s.clone();
    play(&mut s, "shoot OG1");
    assert_eq!(s.players[0].board, [1, 0, 2, 1]);
    for i in 0..data::NCARDS {
        assert_eq!(s.cards[i], before.cards[i]);
    }
}

#[test]
fn s10_recover_and_defend() {
    let base = || {
        let mut s = blank();
        place(&mut s, "OH", 500.0, 110.0, 0, &[]);
        place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
        place(&mut s, "TH", 300.0, 600.0, 180, &[]);
        s.players[0].board = [1, 0, 0, 3];
        s.players[0].stock = 2;
        s.cards[id("OP1")].damage = 1;
        s.cards[id("OH")].damage = 1;
        s
    };
    let mut s = base();
    assert!(try_cmd(&mut s, "recover OH").unwrap_err().to_string().contains("HQ"));
    dice(&mut s, &[4]);
    let (_, k) = play_k(&mut s, "recover");
    assert_eq!(k, 0);
    assert_eq!(dmg(&s, "OP1"), 0);
    assert_eq!(dmg(&s, "OH"), 1);
    dice(&mut s, &[2]);
    let (_, k) = play_k(&mut s, "recover");
    assert_eq!(k, 0, "no kenkon offer for a 2");
    play(&mut s, "defend");
    assert_eq!(s.players[0].stock, 3);
    assert_eq!(s.active, 1);
    assert_eq!(s.players[0].board, [2, 1, 1, 0]);
    // Variations.
    let mut s = base();
    s.players[0].stock = 3;
    assert!(try_cmd(&mut s, "defend").is_err());
    let mut s = base();
    dice(&mut s, &[3]);
    let (_, k) = play_k(&mut s, "recover");
    assert_eq!(k, 1, "a 3 gets a kenkon offer");
    let mut s = base();
    s.cards[id("OP1")].damage = 0;
    dice(&mut s, &[5]);
    let log = play(&mut s, "recover");
    assert!(log.contains("rolls [5]") && log.contains("no card is damaged"), "{log}");
}

fn s11_setup(stock: u8) -> State {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "TG2", 300.0, 600.0, 180, &[]);
    s.players[1].stock = stock;
    s
}

#[test]
fn s11_stocked_save() {
    let mut s = s11_setup(1);
    dice(&mut s, &[5, 4, 2, 4, 1]);
    attack(&mut s, "OP1", "TG2", 3, 4);
    assert_eq!(kind(&s), "stock");
    assert_eq!(Senbat::pending(&s)[0].seat, 1);
    play(&mut s, "stock use");
    assert_eq!(s.players[1].stock, 0);
    assert_eq!(dmg(&s, "TG2"), 1);
    assert_eq!(s.combat.as_ref().unwrap().tally, [1, 0]);
    assert!(s.forced_dice.is_empty(), "the innate 6+ is not rolled");
}

#[test]
fn s12_innate_save_only() {
    for stock in [0, 1] {
        let mut s = s11_setup(stock);
        dice(&mut s, &[5, 4, 2, 6, 3]);
        attack(&mut s, "OP1", "TG2", 3, 4);
        if stock == 1 {
            play(&mut s, "stock no");
        }
        assert!(kind(&s).is_empty(), "no kenkon offer on the save dice");
        assert_eq!(dmg(&s, "TG2"), 1);
        assert_eq!(s.players[1].stock, stock);
    }
}

// ------------------------------------------------------------------------------------------------
// Deployment and formation

fn deploy_state() -> State {
    let mut rng = Rng::from_seed(b"deploy");
    let mut s =
        Senbat::setup(&Options { oda_seat: Some(0), first_seat: Some(0), ..Options::default() }, 2, &mut rng).unwrap();
    let org = Action::Organise {
        sonae: vec![
            ("OH".into(), vec!["OM3".into(), "OP4".into()]),
            ("OG1".into(), vec!["OP1".into(), "OP2".into(), "OA1".into()]),
            ("OG2".into(), vec!["OC1".into(), "OC2".into()]),
            ("OG3".into(), vec!["OM1".into(), "OM2".into(), "OP3".into()]),
        ],
    };
    let p = Senbat::pending(&s);
    assert_eq!(p.len(), 2);
    assert!(matches!(p[0].mode, crate::engine::Mode::Sealed { .. }));
    Senbat::apply(&mut s, &p[0].id, 0, &org, &mut rng).unwrap();
    Senbat::apply(&mut s, &p[1].id, 1, &Action::OrganiseQuick, &mut rng).unwrap();
    assert_eq!(s.phase, Phase::Deploy);
    s
}

#[test]
fn s13_deployment_containment() {
    let s = deploy_state();
    assert_eq!(kind(&s), "deploy");
    let mut a = s.clone();
    try_cmd(&mut a, "deploy OG1 at 300,113.5 h0 form FL=OP1,FR=OP2,B=OA1").unwrap();
    assert!(try_cmd(&mut s.clone(), "deploy OG1 at 300,114 h0 form FL=OP1,FR=OP2,B=OA1").is_err());
    let err = try_cmd(&mut s.clone(), "deploy OG1 at 80,110 h0 form FL=OP1,FR=OP2,B=OA1").unwrap_err();
    assert!(err.to_string().contains("OP1"), "{err}");
    let mut d = s.clone();
    try_cmd(&mut d, "deploy OG1 at 300,110 h90 form FL=OP1,FR=OP2,B=OA1").unwrap();
    near(pos(&d, "OG1"), (300.0, 110.0), 1e-9);
    near(pos(&d, "OP1"), (363.0, 154.0), 1e-9);
    near(pos(&d, "OP2"), (363.0, 66.0), 1e-9);
    near(pos(&d, "OA1"), (237.0, 110.0), 1e-9);
    // P2 deploys next (alternation); the composition is now public.
    assert_eq!(Senbat::pending(&d)[0].seat, 1);
    let v: Value = serde_json::to_value(Senbat::view(&d, Viewer::Seat(1))).unwrap();
    assert_eq!(v["cards"][id("OP1")]["core"], "OG1");
    assert!(v["cards"][id("OM3")]["core"].is_null(), "undeployed sonae stay secret");
    // A formation must name every organised member.
    assert!(try_cmd(&mut s.clone(), "deploy OG1 at 300,110 h0 form FL=OP1,FR=OP2").is_err());
    assert!(try_cmd(&mut s.clone(), "deploy OG1 at 300,110 h0 form F=OP1,FR=OP2,B=OA1").is_err());
}

#[test]
fn s13_deploy_reset_and_forfeit() {
    let mut s = deploy_state();
    try_cmd(&mut s, "deploy OG1 at 300,110 h0 form FL=OP1,FR=OP2,B=OA1").unwrap();
    try_cmd(&mut s, "deploy quickstart").unwrap();
    assert!(try_cmd(&mut s.clone(), "deploy-forfeit OG2").is_err(), "forfeit needs a reset first");
    try_cmd(&mut s, "deploy-reset").unwrap();
    assert_eq!(s.cards[id("OG1")].status, Status::InHand);
    assert_eq!(Senbat::pending(&s)[0].seat, 0, "deployment continues with the resetting player");
    assert!(try_cmd(&mut s.clone(), "deploy-reset").is_err());
    assert!(try_cmd(&mut s.clone(), "deploy-forfeit OH").is_err());
    try_cmd(&mut s, "deploy-forfeit OG2").unwrap();
    assert_eq!(s.cards[id("OC1")].status, Status::Removed);
    assert_eq!(s.players[1].troop_kills, 0, "forfeit gives no credit");
}

#[test]
fn s41_formation_change_must_not_overlap() {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "OH", 440.0, 110.0, 0, &[]);
    place(&mut s, "TH", 300.0, 600.0, 180, &[]);
    let err = try_cmd(&mut s.clone(), "move OG1 form R=OP1 fwd 1").unwrap_err();
    assert!(err.to_string().contains("overlap") && err.to_string().contains("36.0"), "{err}");
    play(&mut s, "move OG1 form L=OP1 fwd 1");
    near(pos(&s, "OG1"), (300.0, 173.0), 1e-9);
    near(pos(&s, "OP1"), (212.0, 173.0), 1e-9);
}

// ------------------------------------------------------------------------------------------------
// Straight movement, tolerance, collision

fn s14_setup(tg2_y: f64) -> State {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "TG2", 300.0, tg2_y, 180, &[(Slot::F, "TP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    s
}

#[test]
fn s14_advance_blocked_basic_melee() {
    let mut s = s14_setup(359.0);
    dice(&mut s, &[6, 4, 1, 5, 2, 3]);
    let (log, offers) = play_k(&mut s, "move OG1 fwd 1");
    assert!(log.contains("stops after 60.000 mm: contact with TP1"), "{log}");
    assert_eq!(offers, 1, "kenkon offered to P2 for the 3");
    assert!(log.contains("OP1 > TP1 (front face, 3 dice)") && log.contains("TP1 > OP1 (front face, 3 dice)"), "{log}");
    near(pos(&s, "OG1"), (300.0, 170.0), 1e-9);
    near(pos(&s, "OP1"), (300.0, 233.0), 1e-9);
    assert_eq!(dmg(&s, "TP1"), 2);
    assert_eq!(dmg(&s, "OP1"), 1);
    assert_eq!(s.players[0].morale, 1);
    near(pos(&s, "TG2"), (300.0, 422.0), 1e-9);
    near(pos(&s, "TP1"), (300.0, 359.0), 1e-9);
}

#[test]
fn s15_contact_tolerance() {
    let mut a = s14_setup(366.0);
    dice(&mut a, &[1, 1, 1, 1, 1, 1]);
    let log = play(&mut a, "move OG1 fwd 1");
    assert!(log.contains("advances 63.0 mm") && log.contains("MELEE"), "{log}");
    let mut b = s14_setup(368.0);
    let log = play(&mut b, "move OG1 fwd 1");
    assert!(log.contains("advances 63.0 mm") && !log.contains("MELEE"), "{log}");
    near(pos(&b, "OG1"), (300.0, 173.0), 1e-9);
}

#[test]
fn s16_tie_attacker_gives_way() {
    let mut s = s14_setup(359.0);
    dice(&mut s, &[4, 2, 1, 5, 2, 3]);
    play(&mut s, "move OG1 fwd 1");
    near(pos(&s, "OG1"), (300.0, 107.0), 1e-9);
    near(pos(&s, "OP1"), (300.0, 170.0), 1e-9);
    assert_eq!(s.players[0].morale, 0);
    near(pos(&s, "TG2"), (300.0, 359.0), 1e-9);
}

#[test]
fn s17_overkill_and_old_damage_ignored() {
    let mut s = s14_setup(359.0);
    s.cards[id("TP1")].damage = 2;
    dice(&mut s, &[6, 5, 4, 4]);
    let log = play(&mut s, "move OG1 fwd 1");
    assert!(log.contains("TP1 > OP1 (front face, 1 dice)"), "{log}");
    assert_eq!(s.cards[id("TP1")].status, Status::Removed);
    assert_eq!(dmg(&s, "OP1"), 1);
    assert_eq!(s.players[0].troop_kills, 1);
    assert!(log.contains("Compare P1 1 : P2 1"), "{log}");
    near(pos(&s, "OG1"), (300.0, 107.0), 1e-9);
    assert_eq!(s.players[0].morale, 0);
}

fn s18_setup() -> State {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "OH", 320.0, 320.0, 0, &[(Slot::B, "OM3")]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    s
}

#[test]
fn s18_collision_with_own_unit() {
    let mut s = s18_setup();
    let log = play(&mut s, "move OG1 fwd 1");
    assert!(log.contains("stops after 21.000 mm"), "{log}");
    assert_eq!(dmg(&s, "OM3"), 1);
    assert!(!log.contains("MELEE"));
    near(pos(&s, "OG1"), (300.0, 131.0), 1e-9);
    near(pos(&s, "OP1"), (300.0, 194.0), 1e-9);
    let mut s = s18_setup();
    s.cards[id("OM3")].damage = 1;
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.cards[id("OM3")].status, Status::Removed);
    assert_eq!(s.players[1].troop_kills, 1, "credited to P2");
}

#[test]
fn s19_collision_during_forced_retreat() {
    let mut s = s14_setup(359.0);
    place(&mut s, "TG3", 232.0, 452.0, 180, &[(Slot::L, "TA2")]);
    near(pos(&s, "TA2"), (320.0, 452.0), 1e-9);
    dice(&mut s, &[6, 4, 1, 5, 2, 3]);
    let log = play(&mut s, "move OG1 fwd 1");
    assert!(log.contains("blocked after 30.000 mm"), "{log}");
    assert_eq!(dmg(&s, "TG3"), 1);
    assert_eq!(dmg(&s, "TA2"), 1);
    assert_eq!(dmg(&s, "TG2"), 0);
    near(pos(&s, "TG2"), (300.0, 389.0), 1e-9);
    near(pos(&s, "TP1"), (300.0, 326.0), 1e-9);
    assert_eq!(s.players[0].morale, 1);
    assert_eq!(s.active, 1, "no combat from the retreat; the turn ended");
}

#[test]
fn s20_sliding_past_an_enemy_ends_in_contact() {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "TG2", 476.0, 200.0, 180, &[(Slot::R, "TP1")]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    near(pos(&s, "TP1"), (388.0, 200.0), 1e-9);
    // Canonical order rolls OG1 (slot C) before OP1 (slot F); the spec's listing shows OP1 first, the totals agree.
    dice(&mut s, &[5, 5, 2, 2, 1, 6, 4, 3, 1, 4, 4, 2, 1, 6, 1]);
    let (log, offers) = play_k(&mut s, "move OG1 fwd 1");
    assert!(log.contains("advances 63.0 mm"), "{log}");
    near(pos(&s, "OG1"), (300.0, 173.0), 1e-9);
    assert_eq!(kind(&s), "targets_d8");
    let (log2, offers2) = play_k(&mut s, "targets TP1>OG1");
    let log = log + &log2;
    assert_eq!(offers + offers2, 1, "kenkon offered for OP1's 3");
    assert!(log.contains("OP1 > TP1 (right face, 4 dice)"), "{log}");
    assert!(log.contains("OG1 > TP1 (right face, 5 dice)"), "{log}");
    assert!(log.contains("TP1 > OG1 (right face, 4 dice)"), "{log}");
    assert_eq!(s.cards[id("TP1")].status, Status::Removed);
    assert_eq!(dmg(&s, "OG1"), 1);
    assert_eq!(s.players[0].troop_kills, 1);
    assert_eq!(s.players[0].morale, 1);
    near(pos(&s, "TG2"), (539.0, 200.0), 1e-9);
    // Face areas quoted by the spec.
    let a = geometry::face_areas(&s.rect(id("OG1")), &Rect::new((388.0, 200.0), 180));
    assert!((a[1] - 5179.5).abs() < 0.01 && (a[0] - 364.5).abs() < 0.01, "{a:?}");
}

// ------------------------------------------------------------------------------------------------
// Rotation

fn s21_setup() -> State {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 300.0, 0, &[(Slot::R, "OP1")]);
    place(&mut s, "TG2", 400.0, 463.0, 180, &[(Slot::F, "TP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    s
}

#[test]
fn s21_rotation_stopped_by_enemy_then_melee() {
    let mut s = s21_setup();
    dice(&mut s, &[6, 6, 6, 1, 1, 1]);
    let log = play(&mut s, "move OG1 rot -30 fwd 1");
    assert!(log.contains("stops at -16°"), "{log}");
    assert_eq!(s.cards[id("OG1")].h, 344);
    near(pos(&s, "OP1"), (384.591, 324.256), 1e-3);
    near(pos(&s, "OG1"), (300.0, 300.0), 1e-9);
    assert!(log.contains("OP1 > TP1 (front face, 3 dice)") && log.contains("TP1 > OP1 (front face, 3 dice)"), "{log}");
    assert!(!log.contains("OG1 >"), "the core is not engaged");
    assert!(!log.contains("advances"), "the advance is skipped");
    let op1 = Rect::new(geometry::local_to_world((300.0, 300.0), 344, 88.0, 0.0), 344);
    let tp1 = Rect::new((400.0, 400.0), 180);
    assert!((geometry::dist(&op1, &tp1) - 1.836).abs() < 1e-3);
    let a = geometry::face_areas(&tp1, &op1);
    assert!((a[0] - 4990.19).abs() < 0.01 && (a[1] - 553.81).abs() < 0.01, "{a:?}");
    assert!(
        (geometry::pen(&Rect::new(geometry::local_to_world((300.0, 300.0), 343, 88.0, 0.0), 343), &tp1) - 0.217).abs()
            < 1e-3
    );
    assert!((geometry::dist(&Rect::new((300.0, 300.0), 344), &tp1) - 34.38).abs() < 0.01);
}

#[test]
fn s21b_rotation_completes_then_advance_blocked() {
    let mut s = s21_setup();
    dice(&mut s, &[6, 6, 6, 1, 1, 1]);
    let log = play(&mut s, "move OG1 rot -10 fwd 1");
    assert!(log.contains("rotates -10°"), "{log}");
    assert!(log.contains("stops after 14.782 mm"), "{log}");
    near(pos(&s, "OG1"), (297.433, 314.557), 1e-3);
    near(pos(&s, "OP1"), (384.096, 329.838), 1e-3);
    assert!(log.contains("MELEE"));
    let op1 = s.rect(id("OP1"));
    let tp1 = Rect::new((400.0, 400.0), 180);
    let a = geometry::face_areas(&op1, &tp1);
    assert!((a[0] - 5528.35).abs() < 0.01 && (a[1] - 15.65).abs() < 0.01, "{a:?}");
    let b = geometry::face_areas(&tp1, &op1);
    assert!((b[0] - 5197.06).abs() < 0.01 && (b[1] - 346.94).abs() < 0.01, "{b:?}");
    let before = Rect::new(geometry::local_to_world((300.0, 300.0), 350, 88.0, 0.0), 350);
    near(before.c, (386.663, 315.281), 1e-3);
    assert!((geometry::dist(&before, &tp1) - 14.557).abs() < 1e-3);
}

#[test]
fn s22_rotation_stopped_by_friend_then_collision() {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 300.0, 0, &[(Slot::R, "OP1")]);
    place(&mut s, "OH", 400.0, 463.0, 180, &[(Slot::F, "OM3")]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    let log = play(&mut s, "move OG1 rot -30 fwd 1");
    assert_eq!(s.cards[id("OG1")].h, 344);
    assert!(log.contains("stops after 1.910 mm"), "{log}");
    near(pos(&s, "OG1"), (299.473, 301.836), 1e-3);
    near(pos(&s, "OP1"), (384.065, 326.092), 1e-3);
    assert_eq!(dmg(&s, "OM3"), 1);
    assert!(!log.contains("MELEE"));
}

#[test]
fn s23_shoot_with_rotation_into_contact() {
    let mut s = s21_setup();
    dice(&mut s, &[6, 6, 6, 1, 1, 1]);
    let log = play(&mut s, "shoot OG1 rot -30");
    assert_eq!(s.cards[id("OG1")].h, 344);
    assert!(log.contains("MELEE") && log.contains("SH cost 1"), "{log}");
    assert_eq!(s.cards[id("TP1")].status, Status::Removed);
}

// ------------------------------------------------------------------------------------------------
// Charge combat

fn s24_setup() -> State {
    let mut s = blank();
    place(&mut s, "TG1", 300.0, 400.0, 180, &[(Slot::FL, "TC1"), (Slot::FR, "TC2")]);
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    set_active(&mut s, 1);
    s
}

#[test]
fn s24_charge_counter_charge_tie() {
    let mut s = s24_setup();
    near(pos(&s, "TC1"), (344.0, 337.0), 1e-9);
    dice(&mut s, &[6, 5, 2, 1, 3, 3, 2, 1, 5, 4]);
    let (log, offers) = play_k(&mut s, "charge TG1 2");
    assert!(log.contains("stops after 101.000 mm"), "{log}");
    near(pos(&s, "TC1"), (344.0, 236.0), 1e-9);
    assert_eq!(offers, 1);
    assert_eq!(dmg(&s, "OP1"), 2);
    assert_eq!(kind(&s), "targets_d10");
    let log = play(&mut s, "targets OP1>TC2");
    assert!(log.contains("OP1 > TC2 (front face, 2 dice)"), "{log}");
    assert_eq!(dmg(&s, "TC2"), 2);
    near(pos(&s, "TG1"), (300.0, 362.0), 1e-9);
    assert_eq!(s.players[1].morale, 0);
    let a = geometry::face_areas(&Rect::new((344.0, 236.0), 180), &Rect::new((300.0, 173.0), 0));
    assert!((a[0] - 4576.0).abs() < 0.01 && (a[1] - 968.0).abs() < 0.01, "{a:?}");
}

#[test]
fn s25_charge_destroys_target_and_pushes_troop_off_field() {
    let mut s = s24_setup();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1"), (Slot::B, "OA1")]);
    dice(&mut s, &[6, 5, 4, 1]);
    let log = play(&mut s, "charge TG1 2");
    assert!(log.contains("TC2>OP1: no roll"), "{log}");
    assert!(log.contains("No counterattack"), "{log}");
    assert_eq!(s.cards[id("OP1")].status, Status::Removed);
    assert_eq!(s.players[1].morale, 1);
    near(pos(&s, "OG1"), (300.0, 47.0), 1e-9);
    assert_eq!(s.cards[id("OA1")].status, Status::Removed);
    assert_eq!(s.players[1].troop_kills, 2);
    assert!((geometry::off_field_area(&Rect::new((300.0, -16.0), 0)) - 4180.0).abs() < 1e-9);
    assert!(s.on_field(id("OG1")));
}

#[test]
fn s26_flank_charge_by_area_sideways_retreat() {
    let mut s = blank();
    place(&mut s, "OG2", 161.5, 368.5, 90, &[(Slot::FL, "OC1"), (Slot::FR, "OC2")]);
    place(&mut s, "TG2", 400.0, 400.0, 180, &[(Slot::F, "TP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    near(pos(&s, "OC1"), (224.5, 412.5), 1e-9);
    near(pos(&s, "OC2"), (224.5, 324.5), 1e-9);
    let log = play(&mut s, "charge OG2 2");
    assert!(log.contains("stops after 100.000 mm"), "{log}");
    assert_eq!(kind(&s), "targets_d9");
    let area = |a: &str, t: &str| geometry::face_areas(&s.rect(id(a)), &s.rect(id(t)));
    let f = area("OC1", "TG2");
    assert!((f[1] - 5231.5).abs() < 0.01 && (f[2] - 312.5).abs() < 0.01, "{f:?}");
    let f = area("OC2", "TP1");
    assert!((f[1] - 5231.5).abs() < 0.01 && (f[0] - 312.5).abs() < 0.01, "{f:?}");
    let f = area("OC1", "TP1");
    assert!((f[2] - 3559.5).abs() < 0.01 && (f[1] - 1984.5).abs() < 0.01, "{f:?}");
    let f = area("OC2", "TG2");
    assert!((f[0] - 3559.5).abs() < 0.01 && (f[1] - 1984.5).abs() < 0.01, "{f:?}");
    dice(&mut s, &[5, 4, 3, 3, 1, 6, 2, 6, 5, 4, 2, 1, 4, 2]);
    let (log, offers) = play_k(&mut s, "targets OC1>TG2,OC2>TP1");
    assert_eq!(offers, 1);
    assert!(log.contains("OC1 > TG2 (right face, 5 dice)") && log.contains("OC2 > TP1 (right face, 5 dice)"), "{log}");
    assert_eq!(s.cards[id("TP1")].status, Status::Removed);
    assert_eq!(kind(&s), "targets_d10");
    let log = play(&mut s, "targets TG2>OC1");
    assert!(log.contains("TG2 > OC1 (front face, 2 dice)"), "{log}");
    assert_eq!(dmg(&s, "TG2"), 1);
    assert_eq!(dmg(&s, "OC1"), 1);
    assert_eq!(s.players[0].morale, 1);
    assert_eq!(s.players[0].troop_kills, 1);
    near(pos(&s, "TG2"), (463.0, 400.0), 1e-9);
}

#[test]
fn s27_rear_charge_kills_general_dispersal_senkyo() {
    let mut s = blank();
    place(&mut s, "TG2", 400.0, 400.0, 180, &[(Slot::F, "TP1")]);
    place(&mut s, "OG2", 400.0, 576.0, 180, &[(Slot::FL, "OC1"), (Slot::FR, "OC2")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    s.players[1].stock = 1;
    dice(&mut s, &[6, 6, 5, 3, 2, 1, 4, 2, 1, 5, 3, 3, 2, 1, 1, 3]);
    let (log, offers) = play_k(&mut s, "charge OG2 2");
    assert!(log.contains("stops after 50.000 mm"), "{log}");
    assert!(log.contains("OC1 > TG2 (back face, 6 dice)") && log.contains("OC2 > TG2 (back face, 6 dice)"), "{log}");
    assert_eq!(offers, 1);
    assert_eq!(kind(&s), "stock");
    let (log, offers) = play_k(&mut s, "stock use");
    assert_eq!(offers, 1, "OC2's 3 gets an offer");
    assert_eq!(s.cards[id("TG2")].status, Status::Removed);
    assert_eq!(s.cards[id("TP1")].status, Status::Removed);
    assert!(log.contains("Dispersed (no credit): TP1"), "{log}");
    assert_eq!(s.players[0].general_kills, 1);
    assert_eq!(s.players[0].troop_kills, 0);
    assert_eq!((s.tokens(0), s.tokens(1)), (5, 3));
    assert_eq!(kind(&s), "senkyo");
    play(&mut s, "senkyo take CH put MV");
    assert_eq!(s.players[1].board, [1, 1, 0, 1]);
    assert_eq!(s.players[0].morale, 1);
    // MV2 SH1 CH1 RD1 after the placement; the turn then ends and sows the spent CH token onto RD.
    assert_eq!(s.players[0].board, [2, 1, 0, 2]);
    assert!(s.winner.is_none());
}

// ------------------------------------------------------------------------------------------------
// Faces

#[test]
fn s28_face_tie_is_random() {
    let d = 31.5 * libm::sin(std::f64::consts::PI / 4.0);
    let oc1 = Rect::new((444.0 + d, 431.5 + d), 45);
    let tp1 = Rect::new((400.0, 400.0), 0);
    near(oc1.c, (466.274, 453.774), 1e-3);
    let a = geometry::face_areas(&oc1, &tp1);
    assert!((a[0] - 2772.0).abs() < 0.01 && (a[1] - 2772.0).abs() < 0.01, "{a:?}");
    assert_eq!(geometry::face_candidates(&oc1, &tp1), vec![Face::Front, Face::Right]);
    assert_eq!(geometry::dist(&oc1, &tp1), 0.0);
    // In a combat the engine draws one of the tied faces and journals it.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40u8 {
        let mut s = blank();
        place(&mut s, "OG2", 900.0, 900.0, 0, &[]);
        s.cards[id("OC1")] = Card {
            status: Status::OnField,
            damage: 0,
            core: Some(id("OC1") as u8),
            slot: Slot::C,
            public_core: true,
            x: oc1.c.0,
            y: oc1.c.1,
            h: 45,
        };
        place(&mut s, "TG2", 400.0, 337.0, 0, &[(Slot::F, "TP1")]);
        near(pos(&s, "TP1"), (400.0, 400.0), 1e-9);
        s.tasks = vec![Task::Charge { x: id("OC1") as u8, stage: CombatStage::Start }];
        s.forced_dice = vec![1; 20];
        let mut rng = Rng::from_seed(&[seed]);
        let mut ev = Vec::new();
        s.ask = None;
        rules::run(&mut s, &mut rng, &mut ev);
        let text: String = ev.iter().map(|e| e.text.en.clone()).collect();
        assert!(text.contains("Face tie for OC1>TP1"), "{text}");
        seen.insert(s.combat.map(|c| c.pairs[0].face).unwrap_or(Face::Front));
    }
    assert_eq!(seen.len(), 2, "both tied faces occur");
}

#[test]
fn s29_corner_to_corner_contact() {
    let op1 = Rect::new((300.0, 173.0), 0);
    let tp1 = Rect::new((388.0, 236.0), 180);
    assert_eq!(geometry::dist(&op1, &tp1), 0.0);
    for (a, t) in [(&op1, &tp1), (&tp1, &op1)] {
        let ar = geometry::face_areas(a, t);
        assert!((ar[1] - 3559.5).abs() < 0.01 && (ar[0] - 1984.5).abs() < 0.01, "{ar:?}");
        assert_eq!(geometry::face_candidates(a, t), vec![Face::Right]);
        assert_eq!(Face::Right.bonus(), 1);
    }
}

// ------------------------------------------------------------------------------------------------
// Shooting

fn s30_setup(dy: f64) -> State {
    let mut s = blank();
    place(&mut s, "OG3", 600.0, 110.0, 0, &[(Slot::FL, "OM1"), (Slot::FR, "OM2")]);
    place(&mut s, "TG3", 590.0, 395.0 + dy, 180, &[(Slot::FR, "TP3")]);
    place(&mut s, "OH", 300.0, 60.0, 0, &[]);
    place(&mut s, "TH", 150.0, 620.0, 180, &[]);
    s
}

fn rays(s: &State, shooter: &str, target: &str) -> usize {
    let sh = id(shooter);
    let idx: Vec<usize> = (0..data::NCARDS).filter(|&o| o != sh && s.on_field(o)).collect();
    let rects: Vec<Rect> = idx.iter().map(|&o| s.rect(o)).collect();
    let t = idx.iter().position(|&o| o == id(target)).unwrap();
    let td = data::type_def(CARDS[sh].utype);
    geometry::visible_rays(&s.rect(sh), &rects, t, td.shoot.unwrap().1, td.ignore_cover)
}

#[test]
fn s30_line_of_fire_through_a_gap_and_range() {
    let s = s30_setup(0.0);
    near(pos(&s, "TP3"), (546.0, 332.0), 1e-9);
    assert_eq!(rays(&s, "OM1", "TP3"), 78);
    assert_eq!(rays(&s, "OM1", "TG3"), 10);
    assert_eq!(rays(&s, "OM2", "TG3"), 34);
    assert_eq!(rays(&s, "OM2", "TP3"), 0);
    assert_eq!(rules::shoot_targets(&s, id("OM1")), vec![id("TG3"), id("TP3")]);
    assert_eq!(rules::shoot_targets(&s, id("OM2")), vec![id("TG3")]);
    let e = geometry::best_entry(&s.rect(id("OM1")), &[s.rect(id("TP3"))], 0).unwrap();
    assert!((e - 95.99).abs() < 1e-9, "{e}");
    let s = s30_setup(23.0);
    assert_eq!(rules::shoot_targets(&s, id("OM1")), vec![id("TP3")]);
    assert!(rules::shoot_targets(&s, id("OM2")).is_empty());
    let e = geometry::best_entry(&s.rect(id("OM1")), &[s.rect(id("TP3"))], 0).unwrap();
    assert!((e - 118.99).abs() < 1e-9, "{e}");
}

#[test]
fn s31_rear_musket_blocked_rear_archer_shoots_over() {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1"), (Slot::BL, "OA1"), (Slot::BR, "OM3")]);
    place(&mut s, "TG2", 300.0, 348.0, 180, &[(Slot::F, "TP2")]);
    assert!(rules::shoot_targets(&s, id("OM3")).is_empty());
    assert_eq!(rays(&s, "OA1", "TP2"), 44);
    assert_eq!(rules::shoot_targets(&s, id("OA1")), vec![id("TP2")]);
    let err = try_cmd(&mut s.clone(), "shoot OG1 fire OM3>TP2").unwrap_err();
    assert!(err.to_string().contains("cannot shoot TP2"), "{err}");
    assert!(try_cmd(&mut s.clone(), "shoot OG1 fire OA1>TG2").is_err(), "TG2 core is out of range");
    try_cmd(&mut s, "shoot OG1 fire OA1>TP2").unwrap();
}

#[test]
fn s32_removed_target_voids_later_shot() {
    let mut s = s30_setup(0.0);
    s.cards[id("TG3")].damage = 2;
    dice(&mut s, &[5, 2, 4]);
    let (log, offers) = play_k(&mut s, "shoot OG3 fire OM1>TG3,OM2>TG3");
    assert_eq!(offers, 0);
    assert!(log.contains("Shooting orders: OM1>TG3, OM2>TG3"), "{log}");
    assert_eq!(s.cards[id("TG3")].status, Status::Removed);
    assert_eq!(s.cards[id("TP3")].status, Status::Removed);
    assert_eq!(s.players[0].general_kills, 1);
    assert_eq!((s.tokens(0), s.tokens(1)), (5, 3));
    assert_eq!(kind(&s), "senkyo");
    let log = play(&mut s, "senkyo take MV put MV");
    assert!(log.contains("OM2>TG3 is void"), "{log}");
    assert!(s.forced_dice.is_empty());
}

// ------------------------------------------------------------------------------------------------
// Leaving the field, HQ, victory

#[test]
fn s33_retreat_off_the_north_edge_takes_the_sonae() {
    let mut s = blank();
    place(&mut s, "TG3", 120.0, 617.0, 180, &[(Slot::F, "TP3")]);
    place(&mut s, "OG1", 120.0, 398.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    dice(&mut s, &[5, 5, 1, 2, 2, 1]);
    let log = play(&mut s, "move OG1 fwd 1");
    assert!(log.contains("stops after 30.000 mm"), "{log}");
    near(pos(&s, "OG1"), (120.0, 428.0), 1e-9);
    assert_eq!(s.players[0].morale, 1);
    assert_eq!(s.cards[id("TG3")].status, Status::Removed);
    assert_eq!(s.cards[id("TP3")].status, Status::Removed);
    assert_eq!(s.players[0].general_kills, 1);
    assert_eq!(s.players[0].troop_kills, 1);
    assert_eq!((s.tokens(0), s.tokens(1)), (5, 3));
    assert_eq!(kind(&s), "senkyo");
    // Variant: one millimetre less and the core stays.
    let mut s = blank();
    place(&mut s, "TG3", 120.0, 616.0, 180, &[(Slot::F, "TP3")]);
    place(&mut s, "OG1", 120.0, 397.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    dice(&mut s, &[5, 5, 1, 2, 2, 1]);
    play(&mut s, "move OG1 fwd 1");
    near(pos(&s, "TG3"), (120.0, 679.0), 1e-9);
    assert!(s.on_field(id("TG3")));
    assert!((geometry::off_field_area(&s.rect(id("TG3"))) - 2684.0).abs() < 1e-9);
}

#[test]
fn s34_hq_driven_off_the_field() {
    let mut s = blank();
    place(&mut s, "TH", 120.0, 617.0, 180, &[]);
    place(&mut s, "OG1", 120.0, 461.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    dice(&mut s, &[5, 4, 1, 2, 3, 3, 2, 1, 1]);
    let (log, offers) = play_k(&mut s, "move OG1 fwd 1");
    assert_eq!(offers, 1);
    assert!(log.contains("TH saves: [2,3] vs 6+"), "{log}");
    assert_eq!(s.winner, Some(0));
    assert!(Senbat::pending(&s).is_empty());
    assert_eq!(Senbat::outcome(&s).unwrap().ranks, vec![1, 2]);
}

#[test]
fn s35_senkyo_from_troops_and_ratio_victory() {
    let mut s = s14_setup(359.0);
    s.cards[id("TP1")].damage = 2;
    s.players[0].troop_kills = 2;
    dice(&mut s, &[6, 1, 1, 2]);
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.players[0].troop_kills, 3);
    assert_eq!((s.tokens(0), s.tokens(1)), (5, 3));
    play(&mut s, "senkyo take RD put SH");
    assert_eq!(s.players[1].board, [1, 1, 1, 0]);
    assert_eq!(s.players[0].morale, 1);
    near(pos(&s, "TG2"), (300.0, 422.0), 1e-9);
    // MV1 SH2 CH1 RD1 after the placement; then the turn ends and MV's spent token is sown onto SH.
    assert_eq!(s.players[0].board, [0, 3, 1, 1]);
    // Later P1 destroys a P2 general: due 2, 6 against 2 wins at once with no placement.
    s.cards[id("TG2")].damage = 3;
    s.tasks = vec![Task::Removal];
    s.ask = None;
    resume(&mut s);
    assert_eq!(s.winner, Some(0));
    assert!(s.end_reason.unwrap().en.contains("6 vs 2"));
}

#[test]
fn s36_kenkon_basic_use_once_per_game() {
    let mut s = s30_setup(0.0);
    dice(&mut s, &[3, 1]);
    try_cmd(&mut s, "shoot OG3 fire OM1>TP3").unwrap();
    assert_eq!(kind(&s), "kenkon");
    try_cmd(&mut s, "kenkon use RD").unwrap();
    assert_eq!(s.players[0].board[3], 0);
    assert!(s.kenkon_used);
    assert_eq!(dmg(&s, "TP3"), 1);
    assert!(!rules::kenkon_offered(&s, 1, &[3, 3, 3], 4));
    let fresh = quick();
    assert!(!rules::kenkon_offered(&fresh, 0, &[1, 1], 4));
    assert!(s.winner.is_none());
}

#[test]
fn s37_kenkon_can_lose_the_game() {
    let mut s = s30_setup(0.0);
    s.players[0].board = [0, 1, 1, 1];
    s.players[1].board = [2, 1, 1, 1];
    dice(&mut s, &[3, 1]);
    try_cmd(&mut s, "shoot OG3 fire OM1>TP3").unwrap();
    try_cmd(&mut s, "kenkon use SH").unwrap();
    assert_eq!(s.winner, Some(1));
    assert_eq!(dmg(&s, "TP3"), 0, "the roll is never applied");
}

#[test]
fn s38_both_hqs_fall_non_acting_wins() {
    let mut s = blank();
    place(&mut s, "OH", 300.0, 110.0, 0, &[]);
    place(&mut s, "TH", 300.0, 233.0, 180, &[]);
    s.cards[id("OH")].damage = 3;
    s.cards[id("TH")].damage = 3;
    dice(&mut s, &[5, 2, 6, 1]);
    let log = play(&mut s, "move OH fwd 1");
    assert!(log.contains("stops after 60.000 mm"), "{log}");
    assert_eq!(s.winner, Some(1));
}

/// Reading 17 under its other reading (option `both_win: acting`): S38's double HQ loss goes to the mover.
#[test]
fn s38_both_hqs_fall_acting_wins_in_the_other_reading() {
    let mut s = blank();
    s.options.both_win = BothWin::Acting;
    place(&mut s, "OH", 300.0, 110.0, 0, &[]);
    place(&mut s, "TH", 300.0, 233.0, 180, &[]);
    s.cards[id("OH")].damage = 3;
    s.cards[id("TH")].damage = 3;
    dice(&mut s, &[5, 2, 6, 1]);
    let log = play(&mut s, "move OH fwd 1");
    assert_eq!(s.winner, Some(0), "{log}");
    assert!(log.contains("the player taking the turn wins"), "{log}");
}

/// Reading 5 under both readings: S2's cavalry sonae (movement 2) may stop after 1 S only by default.
#[test]
fn s2_movement_under_both_readings() {
    let s = quick();
    assert_eq!(s.options.movement, Movement::UpTo, "the default reading");
    let mut up_to = s.clone();
    play(&mut up_to, "move OG2 fwd 1");
    near(pos(&up_to, "OG2"), (100.0, 173.0), 1e-9);

    let mut exact = s.clone();
    exact.options.movement = Movement::Exact;
    let err = try_cmd(&mut exact, "move OG2 fwd 1").unwrap_err();
    assert!(err.to_string().contains("exactly 2 S"), "{err}");
    let err = try_cmd(&mut exact, "charge OG2 1").unwrap_err();
    assert!(err.to_string().contains("exactly 2 S"), "a charge goes the full distance too: {err}");
    play(&mut exact, "move OG2 fwd 2");
    near(pos(&exact, "OG2"), (100.0, 236.0), 1e-9);
}

#[test]
fn movement_and_both_win_are_creation_options() {
    let game = crate::registry::game("senbat").unwrap();
    assert_eq!(game.default_options()["movement"], "up_to");
    assert_eq!(game.default_options()["both_win"], "non_acting");
    let mut rng = Rng::from_seed(b"readings");
    let state = game.setup(&serde_json::json!({"movement": "exact", "both_win": "acting"}), 2, &mut rng).unwrap();
    assert_eq!(game.state_to_json(&state)["options"]["movement"], "exact");
    assert_eq!(game.state_to_json(&state)["options"]["both_win"], "acting");
    assert!(game.setup(&serde_json::json!({"movement": "full"}), 2, &mut rng).is_err());
    assert!(game.setup(&serde_json::json!({"both_win": "draw"}), 2, &mut rng).is_err());
}

/// Random games under the `exact` reading: every random and listed answer the engine offers is legal.
#[test]
fn random_playouts_under_exact_movement() {
    let options = Options { quickstart: true, movement: Movement::Exact, turn_limit: Some(6), ..Options::default() };
    for seed in 0..playouts(2) {
        direct_playout(seed, options.clone(), |_, _| {});
    }
}

#[test]
fn s39_morale_six_wins_at_once() {
    let mut s = s14_setup(359.0);
    s.players[0].morale = 5;
    dice(&mut s, &[6, 4, 1, 5, 2, 3]);
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.winner, Some(0));
    near(pos(&s, "TG2"), (300.0, 359.0), 1e-9);
}

#[test]
fn s40_backward_move_needs_damage() {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 170.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    assert!(try_cmd(&mut s.clone(), "move OG1 back 1").unwrap_err().to_string().contains("damage"));
    s.cards[id("OP1")].damage = 1;
    play(&mut s, "move OG1 back 1");
    near(pos(&s, "OG1"), (300.0, 107.0), 1e-9);
    // Backing into an enemy starts a melee against the back face.
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 300.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "TG2", 300.0, 190.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    s.cards[id("OP1")].damage = 1;
    dice(&mut s, &[1; 12]);
    let log = play(&mut s, "move OG1 back 1");
    assert!(log.contains("TG2 > OG1 (back face, 6 dice)"), "{log}");
}

// ------------------------------------------------------------------------------------------------
// Multi-sonae fights, token bookkeeping, misc

#[test]
fn s42_one_sonae_engages_two_enemy_sonae() {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::FL, "OP1"), (Slot::FR, "OP2")]);
    place(&mut s, "TG2", 250.0, 359.0, 180, &[(Slot::F, "TP1")]);
    place(&mut s, "TG3", 350.0, 359.0, 180, &[(Slot::F, "TP3")]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    dice(&mut s, &[4, 4, 2, 5, 1, 1, 3, 2, 1, 6, 3, 3]);
    let (log, offers) = play_k(&mut s, "move OG1 fwd 1");
    assert!(log.contains("stops after 60.000 mm"), "{log}");
    let (op1, tp3) = (Rect::new((256.0, 233.0), 0), Rect::new((350.0, 296.0), 180));
    assert!((geometry::dist(&op1, &tp3) - 6.0).abs() < 1e-9);
    assert_eq!(offers, 2);
    assert!(log.contains("Compare P1 3 : P2 1"), "{log}");
    assert_eq!(s.players[0].morale, 1);
    near(pos(&s, "TG2"), (250.0, 422.0), 1e-9);
    near(pos(&s, "TG3"), (350.0, 422.0), 1e-9);
}

#[test]
fn s43a_token_taken_from_the_executing_space() {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 173.0, 0, &[]);
    place(&mut s, "TG2", 300.0, 359.0, 180, &[(Slot::F, "TP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    s.cards[id("OG1")].damage = 2;
    s.players[0].board = [2, 1, 0, 1];
    dice(&mut s, &[1, 1, 6, 6, 6, 1, 1, 1]);
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.cards[id("OG1")].status, Status::Removed);
    assert_eq!((s.tokens(0), s.tokens(1)), (3, 5));
    assert_eq!(kind(&s), "senkyo");
    play(&mut s, "senkyo take MV put CH");
    assert_eq!(s.active, 1);
    assert_eq!(s.players[0].board, [0, 2, 0, 1]);
}

#[test]
fn s43b_token_added_to_the_executing_space() {
    let mut s = blank();
    place(&mut s, "OG1", 300.0, 110.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "TG3", 300.0, 296.0, 180, &[]);
    place(&mut s, "OG2", 600.0, 110.0, 0, &[]);
    place(&mut s, "OH", 450.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    s.cards[id("TG3")].damage = 2;
    dice(&mut s, &[6, 1, 1, 1, 1]);
    play(&mut s, "move OG1 fwd 1");
    assert_eq!(s.cards[id("TG3")].status, Status::Removed);
    play(&mut s, "senkyo take SH put MV");
    assert_eq!(s.players[0].board[0], 2);
    assert_eq!(s.turn.used, 1);
    assert_eq!(kind(&s), "continue");
    assert!(try_cmd(&mut s.clone(), "move OG1 fwd 1").is_err());
    play(&mut s, "move OG2 fwd 1");
    assert_eq!(s.active, 1);
}

#[test]
fn s44_charge_that_reaches_nothing() {
    let mut s = quick();
    let log = play(&mut s, "charge OG2 2");
    near(pos(&s, "OG2"), (100.0, 236.0), 1e-9);
    assert!(!log.contains("COMBAT"));
    assert_eq!(s.players[0].board, [1, 1, 0, 2]);
}

#[test]
fn s45_ascii_rasterisation_of_quickstart() {
    let s = quick();
    let g = super::render::raster(&Senbat::view(&s, Viewer::Spectator), 100);
    assert_eq!(g.len(), 34);
    assert_eq!(g[0].len(), 75);
    assert_eq!((g[28][28], g[28][29], g[28][30]), ('O', 'G', '1'));
    assert_eq!(g[27][29], '^');
    assert_eq!((g[5][45], g[5][46], g[5][47]), ('T', 'G', '2'));
    assert_eq!(g[6][46], 'v');
    assert!(g[0].iter().all(|&c| c == ' '));
    assert!(g[10].iter().all(|&c| c == '.'));
    assert!(g[23].iter().all(|&c| c == '.'));
    assert!(g[24].iter().any(|c| c.is_ascii_uppercase()));
    let out = Senbat::render(&Senbat::view(&s, Viewer::Spectator), &RenderContext::new(Lang::En, 100));
    assert!(
        out.contains(" 190 | CCCC^CCCCCCCC^CCCC BBBB^BBBBBBBB^BBBB   AAAA^AAA    DDDD^DDDDDDDD^DDDD    |"),
        "{out}"
    );
}

// ------------------------------------------------------------------------------------------------
// Further rules

#[test]
fn tokens_are_sealed_until_both_commit() {
    let mut rng = Rng::from_seed(b"t");
    let mut s = Senbat::setup(&Options { quickstart: true, ..Options::default() }, 2, &mut rng).unwrap();
    let p = Senbat::pending(&s);
    assert_eq!(p.len(), 2);
    let ev = Senbat::apply(&mut s, &p[0].id, p[0].seat, &Action::Tokens { counts: [4, 0, 0, 0] }, &mut rng).unwrap();
    assert!(ev.iter().all(|e| e.audience != crate::engine::Audience::All || !e.text.en.contains("MV4")));
    let other = 1 - p[0].seat;
    let v: Value = serde_json::to_value(Senbat::view(&s, Viewer::Seat(other))).unwrap();
    assert!(v["players"][p[0].seat as usize]["board"].is_null());
    assert!(v["my_tokens"].is_null());
    assert!(
        Senbat::apply(&mut s, &p[1].id, p[1].seat, &Action::Tokens { counts: [1, 1, 1, 0] }, &mut rng).is_err(),
        "must sum to 4"
    );
    let ev = Senbat::apply(&mut s, &p[1].id, p[1].seat, &Action::Tokens { counts: [0, 0, 2, 2] }, &mut rng).unwrap();
    assert!(ev.iter().any(|e| e.audience == crate::engine::Audience::All && e.text.en.contains("Tokens revealed")));
    assert_eq!(s.phase, Phase::Play);
}

#[test]
fn resign_gives_the_other_seat_the_win() {
    let mut s = quick();
    let mut rng = Rng::from_seed(b"r");
    Senbat::resign(&mut s, 1, &mut rng).unwrap();
    assert_eq!(s.winner, Some(0));
    assert!(Senbat::pending(&s).is_empty());
    assert!(Senbat::resign(&mut s, 0, &mut rng).is_err());
}

#[test]
fn turn_limit_house_rule() {
    let mut s = quick();
    s.options.turn_limit = Some(1);
    s.players[0].morale = 2;
    play(&mut s, "defend");
    assert_eq!(s.winner, Some(0));
    let mut s = quick();
    s.options.turn_limit = Some(1);
    play(&mut s, "defend");
    assert!(s.draw, "equal morale and tokens, no credit");
    assert_eq!(Senbat::outcome(&s).unwrap().ranks, vec![1, 1]);
}

#[test]
fn rejected_commands_explain_in_words() {
    let mut s = s14_setup(359.0);
    assert_eq!(notation::parse("move OG1 rot 95 fwd 1").unwrap_err(), notation::NotationProblem::RotationOutOfRange);
    let e = try_cmd(&mut s, "move OG1 fwd 2").unwrap_err();
    assert!(e.to_string().contains("moves 1..1 S"), "{e}");
    let e = try_cmd(&mut s, "move TG2 fwd 1").unwrap_err();
    assert!(e.to_string().contains("not your card"), "{e}");
    let e = try_cmd(&mut s, "targets OP1>TP1").unwrap_err();
    assert!(e.to_string().contains("send an execution"), "{e}");
    let mut s = quick();
    s.ask = Some(Ask { step: 99, kind: AskKind::Stock { seat: 0 } });
    let e = try_cmd(&mut s, "defend").unwrap_err();
    assert!(e.to_string().contains("does not answer"), "{e}");
}

#[test]
fn organisation_is_validated() {
    let s0 = {
        let mut rng = Rng::from_seed(b"org");
        Senbat::setup(&Options { oda_seat: Some(0), first_seat: Some(0), ..Options::default() }, 2, &mut rng).unwrap()
    };
    let p = Senbat::pending(&s0);
    let seat0 = p.iter().find(|p| p.seat == 0).unwrap().clone();
    let try_org = |text: &str| {
        let mut s = s0.clone();
        let mut rng = Rng::from_seed(b"o");
        Senbat::apply(&mut s, &seat0.id, 0, &notation::parse(text).unwrap(), &mut rng)
    };
    assert!(try_org("sonae OH: OM3 OP4; OG1: OP1 OP2 OA1; OG2: OC1 OC2; OG3: OM1 OM2 OP3").is_ok());
    assert!(
        try_org("sonae OH: OM3 OP4; OG1: OP1 OP2 OA1; OG2: OC1 OC2; OG3: OM1 OM2")
            .unwrap_err()
            .to_string()
            .contains("OP3")
    );
    assert!(
        try_org("sonae OH: OM3 OP4 OP1; OG1: OP1 OP2 OA1; OG2: OC1 OC2; OG3: OM1 OM2 OP3")
            .unwrap_err()
            .to_string()
            .contains("twice")
    );
    assert!(
        try_org("sonae OH: OG1 OM3 OP4; OG2: OP1 OP2 OA1 OC1 OC2; OG3: OM1 OM2 OP3")
            .unwrap_err()
            .to_string()
            .contains("core")
    );
    assert!(try_org("sonae OH: OM3 OP4 OP1 OP2 OA1 OC1 OC2; OG3: OM1 OM2 OP3").unwrap_err().to_string().contains("6"));
    assert!(try_org("sonae OH: TM1").unwrap_err().to_string().contains("not your card"));
    // A core may lead no troops at all.
    assert!(try_org("sonae OH: OM3 OP4 OP1 OP2 OA1 OC1; OG1: OC2 OM1 OM2 OP3; OG2:").is_ok());
}

#[test]
fn voluntary_move_off_the_field_takes_a_general_and_its_sonae() {
    let mut s = blank();
    place(&mut s, "OG2", 100.0, 600.0, 0, &[(Slot::B, "OC1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    let log = play(&mut s, "move OG2 fwd 2");
    assert!(log.contains("left the field"), "{log}");
    assert_eq!(s.cards[id("OG2")].status, Status::Removed);
    assert_eq!(s.cards[id("OC1")].status, Status::Removed, "OC1 stayed on the field but leaves with its general");
    assert_eq!((s.players[1].general_kills, s.players[1].troop_kills), (1, 1), "all credited to the enemy (A33)");
    assert_eq!(kind(&s), "senkyo");
    assert_eq!(Senbat::pending(&s)[0].seat, 1);
}

#[test]
fn formation_change_can_push_a_troop_off_the_field() {
    let mut s = blank();
    place(&mut s, "OG1", 40.0, 300.0, 0, &[(Slot::F, "OP1")]);
    place(&mut s, "OH", 600.0, 60.0, 0, &[]);
    place(&mut s, "TH", 650.0, 620.0, 180, &[]);
    let log = play(&mut s, "move OG1 form L=OP1 fwd 1");
    assert!(log.contains("OP1 (pikes) is removed (left the field)"), "{log}");
    assert_eq!(s.players[1].troop_kills, 1);
    near(pos(&s, "OG1"), (40.0, 363.0), 1e-9);
}

#[test]
fn kenkon_on_save_dice_for_the_defender() {
    let mut s = s11_setup(1);
    dice(&mut s, &[5, 4, 2, 3, 1]);
    attack(&mut s, "OP1", "TG2", 3, 4);
    try_cmd(&mut s, "stock use").unwrap();
    assert_eq!(kind(&s), "kenkon");
    assert_eq!(Senbat::pending(&s)[0].seat, 1);
    try_cmd(&mut s, "kenkon use MV").unwrap();
    assert_eq!(dmg(&s, "TG2"), 1, "the 3 became a 4: one success saved");
    assert_eq!(s.players[1].board[0], 0);
}

#[test]
fn timeout_declines_offers() {
    let mut s = s11_setup(1);
    dice(&mut s, &[5, 4, 2, 4, 1]);
    attack(&mut s, "OP1", "TG2", 3, 4);
    let p = Senbat::pending(&s);
    assert_eq!(Senbat::timeout_action(&s, &p[0].id), Some(Action::Stock { use_it: false }));
    assert_eq!(Senbat::timeout_action(&quick(), &Senbat::pending(&quick())[0].id), None);
}

#[test]
fn standing_policies_answer_d11_and_d12() {
    use crate::engine::Audience;
    // `policy stock min 2` set at the own turn: a later 2-success roll uses the stock without asking.
    let mut s = s11_setup(1);
    set_active(&mut s, 1);
    let prompt = Senbat::pending(&s);
    let ev = try_cmd(&mut s, "policy stock min 2").unwrap();
    assert!(ev.iter().all(|e| e.audience == Audience::OnlyForever(vec![1])), "policies stay secret for good");
    assert_eq!(Senbat::pending(&s), prompt, "the execution prompt stays open, the same decision");
    let v: Value = serde_json::to_value(Senbat::view(&s, Viewer::Seat(0))).unwrap();
    assert!(v["players"][1]["stock_policy"].is_null());
    s.active = 0;
    dice(&mut s, &[5, 4, 2, 4, 1]);
    attack(&mut s, "OP1", "TG2", 3, 4);
    assert_eq!(s.players[1].stock, 0, "used automatically");
    assert_eq!(dmg(&s, "TG2"), 1);
    // Below the threshold it declines; the innate save is rolled instead.
    let mut s = s11_setup(1);
    s.players[1].stock_policy = StockPolicy::Min(3);
    dice(&mut s, &[5, 4, 2, 6, 1]);
    attack(&mut s, "OP1", "TG2", 3, 4);
    assert_eq!(s.players[1].stock, 1);
    assert_eq!(dmg(&s, "TG2"), 1);
    // The rules themselves pose D11 whatever the policy: only the server's standing answer reads it (§7).
    let mut s = s11_setup(1);
    s.players[1].stock_policy = StockPolicy::Min(1);
    dice(&mut s, &[5, 4, 2, 6, 1]);
    attack_unanswered(&mut s, "OP1", "TG2", 3, 4);
    assert_eq!(kind(&s), "stock");
    let d11 = Senbat::pending(&s)[0].id.clone();
    assert_eq!(Senbat::standing_answer(&s, &d11), Some(Action::Stock { use_it: true }));
    let mut s = s11_setup(0);
    s.players[0].kenkon_never = true;
    dice(&mut s, &[5, 3, 2]);
    attack_unanswered(&mut s, "OP1", "TG2", 3, 4);
    assert_eq!(kind(&s), "kenkon", "and D12");
    let d12 = Senbat::pending(&s)[0].id.clone();
    assert_eq!(Senbat::standing_answer(&s, &d12), Some(Action::Kenkon { space: None }));
    // A stock policy sent as the answer to D11 leaves it open for the server's standing answer.
    let mut s = s11_setup(1);
    dice(&mut s, &[5, 4, 2, 6, 1]);
    attack(&mut s, "OP1", "TG2", 3, 4);
    assert_eq!(kind(&s), "stock");
    let d11 = Senbat::pending(&s)[0].id.clone();
    let mut raw = s.clone();
    Senbat::apply(&mut raw, &d11, 1, &Action::PolicyStock { policy: StockPolicy::Min(3) }, &mut Rng::from_seed(b"x"))
        .unwrap();
    assert_eq!(Senbat::pending(&raw)[0].id, d11);
    assert_eq!(Senbat::standing_answer(&raw, &d11), Some(Action::Stock { use_it: false }), "2 successes < 3");
    let ev = try_cmd(&mut s, "policy stock min 2").unwrap();
    assert!(ev.iter().any(|e| e.audience == Audience::All && e.text.en == "P2 uses the save stock."), "{ev:?}");
    assert_eq!(s.players[1].stock, 0);
    assert!(try_cmd(&mut s11_setup(1), "policy stock ask").is_ok(), "at the own turn, any policy");
    // `policy kenkon never` answers an offer and declines every later one.
    let mut s = s30_setup(0.0);
    dice(&mut s, &[3, 1]);
    try_cmd(&mut s, "shoot OG3 fire OM1>TP3").unwrap();
    assert_eq!(kind(&s), "kenkon");
    assert!(try_cmd(&mut s, "policy kenkon ask").is_err(), "`ask` would leave the offer unanswered");
    let ev = try_cmd(&mut s, "policy kenkon never").unwrap();
    assert!(ev.iter().any(|e| e.audience == Audience::All && e.text.en.contains("declines kenkon")), "{ev:?}");
    assert!(s.players[0].kenkon_never);
    assert!(!s.kenkon_used);
    // They are forgotten at the end, so that the final state is what the published journal replays to.
    let mut rng = Rng::from_seed(b"end");
    Senbat::resign(&mut s, 1, &mut rng).unwrap();
    assert!(!s.players[0].kenkon_never);
}

#[test]
fn japanese_log_notation() {
    let a = notation::parse("move OG1 form FL=OP1,FR=OP2,B=OA1 rot -30 fwd 1").unwrap();
    assert_eq!(
        notation::describe(Lang::Ja, &a),
        "移動 柴田勝家備え: 隊形 前左=OP1 前右=OP2 後=OA1 / 左30° / 前進1短辺"
    );
    // English writes the notation itself.
    assert_eq!(notation::describe(Lang::En, &a), notation::print(&a));
    let a = notation::parse("charge TG1 2").unwrap();
    assert_eq!(notation::describe(Lang::Ja, &a), "突撃 山県昌景備え: 前進2短辺");
    assert_eq!(notation::describe(Lang::En, &a), "charge TG1 2");
    let a = notation::parse("shoot TG1 rot +10 fire TM1>OP1,TA1>OP2").unwrap();
    assert_eq!(notation::describe(Lang::Ja, &a), "射撃 山県昌景備え: 右10° / 射撃 TM1→OP1 / 射撃 TA1→OP2");
    assert_eq!(notation::describe(Lang::En, &a), notation::print(&a));
    for (typed, en, ja) in
        [("recover", "recover", "回復"), ("recover OP1", "recover OP1", "回復 OP1"), ("defend", "defend", "防御")]
    {
        let a = notation::parse(typed).unwrap();
        assert_eq!((notation::describe(Lang::En, &a), notation::describe(Lang::Ja, &a)), (en.into(), ja.into()));
    }
    let mut s = quick();
    let ev = try_cmd(&mut s, "move OG1 rot +5 fwd 1").unwrap();
    assert!(ev[0].text.ja.contains("右5°") && ev[0].text.ja.starts_with("[手番1 P1]"), "{}", ev[0].text.ja);
}

#[test]
fn snapshot_round_trips_through_json_text_bit_for_bit() {
    let s = direct_playout(11, Options { quickstart: true, turn_limit: Some(60), ..Options::default() }, |_, _| {});
    let text = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s);
    for (a, b) in s.cards.iter().zip(back.cards.iter()) {
        assert_eq!((a.x.to_bits(), a.y.to_bits()), (b.x.to_bits(), b.y.to_bits()));
    }
}

#[test]
fn midgame_map_matches_spec_snippet() {
    // Spec §11.3: S26 at the moment of contact plus two illustrative sonae.
    let mut s = blank();
    place(&mut s, "OG2", 261.5, 368.5, 90, &[(Slot::FL, "OC1"), (Slot::FR, "OC2")]);
    place(&mut s, "TG2", 400.0, 400.0, 180, &[(Slot::F, "TP1")]);
    place(&mut s, "OG1", 140.0, 230.0, 30, &[(Slot::FL, "OP1"), (Slot::FR, "OP2")]);
    place(&mut s, "TG1", 600.0, 330.0, 225, &[(Slot::F, "TC1")]);
    let g = super::render::raster(&Senbat::view(&s, Viewer::Spectator), 100);
    let row = |y: usize| -> String { g[(680 - y) / 20].iter().collect() };
    assert_eq!(row(410), ".......................CCCCCCCCOC1>Ccccccccc...............................");
    assert_eq!(row(330), "..........BBBB/B.......CCCCCCCCOC2>CcccTP1cc..........bbbbbTG1bb...........");
    assert_eq!(row(290), "..........BBBBBBBBBBBB/......CCCCCCC...............bbbTC1bbbbb.............");
    near(pos(&s, "OP1"), (133.4, 306.6), 0.05);
    near(pos(&s, "TC1"), (555.5, 285.5), 0.05);
}

#[test]
fn playouts_reach_every_decision_kind() {
    let mut kinds = std::collections::BTreeMap::new();
    for seed in 0..playouts(40) {
        direct_playout(seed + 500, Options { turn_limit: Some(100), ..Options::default() }, |_, p| {
            *kinds.entry(p.kind.clone()).or_insert(0u32) += 1;
        });
    }
    for k in [
        "organise",
        "deploy",
        "tokens",
        "act",
        "continue",
        "targets_d7",
        "targets_d8",
        "targets_d9",
        "targets_d10",
        "stock",
        "kenkon",
        "senkyo",
        "heal",
    ] {
        assert!(kinds.contains_key(k), "never reached {k}: {kinds:?}");
    }
}

#[test]
fn render_shows_own_setup_secrets_only_to_the_owner() {
    let s = deploy_state();
    let mine = Senbat::render(&Senbat::view(&s, Viewer::Seat(0)), &RenderContext::new(Lang::En, 80));
    assert!(mine.contains("Your sonae to deploy: OH: OP4 OM3; OG1: OP1 OP2 OA1"), "{mine}");
    let theirs = Senbat::render(&Senbat::view(&s, Viewer::Seat(1)), &RenderContext::new(Lang::En, 80));
    assert!(!theirs.contains("OH: OM3"), "{theirs}");
    let mut s = s14_setup(359.0);
    dice(&mut s, &[6, 4, 1, 5, 2, 3]);
    try_cmd(&mut s, "move OG1 fwd 1").unwrap();
    assert_eq!(kind(&s), "kenkon");
    let out = Senbat::render(&Senbat::view(&s, Viewer::Seat(1)), &RenderContext::new(Lang::Ja, 80));
    assert!(out.contains("白兵戦(OG1): OP1>TP1(前面,3) TP1>OP1(前面,3); 与えた被害 P1 2 対 P2 0"), "{out}");
}

/// Answers by touching the battle picture.
mod gestures {
    use crate::engine::{Engine, Lang, RenderContext, Viewer};
    use crate::games::gesture_checks::{check_all, check_random_games};

    use super::super::gestures::BUTTONS;
    use super::super::{Options, Senbat};

    #[test]
    fn every_gesture_touches_drawn_spots_and_gives_a_legal_answer_over_random_games() {
        let checked = check_random_games::<Senbat>(&Options::default(), 3, 300);
        assert!(checked > 1000, "only {checked} gestures checked");
    }

    #[test]
    fn every_button_has_a_label_in_both_languages() {
        for name in BUTTONS {
            assert!(catalog::has(&format!("spot-senbat-{name}")), "{name}");
        }
    }

    /// Plays random answers until a decision of `kind` is pending.
    fn until(kind: &str, seed: &[u8]) -> super::State {
        let mut rng = crate::dice::Rng::from_seed(seed);
        let mut s = Senbat::setup(&Options::default(), 2, &mut rng).unwrap();
        for _ in 0..400 {
            let pending = Senbat::pending(&s);
            if pending.iter().any(|p| p.kind == kind) {
                return s;
            }
            let p = &pending[0];
            let a = Senbat::random_action(&s, &p.id, &mut rng).unwrap();
            Senbat::apply(&mut s, &p.id, p.seat, &a, &mut rng).unwrap();
        }
        panic!("no {kind} decision");
    }

    #[test]
    fn a_sonae_is_deployed_by_a_snapped_position_then_a_facing() {
        let s = until("deploy", b"deploy by touch");
        let p = Senbat::pending(&s).into_iter().find(|p| p.kind == "deploy").unwrap();
        let view = Senbat::view(&s, Viewer::Seat(p.seat));
        let gestures = Senbat::gestures(&s, &p.id, &view);
        let placed: Vec<_> = gestures.iter().filter(|g| g.spots[0].starts_with("pose:")).collect();
        assert!(placed.len() >= 10, "{} snapped deployments", placed.len());
        assert!(placed.iter().all(|g| g.spots.len() == 2 && g.spots[1].starts_with("face:")));
        assert!(placed.iter().all(|g| g.answer.starts_with("deploy ")));
        check_all::<Senbat>(&s);
    }

    #[test]
    fn an_execution_is_a_space_then_a_core_then_its_turn_and_distance_or_target() {
        let s = until("act", b"execute by touch");
        let p = Senbat::pending(&s).into_iter().find(|p| p.kind == "act").unwrap();
        let view = Senbat::view(&s, Viewer::Seat(p.seat));
        let gestures = Senbat::gestures(&s, &p.id, &view);
        let moves: Vec<_> = gestures.iter().filter(|g| g.spots[0] == "space:MV").collect();
        assert!(
            moves.iter().all(|g| g.spots.len() == 4
                && g.spots[1].starts_with("card:")
                && g.spots[2].starts_with("turn:")
                && g.spots[3].starts_with("step:")),
            "{moves:?}"
        );
        check_all::<Senbat>(&s);
    }

    fn text_sizes(svg: &str) -> (f64, Vec<f64>) {
        let width: f64 = svg.split("viewBox=\"0 0 ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        let sizes = svg.split("font-size=\"").skip(1).map(|s| s.split('"').next().unwrap().parse().unwrap()).collect();
        (width, sizes)
    }

    #[test]
    fn the_phone_picture_is_legible_at_its_width() {
        for kind in ["deploy", "act"] {
            let s = until(kind, b"narrow senbat");
            for lang in [Lang::En, Lang::Ja] {
                let view = Senbat::view(&s, Viewer::Seat(Senbat::pending(&s)[0].seat));
                let svg = Senbat::render_svg(&view, &RenderContext { narrow: true, ..RenderContext::new(lang, 80) });
                let (width, sizes) = text_sizes(&svg);
                let smallest = sizes.iter().copied().fold(f64::MAX, f64::min);
                let shown = smallest * crate::engine::NARROW_PICTURE_PX / width;
                assert!(shown >= crate::engine::SMALLEST_TEXT_PX, "{kind} {lang:?}: text {shown:.1} px at 390 px");
                let desk = Senbat::render_svg(&view, &RenderContext::new(lang, 80));
                assert!(text_sizes(&desk).0 > width, "the desk picture is wider");
            }
        }
    }
}

#[test]
fn a_new_game_refuses_seats_past_the_second_and_an_old_journal_still_sets_up() {
    use crate::registry;
    let senbat = registry::game("senbat").expect("registered");
    for (options, option, seat) in
        [(json!({"oda_seat": 2}), "oda_seat", 2), (json!({"first_seat": 9}), "first_seat", 9)]
    {
        let refusal = senbat.options_in_effect(&options).expect_err("a seat past the second").0;
        assert_eq!(
            refusal.get(Lang::En),
            format!("`{option}` is {seat}, but senbat's two seats are 0 and 1 (seats are counted from 0)")
        );
        let ja = refusal.get(Lang::Ja);
        assert!(ja.contains(&format!("`{option}` が {seat} ですが")), "{ja}");
        // A game created before the check reads its seats as seat 1, as it did then.
        let state = senbat.setup(&options, 2, &mut Rng::from_seed(b"old")).expect("set up");
        assert!(senbat.state_to_json(&state).is_object());
    }
    for seat in [0, 1] {
        assert!(senbat.options_in_effect(&json!({"oda_seat": seat, "first_seat": seat})).is_ok());
    }
}
