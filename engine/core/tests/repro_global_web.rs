//! Reproduction of the global-memory cluster's web results (Venkataraman's thesis Ch. 5, the
//! `ch5-web` profile; targets from spec 004-global.md §6.3, its tolerances: orderings exactly,
//! stated ratios within ±25% relative). Runs are 60 s of warm-up and 120 s measured, one seed:
//! enough for the orderings and ratios below, which move by a few percent between seeds. Run in
//! release: `cargo test --release -p storelab-core --test repro_global_web -- --nocapture` prints
//! the table.
mod global_run;
use global_run::{run, scenario};
use storelab_core::systems::global::metrics::Summary;

/// ClSv, Dup-Elim and Hybrid at skew `z` (Fig. 53's scenarios, message latency 1.0 ms).
fn policies(z: f64) -> [Summary; 3] {
    policies_at(z, 1.0)
}

/// The same at message latency `latency_ms`, the processors' share scaled with it (spec A1).
fn policies_at(z: f64, latency_ms: f64) -> [Summary; 3] {
    let (skew, latency) = (format!("{z}"), format!("{latency_ms}"));
    let at = |file: &str| run(&scenario(file, &[("web.zipf", &skew), ("network.page_latency_ms", &latency)]), 1);
    let out = [at("global-fig53-clsv.toml"), at("global-fig53-dup-elim.toml"), at("global-fig53-hybrid.toml")];
    for (name, s) in ["ClSv", "Dup-Elim", "Hybrid"].iter().zip(&out) {
        eprintln!(
            "z = {z:<4} {latency_ms} ms {name:<9} response {:>6.1} ms  disk reads {:>5.2}  data messages {:>5.2}  unique {:>5.1}%",
            s.response_ms,
            s.misses_per_request,
            s.data_messages_per_request,
            100.0 * s.unique_pages
        );
    }
    out
}

const SKEWS: [f64; 3] = [0.6, 1.3, 1.6];

/// How much `a` is above `b`, relatively.
fn above(a: f64, b: f64) -> f64 {
    a / b - 1.0
}

/// Figs. 50–51 (spec 5.3, 5.4): Dup-Elim, by getting rid of duplicates, keeps the most distinct
/// pages in memory and reads the least from disk; ClSv, letting every server cache what it uses,
/// the fewest and the most; Hybrid in between on both, at every skew.
/// Fig. 52 (spec 5.5): data messages about equal at skew 0, and Hybrid's between the other two.
/// Fig. 53 (spec 5.6): at skew 0.6 ClSv 30% slower than Dup-Elim; above 1.0, 40% faster; and
/// Hybrid within a few percent (5%) of the better of the two everywhere (§6.4's headline).
#[test]
fn figs50_53_duplicates_trade_disk_reads_for_messages() {
    let [clsv0, dup0, hybrid0] = policies(0.0);
    let within = |x: f64, target: f64| (x / target - 1.0).abs() <= 0.25;
    for s in [&dup0, &hybrid0] {
        assert!(
            (s.data_messages_per_request / clsv0.data_messages_per_request - 1.0).abs() < 0.1,
            "Fig. 52: equal data messages at skew 0: {} against ClSv's {}",
            s.data_messages_per_request,
            clsv0.data_messages_per_request
        );
    }
    for z in SKEWS {
        let [clsv, dup, hybrid] = policies(z);
        assert!(
            dup.misses_per_request < hybrid.misses_per_request && hybrid.misses_per_request < clsv.misses_per_request,
            "Fig. 50 at z = {z}: disk reads Dup-Elim < Hybrid < ClSv"
        );
        assert!(
            dup.unique_pages > hybrid.unique_pages && hybrid.unique_pages > clsv.unique_pages,
            "Fig. 51 at z = {z}: distinct pages Dup-Elim > Hybrid > ClSv"
        );
        let (lo, hi) = (
            clsv.data_messages_per_request.min(dup.data_messages_per_request),
            clsv.data_messages_per_request.max(dup.data_messages_per_request),
        );
        assert!(
            (lo..=hi).contains(&hybrid.data_messages_per_request),
            "Fig. 52 at z = {z}: Hybrid's data messages between"
        );
        let best = clsv.response_ms.min(dup.response_ms);
        assert!(
            above(hybrid.response_ms, best) <= 0.05,
            "Fig. 53 at z = {z}: Hybrid {} against the better {best}",
            hybrid.response_ms
        );
        if z < 1.0 {
            assert!(
                within(above(clsv.response_ms, dup.response_ms), 0.30),
                "Fig. 53 at z = {z}: ClSv 30% slower than Dup-Elim"
            );
        } else {
            assert!(
                within(1.0 - clsv.response_ms / dup.response_ms, 0.40),
                "Fig. 53 at z = {z}: ClSv 40% faster than Dup-Elim"
            );
        }
    }
    assert!(
        above(hybrid0.response_ms, clsv0.response_ms.min(dup0.response_ms)) <= 0.05,
        "Fig. 53 at z = 0: Hybrid near the better"
    );
}

/// Fig. 52 (spec 5.5): for skews above 0, Dup-Elim sends 60–100% more data messages than ClSv:
/// it fetches hot pages from remote memory that ClSv keeps at every server.
#[test]
fn fig52_dup_elim_fetches_hot_pages_from_remote_memory() {
    let [clsv, dup, _] = policies(1.0);
    let more = above(dup.data_messages_per_request, clsv.data_messages_per_request);
    assert!((0.6..=1.0).contains(&more), "Dup-Elim {more:.2} above ClSv at z = 1.0");
}

/// Figs. 54–55 (§5.4.3; spec 5.7, 5.8): cheap messages favour eliminating duplicates, dear ones
/// keeping them. At 0.5 ms and skew 0.6 Dup-Elim is the faster (the stated half of ClSv's time is
/// a recorded miss since the drives' read-ahead cache: `known_misses`); at 2.0 ms the two
/// are about equal at skew 0.6, though Dup-Elim reads half as much from disk, and at skew 1.3
/// ClSv takes about half Dup-Elim's. Hybrid stays within 5% of the better at each point.
#[test]
fn figs54_55_message_latency_decides_between_them() {
    let within = |x: f64, target: f64| (x / target - 1.0).abs() <= 0.25;
    let [clsv, dup, hybrid] = policies_at(0.6, 0.5);
    assert!(dup.response_ms < clsv.response_ms, "Fig. 54, z = 0.6: Dup-Elim the faster");
    let best = |a: &Summary, b: &Summary| a.response_ms.min(b.response_ms);
    assert!(above(hybrid.response_ms, best(&clsv, &dup)) <= 0.05, "Fig. 54, z = 0.6: Hybrid near the better");
    let [clsv, dup, hybrid] = policies_at(0.6, 2.0);
    assert!((clsv.response_ms / dup.response_ms - 1.0).abs() <= 0.1, "Fig. 55, z = 0.6: ClSv about Dup-Elim");
    assert!(dup.misses_per_request < 0.5 * clsv.misses_per_request, "with half its disk reads or fewer");
    assert!(above(hybrid.response_ms, best(&clsv, &dup)) <= 0.05, "Fig. 55, z = 0.6: Hybrid near the better");
    let [clsv, dup, hybrid] = policies_at(1.3, 2.0);
    assert!(within(clsv.response_ms / dup.response_ms, 0.5), "Fig. 55, z = 1.3: ClSv about half Dup-Elim");
    assert!(above(hybrid.response_ms, best(&clsv, &dup)) <= 0.05, "Fig. 55, z = 1.3: Hybrid near the better");
}

/// Threshold(θ) at skew `z`, message latency 1.0 ms.
fn threshold(theta: f64, z: f64) -> Summary {
    threshold_at(theta, z, 1.0)
}

/// The same at message latency `latency_ms` (spec A1's scaled cost).
fn threshold_at(theta: f64, z: f64, latency_ms: f64) -> Summary {
    let (theta, skew, latency) = (format!("{theta}"), format!("{z}"), format!("{latency_ms}"));
    let s = scenario(
        "global-fig53-clsv.toml",
        &[
            ("policy.replacement", "\"threshold\""),
            ("policy.threshold", &theta),
            ("web.zipf", &skew),
            ("network.page_latency_ms", &latency),
        ],
    );
    run(&s, 1)
}

/// Fig. 49 (§5.4.1; spec 5.2): at 2.0 ms a page message, high skew makes duplicates worth their
/// frames: at skew 1.3 the response time drops about 50% from θ = 0 (Dup-Elim) to θ = 0.6, the
/// hot pages kept at every server instead of fetched. (Skew 0.6's 15–20% rise over the θ range is
/// a recorded miss: the model's is flat.)
#[test]
fn fig49_at_two_ms_duplicates_pay_at_high_skew() {
    let r: Vec<f64> = [0.0, 0.6].iter().map(|&t| threshold_at(t, 1.3, 2.0).response_ms).collect();
    let drop = 1.0 - r[1] / r[0];
    eprintln!("Fig. 49, 2.0 ms, z = 1.3: θ = 0 {:.0} ms, θ = 0.6 {:.0} ms: {drop:.2} less", r[0], r[1]);
    assert!((0.375..=0.625).contains(&drop), "Fig. 49: about 50% less at θ = 0.6: {drop:.2}");
}

/// Fig. 48 (§5.4.1; spec 5.1, A14): Threshold(0) is Dup-Elim and Threshold(1) ClSv; at skew 0.6
/// the response time rises with θ, every duplicate allowed costing distinct pages and disk reads.
#[test]
fn fig48_duplicates_cost_response_time_at_low_skew() {
    let [clsv, dup, _] = policies(0.6);
    let thetas = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0];
    let r: Vec<f64> = thetas.iter().map(|&t| threshold(t, 0.6).response_ms).collect();
    eprintln!("Fig. 48, z = 0.6: θ {thetas:?} → response {:?} ms", r.iter().map(|x| x.round()).collect::<Vec<_>>());
    assert!((r[0] / dup.response_ms - 1.0).abs() < 0.01, "θ = 0 is Dup-Elim: {} against {}", r[0], dup.response_ms);
    assert!((r[5] / clsv.response_ms - 1.0).abs() < 0.01, "θ = 1 is ClSv: {} against {}", r[5], clsv.response_ms);
    assert!(r.windows(2).all(|w| w[1] > 0.99 * w[0]), "rising with θ");
    assert!(r[5] > 1.2 * r[0], "significantly: {} against {}", r[5], r[0]);
}

/// Targets the model misses (docs/models.md); ignored by default, and failing when run.
#[test]
#[ignore]
fn known_misses() {
    let [clsv0, dup0, _] = policies(0.0);
    let [clsv06, dup06, _] = policies(0.6);
    let [clsv13, dup13, _] = policies(1.3);
    let [clsv20, dup20, _] = policies(2.0);
    let mut misses = Vec::new();
    // Spec 5.6: ClSv 30% slower than Dup-Elim at skew 0 too (±25%): the model gives about 50%.
    let slower = above(clsv0.response_ms, dup0.response_ms);
    if !(0.225..=0.375).contains(&slower) {
        misses.push(format!("Fig. 53 at z = 0: ClSv {slower:.2} slower than Dup-Elim, not 0.30"));
    }
    // Spec 5.6: ClSv 40% faster above skew 1.0; at 2.0 nearly every page is hot and local.
    let faster = 1.0 - clsv20.response_ms / dup20.response_ms;
    if !(0.30..=0.50).contains(&faster) {
        misses.push(format!("Fig. 53 at z = 2.0: ClSv {faster:.2} faster than Dup-Elim, not 0.40"));
    }
    // Spec 5.5: Dup-Elim's data messages 60–100% above ClSv's at every skew above 0.
    for (z, clsv, dup) in [(0.6, &clsv06, &dup06), (1.3, &clsv13, &dup13)] {
        let more = above(dup.data_messages_per_request, clsv.data_messages_per_request);
        if !(0.6..=1.0).contains(&more) {
            misses.push(format!("Fig. 52 at z = {z}: Dup-Elim's data messages {more:.2} above ClSv's"));
        }
    }
    // Spec 5.4: Dup-Elim's distinct pages fall to about 50% at skew 1.6–2.0.
    if dup20.unique_pages > 0.6 {
        misses.push(format!(
            "Fig. 51 at z = 2.0: Dup-Elim keeps {:.0}% distinct pages, not about 50%",
            100.0 * dup20.unique_pages
        ));
    }
    // Spec 5.7: at 0.5 ms and skew 0.6, Dup-Elim about half ClSv's time (±25%).
    let [clsv, dup, _] = policies_at(0.6, 0.5);
    let ratio = dup.response_ms / clsv.response_ms;
    if (ratio / 0.5 - 1.0).abs() > 0.25 {
        misses.push(format!("Fig. 54 at z = 0.6: Dup-Elim {ratio:.2} of ClSv's time, not 0.5"));
    }
    // Spec 5.7: at 0.5 ms, Dup-Elim and ClSv comparable at skew 1.0–1.3; here Dup-Elim is a
    // third slower at 1.3.
    let [clsv05, dup05, _] = policies_at(1.3, 0.5);
    if (dup05.response_ms / clsv05.response_ms - 1.0).abs() > 0.15 {
        misses.push(format!(
            "Fig. 54 at z = 1.3: Dup-Elim {:.0} ms against ClSv's {:.0}",
            dup05.response_ms, clsv05.response_ms
        ));
    }
    // Spec 5.1: at skew 1.3 the response time is least near θ = 0.4 and rises slightly beyond;
    // here it falls all the way to θ = 1 (ClSv).
    let r: Vec<f64> = [0.4, 1.0].iter().map(|&t| threshold(t, 1.3).response_ms).collect();
    if r[1] < r[0] {
        misses.push(format!("Fig. 48 at z = 1.3: θ = 1 ({:.0} ms) below θ = 0.4 ({:.0} ms)", r[1], r[0]));
    }
    // Spec 5.2: at 2.0 ms and skew 0.6 the response time rises 15–20% over the θ range.
    let r: Vec<f64> = [0.0, 0.4, 0.6, 1.0].iter().map(|&t| threshold_at(t, 0.6, 2.0).response_ms).collect();
    let rise = r.iter().cloned().fold(f64::MIN, f64::max) / r[0] - 1.0;
    if !(0.1125..=0.25).contains(&rise) {
        misses.push(format!("Fig. 49 at z = 0.6: the response time rises {rise:.2} over θ, not 0.15–0.20: {r:.0?}"));
    }
    assert!(misses.is_empty(), "{misses:#?}");
}
