//! The server page cache (thesis §2.9): whole pages, LRU replacement. A frame is pinned while a
//! read into it is in flight and while the flusher installs and writes it (spec §2.5, A20);
//! pinned frames are never evicted. A frame is dirty from the installation of modifications into
//! it until its write completes; it stays pinned meanwhile, so a dirty page is never evicted
//! (page shipping writes a dirty page back before it is evicted: `victim`, `set_dirty`). A system whose cache is mostly
//! dirty (the opportunistic log's, spec 001 §2.5, A16) instead *holds* a dirty frame out of the
//! LRU list until it is written (`hold_dirty`, `release_clean`), so replacement walks only the
//! clean frames.

/// A page id.
pub type Pid = u32;

const NIL: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Frame {
    pid: Pid,
    valid: bool,
    pins: u32,
    dirty: bool,
    /// Out of the LRU list while dirty (`hold_dirty`).
    held: bool,
    /// Towards the most recently used end.
    newer: u32,
    /// Towards the least recently used end.
    older: u32,
}

/// Every frame is pinned: the caller waits for an unpin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllPinned;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageState {
    Absent,
    /// A frame is reserved and a read is in flight.
    Reading,
    Cached,
}

#[derive(Clone, Debug)]
pub struct PageCache {
    frames: Vec<Frame>,
    capacity: usize,
    frame_of: Vec<u32>,
    mru: u32,
    lru: u32,
    free: Vec<u32>,
    /// Frames with a pin: when every frame is, a reservation fails at once instead of walking
    /// the whole LRU list (a thousand fetches waiting for a frame each retry at every unpin).
    pinned: usize,
    /// Frames held out of the LRU list.
    held: usize,
}

impl PageCache {
    pub fn new(capacity_pages: usize, pages: u32) -> PageCache {
        PageCache {
            frames: Vec::new(),
            capacity: capacity_pages,
            frame_of: vec![NIL; pages as usize],
            mru: NIL,
            lru: NIL,
            free: Vec::new(),
            pinned: 0,
            held: 0,
        }
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn len(&self) -> usize {
        self.frames.len() - self.free.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn state(&self, pid: Pid) -> PageState {
        match self.frame_of[pid as usize] {
            NIL => PageState::Absent,
            f if self.frames[f as usize].valid => PageState::Cached,
            _ => PageState::Reading,
        }
    }

    fn unlink(&mut self, f: u32) {
        let (newer, older) = (self.frames[f as usize].newer, self.frames[f as usize].older);
        if newer == NIL {
            self.mru = older
        } else {
            self.frames[newer as usize].older = older
        }
        if older == NIL {
            self.lru = newer
        } else {
            self.frames[older as usize].newer = newer
        }
    }

    fn push_mru(&mut self, f: u32) {
        self.frames[f as usize].newer = NIL;
        self.frames[f as usize].older = self.mru;
        if self.mru != NIL {
            self.frames[self.mru as usize].newer = f;
        }
        self.mru = f;
        if self.lru == NIL {
            self.lru = f;
        }
    }

    /// Make `pid` the most recently used page (a held frame is not in the LRU order).
    pub fn touch(&mut self, pid: Pid) {
        let f = self.frame_of[pid as usize];
        debug_assert_ne!(f, NIL);
        if self.frames[f as usize].held {
            return;
        }
        self.unlink(f);
        self.push_mru(f);
    }

    /// Reserve a pinned, not yet valid frame for `pid` at the MRU end, evicting the least
    /// recently used unpinned page if the cache is full. Returns the evicted page.
    pub fn reserve(&mut self, pid: Pid) -> Result<Option<Pid>, AllPinned> {
        debug_assert_eq!(self.frame_of[pid as usize], NIL);
        let mut evicted = None;
        let f = if let Some(f) = self.free.pop() {
            f
        } else if self.frames.len() < self.capacity {
            self.frames.push(Frame { pid, valid: false, pins: 0, dirty: false, held: false, newer: NIL, older: NIL });
            (self.frames.len() - 1) as u32
        } else if self.pinned == self.frames.len() {
            return Err(AllPinned);
        } else {
            let v = self.lru_unpinned();
            if v == NIL {
                return Err(AllPinned);
            }
            debug_assert!(!self.frames[v as usize].dirty, "a dirty page stays pinned until written");
            self.unlink(v);
            let old = self.frames[v as usize].pid;
            self.frame_of[old as usize] = NIL;
            evicted = Some(old);
            v
        };
        self.frames[f as usize] =
            Frame { pid, valid: false, pins: 1, dirty: false, held: false, newer: NIL, older: NIL };
        self.pinned += 1;
        self.frame_of[pid as usize] = f;
        self.push_mru(f);
        Ok(evicted)
    }

    /// The read into `pid`'s frame completed.
    pub fn validate(&mut self, pid: Pid) {
        self.frames[self.frame_of[pid as usize] as usize].valid = true;
    }

    pub fn pin(&mut self, pid: Pid) {
        let f = &mut self.frames[self.frame_of[pid as usize] as usize];
        self.pinned += usize::from(f.pins == 0);
        f.pins += 1;
    }

    pub fn unpin(&mut self, pid: Pid) {
        let f = &mut self.frames[self.frame_of[pid as usize] as usize];
        debug_assert!(f.pins > 0);
        f.pins -= 1;
        self.pinned -= usize::from(f.pins == 0);
    }

    /// Modifications were installed into `pid`'s (pinned) frame; it differs from the disk.
    pub fn mark_dirty(&mut self, pid: Pid) {
        let f = &mut self.frames[self.frame_of[pid as usize] as usize];
        debug_assert!(f.pins > 0, "only a pinned frame is installed into");
        f.dirty = true;
    }

    /// The page `reserve` would evict now: the least recently used unpinned one; None when a
    /// frame is free or every frame is pinned. Write-back on eviction (page shipping) asks it
    /// first, and writes the page if it is dirty.
    pub fn victim(&self) -> Option<Pid> {
        if !self.free.is_empty() || self.frames.len() < self.capacity || self.pinned == self.frames.len() {
            return None;
        }
        let v = self.lru_unpinned();
        (v != NIL).then(|| self.frames[v as usize].pid)
    }

    /// The least recently used unpinned frame, or NIL.
    fn lru_unpinned(&self) -> u32 {
        let mut v = self.lru;
        while v != NIL && self.frames[v as usize].pins > 0 {
            v = self.frames[v as usize].newer;
        }
        v
    }

    /// A whole modified page arrived for `pid`'s frame (page shipping): it differs from the
    /// disk, pinned or not, until a write cleans it. `reserve` never evicts it: the caller
    /// writes it first (`victim`).
    pub fn set_dirty(&mut self, pid: Pid) {
        self.frames[self.frame_of[pid as usize] as usize].dirty = true;
    }

    /// `pid`'s write completed: the frame equals the disk again.
    pub fn mark_clean(&mut self, pid: Pid) {
        self.frames[self.frame_of[pid as usize] as usize].dirty = false;
    }

    /// `pid`'s valid, unpinned frame is dirty: it leaves the LRU list, so replacement never
    /// considers it, until `release_clean`.
    pub fn hold_dirty(&mut self, pid: Pid) {
        let f = self.frame_of[pid as usize];
        let fr = &self.frames[f as usize];
        debug_assert!(fr.valid && fr.pins == 0);
        if !fr.held {
            self.unlink(f);
            self.held += 1;
        }
        let fr = &mut self.frames[f as usize];
        fr.dirty = true;
        fr.held = true;
    }

    /// `pid`'s held frame was written: it is clean and rejoins the LRU list as the most
    /// recently used page.
    pub fn release_clean(&mut self, pid: Pid) {
        let f = self.frame_of[pid as usize];
        debug_assert!(self.frames[f as usize].held);
        let fr = &mut self.frames[f as usize];
        fr.dirty = false;
        fr.held = false;
        self.held -= 1;
        self.push_mru(f);
    }

    /// Frames held out of the LRU list (dirty, awaiting their write).
    pub fn held(&self) -> usize {
        self.held
    }

    /// Whether `pid` is cached and dirty.
    pub fn is_dirty(&self, pid: Pid) -> bool {
        let f = self.frame_of[pid as usize];
        f != NIL && self.frames[f as usize].dirty
    }

    /// Cached pages from most to least recently used (for views): page, valid, pins, dirty.
    pub fn lru_order(&self) -> impl Iterator<Item = (Pid, bool, u32, bool)> + '_ {
        let mut f = self.mru;
        std::iter::from_fn(move || {
            (f != NIL).then(|| {
                let fr = &self.frames[f as usize];
                f = fr.older;
                (fr.pid, fr.valid, fr.pins, fr.dirty)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evicts_the_least_recently_used_unpinned_page() {
        let mut c = PageCache::new(3, 10);
        for p in [1, 2, 3] {
            assert_eq!(c.reserve(p), Ok(None));
            c.validate(p);
            c.unpin(p);
        }
        c.touch(1); // order (MRU→LRU): 1 3 2
        assert_eq!(c.reserve(4), Ok(Some(2)));
        assert_eq!(c.state(2), PageState::Absent);
        assert_eq!(c.state(4), PageState::Reading);
        c.pin(3);
        // 4 is pinned by its read and 3 by the flusher; 1 is the only candidate.
        assert_eq!(c.reserve(5), Ok(Some(1)));
        assert_eq!(c.reserve(6), Err(AllPinned));
        c.unpin(3);
        assert_eq!(c.reserve(6), Ok(Some(3)));
        let order: Vec<Pid> = c.lru_order().map(|(p, _, _, _)| p).collect();
        assert_eq!(order, vec![6, 5, 4]);
    }

    #[test]
    fn held_dirty_frames_are_never_replaced() {
        let mut c = PageCache::new(3, 10);
        for p in [1, 2, 3] {
            c.reserve(p).unwrap();
            c.validate(p);
            c.unpin(p);
        }
        c.hold_dirty(1); // the least recently used, but dirty
        c.touch(1);
        assert_eq!((c.held(), c.is_dirty(1)), (1, true));
        assert_eq!(c.reserve(4), Ok(Some(2)));
        c.validate(4);
        c.unpin(4);
        c.hold_dirty(3);
        c.hold_dirty(4);
        assert_eq!(c.reserve(5), Err(AllPinned), "every frame is dirty");
        c.release_clean(4);
        assert_eq!(c.reserve(5), Ok(Some(4)));
        c.release_clean(1);
        assert_eq!(c.held(), 1);
        assert_eq!(c.reserve(6), Ok(Some(1)), "1 is the only clean, unpinned frame");
    }

    #[test]
    fn a_page_is_dirty_from_installation_until_written() {
        let mut c = PageCache::new(1, 10);
        let dirty = |c: &PageCache| c.lru_order().filter(|&(_, _, _, d)| d).map(|(p, _, _, _)| p).collect::<Vec<_>>();
        c.reserve(1).unwrap();
        c.validate(1);
        assert!(dirty(&c).is_empty());
        c.mark_dirty(1);
        assert_eq!(dirty(&c), vec![1]);
        assert_eq!(c.reserve(2), Err(AllPinned), "pinned while dirty");
        c.mark_clean(1);
        c.unpin(1);
        assert!(dirty(&c).is_empty());
        // Its frame, reused for another page, starts clean.
        assert_eq!(c.reserve(2), Ok(Some(1)));
        assert!(dirty(&c).is_empty());
    }
}
