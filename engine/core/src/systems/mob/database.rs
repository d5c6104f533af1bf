//! The database as the thesis builds it (§4.1): an ordered list of equal-size objects cut into
//! pages of consecutive objects. Each page carries a header with one entry per slot, so a 64 KB
//! page holds ⌊65536 / (128 + 8)⌋ = 481 objects, the ceiling Table 4.9 shows (spec §2.2, A3).
use super::config::WorkloadKind;
use super::oo7;
use crate::scenario::Scenario;

pub const MB: f64 = 1048576.0;

#[derive(Clone, Debug)]
pub struct Database {
    pub object_bytes: u32,
    pub page_bytes: u64,
    pub objects_per_page: u32,
    pub pages: u32,
    pub objects: u32,
}

impl Database {
    pub fn new(s: &Scenario) -> Database {
        let d = &s.mob().database;
        let page_bytes = d.page_kb as u64 * 1024;
        let objects_per_page = (page_bytes / (d.object_bytes + d.header_bytes_per_object) as u64) as u32;
        let pages = match s.mob().workload.kind {
            WorkloadKind::Synthetic => (d.size_mb * MB / page_bytes as f64) as u32,
            // Chapter 6: the modules decide the size (Table 6.1: about 100 MB in 3200 pages).
            WorkloadKind::Oo7 => oo7::objects(s.mob().oo7.modules).div_ceil(u64::from(objects_per_page)) as u32,
        };
        Database {
            object_bytes: d.object_bytes,
            page_bytes,
            objects_per_page,
            pages,
            objects: pages * objects_per_page,
        }
    }

    pub fn page_of(&self, oid: u32) -> u32 {
        oid / self.objects_per_page
    }
}
