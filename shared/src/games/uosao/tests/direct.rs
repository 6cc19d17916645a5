//! Random games driven through the engine directly: notation round trip of every listed option, and
//! rendering of every position for every viewer in both languages within the page width.

use super::super::{Options, Uosao};
use crate::dice::Rng;
use crate::engine::{Engine, Lang, RenderContext, Space, Viewer};
use crate::text;

fn games() -> u64 {
    std::env::var("TEGAMI_PLAYOUTS").ok().and_then(|v| v.parse::<u64>().ok()).map(|n| n / 10).unwrap_or(30).max(3)
}

#[test]
fn every_listed_option_round_trips_and_every_position_renders() {
    for seats in 3..=5u8 {
        for seed in 0..games() {
            let mut rng = Rng::from_seed(format!("direct {seats} {seed}").as_bytes());
            let mut state = Uosao::setup(&Options::default(), seats, &mut rng).expect("setup");
            let mut steps = 0;
            while let Some(p) = Uosao::pending(&state).first().cloned() {
                let view = Uosao::view(&state, Viewer::Seat(p.seat));
                let choices = Uosao::legal(&state, &p.id).expect("legal");
                let Space::List { options } = choices.space else { panic!("uosao lists every option") };
                assert!(options.len() >= 3);
                for a in &options {
                    let printed = Uosao::print_action(a);
                    assert_eq!(Uosao::parse_action(&view, &p, &printed).as_ref(), Ok(a), "{printed}");
                    let loose = format!("  {} ", printed.to_lowercase().replace('@', "@ "));
                    assert_eq!(Uosao::parse_action(&view, &p, &loose).as_ref(), Ok(a), "{loose}");
                }
                if steps % 7 == 0 {
                    for viewer in [Viewer::Seat(p.seat), Viewer::Seat((p.seat + 1) % seats), Viewer::Spectator] {
                        let v = Uosao::view(&state, viewer);
                        for lang in [Lang::En, Lang::Ja] {
                            for width in [80, 60] {
                                let out = Uosao::render(&v, &RenderContext::new(lang, width));
                                for line in out.lines() {
                                    assert!(text::width(line) <= width, "too wide ({width}):\n{line}\n{out}");
                                }
                            }
                        }
                    }
                }
                let a = Uosao::random_action(&state, &p.id, &mut rng).expect("random");
                assert!(options.contains(&a));
                Uosao::apply(&mut state, &p.id, p.seat, &a, &mut rng).expect("apply");
                steps += 1;
            }
            let v = Uosao::view(&state, Viewer::Spectator);
            let out = Uosao::render(&v, &RenderContext::new(Lang::Ja, 80));
            assert!(out.contains("ゲーム終了"));
        }
    }
}
