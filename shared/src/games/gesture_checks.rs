//! Checks every game's board gestures share (see [`crate::gesture`]): each spot of each gesture is in the
//! deciding seat's picture or is a page button the catalog labels, and each answer is legal.

use crate::dice::Rng;
use crate::engine::{Engine, RenderContext, Viewer};
use crate::gesture::BUTTON;

/// Checks the gestures of every decision pending in `state` (desk and phone pictures alike); returns how
/// many gestures were checked.
pub(crate) fn check_all<E: Engine>(state: &E::State) -> usize {
    let mut checked = 0;
    for pending in E::pending(state) {
        let view = E::view(state, Viewer::Seat(pending.seat));
        let gestures = E::gestures(state, &pending.id, &view);
        if gestures.is_empty() {
            continue;
        }
        let pictures: Vec<String> = [false, true]
            .into_iter()
            .map(|narrow| {
                E::render_svg(&view, &RenderContext { narrow, ..RenderContext::new(catalog::LANGUAGES[0], 80) })
            })
            .collect();
        let mut answers = std::collections::BTreeSet::new();
        for g in &gestures {
            assert!(!g.spots.is_empty(), "{}: a gesture without spots for {}", pending.kind, g.answer);
            for spot in &g.spots {
                if let Some(name) = spot.strip_prefix(BUTTON) {
                    let id = format!("spot-{}-{name}", E::SLUG);
                    assert!(catalog::has(&id), "{}: button {spot} has no catalog label {id}", pending.kind);
                } else {
                    let attribute = format!("data-spot=\"{}\"", crate::svg::escape(spot));
                    for picture in &pictures {
                        assert!(
                            picture.contains(&attribute),
                            "{}: spot {spot} of `{}` is not drawn",
                            pending.kind,
                            g.answer
                        );
                    }
                }
            }
            assert!(answers.insert(g.spots.clone()), "{}: two gestures touch {:?}", pending.kind, g.spots);
            let action = E::parse_action(&view, &pending, &g.answer)
                .unwrap_or_else(|e| panic!("{}: `{}` does not parse: {}", pending.kind, g.answer, e.0));
            assert_eq!(E::print_action(&action), g.answer, "{}: the answer is printed as given", pending.kind);
            let mut after = state.clone();
            let mut rng = Rng::from_seed(b"gesture check");
            if let Err(e) = E::apply(&mut after, &pending.id, pending.seat, &action, &mut rng) {
                panic!("{}: `{}` is refused: {e:?}", pending.kind, g.answer);
            }
            checked += 1;
        }
    }
    checked
}

/// Plays `games` random games of at most `steps` answers each (the answers drawn by `random_action`),
/// checking the gestures before every answer; returns how many gestures were checked.
pub(crate) fn check_random_games<E: Engine>(options: &E::Options, games: u32, steps: usize) -> usize {
    let mut checked = 0;
    for game in 0..games {
        let mut rng = Rng::from_seed(format!("{} gestures {game}", E::SLUG).as_bytes());
        let mut state = E::setup(options, 2, &mut rng).expect("a game");
        for _ in 0..steps {
            checked += check_all::<E>(&state);
            let Some(pending) = E::pending(&state).into_iter().next() else { break };
            let action = E::random_action(&state, &pending.id, &mut rng).expect("an answer");
            E::apply(&mut state, &pending.id, pending.seat, &action, &mut rng).expect("a legal random answer");
        }
    }
    checked
}
