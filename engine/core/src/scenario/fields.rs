//! The field registry: one entry per scenario field, keyed by dotted path. It is the single
//! source of the kind, unit, allowed range and description of every field, read by the text
//! checks, by `Scenario::validate` and by the JSON schema, so the three cannot drift apart.
//! A unit test checks that the registry and the serde types name the same fields.
use super::Scenario;

// Ranges read as inequalities in the table: `Ge(1.0), Le(64.0)` is 1 ≤ value ≤ 64 and
// `Gt(0.0)` is 0 < value.
use Bound::{Exclusive as Gt, Inclusive as Ge, Inclusive as Le};

/// One end of an allowed range.
#[derive(Clone, Copy, Debug)]
pub enum Bound {
    Inclusive(f64),
    Exclusive(f64),
}

/// A numeric field: its unit, range, and how to read and write it on a `Scenario`.
pub struct Numeric {
    pub unit: &'static str,
    pub min: Bound,
    pub max: Bound,
    /// `None` when an optional field is absent.
    pub get: fn(&Scenario) -> Option<f64>,
    /// Used to apply sweep values; integer fields truncate, so check `is_integer` first.
    pub set: fn(&mut Scenario, f64),
}

pub enum Kind {
    /// An `f64` field.
    Number(Numeric),
    /// A `u32` field.
    Integer(Numeric),
    /// `meta.seed`: a `u64`, limited to what a TOML integer can hold.
    Seed,
    Text,
    /// A snake_case enum; the strings are checked against the serde enums by a unit test.
    Choice(&'static [&'static str]),
    /// `sweep.parameter`, `sweep.series`: the dotted path of a numeric field.
    FieldPath,
    /// `sweep.values`, `sweep.series_values`: a list of numbers.
    Numbers,
}

pub struct FieldSpec {
    /// Dotted path: `section.field`.
    pub path: &'static str,
    pub kind: Kind,
    pub description: &'static str,
}

impl FieldSpec {
    pub fn section(&self) -> &'static str {
        self.path.split_once('.').map_or(self.path, |(section, _)| section)
    }

    pub fn key(&self) -> &'static str {
        self.path.split_once('.').map_or(self.path, |(_, key)| key)
    }

    pub fn numeric(&self) -> Option<&Numeric> {
        match &self.kind {
            Kind::Number(n) | Kind::Integer(n) => Some(n),
            _ => None,
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self.kind, Kind::Integer(_))
    }

    /// Checks one candidate value against the field's type and range; the message says why
    /// it is rejected.
    pub fn check_number(&self, value: f64) -> Result<(), String> {
        let Some(numeric) = self.numeric() else {
            return Err(format!("{} is not a numeric field", self.path));
        };
        if !value.is_finite() {
            return Err(format!("{value} is not a finite number"));
        }
        if self.is_integer() && value.fract() != 0.0 {
            return Err(format!("{value} is not a whole number"));
        }
        if numeric.contains(value) {
            Ok(())
        } else {
            Err(format!("{value} {} is out of range", numeric.unit))
        }
    }
}

impl Numeric {
    pub fn contains(&self, value: f64) -> bool {
        let above_min = match self.min {
            Bound::Inclusive(min) => value >= min,
            Bound::Exclusive(min) => value > min,
        };
        let below_max = match self.max {
            Bound::Inclusive(max) => value <= max,
            Bound::Exclusive(max) => value < max,
        };
        above_min && below_max
    }

    /// The range as shown to users, e.g. "1 ≤ value ≤ 64" or "0 < value ≤ 4096".
    pub fn range_text(&self) -> String {
        let min = match self.min {
            Bound::Inclusive(min) => format!("{min} ≤"),
            Bound::Exclusive(min) => format!("{min} <"),
        };
        let max = match self.max {
            Bound::Inclusive(max) => format!("≤ {max}"),
            Bound::Exclusive(max) => format!("< {max}"),
        };
        format!("{min} value {max}")
    }
}

/// Sections in file order, with their descriptions.
pub const SECTIONS: &[(&str, &str)] = &[
    ("meta", "What the scenario is and which paper it reproduces."),
    ("system", "Which paper's system the scenario runs; the sections below are that system's."),
    ("run", "Warm-up, measurement length, batches and seeds (spec §5)."),
    ("database", "Objects and pages (Table 4.1, Table 4.5)."),
    ("workload", "Transactions, clustering and skew (Tables 4.2–4.4)."),
    ("client", "Clients and their caches (Tables 4.2, 4.4; §4.2.1)."),
    ("network", "Message latency and replication delay (§4.2.2, §4.2.4)."),
    ("server", "Server memory: page cache and MOB (Table 4.7; §4.3.2)."),
    ("flusher", "When and how much the flusher writes (§3.2.1, §6.2.5)."),
    ("disk", "The disk (Table 4.6, Seagate ST18771FC Barracuda 8)."),
    ("sweep", "A figure reproduction: one run per value of a parameter, for each value of an optional series (one curve each)."),
];

/// TOML integers are signed 64-bit, so a larger seed could not be written back to a file.
pub const MAX_SEED: u64 = i64::MAX as u64;

/// Values are clamped and truncated by `as`; callers check the value first.
trait FromF64 {
    fn from_f64(value: f64) -> Self;
}

impl FromF64 for f64 {
    fn from_f64(value: f64) -> Self {
        value
    }
}

impl FromF64 for u32 {
    fn from_f64(value: f64) -> Self {
        value as u32
    }
}

/// A registry entry for a numeric field `$section.$field` of kind `$kind` (Number or Integer).
macro_rules! numeric {
    ($kind:ident, $section:ident . $field:ident, $unit:literal, $min:expr, $max:expr, $desc:literal) => {
        FieldSpec {
            path: concat!(stringify!($section), ".", stringify!($field)),
            kind: Kind::$kind(Numeric {
                unit: $unit,
                min: $min,
                max: $max,
                get: |s| Some(f64::from(s.$section.$field)),
                set: |s, v| s.$section.$field = FromF64::from_f64(v),
            }),
            description: $desc,
        }
    };
}

/// A registry entry for an `Option<f64>` field, absent unless written.
macro_rules! optional {
    ($section:ident . $field:ident, $unit:literal, $min:expr, $max:expr, $desc:literal) => {
        FieldSpec {
            path: concat!(stringify!($section), ".", stringify!($field)),
            kind: Kind::Number(Numeric {
                unit: $unit,
                min: $min,
                max: $max,
                get: |s| s.$section.$field,
                set: |s, v| s.$section.$field = Some(v),
            }),
            description: $desc,
        }
    };
}

/// A registry entry for a field whose value is not a number.
macro_rules! other {
    ($path:literal, $kind:expr, $desc:literal) => {
        FieldSpec { path: $path, kind: $kind, description: $desc }
    };
}

/// The longest simulated run, warm-up included, seconds (10 hours).
pub const MAX_RUN_S: f64 = 36_000.0;

pub static FIELDS: &[FieldSpec] = &[
    other!("meta.title", Kind::Text, "Short title shown in the lab."),
    other!("meta.description", Kind::Text, "What the scenario shows and how to read it."),
    other!("meta.paper", Kind::Text, "Paper and section the scenario reproduces."),
    other!(
        "meta.seed",
        Kind::Seed,
        "Seed of the first run; further seeds are meta.seed+1, meta.seed+2, …"
    ),
    other!(
        "system.kind",
        Kind::Choice(&["mob"]),
        "The system to simulate: mob is Ghemawat's MOB server (thesis Chapter 4)."
    ),
    numeric!(Number, run.warmup_s, "s", Ge(0.0), Le(MAX_RUN_S),
        "Minimum simulated warm-up before measuring (spec §5, A31)."),
    numeric!(Integer, run.warmup_flusher_passes, "count", Ge(0.0), Le(10_000.0),
        "Warm-up also lasts until the flusher has completed this many passes (spec §5, A31); ignored when the warm-up commits no writes."),
    optional!(run.warmup_write_prob, "fraction", Ge(0.0), Le(1.0),
        "Write probability during warm-up only (Fig. 4-6 warms up at 20% writes, §4.3.3). Absent: the workload's write probability."),
    numeric!(Number, run.duration_s, "s", Gt(0.0), Le(MAX_RUN_S),
        "Measured simulated time after warm-up (spec §5)."),
    numeric!(Integer, run.batches, "count", Ge(2.0), Le(100.0),
        "Batches for batch-means confidence intervals within one run (spec §5)."),
    numeric!(Integer, run.seeds, "count", Ge(1.0), Le(100.0),
        "Independent seeds per point; 95% confidence intervals across seeds when > 1 (§4.3)."),
    numeric!(Number, run.sample_interval_s, "s", Ge(0.01), Le(3600.0),
        "Interval between points of the time series."),
    numeric!(Integer, database.object_bytes, "B", Ge(16.0), Le(65_536.0),
        "Object size (Table 4.1: 128 B; studied 128 B to 2 KB, Fig. 4-15)."),
    numeric!(Number, database.size_mb, "MB", Gt(0.0), Le(4096.0),
        "Database size on disk, pages × page size (Table 4.1: 100 MB; studied 100 to 900 MB, Fig. 4-14)."),
    numeric!(Integer, database.page_kb, "KB", Ge(1.0), Le(1024.0),
        "Page size (Table 4.5: 64 KB; studied 1 to 128 KB, Fig. 4-13)."),
    numeric!(Integer, database.header_bytes_per_object, "B", Ge(0.0), Le(64.0),
        "Page-header bytes per object slot (spec A3: 8 gives 481 objects per 64 KB page)."),
    numeric!(Integer, workload.txn_len, "objects", Ge(1.0), Le(65_536.0),
        "Object accesses per transaction (Table 4.2: 128; 512 in Figs. 4-10, 5-1)."),
    numeric!(Integer, workload.cluster_len, "objects", Ge(1.0), Le(65_536.0),
        "Objects per clustered access (Table 4.3: 32; studied 1 to 512)."),
    numeric!(Integer, workload.cluster_region, "objects", Ge(1.0), Le(65_536.0),
        "List positions a clustered access is drawn from, centred on its first object (Table 4.3: 512; studied 32 to 2048)."),
    numeric!(Number, workload.write_prob, "fraction", Ge(0.0), Le(1.0),
        "Probability that an accessed object is modified (Table 4.2: 0.2)."),
    numeric!(Number, workload.hot_area_mb, "MB", Ge(0.0), Le(4096.0),
        "Hot area per client, half shared by all clients and half private (Table 4.4: 6 MB). 0: accesses are uniform over the database."),
    numeric!(Number, workload.hot_frac, "fraction", Ge(0.0), Le(1.0),
        "Fraction of clustered accesses directed to the hot area (Table 4.4: 0.9)."),
    numeric!(Integer, client.count, "count", Ge(1.0), Le(1024.0),
        "Number of clients (Table 4.2: 12; studied 1 to 64, Fig. 4-6)."),
    numeric!(Number, client.cache_mb, "MB", Ge(0.0), Le(65_536.0),
        "Client cache size, probabilistic model of §4.2.1 (Table 4.4: 6 MB; studied 3 to 100 MB, Fig. 4-12)."),
    other!(
        "client.hit_mode",
        Kind::Choice(&["per_object", "per_clustered_access", "per_page"]),
        "Granularity of the client-cache hit draw (spec A2): per object access (recommended), per clustered access, or per page touched."
    ),
    numeric!(Number, network.latency_ms, "ms", Ge(0.0), Le(1000.0),
        "Fixed latency of every message (§4.2.2: 1 ms)."),
    numeric!(Number, network.backup_delay_ms, "ms", Ge(0.0), Le(1000.0),
        "Time to replicate a commit's modifications to the backup and get the ack (§4.2.4, spec A18: 2 ms)."),
    other!(
        "server.layout",
        Kind::Choice(&["read_optimized"]),
        "Disk layout: read_optimized keeps pages contiguous at fixed homes with read-modify-write flushing (§3.2.1)."
    ),
    numeric!(Number, server.cache_mb, "MB", Ge(0.0), Le(65_536.0),
        "Server page cache size (Table 4.7: 12 MB; 5 MB in the 24 MB split of §4.3.6). Not with server.memory_mb, which derives it."),
    numeric!(Number, server.mob_mb, "MB", Gt(0.0), Le(65_536.0),
        "Modified object buffer size, overheads included (Table 4.7: 12 MB; 19 MB in the 24 MB split of §4.3.6)."),
    optional!(server.memory_mb, "MB", Gt(0.0), Le(65_536.0),
        "Total server memory, split between the MOB and the page cache (Table 5.1: 24 MB). Absent: server.cache_mb sets the cache. Given: the cache is memory_mb − mob_mb (Fig. 4-7 sweeps the MOB's share of 24 MB), and server.cache_mb may not be given."),
    numeric!(Integer, server.mob_object_overhead_bytes, "B", Ge(0.0), Le(4096.0),
        "MOB bytes charged per buffered object on top of the object (§4.3.2: 16 B)."),
    numeric!(Integer, server.mob_chunk_overhead_bytes, "B", Ge(0.0), Le(4096.0),
        "MOB bytes charged per chunk, one log record's modifications to one page (§4.3.2: 16 B)."),
    numeric!(Number, flusher.trigger, "fraction", Gt(0.0), Le(1.0),
        "The flusher starts when the MOB is this full (§3.2.1: 0.99; Thor: 0.90)."),
    numeric!(Number, flusher.scan_frac, "fraction", Gt(0.0), Le(1.0),
        "Each flusher pass scans this oldest fraction of the MOB (§3.2.1: 0.01; Thor: 0.10)."),
    other!(
        "flusher.release",
        Kind::Choice(&["per_page", "per_batch"]),
        "When flushed modifications leave the MOB: per_page as in the simulator (§3.2.1) or per_batch as in Thor (§6.2.5)."
    ),
    other!(
        "disk.scheduler",
        Kind::Choice(&["fifo"]),
        "The order queued requests are served in: fifo, first come first served (spec A17)."
    ),
    numeric!(Number, disk.rpm, "rpm", Ge(1000.0), Le(30_000.0),
        "Spindle speed (Table 4.6: 7200 rpm)."),
    numeric!(Number, disk.track_kb, "KB", Gt(0.0), Le(16_384.0),
        "Bytes per track (Table 4.6: 89 KB)."),
    numeric!(Integer, disk.cylinders, "count", Ge(1.0), Le(1_000_000.0),
        "Number of cylinders (Table 4.6: 5333)."),
    numeric!(Integer, disk.tracks_per_cylinder, "count", Ge(1.0), Le(1024.0),
        "Tracks per cylinder, one per head (Table 4.6: 20)."),
    numeric!(Number, disk.seek_min_ms, "ms", Gt(0.0), Le(1000.0),
        "Single-cylinder seek time (Table 4.6: 0.85 ms)."),
    numeric!(Number, disk.seek_avg_ms, "ms", Gt(0.0), Le(1000.0),
        "Average seek time (Table 4.6: 8.75 ms)."),
    numeric!(Number, disk.seek_max_ms, "ms", Gt(0.0), Le(1000.0),
        "Full-stroke seek time (Table 4.6: 19.5 ms)."),
    numeric!(Number, disk.head_switch_ms, "ms", Ge(0.0), Le(1000.0),
        "Head switch time (spec A16: a minimal seek, 0.85 ms)."),
    other!(
        "sweep.parameter",
        Kind::FieldPath,
        "Dotted path of the swept numeric field, e.g. server.mob_mb."
    ),
    other!(
        "sweep.values",
        Kind::Numbers,
        "Values of the swept field, one run per value; each must be valid for that field."
    ),
    other!(
        "sweep.series",
        Kind::FieldPath,
        "Optional: dotted path of a second numeric field, one curve per value, e.g. \
         workload.cluster_region."
    ),
    other!(
        "sweep.series_values",
        Kind::Numbers,
        "Values of the series field (with sweep.series): every value of sweep.values is run for each."
    ),
];

/// The fields a `[sweep]` must state; the series is optional.
pub const SWEEP_REQUIRED: [&str; 2] = ["sweep.parameter", "sweep.values"];

/// Fields that may not both be given (written, or swept), the second deriving the first, and
/// how it does.
pub const EXCLUSIVE: [(&str, &str, &str); 1] =
    [("server.cache_mb", "server.memory_mb", "with memory_mb the page cache is memory_mb − mob_mb")];

/// Most values a sweep may list.
pub const MAX_SWEEP_VALUES: usize = 200;

pub fn field(path: &str) -> Option<&'static FieldSpec> {
    FIELDS.iter().find(|f| f.path == path)
}

/// The fields of one section, in file order.
pub fn section_fields(section: &str) -> impl Iterator<Item = &'static FieldSpec> + '_ {
    FIELDS.iter().filter(move |f| f.section() == section)
}

pub fn is_section(name: &str) -> bool {
    SECTIONS.iter().any(|(s, _)| *s == name)
}

/// "a, b, c": the valid keys listed in unknown-key errors.
pub fn section_keys(section: &str) -> String {
    section_fields(section).map(FieldSpec::key).collect::<Vec<_>>().join(", ")
}

pub fn section_names() -> String {
    SECTIONS.iter().map(|(s, _)| *s).collect::<Vec<_>>().join(", ")
}

/// Paths a sweep may vary: every numeric field.
pub fn sweepable_paths() -> impl Iterator<Item = &'static str> {
    FIELDS.iter().filter(|f| f.numeric().is_some()).map(|f| f.path)
}
