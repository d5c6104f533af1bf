//! The OO7 database as a Thor0 OR stores it (Liskov et al. §5.2, §6.1; spec 003 §3.1): the
//! generated objects in 28.5 KB segments, each object's references (what swizzling and the
//! collector follow) and what kind of OO7 object it is.
use std::sync::{Arc, Mutex};

use crate::components::mob::Layout;
use crate::workload::oo7::{Oo7Database, Oo7Params, Oo7Size, References};

/// What an object is [CDN94], as the views colour it and the FE tracks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    Module,
    /// The manual's root and pieces.
    Manual,
    Assembly,
    /// An assembly's array of children.
    Children,
    CompositePart,
    /// A composite part's document's root and text.
    Document,
    AtomicPart,
    /// An atomic part's arrays of outgoing and incoming connections.
    Outgoing,
    Incoming,
    /// The type strings of atomic parts and connections: immutable, so a transaction does not
    /// track them (§5.1).
    PartType,
    Connection,
    ConnectionType,
}

/// The kinds' names, in `Kind`'s order (the frames' values).
pub const KINDS: &[&str] = &[
    "module",
    "manual",
    "assembly",
    "children",
    "composite part",
    "document",
    "atomic part",
    "outgoing",
    "incoming",
    "part type",
    "connection",
    "connection type",
];
const _: () = assert!(Kind::ConnectionType as usize == KINDS.len() - 1);

impl Kind {
    /// Whether the object is immutable, so that concurrency control does not track it (§5.1).
    pub fn immutable(self) -> bool {
        matches!(self, Kind::PartType | Kind::ConnectionType)
    }
}

#[derive(Debug)]
pub struct ThorDb {
    pub oo7: Arc<Oo7Database>,
    pub refs: References,
    pub kinds: Vec<Kind>,
    /// The segments as runs of objects in creation order, and each object's bytes (the OR's and
    /// its mcache's view of the disk).
    pub layout: Layout,
}

impl ThorDb {
    pub fn generate(size: Oo7Size, seed: u64) -> ThorDb {
        let oo7 = Arc::new(Oo7Database::generate(&Oo7Params::thor0(size), seed));
        let refs = References::of(&oo7);
        let kinds = kinds(&oo7);
        let layout = layout(&oo7);
        ThorDb { oo7, refs, kinds, layout }
    }

    /// The database of `size` and `seed`, generated once and shared while another run holds it.
    pub fn shared(size: Oo7Size, seed: u64) -> Arc<ThorDb> {
        type Kept = Vec<((Oo7Size, u64), Arc<ThorDb>)>;
        static LAST: Mutex<Kept> = Mutex::new(Vec::new());
        let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, db)) = last.iter().find(|(k, _)| *k == (size, seed)) {
            return db.clone();
        }
        let db = Arc::new(ThorDb::generate(size, seed));
        // Keep the two most recent: a sweep alternates at most between a small and a medium one.
        last.push(((size, seed), db.clone()));
        if last.len() > 2 {
            last.remove(0);
        }
        db
    }

    pub fn bytes(&self, x: u32) -> u32 {
        u32::from(self.oo7.objects[x as usize].bytes)
    }

    pub fn kind(&self, x: u32) -> Kind {
        self.kinds[x as usize]
    }
}

/// The segments (`Oo7Database::pages`): objects fill them in creation order (spec B4).
fn layout(db: &Oo7Database) -> Layout {
    let mut first = Vec::with_capacity(db.pages as usize + 1);
    for (x, o) in db.objects.iter().enumerate() {
        while first.len() <= o.page as usize {
            first.push(x as u32);
        }
    }
    first.push(db.objects.len() as u32);
    Layout::Listed { first: first.into(), bytes: db.objects.iter().map(|o| o.bytes).collect() }
}

fn kinds(db: &Oo7Database) -> Vec<Kind> {
    let mut kinds = vec![Kind::Manual; db.objects.len()];
    let parts = db.atomic_per_composite();
    for (c, layout) in db.composites.iter().enumerate() {
        kinds[layout.document as usize] = Kind::Document;
        for piece in db.document_pieces(c as u32) {
            kinds[piece as usize] = Kind::Document;
        }
        kinds[layout.composite as usize] = Kind::CompositePart;
        for j in 0..parts {
            let part = db.part(c as u32, j) as usize;
            kinds[part..part + 4].copy_from_slice(&[Kind::AtomicPart, Kind::Outgoing, Kind::Incoming, Kind::PartType]);
            for k in 0..3 {
                let connection = db.connection(c as u32, j, k) as usize;
                kinds[connection..connection + 2].copy_from_slice(&[Kind::Connection, Kind::ConnectionType]);
            }
        }
    }
    kinds[db.module as usize] = Kind::Module;
    for a in &db.assemblies {
        kinds[a.object as usize] = Kind::Assembly;
        kinds[a.children_array as usize] = Kind::Children;
    }
    kinds
}
