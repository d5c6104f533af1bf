//! Hybrid adaptive caching (Castro, Adya, Liskov, Myers, SOSP 1997; spec
//! `../shared/specs/002-hac.md`): a client cache of page-sized frames that compacts the hot
//! objects of poorly used pages and keeps well-used pages whole. `cache/` is the cache itself;
//! the system that runs OO7 traversals against it, its baselines and its cost model follow.
pub mod cache;
