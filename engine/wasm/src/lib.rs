//! storelab-wasm: the thin wasm-bindgen facade over storelab-core (DESIGN.md §1, §4).
//!
//! Everything here converts between JS values and the core API and nothing more: the models,
//! validation and JSON schema all live in `storelab-core`, so the browser and the CLI give the same
//! results and the same errors. Numbers cross the boundary as `f64` (JS `number`): simulated time
//! in nanoseconds stays exact up to 2^53 ns ≈ 104 days, far beyond any scenario's run limit.
//!
//! The UI must not call in once per event (DESIGN.md §2): it calls `advance_to` once per frame.
use storelab_core::{scenario, Simulation};
use wasm_bindgen::prelude::*;

/// Core types serialize infallibly (plain structs, no maps with non-string keys). A macro rather
/// than a generic function: this crate does not depend on `serde` itself.
macro_rules! to_json {
    ($value:expr) => {
        serde_json::to_string($value).expect("core types serialize to JSON")
    };
}

/// Largest integer a JS `number` represents exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// One simulation run of one scenario and seed.
#[wasm_bindgen]
pub struct Lab {
    sim: Simulation,
    seed: u64,
}

#[wasm_bindgen]
impl Lab {
    /// Parses and validates `scenario_text` (TOML) and starts a simulation at time 0.
    ///
    /// `seed` defaults to the scenario's `meta.seed`; when given it must be an integer in
    /// 0..=2^53-1. On an invalid scenario this throws an `Error` whose `message` is the JSON array
    /// returned by [`validate`], so the UI can show each error at its line.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_text: &str, seed: Option<f64>) -> Result<Lab, JsError> {
        let scenario = scenario::parse(scenario_text).map_err(|errors| JsError::new(&to_json!(&errors)))?;
        let seed = match seed {
            None => scenario.meta.seed,
            Some(s) => seed_from_f64(s).ok_or_else(|| {
                JsError::new(&format!("seed must be an integer between 0 and {MAX_SAFE_INTEGER}, got {s}"))
            })?,
        };
        Ok(Lab { sim: Simulation::new(&scenario, seed), seed })
    }

    /// Processes one event; returns false when the run is over.
    pub fn step(&mut self) -> bool {
        self.sim.step()
    }

    /// Processes every event up to simulated time `t_ns` (nanoseconds).
    pub fn advance_to(&mut self, t_ns: f64) {
        self.sim.run_until(time_from_f64(t_ns));
    }

    /// Runs the rest of the scenario (warm-up plus measured duration).
    pub fn run_to_end(&mut self) {
        self.sim.run();
    }

    /// Current simulated time, nanoseconds.
    pub fn now_ns(&self) -> f64 {
        self.sim.now() as f64
    }

    pub fn finished(&self) -> bool {
        self.sim.finished()
    }

    /// Events processed so far.
    pub fn events(&self) -> f64 {
        self.sim.events() as f64
    }

    /// The seed this run uses (the scenario's `meta.seed` unless one was given).
    pub fn seed(&self) -> f64 {
        self.seed as f64
    }

    /// Hash of the trace so far as 16 lowercase hex digits; equal to the CLI's `trace_hash`.
    pub fn trace_hash(&self) -> String {
        hex16(self.sim.trace_hash())
    }

    /// The run's summary metrics as JSON; equal to the CLI's `runs[i].summary`.
    pub fn summary_json(&self) -> String {
        to_json!(&self.sim.summary())
    }

    /// The time series so far as JSON: one sample per `run.sample_interval_s`, warm-up included.
    pub fn series_json(&self) -> String {
        to_json!(&self.sim.metrics().series)
    }
}

/// Validates a scenario: a JSON array of errors (`path`, `line`, `column`, `message`, `expected`,
/// `range`), `[]` when the scenario is valid.
#[wasm_bindgen]
pub fn validate(scenario_text: &str) -> String {
    match scenario::parse(scenario_text) {
        Ok(_) => "[]".to_string(),
        Err(errors) => to_json!(&errors),
    }
}

/// The JSON schema of scenarios (drives the web form editor).
#[wasm_bindgen]
pub fn schema() -> String {
    to_json!(&scenario::json_schema())
}

fn hex16(h: u64) -> String {
    format!("{h:016x}")
}

/// A JS number as a seed: integers in 0..=2^53-1 only, so a seed never changes silently.
fn seed_from_f64(s: f64) -> Option<u64> {
    (s.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&s)).then_some(s as u64)
}

/// A JS number as a simulated time: negative and NaN clamp to 0 (`as` saturates).
fn time_from_f64(t: f64) -> u64 {
    t as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_must_be_safe_integers() {
        assert_eq!(seed_from_f64(0.0), Some(0));
        assert_eq!(seed_from_f64(42.0), Some(42));
        assert_eq!(seed_from_f64(MAX_SAFE_INTEGER), Some(9_007_199_254_740_991));
        assert_eq!(seed_from_f64(-1.0), None);
        assert_eq!(seed_from_f64(1.5), None);
        assert_eq!(seed_from_f64(f64::NAN), None);
        assert_eq!(seed_from_f64(f64::INFINITY), None);
        assert_eq!(seed_from_f64(MAX_SAFE_INTEGER + 1.0), None);
    }

    #[test]
    fn times_clamp() {
        assert_eq!(time_from_f64(-5.0), 0);
        assert_eq!(time_from_f64(f64::NAN), 0);
        assert_eq!(time_from_f64(1.5e9), 1_500_000_000);
    }

    #[test]
    fn hash_is_16_hex_digits() {
        assert_eq!(hex16(0), "0000000000000000");
        assert_eq!(hex16(0xdead_beef), "00000000deadbeef");
        assert_eq!(hex16(u64::MAX), "ffffffffffffffff");
    }
}
