//! The `replacement` frame section: the replacement of the fetch in flight step by step (spec
//! §2.14), each step with the simulated time it is done (`steps.rs`).
use super::cache::CacheEvent;
use super::steps::Replacement;
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::Section;
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
        u32("offset", "offset (moves: where it goes)", "B"),
        u32("from_offset", "where a moved object was", "B"),
        u32("bytes", "bytes", "B"),
        u8("t", "T; a discard: the object's usage; a secondary scan: 1 if it added the frame", ""),
        f64("h", "H", "fraction"),
    ],
};

const NONE: u32 = u32::MAX;

/// A step as a row of the section's columns.
struct Row {
    kind: u8,
    frame: u32,
    object: u32,
    to: u32,
    offset: u32,
    from_offset: u32,
    bytes: u32,
    t: u8,
    h: f64,
}

const EMPTY: Row =
    Row { kind: 0, frame: NONE, object: NONE, to: NONE, offset: 0, from_offset: 0, bytes: 0, t: 0, h: 0.0 };

fn row(e: &CacheEvent) -> Row {
    match *e {
        CacheEvent::ScanPrimary { frame, usage } => Row { frame, t: usage.t, h: usage.h(), ..EMPTY },
        CacheEvent::ScanSecondary { frame, added, .. } => Row { kind: 1, frame, t: added as u8, ..EMPTY },
        CacheEvent::CandidateExpired { frame } => Row { kind: 2, frame, ..EMPTY },
        CacheEvent::VictimSelected { frame, usage } => Row { kind: 3, frame, t: usage.t, h: usage.h(), ..EMPTY },
        CacheEvent::Discard { object, frame, offset, bytes, usage } => {
            Row { kind: 4, frame, object, offset, from_offset: offset, bytes, t: usage, ..EMPTY }
        }
        CacheEvent::Move { object, from, from_offset, to, offset, bytes } => {
            Row { kind: 5, frame: from, object, to, offset, from_offset, bytes, ..EMPTY }
        }
        CacheEvent::MoveHome { object, from, from_offset, to, offset, bytes } => {
            Row { kind: 6, frame: from, object, to, offset, from_offset, bytes, ..EMPTY }
        }
        CacheEvent::SlideInPlace { frame, object, from_offset, offset, bytes } => {
            Row { kind: 7, frame, object, to: frame, offset, from_offset, bytes, ..EMPTY }
        }
        CacheEvent::TargetFull { frame, usage } => Row { kind: 8, frame, t: usage.t, h: usage.h(), ..EMPTY },
        CacheEvent::NewTarget { frame, .. } => Row { kind: 9, frame, ..EMPTY },
        CacheEvent::FrameFreed { frame } => Row { kind: 10, frame, ..EMPTY },
        CacheEvent::Compacted(c) => Row { kind: 11, frame: c.frame, t: c.t, ..EMPTY },
        CacheEvent::PointerMoved { pointer, from, to } => Row { kind: 12, frame: from, object: pointer, to, ..EMPTY },
        CacheEvent::Fetch { frame, .. } => unreachable!("not a replacement step (frame {frame})"),
    }
}

/// The section's columns, a step a row.
#[derive(Default)]
struct Columns {
    t_s: Vec<f64>,
    kind: Vec<u8>,
    u32s: [Vec<u32>; 6],
    t: Vec<u8>,
    h: Vec<f64>,
}

const U32_COLUMNS: [&str; 6] = ["frame", "object", "to", "offset", "from_offset", "bytes"];

impl Columns {
    fn push(&mut self, t_s: f64, r: Row) {
        self.t_s.push(t_s);
        self.kind.push(r.kind);
        for (c, v) in self.u32s.iter_mut().zip([r.frame, r.object, r.to, r.offset, r.from_offset, r.bytes]) {
            c.push(v);
        }
        self.t.push(r.t);
        self.h.push(r.h);
    }

    fn fill(self, s: &mut Section) {
        s.f64s("t_s", self.t_s).u8s("kind", self.kind);
        for (name, c) in U32_COLUMNS.into_iter().zip(self.u32s) {
            s.u32s(name, c);
        }
        s.u8s("t", self.t).f64s("h", self.h);
    }
}

pub fn section(r: Option<&Replacement>, now: SimTime) -> Section {
    let mut s = Section::new(&SECTION);
    let secs = |t: Option<SimTime>| t.map_or(-1.0, time::to_s);
    let mut columns = Columns::default();
    let Some(r) = r else {
        for name in ["page", "frame", "sent_s", "reply_s", "start_s", "end_s", "step", "victim", "threshold"] {
            s.set(name, -1.0);
        }
        s.set("background", 1.0).set("steps_total", 0.0);
        columns.fill(&mut s);
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
        columns.push(secs(r.done_at(i)), row(&step.event));
    }
    columns.fill(&mut s);
    s
}
