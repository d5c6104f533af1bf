use super::*;
use crate::scenario::Scenario;

fn workload(s: &Scenario) -> (SyntheticWorkload, Database) {
    let db = Database::new(s);
    (SyntheticWorkload::new(s, &db), db)
}

#[test]
fn database_geometry_follows_spec_a3() {
    let db = Database::new(&Scenario::default());
    assert_eq!((db.objects_per_page, db.pages, db.objects), (481, 1600, 769_600));
}

#[test]
fn clustered_accesses_are_distinct_and_local() {
    let s = Scenario::default();
    let (w, db) = workload(&s);
    let mut rng = Rng::stream(1, 1);
    let mut out = Vec::new();
    let mut pages_touched = 0usize;
    for _ in 0..2000 {
        w.transaction(3, 0.2, &mut rng, &mut out, &mut Vec::new());
        assert_eq!(out.len(), 128);
        for ca in out.chunks(32) {
            let x = ca[0].oid;
            let mut oids: Vec<u32> = ca.iter().map(|a| a.oid).collect();
            // One 512-position window that holds x (shifted at the ends of the database).
            let (lo, hi) = (*oids.iter().min().unwrap(), *oids.iter().max().unwrap());
            assert!(hi - lo < 512 && lo <= x && x <= hi && hi < db.objects, "window");
            if (256..db.objects - 256).contains(&x) {
                assert!(lo + 256 >= x && hi <= x + 255, "centred window");
            }
            let mut pages: Vec<u32> = oids.iter().map(|&o| db.page_of(o)).collect();
            pages.sort_unstable();
            pages.dedup();
            pages_touched += pages.len();
            oids.sort_unstable();
            oids.dedup();
            assert_eq!(oids.len(), 32, "distinct objects");
        }
    }
    // §4.1.1: "in most cases touch exactly two pages".
    let mean = pages_touched as f64 / 8000.0;
    assert!((1.85..2.0).contains(&mean), "pages per clustered access {mean}");
}

#[test]
fn access_shares_match_section_4_1_2() {
    // Shared hot 45%, warm 48.5% (exact rule, spec A6), cold 6.5% of clustered accesses.
    let s = Scenario::default();
    let (w, _) = workload(&s);
    let mut rng = Rng::stream(2, 1);
    let mut out = Vec::new();
    let mut counts = [0u32; 3];
    let n = 40_000;
    for i in 0..n / 4 {
        w.transaction(i % 12, 0.0, &mut rng, &mut out, &mut Vec::new());
        for ca in out.chunks(32) {
            counts[w.area_of(ca[0].oid) as usize] += 1;
        }
    }
    let share = |a: usize| counts[a] as f64 / n as f64;
    assert!((share(0) - 0.45).abs() < 0.01, "{counts:?}");
    assert!((share(1) - 0.485).abs() < 0.01, "{counts:?}");
    assert!((share(2) - 0.065).abs() < 0.006, "{counts:?}");
}

#[test]
fn default_client_cache_hits_hot_and_misses_cold() {
    // §4.2.1 corrected (spec A1): cache = hot = 6 MB gives hot hit 1, cold hit 0.
    let s = Scenario::default();
    let (w, _) = workload(&s);
    assert_eq!(w.hit_ratios(), (1.0, 0.0));
    let mut rng = Rng::stream(3, 1);
    let mut out = Vec::new();
    for _ in 0..500 {
        w.transaction(0, 0.2, &mut rng, &mut out, &mut Vec::new());
        for ca in out.chunks(32) {
            let (hot_area, _) = (w.area_of(ca[0].oid) != Area::Cold, ());
            // Hot accesses start in the shared or own private area and are all cached.
            if ca[0].cached {
                assert!(hot_area);
            }
            assert!(ca.iter().all(|a| a.cached == ca[0].cached));
        }
    }
    let mut small = Scenario::default();
    small.mob_mut().client.cache_mb = 3.0;
    assert_eq!(workload(&small).0.hit_ratios(), (0.5, 0.0));
    small.mob_mut().client.cache_mb = 100.0;
    assert_eq!(workload(&small).0.hit_ratios(), (1.0, 1.0));
}

#[test]
fn write_probability_is_per_access() {
    let s = Scenario::default();
    let (w, _) = workload(&s);
    let mut rng = Rng::stream(4, 1);
    let mut out = Vec::new();
    let (mut writes, mut total) = (0, 0);
    for _ in 0..2000 {
        w.transaction(1, 0.2, &mut rng, &mut out, &mut Vec::new());
        writes += out.iter().filter(|a| a.write).count();
        total += out.len();
    }
    let p = writes as f64 / total as f64;
    assert!((p - 0.2).abs() < 0.005, "{p}");
}

#[test]
fn uniform_workload_without_hot_area_covers_the_whole_database() {
    let mut s = Scenario::default();
    s.mob_mut().workload.hot_area_mb = 0.0;
    let (w, db) = workload(&s);
    let mut rng = Rng::stream(5, 1);
    let mut out = Vec::new();
    let mut lowest = u32::MAX;
    let mut highest = 0;
    for _ in 0..20_000 {
        w.transaction(0, 0.0, &mut rng, &mut out, &mut Vec::new());
        lowest = lowest.min(out[0].oid);
        highest = highest.max(out[0].oid);
    }
    assert!(lowest < 1000 && highest > db.objects - 1000);
}
