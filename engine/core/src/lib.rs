//! storelab-core: the models of the Storelab lab. No I/O, no wasm, no threads.
//!
//! Modules mirror the system being modelled (DESIGN.md §2): `sim` is the deterministic kernel,
//! `disk`, `net`, `server`, `client` and `workload` are the components of Ghemawat's MOB system,
//! `scenario` parses and validates the TOML input, `metrics` and `trace` observe a run.
pub mod scenario;
pub mod sim;

pub use scenario::Scenario;
pub use sim::{SimTime, Simulation};
