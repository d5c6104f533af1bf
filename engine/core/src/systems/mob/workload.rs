//! The simulator workload of thesis §4.1: transactions of clustered accesses, skewed towards a
//! per-client hot area, with the probabilistic client cache of §4.2.1; or Chapter 6's OO7
//! traversals (`oo7.rs`).
use super::config::{HitMode, WorkloadKind};
use super::database::{Database, MB};
use super::oo7::Oo7Workload;
use crate::kernel::rng::Rng;
use crate::scenario::Scenario;

/// Where an object lies (§4.1.2): the shared hot area, the union of the private areas ("warm"),
/// or the rest ("cold").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    Hot = 0,
    Warm = 1,
    Cold = 2,
}

/// One object access of a transaction, decided when the transaction starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub oid: u32,
    pub write: bool,
    /// The client-cache draw: the object is cached at the client (or, once a fetch reply earlier
    /// in the transaction brought it, is there now).
    pub cached: bool,
}

/// Where the clients' transactions come from.
#[derive(Clone, Debug)]
pub enum Workload {
    Synthetic(SyntheticWorkload),
    Oo7(Oo7Workload),
}

impl Workload {
    pub fn new(s: &Scenario, db: &Database) -> Workload {
        let m = s.mob();
        match m.workload.kind {
            WorkloadKind::Synthetic => Workload::Synthetic(SyntheticWorkload::new(s, db)),
            WorkloadKind::Oo7 => Workload::Oo7(Oo7Workload::new(&m.oo7, m.client.count)),
        }
    }

    /// Replace `out` with one transaction's accesses. Under OO7 `cached` is left false: the
    /// client's own cache decides it.
    pub fn transaction(
        &self,
        client: u32,
        write_prob: f64,
        rng: &mut Rng,
        out: &mut Vec<Access>,
        picked: &mut Vec<u64>,
    ) {
        match self {
            Workload::Synthetic(w) => w.transaction(client, write_prob, rng, out, picked),
            Workload::Oo7(w) => w.transaction(client, write_prob, rng, out),
        }
    }

    /// The area an object lies in; under OO7 the modules some client favours are warm and the
    /// rest cold.
    pub fn area_of(&self, oid: u32) -> Area {
        match self {
            Workload::Synthetic(w) => w.area_of(oid),
            Workload::Oo7(w) if w.is_own(Oo7Workload::module_of(oid)) => Area::Warm,
            Workload::Oo7(_) => Area::Cold,
        }
    }
}

#[derive(Clone, Debug)]
pub struct SyntheticWorkload {
    objects: u32,
    objects_per_page: u32,
    /// Objects in the shared hot area, and in each private area (each half of the hot area).
    half_hot: u32,
    clients: u32,
    txn_len: u32,
    cluster_len: u32,
    cluster_region: u32,
    hot_frac: f64,
    hit_mode: HitMode,
    hot_hit: f64,
    cold_hit: f64,
}

impl SyntheticWorkload {
    pub fn new(s: &Scenario, db: &Database) -> SyntheticWorkload {
        let w = &s.mob().workload;
        let hot_bytes = w.hot_area_mb * MB;
        let half_hot = (hot_bytes / 2.0 / db.object_bytes as f64) as u32;
        // §4.2.1 with max and min swapped back (spec A1): the printed formulas always give a hot
        // hit ratio ≥ 1 and a cold one ≤ 0.
        let cache = s.mob().client.cache_mb;
        let cold = s.mob().database.size_mb - w.hot_area_mb;
        let hot_hit = if w.hot_area_mb > 0.0 { (cache / w.hot_area_mb).min(1.0) } else { 1.0 };
        let cold_hit = if cold > 0.0 { ((cache - w.hot_area_mb) / cold).clamp(0.0, 1.0) } else { 1.0 };
        SyntheticWorkload {
            objects: db.objects,
            objects_per_page: db.objects_per_page,
            half_hot,
            clients: s.mob().client.count,
            txn_len: w.txn_len,
            cluster_len: w.cluster_len,
            cluster_region: w.cluster_region,
            hot_frac: w.hot_frac,
            hit_mode: s.mob().client.hit_mode,
            hot_hit,
            cold_hit,
        }
    }

    /// Spec A5: the ordered list holds the shared area, then private areas 0..N−1, then the rest.
    pub fn area_of(&self, oid: u32) -> Area {
        if oid < self.half_hot {
            Area::Hot
        } else if oid < self.half_hot * (self.clients + 1) {
            Area::Warm
        } else {
            Area::Cold
        }
    }

    /// The client-cache hit ratios (hot, cold) of §4.2.1.
    pub fn hit_ratios(&self) -> (f64, f64) {
        (self.hot_hit, self.cold_hit)
    }

    /// First object of a clustered access: uniform over the client's 6 MB hot area (shared half
    /// plus its private half, spec §2.3), or uniform over the cold range, which is the whole
    /// database minus this client's hot area (spec A6). Returns (oid, hot?).
    fn initial_object(&self, client: u32, rng: &mut Rng) -> (u32, bool) {
        let (s, n) = (self.half_hot, self.objects);
        if s > 0 && rng.chance(self.hot_frac) {
            let x = rng.below(2 * s);
            let oid = if x < s { x } else { s * (client + 1) + (x - s) };
            (oid, true)
        } else {
            let own_private = s * (client + 1);
            let y = rng.below(n - 2 * s);
            let oid = if s + y < own_private { s + y } else { s + y + s };
            (oid, false)
        }
    }

    /// Replace `out` with one transaction's accesses: ⌈txn_len / cluster_len⌉ clustered
    /// accesses, the last one truncated (spec A26). `picked` is scratch space.
    pub fn transaction(
        &self,
        client: u32,
        write_prob: f64,
        rng: &mut Rng,
        out: &mut Vec<Access>,
        picked: &mut Vec<u64>,
    ) {
        out.clear();
        let mut left = self.txn_len;
        while left > 0 {
            let len = left.min(self.cluster_len);
            self.clustered_access(client, len, write_prob, rng, out, picked);
            left -= len;
        }
    }

    /// §4.1.1: an initial object, then `len − 1` distinct others drawn uniformly from the
    /// `cluster_region` list positions centred on it ([x − r/2, x + r/2 − 1], shifted to stay inside
    /// the database; spec A4), sampled without replacement by Floyd's algorithm.
    fn clustered_access(
        &self,
        client: u32,
        len: u32,
        write_prob: f64,
        rng: &mut Rng,
        out: &mut Vec<Access>,
        picked: &mut Vec<u64>,
    ) {
        let (x, hot) = self.initial_object(client, rng);
        let region = self.cluster_region.min(self.objects);
        let lo = x.saturating_sub(region / 2).min(self.objects - region);
        let start = out.len();
        out.push(Access { oid: x, write: false, cached: false });
        // Floyd: k distinct indices from the m = region − 1 positions other than x.
        let (m, k) = (region - 1, len - 1);
        picked.clear();
        picked.resize(region as usize / 64 + 1, 0);
        for j in m - k..m {
            let t = rng.below(j + 1);
            let pick = if picked[t as usize / 64] >> (t % 64) & 1 == 1 { j } else { t };
            picked[pick as usize / 64] |= 1 << (pick % 64);
            out.push(Access { oid: position(lo, x, pick), write: false, cached: false });
        }
        let hit = if hot { self.hot_hit } else { self.cold_hit };
        let mut page_draws: Vec<(u32, bool)> = Vec::new();
        let whole = matches!(self.hit_mode, HitMode::PerClusteredAccess).then(|| draw(hit, rng));
        for a in &mut out[start..] {
            a.write = write_prob > 0.0 && rng.chance(write_prob);
            a.cached = match self.hit_mode {
                HitMode::PerObject => draw(hit, rng),
                HitMode::PerClusteredAccess => whole.unwrap(),
                HitMode::PerPage => {
                    let page = a.oid / self.objects_per_page;
                    match page_draws.iter().find(|(p, _)| *p == page) {
                        Some(&(_, h)) => h,
                        None => {
                            let h = draw(hit, rng);
                            page_draws.push((page, h));
                            h
                        }
                    }
                }
            };
        }
    }
}

/// The `i`-th list position of the window starting at `lo`, skipping the initial object `x`.
fn position(lo: u32, x: u32, i: u32) -> u32 {
    // Without a branch: which side of x a position falls is a coin toss.
    lo + i + u32::from(lo + i >= x)
}

/// A hit with probability h; no draw when the outcome is certain.
fn draw(h: f64, rng: &mut Rng) -> bool {
    if h >= 1.0 {
        true
    } else if h <= 0.0 {
        false
    } else {
        rng.chance(h)
    }
}

#[cfg(test)]
mod tests;
