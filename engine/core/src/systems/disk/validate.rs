//! Rules between the disk system's fields, each problem at the field it names (checked once
//! every field is in its declared range), and the most work a run may take.
use super::config::{Config, Ostep, Preset, Scheduler};
use super::device::Mechanism;
use super::view::{PRESETS, SCHEDULERS};
use crate::components::disk::Disk;
use crate::kernel::work::Work;
use crate::kernel::MAX_RUN_S;
use crate::scenario::{Problem, Scenario};

/// Steps of the engine's own work (`kernel::work`, about 1 ns each) per estimate a scheduler
/// makes (disk.py's `DoSATF` estimate, or a drive's `service_from`), and per tick of an ostep
/// seek (a tick of the arm).
const STEPS_PER_ESTIMATE: f64 = 30.0;
const STEPS_PER_SEEK_TICK: f64 = 4.0;

fn requests(c: &Config) -> usize {
    c.requests.blocks.as_ref().map_or(c.requests.count as usize, Vec::len)
}

/// The longest one request may take, ms: a seek across the disk (and its last tick of drift on
/// the ostep disk), a whole turn to wait and one to transfer (disk.py's ticks, on the ostep disk).
fn longest_request_ms(c: &Config, m: &Mechanism) -> f64 {
    match m {
        Mechanism::Ostep(d) => 80.0 / c.ostep.seek_speed + 2.0 * d.platter.turn() as f64 + 3.0,
        Mechanism::Drive(d) => longest_drive_ms(d),
    }
}

fn longest_drive_ms<T: Copy>(d: &Disk<T>) -> f64 {
    d.seek_ms(d.geometry.cylinders as u32 - 1) + 2.0 * d.geometry.rev_ns / 1e6
}

pub fn work(c: &Config, s: &Scenario) -> Work {
    let m = Mechanism::new(c);
    let n = requests(c) as f64;
    let candidates = match c.disk.scheduler {
        Scheduler::Fifo => 1.0,
        _ => c.disk.window.map_or(n, |w| f64::from(w).min(n)),
    };
    let seek_ticks = match m {
        Mechanism::Ostep(_) => 80.0 / c.ostep.seek_speed + 2.0,
        Mechanism::Drive(_) => 0.0,
    };
    let per_request = candidates * STEPS_PER_ESTIMATE + seek_ticks * STEPS_PER_SEEK_TICK;
    let samples = n * longest_request_ms(c, &m) / 1e3 / s.run.sample_interval_s;
    Work {
        events: 3.0 * n + samples,
        steps: n * per_request,
        steps_per_event: per_request,
        assumes: format!(
            "{n} requests, each chosen among {candidates} by {}'s estimates and timed through its seek",
            SCHEDULERS[c.disk.scheduler as usize]
        ),
        fields: &["requests.count", "requests.blocks", "disk.window", "ostep.seek_speed"],
        fix: "serve fewer requests (requests.count, requests.blocks), give disk.window a smaller value, or raise \
              ostep.seek_speed",
        ..Work::default()
    }
}

pub fn problems(c: &Config, _s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    let ostep = &c.ostep;
    if c.disk.preset == Preset::Ostep {
        // disk.py: "Seek speed must divide evenly into track width" (40 % S for S > 1, 40 / S whole below).
        let s = ostep.seek_speed;
        let divides = if s > 1.0 { 40.0 % s == 0.0 } else { 40.0 / s == (40.0 / s).trunc() };
        if !divides {
            problems.push(Problem::new(
                "ostep.seek_speed",
                format!(
                    "a seek speed of {s} does not divide the 40 units between tracks (disk.py refuses it): give \
                     one that does, e.g. 0.1, 0.5, 1, 2, 4, 5, 8, 10, 20 or 40"
                ),
            ));
        }
    } else {
        problems.extend(ostep_given(ostep).map(|field| {
            Problem::new(
                format!("ostep.{field}"),
                format!(
                    "[ostep] sets OSTEP's homework disk, but disk.preset is {}: leave it out",
                    PRESETS[c.disk.preset as usize]
                ),
            )
            .related(&["disk.preset"])
        }));
    }
    if !problems.is_empty() {
        return problems;
    }
    let m = Mechanism::new(c);
    let blocks = m.blocks();
    match &c.requests.blocks {
        Some(list) => {
            if let Some((i, b)) = list.iter().enumerate().find(|(_, &b)| u64::from(b) >= blocks) {
                problems.push(
                    Problem::new(
                        "requests.blocks",
                        format!(
                            "request {i} is block {b}, but the disk has blocks 0 to {} (disk.py fails on it)",
                            blocks - 1
                        ),
                    )
                    .related(&["disk.preset", "ostep.zones"]),
                );
            }
        }
        None => {
            let r = &c.requests;
            let max = r.max.map_or_else(|| m.default_max(), u64::from);
            if max - 1 + u64::from(r.min) >= blocks {
                problems.push(
                    Problem::new(
                        "requests.max",
                        format!(
                            "random blocks run from min ({}) to min + max − 1 ({}), past the disk's last block {}: \
                             lower requests.max or requests.min",
                            r.min,
                            max - 1 + u64::from(r.min),
                            blocks - 1
                        ),
                    )
                    .related(&["requests.min"]),
                );
            }
        }
    }
    let longest_s = requests(c) as f64 * longest_request_ms(c, &m) / 1e3;
    if longest_s > MAX_RUN_S {
        let field = if c.requests.blocks.is_some() { "requests.blocks" } else { "requests.count" };
        problems.push(
            Problem::new(
                field,
                format!(
                    "{} requests may take up to {longest_s:.0} s, longer than a run may last ({MAX_RUN_S} s): serve \
                     fewer, or raise ostep.rotate_speed",
                    requests(c)
                ),
            )
            .related(&["ostep.rotate_speed"]),
        );
    }
    problems
}

/// The fields of [ostep] that differ from disk.py's defaults.
fn ostep_given(o: &Ostep) -> impl Iterator<Item = &'static str> {
    let d = Ostep::default();
    [
        ("seek_speed", o.seek_speed != d.seek_speed),
        ("rotate_speed", o.rotate_speed != d.rotate_speed),
        ("skew", o.skew != d.skew),
        ("zones", o.zones != d.zones),
    ]
    .into_iter()
    .filter_map(|(field, differs)| differs.then_some(field))
}
