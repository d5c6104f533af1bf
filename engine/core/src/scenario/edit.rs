//! Edits of a scenario's text by field path: overrides such as the CLI's `--set server.mob_mb=4`,
//! and what the web app's form and sweep bar read, set and remove. The text itself is edited, so
//! comments and layout survive and the result can be saved as a new scenario.
use toml_edit::{DocumentMut, ImDocument, Item, Table};

use super::fields;
use super::text::{parse_value, system_kind, toml_error, value_problems};
use super::{Problem, ScenarioError};
use crate::systems::SystemKind;

/// Returns `text` with the field at `path` set to `value`, creating the section or key if absent.
/// `value` is read as a TOML value (number, bool, quoted string, list); a bare word such as
/// `read_optimized` is taken as a string. The path must name a field and the value must have its
/// type; ranges are checked when the result is parsed.
pub fn apply_override(text: &str, path: &str, value: &str) -> Result<String, ScenarioError> {
    let kind = kind_of(text);
    let spec = fields::field(kind, path).ok_or_else(|| unplaced(unknown_path(kind, path)))?;
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

/// The value written for the field at `path`, as TOML (e.g. `12`, `"per_page"`, `[1, 2]`),
/// without its comment; `None` when the text does not set it (or is not valid TOML).
pub fn read_field(text: &str, path: &str) -> Option<String> {
    let spec = fields::field(kind_of(text), path)?;
    let doc: DocumentMut = text.parse().ok()?;
    let value = doc.get(spec.section())?.as_table_like()?.get(spec.key())?.as_value()?;
    Some(value.clone().decorated("", "").to_string())
}

/// Returns `text` without the field at `path`, which then takes its default again. Only the
/// field's own line goes: comments above it, the section header and the rest stay byte for byte.
pub fn remove_field(text: &str, path: &str) -> Result<String, ScenarioError> {
    let kind = kind_of(text);
    let spec = fields::field(kind, path).ok_or_else(|| unplaced(unknown_path(kind, path)))?;
    let doc = ImDocument::parse(text).map_err(|e| toml_error(text, &e))?;
    let spans = doc
        .get(spec.section())
        .and_then(Item::as_table_like)
        .and_then(|t| t.get_key_value(spec.key()))
        .and_then(|(key, item)| Some((key.span()?, item.span()?)));
    let Some((key, value)) = spans else { return Ok(text.to_string()) };
    let start = text[..key.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[value.end..].find('\n').map_or(text.len(), |i| value.end + i + 1);
    Ok(format!("{}{}", &text[..start], &text[end..]))
}

/// The system whose fields the text's paths name (`[system] kind`; the default when the text
/// names none or is not TOML).
fn kind_of(text: &str) -> SystemKind {
    ImDocument::parse(text).map_or_else(|_| SystemKind::default(), |doc| system_kind(doc.as_table()))
}

fn unknown_path(kind: SystemKind, path: &str) -> Problem {
    let (section, _) = path.split_once('.').unwrap_or((path, ""));
    let message = if fields::is_section(kind, section) {
        format!("unknown field `{path}`; {section} has: {}", fields::section_keys(kind, section))
    } else {
        format!("unknown section `[{section}]` in `{path}`; expected one of: {}", fields::section_names(kind))
    };
    Problem::new(path, message)
}

/// An override is not in the text: line and column 0.
fn unplaced(problem: Problem) -> ScenarioError {
    problem.into_error((0, 0))
}
