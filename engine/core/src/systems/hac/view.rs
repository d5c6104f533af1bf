//! The HAC system's frames: the sections the views draw, declared once in `SECTIONS` and filled
//! from the models at the current time. Everything here only reads the models.
use super::steps::{FrameView, ObjectView, Picture};
use super::{oo7_view as oo7, replacement_view as replacement, Cache, HacSystem};
use crate::components::disk::view::{disk_section, disk_sections, queue_section, Shown};
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Frame, Section};
use crate::kernel::SimTime;
use crate::systems::hac::cache::{FrameKind, FrameUsage};
use crate::systems::hac::Fpc;

pub const FRAME_KINDS: &[&str] = &["free", "intact", "compacted"];

const CLIENT: SectionInfo = SectionInfo {
    name: "client",
    description: "The client's cache: its frames (one row each, for HAC), the indirection table, \
        the scan pointers and the traversal's position (§3, §4.1.1).",
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
    ],
};

const POINTERS: SectionInfo = SectionInfo {
    name: "pointers",
    description: "The scan pointers, the primary first, then the N secondary ones (§3.2.3).",
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

pub const SECTIONS: &[SectionInfo] =
    &[CLIENT, CANDIDATES, POINTERS, OBJECTS, replacement::SECTION, oo7::ASSEMBLIES, oo7::COMPOSITE, DISK[0], DISK[1]];

pub fn frame(sim: &HacSystem, now: SimTime) -> Frame {
    let picture = match &sim.cache {
        Cache::Hac(c) => Some(Picture::at(c, sim.replacement.as_ref(), now)),
        _ => None,
    };
    let (client, objects) = client(sim, picture.as_ref(), now);
    let disks = disks(sim);
    Frame(vec![
        client,
        candidates(sim, now),
        pointers(picture.as_ref()),
        objects,
        replacement::section(sim.replacement.as_ref(), now),
        oo7::assemblies(sim),
        oo7::composite(sim),
        disk_section(&SECTIONS[7], &disks, now),
        queue_section(&SECTIONS[8], &disks),
    ])
}

/// The disk, and the band the database occupies: its pages lie in order from address 0.
fn disks(sim: &HacSystem) -> [Shown<'_, u32>; 1] {
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
                    detail.push(f, &view);
                }
            }
        }
        (Cache::Fpc(fpc), _) => {
            // FPC's frames as they hold their pages: each object used since its page arrived is
            // installed, the rest is the page's unused part (H, the used fraction; no usage bits).
            s.set("epoch", cache.fetches() as f64).set("target", -1.0).set("primary", -1.0).set("scan", 0.0).set("retention", 0.0);
            let views: Vec<FrameView> = (0..sim.frames).map(|f| fpc_frame(fpc, f)).collect();
            let all = views.iter().map(|v| v.objects.len()).sum::<usize>() <= OBJECT_ROWS;
            for (f, view) in views.iter().enumerate() {
                let (used, objects) = (view.installed(), view.objects.len() as u32);
                rows.push(view, FrameUsage { t: 0, hot: used, objects }, false, all, false);
                if all {
                    detail.push(f as u32, view);
                }
            }
        }
        _ => {
            s.set("epoch", cache.fetches() as f64)
                .set("target", -1.0)
                .set("primary", -1.0)
                .set("scan", 0.0)
                .set("retention", 0.0);
        }
    }
    rows.fill(&mut s);
    detail.fill(&mut objects);
    (s, objects)
}

/// FPC's frame `f`: its page intact, each object installed once used since the page arrived.
fn fpc_frame(fpc: &Fpc, f: u32) -> FrameView {
    let Some(page) = fpc.page_in(f) else { return FrameView { kind: FrameKind::Free, objects: Vec::new() } };
    let pages = fpc.pages();
    let objects = pages
        .objects(page)
        .map(|object| {
            let (offset, bytes) = pages.layout(object);
            let (installed, modified) = fpc.object_state(object);
            ObjectView { object, offset, bytes, usage: 0, installed, modified }
        })
        .collect();
    FrameView { kind: FrameKind::Intact(page), objects }
}

/// The `client` section's columns, a frame a row.
#[derive(Default)]
struct FrameRows {
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
}

impl FrameRows {
    fn push(&mut self, view: &FrameView, usage: FrameUsage, pinned: bool, detail: bool, incoming: bool) {
        self.kind.push(match view.kind {
            FrameKind::Free => 0,
            FrameKind::Intact(_) => 1,
            FrameKind::Compacted => 2,
        });
        self.page.push(if let FrameKind::Intact(p) = view.kind { p } else { u32::MAX });
        self.used.push(view.used());
        self.objects.push(view.objects.len() as u32);
        self.installed.push(view.installed());
        self.t.push(usage.t);
        self.h.push(usage.h());
        self.pinned.push(pinned as u8);
        self.detail.push(detail as u8);
        self.incoming.push(incoming as u8);
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
            .u8s("incoming", self.incoming);
    }
}

/// The `objects` section's columns, an object a row.
#[derive(Default)]
struct ObjectRows {
    frame: Vec<u32>,
    object: Vec<u32>,
    offset: Vec<u32>,
    bytes: Vec<u32>,
    usage: Vec<u8>,
    installed: Vec<u8>,
    modified: Vec<u8>,
}

impl ObjectRows {
    fn push(&mut self, f: u32, view: &FrameView) {
        for o in &view.objects {
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

fn pointers(picture: Option<&Picture>) -> Section {
    let mut s = Section::new(&SECTIONS[2]);
    let pointers = picture.map_or(&[][..], |p| &p.pointers[..]);
    s.u32s("frame", pointers.to_vec()).u8s("primary", (0..pointers.len()).map(|i| (i == 0) as u8));
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
            assert_eq!(installed[i] as u32, fpc.used_in(p as u32), "frame {i}");
            assert!(installed[i] >= 1.0 && installed[i] <= objects[i], "a page arrives for an object it then holds used");
        }
    }
}
