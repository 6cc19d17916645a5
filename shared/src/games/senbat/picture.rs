//! The battle as a picture: the field seen from above, north up, with every card on it drawn at its exact
//! position and heading (the text map has to round them to cells), the deployment zones, and beside it both
//! players' standing and action boards. It draws the same `View` as the text render: a sealed board or an
//! unrevealed organisation stays a question mark. For a phone (`ctx.narrow`) the boards go under the field
//! and every text is larger, so that it reads at the width a phone shows the picture.
//!
//! The touchable spots (see [`super::gestures`]): every card on the field, the spaces of both action boards,
//! and while the viewer is asked to deploy or execute, the snapped positions, facings, turns and distances.

use super::data::{self, CARDS, FIELD_H, FIELD_W, SPACES, ZONE_DEPTH};
use super::geometry::Rect;
use super::gestures::{
    FACINGS, STEPS, TURNS, card_spot, face_spot, grid, heading, pose_spot, space_spot, step_spot, their_space_spot,
    turn_spot,
};
use super::state::{AskKind, Phase};
use super::view::View;
use crate::engine::{Lang, NARROW_PICTURE_PX, RenderContext, SMALLEST_TEXT_PX, Seat, Viewer};
use crate::svg::{Font, Paint, Svg, palette};

const MARGIN: f64 = 16.0;
/// Pixels per millimetre of the field.
const SCALE: f64 = 0.8;
const FIELD_Y: f64 = 64.0;
/// The side of a snapped position's marker, in millimetres (large enough to touch on a phone).
const MARKER_MM: f64 = 90.0;

/// Where things go: the desk picture has the boards beside the field; the phone picture has them under it,
/// with every text and board drawn `k` times larger.
struct Layout {
    narrow: bool,
    k: f64,
    field_x: f64,
    field_y: f64,
    panel_x: f64,
    panel_y: f64,
    width: f64,
}

impl Layout {
    fn new(narrow: bool) -> Layout {
        if narrow {
            let field_x = MARGIN + 44.0;
            let width = field_x + FIELD_W * SCALE + MARGIN;
            let field_y = 96.0;
            let panel_y = field_y + FIELD_H * SCALE + 96.0;
            Layout { narrow, k: 2.1, field_x, field_y, panel_x: MARGIN, panel_y, width }
        } else {
            let field_x = MARGIN + 26.0;
            let panel_x = field_x + FIELD_W * SCALE + 24.0;
            Layout { narrow, k: 1.0, field_x, field_y: FIELD_Y, panel_x, panel_y: FIELD_Y, width: panel_x + 300.0 }
        }
    }

    /// A text size: as drawn on the desk, or on a phone larger and never under the smallest legible size.
    fn font(&self, size: f64) -> Font {
        if self.narrow {
            let smallest = (SMALLEST_TEXT_PX * self.width / NARROW_PICTURE_PX).ceil();
            Font::new((size * self.k).max(smallest))
        } else {
            Font::new(size)
        }
    }

    fn panel_w(&self) -> f64 {
        self.width - self.panel_x - MARGIN
    }

    /// Field millimetres (x east, y north) to picture coordinates.
    fn at(&self, p: (f64, f64)) -> (f64, f64) {
        (self.field_x + p.0 * SCALE, self.field_y + (FIELD_H - p.1) * SCALE)
    }
}

fn seat_of_card(v: &View, card: usize) -> Seat {
    if v.players[0].army == CARDS[card].army { 0 } else { 1 }
}

fn seat_colour(seat: Seat) -> &'static str {
    palette::SEATS[seat as usize % 2]
}

/// The seat the picture is drawn for, if it is a player's.
fn viewer_seat(v: &View) -> Option<Seat> {
    match v.viewer {
        Viewer::Seat(s) => Some(s),
        _ => None,
    }
}

fn draw_field(svg: &mut Svg, v: &View, l: &Layout, lang: Lang) {
    let (w, h) = (FIELD_W * SCALE, FIELD_H * SCALE);
    let fx = l.field_x;
    svg.rect(fx, l.field_y, w, h, 0.0, Paint::new("#f3f7ee", palette::LINE));
    let zone = ZONE_DEPTH * SCALE;
    svg.rect(fx, l.field_y, w, zone, 0.0, Paint::filled("#e8ebef"));
    svg.rect(fx, l.field_y + h - zone, w, zone, 0.0, Paint::filled("#e8ebef"));
    svg.rect(fx, l.field_y, w, h, 0.0, Paint::outline(palette::LINE));
    let zone_font = l.font(10.0);
    let zone_size = if l.narrow { 22.0 } else { 14.0 };
    svg.text(fx + 6.0, l.field_y + zone_size, &catalog::t!(lang, "senbat-north-zone"), zone_font.fill(palette::MUTED));
    let zone_font = l.font(10.0);
    svg.text(fx + 6.0, l.field_y + h - 6.0, &catalog::t!(lang, "senbat-south-zone"), zone_font.fill(palette::MUTED));
    let axis = if l.narrow { 24.0 } else { 16.0 };
    for k in 0..=7 {
        let mm = f64::from(k) * 100.0;
        let (x, _) = l.at((mm, 0.0));
        svg.line(x, l.field_y + h, x, l.field_y + h + 4.0, Paint::outline(palette::MUTED));
        svg.text(x, l.field_y + h + axis, &format!("{}", mm as i64), l.font(9.0).middle().fill(palette::MUTED));
    }
    for k in 0..=6 {
        let mm = f64::from(k) * 100.0;
        let (_, y) = l.at((0.0, mm));
        svg.line(fx - 4.0, y, fx, y, Paint::outline(palette::MUTED));
        let lift = if l.narrow { 7.0 } else { 3.0 };
        svg.text(fx - 6.0, y + lift, &format!("{}", mm as i64), l.font(9.0).end().fill(palette::MUTED));
    }
    draw_markers(svg, v, l);
    for (i, card) in v.cards.iter().enumerate() {
        let Some((x, y, heading)) = card.pose else { continue };
        let rect = Rect::new((x, y), heading);
        let colour = seat_colour(seat_of_card(v, i));
        let corners: Vec<(f64, f64)> = rect.corners().iter().map(|p| l.at(*p)).collect();
        let def = &CARDS[i];
        let (cx, cy) = l.at((x, y));
        let wounds = format!("{}/{}", card.damage, card.durability);
        svg.spot_group(&card_spot(def.id), |svg| {
            svg.polygon(&corners, Paint::new(palette::PAPER, colour).width(2.0));
            // The front edge, thicker: the card faces that way.
            svg.line(corners[0].0, corners[0].1, corners[1].0, corners[1].1, Paint::outline(colour).width(5.0));
            let card = catalog::t!(lang, "senbat-card-title", card = def.id);
            svg.title(&format!("{card} ({x:.1}, {y:.1}) {heading}°"));
            let (id_y, wounds_y) = if l.narrow { (cy - 1.0, cy + 20.0) } else { (cy + 1.0, cy + 12.0) };
            svg.text(cx, id_y, def.id, l.font(10.0).bold().middle().fill(colour));
            svg.text(cx, wounds_y, &wounds, l.font(8.0).middle().fill(palette::MUTED));
        });
    }
}

/// The snapped positions the viewer may deploy their next sonae at (see [`super::gestures`]).
fn draw_markers(svg: &mut Svg, v: &View, l: &Layout) {
    let (Some(seat), Some(AskKind::Deploy { .. })) = (viewer_seat(v), &v.my_ask) else { return };
    let south = v.sente == Some(seat);
    let side = MARKER_MM * SCALE;
    for at in grid(south) {
        let (cx, cy) = l.at(at);
        svg.spot_group(&pose_spot(at), |svg| {
            svg.rect(cx - side / 2.0, cy - side / 2.0, side, side, 6.0, Paint::new("#ffffff", palette::LINE).dashed());
            svg.circle(cx, cy, 4.0, Paint::filled(seat_colour(seat)));
        });
    }
}

fn draw_board(svg: &mut Svg, v: &View, seat: Seat, x: f64, y: f64, l: &Layout, lang: Lang) {
    let p = &v.players[seat as usize];
    let k = l.k;
    let mine = viewer_seat(v) == Some(seat);
    // The action board's four spaces, laid out as on the table: MV SH on top, RD CH below.
    let cells = [(0usize, 0.0, 0.0), (1, 1.0, 0.0), (3, 0.0, 1.0), (2, 1.0, 1.0)];
    for (space, col, row) in cells {
        let (cx, cy) = (x + col * 64.0 * k, y + row * 34.0 * k);
        let current = v.phase == Phase::Play && v.active == seat && v.turn.space == Some(space);
        let fill = if current { palette::HIGHLIGHT } else { palette::PAPER };
        let name = catalog::t!(lang, "senbat-space", space = SPACES[space]);
        let count = p.board.map(|b| b[space].to_string()).unwrap_or_else(|| "?".into());
        let spot = if mine { space_spot(space) } else { their_space_spot(space) };
        svg.spot_group(&spot, |svg| {
            svg.rect(cx, cy, 60.0 * k, 30.0 * k, 3.0, Paint::new(fill, palette::LINE));
            svg.text(cx + 6.0 * k, cy + 19.0 * k, &name, l.font(10.0).fill(palette::MUTED));
            svg.text(cx + 54.0 * k, cy + 20.0 * k, &count, l.font(13.0).bold().end());
        });
    }
}

/// A button of the controls row: the spot it is, the heading it draws (-1 for none) and its label.
type ControlButton = (String, i32, String);

/// The facings, turns and distances the viewer may touch while deploying or executing; returns the y
/// below them.
fn draw_controls(svg: &mut Svg, v: &View, l: &Layout, lang: Lang, mut y: f64) -> f64 {
    let Some(seat) = viewer_seat(v) else { return y };
    let south = v.sente == Some(seat);
    let rows: Vec<(String, Vec<ControlButton>)> = match &v.my_ask {
        Some(AskKind::Deploy { .. }) => vec![(
            catalog::t!(lang, "senbat-picture-facing"),
            FACINGS
                .iter()
                .map(|&o| {
                    let h = heading(south, o);
                    (face_spot(h), h, format!("{h}°"))
                })
                .collect(),
        )],
        Some(AskKind::Act { .. }) => vec![
            (
                catalog::t!(lang, "senbat-picture-turn"),
                TURNS.iter().map(|&r| (turn_spot(r), heading(south, r), format!("{r:+}°"))).collect(),
            ),
            (
                catalog::t!(lang, "senbat-picture-distance"),
                STEPS.iter().map(|&j| (step_spot(j), -1, j.to_string())).collect(),
            ),
        ],
        _ => Vec::new(),
    };
    let tile = 48.0 * l.k;
    for (label, tiles) in rows {
        y += 14.0 * l.k;
        svg.text(l.panel_x, y, &label, l.font(11.0).bold());
        y += 6.0 * l.k;
        for (i, (spot, h, text)) in tiles.iter().enumerate() {
            let x = l.panel_x + i as f64 * (tile + 6.0 * l.k);
            svg.spot_group(spot, |svg| {
                svg.rect(x, y, tile, tile, 6.0, Paint::new(palette::PANEL, palette::LINE));
                let (cx, cy) = (x + tile / 2.0, y + tile * 0.4);
                if *h >= 0 {
                    // An arrow pointing the way the card would face (north up, as on the field).
                    let rad = f64::from(*h).to_radians();
                    let len = tile * 0.28;
                    let (dx, dy) = (rad.sin() * len, -rad.cos() * len);
                    svg.line(cx - dx, cy - dy, cx + dx, cy + dy, Paint::outline(seat_colour(seat)).width(3.0));
                    svg.circle(cx + dx, cy + dy, 3.0 * l.k, Paint::filled(seat_colour(seat)));
                    svg.text(x + tile / 2.0, y + tile - 4.0, text, l.font(9.0).middle());
                } else {
                    svg.text(cx, y + tile * 0.66, text, l.font(16.0).bold().middle());
                }
            });
        }
        y += tile + 8.0 * l.k;
    }
    y
}

fn draw_panel(svg: &mut Svg, v: &View, l: &Layout, ctx: &RenderContext) -> f64 {
    let lang = ctx.lang;
    let k = l.k;
    let px = l.panel_x;
    let mut y = l.panel_y;
    for seat in [0u8, 1] {
        let p = &v.players[seat as usize];
        let colour = seat_colour(seat);
        let active = v.phase == Phase::Play && v.active == seat;
        svg.rect(
            px - 6.0,
            y - 16.0 * k,
            l.panel_w() + 12.0,
            176.0 * k,
            4.0,
            Paint::filled(if active { palette::HIGHLIGHT } else { palette::PANEL }),
        );
        svg.rect(px, y - 10.0 * k, 10.0 * k, 14.0 * k, 2.0, Paint::filled(colour));
        let army = catalog::t!(lang, "senbat-army", army = data::ARMY_EN[p.army as usize]);
        let role = match v.sente {
            Some(s) if s == seat => catalog::t!(lang, "senbat-sente-south"),
            Some(_) => catalog::t!(lang, "senbat-gote-north"),
            None => catalog::t!(lang, "senbat-order-not-drawn"),
        };
        let mut name = crate::text::truncate(&ctx.seat_name(seat), 16);
        if v.viewer == Viewer::Seat(seat) {
            name.push_str(&catalog::t!(lang, "senbat-you"));
        }
        svg.text(px + 16.0 * k, y + 2.0 * k, &name, l.font(12.0).bold());
        svg.text(px + 16.0 * k, y + 18.0 * k, &format!("{army} · {role}"), l.font(10.0).fill(palette::MUTED));
        let tokens = if p.board.is_some() { p.tokens.to_string() } else { "?".into() };
        let stats = catalog::t!(
            lang,
            "senbat-tokens-morale-stock",
            tokens = tokens.to_string(),
            morale = p.morale.to_string(),
            stock = p.stock.to_string()
        );
        svg.text(px, y + 38.0 * k, &stats, l.font(11.0));
        let kills = catalog::t!(
            lang,
            "senbat-kills-generals-troops",
            general_kills = p.general_kills.to_string(),
            troop_kills = p.troop_kills.to_string()
        );
        svg.text(px, y + 54.0 * k, &kills, l.font(11.0));
        draw_board(svg, v, seat, px, y + 66.0 * k, l, lang);
        y += 190.0 * k;
    }
    let kenkon = catalog::t!(
        lang,
        "senbat-kenkon-itteki",
        if_kenkon_used_used = catalog::t!(lang, "senbat-kenkon-state", used = if v.kenkon_used { "yes" } else { "no" })
    );
    svg.text(px, y, &kenkon, l.font(11.0));
    y += 18.0 * k;
    if let Some(mine) = v.my_tokens.filter(|_| v.phase == Phase::Tokens) {
        let text = format!("{} {}", catalog::t!(lang, "senbat-your-sealed-tokens"), super::rules::board_text(&mine));
        svg.text(px, y, &text, l.font(11.0).bold());
        y += 18.0 * k;
    }
    let max = (l.panel_w() / (6.6 * k)) as usize;
    if let Some(reason) = &v.end_reason {
        for line in crate::text::wrap(reason.get(lang), max) {
            svg.text(px, y, &line, l.font(12.0).bold());
            y += 16.0 * k;
        }
    }
    for (seat, kind) in &v.waiting {
        let who = if v.viewer == Viewer::Seat(*seat) {
            catalog::t!(lang, "senbat-you-2").to_string()
        } else {
            ctx.seat_name(*seat)
        };
        let text = catalog::t!(
            lang,
            "senbat-waiting-for",
            who = who.to_string(),
            super_render_kind_text = (super::render::kind_text(kind, lang)).to_string()
        );
        for line in crate::text::wrap(&text, max) {
            svg.text(px, y, &line, l.font(11.0).bold());
            y += 15.0 * k;
        }
    }
    draw_controls(svg, v, l, lang, y)
}

pub fn render_svg(v: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let l = Layout::new(ctx.narrow);
    let mut svg = Svg::new(l.width, 0.0);
    let phase = match &v.phase {
        Phase::Organise => catalog::t!(lang, "senbat-organisation-sealed"),
        Phase::Deploy => catalog::t!(lang, "senbat-deployment"),
        Phase::Tokens => catalog::t!(lang, "senbat-token-placement-sealed"),
        Phase::Play => catalog::t!(lang, "senbat-turn-number", turn = v.turn_no),
        Phase::Over => catalog::t!(lang, "senbat-game-over"),
    };
    let title = format!("Senbat {} — {phase}", catalog::t!(lang, "senbat-card-battle"));
    let (title_font, note_font) =
        if l.narrow { (Font::new(26.0), l.font(10.0)) } else { (Font::new(16.0), Font::new(10.0)) };
    svg.text(MARGIN, if l.narrow { 32.0 } else { 24.0 }, &title, title_font.bold());
    let note = catalog::t!(lang, "senbat-north-is-up-each-card");
    svg.text(MARGIN, if l.narrow { 64.0 } else { 42.0 }, &note, note_font.fill(palette::MUTED));
    draw_field(&mut svg, v, &l, lang);
    let panel_end = draw_panel(&mut svg, v, &l, ctx);
    svg.set_height(panel_end.max(l.field_y + FIELD_H * SCALE + 24.0) + MARGIN);
    svg.finish(&title)
}
