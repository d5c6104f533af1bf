//! Reproduction of the MOB thesis's Chapter 6 (Ghemawat 1995, §6.3; targets from spec 000-mob.md
//! §6.4): the read- and write-optimized layouts under the thesis's OO7 traversals, one client on a
//! 2.5 MB server (Figs. 6-3, 6-4) and ten on a 25 MB one (§6.3.8). Each test names its figure or
//! section. Run in release: `cargo test --release -p storelab-core --test repro_mob_ch6`. Misses
//! are in `known_misses`, ignored by default and failing when run: docs/models.md reports them.
use storelab_core::experiment;
use storelab_core::scenario::{self, set_number, Scenario};
use storelab_core::systems::mob::metrics::Summary;

fn load(name: &str) -> Scenario {
    let path = format!("{}/../../scenarios/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut s = scenario::parse(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"));
    s.sweep = None;
    s
}

/// The mean summary figure `f` of `s` with `path` = `v`, over `seeds` seeds.
fn mean_at(s: &Scenario, path: &str, v: f64, seeds: u64, f: fn(&Summary) -> f64) -> f64 {
    let s = set_number(s, path, v).unwrap();
    let total: f64 = (0..seeds)
        .map(|i| f(experiment::run_seed(&s, s.meta.seed + i, false).expect("the run ends").summary.as_mob().unwrap()))
        .sum();
    total / seeds as f64
}

fn tps(x: &Summary) -> f64 {
    x.throughput_tps
}

/// RO/WO throughput of figure `name` (its `-wo` scenario the WO series) at each write
/// probability, 2 seeds a point, the points in parallel.
fn ro_over_wo(name: &str, w: &[f64]) -> Vec<f64> {
    let (ro, wo) = (load(name), load(&format!("{name}-wo")));
    std::thread::scope(|scope| {
        let handles: Vec<_> = w
            .iter()
            .map(|&x| {
                let (ro, wo) = (&ro, &wo);
                scope.spawn(move || {
                    let path = "workload.write_prob";
                    (mean_at(ro, path, x, 2, tps), mean_at(wo, path, x, 2, tps))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).map(|(r, w)| r / w).collect()
    })
}

/// Disk operations per 100 traversals (§6.3.8's measure), as the summary reports them.
fn ops_per_100(x: &Summary) -> f64 {
    x.disk_ops_per_100_transactions
}

/// §6.3.8's ten clients at 20% writes: disk operations per 100 traversals under RO and WO, with
/// clustered (false) or random (true) writes, 1 seed each.
fn section_6_3_8(random: bool) -> (f64, f64) {
    let point = |name: &str| {
        let mut s = load(name);
        if random {
            s.mob_mut().oo7.writes = storelab_core::systems::mob::config::Oo7Writes::Random;
        }
        mean_at(&s, "workload.write_prob", 0.2, 1, ops_per_100)
    };
    std::thread::scope(|scope| {
        let ro = scope.spawn(|| point("section6-3-8-ten-clients"));
        let wo = point("section6-3-8-ten-clients-wo");
        (ro.join().unwrap(), wo)
    })
}

const W: [f64; 3] = [0.1, 0.2, 0.3];

#[test]
fn fig_6_4_wo_quickly_drops_below_ro_once_writes_scatter() {
    // R6.2: "as we increase the write probability, the write-optimized disk layout policy writes
    // out just the modified objects and therefore destroys this good clustering. Therefore the
    // performance of the write-optimized policy quickly drops below that of the read-optimized
    // policy." At 10% already, and at every point after it.
    let r = ro_over_wo("fig6-4-random-write", &[0.0, 0.1, 0.2, 0.3]);
    eprintln!("Fig. 6-4: RO/WO {r:.2?} at 0, 10, 20, 30% random writes");
    assert!(r[1..].iter().all(|&x| x > 1.1), "WO below RO once writes begin: {r:.3?}");
    assert!(r[1] > r[0] + 0.3, "and quickly: {r:.3?}");
}

#[test]
fn section_6_4_scattered_writes_cost_wo_more_than_clustered_ones() {
    // R6.5 (§6.4): with clustered updates the layouts perform about the same; with updates that
    // are not clustered WO is much worse. So at each write probability RO's lead over WO is
    // larger under Fig. 6-4's random writes than under Fig. 6-3's clustered ones.
    let clustered = ro_over_wo("fig6-3-clustered-write", &W);
    let random = ro_over_wo("fig6-4-random-write", &W);
    eprintln!("§6.4: RO/WO clustered {clustered:.2?}, random {random:.2?} at {W:?}");
    for (c, r) in clustered.iter().zip(&random) {
        assert!(r > c, "random writes hurt WO more: {clustered:.3?} vs {random:.3?}");
    }
}

#[test]
fn section_6_3_8_random_writes_double_wo_disk_operations_over_ro() {
    // R6.3, random write: per 100 traversals RO needs 20 disk operations and WO 40, since each
    // cold composite part is in about 5 fragments. The model's absolute counts are higher (a
    // cold traversal also reads assembly pages, and a composite part straddles two pages about
    // a third of the time), so the check is the ratio, 2 ± 0.5, and that it is well above the
    // clustered-write ratio's.
    let (ro, wo) = section_6_3_8(true);
    let (cro, cwo) = section_6_3_8(false);
    eprintln!("§6.3.8: per 100 traversals random RO {ro:.1} WO {wo:.1}; clustered RO {cro:.1} WO {cwo:.1}");
    assert!((1.5..=2.5).contains(&(wo / ro)), "WO/RO {:.2} (40/20)", wo / ro);
    assert!(wo / ro > cwo / cro + 0.3, "random {:.2} against clustered {:.2}", wo / ro, cwo / cro);
}

#[test]
#[ignore = "known misses, reported in docs/models.md: run with --ignored to see them fail"]
fn known_misses() {
    // `cargo test --release -p storelab-core --test repro_mob_ch6 known_misses -- --ignored`.
    let mut misses = Vec::new();
    // R6.1: "the performance of the two policies is very similar in all cases" (±10%).
    let r = ro_over_wo("fig6-3-clustered-write", &[0.0, 0.1, 0.2, 0.3]);
    if !r.iter().all(|x| (0.9..=1.1).contains(x)) {
        misses.push(format!("Fig. 6-3: RO/WO {r:.2?} at 0, 10, 20, 30% (within 0.9–1.1)"));
    }
    // R6.2: "identical performance when the client workload contains no modifications".
    if !(0.95..=1.05).contains(&r[0]) {
        misses.push(format!("Fig. 6-4: RO/WO {:.2} without writes (identical)", r[0]));
    }
    // R6.3, clustered write: RO 12 against WO 16 disk operations per 100 traversals.
    let (ro, wo) = section_6_3_8(false);
    if !(1.2..=1.5).contains(&(wo / ro)) {
        misses.push(format!("§6.3.8: clustered RO {ro:.1}, WO {wo:.1} per 100 traversals (16/12 = 1.33)"));
    }
    assert!(misses.is_empty(), "{misses:#?}");
}
