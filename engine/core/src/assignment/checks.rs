//! The rules between an assignment's parts, checked once its own fields and its scenario are
//! valid: questions against the system's description and the run, varied fields against the
//! scenario's fields, and every corner of the variation ranges against the scenario's rules, so a
//! range that can give a student an invalid problem is refused before any student gets one.
use super::questions;
use super::types::{AssignmentFile, Pick, QuestionKind, Reveal, Vary};
use super::variation;
use crate::scenario::fields::{self, FieldSpec, Kind};
use crate::scenario::text::value_problems;
use crate::scenario::{self, Problem, Scenario, ScenarioError};
use crate::systems;

/// Most combinations of the ranges' ends whose scenarios are checked.
const MAX_CORNERS: usize = 256;

/// Every problem between the parts of `file`, whose scenario `s` is valid, with `scenario_text`
/// its inline scenario as text.
pub(crate) fn problems(file: &AssignmentFile, s: &Scenario, scenario_text: &str) -> Vec<Problem> {
    let mut problems = scenario_problems(s);
    problems.extend(question_problems(file, s));
    let vary: Vec<Problem> = file.vary.iter().enumerate().flat_map(|(i, v)| vary_problems(file, i, v, s)).collect();
    let clean = problems.is_empty() && vary.is_empty();
    problems.extend(vary);
    if clean {
        problems.extend(corner_problems(file, scenario_text));
    }
    problems
}

fn scenario_problems(s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    if s.run.seeds != 1 {
        problems.push(Problem::new(
            "scenario.run.seeds",
            "a student's answers come from one run: set run.seeds = 1 (or leave it out)",
        ));
    }
    if s.sweep.is_some() {
        problems.push(Problem::new(
            "scenario.sweep",
            "a student's problem is one run: remove [scenario.sweep]; give each student other values with [[vary]]",
        ));
    }
    problems
}

fn question_problems(file: &AssignmentFile, s: &Scenario) -> Vec<Problem> {
    let d = systems::description(s);
    let mut problems = Vec::new();
    for (i, q) in file.question.iter().enumerate() {
        let at = |field: &str| format!("question[{i}].{field}");
        if file.question[..i].iter().any(|other| other.id == q.id) {
            problems.push(Problem::new(at("id"), format!("two questions have the id \"{}\"; give each its own", q.id)));
        }
        match questions::ask(q, i, d) {
            Err(p) => problems.push(*p),
            Ok(ask) => problems.extend(ask.problem_with(s).map(|(field, message)| Problem::new(at(field), message))),
        }
        let exact = q.tolerance.absolute == 0.0 && q.tolerance.relative == 0.0;
        if exact && q.kind != QuestionKind::RecordCount {
            problems.push(Problem::new(
                at("tolerance"),
                format!(
                    "a {} answer is read off the lab's displays, rounded: give a tolerance, e.g. \
                     tolerance = {{ relative = 0.02 }} (within 2%) or {{ absolute = 0.5 }}",
                    questions::kind_name(q.kind)
                ),
            ));
        }
        if q.reveal == Reveal::AfterDue && file.assignment.due.is_none() {
            problems.push(Problem::new(
                at("reveal"),
                "reveal = \"after_due\" needs a due date: set assignment.due, e.g. due = 2025-11-03T23:59:00-05:00",
            ));
        }
    }
    problems
}

/// The problems of `[[vary]]` entry `i` on its own: its field, and the values its range allows.
fn vary_problems(file: &AssignmentFile, i: usize, v: &Vary, s: &Scenario) -> Vec<Problem> {
    let at = |field: &str| format!("vary[{i}].{field}");
    let kind = s.system.kind;
    let section = v.field.split_once('.').map_or(v.field.as_str(), |(section, _)| section);
    let spec = match fields::field(kind, &v.field) {
        _ if ["meta", "system", "sweep"].contains(&section) => {
            let why = "vary a field of the model or the run; each student's run seed is their own already \
                       (assignment.student_run_seed)";
            return vec![Problem::new(at("field"), format!("{} cannot be varied: {why}", v.field))];
        }
        Some(spec) => spec,
        None => {
            let message = format!(
                "the {} system's scenarios have no field \"{}\"; its sections are: {}",
                kind.name(),
                v.field,
                fields::section_names(kind)
            );
            return vec![Problem::new(at("field"), message)];
        }
    };
    if file.vary[..i].iter().any(|other| other.field == v.field) {
        return vec![Problem::new(at("field"), format!("{} is varied twice; keep one [[vary]] for it", v.field))];
    }
    let given = [v.uniform.is_some(), v.integer.is_some(), v.choice.is_some()];
    if given.iter().filter(|g| **g).count() != 1 {
        return vec![Problem::new(
            at("field"),
            format!(
                "give {} exactly one range: uniform = [low, high], integer = [low, high] or choice = [values]",
                v.field
            ),
        )];
    }
    let ends = |a: f64, b: f64, key: &str| {
        let mut problems: Vec<Problem> = [a, b]
            .iter()
            .enumerate()
            .filter_map(|(end, &x)| {
                let message = spec.check_number(x).err()?;
                let range = spec.numeric().map(|n| n.range_text()).unwrap_or_default();
                Some(Problem::new(format!("vary[{i}].{key}[{end}]"), format!("{}: {message}", v.field)).range(range))
            })
            .collect();
        if a > b {
            problems.push(Problem::new(at(key), format!("the range [{a}, {b}] is empty: give [low, high]")));
        }
        problems
    };
    if let Some([low, high]) = v.uniform {
        if spec.is_integer() {
            return vec![Problem::new(
                at("uniform"),
                format!("{} takes whole numbers: use integer = [low, high]", v.field),
            )];
        }
        if spec.numeric().is_none() {
            return vec![not_numeric(i, "uniform", spec)];
        }
        return ends(low, high, "uniform");
    }
    if let Some([low, high]) = v.integer {
        if spec.numeric().is_none() {
            return vec![not_numeric(i, "integer", spec)];
        }
        let mut problems = ends(low as f64, high as f64, "integer");
        if high.checked_sub(low).is_none_or(|span| span >= i64::from(u32::MAX)) {
            problems.push(Problem::new(at("integer"), "the range is too wide: at most 2^32 − 1 whole numbers"));
        }
        return problems;
    }
    let choices = v.choice.as_deref().unwrap_or_default();
    choices.iter().enumerate().flat_map(|(c, pick)| choice_problems(spec, i, c, pick)).collect()
}

fn not_numeric(i: usize, key: &str, spec: &FieldSpec) -> Problem {
    Problem::new(
        format!("vary[{i}].{key}"),
        format!("{} is not a number: list its values with choice = [...]", spec.path),
    )
}

/// Whether choice `c` of entry `i` is a value of `spec`'s field: its type, and its range.
fn choice_problems(spec: &FieldSpec, i: usize, c: usize, pick: &Pick) -> Vec<Problem> {
    let path = format!("vary[{i}].choice[{c}]");
    let value: toml_edit::Value = variation::toml_value(pick).parse().expect("a value we wrote as TOML");
    let typed: Vec<Problem> = value_problems(spec, &value)
        .into_iter()
        .map(|p| {
            let mut problem = Problem::new(&path, format!("{}: {}", spec.path, p.message));
            problem.expected = p.expected;
            problem
        })
        .collect();
    if !typed.is_empty() {
        return typed;
    }
    match (pick, &spec.kind) {
        (Pick::Number(x), Kind::Number(n) | Kind::Integer(n)) => spec
            .check_number(*x)
            .err()
            .map(|message| Problem::new(&path, format!("{}: {message}", spec.path)).range(n.range_text()))
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

/// The ends of every range (every value of a choice), combined: each combination must make a
/// valid scenario, and one each question can be asked of (`storelab assignment check` also runs
/// some of them). A problem sits on the first entry whose
/// field the scenario's error names, else on the first entry.
fn corner_problems(file: &AssignmentFile, scenario_text: &str) -> Vec<Problem> {
    for drawn in variation::corners(&file.vary, MAX_CORNERS) {
        let with =
            drawn.iter().map(|d| format!("{} = {}", d.field, variation::toml_value(&d.value))).collect::<Vec<_>>();
        let at = |field: &str| {
            let i = file.vary.iter().position(|v| v.field == field).unwrap_or(0);
            format!("vary[{i}].field")
        };
        let text = match variation::with_values(scenario_text, "", &drawn, None) {
            Ok(text) => text,
            Err(e) => return vec![Problem::new(at(&e.path), plain(&e))],
        };
        match scenario::parse(&text) {
            Err(errors) => {
                let e = &errors[0];
                let message = format!(
                    "a student may get {}, which makes the scenario invalid: {}; narrow the range",
                    with.join(", "),
                    plain(e)
                );
                return vec![Problem::new(at(&e.path), message)];
            }
            Ok(s) => {
                let d = systems::description(&s);
                let asks =
                    file.question.iter().enumerate().filter_map(|(i, q)| Some((i, questions::ask(q, i, d).ok()?)));
                for (i, ask) in asks {
                    if let Some((field, message)) = ask.problem_with(&s) {
                        let message = format!("with {}: {message}", with.join(", "));
                        return vec![Problem::new(format!("question[{i}].{field}"), message)];
                    }
                }
            }
        }
    }
    Vec::new()
}

/// A scenario error without its place (the place is in a student's problem, not in the file).
fn plain(e: &ScenarioError) -> String {
    let range = e.range.as_ref().map(|r| format!(" (allowed {r})")).unwrap_or_default();
    format!("{}: {}{range}", e.path, e.message)
}
