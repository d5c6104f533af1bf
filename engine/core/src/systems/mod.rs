//! The systems Storelab models, one folder each, named as their papers name them (DESIGN.md §2).
//! This file is the one place that lists them: `Simulation` is a run of any of them, and
//! `Summary` and `Sample` are what any of them reports. Each variant holds an `Engine` over its
//! system, so the event loop is statically dispatched; only these per-call matches branch.
pub mod mob;

use crate::describe::Description;
use crate::kernel::trace::Trace;
use crate::kernel::{Phase, SimTime};
use crate::scenario::{Scenario, SystemKind};
use serde::{Deserialize, Serialize};

/// A run of one scenario and seed, whichever system the scenario selects.
#[derive(Clone, Debug)]
pub enum Simulation {
    Mob(mob::MobEngine),
}

/// The final figures of one run (serialized as the system's own summary).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Summary {
    Mob(mob::metrics::Summary),
}

/// One sample of a run's time series.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Sample {
    Mob(mob::metrics::Sample),
}

/// What the system a scenario selects reports: its record kinds and summary figures.
pub fn description(s: &Scenario) -> &'static Description {
    match s.system.kind {
        SystemKind::Mob => &mob::describe::DESCRIPTION,
    }
}

/// `$body` with `$e` bound to the engine of whichever system `$sim` runs.
macro_rules! each {
    ($sim:expr, $e:ident => $body:expr) => {
        match $sim {
            Simulation::Mob($e) => $body,
        }
    };
}

impl Simulation {
    /// A simulation of a validated scenario with run seed `seed`.
    pub fn new(s: &Scenario, seed: u64) -> Simulation {
        match s.system.kind {
            SystemKind::Mob => Simulation::Mob(mob::MobSystem::engine(s, seed)),
        }
    }

    /// What the system reports: its record kinds and summary figures.
    pub fn description(&self) -> &'static Description {
        match self {
            Simulation::Mob(_) => &mob::describe::DESCRIPTION,
        }
    }

    pub fn as_mob(&self) -> Option<&mob::MobEngine> {
        match self {
            Simulation::Mob(e) => Some(e),
        }
    }

    pub fn now(&self) -> SimTime {
        each!(self, e => e.now())
    }

    pub fn phase(&self) -> Phase {
        each!(self, e => e.phase())
    }

    pub fn finished(&self) -> bool {
        each!(self, e => e.finished())
    }

    /// Queue events processed so far.
    pub fn events(&self) -> u64 {
        each!(self, e => e.events())
    }

    /// Events of the system's catalogue that ran inline, without a queue event (spec §2.12's
    /// `Access` events of the MOB clients).
    pub fn inline_events(&self) -> u64 {
        use crate::kernel::System;
        each!(self, e => e.system().inline_events())
    }

    pub fn trace(&self) -> &Trace {
        each!(self, e => e.trace())
    }

    pub fn set_tracing(&mut self, on: bool) {
        each!(self, e => e.set_tracing(on))
    }

    pub fn trace_hash(&self) -> u64 {
        self.trace().hash()
    }

    pub fn next_event_time(&self) -> Option<SimTime> {
        each!(self, e => e.next_event_time())
    }

    /// Process one event. Returns false once the run is over.
    pub fn step(&mut self) -> bool {
        each!(self, e => e.step())
    }

    /// Process every event up to and including time `t`, then stop at `t`.
    pub fn run_until(&mut self, t: SimTime) {
        each!(self, e => e.run_until(t))
    }

    /// See `Engine::run_until_kind`; `kind` is in the system's numbering.
    pub fn run_until_kind(&mut self, kind: u8, limit: SimTime) -> bool {
        each!(self, e => e.run_until_kind(kind, limit))
    }

    /// Run to the end of the measured window.
    pub fn run(&mut self) {
        each!(self, e => e.run())
    }

    /// A checkpoint for the timeline (`Engine::checkpoint`).
    pub fn checkpoint(&mut self) -> Simulation {
        match self {
            Simulation::Mob(e) => Simulation::Mob(e.checkpoint()),
        }
    }

    /// The measured figures; meaningful once the run is over (or the window so far).
    pub fn summary(&self) -> Summary {
        match self {
            Simulation::Mob(e) => Summary::Mob(e.system().summary(e.kernel())),
        }
    }

    /// Samples of the time series so far.
    pub fn series_len(&self) -> usize {
        match self {
            Simulation::Mob(e) => e.system().metrics.series.len(),
        }
    }

    /// The time series from sample `from` on: one sample per `run.sample_interval_s`, warm-up
    /// included.
    pub fn series_since(&self, from: usize) -> Vec<Sample> {
        match self {
            Simulation::Mob(e) => {
                let series = &e.system().metrics.series;
                series[from.min(series.len())..].iter().cloned().map(Sample::Mob).collect()
            }
        }
    }
}

/// `$body` with `$s` bound to whichever system's summary `$summary` is.
macro_rules! each_summary {
    ($summary:expr, $s:ident => $body:expr) => {
        match $summary {
            Summary::Mob($s) => $body,
        }
    };
}

impl Summary {
    pub fn as_mob(&self) -> Option<&mob::metrics::Summary> {
        match self {
            Summary::Mob(s) => Some(s),
        }
    }

    /// Simulated seconds of warm-up before measuring.
    pub fn warmup_s(&self) -> f64 {
        each_summary!(self, s => s.warmup_s)
    }

    /// False when the warm-up hit its time limit before the system's condition was met.
    pub fn warmup_complete(&self) -> bool {
        each_summary!(self, s => s.warmup_complete)
    }

    pub fn measured_s(&self) -> f64 {
        each_summary!(self, s => s.measured_s)
    }

    /// Half-width of the 95% batch-means confidence interval of the throughput within the run.
    pub fn throughput_batch_ci95(&self) -> Option<f64> {
        each_summary!(self, s => Some(s.throughput_ci95))
    }
}
