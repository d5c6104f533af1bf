//! The write-optimized layout's server cache (thesis §3.2.2; spec §2.5, A12): page headers and
//! fragments kept apart in one byte budget, so a fragment can leave without its page's header.
//! Headers are favoured: a header is evicted only to make room for another header, a fragment
//! for either. So inserting a fragment evicts fragments only, inserting a header the least
//! recently used item of either kind; and headers may not take the room kept for the fragments
//! the clients' fetches and the flusher need at once (spec A12: (clients + 2) fragments).

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Item {
    Header(u32),
    Fragment(u32),
}

/// Items of one kind (pages' headers, or fragment slots) by recency, least recent first: a
/// doubly linked list through arrays indexed by item.
#[derive(Clone, Debug)]
struct Lru {
    first: u32,
    last: u32,
    prev: Vec<u32>,
    next: Vec<u32>,
}

const END: u32 = u32::MAX;

impl Lru {
    fn new(items: usize) -> Lru {
        Lru { first: END, last: END, prev: vec![END; items], next: vec![END; items] }
    }

    fn first(&self) -> Option<u32> {
        (self.first != END).then_some(self.first)
    }

    /// Makes room for item `i`.
    fn grow(&mut self, i: usize) {
        if i >= self.prev.len() {
            self.prev.resize(i + 1, END);
            self.next.resize(i + 1, END);
        }
    }

    fn push_last(&mut self, i: u32) {
        self.prev[i as usize] = self.last;
        self.next[i as usize] = END;
        match self.last {
            END => self.first = i,
            l => self.next[l as usize] = i,
        }
        self.last = i;
    }

    fn remove(&mut self, i: u32) {
        let (p, n) = (self.prev[i as usize], self.next[i as usize]);
        match p {
            END => self.first = n,
            p => self.next[p as usize] = n,
        }
        match n {
            END => self.last = p,
            n => self.prev[n as usize] = p,
        }
    }
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
    /// The cached headers and fragments, each kind least recently used first; the least
    /// recently used item of either is the older of the two firsts.
    headers: Lru,
    fragments: Lru,
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
            headers: Lru::new(pages as usize),
            fragments: Lru::new(0),
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

    /// The least recently used item, of either kind.
    fn least_recent(&self) -> Option<Item> {
        match (self.headers.first(), self.fragments.first()) {
            (Some(p), Some(f)) if self.header_stamp[p as usize] < self.fragment_stamp[f as usize] => Some(Item::Header(p)),
            (_, Some(f)) => Some(Item::Fragment(f)),
            (Some(p), None) => Some(Item::Header(p)),
            (None, None) => None,
        }
    }

    /// Makes `page`'s header the most recently used, caching it if it is not.
    pub fn use_header(&mut self, page: u32) {
        let old = self.header_stamp[page as usize];
        if old != 0 {
            self.headers.remove(page);
        } else {
            while self.headers_used + self.header_bytes > self.header_limit {
                let Some(p) = self.headers.first() else { return };
                self.evict(Item::Header(p));
            }
            while self.used + self.header_bytes > self.capacity {
                let Some(item) = self.least_recent() else { return };
                self.evict(item);
            }
            self.used += self.header_bytes;
            self.headers_used += self.header_bytes;
        }
        let t = self.tick();
        self.header_stamp[page as usize] = t;
        self.headers.push_last(page);
    }

    /// Makes fragment `f` (its objects, `bytes`) the most recently used, caching it if it is not
    /// and fragments can make room for it.
    pub fn use_fragment(&mut self, f: u32, bytes: u64) {
        let i = f as usize;
        if i >= self.fragment_stamp.len() {
            self.fragment_stamp.resize(i + 1, 0);
            self.fragment_bytes.resize(i + 1, 0);
            self.fragments.grow(i);
        }
        let t = self.tick();
        let old = self.fragment_stamp[i];
        if old != 0 {
            self.fragments.remove(f);
        } else {
            while self.used + bytes > self.capacity {
                let Some(g) = self.fragments.first() else { return };
                self.evict(Item::Fragment(g));
            }
            self.used += bytes;
            self.fragment_bytes[i] = bytes;
        }
        self.fragment_stamp[i] = t;
        self.fragments.push_last(f);
    }

    /// Drops `item` from the cache (a fragment the cleaner freed, or an eviction).
    pub fn evict(&mut self, item: Item) {
        match item {
            Item::Header(p) => {
                let t = std::mem::replace(&mut self.header_stamp[p as usize], 0);
                if t != 0 {
                    self.headers.remove(p);
                    self.used -= self.header_bytes;
                    self.headers_used -= self.header_bytes;
                }
            }
            Item::Fragment(f) => {
                let Some(t) = self.fragment_stamp.get_mut(f as usize).map(|t| std::mem::replace(t, 0)) else { return };
                if t != 0 {
                    self.fragments.remove(f);
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
