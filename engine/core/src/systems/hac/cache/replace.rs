//! Replacement (HAC §3.2.3–3.2.4, §3.1; spec §2.6–2.8, pseudo-code §2.13): at each fetch the scan
//! pointers add frames to the candidate set, then the least valuable candidates are compacted,
//! their hot objects moved into the target frame, until one frame is free.
use super::{CacheEvent, FrameKind, FrameUsage, HacCache, Slot, ABSENT};

impl HacCache {
    /// Frees one frame for the next fetch; `None` if none can be freed (every frame holds
    /// objects the transaction modified, or is pinned: spec A5, A12).
    pub(super) fn free_one_frame(&mut self) -> Option<u32> {
        for c in self.candidates.expire(self.epoch, self.params.epochs) {
            self.emit(CacheEvent::CandidateExpired { frame: c.frame });
        }
        self.scan_primary();
        for i in 1..=self.params.secondaries {
            self.scan_secondary(i as usize);
        }
        // With nothing to take, scan on (spec A12), at most once round the ring; and compact at
        // most twice as many victims as there are frames: beyond that the frames hold only what
        // no-steal keeps, and compaction only moves it around.
        let mut extra_scans = self.params.frames.div_ceil(self.params.scan);
        let mut compactions = 2 * self.params.frames;
        loop {
            let (target, pinned) = (self.target, &self.pinned);
            let frames = &self.frames;
            let eligible =
                |f: u32| Some(f) != target && !pinned[f as usize] && frames[f as usize].kind != FrameKind::Free;
            let Some(victim) = self.candidates.take_victim(eligible) else {
                if extra_scans == 0 {
                    if self.pinned.iter().any(|&p| p) {
                        // Every candidate is pinned (a cache hardly larger than the stack's
                        // frames): give up the pins rather than the fetch (docs/models.md).
                        self.pinned.fill(false);
                        extra_scans = self.params.frames.div_ceil(self.params.scan);
                        continue;
                    }
                    return None;
                }
                extra_scans -= 1;
                self.scan_primary();
                continue;
            };
            self.emit(CacheEvent::VictimSelected { frame: victim.frame, usage: victim.usage });
            if self.compact(victim.frame, victim.usage.t) {
                return Some(victim.frame);
            }
            compactions -= 1;
            if compactions == 0 {
                return None;
            }
        }
    }

    /// Frees a whole frame without compaction, the lowest-numbered one holding no modified object
    /// and not the target: the fallback when replacement could free nothing (spec A12).
    pub(super) fn evict_whole_frame(&mut self) -> Option<u32> {
        let frame = (0..self.params.frames).find(|&f| {
            let fr = &self.frames[f as usize];
            fr.kind != FrameKind::Free
                && Some(f) != self.target
                && fr
                    .slots
                    .iter()
                    .all(|s| !(self.table[s.object as usize].modified && self.table[s.object as usize].frame == f))
        })?;
        self.compact(frame, super::MAX_USAGE);
        Some(frame)
    }

    /// Frees a frame whatever it holds, modified objects included (a steal): only when every
    /// frame holds objects the transaction modified. The system ends the run when it happens.
    pub(super) fn steal_frame(&mut self) -> u32 {
        let frame = (0..self.params.frames)
            .find(|&f| self.frames[f as usize].kind != FrameKind::Free && Some(f) != self.target)
            .expect("a frame besides the target");
        for s in &self.frames[frame as usize].slots {
            let e = &mut self.table[s.object as usize];
            if e.installed && e.frame == frame {
                *e = super::NO_ENTRY;
                self.entries -= 1;
            }
        }
        self.compact(frame, super::MAX_USAGE);
        frame
    }

    /// Whether a scan pointer looks at `frame`: not the free frame nor the target (spec A10).
    fn scannable(&self, frame: u32) -> bool {
        self.frames[frame as usize].kind != FrameKind::Free && Some(frame) != self.target
    }

    /// The primary pointer decays the usage of the objects in its S frames, then computes each
    /// frame's usage and adds it to the candidate set whatever it is (§3.2.3; decay first, spec A2).
    pub(super) fn scan_primary(&mut self) {
        let c = self.params.frames;
        let start = self.pointers[0];
        for k in 0..self.params.scan {
            let frame = (start + k) % c;
            if !self.scannable(frame) {
                continue;
            }
            let decay = self.params.decay;
            let slots = std::mem::take(&mut self.frames[frame as usize].slots);
            for s in &slots {
                let e = &mut self.table[s.object as usize];
                if e.installed && e.frame == frame {
                    e.usage = decay.decay(e.usage);
                }
            }
            self.stats.objects_scanned += slots.len() as u64;
            self.frames[frame as usize].slots = slots;
            let usage = self.frame_usage(frame);
            self.candidates.upsert(frame, usage, self.epoch);
            self.emit(CacheEvent::ScanPrimary { frame, usage });
        }
        self.pointers[0] = (start + self.params.scan) % c;
        self.emit(CacheEvent::PointerMoved { pointer: 0, from: start, to: self.pointers[0] });
    }

    /// A secondary pointer adds its frames whose installed fraction is below R, with T = 0 and
    /// H = installed / objects, without reading object usage (§3.2.3; spec A6): it finds the
    /// pages whose objects were never used soon after they arrive.
    pub(super) fn scan_secondary(&mut self, i: usize) {
        let c = self.params.frames;
        let start = self.pointers[i];
        for k in 0..self.params.scan {
            let frame = (start + k) % c;
            if !self.scannable(frame) {
                continue;
            }
            let f = &self.frames[frame as usize];
            let (installed, objects) = (f.installed, f.slots.len() as u32);
            let added = self.params.retention.above(installed, objects);
            let usage = FrameUsage { t: 0, hot: installed, objects };
            if added {
                self.candidates.upsert(frame, usage, self.epoch);
            }
            self.emit(CacheEvent::ScanSecondary { pointer: i as u32, frame, added, usage });
        }
        self.pointers[i] = (start + self.params.scan) % c;
        self.emit(CacheEvent::PointerMoved { pointer: i as u32, from: start, to: self.pointers[i] });
    }

    /// Compacts victim `frame` with stored threshold `t` (§3.1, Figure 2; spec §2.8): discards its
    /// objects that are not installed or not hotter than `t` (never a modified one), then moves
    /// the rest, in layout order, home to their page if it is intact elsewhere, else to the end of
    /// the target. If one does not fit, the victim keeps the rest and becomes the target. True
    /// when the victim ends up empty, i.e. free.
    pub(super) fn compact(&mut self, frame: u32, t: u8) -> bool {
        self.stats.compactions += 1;
        let victim = std::mem::replace(&mut self.frames[frame as usize], super::Frame::free());
        let page = match victim.kind {
            FrameKind::Intact(page) => {
                self.resident[page as usize] = ABSENT;
                page
            }
            _ => ABSENT,
        };
        self.candidates.remove(frame);
        let objects = victim.slots.len();
        let mut retained = Vec::new();
        for s in victim.slots {
            let e = &mut self.table[s.object as usize];
            if !(e.installed && e.frame == frame) {
                continue; // a copy never installed here: dropped with the frame
            }
            if e.modified || e.usage > t {
                retained.push(s);
            } else {
                let usage = e.usage;
                // Its entry goes with it: reclaimed at once, as if nothing cached referred to it
                // (exact lazy reference counts, §2.3, are not modelled yet).
                *e = super::NO_ENTRY;
                self.entries -= 1;
                self.stats.objects_discarded += 1;
                let (object, offset, bytes) = (s.object, s.offset, s.bytes);
                self.emit(CacheEvent::Discard { object, frame, offset, bytes, usage });
            }
        }
        self.stats.retained_fraction_sum += retained.len() as f64 / objects.max(1) as f64;
        let (kept, total) = (retained.len() as u32, objects as u32);
        let freed = self.place_retained(frame, retained);
        let compaction = super::Compaction { frame, page, t, retained: kept, objects: total, freed };
        self.compactions.push(compaction);
        self.emit(CacheEvent::Compacted(compaction));
        freed
    }

    /// Moves a victim's retained objects home or into the target (spec §2.8 step 3); true when
    /// the victim ends up empty.
    fn place_retained(&mut self, frame: u32, retained: Vec<Slot>) -> bool {
        let Some(target) = self.target.filter(|_| !retained.is_empty()) else {
            if retained.is_empty() {
                return self.freed(frame);
            }
            // No target yet: the first victim with objects to keep becomes it (spec A12).
            self.slide(frame, retained);
            self.new_target(frame);
            return false;
        };
        for (i, s) in retained.iter().enumerate() {
            let home = self.pages.page_of(s.object);
            if let Some(g) = self.resident(home) {
                // Its page was fetched again while it was cached here: back into its slot there
                // (§3.1); the copy there was never installed.
                let offset = self.pages.layout(s.object).0;
                self.repoint(s.object, g, offset);
                let (object, from_offset, bytes) = (s.object, s.offset, s.bytes);
                self.emit(CacheEvent::MoveHome { object, from: frame, from_offset, to: g, offset, bytes });
                continue;
            }
            let t_frame = &mut self.frames[target as usize];
            if t_frame.used + s.bytes > self.params.frame_bytes {
                // The target is full (Figure 2(b)): it joins the candidate set, and the victim,
                // keeping the rest of its objects, becomes the target.
                let usage = self.frame_usage(target);
                self.candidates.upsert(target, usage, self.epoch);
                self.emit(CacheEvent::TargetFull { frame: target, usage });
                self.slide(frame, retained[i..].to_vec());
                self.new_target(frame);
                return false;
            }
            let offset = t_frame.used;
            t_frame.used += s.bytes;
            t_frame.slots.push(Slot { object: s.object, offset, bytes: s.bytes });
            self.repoint(s.object, target, offset);
            self.stats.objects_moved += 1;
            self.stats.bytes_moved += s.bytes as u64;
            let (object, from_offset, bytes) = (s.object, s.offset, s.bytes);
            self.emit(CacheEvent::Move { object, from: frame, from_offset, to: target, offset, bytes });
        }
        self.freed(frame)
    }

    /// Points `object`'s entry at `offset` in `to`, which now holds it installed.
    fn repoint(&mut self, object: u32, to: u32, offset: u32) {
        let e = &mut self.table[object as usize];
        e.frame = to;
        e.offset = offset;
        self.frames[to as usize].installed += 1;
    }

    /// `frame` keeps only `slots`, slid to its start so its free space is contiguous.
    fn slide(&mut self, frame: u32, slots: Vec<Slot>) {
        let mut used = 0;
        let mut moved = Vec::with_capacity(slots.len());
        for s in slots {
            if s.offset != used {
                self.stats.bytes_moved += s.bytes as u64;
            }
            let (object, from_offset, bytes) = (s.object, s.offset, s.bytes);
            self.emit(CacheEvent::SlideInPlace { frame, object, from_offset, offset: used, bytes });
            let e = &mut self.table[s.object as usize];
            e.offset = used;
            moved.push(Slot { object: s.object, offset: used, bytes: s.bytes });
            used += s.bytes;
        }
        let installed = moved.len() as u32;
        self.frames[frame as usize] = super::Frame { kind: FrameKind::Compacted, slots: moved, used, installed };
    }

    fn new_target(&mut self, frame: u32) {
        self.candidates.remove(frame);
        let previous = self.target.replace(frame).unwrap_or(ABSENT);
        self.emit(CacheEvent::NewTarget { frame, previous });
    }

    fn freed(&mut self, frame: u32) -> bool {
        self.stats.frames_freed += 1;
        self.emit(CacheEvent::FrameFreed { frame });
        true
    }
}
