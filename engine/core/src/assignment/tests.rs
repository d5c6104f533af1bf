//! Tests of the assignment file: its schema, located errors, the seed rule, keys and grades.
use super::*;

#[test]
fn assignment_schema_json_is_what_the_types_generate() {
    let path = format!("{}/src/assignment/assignment.schema.json", env!("CARGO_MANIFEST_DIR"));
    let settings = schemars::generate::SchemaSettings::draft2020_12().with(|s| s.inline_subschemas = true);
    let mut schema = settings.into_generator().into_root_schema_for::<AssignmentFile>().to_value();
    without_null(&mut schema);
    let generated = serde_json::to_string_pretty(&schema).unwrap() + "\n";
    if std::env::var_os("STORELAB_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "assignment.schema.json is not what the assignment types generate; regenerate it: \
         STORELAB_BLESS=1 cargo test -p storelab-core --lib schema_json"
    );
}

/// TOML has no null: an optional field is absent or of its type, as the schema says once null is
/// taken out of the types schemars gives an `Option`.
fn without_null(schema: &mut serde_json::Value) {
    use serde_json::Value;
    match schema {
        Value::Object(object) => {
            if let Some(Value::Array(types)) = object.get_mut("type") {
                types.retain(|t| t != "null");
                if let [only] = &types[..] {
                    let only = only.clone();
                    object.insert("type".into(), only);
                }
            }
            object.values_mut().for_each(without_null);
        }
        Value::Array(items) => items.iter_mut().for_each(without_null),
        _ => {}
    }
}

/// A short assignment on the MOB: two varied fields and a question of each kind.
pub(super) const SHORT: &str = r#"[assignment]
format = 1
name = "short"
title = "A short MOB run"
engine = "ENGINE"
salt = "a salt for tests"

[scenario.system]
kind = "mob"

[scenario.run]
warmup_s = 1
warmup_flusher_passes = 0
duration_s = 5

[scenario.server]
mob_mb = 2

[[vary]]
field = "server.mob_mb"
uniform = [1, 3]

[[vary]]
field = "workload.write_prob"
choice = [0.1, 0.3]

[[question]]
id = "tps"
prompt = "Throughput?"
kind = "figure"
figure = "throughput_tps"
tolerance = { relative = 0.05 }
points = 2

[[question]]
id = "first_commit"
prompt = "When is the 10th commit?"
kind = "record_time"
record = "commit"
nth = 10
tolerance = { absolute = 0.001 }
points = 1

[[question]]
id = "fetches"
prompt = "How many fetches from 1 s to 2 s?"
kind = "record_count"
record = "fetch"
from_s = 1
to_s = 2
points = 1

[[question]]
id = "used"
prompt = "How full is the MOB at 3 s?"
kind = "figure_at"
figure = "mob.used_bytes"
at_s = 3
tolerance = { relative = 0.01 }
points = 1
"#;

pub(super) fn short() -> String {
    SHORT.replace("ENGINE", ENGINE_VERSION)
}

/// `short()` with `from` replaced by `to` (which must be there).
fn edited(from: &str, to: &str) -> String {
    let text = short();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// The one error of `text`, as (path, line, column).
fn error(text: &str) -> (String, u32, u32, String) {
    let errors = parse(text).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let e = &errors[0];
    (e.path.clone(), e.line, e.column, e.message.clone())
}

fn line_of(text: &str, needle: &str) -> u32 {
    text.lines().position(|l| l.contains(needle)).expect("a line holds it") as u32 + 1
}

#[test]
fn the_sample_parses() {
    let a = parse(&short()).unwrap();
    assert_eq!(a.name(), "short");
    assert_eq!(a.max_points(), 5.0);
    assert_eq!(a.units(), ["tx/s", "s", "records", "B"]);
    assert_eq!(a.hash, assignment_hash(&short()));
}

#[test]
fn an_unknown_key_is_located_at_its_key() {
    let text = edited("nth = 10", "nht = 10");
    let (path, line, column, message) = error(&text);
    assert_eq!((path.as_str(), line, column), ("question[1].nht", line_of(&text, "nht = 10"), 1));
    assert!(message.contains("unknown field `nht`") && message.contains("`nth`"), "{message}");
}

#[test]
fn a_wrong_type_is_located_at_its_value() {
    let text = edited("points = 2", "points = \"two\"");
    let (path, line, column, _) = error(&text);
    assert_eq!((path.as_str(), line, column), ("question[0].points", line_of(&text, "points = \"two\""), 10));
}

#[test]
fn an_out_of_range_value_is_located_at_its_value() {
    let text = edited("points = 2", "points = 2000");
    let (path, line, column, message) = error(&text);
    assert_eq!((path.as_str(), line, column), ("question[0].points", line_of(&text, "2000"), 10));
    assert!(message.contains("1000"), "{message}");
    // Of the variation: the end of a range, at that end.
    let text = edited("uniform = [1, 3]", "uniform = [1, 70000]");
    let (path, line, column, message) = error(&text);
    assert_eq!((path.as_str(), line, column), ("vary[0].uniform[1]", line_of(&text, "70000"), 15));
    assert!(message.contains("server.mob_mb"), "{message}");
}

#[test]
fn an_error_in_the_inline_scenario_is_located_in_the_assignment() {
    let text = edited("mob_mb = 2", "mob_mb = -2");
    let (path, line, column, message) = error(&text);
    assert_eq!((path.as_str(), line, column), ("scenario.server.mob_mb", line_of(&text, "mob_mb = -2"), 10));
    assert!(message.contains("out of range"), "{message}");
    let text = edited("duration_s = 5", "duration = 5");
    let (path, line, column, _) = error(&text);
    assert_eq!((path.as_str(), line, column), ("scenario.run.duration", line_of(&text, "duration = 5"), 1));
}

#[test]
fn questions_and_ranges_are_checked_against_the_system() {
    let text = edited("record = \"commit\"", "record = \"comit\"");
    let (path, line, column, message) = error(&text);
    assert_eq!((path.as_str(), line, column), ("question[1].record", line_of(&text, "\"comit\""), 10));
    assert!(message.contains("commit, commit_wait"), "{message}");
    let errors = parse(&edited("field = \"workload.write_prob\"", "field = \"client.count\"")).unwrap_err();
    let paths: Vec<&str> = errors.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["vary[1].choice[0]", "vary[1].choice[1]"]);
    assert_eq!(errors[0].expected.as_deref(), Some("a whole number (count)"));
    let (path, _, _, message) = error(&edited("figure = \"throughput_tps\"", "figure = \"wo.fragment_reads\""));
    assert_eq!(path, "question[0].figure");
    assert!(message.contains("server.layout is \"write_optimized\""), "{message}");
    let (path, _, _, message) = error(&edited("tolerance = { relative = 0.05 }\n", ""));
    assert_eq!(path, "question[0].tolerance", "{message}");
    let (path, _, _, message) = error(&edited("at_s = 3", "at_s = 3\nnth = 2"));
    assert_eq!(path, "question[3].nth", "{message}");
}

#[test]
fn a_range_whose_end_makes_an_invalid_scenario_is_refused() {
    // The MOB and the page cache share 24 MB of memory: a 30 MB MOB leaves the cache nothing.
    let text = edited("mob_mb = 2", "memory_mb = 24").replacen("uniform = [1, 3]", "uniform = [1, 30]", 1);
    let (path, line, _, message) = error(&text);
    assert_eq!((path.as_str(), line), ("vary[0].field", line_of(&text, "field = \"server.mob_mb\"")));
    assert!(message.contains("a student may get server.mob_mb = 30, workload.write_prob = 0.1"), "{message}");
    assert!(message.contains("server.memory_mb"), "{message}");
}

#[test]
fn two_students_get_different_problems_and_one_student_always_the_same() {
    let a = parse(&short()).unwrap();
    let ada = a.problem("ada@example.edu").unwrap();
    let bob = a.problem("bob@example.edu").unwrap();
    assert_ne!(ada.seed, bob.seed);
    assert_ne!(ada.text, bob.text);
    let again = a.problem("  ADA@example.EDU").unwrap();
    assert_eq!((again.seed, &again.text, &again.drawn), (ada.seed, &ada.text, &ada.drawn));
    assert_eq!(ada.seed, student_seed("a salt for tests", "ada@example.edu"));
    // Over many students the draws spread over the ranges.
    let mob: std::collections::BTreeSet<String> =
        (0..40).map(|i| format!("{:?}", a.problem(&format!("student{i}")).unwrap().drawn[0].value)).collect();
    assert!(mob.len() > 10, "{mob:?}");
    // The problem is a valid scenario with the student's values and seed.
    let s = crate::scenario::parse(&ada.text).unwrap();
    let Pick::Number(mob_mb) = ada.drawn[0].value else { panic!() };
    assert_eq!((s.mob().server.mob_mb, s.meta.seed), (mob_mb, ada.seed & crate::scenario::MAX_SEED));
}

#[test]
fn a_choice_of_names_is_checked_at_every_value() {
    let layout =
        "[[vary]]\nfield = \"server.layout\"\nchoice = [\"read_optimized\", \"write_optimized\"]\n\n[[question]]";
    let text = short().replacen("[[question]]", layout, 1);
    assert!(parse(&text).is_ok(), "{:?}", parse(&text).err());
    // A write-optimized figure is not reported when a student gets the read-optimized layout,
    // though the scenario as written has the write-optimized one.
    let text = text.replacen("figure = \"throughput_tps\"", "figure = \"wo.fragment_reads\"", 1).replacen(
        "mob_mb = 2",
        "mob_mb = 2\nlayout = \"write_optimized\"",
        1,
    );
    let (path, _, _, message) = error(&text);
    assert_eq!(path, "question[0].figure");
    assert!(
        message.starts_with("with server.mob_mb = 1, workload.write_prob = 0.1, server.layout = \"read_optimized\""),
        "{message}"
    );
    let bad = short().replacen("[[question]]", &layout.replace("write_optimized", "write_only"), 1);
    let (path, _, _, message) = error(&bad);
    assert_eq!(path, "vary[2].choice[1]");
    assert!(message.contains("unknown value \"write_only\""), "{message}");
}
