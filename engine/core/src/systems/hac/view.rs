//! The HAC system's frames: the sections the views draw, declared once in `SECTIONS` and filled
//! from the models at the current time. Everything here only reads the models.
use super::steps::{FrameView, ObjectView, Picture};
use super::walk::Walk;
use super::{replacement_view as replacement, Cache, HacSystem};
use crate::components::disk::view::{disk_section, disk_sections, queue_section, Shown};
use crate::components::disk::Disk;
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Frame, Section};
use crate::kernel::SimTime;
use super::page_cache_view::page_cache_rows;
use crate::systems::hac::cache::{FrameKind, FrameUsage};
use crate::workload::oo7::view::{assemblies_section, composite_section, oo7_sections, traversal_visits, WalkState};
use crate::workload::oo7::TraversalKind;

/// Frame kinds; GOM's object buffer is drawn in page-sized rows after its page buffer.
pub const FRAME_KINDS: &[&str] = &["free", "intact", "compacted", "object buffer"];
pub const KIND_FREE: u8 = 0;
pub const KIND_INTACT: u8 = 1;
pub const KIND_COMPACTED: u8 = 2;
pub const KIND_OBJECT_BUFFER: u8 = 3;

const CLIENT: SectionInfo = SectionInfo {
    name: "client",
    description: "The client's cache: its frames (one row each; GOM's object buffer in page-sized \
        rows after its page buffer), the indirection table, the scan pointers and the \
        traversal's position (§3, §4.1.1).",
    scalars: &[
        f64("policy", "policy", "").values(&["hac", "fpc", "quickstore", "gom"]),
        f64("frames", "frames", ""),
        f64("frame_bytes", "frame size", "B"),
        f64("accesses", "object accesses", ""),
        f64("fetches", "fetches", ""),
        f64("table_bytes", "indirection table", "B"),
        f64("epoch", "epoch (fetches)", ""),
        f64("target", "target frame (−1: none)", ""),
        f64("primary", "primary scan pointer", ""),
        f64("traversal", "traversal", "").values(&["warm-up", "measured", "done"]),
        f64("composite", "composite part being walked (−1: none)", ""),
        f64("scan", "S: frames a pointer scans per epoch", "frames"),
        f64("retention", "R: retention fraction", "fraction"),
    ],
    row: "a frame of the client cache",
    columns: &[
        u8("kind", "kind", "").values(FRAME_KINDS),
        u32("page", "page (intact frames)", ""),
        u32("used", "bytes used", "B"),
        u32("objects", "objects", ""),
        u32("installed", "objects installed", ""),
        u8("t", "threshold T", ""),
        f64("h", "H", "fraction"),
        u8("pinned", "pinned (on the traversal's stack)", ""),
        u8("detail", "objects listed in the objects section", ""),
        u8("incoming", "reserved for the page in flight", ""),
        u8("referenced", "reference bit (QuickStore's CLOCK)", ""),
    ],
};

const POINTERS: SectionInfo = SectionInfo {
    name: "pointers",
    description: "The scan pointers, the primary first, then the N secondary ones (§3.2.3); for \
        QuickStore, CLOCK's hand alone.",
    scalars: &[],
    row: "a scan pointer",
    columns: &[u32("frame", "frame", ""), u8("primary", "primary", "")],
};

/// Object rows the frames carry at most before only the frames replacement touches are listed.
pub const OBJECT_ROWS: usize = 40_000;

const OBJECTS: SectionInfo = SectionInfo {
    name: "objects",
    description: "The objects of the frames shown in detail (every frame when they hold at most \
        40,000 objects; else those the replacement in flight touches, the target and the frame \
        awaiting the page), in frame then offset order.",
    scalars: &[f64("limit", "object rows at most", "")],
    row: "an object in a frame",
    columns: &[
        u32("frame", "frame", ""),
        u32("object", "object", ""),
        u32("offset", "offset", "B"),
        u32("bytes", "size", "B"),
        u8("usage", "usage", ""),
        u8("installed", "installed here", ""),
        u8("modified", "modified", ""),
    ],
};

const CANDIDATES: SectionInfo = SectionInfo {
    name: "candidates",
    description: "The candidate set: frames whose usage (T, H) a scan computed, kept for E epochs \
        (§3.2.3); the least valuable is compacted next.",
    scalars: &[f64("epochs", "E", "epochs")],
    row: "a candidate frame",
    columns: &[
        u32("frame", "frame", ""),
        u8("t", "threshold T", ""),
        f64("h", "H", "fraction"),
        f64("age", "age", "epochs"),
    ],
};

/// The server's disk, the disk component's sections (`disk`, `disk_queue`): it serves fetch reads.
const DISK: [SectionInfo; 2] = disk_sections!(&["fetch read"]);

/// The OO7 sections (`oo7`, `composite`) of its traversals: §4.1.1's and the dynamic one.
const OO7: [SectionInfo; 2] = oo7_sections!(&["T6", "T1−", "T1", "T1+", "T2a", "T2b", "dynamic"]);

pub const SECTIONS: &[SectionInfo] =
    &[CLIENT, CANDIDATES, POINTERS, OBJECTS, replacement::SECTION, OO7[0], OO7[1], DISK[0], DISK[1]];

pub fn frame(sim: &HacSystem, now: SimTime) -> Frame {
    let picture = match &sim.cache {
        Cache::Hac(c) => Some(Picture::at(c, sim.replacement.as_ref(), now)),
        _ => None,
    };
    let (client, objects) = client(sim, picture.as_ref(), now);
    let disks = disks(sim);
    let [assemblies, composite] = oo7(sim);
    Frame(vec![
        client,
        candidates(sim, now),
        pointers(sim, picture.as_ref()),
        objects,
        replacement::section(sim.replacement.as_ref(), now),
        assemblies,
        composite,
        disk_section(&SECTIONS[7], &disks, now),
        queue_section(&SECTIONS[8], &disks),
    ])
}

/// The `oo7` and `composite` sections of the client's walk.
fn oo7(sim: &HacSystem) -> [Section; 2] {
    let walk = &sim.walk;
    let path = walk.assembly_path();
    let traversal = match (walk, sim.kind) {
        (Walk::Dynamic(_), _) => 6,
        (_, TraversalKind::T6) => 0,
        (_, TraversalKind::T1Minus) => 1,
        (_, TraversalKind::T1) => 2,
        (_, TraversalKind::T1Plus) => 3,
        (_, TraversalKind::T2a) => 4,
        (_, TraversalKind::T2b) => 5,
        (_, TraversalKind::T2c) => unreachable!("HAC's scenarios name no T2c (config::Traversal)"),
    };
    let state = WalkState {
        traversal,
        path: &path,
        entered: walk.assemblies_entered(),
        done: sim.traversal_index() == 2,
        visits: walk.composite_visits(),
        total: match walk {
            Walk::Dynamic(d) => d.operations(),
            Walk::Traversal(_) => traversal_visits(&sim.db),
        },
        current: walk.current(),
    };
    [assemblies_section(&SECTIONS[5], &sim.db, &state), composite_section(&SECTIONS[6], walk.current())]
}

/// The disk, and the band the database occupies: its pages lie in order from address 0.
fn disks(sim: &HacSystem) -> [Shown<'_, Disk<u32>>; 1] {
    let db_bytes = sim.db.pages as u64 * sim.db.params.page_bytes as u64;
    [Shown { disk: &sim.disk, data_end: db_bytes }]
}

fn client(sim: &HacSystem, picture: Option<&Picture>, now: SimTime) -> (Section, Section) {
    let mut s = Section::new(&SECTIONS[0]);
    let (policy, frames, frame_bytes) = match &sim.cache {
        Cache::Hac(c) => (0.0, c.params.frames, c.params.frame_bytes),
        Cache::Fpc(_) => (1.0, sim.frames, sim.db.params.page_bytes),
        Cache::QuickStore(_) => (2.0, sim.frames, sim.db.params.page_bytes),
        Cache::Gom(_) => (3.0, sim.frames, sim.db.params.page_bytes),
    };
    let cache = sim.cache.as_dyn();
    s.set("policy", policy)
        .set("frames", frames as f64)
        .set("frame_bytes", frame_bytes as f64)
        .set("accesses", sim.accesses as f64)
        .set("fetches", cache.fetches() as f64)
        .set("table_bytes", cache.table_bytes() as f64)
        .set("traversal", sim.traversal_index() as f64)
        .set("composite", sim.walk.current().and_then(|t| t.composite()).map_or(-1.0, |c| c as f64));
    let mut objects = Section::new(&SECTIONS[3]);
    objects.set("limit", OBJECT_ROWS as f64);
    let mut rows = FrameRows::default();
    let mut detail = ObjectRows::default();
    match (&sim.cache, picture) {
        (Cache::Hac(c), Some(p)) => {
            let r = c.params.retention;
            s.set("epoch", c.epoch as f64)
                .set("target", p.target.map_or(-1.0, |t| t as f64))
                .set("primary", p.pointers[0] as f64)
                .set("scan", c.params.scan as f64)
                .set("retention", r.num as f64 / r.den as f64);
            let incoming = sim.replacement.as_ref().filter(|r| r.incoming(now)).map(|r| r.frame);
            let all = c.frames.iter().map(|f| f.slots.len()).sum::<usize>() <= OBJECT_ROWS;
            for f in 0..c.params.frames {
                let view = p.frames.get(&f).cloned().unwrap_or_else(|| FrameView::of(c, f));
                let shown = all || p.frames.contains_key(&f) || p.target == Some(f);
                rows.push(&view, view.usage(c), c.is_pinned(f), shown, incoming == Some(f));
                if shown {
                    detail.push(f, &view.objects);
                }
            }
        }
        _ => {
            // A page cache: no epochs of its own (its fetches stand in), target or scan pointers.
            s.set("epoch", cache.fetches() as f64)
                .set("target", -1.0)
                .set("primary", -1.0)
                .set("scan", 0.0)
                .set("retention", 0.0);
            page_cache_rows(sim, &mut rows, &mut detail);
        }
    }
    rows.fill(&mut s);
    detail.fill(&mut objects);
    (s, objects)
}

/// The `client` section's columns, a frame a row.
#[derive(Default)]
pub struct FrameRows {
    kind: Vec<u8>,
    page: Vec<u32>,
    used: Vec<u32>,
    objects: Vec<u32>,
    installed: Vec<u32>,
    t: Vec<u8>,
    h: Vec<f64>,
    pinned: Vec<u8>,
    detail: Vec<u8>,
    incoming: Vec<u8>,
    referenced: Vec<u8>,
}

/// A row of the `client` section: `kind` a FRAME_KINDS index, `page` u32::MAX for none.
pub struct FrameRow {
    pub kind: u8,
    pub page: u32,
    pub used: u32,
    pub objects: u32,
    pub installed: u32,
    pub usage: FrameUsage,
    pub pinned: bool,
    pub detail: bool,
    pub incoming: bool,
    pub referenced: bool,
}

impl FrameRows {
    /// A HAC frame, from its view.
    fn push(&mut self, view: &FrameView, usage: FrameUsage, pinned: bool, detail: bool, incoming: bool) {
        let (kind, page) = match view.kind {
            FrameKind::Free => (KIND_FREE, u32::MAX),
            FrameKind::Intact(p) => (KIND_INTACT, p),
            FrameKind::Compacted => (KIND_COMPACTED, u32::MAX),
        };
        let (used, objects, installed) = (view.used(), view.objects.len() as u32, view.installed());
        self.add(FrameRow { kind, page, used, objects, installed, usage, pinned, detail, incoming, referenced: false });
    }

    pub fn add(&mut self, r: FrameRow) {
        self.kind.push(r.kind);
        self.page.push(r.page);
        self.used.push(r.used);
        self.objects.push(r.objects);
        self.installed.push(r.installed);
        self.t.push(r.usage.t);
        self.h.push(r.usage.h());
        self.pinned.push(r.pinned as u8);
        self.detail.push(r.detail as u8);
        self.incoming.push(r.incoming as u8);
        self.referenced.push(r.referenced as u8);
    }

    fn fill(self, s: &mut Section) {
        s.u8s("kind", self.kind)
            .u32s("page", self.page)
            .u32s("used", self.used)
            .u32s("objects", self.objects)
            .u32s("installed", self.installed)
            .u8s("t", self.t)
            .f64s("h", self.h)
            .u8s("pinned", self.pinned)
            .u8s("detail", self.detail)
            .u8s("incoming", self.incoming)
            .u8s("referenced", self.referenced);
    }
}

/// The `objects` section's columns, an object a row.
#[derive(Default)]
pub struct ObjectRows {
    frame: Vec<u32>,
    object: Vec<u32>,
    offset: Vec<u32>,
    bytes: Vec<u32>,
    usage: Vec<u8>,
    installed: Vec<u8>,
    modified: Vec<u8>,
}

impl ObjectRows {
    pub fn push(&mut self, f: u32, objects: &[ObjectView]) {
        for o in objects {
            self.frame.push(f);
            self.object.push(o.object);
            self.offset.push(o.offset);
            self.bytes.push(o.bytes);
            self.usage.push(o.usage);
            self.installed.push(o.installed as u8);
            self.modified.push(o.modified as u8);
        }
    }

    fn fill(self, s: &mut Section) {
        s.u32s("frame", self.frame)
            .u32s("object", self.object)
            .u32s("offset", self.offset)
            .u32s("bytes", self.bytes)
            .u8s("usage", self.usage)
            .u8s("installed", self.installed)
            .u8s("modified", self.modified);
    }
}

/// HAC's scan pointers, or QuickStore's clock hand.
fn pointers(sim: &HacSystem, picture: Option<&Picture>) -> Section {
    let mut s = Section::new(&SECTIONS[2]);
    let pointers = match (&sim.cache, picture) {
        (Cache::QuickStore(q), _) => vec![q.hand()],
        (_, Some(p)) => p.pointers.clone(),
        _ => Vec::new(),
    };
    s.u8s("primary", (0..pointers.len()).map(|i| (i == 0) as u8)).u32s("frame", pointers);
    s
}

/// The candidate set at `now`: the replacement in flight's steps done by then replayed onto the
/// set the fetch found (`Replacement::candidates_at`), so the list follows the steps.
fn candidates(sim: &HacSystem, now: SimTime) -> Section {
    let mut s = Section::new(&SECTIONS[1]);
    let (mut frame, mut t, mut h, mut age) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    if let Cache::Hac(c) = &sim.cache {
        s.set("epochs", c.params.epochs as f64);
        let at = sim.replacement.as_ref().map(|r| r.candidates_at(now));
        for cand in at.as_ref().unwrap_or(&c.candidates).iter() {
            frame.push(cand.frame);
            t.push(cand.usage.t);
            h.push(cand.usage.h());
            age.push((c.epoch - cand.added) as f64);
        }
    } else {
        s.set("epochs", 0.0);
    }
    s.u32s("frame", frame).u8s("t", t).f64s("h", h).f64s("age", age);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::Column;
    use crate::kernel::Engine;
    use crate::scenario::parse;
    use crate::systems::hac::records::RecordKind;
    use crate::systems::PaperSystem;

    fn engine(body: &str) -> Engine<HacSystem> {
        let s = parse(&format!("[meta]\ntitle = \"t\"\n[system]\nkind = \"hac\"\n{body}")).unwrap();
        let mut e = HacSystem::engine(&s, 1);
        e.set_tracing(true);
        e
    }

    fn column(s: &Section, name: &str) -> Vec<f64> {
        let c: &Column = s.get(name);
        (0..c.len()).map(|i| c.get(i)).collect()
    }

    /// Through a compaction in the lab's scenario: every frame is described; before the
    /// replacement starts the victim still holds its objects and the page's frame is empty; once
    /// it is over the victim is free, the page has arrived, and no object was lost or doubled.
    #[test]
    fn a_compaction_step_by_step_in_frames() {
        let mut e = engine("[workload]\ntraversal = \"t1\"\n[client]\ncache_mb = 0.5\n");
        let kind = u8::from(RecordKind::Compaction);
        for _ in 0..100 {
            assert!(e.run_until_kind(kind, u64::MAX));
        }
        let now = e.now();
        let r = e.system().replacement.clone().expect("a replacement in flight");
        let at = |t: SimTime| {
            let f = frame(e.system(), t);
            f.check(SECTIONS).unwrap();
            f
        };
        let (before, after) = (at(now), at(r.end().unwrap().max(now + 1)));
        let freed: Vec<u32> = r
            .steps
            .iter()
            .filter_map(|s| match s.event {
                crate::systems::hac::cache::CacheEvent::FrameFreed { frame } => Some(frame),
                _ => None,
            })
            .collect();
        assert!(!freed.is_empty(), "the replacement frees a frame");
        let kinds = |f: &Frame| column(f.section("client"), "kind");
        let victim = freed[0] as usize;
        assert_ne!(kinds(&before)[victim], 0.0, "the victim holds its page until compacted");
        assert_eq!(kinds(&after)[victim], 0.0, "then it is free");
        let replacement = before.section("replacement");
        assert_eq!(replacement.scalar("step"), -1.0);
        assert_eq!(after.section("replacement").scalar("step") as usize, r.steps.len() - 1);
        assert_eq!(column(before.section("client"), "incoming")[r.frame as usize], 1.0);
        let installed = |f: &Frame| {
            let o = f.section("objects");
            let mut ids: Vec<(f64, f64)> = column(o, "object")
                .into_iter()
                .zip(column(o, "installed"))
                .filter(|&(_, i)| i == 1.0)
                .map(|(id, _)| (id, 0.0))
                .collect();
            ids.sort_by(|a, b| a.0.total_cmp(&b.0));
            ids.iter().map(|x| x.0).collect::<Vec<_>>()
        };
        let (b, a) = (installed(&before), installed(&after));
        assert!(b.windows(2).all(|w| w[0] < w[1]), "an object is installed in one frame at most");
        assert!(a.windows(2).all(|w| w[0] < w[1]));
        let discarded = r
            .steps
            .iter()
            .filter(|s| matches!(s.event, crate::systems::hac::cache::CacheEvent::Discard { .. }))
            .count();
        assert_eq!(b.len() - discarded, a.len(), "only discards leave the cache");
        // The traversal's place: a path from the root down to a base assembly.
        let oo7 = after.section("oo7");
        let walking = column(oo7, "state").iter().filter(|&&s| s == 1.0).count();
        assert_eq!(walking as f64, oo7.scalar("levels"), "the path runs from the root to a base assembly");
        let parts = after.section("composite").rows();
        assert!(
            oo7.scalar("composite") >= 0.0 && parts == e.system().db.atomic_per_composite() as usize,
            "composite {} with {parts} parts",
            oo7.scalar("composite")
        );
    }

    /// FPC draws its own cache (issue 24, item 4): its frames hold whole pages, each page in the
    /// frame the evicted one left; the objects used since a page arrived are installed there.
    #[test]
    fn fpc_frames_hold_whole_pages_with_their_used_objects() {
        let mut e = engine("[database]\nsize = \"small\"\n[workload]\ntraversal = \"t1\"\n[client]\npolicy = \"fpc\"\ncache_mb = 0.5\n");
        e.run_until(2_000_000_000);
        let Cache::Fpc(fpc) = &e.system().cache else { panic!("an FPC run") };
        let f = frame(e.system(), e.now());
        let client = f.section("client");
        let (kind, page, objects, installed) = (column(client, "kind"), column(client, "page"), column(client, "objects"), column(client, "installed"));
        assert_eq!(kind.len() as u32, e.system().frames);
        assert!(kind.iter().all(|&k| k == 1.0), "a cache this small is full of intact pages: {kind:?}");
        let mut pages: Vec<u32> = page.iter().map(|&p| p as u32).collect();
        pages.sort();
        pages.dedup();
        assert_eq!(pages.len(), kind.len(), "each page in one frame");
        for (i, &p) in page.iter().enumerate() {
            assert_eq!(objects[i] as u32, fpc.pages().objects(p as u32).len() as u32);
            assert_eq!(installed[i] as u32, fpc.placed.used_in(p as u32), "frame {i}");
            assert!(installed[i] >= 1.0 && installed[i] <= objects[i], "a page arrives for an object it then holds used");
        }
    }

    /// QuickStore draws its frames too: whole pages with CLOCK's reference bits and its hand.
    #[test]
    fn quickstore_frames_carry_reference_bits_and_the_clock_hand() {
        let mut e = engine("[database]\nsize = \"small\"\n[workload]\ntraversal = \"t1\"\n[client]\npolicy = \"quickstore\"\ncache_mb = 0.5\n");
        e.run_until(2_000_000_000);
        let Cache::QuickStore(q) = &e.system().cache else { panic!("a QuickStore run") };
        let f = frame(e.system(), e.now());
        f.check(SECTIONS).unwrap();
        let client = f.section("client");
        let (kind, page, referenced, installed) = (column(client, "kind"), column(client, "page"), column(client, "referenced"), column(client, "installed"));
        assert!(kind.iter().all(|&k| k == 1.0), "full of intact pages");
        for fr in 0..kind.len() {
            assert_eq!(page[fr] as u32, q.placed.page_in(fr as u32).unwrap());
            assert_eq!(referenced[fr] == 1.0, q.referenced(fr as u32), "frame {fr}");
            assert!(installed[fr] >= 1.0, "a page arrives for an object it then holds used");
        }
        assert!(referenced.contains(&0.0) && referenced.contains(&1.0), "CLOCK has cleared some bits and not others");
        assert_eq!(column(f.section("pointers"), "frame"), vec![q.hand() as f64], "the clock hand is the one pointer");
    }

    /// GOM draws its page buffer, then its object buffer in page-sized rows: every object the
    /// buffer holds is shown once, inside its row, and the rows are as many as the buffer's bytes.
    #[test]
    fn gom_draws_its_page_buffer_then_its_object_buffer() {
        let mut e = engine("[database]\nsize = \"small\"\n[workload]\ntraversal = \"t1\"\n[client]\npolicy = \"gom\"\ncache_mb = 1\ngom_page_share = 0.5\n");
        e.run_until(3_000_000_000);
        let Cache::Gom(g) = &e.system().cache else { panic!("a GOM run") };
        let f = frame(e.system(), e.now());
        f.check(SECTIONS).unwrap();
        let client = f.section("client");
        let kind = column(client, "kind");
        let page_frames = g.placed.frames() as usize;
        assert_eq!(kind.len() as u32, e.system().frames);
        assert!(kind[..page_frames].iter().all(|&k| k == 1.0), "the page buffer is full of pages");
        assert!(kind[page_frames..].iter().all(|&k| k == 3.0), "the rest is the object buffer");
        let objects = f.section("objects");
        let (fr, id, offset, bytes) = (column(objects, "frame"), column(objects, "object"), column(objects, "offset"), column(objects, "bytes"));
        let mut shown: Vec<u32> = (0..fr.len()).filter(|&i| fr[i] as usize >= page_frames).map(|i| id[i] as u32).collect();
        let mut held: Vec<u32> = g.object_buffer().map(|(o, _)| o).collect();
        assert!(!held.is_empty(), "evicted pages left objects in the object buffer");
        shown.sort();
        held.sort();
        assert_eq!(shown, held);
        let row = e.system().db.params.page_bytes as f64;
        assert!((0..fr.len()).all(|i| offset[i] + bytes[i] <= row), "each object inside its row");
    }
}
