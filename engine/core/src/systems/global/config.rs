//! The global-memory cluster's scenario sections (Venkataraman's thesis Ch. 3, Tabs. 5–9; spec
//! 004 §2–§3), declared once as every section is (`crate::scenario::types`): the defaults are
//! the `ch3-sim` profile's (§3.1), with the unit (`x-unit`) and the range (`garde`) beside each
//! field. Its JSON schema is committed beside this file; the rules between fields are in
//! `validate.rs`.
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::positive;
use crate::scenario::Scenario;
use crate::systems::SystemConfig;

/// The sections of a global-memory scenario, in file order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    #[garde(dive)]
    pub cluster: Cluster,
    #[garde(dive)]
    pub network: Network,
    #[garde(dive)]
    pub execution: Execution,
    #[garde(dive)]
    pub policy: Policy,
    #[garde(dive)]
    pub workload: Workload,
    #[garde(dive)]
    pub web: Web,
}

impl Scenario {
    /// The global-memory sections of a scenario that runs that system.
    ///
    /// Panics on another system's scenario: only the system's code calls it, and
    /// `Simulation::new` hands it only scenarios of its kind.
    pub fn global(&self) -> &Config {
        match &self.config {
            SystemConfig::Global(c) => c,
            _ => panic!("not a global-memory scenario"),
        }
    }
}

/// The servers (Tab. 5): peers, each owning the pages on its disks and serving its own clients.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Cluster {
    /// Servers in the cluster (Tab. 5: 10; 5–40 in Expt 3).
    #[garde(range(min = 2, max = 40))]
    #[schemars(extend("x-unit" = "servers"))]
    pub nodes: u32,
    /// Buffer frames of each server, 8 KB pages (Tab. 5: 8 MB, taken as 1,024 pages, spec A18).
    #[garde(range(min = 8, max = 65_536))]
    #[schemars(extend("x-unit" = "pages"))]
    pub frames: u32,
    /// Each server's processor, shared equally by the jobs in service (Tab. 5: 30 MIPS).
    #[garde(custom(positive), range(max = 100_000.0))]
    #[schemars(extend("x-unit" = "MIPS", "exclusiveMinimum" = 0))]
    pub mips: f64,
    /// Disks of each server, Fujitsu M2266s served first come first served; a server's pages are
    /// striped over them (Tab. 5: 4).
    #[garde(range(min = 1, max = 16))]
    #[schemars(extend("x-unit" = "disks"))]
    pub disks: u32,
    /// Every mechanical time of the M2266 multiplied by this: its seek, settle, rotation and
    /// transfer (spec A5: the SP/2's disk of Ch. 4, 9.9 ms unloaded, is the M2266 at 0.73).
    #[garde(range(min = 0.05, max = 20.0))]
    #[schemars(extend("x-unit" = "×"))]
    pub disk_time_scale: f64,
    /// Message buffers of each server: a message holds one at its sender until it is delivered,
    /// and a sender with none free waits (Tab. 5: 160 KB, about 20; spec A6).
    #[garde(range(min = 1, max = 10_000))]
    #[schemars(extend("x-unit" = "buffers"))]
    pub message_buffers: u32,
    /// The M2266's read-ahead cache (Tab. 6, spec A5): contexts of each disk, each holding a read
    /// page and the pages after it on the disk, the least recently used replaced; a read found
    /// there costs its transfer alone (Tab. 6: 8; 0, no cache).
    #[garde(range(max = 64))]
    #[schemars(extend("x-unit" = "contexts"))]
    pub cache_contexts: u32,
    /// Pages of each context: the page read and those after it (Tab. 6: 4).
    #[garde(range(min = 1, max = 64))]
    #[schemars(extend("x-unit" = "pages"))]
    pub cache_pages: u32,
}

impl Default for Cluster {
    fn default() -> Self {
        Cluster { nodes: 10, frames: 1024, mips: 30.0, disks: 4, disk_time_scale: 1.0, message_buffers: 20, cache_contexts: 8, cache_pages: 4 }
    }
}

/// The switched network between the servers (§3.4.1): point-to-point FIFO links with no
/// contention.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Network {
    /// A page message's latency, protocol processing included (Tab. 5: 550 µs; 0–8 ms in Expt
    /// 1). The protocol's instructions run on the two servers' processors, half at each end; the
    /// rest of the latency is the wire's delay (spec A1).
    #[garde(range(min = 0.0, max = 100.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub page_latency_ms: f64,
    /// A control message's size: its wire delay is the page's scaled by its bytes (spec A2).
    #[garde(range(min = 1, max = 8192))]
    #[schemars(extend("x-unit" = "B"))]
    pub control_bytes: u32,
    /// How a message's latency is made up (spec A1, E4).
    #[garde(skip)]
    pub cost: MessageCost,
    /// Under `cost = "scaled"`, the page latency at which the protocol costs
    /// `execution.message` instructions (Ch. 3: 0.55 ms; Ch. 5: 1.0 ms).
    #[garde(custom(positive), range(max = 100.0))]
    #[schemars(extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub base_latency_ms: f64,
    /// A commit's log record of one updated page: a commit's message to an owner is this times
    /// the owner's pages it updated (spec A10's choice).
    #[garde(range(min = 1, max = 8192))]
    #[schemars(extend("x-unit" = "B"))]
    pub log_bytes: u32,
    /// Under `cost = "calibrated"`, Tab. 3's measured access times on the SP/2 (spec A27): a page
    /// found in the primary's memory, sent from its owner's, forwarded from a third server's.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub primary_ms: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub owner_memory_ms: f64,
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub remote_memory_ms: f64,
}

impl Default for Network {
    fn default() -> Self {
        Network {
            page_latency_ms: 0.55,
            control_bytes: 128,
            cost: MessageCost::Split,
            base_latency_ms: 0.55,
            log_bytes: 100,
            primary_ms: 0.15,
            owner_memory_ms: 2.8,
            remote_memory_ms: 5.5,
        }
    }
}

/// How a message's latency is made up (spec A1, E4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MessageCost {
    /// The protocol's instructions on the two servers' processors, half at each end, and the rest
    /// of the page latency as the wire's delay, scaled by size for a control message.
    #[default]
    Split,
    /// Pure latency, no processor: a page takes the page latency, a control message 0.55 of it
    /// (the SP/2's fixed share of a message's cost, Fig. 31).
    Latency,
    /// As `split`, the protocol's instructions scaled with the latency too (spec A1's sweep: both
    /// parts by `page_latency_ms / base_latency_ms`, so a dearer message loads the processors).
    Scaled,
    /// Tab. 3's measured hierarchy (spec A27, the SP/2): messages as under `latency`, and a page
    /// from the primary's memory, the owner's or a third server's no sooner than
    /// `primary_ms`, `owner_memory_ms` or `remote_memory_ms` after it was asked for. A disk
    /// read keeps its own time: 9.9 ms at the owner's disk, and 2.0 ms of messages more from
    /// another server's (Tab. 3: 11.5).
    Calibrated,
}

/// Instructions of each step (Tab. 7, from [FCL92]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Execution {
    /// Granting a lock at the owner.
    #[garde(range(max = 10_000_000))]
    #[schemars(extend("x-unit" = "instructions"))]
    pub lock: u32,
    /// Looking a page up in the buffer pool's table (or the owner's directory).
    #[garde(range(max = 10_000_000))]
    #[schemars(extend("x-unit" = "instructions"))]
    pub table_lookup: u32,
    /// A buffer fault at the primary server.
    #[garde(range(max = 10_000_000))]
    #[schemars(extend("x-unit" = "instructions"))]
    pub fault: u32,
    /// Processing one page for the client at its primary server (an OO7 composite part).
    #[garde(range(max = 100_000_000))]
    #[schemars(extend("x-unit" = "instructions"))]
    pub per_page: u32,
    /// The message protocol, per message, half at the sender and half at the receiver.
    #[garde(range(max = 10_000_000))]
    #[schemars(extend("x-unit" = "instructions"))]
    pub message: u32,
}

impl Default for Execution {
    fn default() -> Self {
        Execution { lock: 300, table_lookup: 100, fault: 4_000, per_page: 30_000, message: 11_000 }
    }
}

/// Which page a server evicts (§3.3, spec §2.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Replacement {
    /// Plain LRU: an owner keeps the pages it reads for others as ordinary pages.
    Base,
    /// LRU with hate hints: the copies an owner keeps of pages it read for others go first.
    #[default]
    Clsv,
    /// Hate hints and a reservation: the server's own pages are evicted first only while they
    /// fill more than `policy.reserve` of its memory.
    Reserve,
    /// The baseline: all the servers' frames as one LRU pool that every server sees at no message
    /// cost, with no page twice; a miss reads the owner's disk, with no message either (§3.3).
    Optimal,
    /// Duplicate elimination (§5.2.1): a page another server also holds goes before any page that
    /// is the only copy in the cluster's memory, least recently used first.
    DupElim,
    /// Expected cost (§5.2.1): of the LRU duplicate and the LRU single page, the one whose
    /// re-fetch, weighted by how recently it was used, costs less: a duplicate from remote memory,
    /// a single page from disk, each cost measured as the run goes.
    Hybrid,
    /// Controlled duplication (§5.4.1): the LRU duplicate while duplicates fill more than
    /// `policy.threshold` of the frames, else the LRU page (0 is Dup-Elim, 1 is ClSv).
    Threshold,
    /// Global (§4.2.3): hated copies, then duplicates, then pages of servers that have either
    /// (as the state table says), then the page whose owner's memory is the coldest, so that
    /// what leaves the cluster's memory is about its least recently used page.
    Global,
    /// Ch. 4's Reserve (§4.2.2): while own pages fill more than `policy.reserve` of the memory,
    /// hated copies and the LRU own page; else duplicates first, then others' pages.
    ReserveDup,
}

impl Replacement {
    /// Whether it tells a page held by several servers from the only copy (§4.1.3, §5.2.1).
    pub fn duplicates(self) -> bool {
        use Replacement::*;
        matches!(self, DupElim | Hybrid | Threshold | Global | ReserveDup)
    }
}

/// How a server lets go of another server's page it evicts (spec A11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Discard {
    /// The simulations' handshake in the request's path (Chs. 3, 5): a notice to the owner, which
    /// asks for the page back or says drop it.
    #[default]
    Handshake,
    /// The SP/2 implementation's (§4.1.3): no handshake; a duplicate is dropped, and so is a page
    /// older than its owner's LRU tail when the owner has no hated copy or duplicate (as the state
    /// table says); any other goes back to its owner at once, which keeps it if it would.
    Piggyback,
}

/// How a server learns that its copy is no longer a duplicate (§4.1.3, spec §2.5 rule 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DupInfo {
    /// At once, as the other copy goes.
    #[default]
    Exact,
    /// From the page's owner, piggy-backed on its next message to the server (§4.1.3): until then
    /// the server takes its last copy for a duplicate.
    Lazy,
}

/// The order hated copies go in (spec A13): Ch. 3's LIFO, Ch. 5's FIFO.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HatedOrder {
    /// The newest first (§3.3): it was shipped away last, so its reader most likely still holds it.
    #[default]
    Lifo,
    /// The oldest first (§5.2.1).
    Fifo,
}

/// Where the pages of a locality set live (§3.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    /// Round robin over every server, from a random one (`-Decl`).
    #[default]
    Declustered,
    /// On one server (`-Clus`): the client's own (Clus-Same) or another (Clus-Diff), as
    /// `policy.owner` says.
    Clustered,
}

/// Which server owns a clustered locality set (§3.5.2, Expt 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    /// A server other than the client's primary, drawn at random (Clus-Diff; spec A17).
    #[default]
    Other,
    /// The client's primary server (Clus-Same).
    Primary,
}

/// The policy: replacement and placement together (Tab. 4: ClSv-Decl, Resv-Decl, ClSv-Clus, …).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Policy {
    #[garde(skip)]
    pub replacement: Replacement,
    #[garde(skip)]
    pub placement: Placement,
    /// Under clustered placement, which server owns each client's locality set.
    #[garde(skip)]
    pub owner: Owner,
    /// Reserve's share of memory kept for the server's own pages (§3.3: 60%).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub reserve: f64,
    /// Threshold's share of frames duplicates may fill before they go first (§5.4.1: θ, 0 to 1).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub threshold: f64,
    /// Which hated copy goes first.
    #[garde(skip)]
    pub hated_order: HatedOrder,
    /// How an evicted page of another server is let go.
    #[garde(skip)]
    pub discard: Discard,
    /// How a server learns its copy has become the last one.
    #[garde(skip)]
    pub dup_info: DupInfo,
    /// How often Hybrid's servers refresh their measured costs of a disk read and of a page from
    /// remote memory (§5.2.1: "for fixed time intervals"; the interval is ours, spec A23).
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "s", "exclusiveMinimum" = 0))]
    pub cost_interval_s: f64,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            replacement: Replacement::Clsv,
            placement: Placement::Declustered,
            owner: Owner::Other,
            reserve: 0.6,
            threshold: 0.5,
            hated_order: HatedOrder::Lifo,
            discard: Discard::Handshake,
            dup_info: DupInfo::Exact,
            cost_interval_s: 1.0,
        }
    }
}

/// Which clients run: Ch. 3–4's database clients, or Ch. 5's web requests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Model {
    /// Database clients, one a server, asking for pages of their locality sets (§3.4.2).
    #[default]
    Oodb,
    /// Web requests for whole files, routed round robin over the servers (§5.3.1; `[web]`).
    Web,
}

/// The clients (§3.4.2, Tab. 8): each attached to its primary server, one a server, running
/// requests for pages of its private locality set one at a time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Workload {
    /// The database clients below, or web requests as `[web]` says.
    #[garde(skip)]
    pub model: Model,
    /// Large clients, on servers 0, 1, … (Tab. 8: 1; 1–10 in Expt 4).
    #[garde(range(min = 1, max = 40))]
    #[schemars(extend("x-unit" = "clients"))]
    pub large_clients: u32,
    /// The hot region of a large client's locality set, in servers' memories (Tab. 9: 4·M in
    /// Expt 1, 2–50·M in Expt 2).
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "×M", "exclusiveMinimum" = 0))]
    pub locality_m: f64,
    /// Small clients, on the servers after the large clients' (Expt 2.2: 9).
    #[garde(range(max = 40))]
    #[schemars(extend("x-unit" = "clients"))]
    pub small_clients: u32,
    /// The hot region of a small client's locality set (Tab. 8: 0.4·M).
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "×M", "exclusiveMinimum" = 0))]
    pub small_locality_m: f64,
    /// The probability that a request goes to the hot region (Tab. 8: 1.0; 0.9 in Expt 2.1).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub p_hot: f64,
    /// The cold region, in hot regions (Tab. 8: 5).
    #[garde(range(min = 0.0, max = 100.0))]
    #[schemars(extend("x-unit" = "×hot"))]
    pub cold_factor: f64,
    /// A large client's pause after processing each page (Tab. 8: 0).
    #[garde(range(min = 0.0, max = 100_000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub think_ms: f64,
    /// A small client's pause after processing each page (0; Ch. 4 Expt 4: 4 ms).
    #[garde(range(min = 0.0, max = 100_000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub small_think_ms: f64,
    /// The probability that a large client's request goes to the shared locality set instead of
    /// its own (Tab. 8: 0; 0–1 in Expt 5).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub p_shared: f64,
    /// The shared locality set's hot region, in servers' memories (Tab. 8: 3·M), with a cold
    /// region as the private sets have; placed only when `p_shared` is above 0.
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "×M", "exclusiveMinimum" = 0))]
    pub shared_m: f64,
    /// The probability that a database client's request updates its page, under a write lock
    /// (Tab. 8: 0; 0.2 in Expt 2.3). Web requests only read (§5.2).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub p_write: f64,
    /// A database client's transaction, in page requests: at its end the client sends the log of
    /// its updates to their pages' owners and waits for their acknowledgements (Tab. 8: 500).
    #[garde(range(min = 1, max = 1_000_000))]
    #[schemars(extend("x-unit" = "requests"))]
    pub transaction_pages: u32,
}

impl Default for Workload {
    fn default() -> Self {
        Workload {
            model: Model::Oodb,
            large_clients: 1,
            locality_m: 4.0,
            small_clients: 0,
            small_locality_m: 0.4,
            p_hot: 1.0,
            cold_factor: 5.0,
            think_ms: 0.0,
            small_think_ms: 0.0,
            p_shared: 0.0,
            shared_m: 3.0,
            p_write: 0.0,
            transaction_pages: 500,
        }
    }
}

/// Ch. 5's web server (§5.3.1, Tab. 15), under `workload.model = "web"`: files of equal size,
/// their pages round robin over the servers; closed-loop clients, `mpl` a server, each asking for
/// a whole file chosen by a Zipf law, each request routed to the next server in turn, which
/// fetches the file's pages one after another (spec A22).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Web {
    /// Files in the active database (Tab. 15: 300, 1.2 times the cluster's memory; 200 and 600).
    #[garde(range(min = 1, max = 1_000_000))]
    #[schemars(extend("x-unit" = "files"))]
    pub files: u32,
    /// Pages of each file (Tab. 15: 32; 16 and 64 in §5.4.4).
    #[garde(range(min = 1, max = 4096))]
    #[schemars(extend("x-unit" = "pages"))]
    pub file_pages: u32,
    /// The Zipf law's skew z: file i is asked for in proportion to 1/i^z (§5.3.1: 0 uniform to 2).
    #[garde(range(min = 0.0, max = 5.0))]
    pub zipf: f64,
    /// Requests in progress at each server: clients, `mpl` times the servers (Tab. 15: 4).
    #[garde(range(min = 1, max = 64))]
    #[schemars(extend("x-unit" = "clients"))]
    pub mpl: u32,
    /// Fig. 60's non-Zipf workload (§5.4.6) instead of the Zipf law, when not 0: the first
    /// `hot_files` files are hot, and a request asks for a hot file, then a cold one, each
    /// uniformly (Fig. 60: 5 hot and 295 cold).
    #[garde(range(max = 1_000_000))]
    #[schemars(extend("x-unit" = "files"))]
    pub hot_files: u32,
    /// Every file `file_pages` long, or Fig. 58's mixed sizes (§5.4.4).
    #[garde(skip)]
    pub file_sizes: FileSizes,
}

impl Default for Web {
    fn default() -> Self {
        Web { files: 300, file_pages: 32, zipf: 1.0, mpl: 4, hot_files: 0, file_sizes: FileSizes::Uniform }
    }
}

/// The web files' sizes (§5.4.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FileSizes {
    /// `web.files` files of `web.file_pages` pages each.
    #[default]
    Uniform,
    /// Fig. 58: the same `files · file_pages` pages divided equally among files of 16, 32, 64
    /// and 128 pages (spec A20: 150, 75, 38 and 19 files for 9,600 pages), the sizes dealt to
    /// the Zipf law's ranks at random.
    Mixed,
}

impl FileSizes {
    /// Fig. 58's size classes, in pages.
    pub const MIXED: [u32; 4] = [16, 32, 64, 128];
}

impl Web {
    /// Each size class's pages and its files: `(pages a file, files)`; under Fig. 58 the
    /// database's share of each class rounded to whole files (A20).
    pub fn classes(&self) -> Vec<(u32, u32)> {
        match self.file_sizes {
            FileSizes::Uniform => vec![(self.file_pages, self.files)],
            FileSizes::Mixed => {
                let share = f64::from(self.files) * f64::from(self.file_pages) / FileSizes::MIXED.len() as f64;
                FileSizes::MIXED.iter().map(|&size| (size, (share / f64::from(size)).round() as u32)).collect()
            }
        }
    }

    /// Files, over every size.
    pub fn file_count(&self) -> u64 {
        self.classes().iter().map(|&(_, n)| u64::from(n)).sum()
    }

    /// Pages, over every file.
    pub fn pages(&self) -> f64 {
        self.classes().iter().map(|&(size, n)| f64::from(size) * f64::from(n)).sum()
    }
}
