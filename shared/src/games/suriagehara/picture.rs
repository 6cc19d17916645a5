//! The battlefield as a picture: the hex map with its terrain, the stream's water hexsides and the advance
//! line, every unit on the map as a counter (commanders starred), then the status panel of the text render.
//! It draws the same `View` as the text render, so a sealed deployment or chit stays hidden.

use super::data::{ADVANCE_LINE_ROW, Side, Terrain, fdata, terrain};
use super::hex::{HEIGHT, Hex, WATER_HEXSIDES, WIDTH};
use super::render::status_lines;
use super::view::View;
use crate::engine::{Lang, RenderContext};
use crate::svg::{Font, Paint, Svg, palette};

const MARGIN: f64 = 16.0;
/// Hex radius (centre to corner); hexes are pointy-topped.
const R: f64 = 19.0;
const MAP_X: f64 = MARGIN + 22.0;
const MAP_Y: f64 = 60.0;

fn hex_w() -> f64 {
    R * 3f64.sqrt()
}

/// The centre of a hex: rows 01.. from the top, even rows shifted half a hex to the right.
fn centre(h: Hex) -> (f64, f64) {
    let shift = if h.y.is_multiple_of(2) { hex_w() / 2.0 } else { 0.0 };
    (MAP_X + hex_w() / 2.0 + f64::from(h.x - 1) * hex_w() + shift, MAP_Y + R + f64::from(h.y - 1) * 1.5 * R)
}

fn corners(h: Hex) -> Vec<(f64, f64)> {
    // Unit offsets of a pointy-top hexagon's corners, clockwise from upper right. Written out rather than
    // computed with sin/cos, whose last bit may differ between platforms' maths libraries.
    let h_ = 3f64.sqrt() / 2.0;
    let unit = [(h_, -0.5), (h_, 0.5), (0.0, 1.0), (-h_, 0.5), (-h_, -0.5), (0.0, -1.0)];
    let (cx, cy) = centre(h);
    unit.iter().map(|(dx, dy)| (cx + R * dx, cy + R * dy)).collect()
}

fn terrain_fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Flat => "#f4f1e4",
        Terrain::Slope => "#e3d2a8",
        Terrain::Hill => "#c9a66b",
        Terrain::Water => "#9cc7ea",
    }
}

fn side_colour(side: Side) -> &'static str {
    match side {
        Side::Ashina => palette::RED,
        Side::Date => palette::BLUE,
    }
}

fn draw_map(svg: &mut Svg, view: &View) {
    for h in Hex::all() {
        svg.polygon(&corners(h), Paint::new(terrain_fill(terrain(h)), "#b9b29c").width(0.8));
    }
    for x in 1..=WIDTH {
        let (cx, _) = centre(Hex { x, y: 1 });
        svg.text(cx, MAP_Y - 4.0, &format!("{x:02}"), Font::new(9.0).middle().fill(palette::MUTED));
    }
    for y in 1..=HEIGHT {
        let (_, cy) = centre(Hex { x: 1, y });
        svg.text(MARGIN, cy + 3.0, &format!("{y:02}"), Font::new(9.0).fill(palette::MUTED));
    }
    // The stream runs along hexsides: the edge two water-separated hexes share.
    for (a, b) in WATER_HEXSIDES {
        let (ax, ay) = centre(a);
        let (bx, by) = centre(b);
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
        let (px, py) = (-(by - ay) / len * R / 2.0, (bx - ax) / len * R / 2.0);
        svg.line(mx - px, my - py, mx + px, my + py, Paint::outline("#1f6feb").width(4.0));
    }
    let (_, ly) = centre(Hex { x: 1, y: ADVANCE_LINE_ROW });
    let (rx, _) = centre(Hex { x: WIDTH, y: ADVANCE_LINE_ROW });
    svg.line(MAP_X, ly, rx + hex_w(), ly, Paint::outline(palette::INK).width(1.2).dashed());
    for (unit, hex) in &view.units {
        let data = fdata(unit.f);
        let (cx, cy) = centre(*hex);
        let colour = side_colour(data.side);
        svg.rect(cx - 13.0, cy - 11.0, 26.0, 22.0, 3.0, Paint::new(palette::PAPER, colour).width(2.0));
        let mut label = format!("{}{}", data.code, unit.n);
        if view.is_carrier(*unit) {
            label.push('*');
        }
        svg.text(
            cx,
            cy + 4.0,
            &label,
            Font::new(if label.len() > 4 { 8.0 } else { 10.0 }).bold().middle().fill(colour),
        );
        svg.title(&format!("{} {} ({hex})", data.name_ja, data.name_en));
    }
}

pub fn render_svg(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let map_w = f64::from(WIDTH) * hex_w() + hex_w() / 2.0;
    let map_h = f64::from(HEIGHT - 1) * 1.5 * R + 2.0 * R;
    let width = MAP_X + map_w + MARGIN;
    let mut svg = Svg::new(width, 0.0);
    let title = match lang {
        Lang::En => format!("Suriagehara 摺上原の合戦 — turn {}/8", view.turn),
        Lang::Ja => format!("摺上原の合戦 — 第{}ターン", view.turn),
    };
    svg.text(MARGIN, 24.0, &title, Font::new(16.0).bold());
    let key = match lang {
        Lang::En => "red = Ashina, blue = Date, * = commander; dashed = advance line; thick blue = stream",
        Lang::Ja => "赤 = 葦名勢、青 = 伊達勢、* = 指揮官、破線 = 前進ライン、太い青線 = 沢",
    };
    svg.text(MARGIN, 42.0, key, Font::new(10.0).fill(palette::MUTED));
    draw_map(&mut svg, view);
    let mut y = MAP_Y + map_h + 20.0;
    let columns = ((width - 2.0 * MARGIN) / 6.4) as usize;
    for line in status_lines(view, ctx) {
        for part in crate::text::wrap(&line, columns) {
            svg.text(MARGIN, y, &part, Font::new(10.5).mono());
            y += 15.0;
        }
    }
    svg.set_height(y + MARGIN);
    svg.finish(&title)
}
