//! The write-optimized layout's server cache (thesis §3.2.2; spec §2.5, A12): page headers and
//! fragments kept apart in one byte budget, so a fragment can leave without its page's header.
//! Headers are favoured: a header is evicted only to make room for another header, a fragment
//! for either. So inserting a fragment evicts fragments only, inserting a header the least
//! recently used item of either kind; and headers may not take the room kept for the fragments
//! the clients' fetches and the flusher need at once (spec A12: (clients + 2) fragments).
use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Item {
    Header(u32),
    Fragment(u32),
}

#[derive(Clone, Debug)]
pub struct WoCache {
    capacity: u64,
    /// Bytes headers may take at most: the capacity less the fragments' reserve.
    header_limit: u64,
    header_bytes: u64,
    used: u64,
    headers_used: u64,
    clock: u64,
    /// Each page's header's last use (0: not cached).
    header_stamp: Vec<u64>,
    /// Each fragment slot's last use (0: not cached) and its cached bytes.
    fragment_stamp: Vec<u64>,
    fragment_bytes: Vec<u64>,
    all: BTreeSet<(u64, Item)>,
    fragments: BTreeSet<(u64, u32)>,
    headers: BTreeSet<(u64, u32)>,
}

impl WoCache {
    pub fn new(capacity: u64, reserve: u64, pages: u32, header_bytes: u64) -> WoCache {
        WoCache {
            capacity,
            header_limit: capacity.saturating_sub(reserve),
            header_bytes,
            used: 0,
            headers_used: 0,
            clock: 0,
            header_stamp: vec![0; pages as usize],
            fragment_stamp: Vec::new(),
            fragment_bytes: Vec::new(),
            all: BTreeSet::new(),
            fragments: BTreeSet::new(),
            headers: BTreeSet::new(),
        }
    }

    pub fn has_header(&self, page: u32) -> bool {
        self.header_stamp[page as usize] != 0
    }

    pub fn has_fragment(&self, f: u32) -> bool {
        self.fragment_stamp.get(f as usize).is_some_and(|&t| t != 0)
    }

    /// Bytes cached: headers, and fragments.
    pub fn bytes(&self) -> (u64, u64) {
        (self.headers_used, self.used - self.headers_used)
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// Makes `page`'s header the most recently used, caching it if it is not.
    pub fn use_header(&mut self, page: u32) {
        let old = self.header_stamp[page as usize];
        if old != 0 {
            self.all.remove(&(old, Item::Header(page)));
            self.headers.remove(&(old, page));
        } else {
            while self.headers_used + self.header_bytes > self.header_limit {
                let Some(&(_, p)) = self.headers.first() else { return };
                self.evict(Item::Header(p));
            }
            while self.used + self.header_bytes > self.capacity {
                let Some(&(_, item)) = self.all.first() else { return };
                self.evict(item);
            }
            self.used += self.header_bytes;
            self.headers_used += self.header_bytes;
        }
        let t = self.tick();
        self.header_stamp[page as usize] = t;
        self.all.insert((t, Item::Header(page)));
        self.headers.insert((t, page));
    }

    /// Makes fragment `f` (its objects, `bytes`) the most recently used, caching it if it is not
    /// and fragments can make room for it.
    pub fn use_fragment(&mut self, f: u32, bytes: u64) {
        let i = f as usize;
        if i >= self.fragment_stamp.len() {
            self.fragment_stamp.resize(i + 1, 0);
            self.fragment_bytes.resize(i + 1, 0);
        }
        let t = self.tick();
        let old = self.fragment_stamp[i];
        if old != 0 {
            self.all.remove(&(old, Item::Fragment(f)));
            self.fragments.remove(&(old, f));
        } else {
            while self.used + bytes > self.capacity {
                let Some(&(_, g)) = self.fragments.first() else { return };
                self.evict(Item::Fragment(g));
            }
            self.used += bytes;
            self.fragment_bytes[i] = bytes;
        }
        self.fragment_stamp[i] = t;
        self.all.insert((t, Item::Fragment(f)));
        self.fragments.insert((t, f));
    }

    /// Drops `item` from the cache (a fragment the cleaner freed, or an eviction).
    pub fn evict(&mut self, item: Item) {
        match item {
            Item::Header(p) => {
                let t = std::mem::replace(&mut self.header_stamp[p as usize], 0);
                if t != 0 {
                    self.all.remove(&(t, item));
                    self.headers.remove(&(t, p));
                    self.used -= self.header_bytes;
                    self.headers_used -= self.header_bytes;
                }
            }
            Item::Fragment(f) => {
                let Some(t) = self.fragment_stamp.get_mut(f as usize).map(|t| std::mem::replace(t, 0)) else { return };
                if t != 0 {
                    self.all.remove(&(t, item));
                    self.fragments.remove(&(t, f));
                    self.used -= self.fragment_bytes[f as usize];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Headers are favoured: a fragment never pushes a header out, a header pushes out the
    /// least recently used item, and headers leave the fragments their reserve.
    #[test]
    fn a_header_leaves_only_for_a_header_and_fragments_keep_their_reserve() {
        let mut c = WoCache::new(95, 30, 10, 10);
        c.use_header(0);
        c.use_fragment(0, 40);
        c.use_fragment(1, 40);
        assert!(c.has_header(0) && c.has_fragment(0) && c.has_fragment(1));
        c.use_fragment(2, 40); // evicts fragment 0, the least recently used fragment
        assert!(c.has_header(0) && !c.has_fragment(0) && c.has_fragment(1) && c.has_fragment(2));
        c.use_header(1); // over 95 B: evicts the least recently used item, header 0
        assert!(!c.has_header(0) && c.has_header(1));
        for p in 2..9 {
            c.use_header(p);
        }
        assert!(c.bytes().0 <= 65, "headers stay within the capacity less the reserve: {:?}", c.bytes());
        c.use_fragment(3, 200);
        assert!(!c.has_fragment(3), "a fragment larger than the cache is not cached");
        assert!(c.used <= c.capacity);
    }
}
