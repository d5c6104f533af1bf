//! The global-memory cluster as the lab runs it: from a scenario, event by event.
use super::Kind;
use crate::scenario;
use crate::systems::Simulation;

/// Every frame a run shows is the one its description declares, and every page is where its
/// holders say: in the pool of each server whose bit is set, of no other; and each copy is a
/// duplicate exactly when two servers or more hold its page (§4.1.3); a page's writer holds its
/// only copy, and an updated page has a copy somewhere until it is written (§2.4, spec A10).
#[test]
fn frames_follow_the_description_and_the_directory_is_exact() {
    for replacement in ["clsv", "reserve", "base", "optimal"] {
        run_checked(replacement, "");
    }
    // Expt 2.3's writes, clustered and declustered, and on the SP/2.
    let writes = "[cluster]\nframes = 128\n[workload]\np_write = 0.2\ntransaction_pages = 50\nlocality_m = 3\n";
    for replacement in ["clsv", "reserve", "base", "optimal"] {
        run_checked(replacement, writes);
        run_checked(replacement, &format!("placement = \"clustered\"\n{writes}"));
    }
    run_checked("global", &format!("discard = \"piggyback\"\n{writes}"));
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
    // Expt 5's shared set: several primaries asking for one page at once.
    let shared = "[cluster]\nframes = 64\n[workload]\nlarge_clients = 5\nlocality_m = 3\np_shared = 0.5\n";
    for replacement in ["clsv", "reserve", "optimal"] {
        run_checked(replacement, shared);
        run_checked(replacement, &format!("placement = \"clustered\"\n{shared}"));
    }
    // Fig. 60's hot and cold files; Fig. 58's mixed sizes.
    run_checked("hybrid", &format!("{web}hot_files = 5\n"));
    run_checked("dup_elim", &format!("{web}file_sizes = \"mixed\"\n"));
    // Lazy duplicate states (§4.1.3), on the web and on the SP/2: some copies are seen stale.
    let stale = run_checked("dup_elim", &format!("dup_info = \"lazy\"\n{web}")) + run_checked("global", &format!("dup_info = \"lazy\"\n{sp2}"));
    assert!(stale > 0, "no copy was ever seen stale");
}

/// Runs the scenario, checking as it goes; the copies seen taken for duplicates while the last.
fn run_checked(replacement: &str, more: &str) -> u32 {
    let mut stale_seen = 0;
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
                    // Lazily, a last copy may still be taken for a duplicate until its owner's word comes.
                    let stale = r.dup && g.stale(i as u16, page);
                    assert!(r.dup == g.dup(page) || stale, "{replacement}: page {page}'s state at server {i}");
                    if stale {
                        stale_seen += 1;
                    }
                    assert_ne!(g.resident[page as usize] & (1 << i), 0, "{replacement}: server {i}'s copy of page {page} is counted");
                }
            }
            let mut writes = 0;
            for page in 0..g.writer.len() {
                if g.dirty[page] {
                    writes += 1;
                    // An evicted page stays with its evictor while the discard handshake runs.
                    let handshake = g.messages().any(|m| m.page == page as u32 && matches!(m.kind, Kind::DiscardNotify | Kind::ShipbackReq));
                    let present = g.central.as_ref().map_or(!g.gone(page as u32), |pool| pool.contains(page as u32));
                    assert!(present || handshake, "{replacement}: updated page {page} left memory unwritten");
                }
                let w = g.writer[page];
                if w != super::locks::NO_WRITER && g.central.is_none() {
                    assert_eq!(g.resident[page], 1 << w, "{replacement}: page {page}'s writer {w} holds its only copy");
                }
            }
            assert!(more.contains("p_write") || writes == 0);
            let held: u64 = g.holders.iter().map(|h| u64::from(h.count_ones())).sum();
            let resident: u64 = g.nodes.iter().map(|n| u64::from(n.pool.len())).sum();
            assert!(held >= resident, "{held} holders for {resident} resident pages: pages on their way count");
        }
    }
    assert!(sim.ended_early().is_none(), "{:?}", sim.ended_early());
    let Simulation::Global(e) = &sim else { unreachable!() };
    let g = e.system();
    if more.contains("p_write") {
        assert!(g.dirty.iter().any(|&d| d), "{replacement}: pages updated");
        assert!(g.central.is_some() || g.writer.iter().any(|&w| w != super::locks::NO_WRITER), "{replacement}: write locks held");
    }
    if !more.contains("lazy") {
        assert_eq!(stale_seen, 0);
    }
    stale_seen
}

/// A write lock calls back every other copy (§2.4, spec A10): with each page of the client's set
/// held by three other servers, the first write of a page has the owner (or the forwarding holder)
/// send it and give its copy up, and calls the two others back, an acknowledgement each; the
/// writer is left with the only copy.
#[test]
fn a_write_lock_calls_back_every_other_copy() {
    use super::pool::Resident;
    use super::GlobalSystem;
    use crate::kernel::{Engine, RunControl};
    let text = "[system]\nkind = \"global\"\n[run]\nwarmup_s = 0\nduration_s = 1\n[cluster]\nframes = 64\n[workload]\nlocality_m = 1\np_write = 1\n";
    let s = scenario::parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut g = GlobalSystem::of(s.global(), 1);
    for page in 0..g.layout.pages() {
        for node in [3, 4, 5] {
            let owner = g.owner(page);
            g.hold(page, node);
            g.insert_copy(node, page, Resident { ts: 0, hated: false, local: owner == node, dup: false, owner });
        }
    }
    let mut e = Engine::new(g, RunControl::from_s(0.0, 0.2, 0.1));
    e.run();
    let g = e.system();
    let written: Vec<usize> = (0..g.dirty.len()).filter(|&p| g.dirty[p]).collect();
    assert!(written.len() > 10, "{} pages written", written.len());
    for &page in &written {
        assert_eq!(g.resident[page], 1, "page {page}: only the writer, server 0, holds it");
        assert_eq!(g.writer[page], 0);
    }
    // The request in progress may have called its page's copies back already.
    let r = g.requests[0];
    let pending = u64::from(r.called_back && !g.dirty[r.page as usize]);
    assert_eq!(g.counters.invalidations, 2 * (written.len() as u64 + pending));
}

/// Fig. 58's sizes need a file of each size, and Fig. 60's hot files count the files the sizes
/// make: each refused at its field, saying what to change.
#[test]
fn file_sizes_are_refused_at_their_fields() {
    let web = |more: &str| format!("[system]\nkind = \"global\"\n[workload]\nmodel = \"web\"\n[web]\n{more}");
    let refused = |text: &str, path: &str| {
        let errors = scenario::parse(text).expect_err("refused");
        errors.into_iter().find(|e| e.path == path).unwrap_or_else(|| panic!("no error at {path}")).message
    };
    let e = refused(&web("files = 7\nfile_pages = 32\nfile_sizes = \"mixed\"\n"), "web.file_sizes");
    assert!(e.contains("224 pages") && e.contains("256 pages or more"), "{e}");
    assert!(scenario::parse(&web("files = 8\nfile_pages = 32\nfile_sizes = \"mixed\"\n")).is_ok());
    // 9,600 pages mixed are 282 files.
    assert!(scenario::parse(&web("file_sizes = \"mixed\"\nhot_files = 281\n")).is_ok());
    let e = refused(&web("file_sizes = \"mixed\"\nhot_files = 282\n"), "web.hot_files");
    assert!(e.contains("of the 282 files"), "{e}");
}
