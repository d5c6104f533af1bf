//! Golden traces (DESIGN.md §6): short runs whose event count, trace hash and summary are kept in
//! `tests/golden/runs.json`. Any change to what the engine does, however small, changes a hash,
//! so a refactoring that was meant to change nothing is checked against the committed runs.
//! The WASM suite checks the same file (`tests/wasm/determinism.test.mjs`).
//!
//! When a change to the model is intended, regenerate the file and commit it with the change:
//!   STORELAB_BLESS=1 cargo test --release -p storelab-core --test golden
use serde_json::{json, Value};
use storelab_core::experiment;
use storelab_core::scenario::{self, apply_override};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden/runs.json");

/// Run one case of the file: its scenario with its `set` overrides, at its seed.
fn run(case: &Value) -> Value {
    let path = format!("{}/../../{}", env!("CARGO_MANIFEST_DIR"), case["scenario"].as_str().unwrap());
    let mut text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for (key, value) in case["set"].as_object().unwrap() {
        text = apply_override(&text, key, value.as_str().unwrap()).unwrap_or_else(|e| panic!("{key}: {e:?}"));
    }
    let s = scenario::parse(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"));
    let r = experiment::run_seed(&s, case["seed"].as_u64().unwrap(), false).expect("a golden run ends");
    json!({ "events": r.events, "trace_hash": r.trace_hash, "summary": r.summary })
}

/// The figures of `expected` that `actual` does not match, one line each.
fn differences(prefix: &str, expected: &Value, actual: &Value, out: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, v) in e {
                differences(&format!("{prefix}.{k}"), v, a.get(k).unwrap_or(&Value::Null), out);
            }
        }
        _ if expected != actual => out.push(format!("{prefix}: golden {expected}, now {actual}")),
        _ => {}
    }
}

#[test]
fn runs_match_the_golden_file() {
    let text = std::fs::read_to_string(GOLDEN).expect("tests/golden/runs.json");
    let mut golden: Value = serde_json::from_str(&text).expect("runs.json is JSON");
    let bless = std::env::var_os("STORELAB_BLESS").is_some();
    let mut failures = Vec::new();
    for case in golden["cases"].as_array_mut().unwrap() {
        let now = run(case);
        let name = case["name"].as_str().unwrap().to_string();
        if bless {
            for key in ["events", "trace_hash", "summary"] {
                case[key] = now[key].clone();
            }
            continue;
        }
        let expected =
            json!({ "events": case["events"], "trace_hash": case["trace_hash"], "summary": case["summary"] });
        let mut diffs = Vec::new();
        differences(&name, &expected, &now, &mut diffs);
        failures.extend(diffs);
    }
    if bless {
        std::fs::write(GOLDEN, serde_json::to_string_pretty(&golden).unwrap() + "\n").unwrap();
        return;
    }
    assert!(
        failures.is_empty(),
        "the engine no longer reproduces tests/golden/runs.json:\n  {}\nIf the change is intended, \
         regenerate the file and commit it: STORELAB_BLESS=1 cargo test --release -p storelab-core --test golden",
        failures.join("\n  ")
    );
}
