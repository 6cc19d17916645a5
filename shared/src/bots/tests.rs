//! Every game, every level: answers are legal, and depend on the seat's view and the seed alone.

use serde_json::Value;

use super::{BotGame, Budget, Level, choose, choose_within};
use crate::dice::Rng;
use crate::engine::{Engine, Viewer};

/// Small budgets standing for each level, so that thousands of decisions stay quick.
const TEST_BUDGETS: [(Level, Option<Budget>); 4] = [
    (Level::Random, None),
    (Level::Easy, Some(Budget { iterations: 2, rollout_depth: 2 })),
    (Level::Normal, Some(Budget { iterations: 4, rollout_depth: 4 })),
    (Level::Hard, Some(Budget { iterations: 8, rollout_depth: 4 })),
];

fn view_json<E: Engine>(state: &E::State, seat: u8) -> Value {
    serde_json::to_value(E::view(state, Viewer::Seat(seat))).expect("views serialise")
}

/// Plays games with every seat a bot of `budget` until `decisions` answers were given; every answer must be
/// accepted by the true state.
fn plays_legally<E: BotGame>(seats: u8, level: Level, budget: Option<Budget>, decisions: usize) {
    let mut answered = 0;
    let mut game = 0u64;
    while answered < decisions {
        game += 1;
        let mut dice = Rng::from_seed(format!("{} {level} game {game}", E::SLUG).as_bytes());
        let mut state = E::setup(&E::Options::default(), seats, &mut dice).expect("standard setup");
        let mut bots = Rng::from_seed(format!("{} {level} bots {game}", E::SLUG).as_bytes());
        while let Some(p) = E::pending(&state).into_iter().next() {
            if answered >= decisions {
                return;
            }
            let action = choose_within::<E>(&state, p.seat, &p.id, budget, &mut bots)
                .unwrap_or_else(|| panic!("{} {level}: no answer to pending `{}`", E::SLUG, p.id));
            if let Err(e) = E::apply(&mut state, &p.id, p.seat, &action, &mut dice) {
                panic!("{} {level}: illegal answer {action:?} to `{}` ({}): {e}", E::SLUG, p.id, p.kind);
            }
            answered += 1;
        }
    }
}

fn every_level_plays_legally<E: BotGame>(seats: u8, decisions: usize) {
    for (level, budget) in TEST_BUDGETS {
        plays_legally::<E>(seats, level, budget, decisions);
    }
}

/// Along random games, at each decision: a sample keeps the seat's view, and the bot's answer is the same
/// from the true state and from another state with the same view, with the same seed.
fn answers_depend_on_the_view_alone<E: BotGame>(seats: u8, games: u64, checks_per_game: usize) {
    for game in 0..games {
        let mut dice = Rng::from_seed(format!("{} view game {game}", E::SLUG).as_bytes());
        let mut state = E::setup(&E::Options::default(), seats, &mut dice).expect("standard setup");
        let mut players = Rng::from_seed(format!("{} view players {game}", E::SLUG).as_bytes());
        let mut step = 0usize;
        let mut checked = 0;
        while let Some(p) = E::pending(&state).into_iter().next() {
            step += 1;
            if step.is_multiple_of(7) && checked < checks_per_game {
                checked += 1;
                let mut other_world = Rng::from_seed(format!("other {game} {step}").as_bytes());
                let twin = E::determinize(&state, p.seat, &mut other_world);
                assert_eq!(
                    view_json::<E>(&twin, p.seat),
                    view_json::<E>(&state, p.seat),
                    "{}: a sample for seat {} at `{}` changed what that seat sees",
                    E::SLUG,
                    p.seat,
                    p.id
                );
                // The sampler itself reads only the view: from the truth and from the twin, the same seed draws
                // the very same sample.
                let sample_seed = format!("sample {game} {step}");
                let from_truth = E::determinize(&state, p.seat, &mut Rng::from_seed(sample_seed.as_bytes()));
                let from_twin = E::determinize(&twin, p.seat, &mut Rng::from_seed(sample_seed.as_bytes()));
                assert_eq!(
                    serde_json::to_value(&from_truth).expect("states serialise"),
                    serde_json::to_value(&from_twin).expect("states serialise"),
                    "{}: a sample for seat {} at `{}` kept something of the true state that seat cannot see",
                    E::SLUG,
                    p.seat,
                    p.id
                );
                let seed = format!("bot {game} {step}");
                let budget = Some(Budget { iterations: 6, rollout_depth: 6 });
                let from_truth =
                    choose_within::<E>(&state, p.seat, &p.id, budget, &mut Rng::from_seed(seed.as_bytes()));
                let from_twin = choose_within::<E>(&twin, p.seat, &p.id, budget, &mut Rng::from_seed(seed.as_bytes()));
                assert_eq!(from_truth, from_twin, "{}: seat {} at `{}` read more than its view", E::SLUG, p.seat, p.id);
                let random = choose::<E>(&state, p.seat, &p.id, Level::Random, &mut Rng::from_seed(seed.as_bytes()));
                let random_twin =
                    choose::<E>(&twin, p.seat, &p.id, Level::Random, &mut Rng::from_seed(seed.as_bytes()));
                assert_eq!(random, random_twin, "{}: the random bot read more than its view", E::SLUG);
            }
            let action = E::random_action(&state, &p.id, &mut players).expect("a pending decision has an answer");
            E::apply(&mut state, &p.id, p.seat, &action, &mut dice).expect("random answers are legal");
        }
    }
}

/// Along random games, applying every answer with the texts left unworded ([`catalog::without_words`], as the
/// search does) reaches the very same states and decisions as applying it worded, and a search finds the same
/// answer either way.
fn plays_the_same_without_words<E: BotGame>(seats: u8, games: u64, searches_per_game: usize) {
    for game in 0..games {
        let mut dice = Rng::from_seed(format!("{} words game {game}", E::SLUG).as_bytes());
        let mut worded = E::setup(&E::Options::default(), seats, &mut dice).expect("standard setup");
        let mut unworded = worded.clone();
        let mut players = Rng::from_seed(format!("{} words players {game}", E::SLUG).as_bytes());
        let (mut step, mut searched) = (0usize, 0);
        while let Some(p) = E::pending(&worded).into_iter().next() {
            step += 1;
            let pending_unworded = catalog::without_words(|| E::pending(&unworded));
            let ids = |ps: &[crate::engine::Pending]| ps.iter().map(|p| (p.id.clone(), p.seat)).collect::<Vec<_>>();
            assert_eq!(ids(&E::pending(&worded)), ids(&pending_unworded), "{}: pending at step {step}", E::SLUG);
            if step.is_multiple_of(11) && searched < searches_per_game {
                searched += 1;
                let budget = Budget { iterations: 6, rollout_depth: 6 };
                let seed = format!("words {game} {step}");
                let with_words =
                    super::search::search::<E>(&worded, p.seat, &p.id, budget, &mut Rng::from_seed(seed.as_bytes()));
                let without = catalog::without_words(|| {
                    super::search::search::<E>(&worded, p.seat, &p.id, budget, &mut Rng::from_seed(seed.as_bytes()))
                });
                assert_eq!(with_words, without, "{}: the search at step {step} depends on the texts", E::SLUG);
            }
            let action = E::random_action(&worded, &p.id, &mut players).expect("a pending decision has an answer");
            let mut unworded_dice = dice.clone();
            E::apply(&mut worded, &p.id, p.seat, &action, &mut dice).expect("random answers are legal");
            catalog::without_words(|| E::apply(&mut unworded, &p.id, p.seat, &action, &mut unworded_dice))
                .expect("the same answer is legal without words");
            let (worded_json, unworded_json) = (
                serde_json::to_value(&worded).expect("states serialise"),
                serde_json::to_value(&unworded).expect("states serialise"),
            );
            if let Some(at) = first_difference(&worded_json, &unworded_json, String::new()) {
                panic!("{}: applying {action:?} at step {step} without words reached another state at {at}", E::SLUG);
            }
            assert_eq!(
                format!("{dice:?}"),
                format!("{unworded_dice:?}"),
                "{}: the dice at step {step} depend on the texts",
                E::SLUG
            );
        }
        assert!(E::outcome(&worded).is_some(), "{}: game {game} ended", E::SLUG);
    }
}

/// Where two JSON values first differ, as a path such as `/players/0/name`; `None` if they are equal. A string
/// left empty in `b` matches any in `a`: states keep a few texts for their views (the last combat's report, the
/// reason a game ended), which are empty when worded without words and never read by the rules.
fn first_difference(a: &Value, b: &Value, at: String) -> Option<String> {
    match (a, b) {
        (Value::String(_), Value::String(text)) if text.is_empty() => None,
        (Value::Object(x), Value::Object(y)) => x.keys().chain(y.keys()).find_map(|k| match (x.get(k), y.get(k)) {
            (Some(p), Some(q)) => first_difference(p, q, format!("{at}/{k}")),
            _ => Some(format!("{at}/{k}")),
        }),
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (p, q))| first_difference(p, q, format!("{at}/{i}")))
        }
        _ => (a != b).then(|| format!("{at}: {a} against {b}")),
    }
}

#[test]
fn unworded_messages_are_empty_and_words_return_afterwards() {
    let worded = catalog::t!(catalog::Lang::En, "test-tiles", count = 3);
    assert!(!worded.is_empty());
    assert_eq!(catalog::without_words(|| catalog::t!(catalog::Lang::En, "test-tiles", count = 3)), "");
    let nested = catalog::without_words(|| {
        catalog::without_words(|| 1) + catalog::t!(catalog::Lang::Ja, "test-tiles", count = 1).len()
    });
    assert_eq!(nested, 1, "an inner run leaves the outer one unworded");
    assert_eq!(catalog::t!(catalog::Lang::En, "test-tiles", count = 3), worded);
    let unwound = std::panic::catch_unwind(|| catalog::without_words(|| panic!("a search that fails")));
    assert!(unwound.is_err());
    assert_eq!(catalog::t!(catalog::Lang::En, "test-tiles", count = 3), worded, "words return after a panic");
}

#[test]
fn levels_parse_and_print() {
    for level in Level::ALL {
        assert_eq!(level.as_str().parse::<Level>(), Ok(level));
    }
    assert!("expert".parse::<Level>().unwrap_err().to_string().contains("random, easy, normal or hard"));
    assert_eq!(Level::Hard.seat_code(), "bot:hard");
    assert!(!Level::Random.searches() && Level::Easy.searches());
}

#[test]
fn rewards_follow_ranks() {
    assert_eq!(super::rewards_from_ranks(&[1, 2]), vec![1.0, 0.0]);
    assert_eq!(super::rewards_from_ranks(&[1, 1]), vec![0.5, 0.5]);
    assert_eq!(super::rewards_from_ranks(&[2, 1, 3]), vec![0.5, 1.0, 0.0]);
}

#[cfg(feature = "uosao")]
mod uosao {
    use crate::games::uosao::Uosao;

    #[test]
    fn every_level_answers_legally() {
        super::every_level_plays_legally::<Uosao>(3, 1000);
    }

    #[test]
    fn answers_depend_on_the_view_alone() {
        super::answers_depend_on_the_view_alone::<Uosao>(4, 3, 10);
    }

    #[test]
    fn plays_the_same_without_words() {
        super::plays_the_same_without_words::<Uosao>(3, 2, 3);
    }
}

#[cfg(feature = "shinobazu")]
mod shinobazu {
    use crate::games::shinobazu::Shinobazu;

    #[test]
    fn every_level_answers_legally() {
        super::every_level_plays_legally::<Shinobazu>(3, 1000);
    }

    #[test]
    fn answers_depend_on_the_view_alone() {
        super::answers_depend_on_the_view_alone::<Shinobazu>(4, 3, 10);
    }

    #[test]
    fn plays_the_same_without_words() {
        super::plays_the_same_without_words::<Shinobazu>(3, 2, 3);
    }
}

#[cfg(feature = "shidouban")]
mod shidouban {
    use crate::games::shidouban::Shidouban;

    #[test]
    fn every_level_answers_legally() {
        super::every_level_plays_legally::<Shidouban>(3, 1000);
    }

    #[test]
    fn answers_depend_on_the_view_alone() {
        super::answers_depend_on_the_view_alone::<Shidouban>(4, 3, 10);
    }

    #[test]
    fn plays_the_same_without_words() {
        super::plays_the_same_without_words::<Shidouban>(2, 2, 3);
    }
}

#[cfg(feature = "senbat")]
mod senbat {
    use super::BotGame;
    use crate::dice::Rng;
    use crate::engine::Engine;
    use crate::games::senbat::Senbat;

    #[test]
    fn every_level_answers_legally() {
        super::every_level_plays_legally::<Senbat>(2, 500);
    }

    #[test]
    fn answers_depend_on_the_view_alone() {
        super::answers_depend_on_the_view_alone::<Senbat>(2, 3, 10);
    }

    #[test]
    fn plays_the_same_without_words() {
        super::plays_the_same_without_words::<Senbat>(2, 2, 3);
    }

    /// After both organisations are in, which sonae the other player's undeployed troops joined is secret:
    /// samples deal them anew, each time into well-formed sonae of undeployed generals, and the other
    /// player's deployment plays on legally in the sample. Where the seat can work the membership out (one
    /// general left to deploy, or the others shown by a deployment taken back), every sample keeps the truth.
    #[test]
    fn samples_redraw_the_secret_sonae_of_undeployed_troops() {
        use crate::games::senbat::data::{self, PER_ARMY};
        use crate::games::senbat::state::{Phase, Status};
        let (mut redrawn, mut forced) = (0, 0);
        for game in 0..6u64 {
            let mut dice = Rng::from_seed(format!("senbat sonae game {game}").as_bytes());
            let mut state = Senbat::setup(&Default::default(), 2, &mut dice).expect("standard setup");
            let mut players = Rng::from_seed(format!("senbat sonae players {game}").as_bytes());
            while state.phase != Phase::Play && !state.is_over() {
                let p = Senbat::pending(&state).into_iter().next().expect("a decision is pending");
                if state.phase == Phase::Deploy {
                    let seat = 1 - p.seat;
                    let army = state.players[p.seat as usize].army;
                    let secret: Vec<usize> = data::troops_of(army).filter(|&t| !state.cards[t].public_core).collect();
                    let shown = |c: usize| {
                        data::troops_of(army)
                            .any(|t| state.cards[t].public_core && state.cards[t].core == Some(c as u8))
                    };
                    let unseen_generals = data::cores_of(army)
                        .into_iter()
                        .filter(|&c| state.cards[c].status == Status::InHand && !shown(c))
                        .count();
                    if !secret.is_empty() {
                        let truth: Vec<Option<u8>> = secret.iter().map(|&t| state.cards[t].core).collect();
                        let mut memberships = std::collections::HashSet::new();
                        for k in 0..16 {
                            let mut rng = Rng::from_seed(format!("sample {game} {k}").as_bytes());
                            let mut sample = Senbat::determinize(&state, seat, &mut rng);
                            memberships.insert(secret.iter().map(|&t| sample.cards[t].core).collect::<Vec<_>>());
                            for &t in &secret {
                                let core = sample.cards[t].core.expect("a troop in a sonae") as usize;
                                assert!(data::is_core(core) && core / PER_ARMY == army as usize);
                                assert_eq!(
                                    sample.cards[core].status,
                                    Status::InHand,
                                    "only undeployed sonae are secret"
                                );
                                assert!(!shown(core), "a sonae shown by a deployment taken back gains no troop");
                            }
                            for core in data::cores_of(army) {
                                let troops =
                                    data::troops_of(army).filter(|&t| sample.cards[t].core == Some(core as u8));
                                assert!(troops.count() <= 6, "a sonae leads at most six troops");
                            }
                            let action = Senbat::random_action(&sample, &p.id, &mut rng).expect("an answer");
                            Senbat::apply(&mut sample, &p.id, p.seat, &action, &mut rng)
                                .expect("the other player deploys legally in the sample");
                        }
                        if unseen_generals > 1 {
                            redrawn += 1;
                            assert!(memberships.len() > 1, "samples redraw the secret sonae (game {game})");
                        } else {
                            forced += 1;
                            assert_eq!(
                                memberships.into_iter().collect::<Vec<_>>(),
                                vec![truth],
                                "one general left: its troops are known (game {game})"
                            );
                        }
                    }
                }
                let action = Senbat::random_action(&state, &p.id, &mut players).expect("an answer");
                Senbat::apply(&mut state, &p.id, p.seat, &action, &mut dice).expect("random answers are legal");
            }
        }
        assert!(redrawn > 0 && forced > 0, "the games reached deployments with secret and with known sonae");
    }
}

#[cfg(feature = "suriagehara")]
mod suriagehara {
    use crate::games::suriagehara::Suriagehara;

    #[test]
    fn every_level_answers_legally() {
        super::every_level_plays_legally::<Suriagehara>(2, 500);
    }

    #[test]
    fn answers_depend_on_the_view_alone() {
        super::answers_depend_on_the_view_alone::<Suriagehara>(2, 3, 10);
    }

    #[test]
    fn plays_the_same_without_words() {
        super::plays_the_same_without_words::<Suriagehara>(2, 2, 3);
    }
}
