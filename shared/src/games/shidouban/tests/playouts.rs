use std::collections::BTreeMap;

use serde_json::Value;

use crate::dice::Rng;
use crate::engine::{Pending, Viewer};
use crate::games::shidouban::{Person, State, Tile};
use crate::journal::{Actor, EntryBody, Match};
use crate::testkit::{Playout, everything_seen_by, play};

fn count(default: u64) -> u64 {
    crate::testkit::playout_count(default)
}

/// Hidden tiles of other seats never reach a seat: checks tile codes as JSON strings and Japanese names.
fn leak_check(m: &crate::journal::Match) {
    let json = m.game().state_to_json(m.state());
    let st: State = serde_json::from_value(json).unwrap();
    // Stones are conserved: 16 white and 16 black between bag, hands and persons.
    let w: u32 = st.bag_w as u32
        + st.players.iter().map(|p| p.w as u32).sum::<u32>()
        + st.persons.iter().map(|p| p.w as u32).sum::<u32>();
    let b: u32 = st.bag_b as u32
        + st.players.iter().map(|p| p.b as u32).sum::<u32>()
        + st.persons.iter().map(|p| p.b as u32).sum::<u32>();
    assert_eq!((w, b), (16, 16));
    assert!(st.board_persons().len() <= 8);
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
                for &lang in catalog::LANGUAGES {
                    let name = catalog::t!(lang, "shidouban-tile-name", tile = t.code());
                    assert!(!seen.contains(&name), "seat {a} sees hidden tile name {name}");
                }
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
    run(2, count(1000), 0, false);
}

#[test]
fn playouts_3p() {
    run(3, count(1000), 0, false);
}

#[test]
fn playouts_4p() {
    run(4, count(1000), 0, false);
}

#[test]
fn playouts_with_resignations() {
    for seats in 2..=4 {
        run(seats, count(900) / 3, 3, false);
    }
}

/// Now and then (1 in 25) a random standing preference instead of an answer.
fn random_pref(m: &Match, p: &Pending, rng: &mut Rng) -> Option<Value> {
    if rng.below(25) != 0 {
        return None;
    }
    let text = if rng.below(2) == 0 {
        format!("pref kuchi auto-pass {}", ["all", "rank-and-file", "off"][rng.below(3) as usize])
    } else {
        let mut save: Vec<&str> = (0..rng.below(3)).map(|_| rng.choose(&Person::ALL).unwrap().code()).collect();
        if rng.below(2) == 0 {
            save.insert(0, "MINE");
        }
        save.dedup();
        let fallback = if rng.below(2) == 0 { "ask" } else { "never" };
        let save = if save.is_empty() { String::new() } else { format!(" save {}", save.join(",")) };
        format!("pref reprieve {fallback}{save}")
    };
    Some(m.game().parse_action(&m.view(Viewer::Seat(p.seat)), p, &text).expect("a preference parses"))
}

/// With standing preferences and resignations in play, every reader's journal of a finished game still
/// replays to its very end and shows no answer the rules never reveal (`testkit::play` checks every copy);
/// and each kind of such answer does occur.
#[test]
fn playouts_with_preferences_keep_what_is_never_revealed() {
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for seats in 2..=4u8 {
        for seed in 0..count(600) / 3 {
            let mut p = Playout::new("shidouban", seats, 70_000 + seed * 5 + seats as u64);
            p.unlisted = Some(random_pref);
            p.resign_per_mille = 2;
            let f = play(&p, |_| {}).unwrap_or_else(|e| panic!("{e}"));
            for e in f.game.entries() {
                let kind = match &e.body {
                    EntryBody::Move { by: Actor::Server, .. } => "standing answer",
                    _ if !f.game.never_revealed(e) => continue,
                    EntryBody::Move { action, .. } | EntryBody::Timeout { action: Some(action), .. } => match action {
                        Value::String(_) => "withdrawn pass",
                        Value::Object(o) if o.contains_key("kuchi") => "withdrawn interjection",
                        Value::Object(o) if o.contains_key("reprieve") => "declined reprieve",
                        _ => "preference",
                    },
                    _ => "other",
                };
                *seen.entry(kind).or_default() += 1;
            }
        }
    }
    eprintln!("{seen:?}");
    for kind in ["standing answer", "withdrawn pass", "withdrawn interjection", "declined reprieve", "preference"] {
        assert!(seen.get(kind).is_some_and(|n| *n > 0), "no {kind} in any playout: {seen:?}");
    }
    assert!(!seen.contains_key("other"), "{seen:?}");
}

#[test]
fn playouts_leak_check() {
    for seats in 2..=4 {
        run(seats, count(1200) / 6, 0, true);
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

/// Every listed option's notation parses back to the same action; renders fit 80 columns in both
/// languages with the board's lines all of one display width.
#[test]
fn notation_round_trip_and_render_during_playouts() {
    use crate::engine::{Lang, RenderContext};
    for seats in 2..=4u8 {
        for seed in 0..count(60) / 12 + 1 {
            let p = Playout::new("shidouban", seats, 5000 + seed * 3 + seats as u64);
            let mut step = 0usize;
            play(&p, |m| {
                step += 1;
                let g = m.game();
                for pd in m.pending() {
                    let view = m.view(Viewer::Seat(pd.seat));
                    let choices = g.legal(m.state(), &pd.id).unwrap();
                    for o in &choices.options {
                        let parsed =
                            g.parse_action(&view, &pd, &o.notation).unwrap_or_else(|e| panic!("{}: {e}", o.notation));
                        assert_eq!(parsed, o.action, "{}", o.notation);
                        assert_eq!(g.print_action(&o.action).unwrap(), o.notation);
                    }
                }
                if step.is_multiple_of(17) {
                    for viewer in [Viewer::Seat(0), Viewer::Spectator, Viewer::Server] {
                        let v = m.view(viewer);
                        for lang in [Lang::En, Lang::Ja] {
                            let mut ctx = RenderContext::new(lang, 80);
                            ctx.seat_names = vec!["Alice".into(), "井上花子".into()];
                            let txt = g.render(&v, &ctx).unwrap();
                            for l in txt.lines() {
                                assert!(crate::text::width(l) <= 80, "too wide: {l}");
                            }
                            let lines: Vec<&str> = txt.lines().collect();
                            let first = lines.iter().position(|l| l.starts_with("   +")).unwrap();
                            let last = lines.iter().rposition(|l| l.starts_with("   +")).unwrap();
                            let board = &lines[first..=last];
                            assert_eq!(board.len(), 19, "{txt}");
                            // Every grid line ends its last cell at the same display column.
                            let grid = |l: &str| crate::text::width(&l[..=l.rfind(['|', '+']).unwrap()]);
                            let w0 = grid(board[0]);
                            assert!(board.iter().all(|l| grid(l) == w0), "{txt}");
                        }
                    }
                }
            })
            .unwrap();
        }
    }
}

/// Journals store actions as JSON and hash them: the wire form of `use` must stay `{"use": [tile, target]}`.
#[test]
fn use_keeps_its_json_form() {
    use crate::games::shidouban::Sq;
    use crate::games::shidouban::notation::{Action, Target};
    let action = Action::Use((Tile::AIZ, Target::Sq(Sq::new(5, 2))));
    let json = serde_json::json!({"use": ["AIZ", {"Sq": {"c": 5, "r": 2}}]});
    assert_eq!(serde_json::to_value(&action).unwrap(), json);
    assert_eq!(serde_json::from_value::<Action>(json).unwrap(), action);
}

#[test]
fn parse_accepts_variants() {
    use crate::games::shidouban::notation::{Action, Target, parse, print};
    use crate::games::shidouban::{Dir, Sq};
    assert_eq!(parse("USE aiz 5二").unwrap(), Action::Use((Tile::AIZ, Target::Sq(Sq::new(5, 2)))));
    assert_eq!(parse("use IIN oki").unwrap(), Action::Use((Tile::IIN, Target::Person(Person::OKI))));
    assert_eq!(parse("Kuchi l").unwrap(), Action::Kuchi(Dir::L));
    assert_eq!(parse("order 2").unwrap(), Action::Order(2));
    assert_eq!(print(&parse("dokatsu 45, 44, 62").unwrap()), "dokatsu 45,44,62");
    assert_eq!(print(&parse("alloc tod=1, sai=2").unwrap()), "alloc TOD=1,SAI=2");
    assert!(parse("kuchi X").is_err());
    assert!(parse("use AIZ 77").is_err());
    let e = parse("jump").unwrap_err();
    assert!(e.0.en.contains("kuchi L"));
}

#[test]
fn reprieve_window_never_names_its_seat() {
    // A seat's view while another seat decides on ISH carries only the neutral status line.
    use super::helpers::*;
    use crate::engine::Engine;
    use crate::games::shidouban::Shidouban;
    let mut st = blank(3);
    put(&mut st, Person::KAW, "44");
    stones(&mut st, Person::KAW, 0, 1);
    give(&mut st, C, Tile::ISH);
    act(&mut st, Person::KAW);
    go(&mut st, &mut Script::new(&[5]));
    for a in [A, B] {
        let v = Shidouban::view(&st, Viewer::Seat(a));
        assert!(v.asks.is_empty());
        assert!(v.status.is_some());
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains("\"ISH\""));
        assert!(!json.contains("\"kind\":\"removal\""));
    }
    let v = Shidouban::view(&st, Viewer::Seat(C));
    assert_eq!(v.asks.len(), 1);
    let v = Shidouban::view(&st, Viewer::Spectator);
    assert!(v.asks.is_empty());
}
