//! storelab-wasm: the thin wasm-bindgen facade over storelab-core (DESIGN.md §1, §4), the lab's
//! module: the `Lab` class, which runs simulations, and one run of a sweep. What reads and edits
//! scenario text without running it (field edits, schemas, descriptions, assignments) is the other
//! module's, storelab-wasm-tools: the lab opens and runs a scenario with this one alone.
//!
//! Everything here converts between JS values and the core API and nothing more: the models,
//! validation and JSON schema all live in `storelab-core`, so the browser and the CLI give the same
//! results and the same errors. Numbers cross the boundary as `f64` (JS `number`): simulated time
//! in nanoseconds stays exact up to 2^53 ns ≈ 104 days, far beyond any scenario's run limit.
//!
//! The UI must not call in once per event (DESIGN.md §2): once per frame it advances, drains the
//! new trace records and takes the system's frame, then reads each column as a typed array (`Vec<T>` returns
//! become JS typed arrays that own their buffer, so the worker can transfer them). No JSON per
//! frame except the series delta, which is a few samples.
#[macro_use]
mod common;
mod frame;
mod sweep;

use common::hex16;
use storelab_core::kernel::Phase;
use storelab_core::{scenario, Simulation};
use wasm_bindgen::prelude::*;

/// Largest integer a JS `number` represents exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// One simulation run of one scenario and seed, with tracing on, plus what the last
/// `drain_trace` and `snapshot` produced for the typed-array getters (in `frame.rs`).
#[wasm_bindgen]
pub struct Lab {
    sim: Simulation,
    seed: u64,
    title: String,
    /// The scenario as the engine read it, every default filled in, as JSON.
    scenario_json: String,
    /// Warm-up plus measured duration when the warm-up cannot be extended by flusher passes.
    end_ns: Option<f64>,
    longest_end_ns: f64,
    /// The system ends its run itself when its work is done: its end is known once it is over.
    ends_itself: bool,
    cursor: storelab_core::kernel::trace::Cursor,
    drained: frame::TraceColumns,
    snap: storelab_core::frame::Frame,
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
        let mut sim = Simulation::new(&scenario, seed);
        sim.set_tracing(true);
        let snap = sim.frame();
        Ok(Lab {
            cursor: sim.trace().cursor(),
            sim,
            seed,
            title: scenario.meta.title.clone(),
            scenario_json: to_json!(&scenario),
            end_ns: storelab_core::systems::planned_end(&scenario).map(|t| t as f64),
            longest_end_ns: storelab_core::systems::longest_end(&scenario) as f64,
            ends_itself: storelab_core::systems::ends_itself(&scenario),
            drained: Default::default(),
            snap,
        })
    }

    /// A checkpoint: an independent copy of this run at its current time, without the trace
    /// records kept so far (see `Engine::checkpoint`). Its next `drain_trace` starts here.
    pub fn fork(&mut self) -> Lab {
        let sim = self.sim.checkpoint();
        Lab {
            cursor: sim.trace().cursor(),
            sim,
            seed: self.seed,
            title: self.title.clone(),
            scenario_json: self.scenario_json.clone(),
            end_ns: self.end_ns,
            longest_end_ns: self.longest_end_ns,
            ends_itself: self.ends_itself,
            drained: Default::default(),
            snap: self.snap.clone(),
        }
    }

    /// Keep trace records for `drain_trace` (on by default). The trace hash is computed either way.
    pub fn set_tracing(&mut self, on: bool) {
        self.sim.set_tracing(on);
    }

    /// The scenario as the engine read it, every section and field with its value (defaults
    /// filled in), as JSON: what the views read model parameters from.
    pub fn scenario_json(&self) -> String {
        self.scenario_json.clone()
    }

    /// The scenario's `meta.title`.
    pub fn title(&self) -> String {
        self.title.clone()
    }

    /// When the run will end, ns: known in advance (warm-up plus duration) unless the warm-up
    /// waits for flusher passes; then known from the start of the measured window on. A system
    /// that ends its run itself (HAC, with its traversal) says only once the run is over.
    pub fn end_ns(&self) -> Option<f64> {
        if self.ends_itself {
            return (self.sim.phase() == Phase::Done).then(|| self.sim.now() as f64);
        }
        self.end_ns.or_else(|| self.sim.end_time().map(|t| t as f64))
    }

    /// The latest the run can end, ns: its end when known in advance, else the longest its
    /// warm-up may wait plus the duration.
    pub fn longest_end_ns(&self) -> f64 {
        self.longest_end_ns
    }

    /// Why the run ended before its end, if it did (simulated time stopped advancing, or the
    /// model met a limit); `undefined` else.
    pub fn ended_early(&self) -> Option<String> {
        self.sim.ended_early().map(str::to_string)
    }

    /// Processes one event; returns false when the run is over.
    pub fn step(&mut self) -> bool {
        self.sim.step()
    }

    /// Processes every event up to simulated time `t_ns` (nanoseconds), or only `max_events` of
    /// them when given: returns whether it got to `t_ns` (call again to go on). The worker runs
    /// long work in such slices so it can report progress and be canceled in between.
    pub fn advance_to(&mut self, t_ns: f64, max_events: Option<f64>) -> Result<bool, JsError> {
        let budget = max_events.map_or(Ok(u64::MAX), |n| events(n, "max_events"))?;
        Ok(self.sim.run_until_within(time_from_f64(t_ns), budget))
    }

    /// Processes up to `n` events; returns false when the run is over.
    pub fn advance_events(&mut self, n: f64) -> Result<bool, JsError> {
        let n = events(n, "advance_events")?;
        Ok((0..n).all(|_| self.sim.step()))
    }

    /// Processes events until one emits a trace record of kind `kind` (stopping right after that
    /// event) or until time `limit_ns`, as `advance_to` would. Returns whether the kind was seen,
    /// or, when `max_events` ran out first, `undefined` (call again to go on). Throws on an
    /// unknown kind.
    pub fn step_to_kind(&mut self, kind: f64, limit_ns: f64, max_events: Option<f64>) -> Result<Option<bool>, JsError> {
        let records = &self.sim.description().records;
        let Some(kind) = records.iter().map(|r| r.id).find(|&id| f64::from(id) == kind) else {
            return Err(JsError::new(&format!(
                "unknown record kind {kind}: the system's are 0 to {}",
                records.len() as f64 - 1.0
            )));
        };
        let budget = max_events.map_or(Ok(u64::MAX), |n| events(n, "max_events"))?;
        Ok(self.sim.run_until_kind_within(kind, time_from_f64(limit_ns), budget))
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
        to_json!(&self.sim.series_since(0))
    }

    /// Samples so far.
    pub fn series_len(&self) -> u32 {
        self.sim.series_len() as u32
    }

    /// The samples from index `from` on, as JSON: what a frame adds to the series.
    pub fn series_since_json(&self, from: u32) -> String {
        to_json!(&self.sim.series_since(from as usize))
    }

    /// What this run's system reports, as JSON: its trace record kinds (number, name, label,
    /// the meaning and unit of each field) and its summary figures (`describe::Description`).
    pub fn describe_json(&self) -> String {
        to_json!(self.sim.description())
    }
}

/// A JS number as a seed: integers in 0..=2^53-1 only, so a seed never changes silently.
fn seed_from_f64(s: f64) -> Option<u64> {
    (s.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&s)).then_some(s as u64)
}

/// A JS number as a simulated time: negative and NaN clamp to 0 (`as` saturates).
/// A count of events from JS: a whole number from 0 to 2^32 − 1, or an error naming `what`.
fn events(n: f64, what: &str) -> Result<u64, JsError> {
    if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) {
        return Ok(n as u64);
    }
    Err(JsError::new(&format!("{what} takes a whole number of events from 0 to {}, not {n}", u32::MAX)))
}

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
}
