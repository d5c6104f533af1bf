//! The thesis's OO7 workload (Chapter 6, §6.3.1–§6.3.5, Table 6.1; spec 000 §7.2–§7.3): the
//! database is `modules` OO7 small modules laid out one after another in creation order, each its
//! library of 500 composite parts of 123 objects and then its 1093 assemblies (a complete 3-ary
//! tree of 7 levels whose 729 leaves each name 3 composite parts chosen at random). A traversal is
//! one transaction: a random path from the module's root to a leaf (7 assemblies), then one of the
//! leaf's composite parts depth-first, all 123 of its objects. Client i directs 90% of its
//! traversals to its own module and the rest uniformly to the others (§6.3.3).
use super::config::{Oo7, Oo7Writes};
use super::workload::Access;
use crate::kernel::rng::Rng;
use crate::workload::oo7::{COMPOSITES_PER_BASE, COMPOSITE_PARTS, FAN_OUT, LEVELS};

/// Objects per composite part (Table 6.1: "atomic parts, in-lists, out-lists, connection
/// objects, etc."). Laid out as the composite part, its document and its set of parts, then each
/// atomic part followed by its out-list, its in-list and its three outgoing connections.
pub const OBJECTS_PER_COMPOSITE: u32 = 123;
/// Atomic parts per composite part (Table 6.1, OO7 small).
pub const ATOMIC_PARTS: u32 = 20;
const HEAD_OBJECTS: u32 = 3;
const PART_STRIDE: u32 = 6;
/// Assemblies per module: 1 + 3 + … + 3⁶ = 1093 (Table 6.1), of which 3⁶ = 729 are leaves.
pub const ASSEMBLIES: u32 = (FAN_OUT.pow(LEVELS) - 1) / (FAN_OUT - 1);
const LEAVES: u32 = FAN_OUT.pow(LEVELS - 1);
/// Objects per module (Table 6.1: "≈ 64,000").
pub const MODULE_OBJECTS: u32 = COMPOSITE_PARTS * OBJECTS_PER_COMPOSITE + ASSEMBLIES;
/// Objects a fetch reply carries at most (§6.2.1: the breadth-first search stops after 32).
pub const PREFETCH: usize = 32;
/// The random stream that chose each leaf's composite parts when the database was built: a
/// property of the database, the same in every run.
const LAYOUT_STREAM: u64 = 0x006f_6f37;

/// The database's objects under the OO7 workload.
pub fn objects(modules: u32) -> u64 {
    u64::from(modules) * u64::from(MODULE_OBJECTS)
}

/// Atomic part `j` of a composite part, as an offset among its objects.
pub fn atomic_part(j: u32) -> u32 {
    HEAD_OBJECTS + PART_STRIDE * j
}

#[derive(Clone, Debug)]
pub struct Oo7Workload {
    modules: u32,
    clients: u32,
    own_module_frac: f64,
    writes: Oo7Writes,
}

impl Oo7Workload {
    pub fn new(c: &Oo7, clients: u32) -> Oo7Workload {
        Oo7Workload { modules: c.modules, clients, own_module_frac: c.own_module_frac, writes: c.writes }
    }

    /// Client i's own module (§6.3.3; clients beyond the modules share them round robin).
    pub fn own_module(&self, client: u32) -> u32 {
        client % self.modules
    }

    /// The module a traversal goes to: the client's own with probability `own_module_frac`,
    /// otherwise one of the others uniformly.
    fn module(&self, client: u32, rng: &mut Rng) -> u32 {
        let own = self.own_module(client);
        if self.modules == 1 || rng.chance(self.own_module_frac) {
            return own;
        }
        let other = rng.below(self.modules - 1);
        if other < own {
            other
        } else {
            other + 1
        }
    }

    /// Whether some client's traversals favour `module`: the "warm" area of the MOB's views.
    pub fn is_own(&self, module: u32) -> bool {
        module < self.clients.min(self.modules)
    }

    pub fn module_of(oid: u32) -> u32 {
        oid / MODULE_OBJECTS
    }

    /// Replace `out` with one traversal's accesses (§6.3.3): the path of assemblies, then the
    /// composite part's objects in order, its atomic parts modified as `writes` says with
    /// probability `write_prob` (§6.3.5: a write traversal modifies all 20; a random traversal
    /// each with probability p = w).
    pub fn transaction(&self, client: u32, write_prob: f64, rng: &mut Rng, out: &mut Vec<Access>) {
        out.clear();
        let module = self.module(client, rng);
        let base = module * MODULE_OBJECTS;
        let assemblies = base + COMPOSITE_PARTS * OBJECTS_PER_COMPOSITE;
        // Level-order numbering: level l starts at (3^l − 1) / 2.
        let mut index = 0;
        for level in 0..LEVELS {
            if level > 0 {
                index = index * FAN_OUT + rng.below(FAN_OUT);
            }
            let first = (FAN_OUT.pow(level) - 1) / (FAN_OUT - 1);
            out.push(Access { oid: assemblies + first + index, write: false, cached: false });
        }
        let composite = leaf_composite(module, index, rng.below(COMPOSITES_PER_BASE));
        debug_assert!(out.last().is_some_and(|a| a.oid - assemblies == ASSEMBLIES - LEAVES + index));
        let first = base + composite * OBJECTS_PER_COMPOSITE;
        out.extend((0..OBJECTS_PER_COMPOSITE).map(|i| Access { oid: first + i, write: false, cached: false }));
        let parts = &mut out[LEVELS as usize..];
        let writes = match self.writes {
            Oo7Writes::Clustered => write_prob > 0.0 && rng.chance(write_prob),
            Oo7Writes::Random => false,
        };
        for j in 0..ATOMIC_PARTS {
            let a = &mut parts[atomic_part(j) as usize];
            a.write = match self.writes {
                Oo7Writes::Clustered => writes,
                Oo7Writes::Random => write_prob > 0.0 && rng.chance(write_prob),
            };
        }
    }
}

/// The objects a fetch of `oid` prefetches, at most `limit` (§6.2.1: "a breadth-first search of
/// the pointer graph from the requested object, stopping after 32 objects"), the requested one
/// first; the server then sends those already in its memory. An assembly's children are the
/// assemblies below it, a base assembly's its composite parts; inside a composite part the walk
/// takes the objects the depth-first traversal visits next, in layout order, up to its end.
pub fn prefetch(oid: u32, limit: usize, out: &mut Vec<u32>) {
    out.clear();
    let module = oid / MODULE_OBJECTS;
    let base = module * MODULE_OBJECTS;
    let library = COMPOSITE_PARTS * OBJECTS_PER_COMPOSITE;
    let local = oid - base;
    if local < library {
        let end = (local / OBJECTS_PER_COMPOSITE + 1) * OBJECTS_PER_COMPOSITE;
        out.extend((local..end).take(limit).map(|o| base + o));
        return;
    }
    let leaves = ASSEMBLIES - LEAVES;
    let mut queue = std::collections::VecDeque::from([local - library]);
    while let Some(x) = queue.pop_front() {
        if out.len() == limit {
            break;
        }
        if x >= ASSEMBLIES {
            // A composite part named by a base assembly: its first object.
            out.push(base + (x - ASSEMBLIES) * OBJECTS_PER_COMPOSITE);
            continue;
        }
        out.push(base + library + x);
        if x < leaves {
            queue.extend((1..=FAN_OUT).map(|c| FAN_OUT * x + c));
        } else {
            let parts = (0..COMPOSITES_PER_BASE).map(|j| ASSEMBLIES + leaf_composite(module, x - leaves, j));
            queue.extend(parts);
        }
    }
}

/// The `j`-th composite part leaf `leaf` of `module` names: one of the module's 500 chosen at
/// random when the database was built (Table 6.1).
fn leaf_composite(module: u32, leaf: u32, j: u32) -> u32 {
    debug_assert!(leaf < LEAVES && j < COMPOSITES_PER_BASE);
    let key = (u64::from(module) * u64::from(LEAVES) + u64::from(leaf)) * u64::from(COMPOSITES_PER_BASE) + u64::from(j);
    Rng::stream(key, LAYOUT_STREAM).below(COMPOSITE_PARTS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workload(writes: Oo7Writes) -> Oo7Workload {
        Oo7Workload::new(&Oo7 { writes, ..Oo7::default() }, 1)
    }

    #[test]
    fn table_6_1_counts() {
        assert_eq!(ASSEMBLIES, 1093);
        assert_eq!(LEAVES, 729);
        assert_eq!(MODULE_OBJECTS, 62_593);
        assert_eq!(objects(20), 1_251_860);
        assert_eq!(atomic_part(ATOMIC_PARTS - 1) + PART_STRIDE, OBJECTS_PER_COMPOSITE);
    }

    #[test]
    fn a_traversal_walks_a_path_to_a_leaf_then_a_whole_composite_part() {
        let w = workload(Oo7Writes::Clustered);
        let mut rng = Rng::stream(1, 0);
        let mut out = Vec::new();
        for _ in 0..200 {
            w.transaction(0, 0.0, &mut rng, &mut out);
            assert_eq!(out.len(), (LEVELS + OBJECTS_PER_COMPOSITE) as usize);
            let module = Oo7Workload::module_of(out[0].oid);
            let assemblies = module * MODULE_OBJECTS + COMPOSITE_PARTS * OBJECTS_PER_COMPOSITE;
            assert_eq!(out[0].oid, assemblies, "the root");
            // Each assembly is a child of the one before it.
            for l in 1..LEVELS as usize {
                let (parent, child) = (out[l - 1].oid - assemblies, out[l].oid - assemblies);
                assert_eq!((child - 1) / FAN_OUT, parent);
            }
            let first = out[LEVELS as usize].oid - module * MODULE_OBJECTS;
            assert_eq!(first % OBJECTS_PER_COMPOSITE, 0);
            assert!(out.iter().all(|a| !a.write));
        }
    }

    #[test]
    fn a_fetch_prefetches_breadth_first_down_the_assemblies_and_along_a_composite_part() {
        let mut out = Vec::new();
        let base = 3 * MODULE_OBJECTS;
        let assemblies = base + COMPOSITE_PARTS * OBJECTS_PER_COMPOSITE;
        prefetch(assemblies, 32, &mut out);
        // The root, its 3 children, 9 grandchildren and the first 19 of level 3, level order.
        assert_eq!(out, (0..32).map(|x| assemblies + x).collect::<Vec<_>>());
        // From a base assembly: itself, then the first objects of its 3 composite parts.
        let leaf = ASSEMBLIES - 1;
        prefetch(assemblies + leaf, 32, &mut out);
        assert_eq!(out.len(), 4);
        for &o in &out[1..] {
            assert_eq!((o - base) % OBJECTS_PER_COMPOSITE, 0);
        }
        // Inside a composite part: the next objects, never past its end.
        let part = base + 7 * OBJECTS_PER_COMPOSITE;
        prefetch(part + 100, 32, &mut out);
        assert_eq!(out, (100..123).map(|i| part + i).collect::<Vec<_>>());
        prefetch(part, 32, &mut out);
        assert_eq!(out, (0..32).map(|i| part + i).collect::<Vec<_>>());
    }

    #[test]
    fn ninety_percent_of_traversals_go_to_the_clients_own_module() {
        let w = Oo7Workload::new(&Oo7::default(), 20);
        let mut rng = Rng::stream(2, 0);
        let mut out = Vec::new();
        let mut own = 0;
        let mut seen = [false; 20];
        for _ in 0..10_000 {
            w.transaction(7, 0.0, &mut rng, &mut out);
            let m = Oo7Workload::module_of(out[0].oid);
            seen[m as usize] = true;
            own += u32::from(m == 7);
        }
        assert!((8_850..=9_150).contains(&own), "{own}");
        assert!(seen.iter().all(|&s| s), "every other module is visited");
    }

    #[test]
    fn a_write_traversal_modifies_all_20_atomic_parts_and_a_random_one_each_with_p() {
        let mut rng = Rng::stream(3, 0);
        let mut out = Vec::new();
        let clustered = workload(Oo7Writes::Clustered);
        let (mut write_traversals, mut random_writes) = (0, 0);
        for _ in 0..2_000 {
            clustered.transaction(0, 0.25, &mut rng, &mut out);
            let n = out.iter().filter(|a| a.write).count();
            assert!(n == 0 || n == ATOMIC_PARTS as usize, "{n}");
            write_traversals += usize::from(n > 0);
            // The modified objects are the atomic parts.
            for (i, a) in out[LEVELS as usize..].iter().enumerate() {
                assert!(!a.write || (i as u32 >= HEAD_OBJECTS && (i as u32 - HEAD_OBJECTS).is_multiple_of(PART_STRIDE)));
            }
            workload(Oo7Writes::Random).transaction(0, 0.25, &mut rng, &mut out);
            random_writes += out.iter().filter(|a| a.write).count();
        }
        assert!((450..=550).contains(&write_traversals), "{write_traversals}");
        // 2000 traversals × 20 parts × 0.25 = 10,000 expected.
        assert!((9_500..=10_500).contains(&random_writes), "{random_writes}");
    }
}
