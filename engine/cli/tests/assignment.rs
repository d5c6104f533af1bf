//! `storelab assignment`: keys as JSON lines, grading to CSV with refusals named by file, what
//! changed against a previous grading, Gradescope's results.json with its published fields only,
//! and templates that check as written.
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ASSIGNMENT: &str = "../../assignments/mob-absorption.toml";

fn storelab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_storelab")).args(args).output().unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("storelab-assignment-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The keys of `students`, one JSON object a line.
fn keys(students: &[&str]) -> Vec<Value> {
    let mut args = vec!["assignment", "key", ASSIGNMENT, "--json"];
    for s in students {
        args.extend(["--student", s]);
    }
    stdout(&storelab(&args)).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// A submission answering every question with the key's value times `factor` (the first one
/// `skip`ped), written to `dir/file`.
fn submit(dir: &Path, file: &str, key: &Value, factor: f64, edit: impl Fn(&mut Value)) -> String {
    let answers: serde_json::Map<String, Value> = key["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["question"].as_str().unwrap().to_string(), (a["value"].as_f64().unwrap() * factor).into()))
        .collect();
    let mut submission = serde_json::json!({
        "format": 1,
        "assignment": key["assignment"],
        "assignment_hash": key["assignment_hash"],
        "engine": key["engine"],
        "student": key["student"],
        "answers": answers,
    });
    edit(&mut submission);
    let path = dir.join(file);
    std::fs::write(&path, serde_json::to_string_pretty(&submission).unwrap()).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn key_prints_a_json_line_per_student() {
    let k = keys(&["ada@example.edu", "bob@example.edu", "ADA@example.edu"]);
    assert_eq!(k.len(), 3);
    assert_ne!(k[0]["seed"], k[1]["seed"]);
    assert_eq!(k[0], k[2], "ids are read lowercase");
    assert_eq!(k[0]["answers"].as_array().unwrap().len(), 4);
}

#[test]
fn grade_writes_a_csv_and_refuses_by_file_name() {
    let dir = folder("csv");
    let k = keys(&["ada@example.edu", "bob@example.edu", "cy@example.edu"]);
    let ada = submit(&dir, "ada.json", &k[0], 1.0, |_| {});
    let bob = submit(&dir, "bob.json", &k[1], 1.001, |_| {});
    let tampered = submit(&dir, "cy.json", &k[2], 1.0, |s| s["assignment_hash"] = "0".repeat(64).into());
    let foreign = submit(&dir, "dee.json", &k[2], 1.0, |s| {
        s["assignment"] = "hac-retention".into();
        s["student"] = "dee@example.edu".into();
    });
    let again = submit(&dir, "ada-again.json", &k[0], 1.0, |s| s["answers"]["nosuch"] = 1.into());
    let out = storelab(&["assignment", "grade", ASSIGNMENT, &ada, &bob, &tampered, &foreign, &again]);
    assert!(!out.status.success(), "refusals fail the command");
    let csv = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        csv,
        "student,score,max,absorption,first_flush,page_writes,mob_used\n\
         ada@example.edu,10,10,4,2,2,2\n\
         bob@example.edu,6,10,4,0,0,2\n"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains(&format!("{tampered}: refused: it was made for another version")), "{stderr}");
    assert!(stderr.contains(&format!("{foreign}: refused: it was made for assignment \"hac-retention\"")), "{stderr}");
    assert!(stderr.contains(&format!("{again}: refused: student ada@example.edu submitted {ada} as well")), "{stderr}");
    assert!(stderr.contains("3 of 5 submissions not graded"), "{stderr}");
}

#[test]
fn grade_says_what_changed_and_keeps_the_higher_grade_with_no_decrease() {
    let dir = folder("previous");
    let k = keys(&["ada@example.edu", "bob@example.edu"]);
    let ada = submit(&dir, "ada.json", &k[0], 1.0, |_| {});
    let bob = submit(&dir, "bob.json", &k[1], 1.001, |_| {});
    let previous = dir.join("previous.csv");
    std::fs::write(
        &previous,
        "student,score,max,absorption,first_flush,page_writes,mob_used\n\
         ada@example.edu,8,10,4,0,2,2\nbob@example.edu,8,10,4,2,0,2\ncy@example.edu,5,10,4,0,0,1\n",
    )
    .unwrap();
    let previous = previous.to_string_lossy().into_owned();
    let out = storelab(&["assignment", "grade", ASSIGNMENT, &ada, &bob, "--previous", &previous]);
    let csv = stdout(&out);
    assert!(csv.contains("\nbob@example.edu,6,10,4,0,0,2\n"), "{csv}");
    let changes = String::from_utf8(out.stderr).unwrap();
    assert!(changes.contains("ada@example.edu: 8 → 10 (first_flush 0 → 2)"), "{changes}");
    assert!(changes.contains("bob@example.edu: 8 → 6 (first_flush 2 → 0)"), "{changes}");
    assert!(changes.contains("cy@example.edu: not graded this time (had 5)"), "{changes}");

    let out = storelab(&["assignment", "grade", ASSIGNMENT, &ada, &bob, "--previous", &previous, "--no-decrease"]);
    let csv = stdout(&out);
    assert_eq!(
        csv,
        "student,score,max,absorption,first_flush,page_writes,mob_used\n\
         ada@example.edu,10,10,4,2,2,2\nbob@example.edu,8,10,4,2,0,2\ncy@example.edu,5,10,4,0,0,1\n"
    );
    let changes = String::from_utf8(out.stderr).unwrap();
    assert!(changes.contains("bob@example.edu: 8 → 6 (first_flush 2 → 0); the previous grade is kept"), "{changes}");
}

/// Gradescope's autograder specification: the fields results.json may have, and what each
/// test case may have ("Autograder Specifications", gradescope-autograders.readthedocs.io).
const RESULTS_FIELDS: &[&str] = &[
    "score",
    "execution_time",
    "output",
    "output_format",
    "test_output_format",
    "test_name_format",
    "visibility",
    "stdout_visibility",
    "extra_data",
    "tests",
    "leaderboard",
];
const TEST_FIELDS: &[&str] = &[
    "score",
    "max_score",
    "status",
    "name",
    "name_format",
    "number",
    "output",
    "output_format",
    "tags",
    "visibility",
    "extra_data",
];
const VISIBILITIES: &[&str] = &["hidden", "after_due_date", "after_published", "visible"];

/// A results.json holds only published fields, with the published types and values.
fn check_results(results: &Value) {
    let fields = results.as_object().expect("results.json is an object");
    for key in fields.keys() {
        assert!(RESULTS_FIELDS.contains(&key.as_str()), "results.json has an unpublished field {key}");
    }
    assert!(results["score"].is_number(), "the score is a number");
    assert!(results["output"].is_string());
    for test in results["tests"].as_array().expect("tests is a list") {
        for key in test.as_object().expect("a test is an object").keys() {
            assert!(TEST_FIELDS.contains(&key.as_str()), "a test has an unpublished field {key}");
        }
        for key in ["name", "output"] {
            assert!(test[key].is_string(), "{key} of {test}");
        }
        for key in ["score", "max_score"] {
            assert!(test[key].is_number(), "{key} of {test}");
        }
        assert!(["passed", "failed"].contains(&test["status"].as_str().unwrap()), "{test}");
        assert!(VISIBILITIES.contains(&test["visibility"].as_str().unwrap()), "{test}");
    }
}

#[test]
fn gradescope_results_have_the_published_fields_only() {
    let dir = folder("gradescope");
    let k = keys(&["ada@example.edu", "bob@example.edu"]);
    let ada = submit(&dir, "ada.json", &k[0], 1.0, |_| {});
    let results: Value =
        serde_json::from_str(&stdout(&storelab(&["assignment", "grade", ASSIGNMENT, &ada, "--format", "gradescope"])))
            .unwrap();
    check_results(&results);
    assert_eq!(results["score"], 10.0);
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4);
    assert!(tests[0]["name"].as_str().unwrap().starts_with("absorption: "), "{}", tests[0]);
    assert_eq!(tests[0]["visibility"], "after_due_date", "revealed after the due date");
    assert_eq!(tests[1]["visibility"], "visible");
    assert_eq!((tests[0]["score"].as_f64(), tests[0]["max_score"].as_f64()), (Some(4.0), Some(4.0)));

    // Several submissions: a folder of results, a refused one's saying why with no score.
    let foreign = submit(&dir, "bob.json", &k[1], 1.0, |s| s["engine"] = "0.0.1".into());
    let out_dir = dir.join("results");
    let out = storelab(&[
        "assignment",
        "grade",
        ASSIGNMENT,
        &ada,
        &foreign,
        "--format",
        "gradescope",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    for (file, score) in [("ada.json", 10.0), ("bob.json", 0.0)] {
        let text = std::fs::read_to_string(out_dir.join(file).join("results.json")).unwrap();
        let results: Value = serde_json::from_str(&text).unwrap();
        check_results(&results);
        assert_eq!(results["score"], score, "{file}");
    }
    let refused = std::fs::read_to_string(out_dir.join("bob.json/results.json")).unwrap();
    assert!(refused.contains("made with engine 0.0.1"), "{refused}");
}

#[test]
fn new_writes_a_template_that_checks() {
    let dir = folder("new");
    for scenario in ["mob-default", "hac-t6-cold", "lesson-oplog-50-clients", "disk-ostep-skew"] {
        let path = dir.join(format!("{scenario}.toml"));
        let source = format!("../../scenarios/{scenario}.toml");
        stdout(&storelab(&["assignment", "new", &source, "--out", path.to_str().unwrap()]));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(&format!("name = \"{scenario}\"")), "{text}");
        let report = stdout(&storelab(&["assignment", "check", path.to_str().unwrap()]));
        assert!(report.contains("sample keys:"), "{report}");
    }
}
