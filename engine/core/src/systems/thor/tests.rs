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

/// A collection as the heap's frames show it (§5.1): from-space past the trigger between calls;
/// while copying, to-space fills after from-space; after the flip, from-space is what was
/// copied, and the collection's row has its figures.
#[test]
fn a_collection_shows_in_the_heap_frames() {
    let text = "[system]\nkind = \"thor\"\n[database]\nsize = \"medium\"\n";
    let s = scenario::parse(text).unwrap();
    let mut sim = Simulation::new(&s, 1);
    let heap = |sim: &Simulation| {
        let f = sim.frame();
        let h = f.section("heap").clone();
        (h.scalar("phase"), h.scalar("used"), h.scalar("to"), h.scalar("limit"), h.scalar("collections"))
    };
    let mut seen = [false; 4];
    let mut before = 0.0;
    while sim.step() {
        let (phase, used, to, limit, collections) = heap(&sim);
        match phase as u8 {
            1 if !seen[1] => {
                seen[1] = true;
                before = used;
                // Past the trigger between calls, or a group (a segment and its surrogates at most)
                // short of the limit inside one.
                assert!(used > limit - 41_000.0, "collects only when from-space is full: {used} of {limit}");
                eprintln!("shrinking at {} ns", sim.now());
            }
            2 if !seen[2] && to > 0.0 => {
                seen[2] = true;
                eprintln!("copying at {} ns: {to} B copied", sim.now());
            }
            3 if !seen[0] => {
                seen[0] = true;
                eprintln!("sweeping the ROT at {} ns", sim.now());
            }
            0 if seen[2] && collections == 1.0 => {
                assert!(used < 0.5 * before, "to-space {used} B of from-space {before} B");
                let f = sim.frame();
                let c = f.section("collections");
                assert_eq!(c.columns.len(), 4);
                eprintln!("flipped by {} ns", sim.now());
                seen[3] = true;
                break;
            }
            _ => {}
        }
    }
    assert_eq!(seen, [true, true, true, true], "shrinking, copying, sweeping, the flip");
}

/// T2b on the small database with a 0.4 MB mcache, which its commits fill: the flusher at work.
const SMALL_MCACHE: &str = "[system]\nkind = \"thor\"\n[workload]\ntraversal = \"t2b\"\nparts_per_call = 48\n\
                            calls_per_transaction = 20\n[mcache]\nmb = 0.4\n";

/// The OR's mcache (§4; thesis §6.2.5): T2b's commits fill a small mcache, the flusher writes
/// each pass's segments in address order, commits wait only while it frees room, and every
/// logged modification is written, superseded by a newer one, or still buffered at the end.
#[test]
fn the_flusher_installs_what_commits_log_in_address_order() {
    let s = scenario::parse(SMALL_MCACHE).unwrap();
    let mut sim = Simulation::new(&s, 1);
    let (mut passes, mut last) = (0, None);
    while sim.step() {
        let Simulation::Thor(e) = &sim else { unreachable!() };
        let m = &e.system().mcache;
        if m.counters.passes != passes {
            (passes, last) = (m.counters.passes, None);
        }
        if let super::mcache::State::Writing(s) = m.state {
            assert!(last.is_none_or(|l| l <= s), "segment {s} after {last:?} in one pass");
            last = Some(s);
        }
    }
    assert!(sim.ended_early().is_none(), "{:?}", sim.ended_early());
    let Simulation::Thor(e) = &sim else { unreachable!() };
    let (sys, now) = (e.system(), sim.now());
    let c = sys.mcache.counters;
    assert!(c.passes > 1 && c.writes > 0 && c.waits > 0, "{c:?}");
    let (inserted, superseded, removed) = sys.mcache.mob.totals();
    assert_eq!(inserted, c.objects);
    let live: u64 = sys.mcache.mob.scan_list().map(|e| u64::from(e.count)).sum();
    assert_eq!(inserted, superseded + removed + live);
    sys.mcache.mob.check_invariants();
    assert_eq!(sys.fe.ledger.total(), now, "commit waits are part of commit");
}

/// The mcache as its frames show it (the MOB component's `mob` and `flusher` sections): mid-pass
/// (the first 50 frames with the flusher busy; the small database's segments all stay in the OR's
/// memory, so it only writes), the segment being written is the batch's at its position, the batch is in address
/// order, the finished passes are one fewer than those begun, and every buffered modification is
/// an atomic part's (the sections' one area), its bytes the object data.
#[test]
fn the_mcache_frames_show_the_flusher_mid_pass() {
    use super::database::Kind;
    use crate::frame::Column;
    let s = scenario::parse(SMALL_MCACHE).unwrap();
    let mut sim = Simulation::new(&s, 1);
    let mut checked = 0;
    while sim.step() && checked < 50 {
        let Simulation::Thor(e) = &sim else { unreachable!() };
        let m = &e.system().mcache;
        let Some(segment) = m.busy_segment() else { continue };
        let f = sim.frame();
        f.check(sim.description().sections).unwrap();
        let (mob, flusher) = (f.section("mob"), f.section("flusher"));
        let writing = matches!(m.state, super::mcache::State::Writing(_));
        assert_eq!(flusher.scalar("state"), if writing { 2.0 } else { 1.0 });
        checked += 1;
        assert_eq!(flusher.scalar("page"), f64::from(segment));
        let Column::U32(batch) = flusher.get("page") else { panic!("the batch is u32") };
        assert!(batch.windows(2).all(|w| w[0] < w[1]), "address order");
        assert_eq!(batch[flusher.scalar("position") as usize], segment);
        assert_eq!(flusher.scalar("passes"), (m.counters.passes - 1) as f64);
        assert_eq!(flusher.scalar("pages_written"), m.counters.writes as f64);
        assert_eq!(mob.scalar("used_bytes"), m.mob.used() as f64);
        assert_eq!((mob.scalar("trigger"), mob.scalar("scan_frac")), (0.9, 0.1));
        let Column::U8(area) = mob.get("area") else { panic!("area is u8") };
        assert!(area.iter().all(|&a| a == 0));
        let db = &e.system().db;
        let objects: Vec<u32> = (0..db.layout.pages()).flat_map(|p| m.mob.find_modifications(p)).map(|(x, _)| x).collect();
        assert!(!objects.is_empty() && objects.iter().all(|&x| db.kind(x) == Kind::AtomicPart));
        let bytes: u64 = objects.iter().map(|&x| u64::from(db.bytes(x))).sum();
        assert_eq!(mob.scalar("data_bytes"), bytes as f64);
    }
    assert_eq!(checked, 50, "the flusher works");
}

