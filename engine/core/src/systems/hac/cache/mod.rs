//! HAC's client cache (Castro et al. 1997, §3; spec §2): page-sized frames, an indirection table
//! whose entries let objects move, per-object usage, and the replacement that frees one frame per
//! fetch by compacting the hot objects of low-usage frames into a target frame (`replace.rs`).
//! This is the cache alone, as a data structure driven by object accesses; the system around it
//! turns its work into time.
mod candidates;
mod replace;
pub mod usage;

#[cfg(test)]
mod tests;

pub use candidates::{Candidate, Candidates};
pub use usage::{DecayRule, FrameUsage, Retention, MAX_USAGE, USED};

/// No frame: an indirection-table entry of an object that is not in the cache.
pub const ABSENT: u32 = u32::MAX;
/// Bytes of an indirection-table entry (§2.3).
pub const ENTRY_BYTES: u64 = 16;

/// Table 1's parameters, and the cache's size.
#[derive(Clone, Debug, PartialEq)]
pub struct HacParams {
    pub frames: u32,
    pub frame_bytes: u32,
    /// R, the retention fraction.
    pub retention: Retention,
    /// E, the epochs a frame stays in the candidate set.
    pub epochs: u32,
    /// N, the secondary scan pointers.
    pub secondaries: u32,
    /// S, the frames each pointer scans per epoch.
    pub scan: u32,
    pub decay: DecayRule,
}

impl Default for HacParams {
    fn default() -> Self {
        HacParams {
            frames: 1000,
            frame_bytes: 8192,
            retention: Retention::PAPER,
            epochs: 20,
            secondaries: 2,
            scan: 3,
            decay: DecayRule::PlusOneShift,
        }
    }
}

/// Where each object lies on its disk page. Objects are numbered so that each page holds a run
/// of consecutive ones (clustering by creation order, as OO7's generator makes them).
#[derive(Clone, Debug, PartialEq)]
pub struct Pages {
    /// First object of each page, and one past the last object at the end.
    first: Vec<u32>,
    /// Offset and bytes of each object on its page.
    layout: Vec<(u32, u32)>,
}

impl Pages {
    /// From (page, offset, bytes) per object, objects numbered in page order.
    pub fn new(objects: impl IntoIterator<Item = (u32, u32, u32)>) -> Pages {
        let mut first = vec![0];
        let mut layout = Vec::new();
        for (i, (page, offset, bytes)) in objects.into_iter().enumerate() {
            while first.len() <= page as usize {
                first.push(i as u32);
            }
            layout.push((offset, bytes));
        }
        first.push(layout.len() as u32);
        Pages { first, layout }
    }

    pub fn count(&self) -> u32 {
        self.first.len() as u32 - 1
    }

    pub fn objects(&self, page: u32) -> std::ops::Range<u32> {
        self.first[page as usize]..self.first[page as usize + 1]
    }

    pub fn page_of(&self, object: u32) -> u32 {
        self.first.partition_point(|&f| f <= object) as u32 - 1
    }

    /// (offset, bytes) of `object` on its page.
    pub fn layout(&self, object: u32) -> (u32, u32) {
        self.layout[object as usize]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameKind {
    Free,
    /// Holds disk page `page` as the server stores it.
    Intact(u32),
    /// Holds objects compacted from other frames.
    Compacted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub object: u32,
    pub offset: u32,
    pub bytes: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub kind: FrameKind,
    /// Objects in layout order; in an intact frame also the copies that are not installed.
    pub slots: Vec<Slot>,
    /// Bytes in use: a page's extent, or a compacted frame's object bytes (spec A19).
    pub used: u32,
    /// Slots whose object is installed here, kept as objects move (the secondary pointers read
    /// only this, §3.2.3).
    pub installed: u32,
}

impl Frame {
    fn free() -> Frame {
        Frame { kind: FrameKind::Free, slots: Vec::new(), used: 0, installed: 0 }
    }

    /// Page `page` as the server stores it, none of its objects installed yet.
    fn intact(page: u32, pages: &Pages) -> Frame {
        let slots: Vec<Slot> = pages
            .objects(page)
            .map(|o| {
                let (offset, bytes) = pages.layout(o);
                Slot { object: o, offset, bytes }
            })
            .collect();
        let used = slots.last().map_or(0, |s| s.offset + s.bytes);
        Frame { kind: FrameKind::Intact(page), slots, used, installed: 0 }
    }
}

/// An indirection-table entry (§2.3): where the object is, its usage, whether the current
/// transaction modified it. `frame == ABSENT` for an entry whose object was discarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub installed: bool,
    pub frame: u32,
    pub offset: u32,
    pub usage: u8,
    pub modified: bool,
}

const NO_ENTRY: Entry = Entry { installed: false, frame: ABSENT, offset: 0, usage: 0, modified: false };

/// What one access did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The object was in the cache and installed.
    Hit,
    /// The object's page was intact in the cache: it was installed from there (spec A16).
    Installed,
    /// The object's page was fetched into `frame`.
    Miss { frame: u32 },
}

/// Counts of everything the cache did, for the metrics and the cost model.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CacheStats {
    pub accesses: u64,
    pub fetches: u64,
    pub installs: u64,
    pub frames_freed: u64,
    pub compactions: u64,
    /// Objects whose usage a primary scan read (and decayed).
    pub objects_scanned: u64,
    pub objects_moved: u64,
    pub bytes_moved: u64,
    pub objects_discarded: u64,
    /// Retained objects over objects, summed over compacted victims (for the mean).
    pub retained_fraction_sum: f64,
    pub cache_full_of_modified: u64,
    /// Frames freed with modified objects in them: the cache could not hold what no-steal keeps.
    pub steals: u64,
}

/// A step of replacement, as spec §2.14 lists them for the animation, with what the view needs to
/// draw the cache as it was before the step (`ABSENT`: none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CacheEvent {
    Fetch {
        epoch: u64,
        page: u32,
        frame: u32,
    },
    ScanPrimary {
        frame: u32,
        usage: FrameUsage,
    },
    /// A secondary pointer looked at `frame`; `added`, with `usage` (T = 0, H its installed
    /// fraction), when the frame joined the candidates.
    ScanSecondary {
        pointer: u32,
        frame: u32,
        added: bool,
        usage: FrameUsage,
    },
    /// Scan pointer `pointer` (0: the primary) moved on from frame `from` to `to`.
    PointerMoved {
        pointer: u32,
        from: u32,
        to: u32,
    },
    CandidateExpired {
        frame: u32,
    },
    VictimSelected {
        frame: u32,
        usage: FrameUsage,
    },
    /// A cold object leaves the cache with its usage.
    Discard {
        object: u32,
        frame: u32,
        offset: u32,
        bytes: u32,
        usage: u8,
    },
    /// A retained object moves from `from_offset` in `from` to `offset` in the target `to`.
    Move {
        object: u32,
        from: u32,
        from_offset: u32,
        to: u32,
        offset: u32,
        bytes: u32,
    },
    /// A retained object goes back to its slot in its home page, intact in frame `to` (§3.1).
    MoveHome {
        object: u32,
        from: u32,
        from_offset: u32,
        to: u32,
        offset: u32,
        bytes: u32,
    },
    /// A retained object slides to `offset` inside its victim, which becomes the target (Figure 2(b)).
    SlideInPlace {
        frame: u32,
        object: u32,
        from_offset: u32,
        offset: u32,
        bytes: u32,
    },
    TargetFull {
        frame: u32,
        usage: FrameUsage,
    },
    NewTarget {
        frame: u32,
        previous: u32,
    },
    FrameFreed {
        frame: u32,
    },
    /// A compaction is over (`Compaction`).
    Compacted(Compaction),
}

/// A compaction that is over: of the victim's `objects`, `retained` were kept (moved, or left in
/// it as the new target), and the victim was freed or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compaction {
    pub frame: u32,
    /// The page the victim held intact, or `ABSENT` for a compacted frame.
    pub page: u32,
    pub t: u8,
    pub retained: u32,
    pub objects: u32,
    pub freed: bool,
}

#[derive(Clone, Debug)]
pub struct HacCache {
    pub params: HacParams,
    pages: Pages,
    pub frames: Vec<Frame>,
    table: Vec<Entry>,
    /// Installed entries, for the table's size.
    entries: u64,
    /// The frame holding each page intact, or ABSENT.
    resident: Vec<u32>,
    pub candidates: Candidates,
    /// The primary scan pointer, then the N secondary ones.
    pub pointers: Vec<u32>,
    /// Free frames; after the cold start there is always exactly one (§3.3).
    free: Vec<u32>,
    pub target: Option<u32>,
    pub epoch: u64,
    pinned: Vec<bool>,
    pub stats: CacheStats,
    /// Replacement steps since the last `take_events`, when recording.
    events: Option<Vec<CacheEvent>>,
    /// The candidate set as the last fetch found it, before its replacement, when recording:
    /// the steps replay onto it (`steps.rs`), so the view's list follows them.
    pub candidates_before: Candidates,
    /// Compactions since the last `take_compactions` (about one a fetch, always kept).
    compactions: Vec<Compaction>,
}

impl HacCache {
    pub fn new(params: HacParams, pages: Pages) -> HacCache {
        let c = params.frames;
        assert!(c >= 2, "HAC needs a free frame and one more");
        // Equidistant pointers, p_i = i·⌊C/(N+1)⌋ (spec §2.6).
        let pointers = (0..=params.secondaries).map(|i| i * (c / (params.secondaries + 1))).collect();
        let objects = pages.layout.len();
        let resident = vec![ABSENT; pages.count() as usize];
        HacCache {
            frames: vec![Frame::free(); c as usize],
            table: vec![NO_ENTRY; objects],
            entries: 0,
            resident,
            candidates: Candidates::default(),
            pointers,
            free: (0..c).rev().collect(),
            target: None,
            epoch: 0,
            pinned: vec![false; c as usize],
            stats: CacheStats::default(),
            events: None,
            candidates_before: Candidates::default(),
            compactions: Vec::new(),
            pages,
            params,
        }
    }

    pub fn record_events(&mut self, on: bool) {
        self.events = on.then(Vec::new);
    }

    /// The compactions since the last call, oldest first.
    pub fn take_compactions(&mut self) -> Vec<Compaction> {
        std::mem::take(&mut self.compactions)
    }

    pub fn take_events(&mut self) -> Vec<CacheEvent> {
        self.events.as_mut().map(std::mem::take).unwrap_or_default()
    }

    fn emit(&mut self, event: CacheEvent) {
        if let Some(events) = &mut self.events {
            events.push(event);
        }
    }

    pub fn entry(&self, object: u32) -> &Entry {
        &self.table[object as usize]
    }

    pub fn pages(&self) -> &Pages {
        &self.pages
    }

    /// Bytes of the indirection table: 16 per installed object (§2.3).
    pub fn table_bytes(&self) -> u64 {
        self.entries * ENTRY_BYTES
    }

    /// The frame holding `page` intact, if any.
    pub fn resident(&self, page: u32) -> Option<u32> {
        Some(self.resident[page as usize]).filter(|&f| f != ABSENT)
    }

    /// Whether victim selection skips `frame` (§3.2.4).
    pub fn is_pinned(&self, frame: u32) -> bool {
        self.pinned[frame as usize]
    }

    /// The usage compaction compares `slot` of `frame` with: 15 if modified, its usage if
    /// installed there, 0 for a copy not installed (spec A4).
    pub fn usage_in(&self, frame: u32, slot: &Slot) -> u8 {
        self.slot_usage(frame, slot)
    }

    /// Pins exactly `frames` (those holding objects the program's stack refers to, §3.2.4):
    /// victim selection skips them.
    pub fn pin(&mut self, frames: impl IntoIterator<Item = u32>) {
        self.pinned.fill(false);
        for f in frames {
            self.pinned[f as usize] = true;
        }
    }

    /// A method invoked on `object`: a hit, an install from an intact page, or a fetch of its
    /// page; then its usage's top bit is set (§3.2.1) and, for a write, it is marked modified.
    pub fn access(&mut self, object: u32, write: bool) -> Outcome {
        self.access_with_stack(object, write, Vec::new)
    }

    /// `access`, where `stack` gives the objects the program's stack refers to, asked for only
    /// when the access misses: replacement must not move them, so their frames are pinned
    /// (§3.2.4; spec §2.3 recommends the traversal's path).
    pub fn access_with_stack(&mut self, object: u32, write: bool, stack: impl FnOnce() -> Vec<u32>) -> Outcome {
        self.stats.accesses += 1;
        let e = self.table[object as usize];
        let outcome = if e.installed && e.frame != ABSENT {
            Outcome::Hit
        } else {
            let page = self.pages.page_of(object);
            let (frame, outcome) = match self.resident(page) {
                Some(f) => (f, Outcome::Installed),
                None => {
                    let frames: Vec<u32> =
                        stack().iter().map(|&o| self.table[o as usize].frame).filter(|&f| f != ABSENT).collect();
                    self.pin(frames);
                    let f = self.fetch(page);
                    (f, Outcome::Miss { frame: f })
                }
            };
            self.install(object, frame);
            outcome
        };
        let e = &mut self.table[object as usize];
        e.usage |= USED;
        e.modified |= write;
        outcome
    }

    /// Installs `object` from its slot in intact `frame`: its entry points there (lazy
    /// installation, §2.3: installing does not count as a use, spec A15).
    pub(super) fn install(&mut self, object: u32, frame: u32) {
        let (offset, _) = self.pages.layout(object);
        let e = &mut self.table[object as usize];
        if !e.installed {
            self.entries += 1;
        }
        *e = Entry { installed: true, frame, offset, usage: 0, modified: e.modified };
        self.frames[frame as usize].installed += 1;
        self.stats.installs += 1;
    }

    /// Fetches `page` into the free frame; before the reply arrives, frees another frame for the
    /// next fetch when this one was the last (§3.3; spec A9). Returns the page's frame.
    pub fn fetch(&mut self, page: u32) -> u32 {
        self.epoch += 1;
        if self.events.is_some() {
            self.candidates_before = self.candidates.clone();
        }
        self.stats.fetches += 1;
        let frame = match self.free.pop() {
            Some(f) => f,
            // Replacement freed nothing at the last fetch (every frame pinned or modified).
            None => self.evict_whole_frame().unwrap_or_else(|| {
                self.stats.steals += 1;
                self.steal_frame()
            }),
        };
        if self.free.is_empty() {
            match self.free_one_frame() {
                Some(f) => self.free.push(f),
                None => self.stats.cache_full_of_modified += 1,
            }
        }
        self.frames[frame as usize] = Frame::intact(page, &self.pages);
        self.resident[page as usize] = frame;
        self.emit(CacheEvent::Fetch { epoch: self.epoch, page, frame });
        frame
    }

    /// The transaction committed: its modified objects may be evicted again (no-steal, §2.9).
    pub fn commit(&mut self) -> u64 {
        let mut n = 0;
        for e in self.table.iter_mut().filter(|e| e.modified) {
            e.modified = false;
            n += 1;
        }
        n
    }

    /// The usage each slot of `frame` counts with (§3.2.2): 15 for a modified object, its usage
    /// if installed here, 0 for a copy that is not installed (spec A4).
    fn slot_usage(&self, frame: u32, slot: &Slot) -> u8 {
        let e = &self.table[slot.object as usize];
        match (e.installed && e.frame == frame, e.modified) {
            (true, true) => MAX_USAGE,
            (true, false) => e.usage,
            (false, _) => 0,
        }
    }

    pub fn frame_usage(&self, frame: u32) -> FrameUsage {
        let f = &self.frames[frame as usize];
        FrameUsage::of(f.slots.iter().map(|s| self.slot_usage(frame, s)), self.params.retention)
    }

    /// Frames by kind: (intact, compacted), the adaptivity gauge of spec §2.11.
    pub fn frame_kinds(&self) -> (u32, u32) {
        self.frames.iter().fold((0, 0), |(i, c), f| match f.kind {
            FrameKind::Intact(_) => (i + 1, c),
            FrameKind::Compacted => (i, c + 1),
            FrameKind::Free => (i, c),
        })
    }
}
