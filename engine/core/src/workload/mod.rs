//! Workloads. `mob_synthetic` is the clustered, skewed workload of thesis §4.1; `oo7` the OO7
//! benchmark database and traversals of HAC §4.1.
pub mod database;
pub mod mob_synthetic;
pub mod oo7;

pub use database::Database;
pub use mob_synthetic::{Access, Area, SyntheticWorkload};
