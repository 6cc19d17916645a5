//! The battlefield as a picture: the hex map with its terrain, the stream's water hexsides and the advance
//! line, every unit on the map as a counter (commanders starred), then the status panel of the text render.
//! It draws the same `View` as the text render, so a sealed deployment or chit stays hidden.

use super::action::UnitId;
use super::data::{ADVANCE_LINE_ROW, Fid, Side, Terrain, fdata, terrain};
use super::hex::{HEIGHT, Hex, WATER_HEXSIDES, WIDTH};
use super::render::status_lines;
use super::state::{Chit, Stage};
use super::view::View;
use crate::engine::RenderContext;
use crate::svg::{Font, Paint, Svg, palette};

const MARGIN: f64 = 16.0;

/// How the map is drawn: the whole map at desk size, or (for a phone) larger hexes in two stacked parts,
/// columns 01–09 over 10–18, as the text render splits a map too wide for its columns.
struct Layout {
    /// Hex radius (centre to corner); hexes are pointy-topped.
    r: f64,
    /// Column and row numbers.
    small: f64,
    /// The key under the title.
    key: f64,
    /// A counter's width and height.
    counter: (f64, f64),
    /// Counter labels.
    label: f64,
    /// The status lines under the map: text size, line height, width of a column.
    status: f64,
    status_line: f64,
    status_column: f64,
    title: f64,
    map_x: f64,
    parts: Vec<std::ops::RangeInclusive<u8>>,
}

impl Layout {
    fn new(narrow: bool) -> Layout {
        if narrow {
            Layout {
                r: 24.0,
                small: 14.0,
                key: 14.0,
                counter: (38.0, 28.0),
                label: 14.0,
                status: 14.0,
                status_line: 20.0,
                status_column: 8.6,
                title: 18.0,
                map_x: 10.0 + 22.0,
                parts: vec![1..=WIDTH / 2, WIDTH / 2 + 1..=WIDTH],
            }
        } else {
            Layout {
                r: 19.0,
                small: 9.0,
                key: 10.0,
                counter: (26.0, 22.0),
                label: 10.0,
                status: 10.5,
                status_line: 15.0,
                status_column: 6.4,
                title: 16.0,
                map_x: MARGIN + 22.0,
                parts: vec![1..=WIDTH],
            }
        }
    }

    fn margin(&self) -> f64 {
        self.map_x - 22.0
    }

    fn hex_w(&self) -> f64 {
        self.r * 3f64.sqrt()
    }

    fn columns(&self) -> u8 {
        self.parts.iter().map(|p| p.end() - p.start() + 1).max().unwrap_or(WIDTH)
    }

    fn width(&self) -> f64 {
        self.map_x + f64::from(self.columns()) * self.hex_w() + self.hex_w() / 2.0 + self.margin()
    }

    fn part_height(&self) -> f64 {
        f64::from(HEIGHT - 1) * 1.5 * self.r + 2.0 * self.r
    }
}

/// One part of the map as drawn: its columns and where its top is.
struct Part<'a> {
    layout: &'a Layout,
    columns: std::ops::RangeInclusive<u8>,
    top: f64,
}

impl Part<'_> {
    fn holds(&self, h: Hex) -> bool {
        self.columns.contains(&h.x)
    }

    /// The centre of a hex: rows 01.. from the top, even rows shifted half a hex to the right.
    fn centre(&self, h: Hex) -> (f64, f64) {
        let l = self.layout;
        let shift = if h.y.is_multiple_of(2) { l.hex_w() / 2.0 } else { 0.0 };
        let col = f64::from(h.x) - f64::from(*self.columns.start());
        (l.map_x + l.hex_w() / 2.0 + col * l.hex_w() + shift, self.top + l.r + f64::from(h.y - 1) * 1.5 * l.r)
    }

    fn corners(&self, h: Hex) -> Vec<(f64, f64)> {
        // Unit offsets of a pointy-top hexagon's corners, clockwise from upper right. Written out rather than
        // computed with sin/cos, whose last bit may differ between platforms' maths libraries.
        let h_ = 3f64.sqrt() / 2.0;
        let unit = [(h_, -0.5), (h_, 0.5), (0.0, 1.0), (-h_, 0.5), (-h_, -0.5), (0.0, -1.0)];
        let (cx, cy) = self.centre(h);
        let r = self.layout.r;
        unit.iter().map(|(dx, dy)| (cx + r * dx, cy + r * dy)).collect()
    }
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

/// The spot of a hex on the map (see [`crate::gesture`]).
pub(crate) fn hex_spot(h: Hex) -> String {
    format!("hex:{h}")
}

/// The spot of a unit's counter.
pub(crate) fn unit_spot(u: UnitId) -> String {
    format!("unit:{u}")
}

/// The spot of a chit of the viewer's pool, drawn under the map while chits are chosen.
pub(crate) fn chit_spot(f: Fid) -> String {
    format!("chit:{}", fdata(f).code)
}

fn draw_part(svg: &mut Svg, view: &View, part: &Part, lang: crate::engine::Lang) {
    let l = part.layout;
    let r = l.r;
    for h in Hex::all().filter(|h| part.holds(*h)) {
        let corners = part.corners(h);
        svg.spot_group(&hex_spot(h), |svg| {
            svg.polygon(&corners, Paint::new(terrain_fill(terrain(h)), "#b9b29c").width(0.8));
            // The hex has no text of its own: its number names it for a screen reader.
            svg.title(&h.to_string());
        });
    }
    for x in part.columns.clone() {
        let (cx, _) = part.centre(Hex { x, y: 1 });
        svg.text(cx, part.top - 4.0, &format!("{x:02}"), Font::new(l.small).middle().fill(palette::MUTED));
    }
    let first = *part.columns.start();
    for y in 1..=HEIGHT {
        let (_, cy) = part.centre(Hex { x: first, y });
        svg.text(l.margin(), cy + l.small / 3.0, &format!("{y:02}"), Font::new(l.small).fill(palette::MUTED));
    }
    // The stream runs along hexsides: the edge two water-separated hexes share (drawn in each part that holds
    // one of the two hexes, so a hexside on the split is not lost).
    for (a, b) in WATER_HEXSIDES.iter().filter(|(a, b)| part.holds(*a) || part.holds(*b)) {
        let (ax, ay) = part.centre(*a);
        let (bx, by) = part.centre(*b);
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
        let (px, py) = (-(by - ay) / len * r / 2.0, (bx - ax) / len * r / 2.0);
        svg.line(mx - px, my - py, mx + px, my + py, Paint::outline("#1f6feb").width(4.0));
    }
    let (_, ly) = part.centre(Hex { x: first, y: ADVANCE_LINE_ROW });
    let (rx, _) = part.centre(Hex { x: *part.columns.end(), y: ADVANCE_LINE_ROW });
    svg.line(l.map_x, ly, rx + l.hex_w(), ly, Paint::outline(palette::INK).width(1.2).dashed());
    let (cw, ch) = l.counter;
    for (unit, hex) in view.units.iter().filter(|(_, h)| part.holds(**h)) {
        let data = fdata(unit.f);
        let (cx, cy) = part.centre(*hex);
        let colour = side_colour(data.side);
        let mut label = format!("{}{}", data.code, unit.n);
        if view.is_carrier(*unit) {
            label.push('*');
        }
        // Desk pictures squeeze a long label; a phone's must stay legible and has room for it.
        let size = if label.len() > 4 && l.parts.len() == 1 { 8.0 } else { l.label };
        svg.spot_group(&unit_spot(*unit), |svg| {
            svg.rect(cx - cw / 2.0, cy - ch / 2.0, cw, ch, 3.0, Paint::new(palette::PAPER, colour).width(2.0));
            svg.text(cx, cy + size * 0.4, &label, Font::new(size).bold().middle().fill(colour));
            let leader = catalog::t!(lang, "suriagehara-leader-title", formation = data.code);
            svg.title(&format!("{leader} ({hex})"));
        });
    }
}

/// The viewer's pool of chits while they choose which go into the cup: one touchable chit each.
fn draw_pool(svg: &mut Svg, view: &View, l: &Layout, lang: crate::engine::Lang, y: f64) -> f64 {
    let crate::engine::Viewer::Seat(seat) = view.viewer else { return y };
    let side = Side::from_seat(seat);
    if view.stage != Stage::ChitSelect || view.own_sealed.is_some() {
        return y;
    }
    let pool = view.chits(side, Chit::Pool);
    if pool.is_empty() {
        return y;
    }
    let heading = catalog::t!(lang, "suriagehara-picture-your-pool");
    svg.text(l.margin(), y + l.status, &heading, Font::new(l.status).bold());
    let (w, h) = (l.label * 3.4, l.label * 2.6);
    let mut x = l.margin();
    let mut y = y + l.status + 8.0;
    for f in pool {
        if x + w > l.width() - l.margin() {
            x = l.margin();
            y += h + 8.0;
        }
        let code = fdata(f).code;
        let colour = side_colour(side);
        svg.spot_group(&chit_spot(f), |svg| {
            svg.rect(x, y, w, h, 4.0, Paint::new(palette::PAPER, colour).width(2.0));
            svg.text(x + w / 2.0, y + h / 2.0 + l.label * 0.4, code, Font::new(l.label).bold().middle().fill(colour));
        });
        x += w + 8.0;
    }
    y + h + 16.0
}

/// A status line (`Label        value`) broken into lines of at most `columns`, the value's continuation lines
/// starting under the value rather than under the label (a phone's narrow picture breaks most of them).
fn wrap_under_value(line: &str, columns: usize) -> Vec<String> {
    // The value starts after the label's padding: the first run of two or more spaces.
    let value_at = line.find("  ").and_then(|gap| line[gap..].find(|c: char| c != ' ').map(|v| gap + v));
    let Some(value_at) = value_at else { return crate::text::wrap(line, columns) };
    let indent = crate::text::width(&line[..value_at]);
    if indent * 2 > columns {
        return crate::text::wrap(line, columns);
    }
    let mut parts = crate::text::wrap(&line[value_at..], columns - indent).into_iter();
    let first = format!("{}{}", &line[..value_at], parts.next().unwrap_or_default());
    std::iter::once(first).chain(parts.map(|part| format!("{}{part}", " ".repeat(indent)))).collect()
}

pub fn render_svg(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let l = Layout::new(ctx.narrow);
    let width = l.width();
    let mut svg = Svg::new(width, 0.0);
    let title = catalog::t!(lang, "suriagehara-suriagehara-turn", turn = view.turn.to_string());
    let margin = l.margin();
    svg.text(margin, l.title + 8.0, &title, Font::new(l.title).bold());
    let key = catalog::t!(lang, "suriagehara-red-ashina-blue-date-commander");
    let key_columns = ((width - 2.0 * margin) / (l.key * 0.62)) as usize;
    let mut y = l.title + 8.0;
    for part in crate::text::wrap(&key, key_columns) {
        y += l.key + 8.0;
        svg.text(margin, y, &part, Font::new(l.key).fill(palette::MUTED));
    }
    for columns in l.parts.clone() {
        let top = y + l.small + 9.0;
        draw_part(&mut svg, view, &Part { layout: &l, columns, top }, lang);
        y = top + l.part_height() + 20.0;
    }
    y = draw_pool(&mut svg, view, &l, lang, y);
    let columns = ((width - 2.0 * margin) / l.status_column) as usize;
    for line in status_lines(view, ctx) {
        for part in wrap_under_value(&line, columns) {
            svg.text(margin, y, &part, Font::new(l.status).mono());
            y += l.status_line;
        }
    }
    svg.set_height(y + margin);
    svg.finish(&title)
}

#[cfg(test)]
mod tests {
    use super::wrap_under_value;

    #[test]
    fn a_status_value_goes_on_under_itself() {
        let line = "Can move     SG1 (MA 4): 0716 0814 0816 0915 0916 1012";
        assert_eq!(
            wrap_under_value(line, 30),
            ["Can move     SG1 (MA 4): 0716", "             0814 0816 0915", "             0916 1012"]
        );
        assert_eq!(
            wrap_under_value("移動可能     SG1 0716 0814 0816 0915", 30),
            ["移動可能     SG1 0716 0814", "             0816 0915"]
        );
        assert_eq!(wrap_under_value("Cup (0)      - | -", 30), ["Cup (0)      - | -"]);
        assert_eq!(wrap_under_value("no label here at all", 8), ["no label", "here at", "all"]);
    }
}
