//! Observation records for the views (DESIGN.md §2): fixed-size, appended to a bounded ring
//! buffer when tracing is on. Every record also folds into a running hash, on or off, so two runs
//! can be compared for determinism without keeping their traces. Every field value stays below
//! 2^53, so records cross into JavaScript as exact doubles. The kernel knows no record kinds: each
//! system numbers and describes its own (`systems::mob::records`).
use super::SimTime;
use std::collections::VecDeque;

/// Kinds a trace can count: a record's kind is its system's `u8` numbering, below this.
pub const KINDS: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub t: SimTime,
    pub kind: u8,
    pub entity: u32,
    pub a: u64,
    pub b: u64,
    pub c: u64,
}

#[derive(Clone, Debug)]
pub struct Trace {
    enabled: bool,
    capacity: usize,
    ring: VecDeque<Record>,
    total: u64,
    /// Records ever appended to the ring (the ones emitted while tracing was on).
    kept: u64,
    /// Records emitted per kind, on or off: lets the UI stop at the next record of a kind
    /// without reading the ring.
    by_kind: [u64; KINDS],
    hash: u64,
}

/// A reader's position in a trace: what it has already drained.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    total: u64,
    kept: u64,
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

impl Trace {
    pub fn new(enabled: bool, capacity: usize) -> Trace {
        Trace {
            enabled,
            capacity,
            ring: VecDeque::new(),
            total: 0,
            kept: 0,
            by_kind: [0; KINDS],
            hash: 0xCBF2_9CE4_8422_2325,
        }
    }

    pub fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
    }

    /// Folds the record into the hash and the counts, and keeps it while tracing is on. Inlined
    /// into every handler that records (the hash is the hot part); keeping is a call.
    #[inline(always)]
    pub fn record(&mut self, r: Record) {
        for w in [r.t, (r.kind as u64) << 32 | r.entity as u64, r.a, r.b, r.c] {
            self.hash = (self.hash ^ w).wrapping_mul(MIX).rotate_left(29);
        }
        self.total += 1;
        self.by_kind[r.kind as usize] += 1;
        if self.enabled {
            self.keep(r);
        }
    }

    #[inline(never)]
    fn keep(&mut self, r: Record) {
        self.kept += 1;
        if self.ring.len() == self.capacity {
            self.ring.pop_front();
        }
        self.ring.push_back(r);
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Records emitted since the start (kept or not).
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Records of `kind` emitted since the start (kept or not).
    pub fn count(&self, kind: u8) -> u64 {
        self.by_kind[kind as usize]
    }

    /// The kept records, oldest first.
    pub fn records(&self) -> &VecDeque<Record> {
        &self.ring
    }

    /// A cursor at the end of the trace: draining from it yields only later records.
    pub fn cursor(&self) -> Cursor {
        Cursor { total: self.total, kept: self.kept }
    }

    /// The records emitted after `from` that the ring still holds, oldest first, and how many
    /// emitted records are missing from them (evicted by the bounded ring, or emitted while
    /// tracing was off). Returns the cursor to drain from next time.
    pub fn since(&self, from: Cursor) -> (impl ExactSizeIterator<Item = &Record>, u64, Cursor) {
        let held = (self.kept.saturating_sub(from.kept) as usize).min(self.ring.len());
        let lost = self.total.saturating_sub(from.total) - held as u64;
        (self.ring.range(self.ring.len() - held..), lost, self.cursor())
    }

    /// Drops the kept records, leaving the hash and counters: a checkpoint needs the state that
    /// determines the future, not the past the views already received.
    pub(crate) fn take_ring(&mut self) -> VecDeque<Record> {
        std::mem::take(&mut self.ring)
    }

    pub(crate) fn put_ring(&mut self, ring: VecDeque<Record>) {
        self.ring = ring;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FETCH: u8 = 8;
    const COMMIT: u8 = 11;

    fn rec(t: u64, kind: u8) -> Record {
        Record { t, kind, entity: 0, a: 0, b: 0, c: 0 }
    }

    fn drain(tr: &Trace, from: Cursor) -> (Vec<u64>, u64, Cursor) {
        let (it, lost, next) = tr.since(from);
        (it.map(|r| r.t).collect(), lost, next)
    }

    #[test]
    fn since_yields_new_records_and_counts_what_the_ring_lost() {
        let mut tr = Trace::new(true, 3);
        let c0 = tr.cursor();
        tr.record(rec(1, FETCH));
        tr.record(rec(2, COMMIT));
        let (ts, lost, c1) = drain(&tr, c0);
        assert_eq!((ts, lost), (vec![1, 2], 0));
        for t in 3..=7 {
            tr.record(rec(t, FETCH));
        }
        let (ts, lost, c2) = drain(&tr, c1);
        assert_eq!((ts, lost), (vec![5, 6, 7], 2), "the ring holds 3");
        assert_eq!(drain(&tr, c2).0, Vec::<u64>::new());
        assert_eq!(tr.count(FETCH), 6);
        assert_eq!(tr.count(COMMIT), 1);
    }

    #[test]
    fn records_emitted_while_off_are_lost_not_stale() {
        let mut tr = Trace::new(true, 8);
        tr.record(rec(1, FETCH));
        let c = tr.cursor();
        tr.set_enabled(false);
        tr.record(rec(2, FETCH));
        tr.set_enabled(true);
        tr.record(rec(3, FETCH));
        let (ts, lost, _) = drain(&tr, c);
        assert_eq!((ts, lost), (vec![3], 1));
    }
}
