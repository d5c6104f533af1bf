//! The rules every drive's numbers obey, whichever section states them (the MOB's `[disk]`,
//! HAC's own drive): the seek curve and the data on the disk. A system that uses the disk gets
//! them by stating its drive and its data; it adds only its own rules (issue 23, item 8: HAC
//! accepted a 38 MB database on a 512-byte disk, and a seek curve that went below zero).
use super::SeekCurve;
use crate::rules::{tenths, Problem};

/// A drive's numbers, as the section at `disk.*` states them.
#[derive(Clone, Copy, Debug)]
pub struct Drive {
    pub track_kb: f64,
    pub cylinders: u32,
    pub tracks_per_cylinder: u32,
    pub seek_min_ms: f64,
    pub seek_avg_ms: f64,
    pub seek_max_ms: f64,
}

/// What a system lays out on the drive from its first byte: `pages` pages of `page_kb` (at
/// `database.page_kb`), as many as the field at `size_path` gives; `smaller` says how to need
/// fewer.
#[derive(Clone, Copy, Debug)]
pub struct Data {
    pub pages: f64,
    pub page_kb: f64,
    pub size_path: &'static str,
    pub smaller: &'static str,
}

impl Drive {
    pub fn capacity_kb(&self) -> f64 {
        f64::from(self.cylinders) * f64::from(self.tracks_per_cylinder) * self.track_kb
    }
}

/// Every problem of drive `d` holding `data`, each at the field its rule names.
pub fn problems(d: &Drive, data: &Data) -> Vec<Problem> {
    let mut problems = seek_problems(d);
    let capacity_kb = d.capacity_kb();
    let data_kb = data.pages * data.page_kb;
    if data.page_kb > capacity_kb {
        problems.push(
            Problem::new(
                "database.page_kb",
                format!(
                    "a page of {} KB does not fit on the {} KB disk (cylinders × tracks_per_cylinder × track_kb)",
                    data.page_kb,
                    tenths(capacity_kb)
                ),
            )
            .related(&["disk.cylinders", "disk.track_kb"]),
        );
    } else if data_kb > capacity_kb {
        problems.push(
            Problem::new(
                data.size_path,
                format!(
                    "the database ({} MB on disk) does not fit on the {} MB disk (cylinders × tracks_per_cylinder × \
                     track_kb); {} or enlarge the disk",
                    tenths(data_kb / 1024.0),
                    tenths(capacity_kb / 1024.0),
                    data.smaller
                ),
            )
            .related(&["disk.cylinders", "disk.track_kb"]),
        );
    }
    problems
}

/// The seek curve's three points in order, each at least the one before; and, ordered is not
/// enough, the curve through them (spec 000 A15) at or above 0 over every distance, or a seek
/// would end before it starts.
fn seek_problems(d: &Drive) -> Vec<Problem> {
    let mut problems = Vec::new();
    let seeks = [
        ("disk.seek_min_ms", "minimum", d.seek_min_ms),
        ("disk.seek_avg_ms", "average", d.seek_avg_ms),
        ("disk.seek_max_ms", "maximum", d.seek_max_ms),
    ];
    for pair in seeks.windows(2) {
        let [(below, below_name, below_ms), (path, name, ms)] = [pair[0], pair[1]];
        if below_ms > ms {
            problems.push(
                Problem::new(
                    path,
                    format!("the {name} seek ({ms} ms) is shorter than the {below_name} seek {below} ({below_ms} ms)"),
                )
                .related(&[below]),
            );
        }
    }
    if problems.is_empty() {
        let curve = SeekCurve::calibrate(d.seek_min_ms, d.seek_avg_ms, d.seek_max_ms, d.cylinders);
        let (ms, at) = curve.lowest(d.cylinders);
        if ms < 0.0 {
            problems.push(
                Problem::new(
                    "disk.seek_max_ms",
                    format!(
                        "the seek curve through seek_min_ms = {}, seek_avg_ms = {} and seek_max_ms = {} goes below 0 \
                         ({ms:.2} ms over {at} cylinders): the average is too low for the maximum; raise \
                         disk.seek_avg_ms or lower disk.seek_max_ms",
                        d.seek_min_ms, d.seek_avg_ms, d.seek_max_ms
                    ),
                )
                .related(&["disk.seek_avg_ms", "disk.seek_min_ms"]),
            );
        }
    }
    problems
}
