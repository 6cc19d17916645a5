//! Legal answers of every decision (§6.13, §6.14) and the deterministic deadline defaults.

use super::data::{Dir, Person, Tile};
use super::notation::{Action, Target};

use super::state::*;
use crate::engine::Seat;

/// Whether non-overlay tile `t` may be placed on `s` (§6.13 G1, G2 and the tile's own rule).
pub fn placement_ok(st: &State, t: Tile, s: Sq) -> bool {
    if !st.empty(s) {
        return false;
    }
    // G2: not a trigger square of a live ★ tile.
    for (lt, _) in st.live_combat_tiles() {
        if lt.is_star() && st.trig(lt).contains(&s) {
            return false;
        }
    }
    let d = t.data();
    if !d.cols.contains(&s.c) || !d.rows.contains(&s.r) {
        return false;
    }
    let piece = |q: Option<Sq>| q.map(|q| !st.empty(q)).unwrap_or(false);
    match t {
        Tile::AIZ | Tile::SHO | Tile::IKE | Tile::CHO | Tile::SAT | Tile::SUM => !piece(s.step(Dir::D)),
        Tile::KAI | Tile::MIM => !piece(s.step(Dir::U)),
        Tile::ABU => {
            let blocked = Dir::ALL.iter().filter(|dd| s.step(**dd).map(|q| !st.empty(q)).unwrap_or(true)).count();
            blocked <= 1
        }
        Tile::KIN => s.n4().iter().all(|q| st.empty(*q)),
        Tile::SOG => !st.board_persons().iter().any(|p| st.pos(*p).unwrap().c == s.c),
        Tile::YUK | Tile::EEJ => true,
        _ => false,
    }
}

/// Whether overlay `t` may go on `p`.
pub fn overlay_ok(st: &State, t: Tile, p: Person) -> bool {
    st.on_board(p) && (t == Tile::IIN || (t == Tile::FUK && !p.all_black()))
}

/// Every legal `use` of `seat`'s hand (empty when no tile can be used). `use none` not included.
pub fn event_options(st: &State, seat: Seat) -> Vec<Action> {
    let mut v = Vec::new();
    for t in st.hand_tiles(seat) {
        if t == Tile::ISH {
            continue;
        }
        if t.is_overlay() {
            for p in st.board_persons() {
                if overlay_ok(st, t, p) {
                    v.push(Action::Use((t, Target::Person(p))));
                }
            }
        } else {
            for s in Sq::all() {
                if placement_ok(st, t, s) {
                    v.push(Action::Use((t, Target::Sq(s))));
                }
            }
        }
    }
    v
}

fn subsets(n: usize, m: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    fn rec(start: usize, n: usize, m: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == m {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            rec(i + 1, n, m, cur, out);
            cur.pop();
        }
    }
    rec(0, n, m, &mut Vec::new(), &mut out);
    out
}

/// The side being allocated by decision `decision`, if it is an allocation.
pub fn alloc_side<'a>(st: &'a State, decision: &str) -> Option<&'a Side> {
    let Some(Ask::Alloc { ids, sides, answers }) = &st.ask else { return None };
    let i = ids.iter().position(|x| x == decision)?;
    if answers[i].is_some() {
        return None;
    }
    let Some(Frame::Combat(c)) = st.stack.last() else { return None };
    c.sides.get(sides[i])
}

pub fn alloc_action(side: &Side, extra: &[usize]) -> Action {
    let n = side.members.len() as u8;
    let q = side.force / n;
    Action::Alloc(extra.iter().map(|i| (side.members[*i], q + 1)).collect())
}

/// Every legal answer to `decision` (None if not pending). `Dokatsu` lists only the canonical sweep order
/// plus its reverse (the full permutation space is described instead, see `legal()` in mod.rs).
pub fn options(st: &State, decision: &str) -> Option<Vec<Action>> {
    let ask = st.ask.as_ref()?;
    match ask {
        Ask::Pick { id, .. } if id == decision => Some(
            st.board_persons()
                .into_iter()
                .filter(|p| !st.players.iter().any(|pl| pl.person == Some(*p)))
                .map(Action::Pick)
                .collect(),
        ),
        Ask::Event { id, seat } if id == decision => {
            let mut v = vec![Action::UseNone];
            v.extend(event_options(st, *seat));
            Some(v)
        }
        Ask::Kuchi { person, dirs, order, ids, answers, .. } => {
            let i = ids.iter().position(|x| x == decision)?;
            if answers[i].is_some() {
                return None;
            }
            let pl = &st.players[order[i] as usize];
            let mut v = vec![Action::Pass];
            for d in dirs {
                if if person.arrow(*d).white { pl.w > 0 } else { pl.b > 0 } {
                    v.push(Action::Kuchi(*d));
                }
            }
            Some(v)
        }
        Ask::Kakugo { id, cands, .. } if id == decision => Some(cands.iter().map(|s| Action::Kakugo(*s)).collect()),
        Ask::Dokatsu { id, affected, .. } if id == decision => {
            let sq: Vec<Sq> = affected.iter().map(|p| st.pos(*p).unwrap()).collect();
            let mut rev = sq.clone();
            rev.reverse();
            let mut v = vec![Action::Dokatsu(sq)];
            if rev.len() > 1 {
                v.push(Action::Dokatsu(rev));
            }
            Some(v)
        }
        Ask::Side { id, both, .. } if id == decision => {
            let Some(Frame::Combat(c)) = st.stack.last() else { return None };
            let (t1, t2) = (c.targets[0], c.targets[1]);
            let n = both.len();
            Some(
                (0..(1u32 << n))
                    .map(|mask| {
                        Action::Side(
                            both.iter()
                                .enumerate()
                                .map(|(i, q)| (*q, if mask >> i & 1 == 0 { t1 } else { t2 }))
                                .collect(),
                        )
                    })
                    .collect(),
            )
        }
        Ask::Alloc { .. } => {
            let side = alloc_side(st, decision)?;
            let n = side.members.len();
            let m = (side.force % n as u8) as usize;
            Some(subsets(n, m).iter().map(|e| alloc_action(side, e)).collect())
        }
        Ask::Order { id, options, .. } if id == decision => Some(options.iter().map(|c| Action::Order(*c)).collect()),
        Ask::Reprieve { id, batch, .. } if id == decision => {
            let mut v: Vec<Action> = batch.iter().map(|p| Action::Reprieve(Some(*p))).collect();
            v.push(Action::Reprieve(None));
            Some(v)
        }
        _ => None,
    }
}

/// The spec's deterministic deadline defaults (§6.14).
pub fn default_action(st: &State, decision: &str) -> Option<Action> {
    let ask = st.ask.as_ref()?;
    options(st, decision)?;
    Some(match ask {
        Ask::Pick { .. } => {
            let mut c: Vec<Person> =
                st.board_persons().into_iter().filter(|p| !st.players.iter().any(|pl| pl.person == Some(*p))).collect();
            c.sort_by_key(|p| (std::cmp::Reverse(p.data().buto + p.data().ronpa), st.pos(*p).unwrap().k()));
            Action::Pick(c[0])
        }
        Ask::Event { .. } => Action::UseNone,
        Ask::Kuchi { .. } => Action::Pass,
        Ask::Kakugo { cands, .. } => Action::Kakugo(cands[0]),
        Ask::Dokatsu { affected, .. } => Action::Dokatsu(affected.iter().map(|p| st.pos(*p).unwrap()).collect()),
        Ask::Side { both, .. } => {
            let Some(Frame::Combat(c)) = st.stack.last() else { return None };
            let (t1, t2) = (c.targets[0], c.targets[1]);
            let dist = |a: Sq, b: Sq| (a.c as i8 - b.c as i8).abs() + (a.r as i8 - b.r as i8).abs();
            Action::Side(
                both.iter()
                    .map(|q| {
                        let s = st.pos(*q).unwrap();
                        let d1 = dist(s, st.pos(t1).unwrap());
                        let d2 = dist(s, st.pos(t2).unwrap());
                        (*q, if d2 < d1 { t2 } else { t1 })
                    })
                    .collect(),
            )
        }
        Ask::Alloc { .. } => {
            let side = alloc_side(st, decision)?;
            let n = side.members.len();
            let m = (side.force % n as u8) as usize;
            let mut idx: Vec<usize> = (0..n).collect();
            idx.sort_by_key(|i| {
                (std::cmp::Reverse(st.buto(side.members[*i])), st.pos(side.members[*i]).map(|s| s.k()).unwrap_or(99))
            });
            let mut e: Vec<usize> = idx.into_iter().take(m).collect();
            e.sort();
            alloc_action(side, &e)
        }
        Ask::Order { options, .. } => Action::Order(*options.iter().min().unwrap()),
        Ask::Reprieve { .. } => Action::Reprieve(None),
    })
}

/// Pending decisions as (id, seat, kind, mode, public).
pub fn pendings(st: &State) -> Vec<crate::engine::Pending> {
    use crate::engine::{Mode, Pending};
    let Some(ask) = &st.ask else { return Vec::new() };
    if st.end.is_some() {
        return Vec::new();
    }
    match ask {
        Ask::Pick { id, seat } => vec![Pending::alone(id.clone(), *seat, "pick")],
        Ask::Event { id, seat } => vec![Pending::alone(id.clone(), *seat, "event")],
        Ask::Kuchi { order, ids, answers, .. } => {
            let group = format!("kuchi-{}", ids[0]);
            order
                .iter()
                .enumerate()
                .filter(|(i, _)| answers[*i].is_none())
                .map(|(i, s)| Pending {
                    id: ids[i].clone(),
                    seat: *s,
                    kind: "kuchi".into(),
                    mode: Mode::Priority { group: group.clone(), rank: i as u8 },
                    public: true,
                })
                .collect()
        }
        Ask::Kakugo { id, seat, .. } => vec![Pending::alone(id.clone(), *seat, "kakugo")],
        Ask::Dokatsu { id, seat, .. } => vec![Pending::alone(id.clone(), *seat, "dokatsu")],
        Ask::Side { id, seat, .. } => vec![Pending::alone(id.clone(), *seat, "side")],
        Ask::Alloc { ids, sides, answers } => {
            let Some(Frame::Combat(c)) = st.stack.last() else { return Vec::new() };
            let group = format!("alloc-{}", ids[0]);
            ids.iter()
                .enumerate()
                .filter(|(i, _)| answers[*i].is_none())
                .map(|(i, id)| Pending {
                    id: id.clone(),
                    seat: c.sides[sides[i]].responsible,
                    kind: "alloc".into(),
                    mode: if ids.len() > 1 { Mode::Sealed { group: group.clone() } } else { Mode::Alone },
                    public: true,
                })
                .collect()
        }
        Ask::Order { id, seat, .. } => vec![Pending::alone(id.clone(), *seat, "order")],
        Ask::Reprieve { id, seat, .. } => {
            let mut p = Pending::alone(id.clone(), *seat, "removal");
            p.public = false;
            vec![p]
        }
    }
}
