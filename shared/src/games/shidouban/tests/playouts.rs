use crate::engine::Viewer;
use crate::games::shidouban::{Person, State, Tile};
use crate::testkit::{everything_seen_by, play, Playout};

fn count(default: u64) -> u64 {
    std::env::var("TEGAMI_PLAYOUTS").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Hidden tiles of other seats never reach a seat: checks tile codes as JSON strings and Japanese names.
fn leak_check(m: &crate::journal::Match) {
    let json = m.game().state_to_json(m.state());
    let st: State = serde_json::from_value(json).unwrap();
    if st.end.is_some() {
        return;
    }
    for a in 0..st.seats {
        let seen = everything_seen_by(m, Viewer::Seat(a));
        for t in Tile::ALL {
            let hidden = match st.tiles[t as usize] {
                crate::games::shidouban::state::TLoc::Hand(s) => s != a,
                crate::games::shidouban::state::TLoc::Pile => true,
                _ => false,
            };
            if hidden {
                let code = format!("\"{}\"", t.code());
                assert!(!seen.contains(&code), "seat {a} sees hidden tile {}", t.code());
                assert!(!seen.contains(t.data().name), "seat {a} sees hidden tile name {}", t.data().name);
            }
        }
        // The person pile order is never shown: the view carries only its size.
        let _ = Person::ALL;
    }
}

fn run(seats: u8, n: u64, resign: u64, leak: bool) {
    for seed in 0..n {
        let mut p = Playout::new("shidouban", seats, seed * 7 + seats as u64);
        p.resign_per_mille = resign;
        let r = if leak { play(&p, leak_check) } else { play(&p, |_| {}) };
        if let Err(e) = r {
            panic!("{e}");
        }
    }
}

#[test]
fn playouts_2p() {
    run(2, count(60), 0, false);
}

#[test]
fn playouts_3p() {
    run(3, count(60), 0, false);
}

#[test]
fn playouts_4p() {
    run(4, count(60), 0, false);
}

#[test]
fn playouts_with_resignations() {
    for seats in 2..=4 {
        run(seats, count(60) / 3, 3, false);
    }
}

#[test]
fn playouts_leak_check() {
    for seats in 2..=4 {
        run(seats, count(60) / 6, 0, true);
    }
}

#[test]
fn playout_stats_and_render() {
    use crate::engine::{Lang, RenderContext};
    let mut ends = std::collections::BTreeMap::new();
    let mut last = String::new();
    for seed in 0..30 {
        let p = Playout::new("shidouban", 3, 1000 + seed);
        let f = play(&p, |_| {}).unwrap();
        let st: State = serde_json::from_value(f.game.game().state_to_json(f.game.state())).unwrap();
        let kind = match st.end.as_ref().unwrap() {
            crate::games::shidouban::End::AllLose => "all-lose".to_string(),
            crate::games::shidouban::End::Sole(_) => format!("sole-t{}", st.turn),
            crate::games::shidouban::End::Scored(_) => "scored".to_string(),
        };
        *ends.entry(kind).or_insert(0) += 1;
        let v = f.game.view(Viewer::Seat(0));
        for lang in [Lang::En, Lang::Ja] {
            let txt = f.game.game().render(&v, &RenderContext::new(lang, 80)).unwrap();
            for l in txt.lines() {
                assert!(crate::text::width(l) <= 80, "{l}");
            }
            last = txt;
        }
        assert!(f.game.entries().len() > 10);
    }
    eprintln!("{ends:?}\n{last}");
}
