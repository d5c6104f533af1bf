//! The command line (clap) and the loading of scenario files.
use crate::shard::MAX_SHARDS;
use clap::{Args, Parser, Subcommand, ValueEnum};
use storelab_core::scenario::{self, Scenario};

/// The `storelab` command line.
#[derive(Parser)]
#[command(name = "storelab", version, about = "storelab — the Storelab simulation engine")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Run a scenario (all its seeds) and print the measured figures
    #[command(long_about = "Run a scenario (all its seeds) and print the measured figures; with --json\n\
        --series the JSON also holds each run's time series.")]
    Run(RunArgs),
    /// Run every point of the scenario's [sweep] section, on all cores
    #[command(long_about = "Run every point of the scenario's [sweep] section, in parallel on all cores,\n\
        with progress on stderr; writes means and 95% confidence intervals.\n\n\
        With --shard I/N it runs only shard I of N (runs dealt round-robin) and writes a shard\n\
        file, so a batch system can spread a sweep over machines; `storelab merge` combines them.")]
    Sweep(SweepArgs),
    /// Combine the shard files of one sweep into the output a local sweep gives
    #[command(long_about = "Combine the shard files of one sweep into the output a local sweep gives,\n\
        byte for byte; names any shard that is missing or repeated, and any run whose seed is not\n\
        the sweep's or whose figures are out of range (file, run and field). A run's trace hash\n\
        cannot be checked without running it again: --verify K reruns K of the runs.")]
    Merge(MergeArgs),
    /// Check scenario files; errors name the field, line and column
    Validate(ValidateArgs),
    /// Print the JSON schema of one system's scenarios
    Schema(SchemaArgs),
    /// Print what a scenario's system reports: record kinds, summary figures and views (JSON)
    #[command(long_about = "Print the description of the system a scenario runs, as JSON: its trace record\n\
        kinds (number, name, label, the meaning, unit and bits of each field), its summary\n\
        figures (path, label, unit, description) and the views the lab shows for it.")]
    Describe(DescribeArgs),
    /// Time a 10-minute simulated run (mob-default unless SCENARIO is given)
    Bench(BenchArgs),
    /// Fuzz the scenario parser and the engine with damaged and random scenarios
    #[command(long_about = "Fuzz the scenario parser and the engine: make damaged and random scenarios\n\
        from the gallery (bytes, lines, values, field combinations), parse each and run the\n\
        accepted ones for at most --events events, on all cores. Every input must be refused\n\
        with errors naming a line or a field, or run without a panic and without the engine\n\
        ending it early; prints the counts and fails when one is not. --show I prints input I.")]
    Fuzz(FuzzArgs),
    /// Make, check, key and grade assignments: a scenario varied per student, with questions
    #[command(long_about = "Make, check, key and grade assignments (docs/assignments.md): one scenario, varied\n\
        per student by a seed that hashes the assignment's salt with the student's id, and questions\n\
        about its run. Every answer is computed by running the student's problem, never read back.")]
    Assignment(AssignmentArgs),
}

#[derive(Args)]
pub struct AssignmentArgs {
    #[command(subcommand)]
    pub command: AssignmentCommand,
}

#[derive(Subcommand)]
pub enum AssignmentCommand {
    /// Write a commented assignment template around a scenario file
    New(NewArgs),
    /// Check an assignment: errors with line and column; its questions, ranges and two sample keys
    Check(CheckArgs),
    /// Print the answers of each student's problem
    Key(KeyArgs),
    /// Print a student's problem: the scenario file they run, with their values and seed
    Problem(ProblemArgs),
    /// Grade submissions: every answer recomputed from the student's problem
    #[command(long_about = "Grade submissions: each student's problem is run again and each answer scored\n\
        against the engine's, within the question's tolerance. A submission made for another\n\
        assignment, another version of this file or another engine is refused, by file name.\n\n\
        --format csv prints one row per student (student, score, max, then each question's points).\n\
        --format gradescope writes Gradescope's results.json: for one submission to --out FILE or\n\
        stdout, for several to --out DIR as DIR/<submission file name>/results.json.")]
    Grade(GradeArgs),
    /// Print the JSON schema of the assignment file
    Schema,
}

#[derive(Args)]
pub struct NewArgs {
    /// The scenario file (TOML) the assignment varies and asks about
    pub scenario: String,
    /// The assignment's name [default: the scenario file's name]
    #[arg(long)]
    pub name: Option<String>,
    /// Write the template to FILE instead of stdout
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
}

#[derive(Args)]
pub struct CheckArgs {
    /// The assignment file (TOML)
    pub assignment: String,
}

#[derive(Args)]
#[command(group(clap::ArgGroup::new("students").required(true).args(["student", "roster"])))]
pub struct KeyArgs {
    /// The assignment file (TOML)
    pub assignment: String,
    /// A student's id (repeatable)
    #[arg(long, value_name = "ID")]
    pub student: Vec<String>,
    /// A file of student ids, one a line (blank lines and lines starting with # are skipped)
    #[arg(long, value_name = "FILE")]
    pub roster: Option<String>,
    /// Print each student's key as one line of JSON (what the lab computes, byte for byte)
    #[arg(long)]
    pub json: bool,
}

#[derive(Args)]
pub struct ProblemArgs {
    /// The assignment file (TOML)
    pub assignment: String,
    /// The student's id
    #[arg(long, value_name = "ID")]
    pub student: String,
}

#[derive(Args)]
pub struct GradeArgs {
    /// The assignment file (TOML)
    pub assignment: String,
    /// The submission files (JSON as the lab exports them, or TOML)
    #[arg(value_name = "SUBMISSION", required = true)]
    pub submissions: Vec<String>,
    /// A CSV written by an earlier grading: print what changed for each student
    #[arg(long, value_name = "CSV")]
    pub previous: Option<String>,
    /// Keep each student's previous grade where it is higher (needs --previous)
    #[arg(long, requires = "previous")]
    pub no_decrease: bool,
    /// Output format
    #[arg(long, value_enum, default_value_t = GradeFormat::Csv)]
    pub format: GradeFormat,
    /// Write the output to PATH (a file; a folder for gradescope with several submissions)
    #[arg(long, value_name = "PATH")]
    pub out: Option<String>,
    /// Grade submissions made for an earlier version of the file (its hash, or 8 or more of its
    /// first hex digits) against this one (repeatable)
    #[arg(long, value_name = "HASH")]
    pub accept_hash: Vec<String>,
}

/// The output format of `assignment grade`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GradeFormat {
    Csv,
    Gradescope,
}

/// `--set key=value`, repeatable.
#[derive(Args)]
pub struct Overrides {
    /// Override one field by its dotted path, e.g. --set server.mob_mb=4 (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = key_value)]
    pub sets: Vec<(String, String)>,
}

#[derive(Args)]
pub struct RunArgs {
    /// The scenario file (TOML)
    pub scenario: String,
    #[command(flatten)]
    pub overrides: Overrides,
    /// Print the runs and their aggregate as JSON instead of a report
    #[arg(long)]
    pub json: bool,
    /// Keep each run's time series (in the --json output)
    #[arg(long)]
    pub series: bool,
}

#[derive(Args)]
pub struct SweepArgs {
    /// The scenario file (TOML), with a [sweep] section
    pub scenario: String,
    #[command(flatten)]
    pub overrides: Overrides,
    /// Output format [default: csv]; not with --shard (give it to merge)
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Write the output to FILE instead of stdout
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Run only shard I of N (1 ≤ I ≤ N) and write a shard file for `storelab merge`
    #[arg(long, value_name = "I/N", value_parser = shard)]
    pub shard: Option<(usize, usize)>,
}

#[derive(Args)]
pub struct MergeArgs {
    /// The shard files written by `storelab sweep --shard`, in any order
    #[arg(value_name = "SHARD", required = true)]
    pub shards: Vec<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    pub format: Format,
    /// Write the output to FILE instead of stdout
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Run K of the runs again (spread evenly over the sweep) and refuse the merge if one differs
    /// from its shard's, e.g. an edited trace hash or figure
    #[arg(long, value_name = "K", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub verify: Option<usize>,
}

#[derive(Args)]
pub struct ValidateArgs {
    /// The scenario files to check
    #[arg(value_name = "SCENARIO", required = true)]
    pub scenarios: Vec<String>,
    #[command(flatten)]
    pub overrides: Overrides,
}

#[derive(Args)]
pub struct BenchArgs {
    /// The scenario file (TOML) [default: the built-in mob-default]
    pub scenario: Option<String>,
    /// Override one field of SCENARIO by its dotted path (repeatable)
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = key_value, requires = "scenario")]
    pub sets: Vec<(String, String)>,
}

#[derive(Args)]
pub struct FuzzArgs {
    /// How many inputs to make and check
    #[arg(long, default_value_t = 100_000)]
    pub inputs: u64,
    /// Seed of the inputs: input I of seed S is the same bytes everywhere
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Events each accepted scenario runs (queue events and inline accesses; the last event may
    /// pass it)
    #[arg(long, default_value_t = 200_000)]
    pub events: u64,
    /// An input taking longer than this (seconds of CPU time) counts as a hang
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    pub hang_s: f64,
    /// The folder of scenarios the inputs start from
    #[arg(long, value_name = "DIR", default_value = "scenarios")]
    pub scenarios: String,
    /// Print input I as it is (to reproduce a finding) instead of fuzzing
    #[arg(long, value_name = "I")]
    pub show: Option<u64>,
    /// Print the counts as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Args)]
pub struct SchemaArgs {
    /// The system whose scenarios it describes (their `[system] kind`)
    #[arg(long, default_value_t = scenario::SystemKind::default().name().to_string(), value_parser = system_names())]
    pub system: String,
}

/// The names of the systems, for `--system`.
fn system_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(scenario::SystemKind::ALL.iter().map(|k| k.name()))
}

#[derive(Args)]
pub struct DescribeArgs {
    /// The scenario file (TOML) [default: the built-in mob-default]
    pub scenario: Option<String>,
}

/// The output format of `sweep` and `merge`.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Csv,
    Json,
}

/// `key=value`: the value of `--set`.
fn key_value(kv: &str) -> Result<(String, String), String> {
    let (k, v) = kv.split_once('=').ok_or("expected key=value, e.g. --set server.mob_mb=4")?;
    Ok((k.trim().to_string(), v.trim().to_string()))
}

/// `i/n` with 1 ≤ i ≤ n: the shard flag of `storelab sweep`.
fn shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text.split_once('/').and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
    match parsed {
        Some((i, n)) if 1 <= i && i <= n && n <= MAX_SHARDS => Ok((i, n)),
        _ => Err(format!("expected i/n with 1 ≤ i ≤ n ≤ {MAX_SHARDS}, e.g. --shard 2/8")),
    }
}

/// Read a scenario file, apply the `--set` overrides, parse and validate it. Errors are printed
/// as `FILE:LINE:COLUMN: path: message`.
pub fn load(path: &str, sets: &[(String, String)]) -> Result<Scenario, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let mut text = scenario::text_of(&bytes).map_err(|e| located(path, &e))?.to_string();
    for (k, v) in sets {
        text = scenario::apply_override(&text, k, v).map_err(|e| format!("--set {k}={v}: {e}"))?;
    }
    parse_text(path, &text)
}

pub fn parse_text(path: &str, text: &str) -> Result<Scenario, String> {
    scenario::parse(text).map_err(|errors| errors.iter().map(|e| located(path, e)).collect::<Vec<_>>().join("\n"))
}

/// `path:line:column: message`, or `path: message` for a problem not in the text.
pub fn located(path: &str, e: &scenario::ScenarioError) -> String {
    if e.line > 0 {
        format!("{path}:{}:{}: {}", e.line, e.column, strip_position(e))
    } else {
        format!("{path}: {e}")
    }
}

/// The error text without its "line L, column C: " prefix (the location is already printed).
fn strip_position(e: &scenario::ScenarioError) -> String {
    let s = e.to_string();
    match s.split_once(": ") {
        Some((pos, rest)) if pos.starts_with("line ") => rest.to_string(),
        _ => s,
    }
}
