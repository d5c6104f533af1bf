//! OO7 traversals driven through a client cache, cold or hot, counting what the paper counts
//! (§4.2): page fetches, and the memory the cache took, frames plus the indirection table at its
//! largest (Figure 5's x axis is "cache size + indirection table", spec A18).
use super::baselines::{fpc::Fpc, gom::Gom, quickstore::QuickStore};
use super::cache::{HacCache, HacParams, Pages};
use super::client_cache::ClientCache;
use crate::workload::oo7::dynamic::{Dynamic, DynamicParams, Mix};
use crate::workload::oo7::{Oo7Database, Oo7Params, Traversal, TraversalKind};

/// A cold traversal starts with an empty client cache; a hot one is measured after the same
/// traversal has run once unmeasured (§4.1.1; spec A20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    Cold,
    Hot,
}

/// The client cache to run.
#[derive(Clone, Debug, PartialEq)]
pub enum Policy {
    Hac(HacParams),
    Fpc,
    QuickStore {
        mapping_fetch_prob: f64,
    },
    /// GOM with this share of the cache as its page buffer.
    Gom {
        page_share: f64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    /// Page fetches of the measured traversal.
    pub fetches: u64,
    pub accesses: u64,
    pub frame_bytes: u64,
    /// The indirection table at its largest, and at the end.
    pub peak_table_bytes: u64,
    pub table_bytes: u64,
}

impl Measured {
    /// Figure 5's x: frames plus the table at its largest.
    pub fn memory_bytes(&self) -> u64 {
        self.frame_bytes + self.peak_table_bytes
    }
}

/// 8 KB frames in `mb` MB.
pub fn frames(mb: f64) -> u32 {
    (mb * 1048576.0 / 8192.0) as u32
}

/// Where each object of `db` lies, for the caches.
pub fn pages_of(db: &Oo7Database) -> Pages {
    Pages::new(db.objects.iter().map(|o| (o.page, o.offset as u32, o.bytes as u32)))
}

/// A cache of `policy` with `frames` frames of `db`'s page size.
pub fn cache(policy: &Policy, frames: u32, db: &Oo7Database, pages: &Pages, seed: u64) -> Box<dyn ClientCache> {
    let page_bytes = db.params.page_bytes;
    match policy {
        Policy::Hac(params) => {
            Box::new(HacCache::new(HacParams { frames, frame_bytes: page_bytes, ..params.clone() }, pages.clone()))
        }
        Policy::Fpc => Box::new(Fpc::new(frames, page_bytes, pages.clone())),
        Policy::QuickStore { mapping_fetch_prob } => {
            Box::new(QuickStore::new(frames, page_bytes, pages.clone(), *mapping_fetch_prob, seed))
        }
        Policy::Gom { page_share } => {
            Box::new(Gom::new(frames as u64 * page_bytes as u64, *page_share, page_bytes, pages.clone()))
        }
    }
}

/// GOM's fetches with its split tuned by hand, as the paper's was for every point (§4.2.4): the
/// fewest over `gom::SPLITS`, and the page-buffer share that gave them.
pub fn gom_tuned(db: &Oo7Database, pages: &Pages, frames: u32, kind: TraversalKind, start: Start) -> (Measured, f64) {
    super::baselines::gom::SPLITS
        .iter()
        .map(|&page_share| {
            (run(db, cache(&Policy::Gom { page_share }, frames, db, pages, 1).as_mut(), kind, start), page_share)
        })
        .min_by_key(|(m, _)| m.fetches)
        .expect("splits to try")
}

/// Runs traversal `kind` over `db` through `cache`, once more first if `start` is hot.
pub fn run(db: &Oo7Database, cache: &mut dyn ClientCache, kind: TraversalKind, start: Start) -> Measured {
    let mut peak = 0;
    let mut walk = |cache: &mut dyn ClientCache| {
        let mut walk = Traversal::new(db, kind);
        let mut accesses = 0;
        while let Some(a) = walk.next() {
            accesses += 1;
            cache.access(a.object, a.write, &|| walk.path_objects().collect());
            peak = peak.max(cache.table_bytes());
        }
        accesses
    };
    if start == Start::Hot {
        walk(cache);
    }
    let before = cache.fetches();
    let accesses = walk(cache);
    Measured {
        fetches: cache.fetches() - before,
        accesses,
        frame_bytes: cache.frame_bytes(),
        peak_table_bytes: peak,
        table_bytes: cache.table_bytes(),
    }
}

/// The fewest frames with which `policy` runs hot `kind` without a miss, searched by bisection
/// (misses fall as the cache grows), between 2 and the pages the traversal touches.
pub fn zero_miss_frames(db: &Oo7Database, pages: &Pages, policy: &Policy, kind: TraversalKind) -> (u32, Measured) {
    let hot = |frames: u32| run(db, cache(policy, frames, db, pages, 1).as_mut(), kind, Start::Hot);
    let mut hi = crate::workload::oo7::Footprint::of(db, kind).pages as u32 + 1;
    let mut at_hi = hot(hi);
    assert_eq!(at_hi.fetches, 0, "a cache of every page the traversal touches never misses when hot");
    let mut lo = 2;
    while lo < hi {
        let mid = (lo + hi) / 2;
        let m = hot(mid);
        if m.fetches == 0 {
            (hi, at_hi) = (mid, m);
        } else {
            lo = mid + 1;
        }
    }
    (hi, at_hi)
}

/// Two medium databases for the dynamic traversals (§4.1.1), and where both's objects lie.
fn two_medium() -> &'static (Oo7Database, Oo7Database, Pages) {
    static DBS: std::sync::OnceLock<(Oo7Database, Oo7Database, Pages)> = std::sync::OnceLock::new();
    DBS.get_or_init(|| {
        let (a, b) = (Oo7Database::generate(&Oo7Params::default(), 1), Oo7Database::generate(&Oo7Params::default(), 2));
        let place = |db: &Oo7Database, first_page: u32| {
            db.objects.iter().map(move |o| (o.page + first_page, o.offset as u32, o.bytes as u32)).collect::<Vec<_>>()
        };
        let pages = Pages::new(place(&a, 0).into_iter().chain(place(&b, a.pages)));
        (a, b, pages)
    })
}

/// Misses of the last 5,000 of the dynamic traversal's 7,500 operations (§4.1.1).
pub fn dynamic_misses(policy: &Policy, mb: f64, mix: Mix) -> u64 {
    let (a, b, pages) = two_medium();
    let mut c = cache(policy, frames(mb), a, pages, 1);
    let mut walk = Dynamic::new([a, b], DynamicParams { mix, ..DynamicParams::default() }, 1);
    let mut before = None;
    while let Some(access) = walk.next() {
        if before.is_none() && walk.operation > 2500 {
            before = Some(c.fetches());
        }
        c.access(access.object, access.write, &Vec::new);
    }
    c.fetches() - before.unwrap_or(0)
}
