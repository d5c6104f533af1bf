//! Scenario types: one struct per TOML section, and the one declaration of every field: its
//! default (the `Default` impls: Ghemawat 1995, Tables 4.1–4.7; spec 000-mob.md Appendix A), its
//! description (the doc comment), its unit (`x-unit`) and its allowed range (`garde`). schemars
//! turns these into the JSON schema (`schema.rs`), from which the field registry (`fields.rs`)
//! is read; garde checks the ranges. Sizes use binary units as the thesis does: 1 MB = 2^20
//! bytes, 1 KB = 2^10 bytes.
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// TOML integers are signed 64-bit, so a larger seed could not be written back to a file.
pub const MAX_SEED: u64 = i64::MAX as u64;
/// The longest simulated run, warm-up included, seconds (10 hours).
pub const MAX_RUN_S: f64 = 36_000.0;
/// Most values a sweep may list.
pub const MAX_SWEEP_VALUES: usize = 200;

/// garde's `range` is inclusive; the fields that must be above 0 (stated in the schema as
/// `"exclusiveMinimum": 0`) use this rule instead of a minimum.
fn positive<T: Positive>(value: &T, _: &()) -> garde::Result {
    if value.positive() {
        Ok(())
    } else {
        Err(garde::Error::new("not above 0"))
    }
}

trait Positive {
    fn positive(&self) -> bool;
}

impl Positive for f64 {
    fn positive(&self) -> bool {
        *self > 0.0
    }
}

impl Positive for Option<f64> {
    fn positive(&self) -> bool {
        self.is_none_or(|v| v > 0.0)
    }
}

/// One experiment: every field defaults to the thesis value (Ghemawat 1995, Tables 4.1–4.7); a
/// scenario states only what differs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
#[schemars(title = "Storelab scenario")]
pub struct Scenario {
    #[garde(dive)]
    pub meta: Meta,
    #[garde(skip)]
    pub system: System,
    #[garde(dive)]
    pub run: Run,
    #[garde(dive)]
    pub database: Database,
    #[garde(dive)]
    pub workload: Workload,
    #[garde(dive)]
    pub client: Client,
    #[garde(dive)]
    pub network: Network,
    #[garde(dive)]
    pub server: Server,
    #[garde(dive)]
    pub flusher: Flusher,
    #[garde(dive)]
    pub disk: Disk,
    // Checked by `validate.rs`, point by point.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(skip)]
    pub sweep: Option<Sweep>,
}

/// What the scenario is and which paper it reproduces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Meta {
    /// Short title shown in the lab.
    #[garde(skip)]
    pub title: String,
    /// What the scenario shows and how to read it.
    #[garde(skip)]
    pub description: String,
    /// Paper and section the scenario reproduces.
    #[garde(skip)]
    pub paper: String,
    /// Seed of the first run; further seeds are meta.seed+1, meta.seed+2, …
    #[garde(range(max = MAX_SEED))]
    #[schemars(extend("x-unit" = "id"))]
    pub seed: u64,
}

impl Default for Meta {
    fn default() -> Self {
        Meta { title: "Untitled scenario".into(), description: String::new(), paper: String::new(), seed: 1 }
    }
}

pub use crate::systems::SystemKind;

/// Which paper's system the scenario runs; the sections below are that system's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct System {
    /// The paper system to simulate; the sections below are its own.
    pub kind: SystemKind,
}

/// Warm-up, measurement length, batches and seeds (spec §5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Run {
    /// Minimum simulated warm-up before measuring (spec §5, A31).
    #[garde(range(min = 0.0, max = MAX_RUN_S))]
    #[schemars(extend("x-unit" = "s"))]
    pub warmup_s: f64,
    /// Warm-up also lasts until the flusher has completed this many passes (spec §5, A31);
    /// ignored when the warm-up commits no writes.
    #[garde(range(min = 0, max = 10_000))]
    #[schemars(extend("x-unit" = "count"))]
    pub warmup_flusher_passes: u32,
    /// Write probability during warm-up only (Fig. 4-6 warms up at 20% writes, §4.3.3). Absent:
    /// the workload's write probability.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub warmup_write_prob: Option<f64>,
    /// Measured simulated time after warm-up (spec §5).
    #[garde(custom(positive), range(max = MAX_RUN_S))]
    #[schemars(extend("x-unit" = "s", "exclusiveMinimum" = 0))]
    pub duration_s: f64,
    /// Batches for batch-means confidence intervals within one run (spec §5).
    #[garde(range(min = 2, max = 100))]
    #[schemars(extend("x-unit" = "count"))]
    pub batches: u32,
    /// Independent seeds per point; 95% confidence intervals across seeds when > 1 (§4.3).
    #[garde(range(min = 1, max = 100))]
    #[schemars(extend("x-unit" = "count"))]
    pub seeds: u32,
    /// Interval between points of the time series.
    #[garde(range(min = 0.01, max = 3600.0))]
    #[schemars(extend("x-unit" = "s"))]
    pub sample_interval_s: f64,
}

impl Default for Run {
    fn default() -> Self {
        Run {
            warmup_s: 30.0,
            warmup_flusher_passes: 20,
            warmup_write_prob: None,
            duration_s: 300.0,
            batches: 10,
            seeds: 1,
            sample_interval_s: 1.0,
        }
    }
}

/// Objects and pages (Table 4.1, Table 4.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Database {
    /// Object size (Table 4.1: 128 B; studied 128 B to 2 KB, Fig. 4-15).
    #[garde(range(min = 16, max = 65_536))]
    #[schemars(extend("x-unit" = "B"))]
    pub object_bytes: u32,
    /// Database size on disk, pages × page size (Table 4.1: 100 MB; studied 100 to 900 MB,
    /// Fig. 4-14).
    #[garde(custom(positive), range(max = 4096.0))]
    #[schemars(extend("x-unit" = "MB", "exclusiveMinimum" = 0))]
    pub size_mb: f64,
    /// Page size (Table 4.5: 64 KB; studied 1 to 128 KB, Fig. 4-13).
    #[garde(range(min = 1, max = 1024))]
    #[schemars(extend("x-unit" = "KB"))]
    pub page_kb: u32,
    /// Page-header bytes per object slot (spec A3: 8 gives 481 objects per 64 KB page).
    #[garde(range(min = 0, max = 64))]
    #[schemars(extend("x-unit" = "B"))]
    pub header_bytes_per_object: u32,
}

impl Default for Database {
    fn default() -> Self {
        Database { object_bytes: 128, size_mb: 100.0, page_kb: 64, header_bytes_per_object: 8 }
    }
}

/// Transactions, clustering and skew (Tables 4.2–4.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Workload {
    /// Object accesses per transaction (Table 4.2: 128; 512 in Figs. 4-10, 5-1).
    #[garde(range(min = 1, max = 65_536))]
    #[schemars(extend("x-unit" = "objects"))]
    pub txn_len: u32,
    /// Objects per clustered access (Table 4.3: 32; studied 1 to 512).
    #[garde(range(min = 1, max = 65_536))]
    #[schemars(extend("x-unit" = "objects"))]
    pub cluster_len: u32,
    /// List positions a clustered access is drawn from, centred on its first object (Table 4.3:
    /// 512; studied 32 to 2048).
    #[garde(range(min = 1, max = 65_536))]
    #[schemars(extend("x-unit" = "objects"))]
    pub cluster_region: u32,
    /// Probability that an accessed object is modified (Table 4.2: 0.2).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub write_prob: f64,
    /// Hot area per client, half shared by all clients and half private (Table 4.4: 6 MB). 0:
    /// accesses are uniform over the database.
    #[garde(range(min = 0.0, max = 4096.0))]
    #[schemars(extend("x-unit" = "MB"))]
    pub hot_area_mb: f64,
    /// Fraction of clustered accesses directed to the hot area (Table 4.4: 0.9).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub hot_frac: f64,
}

impl Default for Workload {
    fn default() -> Self {
        Workload {
            txn_len: 128,
            cluster_len: 32,
            cluster_region: 512,
            write_prob: 0.2,
            hot_area_mb: 6.0,
            hot_frac: 0.9,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HitMode {
    /// One Bernoulli draw per object access (spec A2, the recommended reading).
    PerObject,
    /// One draw per clustered access: all of it hits or all of it misses.
    PerClusteredAccess,
    /// One draw per page touched by a clustered access.
    PerPage,
}

/// Clients and their caches (Tables 4.2, 4.4; §4.2.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Client {
    /// Number of clients (Table 4.2: 12; studied 1 to 64, Fig. 4-6).
    #[garde(range(min = 1, max = 1024))]
    #[schemars(extend("x-unit" = "count"))]
    pub count: u32,
    /// Client cache size, probabilistic model of §4.2.1 (Table 4.4: 6 MB; studied 3 to 100 MB,
    /// Fig. 4-12).
    #[garde(range(min = 0.0, max = 65_536.0))]
    #[schemars(extend("x-unit" = "MB"))]
    pub cache_mb: f64,
    /// Granularity of the client-cache hit draw (spec A2): per object access (recommended), per
    /// clustered access, or per page touched.
    #[garde(skip)]
    pub hit_mode: HitMode,
}

impl Default for Client {
    fn default() -> Self {
        Client { count: 12, cache_mb: 6.0, hit_mode: HitMode::PerObject }
    }
}

/// Message latency and replication delay (§4.2.2, §4.2.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Network {
    /// Fixed latency of every message (§4.2.2: 1 ms).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub latency_ms: f64,
    /// Time to replicate a commit's modifications to the backup and get the ack (§4.2.4, spec
    /// A18: 2 ms).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub backup_delay_ms: f64,
}

impl Default for Network {
    fn default() -> Self {
        Network { latency_ms: 1.0, backup_delay_ms: 2.0 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// §3.2.1: pages contiguous at fixed homes, read-modify-write flushing.
    ReadOptimized,
}

/// Server memory: page cache and MOB (Table 4.7; §4.3.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Server {
    /// Disk layout: read_optimized keeps pages contiguous at fixed homes with read-modify-write
    /// flushing (§3.2.1).
    #[garde(skip)]
    pub layout: Layout,
    /// Server page cache size (Table 4.7: 12 MB; 5 MB in the 24 MB split of §4.3.6). Not with
    /// server.memory_mb, which derives it.
    // The simulation reads it through `page_cache_mb`, which honours `memory_mb`.
    #[garde(range(min = 0.0, max = 65_536.0))]
    #[schemars(extend("x-unit" = "MB"))]
    pub cache_mb: f64,
    /// Modified object buffer size, overheads included (Table 4.7: 12 MB; 19 MB in the 24 MB
    /// split of §4.3.6).
    #[garde(custom(positive), range(max = 65_536.0))]
    #[schemars(extend("x-unit" = "MB", "exclusiveMinimum" = 0))]
    pub mob_mb: f64,
    /// Total server memory, split between the MOB and the page cache (Table 5.1: 24 MB). Absent:
    /// server.cache_mb sets the cache. Given: the cache is memory_mb − mob_mb (Fig. 4-7 sweeps
    /// the MOB's share of 24 MB), and server.cache_mb may not be given.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(custom(positive), range(max = 65_536.0))]
    #[schemars(extend("x-unit" = "MB", "exclusiveMinimum" = 0))]
    pub memory_mb: Option<f64>,
    /// MOB bytes charged per buffered object on top of the object (§4.3.2: 16 B).
    #[garde(range(min = 0, max = 4096))]
    #[schemars(extend("x-unit" = "B"))]
    pub mob_object_overhead_bytes: u32,
    /// MOB bytes charged per chunk, one log record's modifications to one page (§4.3.2: 16 B).
    #[garde(range(min = 0, max = 4096))]
    #[schemars(extend("x-unit" = "B"))]
    pub mob_chunk_overhead_bytes: u32,
}

impl Default for Server {
    fn default() -> Self {
        Server {
            layout: Layout::ReadOptimized,
            cache_mb: 12.0,
            mob_mb: 12.0,
            memory_mb: None,
            mob_object_overhead_bytes: 16,
            mob_chunk_overhead_bytes: 16,
        }
    }
}

impl Server {
    /// The page cache size, MB: `cache_mb`, or `memory_mb − mob_mb` when the total is given.
    pub fn page_cache_mb(&self) -> f64 {
        self.memory_mb.map_or(self.cache_mb, |total| total - self.mob_mb)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Release {
    /// Simulator (§3.2.1): a page's modifications leave the MOB when its write completes.
    PerPage,
    /// Thor (§6.2.5): the MOB is freed after the whole batch is written.
    PerBatch,
}

/// When and how much the flusher writes (§3.2.1, §6.2.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Flusher {
    /// The flusher starts when the MOB is this full (§3.2.1: 0.99; Thor: 0.90).
    #[garde(custom(positive), range(max = 1.0))]
    #[schemars(extend("x-unit" = "fraction", "exclusiveMinimum" = 0))]
    pub trigger: f64,
    /// Each flusher pass scans this oldest fraction of the MOB (§3.2.1: 0.01; Thor: 0.10).
    #[garde(custom(positive), range(max = 1.0))]
    #[schemars(extend("x-unit" = "fraction", "exclusiveMinimum" = 0))]
    pub scan_frac: f64,
    /// When flushed modifications leave the MOB: per_page as in the simulator (§3.2.1) or
    /// per_batch as in Thor (§6.2.5).
    #[garde(skip)]
    pub release: Release,
}

impl Default for Flusher {
    fn default() -> Self {
        Flusher { trigger: 0.99, scan_frac: 0.01, release: Release::PerPage }
    }
}

/// The order a disk serves its queue in (`components::disk`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Scheduler {
    /// First come, first served (spec 000-mob A17).
    Fifo,
}

/// The disk (Table 4.6, Seagate ST18771FC Barracuda 8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Disk {
    /// The order queued requests are served in: fifo, first come first served (spec A17).
    #[garde(skip)]
    pub scheduler: Scheduler,
    /// Spindle speed (Table 4.6: 7200 rpm).
    #[garde(range(min = 1000.0, max = 30_000.0))]
    #[schemars(extend("x-unit" = "rpm"))]
    pub rpm: f64,
    /// Bytes per track (Table 4.6: 89 KB).
    #[garde(custom(positive), range(max = 16_384.0))]
    #[schemars(extend("x-unit" = "KB", "exclusiveMinimum" = 0))]
    pub track_kb: f64,
    /// Number of cylinders (Table 4.6: 5333).
    #[garde(range(min = 1, max = 1_000_000))]
    #[schemars(extend("x-unit" = "count"))]
    pub cylinders: u32,
    /// Tracks per cylinder, one per head (Table 4.6: 20).
    #[garde(range(min = 1, max = 1024))]
    #[schemars(extend("x-unit" = "count"))]
    pub tracks_per_cylinder: u32,
    /// Single-cylinder seek time (Table 4.6: 0.85 ms).
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub seek_min_ms: f64,
    /// Average seek time (Table 4.6: 8.75 ms).
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub seek_avg_ms: f64,
    /// Full-stroke seek time (Table 4.6: 19.5 ms).
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub seek_max_ms: f64,
    /// Head switch time (spec A16: a minimal seek, 0.85 ms).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub head_switch_ms: f64,
}

impl Default for Disk {
    fn default() -> Self {
        Disk {
            scheduler: Scheduler::Fifo,
            rpm: 7200.0,
            track_kb: 89.0,
            cylinders: 5333,
            tracks_per_cylinder: 20,
            seek_min_ms: 0.85,
            seek_avg_ms: 8.75,
            seek_max_ms: 19.5,
            head_switch_ms: 0.85,
        }
    }
}

/// A figure reproduction: one run per value of a parameter, for each value of an optional
/// series (one curve each; DESIGN.md §3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// Dotted path of the swept numeric field, e.g. server.mob_mb.
    #[schemars(extend("x-kind" = "field-path"))]
    pub parameter: String,
    /// Values of the swept field, one run per value; each must be valid for that field.
    #[schemars(length(min = 1, max = MAX_SWEEP_VALUES))]
    pub values: Vec<f64>,
    /// Optional: dotted path of a second numeric field, one curve per value, e.g.
    /// workload.cluster_region.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-kind" = "field-path"))]
    pub series: Option<String>,
    /// Values of the series field (with sweep.series): every value of sweep.values is run for
    /// each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1, max = MAX_SWEEP_VALUES))]
    pub series_values: Vec<f64>,
}

impl Sweep {
    /// A sweep of `parameter` over `values`, without a series.
    pub fn over(parameter: &str, values: &[f64]) -> Sweep {
        Sweep { parameter: parameter.into(), values: values.to_vec(), series: None, series_values: Vec::new() }
    }

    /// Points in the sweep: values × series values.
    pub fn points(&self) -> usize {
        self.values.len() * self.series.as_ref().map_or(1, |_| self.series_values.len())
    }
}
