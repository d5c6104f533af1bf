//! What a run of the disk system measures: the requests served, the time they took (disk.py's
//! TOTALS line: the seek, rotation and transfer summed over the requests, and the time to serve
//! them all), the means per request, and a time series of the same so far. The whole run is
//! measured: there is no warm-up.
use crate::components::disk::Service;
use crate::kernel::time::{self, to_ms as ms};
use crate::kernel::SimTime;
use serde::{Deserialize, Serialize};

/// The final figures of one run, times in ms (disk.py's time units on the ostep disk).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub warmup_s: f64,
    pub warmup_complete: bool,
    pub measured_s: f64,
    /// Requests served.
    pub requests: u64,
    /// From time 0 to the last request's end (disk.py's TOTALS Total).
    pub total_ms: f64,
    /// Seek, rotation and transfer summed over the requests (disk.py's TOTALS).
    pub seek_ms: f64,
    pub rotation_ms: f64,
    pub transfer_ms: f64,
    /// Per request served.
    pub mean_seek_ms: f64,
    pub mean_rotation_ms: f64,
    pub mean_transfer_ms: f64,
    /// Mean access time: seek + rotation + transfer.
    pub mean_access_ms: f64,
}

run_summary!(Summary, |_| None);

/// One sample of the time series, at `t_s`: the requests served so far and their times.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub t_s: f64,
    /// The whole interval lies in the measured window: always, with no warm-up.
    pub measuring: bool,
    /// Requests served so far: the work done, compare mode's other axis.
    pub requests: u64,
    pub seek_ms: f64,
    pub rotation_ms: f64,
    pub transfer_ms: f64,
}

#[derive(Clone, Debug, Default)]
pub struct Metrics {
    requests: u64,
    seek: SimTime,
    rotation: SimTime,
    transfer: SimTime,
    last_end: SimTime,
    pub series: Vec<Sample>,
}

impl Metrics {
    pub fn served(&mut self, svc: &Service) {
        self.requests += 1;
        self.seek += svc.seek_ns();
        self.rotation += svc.rotation_ns();
        self.transfer += svc.transfer_ns();
        self.last_end = svc.end;
    }

    pub fn sample(&mut self, now: SimTime) {
        let s = Sample {
            t_s: time::to_s(now),
            measuring: true,
            requests: self.requests,
            seek_ms: ms(self.seek),
            rotation_ms: ms(self.rotation),
            transfer_ms: ms(self.transfer),
        };
        self.series.push(s);
    }

    pub fn summary(&self, now: SimTime) -> Summary {
        let per = |t: SimTime| if self.requests == 0 { 0.0 } else { ms(t) / self.requests as f64 };
        Summary {
            warmup_s: 0.0,
            warmup_complete: true,
            measured_s: time::to_s(now),
            requests: self.requests,
            total_ms: ms(self.last_end),
            seek_ms: ms(self.seek),
            rotation_ms: ms(self.rotation),
            transfer_ms: ms(self.transfer),
            mean_seek_ms: per(self.seek),
            mean_rotation_ms: per(self.rotation),
            mean_transfer_ms: per(self.transfer),
            mean_access_ms: per(self.seek + self.rotation + self.transfer),
        }
    }
}
