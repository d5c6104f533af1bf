//! The Chapter 6 client's object cache (thesis §6.1.2): objects arrive with fetch replies and
//! stay until the end of a transaction; then, if the cache holds more than its size, it scans its
//! table and evicts every object whose use bit is clear, clearing the bits as it goes (a one-bit
//! policy; the thesis made the cache 50–60% larger than the hot region to make up for it). Only
//! the OO7 workload uses it: §4.2.1's synthetic workload draws its hits instead.

#[derive(Clone, Debug)]
pub struct UseBitCache {
    resident: Vec<u64>,
    used: Vec<u64>,
    count: u64,
    /// Objects the cache holds before the end of a transaction evicts.
    capacity: u64,
}

impl UseBitCache {
    /// A cache of `capacity` objects over a database of `objects`.
    pub fn new(objects: u32, capacity: u64) -> UseBitCache {
        let words = (objects as usize).div_ceil(64);
        UseBitCache { resident: vec![0; words], used: vec![0; words], count: 0, capacity }
    }

    pub fn has(&self, oid: u32) -> bool {
        self.resident[oid as usize / 64] >> (oid % 64) & 1 == 1
    }

    /// A fetch reply brought `oid`: it stays at least until the end of the transaction.
    pub fn install(&mut self, oid: u32) {
        let (w, bit) = (oid as usize / 64, 1u64 << (oid % 64));
        if self.resident[w] & bit == 0 {
            self.resident[w] |= bit;
            self.count += 1;
        }
    }

    /// The transaction used `oid`, which is now cached (it was, or a fetch brought it).
    pub fn touch(&mut self, oid: u32) {
        self.install(oid);
        self.used[oid as usize / 64] |= 1u64 << (oid % 64);
    }

    /// The end of a transaction: over its size, the cache keeps only what was used since the
    /// last eviction.
    pub fn end_transaction(&mut self) {
        if self.count <= self.capacity {
            return;
        }
        for (r, u) in self.resident.iter_mut().zip(&mut self.used) {
            self.count -= u64::from((*r & !*u).count_ones());
            *r &= *u;
            *u = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eviction_waits_for_the_end_of_a_transaction_and_keeps_what_was_used() {
        let mut c = UseBitCache::new(200, 3);
        for oid in [5, 70, 130] {
            c.touch(oid);
        }
        c.end_transaction();
        assert_eq!(c.count, 3, "at capacity: nothing goes");
        // The scan clears nothing while the cache fits, so every bit is still set.
        c.touch(199);
        assert!(c.has(199) && c.count == 4);
        c.end_transaction();
        assert_eq!(c.count, 4, "every object was used since the last scan");
        // The scan cleared the bits: only what the next transactions use survives the next one.
        c.touch(70);
        c.touch(1);
        c.end_transaction();
        assert!(c.has(70) && c.has(1) && !c.has(5) && !c.has(130) && !c.has(199));
        assert_eq!(c.count, 2);
    }
}
