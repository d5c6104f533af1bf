//! Snapshots of a running MOB system for the views (DESIGN.md §2, §4). Everything here only
//! reads the models: plain structs of numbers and struct-of-arrays
//! vectors, so the WASM facade can hand each array to JavaScript as one typed array, with no
//! per-entry calls and no JSON. Field meanings match `web/src/engine/types.ts`.
use super::client::ClientState;
use super::flusher::FlusherState;
use super::{Io, MobEngine, MobSystem, RequestKind};
use crate::components::disk::{Request, Service};
use crate::kernel::{Phase, SimTime};

/// The MOB's scan list in log order, one entry per chunk (thesis §3.1.4). Chunks emptied by
/// write absorption or by a page write stay until the log is truncated past them, so the list
/// shows the holes the thesis describes; the counts still sum to the buffered modifications.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MobView {
    pub capacity_bytes: u64,
    pub used_bytes: u64,
    pub trigger: f64,
    pub scan_frac: f64,
    pub chunk_page: Vec<u32>,
    pub chunk_count: Vec<u32>,
    /// Log indices as doubles: they stay far below 2^53 and cross into JS exactly.
    pub chunk_log_index: Vec<f64>,
    pub chunk_area: Vec<u8>,
    pub data_bytes_by_area: [u64; 3],
    pub inserted: u64,
    pub superseded: u64,
    pub removed: u64,
}

/// The flusher's state as a number: 0 idle, 1 reading, 2 writing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FlusherView {
    pub state: u8,
    /// Page being read or written; -1 when idle.
    pub page: i64,
    pub batch: Vec<u32>,
    pub position: u32,
    pub passes: u64,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DiskView {
    pub cylinders: u64,
    pub tracks_per_cylinder: u64,
    pub track_bytes: u64,
    pub rev_ns: f64,
    pub database_cylinders: u64,
    pub head_cylinder: f64,
    pub angle: f64,
    /// The request the disk is serving, with the times its phases end.
    pub active: Option<(Request<Io>, Service)>,
    pub queue_kind: Vec<u8>,
    pub queue_page: Vec<u32>,
}

/// Cached pages from most to least recently used.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CacheView {
    pub capacity_pages: u64,
    pub pages: Vec<u32>,
    pub pinned: Vec<u8>,
    pub valid: Vec<u8>,
}

/// One entry per client. State: 0 running, 1 fetching, 2 committing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClientsView {
    pub state: Vec<u8>,
    pub fetching: Vec<u32>,
    pub accesses_done: Vec<u32>,
    pub txn_length: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub mob: MobView,
    pub flusher: FlusherView,
    pub disk: DiskView,
    pub cache: CacheView,
    pub clients: ClientsView,
    pub objects_per_page: u32,
    pub pages: u32,
    /// 0 warm-up, 1 measuring, 2 done.
    pub phase: u8,
}

/// Everything the views draw, at the simulation's current time.
pub fn snapshot(e: &MobEngine) -> Snapshot {
    let sim = e.system();
    Snapshot {
        mob: mob(sim),
        flusher: flusher(sim),
        disk: disk(sim, e.now()),
        cache: cache(sim),
        clients: clients(sim),
        objects_per_page: sim.db.objects_per_page,
        pages: sim.db.pages,
        phase: match e.phase() {
            Phase::Warmup => 0,
            Phase::Measuring => 1,
            Phase::Done => 2,
        },
    }
}

pub fn mob(sim: &MobSystem) -> MobView {
    let m = &sim.mob;
    let scan = m.scan_list();
    let opp = sim.db.objects_per_page;
    // A chunk's objects share one page; like the page-write metric, the page's area is its
    // middle object's (an area boundary need not fall on a page boundary).
    let area_of_page = |p: u32| sim.workload.area_of(p * opp + opp / 2) as u8;
    let (inserted, superseded, removed) = m.totals();
    MobView {
        capacity_bytes: m.capacity(),
        used_bytes: m.used(),
        trigger: sim.flusher.trigger(),
        scan_frac: sim.flusher.scan_frac(),
        chunk_page: scan.iter().map(|e| e.page).collect(),
        chunk_count: scan.iter().map(|e| e.count).collect(),
        chunk_log_index: scan.iter().map(|e| e.log_index as f64).collect(),
        chunk_area: scan.iter().map(|e| area_of_page(e.page)).collect(),
        data_bytes_by_area: m.data_bytes_by_area(),
        inserted,
        superseded,
        removed,
    }
}

pub fn flusher(sim: &MobSystem) -> FlusherView {
    let f = &sim.flusher;
    let (state, page) = match f.state {
        FlusherState::Idle => (0, -1),
        FlusherState::Reading(p) => (1, p as i64),
        FlusherState::Writing(p) => (2, p as i64),
    };
    FlusherView { state, page, batch: f.batch.clone(), position: f.position as u32, passes: f.passes }
}

pub fn disk(sim: &MobSystem, now: SimTime) -> DiskView {
    let d = &sim.disk;
    let g = &d.geometry;
    // The band the database occupies: up to the end of its highest-addressed page.
    let db_end = (0..sim.db.pages).map(|p| sim.page_map.addr(p) + sim.db.page_bytes).max().unwrap_or(0);
    DiskView {
        cylinders: g.cylinders,
        tracks_per_cylinder: g.tracks_per_cylinder,
        track_bytes: g.track_bytes,
        rev_ns: g.rev_ns,
        database_cylinders: if db_end == 0 { 0 } else { g.cylinder(db_end - 1) + 1 },
        head_cylinder: d.head_at(now),
        angle: d.platter_angle(now),
        active: d.active().copied(),
        queue_kind: d.queue().iter().map(|r| r.token.kind as u8).collect(),
        queue_page: d.queue().iter().map(|r| r.token.page).collect(),
    }
}

pub fn cache(sim: &MobSystem) -> CacheView {
    let mut v = CacheView { capacity_pages: sim.cache.capacity() as u64, ..CacheView::default() };
    for (page, valid, pins) in sim.cache.lru_order() {
        v.pages.push(page);
        v.pinned.push((pins > 0) as u8);
        v.valid.push(valid as u8);
    }
    v
}

pub fn clients(sim: &MobSystem) -> ClientsView {
    let mut v = ClientsView::default();
    for c in &sim.clients {
        let (done, len) = c.progress();
        v.state.push(match c.state {
            ClientState::Running => 0,
            ClientState::Fetching => 1,
            ClientState::Committing => 2,
        });
        v.fetching.push(c.fetching);
        v.accesses_done.push(done as u32);
        v.txn_length.push(len as u32);
    }
    v
}

/// Disk request kinds in `DiskView::queue_kind` and `DiskView::active` are `RequestKind`
/// discriminants; checked here so the numbering in types.ts cannot drift silently.
const _: () = assert!(RequestKind::FetchRead as u8 == 0 && RequestKind::Write as u8 == 2);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario;
    use crate::systems::mob::records::RecordKind;

    fn sim() -> MobEngine {
        let s = scenario::parse(
            "[run]\nwarmup_s = 2.0\nwarmup_flusher_passes = 0\nduration_s = 2.0\n[server]\nmob_mb = 1.0\n",
        )
        .unwrap();
        let mut sim = MobSystem::engine(&s, 7);
        sim.set_tracing(true);
        sim
    }

    #[test]
    fn snapshot_is_consistent_with_the_models() {
        let mut sim = sim();
        sim.run_until(3_000_000_000);
        let s = snapshot(&sim);
        let live: u64 = s.mob.chunk_count.iter().map(|&c| c as u64).sum();
        let (ins, sup, rem) = (s.mob.inserted, s.mob.superseded, s.mob.removed);
        assert!(ins > 0 && rem > 0, "a 1 MB MOB fills and flushes within 3 s");
        assert_eq!(live, ins - sup - rem, "scan list counts are the buffered modifications");
        assert!(s.mob.used_bytes <= s.mob.capacity_bytes);
        let n = s.mob.chunk_page.len();
        assert!([s.mob.chunk_count.len(), s.mob.chunk_log_index.len(), s.mob.chunk_area.len()].iter().all(|&l| l == n));
        assert!(s.mob.chunk_log_index.windows(2).all(|w| w[0] <= w[1]), "log order");
        assert!(s.mob.chunk_area.iter().all(|&a| a < 3));
        let obj = sim.system().db.object_bytes as u64;
        assert_eq!(s.mob.data_bytes_by_area.iter().sum::<u64>(), live * obj);

        assert!(s.disk.head_cylinder >= 0.0 && s.disk.head_cylinder < s.disk.cylinders as f64);
        assert!((0.0..1.0).contains(&s.disk.angle));
        assert!(s.disk.database_cylinders > 0 && s.disk.database_cylinders <= s.disk.cylinders);
        assert_eq!(s.disk.queue_kind.len(), s.disk.queue_page.len());
        if let Some((_, a)) = s.disk.active {
            assert!(a.start <= a.seek_end && a.seek_end <= a.rotation_end && a.rotation_end <= a.end);
            assert!(a.start <= sim.now() && sim.now() <= a.end);
        }

        assert!(s.cache.pages.len() as u64 <= s.cache.capacity_pages);
        assert_eq!(s.cache.pinned.len(), s.cache.pages.len());
        assert_eq!(s.clients.state.len(), 12);
        assert!(s.clients.accesses_done.iter().zip(&s.clients.txn_length).all(|(d, l)| d <= l));
        assert!(s.flusher.passes > 0);
        assert_eq!(s.flusher.page < 0, s.flusher.state == 0);
        assert_eq!(s.phase, 1, "measuring after the 2 s warm-up");
    }

    #[test]
    fn a_checkpoint_continues_exactly_like_the_original() {
        let mut a = sim();
        a.run_until(1_000_000_000);
        let kept = a.trace().records().len();
        let mut b = a.checkpoint();
        assert_eq!(a.trace().records().len(), kept, "the original keeps its records");
        assert!(kept > 0 && b.trace().records().is_empty(), "the checkpoint drops them");
        a.run_until(2_500_000_000);
        b.run_until(2_500_000_000);
        assert_eq!(a.trace().hash(), b.trace().hash());
        assert_eq!(a.events(), b.events());
        assert_eq!(snapshot(&a), snapshot(&b));
        assert_eq!(format!("{:?}", a.summary()), format!("{:?}", b.summary()));
    }

    #[test]
    fn run_until_kind_stops_right_after_the_record() {
        let mut sim = sim();
        let limit = 10_000_000_000;
        assert!(sim.run_until_kind(RecordKind::FlusherStart as u8, limit));
        // It stops after the event that started the pass; that event also emits the records of
        // the pass's first page, at the same time.
        let recs = sim.trace().records();
        let start = recs.iter().rposition(|r| r.kind == RecordKind::FlusherStart as u8).unwrap();
        assert!(recs.range(start..).all(|r| r.t == sim.now()));
        assert_eq!(sim.trace().count(RecordKind::FlusherStart as u8), 1);
        // A limit before the next record: stops at the limit, having seen none.
        let now = sim.now();
        assert!(!sim.run_until_kind(RecordKind::FlusherStart as u8, now + 1));
        assert_eq!(sim.now(), now + 1);
    }
}
