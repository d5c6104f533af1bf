use super::*;
use crate::kernel::rng::Rng;
use std::sync::Arc;

const OPP: u32 = 10; // objects per page in these tests
const CHARGE: u64 = 128 + 16;

fn mob(capacity: u64) -> Mob {
    Mob::new(capacity, 16, 16, uniform(100, OPP), 128)
}

fn uniform(pages: u32, objects_per_page: u32) -> Layout {
    Layout::Uniform { pages, objects_per_page, object_bytes: 128 }
}

fn objs(oids: &[Oid]) -> Vec<(Oid, u8)> {
    oids.iter().map(|&o| (o, 0)).collect()
}

#[test]
fn insert_charges_objects_and_chunks() {
    let mut m = mob(1 << 20);
    m.insert(1, &objs(&[3, 4, 25])); // two chunks: page 0 and page 2
    assert_eq!(m.used(), 3 * CHARGE + 2 * 16);
    assert_eq!(m.scan_list().len(), 2);
    assert!(m.contains(4) && m.contains(25) && !m.contains(5));
    assert_eq!(m.find_modifications(0).len(), 2);
    assert_eq!(m.data_bytes_by_area()[0], 3 * 128);
    m.check_invariants();
}

#[test]
fn supersede_drops_the_older_version_and_truncates_the_log() {
    let mut m = mob(1 << 20);
    m.insert(1, &objs(&[3]));
    assert_eq!(m.need(&objs(&[3])), 16); // a new chunk, the object itself is credited
    m.insert(2, &objs(&[3]));
    assert_eq!(m.page_count(0), 1);
    assert_eq!(m.used(), CHARGE + 16);
    // The first record is now empty and was at the head, so it is truncated.
    assert_eq!(m.scan_list().next().unwrap().log_index, 2);
    m.check_invariants();
}

#[test]
fn truncation_follows_log_order() {
    let mut m = mob(1 << 20);
    m.insert(1, &objs(&[1])); // page 0
    m.insert(2, &objs(&[11])); // page 1
    let p1 = m.find_modifications(1);
    assert_eq!(m.remove(&p1), 1);
    // Record 2 is empty but record 1 still holds a modification: nothing can be truncated yet.
    assert_eq!(m.scan_list().len(), 2);
    assert_eq!(m.used(), CHARGE + 16);
    let p0 = m.find_modifications(0);
    m.remove(&p0);
    assert!(m.scan_list().len() == 0);
    assert_eq!(m.used(), 0);
    m.check_invariants();
}

#[test]
fn remove_deletes_only_the_installed_modifications() {
    let mut m = mob(1 << 20);
    m.insert(1, &objs(&[1, 2]));
    let installed = m.find_modifications(0);
    m.insert(2, &objs(&[2, 3])); // 2 is superseded after the flusher took its snapshot
    assert_eq!(m.remove(&installed), 1); // only object 1: the old version of 2 is gone already
    assert!(m.contains(2) && m.contains(3) && !m.contains(1));
    assert_eq!(m.page_count(0), 2);
    m.check_invariants();
}

#[test]
fn find_pages_scans_the_oldest_bytes_in_log_order() {
    let mut m = mob(1 << 20);
    m.insert(1, &objs(&[51, 52])); // page 5
    m.insert(2, &objs(&[12])); // page 1
    m.insert(3, &objs(&[55])); // page 5 again
    m.insert(4, &objs(&[99])); // page 9
    let (pages, last) = m.find_pages(2 * CHARGE + 16 + 1);
    assert_eq!((pages, last), (vec![5, 1], 2));
    let (pages, last) = m.find_pages(u64::MAX);
    assert_eq!((pages, last), (vec![5, 1, 9], 4));
    // Removing page 5 (of any age) leaves page 1 at the head.
    let p5 = m.find_modifications(5);
    assert_eq!(p5.len(), 3);
    m.remove(&p5);
    assert_eq!(m.scan_list().next().unwrap().page, 1);
    m.check_invariants();
}

#[test]
fn random_operations_keep_the_accounting_exact_and_within_capacity() {
    // Property test: commits are admitted only when they fit, the flusher writes the pages of
    // the oldest entries, and after every step the accounting recomputed from scratch agrees
    // and never exceeds the capacity.
    for seed in 0..20 {
        let mut rng = Rng::stream(seed, 3);
        let capacity = 4_000 + u64::from(rng.below(20_000));
        let mut m = mob(capacity);
        let mut log = 0;
        for _ in 0..2_000 {
            if rng.chance(0.6) {
                let mut o: Vec<Oid> = (0..1 + rng.below(6)).map(|_| rng.below(1000)).collect();
                o.sort_unstable();
                o.dedup();
                let w = objs(&o);
                let need = m.need(&w);
                if m.fits(need) {
                    let before = m.used();
                    log += 1;
                    m.insert(log, &w);
                    assert!(m.used() <= before + need);
                }
            } else {
                let (pages, _) = m.find_pages(capacity / 100);
                for p in pages {
                    let snapshot = m.find_modifications(p);
                    if rng.chance(0.3) {
                        // A commit lands while the page is being written.
                        let o = p * OPP + rng.below(OPP);
                        if m.fits(m.need(&objs(&[o]))) {
                            log += 1;
                            m.insert(log, &objs(&[o]));
                        }
                    }
                    m.remove(&snapshot);
                }
            }
            m.check_invariants();
        }
    }
}

/// Issue 12: a MOB that never fills grows its scan list behind its oldest live chunk; the list is
/// bounded (the system ends the run, saying why) instead of running out of ids or memory.
#[test]
fn the_scan_list_is_bounded() {
    let small = Mob::new(1 << 20, 16, 16, uniform(1000, 481), 128);
    assert_eq!(small.scan_limit(), 1 << 22, "at least 2^22 entries");
    assert!(small.has_room_for(1 << 22) && !small.has_room_for((1 << 22) + 1));
    // A large MOB may hold four times the chunks it can hold when full.
    let large = Mob::new(1 << 30, 16, 16, uniform(1000, 481), 128);
    assert_eq!(large.scan_limit(), 4 * ((1 << 30) / (128 + 16 + 16)));
    let mut m = small;
    m.insert(1, &[(0, 0)]);
    assert_eq!(m.scan_len(), 1);
    assert!(!m.has_room_for(1 << 22));
}

/// Thor0's segments: pages of different object counts and objects of different sizes.
#[test]
fn a_listed_layout_charges_each_object_its_own_bytes() {
    let layout =
        Layout::Listed { first: Arc::from([0u32, 3, 4, 9]), bytes: Arc::from([10u16, 20, 30, 2000, 1, 1, 1, 1, 1]) };
    assert_eq!(layout.pages(), 3);
    assert_eq!((layout.page_slot(2), layout.page_slot(3), layout.page_slot(8)), ((0, 2), (1, 0), (2, 4)));
    let mut m = Mob::new(1 << 20, 16, 16, layout, 1);
    m.insert(1, &objs(&[1, 2, 3]));
    assert_eq!(m.used(), (20 + 16) + (30 + 16) + (2000 + 16) + 2 * 16);
    assert_eq!(m.find_modifications(1), vec![(3, 2)], "the second chunk's id");
    let (pages, _) = m.find_pages(20 + 16 + 30 + 16 + 16);
    assert_eq!(pages, vec![0], "the first chunk's bytes reach the target");
    m.insert(2, &objs(&[2]));
    assert_eq!(m.totals().1, 1, "superseded");
    assert_eq!(m.used(), (20 + 16) + (30 + 16) + (2000 + 16) + 3 * 16);
    m.check_invariants();
    let mods = m.find_modifications(0);
    assert_eq!(m.remove(&mods), 2);
    assert_eq!(m.data_bytes_by_area()[0], 2000);
    m.check_invariants();
}
