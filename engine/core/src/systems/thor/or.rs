//! The OR's side of a fetch (Liskov et al. §5.2; spec 003 §2.4): the segment of the requested
//! object, read from disk unless the OR's segment cache holds it; the aligned sub-segment chunk
//! of the k objects that holds it; and the group shipped, the requested object first, then the
//! chunk's others but for "big" objects (over 800 bytes, sent only when requested) and objects
//! the per-FE table of recently sent objects lists.
use std::collections::VecDeque;

use super::prefetch::chunk;
use crate::components::page_cache::{PageCache, PageState};
use crate::workload::oo7::Oo7Database;

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
    /// The chunk: its first slot and the slot after its last.
    pub chunk: (u32, u32),
    pub objects: Vec<(u32, u32)>,
    /// The chunk's objects left out as big, and as sent recently.
    pub big: u32,
    pub duplicates: u32,
}

impl Group {
    pub fn bytes(&self) -> u64 {
        self.objects.iter().map(|&(_, b)| u64::from(b)).sum()
    }
}

#[derive(Clone, Debug)]
pub struct Or {
    /// The first object of each segment, and one past the last object.
    first: Vec<u32>,
    /// Segments the OR holds in memory (its cache less the mcache, §6.1), least recently used
    /// replaced.
    pub cache: PageCache,
    pub recent: Recent,
    /// Objects larger than this are big (§5.2: 800 bytes).
    pub big_bytes: u32,
}

impl Or {
    pub fn new(db: &Oo7Database, cache_segments: usize, recent: usize, big_bytes: u32) -> Or {
        let mut first = Vec::with_capacity(db.pages as usize + 1);
        for (x, o) in db.objects.iter().enumerate() {
            while first.len() <= o.page as usize {
                first.push(x as u32);
            }
        }
        first.push(db.objects.len() as u32);
        Or {
            first,
            cache: PageCache::new(cache_segments.max(1), db.pages),
            recent: Recent::new(db.objects.len(), recent),
            big_bytes,
        }
    }

    /// The objects of segment `s`, in slot order.
    pub fn segment(&self, s: u32) -> std::ops::Range<u32> {
        self.first[s as usize]..self.first[s as usize + 1]
    }

    /// Segments of the database.
    pub fn segment_count(&self) -> u32 {
        (self.first.len() - 1) as u32
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

    /// Segment `s` was read from disk: it replaces the least recently used one.
    pub fn read(&mut self, s: u32) {
        self.cache.reserve(s).expect("the OR never pins a segment");
        self.cache.validate(s);
        self.cache.unpin(s);
    }

    /// The group for a request for object `x` with group size `k` (§5.2).
    pub fn group(&mut self, db: &Oo7Database, x: u32, k: u32) -> Group {
        let s = db.objects[x as usize].page;
        let seg = self.segment(s);
        let (lo, hi) = chunk(x - seg.start, k.max(1), seg.end - seg.start);
        let mut g = Group { segment: s, chunk: (lo, hi), ..Group::default() };
        g.objects.push((x, u32::from(db.objects[x as usize].bytes)));
        for y in seg.start + lo..seg.start + hi {
            if y == x {
                continue;
            }
            let bytes = u32::from(db.objects[y as usize].bytes);
            if bytes > self.big_bytes {
                g.big += 1;
            } else if self.recent.contains(y) {
                g.duplicates += 1;
            } else {
                g.objects.push((y, bytes));
            }
        }
        for &(y, _) in &g.objects {
            self.recent.insert(y);
        }
        g
    }
}
