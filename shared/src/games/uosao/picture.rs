//! The table as a picture: the line of kings, town and roads with every soldier on its square, then the
//! players with their points, hands and move cards. It draws the same `View` as the text render, so it
//! shows exactly what this viewer may know.

use super::data::{CardId, Colour, Face, MAX_ROUNDS, SEASONS};
use super::state::{Gap, Phase};
use super::view::{ItemType, View};
use crate::engine::{Lang, RenderContext, Seat};
use crate::svg::{Font, Layout, Paint, Svg, palette, text_width};

const MARGIN: f64 = 16.0;
const SQUARE: f64 = 34.0;
const ITEM_GAP: f64 = 10.0;
const ROW_HEIGHT: f64 = 92.0;
/// Muted text that keeps WCAG AA contrast on the picture's panels and highlights.
const QUIET: &str = "#57606a";

/// The spot of a hand card (`card:2T`): see [`super::gestures`].
pub fn card_spot(card: CardId) -> String {
    format!("card:{}", card.code())
}

/// The spot of a gap of the line (`gap:-1`, `gap:+0`).
pub fn gap_spot(gap: Gap) -> String {
    format!("gap:{}", gap.code().trim_start_matches('@'))
}

/// A player's colour, dark enough for white letters on it and for text on white (WCAG AA): the palette's
/// yellow is too light for either.
fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => palette::RED,
        Colour::Yel => "#845c00",
        Colour::Grn => palette::GREEN,
        Colour::Blu => palette::BLUE,
        Colour::Pur => palette::PURPLE,
    }
}

fn colour_name(view: &View, seat: Seat, lang: Lang) -> String {
    super::render::code(view, seat, lang)
}

fn item_width(squares: u8) -> f64 {
    f64::from(squares) * SQUARE
}

/// Splits the line into rows that fit the picture's width.
fn rows(view: &View, layout: &Layout) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut current = Vec::new();
    let mut x = MARGIN;
    for (i, item) in view.line.iter().enumerate() {
        let w = item_width(item.squares);
        if !current.is_empty() && x + w > layout.width - MARGIN {
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

fn item_caption(view: &View, index: usize, lang: Lang, layout: &Layout) -> (String, &'static str) {
    let item = &view.line[index];
    if layout.narrow {
        // A phone's line has no room under a square for a word: the kings and the town are named by their
        // labels above, a road by its owner's code (and what the viewer knows lies under it).
        return match (item.item_type, item.owner) {
            (ItemType::Road, Some(owner)) => {
                let mut caption = view.colour(owner).code().to_string();
                if item.trap {
                    caption.push('!');
                } else if let Some(card) = item.card {
                    caption.push_str(&format!(" [{}]", card.code()));
                }
                (caption, fill(view.colour(owner)))
            }
            _ => (String::new(), QUIET),
        };
    }
    match item.item_type {
        ItemType::LeftKing => (catalog::t!(lang, "uosao-left-king").to_string(), palette::INK),
        ItemType::RightKing => (catalog::t!(lang, "uosao-right-king").to_string(), palette::INK),
        ItemType::Town => (catalog::t!(lang, "uosao-town").to_string(), palette::BROWN),
        ItemType::Common => (catalog::t!(lang, "uosao-common").to_string(), QUIET),
        ItemType::Road => {
            let owner = item.owner.map(|o| colour_name(view, o, lang)).unwrap_or_else(|| "?".into());
            let mut caption = catalog::t!(lang, "uosao-road-2", owner = owner.to_string());
            if item.trap {
                caption.push_str(&catalog::t!(lang, "uosao-trap"));
            } else if let Some(card) = item.card {
                caption.push_str(&format!(" [{}]", card.code()));
            }
            (caption, item.owner.map(|o| fill(view.colour(o))).unwrap_or(QUIET))
        }
    }
}

/// The gaps a road may go into now, by the line index a card put there would get; drawn only for the
/// player who is placing a road.
fn open_gaps(view: &View) -> Vec<(usize, Gap)> {
    if !matches!(view.phase, Phase::Road { .. }) || view.me().is_none() || view.me() != view.to_act {
        return Vec::new();
    }
    let town = view.line.iter().position(|i| i.item_type == ItemType::Town).unwrap_or(0);
    view.gaps.iter().map(|g| (if g.plus { town + g.k as usize + 1 } else { town - g.k as usize }, *g)).collect()
}

fn draw_line(svg: &mut Svg, view: &View, lang: Lang, top: f64, layout: &Layout) -> f64 {
    let gaps = open_gaps(view);
    let mut y = top;
    for row in rows(view, layout) {
        let mut x = MARGIN;
        for &i in &row {
            let item = &view.line[i];
            let w = item_width(item.squares);
            if let Some((_, gap)) = gaps.iter().find(|(index, _)| *index == i) {
                let label = catalog::t!(lang, "uosao-spot-gap", gap = gap.code());
                let gx = x - ITEM_GAP / 2.0;
                svg.line(gx, y + 16.0, gx, y + 18.0 + SQUARE + 2.0, Paint::outline(palette::INK).width(2.0).dashed());
                svg.spot(&gap_spot(*gap), &label, gx - 11.0, y + 14.0, 22.0, SQUARE + 8.0, layout.touch);
            }
            svg.text(x + w / 2.0, y + 12.0, &item.label, layout.font(12.0).bold().middle());
            let cell_fill = match item.item_type {
                ItemType::LeftKing => "#24292f",
                ItemType::RightKing => "#ffffff",
                ItemType::Town => "#fbefe1",
                ItemType::Common => palette::PANEL,
                ItemType::Road => "#ffffff",
            };
            let (caption, caption_fill) = item_caption(view, i, lang, layout);
            for sq in 0..item.squares {
                let cx = x + f64::from(sq) * SQUARE;
                svg.rect(cx, y + 18.0, SQUARE, SQUARE, 0.0, Paint::new(cell_fill, palette::LINE));
            }
            if let (ItemType::Road, Some(owner)) = (item.item_type, item.owner) {
                let stroke = Paint::new("none", fill(view.colour(owner))).width(3.0);
                let stroke = if item.trap { stroke.dashed() } else { stroke };
                svg.rect(x + 1.5, y + 19.5, w - 3.0, SQUARE - 3.0, 0.0, stroke);
            }
            draw_soldiers(svg, view, i, x, y + 18.0, layout);
            let size = layout.size(if text_width(&caption, 10.0) > w + ITEM_GAP { 8.0 } else { 10.0 });
            svg.text(x + w / 2.0, y + 66.0, &caption, Font::new(size).middle().fill(caption_fill));
            x += w + ITEM_GAP;
        }
        y += ROW_HEIGHT;
    }
    y
}

fn draw_soldiers(svg: &mut Svg, view: &View, index: usize, x: f64, y: f64, layout: &Layout) {
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
            let font = layout.font(if n == 1 { 12.0 } else { 9.0 }).bold().middle();
            svg.text(cx, cy + r * 0.4, &letter, if sv.face_down { font.fill(colour) } else { font.fill("#ffffff") });
        }
    }
}

/// A small card face: its code, in the colour of its direction. Returns its width.
fn card(svg: &mut Svg, x: f64, y: f64, label: &str, hidden: bool, layout: &Layout) -> f64 {
    let paint = if hidden { Paint::new(palette::HIDDEN, palette::LINE) } else { Paint::new("#ffffff", palette::LINE) };
    let size = layout.size(11.0);
    let w = text_width(label, size).max(14.0) + 10.0;
    svg.rect(x, y, w, 22.0, 3.0, paint);
    svg.text(x + w / 2.0, y + 11.0 + size * 0.36, label, Font::new(size).bold().middle());
    w
}

/// A row of cards; each card of `spots` (same order as `labels`) is touchable.
fn card_row(svg: &mut Svg, mut x: f64, y: f64, labels: &[String], spots: &[(String, String)], layout: &Layout) {
    // Touchable cards stand far enough apart for a finger to tell them apart.
    let gap = if spots.is_empty() { 4.0 } else { (layout.touch - 24.0).max(4.0) };
    for (i, label) in labels.iter().enumerate() {
        let w = card(svg, x, y, label, false, layout);
        if let Some((id, name)) = spots.get(i) {
            svg.spot(id, name, x, y, w, 22.0, layout.touch);
        }
        x += w + gap;
    }
}

fn hand_labels(hand: &[CardId]) -> Vec<String> {
    hand.iter().map(|c| c.code().to_string()).collect()
}

/// The viewer's own hand cards as spots, when a play is theirs to make.
fn hand_spots(view: &View, seat: Seat, hand: &[CardId], lang: Lang) -> Vec<(String, String)> {
    let playing = matches!(view.phase, Phase::Play { .. }) && view.me() == Some(seat) && view.to_act == Some(seat);
    if !playing {
        return Vec::new();
    }
    hand.iter().map(|c| (card_spot(*c), catalog::t!(lang, "uosao-spot-card", card = c.code()))).collect()
}

fn table_labels(view: &View, s: Seat) -> Vec<String> {
    view.tables[s as usize]
        .iter()
        .map(|c| match c.card {
            Some(CardId::TwoT) => format!("{}2T", c.dir.code()),
            _ => format!("{}{}", c.dir.code(), c.value),
        })
        .collect()
}

fn row_fill(view: &View, s: Seat) -> &'static str {
    if view.to_act == Some(s) {
        palette::HIGHLIGHT
    } else if s.is_multiple_of(2) {
        palette::PANEL
    } else {
        palette::PAPER
    }
}

fn player_name(view: &View, ctx: &RenderContext, s: Seat) -> String {
    let lang = ctx.lang;
    let marker = if s == view.sp { " *" } else { "" };
    let mut name = crate::text::truncate(&ctx.seat_name(s), 18);
    if view.me() == Some(s) {
        name.push_str(&catalog::t!(lang, "uosao-you"));
    }
    format!("{} {name}{marker}", colour_name(view, s, lang))
}

fn hidden_hand(svg: &mut Svg, view: &View, s: Seat, x: f64, y: f64, lang: Lang, layout: &Layout) {
    let n = view.hand_sizes[s as usize];
    for k in 0..n.min(12) {
        card(svg, x + f64::from(k) * 12.0, y, "", true, layout);
    }
    let count = catalog::t!(lang, "uosao-cards", count = n);
    svg.text(x + f64::from(n.min(12)) * 12.0 + 22.0, y + 15.0, &count, layout.font(11.0).fill(QUIET));
}

fn draw_players(svg: &mut Svg, view: &View, ctx: &RenderContext, top: f64, layout: &Layout) -> f64 {
    if layout.narrow {
        return draw_players_stacked(svg, view, ctx, top, layout);
    }
    let lang = ctx.lang;
    let header = Font::new(11.0).bold().fill(QUIET);
    svg.text(MARGIN, top, &catalog::t!(lang, "uosao-player"), header);
    svg.text(250.0, top, &catalog::t!(lang, "uosao-pt"), header);
    svg.text(310.0, top, &catalog::t!(lang, "uosao-hand"), header);
    svg.text(600.0, top, &catalog::t!(lang, "uosao-move-cards-on-the-table"), header);
    let mut y = top + 8.0;
    for s in 0..view.seats {
        svg.rect(MARGIN - 4.0, y, layout.width - 2.0 * MARGIN + 8.0, 30.0, 0.0, Paint::filled(row_fill(view, s)));
        svg.circle(MARGIN + 8.0, y + 15.0, 7.0, Paint::filled(fill(view.colour(s))));
        svg.text(MARGIN + 22.0, y + 19.0, &player_name(view, ctx, s), Font::new(12.0));
        svg.text(250.0, y + 19.0, &view.pt[s as usize].to_string(), Font::new(12.0).bold());
        match &view.hands[s as usize] {
            Some(hand) => card_row(svg, 310.0, y + 4.0, &hand_labels(hand), &hand_spots(view, s, hand, lang), layout),
            None => hidden_hand(svg, view, s, 310.0, y + 4.0, lang, layout),
        }
        card_row(svg, 600.0, y + 4.0, &table_labels(view, s), &[], layout);
        y += 32.0;
    }
    y + 6.0
}

/// A phone's players: one block each, name and points, then the hand, then the move cards on the table.
fn draw_players_stacked(svg: &mut Svg, view: &View, ctx: &RenderContext, top: f64, layout: &Layout) -> f64 {
    let lang = ctx.lang;
    let line = 30.0;
    let mut y = top;
    for s in 0..view.seats {
        let table = table_labels(view, s);
        let rows = if table.is_empty() { 2.0 } else { 3.0 };
        let height = rows * line + 4.0;
        svg.rect(MARGIN - 8.0, y, layout.width - 2.0 * MARGIN + 16.0, height, 0.0, Paint::filled(row_fill(view, s)));
        svg.circle(MARGIN + 4.0, y + 15.0, 7.0, Paint::filled(fill(view.colour(s))));
        svg.text(MARGIN + 18.0, y + 20.0, &player_name(view, ctx, s), layout.font(12.0));
        let points = format!("{} {}", view.pt[s as usize], catalog::t!(lang, "uosao-pt"));
        svg.text(layout.width - MARGIN, y + 20.0, &points, layout.font(12.0).bold().end());
        match &view.hands[s as usize] {
            Some(hand) => card_row(
                svg,
                MARGIN + 18.0,
                y + line + 4.0,
                &hand_labels(hand),
                &hand_spots(view, s, hand, lang),
                layout,
            ),
            None => hidden_hand(svg, view, s, MARGIN + 18.0, y + line + 4.0, lang, layout),
        }
        if !table.is_empty() {
            card_row(svg, MARGIN + 18.0, y + 2.0 * line + 4.0, &table, &[], layout);
        }
        y += height + 4.0;
    }
    y + 6.0
}
fn play_label(view: &View, seat: Seat, lang: Lang) -> String {
    match view.plays.iter().find(|p| p.seat == seat) {
        Some(p) => {
            let shown = match p.face {
                Face::D if p.trap => catalog::t!(lang, "uosao-trap-road").to_string(),
                Face::D => catalog::t!(lang, "uosao-road").to_string(),
                f => format!("{}{}", f.code(), p.value.unwrap_or(0)),
            };
            match p.card {
                Some(c) if p.face == Face::D || c == CardId::TwoT => format!("{shown} [{}{}]", p.face.code(), c.code()),
                _ => shown,
            }
        }
        None if view.to_act == Some(seat) => catalog::t!(lang, "uosao-choosing").to_string(),
        None => "–".to_string(),
    }
}

fn draw_round(svg: &mut Svg, view: &View, lang: Lang, top: f64, layout: &Layout) -> f64 {
    if view.phase == Phase::Over {
        return top;
    }
    svg.text(MARGIN, top + 12.0, &catalog::t!(lang, "uosao-plays-this-round"), layout.font(12.0).bold());
    let mut x = MARGIN;
    let mut y = top + 20.0;
    let size = layout.size(11.0);
    for seat in &view.order {
        let label = format!("{} {}", colour_name(view, *seat, lang), play_label(view, *seat, lang));
        let w = text_width(&label, size) + 26.0;
        if x > MARGIN && x + w > layout.width - MARGIN {
            x = MARGIN;
            y += 30.0;
        }
        svg.rect(x, y, w, 24.0, 12.0, Paint::new(palette::PAPER, fill(view.colour(*seat))).width(1.5));
        svg.text(x + 13.0, y + 12.0 + size * 0.36, &label, Font::new(size));
        x += w + 8.0;
    }
    y + 34.0
}

fn draw_footer(svg: &mut Svg, view: &View, ctx: &RenderContext, top: f64, layout: &Layout) -> f64 {
    let lang = ctx.lang;
    let line = if view.phase == Phase::Over {
        let best = view.pt.iter().copied().max().unwrap_or(0);
        let winners: Vec<String> = (0..view.seats)
            .filter(|s| view.pt[*s as usize] == best && view.resigned != Some(*s))
            .map(|s| format!("{} ({})", colour_name(view, s, lang), ctx.seat_name(s)))
            .collect();
        catalog::t!(
            lang,
            "uosao-game-over-winner-with-pt",
            winners = winners.join(&catalog::t!(lang, "engine-list-separator")),
            best = best.to_string()
        )
    } else if let Some(s) = view.to_act {
        if view.me() == Some(s) {
            catalog::t!(lang, "uosao-your-turn").to_string()
        } else {
            catalog::t!(
                lang,
                "uosao-waiting-for",
                colour_name_lang = (colour_name(view, s, lang)).to_string(),
                seat_name = (ctx.seat_name(s)).to_string()
            )
        }
    } else {
        String::new()
    };
    wrapped(svg, &line, 13.0, top, layout) + 8.0
}

/// `text` from the left margin below `top`, broken into lines that fit the picture; returns the bottom.
fn wrapped(svg: &mut Svg, text: &str, size: f64, top: f64, layout: &Layout) -> f64 {
    let mut y = top;
    for line in crate::svg::wrap_text(text, size, layout.width - 2.0 * MARGIN) {
        y += size * 1.3;
        svg.text(MARGIN, y, &line, Font::new(size).bold());
    }
    y
}

pub fn render_svg(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let layout = Layout::of(ctx, 960.0);
    let mut svg = Svg::new(layout.width, 0.0);
    let sp = colour_name(view, view.sp, lang);
    let title = catalog::t!(
        lang,
        "uosao-uosao-season-round-start-player",
        season = view.season.to_string(),
        SEASONS = SEASONS.to_string(),
        round = view.round.to_string(),
        MAX_ROUNDS = MAX_ROUNDS.to_string(),
        sp = sp.to_string()
    );
    let y = wrapped(&mut svg, &title, 16.0, 6.0, &layout);
    let y = draw_line(&mut svg, view, lang, y + 16.0, &layout);
    let y = draw_players(&mut svg, view, ctx, y + 6.0, &layout);
    let y = draw_round(&mut svg, view, lang, y, &layout);
    let y = draw_footer(&mut svg, view, ctx, y, &layout);
    svg.set_height(y + MARGIN);
    svg.finish(&title)
}
