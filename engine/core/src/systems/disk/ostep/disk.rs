//! OSTEP's homework disk as a device of the system: the block layout, the platter and the arm
//! (`super`), the request it serves and when its phases end, and what the disk sections show
//! of it at any time, replayed from the request's start (the system keeps the waiting ones).
use super::layout::{Layout, TRACKS};
use super::{arm_at, arm_track_at, estimate, serve, Arm, Platter, Speeds};
use crate::components::disk::{Geometry, Request, Service};
use crate::kernel::SimTime;
use crate::systems::disk::{Block, SECTOR_BYTES, UNIT_NS};

#[derive(Clone, Debug)]
pub struct OstepDisk {
    pub layout: Layout,
    pub platter: Platter,
    pub speeds: Speeds,
    /// The three tracks as cylinders of one track, the outer track's blocks as sectors, a turn
    /// as long as it lasts.
    geometry: Geometry,
    /// The arm now: after the active request, once it has started (its phases are known then).
    arm: Arm,
    /// The arm when the active request started, which frames replay its seek from.
    from: Arm,
    /// The block last served: the next one may follow it (`Layout::follows`).
    last: Option<u32>,
    active: Option<(Request<Block>, Service)>,
}

/// The tick a time falls in.
fn tick(t: SimTime) -> u64 {
    t / UNIT_NS
}

impl OstepDisk {
    pub fn new(zones: [u32; TRACKS], skew: u32, speeds: Speeds) -> OstepDisk {
        let layout = Layout::new(zones, skew);
        let platter = Platter::new(speeds.rotate);
        let outer = u64::from(layout.bounds[0].1 + 1);
        let geometry = Geometry {
            track_bytes: outer * SECTOR_BYTES,
            tracks_per_cylinder: 1,
            cylinders: TRACKS as u64,
            rev_ns: (platter.turn() * UNIT_NS) as f64,
        };
        OstepDisk {
            layout,
            platter,
            speeds,
            geometry,
            arm: Arm::default(),
            from: Arm::default(),
            last: None,
            active: None,
        }
    }

    /// Tracks between the arm and `block`.
    pub fn distance(&self, block: u32) -> u64 {
        self.arm.distance(&self.layout, block)
    }

    /// disk.py's estimate of serving `block` from time `now`, time units.
    pub fn estimate(&self, now: SimTime, block: u32) -> f64 {
        estimate(&self.layout, self.speeds, &self.arm, self.platter.angle(tick(now)), block)
    }

    /// Starts `req` at `now` (a whole tick: every request ends on one), which the disk is idle at.
    pub fn start(&mut self, now: SimTime, req: Request<Block>) -> Service {
        debug_assert!(self.active.is_none() && now.is_multiple_of(UNIT_NS));
        let block = req.token.block;
        let read_on = self.last.is_some_and(|last| self.layout.follows(last, block));
        self.from = self.arm;
        let t = serve(&self.layout, &self.platter, self.speeds.seek, &mut self.arm, tick(now), block, read_on);
        let svc = Service {
            start: t.seek * UNIT_NS,
            seek_end: t.rotation * UNIT_NS,
            rotation_end: t.transfer * UNIT_NS,
            end: t.end * UNIT_NS,
            from_cylinder: u32::from(self.from.track),
            to_cylinder: u32::from(self.layout.track(block)),
            cached: false,
        };
        self.last = Some(block);
        self.active = Some((req, svc));
        svc
    }

    /// Ends the active request.
    pub fn complete(&mut self) -> (Request<Block>, Service) {
        self.active.take().expect("complete() with no active request")
    }

    /// The arm at `t`: during the active request, replayed from its start.
    pub fn arm_at(&self, t: SimTime) -> Arm {
        match &self.active {
            Some((r, svc)) if t < svc.end => {
                arm_at(&self.layout, self.speeds.seek, self.from, tick(svc.start), r.token.block, tick(t))
            }
            _ => self.arm,
        }
    }

    /// The platter's angle at `t`, degrees (disk.py's `angle`).
    pub fn angle_at(&self, t: SimTime) -> f64 {
        self.platter.angle(tick(t))
    }

    /// What the shared disk sections show: the three tracks as cylinders of one track, the
    /// outer track's blocks as its sectors.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The arm at `t`, in tracks from the outer one (fractional while it seeks).
    pub fn head_at(&self, t: SimTime) -> f64 {
        arm_track_at(self.arm_at(t).x1)
    }

    pub fn active(&self) -> Option<&(Request<Block>, Service)> {
        self.active.as_ref()
    }
}
