//! A server's buffer pool and its replacement policies (thesis §3.3, spec 004 §2.7, A16): the
//! resident pages with their last access times; the server's own pages and other servers' pages
//! each as a list ordered by last access (a page shipped in keeps its age, so insertion is in
//! time order, §4.1.2); and the hated copies, the copies an owner keeps of pages it read from disk
//! for another server, evicted first, newest first (Ch. 3's LIFO, spec A13).
use std::collections::{BTreeMap, BTreeSet};

use super::config::Replacement;
use crate::kernel::SimTime;

/// A resident page: when it was last accessed, and whether it is a hated copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resident {
    pub ts: SimTime,
    pub hated: bool,
    pub local: bool,
}

#[derive(Clone, Debug)]
pub struct Pool {
    pub frames: u32,
    pages: BTreeMap<u32, Resident>,
    /// The server's own pages and others' pages, hated ones apart, by last access.
    local: BTreeSet<(SimTime, u32)>,
    remote: BTreeSet<(SimTime, u32)>,
    hated: Vec<u32>,
    /// Frames set free for pages on their way in.
    pub reserved: u32,
}

impl Pool {
    pub fn new(frames: u32) -> Pool {
        Pool { frames, pages: BTreeMap::new(), local: BTreeSet::new(), remote: BTreeSet::new(), hated: Vec::new(), reserved: 0 }
    }

    pub fn len(&self) -> u32 {
        self.pages.len() as u32
    }

    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }

    /// Frames neither holding a page nor set free for one on its way.
    pub fn free(&self) -> u32 {
        self.frames.saturating_sub(self.len() + self.reserved)
    }

    pub fn get(&self, page: u32) -> Option<Resident> {
        self.pages.get(&page).copied()
    }

    pub fn contains(&self, page: u32) -> bool {
        self.pages.contains_key(&page)
    }

    /// The resident pages, in page order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, Resident)> + '_ {
        self.pages.iter().map(|(&p, &r)| (p, r))
    }

    pub fn hated(&self) -> u32 {
        self.hated.len() as u32
    }

    /// Frames holding this server's own pages, hated copies included (spec A16).
    pub fn local(&self) -> u32 {
        self.local.len() as u32 + self.hated()
    }

    /// Puts `page` in, last accessed at `ts`.
    pub fn insert(&mut self, page: u32, r: Resident) {
        debug_assert!(!self.contains(page), "page {page} twice");
        debug_assert!(!r.hated || r.local, "only an owner keeps hated copies");
        self.pages.insert(page, r);
        if r.hated {
            self.hated.push(page);
        } else if r.local {
            self.local.insert((r.ts, page));
        } else {
            self.remote.insert((r.ts, page));
        }
    }

    /// Takes `page` out.
    pub fn remove(&mut self, page: u32) -> Option<Resident> {
        let r = self.pages.remove(&page)?;
        if r.hated {
            let i = self.hated.iter().rposition(|&p| p == page).expect("listed");
            self.hated.remove(i);
        } else if r.local {
            self.local.remove(&(r.ts, page));
        } else {
            self.remote.remove(&(r.ts, page));
        }
        Some(r)
    }

    /// `page` is accessed at `now`: it moves to the most recent end, no longer hated (it is in
    /// use here).
    pub fn touch(&mut self, page: u32, now: SimTime) {
        let r = self.remove(page).expect("a resident page");
        self.insert(page, Resident { ts: now, hated: false, ..r });
    }

    /// The least recently used page that is not hated, and its last access.
    pub fn lru(&self) -> Option<(SimTime, u32)> {
        match (self.local.first(), self.remote.first()) {
            (Some(&l), Some(&r)) => Some(l.min(r)),
            (l, r) => l.or(r).copied(),
        }
    }

    /// The page `policy` evicts to make room (§3.3): Base and Optimal, the LRU page; ClSv, the newest hated
    /// copy, else the LRU page; Reserve, the newest hated copy, else the LRU own page while own
    /// pages fill more than `reserve` of the frames, else the LRU page of another server, else
    /// the LRU own page.
    pub fn victim(&self, policy: Replacement, reserve: f64) -> Option<u32> {
        if !matches!(policy, Replacement::Base | Replacement::Optimal) {
            if let Some(&p) = self.hated.last() {
                return Some(p);
            }
        }
        let lru = |set: &BTreeSet<(SimTime, u32)>| set.first().map(|&(_, p)| p);
        match policy {
            Replacement::Base | Replacement::Clsv | Replacement::Optimal => self.lru().map(|(_, p)| p),
            Replacement::Reserve => {
                if f64::from(self.local()) > reserve * f64::from(self.frames) {
                    lru(&self.local).or_else(|| lru(&self.remote))
                } else {
                    lru(&self.remote).or_else(|| lru(&self.local))
                }
            }
        }
    }

    /// Whether the owner takes back a page last accessed at `ts` that another server evicts
    /// (§3.3 "Base", spec A7): it has a free frame or a hated copy to give up, or the page is
    /// younger than its own LRU page.
    pub fn would_accept(&self, ts: SimTime) -> bool {
        self.free() > 0 || !self.hated.is_empty() || self.lru().is_none_or(|(lru, _)| ts > lru)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(ts: SimTime, local: bool) -> Resident {
        Resident { ts, hated: false, local }
    }

    /// §3.3: Base evicts the LRU page; ClSv hated copies first, newest first; Reserve keeps its
    /// own pages while they fill at most the reservation, evicting others' pages instead.
    #[test]
    fn each_policy_picks_its_victim() {
        let mut p = Pool::new(10);
        p.insert(1, r(10, true));
        p.insert(2, r(5, false));
        p.insert(3, r(20, true));
        assert_eq!(p.victim(Replacement::Base, 0.6), Some(2));
        p.insert(4, Resident { ts: 30, hated: true, local: true });
        p.insert(5, Resident { ts: 31, hated: true, local: true });
        assert_eq!(p.victim(Replacement::Base, 0.6), Some(2), "Base knows no hated copies");
        assert_eq!(p.victim(Replacement::Clsv, 0.6), Some(5), "the newest hated copy (LIFO)");
        p.remove(5);
        p.remove(4);
        // Own pages 1 and 3 are 2 of 10 frames, under 60%: Reserve evicts the other server's.
        assert_eq!(p.victim(Replacement::Reserve, 0.6), Some(2));
        assert_eq!(p.victim(Replacement::Reserve, 0.1), Some(1), "over the reservation: the LRU own page");
        p.touch(1, 40);
        assert_eq!((p.lru(), p.get(1).unwrap().ts), (Some((5, 2)), 40));
    }

    /// Spec A7: an owner takes a page back while it has room or a hated copy, or if the page is
    /// younger than its LRU page.
    #[test]
    fn an_owner_takes_back_what_is_younger_than_its_lru_page() {
        let mut p = Pool::new(2);
        assert!(p.would_accept(0), "empty");
        p.insert(1, r(10, true));
        p.insert(2, r(20, false));
        assert_eq!(p.free(), 0);
        assert!(!p.would_accept(9) && p.would_accept(11));
        p.remove(2);
        p.insert(2, Resident { ts: 20, hated: true, local: true });
        assert!(p.would_accept(0), "a hated copy to give up");
        p.reserved = 0;
        assert_eq!((p.local(), p.hated()), (2, 1));
    }
}
