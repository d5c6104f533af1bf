//! One cold traversal of Thor0 (Liskov et al. §6.1: "one traversal on cold FE and OR caches ...
//! commit time included"), as a plain set of parameters rather than a scenario, run to its end
//! by the engine. Public, for the reproduction tests (`tests/repro_thor.rs`).
use super::config::{self, Config};
use super::costs::{Category, Costs, Ledger};
use super::config::Handles;
use super::fe::{Counters, Split};
use super::heap::Collection;
use super::prefetch::Rule;
use super::metrics::Summary;
use super::ThorSystem;
use crate::components::disk::config::{Disk as DiskConfig, Rz26};
use crate::kernel::rng::Rng;
use crate::kernel::{time, Engine, RunControl, MAX_RUN_S};
use crate::workload::oo7::{Oo7Size, RootOnly, TraversalKind, COMPOSITE_PARTS};

/// The traversals of §6.1–§6.2, as scenarios name them.
pub use super::config::Traversal as Workload;

/// The group the FE asks for (`prefetch::Policy`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Prefetch {
    Adaptive(Rule),
    Fixed(u32),
    /// Whole pages of this many bytes.
    Page(u32),
    /// Up to n objects breadth first.
    BreadthFirst(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub size: Oo7Size,
    pub workload: Workload,
    /// Composite-part visits a phase of the phased traversal lasts.
    pub phase_visits: u32,
    /// Five traversals in one transaction rather than one (§6.1).
    pub hot: bool,
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
    /// The OR's mcache and its flusher (§4).
    pub mcache: config::Mcache,
    pub disk: DiskConfig<Rz26>,
    /// Other FEs sharing the database (none in the paper's runs).
    pub sharing: config::Sharing,
}

impl Params {
    /// The paper's setup for a cold traversal (§6.1): the sections' defaults (`config.rs`).
    pub fn paper(size: Oo7Size, workload: Workload) -> Params {
        let mut c = Config::default();
        c.database.size = if size == Oo7Size::Small { config::Size::Small } else { config::Size::Medium };
        c.workload.traversal = workload;
        Params::of(&c)
    }

    /// The parameters a scenario's sections state.
    pub fn of(c: &Config) -> Params {
        let workload = c.workload.traversal;
        let prefetch = match c.prefetch.policy {
            config::Policy::Adaptive => Prefetch::Adaptive(c.prefetch.rule()),
            config::Policy::Fixed => Prefetch::Fixed(c.prefetch.k),
            config::Policy::Page => Prefetch::Page((c.prefetch.page_kb * 1024.0) as u32),
            config::Policy::BreadthFirst => Prefetch::BreadthFirst(c.prefetch.breadth_first),
        };
        Params {
            size: c.database.size.oo7(),
            workload,
            phase_visits: c.workload.phase_visits,
            hot: c.workload.start == config::Start::Hot,
            prefetch,
            cache_mb: c.fe.cache_mb,
            or_cache_mb: c.or.cache_mb,
            shrink: c.fe.shrink,
            surrogate_bytes: c.fe.surrogate_bytes,
            recent: c.or.recent as usize,
            big_bytes: c.or.big_bytes,
            split: c.split(),
            handles: c.fe.handles,
            strong_rot: c.fe.strong_rot,
            costs: c.costs(),
            mcache: c.mcache.clone(),
            disk: c.disk.clone(),
            sharing: c.sharing.clone(),
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
    pub mcache: super::mcache::Counters,
    /// The run's summary, as the lab and the CLI report it.
    pub summary: Summary,
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

/// Which composite parts' operations visit only the root: the mixed traversal's, a fair coin
/// each (A19); the phased one's, every other phase of `phase_visits` visits.
pub fn root_only(workload: Workload, phase_visits: u32, seed: u64) -> RootOnly {
    match workload {
        Workload::TMix => {
            let mut rng = Rng::stream(seed, 0x7417);
            RootOnly::Parts((0..COMPOSITE_PARTS).map(|_| rng.chance(0.5)).collect())
        }
        Workload::TPhases => RootOnly::Phases(phase_visits),
        _ => RootOnly::None,
    }
}

pub fn traversal_kind(w: Workload) -> TraversalKind {
    match w {
        Workload::T1 | Workload::TMix | Workload::TPhases => TraversalKind::T1,
        Workload::T6 => TraversalKind::T6,
        Workload::T2a => TraversalKind::T2a,
        Workload::T2b => TraversalKind::T2b,
        Workload::T2c => TraversalKind::T2c,
    }
}

/// Runs a cold traversal of `p` with seed `seed` to its end.
pub fn run(p: &Params, seed: u64) -> Outcome {
    let control = RunControl::from_s(0.0, MAX_RUN_S, MAX_RUN_S);
    let mut engine = Engine::new(ThorSystem::of(p, seed), control);
    engine.run();
    assert!(engine.ended_early().is_none(), "{:?}", engine.ended_early());
    let sys = engine.system();
    debug_assert_eq!(sys.fe.ledger.total(), engine.now(), "one FE and one OR in turn: the clock is the categories' sum");
    Outcome {
        ledger: sys.fe.ledger,
        counters: sys.fe.counters,
        segment_reads: sys.segment_reads,
        collections: sys.fe.collections.clone(),
        mcache: sys.mcache.counters,
        summary: engine.summary(),
    }
}
