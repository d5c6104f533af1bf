//! How big a prefetch group the FE asks for (Liskov et al. §5.2; spec 003 §2.4): adaptively, from
//! two exponentially forgetting counters, or a fixed k, the comparison policies of Figs. 7–8.
use serde::{Deserialize, Serialize};

/// The adaptive rule's constants (§5.2): the step and the lower bound are both 20; 700 is "a rough
/// estimate of the maximum number of objects in a segment"; 0.3 "was determined empirically".
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rule {
    pub step: u32,
    pub min: u32,
    pub max: u32,
    pub threshold: f64,
    /// The size of the first request, before any group has arrived (spec A1: 20).
    pub initial: u32,
}

impl Default for Rule {
    fn default() -> Self {
        Rule { step: 20, min: 20, max: 700, threshold: 0.3, initial: 20 }
    }
}

/// The FE's estimate of the right group size (§5.2): `fetch` estimates the objects fetched and
/// `use_` those used, both weighted toward recent ones; `size` is what the next request asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Adaptive {
    pub rule: Rule,
    pub fetch: f64,
    pub use_: f64,
    pub size: u32,
}

impl Adaptive {
    pub fn new(rule: Rule) -> Adaptive {
        Adaptive { rule, fetch: 0.0, use_: 0.0, size: rule.initial }
    }

    /// The size a fetch request sends, recomputed "when the FE sends a fetch request" (§5.2,
    /// spec A3); none before the first group has arrived, when use/fetch is 0/0 (A1).
    pub fn request(&mut self) -> u32 {
        let r = self.rule;
        if self.fetch > 0.0 {
            self.size = if self.use_ / self.fetch < r.threshold {
                self.size.saturating_sub(r.step).max(r.min)
            } else {
                (self.size + r.step).min(r.max)
            };
        }
        self.size
    }

    /// A group of `n` objects arrived (§5.2): fetch := fetch/2 + N, use := use/2 + 1, the 1
    /// being the requested object's use (spec A2).
    pub fn arrived(&mut self, n: u32) {
        self.fetch = self.fetch / 2.0 + f64::from(n);
        self.use_ = self.use_ / 2.0 + 1.0;
    }

    /// A prefetched object was used for the first time: swizzled (§5.2).
    pub fn used(&mut self) {
        self.use_ += 1.0;
    }

    /// The ratio the next request will test.
    pub fn ratio(&self) -> f64 {
        if self.fetch > 0.0 {
            self.use_ / self.fetch
        } else {
            0.0
        }
    }
}

/// What the FE asks the OR for, and so how the OR cuts the group.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// Sub-segment groups of the adaptive size (§5.2).
    Adaptive(Adaptive),
    /// Sub-segment groups of k objects always (Figs. 7–8; k = 160 is about E/EXODUS's 8 KB page).
    Fixed(u32),
    /// The whole page of this many bytes of the segment that holds the object, as a page server
    /// ships it (spec A21's page-server unit, without its cache: the comparison `WholePage`).
    Page(u32),
    /// A breadth-first walk of the object graph from the requested object, taking up to n objects
    /// the OR holds in memory: the policy Thor0 dropped (§5.2, [Day95]) and the MOB thesis's
    /// server's (n = 32; spec §6, `BfsInMemory(32)`).
    BreadthFirst(u32),
}

/// How the OR cuts the group for one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// The aligned chunk of k objects (§5.2).
    Chunk(u32),
    /// The page of this many bytes.
    Page(u32),
    /// Up to n objects breadth first.
    BreadthFirst(u32),
}

impl Policy {
    /// How the OR is to cut the next fetch's group: for the sub-segment policies, the k the
    /// request sends.
    pub fn request(&mut self) -> Cut {
        match self {
            Policy::Adaptive(a) => Cut::Chunk(a.request()),
            Policy::Fixed(k) => Cut::Chunk(*k),
            Policy::Page(bytes) => Cut::Page(*bytes),
            Policy::BreadthFirst(n) => Cut::BreadthFirst(*n),
        }
    }

    pub fn arrived(&mut self, n: u32) {
        if let Policy::Adaptive(a) = self {
            a.arrived(n)
        }
    }

    pub fn used(&mut self) {
        if let Policy::Adaptive(a) = self {
            a.used()
        }
    }
}

/// The aligned chunk of a segment of `len` objects that holds slot `slot`, for group size `k`
/// (§5.2: "the first k objects belong to the first group, the second k objects belong to the
/// second group, and so on"; spec A5): its first slot and the one after its last.
pub fn chunk(slot: u32, k: u32, len: u32) -> (u32, u32) {
    let lo = slot / k * k;
    (lo, (lo + k).min(len))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spec 003 §2.4's unit-test vector, the rule executed exactly as §5.2 writes it: initial size
    /// 20, counters 0, each group as large as asked, and s lazy swizzles before the next miss.
    /// Fetch 5 grows although use has just collapsed: the exponential memory lags.
    #[test]
    fn the_rule_follows_the_specs_eight_fetches() {
        let mut a = Adaptive::new(Rule::default());
        let swizzles = [15, 30, 50, 1, 1, 1, 0, 0];
        let want: [(Option<f64>, u32, f64, f64); 8] = [
            (None, 20, 20.0, 1.0),
            (Some(0.8000), 40, 50.0, 9.0),
            (Some(0.7800), 60, 85.0, 20.5),
            (Some(0.8294), 80, 122.5, 36.25),
            (Some(0.3041), 100, 161.25, 19.625),
            (Some(0.1279), 80, 160.625, 11.3125),
            (Some(0.0767), 60, 140.3125, 7.15625),
            (Some(0.0510), 40, 110.15625, 4.578125),
        ];
        for (i, (&s, &(ratio, size, fetch, use_))) in swizzles.iter().zip(&want).enumerate() {
            if let Some(r) = ratio {
                assert!((a.ratio() - r).abs() < 5e-5, "fetch {}: ratio {} against {r}", i + 1, a.ratio());
            }
            let k = a.request();
            assert_eq!(k, size, "fetch {}", i + 1);
            a.arrived(k);
            assert_eq!((a.fetch, a.use_), (fetch, use_), "fetch {}", i + 1);
            for _ in 0..s {
                a.used();
            }
        }
    }

    #[test]
    fn the_size_stays_between_its_bounds() {
        let mut a = Adaptive::new(Rule::default());
        for _ in 0..50 {
            let k = a.request();
            a.arrived(k);
        }
        assert_eq!(a.size, 20, "nothing used: down to the minimum");
        for _ in 0..50 {
            let k = a.request();
            a.arrived(k);
            for _ in 0..k {
                a.used();
            }
        }
        assert_eq!(a.size, 700, "everything used: up to the maximum");
    }

    #[test]
    fn chunks_are_aligned_and_clipped() {
        assert_eq!(chunk(0, 20, 500), (0, 20));
        assert_eq!(chunk(45, 20, 500), (40, 60));
        assert_eq!(chunk(495, 20, 500), (480, 500));
        assert_eq!(chunk(300, 700, 500), (0, 500));
    }
}
