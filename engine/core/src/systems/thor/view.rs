//! The Thor system's frames: the adaptive prefetcher and its groups (`prefetch`), the segment of
//! the latest fetch with its chunk (`segment`), the FE's heap as bins of the arena (`heap`), the
//! collections so far (`collections`), Tables 2–3's categories so far (`ledger`), and the disk
//! component's sections. Everything here only reads the models.
use super::collect::Phase;
use super::costs::CATEGORIES;
use super::database::KINDS;
use super::heap::{Cell, State};
use super::mcache::State as McacheState;
use super::prefetch::Policy;
use super::ThorSystem;
use crate::components::disk::view::{disk_section, disk_sections, queue_section, Shown};
use crate::components::mob::view::{fill_mob_sections, mob_sections, Busy, Flushing};
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Frame, Section};
use crate::kernel::time::to_s;
use crate::kernel::SimTime;
use crate::workload::oo7::view::{assemblies_section, composite_section, oo7_sections, traversal_visits, WalkState};
use crate::workload::oo7::THOR0_SEGMENT_BYTES;

pub const POLICIES: &[&str] = &["adaptive", "fixed", "page", "breadth first"];
/// Where the fetch in flight is.
pub const FETCH_PHASES: &[&str] = &["none", "request on the wire", "at the OR", "group on the wire"];
/// What became of each object of the latest fetch's segment.
pub const SLOT_STATES: &[&str] = &["outside the chunk", "requested", "shipped", "left out: sent recently", "left out: big"];
pub const GC_PHASES: &[&str] = &["none", "shrinking", "copying", "sweeping the ROT"];
/// Groups the `prefetch` section lists: the latest ones.
pub const GROUPS_SHOWN: usize = 400;
/// Bins the `heap` section divides the arena into.
pub const HEAP_BINS: usize = 480;

const PREFETCH: SectionInfo = SectionInfo {
    name: "prefetch",
    description: "The FE's prefetching (§5.2): the group size the next fetch asks for, the two \
        exponentially forgetting counters (fetch := fetch/2 + N and use := use/2 + 1 at each arrival, \
        use += 1 at each first use) and their ratio against the threshold; the fetch in flight; and \
        the latest groups, each with the size asked for, the objects shipped and how many of them the \
        traversal has used since.",
    scalars: &[
        f64("policy", "policy", "").values(POLICIES),
        f64("size", "next group size k", "objects"),
        f64("fetch", "fetch counter", "objects"),
        f64("use", "use counter", "objects"),
        f64("ratio", "use ÷ fetch", ""),
        f64("threshold", "threshold", ""),
        f64("step", "step", "objects"),
        f64("min", "smallest size", "objects"),
        f64("max", "largest size", "objects"),
        f64("fetches", "fetches so far", ""),
        f64("shipped", "objects shipped so far", "objects"),
        f64("phase", "fetch in flight", "").values(FETCH_PHASES),
        f64("object", "object fetched (−1: none)", ""),
        f64("k", "its k (−1: none)", "objects"),
        f64("first", "number of the first group listed", ""),
    ],
    row: "a prefetch group, oldest first (the latest 400)",
    columns: &[
        u32("k", "size asked for", "objects"),
        u32("shipped", "objects shipped", "objects"),
        u32("used", "of them used since", "objects"),
        f64("sent", "request sent", "ns"),
        f64("arrived", "group arrived", "ns"),
    ],
};

const SEGMENT: SectionInfo = SectionInfo {
    name: "segment",
    description: "The segment of the latest fetch as the OR cut it (§5.2): its objects in slot order \
        (creation order), the aligned chunk of k objects that holds the requested one, and what became \
        of each object of the chunk: shipped, or left out as big (over 800 bytes) or as sent recently.",
    scalars: &[
        f64("segment", "segment (−1: no fetch yet)", ""),
        f64("fetch", "fetch", ""),
        f64("k", "k asked for", "objects"),
        f64("chunk_from", "chunk's first slot", ""),
        f64("chunk_to", "slot after the chunk", ""),
        f64("slot", "requested object's slot", ""),
        f64("segment_bytes", "segment size", "B"),
    ],
    row: "an object of the segment, in slot order",
    columns: &[
        u32("object", "object", ""),
        u32("bytes", "size", "B"),
        u8("kind", "kind", "").values(KINDS),
        u8("state", "at this fetch", "").values(SLOT_STATES),
        u8("resident", "resident at the FE now", ""),
    ],
};

const HEAP: SectionInfo = SectionInfo {
    name: "heap",
    description: "The FE's cache, one arena (§5, §5.1): from-space from address 0 up to the free \
        pointer, where each group is copied as it arrives; objects unswizzled (fetched, not yet \
        used), swizzled, or modified by the running transaction; empty and full surrogates; the holes \
        shrinking and invalidations leave until the collection; and during a collection, to-space as it fills. Each \
        row is a bin of the arena.",
    scalars: &[
        f64("capacity", "cache", "B"),
        f64("used", "from-space", "B"),
        f64("trigger", "collection trigger (between calls)", "B"),
        f64("limit", "from-space limit (inside a call)", "B"),
        f64("objects", "objects resident", ""),
        f64("surrogates", "surrogates", ""),
        f64("collections", "collections so far", ""),
        f64("phase", "collection", "").values(GC_PHASES),
        f64("to", "to-space so far", "B"),
        f64("bin_bytes", "bytes a bin", "B"),
    ],
    row: "a bin of the arena, from address 0",
    columns: &[
        f64("unswizzled", "objects not yet used", "B"),
        f64("swizzled", "objects used", "B"),
        f64("modified", "objects modified", "B"),
        f64("surrogate", "empty surrogates", "B"),
        f64("full", "full surrogates", "B"),
        f64("hole", "shrunk or invalidated, free at the next collection", "B"),
        f64("to_space", "to-space", "B"),
    ],
};

const COLLECTIONS: SectionInfo = SectionInfo {
    name: "collections",
    description: "Each collection so far (§5.1, §6.4): from-space before it, to-space after, the \
        objects shrinking discarded and the cells copied.",
    scalars: &[],
    row: "a collection, oldest first",
    columns: &[
        f64("from", "from-space before", "B"),
        f64("to", "to-space after", "B"),
        f64("shrunk", "objects shrunk", ""),
        f64("copied", "cells copied", ""),
    ],
};

const LEDGER: SectionInfo = SectionInfo {
    name: "ledger",
    description: "Where the time has gone so far, in the categories of Tables 2 and 3 (§6.4). One FE \
        and one OR work in turn, so they add up to the elapsed time.",
    scalars: &[
        f64("traversal", "traversal", "s"),
        f64("lazy_swizzling", "lazy swizzling", "s"),
        f64("commit", "commit", "s"),
        f64("shrinking", "shrinking", "s"),
        f64("gc", "GC", "s"),
        f64("fetch_fe", "fetch handling FE", "s"),
        f64("fetch_communication", "fetch communication", "s"),
        f64("fetch_or", "fetch handling OR", "s"),
        f64("disk", "disk", "s"),
        f64("total", "total", "s"),
    ],
    row: "",
    columns: &[],
};

const DISK: [SectionInfo; 2] = disk_sections!(&["segment read", "installation read", "segment write"]);
/// The OO7 sections (`oo7`, `composite`) of its traversals (§6.1, §6.2), in `config::Traversal`'s order.
const OO7: [SectionInfo; 2] = oo7_sections!(&["T1", "T6", "T2a", "T2b", "T2c", "T-mix", "T-phases"]);

/// The OR's mcache (§4), the MOB component's sections (`mob`, `flusher`) over Thor0's segments.
/// Its modified objects are of one kind: the traversals write only atomic parts (T2a the root
/// one of each composite part, T2b and T2c all).
const MCACHE: [SectionInfo; 2] = mob_sections!(
    areas: MODIFIED,
    area: "object modified",
    page: "segment",
    data: [f64("data_bytes", "object data", "B")],
    mob: "The OR's mcache, its modified object buffer (§4; the MOB of [Ghe95]), and its scan list in \
        log order, one row per chunk: a commit's modified objects of one segment. Chunks emptied by a \
        newer version of their objects (absorption) or by a flusher pass stay until the log is \
        truncated past them.",
    flusher: "The mcache's flusher and the segments of its current pass, sorted by disk address \
        (thesis §6.2.5: it starts at 90% full and takes the oldest 10%): each is read unless the OR's \
        segment cache holds it, then written with its modifications installed; they leave the mcache \
        when the pass ends.",
);
/// The `mob` section's areas: what Thor's traversals modify.
pub const MODIFIED: &[&str] = &["atomic part"];

pub const SECTIONS: &[SectionInfo] =
    &[PREFETCH, SEGMENT, HEAP, COLLECTIONS, LEDGER, OO7[0], OO7[1], DISK[0], DISK[1], MCACHE[0], MCACHE[1]];

pub fn frame(sim: &ThorSystem, now: SimTime) -> Frame {
    let segments = sim.or.segment_count() as u64;
    let disks = [Shown { disk: &sim.disk, data_end: segments * u64::from(THOR0_SEGMENT_BYTES) }];
    let [assemblies, composite] = oo7(sim);
    let [mcache, flusher] = mcache(sim);
    Frame(vec![
        prefetch(sim, now),
        segment(sim),
        heap(sim),
        collections(sim),
        ledger(sim),
        assemblies,
        composite,
        disk_section(&SECTIONS[7], &disks, now),
        queue_section(&SECTIONS[8], &disks),
        mcache,
        flusher,
    ])
}

/// The `mob` and `flusher` sections of the OR's mcache.
fn mcache(sim: &ThorSystem) -> [Section; 2] {
    let m = &sim.mcache;
    let c = &m.counters;
    let (batch, position) = m.batch();
    let busy = match m.state {
        McacheState::Idle => Busy::Idle,
        McacheState::Reading(s) => Busy::Reading(s),
        McacheState::Writing(s) => Busy::Writing(s),
    };
    let flushing = Flushing {
        trigger: m.flusher().trigger,
        scan_frac: m.flusher().scan_frac,
        busy,
        batch,
        position,
        // `passes` counts a pass from its start; the sections count those finished.
        passes: c.passes - !batch.is_empty() as u64,
        pages_written: c.writes,
        installed: c.installed,
    };
    fill_mob_sections([&SECTIONS[9], &SECTIONS[10]], &m.mob, &flushing, &["data_bytes"], |_| 0)
}

/// The `oo7` and `composite` sections of the FE's traversal.
fn oo7(sim: &ThorSystem) -> [Section; 2] {
    let t = &sim.fe.traversal;
    let path: Vec<u32> = t.assembly_path().collect();
    let current = t.composite().is_some().then_some(t);
    let state = WalkState {
        traversal: sim.traversal as usize,
        path: &path,
        entered: t.assemblies_entered(),
        done: sim.done,
        visits: t.composites_entered(),
        total: traversal_visits(&sim.db.oo7),
        current,
    };
    [assemblies_section(&SECTIONS[5], &sim.db.oo7, &state), composite_section(&SECTIONS[6], current)]
}

fn prefetch(sim: &ThorSystem, now: SimTime) -> Section {
    let mut s = Section::new(&SECTIONS[0]);
    let (policy, size, fetch, use_, ratio) = match sim.fe.policy {
        Policy::Adaptive(a) => (0.0, a.size, a.fetch, a.use_, a.ratio()),
        Policy::Fixed(k) => (1.0, k, 0.0, 0.0, 0.0),
        Policy::Page(_) => (2.0, 0, 0.0, 0.0, 0.0),
        Policy::BreadthFirst(n) => (3.0, n, 0.0, 0.0, 0.0),
    };
    let rule = sim.rule();
    let (phase, object, k) = match &sim.fetch {
        None => (0.0, -1.0, -1.0),
        Some(f) => {
            let phase = if f.group.is_some() {
                3.0
            } else if now >= f.sent + sim.request_ns() {
                2.0
            } else {
                1.0
            };
            (phase, f64::from(f.object), f64::from(f.k))
        }
    };
    let first = sim.groups.len().saturating_sub(GROUPS_SHOWN);
    let g = &sim.groups[first..];
    s.set("policy", policy)
        .set("size", f64::from(size))
        .set("fetch", fetch)
        .set("use", use_)
        .set("ratio", ratio)
        .set("threshold", rule.threshold)
        .set("step", f64::from(rule.step))
        .set("min", f64::from(rule.min))
        .set("max", f64::from(rule.max))
        .set("fetches", sim.fe.counters.fetches as f64)
        .set("shipped", sim.fe.counters.shipped as f64)
        .set("phase", phase)
        .set("object", object)
        .set("k", k)
        .set("first", first as f64)
        .u32s("k", g.iter().map(|r| r.k))
        .u32s("shipped", g.iter().map(|r| r.shipped))
        .u32s("used", g.iter().map(|r| r.used))
        .f64s("sent", g.iter().map(|r| r.sent as f64))
        .f64s("arrived", g.iter().map(|r| r.arrived as f64));
    s
}

fn segment(sim: &ThorSystem) -> Section {
    let mut s = Section::new(&SECTIONS[1]);
    s.set("segment_bytes", f64::from(THOR0_SEGMENT_BYTES));
    let Some(f) = sim.latest_fetch() else {
        for name in ["segment", "fetch", "k", "chunk_from", "chunk_to", "slot"] {
            s.set(name, -1.0);
        }
        s.u32s("object", []).u32s("bytes", []).u8s("kind", []).u8s("state", []).u8s("resident", []);
        return s;
    };
    let g = f.group.as_ref().expect("a latest fetch has its group");
    let seg = sim.or.segment(g.segment);
    let shipped: std::collections::HashSet<u32> = g.objects.iter().map(|&(x, _)| x).collect();
    let db = &sim.db;
    let state = |y: u32| {
        let slot = y - seg.start;
        if y == f.object {
            1
        } else if shipped.contains(&y) {
            2
        } else if slot < g.chunk.0 || slot >= g.chunk.1 {
            0
        } else if db.bytes(y) > sim.or.big_bytes {
            4
        } else {
            3
        }
    };
    let resident = |y: u32| sim.fe.heap.resident(y) as u8;
    s.set("segment", f64::from(g.segment))
        .set("fetch", f64::from(f.number))
        .set("k", f64::from(f.k))
        .set("chunk_from", f64::from(g.chunk.0))
        .set("chunk_to", f64::from(g.chunk.1))
        .set("slot", f64::from(f.object - seg.start))
        .u32s("object", seg.clone())
        .u32s("bytes", seg.clone().map(|y| db.bytes(y)))
        .u8s("kind", seg.clone().map(|y| db.kind(y) as u8))
        .u8s("state", seg.clone().map(state))
        .u8s("resident", seg.map(resident));
    s
}

/// Bytes of a cell by what the heap view colours: its column's index and its bytes, and the
/// hole a shrunk object leaves.
fn shares(c: &Cell, surrogate: u32) -> [(usize, u32); 2] {
    match c.state {
        State::Unswizzled if c.modified => [(2, c.extent), (5, 0)],
        State::Swizzled if c.modified => [(2, c.extent), (5, 0)],
        State::Unswizzled => [(0, c.extent), (5, 0)],
        State::Swizzled => [(1, c.extent), (5, 0)],
        State::Surrogate => {
            let s = surrogate.min(c.extent);
            [(3, s), (5, c.extent - s)]
        }
        State::Full(_) => [(4, c.extent), (5, 0)],
    }
}

/// Adds `bytes` at arena address `at` to the bins of column `col`, split across bin edges.
fn spread(bins: &mut [[f64; 7]], bin_bytes: f64, col: usize, at: u64, bytes: u32) {
    let (mut a, end) = (at as f64, (at + u64::from(bytes)) as f64);
    while a < end {
        let i = ((a / bin_bytes) as usize).min(bins.len() - 1);
        let edge = ((i + 1) as f64 * bin_bytes).max(a + 1.0).min(end);
        bins[i][col] += edge - a;
        a = edge;
    }
}

fn heap(sim: &ThorSystem) -> Section {
    let mut s = Section::new(&SECTIONS[2]);
    let h = &sim.fe.heap;
    let bin_bytes = h.capacity as f64 / HEAP_BINS as f64;
    let mut bins = vec![[0.0; 7]; HEAP_BINS];
    let collector = h.collector();
    // During copying, from-space is the collector's; to-space fills the arena after it.
    let (from, to): (&[Cell], &[Cell]) = match collector {
        Some(c) if c.phase != Phase::Shrinking => (&c.old, &c.to),
        _ => (&h.cells, &[]),
    };
    let mut at = 0;
    let (mut objects, mut surrogates) = (0u64, 0u64);
    for c in from {
        // A shrunk cell's surrogate comes first, its hole after it.
        let mut offset = at;
        for (col, bytes) in shares(c, h.surrogate_bytes) {
            if bytes > 0 {
                spread(&mut bins, bin_bytes, col, offset, bytes);
            }
            offset += u64::from(bytes);
        }
        at += u64::from(c.extent);
        if c.is_object() {
            objects += 1;
        } else {
            surrogates += 1;
        }
    }
    let mut to_bytes = 0;
    for c in to {
        let bytes = if c.state == State::Surrogate { h.surrogate_bytes } else { c.extent };
        spread(&mut bins, bin_bytes, 6, at + to_bytes, bytes);
        to_bytes += u64::from(bytes);
    }
    let phase = match collector.map(|c| c.phase) {
        None => 0.0,
        Some(Phase::Shrinking) => 1.0,
        Some(Phase::Copying) => 2.0,
        Some(Phase::Sweeping) => 3.0,
    };
    s.set("capacity", h.capacity as f64)
        .set("used", at as f64)
        .set("trigger", sim.fe.trigger as f64)
        .set("limit", sim.fe.limit as f64)
        .set("objects", objects as f64)
        .set("surrogates", surrogates as f64)
        .set("collections", sim.fe.counters.collections as f64)
        .set("phase", phase)
        .set("to", to_bytes as f64)
        .set("bin_bytes", bin_bytes);
    for (i, name) in ["unswizzled", "swizzled", "modified", "surrogate", "full", "hole", "to_space"].into_iter().enumerate() {
        s.f64s(name, bins.iter().map(|b| b[i]));
    }
    s
}

fn collections(sim: &ThorSystem) -> Section {
    let mut s = Section::new(&SECTIONS[3]);
    let c = &sim.fe.collections;
    s.f64s("from", c.iter().map(|c| c.from_bytes as f64))
        .f64s("to", c.iter().map(|c| c.to_bytes as f64))
        .f64s("shrunk", c.iter().map(|c| c.shrunk as f64))
        .f64s("copied", c.iter().map(|c| c.copied as f64));
    s
}

fn ledger(sim: &ThorSystem) -> Section {
    let mut s = Section::new(&SECTIONS[4]);
    let l = &sim.fe.ledger;
    let names = ["traversal", "lazy_swizzling", "commit", "shrinking", "gc", "fetch_fe", "fetch_communication", "fetch_or", "disk"];
    for (i, name) in names.into_iter().enumerate() {
        s.set(name, to_s(l.0[i]));
    }
    s.set("total", to_s(l.total()));
    s
}

const _: () = assert!(CATEGORIES.len() == 9);
