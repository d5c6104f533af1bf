//! Running a scenario: one simulation per seed, aggregated with 95% confidence intervals across
//! seeds (thesis §4.3: "averaged from a number of different runs"), and the points of a sweep.
//! No threads here: the CLI spreads runs over cores.
use crate::scenario::{sweep_points, Scenario};
use crate::stats;
use crate::systems::{Sample, Simulation, Summary};
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

/// Run one seed of a scenario to completion; its time series is kept only if `keep_series`
/// (a caller that prints none keeps none).
pub fn run_seed(s: &Scenario, seed: u64, keep_series: bool) -> Result<RunResult, String> {
    let mut sim = Simulation::new(s, seed);
    sim.run();
    if let Some(why) = sim.ended_early() {
        return Err(format!("seed {seed}: the run ended at {} s: {why}", crate::kernel::time::to_s(sim.now())));
    }
    Ok(RunResult {
        seed,
        events: sim.events(),
        trace_hash: format!("{:016x}", sim.trace_hash()),
        summary: sim.summary(),
        series: if keep_series { sim.series_since(0) } else { Vec::new() },
    })
}

/// Most bytes of time series a caller may keep for all the runs of one scenario at once
/// (`storelab run --series`).
pub const MAX_KEPT_SERIES_BYTES: f64 = 512.0 * 1024.0 * 1024.0;

/// Why the time series of every run of `s` (its seeds, at each sweep point) may not all be kept
/// at once, if they may not: checked before the runs start.
pub fn kept_series_problem(s: &Scenario) -> Option<String> {
    let jobs = sweep_jobs(s).ok()?;
    let bytes: f64 = jobs.iter().map(|(p, _)| crate::scenario::series_bytes(p)).sum();
    (bytes > MAX_KEPT_SERIES_BYTES).then(|| {
        format!(
            "keeping the time series of all {} runs takes up to {:.0} MiB, at most {:.0} MiB: raise \
             run.sample_interval_s or lower run.seeds, or leave out --series",
            jobs.len(),
            bytes / 1024f64.powi(2),
            MAX_KEPT_SERIES_BYTES / 1024f64.powi(2)
        )
    })
}

/// The seeds of a scenario: meta.seed, meta.seed + 1, … (run.seeds of them).
pub fn seeds(s: &Scenario) -> Vec<u64> {
    (0..s.run.seeds as u64).map(|i| s.meta.seed.wrapping_add(i)).collect()
}

/// Seeds of one scenario (or sweep point) aggregated: the mean of every summary figure, and the
/// half-width of its 95% confidence interval across seeds. With a single seed the interval of the
/// system's main figure (throughput, or response time) comes from batch means within the run.
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
    if let [run] = runs {
        // One seed: the batch-means interval of the run itself, where the system has one.
        if let Some((figure, ci)) = run.summary.batch_ci95() {
            ci95[figure] = Value::from(ci);
        }
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
