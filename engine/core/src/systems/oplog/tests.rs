//! The system's own checks: its frame matches its description, and short runs of every design
//! keep the server's invariants.
use super::*;
use crate::scenario;

fn engine(design: &str, extra: &str) -> OplogEngine {
    let text = format!("[system]\nkind = \"oplog\"\n[server]\ndesign = \"{design}\"\n{extra}");
    let s = scenario::parse(&text).unwrap_or_else(|e| panic!("{e:?}"));
    OplogSystem::engine(&s, 3)
}

#[test]
fn frames_match_the_description() {
    for design in ["page", "basic", "absorbing", "opportunistic"] {
        let mut e = engine(design, "");
        e.run_until(3_000_000_000);
        let f = e.system().frame(e.now());
        f.check(view::SECTIONS).unwrap_or_else(|err| panic!("{design}: {err}"));
    }
}

#[test]
fn the_pool_stays_near_the_log_less_the_trigger() {
    // Spec §2.6: in steady state the log holds about capacity − IReadTrigger entries.
    let mut e = engine("opportunistic", "");
    e.run_until(20_000_000_000);
    let sys = e.system();
    let cap = sys.log.capacity;
    assert!(sys.log.used + 60 >= cap && sys.log.used <= cap, "log {} of {cap}", sys.log.used);
    assert_eq!(sys.log.used, sys.log.pending().map(|(_, p)| p.entries).sum::<u32>() + in_flight(sys));
    // A page with log entries is never cached (spec §2.6's invariant).
    for (page, _) in sys.log.pending() {
        assert_eq!(sys.cache.state(page), crate::components::page_cache::PageState::Absent);
    }
}

fn in_flight(sys: &OplogSystem) -> u32 {
    sys.reads.keys().filter_map(|p| sys.log.page(*p)).map(|p| p.entries).sum()
}

#[test]
fn the_page_server_reads_only_for_fetches() {
    let mut e = engine("page", "");
    e.run();
    let s = e.summary();
    assert_eq!(s.installation_reads, 0);
    assert!(s.disk_requests.fetch_read > 0.0 && s.disk_requests.write > 0.0);
}
