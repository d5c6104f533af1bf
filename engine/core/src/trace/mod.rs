//! Observation records for the views (DESIGN.md §2): fixed-size, appended to a bounded ring
//! buffer when tracing is on. Every record also folds into a running hash, on or off, so two runs
//! can be compared for determinism without keeping their traces. Every field value stays below
//! 2^53, so records cross into JavaScript as exact doubles.
use crate::sim::SimTime;
use serde::Serialize;
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum RecordKind {
    /// entity = page, a = request kind, b = disk address, c = from cylinder << 32 | to cylinder.
    DiskStart = 0,
    /// entity = page, a = request kind | transfer ns << 8, b = seek ns, c = rotation ns.
    DiskEnd = 1,
    /// entity = oid, a = area, b = log index.
    MobInsert = 2,
    /// entity = oid: an older buffered version was dropped (write absorption).
    MobSupersede = 3,
    /// entity = oid: installed on disk and removed.
    MobRemove = 4,
    /// a = pages selected, b = MOB bytes used, c = last log index scanned.
    FlusherStart = 5,
    /// entity = page, a = pending modifications, b = position in the sorted batch.
    FlusherPage = 6,
    /// entity = page, a = modifications installed.
    PageWrite = 7,
    /// entity = client, a = oid.
    Fetch = 8,
    /// entity = page, a = client, b = 1 if served from memory.
    CacheHit = 9,
    /// entity = page, a = client.
    CacheMiss = 10,
    /// entity = client, a = modified objects, b = log index.
    Commit = 11,
    /// entity = client: the commit waits for MOB space.
    CommitWait = 12,
    /// entity = client: the transaction completed at the client.
    TxnEnd = 13,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    pub t: SimTime,
    pub kind: RecordKind,
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
    hash: u64,
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

impl Trace {
    pub fn new(enabled: bool, capacity: usize) -> Trace {
        Trace { enabled, capacity, ring: VecDeque::new(), total: 0, hash: 0xCBF2_9CE4_8422_2325 }
    }

    pub fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
    }

    #[inline]
    pub fn record(&mut self, r: Record) {
        for w in [r.t, (r.kind as u64) << 32 | r.entity as u64, r.a, r.b, r.c] {
            self.hash = (self.hash ^ w).wrapping_mul(MIX).rotate_left(29);
        }
        self.total += 1;
        if self.enabled {
            if self.ring.len() == self.capacity {
                self.ring.pop_front();
            }
            self.ring.push_back(r);
        }
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Records emitted since the start (kept or not).
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The kept records, oldest first.
    pub fn records(&self) -> &VecDeque<Record> {
        &self.ring
    }
}
