//! Where every page lives (thesis §3.2, spec 004 §2.6, A17, E5), and which page a client asks
//! for next (§3.4.2, spec §4.1). Each client has a private locality set: a hot region of
//! `locality_m`·M pages and a cold region `cold_factor` times as large. A clustered set lives on
//! one server, striped over its disks; a declustered one goes round robin over every server from
//! a random one, each server's share striped over its disks. On each disk the pages are packed
//! contiguously from one random cylinder. Under sharing (Expt 5) the large clients also ask for
//! pages of one shared set, placed after theirs: clustered on a server that is no client's
//! primary, or round robin like theirs. Ch. 5's web files (§5.3.1) go round robin over the
//! servers, page by page through all the files; their clients ask for a file by a Zipf law.
use super::config::{Config, FileSizes, Model, Owner, Placement};
use super::disk::M2266;
use crate::kernel::rng::Rng;

/// Where a page lives: its owner, its disk there, and its block (page) on that disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Home {
    pub owner: u16,
    pub disk: u8,
    pub block: u32,
}

/// One client's locality set: its first page and the sizes of its hot and cold regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalitySet {
    pub first: u32,
    pub hot: u32,
    pub cold: u32,
}

/// A web file: its first page and its pages, the rest following in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct File {
    pub first: u32,
    pub pages: u32,
}

/// A client: its primary server, its locality set, and whether it is one of the large ones
/// whose requests the figures measure (§3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientSpec {
    pub primary: u16,
    pub set: LocalitySet,
    pub large: bool,
}

#[derive(Clone, Debug)]
pub struct Layout {
    pub homes: Vec<Home>,
    pub clients: Vec<ClientSpec>,
    /// Web: the files, by the Zipf law's rank (empty for database clients).
    pub files: Vec<File>,
    /// Web: the Zipf law's cumulative probabilities, file by file (empty for database clients).
    pub zipf: Vec<f64>,
    /// Fig. 60's hot files, the first ones (0: the Zipf law).
    pub hot_files: u32,
    /// Expt 5's shared locality set, when the large clients share one (`workload.p_shared`).
    pub shared: Option<LocalitySet>,
}

impl Layout {
    pub fn new(c: &Config, seed: u64) -> Layout {
        let mut rng = Rng::stream(seed, 0x91ace);
        if c.workload.model == Model::Web {
            return Layout::web(c, &mut rng);
        }
        let (w, nodes, disks) = (&c.workload, c.cluster.nodes, c.cluster.disks);
        let m = f64::from(c.cluster.frames);
        let mut clients = Vec::new();
        let mut first = 0u32;
        let sizes = (0..w.large_clients).map(|_| (w.locality_m, true)).chain((0..w.small_clients).map(|_| (w.small_locality_m, false)));
        let mut set = |size_m: f64| {
            let hot = ((size_m * m).round() as u32).max(1);
            let cold = if w.p_hot < 1.0 { (f64::from(hot) * w.cold_factor).round() as u32 } else { 0 };
            first += hot + cold;
            LocalitySet { first: first - hot - cold, hot, cold }
        };
        for (i, (size_m, large)) in sizes.enumerate() {
            clients.push(ClientSpec { primary: i as u16, set: set(size_m), large });
        }
        let shared = (w.p_shared > 0.0).then(|| set(w.shared_m));
        // Clus-Diff: each client's set on a server of its own, another than its primary: a random
        // arrangement with no client's set at home, so no two sets share a server's disks (spec
        // A17; the thesis's clustered disk time, 13.57 ms in Expt 4, is an unloaded disk's).
        let elsewhere = derangement(&mut rng, nodes, clients.len() as u32);
        // Pages each disk holds, then each page's disk and its place on it.
        let mut homes = Vec::with_capacity(first as usize);
        let mut count = vec![0u32; (nodes * disks) as usize];
        for (i, client) in clients.iter().enumerate() {
            let n = client.set.hot + client.set.cold;
            match c.policy.placement {
                Placement::Clustered => {
                    let owner = match c.policy.owner {
                        Owner::Primary => u32::from(client.primary),
                        Owner::Other => elsewhere[i],
                    };
                    for i in 0..n {
                        let disk = i % disks;
                        homes.push(place(&mut count, owner, disk, disks));
                    }
                }
                Placement::Declustered => {
                    let start = rng.below(nodes);
                    homes.extend(round_robin(&mut count, start, n, nodes, disks));
                }
            }
        }
        if let Some(s) = shared {
            let n = s.hot + s.cold;
            match c.policy.placement {
                Placement::Clustered => {
                    // A server that is no client's primary, when there is one (spec A17).
                    let used = clients.len() as u32;
                    let owner = if used < nodes { used + rng.below(nodes - used) } else { rng.below(nodes) };
                    homes.extend((0..n).map(|i| place(&mut count, owner, i % disks, disks)));
                }
                Placement::Declustered => {
                    let start = rng.below(nodes);
                    homes.extend(round_robin(&mut count, start, n, nodes, disks));
                }
            }
        }
        pack(&mut homes, &count, disks, &mut rng);
        Layout { homes, clients, files: Vec::new(), zipf: Vec::new(), hot_files: 0, shared }
    }

    /// Ch. 5 (§5.3.1, spec §2.6): the files' pages round robin over the servers from server 0;
    /// `mpl` clients a server, each request routed afresh (the clients' primaries here are only
    /// where the first requests go); file i (from 0) asked for in proportion to 1/(i+1)^z. Under
    /// Fig. 58's mixed sizes, the sizes go to the ranks at random (§5.4.4).
    fn web(c: &Config, rng: &mut Rng) -> Layout {
        let (w, nodes, disks) = (&c.web, c.cluster.nodes, c.cluster.disks);
        let mut sizes: Vec<u32> = w.classes().iter().flat_map(|&(size, n)| std::iter::repeat_n(size, n as usize)).collect();
        if w.file_sizes == FileSizes::Mixed {
            rng.shuffle(&mut sizes);
        }
        let mut first = 0;
        let files: Vec<File> = sizes
            .iter()
            .map(|&pages| {
                first += pages;
                File { first: first - pages, pages }
            })
            .collect();
        let mut count = vec![0u32; (nodes * disks) as usize];
        let mut homes: Vec<Home> = round_robin(&mut count, 0, first, nodes, disks).collect();
        pack(&mut homes, &count, disks, rng);
        let set = LocalitySet { first: 0, hot: 0, cold: 0 };
        let clients = (0..nodes * w.mpl).map(|i| ClientSpec { primary: (i % nodes) as u16, set, large: true }).collect();
        let weights: Vec<f64> = (1..=files.len() as u32).map(|i| f64::from(i).powf(-w.zipf)).collect();
        let total: f64 = weights.iter().sum();
        let mut sum = 0.0;
        let zipf = weights.iter().map(|x| {
            sum += x / total;
            sum
        });
        Layout { homes, clients, files, zipf: zipf.collect(), hot_files: w.hot_files, shared: None }
    }

    pub fn pages(&self) -> u32 {
        self.homes.len() as u32
    }

    /// A web request's files: under Fig. 60's workload a hot file, then a cold one, each uniformly
    /// (§5.4.6); else one file by the Zipf law.
    pub fn next_files(&self, rng: &mut Rng) -> (u32, Option<u32>) {
        match self.hot_files {
            0 => (self.next_file(rng), None),
            hot => {
                let files = self.zipf.len() as u32;
                (rng.below(hot), Some(hot + rng.below(files - hot)))
            }
        }
    }

    /// A web request's file by the Zipf law: the first whose cumulative probability passes a
    /// uniform draw.
    pub fn next_file(&self, rng: &mut Rng) -> u32 {
        let u = rng.unit();
        (self.zipf.partition_point(|&p| p <= u) as u32).min(self.zipf.len() as u32 - 1)
    }

    /// The next page client `c` asks for: a large client's from the shared set with probability
    /// `p_shared`, else from its own; its hot region with probability `p_hot`, else its cold one,
    /// uniformly within the region.
    pub fn next_page(&self, c: usize, p_hot: f64, p_shared: f64, rng: &mut Rng) -> u32 {
        let s = match self.shared {
            Some(shared) if self.clients[c].large && rng.chance(p_shared) => shared,
            _ => self.clients[c].set,
        };
        if s.cold == 0 || rng.chance(p_hot) {
            s.first + rng.below(s.hot)
        } else {
            s.first + s.hot + rng.below(s.cold)
        }
    }
}

/// `n` pages round robin over the servers from `start`, each server's share striped over its
/// disks (spec §2.6, Declustered).
fn round_robin(count: &mut [u32], start: u32, n: u32, nodes: u32, disks: u32) -> impl Iterator<Item = Home> + '_ {
    (0..n).map(move |i| place(count, (start + i) % nodes, (i / nodes) % disks, disks))
}

/// Each disk's pages from one random cylinder (E5), as far in as they leave room for.
fn pack(homes: &mut [Home], count: &[u32], disks: u32, rng: &mut Rng) {
    let per_cylinder = M2266::PAGES_PER_CYLINDER;
    let starts: Vec<u32> = count
        .iter()
        .map(|&n| {
            let room = M2266::CYLINDERS.saturating_sub(n.div_ceil(per_cylinder));
            rng.below(room.max(1)) * per_cylinder
        })
        .collect();
    for h in homes {
        h.block += starts[(u32::from(h.owner) * disks + u32::from(h.disk)) as usize];
    }
}

/// A server for each of the first `clients` servers' clients, all different and none its own:
/// the first `clients` of a random permutation of the servers with no fixed point among them.
fn derangement(rng: &mut Rng, nodes: u32, clients: u32) -> Vec<u32> {
    loop {
        let mut p: Vec<u32> = (0..nodes).collect();
        rng.shuffle(&mut p);
        if (0..clients as usize).all(|i| p[i] != i as u32) {
            p.truncate(clients as usize);
            return p;
        }
    }
}

/// The next page of `owner`'s disk `disk`.
fn place(count: &mut [u32], owner: u32, disk: u32, disks: u32) -> Home {
    let n = &mut count[(owner * disks + disk) as usize];
    let h = Home { owner: owner as u16, disk: disk as u8, block: *n };
    *n += 1;
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::global::config::Config;

    /// Declustered, a set's consecutive pages go round robin over the servers and each server's
    /// share is striped over its disks; clustered, the whole set is on one server, another than
    /// the client's own unless it is Clus-Same.
    #[test]
    fn placement_is_round_robin_or_on_one_server() {
        let mut c = Config::default();
        let l = Layout::new(&c, 1);
        assert_eq!(l.pages(), 4096, "4·M of 1,024 pages, no cold region at p_hot = 1");
        let h = &l.homes;
        assert!(h.windows(2).all(|w| (w[0].owner + 1) % 10 == w[1].owner), "round robin");
        assert_eq!((h[0].disk, h[9].disk, h[10].disk, h[40].disk), (0, 0, 1, 0));
        let per_server = (0..10).map(|s| h.iter().filter(|x| x.owner == s).count()).collect::<Vec<_>>();
        assert!(per_server.iter().all(|&n| n == 409 || n == 410), "{per_server:?}");
        c.policy.placement = Placement::Clustered;
        let l = Layout::new(&c, 1);
        let owner = l.homes[0].owner;
        assert!(owner != 0 && l.homes.iter().all(|x| x.owner == owner), "Clus-Diff: one other server");
        c.workload.large_clients = 10;
        let l = Layout::new(&c, 1);
        let owners: std::collections::BTreeSet<u16> = l.clients.iter().map(|x| l.homes[x.set.first as usize].owner).collect();
        assert_eq!(owners.len(), 10, "ten clients' sets on ten different servers");
        assert!(l.clients.iter().all(|x| l.homes[x.set.first as usize].owner != x.primary), "none at home");
        c.workload.large_clients = 1;
        assert_eq!((l.homes[0].disk, l.homes[1].disk, l.homes[4].disk), (0, 1, 0));
        c.policy.owner = Owner::Primary;
        assert!(Layout::new(&c, 1).homes.iter().all(|x| x.owner == 0), "Clus-Same");
    }

    /// A disk's pages are contiguous from a cylinder boundary, and fit on the disk.
    #[test]
    fn pages_are_packed_on_each_disk() {
        let l = Layout::new(&Config::default(), 3);
        let on = |s: u16, d: u8| l.homes.iter().filter(|h| h.owner == s && h.disk == d).map(|h| h.block).collect::<Vec<_>>();
        let b = on(4, 2);
        assert!(b.windows(2).all(|w| w[1] == w[0] + 1) && b[0] % M2266::PAGES_PER_CYLINDER == 0);
        assert!(*b.last().unwrap() < M2266::CYLINDERS * M2266::PAGES_PER_CYLINDER);
    }

    /// Fig. 58 (spec A20): 9,600 pages divided equally among files of 16, 32, 64 and 128 pages,
    /// rounded to whole files; each file's pages follow one another, and the sizes are dealt to
    /// the Zipf ranks at random, differently for another seed.
    #[test]
    fn mixed_file_sizes_divide_the_database_equally() {
        let mut c = Config::default();
        c.workload.model = Model::Web;
        c.web.file_sizes = FileSizes::Mixed;
        assert_eq!(c.web.classes(), vec![(16, 150), (32, 75), (64, 38), (128, 19)]);
        let l = Layout::new(&c, 1);
        assert_eq!(l.files.len(), 282);
        assert_eq!(l.pages(), 9664);
        assert!(l.files.windows(2).all(|w| w[0].first + w[0].pages == w[1].first), "contiguous");
        let sizes = |l: &Layout| l.files.iter().map(|f| f.pages).collect::<Vec<_>>();
        let mut sorted = sizes(&l);
        sorted.sort_unstable();
        assert_ne!(sizes(&l), sorted, "dealt at random, not by size");
        assert_ne!(sizes(&l), sizes(&Layout::new(&c, 2)), "another seed, another deal");
        c.web.file_sizes = FileSizes::Uniform;
        assert!(Layout::new(&c, 1).files.iter().enumerate().all(|(i, f)| f.pages == 32 && f.first == 32 * i as u32));
    }
}
