//! The looked-up phases (`serve`) against disk.py's own loop, ported tick by tick (`Animate`,
//! `DoneWithSeek`, `DoneWithRotation`, `DoneWithTransfer`), over many disks and request lists;
//! and the README's worked examples.
use super::*;
use crate::kernel::rng::Rng;

/// disk.py's state between ticks, as its `Animate` changes it.
struct Literal {
    timer: u64,
    angle: f64,
    arm: Arm,
    state: u8, // 1 seek, 2 rotate, 3 transfer, 4 done
    target: u8,
    block: u32,
    began: Ticks,
}

impl Literal {
    fn take(&mut self, layout: &Layout, block: u32, read_on: bool) {
        let t = self.timer;
        self.block = block;
        self.began = Ticks { seek: t, rotation: t, transfer: t, end: t };
        self.target = layout.track(block);
        self.state = if read_on {
            3
        } else if self.target == self.arm.track {
            2
        } else {
            1
        };
    }

    fn run(&mut self, layout: &Layout, speeds: Speeds) -> Ticks {
        while self.state != 4 {
            self.timer += 1;
            self.angle += speeds.rotate;
            if self.angle >= 360.0 {
                self.angle = 0.0;
            }
            if self.state == 1 {
                self.arm.step(self.target, speeds.seek);
                if self.arm.track == self.target {
                    self.began.rotation = self.timer;
                    self.state = 2;
                }
            }
            let (angle, half) = (layout.angle(self.block), layout.half_angle[self.arm.track as usize]);
            if self.state == 2 && close(self.angle, (angle - half).rem_euclid(360) as f64, speeds.rotate) {
                self.began.transfer = self.timer;
                self.state = 3;
            }
            if self.state == 3 && close(self.angle, (angle + half).rem_euclid(360) as f64, speeds.rotate) {
                self.began.end = self.timer;
                self.state = 4;
            }
        }
        self.began
    }
}

/// Serves `blocks` in order both ways; the phases of every request, which must agree.
fn both(layout: &Layout, speeds: Speeds, blocks: &[u32]) -> Vec<Ticks> {
    let platter = Platter::new(speeds.rotate);
    let mut literal = Literal { timer: 0, angle: 0.0, arm: Arm::default(), state: 4, target: 0, block: 0, began: Ticks { seek: 0, rotation: 0, transfer: 0, end: 0 } };
    let (mut arm, mut now, mut last) = (Arm::default(), 0, None);
    blocks
        .iter()
        .map(|&b| {
            let read_on = last.is_some_and(|l| layout.follows(l, b));
            assert_eq!(platter.angle(now), literal.angle, "angle at {now}");
            let fast = serve(layout, &platter, speeds.seek, &mut arm, now, b, read_on);
            literal.take(layout, b, read_on);
            assert_eq!(fast, literal.run(layout, speeds), "block {b} with {speeds:?}");
            assert_eq!(arm, literal.arm);
            (now, last) = (fast.end, Some(b));
            fast
        })
        .collect()
}

fn phases(t: &Ticks) -> (u64, u64, u64) {
    (t.rotation - t.seek, t.transfer - t.rotation, t.end - t.transfer)
}

#[test]
fn the_readme_examples() {
    let layout = Layout::new([30, 30, 30], 0);
    let speeds = Speeds { seek: 1.0, rotate: 1.0 };
    // disk.py -a 10 -c: rotate 105, transfer 30; -a 10,11: 11 follows with transfer 30 only;
    // -a 10,18: seek 40, rotate 170, transfer 30.
    assert_eq!(both(&layout, speeds, &[10]).iter().map(phases).collect::<Vec<_>>(), [(0, 105, 30)]);
    assert_eq!(both(&layout, speeds, &[10, 11]).iter().map(phases).collect::<Vec<_>>(), [(0, 105, 30), (0, 0, 30)]);
    assert_eq!(both(&layout, speeds, &[10, 18]).iter().map(phases).collect::<Vec<_>>(), [(0, 105, 30), (40, 170, 30)]);
}

#[test]
fn looked_up_phases_are_the_ticked_ones() {
    let mut rng = Rng::stream(11, 0);
    let seeks = [1.0, 2.0, 4.0, 8.0, 10.0, 40.0, 0.1, 0.5, 2.5, 0.25];
    let rotations = [1.0, 0.5, 0.1, 0.3, 0.7, 2.0, 3.0, 7.0, 11.0, 45.0, 400.0, 1.5];
    let zones = [30, 10, 20, 24, 25, 36, 45, 7, 2, 360];
    for _ in 0..400 {
        let pick = |rng: &mut Rng, n: usize| rng.below(n as u32) as usize;
        let z = [zones[pick(&mut rng, 10)], zones[pick(&mut rng, 10)], zones[pick(&mut rng, 10)]];
        let layout = Layout::new(z, rng.below(5));
        let speeds = Speeds { seek: seeks[pick(&mut rng, 10)], rotate: rotations[pick(&mut rng, 12)] };
        let blocks: Vec<u32> = (0..1 + rng.below(12)).map(|_| rng.below(layout.block_count())).collect();
        both(&layout, speeds, &blocks);
    }
}

#[test]
fn the_arm_drifts_as_disk_py_s_does() {
    // -S 0.1: forty steps of 0.1 to a track come to 400 ticks in exact arithmetic, 401 in disk.py's.
    let layout = Layout::new([30, 30, 30], 0);
    let t = both(&layout, Speeds { seek: 0.1, rotate: 1.0 }, &[18]);
    assert_eq!(t[0].rotation - t[0].seek, 401);
}

#[test]
fn every_degree_passes_under_the_head_each_turn() {
    for r in [0.01, 0.07, 0.1, 0.3, 1.0, 1.7, 7.0, 13.0, 359.0, 360.0, 400.0] {
        let p = Platter::new(r);
        assert!(p.under.iter().all(|t| !t.is_empty()), "-R {r}");
    }
    assert_eq!(Platter::new(7.0).turn(), 52, "7 × 52 = 364: the angle falls back to 0, losing 4°");
}
