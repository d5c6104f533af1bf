//! Seek curve of the Berkeley RAID simulator lineage (Lee & Katz), spec 000-mob §3.2 / A15:
//! seek(d) = c + b·(d−1) + a·√(d−1) for d ≥ 1 cylinders, 0 for d = 0. The coefficients make
//! seek(1) = min, seek(N) ≈ max and the mean over random cylinder pairs = avg (thesis Table 4.6).

#[derive(Clone, Debug)]
pub struct SeekCurve {
    a: f64,
    b: f64,
    c: f64,
}

impl SeekCurve {
    /// All times in ms; `cylinders` is N.
    pub fn calibrate(min_ms: f64, avg_ms: f64, max_ms: f64, cylinders: u32) -> SeekCurve {
        let n = cylinders as f64;
        SeekCurve {
            a: (-10.0 * min_ms + 15.0 * avg_ms - 5.0 * max_ms) / (3.0 * n.sqrt()),
            b: (7.0 * min_ms - 15.0 * avg_ms + 8.0 * max_ms) / (3.0 * n),
            c: min_ms,
        }
    }

    /// Seek time in ms over `d` cylinders.
    pub fn ms(&self, d: u32) -> f64 {
        if d == 0 {
            return 0.0;
        }
        let x = (d - 1) as f64;
        self.c + self.b * x + self.a * x.sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn barracuda() -> SeekCurve {
        SeekCurve::calibrate(0.85, 8.75, 19.5, 5333)
    }

    #[test]
    fn matches_spec_check_values() {
        // Spec §3.2 table: d → seek(d) ms.
        let s = barracuda();
        for (d, want) in [
            (1, 0.850),
            (2, 0.967),
            (10, 1.213),
            (19, 1.374),
            (24, 1.447),
            (100, 2.187),
            (1000, 6.410),
            (1778, 9.118),
            (5332, 19.495),
        ] {
            assert!((s.ms(d) - want).abs() < 0.0015, "seek({d}) = {} want {want}", s.ms(d));
        }
        assert_eq!(s.ms(0), 0.0);
    }

    #[test]
    fn mean_over_random_full_disk_pairs_is_the_average_seek() {
        // Thesis Table 4.6: average seek 8.75 ms. Mean over all ordered cylinder pairs, exactly:
        // distance d > 0 occurs 2(N−d) times out of N².
        let s = barracuda();
        let n = 5333u64;
        let total: f64 = (1..n).map(|d| 2.0 * (n - d) as f64 * s.ms(d as u32)).sum();
        let mean = total / (n * n) as f64;
        assert!((mean - 8.75).abs() < 0.02, "mean seek {mean}");
    }
}
