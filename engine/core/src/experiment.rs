//! Running a scenario: one simulation per seed, aggregated with 95% confidence intervals across
//! seeds (thesis §4.3: "averaged from a number of different runs"), and the points of a sweep.
//! No threads here: the CLI spreads runs over cores.
use crate::metrics::{stats, Summary};
use crate::scenario::Scenario;
use crate::sim::Simulation;
use serde::Serialize;
use serde_json::{Map, Value};

#[derive(Clone, Debug, Serialize)]
pub struct RunResult {
    pub seed: u64,
    pub events: u64,
    /// Hash of every observation record, 16 hex digits: equal runs have equal hashes.
    pub trace_hash: String,
    pub summary: Summary,
}

/// Run one seed of a scenario to completion.
pub fn run_seed(s: &Scenario, seed: u64) -> RunResult {
    let mut sim = Simulation::new(s, seed);
    sim.run();
    RunResult { seed, events: sim.events(), trace_hash: format!("{:016x}", sim.trace_hash()), summary: sim.summary() }
}

/// The seeds of a scenario: meta.seed, meta.seed + 1, … (run.seeds of them).
pub fn seeds(s: &Scenario) -> Vec<u64> {
    (0..s.run.seeds as u64).map(|i| s.meta.seed.wrapping_add(i)).collect()
}

/// Seeds of one scenario (or sweep point) aggregated: the mean of every summary figure, and the
/// half-width of its 95% confidence interval across seeds. With a single seed the throughput
/// interval comes from batch means within the run.
#[derive(Clone, Debug, Serialize)]
pub struct Aggregate {
    pub mean: Value,
    pub ci95: Value,
}

pub fn aggregate(runs: &[RunResult]) -> Aggregate {
    let values: Vec<Value> =
        runs.iter().map(|r| serde_json::to_value(&r.summary).expect("summary serializes")).collect();
    let mean = combine(&values, stats::mean);
    let mut ci95 = combine(&values, stats::ci95);
    if runs.len() == 1 {
        ci95["throughput_tps"] = Value::from(runs[0].summary.throughput_ci95);
    }
    Aggregate { mean, ci95 }
}

/// Apply `f` to every numeric leaf across `values` (which share one shape).
fn combine(values: &[Value], f: fn(&[f64]) -> f64) -> Value {
    match &values[0] {
        Value::Object(first) => {
            let mut out = Map::new();
            for key in first.keys() {
                let column: Vec<Value> = values.iter().map(|v| v[key].clone()).collect();
                out.insert(key.clone(), combine(&column, f));
            }
            Value::Object(out)
        }
        Value::Number(_) => {
            let xs: Vec<f64> = values.iter().filter_map(Value::as_f64).collect();
            Value::from(f(&xs))
        }
        other => other.clone(),
    }
}

/// The scenarios of a sweep, one per value, or the scenario itself when it has no sweep.
pub fn sweep_points(s: &Scenario) -> Result<Vec<(Option<f64>, Scenario)>, String> {
    let Some(sweep) = &s.sweep else { return Ok(vec![(None, s.clone())]) };
    let mut base = s.clone();
    base.sweep = None;
    sweep.values.iter().map(|&v| Ok((Some(v), set_number(&base, &sweep.parameter, v)?))).collect()
}

/// A copy of `s` with the numeric field at dotted `path` set to `value`.
pub fn set_number(s: &Scenario, path: &str, value: f64) -> Result<Scenario, String> {
    let mut doc = toml::Value::try_from(s).map_err(|e| e.to_string())?;
    let mut slot = &mut doc;
    for key in path.split('.') {
        slot = slot.get_mut(key).ok_or_else(|| format!("no field `{path}`"))?;
    }
    *slot = match slot {
        toml::Value::Integer(_) if value.fract() == 0.0 => toml::Value::Integer(value as i64),
        toml::Value::Float(_) => toml::Value::Float(value),
        _ => return Err(format!("`{path}` cannot be set to {value}")),
    };
    doc.try_into().map_err(|e: toml::de::Error| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_number_changes_one_field() {
        let s = Scenario::default();
        let t = set_number(&s, "server.mob_mb", 4.0).unwrap();
        assert_eq!(t.server.mob_mb, 4.0);
        assert_eq!(set_number(&s, "client.count", 3.0).unwrap().client.count, 3);
        assert!(set_number(&s, "client.count", 2.5).is_err());
        assert!(set_number(&s, "server.nothing", 1.0).is_err());
    }
}
