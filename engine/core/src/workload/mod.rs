//! Workloads more than one system may run: `oo7`, the OO7 benchmark database and traversals of
//! HAC §4.1. A workload only its paper's system runs lives with it (the MOB's synthetic
//! workload of thesis §4.1 is `systems/mob/workload.rs`).
pub mod oo7;
