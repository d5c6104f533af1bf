//! A disk: the Seagate ST18771FC (Barracuda 8) of thesis Table 4.6 by default, as the Berkeley
//! RAID simulator models it (§4.2.3): a queue served by a scheduler, seek, rotational position,
//! head switch and transfer per request, no read-ahead cache, zero controller overhead (A28). A
//! drive may have a read-ahead cache (`with_cache`): the M2266 of spec 004 does.
//! Any system may own several: each has a device id, and every request carries a token of the
//! owner's choosing that comes back with its completion, so it returns to whoever asked.
pub mod cache;
pub mod config;
mod exact;
mod geometry;
pub mod hp97560;
pub mod rules;
mod seek;
pub mod sptf;
pub mod view;

pub use cache::SegmentCache;
pub use config::Scheduler;
pub use geometry::Geometry;
pub use seek::SeekCurve;

use crate::kernel::time::round_ns;
use crate::kernel::SimTime;
use std::collections::VecDeque;

/// Which disk of a system: completions name it, so a system with several routes them.
pub type DeviceId = u8;

/// One I/O: `len` bytes at byte address `addr`, and the owner's `token` for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request<T> {
    pub token: T,
    pub addr: u64,
    pub len: u64,
}

/// How one request was served: the seek, rotation and transfer phases end at these times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Service {
    pub start: SimTime,
    pub seek_end: SimTime,
    pub rotation_end: SimTime,
    pub end: SimTime,
    pub from_cylinder: u32,
    pub to_cylinder: u32,
    /// Served from the read-ahead cache: the transfer alone.
    pub cached: bool,
}

impl Service {
    pub fn seek_ns(&self) -> u64 {
        self.seek_end - self.start
    }
    pub fn rotation_ns(&self) -> u64 {
        self.rotation_end - self.seek_end
    }
    pub fn transfer_ns(&self) -> u64 {
        self.end - self.rotation_end
    }
}

/// Where the head is and from when it is free: after the active request, or after the whole
/// queue (`Disk::tail`), since FIFO service is deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeadState {
    pub cylinder: u64,
    pub track: u64,
    pub time: SimTime,
}

/// Rotational waits shorter than this are rounding noise from integer-ns completion times.
const ROTATION_EPSILON_NS: f64 = 10.0;

/// Tells an owner's reads from its writes by the request's token.
pub type IsRead<T> = fn(&T) -> bool;

#[derive(Clone, Debug)]
pub struct Disk<T> {
    pub id: DeviceId,
    pub geometry: Geometry,
    scheduler: Scheduler,
    seek: SeekCurve,
    /// `seek` over every distance on the disk, ns, computed once: the search of `sptf` asks for
    /// each distance of its every decision.
    seek_table_ns: Vec<f64>,
    head_switch_ns: f64,
    /// Platter angle at time 0, in revolutions (random per run, spec §3.3).
    phase0: f64,
    head_cylinder: u64,
    head_track: u64,
    queue: VecDeque<Request<T>>,
    active: Option<(Request<T>, Service)>,
    /// While a request is active, the head state once it and the queue are served (`tail`),
    /// extended as requests are queued: a started request was projected just as it is served,
    /// unless the read-ahead cache served it.
    projected: HeadState,
    /// A read-ahead cache, and which requests are reads (the owner's tokens say).
    cache: Option<(SegmentCache, IsRead<T>)>,
}

impl<T: Copy> Disk<T> {
    /// A disk of `geometry` and `seek` curve with device id `id`, its platter at angle `phase0`
    /// (revolutions) at time 0. A `[disk]` section builds one with `config::Disk::build`.
    pub fn new(
        id: DeviceId,
        geometry: Geometry,
        seek: SeekCurve,
        head_switch_ms: f64,
        scheduler: Scheduler,
        phase0: f64,
    ) -> Disk<T> {
        let seek_table_ns = (0..geometry.cylinders as u32).map(|d| seek.ms(d) * 1e6).collect();
        Disk {
            id,
            geometry,
            scheduler,
            seek,
            seek_table_ns,
            head_switch_ns: head_switch_ms * 1e6,
            phase0,
            head_cylinder: 0,
            head_track: 0,
            queue: VecDeque::new(),
            active: None,
            projected: HeadState { cylinder: 0, track: 0, time: 0 },
            cache: None,
        }
    }

    /// The drive with a read-ahead cache; `read` tells the reads, which may be served from it,
    /// from the writes, which always go to the medium (and through the cache).
    pub fn with_cache(mut self, cache: SegmentCache, read: IsRead<T>) -> Disk<T> {
        self.cache = Some((cache, read));
        self
    }

    /// Reads served from the read-ahead cache so far (0 without one).
    pub fn cache_hits(&self) -> u64 {
        self.cache.as_ref().map_or(0, |(c, _)| c.hits())
    }

    /// Queue a request. If the disk was idle it starts now; returns its completion time then.
    pub fn submit(&mut self, now: SimTime, req: Request<T>) -> Option<SimTime> {
        if self.active.is_some() {
            self.projected = self.after(self.projected, &req);
            self.queue.push_back(req);
            None
        } else {
            Some(self.start(now, req))
        }
    }

    /// Finish the active request (at its end time `now`) and start the next queued one.
    /// Returns the finished request, how it was served, and the next completion time.
    pub fn complete(&mut self, now: SimTime) -> (Request<T>, Service, Option<SimTime>) {
        let (req, svc) = self.active.take().expect("complete() with no active request");
        debug_assert_eq!(svc.end, now);
        let next = self.next_request().map(|r| self.start(now, r));
        (req, svc, next)
    }

    /// The queued request the scheduler serves next.
    fn next_request(&mut self) -> Option<Request<T>> {
        match self.scheduler {
            Scheduler::Fifo => self.queue.pop_front(),
        }
    }

    fn start(&mut self, now: SimTime, req: Request<T>) -> SimTime {
        let read = self.cache.as_ref().is_some_and(|(_, read)| read(&req.token));
        let cached = read && self.cache.as_mut().is_some_and(|(c, _)| c.hit(req.addr, req.len));
        let svc = if cached {
            // From the cache: the transfer alone, the arm where it was (spec 004 A5).
            let end = now + round_ns(self.geometry.transfer_ns(req.len));
            let head = self.head_cylinder as u32;
            Service {
                start: now,
                seek_end: now,
                rotation_end: now,
                end,
                from_cylinder: head,
                to_cylinder: head,
                cached: true,
            }
        } else {
            let svc = self.service(now, req.addr, req.len);
            let last = req.addr + req.len.max(1) - 1;
            self.head_cylinder = self.geometry.cylinder(last);
            self.head_track = self.geometry.track(last);
            if read {
                self.cache.as_mut().expect("a cache").0.fill(req.addr);
            }
            svc
        };
        if cached || self.queue.is_empty() {
            let h = HeadState { cylinder: self.head_cylinder, track: self.head_track, time: svc.end };
            self.projected = self.queue.iter().fold(h, |h, r| self.after(h, r));
        }
        self.active = Some((req, svc));
        svc.end
    }

    /// The head state once `req` is served from `head`, as the projection of the queue has it.
    fn after(&self, head: HeadState, req: &Request<T>) -> HeadState {
        let g = &self.geometry;
        let end = self.service_from(head, req.addr, req.len).end;
        let last = req.addr + req.len.max(1) - 1;
        HeadState { cylinder: g.cylinder(last), track: g.track(last), time: end }
    }

    /// How a request for `len` bytes at `addr` starting at `now` would be served (spec §3.3):
    /// seek (or head switch within the cylinder), wait for the sector, transfer.
    pub fn service(&self, now: SimTime, addr: u64, len: u64) -> Service {
        let head = HeadState { cylinder: self.head_cylinder, track: self.head_track, time: now };
        self.service_from(head, addr, len)
    }

    /// How a request would be served starting at `head.time` with the head at `head`: the one
    /// formula for real service, the estimates of a scheduler and the projection of the queue.
    pub fn service_from(&self, head: HeadState, addr: u64, len: u64) -> Service {
        let g = &self.geometry;
        let now = head.time;
        let (cyl, track) = (g.cylinder(addr), g.track(addr));
        let t0 = now as f64 + self.positioning_ns(head, cyl, track);
        let rotation = self.rotation_ns(self.platter_at(t0), g.angle(addr));
        let transfer = g.transfer_ns(len);
        Service {
            start: now,
            seek_end: round_ns(t0),
            rotation_end: round_ns(t0 + rotation),
            end: round_ns(t0 + rotation + transfer),
            from_cylinder: head.cylinder as u32,
            to_cylinder: cyl as u32,
            cached: false,
        }
    }

    /// The seek from `head` to cylinder `cyl`, or the head switch to `track` within the
    /// cylinder, ns (spec §3.3).
    #[inline]
    pub fn positioning_ns(&self, head: HeadState, cyl: u64, track: u64) -> f64 {
        if cyl != head.cylinder {
            self.seek_ns(cyl.abs_diff(head.cylinder) as u32)
        } else if track != head.track {
            self.head_switch_ns
        } else {
            0.0
        }
    }

    /// The seek over `cylinders`, ns.
    #[inline]
    pub fn seek_ns(&self, cylinders: u32) -> f64 {
        match self.seek_table_ns.get(cylinders as usize) {
            Some(&ns) => ns,
            None => self.seek.ms(cylinders) * 1e6,
        }
    }

    /// Platter angle at `t` ns (unrounded), in revolutions.
    #[inline]
    pub fn platter_at(&self, t: f64) -> f64 {
        exact::fract(t / self.geometry.rev_ns + self.phase0)
    }

    /// The wait, ns, from the platter at angle `platter` until the sector at `angle` comes round.
    #[inline]
    pub fn rotation_ns(&self, platter: f64, angle: f64) -> f64 {
        let rev_ns = self.geometry.rev_ns;
        let rotation = exact::rem_euclid_1(angle - platter) * rev_ns;
        if rotation < ROTATION_EPSILON_NS || rotation > rev_ns - ROTATION_EPSILON_NS {
            0.0
        } else {
            rotation
        }
    }

    /// The head's state once the active request and the whole queue are served, or at `now` if
    /// the disk is idle: served first come first served, it is exact (spec 001 §2.8).
    pub fn tail(&self, now: SimTime) -> HeadState {
        match self.active {
            Some(_) => self.projected,
            None => HeadState { cylinder: self.head_cylinder, track: self.head_track, time: now },
        }
    }

    /// Put the idle head over byte address `addr` (a run that starts in steady state).
    pub fn place_head(&mut self, addr: u64) {
        debug_assert!(self.active.is_none());
        self.head_cylinder = self.geometry.cylinder(addr);
        self.head_track = self.geometry.track(addr);
    }

    pub fn active(&self) -> Option<&(Request<T>, Service)> {
        self.active.as_ref()
    }

    pub fn queue(&self) -> &VecDeque<Request<T>> {
        &self.queue
    }

    /// Cylinder the head is over at time `t` (fractional while seeking: the arm is drawn moving
    /// linearly over the seek). Between requests it rests where the last one ended.
    pub fn head_at(&self, t: SimTime) -> f64 {
        match &self.active {
            Some((_, s)) if t < s.seek_end && s.seek_end > s.start => {
                let f = t.saturating_sub(s.start) as f64 / (s.seek_end - s.start) as f64;
                s.from_cylinder as f64 + f * (s.to_cylinder as f64 - s.from_cylinder as f64)
            }
            Some((_, s)) if t < s.rotation_end => s.to_cylinder as f64,
            _ => self.head_cylinder as f64,
        }
    }

    /// Platter angle at time `t`, in revolutions.
    pub fn platter_angle(&self, t: SimTime) -> f64 {
        self.platter_at(t as f64)
    }

    pub fn seek_ms(&self, cylinders: u32) -> f64 {
        self.seek.ms(cylinders)
    }
}

#[cfg(test)]
mod tests;
