//! Checks for the text people send: lengths, invisible, control and bidirectional-override characters, and
//! the syntax of email addresses. Everything here is refused with a 422 naming the field and what is allowed, so that
//! nothing a client types can break an email header, a terminal or the server.

use crate::error::{ApiError, ApiResult};

/// RFC 5321: 254 characters in a forward path, 64 in the local part, 63 in a domain label.
pub const MAX_EMAIL_CHARS: usize = 254;
const MAX_LOCAL_CHARS: usize = 64;
const MAX_LABEL_CHARS: usize = 63;
/// The schema's `pattern` for an email address: what `is_email` checks but the lengths (`maxLength` says the
/// whole, `EMAIL_LOCAL_PART_PATTERN` the local part). `RegisterRequest.email` and the other addresses in
/// `shared::api_types` repeat it, since utoipa takes only literals; a test checks that they agree.
pub const EMAIL_PATTERN: &str = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";
/// The local part's limit, as a second pattern (in an `allOf` beside the first): one regex cannot count the
/// characters of a dot-separated part without a lookahead, which schema-driven generators cannot satisfy.
pub const EMAIL_LOCAL_PART_PATTERN: &str = "^[^@]{1,64}@";
pub const MAX_DISPLAY_NAME_CHARS: usize = 40;
/// Names of API tokens and signing keys.
pub const MAX_LABEL_NAME_CHARS: usize = 60;
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Long enough for any passphrase; short enough that hashing it costs nothing extra. Characters, not bytes,
/// as JSON Schema's `maxLength` counts.
pub const MAX_PASSWORD_CHARS: usize = 1024;

/// Characters that change how text is shown rather than being shown: C0 and C1 controls, DEL, and the
/// bidirectional embeddings, overrides, isolates and marks (a right-to-left override makes `exe.txt`
/// read as `txt.exe`).
pub fn is_invisible_control(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn describe(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// Characters a name may not hold (after the white space around it is trimmed), from Unicode's own tables
/// (ICU's data, the version the URL parser already builds on): controls, format characters (bidirectional
/// marks and overrides, zero-width spaces and joiners, the byte order mark, tag characters, …), line and
/// paragraph separators, private-use characters, and every Default_Ignorable_Code_Point (Hangul fillers,
/// variation selectors, …): what is invisible, reorders text or can pass one name off as another.
pub fn is_refused_in_names(c: char) -> bool {
    use icu_properties::props::{BidiControl, DefaultIgnorableCodePoint, GeneralCategory};
    use icu_properties::{CodePointMapData, CodePointSetData};
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
    ) || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || CodePointSetData::new::<BidiControl>().contains(c)
}

/// The refused characters as code point ranges, for the schema's `pattern` (worked out once).
fn refused_ranges() -> &'static [(u32, u32)] {
    static RANGES: std::sync::LazyLock<Vec<(u32, u32)>> = std::sync::LazyLock::new(compute_refused_ranges);
    &RANGES
}

fn compute_refused_ranges() -> Vec<(u32, u32)> {
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for c in (0..=0x10ffff).filter_map(char::from_u32) {
        if !is_refused_in_names(c) {
            continue;
        }
        let cp = u32::from(c);
        match ranges.last_mut() {
            Some((_, end)) if *end + 1 == cp => *end = cp,
            _ => ranges.push((cp, cp)),
        }
    }
    ranges
}

/// The white space `str::trim` removes (Unicode's White_Space property), as a character class body.
const TRIMMED: &str = r"\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// One code point in a character class: `\uXXXX` in the Basic Multilingual Plane, else the character itself
/// (ECMAScript's `\u{…}` and Python's `\U…` have no common spelling; every regex engine with Unicode strings
/// reads the character).
fn class_char(cp: u32) -> String {
    match char::from_u32(cp) {
        Some(c) if cp > 0xffff => c.to_string(),
        _ => format!("\\u{cp:04x}"),
    }
}

/// The schema's `pattern` for a name of at most `max` characters: exactly what [`display_name`] and
/// [`label`] accept, built from the same tables (a test holds the two together).
pub fn name_pattern(max: usize) -> String {
    let refused: String = refused_ranges()
        .iter()
        .map(|&(a, b)| if a == b { class_char(a) } else { format!("{}-{}", class_char(a), class_char(b)) })
        .collect();
    format!(
        "^[{TRIMMED}]*[^{TRIMMED}{refused}](?:[^{refused}]{{0,{inner}}}[^{TRIMMED}{refused}])?[{TRIMMED}]*$",
        inner = max - 2
    )
}

/// Sets the `pattern` of every name in the document (display names, token and key names) from
/// [`name_pattern`]: it is built from Unicode's tables, which an attribute's literal cannot be.
pub fn document_name_patterns(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{RefOr, Schema};
    let names = [
        ("RegisterRequest", "display_name", MAX_DISPLAY_NAME_CHARS),
        ("CreateTokenRequest", "name", MAX_LABEL_NAME_CHARS),
        ("RegisterKeyRequest", "name", MAX_LABEL_NAME_CHARS),
    ];
    let Some(components) = doc.components.as_mut() else { return };
    for (schema, property, max) in names {
        let Some(RefOr::T(Schema::Object(object))) = components.schemas.get_mut(schema) else {
            panic!("the document has the schema {schema}")
        };
        let Some(RefOr::T(Schema::Object(field))) = object.properties.get_mut(property) else {
            panic!("{schema} has the property {property}")
        };
        field.pattern = Some(name_pattern(max));
    }
}

/// The first refused character of a trimmed name, described for the error.
fn refused_in(what: &str, name: &str) -> ApiResult<()> {
    match name.chars().find(|c| is_refused_in_names(*c)) {
        Some(c) => {
            let kind = if c.is_control() { "control character" } else { "invisible or formatting character" };
            Err(ApiError::unprocessable(
                "bad_name",
                format!("the {what} contains the {kind} {}; use visible characters only", describe(c)),
            ))
        }
        None => Ok(()),
    }
}

/// A display name, trimmed: 1 to 40 characters, none of them refused ([`is_refused_in_names`]).
pub fn display_name(raw: &str) -> ApiResult<String> {
    let name = raw.trim();
    refused_in("display name", name)?;
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_DISPLAY_NAME_CHARS {
        return Err(ApiError::unprocessable(
            "bad_name",
            format!("the display name must have 1 to {MAX_DISPLAY_NAME_CHARS} characters (it has {chars})"),
        ));
    }
    Ok(name.to_string())
}

/// The name of a token or key, trimmed: 1 to 60 characters, none of them refused. `what` names it in the
/// error.
pub fn label(what: &str, raw: &str) -> ApiResult<String> {
    let name = raw.trim();
    refused_in(what, name)?;
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_LABEL_NAME_CHARS {
        return Err(ApiError::unprocessable(
            "bad_name",
            format!("the {what} must have 1 to {MAX_LABEL_NAME_CHARS} characters (it has {chars})"),
        ));
    }
    Ok(name.to_string())
}

/// A password: 8 to 1024 characters, no NUL (some systems truncate at it).
pub fn new_password(password: &str) -> ApiResult<()> {
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(ApiError::unprocessable(
            "weak_password",
            format!("the password must have at least {MIN_PASSWORD_CHARS} characters"),
        ));
    }
    if chars > MAX_PASSWORD_CHARS || password.contains('\0') {
        return Err(ApiError::unprocessable(
            "bad_password",
            format!("the password must have at most {MAX_PASSWORD_CHARS} characters and no NUL character"),
        ));
    }
    Ok(())
}

/// Whether `email` is an address in the common `local@domain.tld` form, with nothing around it: an ASCII
/// dot-atom local part (RFC 5322 atext; no quoted strings) of at most 64 characters and a DNS domain of two
/// or more ASCII labels (an internationalised domain in its `xn--` form). Every such address is one the mailer
/// (lettre) can send to; `EMAIL_PATTERN` says the same to clients.
pub fn is_email(email: &str) -> bool {
    if email.len() > MAX_EMAIL_CHARS || !email.is_ascii() {
        return false;
    }
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    let atext = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c);
    let local_ok = !local.is_empty()
        && local.len() <= MAX_LOCAL_CHARS
        && local.split('.').all(|atom| !atom.is_empty() && atom.chars().all(atext));
    let labels: Vec<&str> = domain.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= MAX_LABEL_CHARS
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    local_ok && labels.len() >= 2 && labels.iter().all(label_ok)
}

/// An email address, lower-cased; `field` names it in the error. Spaces around it are refused, not trimmed,
/// so that the schema's `maxLength` and `pattern` say exactly what is accepted.
pub fn email(field: &str, raw: &str) -> ApiResult<String> {
    if is_email(raw) {
        return Ok(raw.to_lowercase());
    }
    let shown: String = raw.trim().chars().take(80).filter(|c| !is_invisible_control(*c)).collect();
    let what = if raw.chars().count() > MAX_EMAIL_CHARS {
        format!("the {field} is longer than {MAX_EMAIL_CHARS} characters")
    } else if raw.trim() != raw && is_email(raw.trim()) {
        format!("the {field} `{shown}` has spaces around it")
    } else {
        format!("the {field} `{shown}` is not an email address")
    };
    Err(ApiError::unprocessable("bad_email", format!("{what}; use the form `name@example.com`")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_refuse_controls_and_bidi_overrides() {
        assert_eq!(display_name("  Alice  ").unwrap(), "Alice");
        assert_eq!(display_name("山田 太郎").unwrap(), "山田 太郎");
        for bad in ["a\nb", "a\rb", "\u{1b}]0;pwned\u{7}\u{1b}[2J", "a\0b", "abc\u{202e}txt", "x\u{2067}y", "\u{85}"] {
            assert_eq!(display_name(bad).unwrap_err().code, "bad_name", "{bad:?}");
        }
        assert_eq!(display_name("").unwrap_err().code, "bad_name");
        assert!(display_name(&"n".repeat(40)).is_ok());
        assert!(display_name(&"n".repeat(41)).is_err());
    }

    #[test]
    fn names_refuse_invisible_and_default_ignorable_characters() {
        // Zero-width space, joiner and no-break space (BOM), a line separator inside, tag characters, the
        // Hangul fillers, a variation selector, the soft hyphen, the combining grapheme joiner, Mongolian
        // and Khmer invisibles, word joiner, invisible times, private use, and an interlinear annotation.
        for c in [
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{feff}',
            '\u{2028}',
            '\u{2029}',
            '\u{e0001}',
            '\u{e0041}',
            '\u{e007f}',
            '\u{3164}',
            '\u{115f}',
            '\u{1160}',
            '\u{ffa0}',
            '\u{fe0f}',
            '\u{e0100}',
            '\u{ad}',
            '\u{34f}',
            '\u{180e}',
            '\u{17b4}',
            '\u{2060}',
            '\u{2062}',
            '\u{e000}',
            '\u{f0000}',
            '\u{fff9}',
            '\u{1d173}',
            '\u{1bca0}',
        ] {
            let name = format!("Ad{c}a");
            let refused = display_name(&name).unwrap_err();
            assert_eq!(refused.code, "bad_name", "{name:?}");
            assert!(refused.detail.contains(&describe(c)), "{}", refused.detail);
            assert_eq!(label("token name", &name).unwrap_err().code, "bad_name", "{name:?}");
        }
        // Visible text of every kind stays welcome.
        for good in
            ["アリス", "山田\u{3000}太郎", "Zoë", "Ωmega", "😀 player", "O'Brien-Smith", "नमस्ते", "سلام", "Ada\u{a0}L."]
        {
            assert!(display_name(good).is_ok(), "{good:?}");
        }
    }

    #[test]
    fn emails_take_the_common_form_only() {
        for ok in ["a@example.com", "first.last+tag@mail.example.org", "x@xn--bcher-kva.example", "o'neil@ex.co"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in [
            "nope",
            "a@b",
            "@example.com",
            "a@.example.com",
            "a@example.com.",
            "a b@example.com",
            "a..b@example.com",
            "a@exa_mple.com",
            "a@-example.com",
            "a\n@example.com",
            "\"quoted\"@example.com",
            "a@example.com\r\nBcc: x@y.z",
        ] {
            assert!(!is_email(bad), "{bad:?}");
        }
        let long = format!("{}@example.com", "a".repeat(200_000));
        assert_eq!(email("address", &long).unwrap_err().code, "bad_email");
        assert!(is_email(&format!("{}@example.com", "a".repeat(64))));
        assert!(!is_email(&format!("{}@example.com", "a".repeat(65))));
        assert_eq!(email("address", "Bob@Example.COM").unwrap(), "bob@example.com");
        let padded = email("address", " bob@example.com ").unwrap_err();
        assert!(padded.detail.contains("spaces around it"), "{}", padded.detail);
    }

    /// A property's `pattern` in the OpenAPI document, as a regex.
    fn documented_pattern(document: &serde_json::Value, schema: &str, property: &str) -> (String, regex::Regex) {
        let pattern = document["components"]["schemas"][schema]["properties"][property]["pattern"]
            .as_str()
            .unwrap_or_else(|| panic!("{schema}.{property} has a pattern"));
        (pattern.to_string(), regex::Regex::new(pattern).expect("the pattern compiles"))
    }

    /// Strings around the edges of the name rules: every kind of white space, control and bidi character, alone,
    /// around and inside a name, and names at and over the length limit, with and without spaces around them.
    fn name_samples(max: usize) -> Vec<String> {
        let odd = [
            ' ',
            '\t',
            '\n',
            '\u{b}',
            '\u{c}',
            '\r',
            '\u{85}',
            '\u{a0}',
            '\u{1680}',
            '\u{2000}',
            '\u{200a}',
            '\u{2028}',
            '\u{2029}',
            '\u{202f}',
            '\u{205f}',
            '\u{3000}',
            '\0',
            '\u{1b}',
            '\u{7f}',
            '\u{9f}',
            '\u{61c}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202e}',
            '\u{2066}',
            '\u{2069}',
            '\u{200b}',
            '\u{feff}',
            '\u{180e}',
            '\u{1c}',
            '\u{200d}',
            '\u{2060}',
            '\u{3164}',
            '\u{115f}',
            '\u{ffa0}',
            '\u{fe0f}',
            '\u{ad}',
            '\u{e0041}',
            '\u{e000}',
            '\u{1d173}',
            'a',
            '山',
            '😀',
            '𝒜',
        ];
        let mut samples = vec![String::new()];
        for c in odd {
            for shape in [format!("{c}"), format!("a{c}"), format!("{c}a"), format!("a{c}b"), format!("{c}{c}a{c}")] {
                samples.push(shape);
            }
        }
        for n in [max - 1, max, max + 1] {
            let name = "n".repeat(n);
            samples.extend([name.clone(), format!("  {name}\t"), format!("\u{3000}{name}"), format!("{name} x")]);
            samples.push(format!("a{}b", " ".repeat(n)));
        }
        samples
    }

    #[test]
    fn the_documented_patterns_accept_exactly_what_the_checks_accept() {
        let document = serde_json::to_value(crate::openapi::document()).expect("the document serialises");
        let schemas = &document["components"]["schemas"];

        let (display, display_name_pattern) = documented_pattern(&document, "RegisterRequest", "display_name");
        for sample in name_samples(MAX_DISPLAY_NAME_CHARS) {
            assert_eq!(
                display_name_pattern.is_match(&sample),
                display_name(&sample).is_ok(),
                "display name {sample:?}"
            );
        }
        let (token, label_pattern) = documented_pattern(&document, "CreateTokenRequest", "name");
        assert_eq!(token, documented_pattern(&document, "RegisterKeyRequest", "name").0, "key names are labels too");
        let inner = |max: usize| format!("{{0,{}}}", max - 2);
        assert_eq!(
            token,
            display.replace(&inner(MAX_DISPLAY_NAME_CHARS), &inner(MAX_LABEL_NAME_CHARS)),
            "labels and display names follow the same rule"
        );
        for sample in name_samples(MAX_LABEL_NAME_CHARS) {
            assert_eq!(label_pattern.is_match(&sample), label("name", &sample).is_ok(), "label {sample:?}");
        }

        let (address, email_pattern) = documented_pattern(&document, "RegisterRequest", "email");
        assert_eq!(address, EMAIL_PATTERN);
        let documented_email = &schemas["RegisterRequest"]["properties"]["email"];
        for (schema, property) in
            [("PasswordResetRequest", "email"), ("SeatRequestInvite", "email"), ("AddMailAddressRequest", "address")]
        {
            for keyword in ["pattern", "allOf", "maxLength"] {
                let stated = &schemas[schema]["properties"][property][keyword];
                assert_eq!(stated, &documented_email[keyword], "{schema}.{property}: {keyword}");
            }
        }
        let max = documented_email["maxLength"].as_u64().expect("a maxLength");
        assert_eq!(max as usize, MAX_EMAIL_CHARS);
        let local_part = documented_email["allOf"][0]["pattern"].as_str().expect("the local part's limit");
        let local_part = regex::Regex::new(local_part).expect("the pattern compiles");
        let label63 = "l".repeat(63);
        let mut addresses: Vec<String> = [
            "a@example.com",
            "A.B-c+d@Sub.Example.ORG",
            "o'neil@ex.co",
            "!#$%&'*+-/=?^_`{|}~@x.io",
            "山田@example.jp",
            "a\u{a0}b@example.com",
            "x@xn--bcher-kva.example",
            "a@1.2",
            "nope",
            "a@b",
            "@example.com",
            "a@.example.com",
            "a@example.com.",
            "a.@example.com",
            ".a@example.com",
            "a..b@example.com",
            "a b@example.com",
            "a@exa_mple.com",
            "a@-example.com",
            "a@example-.com",
            "a@bücher.example",
            "a\n@example.com",
            "a\u{85}@example.com",
            "\"q\"@example.com",
            "a(b)@example.com",
            "a@b@example.com",
            " a@example.com",
            "a@example.com ",
            "a@example.com\r\nBcc: x@y.z",
            "a\\b@example.com",
            "a[b]@example.com",
            "a,b@example.com",
        ]
        .map(String::from)
        .to_vec();
        addresses.push(format!("a@{label63}.com"));
        addresses.push(format!("a@{label63}l.com"));
        for local in [63, 64, 65, 100] {
            addresses.push(format!("{}@example.com", "a".repeat(local)));
            addresses.push(format!("{}.b@example.com", "a".repeat(local - 2)));
        }
        for total in [MAX_EMAIL_CHARS, MAX_EMAIL_CHARS + 1] {
            addresses.push(format!("{}@example.com", "a".repeat(total - "@example.com".len())));
            addresses.push(format!("{}@example.com", "é".repeat(total - "@example.com".len())));
        }
        for sample in addresses {
            let documented = email_pattern.is_match(&sample)
                && local_part.is_match(&sample)
                && sample.chars().count() <= max as usize;
            assert_eq!(documented, email("address", &sample).is_ok(), "email {sample:?}");
            if documented {
                assert!(sample.parse::<lettre::Address>().is_ok(), "the mailer cannot send to {sample:?}");
            }
        }

        let password = &schemas["RegisterRequest"]["properties"]["password"];
        let (_, password_pattern) = documented_pattern(&document, "RegisterRequest", "password");
        for property in [("ChangePasswordRequest", "new_password"), ("PasswordResetConfirm", "new_password")] {
            assert_eq!(&schemas[property.0]["properties"][property.1], password, "{property:?}");
        }
        let (min, max) =
            (password["minLength"].as_u64().unwrap() as usize, password["maxLength"].as_u64().unwrap() as usize);
        for sample in [
            "1234567".to_string(),
            "12345678".to_string(),
            "1234\u{0}5678".to_string(),
            "パ".repeat(1024),
            "パ".repeat(1025),
            "p".repeat(1024),
            "p".repeat(1025),
            "\u{1f600}".repeat(8),
        ] {
            let chars = sample.chars().count();
            let documented = password_pattern.is_match(&sample) && (min..=max).contains(&chars);
            assert_eq!(documented, new_password(&sample).is_ok(), "password of {chars} characters");
        }
    }

    #[test]
    fn passwords_have_a_floor_and_a_ceiling() {
        assert_eq!(new_password("short").unwrap_err().code, "weak_password");
        assert!(new_password("long enough").is_ok());
        assert_eq!(new_password(&"p".repeat(1025)).unwrap_err().code, "bad_password");
        assert!(new_password(&"パ".repeat(1024)).is_ok(), "the ceiling counts characters, as maxLength does");
        assert_eq!(new_password("with a \0 nul").unwrap_err().code, "bad_password");
    }
}
