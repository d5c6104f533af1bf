//! What the global-memory reproduction tests share: a scenario file with overrides, and the mean
//! of several seeds' runs.
use storelab_core::experiment;
use storelab_core::scenario::{self, apply_override, Scenario};
use storelab_core::systems::global::metrics::Summary;
use storelab_core::systems::Summary as Any;

/// Scenario file `name` with `sets` applied as the CLI's `--set` would.
pub fn scenario(name: &str, sets: &[(&str, &str)]) -> Scenario {
    let path = format!("{}/../../scenarios/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for &(key, value) in sets {
        text = apply_override(&text, key, value).unwrap_or_else(|e| panic!("{key} = {value}: {e:?}"));
    }
    scenario::parse(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// The mean of seeds 1..=`seeds` of each figure a test reads.
pub fn run(s: &Scenario, seeds: u64) -> Summary {
    let runs: Vec<Summary> = (1..=seeds)
        .map(|seed| match experiment::run_seed(s, seed, false).unwrap_or_else(|e| panic!("{e}")).summary {
            Any::Global(g) => g,
            other => panic!("not a global-memory run: {other:?}"),
        })
        .collect();
    let mean = |f: fn(&Summary) -> f64| runs.iter().map(f).sum::<f64>() / runs.len() as f64;
    Summary {
        misses_per_request: mean(|s| s.misses_per_request),
        data_messages_per_request: mean(|s| s.data_messages_per_request),
        response_ms: mean(|s| s.response_ms),
        page_response_ms: mean(|s| s.page_response_ms),
        local_hit_ratio: mean(|s| s.local_hit_ratio),
        unique_pages: mean(|s| s.unique_pages),
        ..runs[0].clone()
    }
}
