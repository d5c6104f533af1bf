//! What the disk system reports, described once (`crate::describe`): its trace records
//! (`records.rs`), the figures of its summary (`metrics::Summary`) in the order the CLI's run
//! report and sweep CSV list them, and the views the lab shows for it.
use super::records::RECORD_KINDS;
use crate::describe::{figure as fig, view, Description, FigureInfo, ViewInfo};

pub const FIGURES: &[FigureInfo] = &[
    fig("requests", "requests served", "", 1.0, "Requests served: the whole list."),
    fig(
        "total_ms",
        "time to serve them all",
        "ms",
        1.0,
        "From time 0 to the last request's end: disk.py's TOTALS Total (its time units on the ostep disk, one a ms).",
    ),
    fig("seek_ms", "seek, all requests", "ms", 1.0, "Seek time summed over the requests: disk.py's TOTALS Seek."),
    fig(
        "rotation_ms",
        "rotation, all requests",
        "ms",
        1.0,
        "Rotational delay summed over the requests: disk.py's TOTALS Rotate.",
    ),
    fig(
        "transfer_ms",
        "transfer, all requests",
        "ms",
        1.0,
        "Transfer time summed over the requests: disk.py's TOTALS Transfer.",
    ),
    fig("mean_seek_ms", "mean seek", "ms", 1.0, "Seek time per request."),
    fig("mean_rotation_ms", "mean rotation", "ms", 1.0, "Rotational delay per request."),
    fig("mean_transfer_ms", "mean transfer", "ms", 1.0, "Transfer time per request."),
    fig("mean_access_ms", "mean access", "ms", 1.0, "Seek, rotation and transfer per request."),
];

pub const VIEWS: &[ViewInfo] = &[
    view(
        "DiskView",
        "Disk: platter, head and queue",
        "The platter turning under the head, the arm seeking, the request in service with its seek, rotation and \
         transfer, and the requests still waiting.",
    ),
    view(
        "RequestTable",
        "Requests: seek, rotation, transfer",
        "Every request in the order it arrived, and once served its seek, rotation, transfer and total: the \
         table disk.py -c prints.",
    ),
    view("EventLog", "Event log", "Every engine event, newest last, filterable by kind."),
    view("Inspector", "Inspector", "Click anything in a view to see its full state here."),
];

pub const DESCRIPTION: Description = Description {
    kind: "disk",
    title: "A disk and its scheduler",
    paper: "Arpaci-Dusseau & Arpaci-Dusseau, Operating Systems: Three Easy Pieces, ch. 37 (Hard Disk Drives) and \
            its file-disks homework (disk.py)",
    records: RECORD_KINDS,
    sections: super::view::SECTIONS,
    figures: FIGURES,
    views: VIEWS,
    // The options the homework varies, most used first.
    knobs: &[
        "disk.scheduler",
        "disk.window",
        "ostep.seek_speed",
        "ostep.rotate_speed",
        "ostep.skew",
        "requests.count",
        "disk.preset",
    ],
    work: "requests",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario;
    use crate::systems::PaperSystem;

    #[test]
    fn every_figure_is_a_number_of_the_summary() {
        let s = scenario::parse("[system]\nkind = \"disk\"\n[requests]\ncount = 40\n").unwrap();
        let mut sim = super::super::DiskSystem::engine(&s, 1);
        sim.run();
        let summary = serde_json::to_value(sim.summary()).unwrap();
        for f in FIGURES {
            let value = f.path.split('.').fold(&summary, |v, k| &v[k]);
            assert!(value.is_number(), "{} is not a summary figure", f.path);
        }
        let work: Vec<u64> = sim.system().series().iter().map(|x| serde_json::to_value(x).unwrap()[DESCRIPTION.work].as_u64().unwrap()).collect();
        assert!(work.windows(2).all(|w| w[0] <= w[1]) && work.last() == Some(&40), "the work figure only grows: {work:?}");
    }
}
