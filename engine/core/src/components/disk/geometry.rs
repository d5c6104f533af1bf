//! Disk geometry (spec 000-mob §3.3): a linear byte address laid out as a spiral with no skew, so
//! a continuous transfer across a track or cylinder boundary costs nothing extra, and no zoning
//! (one track size everywhere, thesis §4.2.3).
use crate::scenario;

#[derive(Clone, Debug)]
pub struct Geometry {
    pub track_bytes: u64,
    pub tracks_per_cylinder: u64,
    pub cylinders: u64,
    /// One revolution, ns.
    pub rev_ns: f64,
}

impl Geometry {
    pub fn new(d: &scenario::Disk) -> Geometry {
        Geometry {
            track_bytes: (d.track_kb * 1024.0).round() as u64,
            tracks_per_cylinder: d.tracks_per_cylinder as u64,
            cylinders: d.cylinders as u64,
            rev_ns: 60e9 / d.rpm,
        }
    }

    pub fn capacity(&self) -> u64 {
        self.track_bytes * self.tracks_per_cylinder * self.cylinders
    }

    /// Global track number of byte address `a`.
    pub fn track(&self, a: u64) -> u64 {
        a / self.track_bytes
    }

    pub fn cylinder(&self, a: u64) -> u64 {
        self.track(a) / self.tracks_per_cylinder
    }

    /// Angular position of address `a`, in revolutions [0, 1).
    pub fn angle(&self, a: u64) -> f64 {
        (a % self.track_bytes) as f64 / self.track_bytes as f64
    }

    /// Transfer time of `len` bytes, ns: one track per revolution (t = rev / track, §4.3.4).
    pub fn transfer_ns(&self, len: u64) -> f64 {
        len as f64 * self.rev_ns / self.track_bytes as f64
    }
}
