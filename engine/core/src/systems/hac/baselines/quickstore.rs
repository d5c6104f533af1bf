//! QuickStore (White & DeWitt 1994, as HAC §4.2.2 compares with it; spec §3, A26): a page cache
//! replaced by CLOCK, with pointers stored swizzled on disk, so no indirection table; but each
//! page fetched brings a mapping object, itself fetched unless cached. The paper gives only
//! Table 2's totals, so a page fetch costs an extra mapping fetch with probability
//! `mapping_fetch_prob`, calibrated on cold T6 (610 fetches against 506 pages).
use super::super::cache::Pages;
use super::super::client_cache::ClientCache;
use super::page_frames::PageFrames;
use crate::kernel::rng::Rng;

/// Extra mapping-object fetches per page fetch: (610 − 506) / 506 from Table 2's cold T6.
pub const MAPPING_FETCH_PROB: f64 = 104.0 / 506.0;

#[derive(Clone, Debug)]
pub struct QuickStore {
    frame_bytes: u32,
    pages: Pages,
    /// Where each page sits and the objects used since it arrived (for the lab's picture: CLOCK
    /// asks only whether a frame holds a page), each frame's reference bit, and the clock hand.
    pub placed: PageFrames,
    referenced: Vec<bool>,
    hand: usize,
    mapping_fetch_prob: f64,
    rng: Rng,
    pub fetches: u64,
}

impl QuickStore {
    pub fn new(frames: u32, frame_bytes: u32, pages: Pages, mapping_fetch_prob: f64, seed: u64) -> QuickStore {
        QuickStore {
            frame_bytes,
            placed: PageFrames::new(frames, &pages),
            referenced: vec![false; frames as usize],
            hand: 0,
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
            self.hand = (self.hand + 1) % self.referenced.len();
            if self.placed.page_in(f as u32).is_none() || !std::mem::replace(&mut self.referenced[f], false) {
                return f;
            }
        }
    }

    pub fn pages(&self) -> &Pages {
        &self.pages
    }

    /// Frame `f`'s reference bit.
    pub fn referenced(&self, f: u32) -> bool {
        self.referenced[f as usize]
    }

    /// The frame the clock hand points at: CLOCK looks there first for its next victim.
    pub fn hand(&self) -> u32 {
        self.hand as u32
    }
}

impl ClientCache for QuickStore {
    fn access(&mut self, object: u32, _write: bool, _stack: &dyn Fn() -> Vec<u32>) -> bool {
        let page = self.pages.page_of(object);
        if let Some(frame) = self.placed.frame_of(page) {
            self.referenced[frame as usize] = true;
            self.placed.use_object(object, page);
            return false;
        }
        self.fetches += 1;
        if self.rng.chance(self.mapping_fetch_prob) {
            self.fetches += 1;
        }
        let f = self.victim();
        if let Some(old) = self.placed.page_in(f as u32) {
            self.placed.leave(old, &self.pages);
        }
        // The frames fill in order and stay full, so the frame CLOCK chose is the one free.
        let placed = self.placed.arrive(page);
        debug_assert_eq!(placed as usize, f);
        self.referenced[f] = true;
        self.placed.use_object(object, page);
        true
    }
    fn fetches(&self) -> u64 {
        self.fetches
    }
    fn table_bytes(&self) -> u64 {
        0
    }
    fn frame_bytes(&self) -> u64 {
        self.referenced.len() as u64 * self.frame_bytes as u64
    }
    fn installs(&self) -> u64 {
        0
    }
    /// Modifications are not modelled for QuickStore (the paper compares only its fetches).
    fn commit(&mut self) -> u64 {
        0
    }
}
