//! Hybrid's measured costs at a server (thesis §5.2.1): the mean time to fetch a page from remote
//! memory (from the fault to the page's arrival, the request and any forward included, spec A23)
//! and the mean time of a disk read (its queueing and service), each refreshed at the end of
//! every interval from that interval's fetches; an interval without any keeps the last value.
//! Before the first refresh: the M2266's unloaded mean for a disk read, and two page latencies
//! and a fault for a remote page (spec A23).
use crate::kernel::SimTime;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Costs {
    pub remote_ns: f64,
    pub disk_ns: f64,
    /// This interval's fetches so far, each kind's time summed and counted.
    remote: (f64, u32),
    disk: (f64, u32),
    /// When this interval ends.
    ends: SimTime,
}

/// The M2266's unloaded disk read, ms: settle, a short seek, half a turn, a page's transfer
/// (spec §2.2's sanity value).
pub const UNLOADED_DISK_MS: f64 = 13.0;

impl Costs {
    pub fn new(remote_ns: f64, interval: SimTime) -> Costs {
        Costs { remote_ns, disk_ns: UNLOADED_DISK_MS * 1e6, remote: (0.0, 0), disk: (0.0, 0), ends: interval }
    }

    /// The means of the interval that ended by `now`, if any did.
    pub fn refresh(&mut self, now: SimTime, interval: SimTime) {
        if now < self.ends {
            return;
        }
        let mean = |(sum, n): (f64, u32), last: f64| if n == 0 { last } else { sum / f64::from(n) };
        (self.remote_ns, self.disk_ns) = (mean(self.remote, self.remote_ns), mean(self.disk, self.disk_ns));
        (self.remote, self.disk) = ((0.0, 0), (0.0, 0));
        // The next boundary of the fixed grid of intervals after `now`.
        self.ends += interval * ((now - self.ends) / interval + 1);
    }

    /// A page fetched from remote memory in `ns`, or read from disk in `ns`, at `now`.
    pub fn remote(&mut self, now: SimTime, ns: SimTime, interval: SimTime) {
        self.refresh(now, interval);
        self.remote = (self.remote.0 + ns as f64, self.remote.1 + 1);
    }

    pub fn disk(&mut self, now: SimTime, ns: SimTime, interval: SimTime) {
        self.refresh(now, interval);
        self.disk = (self.disk.0 + ns as f64, self.disk.1 + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The costs change only when an interval ends, to that interval's means.
    #[test]
    fn costs_are_the_last_intervals_means() {
        let mut c = Costs::new(2e6, 1_000);
        c.disk(10, 20e6 as u64, 1_000);
        c.disk(20, 10e6 as u64, 1_000);
        c.remote(30, 4e6 as u64, 1_000);
        assert_eq!((c.remote_ns, c.disk_ns), (2e6, 13e6), "the first interval is not over");
        c.refresh(1_000, 1_000);
        assert_eq!((c.remote_ns, c.disk_ns), (4e6, 15e6));
        c.disk(3_500, 5e6 as u64, 1_000);
        assert_eq!((c.remote_ns, c.disk_ns), (4e6, 15e6), "intervals with no fetch keep the last values");
        c.refresh(4_000, 1_000);
        assert_eq!(c.disk_ns, 5e6);
    }
}
