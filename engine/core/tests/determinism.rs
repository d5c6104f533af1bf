//! Determinism (DESIGN.md §2): the same scenario and seed give identical metrics and trace hash;
//! a cloned simulation (a checkpoint) continues exactly as the original.
use storelab_core::scenario;
use storelab_core::Simulation;

fn short_default() -> scenario::Scenario {
    let mut s = scenario::Scenario::default();
    s.run.warmup_s = 5.0;
    s.run.warmup_flusher_passes = 0;
    s.run.duration_s = 20.0;
    s
}

#[test]
fn same_seed_same_run() {
    let s = short_default();
    let run = || {
        let mut sim = Simulation::new(&s, 7);
        sim.run();
        (sim.events(), sim.trace_hash(), serde_json::to_string(&sim.summary()).unwrap())
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    let mut other = Simulation::new(&s, 8);
    other.run();
    assert_ne!(other.trace_hash(), a.1, "another seed must give another run");
}

#[test]
fn a_checkpoint_replays_identically() {
    let s = short_default();
    let mut sim = Simulation::new(&s, 3);
    sim.run_until(8_000_000_000);
    let mut checkpoint = sim.clone();
    sim.run();
    checkpoint.run();
    assert_eq!(sim.trace_hash(), checkpoint.trace_hash());
    assert_eq!(sim.summary(), checkpoint.summary());
}

#[test]
fn stepping_one_event_at_a_time_equals_running() {
    let s = short_default();
    let mut a = Simulation::new(&s, 5);
    a.run();
    let mut b = Simulation::new(&s, 5);
    let mut steps = 0;
    while b.step() {
        steps += 1;
    }
    assert_eq!(steps, a.events());
    assert_eq!(a.trace_hash(), b.trace_hash());
}

#[test]
fn tracing_keeps_records_without_changing_the_run() {
    let s = short_default();
    let mut plain = Simulation::new(&s, 1);
    plain.run();
    let mut traced = Simulation::new(&s, 1);
    traced.set_tracing(true);
    traced.run();
    assert_eq!(plain.trace_hash(), traced.trace_hash());
    assert!(plain.trace().records().is_empty());
    let kept = traced.trace().records();
    assert!(!kept.is_empty() && kept.len() <= 1 << 16);
    assert!(kept.iter().zip(kept.iter().skip(1)).all(|(x, y)| x.t <= y.t), "records in time order");
}
