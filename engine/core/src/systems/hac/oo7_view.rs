//! The OO7 frame sections: the assembly hierarchy with the traversal's position, and the graph of
//! the composite part being walked (§4.1; the OO7 panel draws them).
use super::walk::Walk;
use super::HacSystem;
use crate::describe::columns::{f64, u32, u8};
use crate::describe::SectionInfo;
use crate::frame::Section;
use crate::workload::oo7::TraversalKind;

pub const TRAVERSALS: &[&str] = &["T6", "T1−", "T1", "T1+", "T2a", "T2b", "dynamic"];
pub const ASSEMBLY_STATES: &[&str] = &["not yet", "walking", "walked"];

pub const ASSEMBLIES: SectionInfo = SectionInfo {
    name: "oo7",
    description: "The assembly hierarchy in depth-first order and where the traversal is in it \
        (§4.1.1): assemblies on the current path are being walked. The dynamic traversal's \
        operations each walk a random path to one composite part: only that part is shown.",
    scalars: &[
        f64("traversal", "traversal", "").values(TRAVERSALS),
        f64("levels", "assembly levels", ""),
        f64("fanout", "children per assembly", ""),
        f64("composite", "composite part being walked (−1: none)", ""),
        f64("base", "base assembly being walked (−1: none)", ""),
        f64("composite_visits", "composite-part visits begun (dynamic: operations)", ""),
        f64("composite_visits_total", "composite-part visits in a traversal (dynamic: operations)", ""),
        f64("part_visits", "atomic parts visited in this composite part", ""),
        f64("part_limit", "atomic parts the walk visits in a composite part", ""),
    ],
    row: "an assembly",
    columns: &[
        u32("parent", "parent assembly", ""),
        u8("level", "level (1: the root)", ""),
        u8("base", "base assembly", ""),
        u8("state", "state", "").values(ASSEMBLY_STATES),
    ],
};

pub const COMPOSITE: SectionInfo = SectionInfo {
    name: "composite",
    description: "The atomic parts of the composite part being walked, their connections, and the \
        depth-first walk's marks (§4.1.1).",
    scalars: &[],
    row: "an atomic part of the composite part being walked",
    columns: &[
        u8("visited", "visited", ""),
        u8("on_path", "on the depth-first stack", ""),
        u32("to0", "first connection to part", ""),
        u32("to1", "second connection to part", ""),
        u32("to2", "third connection to part", ""),
    ],
};

fn traversal_value(sim: &HacSystem) -> f64 {
    if matches!(sim.walk, Walk::Dynamic(_)) {
        return 6.0;
    }
    match sim.kind {
        TraversalKind::T6 => 0.0,
        TraversalKind::T1Minus => 1.0,
        TraversalKind::T1 => 2.0,
        TraversalKind::T1Plus => 3.0,
        TraversalKind::T2a => 4.0,
        TraversalKind::T2b => 5.0,
    }
}

pub fn assemblies(sim: &HacSystem) -> Section {
    let mut s = Section::new(&ASSEMBLIES);
    let (db, walk) = (&sim.db, &sim.walk);
    let n = db.assemblies.len();
    let mut parent = vec![u32::MAX; n];
    let mut level = vec![1u8; n];
    for (a, asm) in db.assemblies.iter().enumerate() {
        if !asm.base {
            for &c in &asm.children {
                parent[c as usize] = a as u32;
                level[c as usize] = level[a] + 1;
            }
        }
    }
    let path = walk.assembly_path();
    let entered = walk.assemblies_entered();
    let done = sim.traversal_index() == 2;
    let state = (0..n as u32).map(|a| match () {
        _ if path.contains(&a) => 1,
        _ if done || a < entered => 2,
        _ => 0,
    });
    let base = path.last().filter(|&&a| db.assemblies[a as usize].base);
    let total = match walk {
        Walk::Dynamic(d) => d.operations() as usize,
        Walk::Traversal(_) => db.assemblies.iter().filter(|a| a.base).map(|a| a.children.len()).sum(),
    };
    let current = walk.current();
    s.set("traversal", traversal_value(sim))
        .set("levels", level.iter().copied().max().unwrap_or(0) as f64)
        .set("fanout", db.assemblies.first().map_or(0, |a| a.children.len()) as f64)
        .set("composite", current.and_then(|t| t.composite()).map_or(-1.0, |c| c as f64))
        .set("base", base.map_or(-1.0, |&a| a as f64))
        .set("composite_visits", walk.composite_visits() as f64)
        .set("composite_visits_total", total as f64)
        .set("part_visits", current.map_or(0, |t| t.part_visits()) as f64)
        .set("part_limit", current.map_or(0, |t| t.limit()) as f64);
    s.u32s("parent", parent)
        .u8s("level", level)
        .u8s("base", db.assemblies.iter().map(|a| a.base as u8))
        .u8s("state", state);
    s
}

pub fn composite(sim: &HacSystem) -> Section {
    let mut s = Section::new(&COMPOSITE);
    let mut to: [Vec<u32>; 3] = Default::default();
    let (mut visited, mut on_path) = (Vec::new(), Vec::new());
    if let Some((walk, c)) = sim.walk.current().and_then(|t| Some((t, t.composite()?))) {
        let stack: Vec<u32> = walk.part_stack().collect();
        for (j, &v) in walk.parts_visited().iter().enumerate() {
            visited.push(v as u8);
            on_path.push(stack.contains(&(j as u32)) as u8);
            for (k, col) in to.iter_mut().enumerate() {
                col.push(walk.db().target(c, j as u32, k as u32));
            }
        }
    }
    let [to0, to1, to2] = to;
    s.u8s("visited", visited).u8s("on_path", on_path).u32s("to0", to0).u32s("to1", to1).u32s("to2", to2);
    s
}
