//! GOM's dual buffering (Kemper & Kossmann 1994, as HAC §4.2.4 describes it; spec §3): the cache
//! is split, statically, into a page buffer and an object buffer, each managed by perfect LRU. A
//! missing page goes into the page buffer; the least recently used page leaves it, but its
//! objects used since it was fetched are copied into the object buffer first, which evicts its
//! least recently used objects to make room and allocates with a buddy system (sizes rounded up
//! to a power of two). Pages most of whose objects were used are protected: the next page in LRU
//! order goes instead. A page fetched again takes its objects back from the object buffer at once.
//! The split was tuned by hand for every cache size (§4.2.4): `best_split` searches it.
use std::collections::BTreeSet;

use super::super::cache::Pages;
use super::super::client_cache::ClientCache;
use super::page_frames::PageFrames;

/// A page with more than this fraction of its objects used since it was fetched is protected
/// from eviction (spec §3's reading of "a large fraction").
pub const PROTECT_FRACTION: f64 = 0.5;

#[derive(Clone, Debug)]
pub struct Gom {
    page_bytes: u32,
    page_frames: u32,
    object_capacity: u64,
    pages: Pages,
    /// Each page's last use, 0 when not in the page buffer, and the buffer by recency.
    page_use: Vec<u64>,
    page_lru: BTreeSet<(u64, u32)>,
    /// Where each page of the page buffer sits, and its objects used since it was fetched.
    pub placed: PageFrames,
    /// Each object's last use; in the object buffer: its recency there, else 0.
    last_use: Vec<u64>,
    in_buffer: Vec<u64>,
    object_lru: BTreeSet<(u64, u32)>,
    object_bytes: u64,
    clock: u64,
    pub fetches: u64,
}

/// The buddy system's block for an object: its size rounded up to a power of two.
fn block(bytes: u32) -> u64 {
    (bytes as u64).next_power_of_two()
}

impl Gom {
    /// A cache of `cache_bytes`, the fraction `page_share` of it the page buffer.
    pub fn new(cache_bytes: u64, page_share: f64, page_bytes: u32, pages: Pages) -> Gom {
        let page_frames = ((cache_bytes as f64 * page_share) / page_bytes as f64).floor().max(1.0) as u32;
        let objects = pages.objects(pages.count() - 1).end as usize;
        Gom {
            page_bytes,
            page_frames,
            object_capacity: cache_bytes.saturating_sub(page_frames as u64 * page_bytes as u64),
            page_use: vec![0; pages.count() as usize],
            page_lru: BTreeSet::new(),
            placed: PageFrames::new(page_frames, &pages),
            last_use: vec![0; objects],
            in_buffer: vec![0; objects],
            object_lru: BTreeSet::new(),
            object_bytes: 0,
            clock: 0,
            fetches: 0,
            pages,
        }
    }

    fn evict_page(&mut self) {
        let protected = |p: u32| {
            let n = self.pages.objects(p).len() as f64;
            self.placed.used_in(p) as f64 > PROTECT_FRACTION * n
        };
        let victim =
            self.page_lru.iter().copied().find(|&(_, p)| !protected(p)).or_else(|| self.page_lru.first().copied());
        let (t, page) = victim.expect("a full page buffer has a page");
        self.page_lru.remove(&(t, page));
        self.page_use[page as usize] = 0;
        for o in self.pages.objects(page) {
            if self.placed.used(o) {
                self.keep_object(o);
            }
        }
        self.placed.leave(page, &self.pages);
    }

    pub fn pages(&self) -> &Pages {
        &self.pages
    }

    /// The object buffer's objects, least recently used first, each with its buddy block's bytes.
    pub fn object_buffer(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.object_lru.iter().map(|&(_, o)| (o, block(self.pages.layout(o).1)))
    }

    /// Copies `object` into the object buffer, evicting its least recently used objects.
    fn keep_object(&mut self, object: u32) {
        let size = block(self.pages.layout(object).1);
        if size > self.object_capacity {
            return;
        }
        while self.object_bytes + size > self.object_capacity {
            let (_, o) = self.object_lru.pop_first().expect("the object buffer holds what it counts");
            self.in_buffer[o as usize] = 0;
            self.object_bytes -= block(self.pages.layout(o).1);
        }
        let t = self.last_use[object as usize];
        self.in_buffer[object as usize] = t;
        self.object_lru.insert((t, object));
        self.object_bytes += size;
    }
}

impl ClientCache for Gom {
    fn access(&mut self, object: u32, _write: bool, _stack: &dyn Fn() -> Vec<u32>) -> bool {
        self.clock += 1;
        self.last_use[object as usize] = self.clock;
        let buffered = self.in_buffer[object as usize];
        if buffered != 0 {
            self.object_lru.remove(&(buffered, object));
            self.in_buffer[object as usize] = self.clock;
            self.object_lru.insert((self.clock, object));
            return false;
        }
        let page = self.pages.page_of(object);
        let last = self.page_use[page as usize];
        let miss = last == 0;
        if miss {
            self.fetches += 1;
            if self.page_lru.len() == self.page_frames as usize {
                self.evict_page();
            }
            self.placed.arrive(page);
            // The page's objects in the object buffer go back into it at once (eager).
            for o in self.pages.objects(page) {
                let t = std::mem::replace(&mut self.in_buffer[o as usize], 0);
                if t != 0 {
                    self.object_lru.remove(&(t, o));
                    self.object_bytes -= block(self.pages.layout(o).1);
                    self.placed.use_object(o, page);
                }
            }
        } else {
            self.page_lru.remove(&(last, page));
        }
        self.page_use[page as usize] = self.clock;
        self.page_lru.insert((self.clock, page));
        self.placed.use_object(object, page);
        miss
    }
    fn fetches(&self) -> u64 {
        self.fetches
    }
    /// GOM's resident object table (36 B an object) is not counted: Figure 7 counts no table for
    /// any system (§4.2.4).
    fn table_bytes(&self) -> u64 {
        0
    }
    fn frame_bytes(&self) -> u64 {
        self.page_frames as u64 * self.page_bytes as u64 + self.object_capacity
    }
    fn installs(&self) -> u64 {
        0
    }
    /// Modifications are not modelled for GOM (Figure 7 runs T1, read only).
    fn commit(&mut self) -> u64 {
        0
    }
}

/// The page-buffer shares the search tries: tenths from 0.1 to 0.9.
pub const SPLITS: [f64; 9] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
