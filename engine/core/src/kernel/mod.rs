//! The deterministic kernel (DESIGN.md §2), which knows no model: integer-nanosecond time, an
//! event queue ordered by (time, sequence), seeded random streams per component, the trace ring,
//! and run control (warm-up, measurement, end) from plain times (`RunControl`). A system
//! (`crate::systems`) owns its components, defines its own event enum and handles its events;
//! `Engine<S>` runs one, statically dispatched. How a system is built from a scenario is not the
//! kernel's: `systems::PaperSystem`.
mod engine;
pub mod queue;
pub mod rng;
pub mod time;
pub mod trace;
pub mod work;

pub use engine::{Engine, Kernel, Phase, Run, RunControl, RunSummary, System, MAX_RUN_S};
pub use time::SimTime;
