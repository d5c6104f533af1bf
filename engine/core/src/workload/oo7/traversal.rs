//! OO7 traversals as walks over the generated object graph (HAC §4.1.1): depth first through the
//! assembly hierarchy, and at each of the 2,187 composite-part visits an operation on its graph
//! of atomic parts. Each step yields the object accesses (method invocations) it makes, in order;
//! following a reference to an object and invoking a method on it is one access.
use std::collections::VecDeque;
use std::ops::Deref;

use super::{Oo7Database, CONNECTIONS_PER_PART};

/// The traversals of §4.1.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraversalKind {
    /// Visits only each composite part's root atomic part (3% of each page).
    T6,
    /// T1 that stops a composite part's graph after half its atomic parts (27%).
    T1Minus,
    /// A depth-first walk of each composite part's whole graph through its connections (49%).
    T1,
    /// T1 that also visits every sub-object of atomic parts and connections (91%).
    T1Plus,
    /// T1 that modifies each graph's root atomic part.
    T2a,
    /// T1 that modifies every atomic part.
    T2b,
    /// T2b that updates each atomic part four times (the OO7 benchmark [CDN94]; Liskov et al.
    /// §6.1, spec 003 A22).
    T2c,
}

/// Which composite parts' operations visit only the root atomic part, as T6's do, however the
/// traversal treats the others (Liskov et al. §6.2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum RootOnly {
    #[default]
    None,
    /// Composite part c's whenever `parts[c]`: the mixed traversal classifies each at random.
    Parts(Vec<bool>),
    /// Alternate phases of this many composite-part visits, the first as the traversal walks, the
    /// next root only: a workload whose behaviour changes slowly (spec 003 R10).
    Phases(u32),
}

/// One object access: a method invoked on `object`, which writes it if `write`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub object: u32,
    pub write: bool,
}

/// A traversal in progress over one database (held by reference, or shared by a system that
/// keeps its traversal between events); an iterator of its accesses.
#[derive(Clone, Debug)]
pub struct Traversal<D: Deref<Target = Oo7Database>> {
    db: D,
    kind: TraversalKind,
    /// Assemblies being walked: (index, next child).
    assemblies: Vec<(u32, u32)>,
    /// The composite part being walked, if any, and its atomic parts' visited marks.
    composite: Option<u32>,
    visited: Vec<bool>,
    visits: u32,
    /// Atomic parts on the depth-first path: (part, next connection).
    parts: Vec<(u32, u32)>,
    pending: VecDeque<Access>,
    started: bool,
    /// Assemblies and composite parts entered so far (both in depth-first creation order).
    assemblies_entered: u32,
    composites_entered: u32,
    /// Whether reading an atomic part also reads its type string and connection arrays, and
    /// following a connection its type string (T1+ always; Thor0's traversals, spec 003 B1).
    sub_objects: bool,
    /// Composite parts whose operation visits only the root atomic part.
    root_only: RootOnly,
}

impl<D: Deref<Target = Oo7Database>> Traversal<D> {
    /// The whole traversal, from the root of the assembly hierarchy.
    pub fn new(db: D, kind: TraversalKind) -> Traversal<D> {
        let parts = db.atomic_per_composite() as usize;
        Traversal {
            db,
            kind,
            assemblies: Vec::new(),
            composite: None,
            visited: vec![false; parts],
            visits: 0,
            parts: Vec::new(),
            pending: VecDeque::new(),
            started: false,
            assemblies_entered: 0,
            composites_entered: 0,
            sub_objects: kind == TraversalKind::T1Plus,
            root_only: RootOnly::None,
        }
    }

    /// The traversal reading each atomic part's and connection's sub-objects, as T1+ does
    /// (Thor0's traversals, spec 003 B1).
    pub fn reading_sub_objects(mut self) -> Traversal<D> {
        self.sub_objects = true;
        self
    }

    /// The traversal visiting only the root atomic part of the composite parts `root_only` says:
    /// Liskov et al.'s mixed traversal classifies each at random as *all* or *root* (§6.2).
    pub fn with_root_only(mut self, root_only: RootOnly) -> Traversal<D> {
        self.root_only = root_only;
        self
    }

    /// Whether the operation on the composite part being walked visits only its root part.
    fn root_only_now(&self) -> bool {
        self.kind == TraversalKind::T6
            || match &self.root_only {
                RootOnly::None => false,
                RootOnly::Parts(parts) => self.composite.is_some_and(|c| parts.get(c as usize) == Some(&true)),
                RootOnly::Phases(n) => self.composites_entered.saturating_sub(1) / n.max(&1) % 2 == 1,
            }
    }

    /// One operation on composite part `c`'s graph alone, as the dynamic traversals run them
    /// (§4.1.1): its composite part and then the walk `kind` makes of its atomic parts.
    pub fn of_composite(db: D, kind: TraversalKind, c: u32) -> Traversal<D> {
        let mut t = Traversal::new(db, kind);
        t.started = true;
        t.enter_composite(c);
        t
    }

    /// The composite part being walked, if any.
    pub fn composite(&self) -> Option<u32> {
        self.composite
    }

    /// The database walked.
    pub fn db(&self) -> &Oo7Database {
        &self.db
    }

    /// Assemblies entered so far: as the walk enters them in creation order, assembly `a` has
    /// been entered iff `a < assemblies_entered()`.
    pub fn assemblies_entered(&self) -> u32 {
        self.assemblies_entered
    }

    /// Composite-part visits begun so far.
    pub fn composites_entered(&self) -> u32 {
        self.composites_entered
    }

    /// The visited marks of the composite part being walked's atomic parts.
    pub fn parts_visited(&self) -> &[bool] {
        &self.visited
    }

    /// The atomic parts on the depth-first stack of the composite part being walked.
    pub fn part_stack(&self) -> impl Iterator<Item = u32> + '_ {
        self.parts.iter().map(|&(j, _)| j)
    }

    /// Atomic parts visited in the composite part being walked.
    pub fn part_visits(&self) -> u32 {
        self.visits
    }

    /// The assemblies from the root down to the one being walked.
    pub fn assembly_path(&self) -> impl Iterator<Item = u32> + '_ {
        self.assemblies.iter().map(|&(a, _)| a)
    }

    /// Objects on the current path (assemblies, composite part, atomic parts being walked): the
    /// ones a program walking the graph holds references to on its stack (§3.2.4).
    pub fn path_objects(&self) -> impl Iterator<Item = u32> + '_ {
        let db = &*self.db;
        let assemblies = self.assemblies.iter().map(move |&(a, _)| db.assemblies[a as usize].object);
        let composite = self.composite.map(|c| db.composites[c as usize].composite);
        let parts = self.parts.iter().map(move |&(j, _)| db.part(self.composite.unwrap_or(0), j));
        assemblies.chain(composite).chain(parts)
    }

    fn access(&mut self, object: u32, write: bool) {
        self.pending.push_back(Access { object, write });
    }

    /// Atomic parts the walk of one graph visits before it stops visiting new ones.
    pub fn limit(&self) -> u32 {
        let n = self.db.atomic_per_composite();
        if self.root_only_now() {
            return 1;
        }
        match self.kind {
            TraversalKind::T6 => 1,
            TraversalKind::T1Minus => n / 2,
            _ => n,
        }
    }

    fn visit_part(&mut self, j: u32) {
        let c = self.composite.expect("a part is visited within a composite part");
        let part = self.db.part(c, j);
        let (write, updates) = match self.kind {
            TraversalKind::T2b => (true, 1),
            TraversalKind::T2c => (true, 4),
            TraversalKind::T2a => (self.visits == 0, 1),
            _ => (false, 1),
        };
        self.visited[j as usize] = true;
        self.visits += 1;
        for _ in 0..updates {
            self.access(part, write);
        }
        let root_only = self.root_only_now();
        if self.sub_objects {
            self.access(part + 2, false); // incoming connections
            self.access(part + 3, false); // type string
        } else if root_only {
            return;
        }
        self.access(part + 1, false); // outgoing connections
        if !root_only {
            self.parts.push((j, 0));
        }
    }

    /// One step of the walk; false when the traversal is over.
    fn step(&mut self) -> bool {
        if let Some(c) = self.composite {
            // T1−: once half the parts are visited, no new part is visited, but the parts on the
            // path still read their remaining connections (spec §9, erratum 3).
            match self.parts.last_mut() {
                Some((j, k)) if *k < CONNECTIONS_PER_PART => {
                    let (j, kk) = (*j, *k);
                    *k += 1;
                    let (connection, t) = (self.db.connection(c, j, kk), self.db.target(c, j, kk));
                    self.access(connection, false);
                    if self.sub_objects {
                        self.access(connection + 1, false); // type string
                    }
                    if !self.visited[t as usize] && self.visits < self.limit() {
                        self.visit_part(t);
                    }
                }
                Some(_) => {
                    self.parts.pop();
                }
                None => self.composite = None,
            }
            return true;
        }
        if !self.started {
            self.started = true;
            self.access(self.db.module, false);
            self.enter_assembly(0);
            return true;
        }
        let Some(&(a, next)) = self.assemblies.last() else {
            return false;
        };
        let assembly = &self.db.assemblies[a as usize];
        if next as usize == assembly.children.len() {
            self.assemblies.pop();
            return true;
        }
        let (child, base) = (assembly.children[next as usize], assembly.base);
        self.assemblies.last_mut().expect("an assembly is being walked").1 += 1;
        if base {
            self.enter_composite(child);
        } else {
            self.enter_assembly(child);
        }
        true
    }

    fn enter_assembly(&mut self, a: u32) {
        let assembly = &self.db.assemblies[a as usize];
        let (object, children) = (assembly.object, assembly.children_array);
        self.access(object, false);
        self.access(children, false);
        self.assemblies.push((a, 0));
        self.assemblies_entered += 1;
    }

    fn enter_composite(&mut self, c: u32) {
        self.composite = Some(c);
        self.composites_entered += 1;
        self.visited.fill(false);
        self.visits = 0;
        self.access(self.db.composites[c as usize].composite, false);
        self.visit_part(0);
    }
}

impl<D: Deref<Target = Oo7Database>> Iterator for Traversal<D> {
    type Item = Access;

    fn next(&mut self) -> Option<Access> {
        while self.pending.is_empty() {
            if !self.step() {
                return None;
            }
        }
        self.pending.pop_front()
    }
}
