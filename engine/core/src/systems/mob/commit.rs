//! The commit path (thesis §2.5, §4.2.4; spec §2.6): modifications go into the MOB, which is the
//! stable log replicated at the backup; the reply waits for the backup's acknowledgement. A
//! commit that does not fit waits, in arrival order, until the flusher frees space.
use super::records::RecordKind;
use super::{Event, MobSystem, K};

impl MobSystem {
    pub(super) fn commit_arrive(&mut self, k: &mut K, client: u32) {
        if self.clients[client as usize].write_set.is_empty() {
            // Spec A19: a read-only commit still costs a request and a reply, no backup delay.
            k.after(self.net.latency, Event::CommitReplyArrive { client });
            return;
        }
        self.clients[client as usize].commit_wait_since = k.now();
        if self.page.is_some() {
            return self.page_commit(k, client);
        }
        let need = self.mob.need(&self.clients[client as usize].write_set);
        if !self.space_waiters.is_empty() || !self.mob.fits(need) {
            self.space_waiters.push_back(client);
            k.record(RecordKind::CommitWait, client, 0, 0, 0);
            self.flusher_kick(k);
        } else {
            self.commit_insert(k, client);
        }
    }

    fn commit_insert(&mut self, k: &mut K, client: u32) {
        // At most one chunk per modified object.
        if !self.mob.has_room_for(self.clients[client as usize].write_set.len()) {
            k.end_early(format!(
                "the MOB's log grew to {} chunks without being truncated: its oldest modification \
                 stays buffered because the MOB never fills to its flusher trigger, while absorption \
                 empties the chunks after it (§3.1.4). Lower server.mob_mb so the flusher runs.",
                self.mob.scan_len()
            ));
            return;
        }
        self.log_index += 1;
        let l = self.log_index;
        let ws = std::mem::take(&mut self.clients[client as usize].write_set);
        self.metrics.commit_waited(k.now() - self.clients[client as usize].commit_wait_since);
        let mut chunks = 0;
        let mut last_page = u32::MAX;
        for &(oid, area) in &ws {
            if self.mob.contains(oid) {
                k.record(RecordKind::MobSupersede, oid, 0, 0, 0);
            }
            k.record(RecordKind::MobInsert, oid, area as u64, l, 0);
            let page = self.db.page_of(oid);
            chunks += (page != last_page) as usize;
            last_page = page;
        }
        self.metrics.mob_before_change(k.now(), self.mob.data_bytes_by_area(), self.mob.used());
        self.mob.insert(l, &ws);
        self.metrics.committed_modifications(ws.len(), chunks);
        k.record(RecordKind::Commit, client, ws.len() as u64, l, 0);
        self.clients[client as usize].write_set = ws;
        k.after(self.net.backup_delay, Event::BackupAck { client });
        self.flusher_kick(k);
    }

    /// Admit waiting commits, oldest first, while they fit.
    pub(super) fn admit_waiting_commits(&mut self, k: &mut K) {
        while let Some(&client) = self.space_waiters.front() {
            let need = self.mob.need(&self.clients[client as usize].write_set);
            if !self.mob.fits(need) {
                break;
            }
            self.space_waiters.pop_front();
            self.commit_insert(k, client);
        }
    }
}
