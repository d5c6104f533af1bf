//! Reproduction of HAC's miss-rate results (§4.2; spec §6) by driving OO7 traversals through
//! the caches (`systems::hac::experiment`) and by timed runs of the system. Each test names its
//! table or figure; docs/models.md has the measured values. Run in release: `cargo test
//! --release -p storelab-core --test repro_hac`. A miss is in `known_misses`, which is ignored
//! by default and fails when run.
use storelab_core::scenario;
use storelab_core::systems::hac::baselines::quickstore::MAPPING_FETCH_PROB;
use storelab_core::systems::hac::cache::HacParams;
use storelab_core::systems::hac::experiment::{
    cache, dynamic_misses, frames, pages_of, run, zero_miss_frames, Measured, Policy, Start,
};
use storelab_core::systems::hac::metrics::Summary;
use storelab_core::systems::Simulation;
use storelab_core::workload::oo7::{Footprint, Oo7Database, Oo7Params, TraversalKind};

const MB: f64 = 1048576.0;

fn cold(db: &Oo7Database, policy: &Policy, mb: f64, kind: TraversalKind) -> Measured {
    let pages = pages_of(db);
    run(db, cache(policy, frames(mb), db, &pages, 1).as_mut(), kind, Start::Cold)
}

/// `value` within `tolerance` (a fraction) of the paper's `target`.
fn near(value: f64, target: f64, tolerance: f64) -> bool {
    (value - target).abs() <= tolerance * target
}

/// A run of the HAC system with scenario sections `body` and seed `seed`, and its summary.
fn run_system(body: &str, seed: u64) -> (Simulation, Summary) {
    let text = format!("[meta]\ntitle = \"t\"\n\n[system]\nkind = \"hac\"\n\n{body}");
    let s = scenario::parse(&text).unwrap_or_else(|e| panic!("{e:#?}"));
    let mut sim = Simulation::new(&s, seed);
    sim.set_tracing(true);
    sim.run();
    let summary = serde_json::from_value(serde_json::to_value(sim.summary()).unwrap()).unwrap();
    (sim, summary)
}

fn medium() -> &'static Oo7Database {
    static DB: std::sync::OnceLock<Oo7Database> = std::sync::OnceLock::new();
    DB.get_or_init(|| Oo7Database::generate(&Oo7Params::default(), 1))
}

fn hac() -> Policy {
    Policy::Hac(HacParams::default())
}

/// Table 2, cold T6 on the medium database: every miss is compulsory, so HAC (7.7 MB) and FPC
/// (9.4 MB) both fetch each page T6 touches once (paper: 506); QuickStore (12 MB) fetches
/// mapping objects too (paper: 610, which calibrates its mapping-fetch probability).
#[test]
fn table_2_cold_t6() {
    let db = medium();
    let touched = Footprint::of(db, TraversalKind::T6).pages;
    let (h, f) = (cold(db, &hac(), 7.7, TraversalKind::T6), cold(db, &Policy::Fpc, 9.4, TraversalKind::T6));
    assert_eq!((h.fetches, f.fetches), (touched, touched));
    assert!(near(touched as f64, 506.0, 0.02), "{touched} pages, paper 506");
    let q = cold(db, &Policy::QuickStore { mapping_fetch_prob: MAPPING_FETCH_PROB }, 12.0, TraversalKind::T6);
    assert!(near(q.fetches as f64, 610.0, 0.05), "QuickStore {} fetches, paper 610", q.fetches);
}

/// Table 2, cold T1: "HAC has 24% fewer fetches than FPC, because it has 38% fewer capacity
/// misses (there are 3662 cold cache misses)" (§4.2.2; ratios larger/smaller, spec §0.2), and
/// QuickStore misses more than FPC (13,216 against 12,773). The absolute counts land about 13%
/// below the paper's 10,266 and 12,773 (spec §9, erratum 4; docs/models.md).
#[test]
fn table_2_cold_t1() {
    let db = medium();
    let compulsory = Footprint::of(db, TraversalKind::T1).pages as f64;
    let h = cold(db, &hac(), 7.7, TraversalKind::T1).fetches as f64;
    let f = cold(db, &Policy::Fpc, 9.4, TraversalKind::T1).fetches as f64;
    let q = cold(db, &Policy::QuickStore { mapping_fetch_prob: MAPPING_FETCH_PROB }, 12.0, TraversalKind::T1).fetches
        as f64;
    assert!(near(f / h, 1.244, 0.1), "FPC/HAC {:.3} ({f} / {h}), paper 1.244", f / h);
    let capacity = (f - compulsory) / (h - compulsory);
    assert!(near(capacity, 1.38, 0.1), "capacity misses FPC/HAC {capacity:.3}, paper 1.38");
    assert!(q > f && q / f < 1.15, "QuickStore {q} against FPC {f}, paper 13,216 against 12,773");
    assert!(near(h, 10_266.0, 0.2) && near(f, 12_773.0, 0.2), "HAC {h}, FPC {f}");
}

/// §4.2.2: in cold T1 the indirection table adds 55% to HAC's cache, almost every cached object
/// being installed, and 27% to FPC's, about half of them installed.
#[test]
fn section_4_2_2_indirection_table_overhead() {
    let db = medium();
    let overhead = |m: Measured| m.peak_table_bytes as f64 / m.frame_bytes as f64;
    let h = overhead(cold(db, &hac(), 7.7, TraversalKind::T1));
    let f = overhead(cold(db, &Policy::Fpc, 9.4, TraversalKind::T1));
    assert!((h - 0.55).abs() <= 0.05, "HAC's table {h:.3} of its cache, paper 0.55");
    assert!((f - 0.27).abs() <= 0.05, "FPC's table {f:.3} of its cache, paper 0.27");
}

/// §4.2.3 and §4.3: to run hot with no misses HAC needs 20 times less memory than FPC on T6,
/// 2.5 times less on T1− and 62% less on T1 (read as FPC/HAC = 1.62, spec A29); at that size
/// HAC packs every object T6 touches into 19 frames. Memory is frames plus the table.
#[test]
fn section_4_2_3_memory_for_no_misses() {
    let db = medium();
    let pages = pages_of(db);
    let ratio = |kind| {
        let (hac_frames, h) = zero_miss_frames(db, &pages, &hac(), kind);
        let (_, f) = zero_miss_frames(db, &pages, &Policy::Fpc, kind);
        (hac_frames, f.memory_bytes() as f64 / h.memory_bytes() as f64)
    };
    let (t6_frames, t6) = ratio(TraversalKind::T6);
    assert!(near(t6_frames as f64, 19.0, 0.25), "T6 in {t6_frames} frames, paper 19");
    assert!(near(t6, 20.0, 0.25), "T6: FPC/HAC {t6:.2}, paper 20");
    let (_, minus) = ratio(TraversalKind::T1Minus);
    assert!(near(minus, 2.5, 0.2), "T1−: FPC/HAC {minus:.2}, paper 2.5");
    let (_, t1) = ratio(TraversalKind::T1);
    assert!(near(t1, 1.62, 0.15), "T1: FPC/HAC {t1:.2}, paper 1.62");
}

/// Figure 5 (hot misses against cache size): on T1− both caches miss a lot when tiny, HAC far
/// less in the middle (the paper: FPC 11,192 fetches where HAC has none), both none when every
/// page fits; on T1+, whose pages the traversal uses almost whole, the curves coincide. (At
/// 24 MB, near the size where both stop missing, HAC misses 23% less than FPC on T1+: the pages
/// holding documents, which T1+ never reads, are compacted away; docs/models.md.)
#[test]
fn figure_5_shapes() {
    let db = medium();
    let pages = pages_of(db);
    let hot = |policy: &Policy, mb: f64, kind| {
        run(db, cache(policy, frames(mb), db, &pages, 1).as_mut(), kind, Start::Hot).fetches as f64
    };
    let minus = TraversalKind::T1Minus;
    let (h, f) = (hot(&hac(), 0.5, minus), hot(&Policy::Fpc, 0.5, minus));
    assert!(h > 10_000.0 && f > 10_000.0, "both miss in a tiny cache: HAC {h}, FPC {f}");
    let (h, f) = (hot(&hac(), 8.0, minus), hot(&Policy::Fpc, 8.0, minus));
    assert!(h * 10.0 < f && f > 10_000.0, "the middle: HAC {h}, FPC {f} (paper: 0 against 11,192)");
    assert_eq!((hot(&hac(), 32.0, minus), hot(&Policy::Fpc, 32.0, minus)), (0.0, 0.0));
    for mb in [1.0, 4.0, 12.0, 16.0] {
        let (h, f) = (hot(&hac(), mb, TraversalKind::T1Plus), hot(&Policy::Fpc, mb, TraversalKind::T1Plus));
        assert!(near(h, f, 0.05), "T1+ at {mb} MB: HAC {h}, FPC {f}");
    }
}

/// §4.5: "HAC had zero replacement overhead" in every experiment, because freeing a frame takes
/// less than the fetch it overlaps; Figure 9: that work, as a fraction of fetch time, grows with
/// clustering quality (T6 < T1− < T1 < T1+ at their worst cache sizes). The costs are fitted to
/// three of Figure 9's four fractions (docs/models.md), so only the ordering and T6 are checks.
#[test]
fn section_4_5_background_replacement_hides_behind_the_fetch() {
    let db = medium();
    let pages = pages_of(db);
    let mut fractions = Vec::new();
    for (kind, mb) in FIGURE_9 {
        let frames = frames_for_memory(db, &pages, kind, mb);
        let traversal = format!("{kind:?}").to_lowercase().replace("minus", "_minus").replace("plus", "_plus");
        let text = format!(
            "[system]\nkind = \"hac\"\n[workload]\ntraversal = \"{traversal}\"\nstart = \"hot\"\n[client]\ncache_mb = {}\n",
            frames as f64 * 8192.0 / MB
        );
        let s = scenario::parse(&text).unwrap();
        let mut sim = Simulation::new(&s, 1);
        sim.run();
        let m: Summary = serde_json::from_value(serde_json::to_value(sim.summary()).unwrap()).unwrap();
        assert!(m.fetches > 0 && m.replacement_work_s > 0.0, "{kind:?}: {m:?}");
        assert_eq!(m.replacement_time_s, 0.0, "{kind:?}: background replacement outlasted a fetch");
        fractions.push(m.replacement_work_s / m.fetch_time_s);
    }
    assert!(fractions.windows(2).all(|w| w[0] < w[1]), "replacement / fetch time by traversal: {fractions:?}");
    assert!((fractions[2] - 0.16).abs() < 0.03, "T1 (a fitted point): {:.3}", fractions[2]);
}

/// Not a test: prints the values docs/models.md reports.
/// `cargo test --release -p storelab-core --test repro_hac print_reproduction -- --ignored --nocapture`
#[test]
#[ignore]
fn print_reproduction() {
    let db = Oo7Database::generate(&Oo7Params::default(), 1);
    let pages = pages_of(&db);
    let hac = Policy::Hac(HacParams::default());
    let qs = Policy::QuickStore { mapping_fetch_prob: MAPPING_FETCH_PROB };
    for kind in [TraversalKind::T6, TraversalKind::T1] {
        let (h, f, q) = (cold(&db, &hac, 7.7, kind), cold(&db, &Policy::Fpc, 9.4, kind), cold(&db, &qs, 12.0, kind));
        println!(
            "Table 2 {kind:?}: HAC {} (table {:.0}%), FPC {} (table {:.0}%), QuickStore {}, pages touched {}",
            h.fetches,
            100.0 * h.peak_table_bytes as f64 / h.frame_bytes as f64,
            f.fetches,
            100.0 * f.peak_table_bytes as f64 / f.frame_bytes as f64,
            q.fetches,
            Footprint::of(&db, kind).pages
        );
    }
    for kind in [TraversalKind::T6, TraversalKind::T1Minus, TraversalKind::T1, TraversalKind::T1Plus] {
        let (hf, hm) = zero_miss_frames(&db, &pages, &hac, kind);
        let (ff, fm) = zero_miss_frames(&db, &pages, &Policy::Fpc, kind);
        println!(
            "zero misses {kind:?}: HAC {hf} frames, {:.2} MB with its table; FPC {ff} frames, {:.2} MB; FPC/HAC {:.2}",
            hm.memory_bytes() as f64 / MB,
            fm.memory_bytes() as f64 / MB,
            fm.memory_bytes() as f64 / hm.memory_bytes() as f64
        );
    }
    for kind in [TraversalKind::T6, TraversalKind::T1Minus, TraversalKind::T1, TraversalKind::T1Plus] {
        let mut line = format!("Fig. 5 {kind:?} hot misses by MB (HAC/FPC):");
        for mb in [0.5, 1.0, 2.0, 4.0, 8.0, 12.0, 16.0, 24.0, 32.0] {
            let h = run(&db, cache(&hac, frames(mb), &db, &pages, 1).as_mut(), kind, Start::Hot);
            let f = run(&db, cache(&Policy::Fpc, frames(mb), &db, &pages, 1).as_mut(), kind, Start::Hot);
            line += &format!(" {mb}: {}/{}", h.fetches, f.fetches);
        }
        println!("{line}");
    }
}

/// Not a test: per fetch, the work replacement and conversion do at Figure 9's points (hot T6 at
/// 0.16 MB, T1− at 5 MB, T1 at 12 MB, T1+ at 20 MB of cache plus table), to fit their costs to
/// its fractions (docs/models.md).
/// `cargo test --release -p storelab-core --test repro_hac print_figure_9_work -- --ignored --nocapture`
#[test]
#[ignore]
fn print_figure_9_work() {
    use storelab_core::systems::hac::cache::HacCache;
    use storelab_core::workload::oo7::Traversal;
    let db = medium();
    let pages = pages_of(db);
    for (kind, mb) in FIGURE_9 {
        let frames = frames_for_memory(db, &pages, kind, mb);
        let mut cache = HacCache::new(HacParams { frames, ..HacParams::default() }, pages.clone());
        // The first traversal warms the cache (cold), the second is Figure 9's (hot).
        for _ in 0..2 {
            let before = cache.stats.clone();
            let mut walk = Traversal::new(db, kind);
            while let Some(a) = walk.next() {
                cache.access_with_stack(a.object, a.write, || walk.path_objects().collect());
            }
            let s = &cache.stats;
            let fetches = (s.fetches - before.fetches).max(1) as f64;
            let per = |now: u64, then: u64| (now - then) as f64 / fetches;
            println!(
                "{kind:?} at {mb} MB ({frames} frames): {} fetches; per fetch {:.0} objects scanned, {:.0} B moved, {:.1} discarded, {:.1} installs",
                s.fetches - before.fetches,
                per(s.objects_scanned, before.objects_scanned),
                per(s.bytes_moved, before.bytes_moved),
                per(s.objects_discarded, before.objects_discarded),
                per(s.installs, before.installs),
            );
        }
    }
}

/// Figure 9's points: the cache (with its table) where HAC's replacement costs most (spec §6
/// row 18).
const FIGURE_9: [(TraversalKind, f64); 4] = [
    (TraversalKind::T6, 0.16),
    (TraversalKind::T1Minus, 5.0),
    (TraversalKind::T1, 12.0),
    (TraversalKind::T1Plus, 20.0),
];

/// HAC's frames whose memory with the table at its largest, hot, is about `mb`.
fn frames_for_memory(
    db: &Oo7Database,
    pages: &storelab_core::systems::hac::cache::Pages,
    kind: TraversalKind,
    mb: f64,
) -> u32 {
    let mut f = frames(mb);
    for _ in 0..3 {
        let m = run(db, cache(&hac(), f, db, pages, 1).as_mut(), kind, Start::Hot);
        let table_share = m.peak_table_bytes as f64 / m.frame_bytes as f64;
        f = frames(mb / (1.0 + table_share)).max(4);
    }
    f
}

/// The small database with 4 KB pages, in Thor's format and in GOM's (Figure 7, §4.2.4).
fn small_4k() -> &'static (Oo7Database, Oo7Database) {
    static DBS: std::sync::OnceLock<(Oo7Database, Oo7Database)> = std::sync::OnceLock::new();
    DBS.get_or_init(|| {
        let thor =
            Oo7Params { size: storelab_core::workload::oo7::Oo7Size::Small, page_bytes: 4096, ..Oo7Params::default() };
        (Oo7Database::generate(&thor, 1), Oo7Database::generate(&thor.gom_sized(), 1))
    })
}

/// Figure 7 (§4.2.4), cold T1 on the small database with 4 KB pages: HAC misses less than GOM at
/// every cache size although GOM's split is tuned for each; so does HAC-BIG, HAC on GOM's larger
/// objects; HAC misses no more than HAC-BIG (the gap is object size); and even FPC, a page cache
/// with HAC's small objects, misses less than GOM. (The paper's sizes, 4.7 MB for GOM and 3.9 MB
/// for HAC-BIG to hold every object T1 uses, are in docs/models.md beside ours.)
#[test]
fn figure_7_hac_beats_gom_at_every_size() {
    use storelab_core::systems::hac::experiment::gom_tuned;
    let (thor, gom) = small_4k();
    let (thor_pages, gom_pages) = (pages_of(thor), pages_of(gom));
    for mb in [1.0, 2.0, 3.0, 4.7] {
        let f = (mb * MB / 4096.0) as u32;
        let cold = |db: &Oo7Database, pages: &storelab_core::systems::hac::cache::Pages, policy: &Policy| {
            run(db, cache(policy, f, db, pages, 1).as_mut(), TraversalKind::T1, Start::Cold).fetches
        };
        let (h, big, fpc) =
            (cold(thor, &thor_pages, &hac()), cold(gom, &gom_pages, &hac()), cold(thor, &thor_pages, &Policy::Fpc));
        let g = gom_tuned(gom, &gom_pages, f, TraversalKind::T1, Start::Cold).0.fetches;
        assert!(h < g && big < g && h <= big && fpc < g, "{mb} MB: HAC {h}, HAC-BIG {big}, FPC {fpc}, GOM {g}");
    }
}

/// Not a test: Figure 7's curves, cold T1 misses of the small database with 4 KB pages.
/// `cargo test --release -p storelab-core --test repro_hac print_figure_7 -- --ignored --nocapture`
#[test]
#[ignore]
fn print_figure_7() {
    use storelab_core::systems::hac::experiment::gom_tuned;
    let (thor, gom) = small_4k();
    let (thor_pages, gom_pages) = (pages_of(thor), pages_of(gom));
    println!(
        "pages: Thor format {} ({:.2} MB), GOM format {} ({:.2} MB); T1 touches {} / {}",
        thor.pages,
        thor.bytes() as f64 / MB,
        gom.pages,
        gom.bytes() as f64 / MB,
        Footprint::of(thor, TraversalKind::T1).pages,
        Footprint::of(gom, TraversalKind::T1).pages
    );
    let frames = |mb: f64| (mb * MB / 4096.0) as u32;
    for mb in [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 3.9, 4.2, 4.7, 5.5] {
        let f = frames(mb);
        let hac_m = run(thor, cache(&hac(), f, thor, &thor_pages, 1).as_mut(), TraversalKind::T1, Start::Cold).fetches;
        let big = run(gom, cache(&hac(), f, gom, &gom_pages, 1).as_mut(), TraversalKind::T1, Start::Cold).fetches;
        let fpc =
            run(thor, cache(&Policy::Fpc, f, thor, &thor_pages, 1).as_mut(), TraversalKind::T1, Start::Cold).fetches;
        let (g, split) = gom_tuned(gom, &gom_pages, f, TraversalKind::T1, Start::Cold);
        println!("{mb} MB: HAC {hac_m}, HAC-BIG {big}, FPC {fpc}, GOM {} (page buffer {split})", g.fetches);
    }
}

/// A hot run of the system (timed) with `client` settings, and its summary.
fn hot_system(traversal: &str, client: &str) -> Summary {
    let text = format!(
        "[system]\nkind = \"hac\"\n[workload]\ntraversal = \"{traversal}\"\nstart = \"hot\"\n[client]\n{client}\n"
    );
    let s = scenario::parse(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut sim = Simulation::new(&s, 1);
    sim.run();
    serde_json::from_value(serde_json::to_value(sim.summary()).unwrap()).unwrap()
}

/// Figure 12 (§4.5), hot elapsed times: at the smallest cache where HAC has no misses, HAC-FG
/// (replacement in the foreground) is about 2,400 times faster than FPC-NO (a page cache without
/// replacement or conversion costs) on T6, 23 times on T1− and 10 times on T1. FPC-NO runs with
/// the same frames. (docs/models.md has the measured ratios.)
#[test]
fn figure_12_peak_ratios() {
    let db = medium();
    let pages = pages_of(db);
    for (kind, name, paper) in
        [(TraversalKind::T6, "t6", 2400.0), (TraversalKind::T1Minus, "t1_minus", 23.0), (TraversalKind::T1, "t1", 10.0)]
    {
        let (frames, _) = zero_miss_frames(db, &pages, &hac(), kind);
        let mb = frames as f64 * 8192.0 / MB;
        let fg = hot_system(name, &format!("cache_mb = {mb}\nreplacement = \"foreground\""));
        let no = hot_system(name, &format!("cache_mb = {mb}\npolicy = \"fpc\"\ninstall_us = 0"));
        let ratio = no.elapsed_s / fg.elapsed_s;
        assert_eq!(fg.fetches, 0);
        assert!(
            near(ratio, paper, 0.2),
            "{kind:?} at {frames} frames: FPC-NO {:.2} s over HAC-FG {:.4} s = {ratio:.0}×, paper {paper}×",
            no.elapsed_s,
            fg.elapsed_s
        );
    }
}

/// Table 1 (§4.1.2): performance improves monotonically with the retention fraction R, and with
/// the candidate-set epochs E until it flattens; within the stable ranges (R 0.67–0.9, E 10–500)
/// it stays within 10% of the chosen values'. Hot T1− at 5 MB, one of the tuning workloads, in the
/// middle of Figure 5 where replacement matters; misses stand for time (each costs a fetch). At
/// E = 500 the misses are 0.9% above E = 100's: flat, not quite monotone (docs/models.md).
#[test]
fn table_1_misses_fall_as_r_and_e_grow() {
    let db = medium();
    let pages = pages_of(db);
    let misses = |params: HacParams| {
        run(db, cache(&Policy::Hac(params), frames(5.0), db, &pages, 1).as_mut(), TraversalKind::T1Minus, Start::Hot)
            .fetches
    };
    let by_r: Vec<u64> = [(1, 2), (2, 3), (4, 5), (9, 10)]
        .iter()
        .map(|&(num, den)| {
            misses(HacParams {
                retention: storelab_core::systems::hac::cache::Retention { num, den },
                ..HacParams::default()
            })
        })
        .collect();
    assert!(by_r.windows(2).all(|w| w[1] <= w[0]), "misses for R = 1/2, 2/3, 4/5, 9/10: {by_r:?}");
    let by_e: Vec<u64> =
        [1, 10, 20, 100, 500].iter().map(|&epochs| misses(HacParams { epochs, ..HacParams::default() })).collect();
    assert!(
        by_e[1..].iter().all(|&m| m < by_e[0]) && by_e[1] >= by_e[2],
        "misses for E = 1, 10, 20, 100, 500: {by_e:?}"
    );
    let chosen = |values: &[u64], i: usize| values.iter().all(|&m| near(m as f64, values[i] as f64, 0.1));
    assert!(chosen(&by_e[1..], 1), "E from 10 to 500 within 10% of E = 20: {by_e:?}");
    assert!(chosen(&by_r[1..], 0), "R from 2/3 to 9/10 within 10% of R = 2/3: {by_r:?}");
}

/// Table 1 (§4.1.2), N and S: "performance is monotonic" in the secondary pointers N for T1−, T1
/// and the dynamic traversal, and replacement overhead "increases quickly with S". Hot T1− at
/// 5 MB and the dynamic traversal (80/20) at 12 MB for N; for S, the replacement work per fetch
/// the system's cost model counts, on hot T1− at 5 MB. (The shifting traversal on which N > 2
/// hurts is not specified, spec A24: not reproduced.)
#[test]
fn table_1_more_secondary_pointers_help_and_more_frames_scanned_cost() {
    let db = medium();
    let pages = pages_of(db);
    let hac = |secondaries| Policy::Hac(HacParams { secondaries, ..HacParams::default() });
    let t1_minus: Vec<u64> = [0, 1, 2, 4, 8, 20]
        .iter()
        .map(|&n| {
            run(db, cache(&hac(n), frames(5.0), db, &pages, 1).as_mut(), TraversalKind::T1Minus, Start::Hot).fetches
        })
        .collect();
    assert!(t1_minus.windows(2).all(|w| w[1] <= w[0]), "T1− misses for N = 0, 1, 2, 4, 8, 20: {t1_minus:?}");
    let mix = storelab_core::workload::oo7::dynamic::Mix::MostlyT1Minus;
    let dynamic: Vec<u64> = [0, 2, 8, 20].iter().map(|&n| dynamic_misses(&hac(n), 12.0, mix)).collect();
    assert!(dynamic.windows(2).all(|w| w[1] <= w[0]), "dynamic misses for N = 0, 2, 8, 20: {dynamic:?}");
    let work_per_fetch = |s: u32| {
        let body = format!(
            "[workload]\ntraversal = \"t1_minus\"\nstart = \"hot\"\n[client]\ncache_mb = 5\nscan_frames = {s}\n"
        );
        let (_, summary) = run_system(&body, 1);
        summary.replacement_work_s / summary.fetches as f64
    };
    let by_s: Vec<f64> = [2, 3, 5, 10, 20].iter().map(|&s| work_per_fetch(s)).collect();
    assert!(by_s.windows(2).all(|w| w[1] > w[0]), "replacement work per fetch for S = 2, 3, 5, 10, 20: {by_s:?}");
    assert!(by_s[4] > 4.0 * by_s[1], "S = 20 costs far more than S = 3: {by_s:?}");
}

/// Figure 13's FPC-NO over HAC-FG elapsed time on the dynamic traversal (80/20), seed 1, at the
/// memory of HAC-FG with each of `hac_mb` MB of frames. The x axis is the client's memory, frames
/// plus the indirection table (§4.2.3, as Figure 5's): at the same memory FPC, with the smaller
/// table, has more frames. So FPC-NO, run at each of `fpc_mb`, is interpolated at HAC-FG's memory.
fn figure_13_ratios(hac_mb: &[f64], fpc_mb: &[f64]) -> Vec<(f64, f64)> {
    let run = |mb: f64, client: &str| {
        let body = format!(
            "[workload]\ntraversal = \"dynamic\"\n[run]\nduration_s = 3600\n[client]\ncache_mb = {mb}\n{client}\n"
        );
        let (_, s) = run_system(&body, 1);
        assert!(s.traversal_complete, "{mb} MB, {client}");
        (s.memory_mb, s.elapsed_s)
    };
    let fpc_no: Vec<(f64, f64)> = fpc_mb.iter().map(|&mb| run(mb, "policy = \"fpc\"\ninstall_us = 0")).collect();
    hac_mb
        .iter()
        .map(|&mb| {
            let (memory, hac_fg) = run(mb, "replacement = \"foreground\"");
            let w = fpc_no.windows(2).find(|w| w[0].0 <= memory && memory <= w[1].0).expect("bracketed");
            let fpc = w[0].1 + (w[1].1 - w[0].1) * (memory - w[0].0) / (w[1].0 - w[0].0);
            (memory, fpc / hac_fg)
        })
        .collect()
}

/// Figure 13 (§4.5): on the dynamic traversal (80/20), HAC-FG is faster than FPC-NO once the cache
/// is past the smallest sizes. The paper's peak is 1.61×; the model's is about 1.9× near 25 MB
/// (`known_misses`).
#[test]
fn figure_13_hac_fg_beats_fpc_no_on_the_dynamic_traversal() {
    let ratios = figure_13_ratios(&[8.0, 12.0, 16.0], &[8.0, 12.0, 16.0, 20.0, 24.0]);
    assert!(ratios.iter().all(|&(_, r)| r > 1.0), "FPC-NO / HAC-FG at (MB, ratio): {ratios:.2?}");
}

#[test]
#[ignore = "a known miss, reported in docs/models.md: run with --ignored to see it fail"]
fn known_misses() {
    // Figure 13: "HAC-FG performs up to 61% faster than FPC-NO" (spec §6 #23): the peak within 10%.
    // `cargo test --release -p storelab-core --test repro_hac known_misses -- --ignored`.
    let ratios = figure_13_ratios(&[12.0, 14.0, 16.0, 18.0, 20.0], &[12.0, 16.0, 20.0, 24.0, 28.0, 32.0]);
    let peak = ratios.iter().map(|&(_, r)| r).fold(0.0, f64::max);
    assert!((peak / 1.61 - 1.0).abs() <= 0.1, "Figure 13's peak {peak:.2} (paper 1.61) at (MB, ratio): {ratios:.2?}");
}

/// Figure 6 (§4.2.3), the dynamic traversal with 80% of its accesses from T1− operations: like
/// Figure 5, HAC misses far less than FPC in the middle sizes (here less than half); when every
/// operation is a T1+, which uses whole pages, the two are about the same (within 10%; at 32 MB
/// HAC misses 12% more: docs/models.md).
#[test]
fn figure_6_dynamic_traversal() {
    use storelab_core::workload::oo7::dynamic::Mix;
    for mb in [12.0, 16.0] {
        let (h, f) =
            (dynamic_misses(&hac(), mb, Mix::MostlyT1Minus), dynamic_misses(&Policy::Fpc, mb, Mix::MostlyT1Minus));
        assert!(2 * h < f, "80/20 at {mb} MB: HAC {h}, FPC {f}");
    }
    for mb in [8.0, 16.0, 24.0] {
        let (h, f) = (dynamic_misses(&hac(), mb, Mix::AllT1Plus), dynamic_misses(&Policy::Fpc, mb, Mix::AllT1Plus));
        assert!(near(h as f64, f as f64, 0.1), "all T1+ at {mb} MB: HAC {h}, FPC {f}");
    }
}

/// Not a test: Figure 6's curves.
/// `cargo test --release -p storelab-core --test repro_hac print_figure_6 -- --ignored --nocapture`
#[test]
#[ignore]
fn print_figure_6() {
    use storelab_core::workload::oo7::dynamic::Mix;
    for mix in [Mix::MostlyT1Minus, Mix::AllT1Plus] {
        for mb in [4.0, 8.0, 12.0, 16.0, 24.0, 32.0] {
            println!(
                "{mix:?} {mb} MB: HAC {}, FPC {}",
                dynamic_misses(&hac(), mb, mix),
                dynamic_misses(&Policy::Fpc, mb, mix)
            );
        }
    }
}
