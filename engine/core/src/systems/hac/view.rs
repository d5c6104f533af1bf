//! The HAC system's frames: the sections the views draw, declared once in `SECTIONS` and filled
//! from the models at the current time. Everything here only reads the models.
use super::{Cache, HacSystem};
use crate::describe::{ColumnInfo, SectionInfo};
use crate::frame::{Column, Frame, Section};
use crate::systems::hac::cache::FrameKind;

const fn f64(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
    ColumnInfo::f64(name, label, unit)
}
const fn u32(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
    ColumnInfo::u32(name, label, unit)
}
const fn u8(name: &'static str, label: &'static str, unit: &'static str) -> ColumnInfo {
    ColumnInfo::u8(name, label, unit)
}

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
    ],
    row: "a frame of the client cache",
    columns: &[
        u8("kind", "kind", "").values(FRAME_KINDS),
        u32("page", "page (intact frames)", ""),
        u32("used", "bytes used", "B"),
        u32("objects", "objects", ""),
        u32("installed", "objects installed", ""),
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

pub const SECTIONS: &[SectionInfo] = &[CLIENT, CANDIDATES];

pub fn frame(sim: &HacSystem) -> Frame {
    Frame(vec![client(sim), candidates(sim)])
}

fn client(sim: &HacSystem) -> Section {
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
        .set("composite", sim.walk.composite().map_or(-1.0, |c| c as f64));
    if let Cache::Hac(c) = &sim.cache {
        s.set("epoch", c.epoch as f64)
            .set("target", c.target.map_or(-1.0, |t| t as f64))
            .set("primary", c.pointers[0] as f64);
        let kind = |k: &FrameKind| match k {
            FrameKind::Free => 0,
            FrameKind::Intact(_) => 1,
            FrameKind::Compacted => 2,
        };
        s.column("kind", Column::U8(c.frames.iter().map(|f| kind(&f.kind)).collect()))
            .column(
                "page",
                Column::U32(
                    c.frames.iter().map(|f| if let FrameKind::Intact(p) = f.kind { p } else { u32::MAX }).collect(),
                ),
            )
            .column("used", Column::U32(c.frames.iter().map(|f| f.used).collect()))
            .column("objects", Column::U32(c.frames.iter().map(|f| f.slots.len() as u32).collect()))
            .column("installed", Column::U32(c.frames.iter().map(|f| f.installed).collect()));
    } else {
        s.set("epoch", cache.fetches() as f64).set("target", -1.0).set("primary", -1.0);
        for (name, column) in [
            ("kind", Column::U8(Vec::new())),
            ("page", Column::U32(Vec::new())),
            ("used", Column::U32(Vec::new())),
            ("objects", Column::U32(Vec::new())),
            ("installed", Column::U32(Vec::new())),
        ] {
            s.column(name, column);
        }
    }
    s
}

fn candidates(sim: &HacSystem) -> Section {
    let mut s = Section::new(&SECTIONS[1]);
    let (mut frame, mut t, mut h, mut age) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    if let Cache::Hac(c) = &sim.cache {
        s.set("epochs", c.params.epochs as f64);
        for cand in c.candidates.iter() {
            frame.push(cand.frame);
            t.push(cand.usage.t);
            h.push(cand.usage.h());
            age.push((c.epoch - cand.added) as f64);
        }
    } else {
        s.set("epochs", 0.0);
    }
    s.column("frame", Column::U32(frame))
        .column("t", Column::U8(t))
        .column("h", Column::F64(h))
        .column("age", Column::F64(age));
    s
}
