//! Random games driven through the engine directly: notation round trip of every listed option, and
//! rendering of every position for every viewer in both languages within the page width.

use super::super::data::Face;
use super::super::state::{ItemKind, Phase, State};
use super::super::{Options, Uosao};
use crate::dice::Rng;
use crate::engine::{Engine, Lang, RenderContext, Space, Viewer};
use crate::text;

fn games() -> u64 {
    std::env::var("TEGAMI_PLAYOUTS").ok().and_then(|v| v.parse::<u64>().ok()).map(|n| n / 30).unwrap_or(10).max(3)
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
                if steps % 11 == 0 {
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
                check_invariants(&state);
                let a = Uosao::random_action(&state, &p.id, &mut rng).expect("random");
                assert!(options.contains(&a));
                let points: i64 = state.pt.iter().sum();
                let seasons = state.results.len();
                Uosao::apply(&mut state, &p.id, p.seat, &a, &mut rng).expect("apply");
                if state.results.len() == seasons {
                    assert_eq!(state.pt.iter().sum::<i64>(), points, "I7: traps only move points");
                }
                steps += 1;
            }
            let v = Uosao::view(&state, Viewer::Spectator);
            let out = Uosao::render(&v, &RenderContext::new(Lang::Ja, 80));
            assert!(out.contains("ゲーム終了"));
        }
    }
}

/// §6.10 invariants at every decision point.
fn check_invariants(s: &State) {
    for p in 0..s.seats {
        let roads = s.line.iter().filter(|i| matches!(i.kind, ItemKind::Road { owner, .. } if owner == p)).count();
        let waiting_road = match s.phase {
            Phase::Play { .. } => s.plays.iter().any(|x| x.seat == p && x.face == Face::D),
            Phase::Road { j } => s.road_players[j as usize..].contains(&p),
            Phase::Over => false,
        };
        let total = s.hands[p as usize].len() + s.tables[p as usize].len() + roads + waiting_road as usize;
        assert_eq!(total, 5, "I1 for seat {p}: {s:?}");
        let sol = s.soldiers[p as usize];
        assert!(!s.line[s.index_of(sol.item)].is_king(), "I4: nobody stands on a king at a decision");
        assert!(sol.stunned_round.is_none_or(|r| r == s.round || r == s.round + 1), "I6/A20");
    }
    if let Phase::Play { .. } = s.phase {
        let seat = s.to_act().expect("someone plays");
        assert!(!s.hands[seat as usize].is_empty(), "I2");
    }
    let t = s.town_index();
    assert!(t >= 3 && s.line.len() - 1 - t >= 3, "I5: two cards each side of the town");
    assert_eq!(s.line.first().map(|i| i.kind), Some(ItemKind::LeftKing));
    assert_eq!(s.line.last().map(|i| i.kind), Some(ItemKind::RightKing));
    let mut uids: Vec<u32> = s.line.iter().map(|i| i.uid).collect();
    uids.sort();
    uids.dedup();
    assert_eq!(uids.len(), s.line.len(), "uids are unique");
}
