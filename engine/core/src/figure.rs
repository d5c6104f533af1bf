//! A sweep's table: its runs grouped by point, each point's means and 95% confidence intervals
//! across seeds, and the CSV `storelab sweep` prints. The lab's figures page builds the same table
//! from the same runs (WASM `sweep_table`), so its CSV equals the CLI's.
use crate::experiment::{aggregate, Aggregate, RunResult};
use crate::scenario::{sweep_points, Scenario};
use crate::systems;
use serde::Serialize;
use serde_json::Value;

/// One point of a sweep: its seeds' runs and their aggregate.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub series: Option<f64>,
    pub value: f64,
    pub aggregate: Aggregate,
    pub runs: Vec<RunResult>,
}

/// A summary figure's value at `path` (dotted) in a summary or aggregate, NaN where it has none.
pub fn get(v: &Value, path: &str) -> f64 {
    path.split('.').fold(v, |v, k| &v[k]).as_f64().unwrap_or(f64::NAN)
}

/// The rows of a sweep from its runs in job order (`experiment::sweep_jobs`; `None` where a run
/// did not end); a point none of whose runs ended has no row.
pub fn sweep_rows(s: &Scenario, runs: &[Option<RunResult>]) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    let mut at = 0;
    for p in sweep_points(s)? {
        let n = p.scenario.run.seeds as usize;
        let kept: Vec<RunResult> =
            runs.get(at..at + n).ok_or("fewer runs than the sweep has")?.iter().flatten().cloned().collect();
        at += n;
        if kept.is_empty() {
            continue;
        }
        rows.push(Row {
            series: p.series,
            value: p.value.unwrap_or(f64::NAN),
            aggregate: aggregate(&kept),
            runs: kept,
        });
    }
    Ok(rows)
}

/// One line per point: the series value (when the sweep has a series), the swept value, the seed
/// count, then each figure's mean and 95% confidence half-width.
pub fn sweep_csv(s: &Scenario, rows: &[Row]) -> String {
    let sweep = s.sweep.as_ref().expect("a sweep scenario");
    let figures = systems::description(s).figures;
    let mut out = match &sweep.series {
        Some(series) => format!("{series},{},seeds", sweep.parameter),
        None => format!("{},seeds", sweep.parameter),
    };
    for f in figures {
        out += &format!(",{0},{0}_ci95", f.path);
    }
    out += "\n";
    for r in rows {
        if let Some(v) = r.series {
            out += &format!("{v},");
        }
        out += &format!("{},{}", r.value, r.runs.len());
        for f in figures {
            out += &format!(",{:.6},{:.6}", get(&r.aggregate.mean, f.path), get(&r.aggregate.ci95, f.path));
        }
        out += "\n";
    }
    out
}
