//! FPC, fast page caching (HAC §4.2.1; spec §3): HAC's object format, 16-byte indirection entries
//! and lazy installation, but perfect LRU over whole pages: every access makes its page the most
//! recently used, and an evicted page takes all its installed objects with it. No-steal (§4.6): a
//! page holding an object the transaction modified stays until the commit.
use std::collections::BTreeSet;

use super::super::cache::{Pages, ENTRY_BYTES};
use super::super::client_cache::ClientCache;
use super::page_frames::PageFrames;

#[derive(Clone, Debug)]
pub struct Fpc {
    frames: u32,
    frame_bytes: u32,
    pages: Pages,
    /// Each page's last use, 0 when not cached.
    last_use: Vec<u64>,
    lru: BTreeSet<(u64, u32)>,
    /// Objects modified by the transaction: per object, and per page.
    modified: Vec<bool>,
    page_modified: Vec<u32>,
    entries: u64,
    clock: u64,
    pub fetches: u64,
    pub installs: u64,
    /// Where each page sits and which of its objects are installed (those used since it
    /// arrived): a fetched page goes into the frame the evicted one left (§4.2.1: pages the same
    /// size), so the lab can draw the frames where they are.
    pub placed: PageFrames,
}

impl Fpc {
    pub fn new(frames: u32, frame_bytes: u32, pages: Pages) -> Fpc {
        let (n_pages, n_objects) = (pages.count() as usize, pages.objects(pages.count() - 1).end as usize);
        Fpc {
            frames,
            frame_bytes,
            last_use: vec![0; n_pages],
            lru: BTreeSet::new(),
            modified: vec![false; n_objects],
            page_modified: vec![0; n_pages],
            entries: 0,
            clock: 0,
            fetches: 0,
            installs: 0,
            placed: PageFrames::new(frames, &pages),
            pages,
        }
    }

    pub fn pages(&self) -> &Pages {
        &self.pages
    }

    /// Whether the transaction modified `object`.
    pub fn modified(&self, object: u32) -> bool {
        self.modified[object as usize]
    }

    /// Evicts the least recently used page that holds no modified object (validation sizes the
    /// cache so that one exists: `validate.rs`).
    fn evict_lru(&mut self) {
        let modified = &self.page_modified;
        let victim =
            *self.lru.iter().find(|&&(_, p)| modified[p as usize] == 0).expect("no-steal leaves an unmodified page");
        self.lru.remove(&victim);
        let page = victim.1;
        self.last_use[page as usize] = 0;
        // The page's installed objects are those used since it arrived.
        self.entries -= self.placed.used_in(page) as u64;
        self.placed.leave(page, &self.pages);
    }
}

impl ClientCache for Fpc {
    fn access(&mut self, object: u32, write: bool, _stack: &dyn Fn() -> Vec<u32>) -> bool {
        self.clock += 1;
        let page = self.pages.page_of(object);
        if write && !std::mem::replace(&mut self.modified[object as usize], true) {
            self.page_modified[page as usize] += 1;
        }
        let last = std::mem::replace(&mut self.last_use[page as usize], self.clock);
        let miss = last == 0;
        if miss {
            self.fetches += 1;
            if self.lru.len() == self.frames as usize {
                self.evict_lru();
            }
            self.placed.arrive(page);
        } else {
            self.lru.remove(&(last, page));
        }
        self.lru.insert((self.clock, page));
        if !self.placed.used(object) {
            self.entries += 1;
            self.installs += 1;
            self.placed.use_object(object, page);
        }
        miss
    }
    fn fetches(&self) -> u64 {
        self.fetches
    }
    fn table_bytes(&self) -> u64 {
        self.entries * ENTRY_BYTES
    }
    fn frame_bytes(&self) -> u64 {
        self.frames as u64 * self.frame_bytes as u64
    }
    fn installs(&self) -> u64 {
        self.installs
    }
    fn commit(&mut self) -> u64 {
        self.page_modified.fill(0);
        let n = self.modified.iter().filter(|&&m| m).count() as u64;
        self.modified.fill(false);
        n
    }
}
