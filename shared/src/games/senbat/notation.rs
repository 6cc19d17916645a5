//! The ASCII command notation of spec §4.8: parsing (case-insensitive, lenient about spaces around
//! commas) and canonical printing. Kept apart from the rules, as shakmaty keeps SAN apart from `Position`.

use super::action::Action;
use super::data::{self, SPACES, Slot};
use super::state::StockPolicy;

pub const HELP_EN: &str = "notation: `sonae quickstart` | `sonae OG1: OP1 OP2; OG2: OC1` | `deploy OG1 at 290,110 h0 form FL=OP1,FR=OP2` | `deploy quickstart` | `deploy-reset` | `deploy-forfeit OG3` | `tokens MV=1 SH=1 CH=1 RD=1` | `move OG1 [form FL=OP1,...] [rot -30] fwd 1` | `move OG1 back 1` | `shoot OG3 [rot +5] [fire OM1>TG3,OM2>TP3]` | `charge OG2 2` | `recover [OP1]` | `defend` | `end` | `targets OP1>TP1,...` | `stock use|no` | `kenkon no|use RD` | `senkyo take CH put MV` | `heal OP1` | `policy stock ask|never|min N` | `policy kenkon ask|never`";
pub const HELP_JA: &str = "記法: `sonae quickstart` | `sonae OG1: OP1 OP2; OG2: OC1` | `deploy OG1 at 290,110 h0 form FL=OP1,FR=OP2` | `deploy quickstart` | `deploy-reset` | `deploy-forfeit OG3` | `tokens MV=1 SH=1 CH=1 RD=1` | `move OG1 [form FL=OP1,...] [rot -30] fwd 1` | `move OG1 back 1` | `shoot OG3 [rot +5] [fire OM1>TG3,OM2>TP3]` | `charge OG2 2` | `recover [OP1]` | `defend` | `end` | `targets OP1>TP1,...` | `stock use|no` | `kenkon no|use RD` | `senkyo take CH put MV` | `heal OP1` | `policy stock ask|never|min N` | `policy kenkon ask|never`";

fn card(s: &str) -> Result<String, String> {
    data::card_index(s).map(|i| data::CARDS[i].id.to_string()).ok_or_else(|| format!("unknown card `{s}`"))
}

fn space(s: &str) -> Result<usize, String> {
    data::space_index(s).ok_or_else(|| format!("unknown space `{s}` (MV, SH, CH or RD)"))
}

fn num<T: std::str::FromStr>(s: &str, what: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|_| format!("`{s}` is not a valid {what}"))
}

fn pairs(s: &str) -> Result<Vec<(String, String)>, String> {
    s.split(',')
        .filter(|x| !x.trim().is_empty())
        .map(|p| {
            let (a, b) = p.split_once('>').ok_or_else(|| format!("`{p}` should look like A>B"))?;
            Ok((card(a.trim())?, card(b.trim())?))
        })
        .collect()
}

fn form(s: &str) -> Result<Vec<(Slot, String)>, String> {
    s.split(',')
        .filter(|x| !x.trim().is_empty())
        .map(|p| {
            let (a, b) = p.split_once('=').ok_or_else(|| format!("`{p}` should look like SLOT=CARD"))?;
            let sl = Slot::parse(a.trim())
                .filter(|s| *s != Slot::C)
                .ok_or_else(|| format!("unknown slot `{a}` (F FL FR L R B BL BR)"))?;
            Ok((sl, card(b.trim())?))
        })
        .collect()
}

fn rot(s: &str) -> Result<i32, String> {
    let v: i32 = num(s.trim_start_matches('+'), "rotation")?;
    if v.abs() > 90 {
        return Err("rotation is -90..+90".into());
    }
    Ok(v)
}

/// Parses one command.
pub fn parse(text: &str) -> Result<Action, String> {
    let text = text.split('#').next().unwrap_or("").trim();
    // Glue "a , b" and "a> b" so that lists are single words.
    let mut glued = String::new();
    for ch in text.chars() {
        if matches!(ch, ',' | '>' | '=' | ';' | ':') {
            while glued.ends_with(' ') {
                glued.pop();
            }
        }
        if ch.is_whitespace()
            && (glued.ends_with(',') || glued.ends_with('>') || glued.ends_with('=') || glued.is_empty())
        {
            continue;
        }
        glued.push(ch);
    }
    let words: Vec<&str> = glued.split_whitespace().collect();
    let Some(head) = words.first() else { return Err("empty command".into()) };
    let head = head.to_ascii_lowercase();
    let w = |i: usize| words.get(i).map(|s| s.to_ascii_lowercase()).unwrap_or_default();
    let rest = &words[1..];
    let a = match head.as_str() {
        "sonae" => {
            if w(1) == "quickstart" && words.len() == 2 {
                Action::OrganiseQuick
            } else {
                let joined = rest.join(" ");
                let mut sonae = Vec::new();
                for part in joined.split(';').filter(|p| !p.trim().is_empty()) {
                    let (core, troops) =
                        part.split_once(':').ok_or_else(|| format!("`{part}` should look like CORE: CARD CARD"))?;
                    let troops = troops
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|t| !t.is_empty())
                        .map(card)
                        .collect::<Result<Vec<_>, _>>()?;
                    sonae.push((card(core.trim())?, troops));
                }
                Action::Organise { sonae }
            }
        }
        "deploy" => {
            if w(1) == "quickstart" {
                Action::DeployQuick
            } else {
                let core = card(words.get(1).ok_or("deploy needs a core")?)?;
                if w(2) != "at" {
                    return Err("expected `at X,Y`".into());
                }
                let (xs, ys) =
                    w(3).split_once(',').map(|(a, b)| (a.to_string(), b.to_string())).ok_or("expected `at X,Y`")?;
                let (x, y): (f64, f64) = (num(&xs, "x")?, num(&ys, "y")?);
                let mut i = 4;
                let htxt = w(i);
                let h: i32 = if htxt == "h" {
                    i += 1;
                    num(&w(i), "heading")?
                } else {
                    num(htxt.trim_start_matches('h'), "heading")?
                };
                i += 1;
                let f = if w(i) == "form" {
                    form(&w(i + 1))?
                } else if words.len() > i {
                    return Err(format!("unexpected `{}`", w(i)));
                } else {
                    Vec::new()
                };
                Action::Deploy { core, x, y, h, form: f }
            }
        }
        "deploy-reset" => Action::DeployReset,
        "deploy-forfeit" => Action::DeployForfeit { core: card(words.get(1).ok_or("deploy-forfeit needs a core")?)? },
        "tokens" => {
            let mut counts = [0u8; 4];
            for t in rest.join(",").split(',').filter(|t| !t.is_empty()) {
                let (k, v) = t.split_once('=').ok_or_else(|| format!("`{t}` should look like MV=1"))?;
                counts[space(k)?] = num(v, "count")?;
            }
            Action::Tokens { counts }
        }
        "move" => {
            let sonae = card(words.get(1).ok_or("move needs a sonae")?)?;
            let mut i = 2;
            let mut f = None;
            let mut r = 0;
            if w(i) == "form" {
                f = Some(form(&w(i + 1))?);
                i += 2;
            }
            if w(i) == "rot" {
                r = rot(&w(i + 1))?;
                i += 2;
            }
            let back = match w(i).as_str() {
                "fwd" | "forward" => false,
                "back" | "backward" => true,
                other => return Err(format!("expected `fwd J` or `back J`, found `{other}`")),
            };
            let j: u8 = num(&w(i + 1), "distance")?;
            if words.len() > i + 2 {
                return Err(format!("unexpected `{}`", w(i + 2)));
            }
            Action::Move { sonae, form: f, rot: r, back, j }
        }
        "shoot" => {
            let sonae = card(words.get(1).ok_or("shoot needs a sonae")?)?;
            let mut i = 2;
            let mut r = 0;
            let mut fire = Vec::new();
            if w(i) == "rot" {
                r = rot(&w(i + 1))?;
                i += 2;
            }
            if w(i) == "fire" {
                fire = pairs(&w(i + 1))?;
                i += 2;
            }
            if words.len() > i {
                return Err(format!("unexpected `{}`", w(i)));
            }
            Action::Shoot { sonae, rot: r, fire }
        }
        "charge" => {
            Action::Charge { sonae: card(words.get(1).ok_or("charge needs a sonae")?)?, j: num(&w(2), "distance")? }
        }
        "recover" => Action::Recover { card: words.get(1).map(|c| card(c)).transpose()? },
        "defend" => Action::Defend,
        "end" => Action::End,
        "targets" => Action::Targets { pairs: pairs(&rest.join(","))? },
        "stock" => match w(1).as_str() {
            "use" | "yes" => Action::Stock { use_it: true },
            "no" => Action::Stock { use_it: false },
            _ => return Err("expected `stock use` or `stock no`".into()),
        },
        "kenkon" => match w(1).as_str() {
            "no" => Action::Kenkon { space: None },
            "use" => Action::Kenkon { space: Some(space(&w(2))?) },
            _ => return Err("expected `kenkon no` or `kenkon use SPACE`".into()),
        },
        "senkyo" => {
            if w(1) != "take" || w(3) != "put" {
                return Err("expected `senkyo take SPACE put SPACE`".into());
            }
            Action::Senkyo { take: space(&w(2))?, put: space(&w(4))? }
        }
        "heal" => Action::Heal { card: card(words.get(1).ok_or("heal needs a card")?)? },
        "policy" => match (w(1).as_str(), w(2).as_str()) {
            ("stock", "ask") => Action::PolicyStock { policy: StockPolicy::Ask },
            ("stock", "never") => Action::PolicyStock { policy: StockPolicy::Never },
            ("stock", "min") => Action::PolicyStock { policy: StockPolicy::Min(num(&w(3), "count")?) },
            ("kenkon", "ask") => Action::PolicyKenkon { never: false },
            ("kenkon", "never") => Action::PolicyKenkon { never: true },
            _ => return Err("expected `policy stock ask|never|min N` or `policy kenkon ask|never`".into()),
        },
        other => return Err(format!("unknown command `{other}`")),
    };
    Ok(a)
}

fn print_pairs(p: &[(String, String)]) -> String {
    p.iter().map(|(a, b)| format!("{a}>{b}")).collect::<Vec<_>>().join(",")
}

fn print_form(f: &[(Slot, String)]) -> String {
    f.iter().map(|(s, c)| format!("{}={}", s.name(), c)).collect::<Vec<_>>().join(",")
}

fn print_rot(r: i32) -> String {
    format!("{r:+}")
}

/// A Japanese rendering of an execution for the log (spec §4.9, display only).
pub fn print_ja(a: &Action) -> String {
    let name = |id: &str| data::card_index(id).map_or(id.to_string(), |i| format!("{}備え", data::CARDS[i].name_ja));
    let rot = |r: i32| if r > 0 { format!("右{r}°") } else { format!("左{}°", -r) };
    let mut parts = Vec::new();
    match a {
        Action::Move { sonae, form, rot: r, back, j } => {
            parts.push(format!("移動 {}:", name(sonae)));
            if let Some(f) = form.as_ref().filter(|f| !f.is_empty()) {
                let f: Vec<String> = f.iter().map(|(s, c)| format!("{}={}", s.name_ja(), c)).collect();
                parts.push(format!("隊形 {}", f.join(" ")));
            }
            if *r != 0 {
                parts.push(rot(*r));
            }
            parts.push(format!("{}{j}短辺", if *back { "後退" } else { "前進" }));
        }
        Action::Shoot { sonae, rot: r, fire } => {
            parts.push(format!("射撃 {}:", name(sonae)));
            if *r != 0 {
                parts.push(rot(*r));
            }
            for (x, y) in fire {
                parts.push(format!("射撃 {x}→{y}"));
            }
        }
        Action::Charge { sonae, j } => parts.push(format!("突撃 {}: 前進{j}短辺", name(sonae))),
        Action::Recover { card } => {
            parts.push(format!("回復{}", card.as_ref().map(|c| format!(" {c}")).unwrap_or_default()))
        }
        Action::Defend => parts.push("防御".to_string()),
        other => parts.push(print(other)),
    }
    parts.join(" / ").replacen(": / ", ": ", 1)
}

/// The canonical notation of an action.
pub fn print(a: &Action) -> String {
    match a {
        Action::Organise { sonae } => {
            let parts: Vec<String> = sonae
                .iter()
                .map(|(c, t)| if t.is_empty() { format!("{c}:") } else { format!("{c}: {}", t.join(" ")) })
                .collect();
            format!("sonae {}", parts.join("; "))
        }
        Action::OrganiseQuick => "sonae quickstart".into(),
        Action::Deploy { core, x, y, h, form } => {
            let mut s = format!("deploy {core} at {x},{y} h{h}");
            if !form.is_empty() {
                s.push_str(&format!(" form {}", print_form(form)));
            }
            s
        }
        Action::DeployQuick => "deploy quickstart".into(),
        Action::DeployReset => "deploy-reset".into(),
        Action::DeployForfeit { core } => format!("deploy-forfeit {core}"),
        Action::Tokens { counts } => {
            format!("tokens MV={} SH={} CH={} RD={}", counts[0], counts[1], counts[2], counts[3])
        }
        Action::Move { sonae, form, rot, back, j } => {
            let mut s = format!("move {sonae}");
            if let Some(f) = form.as_ref().filter(|f| !f.is_empty()) {
                s.push_str(&format!(" form {}", print_form(f)));
            }
            if *rot != 0 {
                s.push_str(&format!(" rot {}", print_rot(*rot)));
            }
            s.push_str(&format!(" {} {j}", if *back { "back" } else { "fwd" }));
            s
        }
        Action::Shoot { sonae, rot, fire } => {
            let mut s = format!("shoot {sonae}");
            if *rot != 0 {
                s.push_str(&format!(" rot {}", print_rot(*rot)));
            }
            if !fire.is_empty() {
                s.push_str(&format!(" fire {}", print_pairs(fire)));
            }
            s
        }
        Action::Charge { sonae, j } => format!("charge {sonae} {j}"),
        Action::Recover { card } => match card {
            Some(c) => format!("recover {c}"),
            None => "recover".into(),
        },
        Action::Defend => "defend".into(),
        Action::End => "end".into(),
        Action::Targets { pairs } => format!("targets {}", print_pairs(pairs)),
        Action::Stock { use_it } => format!("stock {}", if *use_it { "use" } else { "no" }),
        Action::Kenkon { space } => match space {
            Some(s) => format!("kenkon use {}", SPACES[*s]),
            None => "kenkon no".into(),
        },
        Action::Senkyo { take, put } => format!("senkyo take {} put {}", SPACES[*take], SPACES[*put]),
        Action::Heal { card } => format!("heal {card}"),
        Action::PolicyStock { policy } => match policy {
            StockPolicy::Ask => "policy stock ask".into(),
            StockPolicy::Never => "policy stock never".into(),
            StockPolicy::Min(n) => format!("policy stock min {n}"),
        },
        Action::PolicyKenkon { never } => format!("policy kenkon {}", if *never { "never" } else { "ask" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_spec_examples() {
        for t in [
            "move OG1 form FL=OP1,FR=OP2,B=OA1 rot -30 fwd 1",
            "move OG2 rot +15 fwd 2",
            "move OG1 back 1",
            "shoot OG3 rot +5 fire OM1>TG3,OM2>TP3",
            "shoot OG1",
            "charge TG1 2",
            "recover OP1",
            "defend",
            "end",
            "deploy OG1 at 290,110 h0 form FL=OP1,FR=OP2,B=OA1",
            "deploy OG1 at 300,113.5 h0 form FL=OP1,FR=OP2,B=OA1",
            "tokens MV=1 SH=1 CH=1 RD=1",
            "targets OP1>TP1,OG1>TP1",
            "stock use",
            "kenkon use RD",
            "kenkon no",
            "senkyo take RD put SH",
            "heal OP1",
            "policy stock min 2",
            "policy stock never",
            "policy stock ask",
            "policy kenkon never",
            "policy kenkon ask",
            "sonae quickstart",
            "sonae OH: OM3 OP4; OG1: OP1 OP2 OA1; OG2: OC1 OC2; OG3: OM1 OM2 OP3",
            "deploy quickstart",
            "deploy-reset",
            "deploy-forfeit OG3",
        ] {
            let a = parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(print(&a), t, "canonical form");
            assert_eq!(parse(&print(&a)).unwrap(), a);
        }
    }

    #[test]
    fn lenient_variants() {
        assert_eq!(parse("MOVE og1 ROT 0 FWD 1").unwrap(), parse("move OG1 fwd 1").unwrap());
        assert_eq!(
            parse("deploy og1 at 300, 113.5 h 0 form FL = OP1, FR=OP2").unwrap(),
            parse("deploy OG1 at 300,113.5 h0 form FL=OP1,FR=OP2").unwrap()
        );
        assert_eq!(
            parse("shoot OG3 fire OM1 > TG3, OM2>TG3 # both").unwrap(),
            parse("shoot OG3 fire OM1>TG3,OM2>TG3").unwrap()
        );
        assert!(parse("move OG1 fwd").is_err());
        assert!(parse("move OG1 rot 91 fwd 1").is_err());
        assert!(parse("fly OG1").is_err());
    }
}
