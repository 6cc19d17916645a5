//! The table as a picture: the line of kings, town and roads with every soldier on its square, then the
//! players with their points, hands and move cards. It draws the same `View` as the text render, so it
//! shows exactly what this viewer may know.

use super::data::{CardId, Colour, Face, MAX_ROUNDS, SEASONS};
use super::state::Phase;
use super::view::{ItemType, View};
use crate::engine::{Lang, RenderContext, Seat};
use crate::svg::{Font, Paint, Svg, palette, text_width};

const WIDTH: f64 = 960.0;
const MARGIN: f64 = 16.0;
const SQUARE: f64 = 34.0;
const ITEM_GAP: f64 = 10.0;
const ROW_HEIGHT: f64 = 92.0;

fn t<'a>(lang: Lang, en: &'a str, ja: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Ja => ja,
    }
}

fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => palette::RED,
        Colour::Yel => palette::YELLOW,
        Colour::Grn => palette::GREEN,
        Colour::Blu => palette::BLUE,
        Colour::Pur => palette::PURPLE,
    }
}

fn colour_name(view: &View, seat: Seat, lang: Lang) -> String {
    match lang {
        Lang::En => view.colour(seat).code().to_string(),
        Lang::Ja => view.colour(seat).ja().to_string(),
    }
}

fn item_width(squares: u8) -> f64 {
    f64::from(squares) * SQUARE
}

/// Splits the line into rows that fit the picture's width.
fn rows(view: &View) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut current = Vec::new();
    let mut x = MARGIN;
    for (i, item) in view.line.iter().enumerate() {
        let w = item_width(item.squares);
        if !current.is_empty() && x + w > WIDTH - MARGIN {
            rows.push(std::mem::take(&mut current));
            x = MARGIN;
        }
        current.push(i);
        x += w + ITEM_GAP;
    }
    if !current.is_empty() {
        rows.push(current);
    }
    rows
}

fn item_caption(view: &View, index: usize, lang: Lang) -> (String, &'static str) {
    let item = &view.line[index];
    match item.item_type {
        ItemType::LeftKing => (t(lang, "Left King", "左王").to_string(), palette::INK),
        ItemType::RightKing => (t(lang, "Right King", "右王").to_string(), palette::INK),
        ItemType::Town => (t(lang, "Town", "街").to_string(), palette::BROWN),
        ItemType::Common => (t(lang, "common", "共通道").to_string(), palette::MUTED),
        ItemType::Road => {
            let owner = item.owner.map(|o| colour_name(view, o, lang)).unwrap_or_else(|| "?".into());
            let mut caption = match lang {
                Lang::En => format!("{owner} road"),
                Lang::Ja => format!("{owner}の道"),
            };
            if item.trap {
                caption.push_str(t(lang, " (trap)", "（罠）"));
            } else if let Some(card) = item.card {
                caption.push_str(&format!(" [{}]", card.code()));
            }
            (caption, item.owner.map(|o| fill(view.colour(o))).unwrap_or(palette::MUTED))
        }
    }
}

fn draw_line(svg: &mut Svg, view: &View, lang: Lang, top: f64) -> f64 {
    let mut y = top;
    for row in rows(view) {
        let mut x = MARGIN;
        for &i in &row {
            let item = &view.line[i];
            let w = item_width(item.squares);
            svg.text(x + w / 2.0, y + 12.0, &item.label, Font::new(12.0).bold().middle());
            let cell_fill = match item.item_type {
                ItemType::LeftKing => "#24292f",
                ItemType::RightKing => "#ffffff",
                ItemType::Town => "#fbefe1",
                ItemType::Common => palette::PANEL,
                ItemType::Road => "#ffffff",
            };
            let (caption, caption_fill) = item_caption(view, i, lang);
            for sq in 0..item.squares {
                let cx = x + f64::from(sq) * SQUARE;
                svg.rect(cx, y + 18.0, SQUARE, SQUARE, 0.0, Paint::new(cell_fill, palette::LINE));
            }
            if let (ItemType::Road, Some(owner)) = (item.item_type, item.owner) {
                let stroke = Paint::new("none", fill(view.colour(owner))).width(3.0);
                let stroke = if item.trap { stroke.dashed() } else { stroke };
                svg.rect(x + 1.5, y + 19.5, w - 3.0, SQUARE - 3.0, 0.0, stroke);
            }
            draw_soldiers(svg, view, i, x, y + 18.0);
            let size = if text_width(&caption, 10.0) > w + ITEM_GAP { 8.0 } else { 10.0 };
            svg.text(x + w / 2.0, y + 66.0, &caption, Font::new(size).middle().fill(caption_fill));
            x += w + ITEM_GAP;
        }
        y += ROW_HEIGHT;
    }
    y
}

fn draw_soldiers(svg: &mut Svg, view: &View, index: usize, x: f64, y: f64) {
    let item = &view.line[index];
    for sq in 0..item.squares {
        let here: Vec<Seat> = (0..view.seats)
            .filter(|s| {
                let sv = &view.soldiers[*s as usize];
                sv.item == index && sv.offset == sq
            })
            .collect();
        let n = here.len();
        for (k, seat) in here.iter().enumerate() {
            // Up to four soldiers share a square as a 2 × 2 cluster; one sits in the middle.
            let (dx, dy, r) = if n == 1 {
                (SQUARE / 2.0, SQUARE / 2.0, 11.0)
            } else {
                let col = (k % 2) as f64;
                let row = ((k / 2) % 2) as f64;
                (9.0 + col * 16.0, 9.0 + row * 16.0, 7.5)
            };
            let sv = &view.soldiers[*seat as usize];
            let colour = fill(view.colour(*seat));
            let cx = x + f64::from(sq) * SQUARE + dx;
            let cy = y + dy;
            if sv.face_down {
                svg.circle(cx, cy, r, Paint::new("#ffffff", colour).width(2.5));
            } else {
                svg.circle(cx, cy, r, Paint::new(colour, "#ffffff").width(1.0));
            }
            svg.title(&format!("{} {}", view.colour(*seat).code(), sv.square));
            let letter = view.colour(*seat).letter().to_string();
            let letter = if sv.face_down { letter.to_ascii_lowercase() } else { letter };
            let font = Font::new(if n == 1 { 12.0 } else { 9.0 }).bold().middle();
            svg.text(cx, cy + r * 0.4, &letter, if sv.face_down { font.fill(colour) } else { font.fill("#ffffff") });
        }
    }
}

/// A small card face: its code, in the colour of its direction.
fn card(svg: &mut Svg, x: f64, y: f64, label: &str, hidden: bool) {
    let paint = if hidden { Paint::new(palette::HIDDEN, palette::LINE) } else { Paint::new("#ffffff", palette::LINE) };
    let w = text_width(label, 11.0).max(14.0) + 10.0;
    svg.rect(x, y, w, 22.0, 3.0, paint);
    svg.text(x + w / 2.0, y + 15.0, label, Font::new(11.0).bold().middle());
}

fn card_row(svg: &mut Svg, mut x: f64, y: f64, labels: &[String]) {
    for label in labels {
        card(svg, x, y, label, false);
        x += text_width(label, 11.0).max(14.0) + 14.0;
    }
}

fn hand_labels(hand: &[CardId]) -> Vec<String> {
    hand.iter().map(|c| c.code().to_string()).collect()
}

fn draw_players(svg: &mut Svg, view: &View, ctx: &RenderContext, top: f64) -> f64 {
    let lang = ctx.lang;
    let header = Font::new(11.0).bold().fill(palette::MUTED);
    svg.text(MARGIN, top, t(lang, "Player", "プレイヤー"), header);
    svg.text(250.0, top, t(lang, "pt", "階級pt"), header);
    svg.text(310.0, top, t(lang, "Hand", "手札"), header);
    svg.text(600.0, top, t(lang, "Move cards on the table", "場の移動カード"), header);
    let mut y = top + 8.0;
    for s in 0..view.seats {
        let row_fill = if view.to_act == Some(s) {
            palette::HIGHLIGHT
        } else if s % 2 == 0 {
            palette::PANEL
        } else {
            palette::PAPER
        };
        svg.rect(MARGIN - 4.0, y, WIDTH - 2.0 * MARGIN + 8.0, 30.0, 0.0, Paint::filled(row_fill));
        svg.circle(MARGIN + 8.0, y + 15.0, 7.0, Paint::filled(fill(view.colour(s))));
        let marker = if s == view.sp { " *" } else { "" };
        let mut name = crate::text::truncate(&ctx.seat_name(s), 18);
        if view.me() == Some(s) {
            name.push_str(t(lang, " (you)", "（あなた）"));
        }
        svg.text(MARGIN + 22.0, y + 19.0, &format!("{} {name}{marker}", colour_name(view, s, lang)), Font::new(12.0));
        svg.text(250.0, y + 19.0, &view.pt[s as usize].to_string(), Font::new(12.0).bold());
        match &view.hands[s as usize] {
            Some(hand) => card_row(svg, 310.0, y + 4.0, &hand_labels(hand)),
            None => {
                let n = view.hand_sizes[s as usize];
                for k in 0..n.min(12) {
                    card(svg, 310.0 + f64::from(k) * 12.0, y + 4.0, "", true);
                }
                let count = match lang {
                    Lang::En if n == 1 => "1 card".to_string(),
                    Lang::En => format!("{n} cards"),
                    Lang::Ja => format!("{n}枚"),
                };
                svg.text(
                    310.0 + f64::from(n.min(12)) * 12.0 + 22.0,
                    y + 19.0,
                    &count,
                    Font::new(11.0).fill(palette::MUTED),
                );
            }
        }
        let table: Vec<String> = view.tables[s as usize]
            .iter()
            .map(|c| match c.card {
                Some(CardId::TwoT) => format!("{}2T", c.dir.code()),
                _ => format!("{}{}", c.dir.code(), c.value),
            })
            .collect();
        card_row(svg, 600.0, y + 4.0, &table);
        y += 32.0;
    }
    y + 6.0
}

fn play_label(view: &View, seat: Seat, lang: Lang) -> String {
    match view.plays.iter().find(|p| p.seat == seat) {
        Some(p) => {
            let shown = match p.face {
                Face::D if p.trap => t(lang, "trap road", "罠").to_string(),
                Face::D => t(lang, "road", "道").to_string(),
                f => format!("{}{}", f.code(), p.value.unwrap_or(0)),
            };
            match p.card {
                Some(c) if p.face == Face::D || c == CardId::TwoT => format!("{shown} [{}{}]", p.face.code(), c.code()),
                _ => shown,
            }
        }
        None if view.to_act == Some(seat) => t(lang, "choosing…", "選択中…").to_string(),
        None => "–".to_string(),
    }
}

fn draw_round(svg: &mut Svg, view: &View, lang: Lang, top: f64) -> f64 {
    if view.phase == Phase::Over {
        return top;
    }
    svg.text(MARGIN, top + 12.0, t(lang, "Plays this round", "このラウンドの出札"), Font::new(12.0).bold());
    let mut x = MARGIN;
    let y = top + 20.0;
    for seat in &view.order {
        let label = format!("{} {}", colour_name(view, *seat, lang), play_label(view, *seat, lang));
        let w = text_width(&label, 11.0) + 26.0;
        svg.rect(x, y, w, 24.0, 12.0, Paint::new(palette::PAPER, fill(view.colour(*seat))).width(1.5));
        svg.text(x + 13.0, y + 16.0, &label, Font::new(11.0));
        x += w + 8.0;
    }
    y + 34.0
}

fn draw_footer(svg: &mut Svg, view: &View, ctx: &RenderContext, top: f64) -> f64 {
    let lang = ctx.lang;
    let line = if view.phase == Phase::Over {
        let best = view.pt.iter().copied().max().unwrap_or(0);
        let winners: Vec<String> = (0..view.seats)
            .filter(|s| view.pt[*s as usize] == best && view.resigned != Some(*s))
            .map(|s| format!("{} ({})", colour_name(view, s, lang), ctx.seat_name(s)))
            .collect();
        match lang {
            Lang::En => format!("Game over. Winner: {} with {best} pt", winners.join(", ")),
            Lang::Ja => format!("ゲーム終了。勝者: {}（{best}pt）", winners.join("、")),
        }
    } else if let Some(s) = view.to_act {
        if view.me() == Some(s) {
            t(lang, "Your turn.", "あなたの番です。").to_string()
        } else {
            match lang {
                Lang::En => format!("Waiting for {} ({}).", colour_name(view, s, lang), ctx.seat_name(s)),
                Lang::Ja => format!("{}（{}）の番です。", colour_name(view, s, lang), ctx.seat_name(s)),
            }
        }
    } else {
        String::new()
    };
    svg.text(MARGIN, top + 14.0, &line, Font::new(13.0).bold());
    top + 26.0
}

pub fn render_svg(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let mut svg = Svg::new(WIDTH, 0.0);
    let sp = colour_name(view, view.sp, lang);
    let title = match lang {
        Lang::En => format!(
            "UOSAO 右王左王 — season {}/{SEASONS}, round {}/{MAX_ROUNDS}, start player {sp}",
            view.season, view.round
        ),
        Lang::Ja => format!(
            "右王左王 — シーズン {}/{SEASONS}・ラウンド {}/{MAX_ROUNDS}・スタートプレイヤー {sp}",
            view.season, view.round
        ),
    };
    svg.text(MARGIN, 24.0, &title, Font::new(16.0).bold());
    let y = draw_line(&mut svg, view, lang, 40.0);
    let y = draw_players(&mut svg, view, ctx, y + 6.0);
    let y = draw_round(&mut svg, view, lang, y);
    let y = draw_footer(&mut svg, view, ctx, y);
    svg.set_height(y + MARGIN);
    svg.finish(&title)
}
