//! Boards you can touch: along random games, every gesture an engine offers (`Engine::gestures`) is an
//! answer the rules accept, touches only spots its pictures draw (or buttons the catalogs name), and the
//! gestures cover every listed answer but those a game leaves to notation; and the pictures drawn for a
//! phone (`RenderContext::narrow`) keep every text readable at 390 pixels.

use shared::journal::Match;
use shared::testkit::{Playout, check_gestures, narrow_text_too_small, play};
use shared::{Lang, RenderContext, Viewer};

/// Plays random games of `slug`, checking the gestures of every pending decision at every step.
fn gestures_hold_along_random_games(slug: &'static str, seats: u8, left_to_notation: &[&str]) {
    let mut checked = 0;
    for seed in 0..3 {
        let mut failure = None;
        play(&Playout::new(slug, seats, 500 + seed), |m| {
            if failure.is_none() {
                match check_gestures(m, left_to_notation) {
                    Ok(n) => checked += n,
                    Err(e) => failure = Some(format!("seed {}: {e}", 500 + seed)),
                }
            }
        })
        .expect("the playout ends");
        assert!(failure.is_none(), "{}", failure.unwrap_or_default());
    }
    assert!(checked > 50, "{slug}: only {checked} gestures checked");
}

#[test]
fn uosao_gestures_are_legal_answers_on_drawn_spots() {
    gestures_hold_along_random_games("uosao", 3, &[]);
}

#[test]
fn shinobazu_gestures_are_legal_answers_on_drawn_spots() {
    gestures_hold_along_random_games("shinobazu", 4, &[]);
}

#[test]
fn shidouban_gestures_are_legal_answers_on_drawn_spots() {
    // Sides, force allocations and the order of resolution are lists of pairs: notation answers them.
    gestures_hold_along_random_games("shidouban", 3, &["side", "alloc", "order"]);
}

/// Every picture of `slug` drawn narrow along a random game, from every seat, in both languages, with the
/// text too small to read at 390 pixels.
fn small_text_in_narrow_pictures(slug: &'static str, seats: u8) -> Vec<String> {
    let mut problems = Vec::new();
    let mut look = |m: &Match| {
        if m.entries().len() % 5 != 1 {
            return;
        }
        for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
            for lang in [Lang::En, Lang::Ja] {
                let ctx = RenderContext { narrow: true, ..RenderContext::new(lang, 80) };
                let svg = m.game().render_svg(&m.view(viewer), &ctx).expect("renders");
                problems.extend(
                    narrow_text_too_small(&svg).into_iter().map(|p| format!("{slug} {viewer:?} {lang:?}: {p}")),
                );
            }
        }
    };
    play(&Playout::new(slug, seats, 77), &mut look).expect("the playout ends");
    problems.sort();
    problems.dedup();
    problems
}

#[test]
fn narrow_pictures_of_uosao_shinobazu_and_shidouban_keep_text_readable_at_phone_width() {
    for (slug, seats) in [("uosao", 5), ("shinobazu", 5), ("shidouban", 4)] {
        let problems = small_text_in_narrow_pictures(slug, seats);
        assert!(problems.is_empty(), "{problems:#?}");
    }
}

#[test]
fn narrow_pictures_of_senbat_and_suriagehara_keep_text_readable_at_phone_width() {
    // board2: senbat's and suriagehara's narrow pictures come with their gestures.
    for (slug, seats) in [("senbat", 2), ("suriagehara", 2)] {
        let problems = small_text_in_narrow_pictures(slug, seats);
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
