//! The battle as a picture: the field seen from above, north up, with every card on it drawn at its exact
//! position and heading (the text map has to round them to cells), the deployment zones, and beside it both
//! players' standing and action boards. It draws the same `View` as the text render: a sealed board or an
//! unrevealed organisation stays a question mark.

use super::data::{self, CARDS, FIELD_H, FIELD_W, SPACES, ZONE_DEPTH};
use super::geometry::Rect;
use super::state::Phase;
use super::view::View;
use crate::engine::{Lang, RenderContext, Seat};
use crate::svg::{Font, Paint, Svg, palette};

const MARGIN: f64 = 16.0;
/// Pixels per millimetre of the field.
const SCALE: f64 = 0.8;
const FIELD_X: f64 = MARGIN + 26.0;
const FIELD_Y: f64 = 64.0;
const PANEL_X: f64 = FIELD_X + FIELD_W * SCALE + 24.0;
const WIDTH: f64 = PANEL_X + 300.0;

fn t<'a>(lang: Lang, en: &'a str, ja: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Ja => ja,
    }
}

fn seat_of_card(v: &View, card: usize) -> Seat {
    if v.players[0].army == CARDS[card].army { 0 } else { 1 }
}

fn seat_colour(seat: Seat) -> &'static str {
    palette::SEATS[seat as usize % 2]
}

/// Field millimetres (x east, y north) to picture coordinates.
fn at(p: (f64, f64)) -> (f64, f64) {
    (FIELD_X + p.0 * SCALE, FIELD_Y + (FIELD_H - p.1) * SCALE)
}

fn draw_field(svg: &mut Svg, v: &View, lang: Lang) {
    let (w, h) = (FIELD_W * SCALE, FIELD_H * SCALE);
    svg.rect(FIELD_X, FIELD_Y, w, h, 0.0, Paint::new("#f3f7ee", palette::LINE));
    let zone = ZONE_DEPTH * SCALE;
    svg.rect(FIELD_X, FIELD_Y, w, zone, 0.0, Paint::filled("#e8ebef"));
    svg.rect(FIELD_X, FIELD_Y + h - zone, w, zone, 0.0, Paint::filled("#e8ebef"));
    svg.rect(FIELD_X, FIELD_Y, w, h, 0.0, Paint::outline(palette::LINE));
    svg.text(
        FIELD_X + 6.0,
        FIELD_Y + 14.0,
        t(lang, "north zone", "北の配置地帯"),
        Font::new(10.0).fill(palette::MUTED),
    );
    svg.text(
        FIELD_X + 6.0,
        FIELD_Y + h - 6.0,
        t(lang, "south zone", "南の配置地帯"),
        Font::new(10.0).fill(palette::MUTED),
    );
    for k in 0..=7 {
        let mm = f64::from(k) * 100.0;
        let (x, _) = at((mm, 0.0));
        svg.line(x, FIELD_Y + h, x, FIELD_Y + h + 4.0, Paint::outline(palette::MUTED));
        svg.text(x, FIELD_Y + h + 16.0, &format!("{}", mm as i64), Font::new(9.0).middle().fill(palette::MUTED));
    }
    for k in 0..=6 {
        let mm = f64::from(k) * 100.0;
        let (_, y) = at((0.0, mm));
        svg.line(FIELD_X - 4.0, y, FIELD_X, y, Paint::outline(palette::MUTED));
        svg.text(FIELD_X - 6.0, y + 3.0, &format!("{}", mm as i64), Font::new(9.0).end().fill(palette::MUTED));
    }
    for (i, card) in v.cards.iter().enumerate() {
        let Some((x, y, heading)) = card.pose else { continue };
        let rect = Rect::new((x, y), heading);
        let colour = seat_colour(seat_of_card(v, i));
        let corners: Vec<(f64, f64)> = rect.corners().iter().map(|p| at(*p)).collect();
        svg.polygon(&corners, Paint::new(palette::PAPER, colour).width(2.0));
        // The front edge, thicker: the card faces that way.
        svg.line(corners[0].0, corners[0].1, corners[1].0, corners[1].1, Paint::outline(colour).width(5.0));
        let def = &CARDS[i];
        svg.title(&format!("{} {} ({x:.1}, {y:.1}) {heading}°", def.id, def.romaji));
        let (cx, cy) = at((x, y));
        svg.text(cx, cy + 1.0, def.id, Font::new(10.0).bold().middle().fill(colour));
        let wounds = format!("{}/{}", card.damage, card.durability);
        svg.text(cx, cy + 12.0, &wounds, Font::new(8.0).middle().fill(palette::MUTED));
    }
}

fn draw_board(svg: &mut Svg, v: &View, seat: Seat, x: f64, y: f64, lang: Lang) {
    let p = &v.players[seat as usize];
    // The action board's four spaces, laid out as on the table: MV SH on top, RD CH below.
    let cells = [(0usize, 0.0, 0.0), (1, 1.0, 0.0), (3, 0.0, 1.0), (2, 1.0, 1.0)];
    for (space, col, row) in cells {
        let (cx, cy) = (x + col * 64.0, y + row * 34.0);
        let current = v.phase == Phase::Play && v.active == seat && v.turn.space == Some(space);
        let fill = if current { palette::HIGHLIGHT } else { palette::PAPER };
        svg.rect(cx, cy, 60.0, 30.0, 3.0, Paint::new(fill, palette::LINE));
        let name = match lang {
            Lang::En => SPACES[space],
            Lang::Ja => data::SPACES_JA[space],
        };
        svg.text(cx + 6.0, cy + 19.0, name, Font::new(10.0).fill(palette::MUTED));
        let count = p.board.map(|b| b[space].to_string()).unwrap_or_else(|| "?".into());
        svg.text(cx + 54.0, cy + 20.0, &count, Font::new(13.0).bold().end());
    }
}

fn draw_panel(svg: &mut Svg, v: &View, ctx: &RenderContext) -> f64 {
    let lang = ctx.lang;
    let mut y = FIELD_Y;
    for seat in [0u8, 1] {
        let p = &v.players[seat as usize];
        let colour = seat_colour(seat);
        let active = v.phase == Phase::Play && v.active == seat;
        svg.rect(
            PANEL_X - 6.0,
            y - 16.0,
            WIDTH - PANEL_X - MARGIN + 12.0,
            176.0,
            4.0,
            Paint::filled(if active { palette::HIGHLIGHT } else { palette::PANEL }),
        );
        svg.rect(PANEL_X, y - 10.0, 10.0, 14.0, 2.0, Paint::filled(colour));
        let army = match lang {
            Lang::En => data::ARMY_EN[p.army as usize],
            Lang::Ja => data::ARMY_JA[p.army as usize],
        };
        let role = match v.sente {
            Some(s) if s == seat => t(lang, "sente, south", "先手・南"),
            Some(_) => t(lang, "gote, north", "後手・北"),
            None => t(lang, "order not drawn", "手番未定"),
        };
        let mut name = crate::text::truncate(&ctx.seat_name(seat), 16);
        if v.viewer == crate::engine::Viewer::Seat(seat) {
            name.push_str(t(lang, " (you)", "（あなた）"));
        }
        svg.text(PANEL_X + 16.0, y + 2.0, &name, Font::new(12.0).bold());
        svg.text(PANEL_X + 16.0, y + 18.0, &format!("{army} · {role}"), Font::new(10.0).fill(palette::MUTED));
        let tokens = if p.board.is_some() { p.tokens.to_string() } else { "?".into() };
        let stats = match lang {
            Lang::En => format!("tokens {tokens} · morale {}/6 · stock {}/3", p.morale, p.stock),
            Lang::Ja => format!("トークン{tokens}・士気{}/6・ストック{}/3", p.morale, p.stock),
        };
        svg.text(PANEL_X, y + 38.0, &stats, Font::new(11.0));
        let kills = match lang {
            Lang::En => format!("kills: generals {}, troops {}", p.general_kills, p.troop_kills),
            Lang::Ja => format!("戦果: 武将{}・小隊{}", p.general_kills, p.troop_kills),
        };
        svg.text(PANEL_X, y + 54.0, &kills, Font::new(11.0));
        draw_board(svg, v, seat, PANEL_X, y + 66.0, lang);
        y += 190.0;
    }
    let kenkon = match lang {
        Lang::En => format!("kenkon itteki: {}", if v.kenkon_used { "used" } else { "unused" }),
        Lang::Ja => format!("乾坤一擲: {}", if v.kenkon_used { "使用済み" } else { "未使用" }),
    };
    svg.text(PANEL_X, y, &kenkon, Font::new(11.0));
    y += 18.0;
    if let Some(mine) = v.my_tokens.filter(|_| v.phase == Phase::Tokens) {
        let text = format!(
            "{} {}",
            t(lang, "Your sealed tokens:", "あなたの配置（非公開）:"),
            super::rules::board_text(&mine)
        );
        svg.text(PANEL_X, y, &text, Font::new(11.0).bold());
        y += 18.0;
    }
    let max = ((WIDTH - PANEL_X - MARGIN) / 6.6) as usize;
    if let Some(reason) = &v.end_reason {
        for line in crate::text::wrap(reason.get(lang), max) {
            svg.text(PANEL_X, y, &line, Font::new(12.0).bold());
            y += 16.0;
        }
    }
    for (seat, kind) in &v.waiting {
        let who = if v.viewer == crate::engine::Viewer::Seat(*seat) {
            t(lang, "you", "あなた").to_string()
        } else {
            ctx.seat_name(*seat)
        };
        let text = match lang {
            Lang::En => format!("Waiting for {who}: {}", super::render::kind_text(kind, lang)),
            Lang::Ja => format!("{who}の決定待ち: {}", super::render::kind_text(kind, lang)),
        };
        for line in crate::text::wrap(&text, max) {
            svg.text(PANEL_X, y, &line, Font::new(11.0).bold());
            y += 15.0;
        }
    }
    y
}

pub fn render_svg(v: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let mut svg = Svg::new(WIDTH, 0.0);
    let phase = match (&v.phase, lang) {
        (Phase::Organise, _) => t(lang, "organisation (sealed)", "備えの編成（非公開）").to_string(),
        (Phase::Deploy, _) => t(lang, "deployment", "配置").to_string(),
        (Phase::Tokens, _) => t(lang, "token placement (sealed)", "トークン配置（非公開）").to_string(),
        (Phase::Play, Lang::En) => format!("turn {}", v.turn_no),
        (Phase::Play, Lang::Ja) => format!("手番{}", v.turn_no),
        (Phase::Over, _) => t(lang, "game over", "終局").to_string(),
    };
    let title = format!("Senbat {} — {phase}", t(lang, "(備え card battle)", "備え"));
    svg.text(MARGIN, 24.0, &title, Font::new(16.0).bold());
    svg.text(
        MARGIN,
        42.0,
        t(lang, "North is up; each card's thick edge is its front.", "北が上。カードの太い辺が正面です。"),
        Font::new(10.0).fill(palette::MUTED),
    );
    draw_field(&mut svg, v, lang);
    let panel_end = draw_panel(&mut svg, v, ctx);
    svg.set_height(panel_end.max(FIELD_Y + FIELD_H * SCALE + 24.0) + MARGIN);
    svg.finish(&title)
}
