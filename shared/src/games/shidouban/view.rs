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
    /// The printed arrows, up, right, down, left: public like every value of a person on the board.
    #[serde(default)]
    pub arrows: Vec<ArrowView>,
}

/// One printed arrow of a person: its direction, priority (1 first) and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrowView {
    pub dir: Dir,
    pub prio: u8,
    pub white: bool,
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

use crate::engine::in_each_language;

fn ask_text(st: &State, a: &Ask, pd: &crate::engine::Pending) -> Localized {
    let detail = extra_text(st, a, pd);
    let base = base_text(st, a);
    match detail {
        Some(d) => in_each_language(|lang| {
            catalog::t!(lang, "shidouban-decision-with-detail", decision = base.get(lang), detail = d.get(lang))
        }),
        None => base,
    }
}

/// Per-decision details: the interjector's place, the dice to allocate, the combats to order.
fn extra_text(st: &State, a: &Ask, pd: &crate::engine::Pending) -> Option<Localized> {
    use super::rules::{letter, person_name};
    match a {
        Ask::Kuchi { order, .. } => {
            let i = order.iter().position(|s| *s == pd.seat)? + 1;
            Some(catalog::both!("shidouban-you-are-of", i = i.to_string(), order = (order.len()).to_string()))
        }
        Ask::Alloc { .. } => {
            let side = super::legal::alloc_side(st, &pd.id)?;
            let n = side.members.len() as u8;
            let (q, m) = (side.force / n, side.force % n);
            Some(in_each_language(|lang| {
                let names: Vec<String> = side.members.iter().map(|p| person_name(st, *p, lang)).collect();
                catalog::t!(
                    lang,
                    "shidouban-dice-against-each-takes-of",
                    force = side.force,
                    names = names.join(&catalog::t!(lang, "engine-list-separator")),
                    q = q,
                    m = m
                )
            }))
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
            Some(crate::engine::in_each_language(|lang| cs.join(&catalog::t!(lang, "engine-list-separator-strong"))))
        }
        Ask::Side { both, .. } => {
            let Some(Frame::Combat(c)) = st.stack.last() else { return None };
            Some(in_each_language(|lang| {
                let both: Vec<String> = both.iter().map(|p| super::rules::code_or_name(lang, *p)).collect();
                catalog::t!(
                    lang,
                    "shidouban-targets-and-to-assign",
                    first = person_name(st, c.targets[0], lang),
                    second = person_name(st, c.targets[1], lang),
                    both = both.join(&catalog::t!(lang, "engine-list-separator"))
                )
            }))
        }
        Ask::Kakugo { .. } | Ask::Dokatsu { .. } => {
            let p = st.act.as_ref()?.p;
            Some(in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "shidouban-acting-duty",
                    person = person_name(st, p, lang),
                    duty = letter(st.duty).to_string()
                )
            }))
        }
        _ => None,
    }
}

fn base_text(st: &State, a: &Ask) -> Localized {
    use super::rules::person_name;
    match a {
        Ask::Pick { .. } => catalog::both!("shidouban-choose-your-person"),
        Ask::Event { .. } => catalog::both!("shidouban-use-an-event-tile-or"),
        Ask::Kuchi { person, order, .. } => {
            let order: Vec<String> = order.iter().map(|s| super::rules::letter(*s).to_string()).collect();
            in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "shidouban-interject-on-s-move-priority",
                    person = person_name(st, *person, lang),
                    order = order.join(",")
                )
            })
        }
        Ask::Kakugo { .. } => catalog::both!("shidouban-resolve-choose-the-destination-square"),
        Ask::Dokatsu { .. } => catalog::both!("shidouban-intimidation-give-the-moving-order"),
        Ask::Side { .. } => catalog::both!("shidouban-aburanokoji-assign-each-doubly-eligible"),
        Ask::Alloc { .. } => catalog::both!("shidouban-allocate-the-enemy-dice-as"),
        Ask::Order { .. } => catalog::both!("shidouban-several-combats-are-pending-choose"),
        Ask::Reprieve { batch, .. } => in_each_language(|lang| {
            let batch: Vec<String> = batch.iter().map(|p| person_name(st, *p, lang)).collect();
            catalog::t!(
                lang,
                "shidouban-removal-of-play-ish",
                batch = batch.join(&catalog::t!(lang, "engine-list-separator"))
            )
        }),
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
                arrows: Dir::ALL
                    .iter()
                    .map(|d| {
                        let a = p.arrow(*d);
                        ArrowView { dir: *d, prio: a.prio, white: a.white }
                    })
                    .collect(),
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
                status = Some(catalog::both!("shidouban-resolving-a-removal"));
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
