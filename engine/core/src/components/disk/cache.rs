//! A drive's read-ahead cache (the Fujitsu M2266's of Venkataraman's Tab. 6; spec 004 A5): a few
//! contexts, each holding the bytes that follow a read's start, the least recently used context
//! replaced. A read that lies wholly in a context is served from it, in its transfer time alone.
use std::collections::VecDeque;

#[derive(Clone, Debug)]
pub struct SegmentCache {
    contexts: usize,
    bytes: u64,
    /// Each context's first byte address, the most recently used last.
    starts: VecDeque<u64>,
    hits: u64,
}

impl SegmentCache {
    /// `contexts` contexts of `bytes` each.
    pub fn new(contexts: usize, bytes: u64) -> SegmentCache {
        SegmentCache { contexts, bytes, starts: VecDeque::with_capacity(contexts), hits: 0 }
    }

    /// Whether `len` bytes at `addr` lie in one context; a hit makes it the most recently used.
    pub fn hit(&mut self, addr: u64, len: u64) -> bool {
        let Some(i) = self.starts.iter().position(|&s| s <= addr && addr + len <= s + self.bytes) else { return false };
        let s = self.starts.remove(i).expect("found");
        self.starts.push_back(s);
        self.hits += 1;
        true
    }

    /// A read from the medium at `addr`: a context now holds it and the bytes after it (A5: the
    /// page and the next three), in place of the least recently used one.
    pub fn fill(&mut self, addr: u64) {
        if self.starts.len() == self.contexts {
            self.starts.pop_front();
        }
        self.starts.push_back(addr);
    }

    /// Reads served from the cache so far.
    pub fn hits(&self) -> u64 {
        self.hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A context holds its read's page and the next three; the fifth page is not in it; the
    /// least recently used context goes first, and a hit counts as a use.
    #[test]
    fn contexts_hold_the_pages_after_a_read_least_recently_used_replaced() {
        let page = 8192;
        let mut c = SegmentCache::new(2, 4 * page);
        assert!(!c.hit(0, page), "empty");
        c.fill(0);
        assert!(c.hit(0, page) && c.hit(3 * page, page) && !c.hit(4 * page, page));
        assert!(!c.hit(3 * page + 1, page), "a page running past the context");
        c.fill(100 * page);
        assert!(c.hit(page, page), "the first context used last");
        c.fill(200 * page);
        assert!(!c.hit(101 * page, page), "the second, least recently used, replaced");
        assert!(c.hit(2 * page, page) && c.hit(201 * page, page));
        assert_eq!(c.hits(), 5);
    }
}
