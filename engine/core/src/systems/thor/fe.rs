//! The FE (Liskov et al. §4, §5.1): it runs the traversal, shipped into Thor as Theta code (code
//! transfer, §3.1), on its cached objects; swizzles an object at its first use; fetches a missing
//! one with the group size its prefetch policy asks for; installs the group that comes back;
//! tracks the transaction's reads and writes; and between client calls, when the heap is almost
//! full, shrinks and collects. `run` stops at each fetch and at each call's end, where the
//! system (or `experiment`) takes over.
use std::sync::Arc;

pub use super::config::Handles;
use super::costs::{ns, Category, Costs, Ledger};
use super::database::{Kind, ThorDb};
use super::heap::{Collection, Heap, Lookup};
use super::or::Group;
use super::prefetch::{Cut, Policy};
use crate::kernel::SimTime;
use crate::workload::oo7::{Access, RootOnly, Traversal, TraversalKind};

/// Bytes of an xref (§5.1: 64 bits).
pub const XREF_BYTES: u64 = 8;

/// How the FE is set up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setup {
    pub cache_bytes: u64,
    pub surrogate_bytes: u32,
    /// Shrinking's target, a fraction of from-space (§5.1: 50%).
    pub shrink: f64,
    /// Bytes of a segment: the most one group can take.
    pub segment_bytes: u64,
    pub split: Split,
    pub handles: Handles,
    pub strong_rot: bool,
    /// Other FEs share the database: a transaction may abort, so the FE keeps where each began.
    pub shared: bool,
}

/// Where the running transaction began: what an abort goes back to (§5.1).
#[derive(Clone, Debug)]
struct Begun {
    traversal: Traversal<Arc<crate::workload::oo7::Oo7Database>>,
    pending: Option<Access>,
    counted: bool,
    parts_in_call: u32,
    last_part: u32,
    /// The FE's time then.
    at: SimTime,
}

/// Where `run` stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// An access to an object that is not resident: fetch it.
    Miss(u32),
    /// A client call ended; the next one begins with the access still pending. Calls split the
    /// traversal because the FE collects only between calls (§6.1).
    CallEnd,
    /// The slice of accesses is used up: the FE goes on in a later event.
    Slice,
    /// The traversal is over.
    Done,
}

/// How the traversal is split into calls and transactions (§6.1; spec A13, A14, A23).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Atomic parts a call visits (0: the whole traversal is one call).
    pub parts_per_call: u32,
    /// Calls a transaction makes (0: one transaction).
    pub calls_per_transaction: u32,
}

/// The FE's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counters {
    pub accesses: u64,
    pub swizzles: u64,
    pub surrogates_made: u64,
    pub fetches: u64,
    pub shipped: u64,
    pub shipped_bytes: u64,
    pub installed: u64,
    /// Objects of the chunks the OR left out as sent recently.
    pub weeded: u64,
    pub calls: u64,
    pub transactions: u64,
    pub commits_read: u64,
    pub commits_written: u64,
    pub collections: u64,
    /// Collections inside a call, because a group would not fit (spec A13).
    pub emergency_collections: u64,
    /// Largest heap so far (objects and surrogates), bytes.
    pub peak_bytes: u64,
}

#[derive(Clone, Debug)]
pub struct Fe {
    pub db: Arc<ThorDb>,
    pub traversal: Traversal<Arc<crate::workload::oo7::Oo7Database>>,
    kind: TraversalKind,
    root_only: RootOnly,
    pub heap: Heap,
    pub policy: Policy,
    pub costs: Costs,
    pub split: Split,
    pub handles: Handles,
    /// Shrinking's target, a fraction of from-space (§5.1: 50%).
    pub shrink: f64,
    /// From-space may grow to this before a collection (spec A11).
    pub trigger: u64,
    /// A group that would take from-space past this forces a collection inside a call.
    pub limit: u64,
    pending: Option<Access>,
    counted: bool,
    parts_in_call: u32,
    /// The atomic part accessed last: T2c's repeated updates of a part are one visit.
    last_part: u32,
    calls_in_transaction: u32,
    /// The handles the client holds (`Handles::Session`), and which objects they are.
    held: Vec<u32>,
    holds: Vec<bool>,
    /// The transaction's reads (mutable objects only, §5.1) and writes.
    read: Vec<bool>,
    reads: Vec<u32>,
    writes: u32,
    /// The groups of the objects used for the first time since `take_uses`.
    uses: Vec<u32>,
    pub ledger: Ledger,
    /// The traversal's time in Table 1's parts, ns: its own code, concurrency control, residency
    /// checks, exception generation and handling, array bounds checking.
    pub safety: [SimTime; 5],
    pub counters: Counters,
    pub collections: Vec<Collection>,
    /// The collection in progress's work already timed.
    collect_done: (u64, u64, u64),
    /// Where the running transaction began, when other FEs share the database; and whether an
    /// invalidation has doomed it (§5.1).
    begun: Option<Box<Begun>>,
    pub doomed: bool,
}

impl Fe {
    pub fn new(
        db: Arc<ThorDb>,
        kind: TraversalKind,
        root_only: RootOnly,
        setup: Setup,
        policy: Policy,
        costs: Costs,
    ) -> Fe {
        let traversal = Traversal::new(db.oo7.clone(), kind).reading_sub_objects().with_root_only(root_only.clone());
        let n = db.oo7.objects.len();
        let mut heap = Heap::new(setup.cache_bytes, n, setup.surrogate_bytes);
        heap.strong_rot = setup.strong_rot;
        // Survivors of a collection, up to (1 − shrink) of from-space, must fit beside it (A11).
        let limit = (setup.cache_bytes as f64 / (2.0 - setup.shrink)) as u64;
        Fe {
            db,
            traversal,
            kind,
            root_only,
            heap,
            policy,
            costs,
            split: setup.split,
            handles: setup.handles,
            shrink: setup.shrink,
            trigger: limit.saturating_sub(setup.segment_bytes),
            limit,
            pending: None,
            counted: false,
            parts_in_call: 0,
            last_part: u32::MAX,
            calls_in_transaction: 0,
            held: Vec::new(),
            holds: vec![false; n],
            read: vec![false; n],
            reads: Vec::new(),
            writes: 0,
            uses: Vec::new(),
            ledger: Ledger::default(),
            safety: [0; 5],
            counters: Counters::default(),
            collections: Vec::new(),
            collect_done: (0, 0, 0),
            begun: None,
            doomed: false,
        }
        .beginning(setup.shared)
    }

    /// Notes where the transaction that starts now begins, if it may abort.
    fn beginning(mut self, shared: bool) -> Fe {
        if shared {
            self.begin_transaction();
        }
        self
    }

    fn begin_transaction(&mut self) {
        self.begun = Some(Box::new(Begun {
            traversal: self.traversal.clone(),
            pending: self.pending,
            counted: self.counted,
            parts_in_call: self.parts_in_call,
            last_part: self.last_part,
            at: self.ledger.total(),
        }));
    }

    /// Starts the traversal again from the root of the assembly hierarchy, in the same
    /// transaction (a hot run's next traversal, §6.1).
    pub fn restart(&mut self) {
        self.traversal = Traversal::new(self.db.oo7.clone(), self.kind).reading_sub_objects().with_root_only(self.root_only.clone());
        self.pending = None;
    }

    /// The prefetch groups of the objects used (swizzled) for the first time since the last call.
    pub fn take_uses(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.uses)
    }

    /// Runs up to `slice` accesses, stopping early where one misses, a call ends or the
    /// traversal does.
    pub fn run(&mut self, slice: u32) -> Stop {
        for _ in 0..slice {
            let a = match self.pending {
                Some(a) => a,
                None => match self.traversal.next() {
                    Some(a) => {
                        self.pending = Some(a);
                        self.counted = false;
                        a
                    }
                    None => return Stop::Done,
                },
            };
            if !self.counted {
                self.counted = true;
                if self.starts_call(a.object) {
                    return Stop::CallEnd;
                }
            }
            match self.heap.lookup(a.object) {
                Lookup::Resident { cell, swizzled } => {
                    if !swizzled {
                        self.uses.push(self.heap.cells[cell as usize].group);
                        self.swizzle(cell);
                        self.policy.used();
                    }
                    self.use_object(cell, a);
                    self.pending = None;
                }
                Lookup::Surrogate | Lookup::Absent => return Stop::Miss(a.object),
            }
        }
        Stop::Slice
    }

    /// Whether the access to `x` begins a new call: the call's parts are visited (§6.1).
    fn starts_call(&mut self, x: u32) -> bool {
        let kind = self.db.kind(x);
        if self.handles == Handles::Session
            && matches!(kind, Kind::Module | Kind::Assembly | Kind::CompositePart)
            && !self.holds[x as usize]
        {
            self.holds[x as usize] = true;
            self.held.push(x);
        }
        if kind != Kind::AtomicPart || self.split.parts_per_call == 0 || std::mem::replace(&mut self.last_part, x) == x {
            return false;
        }
        self.parts_in_call += 1;
        if self.parts_in_call <= self.split.parts_per_call {
            return false;
        }
        self.parts_in_call = 1;
        true
    }

    fn swizzle(&mut self, cell: u32) {
        let x = self.heap.cells[cell as usize].object;
        let made = self.heap.swizzle(cell, &self.db.refs);
        let refs = self.db.refs.of_object(x).len() as f64;
        self.counters.swizzles += 1;
        self.counters.surrogates_made += u64::from(made);
        let t = ns(self.costs.swizzle, 1.0) + ns(self.costs.swizzle_reference, refs);
        self.ledger.add(Category::LazySwizzling, t);
        self.note_peak();
    }

    fn use_object(&mut self, cell: u32, a: Access) {
        self.counters.accesses += 1;
        let x = a.object as usize;
        let mutable = !self.db.kinds[x].immutable();
        let c = &self.costs;
        let parts = [
            ns(c.access, 1.0),
            if mutable { ns(c.concurrency_control, 1.0) } else { 0 },
            ns(c.residency_check, 1.0),
            ns(c.exceptions, 1.0),
            ns(c.bounds_checks, 1.0),
        ];
        for (total, t) in self.safety.iter_mut().zip(parts) {
            *total += t;
        }
        self.ledger.add(Category::Traversal, parts.iter().sum());
        if mutable && !self.read[x] {
            self.read[x] = true;
            self.reads.push(a.object);
        }
        if a.write {
            if !self.heap.cells[cell as usize].modified {
                self.writes += 1;
            }
            self.heap.modify(cell);
        }
    }

    fn note_peak(&mut self) {
        self.counters.peak_bytes = self.counters.peak_bytes.max(self.heap.used);
    }

    /// How the OR is to cut the group for the pending access (§5.2: the k the request sends).
    pub fn request(&mut self) -> Cut {
        self.counters.fetches += 1;
        self.policy.request()
    }

    /// Whether a group of `bytes` fits in from-space now, or needs a collection inside the call
    /// first (spec A13).
    pub fn fits(&self, bytes: u64) -> bool {
        self.heap.used + bytes <= self.limit
    }

    /// The group for the pending access arrived: installed at the free pointer, the requested
    /// object swizzled at once (§5.1), the counters updated (§5.2).
    pub fn install(&mut self, g: &Group) {
        let n = g.objects.len() as u32;
        self.counters.shipped += u64::from(n);
        self.counters.shipped_bytes += g.bytes();
        self.counters.weeded += u64::from(g.duplicates);
        let (cells, installed) = self.heap.install(&g.objects);
        self.counters.installed += u64::from(installed);
        self.policy.arrived(n);
        let t = ns(self.costs.fe_object, f64::from(installed));
        self.ledger.add(Category::FetchFe, ns(self.costs.fe_fetch, 1.0) + t);
        self.swizzle(cells[0]);
        self.note_peak();
    }

    /// The roots of a collection: the handles the client holds, and the traversal's path (the
    /// call in progress, or the next one's start).
    fn roots(&self) -> Vec<u32> {
        let path = self.traversal.path_objects();
        match self.handles {
            Handles::Session => self.held.iter().copied().chain(path).collect(),
            Handles::Path => path.collect(),
        }
    }

    /// Begins shrinking and collecting (§5.1); `emergency` inside a call (spec A13).
    pub fn begin_collect(&mut self, emergency: bool) {
        let roots = self.roots();
        self.heap.begin_collect(self.shrink, roots);
        self.collect_done = (0, 0, 0);
        self.counters.collections += 1;
        if emergency {
            self.counters.emergency_collections += 1;
        }
    }

    /// A slice of `budget` units of the collection, timed (shrinking per object discarded, the
    /// collection per cell copied and per ROT entry swept); the figures once it is over.
    pub fn collect_step(&mut self, budget: u64) -> Option<Collection> {
        let done = self.heap.collect_step(budget, &self.db.refs);
        let now = match (&done, self.heap.collector()) {
            (Some(c), _) => (c.shrunk, c.copied, c.copied + c.dropped + c.snapped),
            (None, Some(c)) => c.progress(),
            (None, None) => unreachable!("a collection in progress"),
        };
        let (s0, c0, w0) = self.collect_done;
        self.ledger.add(Category::Shrinking, ns(self.costs.shrink_object, (now.0 - s0) as f64));
        let gc = ns(self.costs.gc_cell, (now.1 - c0) as f64) + ns(self.costs.gc_rot_entry, (now.2 - w0) as f64);
        self.ledger.add(Category::Gc, gc);
        self.collect_done = now;
        if let Some(c) = done {
            self.collections.push(c);
        }
        done
    }

    /// A call ended (§6.1): whether the transaction commits now, after its last call (spec A14).
    pub fn end_call(&mut self) -> bool {
        self.counters.calls += 1;
        self.calls_in_transaction += 1;
        let per = self.split.calls_per_transaction;
        per > 0 && self.calls_in_transaction >= per
    }

    /// Whether from-space is past the trigger, so that the heap is collected before the next
    /// call (spec A11).
    pub fn must_collect(&self) -> bool {
        self.heap.used > self.trigger
    }

    /// The transaction commits (§5.1): its reads' xrefs and its modified objects' states go to
    /// the OR, which validates them and replies; the modified objects may be discarded again.
    /// Returns (reads, writes, the modified objects).
    pub fn commit(&mut self) -> (u32, u32, Vec<u32>) {
        let (reads, writes) = self.send_commit();
        for x in self.reads.drain(..) {
            self.read[x as usize] = false;
        }
        self.writes = 0;
        let modified = self.heap.modified().to_vec();
        self.heap.committed();
        self.calls_in_transaction = 0;
        self.counters.transactions += 1;
        self.counters.commits_read += u64::from(reads);
        self.counters.commits_written += u64::from(writes);
        if self.begun.is_some() {
            self.begin_transaction();
        }
        (reads, writes, modified)
    }

    /// The commit's messages and the OR's work, timed: (reads, writes).
    pub fn send_commit(&mut self) -> (u32, u32) {
        let (reads, writes) = (self.reads.len() as u32, self.writes);
        let bytes = u64::from(reads) * XREF_BYTES + self.written_bytes();
        let c = &self.costs;
        let t = ns(c.commit, 1.0)
            + ns(c.commit_read, f64::from(reads))
            + ns(c.commit_write, f64::from(writes))
            + ns(c.message, 2.0)
            + ns(c.wire_byte, bytes as f64 + 2.0 * c.request_bytes);
        self.ledger.add(Category::Commit, t);
        (reads, writes)
    }

    /// The mutable objects the running transaction has read.
    pub fn reads(&self) -> &[u32] {
        &self.reads
    }

    /// Another FE's commit invalidated `objects` (§5.1): each resident copy becomes a surrogate,
    /// and a transaction that used one is doomed (one it read and shrank since too: its commit
    /// would carry a stale read). Returns the copies discarded and whether the transaction is
    /// doomed now.
    pub fn invalidate(&mut self, objects: &[u32]) -> (u32, bool) {
        let mut made = 0;
        for &x in objects {
            if self.read[x as usize] || self.heap.is_modified(x) {
                self.doomed = true;
            }
            made += u32::from(self.heap.invalidate(x));
        }
        (made, self.doomed)
    }

    /// The running transaction aborts (§5.1): its modified copies are discarded into surrogates,
    /// and the traversal goes back to where the transaction began. Returns the FE time since.
    pub fn abort(&mut self) -> SimTime {
        for x in self.reads.drain(..) {
            self.read[x as usize] = false;
        }
        self.writes = 0;
        self.heap.discard_modified();
        self.calls_in_transaction = 0;
        self.doomed = false;
        let b = self.begun.as_ref().expect("a transaction that may abort");
        self.traversal = b.traversal.clone();
        self.pending = b.pending;
        self.counted = b.counted;
        self.parts_in_call = b.parts_in_call;
        self.last_part = b.last_part;
        let lost = self.ledger.total() - b.at;
        self.begin_transaction();
        lost
    }

    /// Objects modified by the running transaction, and their bytes.
    pub fn written_bytes(&self) -> u64 {
        self.heap.modified().iter().map(|&x| u64::from(self.db.bytes(x))).sum()
    }
}
