//! Simulated time: integer nanoseconds, so event ordering never depends on float rounding.
pub type SimTime = u64;

pub const NS_PER_MS: f64 = 1e6;
pub const NS_PER_S: f64 = 1e9;

/// Milliseconds to the nearest nanosecond.
pub fn from_ms(ms: f64) -> SimTime {
    (ms * NS_PER_MS).round() as SimTime
}

/// Seconds to the nearest nanosecond.
pub fn from_s(s: f64) -> SimTime {
    (s * NS_PER_S).round() as SimTime
}

/// `ns.round() as SimTime` (to the nearest ns, halves away from zero) without the call to
/// libm's `round` that x86-64's baseline makes. Below 2^52 ns (52 days) the truncation and the
/// exact remainder `ns − trunc(ns)` decide it, with signed conversions, single instructions.
#[inline]
pub fn round_ns(ns: f64) -> SimTime {
    if (0.0..4_503_599_627_370_496.0).contains(&ns) {
        let whole = ns as i64;
        (whole + (ns - whole as f64 >= 0.5) as i64) as SimTime
    } else {
        ns.round() as SimTime
    }
}

pub fn to_ms(t: SimTime) -> f64 {
    t as f64 / NS_PER_MS
}

pub fn to_s(t: SimTime) -> f64 {
    t as f64 / NS_PER_S
}

#[cfg(test)]
mod tests {
    use super::round_ns;

    #[test]
    fn round_ns_is_round() {
        let edge: [f64; 7] =
            [0.49999999999999994, 0.5, 1.5, 2.5, 4503599627370495.5, 9007199254740993.0, 1.8446744073709552e19];
        let mut xs = vec![0.0, -0.0, -0.4, -0.5, -7.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, f64::MAX];
        xs.extend(edge.iter().flat_map(|&x| [x, f64::from_bits(x.to_bits() - 1), f64::from_bits(x.to_bits() + 1)]));
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            xs.push((state >> 11) as f64 / (1u64 << (state % 53)) as f64);
        }
        for x in xs {
            assert_eq!(round_ns(x), x.round() as u64, "{x:e}");
        }
    }
}
