//! OSTEP's homework disk (Arpaci-Dusseau, `file-disks/disk.py`) as disk.py runs it: a clock of
//! abstract time units; at each tick the platter turns by the rotation speed (`-R`, degrees a
//! unit) and the arm, while seeking, moves by the seek speed (`-S`, distance units a unit; tracks
//! are 40 apart); a request's seek ends when the arm reaches its track, its rotation when the
//! block's leading edge is under the head, its transfer at the trailing edge. Every value is
//! disk.py's, from the same floating-point operations, so each request's times are disk.py's to
//! the unit, quirks included: the angle falls back to 0 at 360 (a speed that does not divide 360
//! loses the rest of the turn), the arm drifts by rounding (`-S 0.1` seeks a track in 401 units,
//! not 400), "under the head" is within one tick's turn, and a block that follows the last one
//! on its track is read on with no seek and no rotation. The scheduler's estimate (`estimate`)
//! is disk.py's `DoSATF`'s, which may differ from the time the request then takes, as disk.py's
//! own does.
//!
//! The platter's angle restarts from exactly 0 at every turn, so its values over one turn
//! (`Platter`) give the angle at any tick, and the tick at which a phase ends is looked up
//! instead of ticked to; `tests.rs` checks this against a tick-by-tick port of disk.py's loop.
pub mod disk;
pub mod layout;

use layout::{Layout, TRACKS};

/// disk.py's arm: its left edge (`armX1`) at x = 90 over the outer track; tracks 140, 100 and
/// 60 from the spindle at x = 250, 40 apart (`trackWidth`); a seek ends when the edge reaches
/// `spindleX − tracks[t] − trackWidth / 2`.
const TRACK_WIDTH: f64 = 40.0;
const SPINDLE_X: f64 = 250.0;
const TRACK_RADIUS: [f64; TRACKS] = [140.0, 100.0, 60.0];
const ARM_WIDTH: f64 = 20.0;

/// Where the arm's left edge stops over `track`.
fn arm_x(track: u8) -> f64 {
    SPINDLE_X - TRACK_RADIUS[track as usize] - TRACK_WIDTH / 2.0
}

/// The arm at `x1`, in tracks from the outer one (fractional while seeking).
pub fn arm_track_at(x1: f64) -> f64 {
    (x1 - arm_x(0)) / TRACK_WIDTH
}

/// disk.py's `-S` and `-R`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Speeds {
    /// Distance units a time unit.
    pub seek: f64,
    /// Degrees a time unit.
    pub rotate: f64,
}

impl Speeds {
    /// Time units a seek of one track takes, as disk.py estimates it.
    pub fn track_seek(&self) -> f64 {
        TRACK_WIDTH / self.seek
    }
}

/// The platter over one turn: the angle at each tick from 0 until it reaches 360 and falls back
/// to 0 (disk.py: `angle += rotateSpeed`, then 0 once at or past 360), and for each whole degree
/// the ticks of the turn at which it is under the head (`RadiallyCloseTo`: within one tick's turn).
#[derive(Clone, Debug, PartialEq)]
pub struct Platter {
    rotate: f64,
    angles: Vec<f64>,
    under: Vec<Vec<u32>>,
}

impl Platter {
    pub fn new(rotate: f64) -> Platter {
        let mut angles = vec![0.0];
        loop {
            let next = angles[angles.len() - 1] + rotate;
            if next >= 360.0 {
                break;
            }
            angles.push(next);
        }
        let mut under = vec![Vec::new(); 360];
        for (tick, &a) in angles.iter().enumerate() {
            let (low, high) = ((a - rotate).floor().max(0.0) as usize, ((a + rotate).ceil() as usize).min(359));
            for (degree, ticks) in under.iter_mut().enumerate().take(high + 1).skip(low) {
                if close(a, degree as f64, rotate) {
                    ticks.push(tick as u32);
                }
            }
        }
        debug_assert!(under.iter().all(|t| !t.is_empty()), "every degree passes under the head each turn");
        Platter { rotate, angles, under }
    }

    /// Ticks a turn takes.
    pub fn turn(&self) -> u64 {
        self.angles.len() as u64
    }

    /// The angle at tick `t`, degrees.
    pub fn angle(&self, t: u64) -> f64 {
        self.angles[(t % self.turn()) as usize]
    }

    /// The first tick at or after `from` at which `degree` is under the head.
    fn first_under(&self, degree: i64, from: u64) -> u64 {
        let ticks = &self.under[degree.rem_euclid(360) as usize];
        let (turn, at) = (from / self.turn(), from % self.turn());
        match ticks.iter().find(|&&t| u64::from(t) >= at) {
            Some(&t) => turn * self.turn() + u64::from(t),
            None => (turn + 1) * self.turn() + u64::from(ticks[0]),
        }
    }
}

/// disk.py's `RadiallyCloseTo(a1, a2)`.
fn close(a1: f64, a2: f64, rotate: f64) -> bool {
    let v = if a1 > a2 { a1 - a2 } else { a2 - a1 };
    v < rotate
}

/// The ticks at which a request's phases began and it ended (disk.py's `seekBegin`, `rotBegin`,
/// `xferBegin` and `timer` at `DoRequestStats`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticks {
    pub seek: u64,
    pub rotation: u64,
    pub transfer: u64,
    pub end: u64,
}

/// The arm: its left edge and the track it is over, or was last over while it seeks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arm {
    pub x1: f64,
    pub track: u8,
}

impl Default for Arm {
    /// disk.py's start: over the outer track (`armX = spindleX − tracks[0]`, less `armWidth`).
    fn default() -> Arm {
        Arm { x1: SPINDLE_X - TRACK_RADIUS[0] - ARM_WIDTH, track: 0 }
    }
}

impl Arm {
    /// One tick of a seek to `target` (`DoneWithSeek`): the edge moves by the speed, and has
    /// arrived once it reaches or passes the target's place.
    fn step(&mut self, target: u8, speed: f64) {
        let speed = if target >= self.track { speed } else { -speed };
        self.x1 += speed;
        let x = arm_x(target);
        if (speed > 0.0 && self.x1 >= x) || (speed < 0.0 && self.x1 <= x) {
            self.track = target;
        }
    }

    /// Tracks between the arm and `block` (disk.py's SSTF distance).
    pub fn distance(&self, layout: &Layout, block: u32) -> u64 {
        u64::from(layout.track(block).abs_diff(self.track))
    }
}

/// The disk when a request starts (at tick `now`, with the arm and platter as they are then):
/// how disk.py serves `block` from there. `read_on`: it follows the block just read on its
/// track (`Layout::follows`), so the transfer goes on from `now`.
pub fn serve(layout: &Layout, platter: &Platter, speed: f64, arm: &mut Arm, now: u64, block: u32, read_on: bool) -> Ticks {
    let (angle, track) = (layout.angle(block), layout.track(block));
    let half = layout.half_angle[track as usize];
    if read_on {
        // disk.py sets every phase's start to now; the transfer is checked from the next tick.
        let end = platter.first_under(angle + half, now + 1);
        return Ticks { seek: now, rotation: now, transfer: now, end };
    }
    // `PlanSeek`: on the arm's track the rotation starts at once, checked from the next tick;
    // after a seek, at the tick the arm arrives. The transfer is checked at the tick the
    // rotation ends.
    let mut rotation = now;
    while arm.track != track {
        rotation += 1;
        arm.step(track, speed);
    }
    let transfer = platter.first_under(angle - half, rotation.max(now + 1));
    let end = platter.first_under(angle + half, transfer);
    Ticks { seek: now, rotation, transfer, end }
}

/// Where the arm is at tick `t` of a request that started at `start` from `from` (for the
/// frames: replayed, a seek lasting at most 80 / `-S` ticks).
pub fn arm_at(layout: &Layout, speed: f64, from: Arm, start: u64, block: u32, t: u64) -> Arm {
    let mut arm = from;
    let track = layout.track(block);
    for _ in start..t {
        if arm.track == track {
            break;
        }
        arm.step(track, speed);
    }
    arm
}

/// disk.py's `DoSATF` estimate of serving `block` with the arm at `arm` and the platter at
/// `angle`: the seek at full speed, the rotation from the angle the platter will then have, and
/// the transfer, time units.
pub fn estimate(layout: &Layout, speeds: Speeds, arm: &Arm, angle: f64, block: u32) -> f64 {
    let track = layout.track(block);
    let seek = speeds.track_seek() * arm.distance(layout, block) as f64;
    let half = layout.half_angle[track as usize];
    let mut at_arrival = angle + seek * speeds.rotate;
    while at_arrival > 360.0 {
        at_arrival -= 360.0;
    }
    let mut rotation = (layout.angle(block) - half) as f64 - at_arrival;
    while rotation > 360.0 {
        rotation -= 360.0;
    }
    while rotation < 0.0 {
        rotation += 360.0;
    }
    seek + rotation / speeds.rotate + (half as f64 * 2.0) / speeds.rotate
}

#[cfg(test)]
mod tests;
