//! A whole sweep in the browser (the figures page): its plan, and its table from the runs the
//! page's pool of workers made with the lab module's `run_sweep_job`; the table is the CLI's
//! (`storelab_core::figure`).
use crate::common::sweep_scenario;
use storelab_core::experiment::{self, RunResult};
use storelab_core::{figure, scenario, systems};
use wasm_bindgen::prelude::*;

/// The sweep of `scenario_text` as JSON: `parameter`, `series` (its path, or null), `points`
/// (each `{value, series, seeds}`, in job order: a point's seeds are consecutive jobs), `jobs`
/// (how many runs in all), `figures`, the system's summary figures (`path`, `label`, `unit`,
/// `scale`) that apply to it, and `paper_numbers`, the paper's (`figure`, `values`, `at`,
/// `source`). Throws, as `validate`'s array, for an invalid scenario, or when it
/// has no sweep.
#[wasm_bindgen]
pub fn sweep_plan(scenario_text: &str) -> Result<String, JsError> {
    let s = sweep_scenario(scenario_text)?;
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

/// The sweep's table from its runs (`runs_json`: a JSON array in job order, null where a run did
/// not end): `{csv, rows}`, the CSV exactly as `storelab sweep` prints it, and each point's
/// `{series, value, aggregate: {mean, ci95}, runs}`.
#[wasm_bindgen]
pub fn sweep_table(scenario_text: &str, runs_json: &str) -> Result<String, JsError> {
    let s = sweep_scenario(scenario_text)?;
    let runs: Vec<Option<RunResult>> =
        serde_json::from_str(runs_json).map_err(|e| JsError::new(&format!("the runs are not the sweep's: {e}")))?;
    let rows = figure::sweep_rows(&s, &runs).map_err(|e| JsError::new(&e))?;
    Ok(to_json!(&serde_json::json!({ "csv": figure::sweep_csv(&s, &rows), "rows": rows })))
}
