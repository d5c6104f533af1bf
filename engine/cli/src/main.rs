//! `storelab`: run, sweep, validate and benchmark scenarios from the command line.
mod args;
mod commands;
mod output;
mod shard;

use std::process::ExitCode;

const USAGE: &str = "\
storelab — the Storelab simulation engine

USAGE:
  storelab run SCENARIO [--set key=value]... [--json [--series]]
  storelab sweep SCENARIO [--set key=value]... [--format csv|json] [--out FILE]
  storelab sweep SCENARIO [--set key=value]... --shard I/N [--out FILE]
  storelab merge SHARD... [--format csv|json] [--out FILE]
  storelab validate SCENARIO...
  storelab schema
  storelab bench [SCENARIO]

  run       Run a scenario (all its seeds) and print the measured figures; with --json
            --series the JSON also holds each run's time series.
  sweep     Run every point of the scenario's [sweep] section, in parallel on all cores,
            with progress on stderr; writes means and 95% confidence intervals.
            With --shard I/N it runs only shard I of N (runs dealt round-robin) and
            writes a shard file, so a batch system can spread a sweep over machines.
  merge     Combine the shard files of one sweep into the output a local sweep gives,
            byte for byte; names any shard that is missing or repeated.
  validate  Check scenario files; errors name the field, line and column.
  schema    Print the JSON schema of scenarios.
  bench     Time a 10-minute simulated run (mob-default unless SCENARIO is given).
";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.first().map(String::as_str) {
        Some("run") => commands::run(&argv[1..]),
        Some("sweep") => commands::sweep(&argv[1..]),
        Some("merge") => commands::merge(&argv[1..]),
        Some("validate") => commands::validate(&argv[1..]),
        Some("schema") => commands::schema(),
        Some("bench") => commands::bench(&argv[1..]),
        Some("-h" | "--help" | "help") | None => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::FAILURE
        }
    }
}
