//! What a Thor run measures: where the time went (Tables 2–3's categories), the prefetch groups
//! (§6.2's objects per fetch), the cache (§6.4's from-space, to-space and collections), and a time
//! series of the same so far. A cold traversal is measured whole: there is no warm-up.
use serde::{Deserialize, Serialize};

use super::costs::Category;
use super::prefetch::Policy;
use super::ThorSystem;
use crate::kernel::time;
use crate::kernel::SimTime;

/// One prefetch group: the size asked for, the objects shipped, how many of them the traversal
/// has used since (first swizzles), and when it was asked for and arrived.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroupRecord {
    pub k: u32,
    pub shipped: u32,
    pub used: u32,
    pub sent: SimTime,
    pub arrived: SimTime,
}

/// The final figures of one run; times in s.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub warmup_s: f64,
    pub warmup_complete: bool,
    pub measured_s: f64,
    /// The traversal's elapsed time, commit included (§6.1), and its categories (Tables 2–3).
    pub elapsed_s: f64,
    pub traversal_s: f64,
    pub lazy_swizzling_s: f64,
    pub commit_s: f64,
    pub shrinking_s: f64,
    pub gc_s: f64,
    pub fetch_fe_s: f64,
    pub fetch_communication_s: f64,
    pub fetch_or_s: f64,
    pub disk_s: f64,
    pub accesses: u64,
    pub fetches: u64,
    /// Objects and KB a fetch ships (§6.2).
    pub mean_group: f64,
    pub mean_group_kb: f64,
    pub segment_reads: u64,
    pub swizzles: u64,
    pub surrogates_made: u64,
    /// Objects of the chunks the OR left out as sent recently (§5.2's per-FE table).
    pub weeded: u64,
    /// The heap's largest (objects and surrogates), MB.
    pub peak_heap_mb: f64,
    pub collections: u64,
    pub emergency_collections: u64,
    /// Mean from-space before a collection and to-space after, MB, and the cache's mean use,
    /// their mean over the cache (§6.4: 7.7, 1.4, 38%).
    pub mean_from_mb: f64,
    pub mean_to_mb: f64,
    pub cache_used: f64,
    pub calls: u64,
    pub transactions: u64,
    /// The OR's mcache (§4): objects logged; the backup's messages, s (R5); commits that found
    /// it full and their wait, s (R17: none); its fullest, MB; the flusher's segment writes and
    /// installation reads.
    pub logged_objects: u64,
    pub backup_s: f64,
    pub commit_waits: u64,
    pub commit_wait_s: f64,
    pub peak_mcache_mb: f64,
    pub segment_writes: u64,
    pub installation_reads: u64,
    /// Objects fetches shipped in the version the mcache held.
    pub mcache_fetched: u64,
    /// Other FEs sharing the database (spec A18): their commits; the invalidations that reached
    /// this FE and the resident copies they discarded; this FE's aborts, those validation
    /// caused, and the FE time of the work they undid, s; the invalidations this FE's commits
    /// made the OR send the other FEs.
    pub other_commits: u64,
    pub invalidations: u64,
    pub invalidated: u64,
    pub aborts: u64,
    pub validation_failures: u64,
    pub aborted_s: f64,
    pub invalidations_sent: u64,
    /// One traversal: cold, the only one; hot, the mean of the middle three of five (§6.1, spec
    /// A15), ms; and the fetches and first swizzles in it (hot: in the three; R1: none).
    pub traversal_ms: f64,
    pub measured_fetches: u64,
    pub measured_swizzles: u64,
    /// Table 1's parts of that traversal's time (§6.3), ms.
    pub safety: Safety,
}

/// Table 1's parts of a traversal's time (hot T1, small: 340, 120, 72, 156 and 36 ms, 724 in all).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Safety {
    pub traversal_ms: f64,
    pub concurrency_control_ms: f64,
    pub residency_checks_ms: f64,
    pub exceptions_ms: f64,
    pub bounds_checks_ms: f64,
    pub total_ms: f64,
}

run_summary!(Summary, |_| None);

/// One sample of the time series, at `t_s`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub t_s: f64,
    /// The whole run is measured.
    pub measuring: bool,
    /// Object accesses so far: the work done, compare mode's other axis.
    pub accesses: u64,
    pub fetches: u64,
    pub shipped: u64,
    /// From-space now, MB.
    pub heap_mb: f64,
    /// The group size the next fetch would ask for, and use ÷ fetch (adaptive prefetching).
    pub size: f64,
    pub ratio: f64,
    pub collections: u64,
}

impl Sample {
    pub fn of(sys: &ThorSystem, now: SimTime) -> Sample {
        let fe = &sys.fe;
        let (size, ratio) = match fe.policy {
            Policy::Adaptive(a) => (f64::from(a.size), a.ratio()),
            Policy::Fixed(k) | Policy::BreadthFirst(k) => (f64::from(k), 0.0),
            Policy::Page(_) => (0.0, 0.0),
        };
        Sample {
            t_s: time::to_s(now),
            measuring: true,
            accesses: fe.counters.accesses,
            fetches: fe.counters.fetches,
            shipped: fe.counters.shipped,
            heap_mb: fe.heap.used as f64 / MB,
            size,
            ratio,
            collections: fe.counters.collections,
        }
    }
}

const MB: f64 = 1_048_576.0;

#[derive(Clone, Debug, Default)]
pub struct Metrics {
    pub series: Vec<Sample>,
}

impl Metrics {
    pub fn summary(&self, sys: &ThorSystem, now: SimTime) -> Summary {
        let fe = &sys.fe;
        let (c, l, m) = (&fe.counters, &fe.ledger, &sys.mcache.counters);
        let s = |cat: Category| time::to_s(l.get(cat));
        let fetches = c.fetches.max(1) as f64;
        let done = &fe.collections;
        let mean = |f: fn(&super::heap::Collection) -> u64| {
            if done.is_empty() {
                0.0
            } else {
                done.iter().map(|c| f(c) as f64).sum::<f64>() / done.len() as f64 / MB
            }
        };
        let (from, to) = (mean(|c| c.from_bytes), mean(|c| c.to_bytes));
        let shared = sys.sharing.as_ref().map(|s| s.counters).unwrap_or_default();
        Summary {
            warmup_s: 0.0,
            warmup_complete: true,
            measured_s: time::to_s(now),
            elapsed_s: time::to_s(l.total()),
            traversal_s: s(Category::Traversal),
            lazy_swizzling_s: s(Category::LazySwizzling),
            commit_s: s(Category::Commit),
            shrinking_s: s(Category::Shrinking),
            gc_s: s(Category::Gc),
            fetch_fe_s: s(Category::FetchFe),
            fetch_communication_s: s(Category::FetchCommunication),
            fetch_or_s: s(Category::FetchOr),
            disk_s: s(Category::Disk),
            accesses: c.accesses,
            fetches: c.fetches,
            mean_group: c.shipped as f64 / fetches,
            mean_group_kb: c.shipped_bytes as f64 / fetches / 1024.0,
            segment_reads: sys.segment_reads,
            swizzles: c.swizzles,
            surrogates_made: c.surrogates_made,
            weeded: c.weeded,
            peak_heap_mb: c.peak_bytes as f64 / MB,
            collections: c.collections,
            emergency_collections: c.emergency_collections,
            mean_from_mb: from,
            mean_to_mb: to,
            cache_used: if done.is_empty() { 0.0 } else { (from + to) / 2.0 * MB / fe.heap.capacity as f64 },
            calls: c.calls,
            transactions: c.transactions,
            logged_objects: m.objects,
            backup_s: time::to_s(m.backup),
            commit_waits: m.waits,
            commit_wait_s: time::to_s(m.wait),
            peak_mcache_mb: m.peak as f64 / MB,
            segment_writes: m.writes,
            installation_reads: m.installation_reads,
            mcache_fetched: m.fetched,
            other_commits: shared.other_commits,
            invalidations: shared.invalidations,
            invalidated: shared.invalidated,
            aborts: shared.aborts,
            validation_failures: shared.validation_failures,
            aborted_s: time::to_s(shared.lost),
            invalidations_sent: shared.sent,
            ..measured(sys)
        }
    }
}

/// The measured traversal(s): a cold run's one, a hot run's middle three (spec A15), once over.
fn measured(sys: &ThorSystem) -> Summary {
    let r = &sys.runs;
    let (from, to) = if sys.hot { (1, 4) } else { (0, 1) };
    let mut s = Summary::default();
    if r.len() <= to {
        return s;
    }
    let n = (to - from) as f64;
    let ms = |ns: u64| time::to_ms(ns) / n;
    s.traversal_ms = ms(r[to].at - r[from].at);
    s.measured_fetches = r[to].fetches - r[from].fetches;
    s.measured_swizzles = r[to].swizzles - r[from].swizzles;
    let part = |i: usize| ms(r[to].safety[i] - r[from].safety[i]);
    s.safety = Safety {
        traversal_ms: part(0),
        concurrency_control_ms: part(1),
        residency_checks_ms: part(2),
        exceptions_ms: part(3),
        bounds_checks_ms: part(4),
        total_ms: (0..5).map(part).sum(),
    };
    s
}
