//! JSON Schema of a scenario, generated from the field registry; the web form editor is built
//! from it. Defaults come from `Scenario::default()`, so they are the thesis defaults the
//! simulator uses.
use serde_json::{json, Map, Value};

use super::fields::{self, Bound, FieldSpec, Kind, MAX_SEED, MAX_SWEEP_VALUES, SECTIONS};
use super::Scenario;

/// JSON Schema (draft 2020-12) of a scenario: one object per section, one property per field
/// with its type, description, default, range and unit (`x-unit`), unknown keys rejected.
pub fn json_schema() -> Value {
    let defaults = serde_json::to_value(Scenario::default()).expect("plain data serializes");
    let sections: Map<String, Value> = SECTIONS
        .iter()
        .map(|&(name, description)| {
            let schema = section_schema(name, description, &defaults[name]);
            (name.to_string(), schema)
        })
        .collect();
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Storelab scenario",
        "description": "One experiment: every field defaults to the thesis value (Ghemawat 1995, \
                        Tables 4.1–4.7); a scenario states only what differs.",
        "type": "object",
        "additionalProperties": false,
        "properties": sections,
    })
}

/// `defaults` is the section's default object, or null for a section without defaults (sweep),
/// which says which fields it requires instead.
fn section_schema(section: &str, description: &str, defaults: &Value) -> Value {
    let properties: Map<String, Value> = fields::section_fields(section)
        .map(|spec| {
            let mut schema = field_schema(spec);
            if let Some(default) = defaults.get(spec.key()).filter(|d| !d.is_null()) {
                schema.insert("default".into(), default.clone());
            }
            (spec.key().to_string(), Value::Object(schema))
        })
        .collect();
    let mut schema = json!({
        "type": "object",
        "description": description,
        "additionalProperties": false,
        "properties": properties,
    });
    // Fields that may not both be given: no pair of them may be present together.
    let exclusive: Vec<Value> = fields::EXCLUSIVE
        .iter()
        .filter_map(|&(a, b, _)| Some([fields::field(a)?, fields::field(b)?]))
        .filter(|pair| pair.iter().all(|f| f.section() == section))
        .map(|[a, b]| json!({"required": [a.key(), b.key()]}))
        .collect();
    if !exclusive.is_empty() {
        schema["not"] = json!({"anyOf": exclusive});
    }
    if section == "sweep" {
        let required: Vec<&str> =
            fields::SWEEP_REQUIRED.iter().filter_map(|p| fields::field(p)).map(FieldSpec::key).collect();
        schema["required"] = json!(required);
        schema["dependentRequired"] = json!({"series": ["series_values"], "series_values": ["series"]});
    }
    schema
}

fn field_schema(spec: &FieldSpec) -> Map<String, Value> {
    let mut schema = match &spec.kind {
        Kind::Number(numeric) | Kind::Integer(numeric) => {
            let kind = if spec.is_integer() { "integer" } else { "number" };
            let mut schema = json!({"type": kind, "x-unit": numeric.unit});
            let (min_key, min) = bound(numeric.min, "minimum", "exclusiveMinimum");
            let (max_key, max) = bound(numeric.max, "maximum", "exclusiveMaximum");
            schema[min_key] = number(min);
            schema[max_key] = number(max);
            schema
        }
        Kind::Seed => json!({"type": "integer", "minimum": 0, "maximum": MAX_SEED, "x-unit": "id"}),
        Kind::Text => json!({"type": "string"}),
        Kind::Choice(choices) => json!({"type": "string", "enum": choices}),
        Kind::FieldPath => {
            let paths: Vec<&str> = fields::sweepable_paths().collect();
            json!({"type": "string", "enum": paths})
        }
        Kind::Numbers => json!({
            "type": "array",
            "items": {"type": "number"},
            "minItems": 1,
            "maxItems": MAX_SWEEP_VALUES,
        }),
    };
    schema["description"] = json!(spec.description);
    match schema {
        Value::Object(map) => map,
        _ => unreachable!("every field schema is a JSON object"),
    }
}

fn bound(bound: Bound, inclusive: &'static str, exclusive: &'static str) -> (&'static str, f64) {
    match bound {
        Bound::Inclusive(v) => (inclusive, v),
        Bound::Exclusive(v) => (exclusive, v),
    }
}

/// Whole bounds as JSON integers, so the form shows "64" rather than "64.0".
fn number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 9.0e15 {
        json!(v as i64)
    } else {
        json!(v)
    }
}
