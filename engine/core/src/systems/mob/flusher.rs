//! The flusher for the read-optimized layout (thesis §3.2.1, §4.2.4; spec §2.8). It starts when
//! the MOB is 99% full, scans the oldest 1% of it, sorts the pages found by disk address and runs
//! a read-modify-write per page: an installation read if the page is not cached, install every
//! pending modification of the page (of any age), write the page back in place. When a page
//! write completes, exactly the modifications it installed leave the MOB and the stable log.
use crate::components::mob::{ModId, Oid};
use super::config::{self, Release};
use super::records::RecordKind;
use super::{MobSystem, RequestKind, Waiter, K};
use crate::components::page_cache::PageState;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlusherState {
    Idle,
    /// Waiting for the installation read (its own, or a fetch's read in flight) of a page.
    Reading(u32),
    /// Waiting for the page write.
    Writing(u32),
}

#[derive(Clone, Debug)]
pub struct Flusher {
    pub state: FlusherState,
    trigger: f64,
    scan_frac: f64,
    release: Release,
    /// The pages of this pass, sorted by disk address, and the position in it.
    pub batch: Vec<u32>,
    pub position: usize,
    /// The modifications installed into the page being written.
    installing: Vec<(Oid, ModId)>,
    /// FREEMOB (§5.3, spec A30): the page being written came free into the flusher's own buffer,
    /// not the cache.
    buffered: bool,
    /// Per-batch release (Thor, §6.2.5): written modifications held until the pass ends.
    written: Vec<(Oid, ModId)>,
    pub passes: u64,
    /// Pages written since time 0, and the modifications those writes installed (the views'
    /// absorption figures, the same whichever way the lab reached a time).
    pub pages_written: u64,
    pub installed: u64,
}

impl Flusher {
    pub fn new(f: &config::Flusher) -> Flusher {
        Flusher {
            state: FlusherState::Idle,
            trigger: f.trigger,
            scan_frac: f.scan_frac,
            release: f.release,
            batch: Vec::new(),
            position: 0,
            installing: Vec::new(),
            buffered: false,
            written: Vec::new(),
            pages_written: 0,
            installed: 0,
            passes: 0,
        }
    }

    /// MOB occupancy that starts a pass, as a fraction of its capacity.
    pub fn trigger(&self) -> f64 {
        self.trigger
    }

    /// Fraction of the MOB's capacity one pass scans.
    pub fn scan_frac(&self) -> f64 {
        self.scan_frac
    }
}

impl MobSystem {
    /// Start a pass if the flusher is idle and the MOB has reached the trigger — or a commit is
    /// waiting for space, which a commit larger than the space left above the trigger can cause.
    pub(super) fn flusher_kick(&mut self, k: &mut K) {
        let f = &self.flusher;
        let full = self.mob.used() as f64 >= f.trigger * self.mob.capacity() as f64;
        if f.state == FlusherState::Idle && (full || !self.space_waiters.is_empty()) {
            self.flusher_start_pass(k);
        }
    }

    fn flusher_start_pass(&mut self, k: &mut K) {
        if self.wo.is_some() {
            return self.wo_start_pass(k);
        }
        if self.hybrid.is_some() {
            return self.hybrid_start_pass(k);
        }
        let target = (self.flusher.scan_frac * self.mob.capacity() as f64).ceil() as u64;
        let (mut pages, last) = self.mob.find_pages(target);
        if pages.is_empty() {
            return;
        }
        pages.sort_unstable_by_key(|&p| self.page_map.addr(p));
        k.record(RecordKind::FlusherStart, 0, pages.len() as u64, self.mob.used(), last);
        self.flusher.batch = pages;
        self.flusher.position = 0;
        self.flusher_next_page(k);
    }

    /// Process the batch from the current position: install into the next page that still has
    /// pending modifications, reading it first if it is not cached.
    pub(super) fn flusher_next_page(&mut self, k: &mut K) {
        if self.hybrid.is_some() {
            return self.hybrid_next_page(k);
        }
        while let Some(&pid) = self.flusher.batch.get(self.flusher.position) {
            let pending = self.mob.page_count(pid);
            if pending == 0 {
                self.flusher.position += 1;
                continue;
            }
            k.record(RecordKind::FlusherPage, pid, pending as u64, self.flusher.position as u64, 0);
            match self.cache.state(pid) {
                PageState::Cached => {
                    self.cache.pin(pid);
                    self.cache.touch(pid);
                    self.flusher_install_and_write(k, pid);
                }
                // FREEMOB: the installation read takes no disk time and no cache frame.
                _ if self.free_installation_reads => {
                    self.flusher.buffered = true;
                    self.flusher_install_and_write(k, pid);
                }
                PageState::Reading => {
                    self.flusher.state = FlusherState::Reading(pid);
                    self.read_waiters.push((pid, Waiter::Flusher));
                }
                PageState::Absent => {
                    self.flusher.state = FlusherState::Reading(pid);
                    self.start_read(k, pid, RequestKind::InstallRead, Waiter::Flusher);
                }
            }
            return;
        }
        self.flusher_end_pass(k);
    }

    fn flusher_install_and_write(&mut self, k: &mut K, pid: u32) {
        self.flusher.installing = self.mob.find_modifications(pid);
        if !self.flusher.buffered {
            self.cache.mark_dirty(pid);
        }
        self.flusher.state = FlusherState::Writing(pid);
        self.disk_submit(k, RequestKind::Write, pid);
    }

    pub(super) fn write_done(&mut self, k: &mut K, pid: u32) {
        let installed = std::mem::take(&mut self.flusher.installing);
        self.page_written(k, pid, installed.len());
        self.flusher_installed(k, installed);
        self.flusher.position += 1;
        if std::mem::take(&mut self.flusher.buffered) {
            return self.flusher_next_page(k);
        }
        self.cache.mark_clean(pid);
        self.unpin(k, pid);
        self.flusher_next_page(k);
    }

    /// A page's installed modifications reached the disk (a page write, or a fragment under the
    /// write-optimized layout): the figures by the page's area, the trace, the counts.
    pub(super) fn page_written(&mut self, k: &mut K, pid: u32, installed: usize) {
        let mid = self.db.objects_per_page / 2;
        let area = self.workload.area_of(pid * self.db.objects_per_page + mid) as usize;
        self.metrics.page_written(area, installed);
        k.record(RecordKind::PageWrite, pid, installed as u64, 0, 0);
        self.flusher.pages_written += 1;
        self.flusher.installed += installed as u64;
    }

    /// Modifications a write installed leave the MOB now (per page), or when the pass ends (per
    /// batch, Thor §6.2.5).
    pub(super) fn flusher_installed(&mut self, k: &mut K, installed: Vec<(Oid, ModId)>) {
        match self.flusher.release {
            Release::PerPage => self.flusher_release(k, &installed),
            Release::PerBatch => self.flusher.written.extend(installed),
        }
    }

    pub(super) fn flusher_release(&mut self, k: &mut K, installed: &[(Oid, ModId)]) {
        self.metrics.mob_before_change(k.now(), self.mob.data_bytes_by_area(), self.mob.used());
        self.mob.remove(installed);
        for &(oid, _) in installed {
            // An object superseded during the write keeps its newer version in the MOB.
            if !self.mob.contains(oid) {
                k.record(RecordKind::MobRemove, oid, 0, 0, 0);
            }
        }
        self.admit_waiting_commits(k);
    }

    pub(super) fn flusher_end_pass(&mut self, k: &mut K) {
        let written = std::mem::take(&mut self.flusher.written);
        if !written.is_empty() {
            self.flusher_release(k, &written);
        }
        self.flusher.state = FlusherState::Idle;
        self.flusher.batch.clear();
        self.flusher.passes += 1;
        self.metrics.flusher_pass();
        self.flusher_kick(k);
    }
}
