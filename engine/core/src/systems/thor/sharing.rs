//! Other FEs sharing the database (Liskov et al. §5.1; spec 003 §1.4, §2.6, A18). The paper's
//! experiments run one FE, so this is the lab's extension: `sharing.other_fes` FEs commit, at
//! random times, transactions that modify atomic parts of one composite part. After each, the OR
//! sends invalidations in the background to the FE the lab follows, for the objects in segments
//! its coarse table says that FE may cache; the FE turns each resident one into a surrogate and
//! aborts its transaction if the transaction used one. At that FE's commit the OR validates: a
//! transaction that used an object whose invalidation is still on its way aborts too. That FE's
//! own commits send invalidations to the other FEs whose table entries name a written segment.
//! Invalidations cost the FE no time here (docs/models.md).
use std::collections::{HashMap, VecDeque};

use super::config;
use super::costs::ns;
use super::fe::XREF_BYTES;
use super::records::RecordKind;
use super::{After, Event, ThorSystem, K};
use crate::kernel::rng::Rng;
use crate::kernel::SimTime;
use crate::workload::oo7::{Oo7Database, COMPOSITE_PARTS};

/// What sharing did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counters {
    pub other_commits: u64,
    /// Invalidation messages that reached the FE, and the resident objects they turned into
    /// surrogates.
    pub invalidations: u64,
    pub invalidated: u64,
    /// The FE's aborts, those its commit's validation caused, and the FE time of the work they
    /// undid, ns.
    pub aborts: u64,
    pub validation_failures: u64,
    pub lost: SimTime,
    /// Invalidation messages the FE's commits made the OR send the other FEs.
    pub sent: u64,
}

/// Why a transaction aborted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    Invalidated = 0,
    Validation = 1,
}

#[derive(Clone, Debug)]
pub struct Sharing {
    pub config: config::Sharing,
    rng: Rng,
    /// The OR's coarse table for the FE (spec A18: per segment; never cleared, so it may
    /// over-invalidate: the FE ignores objects it does not hold).
    sent: Vec<bool>,
    /// The segments each other FE may cache, one bit an FE: those it has written.
    others: Vec<u32>,
    /// Invalidations on their way to the FE, in the order the OR sent them.
    in_flight: VecDeque<Vec<u32>>,
    /// Invalidations that arrived while the FE was collecting, or held a group to install.
    deferred: Vec<u32>,
    /// Objects of in-flight and deferred invalidations, counted: a commit that used one fails
    /// validation.
    stale: HashMap<u32, u32>,
    /// The OR-to-FE channel is FIFO (fetch replies and invalidations): its latest arrival.
    channel: SimTime,
    /// Aborts of the running transaction so far.
    pub streak: u32,
    pub counters: Counters,
}

impl Sharing {
    /// The other FEs of `c`, or none (the paper's single FE).
    pub fn of(c: &config::Sharing, segments: u32, seed: u64) -> Option<Sharing> {
        (c.other_fes > 0).then(|| Sharing {
            config: c.clone(),
            rng: Rng::stream(seed, 0x5a4e),
            sent: vec![false; segments as usize],
            others: vec![0; segments as usize],
            in_flight: VecDeque::new(),
            deferred: Vec::new(),
            stale: HashMap::new(),
            channel: 0,
            streak: 0,
            counters: Counters::default(),
        })
    }

    /// The time to the next commit of any other FE: each commits every `commit_interval_ms` on
    /// average, uniformly between none and twice that (plain arithmetic: identical in WASM).
    pub(super) fn next_commit(&mut self) -> SimTime {
        let mean = self.config.commit_interval_ms * 1e6 / f64::from(self.config.other_fes);
        ((2.0 * mean * self.rng.unit()) as SimTime).max(1)
    }

    /// The atomic parts one other FE's transaction modifies: `parts_per_commit` consecutive
    /// ones of a composite part drawn at random.
    fn writes(&mut self, db: &Oo7Database) -> Vec<u32> {
        let parts = db.atomic_per_composite();
        let c = self.rng.below(COMPOSITE_PARTS);
        let first = self.rng.below(parts);
        (0..self.config.parts_per_commit.min(parts)).map(|j| db.part(c, (first + j) % parts)).collect()
    }

    /// A fetch reply sent on the OR-to-FE channel arrives at `at`.
    pub fn reply_at(&mut self, at: SimTime) {
        self.channel = self.channel.max(at);
    }

    /// The OR shipped segment `s`'s objects to the FE: its coarse table lists the segment.
    pub fn shipped(&mut self, s: u32) {
        self.sent[s as usize] = true;
    }

    /// Whether a commit that read `reads` and wrote `writes` fails validation: it used an object
    /// another FE has written since the FE's copy was sent, whose invalidation the FE has not
    /// applied (backward validation, spec A18).
    pub fn conflicts(&self, reads: &[u32], writes: &[u32]) -> bool {
        !self.stale.is_empty() && reads.iter().chain(writes).any(|x| self.stale.contains_key(x))
    }

    fn applied(&mut self, objects: &[u32]) {
        for x in objects {
            if let Some(n) = self.stale.get_mut(x) {
                *n -= 1;
                if *n == 0 {
                    self.stale.remove(x);
                }
            }
        }
    }
}

impl ThorSystem {
    /// One of the other FEs commits (§5.1): the OR sends the FE the invalidations its coarse
    /// table calls for, in the background.
    pub(super) fn other_commit(&mut self, k: &mut K) {
        let message = self.costs.message;
        let wire = self.costs.wire_byte;
        let request = self.costs.request_bytes;
        let s = self.sharing.as_mut().expect("sharing");
        let fe = s.rng.below(s.config.other_fes);
        let objects = s.writes(&self.db.oo7);
        let page = |x: u32| self.db.oo7.objects[x as usize].page as usize;
        for &x in &objects {
            s.others[page(x)] |= 1 << fe;
        }
        let mine: Vec<u32> = objects.iter().copied().filter(|&x| s.sent[page(x)]).collect();
        s.counters.other_commits += 1;
        k.record(RecordKind::OtherCommit, s.counters.other_commits as u32, u64::from(fe), objects.len() as u64, mine.len() as u64);
        if !mine.is_empty() {
            let at = k.now() + ns(message, 1.0) + ns(wire, request + (mine.len() as u64 * XREF_BYTES) as f64);
            s.channel = s.channel.max(at);
            for &x in &mine {
                *s.stale.entry(x).or_default() += 1;
            }
            s.in_flight.push_back(mine);
            k.schedule(s.channel, Event::Invalidate);
        }
        let next = k.now() + s.next_commit();
        k.schedule(next, Event::OtherCommit);
    }

    /// An invalidation reaches the FE: applied now, or once the collection in progress is over
    /// and the group it holds is installed (the group was sent first).
    pub(super) fn invalidation_arrives(&mut self, k: &mut K) {
        let s = self.sharing.as_mut().expect("sharing");
        let objects = s.in_flight.pop_front().expect("an invalidation in flight");
        s.counters.invalidations += 1;
        if self.fe.heap.collector().is_some() || self.after == After::Install {
            s.deferred.extend(objects);
        } else {
            self.invalidate(k, objects);
        }
    }

    /// Applies the invalidations that waited for a collection or an install.
    pub(super) fn apply_deferred(&mut self, k: &mut K) {
        let objects = match self.sharing.as_mut() {
            Some(s) if !s.deferred.is_empty() => std::mem::take(&mut s.deferred),
            _ => return,
        };
        self.invalidate(k, objects);
    }

    fn invalidate(&mut self, k: &mut K, objects: Vec<u32>) {
        let (made, doomed) = self.fe.invalidate(&objects);
        let s = self.sharing.as_mut().expect("sharing");
        s.applied(&objects);
        s.counters.invalidated += u64::from(made);
        k.record(RecordKind::Invalidation, s.counters.invalidations as u32, objects.len() as u64, u64::from(made), u64::from(doomed));
    }

    /// The FE's commit reached the OR: whether it fails validation.
    pub(super) fn validate(&self) -> bool {
        self.sharing.as_ref().is_some_and(|s| s.conflicts(self.fe.reads(), self.fe.heap.modified()))
    }

    /// The FE's commit of `written` succeeded: the OR sends one invalidation to each other FE
    /// whose table names a segment it wrote.
    pub(super) fn committed(&mut self, written: &[u32]) {
        let Some(s) = self.sharing.as_mut() else { return };
        s.streak = 0;
        let fes = written.iter().fold(0u32, |m, &x| m | s.others[self.db.oo7.objects[x as usize].page as usize]);
        s.counters.sent += u64::from(fes.count_ones());
    }

    /// The running transaction aborts (§5.1): the FE undoes it and runs it again from its start;
    /// the run ends once one transaction has aborted `sharing.abort_limit` times.
    pub(super) fn abort(&mut self, k: &mut K, at: SimTime, why: Why) {
        let lost = self.fe.abort();
        self.runs.truncate(self.tx_runs);
        self.ending = false;
        let s = self.sharing.as_mut().expect("sharing");
        s.counters.aborts += 1;
        s.counters.validation_failures += u64::from(why == Why::Validation);
        s.counters.lost += lost;
        s.streak += 1;
        let n = self.fe.counters.transactions as u32 + 1;
        k.record(RecordKind::Abort, n, why as u64, lost, u64::from(s.streak));
        if s.streak >= s.config.abort_limit {
            let times = if s.streak == 1 { "once".to_string() } else { format!("{} times in a row", s.streak) };
            k.end_by_model(format!(
                "transaction {n} aborted {times}, the limit sharing.abort_limit sets: the other FEs' commits \
                 invalidate what it uses faster than it can finish. Commit more often (workload.parts_per_call, \
                 workload.calls_per_transaction), or lower sharing.other_fes or sharing.parts_per_commit, or raise \
                 sharing.commit_interval_ms"
            ));
        } else {
            k.schedule(at, Event::Run);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::experiment::{Params, Workload};
    use super::super::fe::Stop;
    use super::super::{ThorSystem, SLICE};
    use crate::scenario::{self, ScenarioError};
    use crate::systems::Simulation;
    use crate::workload::oo7::Oo7Size;

    /// T2b on the small database in transactions of five calls of 48 atomic parts.
    const T2B: &str = "[system]\nkind = \"thor\"\n[workload]\ntraversal = \"t2b\"\nparts_per_call = 48\n\
                       calls_per_transaction = 5\n";

    fn run(text: &str) -> Simulation {
        let s = scenario::parse(text).unwrap_or_else(|e| panic!("{e:?}"));
        let mut sim = Simulation::new(&s, 1);
        while sim.step() {}
        sim
    }

    fn shared(sim: &Simulation) -> super::Counters {
        let Simulation::Thor(e) = sim else { unreachable!() };
        e.system().sharing.as_ref().map(|s| s.counters).unwrap_or_default()
    }

    /// §5.1 at the FE: an invalidated copy becomes a surrogate; one the transaction did not use
    /// leaves it alone, one it read dooms it; the abort discards the modified copies and takes
    /// the traversal back to where the transaction began.
    #[test]
    fn an_invalidation_of_an_object_used_dooms_the_transaction_and_the_abort_goes_back() {
        let mut p = Params::paper(Oo7Size::Small, Workload::T2b);
        p.sharing.other_fes = 1;
        let mut sys = ThorSystem::of(&p, 1);
        let fe = &mut sys.fe;
        while fe.reads().len() < 200 {
            if let Stop::Miss(x) = fe.run(SLICE) {
                let cut = fe.request();
                let g = sys.or.group(&sys.db.oo7, &sys.db.refs, x, cut);
                fe.install(&g);
            }
        }
        let read = *fe.reads().iter().rev().find(|&&x| fe.heap.resident(x)).expect("a resident object read");
        let unused = (0..sys.db.oo7.objects.len() as u32)
            .find(|&x| fe.heap.resident(x) && !fe.reads().contains(&x) && !fe.heap.is_modified(x))
            .expect("a resident object not used");
        assert_eq!(fe.invalidate(&[unused]), (1, false));
        assert!(!fe.heap.resident(unused), "a surrogate now");
        assert_eq!(fe.invalidate(&[unused]), (0, false), "no copy left to discard");
        assert!(!fe.heap.modified().is_empty(), "T2b has modified parts");
        let modified = fe.heap.modified().to_vec();
        assert_eq!(fe.invalidate(&[read]), (1, true));
        assert!(fe.traversal.composites_entered() > 0);
        fe.abort();
        assert!(!fe.doomed && fe.reads().is_empty() && fe.heap.modified().is_empty());
        assert!(modified.iter().all(|&x| !fe.heap.resident(x)), "modified copies discarded");
        assert_eq!(fe.traversal.composites_entered(), 0, "back at the traversal's start");
        assert!(matches!(fe.run(SLICE), Stop::Slice | Stop::Miss(_)), "and it runs again");
    }

    /// Other FEs' commits invalidate the FE's copies and abort some of its transactions; each
    /// transaction still commits once, with what it modified (the aborted runs' writes are
    /// discarded, not logged); the clock is still the sum of Tables 2–3's categories; and the
    /// same seed gives the same run.
    #[test]
    fn aborted_transactions_run_again_and_commit_once() {
        let alone = run(T2B);
        let text = format!("{T2B}[sharing]\nother_fes = 4\ncommit_interval_ms = 50\n");
        let sim = run(&text);
        assert!(sim.ended_early().is_none(), "{:?}", sim.ended_early());
        let (a, s, c) = (alone.summary(), sim.summary(), shared(&sim));
        let crate::systems::Summary::Thor(a) = a else { unreachable!() };
        let crate::systems::Summary::Thor(s) = s else { unreachable!() };
        assert!(c.other_commits > 100 && c.invalidated > 1000 && c.aborts > 5, "{c:?}");
        assert_eq!((s.aborts, s.other_commits), (c.aborts, c.other_commits));
        assert_eq!(s.transactions, a.transactions);
        assert_eq!(s.logged_objects, a.logged_objects, "what each transaction modified, once");
        assert!(s.accesses > a.accesses && s.fetches > a.fetches && s.elapsed_s > a.elapsed_s);
        assert!(s.aborted_s > 0.0 && s.aborted_s < s.elapsed_s - a.elapsed_s);
        assert!(s.invalidations_sent > 0, "its commits invalidate the other FEs' written segments");
        let Simulation::Thor(e) = &sim else { unreachable!() };
        assert_eq!(e.system().fe.ledger.total(), sim.now());
        assert_eq!(run(&text).summary(), sim.summary(), "deterministic");
        assert_eq!(shared(&alone), super::Counters::default(), "one FE: no sharing at all");
    }

    /// §5.1: a commit that used an object whose invalidation is still on its way fails the OR's
    /// validation. Slow messages (20 ms) leave invalidations in flight at commits.
    #[test]
    fn validation_fails_while_an_invalidation_is_on_its_way() {
        let fast = run(&format!("{T2B}[sharing]\nother_fes = 4\ncommit_interval_ms = 200\n"));
        assert_eq!(shared(&fast).validation_failures, 0, "{:?}", shared(&fast));
        let text = format!(
            "{T2B}[network]\nmessage_ms = 20\n[sharing]\nother_fes = 4\ncommit_interval_ms = 200\nabort_limit = 30\n"
        );
        let sim = run(&text);
        assert!(sim.ended_early().is_none(), "{:?}", sim.ended_early());
        let c = shared(&sim);
        assert!(c.validation_failures > 0 && c.validation_failures < c.aborts, "{c:?}");
    }

    /// A transaction the other FEs abort again and again ends the run, saying what to change:
    /// T1 as one transaction against four FEs committing every second.
    #[test]
    fn a_transaction_that_never_finishes_ends_the_run_saying_why() {
        let sim = run("[system]\nkind = \"thor\"\n[sharing]\nother_fes = 4\n");
        let why = sim.ended_early().expect("livelock");
        assert!(sim.ended_by_model(), "a result of the model, not of the input");
        assert!(why.contains("aborted 8 times in a row") && why.contains("sharing.commit_interval_ms"), "{why}");
    }

    fn error(text: &str, path: &str) -> ScenarioError {
        let errors = scenario::parse(text).expect_err(text);
        errors.into_iter().find(|e| e.path == path).unwrap_or_else(|| panic!("no error at {path} for {text}"))
    }

    /// The other FEs' commits modify one composite part's atomic parts: no more than it has.
    #[test]
    fn a_commit_elsewhere_of_more_parts_than_a_composite_part_has_is_refused() {
        let text = "[system]\nkind = \"thor\"\n[sharing]\nother_fes = 2\nparts_per_commit = 21\n";
        let e = error(text, "sharing.parts_per_commit");
        assert!(e.message.contains("has 20 on this database: lower it to at most 20"), "{e}");
        assert_eq!(e.line, 5);
        assert!(scenario::parse(&text.replace("21", "20")).is_ok());
        assert!(scenario::parse(&format!("{text}[database]\nsize = \"medium\"\n")).is_ok(), "200 on the medium one");
    }
}
