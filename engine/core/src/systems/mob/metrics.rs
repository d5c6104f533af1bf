//! Measurement of a run (spec 000-mob §5): counters over the measured window after warm-up,
//! batch means for confidence intervals, time-weighted MOB occupancy, and a time series.
use super::{RequestKind, REQUEST_KINDS};
use crate::components::disk::Service;
use crate::kernel::{time, SimTime};
use crate::stats::{ratio, BatchMeans};
use serde::{Deserialize, Serialize};

/// A quantity split by database area (§4.1.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ByArea {
    pub hot: f64,
    pub warm: f64,
    pub cold: f64,
}

impl ByArea {
    fn from_fn(f: impl Fn(usize) -> f64) -> ByArea {
        ByArea { hot: f(0), warm: f(1), cold: f(2) }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ByKind {
    pub fetch_read: f64,
    pub install_read: f64,
    pub write: f64,
    /// The costed cleaner's region reads and writes.
    pub clean: f64,
}

impl ByKind {
    fn from_fn(f: impl Fn(usize) -> f64) -> ByKind {
        ByKind { fetch_read: f(0), install_read: f(1), write: f(2), clean: f(3) }
    }
    pub fn total(&self) -> f64 {
        self.fetch_read + self.install_read + self.write + self.clean
    }
}

/// The final figures of one run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Simulated seconds of warm-up before measuring.
    pub warmup_s: f64,
    /// False when the warm-up hit its time limit before the flusher had made its passes.
    pub warmup_complete: bool,
    pub measured_s: f64,
    pub transactions: u64,
    /// Committed transactions per simulated second (thesis §4.3.1).
    pub throughput_tps: f64,
    /// Half-width of the 95% batch-means confidence interval of the throughput.
    pub throughput_ci95: f64,
    /// Fraction of the measured time the disk spent on each kind of request.
    pub disk_utilisation: ByKind,
    pub disk_requests: ByKind,
    pub mean_seek_ms: f64,
    pub mean_rotation_ms: f64,
    pub mean_transfer_ms: f64,
    pub fetches: u64,
    /// Fetches answered from server memory (MOB or cache) without waiting for a disk read.
    pub server_cache_hit_ratio: f64,
    /// Fetches a committed transaction made, on average (the client-cache misses).
    pub fetches_per_transaction: f64,
    /// Disk requests of every kind per 100 committed transactions (§6.3.8's measure).
    pub disk_ops_per_100_transactions: f64,
    /// Time-averaged MOB use (overheads included) / capacity.
    pub mob_occupancy: f64,
    /// Time-averaged MB of object data in the MOB per area (Fig. 4-4, Table 4.9).
    pub mob_division_mb: ByArea,
    /// Modified objects committed (superseded ones included).
    pub modifications: u64,
    /// Chunks committed: one per (transaction, page) with modifications (§4.3.2).
    pub chunks: u64,
    pub page_writes: u64,
    /// Modifications per page write (Fig. 4-2).
    pub write_absorption: f64,
    /// Page writes per chunk (Eq. 4.3).
    pub page_writes_per_chunk: f64,
    /// Distinct modified objects installed per page write, by the page's area (Table 4.9).
    pub dirty_per_page_written: ByArea,
    /// Mean time a commit waited for MOB space, ms.
    pub commit_wait_ms: f64,
    pub flusher_passes: u64,
    /// The write-optimized layout's figures (zeros under the read-optimized one).
    pub wo: WoFigures,
    /// PAGE's figures (zeros under the other architectures).
    pub page: PageFigures,
}

/// What PAGE held and wrote in the measured window (§5.1, §5.3.1: it "wastes a lot of space by
/// storing these pages in their entirety").
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PageFigures {
    /// Dirty pages written when evicted.
    pub eviction_writes: u64,
    /// Mean dirty pages in the cache, the modified data each holds, and that as a share of a page.
    pub dirty_pages_held: f64,
    pub dirty_kb_per_page_held: f64,
    pub modified_share_of_held: f64,
}

/// What the write-optimized layout did in the measured window (spec §2.9, §5), and its disk at
/// the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WoFigures {
    /// Fetch reads of a page's header with its fragment, and of an older fragment's objects.
    pub header_reads: u64,
    pub fragment_reads: u64,
    /// The flusher's reads of headers the cache lacked (§3.2.2).
    pub header_installation_reads: u64,
    pub region_writes: u64,
    /// Mean size of the fragments the flusher wrote, header included.
    pub mean_fragment_kb: f64,
    /// Mean size of a fetch's read: a fragment's objects, or a header with its fragment (§4.3.4:
    /// the fragments read average f = 24 KB).
    pub mean_fetch_read_kb: f64,
    /// Regions the cleaner freed, and the KB of live data it copied.
    pub regions_cleaned: u64,
    pub cleaner_copied_kb: f64,
    /// Free regions at the end, and the mean number of fragments holding a page's objects.
    pub free_regions: u64,
    pub fragments_per_page: f64,
}

run_summary!(Summary, |s| Some(("throughput_tps", s.throughput_ci95)));

/// One sample of the time series.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub t_s: f64,
    /// The whole interval lies in the measured window (after the warm-up).
    pub measuring: bool,
    /// Transactions committed so far in the run: the work done, compare mode's other axis.
    pub transactions: u64,
    pub throughput_tps: f64,
    pub disk_utilisation: ByKind,
    pub mob_occupancy: f64,
    pub server_cache_hit_ratio: f64,
}

#[derive(Clone, Debug, Default)]
struct Counters {
    commits: u64,
    fetches: u64,
    fetch_hits: u64,
    busy_ns: [u64; REQUEST_KINDS],
    requests: [u64; REQUEST_KINDS],
    seek_ns: u64,
    rotation_ns: u64,
    transfer_ns: u64,
}

#[derive(Clone, Debug)]
pub struct Metrics {
    measuring: bool,
    batches: BatchMeans,
    window: Counters,
    interval: Counters,
    last_sample: SimTime,
    /// Commits of the intervals sampled so far.
    transactions: u64,
    modifications: u64,
    chunks: u64,
    page_writes: u64,
    dirty: [u64; 3],
    writes_by_area: [u64; 3],
    commit_waits: u64,
    commit_wait_ns: u64,
    flusher_passes: u64,
    /// Integrals over the measured window: MOB bytes by area × ns, and MOB used × ns.
    mob_area_integral: [f64; 3],
    mob_used_integral: f64,
    mob_last: SimTime,
    pub series: Vec<Sample>,
}

impl Metrics {
    pub fn new(batches: u32) -> Metrics {
        Metrics {
            measuring: false,
            batches: BatchMeans::new(batches),
            window: Counters::default(),
            interval: Counters::default(),
            last_sample: 0,
            transactions: 0,
            modifications: 0,
            chunks: 0,
            page_writes: 0,
            dirty: [0; 3],
            writes_by_area: [0; 3],
            commit_waits: 0,
            commit_wait_ns: 0,
            flusher_passes: 0,
            mob_area_integral: [0.0; 3],
            mob_used_integral: 0.0,
            mob_last: 0,
            series: Vec::new(),
        }
    }

    pub fn measuring(&self) -> bool {
        self.measuring
    }

    /// Start the measured window of `duration` at `now`.
    pub fn begin(&mut self, now: SimTime, duration: SimTime) {
        let mut batches = self.batches.clone();
        batches.begin(now, duration);
        *self = Metrics {
            series: std::mem::take(&mut self.series),
            last_sample: self.last_sample,
            interval: std::mem::take(&mut self.interval),
            batches,
            ..Metrics::new(0)
        };
        self.measuring = true;
        self.mob_last = now;
    }

    pub fn commit(&mut self, now: SimTime) {
        self.interval.commits += 1;
        if self.measuring {
            self.window.commits += 1;
            self.batches.count(now);
        }
    }

    pub fn fetch(&mut self, hit: bool) {
        for c in self.counters() {
            c.fetches += 1;
            c.fetch_hits += hit as u64;
        }
    }

    pub fn disk(&mut self, kind: RequestKind, svc: &Service) {
        for c in self.counters() {
            c.busy_ns[kind as usize] += svc.end - svc.start;
            c.requests[kind as usize] += 1;
            c.seek_ns += svc.seek_ns();
            c.rotation_ns += svc.rotation_ns();
            c.transfer_ns += svc.transfer_ns();
        }
        // The series charges each interval with the busy time inside it: the part of this
        // request before the last sample was charged to the intervals it fell in (`sample`), so
        // utilisation per sample stays within 100%.
        self.interval.busy_ns[kind as usize] -= svc.start.max(self.last_sample).min(svc.end) - svc.start;
        // So does the window: a request in service when it opened counts from its start, so the
        // summary's utilisation stays within 100% too (issue 23, item 7).
        if self.measuring {
            self.window.busy_ns[kind as usize] -= svc.start.max(self.batches.start()).min(svc.end) - svc.start;
        }
    }

    /// The interval counters always, the window counters while measuring.
    fn counters(&mut self) -> impl Iterator<Item = &mut Counters> {
        let measuring = self.measuring;
        std::iter::once(&mut self.interval).chain(measuring.then_some(&mut self.window))
    }

    pub fn committed_modifications(&mut self, objects: usize, chunks: usize) {
        if self.measuring {
            self.modifications += objects as u64;
            self.chunks += chunks as u64;
        }
    }

    pub fn page_written(&mut self, area: usize, installed: usize) {
        if self.measuring {
            self.page_writes += 1;
            self.writes_by_area[area] += 1;
            self.dirty[area] += installed as u64;
        }
    }

    pub fn commit_waited(&mut self, ns: SimTime) {
        if self.measuring {
            self.commit_waits += 1;
            self.commit_wait_ns += ns;
        }
    }

    pub fn flusher_pass(&mut self) {
        if self.measuring {
            self.flusher_passes += 1;
        }
    }

    /// Call before the MOB changes: accumulates the time-weighted occupancy since the last change.
    pub fn mob_before_change(&mut self, now: SimTime, data_by_area: [u64; 3], used: u64) {
        if self.measuring {
            let dt = (now - self.mob_last) as f64;
            for (acc, bytes) in self.mob_area_integral.iter_mut().zip(data_by_area) {
                *acc += bytes as f64 * dt;
            }
            self.mob_used_integral += used as f64 * dt;
            self.mob_last = now;
        }
    }

    /// Close a time-series interval at `now` (nothing if it is empty). `serving` is the request
    /// the disk is in the middle of, whose busy time so far belongs to this interval.
    pub fn sample(&mut self, now: SimTime, mob_occupancy: f64, serving: Option<(RequestKind, SimTime)>) {
        if now == self.last_sample {
            return;
        }
        let dt = (now - self.last_sample) as f64;
        if let Some((kind, start)) = serving {
            self.interval.busy_ns[kind as usize] += now - start.max(self.last_sample);
        }
        let c = std::mem::take(&mut self.interval);
        self.transactions += c.commits;
        self.series.push(Sample {
            t_s: time::to_s(now),
            // The interval lies in the measured window (it starts at or after the warm-up end).
            measuring: self.measuring && self.last_sample >= self.batches.start(),
            transactions: self.transactions,
            throughput_tps: c.commits as f64 / (dt / 1e9),
            disk_utilisation: ByKind::from_fn(|k| c.busy_ns[k] as f64 / dt),
            mob_occupancy,
            server_cache_hit_ratio: ratio(c.fetch_hits, c.fetches),
        });
        self.last_sample = now;
    }

    /// The summary of the measured window ending at `now`.
    pub fn summary(&self, now: SimTime, warmup_complete: bool, mob_capacity: u64) -> Summary {
        let start = self.batches.start();
        let span = (now - start).max(1) as f64;
        let secs = span / 1e9;
        let w = &self.window;
        let ops = w.requests.iter().sum::<u64>().max(1) as f64;
        Summary {
            warmup_s: time::to_s(start),
            warmup_complete,
            measured_s: secs,
            transactions: w.commits,
            throughput_tps: w.commits as f64 / secs,
            throughput_ci95: self.batches.rate_ci95(0.0),
            disk_utilisation: ByKind::from_fn(|k| w.busy_ns[k] as f64 / span),
            disk_requests: ByKind::from_fn(|k| w.requests[k] as f64),
            mean_seek_ms: w.seek_ns as f64 / ops / 1e6,
            mean_rotation_ms: w.rotation_ns as f64 / ops / 1e6,
            mean_transfer_ms: w.transfer_ns as f64 / ops / 1e6,
            fetches: w.fetches,
            server_cache_hit_ratio: ratio(w.fetch_hits, w.fetches),
            fetches_per_transaction: ratio(w.fetches, w.commits),
            disk_ops_per_100_transactions: 100.0 * ratio(w.requests.iter().sum(), w.commits),
            mob_occupancy: self.mob_used_integral / span / mob_capacity as f64,
            mob_division_mb: ByArea::from_fn(|a| self.mob_area_integral[a] / span / 1048576.0),
            modifications: self.modifications,
            chunks: self.chunks,
            page_writes: self.page_writes,
            write_absorption: ratio(self.modifications, self.page_writes),
            page_writes_per_chunk: ratio(self.page_writes, self.chunks),
            dirty_per_page_written: ByArea::from_fn(|a| ratio(self.dirty[a], self.writes_by_area[a])),
            commit_wait_ms: ratio(self.commit_wait_ns, self.commit_waits) / 1e6,
            flusher_passes: self.flusher_passes,
            wo: WoFigures::default(),
            page: PageFigures::default(),
        }
    }
}
