//! Assignments (issue 26) end to end: the sample assignments check and key, keys agree with
//! runs made another way, grading recomputes every answer from the file as it is, and a
//! submission made for another assignment, version or engine is refused by name.
use std::collections::BTreeMap;

use storelab_core::assignment::{self, Assignment, Key, Submission, ENGINE_VERSION};
use storelab_core::describe::RecordKindInfo;
use storelab_core::kernel::time;
use storelab_core::{experiment, scenario, systems, Simulation};

fn sample(name: &str) -> String {
    let path = format!("{}/../../assignments/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn parse(text: &str) -> Assignment {
    assignment::parse(text).unwrap_or_else(|errors| panic!("{errors:?}"))
}

/// A submission answering every question with the key's value times `factor`.
fn answering(a: &Assignment, key: &Key, factor: f64) -> Submission {
    let answers: BTreeMap<String, f64> = key.answers.iter().map(|k| (k.question.clone(), k.value * factor)).collect();
    a.submission(&key.student, answers).unwrap()
}

#[test]
fn every_sample_assignment_checks_and_keys_the_same_twice() {
    let dir = format!("{}/../../assignments", env!("CARGO_MANIFEST_DIR"));
    let mut systems_seen = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let a = parse(&text);
        let key = a.key("ada@example.edu").unwrap();
        assert_eq!(key, a.key("Ada@Example.edu ").unwrap(), "{}", a.name());
        assert_eq!(key.answers.len(), a.file.question.len());
        assert_eq!(key.engine, ENGINE_VERSION);
        systems_seen.push(a.scenario.system.kind);
    }
    for kind in scenario::SystemKind::ALL {
        assert!(systems_seen.contains(kind), "no sample assignment runs {}", kind.name());
    }
}

/// Each kind of question, answered another way: the figure from `storelab run`'s code, the
/// record's time and the count from the trace's kept records.
#[test]
fn the_key_agrees_with_runs_made_another_way() {
    let a = parse(&sample("mob-absorption"));
    let key = a.key("ada@example.edu").unwrap();
    let s = scenario::parse(&a.problem("ada@example.edu").unwrap().text).unwrap();
    let answer = |id: &str| key.answers.iter().find(|k| k.question == id).unwrap().value;

    let run = experiment::run_seed(&s, s.meta.seed, false).unwrap();
    let summary = serde_json::to_value(&run.summary).unwrap();
    assert_eq!(answer("absorption"), summary["write_absorption"].as_f64().unwrap());

    let kind = |name: &str| {
        systems::description(&s).records.iter().find(|r| r.name == name).map(|r: &RecordKindInfo| r.id).unwrap()
    };
    let mut sim = Simulation::new(&s, s.meta.seed);
    assert!(sim.run_until_kind(kind("flusher_start"), time::from_s(1e4)));
    assert_eq!(answer("first_flush"), time::to_s(sim.now()));

    // The trace keeps records from just before the window on.
    let mut sim = Simulation::new(&s, s.meta.seed);
    sim.run_until(time::from_s(59.0));
    sim.set_tracing(true);
    let before = sim.trace().total();
    sim.run_until(time::from_s(70.0));
    assert_eq!(sim.trace().total() - before, sim.trace().records().len() as u64, "the ring kept every record");
    let window = time::from_s(60.0)..time::from_s(70.0);
    let page_writes =
        sim.trace().records().iter().filter(|r| r.kind == kind("page_write") && window.contains(&r.t)).count();
    assert_eq!(answer("page_writes"), page_writes as f64);
}

#[test]
fn grading_scores_each_answer_within_its_tolerance() {
    let a = parse(&sample("mob-absorption"));
    let key = a.key("ada@example.edu").unwrap();
    let grade = a.grade(&answering(&a, &key, 1.0), &[]).unwrap();
    assert_eq!((grade.score, grade.max), (10.0, 10.0));
    // 1% off: within the figure's 2% and the MOB's 1% (at its edge), not the time's 0.01 s or the count's exact.
    let grade = a.grade(&answering(&a, &key, 1.01), &[]).unwrap();
    let points: Vec<f64> = grade.marks.iter().map(|m| m.points).collect();
    assert_eq!(points, [4.0, 0.0, 0.0, 2.0], "{grade:?}");
    // An unanswered question earns nothing.
    let mut partial = answering(&a, &key, 1.0);
    partial.answers.remove("absorption");
    let grade = a.grade(&partial, &[]).unwrap();
    assert_eq!((grade.score, grade.marks[0].answer), (6.0, None));
}

#[test]
fn grading_a_changed_scenario_recomputes_every_answer() {
    let text = sample("mob-absorption");
    let a = parse(&text);
    let key = a.key("ada@example.edu").unwrap();
    let submission = answering(&a, &key, 1.0);
    // The instructor lengthens the measured run after the student answered.
    let changed = parse(&text.replacen("duration_s = 60", "duration_s = 50", 1));
    assert_ne!(changed.hash, a.hash);
    let refused = changed.grade(&submission, &[]).unwrap_err();
    assert!(refused.contains("another version of assignment \"mob-absorption\""), "{refused}");
    assert!(refused.contains(&format!("--accept-hash {}", &a.hash[..12])), "{refused}");
    // Accepted as an earlier version, it is graded against the changed run: the measured figure
    // moves, the times before the change do not.
    let grade = changed.grade(&submission, &[a.hash[..8].to_string()]).unwrap();
    let points: Vec<f64> = grade.marks.iter().map(|m| m.points).collect();
    assert_eq!(points, [0.0, 2.0, 2.0, 2.0], "{grade:?}");
    assert_ne!(grade.marks[0].key, key.answers[0].value);
}

#[test]
fn a_tampered_or_foreign_submission_is_refused_by_name() {
    let a = parse(&sample("mob-absorption"));
    let key = a.key("ada@example.edu").unwrap();
    let good = answering(&a, &key, 1.0);
    let refused = |edit: &dyn Fn(&mut Submission)| {
        let mut s = good.clone();
        edit(&mut s);
        a.grade(&s, &[]).unwrap_err()
    };
    let why = refused(&|s| s.assignment_hash = s.assignment_hash.replace(&s.assignment_hash[..4], "0000"));
    assert!(why.contains("another version of assignment \"mob-absorption\""), "{why}");
    let why = refused(&|s| s.assignment = "hac-retention".into());
    assert!(why.contains("made for assignment \"hac-retention\", not \"mob-absorption\""), "{why}");
    let why = refused(&|s| s.engine = "0.0.1".into());
    assert!(why.contains("made with engine 0.0.1") && why.contains(ENGINE_VERSION), "{why}");
    let why = refused(&|s| s.format = 2);
    assert!(why.contains("format 2"), "{why}");
    // A hash accepted as an earlier version must be one: a short prefix names none.
    let mut other = good.clone();
    other.assignment_hash = "0".repeat(64);
    assert!(a.grade(&other, &["0000".into()]).is_err());
    // The submission as the lab exports it reads back.
    let json = serde_json::to_string(&good).unwrap();
    assert_eq!(assignment::read_submission(&json).unwrap(), good);
}

#[test]
fn another_engine_refuses_to_key() {
    let text = sample("mob-absorption").replacen(&format!("engine = \"{ENGINE_VERSION}\""), "engine = \"0.0.1\"", 1);
    let a = parse(&text);
    let why = a.key("ada").unwrap_err();
    assert!(why.contains("made with engine 0.0.1"), "{why}");
}
