//! The platter's angle arithmetic without the calls to libm's `trunc` and `fmod` that x86-64's
//! baseline makes (WASM has them as instructions): each function returns, bit for bit, what the
//! `f64` method it names returns, so native and WASM runs stay identical.

/// 2^52: every `f64` at least this large is a whole number.
const WHOLE: f64 = 4_503_599_627_370_496.0;

/// `x.fract()`, that is x − trunc(x), with the truncation done by conversion to an integer.
#[inline]
pub fn fract(x: f64) -> f64 {
    if x.abs() < WHOLE {
        x - (x as i64 as f64).copysign(x)
    } else {
        x.fract()
    }
}

/// `x.rem_euclid(1.0)`: within a revolution either way, `x % 1.0` is `x` itself.
#[inline]
pub fn rem_euclid_1(x: f64) -> f64 {
    if x.abs() < 1.0 {
        if x < 0.0 {
            x + 1.0
        } else {
            x
        }
    } else {
        x.rem_euclid(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_bits_as_the_methods() {
        let mut xs =
            vec![0.0, -0.0, 0.5, -0.5, 1.0, -1.0, WHOLE, -WHOLE, 1e300, f64::NAN, f64::INFINITY, -f64::INFINITY];
        xs.extend(
            [1.0f64, WHOLE].iter().flat_map(|&x| [f64::from_bits(x.to_bits() - 1), f64::from_bits(x.to_bits() + 1)]),
        );
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..100_000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let x = (state >> 11) as f64 / (1u64 << (state % 60)) as f64;
            xs.extend([x, -x, x - 1.0, 1.0 - x]);
        }
        for x in xs {
            assert_eq!(fract(x).to_bits(), x.fract().to_bits(), "fract({x:e})");
            assert_eq!(rem_euclid_1(x).to_bits(), x.rem_euclid(1.0).to_bits(), "rem_euclid({x:e})");
        }
    }
}
