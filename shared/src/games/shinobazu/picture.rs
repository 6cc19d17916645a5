//! The table as a picture: one panel per player (score, hand, the card in front of them and its stance,
//! cards carried over), then the lead colour, the discard pile and whose decision is awaited. It draws the
//! same `View` as the text render: a face-down card the viewer may not know is drawn as a card back.

use super::data::{Card, Colour};
use super::state::Choice;
use super::view::{View, Waiting};
use crate::engine::{Lang, RenderContext, Seat};
use crate::svg::{Font, Paint, Svg, palette};

const WIDTH: f64 = 960.0;
const MARGIN: f64 = 16.0;
const CARD_W: f64 = 34.0;
const CARD_H: f64 = 48.0;

fn t<'a>(lang: Lang, en: &'a str, ja: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Ja => ja,
    }
}

fn ink(colour: Colour) -> &'static str {
    match colour {
        Colour::K => palette::INK,
        Colour::R => palette::RED,
        Colour::B => palette::BLUE,
    }
}

fn colour_name(colour: Colour, lang: Lang) -> &'static str {
    match lang {
        Lang::En => colour.en(),
        Lang::Ja => colour.ja(),
    }
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
        Choice::Fight => t(lang, "fights", "勝負"),
        Choice::Pass => t(lang, "passes", "パス"),
        Choice::Undecided => t(lang, "pushed, undecided", "押し付けられ・未回答"),
    };
    if face_up { s.to_string() } else { format!("{s} · {}", t(lang, "face down", "裏向き")) }
}

fn waiting_line(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let name = |s: Seat| {
        if view.me() == Some(s) { t(lang, "you", "あなた").to_string() } else { ctx.seat_name(s) }
    };
    match &view.waiting {
        None if view.game_over => t(lang, "Game over.", "ゲーム終了。").to_string(),
        None => String::new(),
        Some(Waiting::Play { seat }) => match lang {
            Lang::En => format!("Waiting for {} to play a card.", name(*seat)),
            Lang::Ja => format!("{}が札を出すのを待っています。", name(*seat)),
        },
        Some(Waiting::PushResponse { seat, pusher }) => match lang {
            Lang::En => format!("Waiting for {} to fight or pass the card {} pushed.", name(*seat), name(*pusher)),
            Lang::Ja => {
                format!("{}が{}の押し付けた札に勝負かパスかを決めるのを待っています。", name(*seat), name(*pusher))
            }
        },
        Some(Waiting::ChallengeChoice { seat }) => match lang {
            Lang::En => format!("Waiting for {} to challenge a passer to a duel, or not.", name(*seat)),
            Lang::Ja => format!("{}がパスしたプレイヤーに不忍勝負を挑むかどうかを待っています。", name(*seat)),
        },
        Some(Waiting::ChallengeAnswer { seat, challenger }) => match lang {
            Lang::En => format!("Waiting for {} to accept or decline {}'s challenge.", name(*seat), name(*challenger)),
            Lang::Ja => format!("{}が{}の挑戦を受けるかどうかを待っています。", name(*seat), name(*challenger)),
        },
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

fn draw_seat(svg: &mut Svg, view: &View, ctx: &RenderContext, seat: Seat, x: f64, y: f64, w: f64) {
    let lang = ctx.lang;
    let sv = &view.seats[seat as usize];
    let fill = if waiting_seat(view) == Some(seat) { palette::HIGHLIGHT } else { palette::PANEL };
    svg.rect(x, y, w, 250.0, 6.0, Paint::new(fill, palette::LINE));
    let mut name = crate::text::truncate(&ctx.seat_name(seat), 16);
    if view.me() == Some(seat) {
        name.push_str(t(lang, " (you)", "（あなた）"));
    }
    svg.text(x + 8.0, y + 18.0, &format!("P{} {name}", seat + 1), Font::new(12.0).bold());
    let mut marks = Vec::new();
    if seat == view.sp {
        marks.push(t(lang, "start player", "スタート").to_string());
    }
    if sv.done {
        marks.push(t(lang, "done", "済").to_string());
    }
    if view.resigned == Some(seat) {
        marks.push(t(lang, "resigned", "投了").to_string());
    }
    if let Some(rank) = view.ranks.as_ref().and_then(|r| r.get(seat as usize)) {
        marks.push(match lang {
            Lang::En => format!("rank {rank}"),
            Lang::Ja => format!("{rank}位"),
        });
    }
    svg.text(x + 8.0, y + 34.0, &marks.join(" · "), Font::new(10.0).fill(palette::MUTED));
    svg.text(x + w - 8.0, y + 18.0, &format!("{} {}", sv.score, t(lang, "pt", "点")), Font::new(12.0).bold().end());

    // The card in front of this player.
    svg.text(x + 8.0, y + 54.0, t(lang, "In front", "場の札"), Font::new(10.0).fill(palette::MUTED));
    match &sv.current {
        Some(current) => {
            card(svg, x + 8.0, y + 60.0, current.card, 1.0);
            let by = if current.placed_by == seat {
                String::new()
            } else {
                match lang {
                    Lang::En => format!("pushed by P{}", current.placed_by + 1),
                    Lang::Ja => format!("P{}が押し付け", current.placed_by + 1),
                }
            };
            svg.text(x + 50.0, y + 78.0, &stance(current.choice, current.face_up, lang), Font::new(10.0));
            svg.text(x + 50.0, y + 92.0, &by, Font::new(10.0).fill(palette::MUTED));
        }
        None => svg.text(x + 8.0, y + 86.0, "–", Font::new(12.0).fill(palette::MUTED)),
    }

    // The hand: faces for its owner (everyone at the end), backs for the others.
    svg.text(x + 8.0, y + 130.0, t(lang, "Hand", "手札"), Font::new(10.0).fill(palette::MUTED));
    let step = ((w - 16.0 - CARD_W * 0.7) / (sv.hand_size.max(1) as f64)).min(CARD_W * 0.7 + 3.0);
    match &sv.hand {
        Some(hand) => {
            for (k, c) in hand.iter().enumerate() {
                card(svg, x + 8.0 + k as f64 * step, y + 136.0, Some(*c), 0.7);
            }
        }
        None => {
            for k in 0..sv.hand_size {
                card(svg, x + 8.0 + k as f64 * step, y + 136.0, None, 0.7);
            }
        }
    }
    if sv.hand_size == 0 {
        svg.text(x + 8.0, y + 160.0, "–", Font::new(12.0).fill(palette::MUTED));
    }

    svg.text(x + 8.0, y + 190.0, t(lang, "Carried over", "持ち越し"), Font::new(10.0).fill(palette::MUTED));
    for (k, c) in sv.carried.iter().enumerate() {
        card(svg, x + 8.0 + k as f64 * (CARD_W * 0.7 + 3.0), y + 196.0, Some(*c), 0.7);
    }
    if sv.carried.is_empty() {
        svg.text(x + 8.0, y + 218.0, "–", Font::new(12.0).fill(palette::MUTED));
    }
}

pub fn render_svg(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let mut svg = Svg::new(WIDTH, 0.0);
    let title = match lang {
        Lang::En => format!("Shinobazu 不忍 — set {}, round {}, turn {}", view.set_no, view.round_no, view.turn),
        Lang::Ja => format!("不忍 — 第{}セット・第{}ラウンド・{}手目", view.set_no, view.round_no, view.turn),
    };
    svg.text(MARGIN, 24.0, &title, Font::new(16.0).bold());
    let lead = match view.lead {
        Some(c) => match lang {
            Lang::En => format!("Lead colour: {}", colour_name(c, lang)),
            Lang::Ja => format!("リード色: {}", colour_name(c, lang)),
        },
        None => t(lang, "No lead colour yet", "リード色: まだなし").to_string(),
    };
    svg.text(MARGIN, 44.0, &lead, Font::new(12.0).fill(view.lead.map(ink).unwrap_or(palette::MUTED)));

    let n = view.seats.len().max(1) as f64;
    let gap = 8.0;
    let w = ((WIDTH - 2.0 * MARGIN - gap * (n - 1.0)) / n).min(240.0);
    for seat in 0..view.seats.len() {
        draw_seat(&mut svg, view, ctx, seat as Seat, MARGIN + seat as f64 * (w + gap), 56.0, w);
    }

    // The discard pile and the cards out of play.
    let mut y = 328.0;
    svg.text(MARGIN, y, t(lang, "Discard pile", "捨て札"), Font::new(12.0).bold());
    let face_down_known: &[Card] = view.discard_face_down_cards.as_deref().unwrap_or(&view.discard_face_down_yours);
    let mut x = MARGIN;
    for c in &view.discard_face_up {
        card(&mut svg, x, y + 8.0, Some(*c), 0.7);
        x += CARD_W * 0.7 + 3.0;
    }
    for k in 0..view.discard_face_down {
        x += if k == 0 && !view.discard_face_up.is_empty() { 10.0 } else { 0.0 };
        card(&mut svg, x, y + 8.0, face_down_known.get(k).copied(), 0.7);
        x += CARD_W * 0.7 + 3.0;
    }
    if view.discard_face_up.is_empty() && view.discard_face_down == 0 {
        svg.text(MARGIN, y + 30.0, "–", Font::new(12.0).fill(palette::MUTED));
    }
    let unused = match lang {
        Lang::En => format!("{} face down · {} cards out of play", view.discard_face_down, view.unused_count),
        Lang::Ja => format!("裏向き {}枚・未使用 {}枚", view.discard_face_down, view.unused_count),
    };
    svg.text(WIDTH - MARGIN, y, &unused, Font::new(11.0).end().fill(palette::MUTED));
    if let Some(unused) = &view.unused {
        let mut x = WIDTH - MARGIN - unused.len() as f64 * (CARD_W * 0.7 + 3.0);
        for c in unused {
            card(&mut svg, x, y + 8.0, Some(*c), 0.7);
            x += CARD_W * 0.7 + 3.0;
        }
    }
    y += 60.0;
    svg.text(MARGIN, y + 14.0, &waiting_line(view, ctx), Font::new(13.0).bold());
    svg.set_height(y + 26.0 + MARGIN);
    svg.finish(&title)
}
