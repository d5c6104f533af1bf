//! Every object's references, in the order of its fields [CDN94]: what swizzling an object
//! turns into pointers (Liskov et al. §5.1, node marking) and what a copying collector follows.
//! Only the references the generator lays out objects for are listed: a composite part's
//! `usedIn` sets have no objects of their own here.
use super::{Oo7Database, CONNECTIONS_PER_PART};

/// The references of every object, compressed: object x refers to `targets[offsets[x]..offsets[x + 1]]`.
#[derive(Clone, Debug)]
pub struct References {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl References {
    /// The references of `db`'s objects.
    pub fn of(db: &Oo7Database) -> References {
        let n = db.objects.len();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        let parts = db.atomic_per_composite();
        for (c, layout) in db.composites.iter().enumerate() {
            let c = c as u32;
            // The document's root refers to its pieces.
            lists[layout.document as usize].extend(db.document_pieces(c));
            lists[layout.composite as usize].extend([layout.document, layout.parts]);
            for j in 0..parts {
                let part = db.part(c, j);
                // type, partOf, to, from.
                lists[part as usize].extend([part + 3, layout.composite, part + 1, part + 2]);
                for k in 0..CONNECTIONS_PER_PART {
                    let connection = db.connection(c, j, k);
                    let target = db.part(c, db.target(c, j, k));
                    lists[(part + 1) as usize].push(connection);
                    lists[(target + 2) as usize].push(connection);
                    // type, from, to.
                    lists[connection as usize].extend([connection + 1, part, target]);
                }
            }
        }
        let design_root = db.assemblies[0].object;
        // The manual's root follows the module; its pieces follow the root, up to the design root.
        let manual = db.module + 1;
        lists[db.module as usize].extend([manual, design_root]);
        lists[manual as usize].extend(manual + 1..design_root);
        for a in &db.assemblies {
            lists[a.object as usize].extend([a.children_array, db.module]);
            let children = a.children.iter().map(|&child| {
                if a.base {
                    db.composites[child as usize].composite
                } else {
                    db.assemblies[child as usize].object
                }
            });
            lists[a.children_array as usize].extend(children);
            if !a.base {
                for &child in &a.children {
                    // superAssembly.
                    lists[db.assemblies[child as usize].object as usize].push(a.object);
                }
            }
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        offsets.push(0);
        for l in &lists {
            targets.extend_from_slice(l);
            offsets.push(targets.len() as u32);
        }
        References { offsets, targets }
    }

    /// The objects `x` refers to.
    pub fn of_object(&self, x: u32) -> &[u32] {
        &self.targets[self.offsets[x as usize] as usize..self.offsets[x as usize + 1] as usize]
    }
}
