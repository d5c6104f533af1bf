//! What every client cache of the HAC study offers the traversal that drives it (HAC, and the
//! page caches it is measured against, §4.2): object accesses that hit or fetch a page, and the
//! memory the cache uses, frames plus the indirection table (Figure 5's x axis, §4.2.2).
use super::cache::{HacCache, Outcome};

pub trait ClientCache {
    /// A method invoked on `object`; true if it fetched a page. `stack` gives the objects the
    /// program's stack refers to, asked for only on a miss.
    fn access(&mut self, object: u32, write: bool, stack: &dyn Fn() -> Vec<u32>) -> bool;
    /// Pages fetched so far, the mapping objects of a page cache that needs them included.
    fn fetches(&self) -> u64;
    /// Bytes of the indirection table now (16 per entry, §2.3); 0 for a cache without one.
    fn table_bytes(&self) -> u64;
    /// Bytes of the frames.
    fn frame_bytes(&self) -> u64;
    /// Objects installed so far (each costs conversion, §4.4); 0 for a cache without a table.
    fn installs(&self) -> u64;
    /// The transaction commits: its modified objects may be evicted again (no-steal, §4.6).
    /// Returns how many there were.
    fn commit(&mut self) -> u64;
}

impl ClientCache for HacCache {
    fn access(&mut self, object: u32, write: bool, stack: &dyn Fn() -> Vec<u32>) -> bool {
        matches!(self.access_with_stack(object, write, stack), Outcome::Miss { .. })
    }
    fn fetches(&self) -> u64 {
        self.stats.fetches
    }
    fn table_bytes(&self) -> u64 {
        HacCache::table_bytes(self)
    }
    fn frame_bytes(&self) -> u64 {
        self.params.frames as u64 * self.params.frame_bytes as u64
    }
    fn installs(&self) -> u64 {
        self.stats.installs
    }
    fn commit(&mut self) -> u64 {
        HacCache::commit(self)
    }
}
