//! The deterministic kernel (DESIGN.md §2): integer-nanosecond time, an event queue ordered by
//! (time, sequence), seeded random streams per component, and the `Simulation` that owns every
//! component and dispatches events.
pub mod queue;
pub mod rng;
mod simulation;
pub mod time;

pub use simulation::{Event, Phase, Simulation};
pub use time::SimTime;
