//! The HP 97560 of O'Toole & Shrira's Table 3 (Ruemmler & Wilkes's model; spec 001 §2.2): 1962
//! cylinders of 19 tracks of 72 sectors of 512 B at 4002 rpm, laid out in order from the first
//! sector with no skew (spec A3); its seek curve √d up to 383 cylinders and linear beyond.
use super::{DeviceId, Disk, Geometry, Scheduler, SeekCurve};

pub const SECTOR_BYTES: u64 = 512;
pub const SECTORS_PER_TRACK: u64 = 72;
pub const TRACKS_PER_CYLINDER: u64 = 19;
pub const CYLINDERS: u64 = 1962;
pub const RPM: f64 = 4002.0;
/// Table 3's seek curve: 3.24 + 0.400·√d ms for d ≤ 383 cylinders, 8.00 + 0.008·d beyond.
pub const SEEK_BOUNDARY: u32 = 383;
pub const SEEK_SHORT: (f64, f64) = (3.24, 0.400);
pub const SEEK_LONG: (f64, f64) = (8.00, 0.008);
pub const HEAD_SWITCH_MS: f64 = 1.6;

/// The drive with device id `id`, every seek scaled by `seek_scale` (1: as printed), a head
/// switch of `head_switch_ms`, its platter at angle `phase0` (revolutions) at time 0, FIFO.
pub fn disk<T: Copy>(id: DeviceId, seek_scale: f64, head_switch_ms: f64, phase0: f64) -> Disk<T> {
    let geometry = Geometry {
        track_bytes: SECTORS_PER_TRACK * SECTOR_BYTES,
        tracks_per_cylinder: TRACKS_PER_CYLINDER,
        cylinders: CYLINDERS,
        rev_ns: 60e9 / RPM,
    };
    let seek = SeekCurve::two_piece(SEEK_BOUNDARY, SEEK_SHORT, SEEK_LONG, seek_scale);
    Disk::new(id, geometry, seek, head_switch_ms, Scheduler::Fifo, phase0)
}
