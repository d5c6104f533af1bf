//! Where a Thor0 traversal's time goes: the categories of Tables 2 and 3 (Liskov et al. §6.4),
//! and what each unit of work costs. The paper gives no per-operation costs (spec A16): they
//! are fitted so that Table 2 (T6, medium) and Table 3 (T1, medium) come out, the disk's time
//! excepted, which is the RZ26's (`components::disk`); `docs/models.md` has the fit.
use serde::{Deserialize, Serialize};

use crate::kernel::SimTime;

/// The columns of Tables 2 and 3, each the time of one kind of event (spec §2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Traversal,
    LazySwizzling,
    Commit,
    Shrinking,
    Gc,
    FetchFe,
    FetchCommunication,
    FetchOr,
    Disk,
}

pub const CATEGORIES: &[&str] = &[
    "traversal",
    "lazy swizzling",
    "commit",
    "shrinking",
    "GC",
    "fetch handling FE",
    "fetch communication",
    "fetch handling OR",
    "disk",
];
const _: () = assert!(Category::Disk as usize == CATEGORIES.len() - 1);

/// Time spent in each category so far, ns. One FE and one OR work in turn, so the categories
/// add up to the elapsed time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ledger(pub [SimTime; 9]);

impl Ledger {
    pub fn add(&mut self, c: Category, ns: SimTime) {
        self.0[c as usize] += ns;
    }

    pub fn get(&self, c: Category) -> SimTime {
        self.0[c as usize]
    }

    pub fn total(&self) -> SimTime {
        self.0.iter().sum()
    }
}

/// What each unit of work costs, ns (spec A16, fitted to Tables 2 and 3; §4.3's anchors).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Costs {
    /// The traversal's work per object access (a method call on a resident object), in Table 1's
    /// parts (hot T1 on the small database: 340, 120, 72, 156 and 36 ms over its 441,774
    /// accesses, 266,814 of them to mutable objects): the traversal's own code; concurrency
    /// control, per access to a mutable object (immutable ones are not tracked, §5.1); the
    /// residency check; exception generation and handling; array bounds checking (§6.3).
    pub access: f64,
    pub concurrency_control: f64,
    pub residency_check: f64,
    pub exceptions: f64,
    pub bounds_checks: f64,
    /// Swizzling an object: per object, and per reference turned into a pointer.
    pub swizzle: f64,
    pub swizzle_reference: f64,
    /// The FE's work per fetch (the request, the reply's handling) and per object installed.
    pub fe_fetch: f64,
    pub fe_object: f64,
    /// The OR's work per fetch and per object of the chunk it cuts.
    pub or_fetch: f64,
    pub or_object: f64,
    /// A message's fixed cost on the network and in the protocol stacks, and the wire's time per
    /// byte (10 Mb/s Ethernet: 800 ns).
    pub message: f64,
    pub wire_byte: f64,
    /// Bytes a fetch request and a reply's header take; each object shipped adds its xref.
    pub request_bytes: f64,
    /// A commit: fixed, per object read (its xref validated), per object written.
    pub commit: f64,
    pub commit_read: f64,
    pub commit_write: f64,
    /// Shrinking, per object discarded; the collection, per cell copied and per ROT entry swept.
    pub shrink_object: f64,
    pub gc_cell: f64,
    pub gc_rot_entry: f64,
}

impl Default for Costs {
    fn default() -> Self {
        Costs {
            access: 770.0,
            concurrency_control: 450.0,
            residency_check: 163.0,
            exceptions: 353.0,
            bounds_checks: 81.5,
            swizzle: 1_000.0,
            swizzle_reference: 500.0,
            fe_fetch: 500_000.0,
            fe_object: 3_000.0,
            or_fetch: 600_000.0,
            or_object: 1_500.0,
            message: 1_500_000.0,
            wire_byte: 800.0,
            request_bytes: 64.0,
            commit: 2_000_000.0,
            commit_read: 1_000.0,
            commit_write: 5_000.0,
            shrink_object: 4_000.0,
            gc_cell: 10_000.0,
            gc_rot_entry: 2_000.0,
        }
    }
}

/// ns of `x` units of a cost, rounded.
pub fn ns(cost: f64, x: f64) -> SimTime {
    (cost * x).round() as SimTime
}
