//! The field registry: every field of a system's scenarios by dotted path, with its kind, unit
//! and allowed range, one registry per system (the common sections and the system's own). Each
//! is read once from the JSON schema schemars generates from the types (`types.rs` and
//! `systems/<kind>/config.rs`, where each field is declared once), and the text checks,
//! overrides, sweeps and error messages read it, so none of them can drift from the types.
use std::sync::OnceLock;

use serde_json::Value;

pub use super::types::{MAX_RUN_S, MAX_SEED, MAX_SWEEP_VALUES};
use super::{schema, Scenario};
use crate::systems::SystemKind;

/// One end of an allowed range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    Inclusive(f64),
    Exclusive(f64),
}

/// A numeric field's unit and range.
#[derive(Debug)]
pub struct Numeric {
    pub unit: &'static str,
    pub min: Bound,
    pub max: Bound,
}

#[derive(Debug)]
pub enum Kind {
    /// An `f64` field (or an optional one).
    Number(Numeric),
    /// A `u32` field.
    Integer(Numeric),
    /// `meta.seed`: a `u64`, limited to what a TOML integer can hold.
    Seed,
    Text,
    /// A snake_case enum, with its values.
    Choice(Vec<&'static str>),
    /// `sweep.parameter`, `sweep.series`: the dotted path of a numeric field.
    FieldPath,
    /// `sweep.values`, `sweep.series_values`: a list of numbers.
    Numbers,
    /// A list of `u32`s (the disk system's request list and zones), each from `each.0` to
    /// `each.1`, as long as `items` says (least, most) when the type bounds it.
    WholeNumbers {
        items: Option<(u64, u64)>,
        each: (u64, u64),
    },
    /// `meta.paper_numbers`: a list of tables (`scenario::paper`).
    PaperNumbers,
}

#[derive(Debug)]
pub struct FieldSpec {
    /// Dotted path: `section.field`.
    pub path: &'static str,
    pub kind: Kind,
}

struct Registry {
    sections: Vec<&'static str>,
    fields: Vec<FieldSpec>,
}

fn registry(kind: SystemKind) -> &'static Registry {
    static REGISTRIES: OnceLock<Vec<(SystemKind, Registry)>> = OnceLock::new();
    let all =
        REGISTRIES.get_or_init(|| SystemKind::ALL.iter().map(|&k| (k, read_registry(&schema::generated(k)))).collect());
    &all.iter().find(|(k, _)| *k == kind).expect("every system has a registry").1
}

/// Strings of the registry live as long as the program: it is built once.
fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

fn text(v: &Value) -> &'static str {
    leak(v.as_str().unwrap_or(""))
}

fn read_registry(schema: &Value) -> Registry {
    let mut sections = Vec::new();
    let mut fields = Vec::new();
    for (name, section) in schema["properties"].as_object().expect("a scenario schema has sections") {
        sections.push(leak(name));
        let properties = schema::non_null(section)["properties"].as_object();
        for (key, field) in properties.expect("a section schema has properties") {
            fields.push(FieldSpec { path: leak(&format!("{name}.{key}")), kind: kind_of(field) });
        }
    }
    Registry { sections, fields }
}

/// The kind of a field, from its schema: its JSON type, format, choices and `x-kind`.
fn kind_of(field: &Value) -> Kind {
    let types: Vec<&str> = match &field["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let numeric = || Numeric {
        unit: text(&field["x-unit"]),
        min: bound(field, "minimum", "exclusiveMinimum", f64::NEG_INFINITY),
        max: bound(field, "maximum", "exclusiveMaximum", f64::INFINITY),
    };
    if field["x-kind"] == "field-path" {
        Kind::FieldPath
    } else if field["x-kind"] == "paper-numbers" {
        Kind::PaperNumbers
    } else if types.contains(&"array") && field["items"]["type"] == "integer" {
        let items = field["minItems"].as_u64().zip(field["maxItems"].as_u64());
        let item = &field["items"];
        let each = (item["minimum"].as_u64().unwrap_or(0), item["maximum"].as_u64().unwrap_or(u64::from(u32::MAX)));
        Kind::WholeNumbers { items, each }
    } else if types.contains(&"array") {
        Kind::Numbers
    } else if field["format"] == "uint64" {
        Kind::Seed
    } else if types.contains(&"integer") {
        Kind::Integer(numeric())
    } else if types.contains(&"number") {
        Kind::Number(numeric())
    } else if let Some(choices) = field["oneOf"].as_array() {
        // schemars writes a documented variant as a `const` and groups undocumented ones in an
        // `enum`: every variant is a choice.
        let names = |c: &Value| match c["enum"].as_array() {
            Some(names) => names.iter().map(text).collect(),
            None => vec![text(&c["const"])],
        };
        Kind::Choice(choices.iter().flat_map(names).collect())
    } else {
        Kind::Text
    }
}

fn bound(field: &Value, inclusive: &str, exclusive: &str, none: f64) -> Bound {
    match (field[inclusive].as_f64(), field[exclusive].as_f64()) {
        (_, Some(v)) => Bound::Exclusive(v),
        (Some(v), None) => Bound::Inclusive(v),
        (None, None) => Bound::Inclusive(none),
    }
}

/// Every field of system `kind`'s scenarios, section by section in file order.
pub fn all(kind: SystemKind) -> &'static [FieldSpec] {
    &registry(kind).fields
}

/// The section names in file order.
fn sections(kind: SystemKind) -> &'static [&'static str] {
    &registry(kind).sections
}

impl FieldSpec {
    pub fn section(&self) -> &'static str {
        self.path.split_once('.').map_or(self.path, |(section, _)| section)
    }

    pub fn key(&self) -> &'static str {
        self.path.split_once('.').map_or(self.path, |(_, key)| key)
    }

    pub fn numeric(&self) -> Option<&Numeric> {
        match &self.kind {
            Kind::Number(n) | Kind::Integer(n) => Some(n),
            _ => None,
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self.kind, Kind::Integer(_))
    }

    /// The field's value in `s` as a number; `None` for a field that is not a number or an
    /// optional one that is absent.
    pub fn get(&self, s: &Scenario) -> Option<f64> {
        self.value_in(&serde_json::to_value(s).expect("a scenario serializes"))
    }

    /// The field's value in a scenario serialized to JSON, which writes a non-finite number as
    /// null: that reads as NaN, so range checks still reject it.
    pub fn value_in(&self, json: &Value) -> Option<f64> {
        self.numeric()?;
        match json[self.section()].get(self.key())? {
            Value::Null => Some(f64::NAN),
            value => value.as_f64(),
        }
    }

    /// Checks one candidate value against the field's type and range; the message says why
    /// it is rejected.
    pub fn check_number(&self, value: f64) -> Result<(), String> {
        let Some(numeric) = self.numeric() else {
            return Err(format!("{} is not a numeric field", self.path));
        };
        if !value.is_finite() {
            return Err(format!("{value} is not a finite number"));
        }
        if self.is_integer() && value.fract() != 0.0 {
            return Err(format!("{value} is not a whole number"));
        }
        if numeric.contains(value) {
            Ok(())
        } else {
            Err(format!("{value} {} is out of range", numeric.unit))
        }
    }
}

impl Numeric {
    pub fn contains(&self, value: f64) -> bool {
        let above_min = match self.min {
            Bound::Inclusive(min) => value >= min,
            Bound::Exclusive(min) => value > min,
        };
        let below_max = match self.max {
            Bound::Inclusive(max) => value <= max,
            Bound::Exclusive(max) => value < max,
        };
        above_min && below_max
    }

    /// The range as shown to users, e.g. "1 ≤ value ≤ 64" or "0 < value ≤ 4096".
    pub fn range_text(&self) -> String {
        let min = match self.min {
            Bound::Inclusive(min) => format!("{min} ≤"),
            Bound::Exclusive(min) => format!("{min} <"),
        };
        let max = match self.max {
            Bound::Inclusive(max) => format!("≤ {max}"),
            Bound::Exclusive(max) => format!("< {max}"),
        };
        format!("{min} value {max}")
    }
}

/// The fields a `[sweep]` must state; the series is optional.
pub const SWEEP_REQUIRED: [&str; 2] = ["sweep.parameter", "sweep.values"];

/// Fields of system `kind` that may not both be given (written, or swept), the second deriving
/// the first, and how it does (`PaperSystem::EXCLUSIVE`).
pub fn exclusive(kind: SystemKind) -> &'static [(&'static str, &'static str, &'static str)] {
    kind.exclusive()
}

pub fn field(kind: SystemKind, path: &str) -> Option<&'static FieldSpec> {
    all(kind).iter().find(|f| f.path == path)
}

/// The fields of one section, in file order.
pub fn section_fields(kind: SystemKind, section: &str) -> impl Iterator<Item = &'static FieldSpec> + '_ {
    all(kind).iter().filter(move |f| f.section() == section)
}

pub fn is_section(kind: SystemKind, name: &str) -> bool {
    sections(kind).contains(&name)
}

/// "a, b, c": the valid keys listed in unknown-key errors.
pub fn section_keys(kind: SystemKind, section: &str) -> String {
    section_fields(kind, section).map(FieldSpec::key).collect::<Vec<_>>().join(", ")
}

/// "meta, system, run, …": the sections of system `kind`'s scenarios.
pub fn section_names(kind: SystemKind) -> String {
    sections(kind).join(", ")
}

/// Paths a sweep may vary: every numeric field.
pub fn sweepable_paths(kind: SystemKind) -> impl Iterator<Item = &'static str> {
    all(kind).iter().filter(|f| f.numeric().is_some()).map(|f| f.path)
}

/// The system a scenario text selects: its `[system] kind` when that names one, else the
/// default (a kind that names none is reported by the text checks, as an unknown choice).
pub fn kind_in(system_kind: Option<&str>) -> SystemKind {
    system_kind.and_then(|name| SystemKind::ALL.iter().copied().find(|k| k.name() == name)).unwrap_or_default()
}
