//! Reading an assignment file, every error placed at its line and column: malformed TOML; then
//! the file's own keys and types (serde: the first problem); then the ranges of its fields (garde)
//! and its inline scenario, checked by the scenario's own machinery on its table so its errors sit
//! at their lines in the assignment; then the rules between the parts (`checks.rs`).
use toml_edit::TableLike;

use super::types::AssignmentFile;
use super::{checks, locate, seed, variation, Assignment};
use crate::scenario::text;
use crate::scenario::{self, Problem, ScenarioError, MAX_TEXT_BYTES};

/// Parses and checks an assignment file, reporting every problem found in the round that found
/// any, in text order.
pub fn parse(text: &str) -> Result<Assignment, Vec<ScenarioError>> {
    if text.len() > MAX_TEXT_BYTES {
        let message = format!(
            "the assignment is {} KB, at most {} KB: it holds one scenario and its questions",
            text.len() / 1024,
            MAX_TEXT_BYTES / 1024
        );
        return Err(vec![Problem::new("", message).into_error((1, 1))]);
    }
    let doc = text::parse_document(text).map_err(|e| vec![e])?;
    let root = doc.as_table();
    let place = |p: Problem| {
        let span = p.span.clone().or_else(|| locate::span_of(root, &p.path));
        let at = span.map_or((0, 0), |s| text::line_column(text, s.start));
        p.into_error(at)
    };
    let file: AssignmentFile = toml::from_str(text).map_err(|e| vec![place(serde_problem(root, &e))])?;
    let mut errors: Vec<ScenarioError> = match garde::Validate::validate(&file) {
        Ok(()) => Vec::new(),
        Err(report) => {
            report.iter().map(|(path, e)| place(Problem::new(path.to_string(), range_message(e.message())))).collect()
        }
    };
    let table = root.get("scenario").and_then(|s| s.as_table_like()).expect("serde read [scenario] as a table");
    let read = || toml::Value::Table(file.scenario.clone()).try_into();
    let scenario = match scenario::parse_in(text, table, read) {
        Ok(scenario) => Some(scenario),
        Err(scenario_errors) => {
            errors.extend(scenario_errors.into_iter().map(|e| ScenarioError { path: in_scenario(&e.path), ..e }));
            None
        }
    };
    if let (Some(scenario), true) = (scenario, errors.is_empty()) {
        let scenario_text = variation::inline_scenario(text);
        errors = checks::problems(&file, &scenario, &scenario_text).into_iter().map(place).collect();
        if errors.is_empty() {
            return Ok(Assignment { file, scenario, hash: seed::assignment_hash(text), scenario_text });
        }
    }
    errors.sort_by_key(|e| (e.line, e.column));
    Err(errors)
}

/// garde's range message ("greater than 1000") as a sentence; its others are sentences already.
fn range_message(message: &str) -> String {
    if message.starts_with("greater than") || message.starts_with("lower than") {
        format!("the value is {message}")
    } else {
        message.to_string()
    }
}

/// A scenario field's path as the assignment names it.
fn in_scenario(path: &str) -> String {
    if path.is_empty() {
        "scenario".into()
    } else {
        format!("scenario.{path}")
    }
}

/// Serde's first problem with the file's own keys and types, at its span, with the path written
/// there.
fn serde_problem(root: &dyn TableLike, e: &toml::de::Error) -> Problem {
    let path = e.span().map(|s| locate::path_at(root, s.start)).unwrap_or_default();
    Problem::new(path, e.message().trim()).span(e.span())
}
