//! `storelab bench`: how fast the engine runs a scenario natively, for HAC what its client
//! cache costs a fetch in wall time, and for the opportunistic log what one SPTF decision costs.
use crate::args::{self, BenchArgs};
use crate::commands::MOB_DEFAULT;
use std::time::Instant;
use storelab_core::kernel::time;
use storelab_core::scenario::Scenario;
use storelab_core::systems::hac::cache::{HacCache, Outcome};
use storelab_core::systems::hac::experiment::pages_of;
use storelab_core::systems::SystemKind;
use storelab_core::workload::oo7::{Oo7Database, Traversal};
use storelab_core::Simulation;

/// Events per second and simulated seconds per wall-clock second of a run of at most 10
/// simulated minutes (warm-up included), best of three. Events are those of spec §2.12's
/// catalogue: the scheduled (queue) events plus the `Access` events, which the engine runs inline
/// at the same instant (a client-cache hit goes straight on to the next access instead of
/// through the queue). The first run's set-up (a system that builds a database does so once for
/// a seed) is timed apart.
pub fn bench(o: BenchArgs) -> Result<(), String> {
    let (name, mut s) = match o.scenario {
        None => ("mob-default".to_string(), args::parse_text("mob-default.toml", MOB_DEFAULT)?),
        Some(f) => (f.clone(), args::load(&f, &o.sets)?),
    };
    // At most 600 simulated seconds: a fixed warm-up, no waiting for flusher passes.
    s.run.warmup_flusher_passes = 0;
    s.run.duration_s = 600.0 - s.run.warmup_s;
    let t = Instant::now();
    drop(Simulation::new(&s, s.meta.seed));
    let setup = t.elapsed().as_secs_f64();
    let mut best = f64::INFINITY;
    let (mut scheduled, mut accesses, mut simulated) = (0, 0, 0.0);
    for _ in 0..3 {
        let t = Instant::now();
        let mut sim = Simulation::new(&s, s.meta.seed);
        sim.run();
        best = best.min(t.elapsed().as_secs_f64());
        (scheduled, accesses, simulated) = (sim.events(), sim.inline_events(), time::to_s(sim.now()));
        eprintln!("  {} events in {:.3} s", scheduled + accesses, t.elapsed().as_secs_f64());
    }
    let events = scheduled + accesses;
    println!("bench {name}: {simulated:.0} s simulated, best of 3: {best:.3} s wall");
    println!("  set-up, first for its seed:  {:.3} s", setup);
    println!("  events (spec §2.12):      {events} = {scheduled} scheduled + {accesses} Access (run inline)");
    println!("  events/s:                 {:.0}", events as f64 / best);
    println!("    scheduled events/s:     {:.0}", scheduled as f64 / best);
    println!("    Access events/s:        {:.0}", accesses as f64 / best);
    println!("  simulated s per wall s:   {:.0}", simulated / best);
    // The costs of a system's own hot parts, where it has some worth timing alone.
    match s.system.kind {
        SystemKind::Hac => hac_costs(&s),
        SystemKind::Oplog => sptf_costs(&s),
        _ => {}
    }
    Ok(())
}

/// The opportunistic log's scheduler alone: one shortest-positioning-time choice (the branch and
/// bound of spec 001 §2.8) over pools of uniformly placed pages as large as Table 4's largest
/// pending pool (24,000 pages) and the dirty-page pool (31,000), from random head states.
fn sptf_costs(s: &Scenario) {
    use storelab_core::components::disk::{sptf, HeadState};
    use storelab_core::kernel::rng::Rng;
    use storelab_core::systems::oplog::disk::{hp97560, PAGE_BYTES};
    let c = s.oplog();
    let disk = hp97560(0, c.disk.preset, 0.0);
    let g = &disk.geometry;
    let mut rng = Rng::stream(s.meta.seed, 99);
    let pages = c.database.pages;
    for size in [24_000usize, 31_000] {
        let mut pool = sptf::CylinderPool::new(g, PAGE_BYTES, pages);
        while pool.len() < size {
            let p = rng.below(pages);
            if !pool.contains(p) {
                pool.insert(p);
            }
        }
        let decisions = 20_000;
        let (mut total, mut worst, mut examined) = (0.0f64, 0.0f64, 0u64);
        for _ in 0..decisions {
            let at = rng.below(pages) as u64 * PAGE_BYTES;
            let head = HeadState { cylinder: g.cylinder(at), track: g.track(at), time: rng.below(1 << 30) as u64 };
            let t = Instant::now();
            let choice = sptf::choose(&disk, head, &pool);
            let dt = t.elapsed().as_secs_f64();
            examined += choice.map_or(0, |c| c.examined as u64);
            (total, worst) = (total + dt, worst.max(dt));
        }
        println!(
            "  SPTF over {size} pages ({:?}): {:.2} µs a decision on average, {:.1} µs at most, {:.0} candidates examined",
            c.disk.preset,
            total / decisions as f64 * 1e6,
            worst * 1e6,
            examined as f64 / decisions as f64
        );
    }
}

/// HAC's client cache alone on the scenario's traversal: the OO7 database's generation, and the
/// wall time of an access that fetches (replacement freeing a frame, the page loaded, its object
/// installed) against one that hits.
fn hac_costs(s: &Scenario) {
    let c = s.hac();
    let t = Instant::now();
    let db = Oo7Database::generate(&c.database.oo7(), s.meta.seed);
    println!(
        "  OO7 {:?} database: {} objects in {} pages, generated in {:.3} s",
        c.database.size,
        db.objects.len(),
        db.pages,
        t.elapsed().as_secs_f64()
    );
    let page_bytes = c.database.page_kb * 1024;
    let mut cache = HacCache::new(c.client.hac_params(page_bytes), pages_of(&db));
    let (mut fetches, mut fetch_s, mut other, mut other_s) = (0u64, 0.0, 0u64, 0.0);
    for a in Traversal::new(&db, c.workload.traversal.kind()) {
        let t = Instant::now();
        let outcome = cache.access(a.object, a.write);
        let dt = t.elapsed().as_secs_f64();
        if matches!(outcome, Outcome::Miss { .. }) {
            (fetches, fetch_s) = (fetches + 1, fetch_s + dt);
        } else {
            (other, other_s) = (other + 1, other_s + dt);
        }
    }
    let per = |s: f64, n: u64| s / n.max(1) as f64 * 1e6;
    println!(
        "  HAC alone, cold {:?} in {} frames: {fetches} fetches at {:.2} µs each (replacement included), {other} other accesses at {:.3} µs",
        c.workload.traversal,
        c.client.frames(page_bytes),
        per(fetch_s, fetches),
        per(other_s, other)
    );
}
