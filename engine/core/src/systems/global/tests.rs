//! The global-memory cluster as the lab runs it: from a scenario, event by event.
use crate::scenario;
use crate::systems::Simulation;

/// Every frame a run shows is the one its description declares, and every page is where its
/// holders say: in the pool of each server whose bit is set, of no other.
#[test]
fn frames_follow_the_description_and_the_directory_is_exact() {
    for replacement in ["clsv", "reserve", "base", "optimal"] {
        run_checked(replacement);
    }
}

fn run_checked(replacement: &str) {
    let text = format!("[system]\nkind = \"global\"\n[run]\nwarmup_s = 1\nduration_s = 2\n[policy]\nreplacement = \"{replacement}\"\n");
    let s = scenario::parse(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut sim = Simulation::new(&s, 1);
    let mut steps = 0;
    while sim.step() {
        steps += 1;
        if steps % 997 == 0 {
            sim.frame().check(sim.description().sections).unwrap();
            let Simulation::Global(e) = &sim else { unreachable!() };
            let g = e.system();
            for (i, node) in g.nodes.iter().enumerate() {
                for (page, _) in node.pool.iter() {
                    assert_ne!(g.holders[page as usize] & (1 << i), 0, "server {i} holds page {page}");
                }
            }
            let held: u64 = g.holders.iter().map(|h| u64::from(h.count_ones())).sum();
            let resident: u64 = g.nodes.iter().map(|n| u64::from(n.pool.len())).sum();
            assert!(held >= resident, "{held} holders for {resident} resident pages: pages on their way count");
        }
    }
    assert!(sim.ended_early().is_none(), "{:?}", sim.ended_early());
}

