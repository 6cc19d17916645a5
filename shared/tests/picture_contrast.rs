//! Text inside the board pictures meets WCAG 2.2 AA contrast (1.4.3): 4.5:1 against the colour it is drawn
//! on, 3:1 for large text (24 px, or 18.66 px bold, as shown). A page's accessibility checker does not look
//! inside an SVG's text, so this test does, for every game, in both languages, wide and as a phone shows it,
//! from every seat and as a spectator, at several positions of random games.
//!
//! The colour a text is drawn on is that of the last filled shape drawn before it under the middle of the
//! text (the pictures are flat: rectangles, circles and polygons in one colour each, no transparency, no
//! transforms), else the picture's paper.

use shared::journal::Match;
use shared::svg::text_width;
use shared::testkit::{Playout, play};
use shared::{Lang, RenderContext, Viewer};

/// A filled shape of a picture, in drawing order.
enum Shape {
    Rect { x: f64, y: f64, w: f64, h: f64 },
    Circle { cx: f64, cy: f64, r: f64 },
    Polygon(Vec<(f64, f64)>),
}

impl Shape {
    fn contains(&self, (px, py): (f64, f64)) -> bool {
        match self {
            Shape::Rect { x, y, w, h } => px >= *x && px <= x + w && py >= *y && py <= y + h,
            Shape::Circle { cx, cy, r } => (px - cx).hypot(py - cy) <= *r,
            Shape::Polygon(points) => {
                // Even-odd ray casting.
                let mut inside = false;
                let mut j = points.len() - 1;
                for i in 0..points.len() {
                    let ((xi, yi), (xj, yj)) = (points[i], points[j]);
                    if (yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi {
                        inside = !inside;
                    }
                    j = i;
                }
                inside
            }
        }
    }
}

fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = element.find(&key)? + key.len();
    Some(&element[start..start + element[start..].find('"')?])
}

fn number(element: &str, name: &str) -> f64 {
    attribute(element, name).and_then(|v| v.parse().ok()).unwrap_or(0.0)
}

/// `#rrggbb` or `#rgb` as red, green, blue in 0..=1; None for `none`, `transparent` and the like.
fn colour(text: &str) -> Option<[f64; 3]> {
    let hex = text.strip_prefix('#')?;
    let full: String = match hex.len() {
        3 => hex.chars().flat_map(|c| [c, c]).collect(),
        6 => hex.to_string(),
        _ => return None,
    };
    let channel = |i: usize| u8::from_str_radix(&full[i..i + 2], 16).ok().map(|v| f64::from(v) / 255.0);
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// WCAG's relative luminance.
fn luminance([r, g, b]: [f64; 3]) -> f64 {
    let linear = |c: f64| if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Each text of `svg` whose contrast with what it is drawn on is below AA, with the picture's displayed width
/// (`shown_width` CSS pixels for the whole picture) deciding which texts count as large.
fn low_contrast_texts(svg: &str, shown_width: f64) -> Vec<String> {
    let view_width: f64 = svg
        .split("viewBox=\"0 0 ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|w| w.parse().ok())
        .expect("a viewBox");
    let scale = shown_width / view_width;
    let paper = colour("#ffffff").unwrap();
    let mut shapes: Vec<(Shape, [f64; 3])> = Vec::new();
    let mut problems = Vec::new();
    for line in svg.lines() {
        let line = line.trim();
        let fill = attribute(line, "fill").and_then(colour);
        if line.starts_with("<rect ") {
            if line.contains("width=\"100%\"") {
                shapes.push((
                    Shape::Rect { x: f64::MIN / 4.0, y: f64::MIN / 4.0, w: f64::MAX / 2.0, h: f64::MAX / 2.0 },
                    fill.unwrap_or(paper),
                ));
            } else if let Some(fill) = fill {
                let rect = Shape::Rect {
                    x: number(line, "x"),
                    y: number(line, "y"),
                    w: number(line, "width"),
                    h: number(line, "height"),
                };
                shapes.push((rect, fill));
            }
        } else if line.starts_with("<circle ") {
            if let Some(fill) = fill {
                shapes.push((
                    Shape::Circle { cx: number(line, "cx"), cy: number(line, "cy"), r: number(line, "r") },
                    fill,
                ));
            }
        } else if line.starts_with("<polygon ") {
            if let Some(fill) = fill {
                let points = attribute(line, "points")
                    .unwrap_or_default()
                    .split(' ')
                    .filter_map(|p| p.split_once(','))
                    .filter_map(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
                    .collect::<Vec<(f64, f64)>>();
                if points.len() >= 3 {
                    shapes.push((Shape::Polygon(points), fill));
                }
            }
        } else if line.starts_with("<text ") {
            let Some(ink) = fill else { continue };
            let words = line.split_once('>').map(|(_, rest)| rest.trim_end_matches("</text>")).unwrap_or_default();
            let size = number(line, "font-size");
            let width = text_width(words, size);
            let x = number(line, "x");
            let left = match attribute(line, "text-anchor") {
                Some("middle") => x - width / 2.0,
                Some("end") => x - width,
                _ => x,
            };
            // The middle of the glyphs: baseline minus about a third of the size.
            let middle = (left + width / 2.0, number(line, "y") - size * 0.35);
            let under = shapes.iter().rev().find(|(shape, _)| shape.contains(middle)).map(|(_, c)| *c).unwrap_or(paper);
            let bold = attribute(line, "font-weight") == Some("bold");
            let shown = size * scale;
            let large = shown >= 24.0 || (bold && shown >= 18.66);
            let needed = if large { 3.0 } else { 4.5 };
            let ratio = contrast(ink, under);
            if ratio < needed {
                let ink_text = attribute(line, "fill").unwrap_or_default();
                problems.push(format!("“{words}” {ink_text} on {under:?}: {ratio:.2} < {needed}"));
            }
        }
    }
    problems
}

/// Every picture of a random game of `slug`, now and then along the game, checked from every seat and as a
/// spectator, in both languages, wide and narrow.
fn low_contrast_in_game(slug: &'static str, seats: u8, seed: u64) -> Vec<String> {
    let mut problems = Vec::new();
    let mut look = |m: &Match| {
        if m.entries().len() % 7 != 1 {
            return;
        }
        for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
            for lang in [Lang::En, Lang::Ja] {
                for narrow in [false, true] {
                    let ctx = RenderContext { narrow, ..RenderContext::new(lang, 80) };
                    let svg = m.game().render_svg(&m.view(viewer), &ctx).expect("renders");
                    // A desk shows the picture at about its own size; a phone at its width.
                    let shown = if narrow { shared::engine::NARROW_PICTURE_PX } else { svg_width(&svg) };
                    let which = if narrow { "narrow" } else { "wide" };
                    problems.extend(
                        low_contrast_texts(&svg, shown).into_iter().map(|p| format!("{slug} {which} {lang:?}: {p}")),
                    );
                }
            }
        }
    };
    play(&Playout::new(slug, seats, seed), &mut look).expect("the playout ends");
    problems.sort();
    problems.dedup();
    problems
}

fn svg_width(svg: &str) -> f64 {
    svg.split("viewBox=\"0 0 ").nth(1).and_then(|r| r.split(' ').next()).and_then(|w| w.parse().ok()).unwrap()
}

#[test]
fn the_contrast_check_tells_dark_on_light_from_grey_on_grey() {
    let svg = |ink: &str, under: &str| {
        format!(
            "<svg viewBox=\"0 0 400 100\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n\
             <rect x=\"0\" y=\"0\" width=\"200\" height=\"100\" fill=\"{under}\"/>\n\
             <text x=\"10\" y=\"50\" font-size=\"12\" fill=\"{ink}\">words</text>\n</svg>\n"
        )
    };
    assert!(low_contrast_texts(&svg("#1f2328", "#ffffff"), 400.0).is_empty());
    assert_eq!(low_contrast_texts(&svg("#8c959f", "#f6f8fa"), 400.0).len(), 1);
    // The same grey is large enough at twice the size shown.
    assert!(
        low_contrast_texts(&svg("#6e7781", "#d0d7de").replace("font-size=\"12\"", "font-size=\"13\""), 800.0)
            .is_empty()
    );
    // Drawn beside the grey rectangle, on the paper.
    assert!(low_contrast_texts(&svg("#1f2328", "#000000").replace("x=\"10\" y", "x=\"300\" y"), 400.0).is_empty());
}

#[test]
fn text_in_every_games_pictures_meets_aa_contrast() {
    let mut problems = Vec::new();
    for (slug, seats) in
        [("uosao", 3), ("uosao", 5), ("shinobazu", 4), ("shidouban", 3), ("senbat", 2), ("suriagehara", 2)]
    {
        problems.extend(low_contrast_in_game(slug, seats, 31));
    }
    assert!(problems.is_empty(), "{} texts below AA:\n{}", problems.len(), problems.join("\n"));
}
