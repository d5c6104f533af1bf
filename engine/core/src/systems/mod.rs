//! The systems Storelab models, one folder each, named as their papers name them (DESIGN.md §2).
//! The `systems!` list at the end of this file is the one place that names them: it makes
//! `SystemKind` (a scenario's `[system] kind`), `Simulation` (a run of any system), and `Summary`
//! and `Sample` (what any of them reports). Each `Simulation` variant holds an `Engine` over its
//! system, so the event loop is statically dispatched; callers reach it through `engine()`, a
//! `kernel::Run`, one call per request (never per event inside the loop).

/// `kernel::RunSummary` for a system's `Summary`, from its fields `warmup_s`, `warmup_complete`
/// and `measured_s`, and the throughput interval `$ci` gives (`|_| None` where it has none).
macro_rules! run_summary {
    ($summary:ty, |$s:pat_param| $ci:expr) => {
        impl crate::kernel::RunSummary for $summary {
            fn warmup_s(&self) -> f64 {
                self.warmup_s
            }
            fn warmup_complete(&self) -> bool {
                self.warmup_complete
            }
            fn measured_s(&self) -> f64 {
                self.measured_s
            }
            fn batch_ci95(&self) -> Option<(&'static str, f64)> {
                let $s = self;
                $ci
            }
        }
    };
}

#[cfg(test)]
mod tests;

use crate::describe::Description;
use crate::frame::Frame;
use crate::kernel::trace::Trace;
use crate::kernel::work::Work;
use crate::kernel::{Engine, Phase, Run, RunControl, RunSummary, SimTime, System};
use crate::scenario::{Problem, Scenario};
use schemars::JsonSchema;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;

/// A paper's system as a scenario selects it: its sections and their rules, how a run of it is
/// built and timed, and what it describes and samples. The kernel runs it as a `System`.
pub trait PaperSystem: System {
    /// One sample of the time series.
    type Sample: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Its record kinds, summary figures and views.
    const DESCRIPTION: &'static Description;
    /// Its scenario sections (`systems/<name>/config.rs`), read when `[system] kind` names it.
    type Config: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + garde::Validate<Context = ()>;
    /// The JSON schema schemars generates for `Config`, committed beside it (`config.schema.json`).
    const CONFIG_SCHEMA: &'static str;
    /// Pairs of its fields that may not both be given (written, or swept): the second derives
    /// the first, as the third says.
    const EXCLUSIVE: &'static [(&'static str, &'static str, &'static str)] = &[];
    /// The rules between the fields of its sections (and the common ones), each problem at the
    /// field it names; checked once every field is in its declared range.
    fn config_problems(c: &Self::Config, s: &Scenario) -> Vec<Problem>;
    /// The most work a run of `s` may take (`kernel::work`), bounded from its fields; checked
    /// against the kernel's budget once the rules between fields pass.
    fn work(c: &Self::Config, s: &Scenario) -> Work;
    /// The system of a validated scenario with run seed `seed`.
    fn new(s: &Scenario, seed: u64) -> Self;
    /// The time series so far, warm-up included.
    fn series(&self) -> &[Self::Sample];
    /// Bytes of one sample of `s`'s series at most, what it holds beside it included (a sample
    /// with a value a server counts them).
    fn sample_bytes(_s: &Scenario) -> usize {
        std::mem::size_of::<Self::Sample>()
    }
    /// Whether a run of `s` may warm up for longer than `run.warmup_s`, until `warmed_up`: then
    /// when it ends is not known in advance.
    fn warmup_may_wait(s: &Scenario) -> bool;
    /// The run protocol's times for `s`: its `[run]` section's, unless the system warms up
    /// otherwise.
    fn run_control(s: &Scenario) -> RunControl {
        s.run.control()
    }
    /// Whether a run of `s` ends when its measured duration is over, known in advance; false for
    /// a system that ends its run itself when its work is done (`Kernel::finish`).
    fn end_known(s: &Scenario) -> bool {
        !Self::warmup_may_wait(s)
    }
    /// Whether a run of `s` ends when the system's work is done (`Kernel::finish`), which may be
    /// before its measured window is over: then the window's end is only a bound.
    fn ends_itself(_s: &Scenario) -> bool {
        false
    }
    /// The run of a validated scenario with run seed `seed`, ready to start.
    fn engine(s: &Scenario, seed: u64) -> Engine<Self> {
        Engine::new(Self::new(s, seed), Self::run_control(s))
    }
}

/// One line per system: its `SystemKind` variant (the snake_case name scenarios use, with its
/// description) and its `PaperSystem` type in its folder's module, which the line declares.
macro_rules! systems {
    ($($(#[doc = $doc:literal])* $kind:ident => $m:ident :: $s:ident,)*) => {
        $(pub mod $m;)*

        /// The paper system a scenario runs; its sections follow.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum SystemKind {
            #[default]
            $($(#[doc = $doc])* $kind,)*
        }

        /// A run of one scenario and seed, whichever system the scenario selects.
        #[derive(Clone, Debug)]
        pub enum Simulation {
            $($kind(Engine<$m::$s>),)*
        }

        /// The final figures of one run (serialized as the system's own summary).
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(untagged)]
        pub enum Summary {
            $($kind(<$m::$s as System>::Summary),)*
        }

        /// One sample of a run's time series.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(untagged)]
        pub enum Sample {
            $($kind(<$m::$s as PaperSystem>::Sample),)*
        }

        /// The sections of the system a scenario selects (`systems/<kind>/config.rs`), written
        /// as top-level sections of the scenario beside the common ones.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum SystemConfig {
            $($kind(<$m::$s as PaperSystem>::Config),)*
        }

        impl SystemKind {
            /// Every system, in the order of the list below.
            pub const ALL: &'static [SystemKind] = &[$(SystemKind::$kind),*];

            /// Its name in scenarios (`[system] kind`), which is also its folder's.
            pub fn name(self) -> &'static str {
                match self {
                    $(SystemKind::$kind => <$m::$s as PaperSystem>::DESCRIPTION.kind,)*
                }
            }

            /// The JSON schema of its sections, as committed beside them (`config.schema.json`).
            pub(crate) fn config_schema(self) -> &'static str {
                match self {
                    $(SystemKind::$kind => <$m::$s as PaperSystem>::CONFIG_SCHEMA,)*
                }
            }

            /// Pairs of its fields that may not both be given (`PaperSystem::EXCLUSIVE`).
            pub(crate) fn exclusive(self) -> &'static [(&'static str, &'static str, &'static str)] {
                match self {
                    $(SystemKind::$kind => <$m::$s as PaperSystem>::EXCLUSIVE,)*
                }
            }

            /// What schemars generates for its sections now: `config_schema` must be this.
            #[cfg(test)]
            pub(crate) fn generate_config_schema(self, settings: schemars::generate::SchemaSettings) -> serde_json::Value {
                match self {
                    $(SystemKind::$kind => {
                        settings.into_generator().into_root_schema_for::<<$m::$s as PaperSystem>::Config>().to_value()
                    })*
                }
            }
        }

        impl Default for SystemConfig {
            fn default() -> SystemConfig {
                SystemConfig::default_for(SystemKind::default())
            }
        }

        impl SystemConfig {
            /// The default sections of system `kind`: its paper's values.
            pub fn default_for(kind: SystemKind) -> SystemConfig {
                match kind {
                    $(SystemKind::$kind => SystemConfig::$kind(Default::default()),)*
                }
            }

            pub fn kind(&self) -> SystemKind {
                match self {
                    $(SystemConfig::$kind(_) => SystemKind::$kind,)*
                }
            }

            /// The sections of system `kind`, read from JSON (the scenario's other sections).
            pub(crate) fn from_json(kind: SystemKind, sections: serde_json::Value) -> Result<SystemConfig, serde_json::Error> {
                Ok(match kind {
                    $(SystemKind::$kind => SystemConfig::$kind(serde_json::from_value(sections)?),)*
                })
            }

            /// Paths of the fields out of the range declared on their types (checked by garde).
            pub(crate) fn out_of_range(&self) -> Vec<String> {
                let report = match self {
                    $(SystemConfig::$kind(c) => garde::Validate::validate(c),)*
                };
                report.err().map_or_else(Vec::new, |r| r.iter().map(|(path, _)| path.to_string()).collect())
            }

            /// The rules between the system's fields (`PaperSystem::config_problems`).
            pub(crate) fn problems(&self, s: &Scenario) -> Vec<Problem> {
                match self {
                    $(SystemConfig::$kind(c) => <$m::$s as PaperSystem>::config_problems(c, s),)*
                }
            }

            /// The most work a run of `s` may take (`PaperSystem::work`).
            pub fn work(&self, s: &Scenario) -> Work {
                match self {
                    $(SystemConfig::$kind(c) => <$m::$s as PaperSystem>::work(c, s),)*
                }
            }
        }

        /// When a run of `s` ends, if that is known in advance (`PaperSystem::end_known`): warm-up
        /// plus measured duration.
        pub fn planned_end(s: &Scenario) -> Option<SimTime> {
            let known = match s.system.kind {
                $(SystemKind::$kind => <$m::$s as PaperSystem>::end_known(s),)*
            };
            // Summed as the kernel schedules it: the end comes `duration` after the warm-up check.
            known.then(|| crate::kernel::time::from_s(s.run.warmup_s) + crate::kernel::time::from_s(s.run.duration_s))
        }

        /// Whether the system ends a run of `s` itself when its work is done (`PaperSystem::ends_itself`).
        pub fn ends_itself(s: &Scenario) -> bool {
            match s.system.kind {
                $(SystemKind::$kind => <$m::$s as PaperSystem>::ends_itself(s),)*
            }
        }

        /// The run protocol's times for `s`, as its system sets them (`PaperSystem::run_control`).
        pub fn run_control(s: &Scenario) -> RunControl {
            match s.system.kind {
                $(SystemKind::$kind => <$m::$s as PaperSystem>::run_control(s),)*
            }
        }

        /// The latest the run can end: its planned end, or the longest its warm-up may wait
        /// (`RunControl::longest_warmup`, as the system's run control sets it) plus the duration,
        /// never past the run's limit (`MAX_RUN_S`).
        pub fn longest_end(s: &Scenario) -> SimTime {
            planned_end(s).unwrap_or_else(|| {
                let run = run_control(s);
                (run.longest_warmup + run.duration).min(crate::kernel::time::from_s(crate::kernel::MAX_RUN_S))
            })
        }

        /// What the system a scenario selects reports: its record kinds, figures and views.
        pub fn description(s: &Scenario) -> &'static Description {
            description_of(s.system.kind)
        }

        /// What system `kind` reports: its title, paper, record kinds, figures and views.
        pub fn description_of(kind: SystemKind) -> &'static Description {
            match kind {
                $(SystemKind::$kind => <$m::$s as PaperSystem>::DESCRIPTION,)*
            }
        }

        /// Bytes of one sample of the time series of `kind`'s runs (it holds no heap data).
        pub fn sample_bytes(s: &Scenario) -> usize {
            match s.system.kind {
                $(SystemKind::$kind => <$m::$s as PaperSystem>::sample_bytes(s),)*
            }
        }

        /// What makes the warm-up of `s`'s system last (`System::WARMUP_HINT`), for the note when
        /// a run's limit cuts it short.
        pub fn warmup_hint(s: &Scenario) -> &'static str {
            match s.system.kind {
                $(SystemKind::$kind => <$m::$s as System>::WARMUP_HINT,)*
            }
        }

        impl Simulation {
            /// A simulation of a validated scenario with run seed `seed`.
            pub fn new(s: &Scenario, seed: u64) -> Simulation {
                match s.system.kind {
                    $(SystemKind::$kind => Simulation::$kind(<$m::$s as PaperSystem>::engine(s, seed)),)*
                }
            }

            /// What the system reports: its record kinds, summary figures and views.
            pub fn description(&self) -> &'static Description {
                match self {
                    $(Simulation::$kind(_) => <$m::$s as PaperSystem>::DESCRIPTION,)*
                }
            }

            /// A checkpoint for the timeline (`Engine::checkpoint`).
            pub fn checkpoint(&mut self) -> Simulation {
                match self {
                    $(Simulation::$kind(e) => Simulation::$kind(e.checkpoint()),)*
                }
            }

            /// The measured figures; meaningful once the run is over (or the window so far).
            pub fn summary(&self) -> Summary {
                match self {
                    $(Simulation::$kind(e) => Summary::$kind(e.summary()),)*
                }
            }

            /// The time series from sample `from` on: one sample per `run.sample_interval_s`,
            /// warm-up included.
            pub fn series_since(&self, from: usize) -> Vec<Sample> {
                match self {
                    $(Simulation::$kind(e) => {
                        let series = e.system().series();
                        series[from.min(series.len())..].iter().cloned().map(Sample::$kind).collect()
                    })*
                }
            }

            /// Samples of the time series so far.
            pub fn series_len(&self) -> usize {
                match self {
                    $(Simulation::$kind(e) => e.system().series().len(),)*
                }
            }

            /// The run, whatever its system: `now`, `step`, `run_until`, `trace`, … (`kernel::Run`).
            pub fn engine(&self) -> &dyn Run {
                match self {
                    $(Simulation::$kind(e) => e,)*
                }
            }

            pub fn engine_mut(&mut self) -> &mut dyn Run {
                match self {
                    $(Simulation::$kind(e) => e,)*
                }
            }
        }

        impl Summary {
            fn run_summary(&self) -> &dyn RunSummary {
                match self {
                    $(Summary::$kind(s) => s,)*
                }
            }
        }
    };
}

/// The run's own calls, through `engine()`.
impl Simulation {
    pub fn now(&self) -> SimTime {
        self.engine().now()
    }
    pub fn phase(&self) -> Phase {
        self.engine().phase()
    }
    pub fn finished(&self) -> bool {
        self.engine().finished()
    }
    /// Queue events processed so far.
    pub fn events(&self) -> u64 {
        self.engine().events()
    }
    /// Events of the system's catalogue that ran inline, without a queue event (spec §2.12's
    /// `Access` events of the MOB clients).
    pub fn inline_events(&self) -> u64 {
        self.engine().inline_events()
    }
    /// What the views draw now: the sections the system's description declares.
    pub fn frame(&self) -> Frame {
        self.engine().frame()
    }
    pub fn trace(&self) -> &Trace {
        self.engine().trace()
    }
    /// Why the run ended before its end, if it did (simulated time stopped advancing, or the
    /// model met a limit).
    pub fn ended_early(&self) -> Option<&str> {
        self.engine().ended_early()
    }
    /// Whether the model's own behaviour ended it (`Kernel::end_by_model`).
    pub fn ended_by_model(&self) -> bool {
        self.engine().ended_by_model()
    }
    pub fn trace_hash(&self) -> u64 {
        self.trace().hash()
    }
    pub fn set_tracing(&mut self, on: bool) {
        self.engine_mut().set_tracing(on)
    }
    pub fn next_event_time(&self) -> Option<SimTime> {
        self.engine().next_event_time()
    }
    /// Process one event. Returns false once the run is over.
    pub fn step(&mut self) -> bool {
        self.engine_mut().step()
    }
    /// Process every event up to and including time `t`, then stop at `t`.
    pub fn run_until(&mut self, t: SimTime) {
        self.engine_mut().run_until(t)
    }
    /// When the run ends, once its measured window has begun (`kernel::Run::end_time`).
    pub fn end_time(&self) -> Option<SimTime> {
        self.engine().end_time()
    }
    /// `run_until` in slices of at most `budget` events (`Engine::run_until_within`).
    pub fn run_until_within(&mut self, t: SimTime, budget: u64) -> bool {
        self.engine_mut().run_until_within(t, budget)
    }
    /// See `Engine::run_until_kind`; `kind` is in the system's numbering.
    pub fn run_until_kind(&mut self, kind: u8, limit: SimTime) -> bool {
        self.engine_mut().run_until_kind(kind, limit)
    }
    /// `run_until_kind` in slices of at most `budget` events (`Engine::run_until_kind_within`).
    pub fn run_until_kind_within(&mut self, kind: u8, limit: SimTime, budget: u64) -> Option<bool> {
        self.engine_mut().run_until_kind_within(kind, limit, budget)
    }
    /// Run to the end of the measured window.
    pub fn run(&mut self) {
        self.engine_mut().run()
    }
}

impl Summary {
    pub fn as_mob(&self) -> Option<&mob::metrics::Summary> {
        match self {
            Summary::Mob(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_oplog(&self) -> Option<&oplog::metrics::Summary> {
        match self {
            Summary::Oplog(s) => Some(s),
            _ => None,
        }
    }

    /// Simulated seconds of warm-up before measuring.
    pub fn warmup_s(&self) -> f64 {
        self.run_summary().warmup_s()
    }

    /// False when the warm-up hit its time limit before the system's condition was met.
    pub fn warmup_complete(&self) -> bool {
        self.run_summary().warmup_complete()
    }

    pub fn measured_s(&self) -> f64 {
        self.run_summary().measured_s()
    }

    /// The figure the run's batch means give a 95% confidence interval of, and its half-width.
    pub fn batch_ci95(&self) -> Option<(&'static str, f64)> {
        self.run_summary().batch_ci95()
    }
}

systems! {
    /// Ghemawat's MOB server (thesis Chapter 4).
    Mob => mob::MobSystem,
    /// Castro et al.'s hybrid adaptive caching, on OO7 (SOSP 1997).
    Hac => hac::HacSystem,
    /// O'Toole & Shrira's opportunistic log: four server designs and SPTF installation reads (OSDI 1994).
    Oplog => oplog::OplogSystem,
    /// A disk on its own: a list of requests under FIFO, SSTF, SATF or BSATF, on OSTEP's homework disk or a drive (OSTEP ch. 37).
    Disk => disk::DiskSystem,
    /// Liskov et al.'s Thor0: adaptive prefetching into an object cache managed by a copying collector, on OO7 (SIGMOD 1996).
    Thor => thor::ThorSystem,
    /// Venkataraman's cluster of database servers whose buffer pools are managed as one global memory (thesis, 1996).
    Global => global::GlobalSystem,
}
