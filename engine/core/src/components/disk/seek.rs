//! Seek curves, 0 for d = 0 cylinders and for d ≥ 1:
//! - the Berkeley RAID simulator lineage's (Lee & Katz), spec 000-mob §3.2 / A15:
//!   seek(d) = c + b·(d−1) + a·√(d−1), its coefficients making seek(1) = min, seek(N) ≈ max and
//!   the mean over random cylinder pairs = avg (thesis Table 4.6);
//! - Ruemmler & Wilkes's two-piece curve of the HP 97560 (O'Toole & Shrira Table 3, spec 001
//!   §2.2): √d up to a boundary distance, linear beyond, all of it scaled by a factor (1 for
//!   the literal drive, 0.766 for the calibrated preset of spec 001 §4.7).

#[derive(Clone, Debug)]
pub enum SeekCurve {
    LeeKatz { a: f64, b: f64, c: f64 },
    TwoPiece { boundary: u32, short: (f64, f64), long: (f64, f64), scale: f64 },
}

impl SeekCurve {
    /// All times in ms; `cylinders` is N.
    pub fn calibrate(min_ms: f64, avg_ms: f64, max_ms: f64, cylinders: u32) -> SeekCurve {
        let n = cylinders as f64;
        SeekCurve::LeeKatz {
            a: (-10.0 * min_ms + 15.0 * avg_ms - 5.0 * max_ms) / (3.0 * n.sqrt()),
            b: (7.0 * min_ms - 15.0 * avg_ms + 8.0 * max_ms) / (3.0 * n),
            c: min_ms,
        }
    }

    /// seek(d) = `scale`·(short.0 + short.1·√d) for d ≤ `boundary`, `scale`·(long.0 + long.1·d)
    /// beyond, in ms.
    pub fn two_piece(boundary: u32, short: (f64, f64), long: (f64, f64), scale: f64) -> SeekCurve {
        SeekCurve::TwoPiece { boundary, short, long, scale }
    }

    /// The shortest seek over 1 to `cylinders − 1` cylinders, ms, and a distance where it occurs:
    /// the curve is a quadratic in √(d−1), so its minimum is at an end of the range or at the
    /// vertex. Three seek times that do not lie on a rising curve can make it dip below 0.
    pub fn lowest(&self, cylinders: u32) -> (f64, u32) {
        let SeekCurve::LeeKatz { a, b, .. } = *self else {
            return (self.ms(1), 1); // both pieces rise with d
        };
        let top = f64::from(cylinders.saturating_sub(2)).sqrt(); // √(d−1) at d = cylinders − 1
        let vertex = if b > 0.0 { -a / (2.0 * b) } else { f64::NAN };
        [0.0, top, vertex]
            .into_iter()
            .filter(|u| (0.0..=top).contains(u))
            .map(|u| {
                let d = (u * u).round() as u32 + 1;
                (self.ms(d), d)
            })
            .fold((f64::INFINITY, 1), |low, x| if x.0 < low.0 { x } else { low })
    }

    /// Seek time in ms over `d` cylinders.
    pub fn ms(&self, d: u32) -> f64 {
        if d == 0 {
            return 0.0;
        }
        match *self {
            SeekCurve::LeeKatz { a, b, c } => {
                let x = (d - 1) as f64;
                c + b * x + a * x.sqrt()
            }
            SeekCurve::TwoPiece { boundary, short, long, scale } => {
                let d = d as f64;
                scale * if d <= boundary as f64 { short.0 + short.1 * d.sqrt() } else { long.0 + long.1 * d }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lowest_seek_is_found_over_the_whole_range() {
        // Table 4.6's curve rises: its lowest seek is the single-cylinder one.
        assert_eq!(barracuda().lowest(5333), (0.85, 1));
        // min 0.5, avg 2, max 20 ms dips below 0 between the ends (issue 12).
        let dip = SeekCurve::calibrate(0.5, 2.0, 20.0, 5333);
        let (ms, d) = dip.lowest(5333);
        assert!(ms < 0.0 && d > 1 && d < 5333);
        let brute = (1..5333).map(|d| dip.ms(d)).fold(f64::INFINITY, f64::min);
        assert!((ms - brute).abs() < 0.01, "{ms} vs brute force {brute}");
    }

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
