//! "A bad scenario gets a clear error, never a panic" (issue 2), checked on thousands of
//! mutations of the scenarios in `scenarios/`: values replaced by wrong types and extreme numbers,
//! fields set to the ends of their allowed ranges, lines dropped or duplicated, unknown keys, text
//! cut short. Every text must either parse into a scenario that validates and simulates, or give
//! errors that each name a line of the text (or none, for a missing value) and say what is wrong.
//! A panic anywhere fails the test.
use serde_json::Value;
use storelab_core::kernel::rng::Rng;
use storelab_core::scenario;
use storelab_core::Simulation;

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
    "\"client.count\"",
    "true",
    "[]",
    "[1, 2]",
    "[0, 1e9]",
    "{}",
    "1979-05-27",
];

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
    "cluster_region = 1",
    "count = 1",
    "=",
    "[[run]]",
];

fn scenario_texts() -> Vec<(String, String)> {
    let dir = format!("{}/../../scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut texts: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    texts.sort();
    texts
}

fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len() as u32) as usize]
}

/// Every numeric field of the JSON schema: (dotted path, whole numbers?, lowest, highest allowed).
fn numeric_fields() -> Vec<(String, bool, f64, f64)> {
    let schema = scenario::json_schema(scenario::SystemKind::Mob);
    let mut out = Vec::new();
    for (section, s) in schema["properties"].as_object().unwrap() {
        for (key, f) in s["properties"].as_object().unwrap() {
            let integer = f["type"] == "integer";
            if !integer && f["type"] != "number" {
                continue;
            }
            let bound = |inclusive: &str, exclusive: &str, nudge: f64| match (&f[inclusive], &f[exclusive]) {
                (Value::Number(v), _) => v.as_f64().unwrap(),
                (_, Value::Number(v)) => v.as_f64().unwrap() + if integer { nudge } else { nudge * 1e-6 },
                _ => unreachable!("{section}.{key} has no bound"),
            };
            out.push((
                format!("{section}.{key}"),
                integer,
                bound("minimum", "exclusiveMinimum", 1.0),
                bound("maximum", "exclusiveMaximum", -1.0),
            ));
        }
    }
    out
}

/// A value in [lo, hi]: one of the ends, or log-uniform between them.
fn in_range(rng: &mut Rng, integer: bool, lo: f64, hi: f64) -> String {
    let hi = hi.min(1e9);
    let v = match rng.below(3) {
        0 => lo,
        1 => hi,
        _ => {
            let (a, b) = (lo.max(1e-6).ln(), hi.max(lo.max(1e-6)).ln());
            (a + (b - a) * rng.unit()).exp().clamp(lo, hi)
        }
    };
    if integer {
        format!("{}", v.round().clamp(lo.ceil(), hi.floor()))
    } else {
        format!("{v:?}")
    }
}

/// One random edit of `text`.
fn mutate(text: &str, rng: &mut Rng, numeric: &[(String, bool, f64, f64)]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let at = rng.below(lines.len() as u32 + 1) as usize;
    match rng.below(7) {
        // Set a field to an allowed value, often an end of its range.
        5 | 6 => {
            let (path, integer, lo, hi) = &numeric[rng.below(numeric.len() as u32) as usize];
            let value = in_range(rng, *integer, *lo, *hi);
            return scenario::apply_override(text, path, &value).unwrap_or_else(|_| text.to_string());
        }
        // Replace the value of a `key = value` line (or of a sweep list element).
        0 | 1 => {
            let assignments: Vec<usize> =
                (0..lines.len()).filter(|&i| lines[i].contains(" = ") && !lines[i].starts_with('#')).collect();
            if let Some(&i) = assignments.get(rng.below(assignments.len().max(1) as u32) as usize) {
                let key = lines[i].split(" = ").next().unwrap().to_string();
                lines[i] = format!("{key} = {}", pick(rng, VALUES));
            }
        }
        2 => lines.insert(at, pick(rng, EXTRA_LINES).to_string()),
        3 if !lines.is_empty() => {
            let i = at.min(lines.len() - 1);
            if rng.below(2) == 0 {
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

#[test]
fn mutated_scenarios_are_run_or_rejected_with_located_errors_never_a_panic() {
    let mut rng = Rng::stream(2026, 0);
    let (mut accepted, mut rejected) = (0, 0);
    let numeric = numeric_fields();
    for (name, text) in scenario_texts() {
        for _ in 0..300 {
            // Up to three edits on top of each other.
            let mut mutated = text.clone();
            for _ in 0..=rng.below(3) {
                mutated = mutate(&mutated, &mut rng, &numeric);
            }
            let lines = mutated.lines().count() as u32 + 1;
            match scenario::parse(&mutated) {
                Ok(s) => {
                    accepted += 1;
                    assert_eq!(s.validate(), Ok(()), "{name}: parsed but invalid:\n{mutated}");
                    let mut sim = Simulation::new(&s, s.meta.seed);
                    for _ in 0..2_000 {
                        if !sim.step() {
                            break;
                        }
                    }
                }
                Err(errors) => {
                    rejected += 1;
                    assert!(!errors.is_empty(), "{name}");
                    for e in &errors {
                        assert!(!e.message.trim().is_empty(), "{name}: empty message in {e:?}");
                        assert!(e.line <= lines, "{name}: line {} of {lines}: {e:?}\n{mutated}", e.line);
                        assert_eq!(e.line == 0, e.column == 0, "{name}: {e:?}");
                    }
                }
            }
        }
    }
    // Both outcomes are exercised: the mutations are neither all harmless nor all fatal.
    eprintln!("mutated scenarios: {accepted} accepted and simulated, {rejected} rejected");
    assert!(accepted > 200 && rejected > 1000, "{accepted} accepted, {rejected} rejected");
}
