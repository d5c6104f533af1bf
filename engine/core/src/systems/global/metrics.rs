//! What a run of the global-memory cluster measures (thesis §3.5, spec 004 §5), over the window
//! after the warm-up: the large clients' requests and their mean response time (to the page's
//! arrival in the primary's memory, spec A3), how their misses were served (the owner's memory, a
//! forward, a disk read: the misses per request of Fig. 18), the data messages per request, the
//! mean disk time with its queueing, and the ship-backs taken and refused; and a time series of
//! the same.
use serde::{Deserialize, Serialize};

use super::GlobalSystem;
use crate::kernel::time;
use crate::kernel::SimTime;
use crate::stats::MeanBatches;

/// Counts since the run began; the window's are the difference from its start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// The large clients' requests, and their response times summed, ns (a web request asks for
    /// a whole file: `pages` counts its pages).
    pub requests: u64,
    pub pages: u64,
    pub response_ns: u64,
    /// Their requests processed, and the time from asking to the end of the processing, ns.
    pub processed: u64,
    pub processed_ns: u64,
    /// How their pages came: the primary's memory, the owner's, a forward, the disk.
    pub local_hits: u64,
    pub owner_hits: u64,
    pub forwarded: u64,
    pub disk_reads: u64,
    /// Every message, and those carrying a page (PAGE_DATA and PAGE_RETURN).
    pub messages: u64,
    pub data_messages: u64,
    /// Disk reads of any client, and their time from submission to end, ns; those served from
    /// the drive's read-ahead cache.
    pub disk_ios: u64,
    pub disk_ns: u64,
    pub cache_hits: u64,
    /// Evicted pages their owners took back, and refused.
    pub accepted: u64,
    pub refused: u64,
    /// Forwards that found the page gone and were served again (§4.1.3's race).
    pub reserviced: u64,
    /// Updated pages written back, any client's; copies called back by write locks.
    pub disk_writes: u64,
    pub invalidations: u64,
    /// The small clients' requests and their response times summed, ns (Fig. 40).
    pub small_requests: u64,
    pub small_response_ns: u64,
    /// The large clients' pages by where they came from, Tab. 3's rows (`Level`), and their
    /// times from asking to the primary's memory summed, ns.
    pub access_n: [u64; 5],
    pub access_ns: [u64; 5],
}

/// Where a page came from: Tab. 3's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Primary = 0,
    OwnerMemory = 1,
    RemoteMemory = 2,
    LocalDisk = 3,
    RemoteDisk = 4,
}

impl Counters {
    /// The mean access time of pages from `level`, ms (0 for none).
    fn access_ms(&self, level: Level) -> f64 {
        let (n, ns) = (self.access_n[level as usize], self.access_ns[level as usize]);
        if n == 0 { 0.0 } else { time::to_ms(ns) / n as f64 }
    }

    fn since(&self, start: &Counters) -> Counters {
        Counters {
            requests: self.requests - start.requests,
            pages: self.pages - start.pages,
            response_ns: self.response_ns - start.response_ns,
            processed: self.processed - start.processed,
            processed_ns: self.processed_ns - start.processed_ns,
            local_hits: self.local_hits - start.local_hits,
            owner_hits: self.owner_hits - start.owner_hits,
            forwarded: self.forwarded - start.forwarded,
            disk_reads: self.disk_reads - start.disk_reads,
            messages: self.messages - start.messages,
            data_messages: self.data_messages - start.data_messages,
            disk_ios: self.disk_ios - start.disk_ios,
            disk_ns: self.disk_ns - start.disk_ns,
            cache_hits: self.cache_hits - start.cache_hits,
            accepted: self.accepted - start.accepted,
            refused: self.refused - start.refused,
            reserviced: self.reserviced - start.reserviced,
            disk_writes: self.disk_writes - start.disk_writes,
            invalidations: self.invalidations - start.invalidations,
            small_requests: self.small_requests - start.small_requests,
            small_response_ns: self.small_response_ns - start.small_response_ns,
            access_n: std::array::from_fn(|i| self.access_n[i] - start.access_n[i]),
            access_ns: std::array::from_fn(|i| self.access_ns[i] - start.access_ns[i]),
        }
    }
}

/// The final figures of one run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub warmup_s: f64,
    pub warmup_complete: bool,
    pub measured_s: f64,
    /// The large clients' requests in the window, and their mean response time, ms.
    pub requests: u64,
    pub response_ms: f64,
    /// The half-width of its 95% confidence interval, from the means of `run.batches` batches of
    /// the window (the thesis's "within 2 percent of the mean", spec §5).
    pub response_ms_ci95: f64,
    /// The response time over the pages a request asks for, ms: a web file's time a page
    /// (§5.4.4: file sizes leave it unchanged); a database request asks for one.
    pub page_response_ms: f64,
    /// The small clients' mean response time, ms (Fig. 40; 0 without small clients).
    pub small_response_ms: f64,
    /// The same with the page's processing at the primary (spec A3, E3: Fig. 27's measure).
    pub response_with_processing_ms: f64,
    /// Per request: disk reads (Fig. 18's misses), pages from the owner's memory, forwarded;
    /// and the share of pages found in the primary's own memory.
    pub misses_per_request: f64,
    pub owner_hits_per_request: f64,
    pub forwards_per_request: f64,
    pub local_hit_ratio: f64,
    /// Messages carrying a page per request (Fig. 18), and all messages per request.
    pub data_messages_per_request: f64,
    pub messages_per_request: f64,
    /// A disk read's time, queueing included, ms (§3.5.5: 13.57 clustered, 15.4 declustered).
    pub mean_disk_ms: f64,
    /// The share of disk reads the drives' read-ahead caches served (Tab. 6, spec E6).
    pub disk_cache_ratio: f64,
    /// Evicted pages their owners took back, and refused, per request.
    pub ship_backs_per_request: f64,
    pub refused_per_request: f64,
    /// Updated pages written to disk (any client's, spec A10), and copies called back by write
    /// locks, per request.
    pub disk_writes_per_request: f64,
    pub invalidations_per_request: f64,
    /// Pages in the cluster's memory now, distinct over all frames (Fig. 51's measure).
    pub unique_pages: f64,
    /// Tab. 3's hierarchy: a large client's page from asking to the primary's memory, ms, by
    /// where it came from: the primary's memory, the owner's, a third server's, the disk of the
    /// primary (it owns the page), another server's disk (0 where none came so).
    pub primary_access_ms: f64,
    pub owner_memory_access_ms: f64,
    pub remote_memory_access_ms: f64,
    pub local_disk_access_ms: f64,
    pub remote_disk_access_ms: f64,
}

run_summary!(Summary, |s| Some(("response_ms", s.response_ms_ci95)));

/// One sample of the time series, at `t_s`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub t_s: f64,
    pub measuring: bool,
    /// The large clients' requests so far: the work done, compare mode's other axis.
    pub requests: u64,
    /// Their mean response time and misses per request so far in the window.
    pub response_ms: f64,
    pub misses_per_request: f64,
    /// Frames in use over all servers.
    pub resident: u64,
    /// Each server's LRU tail age: the mean time since the last use of its 100 least recently
    /// used pages, s (§4.1.3, Fig. 42); none while it has a free frame.
    pub tail_age_s: Vec<Option<f64>>,
}

#[derive(Clone, Debug, Default)]
pub struct Metrics {
    /// When the window began, and the counters then.
    start: Option<(SimTime, Counters)>,
    pub series: Vec<Sample>,
    /// The window's batches of response times, and how many (`run.batches`).
    pub batches: MeanBatches,
    pub batch_count: u32,
}

impl Metrics {
    pub fn begin(&mut self, at: SimTime, now: Counters, duration: SimTime) {
        self.start = Some((at, now));
        self.batches.begin(at, duration, self.batch_count.max(1) as usize);
    }

    /// The counters of the window so far (all of them before it begins).
    pub fn window(&self, now: &Counters) -> Counters {
        now.since(&self.start.map(|(_, c)| c).unwrap_or_default())
    }

    pub fn summary(&self, sys: &GlobalSystem, now: SimTime) -> Summary {
        let c = self.window(&sys.counters);
        let n = c.requests.max(1) as f64;
        let per = |x: u64| x as f64 / n;
        let frames: u64 = sys.nodes.iter().map(|s| u64::from(s.pool.frames)).sum();
        let from = self.start.map_or(now, |(at, _)| at);
        Summary {
            warmup_s: time::to_s(from),
            warmup_complete: true,
            measured_s: time::to_s(now - from),
            requests: c.requests,
            response_ms: time::to_ms(c.response_ns) / n,
            response_ms_ci95: self.batches.ci95() / 1e6,
            page_response_ms: if c.pages == 0 { 0.0 } else { time::to_ms(c.response_ns) / c.pages as f64 },
            small_response_ms: time::to_ms(c.small_response_ns) / c.small_requests.max(1) as f64,
            response_with_processing_ms: time::to_ms(c.processed_ns) / c.processed.max(1) as f64,
            misses_per_request: per(c.disk_reads),
            owner_hits_per_request: per(c.owner_hits),
            forwards_per_request: per(c.forwarded),
            local_hit_ratio: c.local_hits as f64 / c.pages.max(1) as f64,
            data_messages_per_request: per(c.data_messages),
            messages_per_request: per(c.messages),
            mean_disk_ms: if c.disk_ios == 0 { 0.0 } else { time::to_ms(c.disk_ns) / c.disk_ios as f64 },
            disk_cache_ratio: c.cache_hits as f64 / c.disk_ios.max(1) as f64,
            ship_backs_per_request: per(c.accepted),
            refused_per_request: per(c.refused),
            disk_writes_per_request: per(c.disk_writes),
            invalidations_per_request: per(c.invalidations),
            unique_pages: sys.holders.iter().filter(|&&h| h != 0).count() as f64 / frames.max(1) as f64,
            primary_access_ms: c.access_ms(Level::Primary),
            owner_memory_access_ms: c.access_ms(Level::OwnerMemory),
            remote_memory_access_ms: c.access_ms(Level::RemoteMemory),
            local_disk_access_ms: c.access_ms(Level::LocalDisk),
            remote_disk_access_ms: c.access_ms(Level::RemoteDisk),
        }
    }
}

impl Sample {
    pub fn of(sys: &GlobalSystem, now: SimTime) -> Sample {
        let c = sys.metrics.window(&sys.counters);
        let n = c.requests.max(1) as f64;
        Sample {
            t_s: time::to_s(now),
            measuring: sys.metrics.start.is_some(),
            requests: sys.counters.requests,
            response_ms: time::to_ms(c.response_ns) / n,
            misses_per_request: c.disk_reads as f64 / n,
            resident: sys.nodes.iter().map(|s| u64::from(s.pool.len())).sum(),
            tail_age_s: sys.nodes.iter().map(|s| s.pool.tail_age(now).map(time::to_s)).collect(),
        }
    }
}
