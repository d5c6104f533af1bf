//! The in-memory log of committed modifications not yet installed, and its pending-installation
//! pool (O'Toole & Shrira §3.2, §4.3; spec 001 §2.6). Entries are counted per page; a page with
//! entries is either *pending* (in the pool, no read in flight: a candidate for an installation
//! read) or covered by a read in flight, which installs all of its entries when it completes.
//! The pool is indexed by cylinder for the SPTF search and kept in order of each page's oldest
//! entry for the absorbing server's oldest-first choice.
use super::disk::PAGE_BYTES;
use crate::components::disk::sptf::CylinderPool;
use crate::components::disk::Geometry;
use crate::kernel::SimTime;
use std::collections::VecDeque;

const NIL: u32 = u32::MAX;

/// A page's entries in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogPage {
    pub entries: u32,
    /// Commit sequence number and time of its oldest entry.
    pub first_seq: u64,
    pub first_at: SimTime,
}

#[derive(Clone, Debug)]
pub struct Log {
    /// Entries the log holds at most; `u32::MAX` for the basic server's transient entries.
    pub capacity: u32,
    /// Entries in the log, pending or covered by a read in flight.
    pub used: u32,
    /// The pages with entries, with theirs, in no particular order.
    logged: Vec<(u32, LogPage)>,
    /// Each page's index in `logged`, NIL when it has no entries.
    slot: Vec<u32>,
    /// Pending pages (no read in flight), by cylinder.
    pub pool: CylinderPool,
    /// Pending pages by their oldest entry, oldest first, as (first_seq, page): appended in
    /// commit order. A page that leaves the pool stays behind, stale, until the front passes it
    /// or the stale outnumber the pool and go all at once: each change costs O(1) amortised.
    oldest: VecDeque<(u64, u32)>,
    next_seq: u64,
}

impl Log {
    pub fn new(capacity: u32, geometry: &Geometry, pages: u32) -> Log {
        Log {
            capacity,
            used: 0,
            logged: Vec::new(),
            slot: vec![NIL; pages as usize],
            pool: CylinderPool::new(geometry, PAGE_BYTES, pages),
            oldest: VecDeque::new(),
            next_seq: 0,
        }
    }

    pub fn free(&self) -> u32 {
        self.capacity.saturating_sub(self.used)
    }

    pub fn is_full(&self) -> bool {
        self.used >= self.capacity
    }

    pub fn page(&self, page: u32) -> Option<&LogPage> {
        self.logged.get(self.slot[page as usize] as usize).map(|(_, p)| p)
    }

    /// Appends an entry for `page` committed at `now`. A page without entries
    /// joins the pool unless a read of it is in flight (`reading`): then the read installs it.
    /// Returns the page's entries before this one.
    pub fn append(&mut self, page: u32, now: SimTime, reading: bool) -> u32 {
        self.used += 1;
        let seq = self.next_seq;
        self.next_seq += 1;
        match self.logged.get_mut(self.slot[page as usize] as usize) {
            Some((_, p)) => {
                p.entries += 1;
                p.entries - 1
            }
            None => {
                self.slot[page as usize] = self.logged.len() as u32;
                self.logged.push((page, LogPage { entries: 1, first_seq: seq, first_at: now }));
                if !reading {
                    self.pool.insert(page);
                    self.oldest.push_back((seq, page));
                }
                0
            }
        }
    }

    /// A read of `page` was issued: its entries, if any, leave the pool and wait for the read.
    /// Returns how many.
    pub fn read_issued(&mut self, page: u32) -> u32 {
        let Some(&p) = self.page(page) else { return 0 };
        // A page is pending, in the pool, exactly while no read of it is in flight.
        if self.pool.remove(page) {
            self.forget_stale();
        }
        p.entries
    }

    /// Whether an entry of `oldest` is still a pending page's oldest entry.
    fn is_pending(&self, (seq, page): (u64, u32)) -> bool {
        self.pool.contains(page) && self.page(page).is_some_and(|p| p.first_seq == seq)
    }

    /// Drops the stale entries of `oldest` at its front, and all of them once they outnumber
    /// the pool, so that its front is the oldest pending page.
    fn forget_stale(&mut self) {
        if self.oldest.len() > 2 * self.pool.len() + 64 {
            let mut oldest = std::mem::take(&mut self.oldest);
            oldest.retain(|&e| self.is_pending(e));
            self.oldest = oldest;
        }
        while self.oldest.front().is_some_and(|&e| !self.is_pending(e)) {
            self.oldest.pop_front();
        }
    }

    /// The read of `page` completed: all of its entries are installed and leave the log.
    /// Returns how many there were.
    pub fn installed(&mut self, page: u32) -> u32 {
        debug_assert!(!self.pool.contains(page), "a pending page is read before it is installed");
        let i = self.slot[page as usize];
        if i == NIL {
            return 0;
        }
        let (_, p) = self.logged.swap_remove(i as usize);
        if let Some(&(moved, _)) = self.logged.get(i as usize) {
            self.slot[moved as usize] = i;
        }
        self.slot[page as usize] = NIL;
        self.used -= p.entries;
        p.entries
    }

    /// The pending page with the oldest entry (the absorbing server's choice, spec A8).
    pub fn oldest_pending(&self) -> Option<u32> {
        self.oldest.front().map(|&(_, page)| page)
    }

    /// Pending pages, lowest first, with their entries.
    pub fn pending(&self) -> impl Iterator<Item = (u32, &LogPage)> + '_ {
        let mut pending: Vec<_> = self.logged.iter().filter(|(page, _)| self.pool.contains(*page)).collect();
        pending.sort_unstable_by_key(|(page, _)| *page);
        pending.into_iter().map(|(page, p)| (*page, p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_of_a_page_share_one_read() {
        let g = Geometry { track_bytes: 9 * PAGE_BYTES, tracks_per_cylinder: 19, cylinders: 10, rev_ns: 1e7 };
        let mut log = Log::new(4, &g, 100);
        assert_eq!(log.append(7, 5, false), 0);
        assert_eq!(log.append(3, 6, false), 0);
        assert_eq!(log.append(7, 9, false), 1, "joins the pending page");
        assert_eq!((log.used, log.pool.len(), log.oldest_pending()), (3, 2, Some(7)));
        assert_eq!(log.read_issued(7), 2);
        assert_eq!((log.pool.len(), log.oldest_pending()), (1, Some(3)));
        log.append(7, 12, true); // attaches to the read in flight
        assert!(log.is_full() && log.free() == 0);
        assert_eq!(log.installed(7), 3);
        assert_eq!((log.used, log.free()), (1, 3));
        assert_eq!(log.installed(7), 0);
    }
}
