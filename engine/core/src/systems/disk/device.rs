//! The disk the requests are served on, whichever preset: OSTEP's homework disk (`ostep`) or a
//! drive of the disk component, with the waiting requests (oldest first) and the scheduler that
//! picks among them, given each one's distance and estimated access from the disk as it is.
use super::config::{Config, Preset};
use super::ostep::disk::OstepDisk;
use super::ostep::Speeds;
use super::schedule::Schedule;
use super::{Block, SECTOR_BYTES};
use crate::components::disk::config::{Barracuda, Disk as DriveSection, Model, St32171n};
use crate::components::disk::view::Drawn;
use crate::components::disk::{hp97560, DeviceId, Disk, Geometry, Request, Service};
use crate::kernel::SimTime;

/// The disk's mechanism: disk.py's, or a drive's (its platter at angle 0 at time 0 and its
/// head over cylinder 0, as disk.py's disk starts).
#[derive(Clone, Debug)]
pub enum Mechanism {
    Ostep(OstepDisk),
    Drive(Disk<Block>),
}

impl Mechanism {
    pub fn new(c: &Config) -> Mechanism {
        fn drive<M: Model>() -> Mechanism {
            Mechanism::Drive(DriveSection::<M>::default().build(0, 0.0))
        }
        match c.disk.preset {
            Preset::Ostep => {
                let o = &c.ostep;
                let speeds = Speeds { seek: o.seek_speed, rotate: o.rotate_speed };
                Mechanism::Ostep(OstepDisk::new(o.zones, o.skew, speeds))
            }
            Preset::Barracuda => drive::<Barracuda>(),
            Preset::St32171n => drive::<St32171n>(),
            Preset::Hp97560 => Mechanism::Drive(hp97560::disk(0, 1.0, hp97560::HEAD_SWITCH_MS, 0.0)),
        }
    }

    /// Blocks on the disk: disk.py's sectors, or a drive's 512-byte sectors.
    pub fn blocks(&self) -> u64 {
        match self {
            Mechanism::Ostep(d) => u64::from(d.layout.block_count()),
            Mechanism::Drive(d) => d.geometry.capacity() / SECTOR_BYTES,
        }
    }

    /// disk.py's −1 as a random list's max: `maxBlock`, the ostep disk's inner track's first
    /// block (so its random requests never reach that track); every sector of a drive.
    pub fn default_max(&self) -> u64 {
        match self {
            Mechanism::Ostep(d) => u64::from(d.layout.max_block()),
            Mechanism::Drive(_) => self.blocks(),
        }
    }

    /// The cylinder (track, on the ostep disk) of `block`.
    pub fn cylinder(&self, block: u32) -> u64 {
        match self {
            Mechanism::Ostep(d) => u64::from(d.layout.track(block)),
            Mechanism::Drive(d) => d.geometry.cylinder(u64::from(block) * SECTOR_BYTES),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Device {
    pub mechanism: Mechanism,
    schedule: Schedule,
    /// The requests not yet started, oldest first.
    pub waiting: Vec<Request<Block>>,
}

impl Device {
    pub fn new(c: &Config, mechanism: Mechanism, requests: Vec<Request<Block>>) -> Device {
        Device { mechanism, schedule: Schedule::new(c.disk.scheduler, c.disk.window), waiting: requests }
    }

    /// Picks the next request as the scheduler does, from the disk as it is at `now` (idle),
    /// and starts it. Returns it, how it is served, and how many requests it was chosen among.
    pub fn start_next(&mut self, now: SimTime) -> Option<(Request<Block>, Service, usize)> {
        let waiting = &self.waiting;
        let chosen = match &self.mechanism {
            Mechanism::Ostep(d) => self.schedule.choose(
                waiting.len(),
                |i| d.distance(waiting[i].token.block),
                |i| d.estimate(now, waiting[i].token.block),
            ),
            Mechanism::Drive(d) => {
                let head = d.tail(now);
                self.schedule.choose(
                    waiting.len(),
                    |i| d.geometry.cylinder(waiting[i].addr).abs_diff(head.cylinder),
                    |i| d.service_from(head, waiting[i].addr, waiting[i].len).end,
                )
            }
        }?;
        let candidates = self.waiting.len();
        let req = self.waiting.remove(chosen);
        let svc = match &mut self.mechanism {
            Mechanism::Ostep(d) => d.start(now, req),
            Mechanism::Drive(d) => {
                d.submit(now, req).expect("the drive is idle between requests");
                d.active().expect("it has just started").1
            }
        };
        Some((req, svc, candidates))
    }

    /// Ends the active request (at its end, `now`).
    pub fn complete(&mut self, now: SimTime) -> (Request<Block>, Service) {
        match &mut self.mechanism {
            Mechanism::Ostep(d) => d.complete(),
            Mechanism::Drive(d) => {
                let (req, svc, next) = d.complete(now);
                debug_assert!(next.is_none(), "the drive's own queue stays empty");
                (req, svc)
            }
        }
    }
}

impl Drawn for Device {
    type Token = Block;
    fn device(&self) -> DeviceId {
        0
    }
    fn geometry(&self) -> &Geometry {
        match &self.mechanism {
            Mechanism::Ostep(d) => d.geometry(),
            Mechanism::Drive(d) => &d.geometry,
        }
    }
    fn head_at(&self, t: SimTime) -> f64 {
        match &self.mechanism {
            Mechanism::Ostep(d) => d.head_at(t),
            Mechanism::Drive(d) => d.head_at(t),
        }
    }
    fn platter_angle(&self, t: SimTime) -> f64 {
        match &self.mechanism {
            Mechanism::Ostep(d) => d.angle_at(t) / 360.0,
            Mechanism::Drive(d) => d.platter_angle(t),
        }
    }
    fn active(&self) -> Option<&(Request<Block>, Service)> {
        match &self.mechanism {
            Mechanism::Ostep(d) => d.active(),
            Mechanism::Drive(d) => d.active(),
        }
    }
    fn waiting(&self) -> impl Iterator<Item = &Request<Block>> {
        self.waiting.iter()
    }
}
