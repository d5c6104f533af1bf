//! Command-line options shared by the commands.
use crate::shard::MAX_SHARDS;
use storelab_core::scenario::{self, Scenario};

pub struct Options {
    pub files: Vec<String>,
    pub sets: Vec<(String, String)>,
    pub json: bool,
    pub series: bool,
    pub format: Option<String>,
    pub out: Option<String>,
    /// `--shard i/n`: this process runs shard i of n (1 ≤ i ≤ n).
    pub shard: Option<(usize, usize)>,
}

pub fn parse(argv: &[String]) -> Result<Options, String> {
    let mut o = Options {
        files: Vec::new(),
        sets: Vec::new(),
        json: false,
        series: false,
        format: None,
        out: None,
        shard: None,
    };
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--json" => o.json = true,
            "--series" => o.series = true,
            "--set" => {
                let kv = value("--set")?;
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("--set {kv}: expected key=value, e.g. --set server.mob_mb=4"))?;
                o.sets.push((k.trim().to_string(), v.trim().to_string()));
            }
            "--format" => o.format = Some(value("--format")?),
            "--out" => o.out = Some(value("--out")?),
            "--shard" => o.shard = Some(shard(&value("--shard")?)?),
            flag if flag.starts_with("--") => return Err(format!("unknown option `{flag}`")),
            file => o.files.push(file.to_string()),
        }
    }
    Ok(o)
}

/// `i/n` with 1 ≤ i ≤ n: the shard flag of `storelab sweep`.
fn shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text.split_once('/').and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
    match parsed {
        Some((i, n)) if 1 <= i && i <= n && n <= MAX_SHARDS => Ok((i, n)),
        _ => Err(format!("--shard {text}: expected i/n with 1 ≤ i ≤ n ≤ {MAX_SHARDS}, e.g. --shard 2/8")),
    }
}

/// Read a scenario file, apply the `--set` overrides, parse and validate it. Errors are printed
/// as `FILE:LINE:COLUMN: path: message`.
pub fn load(path: &str, sets: &[(String, String)]) -> Result<Scenario, String> {
    let mut text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    for (k, v) in sets {
        text = scenario::apply_override(&text, k, v).map_err(|e| format!("--set {k}={v}: {e}"))?;
    }
    parse_text(path, &text)
}

pub fn parse_text(path: &str, text: &str) -> Result<Scenario, String> {
    scenario::parse(text).map_err(|errors| {
        errors
            .iter()
            .map(|e| {
                if e.line > 0 {
                    format!("{path}:{}:{}: {}", e.line, e.column, strip_position(e))
                } else {
                    format!("{path}: {e}")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// The error text without its "line L, column C: " prefix (the location is already printed).
fn strip_position(e: &scenario::ScenarioError) -> String {
    let s = e.to_string();
    match s.split_once(": ") {
        Some((pos, rest)) if pos.starts_with("line ") => rest.to_string(),
        _ => s,
    }
}
