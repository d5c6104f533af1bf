//! The baselines' caches as frames (issue 24, item 4). FPC's, QuickStore's and GOM's page
//! buffer's frames hold whole pages: each object used since its page arrived is shown as used
//! (for FPC, installed: lazy installation), the rest as the page's unused part. QuickStore's
//! frames carry CLOCK's reference bits. GOM's object buffer follows its page buffer, drawn in
//! page-sized rows.
use super::baselines::page_frames::PageFrames;
use super::cache::{FrameUsage, Pages};
use super::steps::ObjectView;
use super::view::{FrameRow, FrameRows, ObjectRows, KIND_FREE, KIND_INTACT, KIND_OBJECT_BUFFER, OBJECT_ROWS};
use super::{Cache, HacSystem};

/// The rows of a baseline's cache (nothing for HAC) and the objects of those shown in detail:
/// every frame when they hold at most OBJECT_ROWS objects, else none (bars then show the share
/// used), so a large cache costs a row a frame, not one an object.
pub fn page_cache_rows(sim: &HacSystem, rows: &mut FrameRows, detail: &mut ObjectRows) {
    let no = |_| false;
    let (placed, pages, modified, buffer): (&PageFrames, &Pages, &dyn Fn(u32) -> bool, _) = match &sim.cache {
        Cache::Hac(_) => return,
        Cache::Fpc(c) => (&c.placed, c.pages(), &|o| c.modified(o), Vec::new()),
        Cache::QuickStore(c) => (&c.placed, c.pages(), &no, Vec::new()),
        Cache::Gom(c) => {
            let n = sim.frames.saturating_sub(c.placed.frames());
            (&c.placed, c.pages(), &no, object_buffer(c.object_buffer(), c.pages(), sim.db.params.page_bytes, n))
        }
    };
    let referenced = |f: u32| matches!(&sim.cache, Cache::QuickStore(q) if q.referenced(f));
    let size = |f| placed.page_in(f).map_or(0, |p| pages.objects(p).len());
    let total = (0..placed.frames()).map(size).sum::<usize>() + buffer.iter().map(Vec::len).sum::<usize>();
    let all = total <= OBJECT_ROWS;
    for f in 0..placed.frames() {
        let Some(page) = placed.page_in(f) else {
            rows.add(row(KIND_FREE, u32::MAX, 0, 0, 0, all, false));
            continue;
        };
        let range = pages.objects(page);
        let used = range.clone().last().map_or(0, |o| pages.layout(o).0 + pages.layout(o).1);
        let (n, installed) = (range.len() as u32, placed.used_in(page));
        rows.add(row(KIND_INTACT, page, used, n, installed, all, referenced(f)));
        if all {
            let objects: Vec<ObjectView> = range
                .map(|object| {
                    let (offset, bytes) = pages.layout(object);
                    ObjectView { object, offset, bytes, usage: 0, installed: placed.used(object), modified: modified(object) }
                })
                .collect();
            detail.push(f, &objects);
        }
    }
    for (k, objects) in buffer.iter().enumerate() {
        let (n, used) = (objects.len() as u32, objects.iter().map(|o| o.bytes).sum());
        rows.add(row(KIND_OBJECT_BUFFER, u32::MAX, used, n, n, all, false));
        if all {
            detail.push(placed.frames() + k as u32, objects);
        }
    }
}

/// A page cache's row: no threshold, H the share of objects used, nothing pinned or incoming.
fn row(kind: u8, page: u32, used: u32, objects: u32, installed: u32, detail: bool, referenced: bool) -> FrameRow {
    let usage = FrameUsage { t: 0, hot: installed, objects };
    FrameRow { kind, page, used, objects, installed, usage, pinned: false, detail, incoming: false, referenced }
}

/// GOM's object buffer in `rows` rows of `row_bytes`: its objects largest block first (least
/// recently used first among equals), each at its block's place. The model counts the buddy
/// system's bytes, not where blocks lie (§4.2.4), so this packing is the picture's: blocks are
/// powers of two, so largest first fills each row before the next.
fn object_buffer(objects: impl Iterator<Item = (u32, u64)>, pages: &Pages, row_bytes: u32, rows: u32) -> Vec<Vec<ObjectView>> {
    let mut blocks: Vec<(u32, u64)> = objects.collect();
    blocks.sort_by_key(|&(_, block)| std::cmp::Reverse(block));
    let mut out: Vec<Vec<ObjectView>> = vec![Vec::new(); rows as usize];
    let (mut row, mut at) = (0usize, 0u64);
    for (object, block) in blocks {
        if at > 0 && at + block > row_bytes as u64 {
            (row, at) = (row + 1, 0);
        }
        let Some(r) = out.get_mut(row) else { break };
        let bytes = pages.layout(object).1;
        r.push(ObjectView { object, offset: at as u32, bytes, usage: 0, installed: true, modified: false });
        at += block;
    }
    out
}
