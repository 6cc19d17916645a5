//! The DESIGNED STAND-IN components of spec §3 as tables: terrain, formations, standard setup.

use super::hex::Hex;

/// Terrain of a hex (§3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Flat,
    Hill,
    Slope,
    Water,
}

/// Terrain grid, row 01 first; character i of a row is column i+1.
pub const TERRAIN: [&str; 21] = [
    "~~~~~..///...//^^^", // 01
    "~~~~../^^/..../^^^", // 02
    "~~~.../^^/....//^^", // 03
    "~~~...///....../^^", // 04
    "~~~......../...//^", // 05
    "~~........//..../^", // 06
    "~~............//^^", // 07
    "~~.../......./^^^^", // 08
    "~~..//......./^^/^", // 09
    "~~.....//...../^^^", // 10
    "~~...../^/...../^^", // 11 advance line
    "~~.....//......./^", // 12
    "~..........//.../^", // 13
    "~..//.........//^^", // 14
    "~~./.........../^^", // 15
    "~~.........././^^^", // 16
    "~~...........//^^^", // 17
    "~~~.....///../^^^^", // 18
    "~~~...../^^/./^^^^", // 19
    "~~~...../^/./^^^^^", // 20
    "~~~......//./^^^^^", // 21
];

pub fn terrain(h: Hex) -> Terrain {
    match TERRAIN[h.y as usize - 1].as_bytes()[h.x as usize - 1] {
        b'.' => Terrain::Flat,
        b'^' => Terrain::Hill,
        b'/' => Terrain::Slope,
        _ => Terrain::Water,
    }
}

/// Entry cost (§6.6 step 3): cost to enter `to` when leaving `from`; `None` = impassable.
pub fn entry_cost(from: Terrain, to: Terrain) -> Option<u32> {
    match (from, to) {
        (_, Terrain::Water) => None,
        (_, Terrain::Flat) => Some(1),
        (_, Terrain::Hill) => Some(2),
        (Terrain::Flat, Terrain::Slope) => Some(2),
        (_, Terrain::Slope) => Some(1),
    }
}

/// The advance line (§3.6): row 11.
pub const ADVANCE_LINE_ROW: u8 = 11;
pub const TURNS: u8 = 8;
pub const SANDSTORM_LAST_TURN: u8 = 3;
pub const COMMAND_RANGE: u32 = 2;
pub const INITIAL_MORALE: i32 = 10;

/// The two sides; the side's index is its seat (Ashina = seat 0, Date = seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Ashina,
    Date,
}

impl Side {
    pub fn seat(self) -> u8 {
        self as u8
    }
    pub fn from_seat(seat: u8) -> Side {
        if seat == 0 { Side::Ashina } else { Side::Date }
    }
    pub fn other(self) -> Side {
        match self {
            Side::Ashina => Side::Date,
            Side::Date => Side::Ashina,
        }
    }
    pub fn idx(self) -> usize {
        self as usize
    }
    /// The side as the catalogs' messages select on it (`{ $side -> [ashina] … }`).
    pub fn code(self) -> &'static str {
        match self {
            Side::Ashina => "ashina",
            Side::Date => "date",
        }
    }
    /// The side's name in `lang`.
    pub fn name(self, lang: crate::engine::Lang) -> String {
        catalog::t!(lang, "suriagehara-side-name", side = self.code())
    }
    /// Whether a move from row `from` to row `to` goes rearward (toward the own home edge, §4.5).
    pub fn is_rearward(self, from: u8, to: u8) -> bool {
        match self {
            Side::Ashina => to < from,
            Side::Date => to > from,
        }
    }
    /// Whether a commander on row `row` is beyond the advance line (§8.3, A2).
    pub fn beyond_line(self, row: u8) -> bool {
        match self {
            Side::Ashina => row > ADVANCE_LINE_ROW,
            Side::Date => row < ADVANCE_LINE_ROW,
        }
    }
    /// The rows of the own deployment zone (§3.6).
    fn zone_rows(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Side::Ashina => 2..=7,
            Side::Date => 15..=20,
        }
    }
    /// The own deployment zone (§3.6).
    pub fn in_zone(self, h: Hex) -> bool {
        (4..=15).contains(&h.x) && self.zone_rows().contains(&h.y) && terrain(h) != Terrain::Water
    }
    /// The row of the zone's rear edge: the deployment line a commander's first move may not go behind.
    pub fn zone_rear_row(self) -> u8 {
        match self {
            Side::Ashina => *self.zone_rows().start(),
            Side::Date => *self.zone_rows().end(),
        }
    }
    /// Whether row `row` lies behind the own deployment line (between it and the home edge).
    pub fn behind_zone(self, row: u8) -> bool {
        self.is_rearward(self.zone_rear_row(), row)
    }
}

/// The action printed on a chit (§3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChitAction {
    /// 移動&戦闘: Movement Segment then Combat Segment.
    MoveAndCombat,
    /// 移動or戦闘: one segment.
    MoveOrCombat,
}

/// One formation: commander, chit and retainers (§3.2, §3.8).
#[derive(Debug)]
pub struct FormationData {
    /// The formation's code; its names, its chit's and its units' in every language are in the catalogs
    /// (`suriagehara-formation`, `-leader`, `-chit`, `-unit`).
    pub code: &'static str,
    pub side: Side,
    pub resolve: u8,
    pub supreme: bool,
    pub action: ChitAction,
    pub entry_turn: u8,
    pub retainers: u8,
    /// Standard setup hexes of serials 1..=n; the commander rides on serial 1.
    pub standard: &'static [&'static str],
}

use ChitAction::{MoveAndCombat as MC, MoveOrCombat as MOC};
use Side::{Ashina as A, Date as D};

macro_rules! f {
    ($code:literal, $side:expr, $r:literal, $sup:literal, $act:expr, $entry:literal, $n:literal,
     [$($h:literal),*]) => {
        FormationData {
            code: $code, side: $side, resolve: $r, supreme: $sup, action: $act, entry_turn: $entry, retainers: $n,
            standard: &[$($h),*],
        }
    };
}

/// Formation index = position in this table. Ashina first, then Date (order of §3.2).
pub const FORMATIONS: [FormationData; 17] = [
    f!("YO", A, 3, true, MC, 3, 3, ["0803", "0903", "0902"]),
    f!("TK", A, 4, false, MC, 1, 3, ["0807", "0907", "0707"]),
    f!("UZ", A, 2, false, MOC, 4, 2, ["1203", "1303"]),
    f!("KM", A, 4, false, MC, 2, 2, ["0805", "0905"]),
    f!("KY", A, 3, false, MC, 2, 2, ["1105", "1205"]),
    f!("UN", A, 2, false, MOC, 4, 2, ["0504", "0604"]),
    f!("MG", A, 2, false, MOC, 1, 2, ["1107", "1207"]),
    f!("SE", A, 3, false, MOC, 1, 2, ["0507", "0407"]),
    f!("MA", D, 4, true, MC, 3, 4, ["1019", "1119", "1020", "0919"]),
    f!("SG", D, 4, false, MC, 2, 3, ["1116", "1216", "1016"]),
    f!("IN", D, 3, false, MC, 1, 2, ["0815", "0915"]),
    f!("KT", D, 3, false, MC, 2, 3, ["0616", "0716", "0516"]),
    f!("SR", D, 3, false, MC, 4, 2, ["0719", "0819"]),
    f!("HR", D, 3, false, MC, 2, 2, ["1115", "1215"]),
    f!("YS", D, 3, false, MOC, 4, 2, ["1220", "1319"]),
    f!("OU", D, 3, false, MOC, 3, 2, ["1317", "1318"]),
    f!("KH", D, 2, false, MOC, 3, 2, ["0518", "0618"]),
];

/// Formation index.
pub type Fid = u8;

pub fn fdata(f: Fid) -> &'static FormationData {
    &FORMATIONS[f as usize]
}

/// The formation with this code (case-insensitive).
pub fn fid_of(code: &str) -> Option<Fid> {
    FORMATIONS.iter().position(|d| d.code.eq_ignore_ascii_case(code)).map(|i| i as Fid)
}

pub fn fids() -> impl Iterator<Item = Fid> {
    0..FORMATIONS.len() as Fid
}

pub fn side_fids(side: Side) -> impl Iterator<Item = Fid> {
    fids().filter(move |f| fdata(*f).side == side)
}

/// Formation code of Tomita Takazane (Takazane substitution, §6.12).
pub const TK: Fid = 1;
/// Chits whose draw allows the Takazane substitution.
pub const SE: Fid = 7;
pub const MG: Fid = 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terrain_totals_match_the_spec() {
        let mut counts = [0; 4];
        for h in Hex::all() {
            counts[terrain(h) as usize] += 1;
        }
        // flat, hill, slope, water
        assert_eq!(counts, [197, 64, 65, 52]);
        assert!(TERRAIN.iter().all(|r| r.len() == 18));
    }

    #[test]
    fn counter_totals_and_codes() {
        let units: u32 = FORMATIONS.iter().map(|f| f.retainers as u32).sum();
        assert_eq!(units, 40);
        assert_eq!(side_fids(Side::Ashina).count(), 8);
        assert_eq!(side_fids(Side::Date).count(), 9);
        assert_eq!(side_fids(Side::Ashina).map(|f| fdata(f).retainers as u32).sum::<u32>(), 18);
        assert_eq!(fdata(TK).code, "TK");
        assert_eq!(fdata(SE).code, "SE");
        assert_eq!(fdata(MG).code, "MG");
        assert_eq!(fid_of("tk"), Some(TK));
        for f in FORMATIONS.iter() {
            assert_eq!(f.standard.len(), f.retainers as usize, "{}", f.code);
            for s in f.standard {
                let h = Hex::parse(s).unwrap();
                assert!(f.side.in_zone(h), "{} {}", f.code, s);
            }
        }
    }

    #[test]
    fn zones_have_the_spec_sizes() {
        assert_eq!(Hex::all().filter(|h| Side::Ashina.in_zone(*h)).count(), 71);
        assert_eq!(Hex::all().filter(|h| Side::Date.in_zone(*h)).count(), 72);
    }

    #[test]
    fn entry_costs() {
        use Terrain::*;
        assert_eq!(entry_cost(Flat, Slope), Some(2));
        assert_eq!(entry_cost(Slope, Slope), Some(1));
        assert_eq!(entry_cost(Hill, Slope), Some(1));
        assert_eq!(entry_cost(Slope, Hill), Some(2));
        assert_eq!(entry_cost(Hill, Hill), Some(2));
        assert_eq!(entry_cost(Hill, Flat), Some(1));
        assert_eq!(entry_cost(Flat, Water), None);
    }
}
