//! The disk's scenario section (`[disk]`) and its scheduler, each field declared once, as every
//! section's are: the description, the unit (`x-unit`) and the range (`garde`, with
//! `crate::rules`). The defaults are the drive a system's paper measured: a system states it as
//! a `Model` (`Disk<Barracuda>`, the thesis's Table 4.6; `Disk<St32171n>`, HAC's), so every
//! system's `[disk]` has the same fields and rules, and only its defaults differ.
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::marker::PhantomData;

use super::{DeviceId, Geometry, SeekCurve};
use crate::rules::positive;

/// The order a disk serves its queue in. The opportunistic log's shortest positioning time
/// first and the write-optimized layout's sorted batches join this enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Scheduler {
    /// First come, first served (spec 000-mob A17).
    Fifo,
}

/// A drive a paper measured: the values of a `[disk]` section that leaves them out.
pub trait Model: Clone + Debug + Default + PartialEq {
    fn disk() -> Disk<Self>;
}

/// A disk drive: its geometry, seek curve, head switch and scheduler; the defaults are model
/// `M`'s.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default, bound(deserialize = "M: Model"))]
#[schemars(bound = "M: Model")]
pub struct Disk<M: Model = Barracuda> {
    /// The order queued requests are served in: fifo, first come first served (spec 000 A17).
    #[garde(skip)]
    pub scheduler: Scheduler,
    /// Spindle speed.
    #[garde(range(min = 1000.0, max = 30_000.0))]
    #[schemars(extend("x-unit" = "rpm"))]
    pub rpm: f64,
    /// Bytes per track (at least one 512-byte sector).
    #[garde(range(min = 0.5, max = 16_384.0))]
    #[schemars(extend("x-unit" = "KB"))]
    pub track_kb: f64,
    /// Number of cylinders.
    #[garde(range(min = 1, max = 1_000_000))]
    #[schemars(extend("x-unit" = "count"))]
    pub cylinders: u32,
    /// Tracks per cylinder, one per head.
    #[garde(range(min = 1, max = 1024))]
    #[schemars(extend("x-unit" = "count"))]
    pub tracks_per_cylinder: u32,
    /// Single-cylinder seek time.
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub seek_min_ms: f64,
    /// Average seek time.
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub seek_avg_ms: f64,
    /// Full-stroke seek time.
    #[garde(custom(positive), range(max = 1000.0))]
    #[schemars(extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub seek_max_ms: f64,
    /// Head switch time.
    #[garde(range(min = 0.0, max = 1000.0))]
    #[schemars(extend("x-unit" = "ms"))]
    pub head_switch_ms: f64,
    #[serde(skip)]
    #[schemars(skip)]
    #[garde(skip)]
    pub model: PhantomData<M>,
}

impl<M: Model> Default for Disk<M> {
    fn default() -> Self {
        M::disk()
    }
}

/// The Seagate ST18771FC Barracuda 8 (thesis Table 4.6; the head switch is a minimal seek, spec
/// 000 A16).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Barracuda;

impl Model for Barracuda {
    fn disk() -> Disk<Self> {
        Disk {
            scheduler: Scheduler::Fifo,
            rpm: 7200.0,
            track_kb: 89.0,
            cylinders: 5333,
            tracks_per_cylinder: 20,
            seek_min_ms: 0.85,
            seek_avg_ms: 8.75,
            seek_max_ms: 19.5,
            head_switch_ms: 0.85,
            model: PhantomData,
        }
    }
}

/// HAC's server disk (Castro et al. §4.1: Seagate ST-32171N, peak transfer 15.2 MB/s, average read seek
/// 9.4 ms, average rotational latency 4.17 ms). The geometry and the extreme seeks are not in
/// the paper: a 2.1 GB drive at 7200 rpm with 124 KB tracks (15.2 MB/s × 8.33 ms), spec §5; a
/// head switch takes a single-cylinder seek; FIFO service.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct St32171n;

impl Model for St32171n {
    fn disk() -> Disk<Self> {
        Disk {
            scheduler: Scheduler::Fifo,
            rpm: 7200.0,
            track_kb: 15.2e6 * 60.0 / 7200.0 / 1024.0,
            cylinders: 3400,
            tracks_per_cylinder: 5,
            seek_min_ms: 1.0,
            seek_avg_ms: 9.4,
            seek_max_ms: 19.0,
            head_switch_ms: 1.0,
            model: PhantomData,
        }
    }
}

/// Thor0's OR disk (Liskov et al. §6.1: DEC RZ26, peak transfer 3.3 MB/s, average seek 10.5 ms,
/// average rotational latency 5.5 ms, so about 5400 rpm). A 28.5 KB segment is one track (§5.2):
/// 57 sectors of 512 bytes. The cylinders, heads and extreme seeks are not in the paper: the
/// RZ26's 1.05 GB as 2570 cylinders of 14 tracks, a 2.5 ms single-cylinder seek and a 21 ms
/// full stroke (spec 003 A17); FIFO service.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rz26;

impl Model for Rz26 {
    fn disk() -> Disk<Self> {
        Disk {
            scheduler: Scheduler::Fifo,
            rpm: 5400.0,
            track_kb: 28.5,
            cylinders: 2570,
            tracks_per_cylinder: 14,
            seek_min_ms: 2.5,
            seek_avg_ms: 10.5,
            seek_max_ms: 21.0,
            head_switch_ms: 1.0,
            model: PhantomData,
        }
    }
}

impl<M: Model> Disk<M> {
    /// The disk this section states, with device id `id`, its platter at angle `phase0`
    /// (revolutions) at time 0.
    pub fn build<T: Copy>(&self, id: DeviceId, phase0: f64) -> super::Disk<T> {
        let geometry = Geometry::new(self.rpm, self.track_kb, self.tracks_per_cylinder, self.cylinders);
        let seek = SeekCurve::calibrate(self.seek_min_ms, self.seek_avg_ms, self.seek_max_ms, self.cylinders);
        super::Disk::new(id, geometry, seek, self.head_switch_ms, self.scheduler, phase0)
    }

    /// Its numbers, for the rules every drive obeys (`rules::problems`).
    pub fn drive(&self) -> super::rules::Drive {
        super::rules::Drive {
            track_kb: self.track_kb,
            cylinders: self.cylinders,
            tracks_per_cylinder: self.tracks_per_cylinder,
            seek_min_ms: self.seek_min_ms,
            seek_avg_ms: self.seek_avg_ms,
            seek_max_ms: self.seek_max_ms,
        }
    }
}
