//! Greedy shortest-positioning-time-first choice from a pool of requests no client waits for
//! (O'Toole & Shrira §3.2, citing Seltzer et al.; spec 001 §2.8). The pool is indexed by
//! cylinder; the search goes outward from the head's cylinder, d = 0, ±1, ±2, …, and stops once
//! the seek over d cylinders alone exceeds the best positioning time found ("branch-and-bound",
//! §3.2). That is exact because a rotational wait is never negative and the seek curve rises
//! with distance. The pool is kept apart from what it holds, so the dirty pages and the pending
//! installation reads each have one, and the picker serves both.
use super::{Disk, Geometry, HeadState};
use crate::kernel::time::round_ns;

const NIL: u32 = u32::MAX;

/// A page in the pool, with the angle of its first byte (`Geometry::angle`), set once at insert.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub page: u32,
    pub angle: f64,
}

/// Pages of `page_bytes` each, page p at byte p × `page_bytes`, by cylinder: insert, remove
/// and membership in O(1).
#[derive(Clone, Debug)]
pub struct CylinderPool {
    geometry: Geometry,
    page_bytes: u64,
    buckets: Vec<Vec<Entry>>,
    /// Each page's index in its cylinder's bucket, NIL when absent.
    slot: Vec<u32>,
    len: usize,
}

impl CylinderPool {
    pub fn new(geometry: &Geometry, page_bytes: u64, pages: u32) -> CylinderPool {
        CylinderPool {
            geometry: geometry.clone(),
            page_bytes,
            buckets: vec![Vec::new(); geometry.cylinders as usize],
            slot: vec![NIL; pages as usize],
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn contains(&self, page: u32) -> bool {
        self.slot[page as usize] != NIL
    }

    /// Byte address of `page`.
    pub fn addr(&self, page: u32) -> u64 {
        page as u64 * self.page_bytes
    }

    pub fn cylinder(&self, page: u32) -> u64 {
        self.geometry.cylinder(self.addr(page))
    }

    pub fn insert(&mut self, page: u32) {
        debug_assert!(!self.contains(page));
        let angle = self.geometry.angle(self.addr(page));
        let c = self.cylinder(page) as usize;
        let b = &mut self.buckets[c];
        self.slot[page as usize] = b.len() as u32;
        b.push(Entry { page, angle });
        self.len += 1;
    }

    /// Removes `page` if it is in the pool; says whether it was.
    pub fn remove(&mut self, page: u32) -> bool {
        let i = self.slot[page as usize];
        if i == NIL {
            return false;
        }
        let c = self.cylinder(page) as usize;
        let b = &mut self.buckets[c];
        b.swap_remove(i as usize);
        if let Some(moved) = b.get(i as usize) {
            self.slot[moved.page as usize] = i;
        }
        self.slot[page as usize] = NIL;
        self.len -= 1;
        true
    }

    /// The pages on one cylinder, in no particular order.
    pub fn on_cylinder(&self, cylinder: u64) -> &[Entry] {
        &self.buckets[cylinder as usize]
    }

    /// Every page, cylinder by cylinder.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.buckets.iter().flatten().map(|e| e.page)
    }
}

/// The chosen request: its page, its positioning time (seek + rotational wait) from the head
/// state the choice was made from, and how many candidates the search examined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub page: u32,
    pub positioning_ns: u64,
    pub examined: u32,
}

/// Positioning time of a `len`-byte request at `addr` from `head`: seek (or head switch) and
/// rotational wait, exactly as the disk will serve it.
pub fn positioning_ns<T: Copy>(disk: &Disk<T>, head: HeadState, addr: u64, len: u64) -> u64 {
    disk.service_from(head, addr, len).rotation_end - head.time
}

/// The pool's page with the shortest positioning time from `head`; ties go to the page on the
/// nearest cylinder, then to the lowest page.
/// Each candidate's time is `positioning_ns`'s (which the request's length does not change), its
/// arithmetic shared where candidates share it. `pool` must be laid out by `disk`'s geometry.
pub fn choose<T: Copy>(disk: &Disk<T>, head: HeadState, pool: &CylinderPool) -> Option<Choice> {
    if pool.is_empty() {
        return None;
    }
    let g = &disk.geometry;
    let mut best: Option<Choice> = None;
    let mut examined = 0u32;
    let mut seen = 0usize;
    let mut best_d = 0u64;
    for d in 0..g.cylinders {
        // Every request d > 0 cylinders away ends its seek at `t0` (`service_from`'s formula),
        // so none is positioned sooner than the bound, and all share the platter's angle then.
        let t0 = head.time as f64 + disk.seek_ns(d as u32);
        let bound = round_ns(t0) - head.time;
        if best.is_some_and(|b| bound > b.positioning_ns) || seen == pool.len() {
            break;
        }
        let mut platter = None;
        let below = head.cylinder.checked_sub(d);
        let above = (d > 0).then(|| head.cylinder + d).filter(|&c| c < g.cylinders);
        for c in [below, above].into_iter().flatten() {
            for &Entry { page, angle } in pool.on_cylinder(c) {
                examined += 1;
                seen += 1;
                // On the head's own cylinder the head switches to the page's track, or not.
                let (at, platter) = if d == 0 {
                    let at = head.time as f64 + disk.positioning_ns(head, c, g.track(pool.addr(page)));
                    (at, disk.platter_at(at))
                } else {
                    (t0, *platter.get_or_insert_with(|| disk.platter_at(t0)))
                };
                let t = round_ns(at + disk.rotation_ns(platter, angle)) - head.time;
                // A tie goes to the nearer cylinder (found first, d rising), then to the lower
                // page; ties are common, since every candidate whose seek ends before its slot
                // comes round waits for the same instant.
                let better = match best {
                    None => true,
                    Some(b) => t < b.positioning_ns || (t == b.positioning_ns && best_d == d && page < b.page),
                };
                if better {
                    best = Some(Choice { page, positioning_ns: t, examined: 0 });
                    best_d = d;
                }
            }
        }
    }
    best.map(|b| Choice { examined, ..b })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::disk::{Geometry, Scheduler, SeekCurve};
    use crate::kernel::rng::Rng;

    const PAGE: u64 = 4096;

    /// The HP 97560 of spec 001 §2.2, literal (head switch 1.6 ms) or calibrated.
    fn hp97560(scale: f64, head_switch_ms: f64) -> Disk<()> {
        let g = Geometry { track_bytes: 72 * 512, tracks_per_cylinder: 19, cylinders: 1962, rev_ns: 60e9 / 4002.0 };
        let seek = SeekCurve::two_piece(383, (3.24, 0.400), (8.00, 0.008), scale);
        Disk::new(0, g, seek, head_switch_ms, Scheduler::Fifo, 0.0)
    }

    #[test]
    fn the_search_finds_what_a_scan_of_the_whole_pool_finds() {
        let mut rng = Rng::stream(7, 0);
        for (disk, size) in [(hp97560(1.0, 1.6), 3), (hp97560(0.766, 0.0), 70), (hp97560(1.0, 1.6), 24_000)] {
            let pages = 335_500u32;
            for trial in 0..40 {
                let mut pool = CylinderPool::new(&disk.geometry, PAGE, pages);
                while pool.len() < size {
                    let p = rng.below(pages);
                    if !pool.contains(p) {
                        pool.insert(p);
                    }
                }
                let head_page = rng.below(pages) as u64;
                let g = &disk.geometry;
                let head = HeadState {
                    cylinder: g.cylinder(head_page * PAGE),
                    track: g.track(head_page * PAGE),
                    time: rng.below(1_000_000_000) as u64,
                };
                let fast = choose(&disk, head, &pool).unwrap();
                let brute = pool
                    .iter()
                    .map(|p| {
                        let d = disk.geometry.cylinder(p as u64 * PAGE).abs_diff(head.cylinder);
                        (positioning_ns(&disk, head, p as u64 * PAGE, PAGE), d, p)
                    })
                    .min()
                    .map(|(t, _, p)| (t, p))
                    .unwrap();
                assert_eq!((fast.positioning_ns, fast.page), brute, "pool {size}, trial {trial}");
                if size == 24_000 {
                    assert!(fast.examined < 2_000, "the bound prunes: {} examined", fast.examined);
                }
            }
        }
    }

    #[test]
    fn removal_keeps_the_index() {
        let g = Geometry { track_bytes: 100, tracks_per_cylinder: 2, cylinders: 4, rev_ns: 1e6 };
        let mut pool = CylinderPool::new(&g, 25, 100);
        for p in [17, 18, 21, 23] {
            pool.insert(p);
        }
        assert!(pool.remove(18));
        assert!(!pool.remove(18));
        assert!(pool.contains(23) && pool.contains(21) && !pool.contains(18));
        let mut on: Vec<u32> = pool.on_cylinder(2).iter().map(|e| e.page).collect();
        on.sort();
        assert_eq!(on, vec![17, 21, 23]);
        assert_eq!(pool.on_cylinder(2).iter().find(|e| e.page == 21).unwrap().angle, 0.25);
        assert_eq!(pool.len(), 3);
    }
}
