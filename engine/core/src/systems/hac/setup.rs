//! What a HAC run builds before it starts (`prepared`): the OO7 database, the traversal's page
//! use, and the server's cache warmed by an earlier run of the traversal (spec A20).
use std::sync::{Arc, Mutex};

use crate::components::page_cache::{PageCache, PageState};
use crate::workload::oo7::{Footprint, Oo7Database, Oo7Params, Traversal, TraversalKind};

/// What a run needs before it starts, the same for every run of one database, traversal and
/// server cache: the generated database, the traversal's page use, and the server's cache warmed
/// by an earlier run of the traversal (spec A20). Kept for the next run, since a sweep or the
/// lab's restarts build many runs of one database.
#[derive(Clone)]
pub(super) struct Prepared {
    key: (Oo7Params, u64, TraversalKind, usize),
    pub db: Arc<Oo7Database>,
    pub page_use: f64,
    pub server: PageCache,
}

pub(super) fn prepared(params: Oo7Params, seed: u64, kind: TraversalKind, server_pages: usize) -> Prepared {
    static LAST: Mutex<Option<Prepared>> = Mutex::new(None);
    let key = (params, seed, kind, server_pages);
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = last.as_ref().filter(|p| p.key == key) {
        return p.clone();
    }
    let db = match last.as_ref().filter(|p| p.key.0 == key.0 && p.key.1 == seed) {
        Some(p) => p.db.clone(),
        None => Arc::new(Oo7Database::generate(&key.0, seed)),
    };
    let mut server = PageCache::new(server_pages, db.pages);
    if server_pages > 0 {
        for a in Traversal::new(&*db, kind) {
            let page = db.objects[a.object as usize].page;
            match server.state(page) {
                PageState::Absent => {
                    let _ = server.reserve(page);
                    server.validate(page);
                    server.unpin(page);
                }
                _ => server.touch(page),
            }
        }
    }
    let p = Prepared { page_use: Footprint::of(&db, kind).page_use_bytes, db, server, key };
    *last = Some(p.clone());
    p
}
