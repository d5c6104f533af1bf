//! The modified object buffer, as implemented in thesis §3.1.3–§3.1.4 (Fig. 3-1):
//! object storage (one record per buffered modification), a scan list in log order with one
//! (log index, page, count) entry per chunk, and a two-level object table page → slot →
//! modification. A page's slots are its objects, a run of consecutive oids, so the table is kept
//! flat, one slot per oid, with each page's count beside it. The simulator keeps no object data,
//! so each modification's record (its scan-list position, which is also its identity, and its
//! area) lives in its object-table slot: one memory access per lookup. Memory is charged as in the simulator of §4.3.2: object bytes plus 16 B per
//! buffered object plus 16 B per chunk. The MOB server's buffer, and the mcache of Thor0's OR
//! (Liskov et al. §4), which is the same structure [Ghe95]; `Layout` says where objects live.
pub mod config;
pub mod view;

use std::collections::VecDeque;
use std::sync::Arc;

pub type Pid = u32;
pub type Oid = u32;

/// Identity of one buffered modification: its scan-list position plus one. A log record holds
/// each object at most once and positions only grow, so a newer version of an object always has
/// a new id; `remove` only deletes a modification whose id still matches, so versions that
/// superseded it after `find_modifications` survive (§3.1.3).
pub type ModId = u32;

/// A buffered modification, in its object-table slot: id << 2 | area, where area (hot/warm/cold)
/// feeds the MOB-division metric of Table 4.9; 0 marks an empty slot. Four bytes a slot keep the
/// object table small enough to stay in cache.
#[derive(Clone, Copy, Debug, Default)]
struct Modification(u32);

impl Modification {
    fn new(scan_pos: u32, area: u8) -> Modification {
        Modification((scan_pos + 1) << 2 | area as u32)
    }
    fn id(self) -> ModId {
        self.0 >> 2
    }
    fn scan_pos(self) -> u32 {
        self.id() - 1
    }
    fn area(self) -> usize {
        (self.0 & 3) as usize
    }
    fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Ids are 30-bit: the scan list never spans more (`scan_limit`).
const MAX_ID: u32 = 1 << 30;

/// The fewest scan-list entries the MOB may keep (`scan_limit`).
const MIN_SCAN_LIMIT: u64 = 1 << 22;

/// Scan-list entry: log record `log_index` has `count` pending modifications to `page`, which
/// the MOB charges `bytes` (objects and their overheads, not the chunk's).
#[derive(Clone, Debug)]
pub struct ScanEntry {
    pub log_index: u64,
    pub page: Pid,
    pub count: u32,
    pub bytes: u64,
}

/// A scan-list entry's count and bytes, kept apart from its log index and page: a release
/// touches only these, at any age, so they are packed small (`Mob::new` checks a page's charge
/// fits 32 bits).
#[derive(Clone, Copy, Debug, Default)]
struct Chunk {
    count: u32,
    bytes: u32,
}

/// Where the objects live on disk: each one's page and slot, and its bytes.
#[derive(Clone, Debug)]
pub enum Layout {
    /// `pages` pages of `objects_per_page` objects of `object_bytes` each; object `oid` is slot
    /// `oid % objects_per_page` of page `oid / objects_per_page` (the simulator's database, §4.3).
    Uniform { pages: u32, objects_per_page: u32, object_bytes: u32 },
    /// Pages of runs of consecutive objects: `first[p]` is page p's first object and the last
    /// entry one past the last object; `bytes[oid]` each object's size (Thor0's segments).
    Listed { first: Arc<[u32]>, bytes: Arc<[u16]> },
}

impl Layout {
    pub fn pages(&self) -> u32 {
        match self {
            Layout::Uniform { pages, .. } => *pages,
            Layout::Listed { first, .. } => (first.len() - 1) as u32,
        }
    }

    /// The page of `oid`, and its slot there.
    pub fn page_slot(&self, oid: Oid) -> (Pid, usize) {
        match self {
            Layout::Uniform { objects_per_page: n, .. } => (oid / n, (oid % n) as usize),
            Layout::Listed { first, .. } => {
                let p = first.partition_point(|&f| f <= oid) - 1;
                (p as Pid, (oid - first[p]) as usize)
            }
        }
    }

    /// The objects of page `pid`.
    pub fn objects(&self, pid: Pid) -> std::ops::Range<Oid> {
        match self {
            Layout::Uniform { objects_per_page: n, .. } => pid * n..(pid + 1) * n,
            Layout::Listed { first, .. } => first[pid as usize]..first[pid as usize + 1],
        }
    }

    /// One past the last object.
    pub fn objects_end(&self) -> Oid {
        match self {
            Layout::Uniform { pages, objects_per_page: n, .. } => pages * n,
            Layout::Listed { first, .. } => first[first.len() - 1],
        }
    }

    /// The most bytes one page's objects are charged, at `overhead` bytes each beyond their own.
    fn largest_page_charge(&self, overhead: u64) -> u64 {
        match self {
            Layout::Uniform { objects_per_page: n, object_bytes, .. } => {
                u64::from(*n) * (u64::from(*object_bytes) + overhead)
            }
            Layout::Listed { .. } => {
                let page = |p| self.objects(p).map(|o| self.bytes(o) + overhead).sum::<u64>();
                (0..self.pages()).map(page).max().unwrap_or(0)
            }
        }
    }

    pub fn bytes(&self, oid: Oid) -> u64 {
        match self {
            Layout::Uniform { object_bytes, .. } => u64::from(*object_bytes),
            Layout::Listed { bytes, .. } => u64::from(bytes[oid as usize]),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Mob {
    capacity: u64,
    used: u64,
    object_overhead: u64,
    chunk_overhead: u64,
    /// `scan_limit()`, fixed by the capacity and charges.
    scan_limit: u64,
    layout: Layout,
    /// The scan list: each entry's log index and page, and its count and bytes.
    scan: VecDeque<(u64, Pid)>,
    chunks: VecDeque<Chunk>,
    /// Absolute position of `scan[0]`; positions only grow, so truncation never renumbers.
    scan_base: u32,
    /// The object table, by oid (a page's slots are its run of oids), and each page's count.
    slots: Vec<Modification>,
    page_counts: Vec<u32>,
    /// `find_pages`'s pages found so far, a bit per page (all clear between calls).
    found: Vec<u64>,
    data_bytes_by_area: [u64; 3],
    /// Totals for the views: modifications buffered, dropped because a newer version of the
    /// object arrived (write absorption), and removed after their page was written.
    inserted: u64,
    superseded: u64,
    removed: u64,
}

impl Mob {
    /// A MOB of `capacity` bytes over `layout`, charging each object `object_overhead` bytes and
    /// each chunk `chunk_overhead` beyond the object's own. `smallest` is the least an object
    /// may be, which bounds how many chunks a full MOB holds.
    pub fn new(capacity: u64, object_overhead: u32, chunk_overhead: u32, layout: Layout, smallest: u32) -> Mob {
        let largest = layout.largest_page_charge(u64::from(object_overhead));
        assert!(largest <= u64::from(u32::MAX), "a page's objects are charged {largest} B, past 32 bits");
        let fullest = capacity / (u64::from(smallest) + u64::from(object_overhead) + u64::from(chunk_overhead)).max(1);
        Mob {
            capacity,
            scan_limit: (4 * fullest).max(MIN_SCAN_LIMIT).min(u64::from(MAX_ID) / 2),
            used: 0,
            object_overhead: object_overhead as u64,
            chunk_overhead: chunk_overhead as u64,
            scan: VecDeque::new(),
            chunks: VecDeque::new(),
            scan_base: 0,
            slots: vec![Modification::default(); layout.objects_end() as usize],
            page_counts: vec![0; layout.pages() as usize],
            found: vec![0; (layout.pages() as usize).div_ceil(64)],
            layout,
            data_bytes_by_area: [0; 3],
            inserted: 0,
            superseded: 0,
            removed: 0,
        }
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    /// Bytes in use, overheads included.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Bytes of object data (no overhead) per area.
    pub fn data_bytes_by_area(&self) -> [u64; 3] {
        self.data_bytes_by_area
    }

    pub fn scan_list(&self) -> impl ExactSizeIterator<Item = ScanEntry> + Clone + '_ {
        let entry = |(&(log_index, page), c): (&(u64, Pid), &Chunk)| ScanEntry {
            log_index,
            page,
            count: c.count,
            bytes: u64::from(c.bytes),
        };
        self.scan.iter().zip(&self.chunks).map(entry)
    }

    /// Modifications inserted, superseded and removed since the start.
    pub fn totals(&self) -> (u64, u64, u64) {
        (self.inserted, self.superseded, self.removed)
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    fn page_of(&self, oid: Oid) -> Pid {
        self.layout.page_slot(oid).0
    }

    fn lookup(&self, oid: Oid) -> Option<Modification> {
        let m = self.slots[oid as usize];
        (!m.is_empty()).then_some(m)
    }

    /// `fetch`: is a newer version of `oid` buffered?
    pub fn contains(&self, oid: Oid) -> bool {
        !self.slots[oid as usize].is_empty()
    }

    /// Number of pending modifications of `pid`.
    pub fn page_count(&self, pid: Pid) -> u32 {
        self.page_counts[pid as usize]
    }

    /// Most scan-list entries kept: chunks emptied by absorption stay until the log is truncated
    /// past them (§3.1.4), so a MOB that never fills, whose flusher never runs, grows the list
    /// without bound behind its oldest live chunk. Four times the chunks a full MOB holds, at
    /// least 2^22, and within the 30-bit ids.
    pub fn scan_limit(&self) -> u64 {
        self.scan_limit
    }

    /// Whether `chunks` more scan-list entries fit under `scan_limit` and the id space.
    pub fn has_room_for(&self, chunks: usize) -> bool {
        let len = self.scan.len() as u64 + chunks as u64;
        len <= self.scan_limit && u64::from(self.scan_base) + len < u64::from(MAX_ID)
    }

    /// Scan-list entries now, live chunks and holes.
    pub fn scan_len(&self) -> usize {
        self.scan.len()
    }

    /// Charge of one modification of `oid`: the object plus its per-object overhead.
    fn charge(&self, oid: Oid) -> u64 {
        self.layout.bytes(oid) + self.object_overhead
    }

    /// Net bytes that inserting `objs` (sorted by oid, distinct) would add: new objects and
    /// chunk overheads, minus the objects they supersede. Chunk overhead freed by superseding
    /// is not credited, so the result is an upper bound and the MOB never overflows.
    pub fn need(&self, objs: &[(Oid, u8)]) -> u64 {
        let mut need = 0u64;
        let mut credit = 0u64;
        let mut last_page = None;
        for &(oid, _) in objs {
            let pid = self.page_of(oid);
            if last_page != Some(pid) {
                need += self.chunk_overhead;
                last_page = Some(pid);
            }
            need += self.charge(oid);
            if self.contains(oid) {
                credit += self.charge(oid);
            }
        }
        need - credit
    }

    pub fn fits(&self, need: u64) -> bool {
        self.used + need <= self.capacity
    }

    /// `insert`: buffer the objects of log record `log_index` (sorted by oid, distinct), one
    /// chunk per page, dropping any older buffered version of each object.
    pub fn insert(&mut self, log_index: u64, objs: &[(Oid, u8)]) {
        let mut last_page = None;
        for &(oid, area) in objs {
            let pid = self.page_of(oid);
            if last_page != Some(pid) {
                debug_assert!(self.has_room_for(1), "callers check has_room_for");
                self.scan.push_back((log_index, pid));
                self.chunks.push_back(Chunk::default());
                self.used += self.chunk_overhead;
                last_page = Some(pid);
            }
            if let Some(old) = self.lookup(oid) {
                self.release(pid, oid, old);
                self.superseded += 1;
            }
            self.inserted += 1;
            self.slots[oid as usize] = Modification::new(self.scan_base + self.scan.len() as u32 - 1, area);
            self.page_counts[pid as usize] += 1;
            let charge = self.charge(oid);
            let chunk = self.chunks.back_mut().unwrap();
            chunk.count += 1;
            chunk.bytes += charge as u32;
            self.used += charge;
            self.data_bytes_by_area[area as usize] += self.layout.bytes(oid);
        }
        self.trim_head();
    }

    /// Drop the modification `m` of `oid`, on page `pid`, from the table and its scan entry
    /// (written or superseded).
    fn release(&mut self, pid: Pid, oid: Oid, m: Modification) {
        self.slots[oid as usize] = Modification::default();
        self.page_counts[pid as usize] -= 1;
        let charge = self.charge(oid);
        let chunk = &mut self.chunks[(m.scan_pos() - self.scan_base) as usize];
        chunk.count -= 1;
        chunk.bytes -= charge as u32;
        let chunk_empty = chunk.count == 0;
        self.used -= charge;
        if chunk_empty {
            self.used -= self.chunk_overhead;
        }
        self.data_bytes_by_area[m.area()] -= self.layout.bytes(oid);
    }

    /// Discard the empty prefix of the scan list: this is the stable-log truncation.
    fn trim_head(&mut self) {
        while self.chunks.front().is_some_and(|c| c.count == 0) {
            self.chunks.pop_front();
            self.scan.pop_front();
            self.scan_base += 1;
        }
    }

    /// `find_pages`: walk the scan list in log order and collect the pages of live chunks until
    /// `target_bytes` (live object bytes plus overheads) have been scanned (§3.2.1, spec A8).
    /// Returns the pages in scan order and the largest log index scanned.
    pub fn find_pages(&mut self, target_bytes: u64) -> (Vec<Pid>, u64) {
        let mut pages = Vec::new();
        let (mut scanned, mut last) = (0u64, 0u64);
        for (&(log_index, page), c) in self.scan.iter().zip(&self.chunks).filter(|(_, c)| c.count > 0) {
            let (word, bit) = (page as usize / 64, 1 << (page % 64));
            if self.found[word] & bit == 0 {
                self.found[word] |= bit;
                pages.push(page);
            }
            scanned += u64::from(c.bytes) + self.chunk_overhead;
            last = log_index;
            if scanned >= target_bytes {
                break;
            }
        }
        for &p in &pages {
            self.found[p as usize / 64] = 0;
        }
        (pages, last)
    }

    /// `find_modifications`: every pending modification of `pid`, of any age, as (oid, id).
    pub fn find_modifications(&self, pid: Pid) -> Vec<(Oid, ModId)> {
        let count = self.page_counts[pid as usize] as usize;
        if count == 0 {
            return Vec::new();
        }
        let objects = self.layout.objects(pid);
        let mut out = Vec::with_capacity(count);
        let slots = &self.slots[objects.start as usize..objects.end as usize];
        out.extend((objects.start..).zip(slots).filter(|(_, m)| !m.is_empty()).map(|(oid, m)| (oid, m.id())));
        out
    }

    /// `remove`: delete exactly these modifications; any that were superseded since
    /// `find_modifications` are skipped (the newer version stays). Returns how many were removed.
    pub fn remove(&mut self, mods: &[(Oid, ModId)]) -> usize {
        let mut removed = 0;
        for &(oid, id) in mods {
            if let Some(m) = self.lookup(oid) {
                if m.id() == id {
                    self.release(self.page_of(oid), oid, m);
                    removed += 1;
                }
            }
        }
        self.trim_head();
        self.removed += removed as u64;
        removed
    }

    /// Recompute the accounting from scratch (tests and debug checks).
    pub fn check_invariants(&self) {
        let live: u64 = self.chunks.iter().map(|c| c.count as u64).sum();
        let bytes: u64 = self.chunks.iter().map(|c| u64::from(c.bytes)).sum();
        let chunks = self.chunks.iter().filter(|c| c.count > 0).count() as u64;
        assert_eq!(self.used, bytes + chunks * self.chunk_overhead, "MOB accounting");
        let in_table: u64 = self.page_counts.iter().map(|&c| c as u64).sum();
        assert_eq!(live, in_table, "scan list and object table disagree");
        assert_eq!(in_table, self.slots.iter().filter(|m| !m.is_empty()).count() as u64, "page counts");
        assert!(self.used <= self.capacity, "MOB over capacity: {} > {}", self.used, self.capacity);
        assert!(self.chunks.front().is_none_or(|c| c.count > 0), "scan list not truncated");
    }
}

#[cfg(test)]
mod tests;
