//! storelab-core: the models of the Storelab lab. No I/O, no wasm, no threads.
//!
//! The layout follows DESIGN.md §2: `kernel` is the deterministic engine, which knows no model;
//! `components` are the parts any system may use (disk, page cache, CPU); `workload` holds the
//! workload generators systems share (OO7); `systems` has one folder per paper system and the one
//! enum that lists them; `rules` are the range rules parameters declare; `describe` is how a system names what it reports and `frame` what its
//! views draw; `scenario` parses and validates the TOML input; `experiment` runs a scenario
//! over its seeds and sweep points; `fuzz` makes and checks damaged and random scenarios
//! (`storelab fuzz`).
pub mod assignment;
pub mod components;
pub mod describe;
pub mod experiment;
pub mod figure;
pub mod frame;
pub mod fuzz;
pub mod kernel;
pub mod rules;
pub mod scenario;
pub mod stats;
pub mod systems;
pub mod workload;

pub use kernel::SimTime;
pub use scenario::Scenario;
pub use systems::Simulation;
