//! A whole sweep in the browser (the figures page): its plan, one run of it, and its table. The
//! page runs the jobs in a pool of workers, each calling [`run_sweep_job`], then builds the table
//! from their results with [`sweep_table`], which is the CLI's (`storelab_core::figure`).
use storelab_core::experiment::{self, RunResult};
use storelab_core::{figure, scenario, systems};
use wasm_bindgen::prelude::*;

fn parse(text: &str) -> Result<scenario::Scenario, JsError> {
    let s = scenario::parse(text).map_err(|errors| JsError::new(&to_json!(&errors)))?;
    if s.sweep.is_none() {
        return Err(JsError::new(
            "the scenario has no [sweep] section: give it parameter = \"section.key\" and values = [...]",
        ));
    }
    Ok(s)
}

/// The sweep of `scenario_text` as JSON: `parameter`, `series` (its path, or null), `points`
/// (each `{value, series, seeds}`, in job order: a point's seeds are consecutive jobs), `jobs`
/// (how many runs in all), `figures`, the system's summary figures (`path`, `label`, `unit`,
/// `scale`) that apply to it, and `paper_numbers`, the paper's (`figure`, `values`, `at`,
/// `source`). Throws, as `validate`'s array, for an invalid scenario, or when it
/// has no sweep.
#[wasm_bindgen]
pub fn sweep_plan(scenario_text: &str) -> Result<String, JsError> {
    let s = parse(scenario_text)?;
    let sweep = s.sweep.as_ref().expect("checked");
    let points = scenario::sweep_points(&s).map_err(|e| JsError::new(&e))?;
    let points: Vec<serde_json::Value> = points
        .iter()
        .map(|p| serde_json::json!({ "value": p.value, "series": p.series, "seeds": p.scenario.run.seeds }))
        .collect();
    let figures: Vec<serde_json::Value> = systems::description(&s)
        .figures
        .iter()
        .filter(|f| f.applies_to(&s))
        .map(|f| serde_json::json!({ "path": f.path, "label": f.label, "unit": f.unit, "scale": f.scale }))
        .collect();
    let jobs = experiment::sweep_jobs(&s).map_err(|e| JsError::new(&e))?.len();
    Ok(to_json!(&serde_json::json!({
        "title": s.meta.title,
        "paper": s.meta.paper,
        "parameter": sweep.parameter,
        "series": sweep.series,
        "points": points,
        "jobs": jobs,
        "figures": figures,
        "paper_numbers": s.meta.paper_numbers,
    })))
}

/// Runs job `index` of the sweep (`experiment::sweep_jobs` order: point by point, seed by seed)
/// to its end: the JSON of its `RunResult` (without the time series). Throws for an index out of
/// range, and for a run that ended before its end (saying why).
#[wasm_bindgen]
pub fn run_sweep_job(scenario_text: &str, index: u32) -> Result<String, JsError> {
    let s = parse(scenario_text)?;
    let jobs = experiment::sweep_jobs(&s).map_err(|e| JsError::new(&e))?;
    let (point, seed) = jobs
        .get(index as usize)
        .ok_or_else(|| JsError::new(&format!("job {index} is not one of the sweep's {}", jobs.len())))?;
    let run = experiment::run_seed(point, *seed, false).map_err(|e| JsError::new(&e))?;
    Ok(to_json!(&run))
}

/// The sweep's table from its runs (`runs_json`: a JSON array in job order, null where a run did
/// not end): `{csv, rows}`, the CSV exactly as `storelab sweep` prints it, and each point's
/// `{series, value, aggregate: {mean, ci95}, runs}`.
#[wasm_bindgen]
pub fn sweep_table(scenario_text: &str, runs_json: &str) -> Result<String, JsError> {
    let s = parse(scenario_text)?;
    let runs: Vec<Option<RunResult>> =
        serde_json::from_str(runs_json).map_err(|e| JsError::new(&format!("the runs are not the sweep's: {e}")))?;
    let rows = figure::sweep_rows(&s, &runs).map_err(|e| JsError::new(&e))?;
    Ok(to_json!(&serde_json::json!({ "csv": figure::sweep_csv(&s, &rows), "rows": rows })))
}
