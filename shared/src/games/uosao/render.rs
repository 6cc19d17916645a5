//! The table as plain text (§11): a header, the line drawn as ASCII boxes (wrapped into several rows
//! when it is wider than the page), the players, this round's plays, and the viewer's private part.
//! Boxes hold ASCII only; Japanese words stay in the legend and the prose lines.

use super::data::{CardId, Face, MAX_ROUNDS, SEASONS};
use super::state::{Determination, Phase, SeasonEndKind};
use super::view::{ItemType, PlayView, View};
use crate::engine::{Lang, RenderContext, Seat};
use crate::text::{self, Canvas, Table};

/// A seat's colour as the players call it: its code in English, its name in Japanese.
pub(super) fn code(view: &View, seat: Seat, lang: Lang) -> String {
    catalog::t!(lang, "uosao-colour", code = view.colour(seat).code())
}

/// Inner width of one square's cell.
fn cell_width(item_squares: u8) -> usize {
    if item_squares == 1 { 4 } else { 3 }
}

fn block_width(squares: u8) -> usize {
    1 + (0..squares).map(|_| cell_width(squares) + 1).sum::<usize>()
}

fn footer(view: &View, index: usize, lang: Lang) -> String {
    let item = &view.line[index];
    match item.item_type {
        ItemType::LeftKing => catalog::t!(lang, "uosao-footer-left-king"),
        ItemType::RightKing => catalog::t!(lang, "uosao-footer-right-king"),
        ItemType::Town => catalog::t!(lang, "uosao-footer-town"),
        ItemType::Common => catalog::t!(lang, "uosao-footer-common"),
        ItemType::Road => {
            let mut s = item.owner.map(|o| code(view, o, lang)).unwrap_or_else(|| "?".into());
            if item.trap {
                s.push_str(&catalog::t!(lang, "uosao-footer-trap"));
            }
            if let (Some(card), false) = (item.card, item.trap) {
                s.push_str(&format!("({})", card.code()));
            }
            s
        }
    }
}

fn cell_text(view: &View, index: usize, offset: u8) -> String {
    let letters: String = (0..view.seats)
        .filter(|s| {
            let sv = &view.soldiers[*s as usize];
            sv.item == index && sv.offset == offset
        })
        .map(|s| {
            let l = view.colour(s).letter();
            if view.soldiers[s as usize].face_down { l.to_ascii_lowercase() } else { l }
        })
        .collect();
    if letters.is_empty() {
        match view.line[index].item_type {
            ItemType::LeftKing => "LK".into(),
            ItemType::RightKing => "RK".into(),
            _ => String::new(),
        }
    } else if letters.len() > 3 {
        // §11: more than 3 on a square become a count; the player table lists them.
        format!("{}*", letters.len())
    } else {
        letters
    }
}

/// The gap label of the separator after item `index`.
fn gap_after(view: &View, index: usize) -> String {
    let town = view.line.iter().position(|i| i.item_type == ItemType::Town).unwrap_or(0);
    if index < town { format!("@-{}", town - index - 1) } else { format!("@+{}", index - town) }
}

/// The line as rows of boxes, each row at most `width` columns.
fn board(view: &View, width: usize, lang: Lang) -> Vec<String> {
    let indent = 2;
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    let mut x = indent;
    for (i, item) in view.line.iter().enumerate() {
        let w = block_width(item.squares);
        if !current.is_empty() && x + w + 3 > width {
            rows.push(std::mem::take(&mut current));
            x = indent;
        }
        current.push(i);
        x += w + 1;
    }
    if !current.is_empty() {
        rows.push(current);
    }
    let mut out = Vec::new();
    for row in rows {
        let total = indent + row.iter().map(|i| block_width(view.line[*i].squares) + 1).sum::<usize>() + 3;
        let mut c = Canvas::new(total, 6);
        let mut x = indent;
        for &i in &row {
            let item = &view.line[i];
            let w = block_width(item.squares);
            let cw = cell_width(item.squares);
            c.text(x, 0, &text::center(&item.label, w));
            let mut border = String::from("+");
            let mut cells = String::from("|");
            for sq in 0..item.squares {
                border.push_str(&"-".repeat(cw));
                border.push('+');
                cells.push_str(&text::center(&cell_text(view, i, sq), cw));
                cells.push('|');
            }
            c.text(x, 1, &border);
            c.text(x, 2, &cells);
            c.text(x, 3, &border);
            c.text(x, 4, &text::center(&footer(view, i, lang), w));
            // The gap after this item (none after the Right King).
            if i + 1 < view.line.len() {
                let label = gap_after(view, i);
                let sep = x + w;
                let start = sep.saturating_sub(text::width(&label) / 2);
                c.text(start, 5, &label);
            }
            x += w + 1;
        }
        out.extend(c.render().lines().map(str::to_string));
        out.push(String::new());
    }
    out
}

fn play_text(view: &View, p: &PlayView, lang: Lang) -> String {
    // The owner also sees the card id where the public face hides it (a road, or `2` vs `2T`).
    let own = match p.card {
        Some(c) if p.face == Face::D || c == CardId::TwoT => format!(" [{}{}]", p.face.code(), c.code()),
        _ => String::new(),
    };
    let shown = catalog::t!(
        lang,
        "uosao-played-face",
        face = p.face.code(),
        trap = if p.trap { "yes" } else { "no" },
        value = p.value.unwrap_or(0)
    );
    catalog::t!(
        lang,
        "uosao-text-4",
        code_seat_lang = (code(view, p.seat, lang)).to_string(),
        shown = shown.to_string(),
        own = own.to_string()
    )
}

fn determination_text(view: &View, det: &Determination, lang: Lang, current: bool) -> String {
    let none = catalog::t!(lang, "uosao-text-3");
    let cancelled = if det.cancelled.is_empty() {
        none.to_string()
    } else {
        det.cancelled.iter().map(|s| code(view, *s, lang)).collect::<Vec<_>>().join(" ")
    };
    let mover = |seat: Option<Seat>| -> String {
        match seat {
            None => none.to_string(),
            Some(s) => {
                let v = view
                    .plays
                    .iter()
                    .chain(view.last_plays.iter())
                    .find(|p| p.seat == s && p.face != Face::D)
                    .and_then(|p| p.value)
                    .unwrap_or(0);
                let stunned = current && view.soldiers[s as usize].stunned_round == Some(view.round);
                let note = if stunned { catalog::t!(lang, "uosao-trapped-will-not-move") } else { String::new() };
                format!("{} {v}{note}", code(view, s, lang))
            }
        }
    };
    catalog::t!(
        lang,
        "uosao-cancelled-moves-r-l",
        cancelled = cancelled.to_string(),
        mover_det_right = (mover(det.right)).to_string(),
        mover_det_left = (mover(det.left)).to_string()
    )
}

fn hand_text(hand: &[CardId]) -> String {
    if hand.is_empty() {
        return "-".to_string();
    }
    hand.iter().map(|c| c.code()).collect::<Vec<_>>().join(" ")
}

pub fn render(view: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let width = ctx.width.max(40);
    let mut out: Vec<String> = Vec::new();
    let sp = code(view, view.sp, lang);
    out.push(catalog::t!(
        lang,
        "uosao-uosao-season-round-sp",
        season = view.season.to_string(),
        SEASONS = SEASONS.to_string(),
        round = view.round.to_string(),
        MAX_ROUNDS = MAX_ROUNDS.to_string(),
        sp = sp.to_string()
    ));
    out.push(String::new());
    out.extend(board(view, width, lang));

    // Players.
    let mut table = Table::new([
        catalog::t!(lang, "uosao-player"),
        catalog::t!(lang, "uosao-pt"),
        catalog::t!(lang, "uosao-soldier"),
        catalog::t!(lang, "uosao-hand"),
        catalog::t!(lang, "uosao-table-move-cards"),
    ]);
    for s in 0..view.seats {
        let sv = &view.soldiers[s as usize];
        let soldier =
            if sv.face_down { format!("{} {}", sv.square, catalog::t!(lang, "uosao-down")) } else { sv.square.clone() };
        let hand = match &view.hands[s as usize] {
            Some(h) => hand_text(h),
            None => catalog::t!(lang, "uosao-cards", count = view.hand_sizes[s as usize]),
        };
        let cards: Vec<String> = view.tables[s as usize]
            .iter()
            .map(|c| match c.card {
                Some(CardId::TwoT) => format!("{}2T", c.dir.code()),
                _ => format!("{}{}", c.dir.code(), c.value),
            })
            .collect();
        let marker = if s == view.sp { "*" } else { " " };
        let name = text::truncate(&ctx.seat_name(s), 14);
        table.row([
            format!("{marker}{} {name}", code(view, s, lang)),
            view.pt[s as usize].to_string(),
            soldier,
            hand,
            cards.join(" "),
        ]);
    }
    out.extend(table.render().lines().map(str::to_string));
    out.push(catalog::t!(lang, "uosao-start-player").to_string());
    out.push(String::new());

    // This round.
    let order: Vec<String> = view.order.iter().map(|s| code(view, *s, lang)).collect();
    if view.phase != Phase::Over {
        out.push(catalog::t!(
            lang,
            "uosao-plays-this-round-order",
            order = order.join(&catalog::t!(lang, "uosao-order-separator"))
        ));
        for (k, seat) in view.order.iter().enumerate() {
            let line = match view.plays.iter().find(|p| p.seat == *seat) {
                Some(p) => play_text(view, p, lang),
                None if view.to_act == Some(*seat) && matches!(view.phase, Phase::Play { .. }) => {
                    format!("{}  ...   {}", code(view, *seat, lang), catalog::t!(lang, "uosao-waiting"))
                }
                None => format!("{}  -", code(view, *seat, lang)),
            };
            out.push(format!("  {}. {line}", k + 1));
        }
        if let Some(det) = &view.determination {
            out.push(format!(
                "{} {}",
                catalog::t!(lang, "uosao-determination"),
                determination_text(view, det, lang, true)
            ));
            let roads: Vec<String> = view
                .road_players
                .iter()
                .map(|s| {
                    let waiting =
                        if view.to_act == Some(*s) { catalog::t!(lang, "uosao-choosing-a-gap") } else { String::new() };
                    format!("{}{waiting}", code(view, *s, lang))
                })
                .collect();
            out.push(format!("{} {}", catalog::t!(lang, "uosao-road-actions-in-order"), roads.join(", ")));
        }
        if !view.last_plays.is_empty() {
            let plays: Vec<String> = view.last_plays.iter().map(|p| play_text(view, p, lang)).collect();
            out.push(format!("{} {}", catalog::t!(lang, "uosao-last-round"), plays.join(", ")));
            if let Some(det) = &view.last_determination {
                out.push(format!("  {}", determination_text(view, det, lang, false)));
            }
        }
        out.push(String::new());
    }

    for r in &view.results {
        let scores: Vec<String> =
            (0..view.seats).map(|s| format!("{} +{}", code(view, s, lang), r.scores[s as usize])).collect();
        let how = match (r.kind, r.reacher) {
            (SeasonEndKind::King, Some(s)) => catalog::t!(lang, "uosao-king-reached-by", colour = code(view, s, lang)),
            _ => catalog::t!(lang, "uosao-town-scoring"),
        };
        out.push(catalog::t!(
            lang,
            "uosao-season",
            r_season = r.season.to_string(),
            how = how.to_string(),
            scores = scores.join(&catalog::t!(lang, "engine-list-separator"))
        ));
    }
    if !view.results.is_empty() {
        out.push(String::new());
    }

    if view.phase == Phase::Over {
        let best = view.pt.iter().copied().max().unwrap_or(0);
        let winners: Vec<String> = (0..view.seats)
            .filter(|s| view.pt[*s as usize] == best && view.resigned != Some(*s))
            .map(|s| format!("{} ({})", code(view, s, lang), ctx.seat_name(s)))
            .collect();
        out.push(catalog::t!(
            lang,
            "uosao-game-over-winner-with-pt",
            winners = winners.join(&catalog::t!(lang, "engine-list-separator")),
            best = best.to_string()
        ));
        if let Some(r) = view.resigned {
            out.push(catalog::t!(
                lang,
                "uosao-resigned-and-is-ranked-last",
                code_r_lang = (code(view, r, lang)).to_string()
            ));
        }
        out.push(String::new());
    } else if let Some(me) = view.me() {
        private_part(view, me, lang, &mut out);
    } else if let Some(s) = view.to_act {
        out.push(format!("{} {}", catalog::t!(lang, "uosao-waiting-for-2"), code(view, s, lang)));
        out.push(String::new());
    }

    out.push(catalog::t!(lang, "uosao-legend-r-y-g-b").to_string());

    let mut lines = Vec::new();
    for l in out {
        if text::width(&l) <= width {
            lines.push(l);
        } else {
            lines.extend(text::wrap(&l, width));
        }
    }
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

fn private_part(view: &View, me: Seat, lang: Lang, out: &mut Vec<String>) {
    let hand = view.my_hand().cloned().unwrap_or_default();
    out.push(format!("{} {}", catalog::t!(lang, "uosao-your-hand"), hand_text(&hand)));
    let my_turn = view.to_act == Some(me);
    match view.phase {
        Phase::Play { .. } if my_turn => {
            if view.soldiers[me as usize].stunned_round == Some(view.round) {
                out.push(catalog::t!(lang, "uosao-your-soldier-is-trapped-a").to_string());
            }
            let mut options = Vec::new();
            for card in CardId::ALL.into_iter().filter(|c| hand.contains(c)) {
                for face in Face::ALL {
                    options.push(format!("{}{}", face.code(), card.code()));
                }
            }
            out.push(format!("{} {}", catalog::t!(lang, "uosao-legal-plays"), options.join(" ")));
            let example = hand.last().map(|c| format!("R{}", c.code())).unwrap_or_default();
            out.push(catalog::t!(lang, "uosao-reply-with-one-play-e", example = example.to_string()));
        }
        Phase::Road { .. } if my_turn => {
            let card = view.plays.iter().find(|p| p.seat == me).and_then(|p| p.card);
            let gaps: Vec<String> = view.gaps.iter().map(|g| g.code()).collect();
            let played = card.map(|c| format!("D{}", c.code())).unwrap_or_else(|| "D".into());
            out.push(catalog::t!(lang, "uosao-you-played-a-road-choose", played = played.to_string()));
            out.push(format!("  {} {}", catalog::t!(lang, "uosao-gaps"), gaps.join(" ")));
            out.push(catalog::t!(lang, "uosao-reply-e-g-k-outer").to_string());
        }
        _ => {
            if let Some(s) = view.to_act {
                out.push(format!("{} {}", catalog::t!(lang, "uosao-waiting-for-2"), code(view, s, lang)));
            }
        }
    }
    out.push(String::new());
}
