//! The FE's object cache (Liskov et al. §5, §5.1; spec 003 §2.2–§2.5): one arena in which each
//! arriving prefetch group is copied to the beginning of free space; a ROT (resident object table)
//! from xrefs to cells; surrogates, empty or full, for objects referred to but not resident; lazy
//! swizzling by node marking; and when the heap is almost full, shrinking whole prefetch groups
//! in FIFO order into empty surrogates, then a copying (Cheney) collection from the handle table
//! and the modified objects. Objects are named by their index in the database, which stands for
//! their xref.
use std::collections::VecDeque;

use super::collect::Collector;
use crate::workload::oo7::References;

/// No cell: the object is not in the ROT.
pub const NONE: u32 = u32::MAX;

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// An object fetched in a prefetch group, its references still xrefs: it is swizzled at its
    /// first use (lazy swizzling, §5.1).
    Unswizzled,
    /// An object whose references are all pointers, to objects or surrogates (node marking).
    Swizzled,
    /// An empty surrogate: the xref of an object that is not resident (§5.1). A shrunk object
    /// becomes one in place, keeping its extent until the next collection.
    Surrogate,
    /// A full surrogate: it points to the object's cell, until the collector snaps the pointers
    /// to it (§5.1).
    Full(u32),
}

/// One cell of from-space, in address order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub object: u32,
    /// Bytes of from-space it spans: an object's, or a surrogate's.
    pub extent: u32,
    pub state: State,
    /// Modified by the running transaction: never discarded (Thor0, §5.1).
    pub modified: bool,
    /// The prefetch group it arrived in (0 for surrogates).
    pub group: u32,
}

impl Cell {
    pub fn is_object(&self) -> bool {
        matches!(self.state, State::Unswizzled | State::Swizzled)
    }
}

/// A prefetch group, for shrinking in arrival order: its sequence number and objects.
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub seq: u32,
    pub members: Vec<u32>,
}

/// What the ROT says about an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// Resident, in cell `cell`; swizzled or not.
    Resident { cell: u32, swizzled: bool },
    /// Only an empty surrogate: a use fetches it.
    Surrogate,
    /// Not in the ROT at all (nothing resident refers to it).
    Absent,
}

/// What one shrinking and collection did (spec §2.5).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Collection {
    /// From-space before, and the to-space the collection copied into.
    pub from_bytes: u64,
    pub to_bytes: u64,
    /// Objects shrunk into surrogates, and their bytes set free.
    pub shrunk: u64,
    pub shrunk_bytes: u64,
    /// Cells copied (objects and empty surrogates), and full surrogates snapped.
    pub copied: u64,
    pub snapped: u64,
    /// ROT entries removed: the ROT is weak (spec A12).
    pub dropped: u64,
}

#[derive(Clone, Debug)]
pub struct Heap {
    /// Bytes of the whole arena.
    pub capacity: u64,
    pub surrogate_bytes: u32,
    /// From-space, in address order; `used` is its bump pointer.
    pub cells: Vec<Cell>,
    pub used: u64,
    /// The ROT: the cell standing for each object (its own, or a surrogate), or `NONE`.
    pub(super) rot: Vec<u32>,
    pub(super) groups: VecDeque<Group>,
    next_group: u32,
    /// Objects modified by the running transaction.
    pub(super) modified: Vec<u32>,
    /// Whether the ROT's entries are roots too (the comparison of spec A12); weak by default.
    pub strong_rot: bool,
    collector: Option<Box<Collector>>,
}

impl Heap {
    pub fn new(capacity: u64, objects: usize, surrogate_bytes: u32) -> Heap {
        Heap {
            capacity,
            surrogate_bytes,
            cells: Vec::new(),
            used: 0,
            rot: vec![NONE; objects],
            groups: VecDeque::new(),
            next_group: 1,
            modified: Vec::new(),
            strong_rot: false,
            collector: None,
        }
    }

    pub fn lookup(&self, x: u32) -> Lookup {
        match self.rot[x as usize] {
            NONE => Lookup::Absent,
            c => match self.cells[c as usize].state {
                State::Unswizzled => Lookup::Resident { cell: c, swizzled: false },
                State::Swizzled => Lookup::Resident { cell: c, swizzled: true },
                State::Surrogate => Lookup::Surrogate,
                State::Full(_) => unreachable!("the ROT names the object a full surrogate points to"),
            },
        }
    }

    /// Whether object `x` is resident, for the views, whenever they look: during a collection,
    /// from-space is the collector's, and the ROT names to-space's cells for those already swept.
    pub fn resident(&self, x: u32) -> bool {
        let c = self.rot[x as usize];
        if c == NONE {
            return false;
        }
        match self.collector.as_deref() {
            Some(k) if k.phase != super::collect::Phase::Shrinking => {
                let copied = k.to.get(c as usize).filter(|t| t.object == x && k.phase == super::collect::Phase::Sweeping);
                copied.or(k.old.get(c as usize)).is_some_and(Cell::is_object)
            }
            _ => self.cells[c as usize].is_object(),
        }
    }

    fn alloc(&mut self, cell: Cell) -> u32 {
        self.used += u64::from(cell.extent);
        self.cells.push(cell);
        (self.cells.len() - 1) as u32
    }

    /// Swizzles the object in `cell` (node marking, §5.1): every reference of it becomes a pointer
    /// to the object's cell or its surrogate, a new empty surrogate where the ROT has neither.
    /// Returns the surrogates made.
    pub fn swizzle(&mut self, cell: u32, refs: &References) -> u32 {
        let x = self.cells[cell as usize].object;
        self.cells[cell as usize].state = State::Swizzled;
        let mut made = 0;
        for &r in refs.of_object(x) {
            if self.rot[r as usize] == NONE {
                let s = self.alloc(Cell {
                    object: r,
                    extent: self.surrogate_bytes,
                    state: State::Surrogate,
                    modified: false,
                    group: 0,
                });
                self.rot[r as usize] = s;
                made += 1;
            }
        }
        made
    }

    /// Installs an arriving prefetch group at the free pointer (§5): each object not already
    /// resident (an incoming copy of a resident one is dropped, spec A9); an empty surrogate of it
    /// becomes full (A8). Returns the cell of each object in `objects` (the resident one for a
    /// dropped copy) and how many were installed.
    pub fn install(&mut self, objects: &[(u32, u32)]) -> (Vec<u32>, u32) {
        let seq = self.next_group;
        self.next_group += 1;
        let mut members = Vec::with_capacity(objects.len());
        let mut cells = Vec::with_capacity(objects.len());
        for &(x, bytes) in objects {
            let old = self.rot[x as usize];
            if old != NONE && self.cells[old as usize].is_object() {
                cells.push(old);
                continue;
            }
            let c =
                self.alloc(Cell { object: x, extent: bytes, state: State::Unswizzled, modified: false, group: seq });
            if old != NONE {
                self.cells[old as usize].state = State::Full(c);
            }
            self.rot[x as usize] = c;
            members.push(x);
            cells.push(c);
        }
        let installed = members.len() as u32;
        if installed > 0 {
            self.groups.push_back(Group { seq, members });
        }
        (cells, installed)
    }

    /// The transaction modified the object in `cell`: it may not be discarded until commit.
    pub fn modify(&mut self, cell: u32) {
        let c = &mut self.cells[cell as usize];
        if !c.modified {
            c.modified = true;
            self.modified.push(c.object);
        }
    }

    /// The transaction committed: its objects may be discarded again.
    pub fn committed(&mut self) {
        for x in std::mem::take(&mut self.modified) {
            let c = self.rot[x as usize];
            if c != NONE {
                self.cells[c as usize].modified = false;
            }
        }
    }

    pub fn modified(&self) -> &[u32] {
        &self.modified
    }

    /// Whether the running transaction modified object `x`.
    pub fn is_modified(&self, x: u32) -> bool {
        let c = self.rot[x as usize];
        c != NONE && self.cells[c as usize].modified
    }

    /// Another FE's commit made object `x`'s copy stale (§5.1): a resident copy becomes an empty
    /// surrogate in place, keeping its extent until the next collection, as a shrunk object does.
    /// Whether it was resident.
    pub fn invalidate(&mut self, x: u32) -> bool {
        let c = self.rot[x as usize];
        if c == NONE || !self.cells[c as usize].is_object() {
            return false;
        }
        self.cells[c as usize].state = State::Surrogate;
        true
    }

    /// The transaction aborted: its modified copies are discarded into surrogates (§5.1).
    pub fn discard_modified(&mut self) {
        for x in std::mem::take(&mut self.modified) {
            let c = self.rot[x as usize];
            if c != NONE {
                let cell = &mut self.cells[c as usize];
                cell.modified = false;
                if cell.is_object() {
                    cell.state = State::Surrogate;
                }
            }
        }
    }

    /// Begins shrinking and collecting (§5.1; `collect.rs`): prefetch groups in FIFO order become
    /// empty surrogates until `fraction` of from-space is set free (§5.1: "at present we attempt
    /// to recover 50%"), then what `handles` and the modified objects reach is copied. Run it
    /// with `collect_step`; the FE does nothing meanwhile.
    pub fn begin_collect(&mut self, fraction: f64, handles: Vec<u32>) {
        self.collector = Some(Box::new(Collector::new(self, fraction, handles)));
    }

    /// Does up to `budget` units of the collection in progress (an object shrunk, a cell copied
    /// or scanned, a ROT entry swept); its figures once it is over.
    pub fn collect_step(&mut self, budget: u64, refs: &References) -> Option<Collection> {
        let mut c = self.collector.take().expect("a collection in progress");
        if c.step(self, budget, refs) {
            Some(c.stats)
        } else {
            self.collector = Some(c);
            None
        }
    }

    /// The collection in progress, if any.
    pub fn collector(&self) -> Option<&Collector> {
        self.collector.as_deref()
    }

    /// The whole collection at once (tests).
    #[cfg(test)]
    pub fn collect(&mut self, fraction: f64, handles: impl IntoIterator<Item = u32>, refs: &References) -> Collection {
        self.begin_collect(fraction, handles.into_iter().collect());
        loop {
            if let Some(c) = self.collect_step(u64::MAX, refs) {
                return c;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workload::oo7::{Oo7Database, Oo7Params, Oo7Size};

    fn db() -> (Oo7Database, References) {
        let db = Oo7Database::generate(&Oo7Params::thor0(Oo7Size::Small), 1);
        let refs = References::of(&db);
        (db, refs)
    }

    /// §5.1: a group's objects enter the ROT unswizzled; swizzling one makes surrogates for the
    /// references the ROT lacks; an arriving object fills its surrogate, which stays full until
    /// a collection snaps the pointers to it.
    #[test]
    fn groups_arrive_unswizzled_and_surrogates_fill() {
        let (db, refs) = db();
        let part = db.part(0, 0);
        let mut h = Heap::new(1 << 20, db.objects.len(), 16);
        let (cells, n) = h.install(&[(part, 76)]);
        assert_eq!((n, h.lookup(part)), (1, Lookup::Resident { cell: cells[0], swizzled: false }));
        assert_eq!(h.swizzle(cells[0], &refs), 4, "type, partOf, to, from: none resident");
        assert_eq!(h.lookup(part + 1), Lookup::Surrogate);
        let (cells, _) = h.install(&[(part + 1, 52)]);
        assert!(h.cells.iter().any(|c| c.state == State::Full(cells[0])), "the surrogate points to the object");
        assert_eq!(h.used, 76 + 4 * 16 + 52);
        // A resident object's incoming copy is dropped (spec A9).
        assert_eq!(h.install(&[(part, 76)]).1, 0);
    }

    /// §5.1: an invalidated copy becomes an empty surrogate in place; fetched again, it fills
    /// that surrogate, the ROT names the new copy, and the collection keeps that one only,
    /// snapping the full surrogates.
    #[test]
    fn an_invalidated_object_fetched_again_is_kept_once() {
        let (db, refs) = db();
        let part = db.part(0, 0);
        let mut h = Heap::new(1 << 20, db.objects.len(), 16);
        let (cells, _) = h.install(&[(part, 76)]);
        h.swizzle(cells[0], &refs);
        let (first, _) = h.install(&[(part + 1, 52)]);
        assert!(h.invalidate(part + 1) && !h.invalidate(part + 1), "once resident, then a surrogate");
        assert_eq!(h.lookup(part + 1), Lookup::Surrogate);
        let (again, _) = h.install(&[(part + 1, 52)]);
        assert_eq!(h.cells[first[0] as usize].state, State::Full(again[0]));
        h.collect(0.0, [part], &refs);
        assert_eq!(h.lookup(part + 1), Lookup::Resident { cell: h.rot[(part + 1) as usize], swizzled: false });
        assert!(h.cells.iter().all(|c| !matches!(c.state, State::Full(_))), "every link snapped");
        assert_eq!(h.cells.iter().filter(|c| c.object == part + 1).count(), 1, "one copy");
    }

    /// §5.1, spec A12: shrinking discards the oldest groups' unmodified objects into surrogates;
    /// the collection copies what the handles and the modified objects reach, snaps full
    /// surrogates, and forgets the rest: the ROT is weak.
    #[test]
    fn shrinking_and_collection_keep_what_the_roots_reach() {
        let (db, refs) = db();
        let mut h = Heap::new(1 << 20, db.objects.len(), 16);
        let old = db.part(0, 0);
        let (cells, _) = h.install(&[(old, 76), (old + 3, 40)]);
        h.swizzle(cells[0], &refs);
        h.modify(cells[1]);
        let young = db.part(1, 0);
        let (cells, _) = h.install(&[(young, 76), (young + 1, 52), (db.part(1, 5), 76)]);
        h.swizzle(cells[0], &refs);
        let c = h.collect(0.1, [young], &refs);
        assert_eq!(c.shrunk, 1, "the oldest group's unmodified object");
        assert_eq!(
            h.lookup(old + 3),
            Lookup::Resident { cell: h.rot[(old + 3) as usize], swizzled: false },
            "modified: kept"
        );
        assert_eq!(
            h.lookup(young + 1),
            Lookup::Resident { cell: h.rot[(young + 1) as usize], swizzled: false },
            "reached"
        );
        assert_eq!(h.lookup(db.part(1, 5)), Lookup::Absent, "unreachable: gone, with its ROT entry");
        assert_eq!(h.lookup(old), Lookup::Absent, "shrunk and unreachable from the handle");
        assert!(h.cells.iter().all(|c| !matches!(c.state, State::Full(_))), "no full surrogates in to-space");
        assert_eq!(h.used, h.cells.iter().map(|c| u64::from(c.extent)).sum::<u64>());
        assert_eq!(c.to_bytes, h.used);
        h.committed();
        let c = h.collect(1.0, [young], &refs);
        assert_eq!(h.lookup(old + 3), Lookup::Absent, "committed: discarded with the rest");
        assert!(c.shrunk >= 2);
    }
}
