//! Disk geometry (spec 000-mob §3.3): a linear byte address laid out as a spiral with no skew, so
//! a continuous transfer across a track or cylinder boundary costs nothing extra, and no zoning
//! (one track size everywhere, thesis §4.2.3).
#[derive(Clone, Debug)]
pub struct Geometry {
    pub track_bytes: u64,
    pub tracks_per_cylinder: u64,
    pub cylinders: u64,
    /// One revolution, ns.
    pub rev_ns: f64,
}

impl Geometry {
    /// A drive spinning at `rpm` with tracks of `track_kb` KB, `tracks_per_cylinder` of them to
    /// each of its `cylinders`.
    pub fn new(rpm: f64, track_kb: f64, tracks_per_cylinder: u32, cylinders: u32) -> Geometry {
        Geometry {
            track_bytes: (track_kb * 1024.0).round() as u64,
            tracks_per_cylinder: tracks_per_cylinder as u64,
            cylinders: cylinders as u64,
            rev_ns: 60e9 / rpm,
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
