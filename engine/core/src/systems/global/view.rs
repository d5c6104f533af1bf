//! The global-memory cluster's frames: every server with its memory's make-up, its processor and
//! its disks (`servers`), and every server's frames by the server that owns their pages
//! (`composition`: Tab. 13's rows), the messages in flight, the requests in progress, and the
//! pages on their paths (`pages`). Everything here only reads the model.
use super::config::Model;
use super::{GlobalSystem, Msg, Phase};
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::{Frame, Section};
use crate::kernel::{time, SimTime};

pub const REPLACEMENTS: &[&str] = &["base", "clsv", "reserve", "optimal", "dup_elim", "hybrid", "threshold", "global", "reserve_dup"];
pub const PLACEMENTS: &[&str] = &["declustered", "clustered"];
/// A server's client.
pub const CLIENTS: &[&str] = &["none", "large", "small", "web requests"];
/// What a message says (`Kind`), and where it is (`Phase`).
pub const KINDS: &[&str] = &[
    "page request",
    "forward request",
    "page",
    "forward too late",
    "discard notice",
    "send it back",
    "drop it",
    "page shipped back",
    "call back",
    "called back",
    "write lock",
    "commit log",
    "commit done",
];
pub const PHASES: &[&str] = &["at its sender", "on the wire", "at its receiver"];

const SERVERS: SectionInfo = SectionInfo {
    name: "servers",
    description: "Every server of the cluster (§2.1): its buffer frames, holding its own pages (hated copies \
        apart: the copies it keeps of pages it read for others, §2.3), other servers' pages, or free; the \
        jobs sharing its processor; its disks' queues; and its client. Under Optimal the frames are one pool, \
        least recently used first, shown as each server's share of it in turn.",
    scalars: &[
        f64("replacement", "replacement", "").values(REPLACEMENTS),
        f64("placement", "placement", "").values(PLACEMENTS),
        f64("frames", "frames a server", "pages"),
        f64("unique", "distinct pages in the cluster's memory", "pages"),
        f64("dup_info", "duplicate states", "").values(&["exact", "lazy"]),
    ],
    row: "a server",
    columns: &[
        u32("own", "its own pages, not hated", "pages"),
        u32("hated", "hated copies", "pages"),
        u32("others", "other servers' pages", "pages"),
        u32("duplicates", "pages another server holds too, hated copies apart (§4.1.3)", "pages"),
        u32("stale", "of them, copies it still takes for duplicates though they are the last: the owner's word is on its way (lazy states, §4.1.3)", "pages"),
        f64("tail_age", "its LRU tail's age: the mean time since the last use of its 100 least recently used pages (§4.1.3; 0 with a free frame)", "s"),
        u32("free", "free frames", "pages"),
        u32("dirty", "updated pages: written to their owner's disk when their last copy leaves memory (§2.4)", "pages"),
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
        u32("client", "for client (65535: none, an updated page sent home to be written)", ""),
        u8("phase", "where", "").values(PHASES),
        f64("wire_start", "on the wire from (−1: not yet)", "ns"),
        f64("wire_end", "arrives (−1: not yet)", "ns"),
    ],
};

/// Where a request is (`Stage`).
pub const STAGES: &[&str] = &[
    "lookup",
    "waiting for another fetch",
    "fault",
    "at the owner",
    "calling back copies",
    "forwarded",
    "disk read",
    "page on its way",
    "processing",
    "committing",
    "held to Tab. 3's access time",
];

const REQUESTS: SectionInfo = SectionInfo {
    name: "requests",
    description: "Every client's request in progress (§2.3): its primary server, its page and the page's owner, \
        where it is on its path (primary → owner → the owner's memory, a forwarding holder or the disk → primary), \
        the server its page comes from, when it was asked for, and whether it reads or updates the page.",
    scalars: &[],
    row: "a client",
    columns: &[
        u32("primary", "primary server", ""),
        u32("page", "page", ""),
        u32("owner", "owner", ""),
        u8("stage", "where", "").values(STAGES),
        u32("from", "page from server", ""),
        f64("issued", "asked for at", "ns"),
        u8("mode", "to", "").values(&["read", "update"]),
    ],
};

const PAGES: SectionInfo = SectionInfo {
    name: "pages",
    description: "The pages of the requests in progress and of the messages in flight (§2.3, §4.1.3): each one's \
        owner and its place on the owner's disks, the servers with a copy in memory and the copies on their \
        way, whether the copies are duplicates, whether its owner keeps one as a hated copy, whether it is updated and not yet written, \
        and the server holding its write lock.",
    scalars: &[],
    row: "a page on a path",
    columns: &[
        u32("page", "page", ""),
        u32("owner", "owner", ""),
        u8("disk", "on the owner's disk", ""),
        u32("block", "at block (page-sized, from the disk's start)", ""),
        f64("copies", "servers with a copy in memory, one bit a server (bit s: server s)", ""),
        u32("on_way", "copies shipped and on their way to a server", ""),
        u8("duplicate", "its copies are duplicates (two or more, counting one on its way)", "").values(&["no", "yes"]),
        u8("hated", "its owner keeps a hated copy", "").values(&["no", "yes"]),
        u8("updated", "updated, not yet written to its owner's disk", "").values(&["no", "yes"]),
        u32("writer", "the server holding its write lock (65535: none)", ""),
    ],
};

pub const SECTIONS: &[SectionInfo] = &[SERVERS, COMPOSITION, MESSAGES, REQUESTS, PAGES];

pub fn frame(sim: &GlobalSystem, now: SimTime) -> Frame {
    Frame(vec![servers(sim, now), composition(sim), messages(sim), requests(sim), pages(sim)])
}

/// The pages on a path now: the requests' and the messages', each once, in order.
fn pages(sim: &GlobalSystem) -> Section {
    let mut p: Vec<u32> = sim.requests.iter().map(|r| r.page).chain(sim.messages().map(|m| m.page)).collect();
    p.sort_unstable();
    p.dedup();
    let home = |page: u32| sim.layout.homes[page as usize];
    let hated = |page: u32| sim.nodes[sim.owner(page) as usize].pool.get(page).is_some_and(|r| r.hated);
    let mut s = Section::new(&SECTIONS[4]);
    s.u32s("page", p.iter().copied())
        .u32s("owner", p.iter().map(|&x| u32::from(home(x).owner)))
        .u8s("disk", p.iter().map(|&x| home(x).disk))
        .u32s("block", p.iter().map(|&x| home(x).block))
        .f64s("copies", p.iter().map(|&x| sim.resident[x as usize] as f64))
        .u32s("on_way", p.iter().map(|&x| u32::from(sim.shipped[x as usize])))
        .u8s("duplicate", p.iter().map(|&x| u8::from(sim.dup(x))))
        .u8s("hated", p.iter().map(|&x| u8::from(hated(x))))
        .u8s("updated", p.iter().map(|&x| u8::from(sim.dirty[x as usize])))
        .u32s("writer", p.iter().map(|&x| u32::from(sim.writer[x as usize])));
    s
}

fn requests(sim: &GlobalSystem) -> Section {
    let r = &sim.requests;
    let mut s = Section::new(&SECTIONS[3]);
    s.u32s("primary", r.iter().map(|x| u32::from(x.primary)))
        .u32s("page", r.iter().map(|x| x.page))
        .u32s("owner", r.iter().map(|x| u32::from(sim.owner(x.page))))
        .u8s("stage", r.iter().map(|x| x.stage as u8))
        .u32s("from", r.iter().map(|x| u32::from(x.from)))
        .f64s("issued", r.iter().map(|x| x.issued as f64))
        .u8s("mode", r.iter().map(|x| u8::from(x.write)));
    s
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

/// Each server's frames by the server owning their pages, its hated copies and free frames: its
/// pool's, or under Optimal its share of the one pool (M frames in turn, least recently used
/// first).
fn memories(sim: &GlobalSystem) -> Vec<(Vec<u32>, u32, u32)> {
    let n = sim.nodes.len();
    let frames = sim.config.cluster.frames;
    let mut out: Vec<(Vec<u32>, u32, u32)> = Vec::with_capacity(n);
    match &sim.central {
        None => {
            for node in &sim.nodes {
                let mut by = vec![0u32; n];
                for (page, _) in node.pool.iter() {
                    by[sim.owner(page) as usize] += 1;
                }
                out.push((by, node.pool.hated(), node.pool.free()));
            }
        }
        Some(pool) => {
            let mut pages: Vec<(SimTime, u32)> = pool.iter().map(|(p, r)| (r.ts, p)).collect();
            pages.sort_unstable();
            for i in 0..n {
                let mut by = vec![0u32; n];
                let share = pages.iter().skip(i * frames as usize).take(frames as usize);
                let used = share.clone().count() as u32;
                for &(_, page) in share {
                    by[sim.owner(page) as usize] += 1;
                }
                out.push((by, 0, frames - used));
            }
        }
    }
    out
}

fn servers(sim: &GlobalSystem, now: SimTime) -> Section {
    let n = sim.nodes.len();
    let m = memories(sim);
    let mut client = vec![0u8; n];
    for c in &sim.layout.clients {
        client[c.primary as usize] = if sim.config.workload.model == Model::Web {
            3
        } else if c.large {
            1
        } else {
            2
        };
    }
    let p = &sim.config.policy;
    let mut s = Section::new(&SECTIONS[0]);
    s.set("replacement", p.replacement as u8 as f64)
        .set("placement", p.placement as u8 as f64)
        .set("frames", f64::from(sim.config.cluster.frames))
        .set("unique", sim.holders.iter().filter(|&&h| h != 0).count() as f64)
        .set("dup_info", p.dup_info as u8 as f64)
        .u32s("own", m.iter().enumerate().map(|(i, (by, hated, _))| by[i] - hated))
        .u32s("hated", m.iter().map(|x| x.1))
        .u32s("others", m.iter().enumerate().map(|(i, (by, _, _))| by.iter().sum::<u32>() - by[i]))
        .u32s("duplicates", sim.nodes.iter().map(|x| x.pool.duplicates()))
        .u32s("stale", sim.nodes.iter().map(|x| x.pool.iter().filter(|&(page, r)| r.dup && !sim.dup(page)).count() as u32))
        .f64s("tail_age", sim.nodes.iter().map(|x| x.pool.tail_age(now).map_or(0.0, time::to_s)))
        .u32s("free", m.iter().map(|x| x.2))
        .u32s("dirty", sim.nodes.iter().map(|x| x.pool.iter().filter(|&(page, _)| sim.dirty[page as usize]).count() as u32))
        .u32s("jobs", sim.nodes.iter().map(|x| x.cpu.len() as u32))
        .u32s("disk_queue", sim.nodes.iter().map(|x| x.disks.iter().map(|d| d.queue().len() as u32 + u32::from(d.active().is_some())).sum()))
        .u8s("client", client);
    s
}

fn composition(sim: &GlobalSystem) -> Section {
    let n = sim.nodes.len();
    let pages: Vec<u32> = memories(sim).into_iter().flat_map(|(by, _, _)| by).collect();
    let mut s = Section::new(&SECTIONS[1]);
    s.u32s("server", (0..n * n).map(|i| (i / n) as u32))
        .u32s("owner", (0..n * n).map(|i| (i % n) as u32))
        .u32s("pages", pages);
    s
}

/// Keeps the enumerations' numbering and the frame's names in step.
const _: () = assert!(super::config::Replacement::ReserveDup as usize == REPLACEMENTS.len() - 1);
const _: () = assert!(super::config::Placement::Clustered as usize == PLACEMENTS.len() - 1);
const _: () = assert!(super::Kind::CommitAck as usize == KINDS.len() - 1);
const _: () = assert!(Phase::Receiving as usize == PHASES.len() - 1);
const _: () = assert!(super::Stage::Held as usize == STAGES.len() - 1);
