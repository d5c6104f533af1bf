//! Object usage and frame usage (HAC §3.2.1–3.2.2). Each installed object has a 4-bit usage
//! value: a use sets its most significant bit, and a primary scan decays it. A frame's usage is
//! the pair (T, H): T the least threshold such that the fraction H of its objects hotter than T
//! is below the retention fraction R. Frames compare by T, then by H: lower is less valuable.
use std::cmp::Ordering;

/// The largest usage value; modified objects count as this (§3.2.2, no-steal).
pub const MAX_USAGE: u8 = 15;
/// Set on each use: "the most significant usage bit is set each time a method is invoked on
/// the object" (§3.2.1).
pub const USED: u8 = 0b1000;

/// How a primary scan decays usage (§3.2.1; spec A1, §9 erratum 1). The seed loses the rule; the
/// authors' text confirms the shift right by one; whether one is added first is unverified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecayRule {
    /// u ← (u + 1) >> 1: an object once used never decays below 1 (spec default).
    PlusOneShift,
    /// u ← u >> 1: each bit is one decay period (the confirmed core of the rule).
    PlainShift,
}

impl DecayRule {
    pub fn decay(self, usage: u8) -> u8 {
        match self {
            DecayRule::PlusOneShift => (usage + 1) >> 1,
            DecayRule::PlainShift => usage >> 1,
        }
    }
}

/// The retention fraction R as an exact ratio, compared with a strict `<` (spec A3: 4 of 6
/// objects is not below 2/3, though it is below 0.67).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retention {
    pub num: u32,
    pub den: u32,
}

impl Retention {
    /// R = 2/3, the paper's choice (Table 1; the text's Figure 3 uses 2/3).
    pub const PAPER: Retention = Retention { num: 2, den: 3 };

    /// `hot / n < R`.
    pub fn above(self, hot: u32, n: u32) -> bool {
        (hot as u64) * (self.den as u64) < (self.num as u64) * (n as u64)
    }
}

/// A frame's usage (§3.2.2): threshold T and the fraction H = hot / objects above it, kept as a
/// ratio so that comparisons are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameUsage {
    pub t: u8,
    pub hot: u32,
    pub objects: u32,
}

impl FrameUsage {
    /// The usage of a frame whose objects have `usages` (0 for uninstalled copies, 15 for
    /// modified objects): the least T with H(T) < R (it exists: nothing is hotter than 15).
    pub fn of(usages: impl IntoIterator<Item = u8>, r: Retention) -> FrameUsage {
        let mut histogram = [0u32; 16];
        for u in usages {
            histogram[u as usize] += 1;
        }
        let objects: u32 = histogram.iter().sum();
        let mut hot = objects - histogram[0];
        for t in 0..=MAX_USAGE {
            if r.above(hot, objects) || objects == 0 {
                return FrameUsage { t, hot, objects };
            }
            hot -= histogram[t as usize + 1];
        }
        unreachable!("no object is hotter than {MAX_USAGE}")
    }

    /// H as a number, for display.
    pub fn h(&self) -> f64 {
        if self.objects == 0 {
            0.0
        } else {
            self.hot as f64 / self.objects as f64
        }
    }

    /// Less valuable first: lower T, then lower H (§3.2.2).
    pub fn value_cmp(&self, other: &FrameUsage) -> Ordering {
        let h = |a: &FrameUsage, b: &FrameUsage| (a.hot as u64) * (b.objects.max(1) as u64);
        self.t.cmp(&other.t).then_with(|| h(self, other).cmp(&h(other, self)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figure 3 (§3.2.2), with R = 2/3: "F1 needs T = 3 because T = 2 would give H = 5/6"; F2
    /// reaches H < R at T = 0, so F2 has the lower usage and is freed first. The seed keeps only
    /// the text, so the usages are spec §2.5's illustrative pair that satisfies it.
    #[test]
    fn figure_3_frame_usage() {
        let f1 = FrameUsage::of([14, 3, 7, 3, 1, 12], Retention::PAPER);
        let f2 = FrameUsage::of([0, 9, 0, 5, 0, 0], Retention::PAPER);
        assert_eq!((f1.t, f1.hot, f1.objects), (3, 3, 6));
        assert_eq!((f2.t, f2.hot, f2.objects), (0, 2, 6));
        assert_eq!(FrameUsage::of([14, 3, 7, 3, 1, 12], Retention { num: 5, den: 6 }).t, 3, "5/6 is not below 5/6");
        assert_eq!(f2.value_cmp(&f1), Ordering::Less);
        // T = 2 would leave 5 of 6 hot: not below 2/3.
        assert!(!Retention::PAPER.above(5, 6) && !Retention::PAPER.above(4, 6) && Retention::PAPER.above(3, 6));
    }

    #[test]
    fn ties_on_t_go_by_h_and_empty_frames_are_worth_nothing() {
        let a = FrameUsage::of([0, 0, 8, 0], Retention::PAPER); // T = 0, H = 1/4
        let b = FrameUsage::of([0, 8, 8, 0, 0, 0], Retention::PAPER); // T = 0, H = 2/6
        assert_eq!((a.t, b.t), (0, 0));
        assert_eq!(a.value_cmp(&b), Ordering::Less);
        assert_eq!(FrameUsage::of([], Retention::PAPER), FrameUsage { t: 0, hot: 0, objects: 0 });
        // A frame of modified objects (usage 15) needs the top threshold.
        assert_eq!(FrameUsage::of([15, 15, 15], Retention::PAPER).t, 15);
    }

    #[test]
    fn decay_halves_usage_and_plus_one_keeps_a_used_object_above_zero() {
        let plus: Vec<u8> = [0, 1, 2, 3, 7, 8, 12, 15].map(|u| DecayRule::PlusOneShift.decay(u)).to_vec();
        assert_eq!(plus, [0, 1, 1, 2, 4, 4, 6, 8]); // spec §2.4's table
        let plain: Vec<u8> = [0, 1, 8, 15].map(|u| DecayRule::PlainShift.decay(u)).to_vec();
        assert_eq!(plain, [0, 0, 4, 7]);
        // Used in one period, then idle: the MSB walks down and off (plain) or stops at 1.
        let walk =
            |rule: DecayRule| (0..5).scan(USED, |u, _| Some(std::mem::replace(u, rule.decay(*u)))).collect::<Vec<_>>();
        assert_eq!(walk(DecayRule::PlainShift), [8, 4, 2, 1, 0]);
        assert_eq!(walk(DecayRule::PlusOneShift), [8, 4, 2, 1, 1]);
    }
}
