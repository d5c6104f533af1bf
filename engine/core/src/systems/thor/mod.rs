//! Thor0 (Liskov et al., "Safe and Efficient Sharing of Persistent Objects in Thor", SIGMOD 1996;
//! spec `../shared/specs/003-thor.md`): an FE whose object cache is filled by prefetch groups
//! whose size it adapts to how much of each it uses, and emptied by shrinking whole groups into
//! surrogates and a copying collection; over an OR that serves sub-segment chunks of 28.5 KB
//! segments. `database.rs` is OO7 as the OR stores it, `prefetch.rs` the adaptive rule,
//! `heap.rs` the FE's cache, `fe.rs` the FE, `or.rs` the OR's fetch path, `costs.rs` the
//! categories of Tables 2–3, and `experiment.rs` a cold traversal run straight through.
pub mod costs;
pub mod database;
pub mod experiment;
pub mod fe;
pub mod heap;
pub mod or;
pub mod prefetch;
