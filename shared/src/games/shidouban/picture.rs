//! The board as a picture: the 6 × 6 grid (columns 6..1 from the left, rows 一..六 from the top) with every
//! person, their owner, stones and marks, and the event tiles; then the players and what is awaited. It
//! draws the same `View` as the text render, so it shows exactly what this viewer may know.

use super::data::{ROW_KANJI, TURN_LABELS, Tile};
use super::rules::letter;
use super::state::{End, Sq, Status};
use super::view::View;
use crate::engine::{Lang, RenderContext, Seat, Viewer};
use crate::svg::{Font, Paint, Svg, palette};

const MARGIN: f64 = 16.0;
const CELL: f64 = 84.0;
const GRID_X: f64 = MARGIN + 24.0;
const GRID_Y: f64 = 76.0;
const WIDTH: f64 = 960.0;
const PANEL_X: f64 = GRID_X + 6.0 * CELL + 28.0;

fn seat_colour(seat: Seat) -> &'static str {
    palette::SEATS[seat as usize % palette::SEATS.len()]
}

/// The top-left corner of a square: column 6 is drawn leftmost, row 一 topmost.
fn corner(sq: Sq) -> (f64, f64) {
    (GRID_X + f64::from(6 - sq.c) * CELL, GRID_Y + f64::from(sq.r - 1) * CELL)
}

fn stones(svg: &mut Svg, x: f64, y: f64, white: u8, black: u8) {
    let mut k = 0.0;
    for (n, fill) in [(white, palette::PAPER), (black, palette::INK)] {
        for _ in 0..n.min(8) {
            svg.circle(x + 7.0 + k * 9.0, y, 4.0, Paint::new(fill, palette::INK));
            k += 1.0;
        }
    }
    if white + black > 8 {
        svg.text(x + 7.0 + k * 9.0, y + 4.0, &format!("w{white} b{black}"), Font::new(9.0));
    }
}

fn draw_grid(svg: &mut Svg, v: &View, lang: Lang) {
    let ja = lang == Lang::Ja;
    for c in 1..=6u8 {
        let (x, _) = corner(Sq::new(c, 1));
        svg.text(x + CELL / 2.0, GRID_Y - 8.0, &c.to_string(), Font::new(12.0).bold().middle().fill(palette::MUTED));
    }
    for r in 1..=6u8 {
        let (_, y) = corner(Sq::new(6, r));
        svg.text(
            GRID_X - 10.0,
            y + CELL / 2.0 + 5.0,
            ROW_KANJI[r as usize - 1],
            Font::new(12.0).bold().middle().fill(palette::MUTED),
        );
    }
    let active = (v.started && v.end.is_none()).then(|| Sq::from_k(v.k));
    for sq in Sq::all() {
        let (x, y) = corner(sq);
        let fill = if active == Some(sq) { palette::HIGHLIGHT } else { palette::PAPER };
        svg.rect(x, y, CELL, CELL, 0.0, Paint::new(fill, palette::LINE));
    }
    for p in &v.persons {
        let (x, y) = corner(p.sq);
        let stroke = p.owner.map(seat_colour).unwrap_or(palette::LINE);
        svg.rect(
            x + 4.0,
            y + 4.0,
            CELL - 8.0,
            CELL - 8.0,
            6.0,
            Paint::new(palette::PANEL, stroke).width(if p.owner.is_some() { 3.0 } else { 1.0 }),
        );
        let name = if ja { p.person.data().short } else { p.person.code() };
        svg.text(x + CELL / 2.0, y + 26.0, name, Font::new(14.0).bold().middle());
        svg.title(&format!("{} {}", p.person.data().name, p.person.data().romaji));
        if let Some(owner) = p.owner {
            svg.circle(x + CELL - 14.0, y + 14.0, 9.0, Paint::filled(seat_colour(owner)));
            svg.text(
                x + CELL - 14.0,
                y + 18.0,
                &letter(owner).to_string(),
                Font::new(11.0).bold().middle().fill(palette::PAPER),
            );
        }
        let mut marks = String::new();
        if p.acted {
            marks.push_str(if ja { "済 " } else { "acted " });
        }
        for t in &p.overlays {
            marks.push_str(if *t == Tile::IIN {
                if ja { "許嫁 " } else { "fiancée " }
            } else if ja {
                "不覚悟 "
            } else {
                "no resolve "
            });
        }
        svg.text(x + CELL / 2.0, y + 44.0, marks.trim_end(), Font::new(9.0).middle().fill(palette::MUTED));
        stones(svg, x + 4.0, y + 62.0, p.w, p.b);
    }
    for (tile, sq) in &v.tiles {
        let (x, y) = corner(*sq);
        svg.rect(x + 10.0, y + 14.0, CELL - 20.0, CELL - 28.0, 3.0, Paint::new("#fbefe1", palette::BROWN).dashed());
        let name = if ja { tile.data().short } else { tile.code() };
        svg.text(x + CELL / 2.0, y + 40.0, name, Font::new(13.0).bold().middle().fill(palette::BROWN));
        svg.text(x + CELL / 2.0, y + 56.0, tile.mark(), Font::new(11.0).middle().fill(palette::BROWN));
        svg.title(tile.data().en);
    }
    if let Some(sq) = active {
        let (x, y) = corner(sq);
        svg.rect(x + 1.5, y + 1.5, CELL - 3.0, CELL - 3.0, 0.0, Paint::outline(palette::YELLOW).width(3.0));
    }
    let (x, _) = corner(Sq::new(6, 1));
    let below = GRID_Y + 6.0 * CELL + 16.0;
    svg.text(x, below, if ja { "← 勤皇（6列側）" } else { "← kinnō (column 6)" }, Font::new(10.0).fill(palette::MUTED));
    svg.text(
        GRID_X + 6.0 * CELL,
        below,
        if ja { "佐幕（1列側）→" } else { "sabaku (column 1) →" },
        Font::new(10.0).end().fill(palette::MUTED),
    );
}

fn status_word(s: Status, ja: bool) -> &'static str {
    match (s, ja) {
        (Status::Active, false) => "on the board",
        (Status::Suspended, false) => "in the pile",
        (Status::Eliminated, false) => "out",
        (Status::Active, true) => "在盤",
        (Status::Suspended, true) => "山札",
        (Status::Eliminated, true) => "脱落",
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

fn draw_panel(svg: &mut Svg, v: &View, ctx: &RenderContext) -> f64 {
    let lang = ctx.lang;
    let ja = lang == Lang::Ja;
    let mut y = GRID_Y;
    for (i, pl) in v.players.iter().enumerate() {
        let seat = i as Seat;
        let fill = if v.asks.iter().any(|a| a.seat == seat) { palette::HIGHLIGHT } else { palette::PANEL };
        svg.rect(PANEL_X, y - 14.0, WIDTH - PANEL_X - MARGIN, 58.0, 4.0, Paint::filled(fill));
        svg.circle(PANEL_X + 12.0, y - 1.0, 9.0, Paint::filled(seat_colour(seat)));
        svg.text(
            PANEL_X + 12.0,
            y + 3.0,
            &letter(seat).to_string(),
            Font::new(11.0).bold().middle().fill(palette::PAPER),
        );
        let mut name = crate::text::truncate(&ctx.seat_name(seat), 16);
        if v.viewer == Viewer::Seat(seat) {
            name.push_str(if ja { "（あなた）" } else { " (you)" });
        }
        if pl.duty {
            name.push_str(if ja { "・当番" } else { " · on duty" });
        }
        svg.text(PANEL_X + 28.0, y + 3.0, &name, Font::new(12.0).bold());
        let score = pl.score_now.map(|s| s.to_string()).unwrap_or_else(|| "–".into());
        svg.text(
            WIDTH - MARGIN - 8.0,
            y + 3.0,
            &format!("{score} {}", if ja { "点" } else { "pt" }),
            Font::new(12.0).bold().end(),
        );
        let person = match pl.person.and_then(|p| v.persons.iter().find(|x| x.person == p)) {
            Some(x) if ja => format!(
                "{} 武{} 論{} 尊{} 士{} {}",
                x.person.data().name,
                x.buto,
                x.ronpa,
                x.sonkei,
                x.shido,
                x.failure.ja()
            ),
            Some(x) => format!(
                "{} mar {} elo {} res {} bsh {} {}",
                x.person.code(),
                x.buto,
                x.ronpa,
                x.sonkei,
                x.shido,
                x.failure.en()
            ),
            None => match pl.person {
                Some(p) if ja => p.data().name.to_string(),
                Some(p) => p.code().to_string(),
                None => "–".into(),
            },
        };
        svg.text(PANEL_X + 28.0, y + 20.0, &person, Font::new(10.0));
        let holdings = if ja {
            format!("手元 白{} 黒{}・事件コマ{}・{}", pl.w, pl.b, pl.tiles, status_word(pl.status, ja))
        } else {
            format!("holds w{} b{} · {} tiles · {}", pl.w, pl.b, pl.tiles, status_word(pl.status, ja))
        };
        svg.text(PANEL_X + 28.0, y + 36.0, &holdings, Font::new(10.0).fill(palette::MUTED));
        y += 64.0;
    }
    let max = ((WIDTH - PANEL_X - MARGIN) / 6.6) as usize;
    if let Viewer::Seat(me) = v.viewer
        && let Some(hand) = v.players.get(me as usize).and_then(|p| p.hand.as_ref())
        && v.end.is_none()
    {
        let names: Vec<String> = hand
            .iter()
            .map(|t| if ja { t.data().name.to_string() } else { format!("{} ({})", t.code(), t.data().en) })
            .collect();
        let none = if ja { "なし" } else { "none" };
        let text = if ja {
            format!("あなたの事件コマ: {}", if names.is_empty() { none.into() } else { names.join("、") })
        } else {
            format!("Your tiles: {}", if names.is_empty() { none.into() } else { names.join(", ") })
        };
        y = paragraph(svg, PANEL_X, y + 4.0, &text, max, Font::new(11.0));
    }
    let end = v.end.as_ref().map(|e| match (e, ja) {
        (End::AllLose, false) => "Game over: no player's person is left; everyone loses.".to_string(),
        (End::AllLose, true) => "終了: プレイヤーの人物が残らず、全員の負け。".to_string(),
        (End::Sole(s), false) => format!("Game over: {} ({}) wins.", letter(*s), ctx.seat_name(*s)),
        (End::Sole(s), true) => format!("終了: {}（{}）の勝ち。", letter(*s), ctx.seat_name(*s)),
        (End::Scored(_), false) => "Game over after turn 12: final scores above.".to_string(),
        (End::Scored(_), true) => "終了（第12ターン後）: 得点は上記のとおり。".to_string(),
    });
    match end {
        Some(text) => y = paragraph(svg, PANEL_X, y + 8.0, &text, max, Font::new(12.0).bold()),
        None => {
            for a in &v.asks {
                let who = if v.viewer == Viewer::Seat(a.seat) {
                    if ja { "あなた".to_string() } else { "You".to_string() }
                } else {
                    format!("{} ({})", letter(a.seat), ctx.seat_name(a.seat))
                };
                let text = if a.options.is_empty() {
                    if ja { format!("{who}の回答待ち") } else { format!("Waiting for {who}") }
                } else {
                    format!("{who}: {}", a.text.get(lang))
                };
                y = paragraph(svg, PANEL_X, y + 8.0, &text, max, Font::new(11.0).bold());
            }
            if let Some(status) = &v.status {
                y = paragraph(svg, PANEL_X, y + 8.0, status.get(lang), max, Font::new(11.0).fill(palette::MUTED));
            }
        }
    }
    y
}

pub fn render_svg(v: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let ja = lang == Lang::Ja;
    let mut svg = Svg::new(WIDTH, 0.0);
    let (label_ja, label_en) = TURN_LABELS[v.turn.clamp(1, 12) as usize - 1];
    let title = if ja {
        format!("士道盤 — 歳月 {}/12 {label_ja}・当番 {}", v.turn, letter(v.duty))
    } else {
        format!("Shidouban 士道盤 — turn {}/12 {label_en}, duty {}", v.turn, letter(v.duty))
    };
    svg.text(MARGIN, 24.0, &title, Font::new(16.0).bold());
    let piles = if ja {
        format!("袋 白{} 黒{}・人物の山 {}・事件の山 {}", v.bag_w, v.bag_b, v.person_pile, v.event_pile)
    } else {
        format!(
            "bag: {} white, {} black · person pile {} · event pile {}",
            v.bag_w, v.bag_b, v.person_pile, v.event_pile
        )
    };
    svg.text(MARGIN, 44.0, &piles, Font::new(11.0).fill(palette::MUTED));
    draw_grid(&mut svg, v, lang);
    let panel_end = draw_panel(&mut svg, v, ctx);
    let grid_end = GRID_Y + 6.0 * CELL + 24.0;
    svg.set_height(panel_end.max(grid_end) + MARGIN);
    svg.finish(&title)
}
