//! Which waiting request the disk serves next (disk.py's `GetNextIO`, `DoSSTF`, `DoSATF` and
//! its scheduling window), for either disk: the disk gives each waiting request's distance in
//! tracks and its estimated access time, and the scheduler picks. The waiting requests are in
//! the order they arrived; ties go to the older.
use super::config::Scheduler;

/// A scheduler, its window (disk.py's `-w`; `None`: every waiting request) and, for BSATF, how
/// much of the current window is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    scheduler: Scheduler,
    window: Option<u32>,
    batch_left: usize,
}

impl Schedule {
    pub fn new(scheduler: Scheduler, window: Option<u32>) -> Schedule {
        Schedule { scheduler, window, batch_left: 0 }
    }

    /// The index of the request to serve among `waiting` ones (none if there are none):
    /// - FIFO: the oldest (the window does not apply);
    /// - SATF: the shortest `estimate` among the oldest `window` (disk.py's window slides on
    ///   by one at each completion, so it always holds the `window` oldest still waiting);
    /// - SSTF: of those, the ones at the shortest `distance`, then the shortest `estimate`
    ///   (disk.py's SSTF "finds all the blocks on the nearest track" and runs SATF on them);
    /// - BSATF: SATF within a window that moves on only when all of it is served (disk.py's
    ///   fairness window: it grows by `window` once every `window` completions).
    pub fn choose<E: PartialOrd>(
        &mut self,
        waiting: usize,
        distance: impl Fn(usize) -> u64,
        estimate: impl Fn(usize) -> E,
    ) -> Option<usize> {
        if waiting == 0 {
            return None;
        }
        let window = self.window.map_or(waiting, |w| (w as usize).min(waiting));
        let candidates = match self.scheduler {
            Scheduler::Fifo => return Some(0),
            Scheduler::Sstf | Scheduler::Satf => window,
            Scheduler::Bsatf => {
                if self.batch_left == 0 {
                    self.batch_left = window;
                }
                self.batch_left -= 1;
                self.batch_left + 1
            }
        };
        let nearest = match self.scheduler {
            Scheduler::Sstf => (0..candidates).map(&distance).min(),
            _ => None,
        };
        let mut best: Option<(usize, E)> = None;
        for i in (0..candidates).filter(|&i| nearest.is_none_or(|d| distance(i) == d)) {
            let e = estimate(i);
            // disk.py's `totalEst < minEst`: the first of equal estimates stays.
            if best.as_ref().is_none_or(|(_, b)| e < *b) {
                best = Some((i, e));
            }
        }
        best.map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(scheduler: Scheduler, window: Option<u32>, tracks: &[u64], costs: &[f64]) -> Vec<usize> {
        let mut s = Schedule::new(scheduler, window);
        let mut waiting: Vec<usize> = (0..tracks.len()).collect();
        let mut served = Vec::new();
        while let Some(i) = s.choose(waiting.len(), |i| tracks[waiting[i]], |i| costs[waiting[i]]) {
            served.push(waiting.remove(i));
        }
        served
    }

    #[test]
    fn each_scheduler_picks_as_disk_py_does() {
        let tracks = [2, 0, 1, 0, 2];
        let costs = [5.0, 9.0, 1.0, 3.0, 1.0];
        assert_eq!(order(Scheduler::Fifo, Some(2), &tracks, &costs), [0, 1, 2, 3, 4]);
        assert_eq!(order(Scheduler::Satf, None, &tracks, &costs), [2, 4, 3, 0, 1], "ties to the older");
        assert_eq!(order(Scheduler::Sstf, None, &tracks, &costs), [3, 1, 2, 4, 0]);
        // A window of 2: the two oldest waiting.
        assert_eq!(order(Scheduler::Satf, Some(2), &tracks, &costs), [0, 2, 3, 4, 1]);
        // Bounded: {0, 1} whole, then {2, 3}, then {4}.
        assert_eq!(order(Scheduler::Bsatf, Some(2), &tracks, &costs), [0, 1, 2, 3, 4]);
        assert_eq!(order(Scheduler::Bsatf, Some(3), &tracks, &costs), [2, 0, 1, 4, 3]);
        assert_eq!(order(Scheduler::Bsatf, None, &tracks, &costs), order(Scheduler::Satf, None, &tracks, &costs));
    }
}
