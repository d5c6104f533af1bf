//! The HAC system's scenario sections (Castro et al. 1997, §4.1, Table 1; spec 002-hac.md §2.12,
//! §4, §5), declared once as every section is (`crate::scenario::types`): the default (the
//! `Default` impls, the paper's values), the description, the unit (`x-unit`) and the range
//! (`garde`). Its JSON schema is committed beside this file; the rules between fields are in
//! `validate.rs`.
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::components::disk::config::{Disk, St32171n};
use crate::rules::positive;
use crate::scenario::Scenario;
use crate::systems::SystemConfig;
use crate::workload::oo7::dynamic::{self, DynamicParams};
use crate::workload::oo7::{Oo7Params, Oo7Size, TraversalKind};

use super::cache::{DecayRule, HacParams, Retention};

/// The sections of a HAC scenario, in file order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
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
    /// The server's disk (§4.1: a Seagate ST-32171N, peak transfer 15.2 MB/s, average read seek
    /// 9.4 ms, average rotational latency 4.17 ms: 7200 rpm; not in the paper, spec §5: 124 KB
    /// tracks, 3400 cylinders of 5 tracks, seeks of 1 and 19 ms, the head switch a minimal seek).
    #[garde(dive)]
    pub disk: Disk<St32171n>,
}

impl Scenario {
    /// The HAC sections of a scenario that runs the HAC system.
    ///
    /// Panics on another system's scenario: only the HAC system's code calls it, and
    /// `Simulation::new` hands it only scenarios of its kind.
    pub fn hac(&self) -> &Config {
        match &self.config {
            SystemConfig::Hac(c) => c,
            _ => panic!("not a HAC scenario"),
        }
    }

    pub fn hac_mut(&mut self) -> &mut Config {
        match &mut self.config {
            SystemConfig::Hac(c) => c,
            _ => panic!("not a HAC scenario"),
        }
    }
}

/// Which OO7 database (§4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// 20 atomic parts per composite part; 4.2 MB in the paper.
    Small,
    /// 200 atomic parts per composite part; 37.8 MB in the paper.
    #[default]
    Medium,
}

/// The OO7 database (§4.1; spec §4.1's object sizes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Database {
    /// OO7 database size (§4.1: small or medium).
    #[garde(skip)]
    pub size: Size,
    /// Page size (§4.1: 8 KB; 4 KB in the GOM comparison, §4.2.4).
    #[garde(range(min = 1, max = 32))]
    #[schemars(extend("x-unit" = "KB"))]
    pub page_kb: u32,
    /// Bytes of a type string, an atomic part's or a connection's (spec §4.1; 20 puts T1's cold
    /// misses on Table 2's 3,662).
    #[garde(range(min = 4, max = 1024))]
    #[schemars(extend("x-unit" = "B"))]
    pub string_bytes: u32,
    /// Largest piece of a document or the manual, stored as a tree of pieces (§2.1).
    #[garde(range(min = 64, max = 32_768))]
    #[schemars(extend("x-unit" = "B"))]
    pub text_piece_bytes: u32,
    /// Bytes of a reference: Thor's 4 (§2.2); 12 for GOM's 96-bit pointers, as HAC-BIG (§4.2.4).
    #[garde(range(min = 4, max = 16))]
    #[schemars(extend("x-unit" = "B"))]
    pub reference_bytes: u32,
    /// Bytes added to every object: 0 for Thor; 6 for GOM's larger per-object overhead (§4.2.4).
    #[garde(range(min = 0, max = 256))]
    #[schemars(extend("x-unit" = "B"))]
    pub extra_object_bytes: u32,
}

impl Default for Database {
    fn default() -> Self {
        let p = Oo7Params::default();
        Database {
            size: Size::Medium,
            page_kb: p.page_bytes / 1024,
            string_bytes: p.string_bytes,
            text_piece_bytes: p.text_piece_bytes,
            reference_bytes: p.reference_bytes,
            extra_object_bytes: p.extra_object_bytes,
        }
    }
}

impl Database {
    pub fn oo7(&self) -> Oo7Params {
        let size = match self.size {
            Size::Small => Oo7Size::Small,
            Size::Medium => Oo7Size::Medium,
        };
        Oo7Params {
            size,
            page_bytes: self.page_kb * 1024,
            string_bytes: self.string_bytes,
            text_piece_bytes: self.text_piece_bytes,
            reference_bytes: self.reference_bytes,
            extra_object_bytes: self.extra_object_bytes,
            ..Oo7Params::default()
        }
    }
}

/// An OO7 traversal (§4.1.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Traversal {
    /// Reads only each composite part's root atomic part (3% of each page).
    T6,
    /// T1 stopped after half of each graph's atomic parts (27% of each page).
    T1Minus,
    /// Depth first through every atomic part of each graph (49% of each page).
    #[default]
    T1,
    /// T1 plus every sub-object of the parts and connections (91% of each page).
    T1Plus,
    /// T1 that modifies each graph's root atomic part, in one transaction (§4.6).
    T2a,
    /// T1 that modifies every atomic part it visits, in one transaction (§4.6).
    T2b,
    /// Operations over two medium databases, most on the hot one, which swaps part way; each walks
    /// a random path to one composite part and runs T1−, T1 or T1+ on its graph (§4.1.1; the
    /// [workload] dynamic_* fields). Runs its first operations unmeasured whatever `start` says.
    Dynamic,
}

impl Traversal {
    pub fn kind(self) -> TraversalKind {
        match self {
            Traversal::T6 => TraversalKind::T6,
            Traversal::T1Minus => TraversalKind::T1Minus,
            Traversal::T1 => TraversalKind::T1,
            Traversal::T1Plus => TraversalKind::T1Plus,
            Traversal::T2a => TraversalKind::T2a,
            Traversal::T2b => TraversalKind::T2b,
            // Its operations' walks are the mix's; T1's stands for them where one kind is asked.
            Traversal::Dynamic => TraversalKind::T1,
        }
    }
}

/// Whether the measured traversal finds the client cache empty or warmed by the same traversal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// An empty client cache (Table 2).
    #[default]
    Cold,
    /// After one unmeasured run of the same traversal (Figure 5).
    Hot,
}

/// Which walks the dynamic traversal's operations run (§4.1.1; spec A23).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mix {
    /// 80% of the accesses from T1− operations, 20% from T1 (Figures 6 and 13): 8/9 and 1/9 of
    /// the operations.
    #[default]
    MostlyT1Minus,
    /// T1−, T1 and T1+ equally often.
    Uniform,
    /// Every operation a T1+ (Figure 6's page-like case).
    AllT1Plus,
}

/// What the client runs (§4.1.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Workload {
    /// The traversal (§4.1.1).
    #[garde(skip)]
    pub traversal: Traversal,
    /// Cold (empty client cache) or hot (after one unmeasured run).
    #[garde(skip)]
    pub start: Start,
    /// The dynamic traversal's operations (§4.1.1: 7,500).
    #[garde(range(min = 2, max = 100_000))]
    #[schemars(extend("x-unit" = "count"))]
    pub dynamic_operations: u32,
    /// Operations the dynamic traversal runs unmeasured before the rest are measured (§4.1.1: the
    /// last 5,000 of 7,500 are).
    #[garde(range(min = 1, max = 99_999))]
    #[schemars(extend("x-unit" = "count"))]
    pub dynamic_warmup: u32,
    /// Operations after which the hot and cold databases swap (§4.1.1: 5,000).
    #[garde(range(min = 0, max = 100_000))]
    #[schemars(extend("x-unit" = "count"))]
    pub dynamic_shift_after: u32,
    /// Share of operations on the hot database (§4.1.1: 90%).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub dynamic_hot_share: f64,
    /// The walks the operations run.
    #[garde(skip)]
    pub dynamic_mix: Mix,
}

impl Default for Workload {
    fn default() -> Self {
        let d = DynamicParams::default();
        Workload {
            traversal: Traversal::default(),
            start: Start::default(),
            dynamic_operations: d.operations,
            dynamic_warmup: d.operations - 5000,
            dynamic_shift_after: d.shift_after,
            dynamic_hot_share: d.hot_share,
            dynamic_mix: Mix::default(),
        }
    }
}

impl Workload {
    /// The dynamic traversal's parameters.
    pub fn dynamic(&self) -> DynamicParams {
        let mix = match self.dynamic_mix {
            Mix::MostlyT1Minus => dynamic::Mix::MostlyT1Minus,
            Mix::Uniform => dynamic::Mix::Uniform,
            Mix::AllT1Plus => dynamic::Mix::AllT1Plus,
        };
        DynamicParams {
            operations: self.dynamic_operations,
            shift_after: self.dynamic_shift_after,
            hot_share: self.dynamic_hot_share,
            mix,
        }
    }
}

/// The client cache's replacement policy (§4.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Hybrid adaptive caching (§3).
    #[default]
    Hac,
    /// Fast page caching: HAC's format, perfect LRU over whole pages (§4.2.1).
    Fpc,
    /// QuickStore: CLOCK over pages, a mapping object per page fetched (§4.2.2).
    Quickstore,
    /// GOM: a page buffer and an object buffer, split statically (§4.2.4).
    Gom,
}

/// How HAC's usage decays at primary scans (§3.2.1; spec A1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Decay {
    /// u ← (u + 1) >> 1 (spec default, §9 erratum 1).
    #[default]
    PlusOneShift,
    /// u ← u >> 1.
    PlainShift,
}

/// When HAC frees a frame (§3.3, §4.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Replacement {
    /// While the fetch is in flight: only the part that outlasts the fetch delays the client.
    #[default]
    Background,
    /// After the fetch (HAC-FG, §4.5): all of it delays the client.
    Foreground,
}

/// Which frames replacement may not touch (§3.2.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pinning {
    /// The frames holding the objects on the traversal's path (spec §2.3).
    #[default]
    Path,
    /// None: replacement may compact any frame (an ablation).
    Off,
}

/// The client and its cache (§3, Table 1; spec §5's hit and miss costs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Client {
    /// Replacement policy of the client cache.
    #[garde(skip)]
    pub policy: Policy,
    /// Client cache frames (Table 2: HAC 7.7 MB, FPC 9.4 MB, QuickStore 12 MB); the indirection
    /// table comes on top. At most 64 MB: the medium database is 38 MB, and the lab keeps copies
    /// of the cache to scrub back in time.
    #[garde(custom(positive), range(max = 64.0))]
    #[schemars(extend("x-unit" = "MB", "exclusiveMinimum" = 0))]
    pub cache_mb: f64,
    /// R, the retention fraction (Table 1: 2/3).
    #[garde(range(min = 0.05, max = 0.95))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub retention: f64,
    /// E, epochs (fetches) a frame stays in the candidate set (Table 1: 20).
    #[garde(range(min = 1, max = 1000))]
    #[schemars(extend("x-unit" = "count"))]
    pub epochs: u32,
    /// N, secondary scan pointers (Table 1: 2).
    #[garde(range(min = 0, max = 64))]
    #[schemars(extend("x-unit" = "count"))]
    pub secondary_pointers: u32,
    /// S, frames each pointer scans per fetch (Table 1: 3).
    #[garde(range(min = 1, max = 64))]
    #[schemars(extend("x-unit" = "count"))]
    pub scan_frames: u32,
    /// How usage decays at primary scans (spec A1).
    #[garde(skip)]
    pub decay: Decay,
    /// Background (HAC) or foreground (HAC-FG) replacement (§3.3, §4.5).
    #[garde(skip)]
    pub replacement: Replacement,
    /// Frames replacement may not touch (§3.2.4).
    #[garde(skip)]
    pub pinning: Pinning,
    /// Time of a hit, per object access. Absent: the traversal's own from Table 3, hot time over
    /// accesses (spec A28): T6 8.93 ms over 6,561 (1.36 µs), T1 7.77 s over 2.19 M (3.55 µs, also
    /// for T1−, T1+ and the updates).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub hit_us: Option<f64>,
    /// Conversion: time to install one object and swizzle its pointers (spec §5: about 7 µs).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub install_us: f64,
    /// Replacement: time per object a primary scan reads and decays (fitted, with the next two,
    /// to Figure 9's replacement fractions: docs/models.md).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub scan_object_us: f64,
    /// Replacement: time per KB compaction moves.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub move_kb_us: f64,
    /// Replacement: time per object compaction discards (its entry, its pointees' counts).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub discard_object_us: f64,
    /// QuickStore: probability that a page fetch also fetches its mapping object (calibrated on
    /// Table 2's cold T6: 104 / 506).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub mapping_fetch_prob: f64,
    /// GOM: the share of the cache that is its page buffer; the rest is its object buffer (tuned
    /// by hand for every size in the paper, §4.2.4).
    #[garde(range(min = 0.05, max = 0.95))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub gom_page_share: f64,
}

impl Default for Client {
    fn default() -> Self {
        Client {
            policy: Policy::Hac,
            cache_mb: 7.7,
            retention: 2.0 / 3.0,
            epochs: 20,
            secondary_pointers: 2,
            scan_frames: 3,
            decay: Decay::PlusOneShift,
            replacement: Replacement::Background,
            pinning: Pinning::Path,
            hit_us: None,
            install_us: 7.0,
            scan_object_us: 0.80,
            move_kb_us: 88.0,
            discard_object_us: 3.0,
            mapping_fetch_prob: super::baselines::quickstore::MAPPING_FETCH_PROB,
            gom_page_share: 0.5,
        }
    }
}

/// Table 3's hot traversal times over the model's accesses per traversal (spec A28), µs.
pub fn table_3_hit_us(traversal: Traversal) -> f64 {
    match traversal {
        Traversal::T6 => 8.93e3 / 6561.0,
        _ => 7.77e6 / 2_191_374.0,
    }
}

impl Client {
    /// Frames of `page_bytes` in `cache_mb`, at least 2 (a free one and one more).
    pub fn frames(&self, page_bytes: u32) -> u32 {
        ((self.cache_mb * 1_048_576.0 / page_bytes as f64) as u32).max(2)
    }

    pub fn hac_params(&self, page_bytes: u32) -> HacParams {
        // R as a ratio over 600,000, which holds 2/3 and every three-decimal value exactly.
        let den = 600_000;
        HacParams {
            frames: self.frames(page_bytes),
            frame_bytes: page_bytes,
            retention: Retention { num: (self.retention * den as f64).round() as u32, den },
            epochs: self.epochs,
            secondaries: self.secondary_pointers,
            scan: self.scan_frames,
            decay: match self.decay {
                Decay::PlusOneShift => DecayRule::PlusOneShift,
                Decay::PlainShift => DecayRule::PlainShift,
            },
        }
    }
}

/// The network: 10 Mb/s Ethernet, one client, one server (§4.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Network {
    /// Fixed cost of each message, besides its bytes on the wire (spec §5: about 1–2 ms of
    /// protocol on these machines).
    #[garde(range(min = 0.001, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub latency_ms: f64,
    /// Bandwidth (§4.1: 10 Mb/s Ethernet).
    #[garde(custom(positive), range(max = 100_000.0))]
    #[schemars(extend("x-unit" = "Mb/s", "exclusiveMinimum" = 0))]
    pub bandwidth_mbps: f64,
    /// Bytes of a fetch request.
    #[garde(range(min = 0, max = 65_536))]
    #[schemars(extend("x-unit" = "B"))]
    pub request_bytes: u32,
}

impl Default for Network {
    fn default() -> Self {
        Network { latency_ms: 1.0, bandwidth_mbps: 10.0, request_bytes: 64 }
    }
}

/// The server (§4.1: a 36 MB cache, 6 MB of it the MOB).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Server {
    /// Page cache (§4.1: 36 MB less the 6 MB MOB). At most 64 MB: more than the medium
    /// database's 38 MB.
    #[garde(range(min = 0.0, max = 64.0))]
    #[schemars(extend("x-unit" = "MB"))]
    pub cache_mb: f64,
    /// Time to take one modified object into the MOB at commit; its installation happens later,
    /// in the background (§4.6; not in the paper: spec §5 recommends a per-object cost).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub commit_object_us: f64,
}

impl Default for Server {
    fn default() -> Self {
        Server { cache_mb: 30.0, commit_object_us: 10.0 }
    }
}
