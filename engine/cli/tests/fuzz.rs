//! Issue 12's fuzz target in CI: 2·10^4 damaged and random scenarios (`storelab fuzz`, seed 1),
//! each refused with errors that name a line or a field, or run for up to 200,000 events (queue
//! events and inline accesses) without a panic, a hang or the engine ending it early. The full
//! run (10^6 inputs, seed 9) is reported in docs/robustness.md. Ctrl-C stops a fuzzing with the counts so far, and a log gets a progress
//! line every 10 s.
use serde_json::Value;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn twenty_thousand_fuzzed_scenarios_are_refused_with_a_location_or_run() {
    let scenarios = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let out = Command::new(env!("CARGO_BIN_EXE_storelab"))
        .args(["fuzz", "--inputs", "20000", "--seed", "1", "--events", "200000", "--json", "--scenarios", scenarios])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let c: Value = serde_json::from_str(&stdout).unwrap();
    let n = |key: &str| c[key].as_u64().unwrap_or_else(|| panic!("{key} in {c}"));
    assert_eq!(n("inputs"), 20_000);
    for failure in ["panics", "hangs", "ended_early", "refused_not_located"] {
        assert_eq!(n(failure), 0, "{failure}: {c}");
    }
    assert_eq!(n("refused_located") + n("accepted"), 20_000);
    // Both outcomes are exercised, and accepted runs both end and meet the event budget: the
    // inputs are neither all harmless nor all fatal.
    assert!(n("refused_located") > 10_000, "{c}");
    assert!(n("ran_to_end") > 1_000 && n("ran_to_event_budget") > 1_000, "{c}");
}

#[test]
fn ctrl_c_prints_the_partial_counts_and_fails_and_a_log_gets_progress_lines() {
    let scenarios = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let fuzz = Command::new(env!("CARGO_BIN_EXE_storelab"))
        .args(["fuzz", "--inputs", "1000000000", "--scenarios", scenarios])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Past the first progress line (at 10 s), then SIGINT, as Ctrl-C sends.
    std::thread::sleep(Duration::from_secs(11));
    let kill = Command::new("kill").args(["-INT", &fuzz.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let out = fuzz.wait_with_output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.starts_with("fuzz: interrupted after ") && stdout.contains(" of 1000000000 inputs (partial"),
        "{stdout}"
    );
    assert!(stdout.contains("panics:                        0\n"), "{stdout}");
    let progress = stderr.lines().next().unwrap_or_default();
    assert!(progress.starts_with("fuzz: ") && progress.ends_with(" inputs, 0 failures, 10 s"), "{stderr}");
    assert!(stderr.contains("interrupted after "), "{stderr}");
}
