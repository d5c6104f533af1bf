//! One cold traversal of Thor0 (Liskov et al. §6.1: "one traversal on cold FE and OR caches ...
//! commit time included"), run straight through: the FE runs until it misses, the fetch goes to
//! the OR, whose disk reads the segment unless it is cached, and the group comes back. One FE
//! and one OR work in turn, so the elapsed time is the sum of the categories of Tables 2–3.
//! Public, for the reproduction tests (`tests/repro_thor.rs`).
use super::costs::{ns, Category, Costs, Ledger};
use super::database::ThorDb;
use super::fe::{Counters, Fe, Handles, Split, Stop, XREF_BYTES};
use super::heap::Collection;
use super::or::Or;
use super::prefetch::{Adaptive, Policy, Rule};
use crate::components::disk::config::{Disk as DiskConfig, Rz26};
use crate::components::disk::Request;
use crate::kernel::rng::Rng;
use crate::kernel::time;
use crate::workload::oo7::{Oo7Size, TraversalKind, COMPOSITE_PARTS, THOR0_SEGMENT_BYTES};

/// The traversals of §6.1–§6.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    T1,
    T6,
    T2a,
    T2b,
    /// Each composite part classified at random, once, as *all* (T1) or *root* (T6) (§6.2, A19).
    TMix,
}

/// The group size the FE asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Prefetch {
    Adaptive(Rule),
    Fixed(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub size: Oo7Size,
    pub workload: Workload,
    pub prefetch: Prefetch,
    /// The FE's cache (§6.1: 12 MB), and the OR's segment cache (36 MB less the 6 MB mcache).
    pub cache_mb: f64,
    pub or_cache_mb: f64,
    pub shrink: f64,
    pub surrogate_bytes: u32,
    pub recent: usize,
    pub big_bytes: u32,
    pub split: Split,
    pub handles: Handles,
    pub strong_rot: bool,
    pub costs: Costs,
    pub disk: DiskConfig<Rz26>,
}

impl Params {
    /// The paper's setup for a cold traversal (§6.1): small traversals and T6 medium are one
    /// call and one transaction; the other medium ones 9112 calls of 48 atomic parts (2187 × 200 /
    /// 9112 = 48.0) in 110 transactions of 83 calls (spec A14, A23).
    pub fn paper(size: Oo7Size, workload: Workload) -> Params {
        let split = if size == Oo7Size::Medium && workload != Workload::T6 {
            Split { parts_per_call: 48, calls_per_transaction: 83 }
        } else {
            Split { parts_per_call: 0, calls_per_transaction: 0 }
        };
        Params {
            size,
            workload,
            prefetch: Prefetch::Adaptive(Rule::default()),
            cache_mb: 12.0,
            or_cache_mb: 30.0,
            shrink: 0.5,
            surrogate_bytes: 16,
            recent: 2800,
            big_bytes: 800,
            split,
            handles: Handles::Session,
            strong_rot: false,
            costs: Costs::default(),
            disk: DiskConfig::default(),
        }
    }
}

/// What a run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub ledger: Ledger,
    pub counters: Counters,
    pub segment_reads: u64,
    pub collections: Vec<Collection>,
}

impl Outcome {
    pub fn elapsed_s(&self) -> f64 {
        time::to_s(self.ledger.total())
    }

    /// Objects per fetch reply (§6.2's "prefetch group").
    pub fn mean_group(&self) -> f64 {
        self.counters.shipped as f64 / self.counters.fetches.max(1) as f64
    }

    pub fn mean_group_bytes(&self) -> f64 {
        self.counters.shipped_bytes as f64 / self.counters.fetches.max(1) as f64
    }

    pub fn seconds(&self, c: Category) -> f64 {
        time::to_s(self.ledger.get(c))
    }
}

/// Which composite parts the mixed traversal visits only the root of (A19: a fair coin each).
pub fn root_only(workload: Workload, seed: u64) -> Vec<bool> {
    if workload != Workload::TMix {
        return Vec::new();
    }
    let mut rng = Rng::stream(seed, 0x7417);
    (0..COMPOSITE_PARTS).map(|_| rng.chance(0.5)).collect()
}

pub fn traversal_kind(w: Workload) -> TraversalKind {
    match w {
        Workload::T1 | Workload::TMix => TraversalKind::T1,
        Workload::T6 => TraversalKind::T6,
        Workload::T2a => TraversalKind::T2a,
        Workload::T2b => TraversalKind::T2b,
    }
}

pub fn run(p: &Params, seed: u64) -> Outcome {
    let db = ThorDb::shared(p.size, seed);
    let segment = u64::from(THOR0_SEGMENT_BYTES);
    let policy = match p.prefetch {
        Prefetch::Adaptive(rule) => Policy::Adaptive(Adaptive::new(rule)),
        Prefetch::Fixed(k) => Policy::Fixed(k),
    };
    let mut fe = Fe::new(
        db.clone(),
        traversal_kind(p.workload),
        root_only(p.workload, seed),
        (p.cache_mb * 1_048_576.0) as u64,
        p.surrogate_bytes,
        p.shrink,
        segment,
        policy,
        p.costs.clone(),
        p.split,
        p.handles,
        p.strong_rot,
    );
    let or_segments = (p.or_cache_mb * 1_048_576.0 / segment as f64) as usize;
    let mut or = Or::new(&db.oo7, or_segments, p.recent, p.big_bytes);
    let phase0 = Rng::stream(seed, 0xd15c).unit();
    let mut disk = p.disk.build::<u32>(0, phase0);
    let c = p.costs.clone();
    let mut segment_reads = 0;
    loop {
        match fe.run() {
            Stop::Miss(x) => {
                let k = fe.request();
                fe.ledger.add(Category::FetchCommunication, ns(c.message, 1.0) + ns(c.wire_byte, c.request_bytes));
                let s = db.oo7.objects[x as usize].page;
                if !or.cached(s) {
                    let now = fe.ledger.total();
                    let request = Request { token: s, addr: u64::from(s) * segment, len: segment };
                    let end = disk.submit(now, request).expect("the OR's disk is idle between fetches");
                    disk.complete(end);
                    fe.ledger.add(Category::Disk, end - now);
                    or.read(s);
                    segment_reads += 1;
                }
                let g = or.group(&db.oo7, x, k);
                fe.ledger
                    .add(Category::FetchOr, ns(c.or_fetch, 1.0) + ns(c.or_object, f64::from(g.chunk.1 - g.chunk.0)));
                let wire = c.request_bytes + (g.bytes() + g.objects.len() as u64 * XREF_BYTES) as f64;
                fe.ledger.add(Category::FetchCommunication, ns(c.message, 1.0) + ns(c.wire_byte, wire));
                if !fe.fits(g.bytes() + g.objects.len() as u64 * u64::from(p.surrogate_bytes)) {
                    fe.collect(true);
                    or.recent.clear();
                }
                fe.install(&g);
            }
            Stop::CallEnd => {
                if fe.end_call().collected.is_some() {
                    // The FE has discarded what the OR's table lists as sent (spec A7).
                    or.recent.clear();
                }
            }
            Stop::Done => {
                fe.counters.calls += 1;
                fe.commit();
                break;
            }
        }
    }
    Outcome { ledger: fe.ledger, counters: fe.counters, segment_reads, collections: fe.collections }
}
