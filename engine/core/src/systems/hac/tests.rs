use super::cache::HacParams;
use super::experiment::{dynamic_misses, Policy};
use crate::kernel::Phase;
use crate::scenario::parse;
use crate::systems::Simulation;

fn scenario(body: &str) -> crate::scenario::Scenario {
    parse(&format!("[meta]\ntitle = \"t\"\n\n[system]\nkind = \"hac\"\n\n{body}")).unwrap_or_else(|e| panic!("{e:#?}"))
}

pub(super) fn run(body: &str, seed: u64) -> (Simulation, super::metrics::Summary) {
    let s = scenario(body);
    let mut sim = Simulation::new(&s, seed);
    sim.set_tracing(true);
    sim.run();
    let summary = serde_json::from_value(serde_json::to_value(sim.summary()).unwrap()).unwrap();
    (sim, summary)
}

#[test]
fn a_cold_t6_ends_when_the_traversal_does_and_fetches_each_page_once() {
    let (sim, s) = run("[workload]\ntraversal = \"t6\"\n", 1);
    assert_eq!(sim.phase(), Phase::Done);
    assert!(sim.ended_early().is_none());
    assert!(s.traversal_complete, "{s:#?}");
    assert_eq!(s.fetches, s.compulsory_misses);
    assert_eq!(s.accesses, 6561);
    assert!(s.elapsed_s > 0.0 && (s.elapsed_s - s.measured_s).abs() < 1e-9);
    // Access time = hit time + misses × (fetch + replacement + conversion) (§4).
    let parts = s.hit_time_s + s.fetch_time_s + s.replacement_time_s + s.conversion_time_s;
    assert!((parts - s.elapsed_s).abs() < 1e-6 * s.elapsed_s, "{parts} against {}", s.elapsed_s);
    assert!(s.server_hit_ratio > 0.99, "the server's cache is warm (spec A20): {}", s.server_hit_ratio);
}

/// Issue 23, item 1: a hot run whose run bound leaves its unmeasured traversal no room panicked
/// ("a reply answers the fetch in flight": the measured traversal started with the unmeasured
/// one's fetch in flight), or with T6 measured nonsense (a fetch time of 129,127,208,518 s in a
/// 2 s run, a server hit ratio of 1.002). The unmeasured traversal may take the whole limit and
/// the measured one what is left of it, so a 36,000 s bound measures the hot traversal whole.
#[test]
fn a_hot_run_bounded_at_the_limit_measures_its_traversal() {
    for traversal in ["t1", "t6"] {
        let body = format!("[run]\nwarmup_s = 0\nduration_s = 36000\n[workload]\ntraversal = \"{traversal}\"\nstart = \"hot\"\n");
        let (sim, s) = run(&body, 1);
        assert_eq!((sim.phase(), sim.ended_early()), (Phase::Done, None), "{traversal}");
        assert!(s.traversal_complete && s.warmup_complete, "{traversal}: {s:#?}");
        assert!(s.elapsed_s < 100.0 && s.fetch_time_s <= s.elapsed_s, "{traversal}: {s:#?}");
        assert!(s.server_hit_ratio <= 1.0, "{traversal}: {s:#?}");
    }
}

/// A warm-up that cannot end within the run's limit (fetches of about 650 s each at 1e-4 Mb/s)
/// ends the run there, unmeasured, and says so; it does not end early or measure nonsense.
#[test]
fn a_warm_up_longer_than_the_limit_ends_the_run_unmeasured() {
    let body = "[network]\nbandwidth_mbps = 1e-4\n[workload]\ntraversal = \"t6\"\nstart = \"hot\"\n";
    let (sim, s) = run(body, 1);
    assert_eq!((sim.phase(), sim.ended_early()), (Phase::Done, None));
    assert!(!s.warmup_complete && !s.traversal_complete, "{s:#?}");
    assert_eq!((s.accesses, s.fetches, s.elapsed_s), (0, 0, 0.0), "{s:#?}");
    assert!(crate::kernel::time::to_s(sim.now()) <= crate::kernel::MAX_RUN_S);
}

/// Issue 23, item 3: at a bandwidth far below the paper's a page's time on the wire saturated
/// and `latency + u64::MAX` wrapped: a cold T1 "finished" in 33 s instead of 92. Refused now.
#[test]
fn a_bandwidth_too_low_for_a_page_to_cross_within_a_run_is_refused_at_its_field() {
    for bw in ["1e-300", "1e-6"] {
        let errors = parse(&format!("[system]\nkind = \"hac\"\n[network]\nbandwidth_mbps = {bw}\n")).unwrap_err();
        let e = errors.iter().find(|e| e.path == "network.bandwidth_mbps").unwrap_or_else(|| panic!("{errors:#?}"));
        assert!(e.message.contains("longer than a run may last") && e.line == 4, "{e:#?}");
    }
    // The slowest bandwidth accepted for 8 KB pages: a page crosses in just under the limit.
    assert!(parse("[system]\nkind = \"hac\"\n[network]\nbandwidth_mbps = 2e-6\n").is_ok());
}

#[test]
fn a_hot_run_measures_the_second_traversal() {
    let (_, s) = run("[workload]\ntraversal = \"t6\"\nstart = \"hot\"\n[client]\ncache_mb = 1\n", 1);
    assert!(s.warmup_complete && s.traversal_complete);
    assert_eq!((s.fetches, s.compulsory_misses), (0, 0), "T6 fits in 1 MB of HAC: nothing to fetch when hot");
    assert!(s.warmup_s > 0.0);
}

#[test]
fn the_same_scenario_and_seed_give_the_same_run() {
    let body = "[workload]\ntraversal = \"t1_minus\"\n[client]\ncache_mb = 2\n";
    let (a, sa) = run(body, 3);
    let (b, sb) = run(body, 3);
    assert_eq!((a.trace_hash(), a.now(), sa.fetches), (b.trace_hash(), b.now(), sb.fetches));
    let (c, _) = run(body, 4);
    assert_ne!(a.trace_hash(), c.trace_hash());
}

#[test]
fn background_replacement_hides_behind_the_fetch_and_foreground_does_not() {
    let body = |r: &str| format!("[workload]\ntraversal = \"t1\"\n[client]\ncache_mb = 2\nreplacement = \"{r}\"\n");
    let (_, bg) = run(&body("background"), 1);
    let (_, fg) = run(&body("foreground"), 1);
    assert!(bg.replacement_work_s > 0.0 && bg.replacement_time_s < 0.01 * bg.replacement_work_s, "{bg:#?}");
    assert!((fg.replacement_time_s - fg.replacement_work_s).abs() < 1e-6);
    assert!(fg.elapsed_s > bg.elapsed_s);
}

#[test]
fn a_cache_too_small_is_refused_at_its_field() {
    let e = parse("[system]\nkind = \"hac\"\n\n[client]\ncache_mb = 0.01\n").unwrap_err();
    assert_eq!((e[0].path.as_str(), e[0].line), ("client.cache_mb", 5));
    assert!(e[0].message.contains("at least 4"), "{}", e[0].message);
}

/// The fuzzer's find: a track of 10^-6 KB held no byte and the disk divided by zero.
#[test]
fn a_track_must_hold_a_sector() {
    let e = parse("[system]\nkind = \"hac\"\n\n[disk]\ntrack_kb = 1e-6\n").unwrap_err();
    assert_eq!((e[0].path.as_str(), e[0].line), ("disk.track_kb", 5));
    assert!(e[0].to_string().contains("allowed 0.5 ≤ value"), "{}", e[0]);
}

/// Issue 23, item 8: HAC's drive obeys the rules the MOB's does, from the disk component: a
/// 38 MB database on a 512-byte disk, and a seek curve below zero, were accepted.
#[test]
fn hacs_disk_obeys_the_drive_rules() {
    let refused = |disk: &str, path: &str, words: &str| {
        let errors = parse(&format!("[system]\nkind = \"hac\"\n[disk]\n{disk}")).unwrap_err();
        let e = errors.iter().find(|e| e.path == path).unwrap_or_else(|| panic!("{path}: {errors:#?}"));
        assert!(e.message.contains(words), "{e:#?}");
    };
    refused("cylinders = 1\ntracks_per_cylinder = 1\ntrack_kb = 0.5\n", "database.page_kb", "does not fit on the 0.5 KB disk");
    refused("seek_min_ms = 0.5\nseek_avg_ms = 2\nseek_max_ms = 20\n", "disk.seek_max_ms", "goes below 0");
    refused("seek_avg_ms = 0.5\n", "disk.seek_avg_ms", "shorter than the minimum");
    // The medium database (36 MB on 8 KB pages) needs more than 50 cylinders of 5 × 124 KB
    // tracks (31 MB); 100 cylinders hold one, not the dynamic traversal's two.
    refused("cylinders = 50\n", "database.size", "choose the small database");
    assert!(parse("[system]\nkind = \"hac\"\n[disk]\ncylinders = 100\n").is_ok());
    let dynamic = "[system]\nkind = \"hac\"\n[workload]\ntraversal = \"dynamic\"\n[disk]\ncylinders = 100\n";
    assert!(parse(dynamic).unwrap_err().iter().any(|e| e.path == "database.size"));
}

/// Issue 23, item 11: QuickStore and GOM ignore writes (the paper compares them on read-only
/// traversals), so an update traversal ran on them with a 4-frame cache where HAC and FPC apply
/// their no-steal rule. Refused at the traversal.
#[test]
fn update_traversals_need_a_policy_that_keeps_modified_objects() {
    for policy in ["quickstore", "gom"] {
        for traversal in ["t2a", "t2b"] {
            let text = format!(
                "[system]\nkind = \"hac\"\n[workload]\ntraversal = \"{traversal}\"\n[client]\npolicy = \"{policy}\"\n"
            );
            let errors = parse(&text).unwrap_err();
            let e = errors.iter().find(|e| e.path == "workload.traversal").unwrap_or_else(|| panic!("{errors:#?}"));
            assert!(e.message.contains(policy) && e.message.contains("no-steal"), "{e:#?}");
        }
        let read_only = format!("[system]\nkind = \"hac\"\n[workload]\ntraversal = \"t1\"\n[client]\npolicy = \"{policy}\"\n");
        assert!(parse(&read_only).is_ok());
    }
}

#[test]
fn a_dynamic_traversal_with_nothing_to_measure_is_refused_at_its_field() {
    let text = "[system]\nkind = \"hac\"\n\n[workload]\ntraversal = \"dynamic\"\ndynamic_operations = 100\ndynamic_warmup = 100\n";
    let e = parse(text).unwrap_err();
    assert_eq!((e[0].path.as_str(), e[0].line), ("workload.dynamic_warmup", 7));
    assert!(e[0].message.contains("give fewer than 100"), "{}", e[0].message);
    // The same fields mean nothing to a whole traversal, which is not refused for them.
    assert!(parse(&text.replace("\"dynamic\"", "\"t1\"")).is_ok());
}

/// §4.6, Figure 14: HAC runs T2b, which reads about 500,000 objects and modifies 100,000, in one
/// transaction in a 12 MB cache, since no-steal keeps only the modified objects, not their pages;
/// the commit ships them afterwards. (The paper has T2b 26% slower than T1; here it is 6% slower,
/// 13% with its commit: docs/models.md.)
#[test]
fn section_4_6_t2b_runs_in_one_transaction_in_12_mb() {
    let body = |t: &str| format!("[workload]\ntraversal = \"{t}\"\n[client]\ncache_mb = 12\n");
    let (sim, t2b) = run(&body("t2b"), 1);
    let (_, t1) = run(&body("t1"), 1);
    let (_, t2a) = run(&body("t2a"), 1);
    assert!(sim.ended_early().is_none() && t2b.traversal_complete, "{t2b:#?}");
    let commits: Vec<_> = sim
        .trace()
        .records()
        .iter()
        .filter(|r| r.kind == super::records::RecordKind::Commit as u8)
        .map(|r| r.a)
        .collect();
    assert_eq!(commits.len(), 1, "one transaction");
    assert!(commits[0] > 90_000 && commits[0] <= 100_000, "T2b modifies each atomic part it reaches: {}", commits[0]);
    assert_eq!(t1.commit_time_s, 0.0);
    assert!(t2a.commit_time_s > 0.0 && t2a.commit_time_s < t2b.commit_time_s);
    // Keeping 4 MB of modified parts costs HAC some room: a few more misses, not many.
    assert!(
        t2b.fetches >= t1.fetches && (t2b.fetches as f64) < 1.2 * t1.fetches as f64,
        "T2b {} against T1 {}",
        t2b.fetches,
        t1.fetches
    );
    assert!(t2b.elapsed_s > t1.elapsed_s);
}

#[test]
fn a_page_cache_too_small_for_no_steal_is_refused() {
    let e = parse(
        "[system]\nkind = \"hac\"\n\n[workload]\ntraversal = \"t2b\"\n\n[client]\npolicy = \"fpc\"\ncache_mb = 12\n",
    )
    .unwrap_err();
    assert_eq!((e[0].path.as_str(), e[0].line), ("client.cache_mb", 9));
    assert!(e[0].message.contains("no-steal") && e[0].message.contains("15.88 MB"), "{}", e[0].message);
    assert!(parse("[system]\nkind = \"hac\"\n\n[workload]\ntraversal = \"t2b\"\n\n[client]\ncache_mb = 12\n").is_ok());
}

/// The dynamic traversal the lab runs (§4.1.1: the last 5,000 of 7,500 operations measured)
/// misses exactly as the cache experiment behind Figure 6's reproduction does, for HAC and FPC
/// (without pinning, which the experiment does not model), and HAC far less than FPC.
#[test]
fn the_dynamic_traversal_in_the_system_is_figure_6s() {
    use crate::workload::oo7::dynamic::Mix;
    let body = |policy: &str| {
        format!(
            "[workload]\ntraversal = \"dynamic\"\n[client]\npolicy = \"{policy}\"\ncache_mb = 12\npinning = \"off\"\n"
        )
    };
    let (_, hac) = run(&body("hac"), 1);
    let (_, fpc) = run(&body("fpc"), 1);
    assert!(hac.warmup_complete && hac.traversal_complete);
    let hac_policy = Policy::Hac(HacParams::default());
    assert_eq!(hac.fetches, dynamic_misses(&hac_policy, 12.0, Mix::MostlyT1Minus));
    assert_eq!(fpc.fetches, dynamic_misses(&Policy::Fpc, 12.0, Mix::MostlyT1Minus));
    assert!(2 * hac.fetches < fpc.fetches, "HAC {} against FPC {}", hac.fetches, fpc.fetches);
}
