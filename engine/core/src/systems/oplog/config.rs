//! The opportunistic-log system's scenario sections (O'Toole & Shrira 1994, Tables 1–3; spec
//! 001-oplog.md §2.10), declared once as every section is (`crate::scenario::types`): the default
//! (the `Default` impls, the paper's values), the description, the unit (`x-unit`) and the range
//! (`garde`). Its JSON schema is committed beside this file; the rules between fields are in
//! `validate.rs`.
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::positive;
use crate::scenario::Scenario;
use crate::systems::SystemConfig;

/// The sections of an opportunistic-log scenario, in file order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    #[garde(dive)]
    pub database: Database,
    #[garde(dive)]
    pub client: Client,
    #[garde(dive)]
    pub network: Network,
    #[garde(dive)]
    pub server: Server,
    #[garde(dive)]
    pub disk: Disk,
}

impl Scenario {
    /// The sections of a scenario that runs the opportunistic-log system.
    ///
    /// Panics on another system's scenario: only the system's own code calls it, and
    /// `Simulation::new` hands it only scenarios of its kind.
    pub fn oplog(&self) -> &Config {
        match &self.config {
            SystemConfig::Oplog(c) => c,
            _ => panic!("not an opportunistic-log scenario"),
        }
    }

    pub fn oplog_mut(&mut self) -> &mut Config {
        match &mut self.config {
            SystemConfig::Oplog(c) => c,
            _ => panic!("not an opportunistic-log scenario"),
        }
    }
}

/// The database (Table 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Database {
    /// Pages of 4 KB, laid out in order from the disk's first sector (Table 1: 335,500, the full
    /// HP 97560).
    #[garde(range(min = 100, max = 335_502))]
    #[schemars(extend("x-unit" = "pages"))]
    pub pages: u32,
}

impl Default for Database {
    fn default() -> Self {
        Database { pages: 335_500 }
    }
}

/// The closed loop of clients, each running one-object transactions (§4.4, Table 2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Client {
    /// Number of clients (§5: 20 to 70; 50 for the Fig. 3 table and Table 4).
    #[garde(range(min = 1, max = 500))]
    #[schemars(extend("x-unit" = "clients"))]
    pub count: u32,
    /// Probability that a transaction fetches its page first: fetches per commit (Table 2: 20%;
    /// 1% to 60% in Fig. 5).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub fetch_ratio: f64,
    /// Probability that a transaction modifies its object (Table 2: 20%).
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub write_ratio: f64,
    /// Computation between the fetch and the commit, constant (Table 2: 200 ms; spec A10).
    #[garde(range(min = 0.0, max = 10_000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub think_ms: f64,
}

impl Default for Client {
    fn default() -> Self {
        Client { count: 50, fetch_ratio: 0.2, write_ratio: 0.2, think_ms: 200.0 }
    }
}

/// The network (§4.4, Table 3): a fixed latency, no bandwidth limit or contention.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Network {
    /// One-way latency of every message (Table 3: 1 ms).
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub latency_ms: f64,
    /// CPU time per message, at the sender and at the receiver (Table 3: 100 µs; spec A11).
    #[garde(range(min = 0.0, max = 100_000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub message_cpu_us: f64,
}

impl Default for Network {
    fn default() -> Self {
        Network { latency_ms: 1.0, message_cpu_us: 100.0 }
    }
}

/// The four server designs of §4.3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Design {
    /// Clients ship whole dirty pages: no installation reads.
    Page,
    /// Clients ship modified objects; an uncached page is read at once, in FIFO order with the
    /// fetch reads.
    Basic,
    /// Modified objects wait in the log; when it is nearly full the oldest pending page is read
    /// (the FIFO choice).
    Absorbing,
    /// As absorbing, but the pending page with the shortest positioning time from the head is
    /// read (greedy SPTF, §3.2).
    #[default]
    Opportunistic,
}

impl Design {
    /// Whether the design keeps modified objects in a bounded log (absorbing, opportunistic).
    pub fn has_log(self) -> bool {
        matches!(self, Design::Absorbing | Design::Opportunistic)
    }
}

/// The server (§4.3, Table 1): one CPU, non-volatile memory split between the log and the page
/// cache, and the two triggers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Server {
    /// Which server design (§4.3).
    #[garde(skip)]
    pub design: Design,
    /// Non-volatile memory for the log and the page cache (Table 1: 33,550 pages, 10% of the
    /// database).
    #[garde(range(min = 2, max = 335_502))]
    #[schemars(extend("x-unit" = "pages"))]
    pub memory_pages: u32,
    /// Memory given to the log by the absorbing and opportunistic servers; the cache gets the
    /// rest (§5.1: 1500; 26 to 12,000 in Table 4; 6000 in Figs. 4–5). The page and basic servers
    /// give it all to the cache (spec A7).
    #[garde(range(min = 1, max = 335_502))]
    #[schemars(extend("x-unit" = "pages"))]
    pub log_pages: u32,
    /// Log entries per page of log memory, i.e. objects of page/N bytes (Table 1: 2, "a very
    /// conservative choice", §4.3).
    #[garde(range(min = 1, max = 64))]
    #[schemars(extend("x-unit" = "entries"))]
    pub objects_per_page: u32,
    /// A dirty page is written (chosen by SPTF) while fewer clean frames than this remain
    /// (Table 1: 1000).
    #[garde(range(min = 1, max = 100_000))]
    #[schemars(extend("x-unit" = "frames"))]
    pub write_trigger: u32,
    /// A pending page is read while fewer empty log entries than this remain (Table 1: 50).
    #[garde(range(min = 1, max = 100_000))]
    #[schemars(extend("x-unit" = "entries"))]
    pub iread_trigger: u32,
    /// CPU time to validate a commit (Table 1: 5 µs).
    #[garde(range(min = 0.0, max = 100_000.0))]
    #[schemars(extend("x-unit" = "µs"))]
    pub validation_us: f64,
    /// CPU time to install one log entry into its page (Table 1: 1 ms).
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub installation_ms: f64,
}

impl Default for Server {
    fn default() -> Self {
        Server {
            design: Design::Opportunistic,
            memory_pages: 33_550,
            log_pages: 1500,
            objects_per_page: 2,
            write_trigger: 1000,
            iread_trigger: 50,
            validation_us: 5.0,
            installation_ms: 1.0,
        }
    }
}

impl Server {
    /// Whether the design keeps modified objects in a bounded log (absorbing, opportunistic).
    pub fn has_log(&self) -> bool {
        self.design.has_log()
    }

    /// Log entries: log pages × objects per page, for the designs with a log (spec §2.6).
    pub fn log_entries(&self) -> u32 {
        if self.has_log() {
            self.log_pages * self.objects_per_page
        } else {
            0
        }
    }

    /// Page-cache frames: memory less the log (spec A7).
    pub fn cache_frames(&self) -> u32 {
        if self.has_log() {
            self.memory_pages.saturating_sub(self.log_pages)
        } else {
            self.memory_pages
        }
    }
}

/// Which HP 97560 (spec 001 §2.2, §4.7, A1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiskPreset {
    /// Table 3 as printed: seek 3.24 + 0.400·√d ms up to 383 cylinders, 8.00 + 0.008·d beyond;
    /// a 1.6 ms head switch within a cylinder. A random 4 KB read costs 22.0 ms.
    Hp97560Literal,
    /// The spec's fit to the paper's costs (§4.7): every seek × 0.766 and a free head switch, so
    /// a random 4 KB read costs 19.0 ms as the paper's basic server's installation reads do.
    #[default]
    Ots94Calibrated,
}

/// The disk (§4.4, Table 3): one HP 97560, serving its queue first come first served.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Disk {
    /// Table 3's drive as printed, or calibrated to the paper's costs (spec §4.7).
    #[garde(skip)]
    pub preset: DiskPreset,
}
