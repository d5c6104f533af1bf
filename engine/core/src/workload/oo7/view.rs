//! The OO7 frame sections, declared here once for every system that walks OO7 traversals (HAC
//! §4.1.1): `oo7`, the assembly hierarchy with the traversal's position, and `composite`, the
//! graph of the composite part being walked. A system names its traversals (`oo7_sections!`) and
//! says where its walk is (`WalkState`); the web app draws both sections with one view,
//! `Oo7Panel` (views/lib/oo7/).
use std::ops::Deref;

use super::{Oo7Database, Traversal};
use crate::describe::{view, SectionInfo, ViewInfo};
use crate::frame::Section;

/// The view that draws the sections, for a system's `describe.rs`.
pub const PANEL: ViewInfo = view(
    "Oo7Panel",
    "OO7: the assembly tree and the traversal",
    "The assembly hierarchy with the traversal's position and the composite part being walked.",
);

pub const ASSEMBLY_STATES: &[&str] = &["not yet", "walking", "walked"];

/// The `oo7` and `composite` sections (`[SectionInfo; 2]`) for traversals named `$traversals` (a
/// const list of names), for a system's `SECTIONS`: `const OO7: [SectionInfo; 2] =
/// oo7_sections!(TRAVERSALS);`.
macro_rules! oo7_sections {
    ($traversals:expr) => {
        [
            $crate::describe::SectionInfo {
                name: "oo7",
                description: "The assembly hierarchy in depth-first order and where the traversal is in it \
                    (§4.1.1): assemblies on the current path are being walked. The dynamic traversal's \
                    operations each walk a random path to one composite part: only that part is shown.",
                scalars: &[
                    $crate::describe::columns::f64("traversal", "traversal", "").values($traversals),
                    $crate::describe::columns::f64("levels", "assembly levels", ""),
                    $crate::describe::columns::f64("fanout", "children per assembly", ""),
                    $crate::describe::columns::f64("composite", "composite part being walked (−1: none)", ""),
                    $crate::describe::columns::f64("base", "base assembly being walked (−1: none)", ""),
                    $crate::describe::columns::f64(
                        "composite_visits",
                        "composite-part visits begun (dynamic: operations)",
                        "",
                    ),
                    $crate::describe::columns::f64(
                        "composite_visits_total",
                        "composite-part visits in a traversal (dynamic: operations)",
                        "",
                    ),
                    $crate::describe::columns::f64("part_visits", "atomic parts visited in this composite part", ""),
                    $crate::describe::columns::f64(
                        "part_limit",
                        "atomic parts the walk visits in a composite part",
                        "",
                    ),
                ],
                row: "an assembly",
                columns: &[
                    $crate::describe::columns::u32("parent", "parent assembly", ""),
                    $crate::describe::columns::u8("level", "level (1: the root)", ""),
                    $crate::describe::columns::u8("base", "base assembly", ""),
                    $crate::describe::columns::u8("state", "state", "")
                        .values($crate::workload::oo7::view::ASSEMBLY_STATES),
                ],
            },
            $crate::describe::SectionInfo {
                name: "composite",
                description: "The atomic parts of the composite part being walked, their connections, and the \
                    depth-first walk's marks (§4.1.1).",
                scalars: &[],
                row: "an atomic part of the composite part being walked",
                columns: &[
                    $crate::describe::columns::u8("visited", "visited", ""),
                    $crate::describe::columns::u8("on_path", "on the depth-first stack", ""),
                    $crate::describe::columns::u32("to0", "first connection to part", ""),
                    $crate::describe::columns::u32("to1", "second connection to part", ""),
                    $crate::describe::columns::u32("to2", "third connection to part", ""),
                ],
            },
        ]
    };
}
pub(crate) use oo7_sections;

/// Where a system's walk of the database is, as the `oo7` section shows it.
pub struct WalkState<'a, D: Deref<Target = Oo7Database>> {
    /// The traversal, an index into the names the system gives `oo7_sections!`.
    pub traversal: usize,
    /// The assemblies from the root to the one being walked (none when the walk has no path
    /// through the hierarchy, as a dynamic operation's).
    pub path: &'a [u32],
    /// Assemblies entered, in creation order: those before it and not on the path are walked.
    pub entered: u32,
    /// The traversal is over: every assembly is walked.
    pub done: bool,
    /// Composite-part visits begun, and how many the traversal makes (`traversal_visits`).
    pub visits: u32,
    pub total: u32,
    /// The walk of a composite part's graph under way, if any (its database may be another).
    pub current: Option<&'a Traversal<D>>,
}

/// Composite-part visits in a whole traversal: each base assembly's composite parts (§4.1).
pub fn traversal_visits(db: &Oo7Database) -> u32 {
    db.assemblies.iter().filter(|a| a.base).map(|a| a.children.len() as u32).sum()
}

/// The `oo7` section (`info`, from `oo7_sections!`) of `db` walked as `walk` says.
pub fn assemblies_section<D: Deref<Target = Oo7Database>>(
    info: &'static SectionInfo,
    db: &Oo7Database,
    walk: &WalkState<D>,
) -> Section {
    let mut s = Section::new(info);
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
    let path = walk.path;
    let state = (0..n as u32).map(|a| match () {
        _ if path.contains(&a) => 1,
        _ if walk.done || a < walk.entered => 2,
        _ => 0,
    });
    let base = path.last().filter(|&&a| db.assemblies[a as usize].base);
    let current = walk.current;
    s.set("traversal", walk.traversal as f64)
        .set("levels", level.iter().copied().max().unwrap_or(0) as f64)
        .set("fanout", db.assemblies.first().map_or(0, |a| a.children.len()) as f64)
        .set("composite", current.and_then(|t| t.composite()).map_or(-1.0, |c| c as f64))
        .set("base", base.map_or(-1.0, |&a| a as f64))
        .set("composite_visits", walk.visits as f64)
        .set("composite_visits_total", walk.total as f64)
        .set("part_visits", current.map_or(0, |t| t.part_visits()) as f64)
        .set("part_limit", current.map_or(0, |t| t.limit()) as f64);
    s.u32s("parent", parent)
        .u8s("level", level)
        .u8s("base", db.assemblies.iter().map(|a| a.base as u8))
        .u8s("state", state);
    s
}

/// The `composite` section (`info`, from `oo7_sections!`) of the walk of a composite part's
/// graph under way, `current` (empty when there is none).
pub fn composite_section<D: Deref<Target = Oo7Database>>(
    info: &'static SectionInfo,
    current: Option<&Traversal<D>>,
) -> Section {
    let mut s = Section::new(info);
    let mut to: [Vec<u32>; 3] = Default::default();
    let (mut visited, mut on_path) = (Vec::new(), Vec::new());
    if let Some((walk, c)) = current.and_then(|t| Some((t, t.composite()?))) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::{Column, Frame};
    use crate::workload::oo7::{Oo7Params, Oo7Size, TraversalKind};

    /// Another system's traversals: the value list is the system's.
    const SECTIONS: [SectionInfo; 2] = oo7_sections!(&["T1", "T6"]);

    /// A T1 on the small database part way through a composite part, shown by a walk held by
    /// reference: the path is walking, the assemblies entered before it walked, the rest not yet;
    /// the composite part's rows are its atomic parts, the stack among the visited ones.
    #[test]
    fn a_walk_part_way_through_a_composite_part() {
        let db = Oo7Database::generate(&Oo7Params { size: Oo7Size::Small, ..Oo7Params::default() }, 1);
        let mut t = Traversal::new(&db, TraversalKind::T1);
        while t.composites_entered() < 5 || t.part_visits() < 4 {
            t.next().expect("the traversal goes on");
        }
        let path: Vec<u32> = t.assembly_path().collect();
        let walk = WalkState {
            traversal: 0,
            path: &path,
            entered: t.assemblies_entered(),
            done: false,
            visits: t.composites_entered(),
            total: traversal_visits(&db),
            current: Some(&t),
        };
        let f = Frame(vec![assemblies_section(&SECTIONS[0], &db, &walk), composite_section(&SECTIONS[1], Some(&t))]);
        f.check(&SECTIONS).unwrap();
        let (o, c) = (f.section("oo7"), f.section("composite"));
        assert_eq!((o.scalar("traversal"), o.scalar("levels"), o.scalar("fanout")), (0.0, 7.0, 3.0));
        assert_eq!(o.scalar("composite_visits_total"), 2187.0);
        assert_eq!(o.scalar("composite"), t.composite().unwrap() as f64);
        assert_eq!(o.scalar("base"), *path.last().unwrap() as f64);
        assert_eq!((o.scalar("part_visits"), o.scalar("part_limit")), (4.0, 20.0));
        let Column::U8(state) = o.get("state") else { panic!("states are u8") };
        let count = |v: u8| state.iter().filter(|&&s| s == v).count();
        assert!(path.iter().all(|&a| state[a as usize] == 1));
        assert_eq!(count(1), 7, "the path runs from the root to a base assembly");
        assert_eq!(count(1) + count(2), walk.entered as usize, "the others entered are walked");
        assert!(state[walk.entered as usize..].iter().all(|&s| s == 0), "the rest not yet");
        let (Column::U8(visited), Column::U8(on_path)) = (c.get("visited"), c.get("on_path")) else {
            panic!("marks are u8")
        };
        assert_eq!(c.rows(), 20);
        assert_eq!(visited.iter().filter(|&&v| v == 1).count(), 4);
        assert!(on_path.iter().zip(visited).all(|(&p, &v)| p <= v), "the stack is among the visited parts");
        let empty = composite_section::<&Oo7Database>(&SECTIONS[1], None);
        assert_eq!(empty.rows(), 0);
    }
}
