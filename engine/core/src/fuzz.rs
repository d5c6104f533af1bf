//! Fuzzing scenario text (issue 12): inputs made from the gallery's scenarios by damaging them
//! (bytes, lines, values) or by setting random combinations of fields, each parsed and, when
//! accepted, run for a bounded number of events. Every input must be refused with errors that
//! say where and what, or run without a panic and without the engine having to end it early
//! (simulated time that stops advancing, a model limit). `storelab fuzz` runs many inputs on all
//! cores and counts the outcomes. Seeded: input `i` of seed `s` is the same bytes everywhere.
use std::panic::{self, AssertUnwindSafe};

use crate::kernel::rng::Rng;
use crate::kernel::MAX_RUN_S;
use crate::scenario::{self, json_schema, SystemKind};
use crate::Simulation;

/// Values that break a field: wrong TOML types, signs, zeros, huge and tiny numbers, integers
/// past u32 and i64, non-finite floats.
const VALUES: &[&str] = &[
    "-1",
    "0",
    "0.5",
    "1",
    "3",
    "1e-300",
    "1e12",
    "1e308",
    "-1e308",
    "nan",
    "inf",
    "-inf",
    "4294967296",
    "9223372036854775807",
    "\"12\"",
    "\"server.mob_mb\"",
    "true",
    "[]",
    "[1, 2]",
    "[0, 1e9]",
    "{}",
    "1979-05-27",
];

/// Lines that do not belong, or belong twice.
const EXTRA_LINES: &[&str] = &[
    "[sweep]",
    "[server]",
    "[nonsense]",
    "speed = 3",
    "mob_mb = 4",
    "series = \"server.cache_mb\"",
    "series_values = [1, 2]",
    "parameter = \"database.size_mb\"",
    "values = [10, 100000]",
    "count = 1",
    "=",
    "[[run]]",
    "kind = \"hac\"",
];

/// A short run, so that inputs built on it run to their end within a modest event budget.
const SHORT_RUN: &str = "[run]\nwarmup_s = 0.2\nduration_s = 0.5\nwarmup_flusher_passes = 0\n";

/// What keeps a system's run short beyond `SHORT_RUN`: HAC's work is its traversal, on the
/// small OO7 database (set-up included, a tenth of the medium's).
fn short_work(kind: SystemKind) -> &'static str {
    match kind {
        SystemKind::Hac => "[database]\nsize = \"small\"\n",
        _ => "",
    }
}

/// A numeric field of a system's scenarios, from its JSON schema.
struct Field {
    path: String,
    integer: bool,
    lo: f64,
    hi: f64,
    default: f64,
}

/// Makes the inputs: the gallery's texts (each with its system) and each system's fields.
pub struct Fuzzer {
    gallery: Vec<(String, SystemKind)>,
    fields: Vec<(SystemKind, Vec<Field>)>,
}

/// What became of one input.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Refused; `located`: every error names its line (within the text) or its field, and says
    /// what is wrong.
    Refused { located: bool },
    /// Accepted and run: to its end (`finished`), or as far as the event budget.
    Ran { finished: bool },
    /// Accepted, but the engine had to end the run (time stopped advancing, a model limit).
    EndedEarly(String),
    /// Accepted, and the modelled system stopped itself: a result, not a fault
    /// (`Kernel::end_by_model`).
    StoppedByModel,
    /// The engine panicked: a bug.
    Panicked(String),
}

impl Fuzzer {
    /// `gallery`: the texts of `scenarios/*.toml`.
    pub fn new(gallery: Vec<String>) -> Fuzzer {
        assert!(!gallery.is_empty(), "the fuzzer needs at least one scenario to start from");
        let gallery = gallery
            .into_iter()
            .map(|text| {
                let kind = scenario::parse(&text).map_or(SystemKind::default(), |s| s.system.kind);
                (text, kind)
            })
            .collect();
        Fuzzer { gallery, fields: SystemKind::ALL.iter().map(|&kind| (kind, fields(kind))).collect() }
    }

    /// Input `i` of seed `seed`: a sixth damaged byte by byte, two sixths edited line by line or
    /// value by value, two sixths random combinations of field values on a short run (of any
    /// system), a sixth edited toward the limits together.
    pub fn input(&self, seed: u64, i: u64) -> Vec<u8> {
        let mut rng = Rng::stream(seed, i);
        let (base, kind) = &self.gallery[rng.below(self.gallery.len() as u32) as usize];
        match rng.below(6) {
            0 => damage_bytes(base.as_bytes(), &mut rng),
            1 | 2 => {
                let mut text = base.clone();
                for _ in 0..=rng.below(3) {
                    text = self.edit(&text, *kind, &mut rng);
                }
                text.into_bytes()
            }
            3 => self.toward_limits(base, *kind, &mut rng).into_bytes(),
            _ => self.combination(&mut rng).into_bytes(),
        }
    }

    fn fields_of(&self, kind: SystemKind) -> &[Field] {
        self.fields.iter().find(|(k, _)| *k == kind).map_or(&[], |(_, f)| f)
    }

    /// A gallery scenario with several edits toward the limits at once, where the cases issue 23
    /// found live: a run near the 36,000 s cap with no warm-up, values far below their defaults
    /// (down to their floor), and costs zeroed together.
    fn toward_limits(&self, base: &str, kind: SystemKind, rng: &mut Rng) -> String {
        let mut text = base.to_string();
        let set =
            |text: String, path: &str, v: f64| scenario::apply_override(&text, path, &v.to_string()).unwrap_or(text);
        if rng.chance(0.5) {
            text = set(text, "run.warmup_s", 0.0);
            text = set(text, "run.duration_s", MAX_RUN_S - [0.0, 1e-3, 1.0, 50.0, 3600.0][rng.below(5) as usize]);
        }
        let share = [0.1, 0.3, 0.6][rng.below(3) as usize];
        for f in self.fields_of(kind) {
            if f.path.starts_with("run.") || !rng.chance(share) {
                continue;
            }
            let below = f.default * 10f64.powi(-(rng.below(13) as i32 + 1));
            let v = match rng.below(3) {
                0 => f.lo,
                1 if f.lo == 0.0 => 0.0,
                _ => below.max(f.lo),
            };
            text = set(text, &f.path, if f.integer { v.round().max(f.lo) } else { v });
        }
        text
    }

    /// A short run of a system with a few, some or many of its numeric fields set: to an end of
    /// their range, near their default, anywhere in the range, or (rarely) just outside it.
    fn combination(&self, rng: &mut Rng) -> String {
        let (kind, fields) = &self.fields[rng.below(self.fields.len() as u32) as usize];
        let mut text = format!("[system]\nkind = \"{}\"\n{SHORT_RUN}{}", kind.name(), short_work(*kind));
        let share = [0.05, 0.15, 0.3][rng.below(3) as usize];
        for f in fields {
            if f.path.starts_with("run.") || !rng.chance(share) {
                continue;
            }
            let u = rng.unit();
            let v = match rng.below(20) {
                0..=4 => f.lo,
                5..=9 => f.hi,
                10..=13 => f.default * (0.5 + u),
                14 => f.lo - 1.0,
                _ => f.lo + (f.hi - f.lo) * u * u * u,
            };
            let v = if f.integer { v.round() } else { v };
            // An out-of-range value is refused by the override itself: the field keeps its value.
            text = scenario::apply_override(&text, &f.path, &v.to_string()).unwrap_or(text);
        }
        text
    }

    /// One edit of a line or a value (`kind`: the system of the text it starts from).
    fn edit(&self, text: &str, kind: SystemKind, rng: &mut Rng) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let at = rng.below(lines.len() as u32 + 1) as usize;
        match rng.below(7) {
            // Set a field to an allowed value, often an end of its range.
            5 | 6 => {
                let fields = self.fields_of(kind);
                let f = &fields[rng.below(fields.len() as u32) as usize];
                let value = in_range(rng, f);
                return scenario::apply_override(text, &f.path, &value).unwrap_or_else(|_| text.to_string());
            }
            // Replace the value of a `key = value` line (or of a sweep list element).
            0 | 1 => {
                let assignments: Vec<usize> =
                    (0..lines.len()).filter(|&i| lines[i].contains(" = ") && !lines[i].starts_with('#')).collect();
                if let Some(&i) = assignments.get(rng.below(assignments.len().max(1) as u32) as usize) {
                    let key = lines[i].split(" = ").next().unwrap_or_default().to_string();
                    lines[i] = format!("{key} = {}", pick(rng, VALUES));
                }
            }
            2 => lines.insert(at, pick(rng, EXTRA_LINES).to_string()),
            3 if !lines.is_empty() => {
                let i = at.min(lines.len() - 1);
                if rng.chance(0.5) {
                    lines.remove(i);
                } else {
                    let copy = lines[i].clone();
                    lines.insert(i, copy);
                }
            }
            _ => {
                let joined = lines.join("\n");
                let mut cut = rng.below(joined.len() as u32 + 1) as usize;
                while !joined.is_char_boundary(cut) {
                    cut -= 1;
                }
                return joined[..cut].to_string();
            }
        }
        lines.join("\n") + "\n"
    }
}

/// Parses `bytes` as a scenario and, when it is accepted, runs it until it has processed
/// `max_events` events (queue events and inline accesses; the last event may pass the budget).
pub fn check(bytes: &[u8], max_events: u64) -> Outcome {
    let run = || {
        let text = match scenario::text_of(bytes) {
            Ok(text) => text,
            Err(e) => return Outcome::Refused { located: located(&[e], bytes.len() as u32 + 1) },
        };
        let s = match scenario::parse(text) {
            Ok(s) => s,
            Err(errors) => return Outcome::Refused { located: located(&errors, text.lines().count() as u32 + 1) },
        };
        // Events of the spec's catalogue: queue events and the accesses run inline (a client-cache
        // hit), so that a run of cache hits is bounded too.
        let mut sim = Simulation::new(&s, s.meta.seed);
        while sim.events() + sim.inline_events() < max_events && sim.step() {}
        match sim.ended_early() {
            Some(_) if sim.ended_by_model() => Outcome::StoppedByModel,
            Some(why) => Outcome::EndedEarly(why.to_string()),
            None => Outcome::Ran { finished: sim.finished() },
        }
    };
    panic::catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic without a message".to_string());
        Outcome::Panicked(message)
    })
}

/// Every error says what is wrong and names a line of the text (with its column) or, for a value
/// not written there, the field to change.
fn located(errors: &[scenario::ScenarioError], lines: u32) -> bool {
    !errors.is_empty()
        && errors.iter().all(|e| {
            let placed = e.line >= 1 && e.line <= lines && e.column >= 1;
            let named = e.line == 0 && e.column == 0 && !e.path.is_empty();
            !e.message.trim().is_empty() && (placed || named)
        })
}

/// One to four edits of the raw bytes: a byte replaced by any byte (often not UTF-8), a byte
/// inserted, a span deleted or repeated.
fn damage_bytes(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = text.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(b.len() as u32 + 1) as usize;
        let span = (rng.below(64) as usize).min(b.len() - at.min(b.len()));
        match rng.below(4) {
            0 if at < b.len() => b[at] = rng.below(256) as u8,
            1 => b.insert(at, rng.below(256) as u8),
            2 => drop(b.drain(at..at + span)),
            _ => {
                let copy = b[at..at + span].to_vec();
                b.splice(at..at, copy);
            }
        }
    }
    b
}

fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len() as u32) as usize]
}

/// A value the field allows: one of its ends, or log-uniform between them.
fn in_range(rng: &mut Rng, f: &Field) -> String {
    let hi = f.hi.min(1e9);
    let v = match rng.below(3) {
        0 => f.lo,
        1 => hi,
        _ => {
            let (a, b) = (f.lo.max(1e-6).ln(), hi.max(f.lo.max(1e-6)).ln());
            (a + (b - a) * rng.unit()).exp().clamp(f.lo, hi)
        }
    };
    if f.integer {
        format!("{}", v.round().clamp(f.lo.ceil(), hi.floor()))
    } else {
        format!("{v:?}")
    }
}

/// Every numeric field of a system's JSON schema, with its allowed range (an exclusive bound
/// nudged inside) and default.
fn fields(kind: SystemKind) -> Vec<Field> {
    let schema = json_schema(kind);
    let mut out = Vec::new();
    for (section, s) in schema["properties"].as_object().into_iter().flatten() {
        for (key, f) in s["properties"].as_object().into_iter().flatten() {
            let integer = f["type"] == "integer";
            if !integer && f["type"] != "number" {
                continue;
            }
            let nudge = if integer { 1.0 } else { 1e-6 };
            let lo = f["minimum"].as_f64().or(f["exclusiveMinimum"].as_f64().map(|v| v + nudge)).unwrap_or(0.0);
            let hi = f["maximum"].as_f64().or(f["exclusiveMaximum"].as_f64().map(|v| v - nudge)).unwrap_or(1e9);
            let default = f["default"].as_f64().unwrap_or(lo);
            out.push(Field { path: format!("{section}.{key}"), integer, lo, hi, default });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[server]\nmob_mb = 2.0\n";

    #[test]
    fn inputs_are_seeded() {
        let f = Fuzzer::new(vec![TEXT.to_string()]);
        assert_eq!(f.input(7, 3), f.input(7, 3));
        let distinct: std::collections::HashSet<Vec<u8>> = (0..50).map(|i| f.input(7, i)).collect();
        assert!(distinct.len() > 40, "{} distinct inputs of 50", distinct.len());
    }

    #[test]
    fn outcomes_are_told_apart() {
        assert_eq!(check(TEXT.as_bytes(), 100), Outcome::Ran { finished: false });
        assert_eq!(
            check(format!("{SHORT_RUN}[server]\nmob_mb = 1.0\n").as_bytes(), u64::MAX),
            Outcome::Ran { finished: true }
        );
        assert_eq!(check(b"[server]\nmob_mb = -1\n", 100), Outcome::Refused { located: true });
        assert_eq!(check(b"[server]\nmob_mb = 1\n\xff", 100), Outcome::Refused { located: true });
    }

    /// Issue 23: the inputs reach the limit cases of every system, several at once: a run near
    /// the cap with no warm-up, and costs zeroed or far below their defaults.
    #[test]
    fn the_limit_edits_reach_every_system() {
        let gallery = ["", "[system]\nkind = \"hac\"\n", "[system]\nkind = \"oplog\"\n"];
        let f = Fuzzer::new(gallery.iter().map(|t| t.to_string()).collect());
        let inputs: Vec<String> = (0..3000).map(|i| String::from_utf8_lossy(&f.input(11, i)).into_owned()).collect();
        let near_cap = |t: &&String| t.contains("warmup_s = 0\n") && t.contains("duration_s = 3599");
        for kind in ["hac", "oplog"] {
            let of_kind: Vec<&String> = inputs.iter().filter(|t| t.contains(&format!("kind = \"{kind}\""))).collect();
            assert!(of_kind.iter().any(near_cap), "{kind}: a run near the cap");
        }
        let oplog_zeroed = |t: &&String| {
            t.contains("kind = \"oplog\"")
                && ["think_ms = 0\n", "message_cpu_us = 0\n", "validation_us = 0\n"].iter().all(|z| t.contains(z))
        };
        assert!(inputs.iter().any(|t| oplog_zeroed(&t)), "the log's costs zeroed together");
        let far_below = |t: &&String| t.contains("latency_ms = 0.0000");
        assert!(inputs.iter().any(|t| far_below(&t)), "a latency far below its default");
        let mob_near_cap = |t: &&String| !t.contains("kind =") && near_cap(t);
        assert!(inputs.iter().any(|t| mob_near_cap(&t)), "the MOB near the cap");
    }

    /// An error that names neither a line nor a field is not located.
    #[test]
    fn an_error_without_a_place_is_not_located() {
        let mut e = scenario::parse("[server]\nmob_mb = -1\n").unwrap_err().remove(0);
        assert!(located(std::slice::from_ref(&e), 3));
        e.line = 9;
        assert!(!located(std::slice::from_ref(&e), 3), "past the end of the text");
        e.line = 0;
        e.column = 0;
        assert!(located(std::slice::from_ref(&e), 3), "a field named");
        e.path.clear();
        assert!(!located(&[e], 3));
    }
}
