//! The `replacement` frame section: the replacement of the fetch in flight step by step (spec
//! §2.14), each step with the simulated time it is done (`steps.rs`).
use super::cache::CacheEvent;
use super::steps::Replacement;
use super::view::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Column, Section};
use crate::kernel::{time, SimTime};

pub const STEP_KINDS: &[&str] = &[
    "scan primary",
    "scan secondary",
    "candidate expired",
    "victim selected",
    "discard",
    "move",
    "move home",
    "slide in place",
    "target full",
    "new target",
    "frame freed",
    "compacted",
    "pointer moved",
];

/// Steps a frame lists at most (a replacement that compacts many victims has more; they are
/// still applied).
pub const STEP_ROWS: usize = 4096;

pub const SECTION: SectionInfo = SectionInfo {
    name: "replacement",
    description: "The replacement that frees a frame for the next fetch while this one is in flight \
        (§3.3), step by step as spec §2.14 lists them, each done when the cost model's work for it \
        is (scan 0.80 µs an object, move 88 µs a KB, discard 3.0 µs an object).",
    scalars: &[
        f64("page", "page being fetched (−1: none yet)", ""),
        f64("frame", "frame receiving it", ""),
        f64("sent_s", "fetch sent", "s"),
        f64("reply_s", "page arrived (−1: not yet)", "s"),
        f64("start_s", "replacement starts (−1: at the reply, not yet)", "s"),
        f64("end_s", "replacement ends (−1: not known yet)", "s"),
        f64("background", "in the background (0: HAC-FG)", ""),
        f64("step", "last step done (−1: none)", ""),
        f64("steps_total", "steps", ""),
        f64("victim", "victim being compacted (−1: none)", ""),
        f64("threshold", "its threshold T (−1: none)", ""),
    ],
    row: "a replacement step",
    columns: &[
        f64("t_s", "done at", "s"),
        u8("kind", "step", "").values(STEP_KINDS),
        u32("frame", "frame", ""),
        u32("object", "object (pointer moved: the pointer)", ""),
        u32("to", "to frame", ""),
        u32("offset", "offset", "B"),
        u32("bytes", "bytes", "B"),
        u8("t", "T, or the object's usage", ""),
        f64("h", "H", "fraction"),
    ],
};

const NONE: u32 = u32::MAX;

/// One step as a row: kind, frame, object, to, offset, bytes, t, h.
fn row(e: &CacheEvent) -> (u8, u32, u32, u32, u32, u32, u8, f64) {
    match *e {
        CacheEvent::ScanPrimary { frame, usage } => (0, frame, NONE, NONE, 0, 0, usage.t, usage.h()),
        CacheEvent::ScanSecondary { frame, .. } => (1, frame, NONE, NONE, 0, 0, 0, 0.0),
        CacheEvent::CandidateExpired { frame } => (2, frame, NONE, NONE, 0, 0, 0, 0.0),
        CacheEvent::VictimSelected { frame, usage } => (3, frame, NONE, NONE, 0, 0, usage.t, usage.h()),
        CacheEvent::Discard { object, frame, offset, bytes, usage } => {
            (4, frame, object, NONE, offset, bytes, usage, 0.0)
        }
        CacheEvent::Move { object, from, to, offset, bytes, .. } => (5, from, object, to, offset, bytes, 0, 0.0),
        CacheEvent::MoveHome { object, from, to, offset, bytes, .. } => (6, from, object, to, offset, bytes, 0, 0.0),
        CacheEvent::SlideInPlace { frame, object, offset, bytes, .. } => {
            (7, frame, object, frame, offset, bytes, 0, 0.0)
        }
        CacheEvent::TargetFull { frame, usage } => (8, frame, NONE, NONE, 0, 0, usage.t, usage.h()),
        CacheEvent::NewTarget { frame, .. } => (9, frame, NONE, NONE, 0, 0, 0, 0.0),
        CacheEvent::FrameFreed { frame } => (10, frame, NONE, NONE, 0, 0, 0, 0.0),
        CacheEvent::Compacted(c) => (11, c.frame, NONE, NONE, 0, 0, c.t, 0.0),
        CacheEvent::PointerMoved { pointer, from, to } => (12, from, pointer, to, 0, 0, 0, 0.0),
        CacheEvent::Fetch { frame, .. } => {
            unreachable!("not a replacement step (frame {frame})")
        }
    }
}

pub fn section(r: Option<&Replacement>, now: SimTime) -> Section {
    let mut s = Section::new(&SECTION);
    let secs = |t: Option<SimTime>| t.map_or(-1.0, time::to_s);
    let mut cols: [Vec<u32>; 5] = Default::default();
    let (mut t_s, mut kind, mut t, mut h) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let Some(r) = r else {
        for name in ["page", "frame", "sent_s", "reply_s", "start_s", "end_s", "step", "victim", "threshold"] {
            s.set(name, -1.0);
        }
        s.set("background", 1.0).set("steps_total", 0.0);
        s.column("t_s", Column::F64(t_s)).column("kind", Column::U8(kind));
        for (name, c) in ["frame", "object", "to", "offset", "bytes"].into_iter().zip(cols) {
            s.column(name, Column::U32(c));
        }
        s.column("t", Column::U8(t)).column("h", Column::F64(h));
        return s;
    };
    let done = r.done(now);
    // The victim of the compaction under way: selected, its compaction not over yet.
    let mut victim = None;
    for step in &r.steps[..done] {
        match step.event {
            CacheEvent::VictimSelected { frame, usage } => victim = Some((frame, usage.t)),
            CacheEvent::Compacted(_) => victim = None,
            _ => {}
        }
    }
    s.set("page", r.page as f64)
        .set("frame", r.frame as f64)
        .set("sent_s", time::to_s(r.sent))
        .set("reply_s", secs(r.reply))
        .set("start_s", secs(r.start))
        .set("end_s", secs(r.end()))
        .set("background", r.background as u8 as f64)
        .set("step", done as f64 - 1.0)
        .set("steps_total", r.steps.len() as f64)
        .set("victim", victim.map_or(-1.0, |(f, _)| f as f64))
        .set("threshold", victim.map_or(-1.0, |(_, t)| t as f64));
    for (i, step) in r.steps.iter().enumerate().take(STEP_ROWS) {
        let (k, frame, object, to, offset, bytes, tt, hh) = row(&step.event);
        t_s.push(secs(r.done_at(i)));
        kind.push(k);
        for (c, v) in cols.iter_mut().zip([frame, object, to, offset, bytes]) {
            c.push(v);
        }
        t.push(tt);
        h.push(hh);
    }
    s.column("t_s", Column::F64(t_s)).column("kind", Column::U8(kind));
    for (name, c) in ["frame", "object", "to", "offset", "bytes"].into_iter().zip(cols) {
        s.column(name, Column::U32(c));
    }
    s.column("t", Column::U8(t)).column("h", Column::F64(h));
    s
}
