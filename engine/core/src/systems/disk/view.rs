//! The disk system's frames: the disk component's sections (`disk`, `disk_queue`: the head,
//! the platter, the request in service, the waiting requests, oldest first), every request of
//! the list with its times (`requests`: the table disk.py -c prints), and OSTEP's disk as
//! disk.py lays it out (`ostep`). Everything here only reads the models.
use super::config::{Preset, Scheduler};
use super::device::Mechanism;
use super::{DiskSystem, Entry};
use crate::components::disk::view::{disk_section, disk_sections, queue_section, Shown};
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Frame, Section};
use crate::kernel::time::to_ms;
use crate::kernel::SimTime;

/// The request kinds: every request reads one block.
pub const KINDS: &[&str] = &["read"];
pub const PRESETS: &[&str] = &["ostep", "barracuda", "st32171n", "hp97560"];
pub const SCHEDULERS: &[&str] = &["fifo", "sstf", "satf", "bsatf"];
/// Where a request is at the frame's time.
pub const STATES: &[&str] = &["waiting", "seek", "rotation", "transfer", "done"];

const DISK: [SectionInfo; 2] = disk_sections!(KINDS);

const REQUESTS: SectionInfo = SectionInfo {
    name: "requests",
    description: "Every request, in the order it arrived: its block, where it is now, its place in the \
        order the disk serves them, when its phases end, and once served its seek, rotation, transfer and \
        total (the line disk.py -c prints for it; in disk.py's time units on the ostep disk, one a ms). \
        The scalars are the disk, its scheduler and disk.py's TOTALS line so far.",
    scalars: &[
        f64("preset", "disk", "").values(PRESETS),
        f64("scheduler", "scheduler", "").values(SCHEDULERS),
        f64("window", "scheduling window (−1: every waiting request)", "requests"),
        f64("served", "requests served", "requests"),
        f64("seek", "seek, requests served", "ms"),
        f64("rotation", "rotation, requests served", "ms"),
        f64("transfer", "transfer, requests served", "ms"),
        f64("total", "time to the last request's end", "ms"),
    ],
    row: "a request, in the order it arrived",
    columns: &[
        u32("block", "block", ""),
        u32("track", "track (cylinder on a drive)", ""),
        u8("state", "now", "").values(STATES),
        f64("order", "served as number (from 0; −1: not yet started)", ""),
        // Times as doubles: ns stay far below 2^53 and cross into JS exactly.
        f64("start", "started (−1: not yet)", "ns"),
        f64("seek_end", "seek ends (−1: not started)", "ns"),
        f64("rotation_end", "rotation ends (−1: not started)", "ns"),
        f64("end", "transfer ends (−1: not started)", "ns"),
        f64("seek", "seek (−1: not served yet)", "ms"),
        f64("rotation", "rotation (−1: not served yet)", "ms"),
        f64("transfer", "transfer (−1: not served yet)", "ms"),
        f64("total", "total (−1: not served yet)", "ms"),
    ],
};

const OSTEP: SectionInfo = SectionInfo {
    name: "ostep",
    description: "OSTEP's homework disk as disk.py lays it out and turns it (no rows and −1 for a drive): \
        three tracks, 0 the outer; block b is centred under the head when the platter's angle is b's angle, \
        its transfer running from angle − half to angle + half; the platter's angle grows by rotate_speed a \
        time unit and falls back to 0 at 360; the arm moves seek_speed a unit, tracks 40 apart.",
    scalars: &[
        f64("seek_speed", "seek speed (disk.py's -S)", "distance/unit"),
        f64("rotate_speed", "rotation speed (disk.py's -R)", "degrees/unit"),
        f64("skew", "track skew (disk.py's -o)", "blocks"),
        f64("turn", "a turn of the platter", "units"),
        f64("unit_ns", "a time unit, simulated", "ns"),
        f64("angle", "platter angle now (disk.py's angle)", "degrees"),
        f64("arm_track", "arm now, tracks from the outer (fractional while it seeks)", ""),
    ],
    row: "a block",
    columns: &[
        u8("track", "track (0: outer)", ""),
        f64("angle", "angle (disk.py's blockToAngleMap)", "degrees"),
        f64("half_angle", "half its span", "degrees"),
    ],
};

pub const SECTIONS: &[SectionInfo] = &[DISK[0], DISK[1], REQUESTS, OSTEP];

pub fn frame(sim: &DiskSystem, now: SimTime) -> Frame {
    let g = crate::components::disk::view::Drawn::geometry(&sim.device);
    let disks = [Shown { disk: &sim.device, data_end: g.capacity() }];
    Frame(vec![
        disk_section(&SECTIONS[0], &disks, now),
        queue_section(&SECTIONS[1], &disks),
        requests(sim, now),
        ostep(sim, now),
    ])
}

/// Where request `e` is at `now`.
fn state(e: &Entry, now: SimTime) -> u8 {
    match e.service {
        _ if e.done => 4,
        None => 0,
        Some(s) if now < s.seek_end => 1,
        Some(s) if now < s.rotation_end => 2,
        Some(_) => 3,
    }
}

fn requests(sim: &DiskSystem, now: SimTime) -> Section {
    let e = &sim.entries;
    let served = || e.iter().filter(|x| x.done).filter_map(|x| x.service);
    let sum = |f: fn(&crate::components::disk::Service) -> u64| to_ms(served().map(|s| f(&s)).sum());
    let time = |f: fn(&crate::components::disk::Service) -> SimTime| {
        e.iter().map(move |x| x.service.map_or(-1.0, |s| f(&s) as f64))
    };
    let done = |f: fn(&crate::components::disk::Service) -> u64| {
        e.iter().map(move |x| if x.done { x.service.map_or(-1.0, |s| to_ms(f(&s))) } else { -1.0 })
    };
    let c = &sim.config.disk;
    let mut s = Section::new(&SECTIONS[2]);
    s.set("preset", c.preset as u8 as f64)
        .set("scheduler", c.scheduler as u8 as f64)
        .set("window", c.window.map_or(-1.0, f64::from))
        .set("served", served().count() as f64)
        .set("seek", sum(|s| s.seek_ns()))
        .set("rotation", sum(|s| s.rotation_ns()))
        .set("transfer", sum(|s| s.transfer_ns()))
        .set("total", to_ms(served().map(|s| s.end).max().unwrap_or(0)))
        .u32s("block", e.iter().map(|x| x.block))
        .u32s("track", e.iter().map(|x| x.cylinder))
        .u8s("state", e.iter().map(|x| state(x, now)))
        .f64s("order", e.iter().map(|x| x.order.map_or(-1.0, f64::from)))
        .f64s("start", time(|s| s.start))
        .f64s("seek_end", time(|s| s.seek_end))
        .f64s("rotation_end", time(|s| s.rotation_end))
        .f64s("end", time(|s| s.end))
        .f64s("seek", done(|s| s.seek_ns()))
        .f64s("rotation", done(|s| s.rotation_ns()))
        .f64s("transfer", done(|s| s.transfer_ns()))
        .f64s("total", done(|s| s.end - s.start));
    s
}

fn ostep(sim: &DiskSystem, now: SimTime) -> Section {
    let mut s = Section::new(&SECTIONS[3]);
    let Mechanism::Ostep(d) = &sim.device.mechanism else {
        for name in ["seek_speed", "rotate_speed", "skew", "turn", "unit_ns", "angle", "arm_track"] {
            s.set(name, -1.0);
        }
        s.u8s("track", []).f64s("angle", []).f64s("half_angle", []);
        return s;
    };
    let blocks = &d.layout.blocks;
    s.set("seek_speed", d.speeds.seek)
        .set("rotate_speed", d.speeds.rotate)
        .set("skew", f64::from(sim.config.ostep.skew))
        .set("turn", d.platter.turn() as f64)
        .set("unit_ns", super::UNIT_NS as f64)
        .set("angle", d.angle_at(now))
        .set("arm_track", d.head_at(now))
        .u8s("track", blocks.iter().map(|b| b.0))
        .f64s("angle", blocks.iter().map(|b| b.1 as f64))
        .f64s("half_angle", blocks.iter().map(|b| d.layout.half_angle[b.0 as usize] as f64));
    s
}

/// Keeps the enumerations' numbering and the frame's names in step.
const _: () = assert!(Preset::Hp97560 as usize == PRESETS.len() - 1);
const _: () = assert!(Scheduler::Bsatf as usize == SCHEDULERS.len() - 1);
