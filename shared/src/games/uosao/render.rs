//! The table as plain text (§11): a header, the line drawn as ASCII boxes (wrapped into several rows
//! when it is wider than the page), the players, this round's plays, and the viewer's private part.
//! Boxes hold ASCII only; Japanese words stay in the legend and the prose lines.

use super::data::{CardId, Dir, Face, MAX_ROUNDS, SEASONS};
use super::state::{Determination, Phase, SeasonEndKind};
use super::view::{ItemType, PlayView, View};
use crate::engine::{Lang, RenderContext, Seat};
use crate::text::{self, Canvas, Table};

/// Picks the text of the render language.
fn t<'a>(lang: Lang, en: &'a str, ja: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Ja => ja,
    }
}

fn code(view: &View, seat: Seat, lang: Lang) -> String {
    let c = view.colour(seat);
    match lang {
        Lang::En => c.code().to_string(),
        Lang::Ja => c.ja().to_string(),
    }
}

/// Inner width of one square's cell.
fn cell_width(item_squares: u8) -> usize {
    if item_squares == 1 { 4 } else { 3 }
}

fn block_width(squares: u8) -> usize {
    1 + (0..squares).map(|_| cell_width(squares) + 1).sum::<usize>()
}

fn footer(view: &View, index: usize) -> String {
    let item = &view.line[index];
    match item.item_type {
        ItemType::LeftKing => "black".into(),
        ItemType::RightKing => "white".into(),
        ItemType::Town => "TOWN".into(),
        ItemType::Common => "common".into(),
        ItemType::Road => {
            let owner = item.owner.map(|o| view.colour(o).code()).unwrap_or("?");
            let mut s = owner.to_string();
            if item.trap {
                s.push_str("!trap");
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
fn board(view: &View, width: usize) -> Vec<String> {
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
            c.text(x, 4, &text::center(&footer(view, i), w));
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
    let shown = match (p.face, lang) {
        (Face::D, Lang::En) => {
            if p.trap {
                "DT  (trap road)".to_string()
            } else {
                "D   (normal road)".to_string()
            }
        }
        (Face::D, Lang::Ja) => {
            if p.trap {
                "罠".to_string()
            } else {
                "道".to_string()
            }
        }
        (f, Lang::En) => format!("{}{}", f.code(), p.value.unwrap_or(0)),
        (f, Lang::Ja) => format!("{}{}", f.dir().map(Dir::ja).unwrap_or(""), p.value.unwrap_or(0)),
    };
    match lang {
        Lang::En => format!("{}  {shown}{own}", code(view, p.seat, lang)),
        Lang::Ja => format!("{}：{shown}{own}", code(view, p.seat, lang)),
    }
}

fn determination_text(view: &View, det: &Determination, lang: Lang, current: bool) -> String {
    let none = t(lang, "-", "なし");
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
                let note = if stunned { t(lang, " (trapped, will not move)", "（罠で移動不可）") } else { "" };
                format!("{} {v}{note}", code(view, s, lang))
            }
        }
    };
    match lang {
        Lang::En => format!("cancelled: {cancelled}   moves: R: {}   L: {}", mover(det.right), mover(det.left)),
        Lang::Ja => format!("無効: {cancelled}　移動: 右: {}　左: {}", mover(det.right), mover(det.left)),
    }
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
    out.push(match lang {
        Lang::En => format!(
            "=== UOSAO 右王左王 ===  Season {}/{SEASONS}  Round {}/{MAX_ROUNDS}  SP: {sp}",
            view.season, view.round
        ),
        Lang::Ja => format!(
            "=== 右王左王 ===  シーズン {}/{SEASONS}  ラウンド {}/{MAX_ROUNDS}  SP: {sp}",
            view.season, view.round
        ),
    });
    out.push(String::new());
    out.extend(board(view, width));

    // Players.
    let mut table = Table::new([
        t(lang, "Player", "プレイヤー"),
        t(lang, "pt", "階級pt"),
        t(lang, "Soldier", "兵士"),
        t(lang, "Hand", "手札"),
        t(lang, "Table (move cards)", "場（移動カード）"),
    ]);
    for s in 0..view.seats {
        let sv = &view.soldiers[s as usize];
        let soldier =
            if sv.face_down { format!("{} {}", sv.square, t(lang, "down", "裏")) } else { sv.square.clone() };
        let hand = match &view.hands[s as usize] {
            Some(h) => hand_text(h),
            None => match lang {
                Lang::En if view.hand_sizes[s as usize] == 1 => "1 card".to_string(),
                Lang::En => format!("{} cards", view.hand_sizes[s as usize]),
                Lang::Ja => format!("{}枚", view.hand_sizes[s as usize]),
            },
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
    out.push(t(lang, "(* = start player)", "（* = スタートプレイヤー）").to_string());
    out.push(String::new());

    // This round.
    let order: Vec<String> = view.order.iter().map(|s| code(view, *s, lang)).collect();
    if view.phase != Phase::Over {
        out.push(match lang {
            Lang::En => format!("Plays this round (order {}):", order.join(", ")),
            Lang::Ja => format!("このラウンドの出札（手番順 {}）:", order.join("・")),
        });
        for (k, seat) in view.order.iter().enumerate() {
            let line = match view.plays.iter().find(|p| p.seat == *seat) {
                Some(p) => play_text(view, p, lang),
                None if view.to_act == Some(*seat) && matches!(view.phase, Phase::Play { .. }) => {
                    format!("{}  ...   {}", code(view, *seat, lang), t(lang, "<- waiting", "← 選択中"))
                }
                None => format!("{}  -", code(view, *seat, lang)),
            };
            out.push(format!("  {}. {line}", k + 1));
        }
        if let Some(det) = &view.determination {
            out.push(format!(
                "{} {}",
                t(lang, "Determination:", "アクション確定:"),
                determination_text(view, det, lang, true)
            ));
            let roads: Vec<String> = view
                .road_players
                .iter()
                .map(|s| {
                    let waiting = if view.to_act == Some(*s) {
                        t(lang, " <- choosing a gap", " ← 挿入位置を選択中")
                    } else {
                        ""
                    };
                    format!("{}{waiting}", code(view, *s, lang))
                })
                .collect();
            out.push(format!("{} {}", t(lang, "Road actions in order:", "道アクション（順番）:"), roads.join(", ")));
        }
        if !view.last_plays.is_empty() {
            let plays: Vec<String> = view.last_plays.iter().map(|p| play_text(view, p, lang)).collect();
            out.push(format!("{} {}", t(lang, "Last round:", "前ラウンド:"), plays.join(", ")));
            if let Some(det) = &view.last_determination {
                out.push(format!("  {}", determination_text(view, det, lang, false)));
            }
        }
        out.push(String::new());
    }

    for r in &view.results {
        let scores: Vec<String> =
            (0..view.seats).map(|s| format!("{} +{}", code(view, s, lang), r.scores[s as usize])).collect();
        let how = match (r.kind, r.reacher, lang) {
            (SeasonEndKind::King, Some(s), Lang::En) => format!("king reached by {}", code(view, s, lang)),
            (SeasonEndKind::King, Some(s), Lang::Ja) => format!("{}が王に到達", code(view, s, lang)),
            (_, _, Lang::En) => "town scoring".into(),
            (_, _, Lang::Ja) => "街からの距離".into(),
        };
        out.push(match lang {
            Lang::En => format!("Season {}: {how}; {}", r.season, scores.join(", ")),
            Lang::Ja => format!("シーズン{}：{how}　{}", r.season, scores.join("、")),
        });
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
        out.push(match lang {
            Lang::En => format!("Game over. Winner: {} with {best} pt", winners.join(", ")),
            Lang::Ja => format!("ゲーム終了。勝者: {}（{best}pt）", winners.join("、")),
        });
        if let Some(r) = view.resigned {
            out.push(match lang {
                Lang::En => format!("{} resigned and is ranked last.", code(view, r, lang)),
                Lang::Ja => format!("{}は投了したため最下位です。", code(view, r, lang)),
            });
        }
        out.push(String::new());
    } else if let Some(me) = view.me() {
        private_part(view, me, lang, &mut out);
    } else if let Some(s) = view.to_act {
        out.push(format!("{} {}", t(lang, "Waiting for", "手番:"), code(view, s, lang)));
        out.push(String::new());
    }

    out.push(
        t(
            lang,
            "Legend: R Y G B P = soldiers (lowercase = face down, trapped); LK/RK = Left/Right King; \
             YEL = Yellow's road, YEL!trap = Yellow's trap; @+k/@-k = gaps where a road can be inserted.",
            "凡例: R Y G B P = 兵士（小文字 = 裏向き・罠）、LK = 左王（black 黒）、RK = 右王（white 白）、\
             TOWN = 街、common = 共通道、YEL = 黄の道、YEL!trap = 黄の罠、@+k/@-k = 道の挿入位置。\
             色: RED 赤 / YEL 黄 / GRN 緑 / BLU 青 / PUR 紫",
        )
        .to_string(),
    );

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
    out.push(format!("{} {}", t(lang, "Your hand:", "あなたの手札:"), hand_text(&hand)));
    let my_turn = view.to_act == Some(me);
    match view.phase {
        Phase::Play { .. } if my_turn => {
            if view.soldiers[me as usize].stunned_round == Some(view.round) {
                out.push(
                    t(
                        lang,
                        "Your soldier is trapped: a move card you play now still counts for cancellation and may \
                         block a lower card, but your soldier will not move.",
                        "あなたの兵士は罠にかかっています。今出す移動カードは無効判定に数えられ、低いカードを止めることも\
                         できますが、兵士は移動しません。",
                    )
                    .to_string(),
                );
            }
            let mut options = Vec::new();
            for card in CardId::ALL.into_iter().filter(|c| hand.contains(c)) {
                for face in Face::ALL {
                    options.push(format!("{}{}", face.code(), card.code()));
                }
            }
            out.push(format!("{} {}", t(lang, "Legal plays:", "出せるカード:"), options.join(" ")));
            let example = hand.last().map(|c| format!("R{}", c.code())).unwrap_or_default();
            out.push(match lang {
                Lang::En => format!(
                    "Reply with one play, e.g. {example}: R<card> moves toward the Right King, L<card> toward \
                     the Left King, D<card> lays the card as a road (D2T = your trap)."
                ),
                Lang::Ja => format!(
                    "カードを1枚出してください（例: {example}）。R<番号> = 右王へ移動、L<番号> = 左王へ移動、\
                     D<番号> = 道として出す（D2T = 罠）。"
                ),
            });
        }
        Phase::Road { .. } if my_turn => {
            let card = view.plays.iter().find(|p| p.seat == me).and_then(|p| p.card);
            let gaps: Vec<String> = view.gaps.iter().map(|g| g.code()).collect();
            let played = card.map(|c| format!("D{}", c.code())).unwrap_or_else(|| "D".into());
            out.push(match lang {
                Lang::En => format!("You played a road ({played}). Choose where to insert it:"),
                Lang::Ja => format!("あなたは道（{played}）を出しました。挿入する位置を選んでください:"),
            });
            out.push(format!("  {} {}", t(lang, "gaps:", "挿入位置:"), gaps.join(" ")));
            out.push(
                t(
                    lang,
                    "Reply e.g. @+1 (@+k = outer side of card +k, @-k = outer side of card -k).",
                    "例: @+1 と返信してください（@+k = カード+kの外側、@-k = カード-kの外側）。",
                )
                .to_string(),
            );
        }
        _ => {
            if let Some(s) = view.to_act {
                out.push(format!("{} {}", t(lang, "Waiting for", "手番:"), code(view, s, lang)));
            }
        }
    }
    out.push(String::new());
}
