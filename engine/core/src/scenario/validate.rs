//! Checks on a typed scenario: ranges, cross-field rules, and the limits that keep a scenario
//! from exhausting memory or time. Sizes are computed in `f64` from the field values alone, so a
//! huge database is reported, never allocated, and no arithmetic can overflow.
use super::fields::{self, FieldSpec, Kind, MAX_RUN_S, MAX_SEED, MAX_SWEEP_VALUES};
use super::text::expected;
use super::{Problem, Scenario};
use crate::rules::thousands;
use crate::systems::SystemKind;

pub(crate) const MB: f64 = 1_048_576.0;
pub(crate) const KB: f64 = 1024.0;

/// Most objects a database or a MOB may hold: the simulator keeps per-object state.
pub(crate) const MAX_OBJECTS: f64 = 50_000_000.0;
/// Most runs one scenario may ask for (seeds × sweep points).
const MAX_RUNS: u64 = 2000;
/// Most points in one run's time series.
const MAX_SAMPLES: f64 = 1_000_000.0;
/// Most bytes of time series the lab holds for one run: the run's own and a copy in each of the
/// timeline's checkpoints (`LAB_COPIES`), within the 4 GB a WebAssembly module can address
/// beside the run's other state.
const MAX_LAB_SERIES_BYTES: f64 = 512.0 * MB;
/// The lab's run and its timeline checkpoints (`MAX_CHECKPOINTS` in
/// web/src/engine/checkpoints.ts), each holding a copy of the series so far.
const LAB_COPIES: f64 = 11.0;

/// Bytes of one run's time series at most: a sample every run.sample_interval_s over the
/// longest the run may last, warm-up included (`RunControl::longest_warmup`).
pub fn series_bytes(s: &Scenario) -> f64 {
    samples(s) * crate::systems::sample_bytes(s) as f64
}

fn samples(s: &Scenario) -> f64 {
    crate::kernel::time::to_s(crate::systems::longest_end(s)) / s.run.sample_interval_s
}

impl Scenario {
    /// Checks ranges, cross-field rules and limits, e.g. after programmatic edits. Returns every
    /// problem as (dotted path, message with the allowed range).
    pub fn validate(&self) -> Result<(), Vec<(String, String)>> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.iter().map(|p| (p.path.clone(), p.full_message())).collect())
        }
    }

    pub(super) fn problems(&self) -> Vec<Problem> {
        let mut problems = range_problems(self);
        problems.extend(sweep_range_problems(self));
        // Derived sizes only mean something once every field is in range.
        if problems.is_empty() {
            problems = cross_problems(self);
            // Of the whole scenario, not of each sweep point: `at` names the points.
            problems.extend(super::paper::problems(self));
        }
        if problems.is_empty() {
            problems = sweep_point_problems(self);
        }
        problems
    }
}

/// The fields out of the range declared on their type (checked by garde), and any non-finite
/// number, which passes every range comparison. The messages come from the field registry.
fn range_problems(s: &Scenario) -> Vec<Problem> {
    let mut failed: Vec<String> = match garde::Validate::validate(s) {
        Ok(()) => Vec::new(),
        Err(report) => report.iter().map(|(path, _)| path.to_string()).collect(),
    };
    failed.extend(s.config.out_of_range());
    let json = serde_json::to_value(s).expect("a scenario serializes");
    // A list of whole numbers out of its range or length (`requests.blocks[2]`): the text
    // checks place it; a scenario edited in code has it said at the list.
    let lists = fields::all(s.system.kind).iter().filter(|spec| matches!(spec.kind, Kind::WholeNumbers { .. }));
    let list_problems: Vec<Problem> = lists
        .filter_map(|spec| {
            let at = failed.iter().find(|p| p.split('[').next() == Some(spec.path))?;
            Some(Problem::new(at.as_str(), "out of range").expected(expected(spec)))
        })
        .collect();
    fields::all(s.system.kind)
        .iter()
        .filter_map(|spec| {
            let value = spec.value_in(&json);
            let out_of_range = failed.iter().any(|p| p == spec.path);
            if !out_of_range && value.is_none_or(f64::is_finite) {
                return None;
            }
            if matches!(spec.kind, Kind::Seed) {
                return Some(
                    Problem::new(spec.path, format!("{} is out of range", s.meta.seed))
                        .expected("a whole number that fits a TOML integer")
                        .range(format!("0 ≤ value ≤ {MAX_SEED}")),
                );
            }
            let message = spec.check_number(value?).err()?;
            Some(range_problem(spec, message))
        })
        .chain(list_problems)
        .collect()
}

pub(super) fn range_problem(spec: &FieldSpec, message: String) -> Problem {
    let problem = Problem::new(spec.path, message).expected(expected(spec));
    match spec.numeric() {
        Some(numeric) => problem.range(numeric.range_text()),
        None => problem,
    }
}

/// Rules between fields, the selected system's (`PaperSystem::config_problems`) and the run's; each
/// problem sits on the second field the rule names.
fn cross_problems(s: &Scenario) -> Vec<Problem> {
    let mut problems = s.config.problems(s);
    problems.extend(run_problems(s));
    // The system bounds its work from sizes the rules above have checked.
    if problems.is_empty() {
        problems.extend(work_problems(s));
    }
    problems
}

/// The kernel's work bound (`kernel::work`) on the worst case the system states: the whole run
/// within `MAX_ENGINE_S` of the engine, and its costliest event within `MAX_EVENT_MS`.
fn work_problems(s: &Scenario) -> Vec<Problem> {
    use crate::kernel::work::{MAX_ENGINE_S, MAX_EVENT_MS};
    let w = s.config.work(s);
    let Some((path, related)) = w.fields.split_first() else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    if w.engine_s() > MAX_ENGINE_S {
        let span_s = crate::kernel::time::to_s(crate::systems::longest_end(s)).ceil();
        problems.push(
            Problem::new(
                *path,
                format!(
                    "in the worst case ({}) a run of up to {span_s} s takes {}, about {:.0} s of the engine, at \
                     most {MAX_ENGINE_S} s; {}",
                    w.assumes,
                    w.parts(),
                    w.engine_s(),
                    w.fix
                ),
            )
            .related(related),
        );
    }
    if w.event_ms() > MAX_EVENT_MS {
        problems.push(
            Problem::new(
                *path,
                format!(
                    "in the worst case ({}) one event takes {:.1e} steps, about {:.2} ms of the engine, at most \
                     {MAX_EVENT_MS} ms so that the lab stays responsive; {}",
                    w.assumes,
                    w.steps_per_event,
                    w.event_ms(),
                    w.fix
                ),
            )
            .related(related),
        );
    }
    problems
}

fn run_problems(s: &Scenario) -> Vec<Problem> {
    let run = &s.run;
    let mut problems = Vec::new();
    // The minimum warm-up as the system's run control has it (HAC's is work: run.warmup_s does
    // not apply).
    let warmup_s = crate::kernel::time::to_s(crate::systems::run_control(s).warmup);
    if warmup_s + run.duration_s > MAX_RUN_S {
        let (total, fields) = if warmup_s == 0.0 {
            (format!("measurement lasts {} s", run.duration_s), "run.duration_s")
        } else {
            (format!("warm-up plus measurement last {} s", warmup_s + run.duration_s), "run.warmup_s or run.duration_s")
        };
        problems.push(
            Problem::new(
                "run.duration_s",
                format!("{total}, at most {MAX_RUN_S} s (10 hours of simulated time); shorten {fields}"),
            )
            .related(&["run.warmup_s"]),
        );
    }
    // The series covers the warm-up too, as long as it may last (`RunControl::longest_warmup`).
    let span_s = crate::kernel::time::to_s(crate::systems::longest_end(s));
    let (samples, lab_bytes) = (samples(s), series_bytes(s) * LAB_COPIES);
    if samples > MAX_SAMPLES || lab_bytes > MAX_LAB_SERIES_BYTES {
        problems.push(
            Problem::new(
                "run.sample_interval_s",
                format!(
                    "the time series would have up to {} points over {} s (warm-up included), {:.0} MB in the \
                     lab's run and its {} checkpoints; at most {} points and {:.0} MB: raise run.sample_interval_s",
                    samples.ceil(),
                    span_s.ceil(),
                    lab_bytes / MB,
                    LAB_COPIES - 1.0,
                    thousands(MAX_SAMPLES),
                    MAX_LAB_SERIES_BYTES / MB
                ),
            )
            .related(&["run.duration_s"]),
        );
    }
    // Runs as the sweep will run them: a sweep may vary run.seeds itself.
    let points = s.sweep.as_ref().map_or(1, |sweep| sweep.points() as u64);
    let runs = match super::sweep_points(s) {
        Ok(all) if s.sweep.is_some() => all.iter().map(|p| u64::from(p.scenario.run.seeds)).sum(),
        _ => u64::from(run.seeds) * points,
    };
    if runs > MAX_RUNS {
        problems.push(
            Problem::new(
                "run.seeds",
                format!(
                    "run.seeds over {points} sweep point(s) makes {runs} runs, at most {MAX_RUNS}; \
                     lower run.seeds or sweep fewer values"
                ),
            )
            .related(&["sweep.values", "sweep.series_values"]),
        );
    }
    problems
}

/// The sweep names a numeric field and lists 1 to 200 values, each in range for it; so does its
/// series, if it has one, for another field.
fn sweep_range_problems(s: &Scenario) -> Vec<Problem> {
    let Some(sweep) = &s.sweep else {
        return Vec::new();
    };
    let mut problems = axis_problems(s.system.kind, "sweep.parameter", &sweep.parameter, "sweep.values", &sweep.values);
    match (&sweep.series, sweep.series_values.is_empty()) {
        (None, true) => {}
        (None, false) => problems.push(
            Problem::new("sweep.series_values", "series values without a series field")
                .expected("sweep.series = \"section.field\", the numeric field they belong to"),
        ),
        (Some(series), _) if *series == sweep.parameter => problems.push(
            Problem::new("sweep.series", format!("\"{series}\" is already the swept parameter"))
                .expected("another numeric field: each series is one curve over sweep.values"),
        ),
        (Some(series), _) => problems.extend(axis_problems(
            s.system.kind,
            "sweep.series",
            series,
            "sweep.series_values",
            &sweep.series_values,
        )),
    }
    problems
}

/// One axis of a sweep: `field` (at `path_key`) is numeric and `values` (at `values_key`) holds
/// 1 to 200 values valid for it.
fn axis_problems(kind: SystemKind, path_key: &str, field: &str, values_key: &str, values: &[f64]) -> Vec<Problem> {
    let Some(spec) = swept_field(kind, field) else {
        return vec![Problem::new(path_key, format!("\"{field}\" is not a numeric field"))
            .expected(format!("one of: {}", fields::sweepable_paths(kind).collect::<Vec<_>>().join(", ")))];
    };
    if values.is_empty() || values.len() > MAX_SWEEP_VALUES {
        return vec![Problem::new(values_key, format!("{} values listed", values.len()))
            .expected(format!("1 to {MAX_SWEEP_VALUES} values"))];
    }
    let mut problems = Vec::new();
    for (i, &value) in values.iter().enumerate() {
        if let Err(message) = spec.check_number(value) {
            let problem = range_problem(spec, format!("{}: {message}", spec.path));
            problems.push(Problem { path: format!("{values_key}[{i}]"), ..problem });
        }
    }
    problems
}

fn swept_field(kind: SystemKind, path: &str) -> Option<&'static FieldSpec> {
    fields::field(kind, path).filter(|f| f.numeric().is_some())
}

/// Every sweep point passes the cross-field rules once its values are applied: a sweep must not
/// fail half-way through its runs. A rule a value breaks on several curves is reported once,
/// naming the series values it breaks on.
fn sweep_point_problems(s: &Scenario) -> Vec<Problem> {
    let Some(sweep) = &s.sweep else {
        return Vec::new();
    };
    // (value index, message) → the series values it occurs with, in first-seen order.
    let mut broken: Vec<((usize, String), Vec<f64>)> = Vec::new();
    // Every field and value is in range by now (see `problems`), so the points can be built.
    for point in super::sweep_points(s).unwrap_or_default() {
        let key = |problem: Problem| (point.index, format!("{}: {}", problem.path, problem.full_message()));
        for key in cross_problems(&point.scenario).into_iter().map(key) {
            match broken.iter_mut().find(|(k, _)| *k == key) {
                Some((_, series)) => series.extend(point.series),
                None => broken.push((key, point.series.into_iter().collect())),
            }
        }
    }
    let series_text = |values: &[f64]| {
        let path = sweep.series.as_deref().unwrap_or_default();
        if values.len() == sweep.series_values.len() && values.len() > 1 {
            format!(" and every {path} value")
        } else if values.is_empty() {
            String::new()
        } else {
            format!(" and {path} = {}", values.iter().map(f64::to_string).collect::<Vec<_>>().join(", "))
        }
    };
    broken
        .into_iter()
        .map(|((i, message), series)| {
            let at = format!("with {} = {}{}", sweep.parameter, sweep.values[i], series_text(&series));
            Problem::new(format!("sweep.values[{i}]"), format!("{at}: {message}"))
        })
        .collect()
}
