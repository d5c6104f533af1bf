//! Tests of the scenario schemas (common and per system), of the system a scenario's
//! `[system] kind` selects, and of edits of scenario text by field path.
use super::fields;
use super::*;
use crate::systems::mob::config::{Release, Server};
use crate::systems::SystemConfig;

const MOB: SystemKind = SystemKind::Mob;

#[test]
fn apply_override_round_trips() {
    let text = "[meta]\ntitle = \"t\"\n\n[server]\nmob_mb = 12 # Table 4.7\n";
    let edited = apply_override(text, "server.mob_mb", "4").unwrap();
    assert!(edited.contains("mob_mb = 4 # Table 4.7"), "{edited}");
    assert_eq!(parse(&edited).unwrap().mob().server.mob_mb, 4.0);

    let edited = apply_override(&edited, "client.count", "3").unwrap();
    let edited = apply_override(&edited, "flusher.release", "per_batch").unwrap();
    let edited = apply_override(&edited, "sweep.parameter", "server.mob_mb").unwrap();
    let edited = apply_override(&edited, "sweep.values", "[1, 2]").unwrap();
    let scenario = parse(&edited).unwrap();
    assert_eq!(scenario.mob().client.count, 3);
    assert_eq!(scenario.mob().flusher.release, Release::PerBatch);
    assert_eq!(scenario.sweep.unwrap().values, vec![1.0, 2.0]);
}

#[test]
fn apply_override_rejects_unknown_paths_and_wrong_types() {
    let error = apply_override("", "server.mob_size", "4").unwrap_err();
    assert_eq!(error.path, "server.mob_size");
    assert!(error.message.contains("mob_mb"), "{error}");
    assert!(apply_override("", "nosuch.key", "4").is_err());
    let error = apply_override("", "server.mob_mb", "big").unwrap_err();
    assert_eq!(error.expected.as_deref(), Some("a number (MB)"));
}

#[test]
fn fields_are_read_and_removed_by_path_keeping_the_rest() {
    let text = "# notes\n[meta]\ntitle = \"t\" # why\n\n[server]\nmob_mb = 12 # Table 4.7\ncache_mb = 5\n";
    assert_eq!(read_field(text, "server.mob_mb").as_deref(), Some("12"));
    assert_eq!(read_field(text, "meta.title").as_deref(), Some("\"t\""));
    assert_eq!(read_field(text, "server.layout"), None, "not written");
    assert_eq!(read_field(text, "server.nosuch"), None);
    let removed = remove_field(text, "server.mob_mb").unwrap();
    assert_eq!(removed, "# notes\n[meta]\ntitle = \"t\" # why\n\n[server]\ncache_mb = 5\n");
    assert_eq!(parse(&removed).unwrap().mob().server.mob_mb, Server::default().mob_mb);
    assert_eq!(remove_field(text, "client.count").unwrap(), text, "absent: unchanged");
    // The comment above a removed field stays; so does a last field's section.
    let commented = "[server]\n# MOB size\nmob_mb = 12\n\n[run]\nseeds = [1,\n  2]\n";
    assert_eq!(remove_field(commented, "server.mob_mb").unwrap(), "[server]\n# MOB size\n\n[run]\nseeds = [1,\n  2]\n");
    assert_eq!(remove_field(commented, "run.seeds").unwrap(), "[server]\n# MOB size\nmob_mb = 12\n\n[run]\n");
    assert_eq!(remove_field(text, "server.mob_size").unwrap_err().path, "server.mob_size");
}

#[test]
fn schema_json_is_what_the_types_generate() {
    let root = env!("CARGO_MANIFEST_DIR");
    let files = std::iter::once(("src/scenario/schema.json".to_string(), schema::generate())).chain(
        SystemKind::ALL
            .iter()
            .map(|&k| (format!("src/systems/{}/config.schema.json", k.name()), schema::generate_config(k))),
    );
    for (file, schema) in files {
        let path = format!("{root}/{file}");
        let generated = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if std::env::var_os("STORELAB_BLESS").is_some() {
            std::fs::write(&path, &generated).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == generated,
            "{file} is not what the scenario types generate; regenerate it: \
             STORELAB_BLESS=1 cargo test -p storelab-core --lib schema_json"
        );
    }
}

#[test]
fn json_schema_describes_mob_size() {
    let schema = json_schema(MOB);
    let mob = &schema["properties"]["server"]["properties"]["mob_mb"];
    assert_eq!(mob["type"], "number");
    assert_eq!(mob["x-unit"], "MB");
    assert_eq!(mob["exclusiveMinimum"], 0);
    assert_eq!(mob["maximum"], 65536);
    assert_eq!(mob["default"], 12.0);
    assert!(mob["description"].as_str().unwrap().contains("Table 4.7"));
    assert_eq!(schema["properties"]["server"]["additionalProperties"], false);
    assert_eq!(
        schema["properties"]["server"]["not"],
        serde_json::json!({"anyOf": [{"required": ["cache_mb", "memory_mb"]}]})
    );
    assert_eq!(
        schema["properties"]["client"]["properties"]["hit_mode"]["enum"],
        serde_json::json!(["per_object", "per_clustered_access", "per_page"])
    );
}

#[test]
fn json_schema_gives_every_numeric_field_a_unit_range_and_default() {
    let schema = json_schema(MOB);
    for spec in fields::all(MOB).iter().filter(|f| f.numeric().is_some()) {
        let field = &schema["properties"][spec.section()]["properties"][spec.key()];
        assert!(field["x-unit"].is_string(), "{}", spec.path);
        assert!(field.get("minimum").or(field.get("exclusiveMinimum")).is_some(), "{}", spec.path);
        assert!(field.get("maximum").is_some(), "{}", spec.path);
        let optional = ["run.warmup_write_prob", "server.memory_mb"].contains(&spec.path);
        assert_eq!(field.get("default").is_some(), !optional, "{}", spec.path);
    }
}

#[test]
fn the_system_kind_selects_the_sections() {
    let s = parse("[system]\nkind = \"mob\"\n\n[server]\nmob_mb = 4\n").unwrap();
    assert_eq!(s.config.kind(), SystemKind::Mob);
    assert_eq!(s.mob().server.mob_mb, 4.0);
    // The system's sections are written as top-level sections, beside the common ones.
    let text = to_toml(&s);
    assert!(text.contains("\n[server]\n") && !text.contains("config"), "{text}");
    assert_eq!(parse(&text).unwrap(), s);
    for &kind in SystemKind::ALL {
        let names = fields::section_names(kind);
        assert!(names.starts_with("meta, system, run, ") && names.ends_with(", sweep"), "{names}");
        assert_eq!(SystemConfig::default_for(kind).kind(), kind);
    }
    assert_eq!(
        fields::section_names(MOB),
        "meta, system, run, database, workload, oo7, client, network, server, flusher, wo, disk, sweep"
    );
}

/// Issue 12: an 8 KB link decompressed to a valid 10 MB comment-only scenario.
#[test]
fn a_text_far_larger_than_a_scenario_is_refused() {
    let huge = format!("[meta]\ntitle = \"t\"\n{}", "# padding\n".repeat(MAX_TEXT_BYTES / 10 + 1));
    let errors = parse(&huge).unwrap_err();
    assert_eq!((errors.len(), errors[0].line), (1, 1));
    assert!(errors[0].message.contains("at most 256 KB"), "{}", errors[0]);
    assert!(parse(&huge[..MAX_TEXT_BYTES]).is_ok());
}

/// Issue 12: seeds above 2^53 passed validation, came back rounded from JavaScript, then failed.
#[test]
fn a_seed_a_javascript_number_cannot_hold_is_refused() {
    assert!(parse("[meta]\nseed = 9007199254740991\n").is_ok());
    let errors = parse("[meta]\nseed = 9007199254740993\n").unwrap_err();
    assert_eq!(errors[0].path, "meta.seed");
    assert_eq!(errors[0].range.as_deref(), Some("0 ≤ value ≤ 9007199254740991"));
}

/// Issue 12: invalid UTF-8 got no line or offset.
#[test]
fn bytes_that_are_not_utf8_are_located() {
    let e = text_of(b"[meta]\ntitle = \"caf\xe9\"\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 13));
    assert!(e.message.contains("the byte at offset 19 is 0xe9") && e.message.contains("UTF-8"), "{e}");
    assert_eq!(text_of(b"[meta]\n").unwrap(), "[meta]\n");
}
