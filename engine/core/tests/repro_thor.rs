//! Thor0's reproduction targets (Liskov et al., SIGMOD 1996; spec 003 §4.2): each test names the
//! table or claim it checks, with the spec's tolerance. Small-database runs take milliseconds;
//! the medium T1 run, with its 9112 calls and collections, well under a second in release.
//! What the model misses is in `known_misses`, ignored: it fails, and `docs/models.md` says why.
use storelab_core::kernel::time;
use storelab_core::systems::thor::costs::Category;
use storelab_core::systems::thor::experiment::{run, Outcome, Params, Prefetch, Workload};
use storelab_core::workload::oo7::Oo7Size;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=4;

fn cold(size: Oo7Size, w: Workload, prefetch: Prefetch, seed: u64) -> Outcome {
    run(&Params { prefetch, ..Params::paper(size, w) }, seed)
}

fn adaptive() -> Prefetch {
    Params::paper(Oo7Size::Small, Workload::T1).prefetch
}

/// The mean over the seeds of a figure of a cold run.
fn mean(size: Oo7Size, w: Workload, prefetch: Prefetch, f: impl Fn(&Outcome) -> f64) -> f64 {
    SEEDS.map(|s| f(&cold(size, w, prefetch, s))).sum::<f64>() / SEEDS.count() as f64
}

fn within(x: f64, target: f64, tolerance: f64) -> bool {
    (x - target).abs() <= tolerance * target
}

/// R3 (§6.2): cold T1 on the small database prefetches 24.5 KB groups, about 485.2 objects a
/// fetch; ±10%.
#[test]
fn r3_t1_small_fetches_groups_of_485_objects() {
    let n = mean(Oo7Size::Small, Workload::T1, adaptive(), Outcome::mean_group);
    let kb = mean(Oo7Size::Small, Workload::T1, adaptive(), Outcome::mean_group_bytes) / 1024.0;
    assert!(within(n, 485.2, 0.10), "{n:.1} objects a fetch");
    assert!(within(kb, 24.5, 0.10), "{kb:.1} KB a fetch");
}

/// R4 (§6.2): cold T6 on the small database fetches 25.7 objects (about 1434 bytes) a fetch; ±10%.
#[test]
fn r4_t6_small_fetches_groups_of_26_objects() {
    let n = mean(Oo7Size::Small, Workload::T6, adaptive(), Outcome::mean_group);
    assert!(within(n, 25.7, 0.10), "{n:.1} objects a fetch");
}

/// R9 (§6.2): on the mixed traversal the adaptive size averages, 276.1 objects a fetch; ±10%.
#[test]
fn r9_the_mixed_traversal_averages_276_objects() {
    let n = mean(Oo7Size::Small, Workload::TMix, adaptive(), Outcome::mean_group);
    assert!(within(n, 276.1, 0.10), "{n:.1} objects a fetch");
}

/// Adaptive prefetching against a fixed group of 160 objects on the small database: how much
/// faster, and the share of the cache space it takes (the heap's peak, objects and surrogates;
/// spec A20).
fn against_160(w: Workload) -> (f64, f64) {
    let time = |p| mean(Oo7Size::Small, w, p, Outcome::elapsed_s);
    let peak = |p| mean(Oo7Size::Small, w, p, |o| o.counters.peak_bytes as f64);
    (1.0 - time(adaptive()) / time(Prefetch::Fixed(160)), peak(adaptive()) / peak(Prefetch::Fixed(160)))
}

/// R8 (§6.2): against a fixed group of 160 objects (about E/EXODUS's 8 KB page), adaptive
/// prefetching is 32% faster on T6, and 6% faster on T1 with 97% of the space; ±5 points. (T6's
/// 33% of the space is a known miss.)
#[test]
fn r8_adaptive_against_160_objects() {
    let (t6, _) = against_160(Workload::T6);
    let (t1, t1_space) = against_160(Workload::T1);
    assert!((t6 - 0.32).abs() <= 0.05, "T6 {:.1}% faster, the paper's 32%", t6 * 100.0);
    assert!((t1 - 0.06).abs() <= 0.05, "T1 {:.1}% faster, the paper's 6%", t1 * 100.0);
    assert!((t1_space - 0.97).abs() <= 0.05, "T1 {:.1}% of the space, the paper's 97%", t1_space * 100.0);
}

/// Table 2 (§6.4): cold T6 on the medium database takes 14.22 s, 78% of it the disk's: the run is
/// disk-bound. The total within ±10%, and the disk the largest category by far.
#[test]
fn table2_t6_medium_is_disk_bound() {
    let o = cold(Oo7Size::Medium, Workload::T6, adaptive(), 1);
    let total = o.elapsed_s();
    assert!(within(total, 14.22, 0.10), "{total:.2} s");
    assert!(o.seconds(Category::Disk) > 0.6 * total, "disk {:.2} of {total:.2} s", o.seconds(Category::Disk));
    // R12: a segment read for about every composite part visited (about 494) and a few for the
    // assemblies.
    assert!((480..=560).contains(&o.segment_reads), "{} segment reads", o.segment_reads);
}

/// Table 3 and R14, R15, R18 (§6.1, §6.4): cold T1 on the medium database, in 9112 calls and
/// 110 transactions, takes 444.9 s, communication-dominated (57%); from-space averages 7.7 MB
/// before a collection and to-space 1.4 MB after, so only 38% of the 12 MB cache is used on
/// average. Totals ±10%, the cache figures ±15%.
#[test]
fn table3_t1_medium_is_communication_dominated_and_wastes_the_cache() {
    let o = cold(Oo7Size::Medium, Workload::T1, adaptive(), 1);
    let total = o.elapsed_s();
    assert!(within(total, 444.9, 0.10), "{total:.1} s");
    let comm = o.seconds(Category::FetchCommunication);
    assert!(comm > 0.5 * total, "communication {comm:.1} of {total:.1} s");
    assert_eq!(
        (o.counters.calls, o.counters.transactions),
        (9113, 110),
        "9112 calls, the last one's end the traversal's"
    );
    let n = o.collections.len() as f64;
    let from = o.collections.iter().map(|c| c.from_bytes as f64).sum::<f64>() / n / 1_048_576.0;
    let to = o.collections.iter().map(|c| c.to_bytes as f64).sum::<f64>() / n / 1_048_576.0;
    assert!(within(from, 7.7, 0.15), "from-space {from:.2} MB");
    assert!(within(to, 1.4, 0.15), "to-space {to:.2} MB");
    let used = (from + to) / 2.0 / 12.0;
    assert!(within(used, 0.38, 0.15), "{:.0}% of the cache used", used * 100.0);
}

/// R1 (§6.2): a hot traversal needs no fetches and no swizzling: the middle three of five
/// traversals in one transaction run entirely in the cache, T1's and T6's.
#[test]
fn r1_hot_traversals_neither_fetch_nor_swizzle() {
    for w in [Workload::T1, Workload::T6] {
        let p = Params { hot: true, ..Params::paper(Oo7Size::Small, w) };
        let o = run(&p, 1);
        assert_eq!((o.summary.measured_fetches, o.summary.measured_swizzles), (0, 0), "{w:?}");
        assert!(o.summary.traversal_ms > 0.0);
    }
}

/// Table 1 and R11 (§6.3): hot T1 on the small database takes 724 ms, of which concurrency
/// control 120, residency checks 72, exceptions 156 and bounds checks 36. The unit costs are
/// fitted to the table (`costs.rs`), so this checks the counts they multiply: every access, and
/// every access to a mutable object, of the traversal. Bounds checking is "approximately 11%" of
/// the traversal's own time. Each part ±2%.
#[test]
fn table1_hot_t1_small_splits_as_the_paper_does() {
    let p = Params { hot: true, ..Params::paper(Oo7Size::Small, Workload::T1) };
    let s = run(&p, 1).summary.safety;
    for (part, paper) in [
        (s.traversal_ms, 340.0),
        (s.concurrency_control_ms, 120.0),
        (s.residency_checks_ms, 72.0),
        (s.exceptions_ms, 156.0),
        (s.bounds_checks_ms, 36.0),
        (s.total_ms, 724.0),
    ] {
        assert!(within(part, paper, 0.02), "{part:.1} ms against {paper}: {s:?}");
    }
    assert!(within(s.bounds_checks_ms / s.traversal_ms, 0.11, 0.1), "{s:?}");
}

/// R5 and R17 (§6.2, §6.4): the stable log is the mcache in the memory of a primary and a backup.
/// The paper added 29.9 s to cold T2b on the medium database for the primary-to-backup messages;
/// the model sends each commit's modified objects to the backup: ±10%. Its small-database
/// figures (0.1 s for T2a, 0.7 s for T2b) are FE-to-OR commit times that overestimate the
/// backup's, so the model's stay under them. And no commit waits on a disk write (R17), though
/// the flusher installs hundreds of segments during the run.
#[test]
fn r5_r17_t2b_medium_logs_at_a_backup_and_never_waits_for_the_disk() {
    let o = cold(Oo7Size::Medium, Workload::T2b, adaptive(), 1);
    let backup = time::to_s(o.mcache.backup);
    assert!(within(backup, 29.9, 0.10), "backup {backup:.1} s");
    assert_eq!(o.mcache.waits, 0, "{:?}", o.mcache);
    assert!(o.mcache.writes > 100, "{:?}", o.mcache);
    for (w, paper) in [(Workload::T2a, 0.1), (Workload::T2b, 0.7)] {
        let b = time::to_s(cold(Oo7Size::Small, w, adaptive(), 1).mcache.backup);
        assert!(b > 0.0 && b <= paper, "{w:?} small: backup {b:.2} s against {paper}");
    }
}

/// R20 (§6.1): T2c's results equal T2b's. Its repeated updates hit objects the transaction has
/// already modified, so the commits log the same objects; the time differs by the traversal's
/// extra accesses only: within 2%, on the medium database.
#[test]
fn r20_t2c_equals_t2b() {
    let b = cold(Oo7Size::Medium, Workload::T2b, adaptive(), 1);
    let c = cold(Oo7Size::Medium, Workload::T2c, adaptive(), 1);
    assert_eq!(b.mcache.objects, c.mcache.objects);
    assert_eq!(b.counters.transactions, c.counters.transactions);
    assert!(within(c.elapsed_s(), b.elapsed_s(), 0.02), "T2c {:.1} s, T2b {:.1} s", c.elapsed_s(), b.elapsed_s());
}

/// T1 medium's scaled time without shrinking and GC, as a share of its scaled time: the
/// comparison's scaling (spec §3.4) multiplies the FE's CPU by 3 and the OR's by 2.5, and leaves
/// communication and the disk as measured.
fn r16_share(o: &Outcome) -> f64 {
    let fe = [
        Category::Traversal,
        Category::LazySwizzling,
        Category::Commit,
        Category::Shrinking,
        Category::Gc,
        Category::FetchFe,
    ];
    let fe: f64 = fe.iter().map(|&c| o.seconds(c)).sum();
    let scaled = o.elapsed_s() + 2.0 * fe + 1.5 * o.seconds(Category::FetchOr);
    let without = scaled - 3.0 * (o.seconds(Category::Shrinking) + o.seconds(Category::Gc));
    without / scaled
}

/// The targets the model misses (docs/models.md, "Thor0"): run with `--ignored`; it fails.
#[test]
#[ignore]
fn known_misses() {
    let mut misses = Vec::new();
    // R6 (Fig. 7): adaptive no slower than any fixed k in {20, 40, 100, 160, 320, 700}.
    for w in [Workload::T1, Workload::T6] {
        let a = mean(Oo7Size::Small, w, adaptive(), Outcome::elapsed_s);
        for k in [20, 40, 100, 160, 320, 700] {
            let f = mean(Oo7Size::Small, w, Prefetch::Fixed(k), Outcome::elapsed_s);
            if a > f {
                misses.push(format!("R6 {w:?}: adaptive {a:.2} s, k = {k} {f:.2} s"));
            }
        }
    }
    // R9: the best fixed k for the mixed traversal is about 100, adaptive within about 8% of it.
    let times: Vec<(u32, f64)> = [20, 40, 100, 160, 320, 700]
        .map(|k| (k, mean(Oo7Size::Small, Workload::TMix, Prefetch::Fixed(k), Outcome::elapsed_s)))
        .into();
    let best = times.iter().copied().fold((0, f64::INFINITY), |b, x| if x.1 < b.1 { x } else { b });
    let a = mean(Oo7Size::Small, Workload::TMix, adaptive(), Outcome::elapsed_s);
    if best.0 != 100 || a > 1.08 * best.1 * 1.05 {
        misses.push(format!("R9: best fixed k = {} ({:.2} s), adaptive {a:.2} s", best.0, best.1));
    }
    // R10: with behaviour that changes slowly (phases of 200 composite-part visits, T1 then T6),
    // adaptive beats the best fixed k.
    let phased = |prefetch| mean(Oo7Size::Small, Workload::TPhases, prefetch, Outcome::elapsed_s);
    let best = [20, 40, 100, 160, 320, 700]
        .map(|k| (k, phased(Prefetch::Fixed(k))))
        .into_iter()
        .fold((0, f64::INFINITY), |b, x| if x.1 < b.1 { x } else { b });
    let a = phased(adaptive());
    if a > best.1 {
        misses.push(format!("R10: adaptive {a:.2} s, best fixed k = {} {:.2} s", best.0, best.1));
    }
    // R8: T6 with 33% of the space k = 160 takes; ±5 points.
    let (_, space) = against_160(Workload::T6);
    if (space - 0.33).abs() > 0.05 {
        misses.push(format!("R8 T6: {:.1}% of the space", space * 100.0));
    }
    // R5: the paper's 3.6 s estimate of T2a medium's backup messages; ±10%.
    let backup = time::to_s(cold(Oo7Size::Medium, Workload::T2a, adaptive(), 1).mcache.backup);
    if !within(backup, 3.6, 0.10) {
        misses.push(format!("R5 T2a medium: backup {backup:.2} s"));
    }
    // R16 (§6.4), with R14: without shrinking and GC, T1 medium 21% better than E/EXODUS, which
    // Thor0 trails by 5%: together a claim about Thor0 alone (E/EXODUS's time is not in the
    // paper, spec A21), that at the comparison's scaling it takes 0.79 / 1.05 = 75% of its time
    // without them (Table 3: 540.2 of 716.6 s); ±3 points.
    let r = r16_share(&cold(Oo7Size::Medium, Workload::T1, adaptive(), 1));
    if (r - 0.79 / 1.05).abs() > 0.03 / 1.05 {
        misses.push(format!("R16: T1 medium without shrinking and GC {:.1}% of its scaled time (75.4%)", 100.0 * r));
    }
    // R15: 54 collections; ±15%.
    let o = cold(Oo7Size::Medium, Workload::T1, adaptive(), 1);
    if !within(o.collections.len() as f64, 54.0, 0.15) {
        misses.push(format!("R15: {} collections", o.collections.len()));
    }
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}
