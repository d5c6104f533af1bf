//! Where each page's copies are (thesis §4.1.3, spec 004 §2.5): the owner's directory of holders
//! (a copy on its way counts), and the copies in the servers' pools and on the wire, which decide
//! whether each copy is a duplicate or the only one in the cluster's memory.
use super::pool::Resident;
use super::GlobalSystem;

impl GlobalSystem {
    /// Whether two copies of `page` or more are in the cluster's memory (§4.1.3): copies in
    /// pools, and copies shipped and on their way to one (a holder marks its copy a duplicate as
    /// it ships it, §4.1.3). Exact here: the thesis's states may lag a few milliseconds (spec
    /// §2.5; docs/models.md).
    pub fn dup(&self, page: u32) -> bool {
        self.central.is_none() && self.resident[page as usize].count_ones() + u32::from(self.shipped[page as usize]) >= 2
    }

    /// Server `node` holds `page` now (a copy on its way to it counts), or no longer: the owner's
    /// directory (spec §2.4).
    pub(super) fn hold(&mut self, page: u32, node: u16) {
        self.holders[page as usize] |= 1 << node;
    }

    pub(super) fn unhold(&mut self, page: u32, node: u16) {
        self.holders[page as usize] &= !(1 << node);
    }

    /// A copy of `page` put in `node`'s pool, or taken out, or shipped (`+1`) or arrived (`-1`):
    /// when the page turns from the only copy to one of several, or back, every copy in a pool
    /// changes state (spec §2.5's rules 1 and 2).
    pub(super) fn insert_copy(&mut self, node: u16, page: u32, r: Resident) {
        let was = self.dup(page);
        self.resident[page as usize] |= 1 << node;
        let dup = self.dup(page);
        self.nodes[node as usize].pool.insert(page, Resident { dup, ..r });
        self.restate(page, was);
    }

    pub(super) fn remove_copy(&mut self, node: u16, page: u32) -> Option<Resident> {
        let was = self.dup(page);
        let r = self.nodes[node as usize].pool.remove(page)?;
        self.resident[page as usize] &= !(1 << node);
        if self.writer[page as usize] == node {
            self.writer[page as usize] = super::locks::NO_WRITER;
        }
        self.restate(page, was);
        Some(r)
    }

    pub(super) fn ship(&mut self, page: u32, arrived: bool) {
        let was = self.dup(page);
        let n = &mut self.shipped[page as usize];
        *n = if arrived { *n - 1 } else { *n + 1 };
        self.restate(page, was);
    }

    fn restate(&mut self, page: u32, was: bool) {
        let dup = self.dup(page);
        if dup != was {
            let mut bits = self.resident[page as usize];
            while bits != 0 {
                let n = bits.trailing_zeros() as usize;
                self.nodes[n].pool.set_dup(page, dup);
                bits &= bits - 1;
            }
        }
    }
}
