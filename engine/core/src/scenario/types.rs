//! Scenario types: one struct per TOML section. Every field has the thesis default
//! (Ghemawat 1995, Tables 4.1–4.7; spec 000-mob.md Appendix A). Sizes use binary units as the
//! thesis does: 1 MB = 2^20 bytes, 1 KB = 2^10 bytes.
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Scenario {
    pub meta: Meta,
    pub system: System,
    pub run: Run,
    pub database: Database,
    pub workload: Workload,
    pub client: Client,
    pub network: Network,
    pub server: Server,
    pub flusher: Flusher,
    pub disk: Disk,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sweep: Option<Sweep>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Meta {
    pub title: String,
    pub description: String,
    /// Paper and section the scenario reproduces.
    pub paper: String,
    pub seed: u64,
}

impl Default for Meta {
    fn default() -> Self {
        Meta { title: "Untitled scenario".into(), description: String::new(), paper: String::new(), seed: 1 }
    }
}

/// The paper system a scenario runs (`crate::systems`); its sections follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SystemKind {
    /// Ghemawat's MOB server (thesis Chapter 4).
    #[default]
    Mob,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct System {
    pub kind: SystemKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Run {
    /// Minimum simulated warm-up before measuring, seconds.
    pub warmup_s: f64,
    /// Warm-up also lasts until the flusher has completed this many passes (spec §5, A31);
    /// ignored when the warm-up commits no writes.
    pub warmup_flusher_passes: u32,
    /// Write probability used during warm-up only (Fig. 4-6 warms up at 20% writes). Absent: the
    /// workload's write probability.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warmup_write_prob: Option<f64>,
    /// Measured simulated time after warm-up, seconds.
    pub duration_s: f64,
    /// Batches for batch-means confidence intervals within one run.
    pub batches: u32,
    /// Independent seeds (meta.seed, meta.seed+1, …); confidence intervals across seeds when > 1.
    pub seeds: u32,
    /// Interval of the time series, seconds.
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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Database {
    /// Table 4.1: object size, bytes.
    pub object_bytes: u32,
    /// Table 4.1: database size on disk, MB (pages × page size).
    pub size_mb: f64,
    /// Table 4.5: page size, KB.
    pub page_kb: u32,
    /// Page-header bytes per object slot (spec A3: 8 gives 481 objects per 64 KB page).
    pub header_bytes_per_object: u32,
}

impl Default for Database {
    fn default() -> Self {
        Database { object_bytes: 128, size_mb: 100.0, page_kb: 64, header_bytes_per_object: 8 }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Workload {
    /// Table 4.2: object accesses per transaction.
    pub txn_len: u32,
    /// Table 4.3: objects per clustered access.
    pub cluster_len: u32,
    /// Table 4.3: list positions the clustered access is drawn from, centred on its first object.
    pub cluster_region: u32,
    /// Table 4.2: probability that an accessed object is modified.
    pub write_prob: f64,
    /// Table 4.4: hot area per client, MB (half shared by all clients, half private).
    pub hot_area_mb: f64,
    /// Table 4.4: fraction of clustered accesses directed to the hot area.
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitMode {
    /// One Bernoulli draw per object access (spec A2, the recommended reading).
    PerObject,
    /// One draw per clustered access: all of it hits or all of it misses.
    PerClusteredAccess,
    /// One draw per page touched by a clustered access.
    PerPage,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Client {
    /// Table 4.2: number of clients.
    pub count: u32,
    /// Table 4.4: client cache size, MB (probabilistic model of §4.2.1).
    pub cache_mb: f64,
    pub hit_mode: HitMode,
}

impl Default for Client {
    fn default() -> Self {
        Client { count: 12, cache_mb: 6.0, hit_mode: HitMode::PerObject }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Network {
    /// §4.2.2: fixed latency of every message, ms.
    pub latency_ms: f64,
    /// §4.2.4: time to replicate a commit's modifications to the backup and get the ack, ms.
    pub backup_delay_ms: f64,
}

impl Default for Network {
    fn default() -> Self {
        Network { latency_ms: 1.0, backup_delay_ms: 2.0 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// §3.2.1: pages contiguous at fixed homes, read-modify-write flushing.
    ReadOptimized,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Server {
    pub layout: Layout,
    /// Table 4.7: page cache size, MB. Read it through `page_cache_mb`, which honours `memory_mb`.
    pub cache_mb: f64,
    /// Table 4.7: MOB size, MB (overheads included).
    pub mob_mb: f64,
    /// Table 5.1: total server memory, MB. When given, the page cache gets what the MOB leaves
    /// (Fig. 4-7 moves a fixed 24 MB between the two), and `cache_mb` may not be given too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_mb: Option<f64>,
    /// §4.3.2: MOB bytes charged per buffered object on top of the object.
    pub mob_object_overhead_bytes: u32,
    /// §4.3.2: MOB bytes charged per chunk (one log record's modifications to one page).
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Release {
    /// Simulator (§3.2.1): a page's modifications leave the MOB when its write completes.
    PerPage,
    /// Thor (§6.2.5): the MOB is freed after the whole batch is written.
    PerBatch,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Flusher {
    /// §3.2.1: the flusher starts when the MOB is this full (Thor: 0.90).
    pub trigger: f64,
    /// §3.2.1: each pass scans this oldest fraction of the MOB (Thor: 0.10).
    pub scan_frac: f64,
    pub release: Release,
}

impl Default for Flusher {
    fn default() -> Self {
        Flusher { trigger: 0.99, scan_frac: 0.01, release: Release::PerPage }
    }
}

/// The order a disk serves its queue in (`components::disk`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scheduler {
    /// First come, first served (spec 000-mob A17).
    Fifo,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Disk {
    pub scheduler: Scheduler,
    /// Table 4.6 (Seagate ST18771FC, Barracuda 8).
    pub rpm: f64,
    pub track_kb: f64,
    pub cylinders: u32,
    pub tracks_per_cylinder: u32,
    pub seek_min_ms: f64,
    pub seek_avg_ms: f64,
    pub seek_max_ms: f64,
    /// Spec A16: a head switch costs a minimal seek.
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

/// A figure reproduction: run the scenario once per value of one parameter (the figure's x axis),
/// and, with a series, once more per value of a second parameter (one curve each; DESIGN.md §3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// Dotted path of the swept field, e.g. "server.mob_mb".
    pub parameter: String,
    pub values: Vec<f64>,
    /// Dotted path of the series field, e.g. "workload.cluster_region" for Table 4.10.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
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
