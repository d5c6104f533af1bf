//! Reading the TOML text: malformed TOML, unknown keys and wrong types, and where a field sits
//! in the text. `toml_edit` keeps the byte span of every key and value, which serde does not.
use std::ops::Range;

use toml_edit::{ImDocument, Item, Key, TableLike, TomlError, Value};

use super::fields::{self, FieldSpec, Kind, MAX_SEED};
use super::validate::range_problem;
use super::{Problem, ScenarioError};
use crate::systems::SystemKind;

pub type Document<'a> = ImDocument<&'a str>;

pub fn parse_document(text: &str) -> Result<Document<'_>, ScenarioError> {
    ImDocument::parse(text).map_err(|e| toml_error(text, &e))
}

/// A malformed-TOML error, located at the parser's span.
pub fn toml_error(text: &str, error: &TomlError) -> ScenarioError {
    let offset = error.span().map_or(0, |s| s.start);
    // The parser's message is two lines ("invalid table header\nexpected `.`, `]`").
    let message = error.message().trim().replace('\n', ": ");
    Problem::new("", format!("malformed TOML: {message}")).into_error(line_column(text, offset))
}

/// 1-based line and column (in characters, so accented titles count right) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (u32, u32) {
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line as u32, column as u32)
}

fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Line and column of a problem: its own span if the check knew it, else the value of its path
/// or of a related field, else the header of one of their sections; (0, 0) if none is written.
/// `root` is the scenario's table in `text`: the whole document, or an assignment's `[scenario]`.
pub fn line_column_of(text: &str, root: &dyn TableLike, problem: &Problem) -> (u32, u32) {
    let paths = || std::iter::once(problem.path.as_str()).chain(problem.related.iter().copied());
    let span = problem
        .span
        .clone()
        .or_else(|| paths().find_map(|p| value_span(root, p)))
        .or_else(|| paths().find_map(|p| section_span(root, p)));
    span.map_or((0, 0), |s| line_column(text, s.start))
}

/// Splits "section.key[3].sub" into ("section", "key", Some(3), Some("sub")).
fn split_path(path: &str) -> (&str, &str, Option<usize>, Option<&str>) {
    let (section, rest) = path.split_once('.').unwrap_or((path, ""));
    match rest.split_once('[') {
        Some((key, tail)) => {
            let (index, sub) = tail.split_once(']').unwrap_or((tail, ""));
            (section, key, index.parse().ok(), sub.strip_prefix('.'))
        }
        None => (section, rest, None, None),
    }
}

/// Span of the value written for `path` (or of its key, for values without one); an element of
/// a list, or a key of a table in a list of tables (`meta.paper_numbers[1].figure`).
fn value_span(root: &dyn TableLike, path: &str) -> Option<Range<usize>> {
    let (section, key, index, sub) = split_path(path);
    let table = root.get(section)?.as_table_like()?;
    let (key, item) = table.get_key_value(key)?;
    let element = index.and_then(|i| {
        let element: &dyn TableLike = match item {
            Item::ArrayOfTables(tables) => tables.get(i)?,
            _ => {
                let value = item.as_array()?.get(i)?;
                match value.as_inline_table() {
                    Some(t) => t,
                    None => return value.span(),
                }
            }
        };
        let sub = sub.and_then(|k| element.get(k)?.span());
        sub.or_else(|| element.iter().next()?.1.span())
    });
    element.or_else(|| item.span()).or_else(|| key.span())
}

fn section_span(root: &dyn TableLike, path: &str) -> Option<Range<usize>> {
    let (section, ..) = split_path(path);
    root.key(section)?.span()
}

/// The system the text selects (`[system] kind`); the default when it names none.
pub fn system_kind(root: &dyn TableLike) -> SystemKind {
    fields::kind_in(root.get("system").and_then(|s| s.as_table_like()?.get("kind")?.as_str()))
}

/// Unknown sections and keys, wrong types and missing sweep keys: everything serde would reject,
/// but all of it at once, with locations and the list of valid keys (system `kind`'s).
pub fn check_keys_and_types(root: &dyn TableLike, kind: SystemKind) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (name, item) in root.iter() {
        let key = root.key(name);
        if !fields::is_section(kind, name) {
            problems.push(
                Problem::new(
                    name,
                    format!("unknown section `[{name}]`; expected one of: {}", fields::section_names(kind)),
                )
                .span(key.and_then(Key::span)),
            );
        } else if let Some(table) = item.as_table_like() {
            check_section(kind, name, table, key, &mut problems);
        } else {
            problems.push(
                Problem::new(name, format!("`{name}` must be a section"))
                    .expected(format!("a table: a line `[{name}]` followed by its fields"))
                    .span(item.span()),
            );
        }
    }
    problems.extend(exclusive_problems(root, kind));
    problems
}

/// A pair of `fields::exclusive` given together. A field counts as given when its key is
/// written or when the sweep varies it; the problem sits where the second one is given.
fn exclusive_problems(root: &dyn TableLike, kind: SystemKind) -> Vec<Problem> {
    let swept = |path: &str| {
        let sweep = root.get("sweep")?.as_table_like()?;
        ["parameter", "series"]
            .into_iter()
            .filter_map(|key| sweep.get(key)?.as_value())
            .find(|v| v.as_str() == Some(path))
            .map(Value::span)
    };
    let given = |path: &str| value_span(root, path).map(Some).or_else(|| swept(path));
    fields::exclusive(kind)
        .iter()
        .filter(|(a, _, _)| given(a).is_some())
        .filter_map(|&(a, b, why)| {
            let span = given(b)?;
            Some(Problem::new(b, format!("{a} and {b} cannot both be given: {why}; keep one of them")).span(span))
        })
        .collect()
}

fn check_section(
    kind: SystemKind,
    section: &str,
    table: &dyn TableLike,
    header: Option<&Key>,
    problems: &mut Vec<Problem>,
) {
    for (name, item) in table.iter() {
        let path = format!("{section}.{name}");
        let key_span = table.key(name).and_then(Key::span);
        match (fields::field(kind, &path), item.as_value()) {
            (Some(spec), _) if matches!(spec.kind, Kind::PaperNumbers) => {
                problems.extend(super::paper::item_problems(spec.path, item))
            }
            (None, _) => problems.push(
                Problem::new(
                    &path,
                    format!("unknown field `{name}`; expected one of: {}", fields::section_keys(kind, section)),
                )
                .span(key_span),
            ),
            (Some(spec), Some(value)) => problems.extend(value_problems(spec, value)),
            (Some(spec), None) => problems.push(
                Problem::new(&path, format!("`{name}` must be a value, not a table"))
                    .expected(expected(spec))
                    .span(key_span),
            ),
        }
    }
    // `Sweep` has no defaults: a sweep needs a parameter and its values.
    if section == "sweep" {
        for spec in fields::SWEEP_REQUIRED.iter().filter_map(|p| fields::field(kind, p)) {
            if !table.contains_key(spec.key()) {
                problems.push(
                    Problem::new(spec.path, format!("missing field `{}`", spec.key()))
                        .expected(expected(spec))
                        .span(header.and_then(Key::span)),
                );
            }
        }
    }
}

/// Range problems of the numeric values written with the right type. Reported beside the key
/// and type problems, so a text with both kinds shows every field's error at once.
pub fn written_range_problems(root: &dyn TableLike, kind: SystemKind) -> Vec<Problem> {
    fields::all(kind)
        .iter()
        .filter(|spec| spec.numeric().is_some())
        .filter_map(|spec| {
            let (section, key, ..) = split_path(spec.path);
            let value = root.get(section)?.as_table_like()?.get(key)?.as_value()?;
            if !value_problems(spec, value).is_empty() {
                return None;
            }
            let number = match value {
                Value::Integer(i) => *i.value() as f64,
                Value::Float(f) => *f.value(),
                _ => return None,
            };
            let message = spec.check_number(number).err()?;
            Some(range_problem(spec, message).span(value.span()))
        })
        .collect()
}

/// What a field accepts, for error messages.
pub fn expected(spec: &FieldSpec) -> String {
    match &spec.kind {
        Kind::Number(n) => format!("a number ({})", n.unit),
        Kind::Integer(n) => format!("a whole number ({})", n.unit),
        Kind::Seed => "a whole number".into(),
        Kind::Text => "a string in quotes".into(),
        Kind::Choice(choices) => format!("one of: {}", choices.join(", ")),
        Kind::FieldPath => "the dotted path of a numeric field in quotes, e.g. \"server.mob_mb\"".into(),
        Kind::Numbers => "a list of numbers, e.g. [1, 2, 4]".into(),
        Kind::WholeNumbers { items, each: (low, high) } => {
            let how_many = match items {
                Some((least, most)) if least == most => format!("{least} "),
                Some((least, most)) => format!("{least} to {most} "),
                None => String::new(),
            };
            format!("a list of {how_many}whole numbers from {low} to {high}")
        }
        Kind::PaperNumbers => super::paper::EXPECTED.into(),
    }
}

/// Type problems of one value: wrong TOML type, an integer too large for the field's type, an
/// unknown choice. Ranges are checked later, on the typed scenario.
pub fn value_problems(spec: &FieldSpec, value: &Value) -> Vec<Problem> {
    let problem = |message: String| Problem::new(spec.path, message).expected(expected(spec)).span(value.span());
    let wrong_type = || vec![problem(format!("found {}", describe(value)))];
    match (&spec.kind, value) {
        // garde's ranges let NaN through (every comparison with it is false): rejected here.
        (Kind::Number(_), Value::Float(f)) if !f.value().is_finite() => {
            vec![problem(format!("{} is not a finite number", f.value()))]
        }
        (Kind::Number(_), Value::Integer(_) | Value::Float(_)) => vec![],
        (Kind::Integer(n), Value::Integer(i)) if u32::try_from(*i.value()).is_err() => {
            vec![problem(format!("{} is out of range", i.value())).range(n.range_text())]
        }
        (Kind::Integer(_), Value::Integer(_)) => vec![],
        (Kind::Seed, Value::Integer(i)) if *i.value() < 0 => {
            vec![problem(format!("{} is out of range", i.value())).range(format!("0 ≤ value ≤ {MAX_SEED}"))]
        }
        (Kind::Seed, Value::Integer(_)) => vec![],
        (Kind::Text | Kind::FieldPath, Value::String(_)) => vec![],
        (Kind::Choice(choices), Value::String(s)) if choices.contains(&s.value().as_str()) => {
            vec![]
        }
        (Kind::Choice(choices), Value::String(s)) => vec![Problem::new(
            spec.path,
            format!("unknown value \"{}\"; expected one of: {}", s.value(), choices.join(", ")),
        )
        .span(value.span())],
        (Kind::Numbers, Value::Array(values)) => number_list_problems(spec, values),
        (Kind::WholeNumbers { items, each }, Value::Array(values)) => {
            whole_number_list_problems(spec, *items, *each, values)
        }
        _ => wrong_type(),
    }
}

/// Each element of `sweep.values` or `sweep.series_values` must be a finite number (their lengths
/// are checked with the ranges).
fn number_list_problems(spec: &FieldSpec, values: &toml_edit::Array) -> Vec<Problem> {
    let at = |i: usize, v: &Value, message: String| {
        Problem::new(format!("{}[{i}]", spec.path), message).expected("a finite number").span(v.span())
    };
    values
        .iter()
        .enumerate()
        .filter_map(|(i, v)| match v {
            Value::Float(f) if !f.value().is_finite() => {
                Some(at(i, v, format!("{} is not a finite number", f.value())))
            }
            Value::Integer(_) | Value::Float(_) => None,
            _ => Some(at(i, v, format!("found {}", describe(v)))),
        })
        .collect()
}

/// Each element of a list of `u32`s must be a whole number in its range (`each`), and the list
/// as long as its type requires (`items`).
fn whole_number_list_problems(
    spec: &FieldSpec,
    items: Option<(u64, u64)>,
    (low, high): (u64, u64),
    values: &toml_edit::Array,
) -> Vec<Problem> {
    let mut problems: Vec<Problem> = values
        .iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let message = match v {
                Value::Integer(n) if u64::try_from(*n.value()).is_ok_and(|n| (low..=high).contains(&n)) => return None,
                Value::Integer(n) => format!("{} is out of range", n.value()),
                _ => format!("found {}", describe(v)),
            };
            Some(
                Problem::new(format!("{}[{i}]", spec.path), message)
                    .expected("a whole number")
                    .range(format!("{low} ≤ value ≤ {high}"))
                    .span(v.span()),
            )
        })
        .collect();
    if let Some((least, most)) = items {
        let n = values.len() as u64;
        if n < least || n > most {
            let want = if least == most { format!("{least}") } else { format!("{least} to {most}") };
            problems.push(
                Problem::new(spec.path, format!("{n} numbers, not {want}"))
                    .expected(expected(spec))
                    .span(values.span()),
            );
        }
    }
    problems
}

/// "string \"12\"": the TOML type and the value as written.
fn describe(value: &Value) -> String {
    let written = value.to_string();
    format!("{} {}", value.type_name(), written.trim())
}

/// Places an error from serde: at its span, with the path of the field whose value contains it.
pub fn serde_problem(root: &dyn TableLike, kind: SystemKind, error: &toml::de::Error) -> Problem {
    let span = error.span();
    let offset = span.as_ref().map_or(0, |s| s.start);
    let path = fields::all(kind)
        .iter()
        .map(|f| f.path)
        .find(|p| value_span(root, p).is_some_and(|s| s.contains(&offset)))
        .unwrap_or("");
    Problem::new(path, error.message().trim()).span(span)
}

/// A value given on the command line: a TOML value if it parses as one, else a bare word taken
/// as a string (so `--set server.layout=read_optimized` needs no quotes).
pub fn parse_value(text: &str) -> Value {
    text.trim().parse().unwrap_or_else(|_| Value::from(text))
}
