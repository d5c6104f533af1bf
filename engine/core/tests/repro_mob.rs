//! Reproduction of the MOB thesis's results (Ghemawat 1995, Chapter 4; targets from spec
//! 000-mob.md §6). Each test names its figure or table. Run in release: `cargo test --release -p storelab-core
//! --test repro_mob`. Misses are in `known_misses`, which is ignored by default and fails when
//! run: docs/models.md reports them.
use storelab_core::experiment;
use storelab_core::scenario::{self, set_number, sweep_points, Scenario};
use storelab_core::systems::mob::metrics::Summary;

fn load(name: &str) -> Scenario {
    let path = format!("{}/../../scenarios/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    scenario::parse(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

fn with(s: &Scenario, sets: &[(&str, f64)]) -> Scenario {
    let mut s = s.clone();
    s.sweep = None;
    for &(path, v) in sets {
        s = set_number(&s, path, v).unwrap();
    }
    s
}

/// Summaries of `s` for seeds meta.seed .. meta.seed + n.
fn runs(s: &Scenario, n: u64) -> Vec<Summary> {
    (0..n)
        .map(|i| {
            experiment::run_seed(s, s.meta.seed + i, false)
                .expect("the run ends")
                .summary
                .as_mob()
                .expect("a MOB run")
                .clone()
        })
        .collect()
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = xs.collect();
    v.iter().sum::<f64>() / v.len() as f64
}

fn tps(s: &Scenario, seeds: u64) -> f64 {
    mean(runs(s, seeds).iter().map(|r| r.throughput_tps))
}

/// `runs` of each scenario, the scenarios in parallel.
fn runs_each(points: &[Scenario], seeds: u64) -> Vec<Vec<Summary>> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = points.iter().map(|p| scope.spawn(move || runs(p, seeds))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// Mean throughput of each scenario over `seeds`, the scenarios in parallel.
fn tps_each(points: &[Scenario], seeds: u64) -> Vec<f64> {
    runs_each(points, seeds).iter().map(|r| mean(r.iter().map(|x| x.throughput_tps))).collect()
}

/// Mean throughput of `s` at each value of the numeric field `path`.
fn tps_over(s: &Scenario, path: &str, values: &[f64], seeds: u64) -> Vec<f64> {
    let points: Vec<Scenario> = values.iter().map(|&v| with(s, &[(path, v)])).collect();
    tps_each(&points, seeds)
}

fn decreasing(xs: &[f64]) -> bool {
    xs.windows(2).all(|w| w[1] < w[0])
}

/// `figure`'s RO claim that throughput falls as `path` takes `values` (2 seeds a point).
fn assert_falls(figure: &str, scenario: &str, path: &str, values: &[f64]) {
    let t = tps_over(&load(scenario), path, values, 2);
    eprintln!("{figure}: {t:.1?} tx/s at {path} = {values:?}");
    assert!(decreasing(&t), "{figure}: {t:?}");
}

#[test]
fn fig_4_1_a_12_mb_mob_more_than_triples_read_optimized_throughput() {
    // R1.1 / R4.1: "the MOB improves RO throughput by more than 200%" from a 1 MB to a 12 MB MOB
    // (server cache 12 MB, 20% writes).
    let s = load("fig4-1-mob-size.toml");
    let small = tps(&with(&s, &[("server.mob_mb", 1.0)]), 2);
    let large = tps(&with(&s, &[("server.mob_mb", 12.0)]), 2);
    eprintln!("Fig. 4-1: RO {small:.1} tx/s at 1 MB, {large:.1} tx/s at 12 MB, ratio {:.2}", large / small);
    assert!(large / small > 3.0, "ratio {:.2}", large / small);
}

/// Eq. 4.2 and 4.3 (§4.3.2) with μ = c/p and λ = n/s, all in objects.
#[test]
fn fig_4_1_read_optimized_overtakes_write_optimized_between_2_and_6_mb() {
    // R4.1: WO writes well even with a small MOB and gains little from a larger one; RO climbs
    // steeply and beats WO with a MOB larger than about 4 MB. Checked: RO below WO at 2 MB,
    // above at 6, 8 and 12 MB (2 seeds a point).
    let (ro, wo) = (load("fig4-1-mob-size.toml"), load("fig4-1-mob-size-wo.toml"));
    let sizes = [2.0, 6.0, 8.0, 12.0];
    let points: Vec<Scenario> =
        sizes.iter().flat_map(|&m| [with(&ro, &[("server.mob_mb", m)]), with(&wo, &[("server.mob_mb", m)])]).collect();
    let t = tps_each(&points, 2);
    for (i, m) in sizes.iter().enumerate() {
        eprintln!("Fig. 4-1: {m} MB MOB: RO {:.1} tx/s, WO {:.1} tx/s", t[2 * i], t[2 * i + 1]);
    }
    assert!(t[0] < t[1], "WO above RO at 2 MB: RO {:.1}, WO {:.1}", t[0], t[1]);
    for i in 1..sizes.len() {
        assert!(t[2 * i] > t[2 * i + 1], "RO above WO at {} MB: RO {:.1}, WO {:.1}", sizes[i], t[2 * i], t[2 * i + 1]);
    }
    let (wo_low, wo_high) = (t[1], t[7]);
    assert!((wo_high - wo_low).abs() / wo_low < 0.15, "WO gains little from 2 to 12 MB: {wo_low:.1} → {wo_high:.1}");
}

#[test]
fn fig_4_6_write_optimized_reads_at_about_57_tx_s_fragments_of_about_24_kb() {
    // R4.5, R4.6: after a warm-up at 20% writes with a 12 MB MOB, WO reads at 57 tx/s with twelve
    // clients (±10%), the analysis's fragments averaging f = 24 KB (±15%), and c = 6.67 reads
    // per cold clustered access: 0.35 × 6.67 = 2.33 fetch reads per transaction (±15%).
    let s = with(&load("fig4-6-read-only-wo.toml"), &[("client.count", 12.0)]);
    let r = runs_each(&[s], 2).remove(0);
    let t = mean(r.iter().map(|x| x.throughput_tps));
    let read_kb = mean(r.iter().map(|x| x.wo.mean_fetch_read_kb));
    let reads = mean(r.iter().map(|x| x.disk_requests.fetch_read / x.transactions as f64));
    eprintln!("Fig. 4-6: WO {t:.1} tx/s at 12 clients; fetch reads of {read_kb:.1} KB, {reads:.2} a transaction");
    assert!((t - 57.0).abs() <= 5.7, "{t:.1} tx/s");
    assert!((read_kb - 24.0).abs() / 24.0 <= 0.15, "mean read {read_kb:.1} KB");
    assert!((reads - 2.33).abs() / 2.33 <= 0.15, "{reads:.2} fetch reads a transaction");
}

#[test]
fn fig_4_7_write_optimized_does_best_with_most_memory_as_cache() {
    // R4.7: WO writes well with a small MOB, so of 24 MB it does best with most as cache, at its
    // lowest MOB share; and a bigger cache helps it little. Checked at 10%, 50% and 90% of the
    // memory in the MOB (2 seeds a point).
    let s = load("fig4-7-memory-split-wo.toml");
    let t = tps_over(&s, "server.mob_mb", &[2.4, 12.0, 21.6], 2);
    eprintln!("Fig. 4-7: WO {t:.1?} tx/s with 10%, 50% and 90% of 24 MB in the MOB");
    assert!(t[0] >= t[1] && t[0] >= t[2], "WO best at its lowest MOB share: {t:?}");
    assert!(t[2] >= 0.8 * t[0], "and the cache matters little: {t:?}");
}

#[test]
fn fig_4_8_wo_reads_better_without_writes_and_ro_wins_at_20_percent() {
    // R4.8: each layout with its best division of 24 MB (RO 19 + 5, WO 5 + 19). At 0% writes WO
    // is better: nothing fragments and its cache is bigger. At 20% writes RO is much better.
    let (ro, wo) = (load("fig4-8-write-probability.toml"), load("fig4-8-write-probability-wo.toml"));
    let points: Vec<Scenario> = [0.0, 0.2]
        .iter()
        .flat_map(|&w| [with(&ro, &[("workload.write_prob", w)]), with(&wo, &[("workload.write_prob", w)])])
        .collect();
    let t = tps_each(&points, 2);
    eprintln!(
        "Fig. 4-8: RO {:.1} and WO {:.1} tx/s at 0% writes; RO {:.1} and WO {:.1} at 20%",
        t[0], t[1], t[2], t[3]
    );
    assert!(t[1] >= t[0], "WO at least RO at 0% writes: {t:?}");
    assert!(t[2] > 1.2 * t[3], "RO much better at 20% writes: {t:?}");
}

fn eq_4_2(p: f64, mu: f64, lambda: f64) -> f64 {
    p * (1.0 - (1.0 - mu) * (1.0 - lambda).powi(2))
}
fn eq_4_3(mu: f64, lambda: f64) -> f64 {
    mu * (1.0 - lambda) / (1.0 - (1.0 - mu) * (1.0 - lambda).powi(2))
}

#[test]
fn eq_4_3_write_absorption_under_a_uniform_workload() {
    // R1.2 / R4.3: a MOB of 10% of the region, transactions modifying 10% of a page: about 0.33
    // page writes per chunk instead of 1. λ and μ are measured from the run (MOB data objects /
    // database objects; modifications per chunk / objects per page). Eq. 4.1 approximates the
    // MOB contents when a chunk enters and when it leaves as independent random sets; an exact
    // FIFO of chunks of random objects gives about 18% more writes than the equation at this
    // point (docs/models.md), so the test allows 20%.
    let s = load("uniform-absorption.toml");
    let r = &runs(&s, 1)[0];
    let objects = 769_600.0;
    let p = 481.0;
    let lambda =
        (r.mob_division_mb.hot + r.mob_division_mb.warm + r.mob_division_mb.cold) * 1048576.0 / 128.0 / objects;
    let mu = r.modifications as f64 / r.chunks as f64 / p;
    let (want, got) = (eq_4_3(mu, lambda), r.page_writes_per_chunk);
    eprintln!("Eq. 4.3: λ = {lambda:.3}, μ = {mu:.3}: predicted {want:.3} page writes per chunk, simulated {got:.3}");
    eprintln!(
        "Eq. 4.2: predicted {:.1} objects per page write, simulated {:.1}",
        eq_4_2(p, mu, lambda),
        r.dirty_per_page_written.cold
    );
    assert!((0.08..0.12).contains(&lambda) && (0.08..0.12).contains(&mu), "not the λ = μ = 0.1 point");
    assert!((got - want).abs() / want < 0.20, "page writes per chunk {got:.3} vs Eq. 4.3 {want:.3}");
    let dirty = eq_4_2(p, mu, lambda);
    assert!((r.dirty_per_page_written.cold - dirty).abs() / dirty < 0.20);
    assert!(got < 0.4, "a 10% MOB must cut writes to about a third");
}

#[test]
fn table_4_9_dirty_objects_per_page_written() {
    // R4.4: the "actual" columns of Table 4.9 (RO, 12 MB cache, 20% writes), rows 1–24 MB, within
    // ±15%. Hot pages saturate at 481 objects because of the page header (spec A3).
    const ROWS: [(f64, [f64; 3]); 9] = [
        (1.0, [99.0, 13.0, 4.0]),
        (2.0, [190.0, 25.0, 5.0]),
        (3.0, [264.0, 37.0, 6.0]),
        (4.0, [324.0, 50.0, 7.0]),
        (8.0, [447.0, 107.0, 13.0]),
        (12.0, [477.0, 171.0, 20.0]),
        (16.0, [481.0, 230.0, 28.0]),
        (20.0, [481.0, 283.0, 36.0]),
        (24.0, [481.0, 330.0, 46.0]),
    ];
    let s = load("table4-9-mob-division.toml");
    let points: Vec<Scenario> = ROWS.iter().map(|&(mb, _)| with(&s, &[("server.mob_mb", mb)])).collect();
    let results: Vec<Summary> = runs_each(&points, 1).into_iter().map(|mut r| r.remove(0)).collect();
    let mut failures = Vec::new();
    for ((mb, want), r) in ROWS.iter().zip(&results) {
        let d = &r.dirty_per_page_written;
        let got = [d.hot, d.warm, d.cold];
        eprintln!(
            "Table 4.9 {mb:>2} MB: hot {:.0}/{}, warm {:.1}/{}, cold {:.1}/{}",
            got[0], want[0], got[1], want[1], got[2], want[2]
        );
        for (area, (g, w)) in ["hot", "warm", "cold"].iter().zip(got.iter().zip(want)) {
            if (g - w).abs() / w > 0.15 {
                failures.push(format!("{mb} MB {area}: {g:.1} vs {w}"));
            }
        }
    }
    assert!(failures.is_empty(), "outside ±15%: {failures:?}");
}

#[test]
fn fig_4_6_read_only_throughput_is_about_115_and_flat_from_two_clients() {
    // R4.5: read-only transactions after a warm-up at 20% writes; RO peaks at "almost 115 tx/s"
    // (±10%) and is disk-bound, hence flat, from 2 clients on.
    let s = load("fig4-6-read-only.toml");
    let at = |clients: f64, seeds: u64| tps(&with(&s, &[("client.count", clients)]), seeds);
    let twelve = at(12.0, 3);
    eprintln!("Fig. 4-6: {twelve:.1} tx/s at 12 clients");
    assert!((twelve - 115.0).abs() <= 11.5, "{twelve:.1} tx/s");
    let one = at(1.0, 1);
    assert!(one < 0.9 * twelve, "one client cannot saturate the disk: {one:.1}");
    for clients in [2.0, 4.0, 8.0, 16.0, 30.0] {
        let t = at(clients, 1);
        eprintln!("Fig. 4-6: {t:.1} tx/s at {clients} clients");
        assert!((t - twelve).abs() / twelve < 0.05, "{clients} clients: {t:.1} vs {twelve:.1}");
    }
}

#[test]
fn section_4_3_4_read_performance_analysis() {
    // R4.6: read-only throughput = 1 / (0.35 · c · (bt + s + r)). Per transaction 0.4 cold
    // clustered accesses, of which 0.88 miss the server cache, each reading c = 2 pages; a read
    // costs b·t = 5.99 ms of transfer, s = 1.37 ms of seek and r = 4.17 ms of rotation.
    let r = &runs(&with(&load("fig4-6-read-only.toml"), &[("client.count", 12.0)]), 1)[0];
    let reads = r.disk_requests.fetch_read / r.transactions as f64;
    let per_read = (r.mean_seek_ms + r.mean_rotation_ms + r.mean_transfer_ms) / 1e3;
    let predicted = 1.0 / (reads * per_read);
    eprintln!(
        "§4.3.4: {reads:.3} fetch reads per transaction (0.35 · 2 = 0.70); seek {:.2} ms (1.37), rotation {:.2} ms \
         (4.17), transfer {:.2} ms (5.99); {predicted:.1} tx/s predicted from these, {:.1} simulated",
        r.mean_seek_ms, r.mean_rotation_ms, r.mean_transfer_ms, r.throughput_tps
    );
    assert!((reads - 0.70).abs() / 0.70 < 0.05, "fetch reads per transaction {reads:.3}");
    assert!((r.mean_seek_ms - 1.37).abs() / 1.37 < 0.10, "seek {:.2} ms", r.mean_seek_ms);
    assert!((r.mean_rotation_ms - 4.17).abs() / 4.17 < 0.05, "rotation {:.2} ms", r.mean_rotation_ms);
    assert!((r.mean_transfer_ms - 5.99).abs() / 5.99 < 0.02, "transfer {:.2} ms", r.mean_transfer_ms);
    assert!(
        (predicted - r.throughput_tps).abs() / r.throughput_tps < 0.03,
        "{predicted:.1} vs {:.1}",
        r.throughput_tps
    );
}

#[test]
fn fig_4_2_write_absorption_rises_steeply_with_mob_size() {
    // R4.2: object modifications per page update (RO) as the MOB grows, in the Table 4.9
    // configuration. The thesis prints no numbers for Fig. 4-2; the spec derives about 17, 52,
    // 175 and 250 at 1, 4, 12 and 16 MB from Table 4.9 (its Appendix B). Within ±15%, as there.
    const POINTS: [(f64, f64); 4] = [(1.0, 17.0), (4.0, 52.0), (12.0, 175.0), (16.0, 250.0)];
    let s = load("table4-9-mob-division.toml");
    let points: Vec<Scenario> = POINTS.iter().map(|&(mb, _)| with(&s, &[("server.mob_mb", mb)])).collect();
    let got: Vec<f64> = runs_each(&points, 1).iter().map(|r| r[0].write_absorption).collect();
    for ((mb, want), g) in POINTS.iter().zip(&got) {
        eprintln!("Fig. 4-2 {mb:>2} MB: {g:.1} modifications per page write (derived {want})");
        assert!((g - want).abs() / want < 0.15, "{mb} MB: {g:.1} vs {want}");
    }
}

#[test]
fn fig_4_7_ro_does_best_with_about_80_percent_of_server_memory_in_the_mob() {
    // R4.7: 24 MB of server memory split between the MOB and the page cache, 20% writes. RO does
    // best with "about 80%" in the MOB, and a bigger cache helps little: it is a second-level
    // cache (§4.3.5). The thesis's sweep stops at 90%. Here RO climbs steeply to a plateau from
    // 60% to 90%, so: the best share is 70% or more, 80% is within 2% of the best, and 10% is far
    // below it.
    // The scenario's sweep gives the MOB 10%, 20%, …, 90% of memory_mb = 24; the cache the rest.
    let points = sweep_points(&load("fig4-7-memory-split.toml")).unwrap();
    let shares = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
    for (p, x) in points.iter().zip(shares) {
        let srv = &p.scenario.mob().server;
        assert!((srv.mob_mb - 24.0 * x).abs() < 1e-9 && (srv.page_cache_mb() - 24.0 * (1.0 - x)).abs() < 1e-9);
    }
    assert_eq!(points.len(), shares.len());
    let t = tps_each(&points.into_iter().map(|p| p.scenario).collect::<Vec<_>>(), 2);
    for (x, v) in shares.iter().zip(&t) {
        eprintln!("Fig. 4-7: {:.0}% MOB: {v:.1} tx/s", x * 100.0);
    }
    let best = (0..t.len()).max_by(|&a, &b| t[a].total_cmp(&t[b])).unwrap();
    assert!(shares[best] >= 0.7, "best at {:.0}% MOB", shares[best] * 100.0);
    assert!(t[7] >= 0.98 * t[best], "80%: {:.1} vs best {:.1}", t[7], t[best]);
    assert!(t[0] < 0.6 * t[best], "10%: {:.1} vs best {:.1}", t[0], t[best]);
}

#[test]
fn fig_4_9_ro_falls_as_the_cluster_region_grows() {
    // R4.9 (RO series): with 32-object clustered accesses, RO falls as the region they are drawn
    // from grows from 32 to 2048 objects, a factor of 4 per step here.
    assert_falls("Fig. 4-9", "fig4-9-cluster-region.toml", "workload.cluster_region", &[32.0, 128.0, 512.0, 2048.0]);
}

#[test]
fn fig_4_10_ro_improves_with_clustering_density() {
    // R4.10 (RO series): transactions of 512 accesses; RO rises with the clustering density
    // (cluster length / 512).
    let s = load("fig4-10-clustering-density.toml");
    let t = tps_over(&s, "workload.cluster_len", &[1.0, 8.0, 64.0, 512.0], 2);
    eprintln!("Fig. 4-10: {t:.1?} tx/s at cluster lengths 1, 8, 64, 512");
    assert!(t.windows(2).all(|w| w[1] > w[0]), "{t:?}");
}

#[test]
fn fig_4_12_ro_jumps_once_the_client_cache_holds_the_hot_area() {
    // R4.12 (RO series): a big jump from a 3 MB to a 6 MB client cache (the hot area is 6 MB),
    // then little change until the cache holds more than 90% of the 100 MB database.
    let s = load("fig4-12-client-cache.toml");
    let t = tps_over(&s, "client.cache_mb", &[3.0, 6.0, 75.0, 95.0], 2);
    eprintln!("Fig. 4-12: {t:.1?} tx/s with client caches of 3, 6, 75, 95 MB");
    assert!(t[1] > 2.0 * t[0], "3 → 6 MB: {t:?}");
    assert!((t[2] - t[1]).abs() < 0.15 * t[1], "6 → 75 MB: {t:?}");
    assert!(t[3] > 1.25 * t[2], "above 90% of the database: {t:?}");
}

#[test]
fn fig_4_13_ro_is_best_with_64_kb_pages() {
    // R4.13 (RO series): with 64 KB cluster regions, RO's best page size is 64 KB (or tied with
    // 32 or 128 KB, spec: within 2% here).
    let s = load("fig4-13-page-size.toml");
    let sizes = [1.0, 4.0, 16.0, 32.0, 64.0, 128.0];
    let t = tps_over(&s, "database.page_kb", &sizes, 2);
    eprintln!("Fig. 4-13: {t:.1?} tx/s with pages of {sizes:?} KB");
    let best = t.iter().copied().fold(f64::MIN, f64::max);
    assert!(t[4] >= 0.98 * best, "64 KB: {:.1} vs best {best:.1}", t[4]);
    assert!(decreasing(&[t[4], t[2], t[1], t[0]]), "smaller pages do worse: {t:?}");
}

#[test]
fn table_4_10_ro_optimal_page_sizes_by_cluster_region() {
    // R4.14 (RO columns): the best page sizes (KB; several when statistically tied) for cluster
    // regions of 4 to 128 KB (32 to 1024 objects of 128 B). Here the best page size must be one
    // the thesis lists for that region.
    const ROWS: [(f64, &[f64]); 5] =
        [(32.0, &[32.0, 64.0]), (128.0, &[32.0, 64.0]), (256.0, &[64.0]), (512.0, &[64.0]), (1024.0, &[64.0, 128.0])];
    const PAGES: [f64; 4] = [16.0, 32.0, 64.0, 128.0];
    // The scenario's sweep is this grid: one series per region, one point per page size.
    let points = sweep_points(&load("table4-10-page-size-by-region.toml")).unwrap();
    let grid: Vec<_> = points.iter().map(|p| (p.series.unwrap(), p.value.unwrap())).collect();
    let expected: Vec<_> = ROWS.iter().flat_map(|&(region, _)| PAGES.map(|kb| (region, kb))).collect();
    assert_eq!(grid, expected);
    let t = tps_each(&points.into_iter().map(|p| p.scenario).collect::<Vec<_>>(), 2);
    for ((region, thesis), row) in ROWS.iter().zip(t.chunks(PAGES.len())) {
        let best = (0..PAGES.len()).max_by(|&a, &b| row[a].total_cmp(&row[b])).unwrap();
        eprintln!(
            "Table 4.10: region of {region} objects: {row:.1?} tx/s at {PAGES:?} KB; best {} KB, thesis {thesis:?}",
            PAGES[best]
        );
        assert!(thesis.contains(&PAGES[best]), "region {region}: best {} KB, thesis {thesis:?}", PAGES[best]);
    }
}

#[test]
fn fig_4_14_ro_drops_as_the_database_grows() {
    // R4.15 (RO series): databases of 100, 300 and 900 MB with the hot area fixed.
    assert_falls("Fig. 4-14", "fig4-14-database-size.toml", "database.size_mb", &[100.0, 300.0, 900.0]);
}

#[test]
fn fig_4_15_ro_drops_as_objects_grow() {
    // R4.16 (RO series): objects of 128 B, 512 B and 2 KB; each transaction still touches 128.
    assert_falls("Fig. 4-15", "fig4-15-object-size.toml", "database.object_bytes", &[128.0, 512.0, 2048.0]);
}

#[test]
fn section_4_3_13_hybrid_is_at_most_10_percent_faster_and_ro_writes_under_30_percent() {
    // R4.17: under the read-optimized layout page writes take under 30% of the disk's busy time
    // ("typically below 20%"); the
    // hybrid layout writes near peak bandwidth but reads the same, so it gains at most about
    // 10% (the thesis: "the performance differences … are minor"). At the defaults, 2 seeds.
    let (ro, hy) = (load("mob-default.toml"), load("section4-3-13-hybrid.toml"));
    let r = runs_each(&[ro, hy], 2);
    let t: Vec<f64> = r.iter().map(|x| mean(x.iter().map(|s| s.throughput_tps))).collect();
    let share = mean(r[0].iter().map(|x| x.disk_utilisation.write / x.disk_utilisation.total()));
    eprintln!(
        "§4.3.13: RO {:.1} tx/s, HY {:.1} tx/s (×{:.3}); RO page writes {:.1}% of disk time",
        t[0],
        t[1],
        t[1] / t[0],
        100.0 * share
    );
    assert!(share < 0.30, "RO's write share {share:.3}");
    assert!(t[1] / t[0] <= 1.10, "HY at most 10% above RO: ×{:.3}", t[1] / t[0]);
    assert!(t[1] / t[0] >= 0.95, "and not below it by more than noise: ×{:.3}", t[1] / t[0]);
}

/// The three page-shipping architectures of Chapter 5, in the order MOB, PAGE, FREEMOB.
const CH5: [&str; 3] = ["", "-page", "-freemob"];

/// Mean throughput of each Chapter 5 architecture of figure `name` at each value of `path`
/// (`seeds` a point), by value then architecture.
fn ch5_tps(name: &str, path: &str, values: &[f64], seeds: u64) -> Vec<[f64; 3]> {
    let points: Vec<Scenario> =
        values.iter().flat_map(|&v| CH5.map(|a| with(&load(&format!("{name}{a}.toml")), &[(path, v)]))).collect();
    tps_each(&points, seeds).chunks(3).map(|c| [c[0], c[1], c[2]]).collect()
}

#[test]
fn fig_5_1_mob_far_above_page_at_low_density_and_freemob_above_page_everywhere() {
    // R5.1: at low clustering density MOB "provides much better performance" than PAGE, whose
    // memory fills with mostly clean dirty pages; PAGE improves as density rises; FREEMOB is
    // above PAGE at every density. (The model misses the thesis's MOB/PAGE crossover near 90%
    // density: docs/models.md.) Densities 1, 16, 128 and 512 of 512, 1 seed a point.
    let d = [1.0, 16.0, 128.0, 512.0];
    let t = ch5_tps("fig5-1-clustering-density", "workload.cluster_len", &d, 1);
    for (x, [mob, page, free]) in d.iter().zip(&t) {
        eprintln!(
            "Fig. 5-1: density {x}/512: MOB {mob:.1}, PAGE {page:.1}, FREEMOB {free:.1} tx/s (MOB/PAGE {:.2})",
            mob / page
        );
        assert!(free > page, "FREEMOB above PAGE at {x}/512: {free:.1} vs {page:.1}");
    }
    // The spec's check wants MOB/PAGE > 2 at the lowest densities: met at 16/512, missed at
    // 1/512 (1.69; docs/models.md).
    assert!(t[0][0] > t[0][1] && t[1][0] > 2.0 * t[1][1], "MOB far above PAGE at low density: {t:?}");
    let page: Vec<f64> = t.iter().map(|p| p[1]).collect();
    assert!(page.windows(2).all(|w| w[1] > w[0]), "PAGE improves with density: {page:?}");
}

#[test]
fn fig_5_2_page_best_without_writes_then_flat_and_mob_falls_with_writes() {
    // R5.2, R5.3 at 100% density: at 0% writes PAGE is best (24 MB of cache against the MOB's 5
    // MB); PAGE drops sharply once writes begin, then stays flat; MOB falls as writes grow; at
    // 100% writes PAGE is above MOB by at most about 2×. (The model misses the thesis's
    // crossovers, MOB/PAGE near 20% and FREEMOB/PAGE near 50%: docs/models.md.) 1 seed a point.
    let w = [0.0, 0.05, 0.5, 1.0];
    let t = ch5_tps("fig5-2-write-probability", "workload.write_prob", &w, 1);
    for (x, [mob, page, free]) in w.iter().zip(&t) {
        eprintln!("Fig. 5-2: {x} writes: MOB {mob:.1}, PAGE {page:.1}, FREEMOB {free:.1} tx/s");
    }
    let (mob, page): (Vec<f64>, Vec<f64>) = t.iter().map(|p| (p[0], p[1])).unzip();
    assert!(page[0] > mob[0], "PAGE above MOB at 0% writes: {t:?}");
    assert!(page[1] < 0.5 * page[0], "PAGE drops sharply once writes begin: {page:?}");
    assert!((page[3] - page[1]).abs() / page[1] < 0.1, "then stays flat: {page:?}");
    assert!(mob.windows(2).all(|w| w[1] < w[0]), "MOB falls as writes grow: {mob:?}");
    assert!(page[3] > mob[3] && page[3] <= 2.0 * mob[3], "PAGE above MOB at 100% writes, by at most 2×: {t:?}");
}

#[test]
fn section_6_3_4_a_costed_cleaner_with_twice_the_space_takes_under_3_percent_of_the_disk() {
    // R6.4: with twice the space the database needs, Thor's WO cleaner was under 3% of disk
    // activity. Here the thesis's simulator at Fig. 4-1's WO point (12 MB MOB) with the cleaner's
    // reads and writes on the disk: under 3% at wo.disk_utilisation = 0.5; at the simulator's
    // 0.8 it costs more, and throughput falls below the magic cleaner's. 1 seed a point.
    let s = with(&load("fig4-1-mob-size-wo.toml"), &[("server.mob_mb", 12.0)]);
    let costed = |u: f64| {
        let mut c = with(&s, &[("wo.disk_utilisation", u)]);
        c.mob_mut().wo.cleaner = storelab_core::systems::mob::config::Cleaner::Costed;
        c
    };
    let r = runs_each(&[costed(0.5), costed(0.8), s.clone()], 1);
    let share = |x: &Summary| x.disk_utilisation.clean / x.disk_utilisation.total();
    let (half, full, magic) = (&r[0][0], &r[1][0], &r[2][0]);
    eprintln!(
        "§6.3.4: costed cleaner {:.2}% of disk time at 0.5 utilisation ({:.1} tx/s), {:.2}% at 0.8 ({:.1} tx/s; magic {:.1})",
        100.0 * share(half),
        half.throughput_tps,
        100.0 * share(full),
        full.throughput_tps,
        magic.throughput_tps
    );
    assert!(share(half) > 0.0 && share(half) < 0.03, "{:.4}", share(half));
    assert!(share(full) > share(half), "more often with less spare space");
    assert!(full.throughput_tps < magic.throughput_tps, "the magic cleaner flatters WO");
}

#[test]
#[ignore = "known misses, reported in docs/models.md: run with --ignored to see them fail"]
fn known_misses() {
    // The spec's checks the model misses, each as the spec words it (R4.12, R5.1, R5.2), 1 seed a
    // point: `cargo test --release -p storelab-core --test repro_mob known_misses -- --ignored`.
    let mut misses = Vec::new();
    // R4.12: WO wins only once the client caches hold more than about 90% of the database.
    let cache = [85.0, 100.0];
    let ro = tps_over(&load("fig4-12-client-cache.toml"), "client.cache_mb", &cache, 1);
    let wo = tps_over(&load("fig4-12-client-cache-wo.toml"), "client.cache_mb", &cache, 1);
    if !(ro[0] >= wo[0] && wo[1] > ro[1]) {
        misses.push(format!("Fig. 4-12: RO {ro:.1?}, WO {wo:.1?} tx/s at 85 and 100 MB (crossover 90–100 MB)"));
    }
    // R5.1: MOB/PAGE above 2 at the lowest densities; the crossover between 85% and 100%.
    let d = [1.0, 435.0, 512.0];
    let t = ch5_tps("fig5-1-clustering-density", "workload.cluster_len", &d, 1);
    let r: Vec<f64> = t.iter().map(|[mob, page, _]| mob / page).collect();
    if !(r[0] > 2.0 && r[1] > 1.0 && r[2] < 1.0) {
        misses.push(format!("Fig. 5-1: MOB/PAGE {r:.2?} at densities {d:?}/512 (> 2, > 1, < 1)"));
    }
    // R5.2 at 100% density: MOB/PAGE crossing near 20% writes, FREEMOB/PAGE near 50% (±10).
    let w = [0.1, 0.3, 0.4, 0.6];
    let t = ch5_tps("fig5-2-write-probability", "workload.write_prob", &w, 1);
    let (mob, free): (Vec<f64>, Vec<f64>) = t.iter().map(|[m, p, f]| (m / p, f / p)).unzip();
    if !(mob[0] > 1.0 && mob[1] < 1.0) {
        misses.push(format!("Fig. 5-2: MOB/PAGE {:.2} at 10% writes, {:.2} at 30% (crossover 10–30%)", mob[0], mob[1]));
    }
    if !(free[2] > 1.0 && free[3] < 1.0) {
        misses.push(format!(
            "Fig. 5-2: FREEMOB/PAGE {:.2} at 40% writes, {:.2} at 60% (crossover 40–60%)",
            free[2], free[3]
        ));
    }
    assert!(misses.is_empty(), "{misses:#?}");
}
