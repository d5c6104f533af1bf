//! What a question asks, read against the system's description (`ask`), and its answer from one
//! run (`answers`): every question of a student's problem is answered in a single run, stopping
//! at the times the questions name and watching the record counts the trace keeps.
use super::types::{Question, QuestionKind};
use crate::describe::{Description, FigureInfo};
use crate::kernel::time::{self, SimTime};
use crate::scenario::{Problem, Scenario};
use crate::systems::{self, Simulation};

/// A question, read: what to take from the run.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Ask {
    Figure(&'static FigureInfo),
    RecordTime {
        kind: u8,
        nth: u64,
    },
    /// Records at times in [from, to); `to` absent: to the end of the run, its last instant
    /// included.
    RecordCount {
        kind: u8,
        from: SimTime,
        to: Option<SimTime>,
    },
    FigureAt {
        section: &'static str,
        scalar: &'static str,
        at: SimTime,
    },
}

/// What question `i` asks of system `d`'s runs, or the problem with it (at the field to fix).
pub(crate) fn ask(q: &Question, i: usize, d: &'static Description) -> Result<Ask, Box<Problem>> {
    let at = |field: &str| format!("question[{i}].{field}");
    let needs = |field: &str, what: &str| {
        Box::new(Problem::new(at(field), format!("a {} question needs `{field}`: {what}", kind_name(q.kind))))
    };
    let record = || {
        let name = q.record.as_deref().ok_or_else(|| needs("record", "the record kind, by name"))?;
        d.records.iter().find(|r| r.name == name).map(|r| r.id).ok_or_else(|| {
            let names: Vec<&str> = d.records.iter().map(|r| r.name).collect();
            Box::new(Problem::new(
                at("record"),
                format!("the {} system has no record kind \"{name}\"; it has: {}", d.kind, names.join(", ")),
            ))
        })
    };
    let ask = match q.kind {
        QuestionKind::Figure => {
            let path = q.figure.as_deref().ok_or_else(|| needs("figure", "a summary figure's path"))?;
            let figure = d.figures.iter().find(|f| f.path == path).ok_or_else(|| {
                let paths: Vec<&str> = d.figures.iter().map(|f| f.path).collect();
                Box::new(Problem::new(
                    at("figure"),
                    format!("the {} system has no summary figure \"{path}\"; it has: {}", d.kind, paths.join(", ")),
                ))
            })?;
            unused(q, i, &["figure"])?;
            Ask::Figure(figure)
        }
        QuestionKind::RecordTime => {
            let kind = record()?;
            let nth = q.nth.ok_or_else(|| needs("nth", "which record of the kind, counting from 1"))?;
            unused(q, i, &["record", "nth"])?;
            Ask::RecordTime { kind, nth: nth.into() }
        }
        QuestionKind::RecordCount => {
            let kind = record()?;
            let from = time::from_s(q.from_s.unwrap_or(0.0));
            let to = q.to_s.map(time::from_s);
            if to.is_some_and(|to| to <= from) {
                let message = "the window ends before it starts: make to_s larger than from_s";
                return Err(Box::new(Problem::new(at("to_s"), message)));
            }
            unused(q, i, &["record", "from_s", "to_s"])?;
            Ask::RecordCount { kind, from, to }
        }
        QuestionKind::FigureAt => {
            let path = q.figure.as_deref().ok_or_else(|| needs("figure", "a frame scalar as \"section.scalar\""))?;
            let (section, scalar) = frame_scalar(d, path).ok_or_else(|| {
                let scalars: Vec<String> = d
                    .sections
                    .iter()
                    .flat_map(|s| {
                        s.scalars.iter().filter(|c| c.values.is_empty()).map(|c| format!("{}.{}", s.name, c.name))
                    })
                    .collect();
                Box::new(Problem::new(
                    at("figure"),
                    format!(
                        "the {} system's frames have no numeric scalar \"{path}\"; they have: {}",
                        d.kind,
                        scalars.join(", ")
                    ),
                ))
            })?;
            let at_s = q.at_s.ok_or_else(|| needs("at_s", "the simulated time, s"))?;
            unused(q, i, &["figure", "at_s"])?;
            Ask::FigureAt { section, scalar, at: time::from_s(at_s) }
        }
    };
    Ok(ask)
}

/// A problem at the first field `q` gives that its kind does not use (`used` are those it does).
fn unused(q: &Question, i: usize, used: &[&str]) -> Result<(), Box<Problem>> {
    let given = [
        ("figure", q.figure.is_some()),
        ("record", q.record.is_some()),
        ("nth", q.nth.is_some()),
        ("from_s", q.from_s.is_some()),
        ("to_s", q.to_s.is_some()),
        ("at_s", q.at_s.is_some()),
    ];
    match given.into_iter().find(|(field, given)| *given && !used.contains(field)) {
        None => Ok(()),
        Some((field, _)) => Err(Box::new(Problem::new(
            format!("question[{i}].{field}"),
            format!("a {} question does not use `{field}`; remove it", kind_name(q.kind)),
        ))),
    }
}

pub(crate) fn kind_name(kind: QuestionKind) -> &'static str {
    match kind {
        QuestionKind::Figure => "figure",
        QuestionKind::RecordTime => "record_time",
        QuestionKind::RecordCount => "record_count",
        QuestionKind::FigureAt => "figure_at",
    }
}

/// A frame section's numeric scalar (not an enumeration) by "section.scalar".
fn frame_scalar(d: &'static Description, path: &str) -> Option<(&'static str, &'static str)> {
    let (section, scalar) = path.split_once('.')?;
    let s = d.sections.iter().find(|s| s.name == section)?;
    let c = s.scalars.iter().find(|c| c.name == scalar && c.values.is_empty())?;
    Some((s.name, c.name))
}

impl Ask {
    /// The unit the answer is given in.
    pub(crate) fn unit(&self, d: &'static Description) -> &'static str {
        match self {
            Ask::Figure(f) => f.unit,
            Ask::RecordTime { .. } => "s",
            Ask::RecordCount { .. } => "records",
            Ask::FigureAt { section, scalar, .. } => {
                let s = d.sections.iter().find(|s| s.name == *section).expect("checked by ask");
                s.scalars.iter().find(|c| c.name == *scalar).expect("checked by ask").unit
            }
        }
    }

    /// Why the question cannot be answered from a run of `s`, if it cannot, with the field to
    /// fix: a figure the run does not report, or a time past the run's end.
    pub(crate) fn problem_with(&self, s: &Scenario) -> Option<(&'static str, String)> {
        let end = systems::longest_end(s);
        let past = |t: SimTime, field: &'static str| {
            (t > end).then(|| {
                let message = format!(
                    "{field} = {} s is past the run's end at {} s; make it earlier",
                    time::to_s(t),
                    time::to_s(end)
                );
                (field, message)
            })
        };
        match *self {
            Ask::Figure(f) if !f.applies_to(s) => {
                let (path, values) = f.only_when.expect("a figure that does not apply has a condition");
                let values: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
                let message =
                    format!("the figure \"{}\" is reported only when {path} is {}", f.path, values.join(" or "));
                Some(("figure", message))
            }
            Ask::RecordCount { from, to, .. } => past(from, "from_s").or_else(|| to.and_then(|to| past(to, "to_s"))),
            Ask::FigureAt { at, .. } => past(at, "at_s"),
            _ => None,
        }
    }
}

/// The answers to `asks` from one run of `s` (with its `meta.seed`), in order; the message says
/// which question has none and why.
pub(crate) fn answers(s: &Scenario, asks: &[Ask], ids: &[&str]) -> Result<Vec<f64>, String> {
    let mut sim = Simulation::new(s, s.meta.seed);
    let mut values: Vec<Option<f64>> = vec![None; asks.len()];
    // A count's window starts after every event before `from`; before time 0 nothing has happened.
    let mut base: Vec<Option<u64>> =
        asks.iter().map(|a| matches!(a, Ask::RecordCount { from: 0, .. }).then_some(0)).collect();
    // The times to stop at: just before a window's ends, and at a figure's time.
    let mut stops: Vec<SimTime> = asks
        .iter()
        .flat_map(|a| match *a {
            Ask::RecordCount { from, to, .. } => vec![from.checked_sub(1), to.map(|t| t - 1)],
            Ask::FigureAt { at, .. } => vec![Some(at)],
            _ => vec![],
        })
        .flatten()
        .collect();
    stops.sort_unstable();
    stops.dedup();
    for stop in stops.into_iter().map(Some).chain([None]) {
        advance(&mut sim, stop, asks, &mut values);
        let now = sim.now();
        for (i, a) in asks.iter().enumerate() {
            match *a {
                Ask::RecordCount { kind, from, .. } if from > 0 && stop == Some(from - 1) && now == from - 1 => {
                    base[i] = Some(sim.trace().count(kind));
                }
                // A window the run ended before has no count.
                Ask::RecordCount { kind, to, .. } if to.map(|t| t - 1) == stop && stop.is_none_or(|t| now == t) => {
                    values[i] = base[i].map(|b| (sim.trace().count(kind) - b) as f64);
                }
                Ask::FigureAt { section, scalar, at } if stop == Some(at) && now == at => {
                    values[i] = Some(sim.frame().section(section).scalar(scalar));
                }
                _ => {}
            }
        }
    }
    if let Some(why) = sim.ended_early() {
        return Err(format!("the run ended early at {} s: {why}", time::to_s(sim.now())));
    }
    let summary = serde_json::to_value(sim.summary()).expect("a summary serializes");
    for (i, a) in asks.iter().enumerate() {
        if let Ask::Figure(f) = a {
            let value = f.path.split('.').fold(&summary, |v, k| &v[k]).as_f64();
            values[i] = value.map(|v| v * f.scale);
        }
    }
    let end = time::to_s(sim.now());
    asks.iter()
        .zip(values)
        .zip(ids)
        .map(|((a, v), id)| {
            v.filter(|v| v.is_finite()).ok_or_else(|| format!("question \"{id}\" has no answer: {}", no_answer(a, end)))
        })
        .collect()
}

/// Runs `sim` to just after every event up to `stop` (to its end when `None`), noting the time
/// of each `RecordTime` question's record as its count is reached.
fn advance(sim: &mut Simulation, stop: Option<SimTime>, asks: &[Ask], values: &mut [Option<f64>]) {
    let watch = |sim: &Simulation, values: &mut [Option<f64>]| {
        for (a, v) in asks.iter().zip(values.iter_mut()) {
            if let Ask::RecordTime { kind, nth } = *a {
                if v.is_none() && sim.trace().count(kind) >= nth {
                    *v = Some(time::to_s(sim.now()));
                }
            }
        }
    };
    let watching = |values: &[Option<f64>]| {
        asks.iter().zip(values).any(|(a, v)| matches!(a, Ask::RecordTime { .. }) && v.is_none())
    };
    // Records the system emits as it starts, before any event, are at time 0.
    watch(sim, values);
    let before = |sim: &Simulation| sim.next_event_time().is_some_and(|t| stop.is_none_or(|stop| t <= stop));
    while watching(values) && before(sim) {
        sim.step();
        watch(sim, values);
    }
    match stop {
        Some(t) => sim.run_until(t),
        None => sim.run(),
    }
}

/// Why a question of kind `a` found no answer in a run that ended at `end` s.
fn no_answer(a: &Ask, end: f64) -> String {
    match a {
        Ask::Figure(f) => format!("the run does not define \"{}\" (nothing it measures happened)", f.path),
        Ask::RecordTime { nth, .. } => {
            format!("the run ended at {end} s before record {nth} of its kind; ask for an earlier record or run longer")
        }
        Ask::RecordCount { .. } => format!("the run ended at {end} s, before the window did"),
        Ask::FigureAt { section, scalar, .. } => {
            format!("{section}.{scalar} has no value at that time (the run ended at {end} s, or the view shows none)")
        }
    }
}
