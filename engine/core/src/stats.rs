//! Sample statistics: mean and the half-width of a 95% Student-t confidence interval, the
//! thesis's error bars (§4.3), and the batch means of a measured window (spec 000-mob §5).
use crate::kernel::{time, SimTime};

/// Two-sided 95% Student-t quantiles for 1..=30 degrees of freedom.
const T95: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
    2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
];

pub fn t95(df: usize) -> f64 {
    match df {
        0 => f64::NAN,
        1..=30 => T95[df - 1],
        31..=60 => 2.000,
        61..=120 => 1.980,
        _ => 1.960,
    }
}

pub fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// Half-width of the 95% confidence interval of the mean of `xs` (0 for fewer than 2 samples).
pub fn ci95(xs: &[f64]) -> f64 {
    let n = xs.len();
    if n < 2 {
        return 0.0;
    }
    let m = mean(xs);
    let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1) as f64;
    t95(n - 1) * (var / n as f64).sqrt()
}

/// `a / b`, or 0 when `b` is 0.
pub fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// A measured window cut into equal batches, each completion counted in the batch it falls in
/// (spec 000-mob §5): the spread of the per-batch rates is the run's own confidence interval.
#[derive(Clone, Debug)]
pub struct BatchMeans {
    start: SimTime,
    batch_ns: SimTime,
    counts: Vec<u64>,
}

impl BatchMeans {
    pub fn new(batches: u32) -> BatchMeans {
        BatchMeans { start: 0, batch_ns: 0, counts: vec![0; batches as usize] }
    }

    /// The window of `duration` starts at `now`, every batch empty.
    pub fn begin(&mut self, now: SimTime, duration: SimTime) {
        let batches = self.counts.len();
        *self = BatchMeans { start: now, batch_ns: duration / batches as u64, counts: vec![0; batches] };
    }

    /// When the window started (0 before it has).
    pub fn start(&self) -> SimTime {
        self.start
    }

    /// A completion at `now`, within the window; one past its end counts in no batch.
    pub fn count(&mut self, now: SimTime) {
        let b = ((now - self.start) / self.batch_ns.max(1)) as usize;
        if let Some(c) = self.counts.get_mut(b) {
            *c += 1;
        }
    }

    /// Half-width of the 95% confidence interval of the completions per second of a batch, a
    /// batch taken to last at least `min_batch_s` (a window shorter than its batch count in ns
    /// has batches of 0 ns).
    pub fn rate_ci95(&self, min_batch_s: f64) -> f64 {
        let batch_s = time::to_s(self.batch_ns).max(min_batch_s);
        let rates: Vec<f64> = self.counts.iter().map(|&c| c as f64 / batch_s).collect();
        ci95(&rates)
    }
}

/// A measured window cut into equal batches, each observation (a response time) added to the
/// batch its completion falls in: the spread of the batches' means is the run's own confidence
/// interval of the mean.
#[derive(Clone, Debug, Default)]
pub struct MeanBatches {
    start: SimTime,
    batch_ns: SimTime,
    sums: Vec<f64>,
    counts: Vec<u64>,
}

impl MeanBatches {
    /// The window of `duration` starts at `now`, cut into `batches`, every batch empty.
    pub fn begin(&mut self, now: SimTime, duration: SimTime, batches: usize) {
        *self = MeanBatches {
            start: now,
            batch_ns: duration / batches as u64,
            sums: vec![0.0; batches],
            counts: vec![0; batches],
        };
    }

    /// An observation completing at `now`; none before the window begins or past its end.
    pub fn add(&mut self, now: SimTime, x: f64) {
        if self.counts.is_empty() || now < self.start {
            return;
        }
        let b = ((now - self.start) / self.batch_ns.max(1)) as usize;
        if let (Some(s), Some(c)) = (self.sums.get_mut(b), self.counts.get_mut(b)) {
            *s += x;
            *c += 1;
        }
    }

    /// Half-width of the 95% confidence interval of the mean, from the means of the batches that
    /// saw an observation.
    pub fn ci95(&self) -> f64 {
        let means: Vec<f64> =
            self.sums.iter().zip(&self.counts).filter(|(_, &c)| c > 0).map(|(s, &c)| s / c as f64).collect();
        ci95(&means)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_means_of_observations() {
        let mut b = MeanBatches::default();
        b.add(5, 1.0); // before the window: ignored
        b.begin(100, 500, 5);
        // Batches of 100 ns: means 10, 12, 11, 13, 9 as in the known sample below.
        for (t, x) in [(100, 8.0), (150, 12.0), (200, 12.0), (300, 11.0), (400, 13.0), (500, 9.0), (600, 99.0)] {
            b.add(t, x);
        }
        assert!((b.ci95() - 1.963).abs() < 0.001);
    }

    #[test]
    fn interval_of_a_known_sample() {
        let xs = [10.0, 12.0, 11.0, 13.0, 9.0];
        assert_eq!(mean(&xs), 11.0);
        // s = 1.5811, n = 5, t(4) = 2.776 → 2.776 · 1.5811 / √5 = 1.963
        assert!((ci95(&xs) - 1.963).abs() < 0.001);
        assert_eq!(ci95(&[3.0]), 0.0);
    }
}
