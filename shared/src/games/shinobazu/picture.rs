//! The table as a picture: one panel per player (score, hand, the card in front of them and its stance,
//! cards carried over), then the lead colour, the discard pile and whose decision is awaited. It draws the
//! same `View` as the text render: a face-down card the viewer may not know is drawn as a card back.

use super::data::{Card, Colour};
use super::state::Choice;
use super::view::{View, Waiting};
use crate::engine::{Lang, RenderContext, Seat};
use crate::svg::{Font, Layout, Paint, Svg, palette};

const WIDTH: f64 = 960.0;
const MARGIN: f64 = 16.0;
/// Muted text that keeps WCAG AA contrast on the panels and highlights.
const QUIET: &str = "#57606a";

/// The spot of a card of the viewer's hand (`card:R4`): see [`super::gestures`].
pub fn card_spot(card: Card) -> String {
    format!("card:{card}")
}

/// The spot of a player's panel (`seat:P2`).
pub fn seat_spot(seat: Seat) -> String {
    format!("seat:P{}", seat + 1)
}
const CARD_W: f64 = 34.0;
const CARD_H: f64 = 48.0;

fn ink(colour: Colour) -> &'static str {
    match colour {
        Colour::K => palette::INK,
        Colour::R => palette::RED,
        Colour::B => palette::BLUE,
    }
}

fn colour_name(colour: Colour, lang: Lang) -> String {
    catalog::t!(lang, "shinobazu-colour", code = colour.code().to_string())
}

/// A card face (colour and value) or, for `None`, a card back.
fn card(svg: &mut Svg, x: f64, y: f64, card: Option<Card>, scale: f64) {
    let (w, h) = (CARD_W * scale, CARD_H * scale);
    match card {
        Some(c) => {
            svg.rect(x, y, w, h, 4.0, Paint::new(palette::PAPER, ink(c.colour)).width(2.0));
            svg.text(
                x + w / 2.0,
                y + h * 0.62,
                &c.value.to_string(),
                Font::new(18.0 * scale).bold().middle().fill(ink(c.colour)),
            );
            svg.title(&c.to_string());
        }
        None => {
            svg.rect(x, y, w, h, 4.0, Paint::new("#57606a", palette::INK));
            svg.rect(
                x + 4.0 * scale,
                y + 4.0 * scale,
                w - 8.0 * scale,
                h - 8.0 * scale,
                2.0,
                Paint::outline("#8c959f"),
            );
        }
    }
}

fn stance(choice: Choice, face_up: bool, lang: Lang) -> String {
    let s = match choice {
        Choice::Fight => catalog::t!(lang, "shinobazu-fights"),
        Choice::Pass => catalog::t!(lang, "shinobazu-passes"),
        Choice::Undecided => catalog::t!(lang, "shinobazu-pushed-undecided"),
    };
    if face_up { s.to_string() } else { format!("{s} · {}", catalog::t!(lang, "shinobazu-face-down")) }
}

fn waiting_line(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let name = |s: Seat| {
        if view.me() == Some(s) { catalog::t!(lang, "shinobazu-you").to_string() } else { ctx.seat_name(s) }
    };
    match &view.waiting {
        None if view.game_over => catalog::t!(lang, "shinobazu-game-over").to_string(),
        None => String::new(),
        Some(Waiting::Play { seat }) => {
            catalog::t!(lang, "shinobazu-waiting-for-to-play-a", name_seat = (name(*seat)).to_string())
        }
        Some(Waiting::PushResponse { seat, pusher }) => catalog::t!(
            lang,
            "shinobazu-waiting-for-to-fight-or",
            name_seat = (name(*seat)).to_string(),
            name_pusher = (name(*pusher)).to_string()
        ),
        Some(Waiting::ChallengeChoice { seat }) => {
            catalog::t!(lang, "shinobazu-waiting-for-to-challenge-a", name_seat = (name(*seat)).to_string())
        }
        Some(Waiting::ChallengeAnswer { seat, challenger }) => catalog::t!(
            lang,
            "shinobazu-waiting-for-to-accept-or",
            name_seat = (name(*seat)).to_string(),
            name_challenger = (name(*challenger)).to_string()
        ),
    }
}

fn waiting_seat(view: &View) -> Option<Seat> {
    match view.waiting.as_ref()? {
        Waiting::Play { seat }
        | Waiting::PushResponse { seat, .. }
        | Waiting::ChallengeChoice { seat }
        | Waiting::ChallengeAnswer { seat, .. } => Some(*seat),
    }
}

/// One player's panel, `PANEL_HEIGHT` high.
#[allow(clippy::too_many_arguments)]
fn draw_seat(svg: &mut Svg, view: &View, ctx: &RenderContext, seat: Seat, x: f64, y: f64, w: f64, layout: &Layout) {
    let lang = ctx.lang;
    let sv = &view.seats[seat as usize];
    let fill = if waiting_seat(view) == Some(seat) { palette::HIGHLIGHT } else { palette::PANEL };
    svg.rect(x, y, w, PANEL_HEIGHT, 6.0, Paint::new(fill, palette::LINE));
    let mut name = crate::text::truncate(&ctx.seat_name(seat), 16);
    if view.me() == Some(seat) {
        name.push_str(&catalog::t!(lang, "shinobazu-you-2"));
    }
    let heading = format!("P{} {name}", seat + 1);
    svg.spot(&seat_spot(seat), &heading, x, y, w, PANEL_HEIGHT, layout.touch);
    svg.text(x + 8.0, y + 18.0, &heading, Font::new(12.0).bold());
    let mut marks = Vec::new();
    if seat == view.sp {
        marks.push(catalog::t!(lang, "shinobazu-start-player").to_string());
    }
    if sv.done {
        marks.push(catalog::t!(lang, "shinobazu-done").to_string());
    }
    if view.resigned == Some(seat) {
        marks.push(catalog::t!(lang, "shinobazu-resigned").to_string());
    }
    if let Some(rank) = view.ranks.as_ref().and_then(|r| r.get(seat as usize)) {
        marks.push(catalog::t!(lang, "shinobazu-rank", rank = rank.to_string()));
    }
    svg.text(x + 8.0, y + 34.0, &marks.join(" · "), layout.font(10.0).fill(QUIET));
    svg.text(
        x + w - 8.0,
        y + 18.0,
        &format!("{} {}", sv.score, catalog::t!(lang, "shinobazu-pt")),
        Font::new(12.0).bold().end(),
    );

    // The card in front of this player.
    svg.text(x + 8.0, y + 54.0, &catalog::t!(lang, "shinobazu-in-front"), layout.font(10.0).fill(QUIET));
    match &sv.current {
        Some(current) => {
            card(svg, x + 8.0, y + 60.0, current.card, 1.0);
            let by = if current.placed_by == seat {
                String::new()
            } else {
                catalog::t!(lang, "shinobazu-pushed-by-p", current_placed_by_1 = (current.placed_by + 1).to_string())
            };
            svg.text(x + 50.0, y + 78.0, &stance(current.choice, current.face_up, lang), layout.font(10.0));
            svg.text(x + 50.0, y + 94.0, &by, layout.font(10.0).fill(QUIET));
        }
        None => svg.text(x + 8.0, y + 86.0, "–", Font::new(12.0).fill(QUIET)),
    }

    // The hand: faces for its owner (everyone at the end), backs for the others.
    svg.text(x + 8.0, y + 130.0, &catalog::t!(lang, "shinobazu-hand"), layout.font(10.0).fill(QUIET));
    // The viewer's own cards can be touched: on a phone they stand a finger apart when there is room.
    let mine = view.me() == Some(seat) && sv.hand.is_some();
    let widest = if mine && layout.narrow { layout.touch } else { CARD_W * 0.7 + 3.0 };
    let step = ((w - 16.0 - CARD_W * 0.7) / (sv.hand_size.max(1) as f64)).min(widest);
    match &sv.hand {
        Some(hand) => {
            for (k, c) in hand.iter().enumerate() {
                let cx = x + 8.0 + k as f64 * step;
                card(svg, cx, y + 136.0, Some(*c), 0.7);
                if mine {
                    let label = catalog::t!(lang, "shinobazu-spot-card", card = c.to_string());
                    svg.spot(
                        &card_spot(*c),
                        &label,
                        cx,
                        y + 136.0,
                        step.min(CARD_W * 0.7),
                        CARD_H * 0.7,
                        step.min(layout.touch),
                    );
                }
            }
        }
        None => {
            for k in 0..sv.hand_size {
                card(svg, x + 8.0 + k as f64 * step, y + 136.0, None, 0.7);
            }
        }
    }
    if sv.hand_size == 0 {
        svg.text(x + 8.0, y + 160.0, "–", Font::new(12.0).fill(QUIET));
    }

    svg.text(x + 8.0, y + 190.0, &catalog::t!(lang, "shinobazu-carried-over"), layout.font(10.0).fill(QUIET));
    for (k, c) in sv.carried.iter().enumerate() {
        card(svg, x + 8.0 + k as f64 * (CARD_W * 0.7 + 3.0), y + 196.0, Some(*c), 0.7);
    }
    if sv.carried.is_empty() {
        svg.text(x + 8.0, y + 218.0, "–", Font::new(12.0).fill(QUIET));
    }
}

const PANEL_HEIGHT: f64 = 250.0;

/// Cards from `x` rightwards, on new rows below when the picture's edge comes: returns the bottom.
fn card_flow(svg: &mut Svg, cards: &[Option<Card>], x0: f64, top: f64, layout: &Layout) -> f64 {
    let step = CARD_W * 0.7 + 3.0;
    let (mut x, mut y) = (x0, top);
    for c in cards {
        if x + step > layout.width - MARGIN + 3.0 {
            x = MARGIN;
            y += CARD_H * 0.7 + 4.0;
        }
        card(svg, x, y, *c, 0.7);
        x += step;
    }
    y + CARD_H * 0.7
}

pub fn render_svg(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let layout = Layout::of(ctx, WIDTH);
    let mut svg = Svg::new(layout.width, 0.0);
    let title = catalog::t!(
        lang,
        "shinobazu-shinobazu-set-round-turn",
        set_no = view.set_no.to_string(),
        round_no = view.round_no.to_string(),
        turn = view.turn.to_string()
    );
    let mut y = 6.0;
    for line in crate::svg::wrap_text(&title, 16.0, layout.width - 2.0 * MARGIN) {
        y += 20.0;
        svg.text(MARGIN, y, &line, Font::new(16.0).bold());
    }
    let lead = match view.lead {
        Some(c) => {
            catalog::t!(lang, "shinobazu-lead-colour-2", colour_name_c_lang = (colour_name(c, lang)).to_string())
        }
        None => catalog::t!(lang, "shinobazu-no-lead-colour-yet").to_string(),
    };
    svg.text(MARGIN, y + 20.0, &lead, Font::new(12.0).fill(view.lead.map(ink).unwrap_or(QUIET)));
    let top = y + 32.0;

    // Panels side by side on a desk, one under the other on a phone.
    let n = view.seats.len().max(1) as f64;
    let gap = 8.0;
    let mut y = if layout.narrow {
        let w = layout.width - 2.0 * MARGIN;
        for seat in 0..view.seats.len() {
            draw_seat(&mut svg, view, ctx, seat as Seat, MARGIN, top + seat as f64 * (PANEL_HEIGHT + gap), w, &layout);
        }
        top + n * (PANEL_HEIGHT + gap) + 22.0
    } else {
        let w = ((WIDTH - 2.0 * MARGIN - gap * (n - 1.0)) / n).min(240.0);
        for seat in 0..view.seats.len() {
            draw_seat(&mut svg, view, ctx, seat as Seat, MARGIN + seat as f64 * (w + gap), top, w, &layout);
        }
        top + PANEL_HEIGHT + 22.0
    };

    // The discard pile and the cards out of play.
    svg.text(MARGIN, y, &catalog::t!(lang, "shinobazu-discard-pile"), Font::new(12.0).bold());
    let face_down_known: &[Card] = view.discard_face_down_cards.as_deref().unwrap_or(&view.discard_face_down_yours);
    let mut pile: Vec<Option<Card>> = view.discard_face_up.iter().map(|c| Some(*c)).collect();
    pile.extend((0..view.discard_face_down).map(|k| face_down_known.get(k).copied()));
    let unused = catalog::t!(
        lang,
        "shinobazu-face-down-cards-out-of",
        discard_face_down = view.discard_face_down.to_string(),
        unused_count = view.unused_count.to_string()
    );
    if layout.narrow {
        let bottom = if pile.is_empty() {
            svg.text(MARGIN, y + 30.0, "–", Font::new(12.0).fill(QUIET));
            y + 36.0
        } else {
            card_flow(&mut svg, &pile, MARGIN, y + 8.0, &layout)
        };
        y = bottom + 22.0;
        for line in crate::svg::wrap_text(&unused, 12.0, layout.width - 2.0 * MARGIN) {
            svg.text(MARGIN, y, &line, Font::new(12.0).fill(QUIET));
            y += 16.0;
        }
        if let Some(unused) = &view.unused {
            let cards: Vec<Option<Card>> = unused.iter().map(|c| Some(*c)).collect();
            y = card_flow(&mut svg, &cards, MARGIN, y, &layout) + 8.0;
        }
    } else {
        let mut x = MARGIN;
        for (k, c) in pile.iter().enumerate() {
            x += if k == view.discard_face_up.len() && k > 0 { 10.0 } else { 0.0 };
            card(&mut svg, x, y + 8.0, *c, 0.7);
            x += CARD_W * 0.7 + 3.0;
        }
        if pile.is_empty() {
            svg.text(MARGIN, y + 30.0, "–", Font::new(12.0).fill(QUIET));
        }
        svg.text(WIDTH - MARGIN, y, &unused, Font::new(11.0).end().fill(QUIET));
        if let Some(unused) = &view.unused {
            let mut x = WIDTH - MARGIN - unused.len() as f64 * (CARD_W * 0.7 + 3.0);
            for c in unused {
                card(&mut svg, x, y + 8.0, Some(*c), 0.7);
                x += CARD_W * 0.7 + 3.0;
            }
        }
        y += 60.0;
    }
    let mut bottom = y;
    for line in crate::svg::wrap_text(&waiting_line(view, ctx), 13.0, layout.width - 2.0 * MARGIN) {
        bottom += 17.0;
        svg.text(MARGIN, bottom, &line, Font::new(13.0).bold());
    }
    svg.set_height(bottom + 12.0 + MARGIN);
    svg.finish(&title)
}
