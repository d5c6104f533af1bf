//! The flusher's scenario section, which every system with a MOB states the same way: when a
//! pass starts, how much of the MOB it scans, and when written modifications leave (thesis
//! §3.2.1, §6.2.5).
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::positive;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Release {
    /// Simulator (§3.2.1): a page's modifications leave the MOB when its write completes.
    PerPage,
    /// Thor (§6.2.5): the MOB is freed after the whole batch is written.
    PerBatch,
}

/// When and how much the flusher writes (§3.2.1, §6.2.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Flusher {
    /// The flusher starts when the MOB is this full (§3.2.1: 0.99; Thor: 0.90).
    #[garde(custom(positive), range(max = 1.0))]
    #[schemars(extend("x-unit" = "fraction", "exclusiveMinimum" = 0))]
    pub trigger: f64,
    /// Each flusher pass scans this oldest fraction of the MOB (§3.2.1: 0.01; Thor: 0.10).
    #[garde(custom(positive), range(max = 1.0))]
    #[schemars(extend("x-unit" = "fraction", "exclusiveMinimum" = 0))]
    pub scan_frac: f64,
    /// When flushed modifications leave the MOB: per_page as in the simulator (§3.2.1) or
    /// per_batch as in Thor (§6.2.5).
    #[garde(skip)]
    pub release: Release,
}

impl Default for Flusher {
    /// The simulator's (§3.2.1).
    fn default() -> Self {
        Flusher { trigger: 0.99, scan_frac: 0.01, release: Release::PerPage }
    }
}

impl Flusher {
    /// Thor's (§6.2.5): start at 90% full, scan 10%, free the MOB after the batch.
    pub fn thor() -> Flusher {
        Flusher { trigger: 0.9, scan_frac: 0.1, release: Release::PerBatch }
    }
}
