//! The boards as pictures: golden files for a mid-game position of every game (as a player and as a
//! spectator, in both languages, and as a phone shows it to the player), and random games drawn from every seat at every step without a panic or
//! a malformed document.
//!
//! To accept new pictures after a deliberate change: `TEGAMI_UPDATE_GOLDEN=1 cargo test -p shared --test pictures`,
//! then look at them (any browser opens an .svg) before committing.

use std::path::PathBuf;

use serde_json::Value;
use shared::journal::{Actor, EntryBody, JournalFormat, Match};
use shared::{Lang, RenderContext, Rng, Viewer};

const GAMES: [(&str, u8); 5] = [("uosao", 3), ("shinobazu", 3), ("shidouban", 2), ("senbat", 2), ("suriagehara", 2)];

/// How many answers into each game its golden position lies: far enough for pieces to be on the board.
fn golden_steps(slug: &str) -> usize {
    match slug {
        "senbat" => 40,
        "suriagehara" => 30,
        _ => 14,
    }
}

/// A game of `slug` after `steps` random legal answers, from a fixed seed.
fn position(slug: &'static str, seats: u8, steps: usize, seed: u64) -> Match {
    let mut game_seed = [0u8; 32];
    game_seed[..8].copy_from_slice(&seed.to_le_bytes());
    let at = "2026-01-01T00:00:00Z";
    // The golden positions were dealt and rolled in journal format 1: the dice derive from the entries' hashes,
    // which the format decides, and the pictures are what this test is about.
    let mut m = Match::create_in(JournalFormat::V1, slug, Value::Null, seats, game_seed, at)
        .expect("game starts")
        .with_salts(shared::testkit::salts(b"pictures"));
    let mut players = Rng::from_seed(format!("pictures {seed}").as_bytes());
    for _ in 0..steps {
        let pending = m.pending();
        let Some(decision) = players.choose(&pending).cloned() else { break };
        let action = m.game().random_action(m.state(), &decision.id, &mut players).expect("a legal answer");
        let body =
            EntryBody::Move { seat: decision.seat, decision: decision.id, action, by: Actor::Bot, signature: None };
        m.append(body, at).expect("a legal answer is accepted");
    }
    m
}

/// The games whose phone pictures (`RenderContext::narrow`) have golden files too.
const NARROW_GOLDEN: [&str; 2] = ["senbat", "suriagehara"];

fn picture(m: &Match, viewer: Viewer, lang: Lang) -> String {
    picture_for(m, viewer, lang, false)
}

fn picture_for(m: &Match, viewer: Viewer, lang: Lang, narrow: bool) -> String {
    let mut ctx = RenderContext { narrow, ..RenderContext::new(lang, 80) };
    ctx.seat_names = (0..m.seats()).map(|s| format!("Player {}", s + 1)).collect();
    m.game().render_svg(&m.view(viewer), &ctx).expect("the view renders")
}

fn assert_well_formed(svg: &str, what: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{what}: not well-formed XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{what}: root element");
    assert!(root.attribute("viewBox").is_some(), "{what}: no viewBox");
    assert!(root.descendants().filter(|n| n.is_element()).count() > 10, "{what}: nearly empty picture");
    for node in root.descendants() {
        let name = node.tag_name().name();
        assert!(!matches!(name, "script" | "image" | "foreignObject" | "use"), "{what}: <{name}> is not allowed");
        for a in node.attributes() {
            assert!(
                !a.name().starts_with("on") && !a.value().contains("url("),
                "{what}: external or active attribute {}",
                a.name()
            );
        }
    }
}

#[test]
fn golden_pictures_of_a_mid_game_position() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pictures");
    let update = std::env::var_os("TEGAMI_UPDATE_GOLDEN").is_some();
    let mut stale = Vec::new();
    for (slug, seats) in GAMES {
        let m = position(slug, seats, golden_steps(slug), 7);
        for (viewer, who) in [(Viewer::Seat(0), "seat0"), (Viewer::Spectator, "spectator")] {
            let phone = viewer == Viewer::Seat(0) && NARROW_GOLDEN.contains(&slug);
            let kinds: &[(bool, &str)] = if phone { &[(false, ""), (true, "-narrow")] } else { &[(false, "")] };
            for ((lang, code), (narrow, suffix)) in
                [(Lang::En, "en"), (Lang::Ja, "ja")].into_iter().flat_map(|l| kinds.iter().map(move |k| (l, *k)))
            {
                let svg = picture_for(&m, viewer, lang, narrow);
                let what = format!("{slug}-{who}-{code}{suffix}");
                assert_well_formed(&svg, &what);
                let path = dir.join(format!("{what}.svg"));
                if update {
                    std::fs::write(&path, &svg).expect("write golden file");
                } else if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
                    stale.push(what);
                }
            }
        }
        // The same position as a phone shows it to the first seat.
        let mut ctx = RenderContext { narrow: true, ..RenderContext::new(Lang::En, 80) };
        ctx.seat_names = (0..m.seats()).map(|s| format!("Player {}", s + 1)).collect();
        let svg = m.game().render_svg(&m.view(Viewer::Seat(0)), &ctx).expect("the view renders");
        let what = format!("{slug}-seat0-en-narrow");
        assert_well_formed(&svg, &what);
        let path = dir.join(format!("{what}.svg"));
        if update {
            std::fs::write(&path, &svg).expect("write golden file");
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
            stale.push(what);
        }
    }
    assert!(stale.is_empty(), "pictures differ from their golden files: {stale:?} (see this file's header)");
}

#[test]
fn random_games_draw_from_every_seat_at_every_step() {
    for (slug, seats) in GAMES {
        for seed in 0..3 {
            let mut m = position(slug, seats, 0, 100 + seed);
            let mut players = Rng::from_seed(format!("drawn {seed}").as_bytes());
            let mut step = 0;
            while !m.pending().is_empty() && step < 400 {
                if step % 7 == 0 {
                    for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
                        assert_well_formed(&picture(&m, viewer, Lang::Ja), &format!("{slug} seed {seed} step {step}"));
                    }
                }
                let pending = m.pending();
                let decision = players.choose(&pending).cloned().expect("pending");
                let action = m.game().random_action(m.state(), &decision.id, &mut players).expect("answer");
                let body = EntryBody::Move {
                    seat: decision.seat,
                    decision: decision.id,
                    action,
                    by: Actor::Bot,
                    signature: None,
                };
                m.append(body, "2026-01-01T00:00:00Z").expect("accepted");
                step += 1;
            }
            for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
                assert_well_formed(&picture(&m, viewer, Lang::En), &format!("{slug} seed {seed} end"));
            }
        }
    }
}
