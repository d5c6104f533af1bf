//! Tests of the assignment file: its schema, located errors, the seed rule, keys and grades.
use super::*;

#[test]
fn assignment_schema_json_is_what_the_types_generate() {
    let path = format!("{}/src/assignment/assignment.schema.json", env!("CARGO_MANIFEST_DIR"));
    let settings = schemars::generate::SchemaSettings::draft2020_12().with(|s| {
        s.inline_subschemas = true;
        // TOML has no null: an optional field is absent or of its type.
        s.option_add_null_type = false;
    });
    let schema = settings.into_generator().into_root_schema_for::<AssignmentFile>().to_value();
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
