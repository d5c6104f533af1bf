//! The disk system's scenario sections, declared once as every section is
//! (`crate::scenario::types`): the default (the `Default` impls: disk.py's own), the
//! description, the unit (`x-unit`) and the range (`garde`). Each field names the disk.py
//! option it stands for. Its JSON schema is committed beside this file; the rules between
//! fields are in `validate.rs`.
use garde::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::Scenario;
use crate::systems::SystemConfig;

/// The sections of a disk scenario, in file order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    #[garde(dive)]
    pub requests: Requests,
    #[garde(dive)]
    pub disk: Disk,
    #[garde(dive)]
    pub ostep: Ostep,
}

impl Scenario {
    /// The sections of a scenario that runs the disk system.
    ///
    /// Panics on another system's scenario: only the disk system's code calls it, and
    /// `Simulation::new` hands it only scenarios of its kind.
    pub fn disk(&self) -> &Config {
        match &self.config {
            SystemConfig::Disk(c) => c,
            _ => panic!("not a disk scenario"),
        }
    }

    pub fn disk_mut(&mut self) -> &mut Config {
        match &mut self.config {
            SystemConfig::Disk(c) => c,
            _ => panic!("not a disk scenario"),
        }
    }
}

/// The requests, all there at time 0, served one at a time: a list of blocks (disk.py's `-a`),
/// or a random list drawn as disk.py draws it (`-A count,max,min` with the run's seed, meta.seed,
/// as `-s`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Requests {
    /// The blocks to read, in the order they arrive (disk.py's -a). A block is one of disk.py's
    /// sectors on the ostep disk, a 512-byte sector on a drive. Absent: a random list of count.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(inner(length(min = 1, max = 10_000)))]
    #[schemars(length(min = 1, max = 10_000), extend("x-unit" = "blocks"))]
    pub blocks: Option<Vec<u32>>,
    /// How many random requests (disk.py's -A, first number), when blocks is absent.
    #[garde(range(min = 1, max = 10_000))]
    #[schemars(extend("x-unit" = "requests"))]
    pub count: u32,
    /// A random request is min + ⌊random() × max⌋ (disk.py's -A, second number). Absent:
    /// disk.py's -1, the first block of the ostep disk's inner track (so its random requests
    /// never reach that track, as disk.py's do not), or every sector of a drive.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 1, max = 1_000_000_000))]
    #[schemars(extend("x-unit" = "blocks"))]
    pub max: Option<u32>,
    /// The lowest random block (disk.py's -A, third number).
    #[garde(range(min = 0, max = 1_000_000_000))]
    #[schemars(extend("x-unit" = "blocks"))]
    pub min: u32,
}

impl Default for Requests {
    /// disk.py's default `-A 5,-1,0`.
    fn default() -> Self {
        Requests { blocks: None, count: 5, max: None, min: 0 }
    }
}

/// The order the disk serves its requests in (disk.py's -p).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Scheduler {
    /// First come, first served (FIFO).
    #[default]
    Fifo,
    /// Shortest seek first: the requests on the nearest track (cylinder), the one of them with
    /// the shortest estimated access first (disk.py's SSTF).
    Sstf,
    /// Shortest access time first: the shortest estimated seek, rotation and transfer (SATF).
    Satf,
    /// Bounded SATF: SATF within a window of the oldest requests, each window served whole
    /// before the next is taken (BSATF), so no request starves.
    Bsatf,
}

/// Which disk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// OSTEP's homework disk (disk.py): three tracks, abstract time units (one simulated as a
    /// millisecond), its options in [ostep].
    #[default]
    Ostep,
    /// The Seagate Barracuda 8 of Ghemawat's thesis (Table 4.6), as the MOB's disk.
    Barracuda,
    /// The Seagate ST-32171N of HAC's server (Castro et al. §4.1), as HAC's disk.
    St32171n,
    /// The HP 97560 of the opportunistic log (O'Toole & Shrira Table 3), as printed.
    Hp97560,
}

/// The disk and its scheduler.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Disk {
    /// The drive: OSTEP's homework disk, or one of the drives the other systems model.
    #[garde(skip)]
    pub preset: Preset,
    /// The order requests are served in (disk.py's -p).
    #[garde(skip)]
    pub scheduler: Scheduler,
    /// sstf, satf and bsatf choose among the oldest this many waiting requests (disk.py's -w);
    /// bsatf serves them all before taking the next window. Absent: every waiting request.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[garde(range(min = 1, max = 10_000))]
    #[schemars(extend("x-unit" = "requests"))]
    pub window: Option<u32>,
}

/// OSTEP's homework disk (disk.py's options; its defaults).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields, default)]
pub struct Ostep {
    /// The arm's speed, distance units a time unit; tracks are 40 apart, and 40 ÷ the speed must
    /// be a whole number (disk.py's -S).
    #[garde(range(min = 0.01, max = 40.0))]
    #[schemars(extend("x-unit" = "distance/unit"))]
    pub seek_speed: f64,
    /// The platter's speed, degrees a time unit: 360 ÷ the speed units a turn (disk.py's -R).
    #[garde(range(min = 0.01, max = 360.0))]
    #[schemars(extend("x-unit" = "degrees/unit"))]
    pub rotate_speed: f64,
    /// Track skew: the middle track is turned by this many of its blocks, the inner by twice as
    /// many (disk.py's -o).
    #[garde(range(min = 0, max = 1000))]
    #[schemars(extend("x-unit" = "blocks"))]
    pub skew: u32,
    /// Degrees between blocks on the outer, middle and inner tracks (disk.py's -z); a block
    /// spans twice half of it (an odd angle loses a degree, as in disk.py).
    #[garde(inner(range(min = 2, max = 360)))]
    #[schemars(extend("x-unit" = "degrees"))]
    pub zones: [u32; 3],
}

impl Default for Ostep {
    fn default() -> Self {
        Ostep { seek_speed: 1.0, rotate_speed: 1.0, skew: 0, zones: [30, 30, 30] }
    }
}
