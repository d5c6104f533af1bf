//! The Thor system as the lab runs it: from a scenario, event by event.
use crate::scenario;
use crate::systems::Simulation;

/// Every frame a run shows is the one its description declares, at any moment, and the clock is
/// the sum of Tables 2–3's categories.
#[test]
fn frames_follow_the_description_through_a_run() {
    let s = scenario::parse("[system]\nkind = \"thor\"\n[workload]\ntraversal = \"t6\"\n").unwrap();
    let mut sim = Simulation::new(&s, 1);
    let mut steps = 0;
    while sim.step() {
        steps += 1;
        if steps % 97 == 0 {
            let f = sim.frame();
            f.check(sim.description().sections).unwrap();
        }
    }
    assert!(sim.ended_early().is_none(), "{:?}", sim.ended_early());
    let Simulation::Thor(e) = &sim else { unreachable!() };
    assert_eq!(e.system().fe.ledger.total(), sim.now());
}
