//! Measurement of a run (§5; spec 001 §3): counters over the measured window after warm-up, the
//! paper's I-Abs, ICost, IDsk, WCost and WDsk, fetch-read cost, hit ratios, time-averaged pool
//! sizes, batch means for a confidence interval, and a time series.
use super::{Op, OPS};
use crate::components::disk::Service;
use crate::kernel::{time, SimTime};
use crate::stats::{ratio, BatchMeans};
use serde::{Deserialize, Serialize};

/// A quantity per disk operation class (spec §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ByOp {
    pub fetch_read: f64,
    pub install_read: f64,
    pub write: f64,
}

impl ByOp {
    fn from_fn(f: impl Fn(usize) -> f64) -> ByOp {
        ByOp { fetch_read: f(0), install_read: f(1), write: f(2) }
    }
}

/// Modified objects installed without an installation read of their own, by how (spec §5.1 item 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Absorbed {
    /// The page was cached when the commit arrived.
    pub at_commit: u64,
    /// A fetch read of the page installed the entry.
    pub by_fetch_read: u64,
    /// Another entry's installation read of the same page installed it.
    pub by_shared_read: u64,
}

/// The final figures of one run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub warmup_s: f64,
    pub warmup_complete: bool,
    pub measured_s: f64,
    /// Committed transactions, read-only ones included.
    pub transactions: u64,
    /// Committed transactions per simulated second (Fig. 3, Table 4).
    pub throughput_tps: f64,
    /// Half-width of the 95% batch-means confidence interval of the throughput.
    pub throughput_ci95: f64,
    /// Modified objects installed into their pages.
    pub installations: u64,
    pub installation_reads: u64,
    /// Share of installations that needed no installation read: 1 − reads ÷ installations (A17).
    pub i_abs: f64,
    pub absorbed: Absorbed,
    /// Mean disk busy time per request of each class: seek + rotation + transfer, ms (ICost,
    /// WCost, and the fetch reads' FCost).
    pub cost_ms: ByOp,
    /// Share of the measured time the disk spent on each class (IDsk, WDsk, FDsk).
    pub disk_share: ByOp,
    pub disk_requests: ByOp,
    /// Share of the measured time the disk was busy.
    pub disk_utilisation: f64,
    pub fetches: u64,
    /// Fetches answered from the cache ÷ fetches (§5.2).
    pub server_hit_ratio: f64,
    /// Modifying commits whose page was cached ÷ modifying commits.
    pub commit_hit_ratio: f64,
    /// Mean time from sending a fetch to its reply, ms.
    pub fetch_latency_ms: f64,
    /// Time-averaged pending pages (no read in flight), log entries and dirty pages.
    pub mean_pool_pages: f64,
    pub mean_log_entries: f64,
    pub mean_dirty_pages: f64,
    /// Mean pending pages an installation-read choice was made among (T6).
    pub mean_candidates: f64,
    /// Installation reads and page writes per committed transaction (T17, [doc 4.6] item 2).
    pub installation_reads_per_tx: f64,
    pub writes_per_tx: f64,
    /// Share of the measured time the server CPU was busy.
    pub cpu_utilisation: f64,
    /// Total time commits waited for log space or a clean frame, s (A6: about 0).
    pub commit_blocked_s: f64,
}

run_summary!(Summary, |s| Some(("throughput_tps", s.throughput_ci95)));

/// One sample of the time series: the interval since the last one.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub t_s: f64,
    /// The whole interval lies in the measured window (after the warm-up).
    pub measuring: bool,
    /// Transactions committed so far in the run: the work done, compare mode's other axis.
    pub transactions: u64,
    pub throughput_tps: f64,
    /// Mean installation-read cost over the interval, ms; none if no read completed.
    pub icost_ms: Option<f64>,
    pub disk_share: ByOp,
    /// Pending pages, log entries and dirty pages at the sample's time.
    pub pool_pages: f64,
    pub log_entries: f64,
    pub dirty_pages: f64,
    pub server_hit_ratio: f64,
}

/// The levels the metrics average over time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Levels {
    pub pool: f64,
    pub log: f64,
    pub dirty: f64,
}

#[derive(Clone, Debug, Default)]
struct Counters {
    commits: u64,
    fetches: u64,
    fetch_hits: u64,
    busy_ns: [u64; OPS],
    requests: [u64; OPS],
    /// The part of `busy_ns` inside the counters' span: a request in service when the span
    /// opened counts from its start, so a share of the span's time stays within 100% (issue 23,
    /// item 7).
    inside_ns: [u64; OPS],
}

#[derive(Clone, Debug)]
pub struct Metrics {
    measuring: bool,
    /// When the measured window ended, and the CPU's busy time then.
    ended: Option<(SimTime, u64)>,
    batches: BatchMeans,
    window: Counters,
    interval: Counters,
    last_sample: SimTime,
    /// Commits of the intervals sampled so far.
    transactions: u64,
    modifying_commits: u64,
    modifying_hits: u64,
    installed: u64,
    absorbed: Absorbed,
    fetch_latency_ns: u64,
    fetch_replies: u64,
    blocked_ns: u64,
    choices: u64,
    candidates: u64,
    cpu_busy_at_start: u64,
    /// Integrals of the levels over the measured window (level × ns), and the last levels.
    integral: [f64; 3],
    level: Levels,
    level_at: SimTime,
    pub series: Vec<Sample>,
}

impl Metrics {
    pub fn new(batches: u32) -> Metrics {
        Metrics {
            measuring: false,
            ended: None,
            batches: BatchMeans::new(batches),
            window: Counters::default(),
            interval: Counters::default(),
            last_sample: 0,
            transactions: 0,
            modifying_commits: 0,
            modifying_hits: 0,
            installed: 0,
            absorbed: Absorbed::default(),
            fetch_latency_ns: 0,
            fetch_replies: 0,
            blocked_ns: 0,
            choices: 0,
            candidates: 0,
            cpu_busy_at_start: 0,
            integral: [0.0; 3],
            level: Levels::default(),
            level_at: 0,
            series: Vec::new(),
        }
    }

    /// Start the measured window of `duration` at `now`; the CPU has been busy `cpu_busy` so far
    /// (`Cpu::busy_by`).
    pub fn begin(&mut self, now: SimTime, duration: SimTime, cpu_busy: u64) {
        let mut batches = self.batches.clone();
        batches.begin(now, duration);
        *self = Metrics {
            series: std::mem::take(&mut self.series),
            last_sample: self.last_sample,
            interval: std::mem::take(&mut self.interval),
            level: self.level,
            batches,
            ..Metrics::new(0)
        };
        self.measuring = true;
        self.level_at = now;
        self.cpu_busy_at_start = cpu_busy;
    }

    pub fn end(&mut self, now: SimTime, cpu_busy: u64) {
        if self.measuring {
            self.ended = Some((now, cpu_busy));
        }
        self.measuring = false;
    }

    fn counters(&mut self) -> impl Iterator<Item = &mut Counters> {
        let window = self.measuring.then_some(&mut self.window);
        std::iter::once(&mut self.interval).chain(window)
    }

    /// A client received its commit confirmation at `now`.
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

    pub fn fetch_done(&mut self, latency: SimTime) {
        if self.measuring {
            self.fetch_replies += 1;
            self.fetch_latency_ns += latency;
        }
    }

    /// The server handled a commit; a modifying one whose page was cached, or not; it had
    /// waited `blocked` for log space or a frame.
    pub fn commit_received(&mut self, modified: bool, cached: bool, blocked: SimTime) {
        if self.measuring {
            self.modifying_commits += modified as u64;
            self.modifying_hits += (modified && cached) as u64;
            self.blocked_ns += blocked;
        }
    }

    /// `n` entries installed: at commit (`None`) or by a completed read of class `by`.
    pub fn installed(&mut self, by: Option<Op>, n: u32) {
        if !self.measuring {
            return;
        }
        let n = n as u64;
        self.installed += n;
        match by {
            None => self.absorbed.at_commit += n,
            Some(Op::FetchRead) => self.absorbed.by_fetch_read += n,
            Some(_) => self.absorbed.by_shared_read += n - 1,
        }
    }

    pub fn install_choice(&mut self, candidates: u32) {
        if self.measuring {
            self.choices += 1;
            self.candidates += candidates as u64;
        }
    }

    pub fn disk(&mut self, op: Op, svc: &Service) {
        let (interval_start, window_start) = (self.last_sample, self.batches.start());
        let measuring = self.measuring;
        let spans = [(&mut self.interval, interval_start)].into_iter();
        for (c, start) in spans.chain(measuring.then_some((&mut self.window, window_start))) {
            c.busy_ns[op as usize] += svc.end - svc.start;
            c.inside_ns[op as usize] += svc.end - svc.start.max(start).min(svc.end);
            c.requests[op as usize] += 1;
        }
    }

    /// The levels are `levels` from `now` on.
    #[inline]
    pub fn levels(&mut self, now: SimTime, levels: Levels) {
        if self.measuring {
            let dt = (now - self.level_at) as f64;
            let l = self.level;
            for (i, v) in [l.pool, l.log, l.dirty].into_iter().enumerate() {
                self.integral[i] += v * dt;
            }
        }
        self.level = levels;
        self.level_at = now;
    }

    pub fn sample(&mut self, now: SimTime, levels: Levels) {
        let dt = (now - self.last_sample).max(1) as f64;
        let c = std::mem::take(&mut self.interval);
        self.transactions += c.commits;
        let ireads = c.requests[Op::InstallRead as usize];
        self.series.push(Sample {
            t_s: time::to_s(now),
            measuring: self.measuring && self.last_sample >= self.batches.start(),
            transactions: self.transactions,
            throughput_tps: c.commits as f64 / (dt / 1e9),
            icost_ms: (ireads > 0).then(|| c.busy_ns[Op::InstallRead as usize] as f64 / ireads as f64 / 1e6),
            disk_share: ByOp::from_fn(|i| c.inside_ns[i] as f64 / dt),
            pool_pages: levels.pool,
            log_entries: levels.log,
            dirty_pages: levels.dirty,
            server_hit_ratio: ratio(c.fetch_hits, c.fetches),
        });
        self.last_sample = now;
    }

    /// The figures of the measured window so far (final once it has ended); the CPU has been
    /// busy `cpu_busy` by `now`.
    pub fn summary(&self, now: SimTime, warmup_complete: bool, cpu_busy: u64) -> Summary {
        let w = &self.window;
        let (end, cpu_end) = self.ended.unwrap_or((now, cpu_busy));
        let start = self.batches.start();
        let span = if self.measuring || self.ended.is_some() { end - start } else { 0 };
        let secs = time::to_s(span).max(1e-9);
        let reads = w.requests[Op::InstallRead as usize];
        let span_ns = span.max(1) as f64;
        Summary {
            warmup_s: time::to_s(start),
            warmup_complete,
            measured_s: secs,
            transactions: w.commits,
            throughput_tps: w.commits as f64 / secs,
            throughput_ci95: self.batches.rate_ci95(1e-9),
            installations: self.installed,
            installation_reads: reads,
            i_abs: if self.installed == 0 { 0.0 } else { 1.0 - reads as f64 / self.installed as f64 },
            absorbed: self.absorbed,
            cost_ms: ByOp::from_fn(|i| ratio(w.busy_ns[i], w.requests[i]) / 1e6),
            disk_share: ByOp::from_fn(|i| w.inside_ns[i] as f64 / span_ns),
            disk_requests: ByOp::from_fn(|i| w.requests[i] as f64),
            disk_utilisation: w.inside_ns.iter().sum::<u64>() as f64 / span_ns,
            fetches: w.fetches,
            server_hit_ratio: ratio(w.fetch_hits, w.fetches),
            commit_hit_ratio: ratio(self.modifying_hits, self.modifying_commits),
            fetch_latency_ms: ratio(self.fetch_latency_ns, self.fetch_replies) / 1e6,
            mean_pool_pages: self.integral[0] / span_ns,
            mean_log_entries: self.integral[1] / span_ns,
            mean_dirty_pages: self.integral[2] / span_ns,
            mean_candidates: ratio(self.candidates, self.choices),
            installation_reads_per_tx: ratio(reads, w.commits),
            writes_per_tx: ratio(w.requests[Op::Write as usize], w.commits),
            cpu_utilisation: cpu_end.saturating_sub(self.cpu_busy_at_start) as f64 / span_ns,
            commit_blocked_s: time::to_s(self.blocked_ns),
        }
    }
}
