//! Rules between the HAC system's fields, each problem at the field it names (checked once every
//! field is in its declared range): the cache must hold enough frames to replace, and every OO7
//! object must fit in a page, since none may span two (§2.1).
use super::config::Config;
use crate::scenario::{Problem, Scenario};
use crate::workload::oo7::size;

/// Frames HAC needs: the free frame, the target, and frames to compact.
pub const MIN_FRAMES: u32 = 4;

pub fn problems(c: &Config, _s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    let page = c.database.page_kb * 1024;
    let frames = (c.client.cache_mb * 1_048_576.0 / page as f64) as u64;
    if frames < MIN_FRAMES as u64 {
        problems.push(
            Problem::new(
                "client.cache_mb",
                format!(
                    "{} MB holds {frames} frames of {} KB; the client cache needs at least {MIN_FRAMES} (a free \
                     frame, a target and frames to compact): give at least {:.3} MB",
                    c.client.cache_mb,
                    c.database.page_kb,
                    (MIN_FRAMES * page) as f64 / 1_048_576.0
                ),
            )
            .related(&["database.page_kb"]),
        );
    }
    let room = page - size::PAGE_HEADER - size::OFFSET_ENTRY;
    for (path, bytes) in
        [("database.string_bytes", c.database.string_bytes), ("database.text_piece_bytes", c.database.text_piece_bytes)]
    {
        if bytes > room {
            problems.push(
                Problem::new(path, format!("{bytes} B does not fit in a {} KB page, which holds objects of at most {room} B; no object may span pages (§2.1)", c.database.page_kb))
                    .related(&["database.page_kb"]),
            );
        }
    }
    // The manual is the largest text: its root holds a reference to each piece.
    let oo7 = c.database.oo7();
    let root = size::array(oo7.size.manual_bytes().div_ceil(c.database.text_piece_bytes));
    if root > room {
        problems.push(
            Problem::new(
                "database.text_piece_bytes",
                format!(
                    "the manual's {} B in pieces of {} B need a root of {root} B, more than a {} KB page holds; give larger pieces or pages",
                    oo7.size.manual_bytes(),
                    c.database.text_piece_bytes,
                    c.database.page_kb
                ),
            )
            .related(&["database.page_kb"]),
        );
    }
    problems
}
