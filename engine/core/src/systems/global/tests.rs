//! The global-memory cluster as the lab runs it: from a scenario, event by event.
use crate::scenario;
use crate::systems::Simulation;

/// Every frame a run shows is the one its description declares, and every page is where its
/// holders say: in the pool of each server whose bit is set, of no other; and each copy is a
/// duplicate exactly when two servers or more hold its page (§4.1.3).
#[test]
fn frames_follow_the_description_and_the_directory_is_exact() {
    for replacement in ["clsv", "reserve", "base", "optimal"] {
        run_checked(replacement, "");
    }
    // Ch. 4's policies, with the SP/2's discard and state tables, and small clients.
    let sp2 = "discard = \"piggyback\"\n[workload]\nlarge_clients = 1\nsmall_clients = 4\nlocality_m = 3\nsmall_locality_m = 1.2\n";
    for replacement in ["global", "reserve_dup", "clsv"] {
        run_checked(replacement, sp2);
    }
    // Ch. 5's web requests (a small cluster, so that pages are evicted within the run).
    let web = "[cluster]\nnodes = 4\nframes = 100\nmips = 40\ndisks = 2\n[workload]\nmodel = \"web\"\n[web]\nfiles = 20\nfile_pages = 32\nzipf = 1.0\n";
    for replacement in ["clsv", "dup_elim", "hybrid", "threshold"] {
        run_checked(replacement, web);
    }
}

fn run_checked(replacement: &str, more: &str) {
    // `more` goes on in the policy section.
    let text = format!("[system]\nkind = \"global\"\n[run]\nwarmup_s = 1\nduration_s = 2\n[policy]\nreplacement = \"{replacement}\"\n{more}");
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
                for (page, r) in node.pool.iter() {
                    assert_ne!(g.holders[page as usize] & (1 << i), 0, "{replacement}: server {i} holds page {page}");
                    assert_eq!(r.dup, g.dup(page), "{replacement}: page {page}'s state at server {i}");
                    assert_ne!(g.resident[page as usize] & (1 << i), 0, "{replacement}: server {i}'s copy of page {page} is counted");
                }
            }
            let held: u64 = g.holders.iter().map(|h| u64::from(h.count_ones())).sum();
            let resident: u64 = g.nodes.iter().map(|n| u64::from(n.pool.len())).sum();
            assert!(held >= resident, "{held} holders for {resident} resident pages: pages on their way count");
        }
    }
    assert!(sim.ended_early().is_none(), "{:?}", sim.ended_early());
}
