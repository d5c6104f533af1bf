//! Where each page's copies are (thesis §4.1.3, spec 004 §2.5): the owner's directory of holders
//! (a copy on its way counts), and the copies in the servers' pools and on the wire, which decide
//! whether each copy is a duplicate or the only one in the cluster's memory.
use super::config::DupInfo;
use super::pool::Resident;
use super::GlobalSystem;

impl GlobalSystem {
    /// Whether two copies of `page` or more are in the cluster's memory (§4.1.3): copies in
    /// pools, and copies shipped and on their way to one (a holder marks its copy a duplicate as
    /// it ships it, §4.1.3). The truth: under lazy states a server may still take its copy for a
    /// duplicate after it has become the last (`stale`; spec §2.5; docs/models.md).
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
            let lazy = !dup && self.config.policy.dup_info == DupInfo::Lazy;
            let owner = self.owner(page);
            let mut bits = self.resident[page as usize];
            while bits != 0 {
                let n = bits.trailing_zeros() as u16;
                bits &= bits - 1;
                if lazy && n != owner {
                    // Rule 2, lazily: the owner's word rides on its next message to the holder.
                    self.notices[owner as usize * self.nodes.len() + n as usize].push(page);
                } else {
                    self.nodes[n as usize].pool.set_dup(page, dup);
                }
            }
        }
    }

    /// A message from `from` has reached `to`: the owner's notices that copies there are the last
    /// ones now (spec §2.5 rule 2, piggy-backed), each copy set to what is true by then.
    pub(super) fn deliver_notices(&mut self, from: u16, to: u16) {
        let i = from as usize * self.nodes.len() + to as usize;
        for page in std::mem::take(&mut self.notices[i]) {
            let dup = self.dup(page);
            self.nodes[to as usize].pool.set_dup(page, dup);
        }
    }

    /// Whether server `node` believes its copy of `page` a duplicate while it is the last one, the
    /// owner's word not yet there (lazy duplicate states).
    pub fn stale(&self, node: u16, page: u32) -> bool {
        let i = self.owner(page) as usize * self.nodes.len() + node as usize;
        self.notices[i].contains(&page) && !self.dup(page)
    }
}
