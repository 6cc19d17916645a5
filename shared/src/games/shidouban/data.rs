//! Printed data: the 24 persons (DESIGNED STAND-IN roster of spec §3.4), the 16 event tiles (§3.5),
//! failure actions (§6.6), directions and turn labels (§3.3).

use serde::{Deserialize, Serialize};

/// A direction on the board (§4.2). Index order U, R, D, L is used for the arrow tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanDir))]
pub enum Dir {
    U,
    R,
    D,
    L,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::U, Dir::R, Dir::D, Dir::L];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn code(self) -> &'static str {
        match self {
            Dir::U => "U",
            Dir::R => "R",
            Dir::D => "D",
            Dir::L => "L",
        }
    }

    /// How texts name the direction in `lang`: its letter in English, its word in Japanese.
    pub fn name(self, lang: crate::engine::Lang) -> String {
        catalog::t!(lang, "shidouban-dir", dir = self.code())
    }
}

/// The 13 failure actions (§2, §6.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(clippy::upper_case_acronyms)]
pub enum Failure {
    Ansatsu,
    Kakugo,
    Kakketsu,
    Shuran,
    Seppuku,
    Dasso,
    Dokatsu,
    Toshi,
    Fudo,
    Fungai,
    Hensetsu,
    Yudan,
    Robai,
}

impl Failure {
    /// The failure action's name in `lang`.
    pub fn name(self, lang: crate::engine::Lang) -> String {
        catalog::t!(lang, "shidouban-failure-name", failure = format!("{self:?}").to_lowercase())
    }
}

/// One printed arrow: priority 1..4 and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub prio: u8,
    pub white: bool,
}

/// A printed person piece.
#[derive(Clone, Copy, Debug)]
pub struct PersonData {
    /// The person's code; its names in every language are in the catalogs (`shidouban-person…`).
    pub code: &'static str,
    pub buto: u8,
    pub ronpa: u8,
    pub sonkei: u8,
    /// `None` = 近藤勇's ※ (7 − row).
    pub shido: Option<u8>,
    pub failure: Failure,
    /// Arrows indexed by `Dir::index()` (U, R, D, L).
    pub arrows: [Arrow; 4],
}

macro_rules! persons {
    ($( $v:ident $code:literal $b:literal $ro:literal $so:literal $sh:expr, $f:ident
        [$up:literal $uc:ident $rp:literal $rc:ident $dp:literal $dc:ident $lp:literal $lc:ident] ;)*) => {
        /// The 24 persons, in roster order (§3.4).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[allow(clippy::upper_case_acronyms)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanPerson))]
        pub enum Person { $($v),* }

        impl Person {
            pub const ALL: [Person; 24] = [$(Person::$v),*];
        }

        pub static PERSONS: [PersonData; 24] = [$(PersonData {
            code: $code, buto: $b, ronpa: $ro, sonkei: $so, shido: $sh,
            failure: Failure::$f,
            arrows: [arrow!($up $uc), arrow!($rp $rc), arrow!($dp $dc), arrow!($lp $lc)],
        }),*];
    };
}

macro_rules! arrow {
    ($p:literal W) => {
        Arrow { prio: $p, white: true }
    };
    ($p:literal B) => {
        Arrow { prio: $p, white: false }
    };
}

persons! {
    KON "KON" 5 4 6 None, Kakugo [1 W 2 W 4 B 3 B];
    HIJ "HIJ" 5 5 4 Some(6), Dokatsu [2 B 1 W 4 B 3 B];
    OKI "OKI" 6 2 4 Some(4), Kakketsu [1 W 2 W 3 W 4 B];
    NAG "NAG" 6 3 3 Some(4), Fungai [3 B 2 W 1 W 4 B];
    SAI "SAI" 6 1 2 Some(5), Ansatsu [3 B 1 B 4 B 2 B];
    HAR "HAR" 5 1 3 Some(2), Fungai [3 W 2 B 1 W 4 B];
    TOD "TOD" 4 3 3 Some(3), Toshi [2 W 3 B 4 B 1 W];
    INO "INO" 3 2 5 Some(5), Kakugo [3 W 1 W 2 W 4 B];
    YMN "YMN" 4 5 5 Some(2), Dasso [3 B 4 B 2 W 1 W];
    SER "SER" 5 4 3 Some(1), Shuran [3 W 4 B 2 B 1 W];
    NII "NII" 3 3 2 Some(2), Seppuku [3 W 4 B 1 W 2 B];
    HIR "HIR" 4 1 1 Some(3), Yudan [4 B 3 B 1 W 2 W];
    ITO "ITO" 4 6 5 Some(3), Hensetsu [2 W 4 B 3 W 1 W];
    TAK "TAK" 2 5 1 Some(2), Robai [1 W 3 W 4 B 2 W];
    TAN "TAN" 4 2 1 Some(3), Dokatsu [1 W 2 B 3 B 4 B];
    YMZ "YMZ" 3 4 3 Some(5), Fudo [4 B 1 B 2 W 3 W];
    SHI "SHI" 4 1 4 Some(5), Fudo [1 B 2 B 3 B 4 B];
    YOS "YOS" 5 2 2 Some(3), Dasso [2 W 3 B 1 W 4 B];
    KAW "KAW" 1 3 2 Some(3), Seppuku [1 W 3 W 2 B 4 B];
    MAT "MAT" 5 2 4 Some(3), Yudan [2 B 3 W 1 W 4 B];
    OGA "OGA" 2 4 3 Some(4), Hensetsu [2 W 4 B 3 W 1 B];
    OIS "OIS" 5 1 1 Some(2), Ansatsu [4 B 1 B 2 W 3 B];
    SOM "SOM" 3 3 3 Some(5), Seppuku [2 B 1 W 4 W 3 B];
    NOM "NOM" 4 2 2 Some(4), Toshi [2 W 1 W 3 B 4 B];
}

impl Person {
    pub fn data(self) -> &'static PersonData {
        &PERSONS[self as usize]
    }

    pub fn code(self) -> &'static str {
        self.data().code
    }

    pub fn from_code(s: &str) -> Option<Person> {
        Person::ALL
            .iter()
            .copied()
            .find(|p| p.code().eq_ignore_ascii_case(s) || named_in_some_language(s, "shidouban-person", p.code()))
    }

    pub fn all_black(self) -> bool {
        self.data().arrows.iter().all(|a| !a.white)
    }

    pub fn arrow(self, d: Dir) -> Arrow {
        self.data().arrows[d.index()]
    }
}

/// The kind of combat a tile fights (§3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatKind {
    Kiriai,
    Juhogeki,
    Naguriai,
}

impl CombatKind {
    /// The kind of combat's name in `lang`.
    pub fn name(self, lang: crate::engine::Lang) -> String {
        catalog::t!(lang, "shidouban-combat-kind-name", kind = format!("{self:?}").to_lowercase())
    }
}

/// Which squares trigger a tile (§4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    Below,
    Above,
    AnySide,
    Pair,
    Column,
    None,
}

/// A printed event tile.
#[derive(Clone, Copy, Debug)]
pub struct TileData {
    /// The tile's code; its names in every language are in the catalogs (`shidouban-tile…`).
    pub code: &'static str,
    pub trigger: Trigger,
    /// Enemy force (dice); 0 for non-combat tiles and ABU (force = the other side's size).
    pub force: u8,
    pub combat: Option<CombatKind>,
    /// Columns and rows where it may be placed (non-overlay tiles).
    pub cols: &'static [u8],
    pub rows: &'static [u8],
}

const ALLC: &[u8] = &[1, 2, 3, 4, 5, 6];
const RIGHT: &[u8] = &[1, 2, 3];
const LEFT: &[u8] = &[4, 5, 6];
const R15: &[u8] = &[1, 2, 3, 4, 5];
const R26: &[u8] = &[2, 3, 4, 5, 6];
const R1: &[u8] = &[1];
const NONE: &[u8] = &[];

/// The 16 event tiles, E01..E16 (§3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(clippy::upper_case_acronyms)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanTile))]
pub enum Tile {
    AIZ,
    ABU,
    IIN,
    IKE,
    ISH,
    EEJ,
    SUM,
    KAI,
    SHO,
    KIN,
    FUK,
    SOG,
    CHO,
    YUK,
    MIM,
    SAT,
}

use CombatKind::*;
use Trigger as T;

pub static TILES: [TileData; 16] = [
    TileData { code: "AIZ", trigger: T::Below, force: 3, combat: Some(Kiriai), cols: LEFT, rows: R15 },
    TileData { code: "ABU", trigger: T::Pair, force: 0, combat: Some(Kiriai), cols: ALLC, rows: ALLC },
    TileData { code: "IIN", trigger: T::None, force: 0, combat: None, cols: NONE, rows: NONE },
    TileData { code: "IKE", trigger: T::Below, force: 2, combat: Some(Kiriai), cols: RIGHT, rows: R15 },
    TileData { code: "ISH", trigger: T::None, force: 0, combat: None, cols: NONE, rows: NONE },
    TileData { code: "EEJ", trigger: T::None, force: 0, combat: None, cols: ALLC, rows: ALLC },
    TileData { code: "SUM", trigger: T::Below, force: 1, combat: Some(Naguriai), cols: ALLC, rows: R15 },
    TileData { code: "KAI", trigger: T::Above, force: 1, combat: Some(Kiriai), cols: RIGHT, rows: R26 },
    TileData { code: "SHO", trigger: T::Below, force: 2, combat: Some(Kiriai), cols: LEFT, rows: R15 },
    TileData { code: "KIN", trigger: T::AnySide, force: 1, combat: Some(Juhogeki), cols: ALLC, rows: ALLC },
    TileData { code: "FUK", trigger: T::None, force: 0, combat: None, cols: NONE, rows: NONE },
    TileData { code: "SOG", trigger: T::Column, force: 1, combat: Some(Juhogeki), cols: ALLC, rows: R1 },
    TileData { code: "CHO", trigger: T::Below, force: 3, combat: Some(Kiriai), cols: RIGHT, rows: R15 },
    TileData { code: "YUK", trigger: T::None, force: 0, combat: None, cols: ALLC, rows: R26 },
    TileData { code: "MIM", trigger: T::Above, force: 2, combat: Some(Kiriai), cols: LEFT, rows: R26 },
    TileData { code: "SAT", trigger: T::Below, force: 4, combat: Some(Juhogeki), cols: RIGHT, rows: R15 },
];

impl Tile {
    pub const ALL: [Tile; 16] = [
        Tile::AIZ,
        Tile::ABU,
        Tile::IIN,
        Tile::IKE,
        Tile::ISH,
        Tile::EEJ,
        Tile::SUM,
        Tile::KAI,
        Tile::SHO,
        Tile::KIN,
        Tile::FUK,
        Tile::SOG,
        Tile::CHO,
        Tile::YUK,
        Tile::MIM,
        Tile::SAT,
    ];

    pub fn data(self) -> &'static TileData {
        &TILES[self as usize]
    }

    pub fn code(self) -> &'static str {
        self.data().code
    }

    pub fn from_code(s: &str) -> Option<Tile> {
        Tile::ALL
            .iter()
            .copied()
            .find(|t| t.code().eq_ignore_ascii_case(s) || named_in_some_language(s, "shidouban-tile", t.code()))
    }

    pub fn is_overlay(self) -> bool {
        matches!(self, Tile::IIN | Tile::FUK)
    }

    pub fn is_combat(self) -> bool {
        self.data().combat.is_some()
    }

    /// ★ tiles protect their trigger squares from placements (G2).
    pub fn is_star(self) -> bool {
        self.is_combat() && self != Tile::SOG
    }

    /// Trigger mark used on the board (§11.1).
    pub fn mark(self) -> &'static str {
        match self.data().trigger {
            Trigger::Below => "v",
            Trigger::Above => "^",
            Trigger::AnySide => "+",
            Trigger::Pair => "2",
            Trigger::Column => "|",
            Trigger::None => "",
        }
    }
}

/// Whether `given` is the name or short name of the piece `code` of `kind` (`shidouban-person`, `shidouban-tile`)
/// in any language: players may type a piece as their language names it.
fn named_in_some_language(given: &str, kind: &str, code: &str) -> bool {
    let variable = kind.trim_start_matches("shidouban-");
    catalog::LANGUAGES.iter().any(|&lang| {
        [kind.to_owned(), format!("{kind}-short")]
            .iter()
            .any(|id| catalog::text_with(lang, id, &[(variable, catalog::Arg::from(code))]) == given)
    })
}

/// The rows' kanji, as players may type them in squares (`2五`).
pub const ROW_KANJI: [&str; 6] = ["一", "二", "三", "四", "五", "六"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roster_design_checks() {
        let mut fails = std::collections::BTreeMap::new();
        for p in Person::ALL {
            let d = p.data();
            let mut prios: Vec<u8> = d.arrows.iter().map(|a| a.prio).collect();
            prios.sort();
            assert_eq!(prios, vec![1, 2, 3, 4], "{}", d.code);
            *fails.entry(format!("{:?}", d.failure)).or_insert(0) += 1;
            assert_eq!(Person::from_code(d.code), Some(p));
        }
        assert_eq!(fails.len(), 13);
        let all_black: Vec<_> = Person::ALL.iter().filter(|p| p.all_black()).map(|p| p.code()).collect();
        assert_eq!(all_black, vec!["SAI", "SHI"]);
        let whites: usize = Person::ALL.iter().map(|p| p.data().arrows.iter().filter(|a| a.white).count()).sum();
        assert_eq!(whites, 45);
        assert_eq!(Person::NAG.data().sonkei, 3);
        for t in Tile::ALL {
            assert_eq!(Tile::from_code(t.code()), Some(t));
        }
    }
}
