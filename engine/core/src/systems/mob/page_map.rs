//! The page map (thesis §2.8, §3.2.1): page id → disk address of the page. It is always in
//! memory. Under the read-optimized layout every page has a fixed home, laid out contiguously in
//! page order from cylinder 0 (spec §2.2). The write-optimized layout keeps its own map, of each
//! page's current header (`wo::space`).
use super::database::Database;

#[derive(Clone, Debug)]
pub struct PageMap {
    addr: Vec<u64>,
}

impl PageMap {
    pub fn new(db: &Database) -> PageMap {
        PageMap { addr: (0..db.pages as u64).map(|p| p * db.page_bytes).collect() }
    }

    pub fn addr(&self, pid: u32) -> u64 {
        self.addr[pid as usize]
    }
}
