//! Scenario parsing, validation and JSON schema.
//!
//! A scenario is a TOML file with one table per section (`types.rs`). `parse` reports every
//! problem it finds, each with the dotted field path, the line and column in the text, what was
//! expected and the allowed range, so the CLI and the browser show the same errors. Each field's
//! default, description, unit and range is declared once, on the types (`types.rs`); schemars
//! turns them into the JSON schema (`schema.rs`), the field registry (`fields.rs`) is read from
//! that schema for the text checks, overrides and sweeps, and garde checks the ranges.
mod diff;
mod edit;
pub(crate) mod fields;
mod paper;
mod schema;
pub(crate) mod text;
mod types;
pub(crate) mod validate;

#[cfg(test)]
mod schema_tests;
#[cfg(test)]
mod tests;

use std::fmt;

pub use crate::rules::Problem;
pub use diff::{differences, Difference};
pub use edit::{apply_override, read_field, remove_field};
pub use schema::json_schema;
pub use types::*;
pub use validate::series_bytes;

/// One problem in a scenario text.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ScenarioError {
    /// Dotted field path, e.g. `server.mob_mb` or `sweep.values[2]`; empty for malformed TOML.
    pub path: String,
    /// 1-based line of the offending key or value; 0 when it is not in the text (a default value,
    /// or a bad `--set` override).
    pub line: u32,
    /// 1-based column, in characters; 0 together with `line`.
    pub column: u32,
    pub message: String,
    /// What the field accepts, e.g. "a number (MB)".
    pub expected: Option<String>,
    /// The allowed range, e.g. "1 ≤ value ≤ 64".
    pub range: Option<String>,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        write!(f, "{}", self.message)?;
        let details: Vec<String> = [
            self.expected.as_ref().map(|e| format!("expected {e}")),
            self.range.as_ref().map(|r| format!("allowed {r}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !details.is_empty() {
            write!(f, " ({})", details.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioError {}

impl Problem {
    pub(crate) fn into_error(self, line_column: (u32, u32)) -> ScenarioError {
        ScenarioError {
            path: self.path,
            line: line_column.0,
            column: line_column.1,
            message: self.message,
            expected: self.expected,
            range: self.range,
        }
    }
}

/// A scenario file's bytes as text. Bytes that are not UTF-8 are an error at the line and column
/// of the first bad one.
pub fn text_of(bytes: &[u8]) -> Result<&str, ScenarioError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let before = std::str::from_utf8(&bytes[..at]).expect("valid up to the first bad byte");
        let message = format!(
            "the file is not UTF-8 text: the byte at offset {at} is 0x{:02x}; save it as UTF-8 (or replace that character)",
            bytes[at]
        );
        Problem::new("", message).into_error(text::line_column(before, before.len()))
    })
}

/// Parses and validates a scenario, reporting every problem found.
///
/// Problems come in three rounds, each only if the previous found none: malformed TOML (one
/// error); unknown keys and wrong types, with the ranges of the other values (all of them, in
/// text order); then ranges, cross-field rules and limits (all of them).
pub fn parse(text: &str) -> Result<Scenario, Vec<ScenarioError>> {
    if text.len() > MAX_TEXT_BYTES {
        let message = format!(
            "the scenario is {} KB, at most {} KB; scenarios are a few KB: remove what is not TOML \
             for the lab (long comments, pasted data)",
            text.len() / 1024,
            MAX_TEXT_BYTES / 1024
        );
        return Err(vec![Problem::new("", message).into_error((1, 1))]);
    }
    let doc = text::parse_document(text).map_err(|e| vec![e])?;
    parse_in(text, doc.as_table(), || toml::from_str(text))
}

/// Checks and reads the scenario written in `root`, a table of the TOML `text`: the whole
/// document (`parse`), or a file that holds a scenario in one of its tables (an assignment's
/// `[scenario]`), so every error is placed at its line and column in `text`. `read` deserializes
/// that table once the text checks pass.
pub(crate) fn parse_in(
    text: &str,
    root: &dyn toml_edit::TableLike,
    read: impl FnOnce() -> Result<Scenario, toml::de::Error>,
) -> Result<Scenario, Vec<ScenarioError>> {
    let placed = |problems: Vec<Problem>| {
        problems
            .into_iter()
            .map(|p| {
                let at = text::line_column_of(text, root, &p);
                p.into_error(at)
            })
            .collect::<Vec<_>>()
    };
    let kind = text::system_kind(root);
    let mut problems = text::check_keys_and_types(root, kind);
    if !problems.is_empty() {
        problems.extend(text::written_range_problems(root, kind));
        let mut errors = placed(problems);
        errors.sort_by_key(|e| (e.line, e.column));
        return Err(errors);
    }
    // The checks above mirror serde's rules, so this only fails if they missed a case; the
    // error is still placed in the text.
    let scenario: Scenario = read().map_err(|e| placed(vec![text::serde_problem(root, kind, &e)]))?;
    let problems = scenario.problems();
    if problems.is_empty() {
        Ok(scenario)
    } else {
        Err(placed(problems))
    }
}

/// Serializes a scenario to TOML, every field written out (for export), except a field derived
/// by another that is given (`fields::exclusive`): writing both would be an error.
///
/// Panics only if `meta.seed` exceeds `i64::MAX`, which TOML cannot hold and `validate` rejects
/// (it allows at most `MAX_SEED`).
pub fn to_toml(s: &Scenario) -> String {
    let text = toml::to_string(s).expect("a scenario with meta.seed ≤ i64::MAX serializes to TOML");
    let kind = s.system.kind;
    let given = |path: &str| fields::field(kind, path).and_then(|f| f.get(s)).is_some();
    let derived: Vec<&fields::FieldSpec> = fields::exclusive(kind)
        .iter()
        .filter(|(_, by, _)| given(by))
        .filter_map(|(a, _, _)| fields::field(kind, a))
        .collect();
    if derived.is_empty() {
        return text;
    }
    let mut doc: toml_edit::DocumentMut = text.parse().expect("TOML written by toml parses");
    for f in derived {
        doc[f.section()].as_table_like_mut().expect("a section").remove(f.key());
    }
    doc.to_string()
}

/// A copy of `s` with the numeric field at dotted `path` set to `value` (a sweep point). The
/// copy is not validated: sweep points are checked when the scenario is parsed.
pub fn set_number(s: &Scenario, path: &str, value: f64) -> Result<Scenario, String> {
    let spec = fields::field(s.system.kind, path).ok_or_else(|| format!("no field `{path}`"))?;
    spec.numeric().ok_or_else(|| format!("`{path}` is not a number"))?;
    if spec.is_integer() && value.fract() != 0.0 {
        return Err(format!("`{path}` takes whole numbers, not {value}"));
    }
    let mut json = serde_json::to_value(s).expect("a scenario serializes");
    json[spec.section()][spec.key()] = if spec.is_integer() { (value as u64).into() } else { value.into() };
    serde_json::from_value(json).map_err(|e| format!("`{path}` = {value}: {e}"))
}

/// One point of a sweep: `scenario` with the swept field at `value` (`sweep.values[index]`) and
/// the series field, if any, at `series`.
pub struct SweepPoint {
    pub index: usize,
    pub value: Option<f64>,
    pub series: Option<f64>,
    pub scenario: Scenario,
}

/// The scenarios of a sweep, series by series (one curve after another) and value by value
/// within each; or the scenario itself when it has no sweep.
pub fn sweep_points(s: &Scenario) -> Result<Vec<SweepPoint>, String> {
    let Some(sweep) = &s.sweep else {
        return Ok(vec![SweepPoint { index: 0, value: None, series: None, scenario: s.clone() }]);
    };
    let mut base = s.clone();
    base.sweep = None;
    let curves: Vec<(Option<f64>, Scenario)> = match &sweep.series {
        None => vec![(None, base)],
        Some(path) => sweep
            .series_values
            .iter()
            .map(|&v| Ok((Some(v), set_number(&base, path, v)?)))
            .collect::<Result<_, String>>()?,
    };
    let mut points = Vec::with_capacity(sweep.points());
    for (series, curve) in curves {
        for (index, &value) in sweep.values.iter().enumerate() {
            let scenario = set_number(&curve, &sweep.parameter, value)?;
            points.push(SweepPoint { index, value: Some(value), series, scenario });
        }
    }
    Ok(points)
}
