use super::fields::{self, Kind};
use super::*;

const MOB: SystemKind = SystemKind::Mob;

/// Parses text that must fail and returns its errors.
fn parse_errors(text: &str) -> Vec<ScenarioError> {
    match parse(text) {
        Ok(_) => panic!("expected errors for:\n{text}"),
        Err(errors) => errors,
    }
}

/// The only error at `path`.
fn error_at<'a>(errors: &'a [ScenarioError], path: &str) -> &'a ScenarioError {
    let matching: Vec<_> = errors.iter().filter(|e| e.path == path).collect();
    assert_eq!(matching.len(), 1, "one error at {path} expected in {errors:#?}");
    matching[0]
}

#[test]
fn defaults_validate_and_empty_text_gives_defaults() {
    assert_eq!(Scenario::default().validate(), Ok(()));
    assert_eq!(parse("").unwrap(), Scenario::default());
}

#[test]
fn registry_names_exactly_the_serde_fields() {
    let mut scenario = Scenario::default();
    scenario.run.warmup_write_prob = Some(0.2);
    scenario.mob_mut().server.memory_mb = Some(24.0);
    // Written only when there are some.
    let number = PaperNumber { figure: "throughput_tps".into(), values: vec![1.0], at: Vec::new(), source: "x".into() };
    scenario.meta.paper_numbers.push(number);
    scenario.sweep = Some(Sweep {
        series: Some("client.count".into()),
        series_values: vec![1.0],
        ..Sweep::over("server.mob_mb", &[1.0])
    });
    let json = serde_json::to_value(&scenario).unwrap();
    let mut serde_paths: Vec<String> = json
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(section, fields)| fields.as_object().unwrap().keys().map(move |key| format!("{section}.{key}")))
        .collect();
    let mut registry_paths: Vec<String> = fields::all(MOB).iter().map(|f| f.path.to_string()).collect();
    serde_paths.sort();
    registry_paths.sort();
    assert_eq!(serde_paths, registry_paths);
}

#[test]
fn registry_numeric_accessors_read_and_write_their_own_field() {
    for spec in fields::all(MOB).iter().filter(|f| f.numeric().is_some()) {
        let scenario = set_number(&Scenario::default(), spec.path, 7.0).unwrap();
        assert_eq!(spec.get(&scenario), Some(7.0), "{}", spec.path);
        let json = serde_json::to_value(&scenario).unwrap();
        let (section, key) = (spec.section(), spec.key());
        assert_eq!(json[section][key].as_f64(), Some(7.0), "{}", spec.path);
    }
}

/// The range garde checks and the range the registry reads from the schema come from the same
/// attributes; an exclusive bound is two of them (`custom(positive)` and `exclusiveMinimum`).
#[test]
fn garde_and_the_registry_agree_on_every_range() {
    // The common sections' ranges and the system's (its config's paths are the scenario's).
    let garde_rejects = |s: &Scenario, path: &str| {
        let common = garde::Validate::validate(s)
            .err()
            .map_or_else(Vec::new, |r| r.iter().map(|(p, _)| p.to_string()).collect());
        common.into_iter().chain(s.config.out_of_range()).any(|p| p == path)
    };
    for spec in fields::all(MOB) {
        let Some(numeric) = spec.numeric() else { continue };
        for (bound, outward) in [(numeric.min, -1.0), (numeric.max, 1.0)] {
            let (at, inside) = match bound {
                fields::Bound::Inclusive(v) => (v, true),
                fields::Bound::Exclusive(v) => (v, false),
            };
            let step = if spec.is_integer() { 1.0 } else { 1e-6 };
            for (value, ok) in [(at, inside), (at + outward * step, false)] {
                if !value.is_finite() || (spec.is_integer() && value < 0.0) {
                    continue;
                }
                let s = set_number(&Scenario::default(), spec.path, value).unwrap();
                assert_eq!(spec.check_number(value).is_ok(), ok, "registry: {} = {value}", spec.path);
                assert_eq!(!garde_rejects(&s, spec.path), ok, "garde: {} = {value}", spec.path);
            }
        }
    }
}

#[test]
fn registry_choices_are_the_serde_enum_values() {
    for spec in fields::all(MOB) {
        let Kind::Choice(choices) = &spec.kind else {
            continue;
        };
        for choice in choices {
            let text = format!("[{}]\n{} = \"{choice}\"\n", spec.section(), spec.key());
            assert!(toml::from_str::<Scenario>(&text).is_ok(), "{}: {choice}", spec.path);
        }
    }
}

#[test]
fn defaults_are_inside_their_ranges() {
    let scenario = Scenario::default();
    for spec in fields::all(MOB) {
        if let Some(value) = spec.get(&scenario) {
            assert_eq!(spec.check_number(value), Ok(()), "{}", spec.path);
        }
    }
}

#[test]
fn wrong_type_reports_path_line_and_column() {
    let text = "[meta]\ntitle = \"x\"\n\n[server]\nmob_mb = \"12\"\n";
    let errors = parse_errors(text);
    let error = error_at(&errors, "server.mob_mb");
    assert_eq!((error.line, error.column), (5, 10));
    assert_eq!(error.expected.as_deref(), Some("a number (MB)"));
    assert!(error.message.contains("string"), "{error}");
}

#[test]
fn float_for_an_integer_field_is_a_type_error() {
    let errors = parse_errors("[client]\ncount = 2.5\n");
    let error = error_at(&errors, "client.count");
    assert_eq!((error.line, error.column), (2, 9));
    assert_eq!(error.expected.as_deref(), Some("a whole number (count)"));
}

#[test]
fn negative_integer_is_a_range_error_not_a_crash() {
    let errors = parse_errors("[client]\ncount = -1\n");
    let error = error_at(&errors, "client.count");
    assert_eq!(error.range.as_deref(), Some("1 ≤ value ≤ 1024"));
    assert_eq!(error.line, 2);
}

#[test]
fn unknown_keys_in_two_sections_list_the_valid_keys() {
    let text = "[server]\nmob_size = 3\n\n[disk]\nrpms = 7200\n";
    let errors = parse_errors(text);
    let server = error_at(&errors, "server.mob_size");
    assert_eq!((server.line, server.column), (2, 1));
    assert!(server
        .message
        .contains("unknown field `mob_size`; expected one of: layout, architecture, cache_mb, mob_mb,"));
    let disk = error_at(&errors, "disk.rpms");
    assert_eq!((disk.line, disk.column), (5, 1));
    assert!(disk.message.contains("expected one of: scheduler, rpm, track_kb, cylinders,"));
}

#[test]
fn type_and_range_errors_come_together_in_text_order() {
    // One pass shows every field's error: the range error of a well-typed value is not held back
    // until the type error is fixed, and a badly typed value gets no range error.
    let text = "[client]\ncount = \"x\"\n\n[server]\nmob_mb = -3\nfoo = 1\ncache_mb = 2.5e9\n";
    let errors = parse_errors(text);
    let at: Vec<_> = errors.iter().map(|e| (e.path.as_str(), e.line)).collect();
    assert_eq!(at, [("client.count", 2), ("server.mob_mb", 5), ("server.foo", 6), ("server.cache_mb", 7)]);
    assert_eq!(errors[1].range.as_deref(), Some("0 < value ≤ 65536"));
    assert!(errors[0].range.is_none(), "{}", errors[0]);
}

#[test]
fn unknown_section_lists_the_sections() {
    let errors = parse_errors("[run]\nseeds = 2\n[foo]\nbar = 1\n");
    let error = error_at(&errors, "foo");
    assert_eq!((error.line, error.column), (3, 2));
    assert!(error.message.contains("unknown section `[foo]`; expected one of: meta, system, run,"));
}

#[test]
fn an_unknown_system_kind_names_the_kinds_that_exist() {
    let errors = parse_errors("[meta]\ntitle = \"x\"\n[system]\nkind = \"gms\"\n");
    let error = error_at(&errors, "system.kind");
    assert_eq!((error.line, error.column), (4, 8));
    assert!(error.message.contains("unknown value \"gms\"; expected one of: mob, hac"), "{error}");
}

#[test]
fn malformed_toml_gives_a_line_number() {
    let errors = parse_errors("[meta]\ntitle = \"x\"\n[server\nmob_mb = 4\n");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 3);
    assert!(errors[0].message.starts_with("malformed TOML"), "{}", errors[0]);
}

#[test]
fn negative_size_is_a_range_error_with_path_and_line() {
    let errors = parse_errors("[database]\n# the whole database\nsize_mb = -5\n");
    let error = error_at(&errors, "database.size_mb");
    assert_eq!((error.line, error.column), (3, 11));
    assert_eq!(error.range.as_deref(), Some("0 < value ≤ 4096"));
    assert_eq!(
        error.to_string(),
        "line 3, column 11: database.size_mb: -5 MB is out of range \
         (expected a number (MB), allowed 0 < value ≤ 4096)"
    );
}

#[test]
fn trillion_object_database_is_a_clean_error() {
    let errors = parse_errors("[database]\nsize_mb = 1e9\nobject_bytes = 16\n");
    assert_eq!(error_at(&errors, "database.size_mb").line, 2);

    let mut huge = Scenario::default();
    huge.mob_mut().database.size_mb = 1.0e12;
    assert!(huge.validate().is_err());
}

#[test]
fn database_within_ranges_but_over_the_object_limit_is_rejected() {
    let errors = parse_errors("[database]\nsize_mb = 4096\nobject_bytes = 16\nheader_bytes_per_object = 0\n");
    let error = error_at(&errors, "database.size_mb");
    assert!(
        error.message.starts_with("database too large for the lab: 268,435,456 objects, at most 50,000,000"),
        "{error}"
    );
}

#[test]
fn non_finite_numbers_are_rejected() {
    let errors = parse_errors("[network]\nlatency_ms = nan\nbackup_delay_ms = inf\n");
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(error_at(&errors, "network.latency_ms").message.contains("not a finite number"));
}

#[test]
fn cluster_len_above_cluster_region_is_reported_at_the_region() {
    let errors = parse_errors("[workload]\ncluster_len = 1000\n");
    let error = error_at(&errors, "workload.cluster_region");
    // The region is the default, not written: the error points at cluster_len's value.
    assert_eq!((error.line, error.column), (2, 15));
    assert!(error.message.contains("cluster_len = 1000"), "{error}");
}

#[test]
fn all_range_errors_are_reported() {
    let text = "[run]\nseeds = 0\n[client]\ncount = 5000\n[flusher]\ntrigger = 0\n";
    let errors = parse_errors(text);
    assert_eq!(errors.len(), 3, "{errors:#?}");
    assert_eq!(error_at(&errors, "run.seeds").line, 2);
    assert_eq!(error_at(&errors, "client.count").line, 4);
    assert_eq!(error_at(&errors, "flusher.trigger").range.as_deref(), Some("0 < value ≤ 1"));
}

#[test]
fn hot_areas_must_fit_and_say_how_many_clients_fit() {
    let errors = parse_errors("[client]\ncount = 40\n");
    let error = error_at(&errors, "workload.hot_area_mb");
    assert!(error.message.contains("at most 30 clients fit"), "{error}");
    assert_eq!(error.line, 2, "placed at client.count, the field written");
}

#[test]
fn no_hot_area_accepts_any_hot_fraction() {
    let scenario = parse("[workload]\nhot_area_mb = 0\nhot_frac = 0.9\n").unwrap();
    assert_eq!(scenario.mob().workload.hot_area_mb, 0.0);
}

#[test]
fn seeks_must_be_ordered() {
    let errors = parse_errors("[disk]\nseek_min_ms = 10\nseek_max_ms = 5\n");
    assert_eq!(error_at(&errors, "disk.seek_avg_ms").line, 2);
    assert_eq!(error_at(&errors, "disk.seek_max_ms").line, 3);
}

#[test]
fn database_must_fit_on_the_disk() {
    let errors = parse_errors("[disk]\ncylinders = 10\n");
    assert!(error_at(&errors, "database.size_mb").message.contains("does not fit"));
}

#[test]
fn run_length_and_run_count_are_limited() {
    let errors = parse_errors("[run]\nwarmup_s = 30000\nduration_s = 30000\n");
    assert_eq!(error_at(&errors, "run.duration_s").line, 3);
    let errors = parse_errors("[run]\nseeds = 100\n[sweep]\nparameter = \"server.mob_mb\"\nvalues = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]\n");
    assert!(error_at(&errors, "run.seeds").message.contains("2100 runs"));
}

#[test]
fn sweep_values_are_checked_against_the_swept_field() {
    let text = "[sweep]\nparameter = \"client.count\"\nvalues = [1, 2.5, 0, 12]\n";
    let errors = parse_errors(text);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert_eq!(error_at(&errors, "sweep.values[1]").column, 14);
    assert_eq!(error_at(&errors, "sweep.values[2]").range.as_deref(), Some("1 ≤ value ≤ 1024"));
}

/// Issue 23, item 6: a NaN or an infinity in a sweep's values was "invalid type: null, expected
/// f64" with no field, line or column.
#[test]
fn a_sweep_value_that_is_not_finite_is_refused_at_its_place() {
    let text = "[sweep]\nparameter = \"server.mob_mb\"\nvalues = [1, nan, 4]\nseries = \"client.count\"\nseries_values = [2, -inf]\n";
    let errors = parse_errors(text);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    let nan = error_at(&errors, "sweep.values[1]");
    assert_eq!((nan.line, nan.column), (3, 14));
    assert!(nan.message.contains("NaN is not a finite number"), "{}", nan.message);
    let inf = error_at(&errors, "sweep.series_values[1]");
    assert_eq!(inf.line, 5);
    assert!(inf.message.contains("inf is not a finite number"), "{}", inf.message);
}

#[test]
fn sweep_points_must_pass_the_cross_field_rules() {
    let text = "[sweep]\nparameter = \"client.count\"\nvalues = [12, 64]\n";
    let errors = parse_errors(text);
    let error = error_at(&errors, "sweep.values[1]");
    assert!(error.message.starts_with("with client.count = 64: workload.hot_area_mb:"), "{error}");
    assert_eq!((error.line, error.column), (3, 15));
}

#[test]
fn sweep_needs_a_numeric_parameter_and_both_keys() {
    let errors = parse_errors("[sweep]\nparameter = \"server.layout\"\nvalues = [1]\n");
    assert!(error_at(&errors, "sweep.parameter").message.contains("not a numeric field"));
    let errors = parse_errors("[sweep]\nparameter = \"server.mob_mb\"\n");
    assert_eq!(error_at(&errors, "sweep.values").line, 1);
    let errors = parse_errors("[sweep]\nparameter = \"server.mob_mb\"\nvalues = []\n");
    assert_eq!(error_at(&errors, "sweep.values").line, 3);
}

#[test]
fn a_series_names_another_numeric_field_and_valid_values() {
    let sweep = "[sweep]\nparameter = \"database.page_kb\"\nvalues = [16, 64]\n";
    let ok = parse(&format!("{sweep}series = \"workload.cluster_region\"\nseries_values = [32, 1024]\n")).unwrap();
    assert_eq!(ok.sweep.unwrap().points(), 4);
    let errors = parse_errors(&format!("{sweep}series_values = [32]\n"));
    assert!(error_at(&errors, "sweep.series_values").message.contains("without a series field"));
    let errors = parse_errors(&format!("{sweep}series = \"workload.cluster_region\"\n"));
    assert_eq!(error_at(&errors, "sweep.series_values").message, "0 values listed");
    let errors = parse_errors(&format!("{sweep}series = \"database.page_kb\"\nseries_values = [8]\n"));
    assert!(error_at(&errors, "sweep.series").message.contains("already the swept parameter"));
    let errors = parse_errors(&format!("{sweep}series = \"meta.title\"\nseries_values = [8]\n"));
    assert_eq!(error_at(&errors, "sweep.series").line, 4);
    let errors = parse_errors(&format!("{sweep}series = \"workload.cluster_region\"\nseries_values = [32, 0.5]\n"));
    let error = error_at(&errors, "sweep.series_values[1]");
    assert_eq!((error.line, error.column), (5, 22));
    let errors =
        parse_errors(&format!("{sweep}series = \"workload.cluster_region\"\nseries_values = [32, 100000000]\n"));
    assert!(error_at(&errors, "sweep.series_values[1]").message.contains("workload.cluster_region"));
}

#[test]
fn every_point_of_a_series_passes_the_cross_field_rules_and_counts_as_runs() {
    // 12 clients need 39 MB of hot areas (3 MB shared, 3 MB private each): more than 20 MB.
    let text = "[sweep]\nparameter = \"client.count\"\nvalues = [12]\nseries = \"database.size_mb\"\nseries_values = [100, 20]\n";
    let error = error_at(&parse_errors(text), "sweep.values[0]").clone();
    assert!(error.message.starts_with("with client.count = 12 and database.size_mb = 20:"), "{error}");
    // A value that breaks a rule on every curve is reported once.
    let text = "[sweep]\nparameter = \"client.count\"\nvalues = [64]\nseries = \"server.mob_mb\"\nseries_values = [4, 8, 12]\n";
    let errors = parse_errors(text);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].message.starts_with("with client.count = 64 and every server.mob_mb value: workload.hot_area_mb:"),
        "{}",
        errors[0]
    );
    let errors = parse_errors(
        "[run]\nseeds = 100\n[sweep]\nparameter = \"server.mob_mb\"\nvalues = [1, 2, 3, 4, 5]\nseries = \"client.count\"\nseries_values = [1, 2, 3, 4, 5]\n",
    );
    assert!(error_at(&errors, "run.seeds").message.contains("over 25 sweep point(s) makes 2500 runs, at most 2000"));
    // A sweep over run.seeds itself runs each point's seeds (issue 12: 21 × 100, not 21 × 1).
    let values = vec!["100"; 21].join(", ");
    let errors = parse_errors(&format!("[sweep]\nparameter = \"run.seeds\"\nvalues = [{values}]\n"));
    assert!(error_at(&errors, "run.seeds").message.contains("makes 2100 runs"), "{errors:?}");
}

#[test]
fn unknown_choice_lists_the_choices() {
    let errors = parse_errors("[flusher]\nrelease = \"sometimes\"\n");
    let error = error_at(&errors, "flusher.release");
    assert!(error.message.contains("expected one of: per_page, per_batch"), "{error}");
}

#[test]
fn to_toml_round_trips() {
    let mut scenario = Scenario::default();
    scenario.run.warmup_write_prob = Some(0.2);
    scenario.sweep = Some(Sweep::over("client.count", &[1.0, 2.0]));
    assert_eq!(parse(&to_toml(&scenario)).unwrap(), scenario);
    scenario.sweep = Some(Sweep {
        series: Some("server.mob_mb".into()),
        series_values: vec![4.0],
        ..Sweep::over("client.count", &[1.0])
    });
    assert_eq!(parse(&to_toml(&scenario)).unwrap(), scenario);
    scenario.mob_mut().server.memory_mb = Some(24.0);
    assert_eq!(parse(&to_toml(&scenario)).unwrap(), scenario);
}

#[test]
fn scenario_files_parse_and_validate() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            let scenario = parse(&text).unwrap_or_else(|errors| {
                let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
                panic!("{}:\n{}", path.display(), list.join("\n"))
            });
            assert_ne!(scenario.meta.title, Meta::default().title, "{}", path.display());
            count += 1;
        }
    }
    assert!(count >= 5, "only {count} scenario files in {dir}");
}

#[test]
fn sweepable_paths_are_numeric_fields() {
    assert!(fields::sweepable_paths(MOB).any(|p| p == "server.mob_mb"));
    assert!(!fields::sweepable_paths(MOB).any(|p| p == "server.layout"));
}

#[test]
fn the_mob_must_hold_one_transaction_and_the_cache_one_page() {
    let errors = parse_errors("[server]\nmob_mb = 0.01\ncache_mb = 0.01\n");
    let mob = error_at(&errors, "server.mob_mb");
    assert!(mob.message.contains("cannot hold one transaction"), "{mob}");
    assert_eq!(mob.line, 2);
    let cache = error_at(&errors, "server.cache_mb");
    assert!(cache.message.contains("at least one 64 KB page"), "{cache}");
    assert_eq!(cache.line, 3);
}

#[test]
fn memory_mb_gives_the_page_cache_what_the_mob_leaves() {
    // Table 5.1's total server memory; Fig. 4-7 moves the MOB's share of 24 MB.
    let s = parse("[server]\nmemory_mb = 24\nmob_mb = 19\n").unwrap();
    assert_eq!(s.mob().server.page_cache_mb(), 5.0);
    assert_eq!(
        <crate::systems::mob::MobSystem as crate::systems::PaperSystem>::new(&s, 1).cache.capacity(),
        80,
        "5 MB of 64 KB pages"
    );
    assert_eq!(parse(&to_toml(&s)).unwrap().mob().server.page_cache_mb(), 5.0, "to_toml leaves cache_mb out");
    assert_eq!(Scenario::default().mob().server.page_cache_mb(), 12.0);

    let errors = parse_errors("[server]\ncache_mb = 5\nmemory_mb = 24\n");
    let both = error_at(&errors, "server.memory_mb");
    assert!(both.message.contains("cannot both be given"), "{both}");
    assert_eq!(both.line, 3);
    // Sweeping the cache counts as giving it.
    let errors = parse_errors("[server]\nmemory_mb = 24\n[sweep]\nparameter = \"server.cache_mb\"\nvalues = [1]\n");
    assert!(error_at(&errors, "server.memory_mb").message.contains("cannot both be given"));

    let errors = parse_errors("[server]\nmemory_mb = 24\nmob_mb = 24\n");
    let none_left = error_at(&errors, "server.memory_mb");
    assert!(none_left.message.contains("24 − 24 = 0 MB, less than one 64 KB page"), "{none_left}");
    let errors =
        parse_errors("[server]\nmemory_mb = 24\n[sweep]\nparameter = \"server.mob_mb\"\nvalues = [12, 23.99]\n");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(error_at(&errors, "sweep.values[1]").message.contains("= 0.01 MB"), "{errors:?}");
}

#[test]
fn a_sweep_gives_one_scenario_per_value() {
    let mut s = Scenario::default();
    assert_eq!(sweep_points(&s).unwrap().len(), 1);
    s.sweep = Some(Sweep::over("client.count", &[1.0, 4.0]));
    let points = sweep_points(&s).unwrap();
    let counts: Vec<_> =
        points.iter().map(|p| (p.value, p.series, p.scenario.mob().client.count, p.scenario.sweep.is_none())).collect();
    assert_eq!(counts, vec![(Some(1.0), None, 1, true), (Some(4.0), None, 4, true)]);
    assert!(set_number(&s, "client.count", 2.5).is_err());
    assert!(set_number(&s, "server.nothing", 1.0).is_err());
    assert_eq!(set_number(&s, "server.mob_mb", 4.5).unwrap().mob().server.mob_mb, 4.5);
}

#[test]
fn a_series_repeats_every_value_once_per_curve() {
    let mut s = Scenario {
        sweep: Some(Sweep {
            series: Some("workload.cluster_region".into()),
            series_values: vec![32.0, 1024.0],
            ..Sweep::over("database.page_kb", &[16.0, 64.0, 128.0])
        }),
        ..Scenario::default()
    };
    s.run.seeds = 2;
    let points = sweep_points(&s).unwrap();
    let grid: Vec<_> = points
        .iter()
        .map(|p| {
            (p.index, p.series.unwrap(), p.scenario.mob().workload.cluster_region, p.scenario.mob().database.page_kb)
        })
        .collect();
    assert_eq!(
        grid,
        vec![
            (0, 32.0, 32, 16),
            (1, 32.0, 32, 64),
            (2, 32.0, 32, 128),
            (0, 1024.0, 1024, 16),
            (1, 1024.0, 1024, 64),
            (2, 1024.0, 1024, 128)
        ]
    );
    assert_eq!(crate::experiment::sweep_jobs(&s).unwrap().len(), 12);
}
