//! What the client walks: one OO7 traversal of the whole hierarchy, or the dynamic traversal's
//! operations over two databases (§4.1.1), behind one iterator of accesses and the position the
//! OO7 panel shows.
use std::sync::Arc;

use crate::workload::oo7::dynamic::Dynamic;
use crate::workload::oo7::{Access, Oo7Database, Traversal};

type Db = Arc<Oo7Database>;

#[derive(Clone, Debug)]
pub enum Walk {
    Traversal(Traversal<Db>),
    Dynamic(Box<Dynamic<Db>>),
}

impl Walk {
    /// The walk of a composite part's graph under way: the whole traversal's, or the dynamic
    /// operation's (whose database may be the second).
    pub fn current(&self) -> Option<&Traversal<Db>> {
        match self {
            Walk::Traversal(t) => Some(t),
            Walk::Dynamic(d) => d.walk(),
        }
    }

    /// The assemblies from the root to the one being walked (none in a dynamic operation, whose
    /// path is random).
    pub fn assembly_path(&self) -> Vec<u32> {
        match self {
            Walk::Traversal(t) => t.assembly_path().collect(),
            Walk::Dynamic(_) => Vec::new(),
        }
    }

    /// Assemblies entered, in creation order (0 in the dynamic traversal).
    pub fn assemblies_entered(&self) -> u32 {
        match self {
            Walk::Traversal(t) => t.assemblies_entered(),
            Walk::Dynamic(_) => 0,
        }
    }

    /// Composite-part visits begun: a dynamic operation visits one.
    pub fn composite_visits(&self) -> u32 {
        match self {
            Walk::Traversal(t) => t.composites_entered(),
            Walk::Dynamic(d) => d.operation,
        }
    }

    /// The objects the program's stack refers to (§3.2.4), in the numbering of the cache.
    pub fn path_objects(&self) -> Vec<u32> {
        match self {
            Walk::Traversal(t) => t.path_objects().collect(),
            Walk::Dynamic(d) => {
                let offset = d.current_offset();
                d.walk().map_or_else(Vec::new, |t| t.path_objects().map(|o| o + offset).collect())
            }
        }
    }
}

impl Iterator for Walk {
    type Item = Access;

    fn next(&mut self) -> Option<Access> {
        match self {
            Walk::Traversal(t) => t.next(),
            Walk::Dynamic(d) => d.next(),
        }
    }
}
