//! Overrides such as the CLI's `--set server.mob_mb=4`: the key is set in the text itself, so
//! comments and layout survive and the result can be saved as a new scenario.
use toml_edit::{DocumentMut, Item, Table};

use super::fields::{self, FieldSpec};
use super::text::{parse_value, toml_error, value_problems};
use super::{Problem, ScenarioError};

/// Returns `text` with the field at `path` set to `value`, creating the section or key if absent.
/// `value` is read as a TOML value (number, bool, quoted string, list); a bare word such as
/// `read_optimized` is taken as a string. The path must name a field and the value must have its
/// type; ranges are checked when the result is parsed.
pub fn apply_override(text: &str, path: &str, value: &str) -> Result<String, ScenarioError> {
    let spec = fields::field(path).ok_or_else(|| unplaced(unknown_path(path)))?;
    let value = parse_value(value);
    if let Some(problem) = value_problems(spec, &value).into_iter().next() {
        return Err(unplaced(problem));
    }
    let mut doc: DocumentMut = text.parse().map_err(|e| toml_error(text, &e))?;
    let section = doc
        .entry(spec.section())
        .or_insert_with(|| Item::Table(Table::new()))
        .as_table_like_mut()
        .ok_or_else(|| unplaced(Problem::new(path, "its section is not a table")))?;
    match section.get_mut(spec.key()).and_then(Item::as_value_mut) {
        // Keep the spacing and trailing comment of the line being replaced.
        Some(old) => {
            let decor = old.decor().clone();
            *old = value;
            *old.decor_mut() = decor;
        }
        None => {
            section.insert(spec.key(), Item::Value(value));
        }
    }
    Ok(doc.to_string())
}

fn unknown_path(path: &str) -> Problem {
    let (section, _) = path.split_once('.').unwrap_or((path, ""));
    let message = if fields::is_section(section) {
        format!("unknown field `{path}`; {section} has: {}", fields::section_keys(section))
    } else {
        let paths: Vec<&str> = fields::FIELDS.iter().map(|f: &FieldSpec| f.path).collect();
        format!("unknown field `{path}`; expected one of: {}", paths.join(", "))
    };
    Problem::new(path, message)
}

/// An override is not in the text: line and column 0.
fn unplaced(problem: Problem) -> ScenarioError {
    problem.into_error((0, 0))
}
