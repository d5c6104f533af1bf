//! The OR's side of a fetch (Liskov et al. §5.2; spec 003 §2.4): the segment of the requested
//! object, read from disk unless the OR's segment cache holds it; the aligned sub-segment chunk
//! of the k objects that holds it; and the group shipped, the requested object first, then the
//! chunk's others but for "big" objects (over 800 bytes, sent only when requested) and objects
//! the per-FE table of recently sent objects lists.
use std::collections::VecDeque;

use super::prefetch::{chunk, Cut};
use crate::components::mob::Layout;
use crate::components::page_cache::{PageCache, PageState};
use crate::workload::oo7::{Oo7Database, References};

/// The OR's table of the objects it sent one FE recently: a FIFO of bounded length (spec A7:
/// 4 × 700 entries).
#[derive(Clone, Debug)]
pub struct Recent {
    order: VecDeque<u32>,
    listed: Vec<bool>,
    capacity: usize,
}

impl Recent {
    pub fn new(objects: usize, capacity: usize) -> Recent {
        Recent { order: VecDeque::with_capacity(capacity), listed: vec![false; objects], capacity }
    }

    pub fn contains(&self, x: u32) -> bool {
        self.listed[x as usize]
    }

    /// Forgets every object: the FE has discarded objects, so what was sent may be gone.
    pub fn clear(&mut self) {
        for x in self.order.drain(..) {
            self.listed[x as usize] = false;
        }
    }

    pub fn insert(&mut self, x: u32) {
        if self.capacity == 0 || self.listed[x as usize] {
            return;
        }
        if self.order.len() == self.capacity {
            let old = self.order.pop_front().expect("full");
            self.listed[old as usize] = false;
        }
        self.order.push_back(x);
        self.listed[x as usize] = true;
    }
}

/// A group the OR cut: the chunk's slots, and the objects it ships with their bytes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Group {
    pub segment: u32,
    /// The chunk (or page): its first slot and the slot after its last; (0, 0) for a
    /// breadth-first group.
    pub chunk: (u32, u32),
    pub objects: Vec<(u32, u32)>,
    /// The chunk's objects left out as big, and as sent recently.
    pub big: u32,
    pub duplicates: u32,
    /// Objects a breadth-first walk examined (0 for the other cuts).
    pub visited: u32,
}

impl Group {
    pub fn bytes(&self) -> u64 {
        self.objects.iter().map(|&(_, b)| u64::from(b)).sum()
    }
}

#[derive(Clone, Debug)]
pub struct Or {
    /// The segments' objects (`ThorDb::layout`).
    layout: Layout,
    /// Segments the OR holds in memory (its cache less the mcache, §6.1), least recently used
    /// replaced.
    pub cache: PageCache,
    pub recent: Recent,
    /// Objects larger than this are big (§5.2: 800 bytes).
    pub big_bytes: u32,
}

impl Or {
    pub fn new(layout: Layout, cache_segments: usize, recent: usize, big_bytes: u32) -> Or {
        let (objects, segments) = (layout.objects(layout.pages() - 1).end as usize, layout.pages());
        Or {
            layout,
            cache: PageCache::new(cache_segments.max(1), segments),
            recent: Recent::new(objects, recent),
            big_bytes,
        }
    }

    /// The objects of segment `s`, in slot order.
    pub fn segment(&self, s: u32) -> std::ops::Range<u32> {
        self.layout.objects(s)
    }

    /// Segments of the database.
    pub fn segment_count(&self) -> u32 {
        self.layout.pages()
    }

    /// Whether segment `s` is in memory; touches it if so.
    pub fn cached(&mut self, s: u32) -> bool {
        if self.cache.state(s) == PageState::Cached {
            self.cache.touch(s);
            true
        } else {
            false
        }
    }

    /// Segment `s` was read from disk: it replaces the least recently used one. A fetch and the
    /// flusher may both have read it; the second read only touches it.
    pub fn read(&mut self, s: u32) {
        if self.cached(s) {
            return;
        }
        self.cache.reserve(s).expect("the OR never pins a segment");
        self.cache.validate(s);
        self.cache.unpin(s);
    }

    /// The group for a request for object `x`, cut as `cut` says (§5.2).
    pub fn group(&mut self, db: &Oo7Database, refs: &References, x: u32, cut: Cut) -> Group {
        let s = db.objects[x as usize].page;
        let seg = self.segment(s);
        let mut g = Group { segment: s, ..Group::default() };
        g.objects.push((x, u32::from(db.objects[x as usize].bytes)));
        match cut {
            Cut::Chunk(k) => {
                let (lo, hi) = chunk(x - seg.start, k.max(1), seg.end - seg.start);
                g.chunk = (lo, hi);
                for y in seg.start + lo..seg.start + hi {
                    if y != x {
                        self.offer(db, y, &mut g);
                    }
                }
            }
            Cut::Page(bytes) => {
                // A page server ships its page whole: no object is left out.
                let page = |y: u32| u32::from(db.objects[y as usize].offset) / bytes;
                let on = seg.clone().filter(|&y| page(y) == page(x));
                let (lo, hi) = on.clone().fold((u32::MAX, 0), |(lo, hi), y| (lo.min(y), hi.max(y + 1)));
                g.chunk = (lo - seg.start, hi - seg.start);
                g.objects.extend(on.filter(|&y| y != x).map(|y| (y, u32::from(db.objects[y as usize].bytes))));
            }
            Cut::BreadthFirst(n) => self.breadth_first(db, refs, x, n, &mut g),
        }
        for &(y, _) in &g.objects {
            self.recent.insert(y);
        }
        g
    }

    /// Adds `y` to group `g` unless it is big or was sent recently (§5.2).
    fn offer(&self, db: &Oo7Database, y: u32, g: &mut Group) {
        let bytes = u32::from(db.objects[y as usize].bytes);
        if bytes > self.big_bytes {
            g.big += 1;
        } else if self.recent.contains(y) {
            g.duplicates += 1;
        } else {
            g.objects.push((y, bytes));
        }
    }

    /// Up to `n` objects breadth first from `x` over the references, through every object in the
    /// OR's memory (its segment's is: it was just read); big and recently sent ones are not
    /// shipped, but the walk goes on through them (spec §6). `g.visited` counts the objects the
    /// walk examined: the OR's cost.
    fn breadth_first(&mut self, db: &Oo7Database, refs: &References, x: u32, n: u32, g: &mut Group) {
        let mut queue = std::collections::VecDeque::from([x]);
        let mut seen = std::collections::HashSet::from([x]);
        while let Some(y) = queue.pop_front() {
            for &r in refs.of_object(y) {
                if g.objects.len() as u32 >= n {
                    return;
                }
                let s = db.objects[r as usize].page;
                if !seen.insert(r) || !(s == g.segment || self.cache.state(s) == PageState::Cached) {
                    continue;
                }
                g.visited += 1;
                self.offer(db, r, g);
                queue.push_back(r);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A fetch and the flusher may both read a segment (§4): the second read leaves one copy,
    /// so the cache still holds as many segments as it has room for.
    #[test]
    fn a_segment_read_twice_is_held_once() {
        let layout = Layout::Listed { first: Arc::from([0u32, 1, 2, 3]), bytes: Arc::from([40u16; 3]) };
        let mut or = Or::new(layout, 2, 0, 800);
        or.read(0);
        or.read(0);
        or.read(1);
        assert!(or.cached(0) && or.cached(1), "both fit");
        or.read(2);
        assert!(!or.cached(0) && or.cached(1) && or.cached(2), "the least recently used one left");
    }
}
