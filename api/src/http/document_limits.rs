//! The limits every request obeys that the derived document cannot state by itself, written
//! into it once it is built, so that the document says exactly what the server accepts.
//!
//! - **Integer widths.** A field held in an `i16` or a `u8` refuses a larger number while the
//!   parse fails; utoipa names the width (`int16`, `u-int8`…) but no client reads that name, so
//!   the range it implies is written as `minimum` and `maximum` (a tighter declared bound stays).
//! - **Texts in requests.** The server refuses the NUL character in every text it reads (a query,
//!   a path, a JSON body: Postgres cannot store it), so every string of a request without a
//!   pattern of its own gets one without NUL. Texts are trimmed before their length is checked,
//!   so a `minLength` of 1 means "holds a character that is not a space": such a text gets the
//!   pattern that says so. An email address is what the server's check takes (one `@`, something
//!   before it, a domain with a dot after it, no spaces), written as a pattern in place of the
//!   `email` format, whose checkers refuse the spaces around an address that the server trims;
//!   a `phone` number likewise (6 to 15 digits with spaces, `+`, `-`, `.` and parentheses, as
//!   [`crate::validation::Checks::phone`] takes it); a uuid is written in its usual hyphenated
//!   form (which clients send and generators draw).
//!
//! Only the schemas that requests reach are touched (those of responses may hold what the
//! server writes, and their patterns would say nothing to a client).

use std::collections::BTreeSet;

use serde_json::{Map, Value};
use utoipa::openapi::OpenApi;

/// Any text without the NUL character.
pub const WITHOUT_NUL: &str = "^[^\\u0000]*$";
/// A text holding a character that is not a space (nor NUL anywhere).
pub const FILLED: &str = "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$";
/// What [`crate::validation::Checks::phone`] takes.
pub const PHONE: &str = "^[ +\\-.()]*([0-9][ +\\-.()]*){6,15}$";
/// A uuid, hyphenated.
pub const UUID: &str = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
/// What [`crate::validation::looks_like_an_email`] takes, spaces around it included.
pub const EMAIL: &str = "^\\s*[^@\\s\\u0000]+@[^@\\s.\\u0000][^@\\s\\u0000]*\\.[^@\\s\\u0000]*[^@\\s.\\u0000]\\s*$";

/// The document with the limits above written in (as JSON: utoipa cannot read back every
/// schema it writes).
pub fn state_exact_limits(document: OpenApi) -> Value {
    let mut json = serde_json::to_value(document).expect("the document serializes");
    widen_integer_formats(&mut json);
    let mut requested = BTreeSet::new();
    if let Some(paths) = json.get_mut("paths").and_then(Value::as_object_mut) {
        for operation in paths.values_mut().flat_map(|item| item.as_object_mut()).flat_map(|item| item.values_mut()) {
            for parameter in operation.get_mut("parameters").and_then(Value::as_array_mut).into_iter().flatten() {
                if let Some(schema) = parameter.get_mut("schema") {
                    refuse_nul(schema, &mut requested);
                }
            }
            let bodies = operation.pointer_mut("/requestBody/content").and_then(Value::as_object_mut);
            for media in bodies.into_iter().flat_map(|content| content.values_mut()) {
                if let Some(schema) = media.get_mut("schema") {
                    refuse_nul(schema, &mut requested);
                }
            }
        }
    }
    // components reached from requests, and those they reach in turn
    let mut done = BTreeSet::new();
    while let Some(name) = requested.iter().find(|name| !done.contains(*name)).cloned() {
        done.insert(name.clone());
        if let Some(schema) = json.pointer_mut(&format!("/components/schemas/{name}")) {
            refuse_nul(schema, &mut requested);
        }
    }
    json
}

/// The range of each integer width utoipa names.
fn width_range(format: &str) -> Option<(i64, u64, &'static str)> {
    Some(match format {
        "int8" => (i64::from(i8::MIN), i8::MAX as u64, "int8"),
        "int16" => (i64::from(i16::MIN), i16::MAX as u64, "int16"),
        "u-int8" => (0, u64::from(u8::MAX), "uint8"),
        "u-int16" => (0, u64::from(u16::MAX), "uint16"),
        "u-int32" => (0, u64::from(u32::MAX), "uint32"),
        "u-int64" => (0, u64::MAX, "uint64"),
        _ => return None,
    })
}

/// Writes the range of every sized integer, everywhere in the document.
fn widen_integer_formats(value: &mut Value) {
    match value {
        Value::Object(object) => {
            let range = object.get("format").and_then(Value::as_str).and_then(width_range);
            if let Some((minimum, maximum, name)) = range {
                object.insert("format".into(), name.into());
                tighten(object, "minimum", minimum as f64, f64::max, Value::from(minimum));
                tighten(object, "maximum", maximum as f64, f64::min, Value::from(maximum));
            }
            object.values_mut().for_each(widen_integer_formats);
        }
        Value::Array(items) => items.iter_mut().for_each(widen_integer_formats),
        _ => {}
    }
}

/// Sets `keyword` to `bound` unless the schema declares a tighter one (`pick` keeps the tighter).
fn tighten(object: &mut Map<String, Value>, keyword: &str, bound: f64, pick: fn(f64, f64) -> f64, exact: Value) {
    match object.get(keyword).and_then(Value::as_f64) {
        Some(declared) if pick(declared, bound) == declared => {}
        _ => {
            object.insert(keyword.into(), exact);
        }
    }
}

/// Gives the strings of `schema` their pattern, and notes the components it refers to.
fn refuse_nul(schema: &mut Value, requested: &mut BTreeSet<String>) {
    match schema {
        Value::Object(object) => {
            if let Some(name) = object.get("$ref").and_then(Value::as_str).and_then(|path| path.rsplit('/').next()) {
                requested.insert(name.to_owned());
            }
            if let Some(pattern) = text_pattern(object) {
                if pattern == EMAIL || pattern == PHONE {
                    object.remove("format");
                }
                object.insert("pattern".into(), pattern.into());
            }
            for (key, inner) in object.iter_mut() {
                // examples and defaults are values, not schemas
                if !matches!(key.as_str(), "example" | "examples" | "default" | "enum" | "const") {
                    refuse_nul(inner, requested);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| refuse_nul(item, requested)),
        _ => {}
    }
}

/// The pattern a request's string schema lacks: none when it has one, a list of values or a
/// format other than email, phone or uuid.
fn text_pattern(object: &Map<String, Value>) -> Option<&'static str> {
    let is_string = match object.get("type") {
        Some(Value::String(kind)) => kind == "string",
        Some(Value::Array(kinds)) => kinds.iter().any(|kind| kind == "string"),
        _ => false,
    };
    if !is_string || ["pattern", "enum", "const"].iter().any(|keyword| object.contains_key(*keyword)) {
        return None;
    }
    match object.get("format").and_then(Value::as_str) {
        Some("email") => Some(EMAIL),
        Some("phone") => Some(PHONE),
        Some("uuid") => Some(UUID),
        Some(_) => None,
        None if object.get("minLength").and_then(Value::as_u64).is_some_and(|length| length >= 1) => Some(FILLED),
        None => Some(WITHOUT_NUL),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limited(document: Value) -> Value {
        state_exact_limits(serde_json::from_value(document).unwrap())
    }

    fn document(paths: Value, schemas: Value) -> Value {
        serde_json::json!({
            "openapi": "3.1.0", "info": { "title": "t", "version": "1" },
            "paths": paths, "components": { "schemas": schemas }
        })
    }

    #[test]
    fn request_texts_refuse_nul_and_filled_ones_refuse_spaces() {
        let paths = serde_json::json!({ "/things": { "post": {
            "parameters": [{ "name": "q", "in": "query", "required": false, "schema": { "type": "string" } }],
            "requestBody": { "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Thing" } } } },
            "responses": { "200": { "description": "ok", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/View" } } } } }
        } } });
        let schemas = serde_json::json!({
            "Thing": { "type": "object", "properties": {
                "name": { "type": "string", "minLength": 1 },
                "note": { "type": ["string", "null"] },
                "day": { "type": "string", "format": "date" },
                "email": { "type": "string", "format": "email" },
                "phone": { "type": "string", "format": "phone" },
                "part": { "$ref": "#/components/schemas/Part" }
            } },
            "Part": { "type": "object", "properties": { "label": { "type": "string" } } },
            "View": { "type": "object", "properties": { "name": { "type": "string" } } }
        });
        let document = limited(document(paths, schemas));
        let schemas = &document["components"]["schemas"];
        assert_eq!(document["paths"]["/things"]["post"]["parameters"][0]["schema"]["pattern"], WITHOUT_NUL);
        assert_eq!(schemas["Thing"]["properties"]["name"]["pattern"], FILLED);
        assert_eq!(schemas["Thing"]["properties"]["note"]["pattern"], WITHOUT_NUL);
        assert!(schemas["Thing"]["properties"]["day"].get("pattern").is_none());
        assert_eq!(schemas["Thing"]["properties"]["email"]["pattern"], EMAIL);
        assert!(schemas["Thing"]["properties"]["email"].get("format").is_none());
        assert_eq!(schemas["Thing"]["properties"]["phone"]["pattern"], PHONE);
        assert_eq!(schemas["Part"]["properties"]["label"]["pattern"], WITHOUT_NUL, "reached through a reference");
        assert!(schemas["View"]["properties"]["name"].get("pattern").is_none(), "responses are left alone");
    }

    #[test]
    fn sized_integers_state_their_range_unless_declared_tighter() {
        let schemas = serde_json::json!({ "Thing": { "type": "object", "properties": {
            "level": { "type": "integer", "format": "int16" },
            "radius": { "type": "integer", "format": "int16", "minimum": 1, "maximum": 200 },
            "count": { "type": ["integer", "null"], "format": "u-int8", "minimum": 0 }
        } } });
        let document = limited(document(serde_json::json!({}), schemas));
        let properties = &document["components"]["schemas"]["Thing"]["properties"];
        assert_eq!(
            (properties["level"]["minimum"].as_i64(), properties["level"]["maximum"].as_i64()),
            (Some(-32768), Some(32767))
        );
        assert_eq!(
            (properties["radius"]["minimum"].as_i64(), properties["radius"]["maximum"].as_i64()),
            (Some(1), Some(200))
        );
        assert_eq!(properties["count"]["format"], "uint8");
        assert_eq!(properties["count"]["maximum"].as_u64(), Some(255));
    }

    #[test]
    fn the_patterns_mean_what_they_say() {
        let filled = regex::Regex::new(FILLED).unwrap();
        let without_nul = regex::Regex::new(WITHOUT_NUL).unwrap();
        assert!(filled.is_match(" Léa ") && !filled.is_match("  \t") && !filled.is_match("Lé\0a"));
        assert!(without_nul.is_match("") && !without_nul.is_match("a\0"));
        let email = regex::Regex::new(EMAIL).unwrap();
        for address in [
            "lea.durand+jobs@example.co.uk",
            " lea@example.org ",
            "lea@localhost",
            "lea@@example.org",
            "le a@x.org",
            "lea@.x.org",
        ] {
            assert_eq!(email.is_match(address), crate::validation::looks_like_an_email(address.trim()), "{address}");
        }
        let phone = regex::Regex::new(PHONE).unwrap();
        for number in ["06 12 34 56 78", "+33 (0)6.12.34.56.78", "12345", "06 12 34 56 78 90 12 34", "06-12-AB"] {
            let mut checks = crate::validation::Checks::new();
            checks.phone("phone", Some(number), true);
            assert_eq!(phone.is_match(number), checks.count() == 0, "{number}");
        }
    }
}
