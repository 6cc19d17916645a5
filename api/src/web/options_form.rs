//! The new-game form's options: one labelled control per creation option of the chosen game, read from the
//! game's options schema (the same description the API publishes in `openapi.yaml`), so that an option a game
//! gains appears on the page without a second list to keep. A yes-or-no option is a checkbox, a number a
//! number field within the schema's bounds, one of named values a drop-down list, and a list of named values
//! (uosao's colours) one drop-down list per seat. What each option and each value is called, and what it
//! does, comes from the catalogs: `new-game-option-<game>-<option>` (its name),
//! `…-<option>-about` (what it does) and `…-<option>-<value>` (each value, where the option has named values).
//!
//! The answers are read back into the options object of the create request, checked against the same bounds
//! and values; a wrong one comes back as a refusal that names the option in the reader's language. The game
//! itself judges the rest (`setup`), as it does for the API.

use std::collections::HashMap;

use maud::{Markup, html};
use serde_json::{Map, Value};
use shared::Lang;
use shared::registry::DynGame;

use crate::error::{ApiError, ApiResult};

/// How an option is asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Control {
    /// Yes or no: a checkbox.
    Switch,
    /// A whole number within the schema's bounds; an `optional` one may be left empty (the game's default,
    /// which for some options is chance).
    Number { min: Option<i64>, max: Option<i64>, optional: bool },
    /// One of `values`; an `optional` option may also be left to the game.
    Choice { values: Vec<String>, optional: bool },
    /// One of `values` for each seat, in seat order, or none at all (the game's default).
    PerSeat { values: Vec<String> },
}

/// One creation option of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionField {
    /// The member's name in the options object.
    pub name: String,
    pub control: Control,
    /// The value of the standard game.
    pub default: Value,
}

/// The options of `game`, in the order of its schema. An option whose shape none of the controls asks for is
/// left out (the game's default applies); `every_option_of_every_game_has_a_control` keeps that list empty.
pub fn fields_of(game: &dyn DynGame) -> Vec<OptionField> {
    described(game)
        .into_iter()
        .filter_map(|(name, control, default)| Some(OptionField { name, control: control?, default }))
        .collect()
}

/// Every option of `game` with its control, if one fits.
fn described(game: &dyn DynGame) -> Vec<(String, Option<Control>, Value)> {
    let schemas = game.schemas();
    let components: HashMap<String, Value> = schemas
        .components
        .iter()
        .map(|(name, schema)| (name.clone(), serde_json::to_value(schema).unwrap_or(Value::Null)))
        .collect();
    let defaults = game.default_options();
    let Some(Value::Object(properties)) = components.get(&schemas.options).and_then(|o| o.get("properties")).cloned()
    else {
        return Vec::new();
    };
    properties
        .into_iter()
        .map(|(name, schema)| {
            let default = defaults.get(&name).cloned().unwrap_or(Value::Null);
            (name, control_of(&schema, &components), default)
        })
        .collect()
}

/// The schema `schema` names, once: a `$ref` is looked up among the game's components.
fn resolved<'a>(schema: &'a Value, components: &'a HashMap<String, Value>) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => components.get(reference.rsplit('/').next().unwrap_or_default()).unwrap_or(&Value::Null),
        None => schema,
    }
}

/// The types a schema allows (`type: integer` or `type: [integer, 'null']`).
fn types_of(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// The named values of a string enumeration.
fn named_values(schema: &Value) -> Option<Vec<String>> {
    if !types_of(schema).contains(&"string") {
        return None;
    }
    let values: Vec<String> =
        schema.get("enum")?.as_array()?.iter().filter_map(|v| v.as_str().map(String::from)).collect();
    (!values.is_empty()).then_some(values)
}

fn control_of(schema: &Value, components: &HashMap<String, Value>) -> Option<Control> {
    let schema = resolved(schema, components);
    if let Some(Value::Array(alternatives)) = schema.get("oneOf") {
        let optional = alternatives.iter().any(|a| types_of(a) == ["null"]);
        let mut named = alternatives.iter().filter(|a| types_of(a) != ["null"]);
        let (Some(only), None) = (named.next(), named.next()) else { return None };
        return match control_of(only, components)? {
            Control::Choice { values, .. } => Some(Control::Choice { values, optional }),
            _ => None,
        };
    }
    let types = types_of(schema);
    let optional = types.contains(&"null");
    let bound = |key: &str| schema.get(key).and_then(Value::as_i64);
    match types.iter().find(|t| **t != "null").copied() {
        Some("boolean") if !optional => Some(Control::Switch),
        Some("integer") => Some(Control::Number { min: bound("minimum"), max: bound("maximum"), optional }),
        Some("string") => named_values(schema).map(|values| Control::Choice { values, optional }),
        Some("array") => {
            let items = resolved(schema.get("items")?, components);
            named_values(items).map(|values| Control::PerSeat { values })
        }
        _ => None,
    }
}

/// A name as it appears in a message id: lower case, words joined by `-`.
fn id_part(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect()
}

/// The message id of an option's name (`suffix` empty), explanation (`about`) or value.
pub fn message_id(slug: &str, option: &str, suffix: &str) -> String {
    let base = format!("new-game-option-{}-{}", id_part(slug), id_part(option));
    if suffix.is_empty() { base } else { format!("{base}-{}", id_part(suffix)) }
}

/// The form field of an option (and of one seat's value of a per-seat option).
fn field_name(option: &str) -> String {
    format!("option-{option}")
}

fn seat_field_name(option: &str, seat: u8) -> String {
    format!("option-{option}-{seat}")
}

/// The value `default` as the form writes it.
fn as_form_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The options fieldset of `game`, with the values of `form` when the page comes back with a refusal (then
/// `form` holds what was sent, and an unticked box is absent from it), else the standard game's.
pub fn fieldset(lang: Lang, game: &dyn DynGame, form: &HashMap<String, String>) -> Markup {
    let slug = game.slug();
    let fields = fields_of(game);
    let returned = form.contains_key("slug");
    let sent = |name: &str, default: &Value| -> String {
        if returned { form.get(name).cloned().unwrap_or_default() } else { as_form_text(default) }
    };
    let label = |option: &str| catalog::text(lang, &message_id(slug, option, ""));
    let about = |option: &str| catalog::text(lang, &message_id(slug, option, "about"));
    let value_words = |option: &str, value: &str| catalog::text(lang, &message_id(slug, option, value));
    html! {
        @if !fields.is_empty() {
            fieldset.options {
                legend { (catalog::t!(lang, "new-game-options")) }
                p.hint { (catalog::t!(lang, "new-game-options-standard")) }
                @for field in &fields {
                    @let name = field_name(&field.name);
                    @let hint = format!("{name}-about");
                    div.option {
                        @match &field.control {
                            Control::Switch => {
                                @let checked = if returned { form.contains_key(&name) } else { field.default == Value::Bool(true) };
                                div.check {
                                    input type="checkbox" id=(name) name=(name) value="on" checked[checked] aria-describedby=(hint);
                                    label for=(name) { (label(&field.name)) }
                                }
                            }
                            Control::Number { min, max, optional } => {
                                label for=(name) { (label(&field.name)) }
                                input.number type="number" id=(name) name=(name) inputmode="numeric" step="1"
                                    min=[min] max=[max] required[!optional] aria-describedby=(hint)
                                    value=(sent(&name, &field.default));
                            }
                            Control::Choice { values, optional } => {
                                @let chosen = sent(&name, &field.default);
                                label for=(name) { (label(&field.name)) }
                                select id=(name) name=(name) aria-describedby=(hint) {
                                    @if *optional {
                                        option value="" selected[chosen.is_empty()] { (value_words(&field.name, "unset")) }
                                    }
                                    @for value in values {
                                        option value=(value) selected[chosen == *value] { (value_words(&field.name, value)) }
                                    }
                                }
                            }
                            Control::PerSeat { values } => {
                                @let sent_for_seat = |seat: u8| -> String {
                                    let default = field.default.get(seat as usize).cloned().unwrap_or(Value::Null);
                                    sent(&seat_field_name(&field.name, seat), &default)
                                };
                                fieldset.per-seat aria-describedby=(hint) {
                                    legend { (label(&field.name)) }
                                    @for seat in 0..game.info().max_seats {
                                        @let seat_name = seat_field_name(&field.name, seat);
                                        @let chosen = sent_for_seat(seat);
                                        div.seat-value {
                                            label for=(seat_name) { (catalog::t!(lang, "web-seat-number", number = seat + 1)) }
                                            select id=(seat_name) name=(seat_name) {
                                                option value="" selected[chosen.is_empty()] { (value_words(&field.name, "unset")) }
                                                @for value in values {
                                                    option value=(value) selected[chosen == *value] { (value_words(&field.name, value)) }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                        p.hint id=(hint) { (about(&field.name)) }
                    }
                }
            }
        }
    }
}

/// A refusal of the options as the form sent them: code `bad_options`, the reason in every language.
fn refused(text: impl Fn(Lang) -> String) -> ApiError {
    ApiError::unprocessable("bad_options", String::new()).described_by(text)
}

/// The options object the form asks for, for a game whose seats are the form's seats `taken` (in order; a
/// per-seat option has one value for each). Null when every option is at the standard game's value, so that
/// the game is created exactly as the API's standard game.
pub fn read(game: &dyn DynGame, form: &HashMap<String, String>, taken: &[u8]) -> ApiResult<Value> {
    let slug = game.slug();
    let mut options = Map::new();
    for field in fields_of(game) {
        let name = field_name(&field.name);
        let label = |lang: Lang| catalog::text(lang, &message_id(slug, &field.name, ""));
        // A field the form did not send at all keeps the standard game's value (a box left unticked is not
        // sent either, and means no).
        let sent = form.get(&name).map(|t| t.trim());
        let value = match (&field.control, sent) {
            (Control::Switch, _) => Value::Bool(sent.is_some()),
            (Control::Number { .. } | Control::Choice { .. }, None) => continue,
            (Control::Number { min, max, optional }, Some(text)) => {
                if text.is_empty() {
                    if !optional {
                        return Err(refused(|lang| {
                            catalog::t!(lang, "new-game-option-needs-a-number", option = label(lang))
                        }));
                    }
                    Value::Null
                } else {
                    let number = text
                        .parse::<i64>()
                        .ok()
                        .filter(|n| min.is_none_or(|min| *n >= min) && max.is_none_or(|max| *n <= max));
                    let Some(number) = number else {
                        let allowed = |lang: Lang| match (min, max) {
                            (Some(min), Some(max)) => {
                                catalog::t!(lang, "new-game-option-from-to", min = *min, max = *max)
                            }
                            (Some(min), None) => catalog::t!(lang, "new-game-option-at-least", min = *min),
                            (None, Some(max)) => catalog::t!(lang, "new-game-option-at-most", max = *max),
                            (None, None) => catalog::t!(lang, "new-game-option-any-whole-number"),
                        };
                        return Err(refused(|lang| {
                            catalog::t!(
                                lang,
                                "new-game-option-not-a-number",
                                option = label(lang),
                                value = text,
                                allowed = allowed(lang)
                            )
                        }));
                    };
                    Value::from(number)
                }
            }
            (Control::Choice { values, optional }, Some(text)) => {
                if text.is_empty() && *optional {
                    Value::Null
                } else {
                    Value::String(chosen_value(slug, &field.name, values, text)?)
                }
            }
            (Control::PerSeat { values }, _) => {
                let chosen: Vec<&str> = taken
                    .iter()
                    .map(|seat| form.get(&seat_field_name(&field.name, *seat)).map(|t| t.trim()).unwrap_or(""))
                    .collect();
                if chosen.iter().all(|c| c.is_empty()) {
                    Value::Null
                } else if chosen.iter().any(|c| c.is_empty()) {
                    return Err(refused(|lang| {
                        catalog::t!(lang, "new-game-option-every-seat-or-none", option = label(lang))
                    }));
                } else {
                    Value::Array(
                        chosen
                            .into_iter()
                            .map(|c| chosen_value(slug, &field.name, values, c).map(Value::String))
                            .collect::<ApiResult<_>>()?,
                    )
                }
            }
        };
        if value != field.default {
            options.insert(field.name.clone(), value);
        }
    }
    Ok(if options.is_empty() { Value::Null } else { Value::Object(options) })
}

/// `text` if it is one of `values`, else a refusal naming the option.
fn chosen_value(slug: &str, option: &str, values: &[String], text: &str) -> ApiResult<String> {
    if values.iter().any(|v| v == text) {
        return Ok(text.to_string());
    }
    Err(refused(|lang| {
        catalog::t!(
            lang,
            "new-game-option-not-a-choice",
            option = catalog::text(lang, &message_id(slug, option, "")),
            value = text
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::registry;

    #[test]
    fn every_option_of_every_game_has_a_control_and_words_in_every_language() {
        for game in registry::games() {
            let slug = game.slug();
            for (name, control, _) in described(*game) {
                let control = control.unwrap_or_else(|| panic!("{slug}: option `{name}` has no control on the page"));
                let mut ids = vec![message_id(slug, &name, ""), message_id(slug, &name, "about")];
                match control {
                    Control::Choice { values, optional } => {
                        ids.extend(values.iter().map(|v| message_id(slug, &name, v)));
                        if optional {
                            ids.push(message_id(slug, &name, "unset"));
                        }
                    }
                    Control::PerSeat { values } => {
                        ids.extend(values.iter().map(|v| message_id(slug, &name, v)));
                        ids.push(message_id(slug, &name, "unset"));
                    }
                    Control::Switch | Control::Number { .. } => {}
                }
                for id in ids {
                    assert!(catalog::has(&id), "{slug}: no message `{id}`");
                }
            }
        }
    }

    #[test]
    fn the_controls_follow_the_schema() {
        let controls = |slug: &str| -> Vec<(String, Control)> {
            fields_of(registry::game(slug).unwrap()).into_iter().map(|f| (f.name, f.control)).collect()
        };
        let senbat = controls("senbat");
        assert!(senbat.contains(&("quickstart".into(), Control::Switch)), "{senbat:?}");
        assert!(senbat.contains(&("turn_limit".into(), Control::Number { min: Some(0), max: None, optional: true })));
        let suriagehara = controls("suriagehara");
        assert!(
            suriagehara.contains(&("turns".into(), Control::Number { min: Some(6), max: Some(12), optional: false }))
        );
        let uosao = controls("uosao");
        assert!(
            uosao
                .iter()
                .any(|(name, c)| name == "colours" && matches!(c, Control::PerSeat { values } if values.len() == 5)),
            "{uosao:?}"
        );
        assert!(uosao.contains(&(
            "caught_card".into(),
            Control::Choice { values: vec!["counts".into(), "ignored".into()], optional: false }
        )));
    }

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn the_standard_game_reads_as_null_and_changes_as_members() {
        let suriagehara = registry::game("suriagehara").unwrap();
        let standard =
            form(&[("slug", "suriagehara"), ("option-turns", "8"), ("option-first_move", "no_unit_rearward")]);
        assert_eq!(read(suriagehara, &standard, &[0, 1]).unwrap(), Value::Null);
        let changed =
            form(&[("slug", "suriagehara"), ("option-turns", "10"), ("option-supreme_commander", "carrier_lost")]);
        assert_eq!(
            read(suriagehara, &changed, &[0, 1]).unwrap(),
            serde_json::json!({"turns": 10, "supreme_commander": "carrier_lost"})
        );
        let uosao = registry::game("uosao").unwrap();
        let colours = form(&[("option-colours-0", "GRN"), ("option-colours-2", "RED"), ("option-colours-3", "BLU")]);
        assert_eq!(read(uosao, &colours, &[0, 2, 3]).unwrap(), serde_json::json!({"colours": ["GRN", "RED", "BLU"]}));
    }

    #[test]
    fn wrong_values_are_refused_by_the_options_name() {
        let suriagehara = registry::game("suriagehara").unwrap();
        for turns in ["13", "eight", "5", ""] {
            let e = read(suriagehara, &form(&[("option-turns", turns)]), &[0, 1]).unwrap_err();
            assert_eq!(e.code, "bad_options");
            assert!(e.detail_in(Lang::Ja).contains("ターン"), "{}", e.detail_in(Lang::Ja));
            assert!(!e.detail_in(Lang::En).contains("JSON"), "{}", e.detail_in(Lang::En));
        }
        let e =
            read(suriagehara, &form(&[("option-turns", "8"), ("option-first_move", "sideways")]), &[0, 1]).unwrap_err();
        assert!(e.detail_in(Lang::En).contains("sideways"), "{}", e.detail_in(Lang::En));
        let uosao = registry::game("uosao").unwrap();
        let e = read(uosao, &form(&[("option-colours-0", "GRN")]), &[0, 1, 2]).unwrap_err();
        assert_eq!(e.code, "bad_options");
    }
}
