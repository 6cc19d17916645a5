//! Rendering: widths, both languages, CJK alignment, cropped regions.

use super::*;
use crate::engine::{Engine, Lang, RenderContext, Viewer};
use crate::text::width;

use super::super::Suriagehara;
use super::super::render::{render_region, roster_lines};
use super::super::rules::standard_placements;

fn sample() -> State {
    let mut s = pos(4, "");
    for side in [Side::Ashina, Side::Date] {
        for p in standard_placements(side) {
            s.units.insert(p.unit, p.hex);
            s.form_mut(p.unit.f).status = Status::Released;
            s.form_mut(p.unit.f).commander = Commander::Alive { carrier: 1 };
        }
    }
    s.form_mut(f("TK")).commander = Commander::Killed;
    s.wind =
        Some([super::super::state::Wind::Reverse, super::super::state::Wind::Calm, super::super::state::Wind::Calm]);
    s.wind_revealed = [true, false, false];
    s.reverse_wind = true;
    s.morale = [7, 9];
    s
}

#[test]
fn render_fits_the_width_in_both_languages() {
    let s = sample();
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let v = Suriagehara::view(&s, viewer);
        for lang in [Lang::En, Lang::Ja] {
            for w in [80usize, 100] {
                let mut ctx = RenderContext::new(lang, w);
                ctx.seat_names = vec!["Aki".into(), "伊達さん".into()];
                let out = Suriagehara::render(&v, &ctx);
                for line in out.lines() {
                    assert!(width(line) <= w, "{lang:?} {w}: `{line}` is {} wide", width(line));
                }
                assert!(out.contains("tk1 ") || out.contains("tk1"), "{out}");
                assert!(out.contains("MA1*"));
                assert!(out.contains("T5 ??"), "face-down markers show as ??");
                if w == 100 {
                    assert!(out.lines().any(|l| l.starts_with("11=") && l.contains("18")) || out.contains("11="));
                }
            }
        }
    }
    let v = Suriagehara::view(&s, Viewer::Seat(0));
    let en = Suriagehara::render(&v, &RenderContext::new(Lang::En, 100));
    assert!(en.contains("Legend"));
    assert!(en.contains("REVERSE"));
    let ja = Suriagehara::render(&v, &RenderContext::new(Lang::Ja, 100));
    assert!(ja.contains("凡例") && ja.contains("逆風") && ja.contains("富田隆実"));
    // the full map is one piece at 100 columns, two halves at 80
    assert_eq!(en.lines().filter(|l| l.starts_with("01 ")).count(), 1);
    let narrow = Suriagehara::render(&v, &RenderContext::new(Lang::En, 80));
    assert_eq!(narrow.lines().filter(|l| l.starts_with("01 ")).count(), 2);
}

#[test]
fn roster_columns_align_by_display_width() {
    let s = sample();
    let v = Suriagehara::view(&s, Viewer::Spectator);
    for lang in [Lang::En, Lang::Ja] {
        let lines = roster_lines(&v, &RenderContext::new(lang, 100));
        // every row has its units column ("n/m") at the same display column
        let cols: Vec<usize> = lines[1..]
            .iter()
            .map(|l| {
                let i = l.find('/').unwrap();
                width(&l[..i])
            })
            .collect();
        assert!(cols.windows(2).all(|w| w[0] == w[1]), "{lang:?}: {cols:?}\n{}", lines.join("\n"));
        let key = if lang == Lang::En { "Units" } else { "郎党" };
        let head = &lines[0][..lines[0].find(key).unwrap()];
        assert_eq!(width(head) + 1, cols[0], "{lang:?}: the header's units column is aligned");
        assert_eq!(lines.len(), 18);
    }
}

#[test]
fn cropped_region() {
    let s = sample();
    let v = Suriagehara::view(&s, Viewer::Spectator);
    let out = render_region(&v, &RenderContext::new(Lang::En, 80), h("0510"), h("0914"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "     05   06   07   08   09");
    assert!(lines[1].starts_with("10     .... .... .... /^/^ /^/^"), "{out}");
    assert!(lines[2].starts_with("11=  .... .... .... /^/^ ^^^^"), "{out}");
    let out = render_region(&v, &RenderContext::new(Lang::Ja, 60), h("1407"), h("1811"));
    assert!(out.contains("~~~~~~~~"), "the stream is drawn: {out}");
    for l in out.lines() {
        assert!(width(l) <= 60);
    }
}

#[test]
fn print_a_sample_for_eyes() {
    let s = sample();
    let v = Suriagehara::view(&s, Viewer::Seat(0));
    eprintln!("{}", Suriagehara::render(&v, &RenderContext::new(Lang::En, 100)));
    eprintln!("{}", Suriagehara::render(&v, &RenderContext::new(Lang::Ja, 80)));
}

#[test]
fn decision_panels_list_the_options_and_fit() {
    let mut s = pos(2, "TK1* 0612, TK2 0713, TK3 0512, IN2 0613, IN1* 0715, KM1* 0805, KM2 1105");
    combat(&mut s, "TK", &mut dice(&[]));
    let v = Suriagehara::view(&s, Viewer::Seat(0));
    let ctx = RenderContext::new(Lang::En, 80);
    let out = Suriagehara::render(&v, &ctx);
    assert!(out.contains("Must fight   TK1 (CS 4, in command) -> 0613"), "{out}");
    assert!(out.lines().all(|l| width(l) <= 80));
    act(&mut s, Side::Ashina, "attack 0613 TK1+TK2+TK3", &mut dice(&[1, 6])).unwrap();
    let v = Suriagehara::view(&s, Viewer::Seat(0));
    let out = Suriagehara::render(&v, &RenderContext::new(Lang::Ja, 80));
    assert!(out.contains("後退先") && out.contains("TK1:0712"), "{out}");
    assert!(out.lines().all(|l| width(l) <= 80));
    let mut m = pos(2, "KM1* 0805, KM2 1105");
    m.form_mut(f("KM")).has_moved = false;
    activate(&mut m, "KM", &mut dice(&[]));
    let v = Suriagehara::view(&m, Viewer::Seat(1));
    let out = Suriagehara::render(&v, &RenderContext::new(Lang::En, 80));
    assert!(out.contains("Can move     KM2 (MA 1): 1005 1006"), "{out}");
    assert!(out.lines().all(|l| width(l) <= 80));
}
