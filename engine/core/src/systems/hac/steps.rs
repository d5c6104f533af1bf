//! The replacement of the fetch in flight, step by step (spec §2.14), timed by the cost model
//! (spec §5, A27), so that the lab can show the cache as it is at any simulated time.
//!
//! The cache runs a replacement all at once when the client walks to the access that misses
//! (`docs/models.md`); the system keeps its steps here with the simulated time each is done:
//! background replacement (§3.3) starts when the fetch is sent, HAC-FG's when the reply arrives,
//! and each step ends when the work of the steps before it and its own has taken its time. A
//! frame for time t undoes the steps not yet done by t (`Picture`), and shows the frame that
//! receives the page empty until the reply arrives.
use std::collections::BTreeMap;

use super::cache::{CacheEvent, Candidates, FrameKind, FrameUsage, HacCache, ABSENT};
use crate::kernel::SimTime;

/// The cost of each kind of replacement work, ns (spec §5, fitted to Figure 9: `docs/models.md`).
#[derive(Clone, Copy, Debug)]
pub struct StepCosts {
    pub scan_object: f64,
    pub move_byte: f64,
    pub discard_object: f64,
}

impl StepCosts {
    /// The work `event` does, ns: what the counters behind the replacement time count.
    fn of(&self, event: &CacheEvent) -> f64 {
        match *event {
            CacheEvent::ScanPrimary { usage, .. } => usage.objects as f64 * self.scan_object,
            CacheEvent::Discard { .. } => self.discard_object,
            CacheEvent::Move { bytes, .. } => bytes as f64 * self.move_byte,
            CacheEvent::SlideInPlace { from_offset, offset, bytes, .. } if from_offset != offset => {
                bytes as f64 * self.move_byte
            }
            _ => 0.0,
        }
    }
}

/// A replacement step and when, after the replacement starts, it is done.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub after: SimTime,
    pub event: CacheEvent,
}

/// The fetch in flight (or the last one) and the replacement it overlaps (§3.3).
#[derive(Clone, Debug, PartialEq)]
pub struct Replacement {
    pub page: u32,
    /// The frame the page goes into: the free frame the last replacement left.
    pub frame: u32,
    pub sent: SimTime,
    pub reply: Option<SimTime>,
    /// When replacement starts: at `sent` in the background, at the reply for HAC-FG.
    pub start: Option<SimTime>,
    pub background: bool,
    pub steps: Vec<Step>,
    /// The candidate set before the first step, and the fetch's epoch, which the candidates the
    /// steps add carry: `candidates_at` replays the steps done onto it.
    pub candidates: Candidates,
    pub epoch: u64,
}

impl Replacement {
    /// The steps of `events` (the cache's since the last miss; the fetch itself is not
    /// replacement), timed one after another.
    pub fn new(
        page: u32,
        frame: u32,
        sent: SimTime,
        background: bool,
        events: Vec<CacheEvent>,
        costs: &StepCosts,
        candidates: Candidates,
    ) -> Self {
        let epoch = events.iter().find_map(|e| match *e {
            CacheEvent::Fetch { epoch, .. } => Some(epoch),
            _ => None,
        });
        let mut work = 0.0;
        let steps = events
            .into_iter()
            .filter(|e| !matches!(e, CacheEvent::Fetch { .. }))
            .enumerate()
            .map(|(i, event)| {
                work += costs.of(&event);
                // Each step takes its work and at least a nanosecond, so each has a moment of its
                // own: at the moment replacement starts, none is done yet.
                Step { after: work.round() as SimTime + i as SimTime + 1, event }
            })
            .collect();
        let start = background.then_some(sent);
        Replacement { page, frame, sent, reply: None, start, background, steps, candidates, epoch: epoch.unwrap_or(0) }
    }

    /// The candidate set at `now`: as the fetch found it, with the steps done by then (issue 24,
    /// item 7: the list stayed as the last step left it through every step).
    pub fn candidates_at(&self, now: SimTime) -> Candidates {
        let mut c = self.candidates.clone();
        for step in &self.steps[..self.done(now)] {
            match step.event {
                CacheEvent::ScanPrimary { frame, usage }
                | CacheEvent::ScanSecondary { frame, added: true, usage, .. }
                | CacheEvent::TargetFull { frame, usage } => c.upsert(frame, usage, self.epoch),
                CacheEvent::CandidateExpired { frame }
                | CacheEvent::VictimSelected { frame, .. }
                | CacheEvent::NewTarget { frame, .. } => c.remove(frame),
                CacheEvent::Compacted(x) => c.remove(x.frame),
                _ => {}
            }
        }
        c
    }

    /// When step `i` is done, if the replacement has started.
    pub fn done_at(&self, i: usize) -> Option<SimTime> {
        self.start.map(|s| s + self.steps[i].after)
    }

    pub fn end(&self) -> Option<SimTime> {
        self.start.map(|s| s + self.steps.last().map_or(0, |st| st.after))
    }

    /// Steps done by `now` (their times only grow).
    pub fn done(&self, now: SimTime) -> usize {
        self.start.map_or(0, |s| self.steps.partition_point(|st| s + st.after <= now))
    }

    /// The page has not arrived by `now`: its frame is still empty, waiting for it.
    pub fn incoming(&self, now: SimTime) -> bool {
        self.reply.is_none_or(|r| r > now)
    }
}

/// An object as the view draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectView {
    pub object: u32,
    pub offset: u32,
    pub bytes: u32,
    pub usage: u8,
    pub installed: bool,
    pub modified: bool,
}

/// A frame as it was at some time: its kind and objects in offset order.
#[derive(Clone, Debug, PartialEq)]
pub struct FrameView {
    pub kind: FrameKind,
    pub objects: Vec<ObjectView>,
}

impl FrameView {
    pub fn of(cache: &HacCache, frame: u32) -> FrameView {
        let f = &cache.frames[frame as usize];
        let objects = f
            .slots
            .iter()
            .map(|s| {
                let e = cache.entry(s.object);
                let installed = e.installed && e.frame == frame;
                ObjectView {
                    object: s.object,
                    offset: s.offset,
                    bytes: s.bytes,
                    usage: cache.usage_in(frame, s),
                    installed,
                    modified: installed && e.modified,
                }
            })
            .collect();
        FrameView { kind: f.kind, objects }
    }

    pub fn used(&self) -> u32 {
        match self.kind {
            FrameKind::Intact(_) => self.objects.last().map_or(0, |o| o.offset + o.bytes),
            _ => self.objects.iter().map(|o| o.bytes).sum(),
        }
    }

    pub fn installed(&self) -> u32 {
        self.objects.iter().filter(|o| o.installed).count() as u32
    }

    pub fn usage(&self, cache: &HacCache) -> FrameUsage {
        FrameUsage::of(self.objects.iter().map(|o| if o.installed { o.usage } else { 0 }), cache.params.retention)
    }

    fn remove(&mut self, object: u32) -> Option<ObjectView> {
        let i = self.objects.iter().position(|o| o.object == object)?;
        Some(self.objects.remove(i))
    }

    /// Puts `o` back, installed: over its uninstalled copy if the frame holds one.
    fn restore(&mut self, o: ObjectView) {
        match self.objects.iter_mut().find(|x| x.object == o.object) {
            Some(x) => *x = o,
            None => {
                let i = self.objects.partition_point(|x| x.offset < o.offset);
                self.objects.insert(i, o);
            }
        }
    }
}

/// The cache at time `now`: the frames the replacement in flight touched, as they were then (the
/// others are as the cache holds them), the target, and the scan pointers.
pub struct Picture {
    pub frames: BTreeMap<u32, FrameView>,
    pub target: Option<u32>,
    pub pointers: Vec<u32>,
}

impl Picture {
    pub fn at(cache: &HacCache, replacement: Option<&Replacement>, now: SimTime) -> Picture {
        let mut p = Picture { frames: BTreeMap::new(), target: cache.target, pointers: cache.pointers.clone() };
        let Some(r) = replacement else { return p };
        if r.incoming(now) && (r.frame as usize) < cache.frames.len() {
            p.frames.insert(r.frame, FrameView { kind: FrameKind::Free, objects: Vec::new() });
        }
        let done = r.done(now);
        for step in r.steps[done..].iter().rev() {
            p.undo(cache, &step.event);
        }
        for f in p.frames.values_mut() {
            f.objects.sort_by_key(|o| o.offset);
        }
        p
    }

    fn frame(&mut self, cache: &HacCache, f: u32) -> &mut FrameView {
        self.frames.entry(f).or_insert_with(|| FrameView::of(cache, f))
    }

    /// The cache as it was before `event`.
    fn undo(&mut self, cache: &HacCache, event: &CacheEvent) {
        let object = |object, offset, bytes, usage| ObjectView {
            object,
            offset,
            bytes,
            usage,
            installed: true,
            modified: false,
        };
        match *event {
            CacheEvent::Discard { object: o, frame, offset, bytes, usage } => {
                self.frame(cache, frame).restore(object(o, offset, bytes, usage));
            }
            CacheEvent::Move { object: o, from, from_offset, to, .. } => {
                if let Some(mut moved) = self.frame(cache, to).remove(o) {
                    moved.offset = from_offset;
                    self.frame(cache, from).restore(moved);
                }
            }
            CacheEvent::MoveHome { object: o, from, from_offset, to, .. } => {
                let home = self.frame(cache, to);
                let Some(copy) = home.objects.iter_mut().find(|x| x.object == o) else { return };
                let moved = ObjectView { offset: from_offset, ..*copy };
                *copy = ObjectView { usage: 0, installed: false, modified: false, ..*copy };
                self.frame(cache, from).restore(moved);
            }
            CacheEvent::SlideInPlace { frame, object: o, from_offset, .. } => {
                if let Some(x) = self.frame(cache, frame).objects.iter_mut().find(|x| x.object == o) {
                    x.offset = from_offset;
                }
            }
            CacheEvent::PointerMoved { pointer, from, .. } => self.pointers[pointer as usize] = from,
            CacheEvent::NewTarget { previous, .. } => self.target = (previous != ABSENT).then_some(previous),
            CacheEvent::Compacted(c) => {
                let kind = if c.page == ABSENT { FrameKind::Compacted } else { FrameKind::Intact(c.page) };
                let f = self.frame(cache, c.frame);
                f.kind = kind;
                if c.page != ABSENT {
                    // The copies never installed there went with the frame: the page's layout
                    // brings them back, the objects moved or discarded return over them.
                    let pages = cache.pages();
                    let mut all: Vec<ObjectView> = pages
                        .objects(c.page)
                        .map(|o| {
                            let (offset, bytes) = pages.layout(o);
                            ObjectView { object: o, offset, bytes, usage: 0, installed: false, modified: false }
                        })
                        .collect();
                    for o in std::mem::take(&mut f.objects) {
                        if let Some(x) = all.iter_mut().find(|x| x.object == o.object) {
                            *x = o;
                        }
                    }
                    f.objects = all;
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::hac::cache::HacParams;
    use crate::systems::hac::experiment::pages_of;
    use crate::workload::oo7::{Oo7Database, Oo7Params, Oo7Size, Traversal, TraversalKind};

    const COSTS: StepCosts = StepCosts { scan_object: 800.0, move_byte: 88_000.0 / 1024.0, discard_object: 3000.0 };

    /// What a frame shows apart from usage (a primary scan's decay is not undone).
    fn layout(v: &FrameView) -> (FrameKind, Vec<(u32, u32, u32, bool)>) {
        (v.kind, v.objects.iter().map(|o| (o.object, o.offset, o.bytes, o.installed)).collect())
    }

    /// A candidate set in frame order (its own order is that of its updates).
    fn sorted(c: &Candidates) -> Vec<(u32, FrameUsage, u64)> {
        let mut v: Vec<_> = c.iter().map(|x| (x.frame, x.usage, x.added)).collect();
        v.sort_by_key(|x| x.0);
        v
    }

    fn shown(p: &Picture, c: &HacCache, f: u32) -> FrameView {
        p.frames.get(&f).cloned().unwrap_or_else(|| FrameView::of(c, f))
    }

    /// At every miss of a T1 through 40 frames: before the replacement starts the picture is the
    /// cache as it was before the miss (the page's frame empty), once it is over and the page
    /// has arrived it is the cache as it is, and the steps' times add up to the cost model's.
    #[test]
    fn the_picture_undoes_the_steps_not_yet_done() {
        let db = Oo7Database::generate(&Oo7Params { size: Oo7Size::Small, ..Oo7Params::default() }, 1);
        let mut cache = HacCache::new(HacParams { frames: 40, ..HacParams::default() }, pages_of(&db));
        cache.record_events(true);
        let (mut misses, mut compactions) = (0, 0);
        for a in Traversal::new(&db, TraversalKind::T1).take(60_000) {
            let before = cache.clone();
            let stats = cache.stats.clone();
            let page = cache.pages().page_of(a.object);
            let miss = cache.resident(page).is_none() && cache.entry(a.object).frame == ABSENT;
            cache.access(a.object, a.write);
            let events = cache.take_events();
            if !miss {
                continue;
            }
            misses += 1;
            let frame = cache.resident(page).unwrap();
            let before_set = std::mem::take(&mut cache.candidates_before);
            let mut r = Replacement::new(page, frame, 1_000, true, events, &COSTS, before_set);
            compactions += r.steps.iter().filter(|s| matches!(s.event, CacheEvent::Compacted(_))).count();
            let early = Picture::at(&cache, Some(&r), 999);
            assert_eq!((early.target, &early.pointers), (before.target, &before.pointers), "miss {misses}");
            assert_eq!(sorted(&r.candidates_at(999)), sorted(&before.candidates), "the candidates before miss {misses}");
            for f in 0..40 {
                let (was, is) = (FrameView::of(&before, f), shown(&early, &cache, f));
                if f == frame {
                    assert_eq!((is.kind, is.objects.len()), (FrameKind::Free, 0), "the page has not arrived");
                } else {
                    assert_eq!(layout(&is), layout(&was), "frame {f} before miss {misses}");
                }
            }
            let work = (cache.stats.objects_scanned - stats.objects_scanned) as f64 * COSTS.scan_object
                + (cache.stats.bytes_moved - stats.bytes_moved) as f64 * COSTS.move_byte
                + (cache.stats.objects_discarded - stats.objects_discarded) as f64 * COSTS.discard_object;
            let end = r.end().unwrap();
            assert!((end as f64 - 1_000.0 - work).abs() <= 2.0 * r.steps.len() as f64, "{end} against {work}");
            r.reply = Some(end);
            let late = Picture::at(&cache, Some(&r), end);
            for f in 0..40 {
                assert_eq!(shown(&late, &cache, f), FrameView::of(&cache, f), "frame {f} after miss {misses}");
            }
            assert_eq!((late.target, &late.pointers), (cache.target, &cache.pointers));
            assert_eq!(sorted(&r.candidates_at(end)), sorted(&cache.candidates), "the candidates after miss {misses}");
            // Midway, a victim already chosen has left the candidates (unless, become the target,
            // it filled and joined them again).
            if let Some(mid) = r.steps.len().checked_sub(1).map(|last| r.done_at(last / 2).unwrap()) {
                let done = &r.steps[..r.done(mid)];
                let rejoined = |v| done.iter().any(|s| matches!(s.event, CacheEvent::TargetFull { frame, .. } if frame == v));
                for step in done {
                    if let CacheEvent::VictimSelected { frame: v, .. } = step.event {
                        assert!(rejoined(v) || !r.candidates_at(mid).contains(v), "victim {v} is still a candidate, miss {misses}");
                    }
                }
            }
        }
        assert!(misses > 300 && compactions > 200, "{misses} misses, {compactions} compactions");
    }
}
