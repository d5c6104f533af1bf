//! Hybrid adaptive caching (Castro, Adya, Liskov, Myers, SOSP 1997; spec
//! `../shared/specs/002-hac.md`): a client cache of page-sized frames that compacts the hot
//! objects of poorly used pages and keeps well-used pages whole. `cache/` is the cache itself,
//! `baselines/` the page caches it is measured against, and `experiment.rs` runs OO7 traversals
//! through any of them; the system with its cost model follows.
pub mod baselines;
pub mod cache;
pub mod client_cache;
pub mod experiment;

#[cfg(test)]
mod reproduce;
