//! The MOB system's scenario sections (Ghemawat 1995, Tables 4.1–4.7; spec 000-mob.md Appendix
//! A), declared once, as every section is (`crate::scenario::types`): the default (the `Default`
//! impls), the description (the doc comment), the unit (`x-unit`) and the range (`garde`).
//! `Config` is what a scenario with `[system] kind = "mob"` holds besides the common sections;
//! its JSON schema is committed beside this file (`config.schema.json`), and the rules between
//! its fields are in `validate.rs`.
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::components::disk::config::Disk;
pub use crate::components::mob::config::{Flusher, Release};
use crate::rules::positive;
use crate::scenario::Scenario;
use crate::systems::SystemConfig;

/// The sections of a MOB scenario, in file order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    #[garde(dive)]
    pub database: Database,
    #[garde(dive)]
    pub workload: Workload,
    #[garde(dive)]
    pub oo7: Oo7,
    #[garde(dive)]
    pub client: Client,
    #[garde(dive)]
    pub network: Network,
    #[garde(dive)]
    pub server: Server,
    #[garde(dive)]
    pub flusher: Flusher,
    #[garde(dive)]
    pub wo: Wo,
    /// The disk (thesis Table 4.6: a Seagate ST18771FC Barracuda 8, 7200 rpm, 89 KB tracks,
    /// 5333 cylinders of 20 tracks, seeks of 0.85, 8.75 and 19.5 ms; spec A16: the head switch
    /// is a minimal seek).
    #[garde(dive)]
    pub disk: Disk,
}

impl Scenario {
    /// The MOB sections of a scenario that runs the MOB system.
    ///
    /// Panics on another system's scenario: only the MOB system's code calls it, and
    /// `Simulation::new` hands it only scenarios of its kind.
    pub fn mob(&self) -> &Config {
        match &self.config {
            SystemConfig::Mob(c) => c,
            _ => panic!("not a MOB scenario"),
        }
    }

    pub fn mob_mut(&mut self) -> &mut Config {
        match &mut self.config {
            SystemConfig::Mob(c) => c,
            _ => panic!("not a MOB scenario"),
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
    /// synthetic (§4.1: clustered accesses skewed towards per-client hot areas, with §4.2.1's
    /// probabilistic client cache) or oo7 (Chapter 6: OO7 traversals, one a transaction, over the
    /// modules of the [oo7] section, with the client's real object cache of §6.1.2;
    /// database.size_mb and the other workload fields but write_prob are then unused).
    #[garde(skip)]
    pub kind: WorkloadKind,
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
            kind: WorkloadKind::Synthetic,
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
pub enum WorkloadKind {
    /// §4.1's simulator workload.
    Synthetic,
    /// Chapter 6's OO7 traversals (the [oo7] section).
    Oo7,
}

/// How the OO7 workload's traversals modify atomic parts (§6.3.5), with probability
/// workload.write_prob.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Oo7Writes {
    /// Clustered-write (Fig. 6-3): a traversal is a write traversal, modifying all 20 of its
    /// atomic parts, with probability w; otherwise it modifies nothing.
    Clustered,
    /// Random-write (Fig. 6-4): a traversal modifies each atomic part it visits with
    /// probability w.
    Random,
}

/// Chapter 6's OO7 database and traversals (§6.3.1–§6.3.5, Table 6.1), read only when
/// workload.kind = "oo7": modules of 500 composite parts of 123 objects and 1093 assemblies,
/// database.object_bytes each (Table 6.1: 80 B), laid out in creation order in database.page_kb
/// pages (§6.2.4: 32 KB).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Oo7 {
    /// OO7 small modules in the database (Table 6.1: 20, about 100 MB).
    #[garde(range(min = 1, max = 512))]
    #[schemars(extend("x-unit" = "modules"))]
    pub modules: u32,
    /// Share of a client's traversals that go to its own module, the rest spread uniformly over
    /// the others (§6.3.3: 0.9).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub own_module_frac: f64,
    /// clustered (Fig. 6-3: a write traversal modifies all 20 atomic parts) or random (Fig. 6-4:
    /// each atomic part modified on its own).
    #[garde(skip)]
    pub writes: Oo7Writes,
}

impl Default for Oo7 {
    fn default() -> Self {
        Oo7 { modules: 20, own_module_frac: 0.9, writes: Oo7Writes::Clustered }
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
    /// Client cache size: the probabilistic model of §4.2.1 (Table 4.4: 6 MB; studied 3 to
    /// 100 MB, Fig. 4-12), or under the OO7 workload the object cache of §6.1.2 (Table 6.2: 8 MB).
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// §3.2.1: pages contiguous at fixed homes, read-modify-write flushing.
    ReadOptimized,
    /// §3.2.2: modified objects written as page fragments into empty regions, one region write
    /// at a time; the [wo] section sets the regions and the cleaner.
    WriteOptimized,
    /// §3.2.3: pages stay whole, but the flusher writes them, after read-optimized installation
    /// reads, sequentially into empty regions; the [wo] section sets the regions and the cleaner.
    Hybrid,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Architecture {
    /// Chapters 3–4: modified objects in the MOB, installed by the flusher.
    Mob,
    /// §5.1, page shipping: clients ship whole modified pages; all server memory is one LRU page
    /// cache; a dirty page is written when it is evicted, the requester waiting for the write.
    Page,
    /// §5.3: the MOB, with installation reads that cost nothing (the page comes from a client's
    /// cache, as cooperative caching would give).
    Freemob,
}

/// Message latency and replication delay (§4.2.2, §4.2.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Network {
    /// Fixed latency of every message (§4.2.2: 1 ms). At least 1 µs: a transaction that hits in
    /// the client cache takes no other time, so without it simulated time would stand still.
    #[garde(range(min = 0.001, max = 1000.0))]
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

/// Server memory: page cache and MOB (Table 4.7; §4.3.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Server {
    /// Disk layout: read_optimized keeps pages contiguous at fixed homes with read-modify-write
    /// flushing (§3.2.1); write_optimized writes modified objects as page fragments into empty
    /// regions, log-structured (§3.2.2; the [wo] section); hybrid writes whole pages into empty
    /// regions (§3.2.3; the [wo] section).
    #[garde(skip)]
    pub layout: Layout,
    /// Server architecture (Chapter 5): mob, page (page shipping, all memory an LRU page cache
    /// of whole dirty pages) or freemob (the MOB with free installation reads). Read-optimized
    /// layout only.
    #[garde(skip)]
    pub architecture: Architecture,
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
            architecture: Architecture::Mob,
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
        if self.architecture == Architecture::Page {
            // §5.1: PAGE has no MOB; all of the server's memory caches pages.
            return self.memory_mb.unwrap_or(self.cache_mb + self.mob_mb);
        }
        self.memory_mb.map_or(self.cache_mb, |total| total - self.mob_mb)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cleaner {
    /// The thesis's simulator (§4.2.5): compaction in zero simulated time, no disk work.
    Magic,
    /// The cleaner's real work on the disk: each victim region read whole, each region it fills
    /// written whole, queued before the flusher's region write that needed the space.
    Costed,
}

/// The write-optimized and hybrid layouts' disk (§3.2.2, §3.2.3, §4.2.5; spec §2.9, A13), read
/// only when server.layout is "write_optimized" or "hybrid": regions written whole, and the
/// magic cleaner, which
/// compacts the emptiest regions in zero simulated time when free ones run short.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Wo {
    /// Region size: the unit of a flusher write (Table 4.5: 512 KB).
    #[garde(range(min = 1, max = 65_536))]
    #[schemars(extend("x-unit" = "KB"))]
    pub region_kb: u32,
    /// The database's share of the disk space the layout uses (§4.2.5: 0.8, little spare space,
    /// so the cleaner runs often).
    #[garde(range(min = 0.05, max = 0.95))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub disk_utilisation: f64,
    /// The cleaner runs when fewer regions than this are free (spec A13: 8).
    #[garde(range(min = 1, max = 4096))]
    #[schemars(extend("x-unit" = "regions"))]
    pub cleaner_low_water: u32,
    /// …and cleans until this many are free (spec A13: 16).
    #[garde(range(min = 1, max = 4096))]
    #[schemars(extend("x-unit" = "regions"))]
    pub cleaner_high_water: u32,
    /// magic (§4.2.5: zero time, the thesis's simulator) or costed (its reads and writes go to
    /// the disk, to see what the thesis assumed away; §6.3.4 measured under 3% of disk activity
    /// with twice the space needed).
    #[garde(skip)]
    pub cleaner: Cleaner,
}

impl Default for Wo {
    fn default() -> Self {
        Wo { region_kb: 512, disk_utilisation: 0.8, cleaner_low_water: 8, cleaner_high_water: 16, cleaner: Cleaner::Magic }
    }
}
