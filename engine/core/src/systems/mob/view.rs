//! The MOB system's frames (DESIGN.md §2, §4): the sections the views draw, declared once in
//! `SECTIONS` (part of the system's description) and filled by name from the models at the
//! current time. Everything here only reads the models.
use super::client::ClientState;
use super::flusher::FlusherState;
use super::records::{AREA, REQUEST};
use super::config::Architecture;
use super::wo::view as wo;
use super::{Io, MobEngine, MobSystem};
use crate::components::disk::view::{disk_section, disk_sections, queue_section, Shown};
use crate::components::disk::Disk;
use crate::components::mob::view::{fill_mob_sections, mob_sections, Busy, Flushing};
use crate::components::mob::ScanEntry;
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Frame, Section};
use crate::kernel::SimTime;

const DATABASE: SectionInfo = SectionInfo {
    name: "database",
    description: "The database's layout: objects packed into pages (thesis §4.1.2).",
    scalars: &[f64("objects_per_page", "objects per page", ""), f64("pages", "pages", "")],
    row: "",
    columns: &[],
};

/// The buffer's sections, the MOB component's (`mob`, `flusher`), with the database's areas.
const MOB: [SectionInfo; 2] = mob_sections!(
    areas: AREA,
    area: "area",
    page: "page",
    data: [
        f64("data_bytes_hot", "object data: hot", "B"),
        f64("data_bytes_warm", "object data: warm", "B"),
        f64("data_bytes_cold", "object data: cold", "B"),
    ],
    mob: "The modified object buffer and its scan list in log order, one row per chunk \
        (thesis §3.1.4). Chunks emptied by write absorption or a page write stay until the log is \
        truncated past them, so the list shows the holes the thesis describes.",
    flusher: "The flusher and the pages of its current pass, sorted by disk address (§3.2.1).",
);

/// The disk's sections, the disk component's (`disk`, `disk_queue`), with the MOB's request kinds.
const DISK: [SectionInfo; 2] = disk_sections!(REQUEST);

const CACHE: SectionInfo = SectionInfo {
    name: "cache",
    description: "The server's page cache, from most to least recently used; under the \
        write-optimized layout it holds page headers and fragments instead (§3.2.2), and only \
        their bytes are given. Under PAGE (page shipping, §5.1) it is all of the server's memory \
        and holds whole dirty pages until they are evicted and written.",
    scalars: &[
        f64("capacity_pages", "capacity", "pages"),
        f64("layout", "disk layout", "").values(wo::LAYOUTS),
        f64("capacity_bytes", "capacity", "B"),
        f64("header_bytes", "page headers held (write-optimized)", "B"),
        f64("fragment_bytes", "fragments held (write-optimized)", "B"),
        f64("architecture", "server architecture", "").values(&["mob", "page", "freemob"]),
    ],
    row: "a cached page",
    columns: &[
        u32("page", "page", ""),
        u8("pinned", "pinned", ""),
        u8("valid", "valid (its read is done)", ""),
        u8("dirty", "dirty (installed, not yet written)", ""),
        u32("dirty_objects", "modified objects the disk lacks (PAGE: a whole page held for them)", "objects"),
    ],
};

const CLIENTS: SectionInfo = SectionInfo {
    name: "clients",
    description: "The clients and their transactions (§4.1.1).",
    scalars: &[],
    row: "a client",
    columns: &[
        u8("state", "state", "").values(&["running", "fetching", "committing"]),
        u32("fetching", "object being fetched", ""),
        u32("accesses_done", "accesses done", ""),
        u32("txn_length", "transaction length", "accesses"),
    ],
};

const DISK_HISTORY: SectionInfo = SectionInfo {
    name: "disk_history",
    description: "The disk's last 20 completed requests, oldest first, with the time of each phase.",
    scalars: &[],
    row: "a completed request",
    columns: &[
        u8("kind", "request", "").values(REQUEST),
        u32("page", "page", ""),
        f64("seek", "seek", "ns"),
        f64("rotation", "rotational latency", "ns"),
        f64("transfer", "transfer", "ns"),
        f64("end", "end", "ns"),
    ],
};

/// The MOB system's frame sections, in the order `frame` returns them.
pub const SECTIONS: &[SectionInfo] =
    &[DATABASE, MOB[0], MOB[1], DISK[0], DISK[1], CACHE, CLIENTS, DISK_HISTORY, wo::DISK_SPACE, wo::FRAGMENTS];

/// Everything the views draw, at time `now`.
pub fn frame(sim: &MobSystem, now: SimTime) -> Frame {
    let disks = disks(sim);
    let regions = regions(sim);
    let [m, flusher] = mob(sim);
    Frame(vec![
        database(sim),
        m,
        flusher,
        disk_section(&SECTIONS[3], &disks, now),
        queue_section(&SECTIONS[4], &disks),
        cache(sim),
        clients(sim),
        disk_history(sim),
        wo::disk_space(regions.as_ref(), sim.db.page_bytes),
        wo::fragments(regions.as_ref()),
    ])
}

fn database(sim: &MobSystem) -> Section {
    let mut s = Section::new(&SECTIONS[0]);
    s.set("objects_per_page", sim.db.objects_per_page as f64).set("pages", sim.db.pages as f64);
    s
}

/// The `mob` and `flusher` sections. A chunk's objects share one page; like the page-write
/// metric, the page's area is its middle object's (an area boundary need not fall on a page
/// boundary).
fn mob(sim: &MobSystem) -> [Section; 2] {
    let f = &sim.flusher;
    let opp = sim.db.objects_per_page;
    let busy = match f.state {
        FlusherState::Idle => Busy::Idle,
        FlusherState::Reading(p) => Busy::Reading(p),
        FlusherState::Writing(p) => Busy::Writing(p),
    };
    let flushing = Flushing {
        trigger: f.trigger(),
        scan_frac: f.scan_frac(),
        busy,
        batch: &f.batch,
        position: f.position,
        passes: f.passes,
        pages_written: f.pages_written,
        installed: f.installed,
    };
    let data = ["data_bytes_hot", "data_bytes_warm", "data_bytes_cold"];
    let area = |e: &ScanEntry| sim.workload.area_of(e.page * opp + opp / 2) as u8;
    fill_mob_sections([&SECTIONS[1], &SECTIONS[2]], &sim.mob, &flushing, &data, area)
}

/// The regions of the write-optimized or hybrid layout.
fn regions(sim: &MobSystem) -> Option<wo::Regions<'_>> {
    let wo = sim.wo.as_ref().map(|w| wo::Regions { space: &w.space, writing: w.region, last_clean: w.last_clean, layout: 1 });
    let hy = || sim.hybrid.as_ref().map(|h| wo::Regions { space: &h.space, writing: h.region, last_clean: h.last_clean, layout: 2 });
    wo.or_else(hy)
}

/// The disk, and the band its database occupies: up to the end of its highest-addressed page,
/// or of the write-optimized layout's regions.
fn disks(sim: &MobSystem) -> [Shown<'_, Disk<Io>>; 1] {
    let db_end = match regions(sim) {
        Some(r) => r.space.region_addr(r.space.regions()),
        None => (0..sim.db.pages).map(|p| sim.page_map.addr(p) + sim.db.page_bytes).max().unwrap_or(0),
    };
    [Shown { disk: &sim.disk, data_end: db_end }]
}

fn cache(sim: &MobSystem) -> Section {
    let lru: Vec<_> = sim.cache.lru_order().collect();
    let mut s = Section::new(&SECTIONS[5]);
    let (layout, capacity, headers, fragments) = match &sim.wo {
        Some(wo) => {
            let (h, f) = wo.cache.bytes();
            (1.0, wo.cache.capacity(), h, f)
        }
        None => (if sim.hybrid.is_some() { 2.0 } else { 0.0 }, sim.cache.capacity() as u64 * sim.db.page_bytes, 0, 0),
    };
    let architecture = match sim.architecture {
        Architecture::Mob => 0.0,
        Architecture::Page => 1.0,
        Architecture::Freemob => 2.0,
    };
    s.set("layout", layout)
        .set("architecture", architecture)
        .set("capacity_bytes", capacity as f64)
        .set("header_bytes", headers as f64)
        .set("fragment_bytes", fragments as f64);
    s.set("capacity_pages", sim.cache.capacity() as f64)
        .u32s("page", lru.iter().map(|e| e.0))
        .u8s("pinned", lru.iter().map(|e| (e.2 > 0) as u8))
        .u8s("valid", lru.iter().map(|e| e.1 as u8))
        .u8s("dirty", lru.iter().map(|e| e.3 as u8))
        .u32s("dirty_objects", lru.iter().map(|e| sim.page.as_ref().map_or(0, |p| p.dirty_objects(e.0))));
    s
}

fn disk_history(sim: &MobSystem) -> Section {
    let r = &sim.recent_requests;
    let mut s = Section::new(&SECTIONS[7]);
    s.u8s("kind", r.iter().map(|d| d.kind as u8))
        .u32s("page", r.iter().map(|d| d.page))
        .f64s("seek", r.iter().map(|d| d.seek as f64))
        .f64s("rotation", r.iter().map(|d| d.rotation as f64))
        .f64s("transfer", r.iter().map(|d| d.transfer as f64))
        .f64s("end", r.iter().map(|d| d.end as f64));
    s
}

fn clients(sim: &MobSystem) -> Section {
    let c = &sim.clients;
    let state = |c: &super::client::Client| match c.state {
        ClientState::Running => 0,
        ClientState::Fetching => 1,
        ClientState::Committing => 2,
    };
    let mut s = Section::new(&SECTIONS[6]);
    s.u8s("state", c.iter().map(state))
        .u32s("fetching", c.iter().map(|c| c.fetching))
        .u32s("accesses_done", c.iter().map(|c| c.progress().0 as u32))
        .u32s("txn_length", c.iter().map(|c| c.progress().1 as u32));
    s
}

/// The frame of a MOB run at its current time.
pub fn snapshot(e: &MobEngine) -> Frame {
    frame(e.system(), e.now())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Column;
    use crate::kernel::Phase;
    use crate::scenario;
    use crate::systems::mob::records::RecordKind;
    use crate::systems::PaperSystem;

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
    fn the_frame_is_described_and_consistent_with_the_models() {
        let mut sim = sim();
        sim.run_until(3_000_000_000);
        let f = snapshot(&sim);
        f.check(SECTIONS).unwrap();
        let (mob, disk, cache) = (f.section("mob"), f.section("disk"), f.section("cache"));
        let sum = |c: &Column| (0..c.len()).map(|i| c.get(i)).sum::<f64>();
        let live = sum(mob.get("count"));
        let (ins, sup, rem) = (mob.scalar("inserted"), mob.scalar("superseded"), mob.scalar("removed"));
        assert!(ins > 0.0 && rem > 0.0, "a 1 MB MOB fills and flushes within 3 s");
        assert_eq!(live, ins - sup - rem, "scan list counts are the buffered modifications");
        assert!(mob.scalar("used_bytes") <= mob.scalar("capacity_bytes"));
        let Column::F64(log) = mob.get("log_index") else { panic!("log_index is f64") };
        assert!(log.windows(2).all(|w| w[0] <= w[1]), "log order");
        let Column::U8(area) = mob.get("area") else { panic!("area is u8") };
        assert!(area.iter().all(|&a| a < 3));
        let obj = sim.system().db.object_bytes as f64;
        let data: f64 = ["hot", "warm", "cold"].iter().map(|a| mob.scalar(&format!("data_bytes_{a}"))).sum();
        assert_eq!(data, live * obj);

        assert_eq!(disk.rows(), 1, "one disk");
        let at = |n: &str| disk.get(n).get(0);
        assert!(at("head_cylinder") >= 0.0 && at("head_cylinder") < at("cylinders"));
        assert!((0.0..1.0).contains(&at("angle")));
        assert!(at("database_cylinders") > 0.0 && at("database_cylinders") <= at("cylinders"));
        if at("active_kind") >= 0.0 {
            assert!(
                at("active_start") <= at("active_seek_end")
                    && at("active_seek_end") <= at("active_rotation_end")
                    && at("active_rotation_end") <= at("active_end")
            );
            assert!(at("active_start") <= sim.now() as f64 && sim.now() as f64 <= at("active_end"));
        } else {
            assert_eq!(f.section("disk_queue").rows(), 0, "an idle disk has no waiting request");
        }

        assert!(cache.rows() as f64 <= cache.scalar("capacity_pages"));
        // A dirty page is pinned; the page the flusher writes is dirty, and no other is.
        let (Column::U8(dirty), Column::U8(pinned), Column::U32(pages)) =
            (cache.get("dirty"), cache.get("pinned"), cache.get("page"))
        else {
            panic!("cache columns have their declared types")
        };
        assert!(dirty.iter().zip(pinned).all(|(&d, &p)| d == 0 || p == 1));
        let writing = (f.section("flusher").scalar("state") == 2.0).then(|| f.section("flusher").scalar("page") as u32);
        let dirty_pages: Vec<u32> = pages.iter().zip(dirty).filter(|(_, &d)| d == 1).map(|(&p, _)| p).collect();
        assert_eq!(dirty_pages, writing.into_iter().collect::<Vec<_>>());
        let clients = f.section("clients");
        assert_eq!(clients.rows(), 12);
        assert!((0..12).all(|i| clients.get("accesses_done").get(i) <= clients.get("txn_length").get(i)));
        let flusher = f.section("flusher");
        assert!(flusher.scalar("passes") > 0.0);
        assert_eq!(flusher.scalar("page") < 0.0, flusher.scalar("state") == 0.0);
        assert_eq!(sim.phase(), Phase::Measuring, "measuring after the 2 s warm-up");
    }

    #[test]
    fn a_frame_missing_a_value_fails_its_check() {
        let mut f = snapshot(&sim());
        f.0[0].scalars[1] = f64::NAN;
        assert_eq!(f.check(SECTIONS).unwrap_err(), "database.pages was not set");
        let mut f = snapshot(&sim());
        f.0[1].columns[1] = Column::U32(vec![1]);
        assert_eq!(f.check(SECTIONS).unwrap_err(), "mob.count has 1 rows, not 0");
        let mut f = snapshot(&sim());
        f.0.swap(0, 1);
        assert!(f.check(SECTIONS).is_err());
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

    /// The absorption counters the views show (issue 13: one truth per moment) are the sums of
    /// the PageWrite records, kept in the state, so a checkpoint carries them too.
    #[test]
    fn the_flusher_counts_pages_written_and_modifications_installed() {
        let mut sim = sim();
        sim.run_until(4_000_000_000);
        let writes: Vec<u64> =
            sim.trace().records().iter().filter(|r| r.kind == RecordKind::PageWrite as u8).map(|r| r.a).collect();
        assert!(writes.len() > 10, "{} page writes", writes.len());
        let flusher = snapshot(&sim).section("flusher").clone();
        assert_eq!(flusher.scalar("pages_written"), writes.len() as f64);
        assert_eq!(flusher.scalar("installed"), writes.iter().sum::<u64>() as f64);
        let copy = sim.checkpoint();
        assert_eq!(snapshot(&copy).section("flusher").scalar("installed"), flusher.scalar("installed"));
    }

    /// The disk view's breakdown is state (issue 13, item 1): the last 20 DiskEnd records, and a
    /// checkpoint carries it.
    #[test]
    fn the_frame_carries_the_last_twenty_disk_requests() {
        let mut sim = sim();
        sim.run_until(4_000_000_000);
        let ends: Vec<(u32, f64)> = sim
            .trace()
            .records()
            .iter()
            .filter(|r| r.kind == RecordKind::DiskEnd as u8)
            .map(|r| (r.entity, r.t as f64))
            .collect();
        assert!(ends.len() > 20, "{} disk requests", ends.len());
        let h = snapshot(&sim).section("disk_history").clone();
        let (Column::U32(pages), Column::F64(end)) = (&h.columns[1], &h.columns[5]) else { panic!("columns") };
        let got: Vec<(u32, f64)> = pages.iter().copied().zip(end.iter().copied()).collect();
        assert_eq!(got, ends[ends.len() - 20..]);
        assert_eq!(snapshot(&sim.checkpoint()).section("disk_history"), &h);
    }

    /// The timeline's end (issue 13, item 2): unknown while the warm-up waits for flusher
    /// passes, then the start of the measured window plus the duration, where the run ends.
    #[test]
    fn the_end_is_known_once_the_measured_window_begins() {
        let s = scenario::parse(
            "[run]\nwarmup_s = 1.0\nwarmup_flusher_passes = 2\nduration_s = 3.0\n[server]\nmob_mb = 1.0\n",
        )
        .unwrap();
        let mut sim = crate::Simulation::new(&s, 1);
        assert_eq!(crate::systems::planned_end(&s), None);
        assert_eq!(crate::systems::longest_end(&s), 3_600_000_000_000 + 10 * 1_000_000_000 + 3_000_000_000);
        while sim.phase() == Phase::Warmup {
            assert_eq!(sim.end_time(), None);
            sim.step();
        }
        let end = sim.end_time().expect("known once measuring");
        assert_eq!(end, sim.now() + 3_000_000_000);
        sim.run();
        assert_eq!(sim.now(), end);
    }

    /// The worker's slices (issue 12): advancing in budgets of events ends exactly where one call
    /// does, and each slice stops at its budget.
    #[test]
    fn slices_of_a_run_end_where_one_call_does() {
        let (mut whole, mut sliced) = (sim(), sim());
        let t = 2_000_000_000;
        whole.run_until(t);
        let mut slices = 0;
        while !sliced.run_until_within(t, 100) {
            slices += 1;
            assert_eq!(sliced.events(), slices * 100);
        }
        assert!(slices > 10, "2 s of this run is more than 1,000 events");
        assert_eq!((sliced.now(), sliced.events()), (whole.now(), whole.events()));
        assert_eq!(sliced.trace().hash(), whole.trace().hash());
        let kind = RecordKind::FlusherStart as u8;
        let limit = 60_000_000_000;
        let found = whole.run_until_kind(kind, limit);
        let sliced_found = loop {
            if let Some(found) = sliced.run_until_kind_within(kind, limit, 100) {
                break found;
            }
        };
        assert!(found && sliced_found);
        assert_eq!((sliced.now(), sliced.events()), (whole.now(), whole.events()));
    }
}
