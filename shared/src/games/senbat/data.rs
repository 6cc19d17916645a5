//! Fixed tables of the starter set (spec §3.3–3.5, §3.7): unit types, the two armies, slots, quick-start.
//! The unit values and army lists are the spec's DESIGNED STAND-IN (A51): the rulebook prints none.

use crate::engine::Lang;
use serde::{Deserialize, Serialize};

/// Long side L and short side S of a card in mm.
pub const L: f64 = 88.0;
pub const S: f64 = 63.0;
pub const HALF_W: f64 = 44.0;
pub const HALF_D: f64 = 31.5;
pub const CARD_AREA: f64 = 5544.0;
pub const FIELD_W: f64 = 750.0;
pub const FIELD_H: f64 = 680.0;
pub const ZONE_DEPTH: f64 = 208.0;
pub const EPS: f64 = 0.01;
pub const TOL: f64 = 5.0;
pub const SAVE_STOCK_MAX: u8 = 3;
pub const MORALE_TO_WIN: u8 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Class {
    Honjin,
    Busho,
    Troop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UType {
    Honjin,
    Busho,
    Pike,
    Archer,
    Musket,
    Cavalry,
}

pub struct TypeDef {
    pub class: Class,
    pub durability: u8,
    /// Movement in S (every starter card moves in short sides).
    pub move_s: u8,
    pub attack: u8,
    /// (shooting value, range in mm)
    pub shoot: Option<(u8, f64)>,
    pub save: Option<u8>,
    pub charge_plus1: bool,
    pub ignore_cover: bool,
    pub abbr: &'static str,
}

/// The name of unit type `t` in `lang`.
pub fn type_name(lang: Lang, t: UType) -> String {
    match t {
        UType::Honjin => catalog::t!(lang, "senbat-type-hq"),
        UType::Busho => catalog::t!(lang, "senbat-type-general"),
        UType::Pike => catalog::t!(lang, "senbat-type-pikes"),
        UType::Archer => catalog::t!(lang, "senbat-type-archers"),
        UType::Musket => catalog::t!(lang, "senbat-type-muskets"),
        UType::Cavalry => catalog::t!(lang, "senbat-type-cavalry"),
    }
}

pub fn type_def(t: UType) -> &'static TypeDef {
    match t {
        UType::Honjin => &HONJIN,
        UType::Busho => &BUSHO,
        UType::Pike => &PIKE,
        UType::Archer => &ARCHER,
        UType::Musket => &MUSKET,
        UType::Cavalry => &CAVALRY,
    }
}

static HONJIN: TypeDef = TypeDef {
    class: Class::Honjin,
    durability: 4,
    move_s: 1,
    attack: 4,
    shoot: None,
    save: Some(6),
    charge_plus1: false,
    ignore_cover: false,
    abbr: "hq",
};
static BUSHO: TypeDef = TypeDef {
    class: Class::Busho,
    durability: 3,
    move_s: 2,
    attack: 4,
    shoot: None,
    save: Some(6),
    charge_plus1: false,
    ignore_cover: false,
    abbr: "gen",
};
static PIKE: TypeDef = TypeDef {
    class: Class::Troop,
    durability: 3,
    move_s: 1,
    attack: 4,
    shoot: None,
    save: None,
    charge_plus1: true,
    ignore_cover: false,
    abbr: "pik",
};
static ARCHER: TypeDef = TypeDef {
    class: Class::Troop,
    durability: 2,
    move_s: 1,
    attack: 6,
    shoot: Some((5, 2.0 * L)),
    save: None,
    charge_plus1: false,
    ignore_cover: true,
    abbr: "arc",
};
static MUSKET: TypeDef = TypeDef {
    class: Class::Troop,
    durability: 2,
    move_s: 1,
    attack: 6,
    shoot: Some((4, 2.0 * L)),
    save: None,
    charge_plus1: false,
    ignore_cover: false,
    abbr: "mus",
};
static CAVALRY: TypeDef = TypeDef {
    class: Class::Troop,
    durability: 3,
    move_s: 2,
    attack: 4,
    shoot: None,
    save: None,
    charge_plus1: true,
    ignore_cover: false,
    abbr: "cav",
};

/// A card; its names in every language are in the catalogs (`senbat-card…`), by its id.
pub struct CardDef {
    pub id: &'static str,
    /// 0 = Oda, 1 = Takeda.
    pub army: u8,
    pub utype: UType,
    pub extra_melee: bool,
    pub extra_charge: bool,
}

const fn c(id: &'static str, army: u8, utype: UType, extra_melee: bool, extra_charge: bool) -> CardDef {
    CardDef { id, army, utype, extra_melee, extra_charge }
}

/// Number of cards per army; card index = army * 14 + position. Cores come first, in canonical order.
pub const PER_ARMY: usize = 14;
pub const NCARDS: usize = 28;

pub static CARDS: [CardDef; NCARDS] = [
    c("OH", 0, UType::Honjin, false, false),
    c("OG1", 0, UType::Busho, true, false),
    c("OG2", 0, UType::Busho, false, true),
    c("OG3", 0, UType::Busho, false, false),
    c("OP1", 0, UType::Pike, false, false),
    c("OP2", 0, UType::Pike, false, false),
    c("OP3", 0, UType::Pike, false, false),
    c("OP4", 0, UType::Pike, false, false),
    c("OM1", 0, UType::Musket, false, false),
    c("OM2", 0, UType::Musket, false, false),
    c("OM3", 0, UType::Musket, false, false),
    c("OA1", 0, UType::Archer, false, false),
    c("OC1", 0, UType::Cavalry, false, false),
    c("OC2", 0, UType::Cavalry, false, false),
    c("TH", 1, UType::Honjin, false, false),
    c("TG1", 1, UType::Busho, false, true),
    c("TG2", 1, UType::Busho, true, false),
    c("TG3", 1, UType::Busho, false, false),
    c("TP1", 1, UType::Pike, false, false),
    c("TP2", 1, UType::Pike, false, false),
    c("TP3", 1, UType::Pike, false, false),
    c("TM1", 1, UType::Musket, false, false),
    c("TA1", 1, UType::Archer, false, false),
    c("TA2", 1, UType::Archer, false, false),
    c("TA3", 1, UType::Archer, false, false),
    c("TC1", 1, UType::Cavalry, false, false),
    c("TC2", 1, UType::Cavalry, false, false),
    c("TC3", 1, UType::Cavalry, false, false),
];

pub const ARMY_EN: [&str; 2] = ["Oda", "Takeda"];

pub fn card_index(id: &str) -> Option<usize> {
    CARDS.iter().position(|c| c.id.eq_ignore_ascii_case(id))
}

pub fn is_core(i: usize) -> bool {
    i % PER_ARMY < 4
}

/// The four core indices of an army, canonical order (HQ, G1, G2, G3).
pub fn cores_of(army: u8) -> [usize; 4] {
    let b = army as usize * PER_ARMY;
    [b, b + 1, b + 2, b + 3]
}

pub fn troops_of(army: u8) -> std::ops::Range<usize> {
    let b = army as usize * PER_ARMY;
    b + 4..b + PER_ARMY
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SenbatSlot))]
pub enum Slot {
    C,
    F,
    FL,
    FR,
    L,
    R,
    B,
    BL,
    BR,
}

pub const TROOP_SLOTS: [Slot; 8] = [Slot::F, Slot::FL, Slot::FR, Slot::L, Slot::R, Slot::B, Slot::BL, Slot::BR];

impl Slot {
    /// (right, forward) offset of the card centre from the core centre (spec §4.5).
    pub fn offset(self) -> (f64, f64) {
        match self {
            Slot::C => (0.0, 0.0),
            Slot::F => (0.0, 63.0),
            Slot::FL => (-44.0, 63.0),
            Slot::FR => (44.0, 63.0),
            Slot::L => (-88.0, 0.0),
            Slot::R => (88.0, 0.0),
            Slot::B => (0.0, -63.0),
            Slot::BL => (-44.0, -63.0),
            Slot::BR => (44.0, -63.0),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Slot::C => "C",
            Slot::F => "F",
            Slot::FL => "FL",
            Slot::FR => "FR",
            Slot::L => "L",
            Slot::R => "R",
            Slot::B => "B",
            Slot::BL => "BL",
            Slot::BR => "BR",
        }
    }
    /// The slot's name in `lang`: its letters in English, its word in Japanese.
    pub fn label(self, lang: Lang) -> String {
        catalog::t!(lang, "senbat-slot", slot = self.name())
    }
    pub fn parse(s: &str) -> Option<Slot> {
        Some(match s.to_ascii_uppercase().as_str() {
            "C" => Slot::C,
            "F" => Slot::F,
            "FL" => Slot::FL,
            "FR" => Slot::FR,
            "L" => Slot::L,
            "R" => Slot::R,
            "B" => Slot::B,
            "BL" => Slot::BL,
            "BR" => Slot::BR,
            _ => return None,
        })
    }
}

/// Checks a formation (spec §4.5): distinct troop slots, F excludes FL/FR, B excludes BL/BR, no C.
pub fn formation_ok(slots: &[Slot]) -> Result<(), &'static str> {
    let mut seen = Vec::new();
    for s in slots {
        if *s == Slot::C {
            return Err("slot C is the core's own place");
        }
        if seen.contains(s) {
            return Err("a slot holds at most one card");
        }
        seen.push(*s);
    }
    let has = |s: Slot| seen.contains(&s);
    if has(Slot::F) && (has(Slot::FL) || has(Slot::FR)) {
        return Err("F excludes FL and FR");
    }
    if has(Slot::B) && (has(Slot::BL) || has(Slot::BR)) {
        return Err("B excludes BL and BR");
    }
    Ok(())
}

/// Action spaces in clockwise order.
pub const SPACES: [&str; 4] = ["MV", "SH", "CH", "RD"];
pub const MV: usize = 0;
pub const SH: usize = 1;
pub const CH: usize = 2;
pub const RD: usize = 3;

pub fn space_index(s: &str) -> Option<usize> {
    SPACES.iter().position(|x| x.eq_ignore_ascii_case(s))
}

/// Quick-start organisation and pose, south frame (spec §3.5): (core, x, y, heading, slots).
pub struct QuickSonae {
    pub core: &'static str,
    pub x: f64,
    pub y: f64,
    pub slots: &'static [(Slot, &'static str)],
}

pub static QUICKSTART: [[QuickSonae; 4]; 2] = [
    [
        QuickSonae { core: "OG2", x: 100.0, y: 110.0, slots: &[(Slot::FL, "OC1"), (Slot::FR, "OC2")] },
        QuickSonae {
            core: "OG1",
            x: 290.0,
            y: 110.0,
            slots: &[(Slot::FL, "OP1"), (Slot::FR, "OP2"), (Slot::B, "OA1")],
        },
        QuickSonae { core: "OH", x: 450.0, y: 110.0, slots: &[(Slot::F, "OM3"), (Slot::B, "OP4")] },
        QuickSonae {
            core: "OG3",
            x: 620.0,
            y: 110.0,
            slots: &[(Slot::FL, "OM1"), (Slot::FR, "OM2"), (Slot::B, "OP3")],
        },
    ],
    [
        QuickSonae {
            core: "TG1",
            x: 100.0,
            y: 110.0,
            slots: &[(Slot::FL, "TC1"), (Slot::FR, "TC2"), (Slot::B, "TC3")],
        },
        QuickSonae {
            core: "TG2",
            x: 290.0,
            y: 110.0,
            slots: &[(Slot::FL, "TP1"), (Slot::FR, "TP2"), (Slot::B, "TA1")],
        },
        QuickSonae { core: "TH", x: 450.0, y: 110.0, slots: &[(Slot::F, "TM1"), (Slot::B, "TA3")] },
        QuickSonae { core: "TG3", x: 600.0, y: 110.0, slots: &[(Slot::F, "TP3"), (Slot::B, "TA2")] },
    ],
];
