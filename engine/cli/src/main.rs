//! `storelab`: run, sweep, validate, describe, benchmark and fuzz scenarios, and make and grade
//! assignments, from the command line.
mod args;
mod assignment;
mod bench;
mod commands;
mod fuzz;
mod output;
mod shard;

use args::{Cli, Command};
use clap::{CommandFactory, Parser};
use std::process::ExitCode;

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Some(Command::Run(a)) => commands::run(a),
        Some(Command::Sweep(a)) => commands::sweep(a),
        Some(Command::Merge(a)) => commands::merge(a),
        Some(Command::Validate(a)) => commands::validate(a),
        Some(Command::Schema(a)) => commands::schema(a),
        Some(Command::Describe(a)) => commands::describe(a),
        Some(Command::Bench(a)) => bench::bench(a),
        Some(Command::Fuzz(a)) => fuzz::fuzz(a),
        Some(Command::Assignment(a)) => assignment::run(a),
        None => {
            let _ = Cli::command().print_help();
            return ExitCode::SUCCESS;
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::FAILURE
        }
    }
}
