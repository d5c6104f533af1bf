//! Running a scenario: one simulation per seed, aggregated with 95% confidence intervals across
//! seeds (thesis §4.3: "averaged from a number of different runs"), and the points of a sweep.
//! No threads here: the CLI spreads runs over cores.
use crate::metrics::{stats, Sample, Summary};
use crate::scenario::{set_number, Scenario};
use crate::sim::Simulation;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Serialized in sweep shard files and read back by `storelab merge`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunResult {
    pub seed: u64,
    pub events: u64,
    /// Hash of every observation record, 16 hex digits: equal runs have equal hashes.
    pub trace_hash: String,
    pub summary: Summary,
    /// The time series, one sample per run.sample_interval_s, warm-up included.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub series: Vec<Sample>,
}

/// Run one seed of a scenario to completion.
pub fn run_seed(s: &Scenario, seed: u64) -> RunResult {
    let mut sim = Simulation::new(s, seed);
    sim.run();
    RunResult {
        seed,
        events: sim.events(),
        trace_hash: format!("{:016x}", sim.trace_hash()),
        summary: sim.summary(),
        series: sim.metrics().series.clone(),
    }
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

/// Every run of a scenario's sweep (or of the scenario itself), point by point and seed by seed:
/// the order in which `storelab sweep` reports them and its shards are dealt.
pub fn sweep_jobs(s: &Scenario) -> Result<Vec<(Scenario, u64)>, String> {
    let points = sweep_points(s)?;
    Ok(points.iter().flat_map(|p| seeds(&p.scenario).into_iter().map(move |seed| (p.scenario.clone(), seed))).collect())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Sweep;

    #[test]
    fn a_sweep_gives_one_scenario_per_value() {
        let mut s = Scenario::default();
        assert_eq!(sweep_points(&s).unwrap().len(), 1);
        s.sweep = Some(Sweep::over("client.count", &[1.0, 4.0]));
        let points = sweep_points(&s).unwrap();
        let counts: Vec<_> =
            points.iter().map(|p| (p.value, p.series, p.scenario.client.count, p.scenario.sweep.is_none())).collect();
        assert_eq!(counts, vec![(Some(1.0), None, 1, true), (Some(4.0), None, 4, true)]);
        assert!(set_number(&s, "client.count", 2.5).is_err());
        assert!(set_number(&s, "server.nothing", 1.0).is_err());
        assert_eq!(set_number(&s, "server.mob_mb", 4.5).unwrap().server.mob_mb, 4.5);
    }

    #[test]
    fn a_series_repeats_every_value_once_per_curve() {
        let mut s = Scenario {
            sweep: Some(Sweep {
                series: Some("workload.cluster_region".into()),
                series_values: vec![32.0, 1024.0],
                ..Sweep::over("database.page_kb", &[16.0, 64.0, 128.0])
            }),
            ..Scenario::default()
        };
        s.run.seeds = 2;
        let points = sweep_points(&s).unwrap();
        let grid: Vec<_> = points
            .iter()
            .map(|p| (p.index, p.series.unwrap(), p.scenario.workload.cluster_region, p.scenario.database.page_kb))
            .collect();
        assert_eq!(
            grid,
            vec![
                (0, 32.0, 32, 16),
                (1, 32.0, 32, 64),
                (2, 32.0, 32, 128),
                (0, 1024.0, 1024, 16),
                (1, 1024.0, 1024, 64),
                (2, 1024.0, 1024, 128)
            ]
        );
        assert_eq!(sweep_jobs(&s).unwrap().len(), 12);
    }
}
