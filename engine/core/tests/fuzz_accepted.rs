//! Issue 12: every scenario validation accepts must run to its end; one that cannot is refused.
//! Random combinations of field values (seeded, so a failure reproduces), each field left at its
//! default or set to an end of its range, near its default, or anywhere in the range; every
//! accepted scenario runs its short warm-up and measured window to the end, without a panic and
//! without the engine having to end it early.
use storelab_core::scenario::{self, json_schema, SystemKind};
use storelab_core::Simulation;

/// xorshift64: a deterministic stream of numbers in [0, 1).
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The numeric fields of the system's sections: path, range (capped at 10^6), integer or not,
/// default.
fn fields() -> Vec<(String, f64, f64, bool, f64)> {
    let schema = json_schema(SystemKind::Mob);
    let mut out = Vec::new();
    for (section, s) in schema["properties"].as_object().unwrap() {
        if ["meta", "system", "run", "sweep"].contains(&section.as_str()) {
            continue;
        }
        for (key, f) in s["properties"].as_object().unwrap() {
            let integer = f["type"] == "integer";
            if !(integer || f["type"] == "number") {
                continue;
            }
            let lo = f["minimum"].as_f64().or(f["exclusiveMinimum"].as_f64()).unwrap_or(0.0);
            let hi = f["maximum"].as_f64().unwrap_or(1e6).min(1e6);
            out.push((format!("{section}.{key}"), lo, hi, integer, f["default"].as_f64().unwrap_or(lo)));
        }
    }
    out
}

#[test]
fn accepted_scenarios_run_to_their_end() {
    let fields = fields();
    let mut stream = Stream(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0;
    for case in 0..3000 {
        let mut text = String::from("[run]\nwarmup_s = 0.2\nduration_s = 0.5\nwarmup_flusher_passes = 0\n");
        for (path, lo, hi, integer, default) in &fields {
            if stream.next() < 0.7 {
                continue; // most fields keep their default
            }
            let u = stream.next();
            let v = match (stream.next() * 4.0) as u32 {
                0 => *lo,
                1 => *hi,
                2 => default * (0.5 + u),
                _ => lo + (hi - lo) * u * u * u,
            };
            let v = if *integer { v.round() } else { v };
            text = scenario::apply_override(&text, path, &v.to_string()).unwrap();
        }
        let Ok(s) = scenario::parse(&text) else { continue };
        accepted += 1;
        let mut sim = Simulation::new(&s, 1);
        sim.run();
        assert!(sim.finished(), "case {case} did not finish:\n{text}");
        assert_eq!(sim.ended_early(), None, "case {case}:\n{text}");
    }
    assert!(accepted > 200, "only {accepted} of 3000 accepted: the cases test too little");
}
