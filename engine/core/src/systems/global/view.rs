//! The global-memory cluster's frames: every server with its memory's make-up, its processor and
//! its disks (`servers`), and every server's frames by the server that owns their pages
//! (`composition`: Tab. 13's rows). Everything here only reads the model.
use super::{GlobalSystem, Msg, Phase};
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Frame, Section};
use crate::kernel::SimTime;

pub const REPLACEMENTS: &[&str] = &["base", "clsv", "reserve"];
pub const PLACEMENTS: &[&str] = &["declustered", "clustered"];
/// A server's client.
pub const CLIENTS: &[&str] = &["none", "large", "small"];
/// What a message says (`Kind`), and where it is (`Phase`).
pub const KINDS: &[&str] =
    &["page request", "forward request", "page", "forward too late", "discard notice", "send it back", "drop it", "page shipped back"];
pub const PHASES: &[&str] = &["at its sender", "on the wire", "at its receiver"];

const SERVERS: SectionInfo = SectionInfo {
    name: "servers",
    description: "Every server of the cluster (§2.1): its buffer frames, holding its own pages (hated copies \
        apart: the copies it keeps of pages it read for others, §2.3), other servers' pages, or free; the \
        jobs sharing its processor; its disks' queues; and its client.",
    scalars: &[
        f64("replacement", "replacement", "").values(REPLACEMENTS),
        f64("placement", "placement", "").values(PLACEMENTS),
        f64("frames", "frames a server", "pages"),
        f64("unique", "distinct pages in the cluster's memory", "pages"),
    ],
    row: "a server",
    columns: &[
        u32("own", "its own pages, not hated", "pages"),
        u32("hated", "hated copies", "pages"),
        u32("others", "other servers' pages", "pages"),
        u32("free", "free frames", "pages"),
        u32("jobs", "jobs on its processor", ""),
        u32("disk_queue", "requests at its disks, in service or waiting", ""),
        u8("client", "its client", "").values(CLIENTS),
    ],
};

const COMPOSITION: SectionInfo = SectionInfo {
    name: "composition",
    description: "The frames of each server by the server that owns their pages (Tab. 13): the row for server \
        s and owner o counts the pages of o in s's memory.",
    scalars: &[],
    row: "a server and an owner",
    columns: &[u32("server", "server", ""), u32("owner", "owner", ""), u32("pages", "pages", "pages")],
};

const MESSAGES: SectionInfo = SectionInfo {
    name: "messages",
    description: "The messages in flight (§2.3): what each says, between which servers, for which page, and \
        where it is: its protocol's half at the sender's processor, the wire from when to when, the other \
        half at the receiver's.",
    scalars: &[],
    row: "a message in flight",
    columns: &[
        u8("kind", "says", "").values(KINDS),
        u32("from", "from server", ""),
        u32("to", "to server", ""),
        u32("page", "page", ""),
        u32("client", "for client", ""),
        u8("phase", "where", "").values(PHASES),
        f64("wire_start", "on the wire from (−1: not yet)", "ns"),
        f64("wire_end", "arrives (−1: not yet)", "ns"),
    ],
};

pub const SECTIONS: &[SectionInfo] = &[SERVERS, COMPOSITION, MESSAGES];

pub fn frame(sim: &GlobalSystem, _now: SimTime) -> Frame {
    Frame(vec![servers(sim), composition(sim), messages(sim)])
}

fn messages(sim: &GlobalSystem) -> Section {
    let m: Vec<&Msg> = sim.messages().collect();
    let wire = |i: usize| m.iter().map(move |x| if x.phase == Phase::Sending { -1.0 } else { [x.wire.0, x.wire.1][i] as f64 });
    let mut s = Section::new(&SECTIONS[2]);
    s.u8s("kind", m.iter().map(|x| x.kind as u8))
        .u32s("from", m.iter().map(|x| u32::from(x.from)))
        .u32s("to", m.iter().map(|x| u32::from(x.to)))
        .u32s("page", m.iter().map(|x| x.page))
        .u32s("client", m.iter().map(|x| u32::from(x.client)))
        .u8s("phase", m.iter().map(|x| x.phase as u8))
        .f64s("wire_start", wire(0))
        .f64s("wire_end", wire(1));
    s
}

fn servers(sim: &GlobalSystem) -> Section {
    let n = sim.nodes.len();
    let mut client = vec![0u8; n];
    for c in &sim.layout.clients {
        client[c.primary as usize] = if c.large { 1 } else { 2 };
    }
    let p = &sim.config.policy;
    let mut s = Section::new(&SECTIONS[0]);
    s.set("replacement", p.replacement as u8 as f64)
        .set("placement", p.placement as u8 as f64)
        .set("frames", f64::from(sim.config.cluster.frames))
        .set("unique", sim.holders.iter().filter(|&&h| h != 0).count() as f64)
        .u32s("own", sim.nodes.iter().map(|x| x.pool.local() - x.pool.hated()))
        .u32s("hated", sim.nodes.iter().map(|x| x.pool.hated()))
        .u32s("others", sim.nodes.iter().map(|x| x.pool.len() - x.pool.local()))
        .u32s("free", sim.nodes.iter().map(|x| x.pool.free()))
        .u32s("jobs", sim.nodes.iter().map(|x| x.cpu.len() as u32))
        .u32s("disk_queue", sim.nodes.iter().map(|x| x.disks.iter().map(|d| d.queue().len() as u32 + u32::from(d.active().is_some())).sum()))
        .u8s("client", client);
    s
}

fn composition(sim: &GlobalSystem) -> Section {
    let n = sim.nodes.len();
    let mut pages = vec![0u32; n * n];
    for (i, node) in sim.nodes.iter().enumerate() {
        for (page, _) in node.pool.iter() {
            pages[i * n + sim.owner(page) as usize] += 1;
        }
    }
    let mut s = Section::new(&SECTIONS[1]);
    s.u32s("server", (0..n * n).map(|i| (i / n) as u32))
        .u32s("owner", (0..n * n).map(|i| (i % n) as u32))
        .u32s("pages", pages);
    s
}

/// Keeps the enumerations' numbering and the frame's names in step.
const _: () = assert!(super::config::Replacement::Reserve as usize == REPLACEMENTS.len() - 1);
const _: () = assert!(super::config::Placement::Clustered as usize == PLACEMENTS.len() - 1);
const _: () = assert!(super::Kind::PageReturn as usize == KINDS.len() - 1);
const _: () = assert!(Phase::Receiving as usize == PHASES.len() - 1);
