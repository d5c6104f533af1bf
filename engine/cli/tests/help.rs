//! Each subcommand's `--help` names its own flags and no other's, and a wrong flag is refused.
use std::process::{Command, Output};

fn storelab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_storelab")).args(args).output().unwrap()
}

fn help(command: &str) -> String {
    let out = storelab(&[command, "--help"]);
    assert!(out.status.success(), "{command} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

const FLAGS: &[&str] = &["--set", "--json", "--series", "--format", "--out", "--shard", "--verify", "--system"];

#[test]
fn each_help_names_its_own_flags_only() {
    let own: &[(&str, &[&str], &[&str])] = &[
        ("run", &["--set", "--json", "--series"], &["<SCENARIO>"]),
        ("sweep", &["--set", "--format", "--out", "--shard"], &["<SCENARIO>"]),
        ("merge", &["--format", "--out", "--verify"], &["<SHARD>..."]),
        ("validate", &["--set"], &["<SCENARIO>..."]),
        ("schema", &["--system"], &[]),
        ("describe", &[], &["[SCENARIO]"]),
        ("bench", &["--set"], &["[SCENARIO]"]),
        ("fuzz", &["--json"], &[]),
    ];
    for (command, flags, arguments) in own {
        let text = help(command);
        for flag in FLAGS {
            let shown = text.contains(&format!("{flag} ")) || text.contains(&format!("{flag}\n"));
            assert_eq!(shown, flags.contains(flag), "`{command} --help` and {flag}:\n{text}");
        }
        for argument in *arguments {
            assert!(text.contains(argument), "`{command} --help` lacks {argument}:\n{text}");
        }
    }
    // Each flag has a description, not just its name.
    assert!(help("sweep").contains("--shard <I/N>\n          Run only shard I of N"), "{}", help("sweep"));
}

#[test]
fn wrong_flags_and_values_are_refused() {
    for args in [
        &["run", "x.toml", "--shard", "1/2"][..],
        &["run", "x.toml", "--bogus"],
        &["merge", "--set", "a=b", "x.json"],
        &["sweep", "x.toml", "--format", "xml"],
        &["sweep", "x.toml", "--set", "no-equals-sign"],
        &["sweep", "x.toml", "--shard", "0/2"],
        &["validate"],
        &["bench", "--set", "run.seeds=2"],
        &["frobnicate"],
    ] {
        let out = storelab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?} should be a usage error");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let err = String::from_utf8(storelab(&["sweep", "x.toml", "--set", "mob_mb"]).stderr).unwrap();
    assert!(err.contains("expected key=value"), "{err}");
    let err = String::from_utf8(storelab(&["sweep", "x.toml", "--format", "xml"]).stderr).unwrap();
    assert!(err.contains("[possible values: csv, json]"), "{err}");
    let err = String::from_utf8(storelab(&["sweep", "x.toml", "--shard", "1/2", "--format", "csv"]).stderr).unwrap();
    // Checked after loading the scenario: a missing file is reported first.
    assert!(err.contains("x.toml"), "{err}");
}

#[test]
fn no_command_prints_the_overview() {
    let out = storelab(&[]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for command in ["run", "sweep", "merge", "validate", "schema", "bench"] {
        assert!(text.contains(&format!("\n  {command} ")), "{command}:\n{text}");
    }
}
