//! The board as a picture: the 6 × 6 grid (columns 6..1 from the left, rows 一..六 from the top) with every
//! person, their owner, stones and marks, and the event tiles; then the players and what is awaited. It
//! draws the same `View` as the text render, so it shows exactly what this viewer may know.

use super::data::Tile;
use super::rules::letter;
use super::state::{End, Sq, Status};
use super::view::View;
use crate::engine::{Lang, RenderContext, Seat, Viewer};
use crate::svg::{Font, Layout, Paint, Svg, palette};

const MARGIN: f64 = 16.0;
const WIDTH: f64 = 960.0;
/// Muted text that keeps WCAG AA contrast on the panels and highlights.
const QUIET: &str = "#57606a";

/// Where the grid and the players' panel go: beside each other on a desk, the panel under the grid on a
/// phone (whose grid fills the width).
struct Geometry {
    layout: Layout,
    cell: f64,
    grid_x: f64,
    grid_y: f64,
    panel_x: f64,
    panel_y: f64,
}

impl Geometry {
    fn of(ctx: &RenderContext, top: f64) -> Geometry {
        let layout = Layout::of(ctx, WIDTH);
        let grid_x = MARGIN + 24.0;
        let grid_y = top + 26.0;
        if layout.narrow {
            let cell = (layout.width - grid_x - MARGIN) / 6.0;
            Geometry { layout, cell, grid_x, grid_y, panel_x: MARGIN, panel_y: grid_y + 6.0 * cell + 56.0 }
        } else {
            let cell = 84.0;
            Geometry { layout, cell, grid_x, grid_y, panel_x: grid_x + 6.0 * cell + 28.0, panel_y: grid_y }
        }
    }

    /// The top-left corner of a square: column 6 is drawn leftmost, row 一 topmost.
    fn corner(&self, sq: Sq) -> (f64, f64) {
        (self.grid_x + f64::from(6 - sq.c) * self.cell, self.grid_y + f64::from(sq.r - 1) * self.cell)
    }

    /// The panel's text wraps at this many columns (CJK double).
    fn columns(&self, size: f64) -> usize {
        ((self.layout.width - self.panel_x - MARGIN) / (size * 0.6)) as usize
    }
}

/// The spot of a square of the grid (`sq:25`): see [`super::gestures`].
pub fn square_spot(sq: Sq) -> String {
    format!("sq:{}", sq.ascii())
}

/// The spot of an event tile in the viewer's hand (`tile:AIZ`).
pub fn tile_spot(tile: Tile) -> String {
    format!("tile:{}", tile.code())
}

fn seat_colour(seat: Seat) -> &'static str {
    palette::SEATS[seat as usize % palette::SEATS.len()]
}

fn stones(svg: &mut Svg, g: &Geometry, x: f64, y: f64, white: u8, black: u8) {
    let step = ((g.cell - 14.0) / 8.0).min(9.0);
    let r = (step * 0.45).min(4.0);
    let mut k = 0.0;
    for (n, fill) in [(white, palette::PAPER), (black, palette::INK)] {
        for _ in 0..n.min(8) {
            svg.circle(x + 7.0 + k * step, y, r, Paint::new(fill, palette::INK));
            k += 1.0;
        }
    }
    if white + black > 8 {
        svg.text(x + 4.0, y + 14.0, &format!("w{white} b{black}"), g.layout.font(9.0));
    }
}

fn draw_grid(svg: &mut Svg, v: &View, lang: Lang, g: &Geometry) {
    let (cell, grid_x, grid_y) = (g.cell, g.grid_x, g.grid_y);
    for c in 1..=6u8 {
        let (x, _) = g.corner(Sq::new(c, 1));
        svg.text(x + cell / 2.0, grid_y - 8.0, &c.to_string(), Font::new(12.0).bold().middle().fill(QUIET));
    }
    for r in 1..=6u8 {
        let (_, y) = g.corner(Sq::new(6, r));
        svg.text(
            grid_x - 10.0,
            y + cell / 2.0 + 5.0,
            &catalog::t!(lang, "shidouban-row", row = r),
            Font::new(12.0).bold().middle().fill(QUIET),
        );
    }
    let active = (v.started && v.end.is_none()).then(|| Sq::from_k(v.k));
    for sq in Sq::all() {
        let (x, y) = g.corner(sq);
        let fill = if active == Some(sq) { palette::HIGHLIGHT } else { palette::PAPER };
        svg.rect(x, y, cell, cell, 0.0, Paint::new(fill, palette::LINE));
        let who = v
            .persons
            .iter()
            .find(|p| p.sq == sq)
            .map(|p| format!(" {}", catalog::t!(lang, "shidouban-person-name", person = p.person.code())))
            .unwrap_or_default();
        let label = format!("{}{who}", sq.label(lang));
        svg.spot(&square_spot(sq), &label, x, y, cell, cell, g.layout.touch);
    }
    // Squares narrower than on a desk carry shorter words and smaller stones.
    let (name_size, name_y, mark_y, stones_y) =
        if g.layout.narrow { (13.0, 19.0, 0.64, 0.84) } else { (14.0, 26.0, 44.0 / 84.0, 62.0 / 84.0) };
    for p in &v.persons {
        let (x, y) = g.corner(p.sq);
        let stroke = p.owner.map(seat_colour).unwrap_or(palette::LINE);
        svg.rect(
            x + 4.0,
            y + 4.0,
            cell - 8.0,
            cell - 8.0,
            6.0,
            Paint::new(palette::PANEL, stroke).width(if p.owner.is_some() { 3.0 } else { 1.0 }),
        );
        let name = catalog::t!(lang, "shidouban-person-short", person = p.person.code());
        svg.text(x + cell / 2.0, y + name_y, &name, Font::new(name_size).bold().middle());
        svg.title(&catalog::t!(lang, "shidouban-person-title", person = p.person.code()));
        if let Some(owner) = p.owner {
            let r = if g.layout.narrow { 7.5 } else { 9.0 };
            svg.circle(x + cell - r - 4.0, y + r + 4.0, r, Paint::filled(seat_colour(owner)));
            svg.text(
                x + cell - r - 4.0,
                y + r + 8.0,
                &letter(owner).to_string(),
                g.layout.font(11.0).bold().middle().fill(palette::PAPER),
            );
        }
        let mut marks = String::new();
        if p.acted {
            marks.push_str(&catalog::t!(lang, "shidouban-acted"));
        }
        for t in &p.overlays {
            marks.push_str(&if *t == Tile::IIN {
                catalog::t!(lang, "shidouban-fianc-e")
            } else {
                catalog::t!(lang, "shidouban-no-resolve")
            });
        }
        svg.text(x + cell / 2.0, y + cell * mark_y, marks.trim_end(), g.layout.font(9.0).middle().fill(QUIET));
        stones(svg, g, x + 4.0 - if g.layout.narrow { 2.0 } else { 0.0 }, y + cell * stones_y, p.w, p.b);
    }
    for (tile, sq) in &v.tiles {
        let (x, y) = g.corner(*sq);
        let inset = if g.layout.narrow { 4.0 } else { 10.0 };
        svg.rect(
            x + inset,
            y + 14.0,
            cell - 2.0 * inset,
            cell - 28.0,
            3.0,
            Paint::new("#fbefe1", palette::BROWN).dashed(),
        );
        let name = catalog::t!(lang, "shidouban-tile-short", tile = tile.code());
        svg.text(x + cell / 2.0, y + cell * 0.48, &name, g.layout.font(13.0).bold().middle().fill(palette::BROWN));
        svg.text(x + cell / 2.0, y + cell * 0.67, tile.mark(), g.layout.font(11.0).middle().fill(palette::BROWN));
        svg.title(&catalog::t!(lang, "shidouban-tile-name", tile = tile.code()));
    }
    if let Some(sq) = active {
        let (x, y) = g.corner(sq);
        svg.rect(x + 1.5, y + 1.5, cell - 3.0, cell - 3.0, 0.0, Paint::outline(palette::YELLOW).width(3.0));
    }
    let (x, _) = g.corner(Sq::new(6, 1));
    let below = grid_y + 6.0 * cell + 16.0;
    let size = g.layout.size(10.0);
    svg.text(x, below, &catalog::t!(lang, "shidouban-kinn-column"), Font::new(size).fill(QUIET));
    let sabaku = catalog::t!(lang, "shidouban-sabaku-column");
    // A phone puts the second column note on a line of its own.
    let (sx, sy) =
        if g.layout.narrow { (grid_x + 6.0 * cell, below + size + 6.0) } else { (grid_x + 6.0 * cell, below) };
    svg.text(sx, sy, &sabaku, Font::new(size).end().fill(QUIET));
}

fn status_word(s: Status, lang: Lang) -> String {
    match s {
        Status::Active => catalog::t!(lang, "shidouban-status-on-the-board"),
        Status::Suspended => catalog::t!(lang, "shidouban-status-in-the-pile"),
        Status::Eliminated => catalog::t!(lang, "shidouban-status-out"),
    }
}

/// Writes `text` in lines of at most `max` columns (CJK double) from `y` down; returns the next free y.
fn paragraph(svg: &mut Svg, x: f64, mut y: f64, text: &str, max: usize, font: Font) -> f64 {
    for line in crate::text::wrap(text, max) {
        svg.text(x, y, &line, font);
        y += font.size + 4.0;
    }
    y
}

fn draw_panel(svg: &mut Svg, v: &View, ctx: &RenderContext, g: &Geometry) -> f64 {
    let lang = ctx.lang;
    let (panel_x, right) = (g.panel_x, g.layout.width - MARGIN);
    let small = g.layout.font(10.0);
    let mut y = g.panel_y;
    for (i, pl) in v.players.iter().enumerate() {
        let seat = i as Seat;
        let fill = if v.asks.iter().any(|a| a.seat == seat) { palette::HIGHLIGHT } else { palette::PANEL };
        svg.rect(panel_x, y - 14.0, right - panel_x, 58.0, 4.0, Paint::filled(fill));
        svg.circle(panel_x + 12.0, y - 1.0, 9.0, Paint::filled(seat_colour(seat)));
        svg.text(
            panel_x + 12.0,
            y + 3.0,
            &letter(seat).to_string(),
            g.layout.font(11.0).bold().middle().fill(palette::PAPER),
        );
        let mut name = crate::text::truncate(&ctx.seat_name(seat), 16);
        if v.viewer == Viewer::Seat(seat) {
            name.push_str(&catalog::t!(lang, "shidouban-you"));
        }
        if pl.duty {
            name.push_str(&catalog::t!(lang, "shidouban-on-duty"));
        }
        svg.text(panel_x + 28.0, y + 3.0, &name, Font::new(12.0).bold());
        let score = pl.score_now.map(|s| s.to_string()).unwrap_or_else(|| "–".into());
        svg.text(
            right - 8.0,
            y + 3.0,
            &format!("{score} {}", catalog::t!(lang, "shidouban-pt")),
            Font::new(12.0).bold().end(),
        );
        let person = match pl.person.and_then(|p| v.persons.iter().find(|x| x.person == p)) {
            Some(x) => catalog::t!(
                lang,
                "shidouban-panel-person",
                name = super::rules::code_or_name(lang, x.person),
                buto = x.buto,
                ronpa = x.ronpa,
                sonkei = x.sonkei,
                shido = x.shido,
                failure = x.failure.name(lang)
            ),
            None => match pl.person {
                Some(p) => super::rules::code_or_name(lang, p),
                None => "–".into(),
            },
        };
        svg.text(panel_x + 28.0, y + 20.0, &person, small);
        let holdings = catalog::t!(
            lang,
            "shidouban-holds-w-b-tiles",
            pl_w = pl.w.to_string(),
            pl_b = pl.b.to_string(),
            pl_tiles = pl.tiles,
            status_word_pl_status = status_word(pl.status, lang)
        );
        svg.text(panel_x + 28.0, y + 36.0, &holdings, small.fill(QUIET));
        y += 64.0;
    }
    let max = g.columns(g.layout.size(11.0));
    if let Viewer::Seat(me) = v.viewer
        && let Some(hand) = v.players.get(me as usize).and_then(|p| p.hand.as_ref())
        && v.end.is_none()
    {
        let names: Vec<String> =
            hand.iter().map(|t| catalog::t!(lang, "shidouban-tile-labelled", tile = t.code())).collect();
        let none = catalog::t!(lang, "shidouban-none");
        let text = catalog::t!(
            lang,
            "shidouban-your-tiles",
            if_names_is_empty =
                if names.is_empty() { none } else { names.join(&catalog::t!(lang, "engine-list-separator")) }
        );
        y = paragraph(svg, panel_x, y + 4.0, &text, max, g.layout.font(11.0));
        // The tiles again as chips to touch, when one may be used now.
        let using = v.asks.iter().any(|a| a.seat == me && !a.options.is_empty()) && !hand.is_empty();
        if using {
            let mut x = panel_x;
            let size = g.layout.size(12.0);
            y += 4.0;
            for t in hand {
                let code = t.code();
                let w = crate::svg::text_width(code, size) + 20.0;
                if x + w > right {
                    x = panel_x;
                    y += g.layout.touch + 4.0;
                }
                svg.rect(x, y, w, 30.0, 4.0, Paint::new("#fbefe1", palette::BROWN));
                svg.text(x + w / 2.0, y + 20.0, code, Font::new(size).bold().middle().fill(palette::BROWN));
                let label = catalog::t!(lang, "shidouban-tile-labelled", tile = code);
                svg.spot(&tile_spot(*t), &label, x, y, w, 30.0, g.layout.touch);
                x += w.max(g.layout.touch) + 8.0;
            }
            y += g.layout.touch + 12.0;
        }
    }
    let end = v.end.as_ref().map(|e| match e {
        End::AllLose => catalog::t!(lang, "shidouban-picture-end-all-lose"),
        End::Sole(s) => {
            catalog::t!(lang, "shidouban-picture-end-sole", letter = letter(*s).to_string(), name = ctx.seat_name(*s))
        }
        End::Scored(_) => catalog::t!(lang, "shidouban-picture-end-scored"),
    });
    match end {
        Some(text) => y = paragraph(svg, panel_x, y + 8.0, &text, g.columns(12.0), Font::new(12.0).bold()),
        None => {
            for a in &v.asks {
                let who = if v.viewer == Viewer::Seat(a.seat) {
                    catalog::t!(lang, "shidouban-you-2")
                } else {
                    format!("{} ({})", letter(a.seat), ctx.seat_name(a.seat))
                };
                let text = if a.options.is_empty() {
                    catalog::t!(lang, "shidouban-waiting-for", who = who.to_string())
                } else {
                    format!("{who}: {}", a.text.get(lang))
                };
                y = paragraph(svg, panel_x, y + 8.0, &text, max, g.layout.font(11.0).bold());
            }
            if let Some(status) = &v.status {
                y = paragraph(svg, panel_x, y + 8.0, status.get(lang), max, g.layout.font(11.0).fill(QUIET));
            }
        }
    }
    y
}

pub fn render_svg(v: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let title = catalog::t!(
        lang,
        "shidouban-shidouban-turn-duty",
        turn = v.turn.to_string(),
        label_en = super::rules::turn_label(lang, v.turn),
        letter_duty = (letter(v.duty)).to_string()
    );
    let piles = catalog::t!(
        lang,
        "shidouban-bag-white-black-person-pile",
        bag_w = v.bag_w.to_string(),
        bag_b = v.bag_b.to_string(),
        person_pile = v.person_pile.to_string(),
        event_pile = v.event_pile.to_string()
    );
    let layout = Layout::of(ctx, WIDTH);
    let mut svg = Svg::new(layout.width, 0.0);
    let inner = layout.width - 2.0 * MARGIN;
    let mut y = 6.0;
    for line in crate::svg::wrap_text(&title, 16.0, inner) {
        y += 20.0;
        svg.text(MARGIN, y, &line, Font::new(16.0).bold());
    }
    let size = layout.size(11.0);
    for line in crate::svg::wrap_text(&piles, size, inner) {
        y += size + 6.0;
        svg.text(MARGIN, y, &line, Font::new(size).fill(QUIET));
    }
    let g = Geometry::of(ctx, y + 6.0);
    draw_grid(&mut svg, v, lang, &g);
    let panel_end = draw_panel(&mut svg, v, ctx, &g);
    let grid_end = g.grid_y + 6.0 * g.cell + 24.0;
    svg.set_height(panel_end.max(grid_end) + MARGIN);
    svg.finish(&title)
}
