use super::space::{Sizes, Space, NONE};
use crate::scenario;
use crate::systems::mob::MobSystem;
use crate::systems::PaperSystem;

/// 8 pages of 4 objects of 100 B with a 32 B header, 4 pages to a 2 KB region, 6 regions.
fn small() -> Space {
    let sizes = Sizes { region_bytes: 2048, page_bytes: 512, header_bytes: 32, object_bytes: 100 };
    Space::new(sizes, 6, 8, 4, (2, 3))
}

/// The database starts clustered: each page one fragment holding all its objects and its
/// header, whole pages side by side, as many to a region as fit.
#[test]
fn the_database_starts_clustered_a_fragment_per_page() {
    let s = small();
    s.check();
    assert_eq!(s.free_regions(), 4);
    for p in 0..8 {
        let f = s.header_of(p);
        assert_eq!(s.fragments_of(p), 1);
        assert_eq!(s.extent(f), (p as u64 * 512, 32 + 4 * 100), "page {p} at its place");
        assert!((p * 4..p * 4 + 4).all(|o| s.loc(o) == f));
    }
}

/// A region write puts each page's written objects in a new fragment with the page's header:
/// the page fragments, its old fragment keeps the rest, and the old header is dead.
#[test]
fn a_region_write_fragments_the_pages_it_writes() {
    let mut s = small();
    let r = s.allocate().expect("a free region");
    assert_eq!(r, 2, "the lowest-numbered free region");
    let old = s.header_of(1);
    let f = s.install(r, vec![(1, vec![5, 6]), (3, vec![12])]);
    s.check();
    assert_eq!((s.loc(5), s.loc(6), s.loc(4), s.loc(12)), (f[0], f[0], old, f[1]));
    assert_eq!(s.header_of(1), f[0], "the page map points at the newest header");
    assert_eq!(s.fragments_of(1), 2);
    assert_eq!(s.extent(f[1]), (2 * 2048 + 32 + 200, 32 + 100), "fragments follow each other in the region");
    assert_eq!(s.objects_extent(f[1]), (2 * 2048 + 32 + 200 + 32, 100), "an older fragment's read skips its header");
    assert_eq!(s.live_bytes(0), 4 * 432 - 2 * 32 - 3 * 100, "region 0 lost pages 1 and 3's headers and 3 objects");
}

/// The magic cleaner (§4.2.5): when free regions fall below the low-water mark it compacts the
/// emptiest regions until the high-water mark, merging a page's fragments into one fragment
/// with its header; no object or header is lost, and the freed fragments are reported.
#[test]
fn the_cleaner_frees_regions_and_merges_a_page_s_fragments() {
    let mut s = small();
    // Rewrite every object of pages 0..4 (region 0) a page a region, then keep writing.
    let mut written = 0;
    for round in 0..12u32 {
        let r = s.allocate().expect("the cleaner keeps a free region");
        let page = round % 4;
        let objects: Vec<u32> = (page * 4..page * 4 + 4).collect();
        s.install(r, vec![(page, objects)]);
        written += 1;
        s.check();
    }
    assert_eq!(written, 12);
    assert!(s.cleaner.runs > 0 && s.cleaner.regions_cleaned > 0, "{:?}", s.cleaner);
    let cleaned = s.take_cleaned();
    assert!(!cleaned.freed.is_empty());
    for (merged, sources) in &cleaned.merged {
        assert!(!sources.is_empty() && *merged != NONE);
        assert!(!s.fragment(*merged).dead || cleaned.freed.contains(merged));
    }
    s.release(cleaned.freed);
    s.check();
    for p in 0..8 {
        assert!(s.fragments_of(p) >= 1);
    }
}

/// A WO run: it commits, fetches read headers and fragments, the flusher writes regions, the
/// cleaner runs, pages fragment, and the space's and the cache's bookkeeping hold.
#[test]
fn a_write_optimized_run_flushes_regions_and_cleans() {
    let text = "[run]\nwarmup_s = 30\nwarmup_flusher_passes = 0\nduration_s = 90\n[server]\nlayout = \"write_optimized\"\nmob_mb = 1\n";
    let s = scenario::parse(text).unwrap();
    let mut e = MobSystem::engine(&s, 3);
    e.run_until(120_000_000_000);
    let sim = e.system();
    let wo = sim.wo.as_ref().expect("a write-optimized server");
    wo.space.check();
    let c = wo.counts;
    assert!(c.region_writes > 0 && c.fragments_written > c.region_writes, "{c:?}");
    assert!(c.header_reads > 0 && c.fragment_reads > 0, "fetches read headers and older fragments: {c:?}");
    assert!(c.installation_reads > 0, "the flusher reads headers it lacks: {c:?}");
    assert!(wo.space.cleaner.regions_cleaned > 0, "at 80% utilisation the cleaner runs within 120 s: {:?}", wo.space.cleaner);
    assert!(wo.space.free_regions() >= 1);
    let fragmentation = wo.figures().fragments_per_page;
    assert!(fragmentation > 1.2, "pages fragment: {fragmentation}");
    let (headers, fragments) = wo.cache.bytes();
    assert!(headers + fragments <= wo.cache.capacity());
    assert!(sim.mob.used() <= sim.mob.capacity());
}

/// Validation: a layout that leaves the cleaner no room, or a region smaller than a page, is
/// refused at its field.
#[test]
fn a_layout_without_room_to_clean_is_refused_at_its_field() {
    let wo = "[server]\nlayout = \"write_optimized\"\n";
    let e = scenario::parse(&format!("{wo}[wo]\ndisk_utilisation = 0.95\ncleaner_high_water = 200\ncleaner_low_water = 100\n")).unwrap_err();
    assert!(e.iter().any(|e| e.path == "wo.disk_utilisation" && e.message.contains("leaving")), "{e:?}");
    let e = scenario::parse(&format!("{wo}[wo]\nregion_kb = 32\n")).unwrap_err();
    assert!(e.iter().any(|e| e.path == "wo.region_kb" && e.message.contains("whole 64 KB page")), "{e:?}");
    let e = scenario::parse(&format!("{wo}[wo]\ncleaner_high_water = 4\n")).unwrap_err();
    assert!(e.iter().any(|e| e.path == "wo.cleaner_high_water"), "{e:?}");
    assert!(scenario::parse(&format!("{wo}[wo]\ndisk_utilisation = 0.9\n")).is_ok());
    assert!(scenario::parse("[wo]\ndisk_utilisation = 0.95\ncleaner_high_water = 4000\n").is_ok(), "read only under WO");
}


/// A cache too small to keep a header beside a fragment (one page, with room kept for 14 pages
/// of fragments) still serves fetches: what a read brings serves the lookups that waited for it.
#[test]
fn fetches_progress_when_the_cache_keeps_nothing() {
    let text = "[run]\nwarmup_s = 1\nwarmup_flusher_passes = 0\nduration_s = 100\n[server]\nlayout = \"write_optimized\"\ncache_mb = 0.0625\nmob_mb = 1\n";
    let s = scenario::parse(text).unwrap();
    let mut e = MobSystem::engine(&s, 2);
    e.run_until(90_000_000_000);
    let before = e.system().accesses();
    e.run_until(100_000_000_000);
    let sim = e.system();
    let (headers, _) = sim.wo.as_ref().unwrap().cache.bytes();
    assert_eq!(headers, 0, "no header fits beside the fragments' reserve");
    let done = sim.accesses() - before;
    assert!(done > 10_000, "the clients go on: {done} accesses in 10 s");
    assert!(sim.clients.iter().all(|c| c.accesses_done > 1_000), "every client goes on");
}

/// The disk-space view's sections agree with the space: a row per region, live bytes within the
/// bytes written, the free count, every object's newest version and every page's current header
/// in exactly one listed fragment, and the latest cleaning's victims and outputs marked.
#[test]
fn the_disk_space_sections_agree_with_the_space() {
    let text = "[run]\nwarmup_s = 30\nwarmup_flusher_passes = 0\nduration_s = 90\n[server]\nlayout = \"write_optimized\"\nmob_mb = 1\n";
    let s = scenario::parse(text).unwrap();
    let mut e = MobSystem::engine(&s, 3);
    e.run_until_kind(crate::systems::mob::records::RecordKind::Cleaning as u8, 200_000_000_000);
    let sim = e.system();
    let f = crate::systems::mob::view::frame(sim, e.now());
    f.check(crate::systems::mob::view::SECTIONS).unwrap();
    let (ds, fr) = (f.section("disk_space"), f.section("fragments"));
    let sp = &sim.wo.as_ref().unwrap().space;
    assert_eq!(ds.rows(), sp.regions() as usize);
    assert_eq!(ds.scalar("cleanings"), 1.0, "stopped right after the first cleaning");
    assert_eq!(ds.scalar("last_clean_ns"), e.now() as f64);
    let free = (0..ds.rows()).filter(|&r| ds.get("state").get(r) == 0.0).count();
    assert_eq!(free as f64, ds.scalar("free_regions"));
    for r in 0..ds.rows() {
        assert!(ds.get("live").get(r) <= ds.get("fill").get(r), "region {r}");
    }
    let victims = (0..ds.rows()).filter(|&r| ds.get("cleaned").get(r) == 1.0).count();
    let outputs = (0..ds.rows()).filter(|&r| ds.get("output").get(r) == 1.0).count();
    assert!(victims > outputs && outputs > 0, "the cleaning gained regions: {victims} victims, {outputs} outputs");
    let objects: f64 = (0..fr.rows()).map(|i| fr.get("live_objects").get(i)).sum();
    assert_eq!(objects, f64::from(sim.db.pages * sim.db.objects_per_page), "every object's newest version");
    let headers = (0..fr.rows()).filter(|&i| fr.get("header").get(i) == 1.0).count();
    assert_eq!(headers, sim.db.pages as usize, "one current header a page");
    let live: f64 = (0..ds.rows()).map(|r| ds.get("live").get(r)).sum();
    let hb = f64::from(sp.header_bytes);
    assert_eq!(live, objects * f64::from(sp.object_bytes) + headers as f64 * hb);
}

/// Under the read-optimized layout the disk-space sections are empty (the view draws homes).
#[test]
fn the_disk_space_sections_are_empty_under_the_read_optimized_layout() {
    let s = scenario::parse("[run]\nduration_s = 1\n").unwrap();
    let e = MobSystem::engine(&s, 1);
    let f = crate::systems::mob::view::frame(e.system(), 0);
    assert_eq!((f.section("disk_space").rows(), f.section("fragments").rows()), (0, 0));
    assert_eq!(f.section("disk_space").scalar("layout"), 0.0);
    assert_eq!(f.section("disk_space").scalar("page_bytes"), 65536.0);
}

/// The costed cleaner: a cleaning queues a read of each victim region, whole, then a write of
/// each region it filled, before the flusher's region write, which waits for them in the FIFO.
/// The magic cleaner queues nothing.
#[test]
fn a_costed_cleaning_reads_its_victims_and_writes_its_outputs_before_the_region_write() {
    use crate::systems::mob::records::RecordKind;
    use crate::systems::mob::RequestKind;
    let text = |cleaner: &str| {
        format!("[run]\nwarmup_s = 30\nwarmup_flusher_passes = 0\nduration_s = 90\n[server]\nlayout = \"write_optimized\"\nmob_mb = 1\n[wo]\ncleaner = \"{cleaner}\"\n")
    };
    let mut e = MobSystem::engine(&scenario::parse(&text("costed")).unwrap(), 3);
    assert!(e.run_until_kind(RecordKind::Cleaning as u8, 200_000_000_000));
    let sim = e.system();
    let sp = &sim.wo.as_ref().unwrap().space;
    let queued: Vec<_> = sim.disk.active().map(|(r, _)| *r).into_iter().chain(sim.disk.queue().iter().copied()).collect();
    let at = queued.iter().position(|r| r.token.kind == RequestKind::Clean).expect("the cleaner's requests are queued");
    let ios = sp.last_victims.len() + sp.last_outputs.len();
    let cleaner: Vec<_> = queued[at..at + ios].iter().collect();
    assert!(cleaner.iter().all(|r| r.token.kind == RequestKind::Clean), "{queued:?}");
    let victims: Vec<u64> = sp.last_victims.iter().map(|&r| sp.region_addr(r)).collect();
    assert_eq!(cleaner[..sp.last_victims.len()].iter().map(|r| r.addr).collect::<Vec<_>>(), victims, "victims read first");
    assert!(cleaner[..sp.last_victims.len()].iter().all(|r| r.len == u64::from(sp.region_bytes)), "each whole");
    let outputs: Vec<u64> = sp.last_outputs.iter().map(|&r| sp.region_addr(r)).collect();
    assert_eq!(cleaner[sp.last_victims.len()..].iter().map(|r| r.addr).collect::<Vec<_>>(), outputs, "then the outputs written");
    assert_eq!(queued[at + ios].token.kind, RequestKind::Write, "then the flusher's region write");

    let mut magic = MobSystem::engine(&scenario::parse(&text("magic")).unwrap(), 3);
    assert!(magic.run_until_kind(RecordKind::Cleaning as u8, 200_000_000_000));
    let sim = magic.system();
    assert!(!sim.disk.queue().iter().chain(sim.disk.active().map(|(r, _)| r)).any(|r| r.token.kind == RequestKind::Clean));
}

/// With run.warmup_flusher_passes = 0 the warm-up is run.warmup_s exactly, under every layout
/// and architecture: the end the lab is told at the start (`warmup_may_wait`) is the end.
#[test]
fn no_flusher_passes_means_the_warm_up_is_its_time_under_every_layout() {
    for set in ["layout = \"write_optimized\"", "layout = \"hybrid\"", "architecture = \"page\""] {
        let text = format!("[run]\nwarmup_s = 20\nwarmup_flusher_passes = 0\nduration_s = 10\n[server]\n{set}\nmob_mb = 1\n");
        let r = crate::experiment::run_seed(&scenario::parse(&text).unwrap(), 1, false).expect("the run ends");
        let s = r.summary.as_mob().unwrap();
        assert_eq!((s.warmup_s, s.warmup_complete), (20.0, true), "{set}");
    }
}
