//! Answers by touching the map: every gesture's spots are drawn and its answer is legal, over random games.

use crate::engine::{Engine, Lang, RenderContext, Viewer};
use crate::games::gesture_checks::check_random_games;

use super::super::game::{Options, Suriagehara};
use super::super::gestures::BUTTONS;

#[test]
fn every_gesture_touches_drawn_spots_and_gives_a_legal_answer_over_random_games() {
    let checked = check_random_games::<Suriagehara>(&Options { turns: 6, ..Options::default() }, 3, 400);
    assert!(checked > 1000, "only {checked} gestures checked");
}

#[test]
fn every_button_has_a_label_in_both_languages() {
    for name in BUTTONS {
        let id = format!("spot-suriagehara-{name}");
        assert!(catalog::has(&id), "{id}");
    }
}

#[test]
fn moves_are_a_counter_then_a_reachable_hex_and_move_done_is_a_button() {
    let mut rng = crate::dice::Rng::from_seed(b"moves by touch");
    let mut state = Suriagehara::setup(&Options::default(), 2, &mut rng).unwrap();
    while Suriagehara::pending(&state).first().map(|p| p.kind.as_str()) != Some("move") {
        let p = Suriagehara::pending(&state).remove(0);
        let a = Suriagehara::random_action(&state, &p.id, &mut rng).unwrap();
        Suriagehara::apply(&mut state, &p.id, p.seat, &a, &mut rng).unwrap();
    }
    let p = Suriagehara::pending(&state).remove(0);
    let view = Suriagehara::view(&state, Viewer::Seat(p.seat));
    let gestures = Suriagehara::gestures(&state, &p.id, &view);
    assert!(gestures.iter().any(|g| g.spots == ["button:done"] && g.answer == "move done"));
    let movable = super::super::rules::movable(&state);
    // The unit that can go furthest afield: its walks are more than one step long.
    let beyond_neighbours = |(unit, destinations): &(_, std::collections::BTreeMap<super::super::hex::Hex, u32>)| {
        destinations.keys().filter(|h| !state.units[unit].is_adjacent(**h)).count()
    };
    let (unit, destinations) = movable.iter().max_by_key(|m| beyond_neighbours(m)).unwrap();
    let from_unit: std::collections::BTreeSet<&str> =
        gestures.iter().filter(|g| g.spots[0] == format!("unit:{unit}")).map(|g| g.spots[1].as_str()).collect();
    let reachable: std::collections::BTreeSet<String> = destinations.keys().map(|h| format!("hex:{h}")).collect();
    assert_eq!(
        from_unit,
        reachable.iter().map(String::as_str).collect(),
        "the next spots after a counter are the hexes it can reach"
    );
    // Walked hex by hex: every step is a neighbour of the last and a whole answer already (its own
    // destination), and each destination is reached by one walk, which moves the unit there like a touch of
    // the destination at once.
    let mine: Vec<&crate::gesture::Gesture> =
        gestures.iter().filter(|g| g.spots[0] == format!("unit:{unit}")).collect();
    let walks: Vec<&&crate::gesture::Gesture> = mine.iter().filter(|g| g.spots.len() > 2).collect();
    let start = state.units[unit];
    let far = destinations.keys().filter(|h| !start.is_adjacent(**h)).count();
    assert!(far > 0, "some unit can go more than one hex: {movable:?}");
    assert_eq!(walks.len(), far, "one walk to each destination more than one hex away: {destinations:?} from {start}");
    let hex_of = |spot: &str| super::super::hex::Hex::parse(spot.trim_start_matches("hex:")).unwrap();
    for walk in &walks {
        let hexes: Vec<_> = walk.spots[1..].iter().map(|s| hex_of(s)).collect();
        assert!(start.is_adjacent(hexes[0]), "{:?}", walk.spots);
        for (i, pair) in hexes.windows(2).enumerate() {
            assert!(pair[0].is_adjacent(pair[1]), "{:?}", walk.spots);
            let so_far = &walk.spots[..i + 2];
            assert!(mine.iter().any(|g| g.spots == so_far), "{so_far:?} is an answer of its own");
        }
        let direct = mine.iter().find(|g| g.spots.len() == 2 && g.spots[1] == *walk.spots.last().unwrap()).unwrap();
        assert_eq!(walk.answer, direct.answer);
    }
    let ends: std::collections::BTreeSet<&String> = walks.iter().map(|w| w.spots.last().unwrap()).collect();
    assert_eq!(ends.len(), walks.len(), "one walk per destination");
}

/// The text sizes of an SVG and its width.
fn text_sizes(svg: &str) -> (f64, Vec<f64>) {
    let width: f64 = svg.split("viewBox=\"0 0 ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    let sizes = svg.split("font-size=\"").skip(1).map(|s| s.split('"').next().unwrap().parse().unwrap()).collect();
    (width, sizes)
}

/// The first corner of the polygon drawn for `spot`.
fn first_corner(svg: &str, spot: &str) -> (f64, f64) {
    let group = svg.split(&format!("data-spot=\"{spot}\"")).nth(1).unwrap();
    let points = group.split("points=\"").nth(1).unwrap().split(' ').next().unwrap();
    let (x, y) = points.split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn the_phone_picture_is_legible_at_its_width_and_in_two_stacked_parts() {
    let mut rng = crate::dice::Rng::from_seed(b"narrow");
    let mut state = Suriagehara::setup(&Options::default(), 2, &mut rng).unwrap();
    for _ in 0..40 {
        let Some(p) = Suriagehara::pending(&state).into_iter().next() else { break };
        let a = Suriagehara::random_action(&state, &p.id, &mut rng).unwrap();
        Suriagehara::apply(&mut state, &p.id, p.seat, &a, &mut rng).unwrap();
    }
    for lang in [Lang::En, Lang::Ja] {
        let view = Suriagehara::view(&state, Viewer::Seat(0));
        let ctx = RenderContext { narrow: true, ..RenderContext::new(lang, 80) };
        let svg = Suriagehara::render_svg(&view, &ctx);
        let (width, sizes) = text_sizes(&svg);
        let smallest = sizes.iter().copied().fold(f64::MAX, f64::min);
        let shown = smallest * crate::engine::NARROW_PICTURE_PX / width;
        assert!(shown >= crate::engine::SMALLEST_TEXT_PX, "{lang:?}: text {shown:.1} px high at 390 px");
        // Column 10 is drawn under column 01, not beside it.
        let (x01, y01) = first_corner(&svg, "hex:0101");
        let (x10, y10) = first_corner(&svg, "hex:1001");
        assert_eq!(x01, x10, "the second part starts at the left edge");
        assert!(y10 > y01 + 500.0, "the second part is below the first");
        let desk = Suriagehara::render_svg(&view, &RenderContext::new(lang, 80));
        assert!(text_sizes(&desk).0 > width, "the desk picture is wider");
    }
}
