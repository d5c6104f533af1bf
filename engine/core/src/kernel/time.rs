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

pub fn to_ms(t: SimTime) -> f64 {
    t as f64 / NS_PER_MS
}

pub fn to_s(t: SimTime) -> f64 {
    t as f64 / NS_PER_S
}
