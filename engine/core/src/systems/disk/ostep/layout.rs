//! Where disk.py puts its blocks (`InitBlockLayout`): three concentric tracks, outer (0) to
//! inner (2), each with blocks every `zone` degrees (`-z`, 30,30,30 by default: 12 blocks a
//! track), numbered on from the track before; track t's blocks turned by t·`skew` blocks (`-o`);
//! then every angle turned by 180°, so the head, at angle 0 over the outer track, starts halfway
//! through block 6.

/// Tracks of disk.py's disk.
pub const TRACKS: usize = 3;

#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Each block's track and angle, degrees in [0, 360) (disk.py's `blockToTrackMap` and
    /// `blockToAngleMap`).
    pub blocks: Vec<(u8, i64)>,
    /// Half the angle between a track's blocks (`blockAngleOffset`): a block's transfer starts
    /// and ends this far either side of it.
    pub half_angle: [i64; TRACKS],
    /// Each track's first and last block (`tracksBeginEnd`).
    pub bounds: [(u32, u32); TRACKS],
}

impl Layout {
    /// The layout of `zones` (degrees between blocks, outer to inner, each at least 2) and
    /// `skew` (blocks).
    pub fn new(zones: [u32; TRACKS], skew: u32) -> Layout {
        // disk.py: `int(zones[i]) // 2`, the step between blocks twice that (an odd zone loses a degree).
        let half_angle = zones.map(|z| i64::from(z / 2));
        let mut blocks = Vec::new();
        let mut bounds = [(0, 0); TRACKS];
        for (track, &half) in half_angle.iter().enumerate() {
            let step = 2 * half;
            let first = blocks.len() as u32;
            // Track 1 is turned by `skew` blocks, track 2 by twice that.
            let turn = step * track as i64 * i64::from(skew);
            blocks.extend((0..360).step_by(step as usize).map(|angle| (track as u8, (angle + turn + 180).rem_euclid(360))));
            bounds[track] = (first, blocks.len() as u32 - 1);
        }
        Layout { blocks, half_angle, bounds }
    }

    pub fn track(&self, block: u32) -> u8 {
        self.blocks[block as usize].0
    }

    pub fn angle(&self, block: u32) -> i64 {
        self.blocks[block as usize].1
    }

    pub fn block_count(&self) -> u32 {
        self.blocks.len() as u32
    }

    /// disk.py's `maxBlock`, the bound of a random request list whose maximum is −1: the inner
    /// track's first block, so such lists never reach the inner track (disk.py's quirk, kept).
    pub fn max_block(&self) -> u32 {
        self.bounds[2].0
    }

    /// Whether `next` follows `current` on the same track (disk.py: the next block, or the
    /// track's first after its last): the head then goes on transferring, with no seek and no
    /// rotation.
    pub fn follows(&self, current: u32, next: u32) -> bool {
        let track = self.track(current);
        let (first, last) = self.bounds[track as usize];
        track == self.track(next) && ((current == last && next == first) || current + 1 == next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_disk_has_12_blocks_a_track_with_block_6_under_the_head() {
        let l = Layout::new([30, 30, 30], 0);
        assert_eq!(l.block_count(), 36);
        assert_eq!(l.bounds, [(0, 11), (12, 23), (24, 35)]);
        assert_eq!((l.track(6), l.angle(6)), (0, 0), "the head starts over block 6 (README)");
        assert_eq!((l.track(10), l.angle(10)), (0, 120));
        // "sector 10 on the outer track is lined up with sector 22 on the middle track" (README).
        assert_eq!(l.angle(22), l.angle(10));
        assert_eq!(l.max_block(), 24);
        assert!(l.follows(10, 11) && l.follows(11, 0) && !l.follows(11, 12) && !l.follows(10, 12));
    }

    #[test]
    fn zones_and_skew_move_the_blocks() {
        let l = Layout::new([10, 20, 30], 2);
        assert_eq!(l.bounds, [(0, 35), (36, 53), (54, 65)]);
        assert_eq!(l.half_angle, [5, 10, 15]);
        // Track 1 turned by 2 blocks of 20°, track 2 by 4 blocks of 30°.
        assert_eq!(l.angle(36), 40 + 180);
        assert_eq!(l.angle(54), 120 + 180);
        // An odd zone: 25° → blocks every 24°, 15 of them.
        assert_eq!(Layout::new([25, 30, 30], 0).bounds[0], (0, 14));
    }
}
