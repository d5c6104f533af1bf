//! The Thor system's scenario sections (Liskov et al. 1996, §5, §6.1; spec 003 §2–§3), declared
//! once as every section is (`crate::scenario::types`): the default (the `Default` impls, the
//! paper's values), the description, the unit (`x-unit`) and the range (`garde`). Its JSON schema
//! is committed beside this file; the rules between fields are in `validate.rs`.
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::costs::Costs;
use super::fe::Split;
use super::prefetch::Rule;
use crate::components::disk::config::{Disk, Rz26};
use crate::components::mob::config::Flusher;
use crate::rules::positive;
use crate::scenario::Scenario;
use crate::systems::SystemConfig;
use crate::workload::oo7::Oo7Size;

/// The sections of a Thor scenario, in file order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    #[garde(dive)]
    pub database: Database,
    #[garde(dive)]
    pub workload: Workload,
    #[garde(dive)]
    pub prefetch: Prefetch,
    #[garde(dive)]
    pub fe: Fe,
    #[garde(dive)]
    pub or: Or,
    #[garde(dive)]
    pub mcache: Mcache,
    #[garde(dive)]
    pub network: Network,
    #[garde(dive)]
    pub sharing: Sharing,
    /// The OR's disk (§6.1: a DEC RZ26, peak transfer 3.3 MB/s, average seek 10.5 ms, average
    /// rotational latency 5.5 ms; a segment is one track, §5.2).
    #[garde(dive)]
    pub disk: Disk<Rz26>,
}

impl Scenario {
    /// The Thor sections of a scenario that runs the Thor system.
    ///
    /// Panics on another system's scenario: only the Thor system's code calls it, and
    /// `Simulation::new` hands it only scenarios of its kind.
    pub fn thor(&self) -> &Config {
        match &self.config {
            SystemConfig::Thor(c) => c,
            _ => panic!("not a Thor scenario"),
        }
    }
}

/// Which OO7 database (§6.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// 20 atomic parts per composite part; 6.7 MB in Thor0.
    #[default]
    Small,
    /// 200 atomic parts per composite part; 62.9 MB in Thor0.
    Medium,
}

impl Size {
    pub fn oo7(self) -> Oo7Size {
        match self {
            Size::Small => Oo7Size::Small,
            Size::Medium => Oo7Size::Medium,
        }
    }
}

/// The OO7 database in Thor0's format (§5.2, §6.1; spec §3.1: 28.5 KB segments, 64-bit xrefs,
/// objects of 51 bytes on average).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Database {
    /// OO7 database size (§6.1: small or medium).
    #[garde(skip)]
    pub size: Size,
}

/// A traversal (§6.1, §6.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Traversal {
    /// Reads each composite part's whole graph of atomic parts (good clustering).
    #[default]
    T1,
    /// Reads only each composite part's root atomic part (poor clustering).
    T6,
    /// T1 that modifies each graph's root atomic part.
    T2a,
    /// T1 that modifies every atomic part.
    T2b,
    /// T2b that updates each atomic part four times (§6.1: its results equal T2b's).
    T2c,
    /// Each composite part classified at random, once, as all (T1) or root (T6): the worst case
    /// for adaptation (§6.2).
    TMix,
    /// Phases of `workload.phase_visits` composite-part visits, alternately T1 and T6: behaviour
    /// that changes slowly, where adapting pays (§6.2; spec R10).
    TPhases,
}

/// Whether the traversal runs once on cold caches or five times in one transaction (§6.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// One traversal on cold FE and OR caches, commit included.
    #[default]
    Cold,
    /// Five traversals in one transaction from cold caches; the measure is the mean of the middle
    /// three (spec A15), start-up and commit excluded, concurrency control included.
    Hot,
}

/// What the client runs (§6.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Workload {
    /// The traversal (§6.1, §6.2).
    #[garde(skip)]
    pub traversal: Traversal,
    /// Cold: once; hot: five times in one transaction (§6.1).
    #[garde(skip)]
    pub start: Start,
    /// Composite-part visits in each phase of `t_phases` (spec R10: 200).
    #[garde(range(min = 1, max = 2187))]
    #[schemars(extend("x-unit" = "visits"))]
    pub phase_visits: u32,
    /// Atomic parts a client call visits: the FE collects only between calls (§6.1). Absent:
    /// the paper's split, one call on the small database and for T6, else 48 (9112 calls of the
    /// medium traversals, spec A23); 0 makes the whole traversal one call.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(inner(range(max = 1_000_000)))]
    #[schemars(extend("x-unit" = "atomic parts"))]
    pub parts_per_call: Option<u32>,
    /// Calls a transaction makes: modified objects stay until commit (§5.1). Absent: the
    /// paper's, 83 (110 transactions, spec A14) where calls split the traversal; 0 makes it one
    /// transaction.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(inner(range(max = 1_000_000)))]
    #[schemars(extend("x-unit" = "calls"))]
    pub calls_per_transaction: Option<u32>,
}

impl Default for Workload {
    fn default() -> Self {
        Workload {
            traversal: Traversal::T1,
            start: Start::Cold,
            phase_visits: 200,
            parts_per_call: None,
            calls_per_transaction: None,
        }
    }
}

impl Config {
    /// The calls and transactions the traversal is split into (§6.1; spec A14, A23).
    pub fn split(&self) -> Split {
        let medium_split = self.database.size == Size::Medium && self.workload.traversal != Traversal::T6;
        let parts = self.workload.parts_per_call.unwrap_or(if medium_split { 48 } else { 0 });
        let calls = self.workload.calls_per_transaction.unwrap_or(if parts > 0 { 83 } else { 0 });
        Split { parts_per_call: parts, calls_per_transaction: calls }
    }
}

/// The group size the FE asks for (§5.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Adapted to how much of the recent groups the traversal used (§5.2).
    #[default]
    Adaptive,
    /// Always k objects (Figs. 7–8; k = 160 is about E/EXODUS's 8 KB page).
    Fixed,
    /// The whole page of page_kb of the segment, as a page server ships it (spec A21).
    Page,
    /// Up to breadth_first objects the OR holds in memory, breadth first through the object graph
    /// from the requested one: the policy Thor0 dropped (§5.2), and the MOB thesis's server's.
    BreadthFirst,
}

/// Prefetching (§5.2): the adaptive rule's constants, or a fixed group size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Prefetch {
    #[garde(skip)]
    pub policy: Policy,
    /// The group size of the fixed policy.
    #[garde(range(min = 1, max = 2000))]
    #[schemars(extend("x-unit" = "objects"))]
    pub k: u32,
    /// The page the page policy ships (E/EXODUS's 8 KB).
    #[garde(range(min = 0.5, max = 28.5))]
    #[schemars(extend("x-unit" = "KB"))]
    pub page_kb: f64,
    /// The most objects the breadth-first policy ships (the MOB thesis's server: 32).
    #[garde(range(min = 1, max = 2000))]
    #[schemars(extend("x-unit" = "objects"))]
    pub breadth_first: u32,
    /// The adaptive rule grows or shrinks the size by this much a fetch (§5.2: 20).
    #[garde(range(min = 1, max = 1000))]
    #[schemars(extend("x-unit" = "objects"))]
    pub step: u32,
    /// The smallest and largest size (§5.2: 20 and 700, "a rough estimate of the maximum number
    /// of objects in a segment").
    #[garde(range(min = 1, max = 2000))]
    #[schemars(extend("x-unit" = "objects"))]
    pub min: u32,
    #[garde(range(min = 1, max = 2000))]
    #[schemars(extend("x-unit" = "objects"))]
    pub max: u32,
    /// The size grows while used ÷ fetched is at least this (§5.2: 0.3, "determined empirically").
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub threshold: f64,
    /// The size of the first request (spec A1: 20).
    #[garde(range(min = 1, max = 2000))]
    #[schemars(extend("x-unit" = "objects"))]
    pub initial: u32,
}

impl Default for Prefetch {
    fn default() -> Self {
        let r = Rule::default();
        Prefetch {
            policy: Policy::Adaptive,
            k: 160,
            page_kb: 8.0,
            breadth_first: 32,
            step: r.step,
            min: r.min,
            max: r.max,
            threshold: r.threshold,
            initial: r.initial,
        }
    }
}

impl Prefetch {
    pub fn rule(&self) -> Rule {
        Rule { step: self.step, min: self.min, max: self.max, threshold: self.threshold, initial: self.initial }
    }
}

/// The collector's roots besides the modified objects (spec B5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Handles {
    /// Every handle the client received in the session: the module, each assembly and each
    /// composite part (§2: handles are valid for the session).
    #[default]
    Session,
    /// Only the objects on the traversal's path.
    Path,
}

/// The FE and its object cache (§5, §5.1, §6.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Fe {
    /// The FE's cache (§6.1: 12 MB), one arena for from-space and to-space.
    #[garde(range(min = 0.25, max = 1024.0))]
    #[schemars(extend("x-unit" = "MB"))]
    pub cache_mb: f64,
    /// Shrinking discards prefetch groups, oldest first, until this fraction of from-space is free
    /// (§5.1: 50%, "an implementation parameter").
    #[garde(range(min = 0.05, max = 0.95))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub shrink: f64,
    /// Bytes of a surrogate (spec A10: an 8-byte header and the xref).
    #[garde(range(min = 8, max = 64))]
    #[schemars(extend("x-unit" = "B"))]
    pub surrogate_bytes: u32,
    /// The collector's roots besides the modified objects (spec B5).
    #[garde(skip)]
    pub handles: Handles,
    /// Whether the ROT keeps every entry's object alive (spec A12's comparison); Thor0's is weak.
    #[garde(skip)]
    pub strong_rot: bool,
    /// The traversal's own work per object access (Table 1: 340 ms over hot T1's 441,774).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub access_us: f64,
    /// Concurrency control per access to a mutable object (Table 1: 120 ms); 0 turns it off.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub concurrency_control_us: f64,
    /// The residency check per access (Table 1: 72 ms); 0 turns it off.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub residency_check_us: f64,
    /// Exception generation and handling per access (Table 1: 156 ms): checks for integer overflow
    /// and the like, safer but not needed for encapsulation (§6.3); 0 turns them off.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub exceptions_us: f64,
    /// Array bounds checking per access (Table 1: 36 ms), the only cost intrinsic to safe sharing
    /// (§6.3); 0 turns it off.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub bounds_checks_us: f64,
    /// Swizzling an object, and each reference it turns into a pointer.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub swizzle_us: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub swizzle_reference_us: f64,
    /// Handling a fetch at the FE, and each object installed.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub fetch_ms: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub install_object_us: f64,
    /// Shrinking, per object discarded; the collection, per cell copied and per ROT entry swept.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub shrink_object_us: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub gc_cell_us: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub gc_rot_entry_us: f64,
}

impl Default for Fe {
    fn default() -> Self {
        let c = Costs::default();
        Fe {
            cache_mb: 12.0,
            shrink: 0.5,
            surrogate_bytes: 16,
            handles: Handles::Session,
            strong_rot: false,
            access_us: c.access / 1e3,
            concurrency_control_us: c.concurrency_control / 1e3,
            residency_check_us: c.residency_check / 1e3,
            exceptions_us: c.exceptions / 1e3,
            bounds_checks_us: c.bounds_checks / 1e3,
            swizzle_us: c.swizzle / 1e3,
            swizzle_reference_us: c.swizzle_reference / 1e3,
            fetch_ms: c.fe_fetch / 1e6,
            install_object_us: c.fe_object / 1e3,
            shrink_object_us: c.shrink_object / 1e3,
            gc_cell_us: c.gc_cell / 1e3,
            gc_rot_entry_us: c.gc_rot_entry / 1e3,
        }
    }
}

/// The OR (§5.2, §6.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Or {
    /// Memory for segments (§6.1: a 36 MB cache of which 6 MB is the mcache).
    #[garde(range(min = 0.1, max = 4096.0))]
    #[schemars(extend("x-unit" = "MB"))]
    pub cache_mb: f64,
    /// Objects larger than this are left out of prefetch groups (§5.2: 800 bytes).
    #[garde(range(min = 1, max = 1_000_000))]
    #[schemars(extend("x-unit" = "B"))]
    pub big_bytes: u32,
    /// Objects the OR's table of objects recently sent to the FE lists (spec A7: 4 × 700); 0
    /// weeds out nothing.
    #[garde(range(max = 1_000_000))]
    #[schemars(extend("x-unit" = "objects"))]
    pub recent: u32,
    /// Handling a fetch at the OR, and each object of the chunk it cuts.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub fetch_ms: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub chunk_object_us: f64,
    /// A commit: fixed, per object read (its xref validated), per object written.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub commit_ms: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub commit_read_us: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub commit_write_us: f64,
}

impl Default for Or {
    fn default() -> Self {
        let c = Costs::default();
        Or {
            cache_mb: 30.0,
            big_bytes: 800,
            recent: 2800,
            fetch_ms: c.or_fetch / 1e6,
            chunk_object_us: c.or_object / 1e3,
            commit_ms: c.commit / 1e6,
            commit_read_us: c.commit_read / 1e3,
            commit_write_us: c.commit_write / 1e3,
        }
    }
}

/// The OR's modified object cache (§4: the mcache, which is the MOB [Ghe95]): committed
/// transactions' new object versions, installed into their segments by a flusher in the
/// background, with the stable log in the memory of a primary and a backup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Mcache {
    /// Its size, overheads included (§6.1: 6 MB of the OR's 36 MB).
    #[garde(range(min = 0.01, max = 4096.0))]
    #[schemars(extend("x-unit" = "MB"))]
    pub mb: f64,
    /// Charged per buffered object, and per chunk of one segment's objects in a commit, beyond
    /// the objects' bytes (thesis §4.3.2: 16 and 16).
    #[garde(range(max = 4096))]
    #[schemars(extend("x-unit" = "B"))]
    pub object_overhead_bytes: u32,
    #[garde(range(max = 4096))]
    #[schemars(extend("x-unit" = "B"))]
    pub chunk_overhead_bytes: u32,
    /// Where the stable log's second copy is (§4): `backup`, the commit's modified objects
    /// sent to a backup's memory and acknowledged before the commit replies (Thor0's plan,
    /// which the paper costs by hand, §6.2); `none`, as Thor0 ran.
    #[garde(skip)]
    pub log: Log,
    /// The flusher (thesis §6.2.5: starts at 90% full, scans 10%, frees the batch at its end).
    #[garde(dive)]
    pub flusher: Flusher,
}

impl Default for Mcache {
    fn default() -> Self {
        Mcache { mb: 6.0, object_overhead_bytes: 16, chunk_overhead_bytes: 16, log: Log::Backup, flusher: Flusher::thor() }
    }
}

/// The stable log's second copy (§4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Log {
    /// A backup's memory: one more message with the modified objects, and its reply.
    #[default]
    Backup,
    /// None: the primary's memory only.
    None,
}

/// Other FEs sharing the database (§5.1; spec A18: the paper's experiments run one FE, so none by
/// default). Each commits, at random times, a transaction that modifies atomic parts of one
/// composite part; the OR sends invalidations in the background to the FE the lab follows if its
/// coarse table says that FE may cache them, and validates that FE's commits against them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Sharing {
    /// FEs besides the one the lab follows; 0 runs the paper's single FE.
    #[garde(range(max = 32))]
    #[schemars(extend("x-unit" = "FEs"))]
    pub other_fes: u32,
    /// Mean time between one other FE's commits (exponentially distributed).
    #[garde(range(min = 1.0, max = 3_600_000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub commit_interval_ms: f64,
    /// Atomic parts of one composite part each of their commits modifies.
    #[garde(range(min = 1, max = 200))]
    #[schemars(extend("x-unit" = "atomic parts"))]
    pub parts_per_commit: u32,
    /// The run ends, saying why, once one transaction has aborted this many times in a row: the
    /// lab's bound on livelock, not the paper's.
    #[garde(range(min = 1, max = 100))]
    #[schemars(extend("x-unit" = "aborts"))]
    pub abort_limit: u32,
}

impl Default for Sharing {
    fn default() -> Self {
        Sharing { other_fes: 0, commit_interval_ms: 1000.0, parts_per_commit: 20, abort_limit: 8 }
    }
}

/// The network between the FE and the OR (§6.1: 10 Mb/s Ethernet).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Network {
    #[garde(custom(positive), range(max = 100_000.0))]
    #[schemars(extend("x-unit" = "Mb/s", "exclusiveMinimum" = 0))]
    pub bandwidth_mbps: f64,
    /// A message's fixed cost on the network and in the protocol stacks (spec A16).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub message_ms: f64,
}

impl Default for Network {
    fn default() -> Self {
        let c = Costs::default();
        Network { bandwidth_mbps: 8e3 / c.wire_byte, message_ms: c.message / 1e6 }
    }
}

impl Config {
    /// The unit costs the sections state.
    pub fn costs(&self) -> Costs {
        let (fe, or) = (&self.fe, &self.or);
        Costs {
            access: fe.access_us * 1e3,
            concurrency_control: fe.concurrency_control_us * 1e3,
            residency_check: fe.residency_check_us * 1e3,
            exceptions: fe.exceptions_us * 1e3,
            bounds_checks: fe.bounds_checks_us * 1e3,
            swizzle: fe.swizzle_us * 1e3,
            swizzle_reference: fe.swizzle_reference_us * 1e3,
            fe_fetch: fe.fetch_ms * 1e6,
            fe_object: fe.install_object_us * 1e3,
            or_fetch: or.fetch_ms * 1e6,
            or_object: or.chunk_object_us * 1e3,
            message: self.network.message_ms * 1e6,
            wire_byte: 8e3 / self.network.bandwidth_mbps,
            commit: or.commit_ms * 1e6,
            commit_read: or.commit_read_us * 1e3,
            commit_write: or.commit_write_us * 1e3,
            shrink_object: fe.shrink_object_us * 1e3,
            gc_cell: fe.gc_cell_us * 1e3,
            gc_rot_entry: fe.gc_rot_entry_us * 1e3,
            ..Costs::default()
        }
    }
}
