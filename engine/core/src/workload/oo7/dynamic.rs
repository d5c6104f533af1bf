//! The dynamic traversals of HAC §4.1.1: operations over two medium databases, each picking a
//! database (90% of them the hot one), a random path from the root of its assembly hierarchy down
//! to one composite part, and a T1−, T1 or T1+ walk of that part's graph. After `shift_after`
//! operations the hot and cold databases swap. Figures 6 and 13 use the mix in which 80% of the
//! object accesses come from T1− operations and 20% from T1 (spec A23: 8/9 and 1/9 of them).
use std::ops::Deref;

use super::{Access, Oo7Database, Traversal, TraversalKind};
use crate::kernel::rng::Rng;

/// Which operations the traversal mixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mix {
    /// T1−, T1 and T1+ equally often (spec A23).
    Uniform,
    /// 80% of accesses by T1− operations and 20% by T1 (Figures 6, 13): 8/9 and 1/9.
    MostlyT1Minus,
    /// Every operation T1+: HAC behaves like a page cache (§4.2.3).
    AllT1Plus,
}

impl Mix {
    fn pick(self, rng: &mut Rng) -> TraversalKind {
        match self {
            Mix::Uniform => [TraversalKind::T1Minus, TraversalKind::T1, TraversalKind::T1Plus][rng.below(3) as usize],
            Mix::MostlyT1Minus => {
                if rng.below(9) < 8 {
                    TraversalKind::T1Minus
                } else {
                    TraversalKind::T1
                }
            }
            Mix::AllT1Plus => TraversalKind::T1Plus,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct DynamicParams {
    pub operations: u32,
    pub shift_after: u32,
    /// Share of operations that go to the hot database.
    pub hot_share: f64,
    pub mix: Mix,
}

impl Default for DynamicParams {
    /// §4.1.1: 7,500 operations, the shift after the 5,000th, 90% to the hot database.
    fn default() -> Self {
        DynamicParams { operations: 7500, shift_after: 5000, hot_share: 0.9, mix: Mix::MostlyT1Minus }
    }
}

/// The dynamic traversal over databases `dbs[0]` and `dbs[1]`, whose objects are numbered one
/// after the other (the second's from `dbs[0].objects.len()`); an iterator of accesses.
#[derive(Clone, Debug)]
pub struct Dynamic<D: Deref<Target = Oo7Database> + Clone> {
    dbs: [D; 2],
    params: DynamicParams,
    rng: Rng,
    /// Operations started so far.
    pub operation: u32,
    /// The database and the walk of the operation under way, after the path's accesses.
    db: usize,
    path: Vec<u32>,
    walk: Option<Traversal<D>>,
    /// No operation starts past this many (`stop_after`).
    stop: u32,
}

impl<D: Deref<Target = Oo7Database> + Clone> Dynamic<D> {
    pub fn new(dbs: [D; 2], params: DynamicParams, seed: u64) -> Dynamic<D> {
        let stop = params.operations;
        Dynamic { dbs, params, rng: Rng::stream(seed, 0xd1a), operation: 0, db: 0, path: Vec::new(), walk: None, stop }
    }

    /// The walk ends after `operations` operations, until it is told again: a run's unmeasured
    /// operations end there, and the measured ones go on from it.
    pub fn stop_after(&mut self, operations: u32) {
        self.stop = operations.min(self.params.operations);
    }

    /// Operations in all, measured or not.
    pub fn operations(&self) -> u32 {
        self.params.operations
    }

    /// The first object of the operation under way's database, in the numbering of both.
    pub fn current_offset(&self) -> u32 {
        self.offset(self.db)
    }

    /// The walk of the operation under way (its composite part's graph), if any.
    pub fn walk(&self) -> Option<&Traversal<D>> {
        self.walk.as_ref()
    }

    /// The first object of database `i` in the numbering of both.
    pub fn offset(&self, i: usize) -> u32 {
        if i == 0 {
            0
        } else {
            self.dbs[0].objects.len() as u32
        }
    }

    /// Starts the next operation: a database, a random path down to a composite part, and the
    /// walk of its graph. False when every operation has run.
    fn start_operation(&mut self) -> bool {
        if self.operation >= self.stop {
            return false;
        }
        let hot = usize::from(self.operation >= self.params.shift_after);
        self.operation += 1;
        self.db = if self.rng.chance(self.params.hot_share) { hot } else { 1 - hot };
        let db = self.dbs[self.db].clone();
        let mut a = 0u32;
        self.path.clear();
        loop {
            let assembly = &db.assemblies[a as usize];
            self.path.extend([assembly.object, assembly.children_array]);
            let child = assembly.children[self.rng.below(assembly.children.len() as u32) as usize];
            if assembly.base {
                let kind = self.params.mix.pick(&mut self.rng);
                self.path.reverse(); // taken from the end
                self.walk = Some(Traversal::of_composite(db, kind, child));
                return true;
            }
            a = child;
        }
    }
}

impl<D: Deref<Target = Oo7Database> + Clone> Iterator for Dynamic<D> {
    type Item = Access;

    fn next(&mut self) -> Option<Access> {
        loop {
            let offset = self.offset(self.db);
            if let Some(object) = self.path.pop() {
                return Some(Access { object: object + offset, write: false });
            }
            if let Some(a) = self.walk.as_mut().and_then(Iterator::next) {
                return Some(Access { object: a.object + offset, write: a.write });
            }
            if !self.start_operation() {
                return None;
            }
        }
    }
}

impl Oo7Database {
    /// Databases `a` and `b` as one store, as a dynamic traversal uses them: the objects and pages
    /// of both, b's numbered after a's (as `Dynamic` numbers them). Its structure (assemblies,
    /// composite parts, connections) is a's only: walks of b go through `Dynamic`, which holds b.
    pub fn pair(a: &Oo7Database, b: &Oo7Database) -> Oo7Database {
        let mut objects = a.objects.clone();
        objects.extend(b.objects.iter().map(|o| super::Object { page: o.page + a.pages, ..*o }));
        Oo7Database { objects, pages: a.pages + b.pages, ..a.clone() }
    }
}
