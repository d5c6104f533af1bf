//! What a HAC run reports (§4; spec §5): the measured traversal's misses, split into compulsory
//! and capacity misses, and its elapsed time split as the paper splits access time, hit time plus
//! misses × (fetch + replacement + conversion); the memory the cache took with its indirection
//! table; and, for HAC, what replacement did.
use serde::{Deserialize, Serialize};

use crate::kernel::{time, SimTime};

/// The measured traversal's figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub warmup_s: f64,
    pub warmup_complete: bool,
    pub measured_s: f64,
    /// False if the run's duration ended before the measured traversal did.
    pub traversal_complete: bool,
    pub accesses: u64,
    pub fetches: u64,
    /// Fetches of pages not fetched before in the run.
    pub compulsory_misses: u64,
    pub capacity_misses: u64,
    /// Fetches per object access (§4).
    pub miss_rate: f64,
    /// The traversal's simulated time, and its parts (§4, spec §5).
    pub elapsed_s: f64,
    pub hit_time_s: f64,
    pub fetch_time_s: f64,
    /// The replacement time the client waited for: all of it in the foreground, what outlasted
    /// the fetch in the background (§3.3).
    pub replacement_time_s: f64,
    /// All replacement work, hidden or not.
    pub replacement_work_s: f64,
    pub conversion_time_s: f64,
    /// Shipping the modified objects at the end, not part of the elapsed time (Figure 14).
    pub commit_time_s: f64,
    pub frame_bytes: u64,
    pub table_bytes_peak: u64,
    /// The table at its largest over the frames (§4.2.2: 55% for HAC, 27% for FPC in T1).
    pub table_overhead: f64,
    /// Frames plus the table at its largest, MB (Figure 5's x axis).
    pub memory_mb: f64,
    pub compactions: u64,
    /// Mean over compacted frames of the fraction of their objects kept.
    pub retained_fraction: f64,
    pub frames_freed_per_fetch: f64,
    pub bytes_moved: u64,
    pub objects_discarded: u64,
    /// Fetches the server answered from its cache.
    pub server_hit_ratio: f64,
    /// Mean fraction of each touched page's bytes the traversal uses (§4.1.1).
    pub page_use: f64,
}

run_summary!(Summary, |_| None);

/// One point of the time series.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub t_s: f64,
    pub measuring: bool,
    /// Composite-part visits begun so far in the run, every traversal's (dynamic: operations):
    /// the work done, compare mode's other axis.
    pub composite_visits: u64,
    /// Fetches so far in the run.
    pub fetches: u64,
    pub table_bytes: u64,
    /// Frames by kind: the adaptivity gauge (spec §2.11).
    pub intact_frames: u32,
    pub compacted_frames: u32,
}

/// Counters of one traversal, reset when the measured one starts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counters {
    pub accesses: u64,
    pub fetches: u64,
    pub compulsory: u64,
    pub hit_ns: f64,
    pub fetch_ns: f64,
    pub replacement_ns: f64,
    pub replacement_work_ns: f64,
    pub conversion_ns: f64,
    pub commit_ns: f64,
    pub server_hits: u64,
}

#[derive(Clone, Debug, Default)]
pub struct Metrics {
    pub measured: Counters,
    pub started: Option<SimTime>,
    pub finished: Option<SimTime>,
    pub warmup_end: SimTime,
    pub series: Vec<Sample>,
}

impl Metrics {
    pub fn begin(&mut self, now: SimTime) {
        self.measured = Counters::default();
        self.started = Some(now);
        self.warmup_end = now;
    }

    /// The run's summary now; `cache` gives (frame bytes, peak table bytes, compactions,
    /// retained-fraction sum, frames freed, bytes moved, objects discarded), `page_use` the
    /// traversal's.
    pub fn summary(&self, now: SimTime, warmup_complete: bool, cache: CacheFigures, page_use: f64) -> Summary {
        // Before the measured traversal starts (or when the run's limit ended the unmeasured one)
        // nothing is measured yet: the counters hold the unmeasured traversal's.
        let (none, unmeasured) = (Counters::default(), CacheFigures { frame_bytes: cache.frame_bytes, ..Default::default() });
        let (c, cache) = if self.started.is_some() { (&self.measured, cache) } else { (&none, unmeasured) };
        let end = self.finished.unwrap_or(now);
        let elapsed = self.started.map_or(0.0, |s| time::to_s(end.saturating_sub(s)));
        let per = |n: u64, d: u64| if d == 0 { 0.0 } else { n as f64 / d as f64 };
        Summary {
            warmup_s: time::to_s(self.warmup_end),
            warmup_complete,
            measured_s: elapsed,
            traversal_complete: self.finished.is_some(),
            accesses: c.accesses,
            fetches: c.fetches,
            compulsory_misses: c.compulsory,
            capacity_misses: c.fetches - c.compulsory,
            miss_rate: per(c.fetches, c.accesses),
            elapsed_s: elapsed,
            hit_time_s: c.hit_ns / 1e9,
            fetch_time_s: c.fetch_ns / 1e9,
            replacement_time_s: c.replacement_ns / 1e9,
            replacement_work_s: c.replacement_work_ns / 1e9,
            conversion_time_s: c.conversion_ns / 1e9,
            commit_time_s: c.commit_ns / 1e9,
            frame_bytes: cache.frame_bytes,
            table_bytes_peak: cache.table_bytes_peak,
            table_overhead: per(cache.table_bytes_peak, cache.frame_bytes),
            memory_mb: (cache.frame_bytes + cache.table_bytes_peak) as f64 / 1_048_576.0,
            compactions: cache.compactions,
            retained_fraction: if cache.compactions == 0 { 0.0 } else { cache.retained_sum / cache.compactions as f64 },
            frames_freed_per_fetch: per(cache.frames_freed, c.fetches),
            bytes_moved: cache.bytes_moved,
            objects_discarded: cache.objects_discarded,
            server_hit_ratio: per(c.server_hits, c.fetches),
            page_use,
        }
    }
}

/// What the cache did in the measured traversal (HAC's replacement figures are 0 for a page
/// cache).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CacheFigures {
    pub frame_bytes: u64,
    pub table_bytes_peak: u64,
    pub compactions: u64,
    pub retained_sum: f64,
    pub frames_freed: u64,
    pub bytes_moved: u64,
    pub objects_discarded: u64,
}
