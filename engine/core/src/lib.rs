//! storelab-core: the models of the Storelab lab. No I/O, no wasm, no threads.
//!
//! Modules mirror the system being modelled (DESIGN.md §2): `sim` is the deterministic kernel,
//! `disk`, `net`, `server`, `client` and `workload` are the components of Ghemawat's MOB system,
//! `scenario` parses and validates the TOML input, `metrics` and `trace` observe a run, `view`
//! snapshots it for the UI, and `experiment` runs a scenario over its seeds and sweep points.
pub mod client;
pub mod disk;
pub mod experiment;
pub mod metrics;
pub mod net;
pub mod scenario;
pub mod server;
pub mod sim;
pub mod trace;
pub mod view;
pub mod workload;

pub use scenario::Scenario;
pub use sim::{SimTime, Simulation};
