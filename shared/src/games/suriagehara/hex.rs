//! Exact hex geometry of the Suriagehara map (spec §3.6, §4.1–4.4): `xxyy` numbering, pointy-top hexes in
//! rows with the even rows shifted half a hex to the right, neighbours, distance and the water hexsides.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Columns 01..=18.
pub const WIDTH: u8 = 18;
/// Rows 01..=21.
pub const HEIGHT: u8 = 21;

/// One hex, 1-based column `x` and row `y`. Written `xxyy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Hex {
    pub x: u8,
    pub y: u8,
}

#[cfg(feature = "openapi")]
crate::schema::text_schema!(
    Hex,
    "SuriageharaHex",
    "A hex as `xxyy`: column 01 to 18, then row 01 to 21.",
    "0907",
    pattern = "^(0[1-9]|1[0-8])(0[1-9]|1[0-9]|2[01])$"
);

/// The six directions on the map (N = top of the map), in the order of §4.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    W,
    E,
    NW,
    NE,
    SW,
    SE,
}

pub const DIRS: [Dir; 6] = [Dir::W, Dir::E, Dir::NW, Dir::NE, Dir::SW, Dir::SE];

impl Hex {
    /// The hex at column `x`, row `y`, if it is on the map.
    pub fn new(x: u8, y: u8) -> Option<Hex> {
        ((1..=WIDTH).contains(&x) && (1..=HEIGHT).contains(&y)).then_some(Hex { x, y })
    }

    /// Parses `xxyy` (exactly four digits).
    pub fn parse(s: &str) -> Option<Hex> {
        let b = s.as_bytes();
        if b.len() != 4 || !b.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let x = (b[0] - b'0') * 10 + (b[1] - b'0');
        let y = (b[2] - b'0') * 10 + (b[3] - b'0');
        Hex::new(x, y)
    }

    /// Every hex of the map, row by row (row 01 first).
    pub fn all() -> impl Iterator<Item = Hex> {
        (1..=HEIGHT).flat_map(|y| (1..=WIDTH).map(move |x| Hex { x, y }))
    }

    /// The neighbour in direction `d`, if it is on the map (§4.2 table).
    pub fn step(self, d: Dir) -> Option<Hex> {
        let (x, y) = (self.x as i16, self.y as i16);
        let odd = self.y % 2 == 1;
        let (nx, ny) = match (d, odd) {
            (Dir::W, _) => (x - 1, y),
            (Dir::E, _) => (x + 1, y),
            (Dir::NW, true) => (x - 1, y - 1),
            (Dir::NW, false) => (x, y - 1),
            (Dir::NE, true) => (x, y - 1),
            (Dir::NE, false) => (x + 1, y - 1),
            (Dir::SW, true) => (x - 1, y + 1),
            (Dir::SW, false) => (x, y + 1),
            (Dir::SE, true) => (x, y + 1),
            (Dir::SE, false) => (x + 1, y + 1),
        };
        if nx < 1 || ny < 1 || nx > WIDTH as i16 || ny > HEIGHT as i16 {
            return None;
        }
        Some(Hex { x: nx as u8, y: ny as u8 })
    }

    /// The neighbours on the map, in the order W, E, NW, NE, SW, SE.
    pub fn neighbours(self) -> Vec<Hex> {
        self.adjacent().collect()
    }

    /// The neighbours in the order of [`DIRS`], without collecting them: for searches that visit many hexes.
    pub fn adjacent(self) -> impl Iterator<Item = Hex> {
        DIRS.into_iter().filter_map(move |d| self.step(d))
    }

    pub fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }

    /// Axial coordinates (§4.3): q = (x − 1) − floor((y − 1) / 2), r = y − 1.
    fn axial(self) -> (i32, i32) {
        let r = self.y as i32 - 1;
        (self.x as i32 - 1 - r.div_euclid(2), r)
    }

    /// Hex distance (§4.3); ignores terrain, water, hexsides and units.
    pub fn distance(self, other: Hex) -> u32 {
        let (qa, ra) = self.axial();
        let (qb, rb) = other.axial();
        let (dq, dr) = (qa - qb, ra - rb);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.x, self.y)
    }
}

impl From<Hex> for String {
    fn from(h: Hex) -> String {
        h.to_string()
    }
}

impl TryFrom<String> for Hex {
    type Error = String;
    fn try_from(s: String) -> Result<Hex, String> {
        Hex::parse(&s).ok_or_else(|| format!("`{s}` is not a hex (xxyy, 0101..1821)"))
    }
}

/// The water hexsides of the Bandai gully stream (§3.6), each written with the smaller id first.
pub const WATER_HEXSIDES: [(Hex, Hex); 8] = [
    (Hex { x: 15, y: 9 }, Hex { x: 14, y: 10 }),
    (Hex { x: 15, y: 9 }, Hex { x: 15, y: 10 }),
    (Hex { x: 16, y: 9 }, Hex { x: 15, y: 10 }),
    (Hex { x: 16, y: 9 }, Hex { x: 16, y: 10 }),
    (Hex { x: 17, y: 9 }, Hex { x: 16, y: 10 }),
    (Hex { x: 17, y: 9 }, Hex { x: 17, y: 10 }),
    (Hex { x: 18, y: 9 }, Hex { x: 17, y: 10 }),
    (Hex { x: 18, y: 9 }, Hex { x: 18, y: 10 }),
];

/// Whether the hexside between `a` and `b` is a water hexside (in either order).
pub fn is_water_hexside(a: Hex, b: Hex) -> bool {
    // Every water hexside lies between rows 9 and 10: most questions end here.
    if a.y.min(b.y) != 9 || a.y.max(b.y) != 10 {
        return false;
    }
    WATER_HEXSIDES.iter().any(|&(p, q)| (p == a && q == b) || (p == b && q == a))
}

/// Contact (§4.4, A14): adjacent and the shared hexside is not water.
pub fn in_contact(a: Hex, b: Hex) -> bool {
    a.is_adjacent(b) && !is_water_hexside(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        Hex::parse(s).unwrap()
    }

    fn set(v: Vec<Hex>) -> Vec<String> {
        let mut s: Vec<String> = v.into_iter().map(|h| h.to_string()).collect();
        s.sort();
        s
    }

    fn ids(list: &[&str]) -> Vec<String> {
        let mut s: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        s.sort();
        s
    }

    #[test]
    fn numbering_round_trips() {
        assert_eq!(h("0807"), Hex { x: 8, y: 7 });
        assert_eq!(h("1821").to_string(), "1821");
        assert!(Hex::parse("0000").is_none());
        assert!(Hex::parse("1901").is_none());
        assert!(Hex::parse("0122").is_none());
        assert!(Hex::parse("101").is_none());
        assert_eq!(Hex::all().count(), 378);
        let json = serde_json::to_string(&h("0613")).unwrap();
        assert_eq!(json, "\"0613\"");
        assert_eq!(serde_json::from_str::<Hex>(&json).unwrap(), h("0613"));
    }

    #[test]
    fn neighbours_worked_examples() {
        let n = h("0911");
        assert_eq!(n.step(Dir::W), Some(h("0811")));
        assert_eq!(n.step(Dir::E), Some(h("1011")));
        assert_eq!(n.step(Dir::NW), Some(h("0810")));
        assert_eq!(n.step(Dir::NE), Some(h("0910")));
        assert_eq!(n.step(Dir::SW), Some(h("0812")));
        assert_eq!(n.step(Dir::SE), Some(h("0912")));
        let e = h("0910");
        assert_eq!(e.neighbours(), vec![h("0810"), h("1010"), h("0909"), h("1009"), h("0911"), h("1011")]);
        assert_eq!(set(h("0101").neighbours()), ids(&["0201", "0102"]));
        assert_eq!(set(h("1821").neighbours()), ids(&["1721", "1720", "1820"]));
    }

    #[test]
    fn neighbours_are_symmetric_and_at_distance_one() {
        for a in Hex::all() {
            for b in a.neighbours() {
                assert!(b.neighbours().contains(&a), "{a} {b}");
                assert_eq!(a.distance(b), 1);
            }
            let around = Hex::all().filter(|b| a.distance(*b) == 1).count();
            assert_eq!(around, a.neighbours().len(), "{a}");
        }
    }

    #[test]
    fn distance_examples() {
        assert_eq!(h("0807").distance(h("0815")), 8);
        assert_eq!(h("0101").distance(h("1821")), 27);
        assert_eq!(h("0805").distance(h("1105")), 3);
        assert_eq!(h("0815").distance(h("0817")), 2);
        assert_eq!(h("0815").distance(h("0818")), 3);
        assert_eq!(h("0911").distance(h("0709")), 3);
        assert_eq!(h("0612").distance(h("0713")), 1);
    }

    #[test]
    fn water_hexsides_are_adjacent_pairs_and_block_contact() {
        for (a, b) in WATER_HEXSIDES {
            assert!(a.is_adjacent(b), "{a}|{b}");
            assert!(!in_contact(a, b) && !in_contact(b, a));
        }
        assert!(h("1509").is_adjacent(h("1510")));
        assert!(!in_contact(h("1509"), h("1510")));
        assert!(in_contact(h("1409"), h("1410")));
        assert!(!in_contact(h("1410"), h("1509")));
        assert!(!in_contact(h("0101"), h("0101")));
    }
}
