//! QuickStore (White & DeWitt 1994, as HAC §4.2.2 compares with it; spec §3, A26): a page cache
//! replaced by CLOCK, with pointers stored swizzled on disk, so no indirection table; but each
//! page fetched brings a mapping object, itself fetched unless cached. The paper gives only
//! Table 2's totals, so a page fetch costs an extra mapping fetch with probability
//! `mapping_fetch_prob`, calibrated on cold T6 (610 fetches against 506 pages).
use super::super::cache::Pages;
use super::super::client_cache::ClientCache;
use crate::kernel::rng::Rng;

/// Extra mapping-object fetches per page fetch: (610 − 506) / 506 from Table 2's cold T6.
pub const MAPPING_FETCH_PROB: f64 = 104.0 / 506.0;

#[derive(Clone, Debug)]
pub struct QuickStore {
    frame_bytes: u32,
    pages: Pages,
    /// The page in each frame (u32::MAX: empty), its reference bit, and the clock hand.
    frames: Vec<u32>,
    referenced: Vec<bool>,
    hand: usize,
    /// The frame of each page, u32::MAX when not cached.
    frame_of: Vec<u32>,
    mapping_fetch_prob: f64,
    rng: Rng,
    pub fetches: u64,
}

impl QuickStore {
    pub fn new(frames: u32, frame_bytes: u32, pages: Pages, mapping_fetch_prob: f64, seed: u64) -> QuickStore {
        QuickStore {
            frame_bytes,
            frames: vec![u32::MAX; frames as usize],
            referenced: vec![false; frames as usize],
            hand: 0,
            frame_of: vec![u32::MAX; pages.count() as usize],
            mapping_fetch_prob,
            rng: Rng::stream(seed, 0x0515),
            fetches: 0,
            pages,
        }
    }

    /// CLOCK: the first frame from the hand whose reference bit is clear, clearing bits on the way.
    fn victim(&mut self) -> usize {
        loop {
            let f = self.hand;
            self.hand = (self.hand + 1) % self.frames.len();
            if self.frames[f] == u32::MAX || !std::mem::replace(&mut self.referenced[f], false) {
                return f;
            }
        }
    }
}

impl ClientCache for QuickStore {
    fn access(&mut self, object: u32, _write: bool, _stack: &dyn Fn() -> Vec<u32>) -> bool {
        let page = self.pages.page_of(object);
        let frame = self.frame_of[page as usize];
        if frame != u32::MAX {
            self.referenced[frame as usize] = true;
            return false;
        }
        self.fetches += 1;
        if self.rng.chance(self.mapping_fetch_prob) {
            self.fetches += 1;
        }
        let f = self.victim();
        if self.frames[f] != u32::MAX {
            self.frame_of[self.frames[f] as usize] = u32::MAX;
        }
        self.frames[f] = page;
        self.referenced[f] = true;
        self.frame_of[page as usize] = f as u32;
        true
    }
    fn fetches(&self) -> u64 {
        self.fetches
    }
    fn table_bytes(&self) -> u64 {
        0
    }
    fn frame_bytes(&self) -> u64 {
        self.frames.len() as u64 * self.frame_bytes as u64
    }
    fn installs(&self) -> u64 {
        0
    }
    /// Modifications are not modelled for QuickStore (the paper compares only its fetches).
    fn commit(&mut self) -> u64 {
        0
    }
}
