//! Python's `random` as disk.py draws its random request lists with it (`random.seed(seed)`,
//! then `int(random.random() * max) + min` per request): CPython's Mersenne Twister (MT19937,
//! `Modules/_randommodule.c`), seeded from an integer by `init_by_array` over its absolute
//! value's 32-bit words, least significant first, and `random()` as `genrand_res53`, a 53-bit
//! double. Integer arithmetic throughout, so every platform draws the same numbers.

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

#[derive(Clone, Debug)]
pub struct PythonRandom {
    mt: [u32; N],
    index: usize,
}

impl PythonRandom {
    /// `random.seed(seed)` (Python 2 and 3 alike for an integer; the `version` argument disk.py
    /// passes only matters for strings, and a negative seed seeds as its absolute value).
    pub fn new(seed: u64) -> PythonRandom {
        let key: Vec<u32> = if seed >> 32 == 0 { vec![seed as u32] } else { vec![seed as u32, (seed >> 32) as u32] };
        let mut r = PythonRandom { mt: [0; N], index: N };
        r.init_by_array(&key);
        r
    }

    fn init_genrand(&mut self, s: u32) {
        self.mt[0] = s;
        for i in 1..N {
            let prev = self.mt[i - 1];
            self.mt[i] = 1_812_433_253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(i as u32);
        }
        self.index = N;
    }

    fn init_by_array(&mut self, key: &[u32]) {
        self.init_genrand(19_650_218);
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
        }
        self.mt[0] = 0x8000_0000;
    }

    fn genrand(&mut self) -> u32 {
        if self.index >= N {
            for k in 0..N {
                let y = (self.mt[k] & UPPER_MASK) | (self.mt[(k + 1) % N] & LOWER_MASK);
                let mag = if y & 1 == 0 { 0 } else { MATRIX_A };
                self.mt[k] = self.mt[(k + M) % N] ^ (y >> 1) ^ mag;
            }
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random.random()`: a double in [0, 1) from 53 random bits (`genrand_res53`).
    pub fn random(&mut self) -> f64 {
        let a = self.genrand() >> 5;
        let b = self.genrand() >> 6;
        (a as f64 * 67_108_864.0 + b as f64) * (1.0 / 9_007_199_254_740_992.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_what_python_draws() {
        // python3 -c "import random; random.seed(s, version=1); print([random.random() for _ in range(3)])"
        for (seed, want) in [
            (0, [0.8444218515250481, 0.7579544029403025, 0.420571580830845]),
            (1, [0.13436424411240122, 0.8474337369372327, 0.763774618976614]),
            (3, [0.23796462709189137, 0.5442292252959519, 0.36995516654807925]),
            (12_345_678_901_234_567_890, [0.5120180983871961, 0.9318805526703359, 0.6423121128048344]),
        ] {
            let mut r = PythonRandom::new(seed);
            assert_eq!(want.map(|_| r.random()), want, "seed {seed}");
        }
    }
}
