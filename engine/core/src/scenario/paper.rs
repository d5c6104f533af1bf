//! `[[meta.paper_numbers]]`: the paper's own numbers for a scenario's summary figures, which the
//! lab's results panel and the CLI's report show beside the run's (issue 13, item 3). Checked in
//! the two rounds every field is: each entry's keys and types in the text (`item_problems`), then
//! its figure and sweep points against the system and the scenario's sweep (`problems`).
use std::ops::Range;

use toml_edit::{Item, TableLike, Value};

use super::{fields, Problem, Scenario};

pub(super) const EXPECTED: &str = "tables `[[meta.paper_numbers]]`, each with figure = \"a summary figure\", \
     values = [numbers], source = \"where the paper states them\" and, for sweep points, at = [numbers]";

/// Each entry's keys: (key, is a list of numbers, required).
const KEYS: [(&str, bool, bool); 4] =
    [("figure", false, true), ("values", true, true), ("at", true, false), ("source", false, true)];

/// Keys and types of the entries of `meta.paper_numbers` as written: an array of tables
/// (`[[meta.paper_numbers]]`) or an array of inline tables.
pub(super) fn item_problems(path: &str, item: &Item) -> Vec<Problem> {
    let entries: Vec<(&dyn TableLike, Option<Range<usize>>)> = match item {
        Item::ArrayOfTables(tables) => tables.iter().map(|t| (t as &dyn TableLike, t.span())).collect(),
        Item::Value(Value::Array(values)) => {
            let mut entries = Vec::new();
            for (i, v) in values.iter().enumerate() {
                match v.as_inline_table() {
                    Some(t) => entries.push((t as &dyn TableLike, v.span())),
                    None => {
                        return vec![Problem::new(format!("{path}[{i}]"), format!("found {}", v.type_name()))
                            .expected(EXPECTED)
                            .span(v.span())]
                    }
                }
            }
            entries
        }
        _ => {
            return vec![Problem::new(path, format!("found {}", item.type_name())).expected(EXPECTED).span(item.span())]
        }
    };
    let mut problems = Vec::new();
    for (i, (table, span)) in entries.into_iter().enumerate() {
        let entry = format!("{path}[{i}]");
        for (key, value) in table.iter() {
            let key_span = table.key(key).and_then(|k| k.span());
            let Some(&(_, numbers, _)) = KEYS.iter().find(|(k, _, _)| *k == key) else {
                let known = KEYS.map(|(k, _, _)| k).join(", ");
                problems.push(
                    Problem::new(format!("{entry}.{key}"), format!("unknown field `{key}`; expected one of: {known}"))
                        .span(key_span),
                );
                continue;
            };
            let right_type = match value.as_value() {
                Some(Value::Array(a)) if numbers => {
                    a.iter().all(|v| v.as_float().is_some_and(f64::is_finite) || v.as_integer().is_some())
                }
                Some(Value::String(_)) => !numbers,
                _ => false,
            };
            if !right_type {
                let expected = if numbers { "a list of finite numbers, e.g. [115]" } else { "a string in quotes" };
                let found = value
                    .as_value()
                    .map_or_else(|| value.type_name().to_string(), |v| v.to_string().trim().to_string());
                problems.push(
                    Problem::new(format!("{entry}.{key}"), format!("found {found}"))
                        .expected(expected)
                        .span(value.span().or(key_span)),
                );
            }
        }
        for (key, _, _) in KEYS.iter().filter(|(k, _, required)| *required && !table.contains_key(k)) {
            problems.push(
                Problem::new(format!("{entry}.{key}"), format!("missing field `{key}`"))
                    .expected(EXPECTED)
                    .span(span.clone()),
            );
        }
    }
    problems
}

impl Scenario {
    /// The paper's numbers for summary figure `figure` at the scenario as written, with their
    /// sources: the entries without `at`, and those whose `at` holds its value of the swept field.
    pub fn paper_values(&self, figure: &str) -> Vec<(f64, &str)> {
        let x = self.sweep.as_ref().and_then(|sweep| fields::field(self.system.kind, &sweep.parameter)?.get(self));
        self.meta
            .paper_numbers
            .iter()
            .filter(|n| n.figure == figure)
            .filter_map(|n| match n.at.iter().position(|&at| Some(at) == x) {
                _ if n.at.is_empty() => Some((n.values[0], n.source.as_str())),
                Some(i) => Some((n.values[i], n.source.as_str())),
                None => None,
            })
            .collect()
    }
}

/// Each entry must name one of the system's summary figures and give one value for the scenario
/// as written, or one per point of `at`, each a value of `sweep.values`.
pub(super) fn problems(s: &Scenario) -> Vec<Problem> {
    let figures = crate::systems::description(s).figures;
    let mut problems = Vec::new();
    for (i, n) in s.meta.paper_numbers.iter().enumerate() {
        let path = |key: &str| format!("meta.paper_numbers[{i}].{key}");
        if !figures.iter().any(|f| f.path == n.figure) {
            let known = figures.iter().map(|f| f.path).collect::<Vec<_>>().join(", ");
            problems.push(Problem::new(
                path("figure"),
                format!("unknown figure \"{}\"; expected one of: {known}", n.figure),
            ));
        }
        if n.at.is_empty() && n.values.len() != 1 {
            problems.push(Problem::new(
                path("values"),
                format!(
                    "{} values for the scenario as written: give one, or list the sweep points they belong to in `at`",
                    n.values.len()
                ),
            ));
        } else if !n.at.is_empty() && n.at.len() != n.values.len() {
            problems.push(Problem::new(
                path("values"),
                format!("{} values for the {} points of `at`: give one value per point", n.values.len(), n.at.len()),
            ));
        }
        let swept = s.sweep.as_ref().map_or(&[][..], |sweep| &sweep.values[..]);
        if let Some(point) = n.at.iter().find(|x| !swept.contains(x)) {
            let message = match &s.sweep {
                Some(sweep) => format!("{point} is not one of sweep.values; `at` lists values of {}", sweep.parameter),
                None => "`at` lists sweep points, but the scenario has no [sweep]".to_string(),
            };
            problems.push(Problem::new(path("at"), message));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use crate::scenario::{parse, to_toml, ScenarioError};

    const SWEEP: &str = "[sweep]\nparameter = \"server.mob_mb\"\nvalues = [1, 12]\n";

    fn errors(text: &str) -> Vec<ScenarioError> {
        parse(text).expect_err(text)
    }

    #[test]
    fn entries_are_read_and_written_back() {
        let text = format!(
            "[meta]\ntitle = \"t\"\n\n[[meta.paper_numbers]]\nfigure = \"throughput_tps\"\nvalues = [115]\nsource = \"§4.3.3\"\n\n\
             [[meta.paper_numbers]]\nfigure = \"dirty_per_page_written.hot\"\nat = [1, 12]\nvalues = [99, 477]\nsource = \"Table 4.9\"\n\n{SWEEP}"
        );
        let s = parse(&text).unwrap();
        assert_eq!(s.meta.paper_numbers.len(), 2);
        assert_eq!(
            (s.meta.paper_numbers[1].at.clone(), s.meta.paper_numbers[1].values.clone()),
            (vec![1.0, 12.0], vec![99.0, 477.0])
        );
        assert_eq!(parse(&to_toml(&s)).unwrap(), s);
        // The scenario as written has the default 12 MB MOB.
        assert_eq!(s.paper_values("dirty_per_page_written.hot"), vec![(477.0, "Table 4.9")]);
        assert_eq!(s.paper_values("throughput_tps"), vec![(115.0, "§4.3.3")]);
        let at_1 = parse(&text.replace("[sweep]", "[server]\nmob_mb = 1\n\n[sweep]")).unwrap();
        assert_eq!(at_1.paper_values("dirty_per_page_written.hot"), vec![(99.0, "Table 4.9")]);
        let at_4 = parse(&text.replace("[sweep]", "[server]\nmob_mb = 4\n\n[sweep]")).unwrap();
        assert_eq!(at_4.paper_values("dirty_per_page_written.hot"), vec![]);
        let inline = "[meta]\npaper_numbers = [{ figure = \"throughput_tps\", values = [115], source = \"x\" }]\n";
        assert_eq!(parse(inline).unwrap().meta.paper_numbers[0].figure, "throughput_tps");
    }

    #[test]
    fn keys_and_types_are_checked_where_written() {
        let text = "[meta]\ntitle = \"t\"\n\n[[meta.paper_numbers]]\nfigure = \"throughput_tps\"\nvalues = [115]\nsource = \"x\"\n\n\
                    [[meta.paper_numbers]]\nfigure = 3\nvalue = [1]\n";
        let e = errors(text);
        let at = |path: &str| e.iter().find(|e| e.path == path).unwrap_or_else(|| panic!("{path} in {e:#?}"));
        assert_eq!(
            (at("meta.paper_numbers[1].figure").line, at("meta.paper_numbers[1].figure").message.as_str()),
            (10, "found 3")
        );
        assert!(at("meta.paper_numbers[1].value")
            .message
            .starts_with("unknown field `value`; expected one of: figure, values"));
        assert_eq!(at("meta.paper_numbers[1].value").line, 11);
        assert_eq!(at("meta.paper_numbers[1].values").message, "missing field `values`");
        assert_eq!(at("meta.paper_numbers[1].source").message, "missing field `source`");
        assert_eq!(e.len(), 4, "{e:#?}");
        let e = errors("[meta]\npaper_numbers = 3\n");
        assert_eq!((e[0].path.as_str(), e[0].line), ("meta.paper_numbers", 2));
        let e = errors("[[meta.paper_numbers]]\nfigure = \"throughput_tps\"\nvalues = [\"115\"]\nsource = \"x\"\n");
        assert_eq!(
            (e[0].path.as_str(), e[0].line, e[0].message.as_str()),
            ("meta.paper_numbers[0].values", 3, "found [\"115\"]")
        );
    }

    #[test]
    fn figures_and_points_are_checked_against_the_system_and_the_sweep() {
        let entry =
            |body: &str| format!("[meta]\ntitle = \"t\"\n\n[[meta.paper_numbers]]\nsource = \"x\"\n{body}\n{SWEEP}");
        let e = errors(&entry("figure = \"tput\"\nvalues = [1]"));
        assert_eq!((e[0].path.as_str(), e[0].line), ("meta.paper_numbers[0].figure", 6));
        assert!(
            e[0].message.starts_with("unknown figure \"tput\"; expected one of: throughput_tps,"),
            "{}",
            e[0].message
        );
        let e = errors(&entry("figure = \"throughput_tps\"\nvalues = [1, 2]"));
        assert_eq!((e[0].path.as_str(), e[0].line), ("meta.paper_numbers[0].values", 7));
        let e = errors(&entry("figure = \"throughput_tps\"\nat = [1, 12]\nvalues = [1]"));
        assert_eq!(e[0].message, "1 values for the 2 points of `at`: give one value per point");
        let e = errors(&entry("figure = \"throughput_tps\"\nat = [1, 5]\nvalues = [1, 2]"));
        assert_eq!((e[0].path.as_str(), e[0].line), ("meta.paper_numbers[0].at", 7));
        assert_eq!(e[0].message, "5 is not one of sweep.values; `at` lists values of server.mob_mb");
        let no_sweep = "[[meta.paper_numbers]]\nsource = \"x\"\nfigure = \"throughput_tps\"\nat = [1]\nvalues = [1]\n";
        assert_eq!(errors(no_sweep)[0].message, "`at` lists sweep points, but the scenario has no [sweep]");
    }
}
