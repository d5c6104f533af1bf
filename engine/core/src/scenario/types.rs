//! Scenario types: the sections every system has (`meta`, `system`, `run`, `sweep`), and
//! `Scenario`, which joins them to the sections of the system `[system] kind` selects
//! (`systems/<kind>/config.rs`, with the components' own, e.g. `components/disk/config.rs`).
//! Each field is declared once: its default (the `Default` impls, from the paper), its description (the doc comment), its
//! unit (`x-unit`) and its allowed range (`garde`). schemars turns these into the JSON schema
//! (`schema.rs`), from which the field registry (`fields.rs`) is read; garde checks the ranges.
//! Sizes use binary units as the thesis does: 1 MB = 2^20 bytes, 1 KB = 2^10 bytes.
use garde::Validate;
use schemars::JsonSchema;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::rules::positive;
use crate::systems::SystemConfig;

/// The largest seed: 2^53 − 1, the largest integer a JavaScript number holds exactly, so the lab,
/// its links and the CLI all keep it as written (and well within a TOML integer).
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// The longest simulated run, warm-up included, seconds (10 hours): the kernel's limit.
pub use crate::kernel::MAX_RUN_S;
/// Most values a sweep may list.
pub const MAX_SWEEP_VALUES: usize = 200;
/// The longest scenario text, bytes: scenarios are a few KB; a link or a file far larger is not one.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;

/// One experiment: the sections every system has, and those of the system its `[system] kind`
/// selects. Every field defaults to its paper's value; a scenario states only what differs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema, Validate)]
#[serde(default)]
#[schemars(title = "Storelab scenario")]
pub struct Scenario {
    #[garde(dive)]
    pub meta: Meta,
    #[garde(skip)]
    pub system: System,
    #[garde(dive)]
    pub run: Run,
    /// The selected system's sections (`systems/<kind>/config.rs`); their schema is the
    /// system's own (`schema.rs` joins the two), and `validate.rs` checks them.
    #[serde(flatten)]
    #[schemars(skip)]
    #[garde(skip)]
    pub config: SystemConfig,
    // Checked by `validate.rs`, point by point.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(skip)]
    pub sweep: Option<Sweep>,
}

/// The sections every system has, read first: `system.kind` says how to read the rest.
#[derive(Deserialize)]
#[serde(default)]
struct Common {
    meta: Meta,
    system: System,
    run: Run,
    sweep: Option<Sweep>,
}

impl Default for Common {
    fn default() -> Self {
        let Scenario { meta, system, run, sweep, .. } = Scenario::default();
        Common { meta, system, run, sweep }
    }
}

/// The common sections, then the rest as the sections of the system `system.kind` names.
/// Unknown sections and keys are refused by the selected system's config
/// (`deny_unknown_fields`); the text checks (`text.rs`) have already reported them with their
/// lines.
impl<'de> Deserialize<'de> for Scenario {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scenario, D::Error> {
        let Value::Object(mut sections) = Value::deserialize(d)? else {
            return Err(D::Error::custom("a scenario is a table of sections"));
        };
        let mut common = Map::new();
        for name in ["meta", "system", "run", "sweep"] {
            if let Some(section) = sections.remove(name) {
                common.insert(name.to_string(), section);
            }
        }
        let c: Common = serde_json::from_value(Value::Object(common)).map_err(D::Error::custom)?;
        let config = SystemConfig::from_json(c.system.kind, Value::Object(sections)).map_err(D::Error::custom)?;
        Ok(Scenario { meta: c.meta, system: c.system, run: c.run, config, sweep: c.sweep })
    }
}

/// What the scenario is and which paper it reproduces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Meta {
    /// Short title shown in the lab.
    #[garde(skip)]
    pub title: String,
    /// What the scenario shows and how to read it.
    #[garde(skip)]
    pub description: String,
    /// Paper and section the scenario reproduces.
    #[garde(skip)]
    pub paper: String,
    /// Seed of the first run; further seeds are meta.seed+1, meta.seed+2, … (at most 2^53 − 1).
    #[garde(range(max = MAX_SEED))]
    #[schemars(extend("x-unit" = "id"))]
    pub seed: u64,
    /// The paper's own numbers for summary figures of this scenario, shown beside the run's in
    /// the lab's results and the CLI's report: `[[meta.paper_numbers]]`, one per figure.
    #[garde(skip)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("x-kind" = "paper-numbers"))]
    pub paper_numbers: Vec<PaperNumber>,
}

impl Default for Meta {
    fn default() -> Self {
        Meta {
            title: "Untitled scenario".into(),
            description: String::new(),
            paper: String::new(),
            seed: 1,
            paper_numbers: Vec::new(),
        }
    }
}

/// A number the paper states for one summary figure, at the scenario as written or at some
/// points of its sweep (`paper.rs` checks it against the system's figures and the sweep).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaperNumber {
    /// The summary figure, by its dotted path as `storelab describe` lists it.
    pub figure: String,
    /// The paper's values in the figure's unit as shown (%, not a fraction): one, or one per `at`.
    pub values: Vec<f64>,
    /// The values of `sweep.parameter` the numbers belong to; absent: the scenario as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at: Vec<f64>,
    /// Where the paper states it, e.g. "Table 4.9, actual hot".
    pub source: String,
}

pub use crate::systems::SystemKind;

/// Which paper's system the scenario runs; the sections below are that system's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct System {
    /// The paper system to simulate; the sections below are its own.
    pub kind: SystemKind,
}

/// Warm-up, measurement length, batches and seeds (spec §5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Run {
    /// Minimum simulated warm-up before measuring (spec §5, A31).
    #[garde(range(min = 0.0, max = MAX_RUN_S))]
    #[schemars(extend("x-unit" = "s"))]
    pub warmup_s: f64,
    /// Warm-up also lasts until the flusher has completed this many passes (spec §5, A31), and
    /// under the write-optimized and hybrid layouts a full cycle of their regions, under PAGE a
    /// turnover of its cache; 0 waits for none of these, only for warmup_s. Ignored when the
    /// warm-up commits no writes.
    #[garde(range(min = 0, max = 10_000))]
    #[schemars(extend("x-unit" = "count"))]
    pub warmup_flusher_passes: u32,
    /// Write probability during warm-up only (Fig. 4-6 warms up at 20% writes, §4.3.3). Absent:
    /// the workload's write probability.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 0.0, max = 1.0))]
    #[schemars(extend("x-unit" = "fraction"))]
    pub warmup_write_prob: Option<f64>,
    /// Measured simulated time after warm-up (spec §5).
    #[garde(custom(positive), range(max = MAX_RUN_S))]
    #[schemars(extend("x-unit" = "s", "exclusiveMinimum" = 0))]
    pub duration_s: f64,
    /// Batches for batch-means confidence intervals within one run (spec §5).
    #[garde(range(min = 2, max = 100))]
    #[schemars(extend("x-unit" = "count"))]
    pub batches: u32,
    /// Independent seeds per point; 95% confidence intervals across seeds when > 1 (§4.3).
    #[garde(range(min = 1, max = 100))]
    #[schemars(extend("x-unit" = "count"))]
    pub seeds: u32,
    /// Interval between points of the time series.
    #[garde(range(min = 0.01, max = 3600.0))]
    #[schemars(extend("x-unit" = "s"))]
    pub sample_interval_s: f64,
}

impl Run {
    /// The kernel's run control for these times.
    pub fn control(&self) -> crate::kernel::RunControl {
        crate::kernel::RunControl::from_s(self.warmup_s, self.duration_s, self.sample_interval_s)
    }
}

impl Default for Run {
    fn default() -> Self {
        Run {
            warmup_s: 30.0,
            warmup_flusher_passes: 20,
            warmup_write_prob: None,
            duration_s: 300.0,
            batches: 10,
            seeds: 1,
            sample_interval_s: 1.0,
        }
    }
}

/// A figure reproduction: one run per value of a parameter, for each value of an optional
/// series (one curve each; DESIGN.md §3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// Dotted path of the swept numeric field, e.g. server.mob_mb.
    #[schemars(extend("x-kind" = "field-path"))]
    pub parameter: String,
    /// Values of the swept field, one run per value; each must be valid for that field.
    #[schemars(length(min = 1, max = MAX_SWEEP_VALUES))]
    pub values: Vec<f64>,
    /// Optional: dotted path of a second numeric field, one curve per value, e.g.
    /// workload.cluster_region.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-kind" = "field-path"))]
    pub series: Option<String>,
    /// Values of the series field (with sweep.series): every value of sweep.values is run for
    /// each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1, max = MAX_SWEEP_VALUES))]
    pub series_values: Vec<f64>,
}

impl Sweep {
    /// A sweep of `parameter` over `values`, without a series.
    pub fn over(parameter: &str, values: &[f64]) -> Sweep {
        Sweep { parameter: parameter.into(), values: values.to_vec(), series: None, series_values: Vec::new() }
    }

    /// Points in the sweep: values × series values.
    pub fn points(&self) -> usize {
        self.values.len() * self.series.as_ref().map_or(1, |_| self.series_values.len())
    }
}
