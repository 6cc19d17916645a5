//! What one viewer may see (§7): the board and all stones are public; hand tiles only to their owner
//! (everyone's after the game); pile orders never; the reprieve window never names its seat.

use serde::{Deserialize, Serialize};

use super::data::{Dir, Failure, Person, Tile};
use super::legal;
use super::rules::{legal_dirs, natural_dir};
use super::state::*;
use crate::engine::{Localized, Seat, Viewer};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonView {
    pub person: Person,
    pub sq: Sq,
    pub w: u8,
    pub b: u8,
    pub acted: bool,
    pub owner: Option<Seat>,
    pub overlays: Vec<Tile>,
    pub buto: u8,
    pub ronpa: u8,
    pub sonkei: u8,
    pub shido: u8,
    pub failure: Failure,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub person: Option<Person>,
    pub status: Status,
    pub w: u8,
    pub b: u8,
    pub tiles: usize,
    /// The hand tiles, only for the owner (and for everyone after the game).
    pub hand: Option<Vec<Tile>>,
    pub score_now: Option<i64>,
    pub duty: bool,
    /// Standing preferences, only for their owner (never revealed to others).
    pub prefs: Option<Prefs>,
}

/// A decision as the viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AskView {
    pub id: String,
    pub seat: Seat,
    pub kind: String,
    pub text: Localized,
    /// Legal answers in notation (only for the viewer's own decisions).
    pub options: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub seats: u8,
    pub turn: u8,
    pub k: u8,
    pub duty: Seat,
    pub bag_w: u8,
    pub bag_b: u8,
    pub person_pile: usize,
    pub event_pile: usize,
    pub persons: Vec<PersonView>,
    pub tiles: Vec<(Tile, Sq)>,
    pub discard_persons: Vec<Person>,
    pub discard_tiles: Vec<Tile>,
    pub players: Vec<PlayerView>,
    pub combats: Vec<PendingCombat>,
    pub acting: Option<Person>,
    /// Legal moves of the person about to move (public information).
    pub moving: Option<(Person, Vec<Dir>, Dir)>,
    pub asks: Vec<AskView>,
    /// A neutral line while a reprieve window is open for someone else.
    pub status: Option<Localized>,
    pub end: Option<End>,
    pub last_combat: Vec<String>,
    pub started: bool,
}

fn ask_text(st: &State, a: &Ask, pd: &crate::engine::Pending) -> Localized {
    let detail = extra_text(st, a, pd);
    let base = base_text(st, a);
    match detail {
        Some(d) => Localized::new(format!("{} {}", base.en, d.en), format!("{} {}", base.ja, d.ja)),
        None => base,
    }
}

/// Per-decision details: the interjector's place, the dice to allocate, the combats to order.
fn extra_text(st: &State, a: &Ask, pd: &crate::engine::Pending) -> Option<Localized> {
    use super::rules::{letter, pname, pname_ja};
    match a {
        Ask::Kuchi { order, .. } => {
            let i = order.iter().position(|s| *s == pd.seat)? + 1;
            Some(Localized::new(
                format!("You are #{i} of {}.", order.len()),
                format!("あなたは{}人中{i}番目。", order.len()),
            ))
        }
        Ask::Alloc { .. } => {
            let side = super::legal::alloc_side(st, &pd.id)?;
            let n = side.members.len() as u8;
            let (q, m) = (side.force / n, side.force % n);
            let names: Vec<String> = side.members.iter().map(|p| pname(st, *p)).collect();
            let names_ja: Vec<String> = side.members.iter().map(|p| pname_ja(st, *p)).collect();
            Some(Localized::new(
                format!("{} dice against {}: each takes {q}, {m} of them one more.", side.force, names.join(", ")),
                format!("敵戦力{}を {} に: 各{q}個、うち{m}人に+1個。", side.force, names_ja.join("、")),
            ))
        }
        Ask::Order { options, .. } => {
            let cs: Vec<String> = st
                .combats
                .iter()
                .filter(|c| options.contains(&c.id))
                .map(|c| {
                    format!(
                        "C{} {} vs {}",
                        c.id,
                        c.tile.code(),
                        c.targets.iter().map(|t| t.code()).collect::<Vec<_>>().join("/")
                    )
                })
                .collect();
            Some(Localized::new(cs.join("; "), cs.join("、")))
        }
        Ask::Side { both, .. } => {
            let Some(Frame::Combat(c)) = st.stack.last() else { return None };
            Some(Localized::new(
                format!(
                    "Targets {} and {}; to assign: {}.",
                    pname(st, c.targets[0]),
                    pname(st, c.targets[1]),
                    both.iter().map(|p| p.code()).collect::<Vec<_>>().join(", ")
                ),
                format!(
                    "対象 {} と {}。割り当て: {}。",
                    pname_ja(st, c.targets[0]),
                    pname_ja(st, c.targets[1]),
                    both.iter().map(|p| p.data().name).collect::<Vec<_>>().join("、")
                ),
            ))
        }
        Ask::Kakugo { .. } | Ask::Dokatsu { .. } => {
            let p = st.act.as_ref()?.p;
            Some(Localized::new(
                format!("({} acting, duty {})", pname(st, p), letter(st.duty)),
                format!("（{}の手番、当番{}）", pname_ja(st, p), letter(st.duty)),
            ))
        }
        _ => None,
    }
}

fn base_text(st: &State, a: &Ask) -> Localized {
    use super::rules::pname;
    match a {
        Ask::Pick { .. } => Localized::new("Choose your person", "自分の人物を選んでください"),
        Ask::Event { .. } => Localized::new("Use an event tile or `use none`", "事件コマを使うか `use none`"),
        Ask::Kuchi { person, order, .. } => Localized::new(
            format!(
                "Interject on {}'s move? Priority order {} (your answer applies only if everyone before you passes)",
                pname(st, *person),
                order.iter().map(|s| super::rules::letter(*s).to_string()).collect::<Vec<_>>().join(",")
            ),
            format!(
                "{} の移動に口出ししますか？ 優先順 {}（前の全員がパスした場合のみ有効）",
                super::rules::pname_ja(st, *person),
                order.iter().map(|s| super::rules::letter(*s).to_string()).collect::<Vec<_>>().join(",")
            ),
        ),
        Ask::Kakugo { .. } => Localized::new("Resolve: choose the destination square", "覚悟: 移動先を選んでください"),
        Ask::Dokatsu { .. } => Localized::new(
            "Intimidation: give the moving order of all affected squares, e.g. `dokatsu 45,44,62`",
            "恫喝: 対象のマスを移動順にすべて並べてください（例 `dokatsu 45,44,62`）",
        ),
        Ask::Side { .. } => Localized::new(
            "Aburanokoji: assign each doubly-eligible person to a side",
            "油小路: 両方の味方になりうる人物の陣営を決めてください",
        ),
        Ask::Alloc { .. } => Localized::new(
            "Allocate the enemy dice (as even as possible)",
            "敵戦力を割り振ってください（できるだけ均等に）",
        ),
        Ask::Order { .. } => Localized::new(
            "Several combats are pending: choose the next",
            "戦闘が複数あります: 次に行う戦闘を選んでください",
        ),
        Ask::Reprieve { batch, .. } => Localized::new(
            format!("Removal of {}: play ISH?", batch.iter().map(|p| pname(st, *p)).collect::<Vec<_>>().join(", ")),
            format!(
                "{} が除去されます: 石田散薬を使いますか？",
                batch.iter().map(|p| super::rules::pname_ja(st, *p)).collect::<Vec<_>>().join("、")
            ),
        ),
    }
}

pub fn view(st: &State, viewer: Viewer) -> View {
    let over = st.end.is_some();
    let sees_hand = |s: Seat| over || viewer == Viewer::Server || viewer == Viewer::Seat(s);
    let persons = st
        .board_persons()
        .into_iter()
        .map(|p| {
            let ps = st.ps(p);
            PersonView {
                person: p,
                sq: st.pos(p).unwrap(),
                w: ps.w,
                b: ps.b,
                acted: ps.acted,
                owner: st.owner(p),
                overlays: st.overlays(p),
                buto: st.buto(p),
                ronpa: st.ronpa(p),
                sonkei: st.sonkei(p),
                shido: st.shido(p),
                failure: st.failure(p),
            }
        })
        .collect();
    let tiles = Tile::ALL
        .iter()
        .filter_map(|t| match st.tile_loc(*t) {
            TLoc::Board(s) => Some((*t, s)),
            _ => None,
        })
        .collect();
    let players = (0..st.seats)
        .map(|s| {
            let pl = &st.players[s as usize];
            let hand = st.hand_tiles(s);
            PlayerView {
                person: pl.person,
                status: pl.status,
                w: pl.w,
                b: pl.b,
                tiles: hand.len(),
                hand: if sees_hand(s) { Some(hand) } else { None },
                score_now: if st.started { st.score(s) } else { None },
                duty: st.duty == s,
                prefs: if viewer == Viewer::Seat(s) { Some(st.pref(s)) } else { None },
            }
        })
        .collect();
    let mut asks = Vec::new();
    let mut status = None;
    if let Some(a) = &st.ask {
        for p in legal::pendings(st) {
            let mine = viewer == Viewer::Server || viewer == Viewer::Seat(p.seat);
            if !p.public && !mine {
                status = Some(Localized::new("Resolving a removal...", "除去を処理中…"));
                continue;
            }
            let options = if mine {
                legal::options(st, &p.id).unwrap_or_default().iter().map(super::notation::print).collect()
            } else {
                Vec::new()
            };
            asks.push(AskView {
                id: p.id.clone(),
                seat: p.seat,
                kind: p.kind.clone(),
                text: ask_text(st, a, &p),
                options,
            });
        }
    }
    let acting = st.act.as_ref().map(|a| a.p);
    let moving = match (&st.ask, acting) {
        (Some(Ask::Kuchi { person, dirs, .. }), _) => Some((*person, dirs.clone(), natural_dir(*person, dirs))),
        (_, Some(p)) if st.on_board(p) => {
            let d = legal_dirs(st, p);
            if d.is_empty() {
                None
            } else {
                let n = natural_dir(p, &d);
                Some((p, d, n))
            }
        }
        _ => None,
    };
    View {
        viewer,
        seats: st.seats,
        turn: st.turn,
        k: st.k,
        duty: st.duty,
        bag_w: st.bag_w,
        bag_b: st.bag_b,
        person_pile: st.person_pile.len(),
        event_pile: st.event_pile.len(),
        persons,
        tiles,
        discard_persons: Person::ALL.iter().copied().filter(|p| st.ps(*p).loc == PLoc::Discard).collect(),
        discard_tiles: Tile::ALL.iter().copied().filter(|t| st.tile_loc(*t) == TLoc::Discard).collect(),
        players,
        combats: st.combats.clone(),
        acting,
        moving,
        asks,
        status,
        end: st.end.clone(),
        last_combat: st.last_combat.clone(),
        started: st.started,
    }
}
