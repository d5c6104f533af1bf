//! One run of a sweep in the browser: the figures page runs the jobs in a pool of workers, each
//! calling [`run_sweep_job`] in this module (the lab's, which runs simulations); the plan and the
//! table are the tools module's (storelab-wasm-tools).
use crate::common::sweep_scenario;
use storelab_core::experiment;
use wasm_bindgen::prelude::*;

/// Runs job `index` of the sweep (`experiment::sweep_jobs` order: point by point, seed by seed)
/// to its end: the JSON of its `RunResult` (without the time series). Throws for an index out of
/// range, and for a run that ended before its end (saying why).
#[wasm_bindgen]
pub fn run_sweep_job(scenario_text: &str, index: u32) -> Result<String, JsError> {
    let s = sweep_scenario(scenario_text)?;
    let jobs = experiment::sweep_jobs(&s).map_err(|e| JsError::new(&e))?;
    let (point, seed) = jobs
        .get(index as usize)
        .ok_or_else(|| JsError::new(&format!("job {index} is not one of the sweep's {}", jobs.len())))?;
    let run = experiment::run_seed(point, *seed, false).map_err(|e| JsError::new(&e))?;
    Ok(to_json!(&run))
}
