//! Shrinking and collection (Liskov et al. §5.1; spec 003 §2.5), run in slices so that no event
//! of the engine does more than a slice's work: shrinking turns the prefetch groups, oldest
//! first, into empty surrogates until the goal is set free; then Cheney's copying collection
//! evacuates what the roots reach into to-space, pointers to full surrogates snapped to the
//! objects and empty surrogates copied as they are; then the ROT entries of cells left behind
//! are removed (a weak ROT, spec A12), and the spaces flip.
use super::heap::{Cell, Collection, Group, Heap, State, NONE};
use crate::workload::oo7::References;

/// Where the collection is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Shrinking,
    Copying,
    /// Removing the ROT entries of the cells not copied.
    Sweeping,
}

#[derive(Clone, Debug)]
pub struct Collector {
    pub phase: Phase,
    goal: u64,
    /// Groups kept for their modified members, in FIFO order.
    kept: Vec<Group>,
    roots: Vec<u32>,
    /// Roots evacuated so far.
    rooted: usize,
    /// From-space as it was when copying began, and where each of its cells went.
    pub old: Vec<Cell>,
    forward: Vec<u32>,
    /// To-space so far, and the first cell not yet scanned.
    pub to: Vec<Cell>,
    pub scan: usize,
    swept: usize,
    pub stats: Collection,
}

impl Collector {
    pub fn new(heap: &Heap, fraction: f64, handles: Vec<u32>) -> Collector {
        Collector {
            phase: Phase::Shrinking,
            goal: (fraction * heap.used as f64) as u64,
            kept: Vec::new(),
            roots: handles,
            rooted: 0,
            old: Vec::new(),
            forward: Vec::new(),
            to: Vec::new(),
            scan: 0,
            swept: 0,
            stats: Collection { from_bytes: heap.used, ..Collection::default() },
        }
    }

    /// Work done so far: objects shrunk, cells copied, cells swept.
    pub fn progress(&self) -> (u64, u64, u64) {
        (self.stats.shrunk, self.to.len() as u64, self.swept as u64)
    }

    /// Up to `budget` units of work; true once the spaces have flipped.
    pub fn step(&mut self, heap: &mut Heap, budget: u64, refs: &References) -> bool {
        let mut left = budget;
        while left > 0 {
            match self.phase {
                Phase::Shrinking => self.shrink(heap, &mut left),
                Phase::Copying => self.copy(heap, &mut left, refs),
                Phase::Sweeping => {
                    if self.sweep(heap, &mut left) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Shrinks one group (§5.1: "discarding all objects in a group that have not been modified
    /// by the current transaction"), or moves on to copying once the goal is met.
    fn shrink(&mut self, heap: &mut Heap, left: &mut u64) {
        let next = if self.stats.shrunk_bytes < self.goal { heap.groups.pop_front() } else { None };
        let Some(mut g) = next else {
            for g in self.kept.drain(..).rev() {
                heap.groups.push_front(g);
            }
            self.start_copy(heap);
            return;
        };
        *left = left.saturating_sub(g.members.len() as u64 + 1);
        let surrogate = heap.surrogate_bytes;
        let stats = &mut self.stats;
        g.members.retain(|&x| {
            let c = heap.rot[x as usize];
            if c == NONE {
                return false;
            }
            let cell = &mut heap.cells[c as usize];
            if !cell.is_object() || cell.group != g.seq {
                return false; // discarded already, or fetched again since
            }
            if cell.modified {
                return true;
            }
            cell.state = State::Surrogate;
            stats.shrunk += 1;
            stats.shrunk_bytes += u64::from(cell.extent.saturating_sub(surrogate));
            false
        });
        // A group with modified members keeps only them, in its place (spec §2.5).
        if !g.members.is_empty() {
            self.kept.push(g);
        }
    }

    fn start_copy(&mut self, heap: &mut Heap) {
        self.old = std::mem::take(&mut heap.cells);
        self.forward = vec![NONE; self.old.len()];
        self.to = Vec::with_capacity(self.old.len() / 4);
        if heap.strong_rot {
            self.roots = self.old.iter().filter(|c| !matches!(c.state, State::Full(_))).map(|c| c.object).collect();
        }
        self.roots.extend_from_slice(&heap.modified);
        self.phase = Phase::Copying;
    }

    /// Copies cell `c` of from-space unless it is copied already (a full surrogate's object in
    /// its place: the pointer is snapped).
    fn evacuate(&mut self, c: u32, surrogate_bytes: u32) {
        let mut c = c;
        if let State::Full(target) = self.old[c as usize].state {
            c = target;
        }
        if self.forward[c as usize] == NONE {
            let mut cell = self.old[c as usize];
            if cell.state == State::Surrogate {
                cell.extent = surrogate_bytes; // a shrunk object's hole is left behind
            }
            self.to.push(cell);
            self.forward[c as usize] = (self.to.len() - 1) as u32;
        }
    }

    fn copy(&mut self, heap: &mut Heap, left: &mut u64, refs: &References) {
        let surrogate = heap.surrogate_bytes;
        while *left > 0 && self.rooted < self.roots.len() {
            let c = heap.rot[self.roots[self.rooted] as usize];
            self.rooted += 1;
            *left -= 1;
            if c != NONE {
                self.evacuate(c, surrogate);
            }
        }
        while *left > 0 && self.scan < self.to.len() {
            let cell = self.to[self.scan];
            self.scan += 1;
            *left -= 1;
            if cell.state != State::Swizzled {
                continue; // an unswizzled object's references are xrefs; a surrogate has none
            }
            for &r in refs.of_object(cell.object) {
                let c = heap.rot[r as usize];
                debug_assert_ne!(c, NONE, "a swizzled object's reference has a cell");
                if c != NONE {
                    self.evacuate(c, surrogate);
                }
            }
        }
        if self.rooted == self.roots.len() && self.scan == self.to.len() {
            self.phase = Phase::Sweeping;
        }
    }

    /// Removes the ROT entries of cells left behind and points the others at their copies; true
    /// once every cell is swept and the spaces have flipped.
    fn sweep(&mut self, heap: &mut Heap, left: &mut u64) -> bool {
        while *left > 0 && self.swept < self.old.len() {
            let (i, cell) = (self.swept, self.old[self.swept]);
            self.swept += 1;
            *left -= 1;
            match cell.state {
                State::Full(_) => self.stats.snapped += 1,
                _ if heap.rot[cell.object as usize] == i as u32 => {
                    heap.rot[cell.object as usize] = self.forward[i];
                    if self.forward[i] == NONE {
                        self.stats.dropped += 1;
                    }
                }
                _ => {}
            }
        }
        if self.swept < self.old.len() {
            return false;
        }
        heap.cells = std::mem::take(&mut self.to);
        heap.used = heap.cells.iter().map(|c| u64::from(c.extent)).sum();
        self.stats.copied = heap.cells.len() as u64;
        self.stats.to_bytes = heap.used;
        true
    }
}
