//! What a traversal touches, the aggregates HAC §4.1–4.2 states: distinct objects and their mean
//! size (T1: about 500,000 objects of 29 B, §4.2.2), distinct pages (the cold misses of Table 2:
//! 506 for T6, 3,662 for the others), and the fraction of each touched page the traversal uses
//! (§4.1.1: T6 3%, T1− 27%, T1 49%, T1+ 91%).
use super::{size, Access, Oo7Database, Traversal, TraversalKind};

#[derive(Clone, Debug, PartialEq)]
pub struct Footprint {
    pub accesses: u64,
    pub objects: u64,
    pub object_bytes: u64,
    pub pages: u64,
    /// Mean over touched pages of the bytes of its used objects (offset entries included) over
    /// the page's bytes.
    pub page_use_bytes: f64,
    /// Mean over touched pages of its used objects over its objects.
    pub page_use_objects: f64,
}

impl Footprint {
    pub fn of(db: &Oo7Database, kind: TraversalKind) -> Footprint {
        Footprint::of_walk(db, Traversal::new(db, kind))
    }

    /// What the accesses of `walk` touch in `db`.
    pub fn of_walk(db: &Oo7Database, walk: impl IntoIterator<Item = Access>) -> Footprint {
        let mut seen = vec![false; db.objects.len()];
        let mut per_page = vec![(0u32, 0u32); db.pages as usize]; // (objects used, bytes used)
        let mut objects_on = vec![0u32; db.pages as usize];
        for o in &db.objects {
            objects_on[o.page as usize] += 1;
        }
        let (mut accesses, mut objects, mut object_bytes) = (0, 0, 0);
        for a in walk {
            accesses += 1;
            if !std::mem::replace(&mut seen[a.object as usize], true) {
                let o = db.objects[a.object as usize];
                objects += 1;
                object_bytes += o.bytes as u64;
                let p = &mut per_page[o.page as usize];
                p.0 += 1;
                p.1 += o.bytes as u32 + size::OFFSET_ENTRY;
            }
        }
        let touched: Vec<usize> = (0..per_page.len()).filter(|&p| per_page[p].0 > 0).collect();
        let pages = touched.len() as u64;
        let mean = |f: &dyn Fn(usize) -> f64| touched.iter().map(|&p| f(p)).sum::<f64>() / pages.max(1) as f64;
        Footprint {
            accesses,
            objects,
            object_bytes,
            pages,
            page_use_bytes: mean(&|p| per_page[p].1 as f64 / db.params.page_bytes as f64),
            page_use_objects: mean(&|p| per_page[p].0 as f64 / objects_on[p] as f64),
        }
    }

    pub fn mean_object_bytes(&self) -> f64 {
        self.object_bytes as f64 / self.objects.max(1) as f64
    }
}
