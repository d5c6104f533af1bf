//! The candidate set (HAC §3.2.3): frames whose usage a scan computed, kept for E epochs (one
//! epoch per fetch) so later fetches have candidates for free. The victim is the least valuable
//! (lowest (T, H)); ties go to the frame added most recently, whose usage is most accurate
//! (§3.2.4). Stale usage is safe: compaction compares current object usage with the stored T.
use super::usage::FrameUsage;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub frame: u32,
    pub usage: FrameUsage,
    pub added: u64,
}

/// Small (about E·S·(N+1) = 180 entries at the paper's parameters), so a vector scanned in full
/// is as fast as a tree and keeps the order obvious.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Candidates {
    entries: Vec<Candidate>,
}

impl Candidates {
    /// Adds `frame`, or replaces its entry with the new usage and epoch (spec A7).
    pub fn upsert(&mut self, frame: u32, usage: FrameUsage, epoch: u64) {
        self.remove(frame);
        self.entries.push(Candidate { frame, usage, added: epoch });
    }

    pub fn remove(&mut self, frame: u32) {
        self.entries.retain(|c| c.frame != frame);
    }

    /// Drops the entries that have been in the set for `epochs` epochs (spec A8); returns them.
    pub fn expire(&mut self, epoch: u64, epochs: u32) -> Vec<Candidate> {
        let (old, kept): (Vec<_>, Vec<_>) = self.entries.iter().partition(|c| epoch - c.added >= epochs as u64);
        self.entries = kept;
        old
    }

    /// Takes the least valuable entry whose frame `eligible` accepts; the others stay.
    pub fn take_victim(&mut self, eligible: impl Fn(u32) -> bool) -> Option<Candidate> {
        let best = (0..self.entries.len()).filter(|&i| eligible(self.entries[i].frame)).min_by(|&a, &b| {
            let (a, b) = (&self.entries[a], &self.entries[b]);
            a.usage.value_cmp(&b.usage).then(b.added.cmp(&a.added))
        })?;
        Some(self.entries.swap_remove(best))
    }

    pub fn contains(&self, frame: u32) -> bool {
        self.entries.iter().any(|c| c.frame == frame)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Candidate> {
        self.entries.iter()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
