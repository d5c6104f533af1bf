//! Rules between the opportunistic-log system's fields, each problem at the field it names
//! (checked once every field is in its declared range).
use super::config::Config;
use crate::kernel::work::Work;
use crate::scenario::{Problem, Scenario};

/// The most work a run may take (`kernel::work`). A client's transaction takes at least its
/// think time, two latencies and its messages' CPU (spec §2.4, A11: a send and a receive at
/// each end, the validation between), and the server's one CPU at least the receive, the
/// validation and the reply of each commit, one after another: the transactions per second are
/// the lesser of the clients' and the server's rates, each a handful of queue events.
pub fn work(c: &Config, s: &Scenario) -> Work {
    let span_s = crate::kernel::time::to_s(crate::systems::longest_end(s));
    let (net, srv) = (&c.network, &c.server);
    let message_s = net.message_cpu_us / 1e6;
    let cycle_s = c.client.think_ms / 1e3 + 2.0 * net.latency_ms / 1e3 + 4.0 * message_s + srv.validation_us / 1e6;
    let server_s = 2.0 * message_s + srv.validation_us / 1e6;
    let per_s = (f64::from(c.client.count) / cycle_s).min(1.0 / server_s);
    Work {
        events: per_s * span_s * EVENTS_PER_TRANSACTION,
        assumes: format!(
            "every transaction as short as it can be: {} clients, each taking {} ms of think, two {} ms latencies and \
             its messages' CPU; the server's CPU {:.1} µs per commit",
            c.client.count,
            c.client.think_ms,
            net.latency_ms,
            server_s * 1e6
        ),
        fields: &["network.latency_ms", "client.think_ms", "network.message_cpu_us", "client.count", "run.duration_s"],
        fix: "raise network.latency_ms, client.think_ms or network.message_cpu_us, or lower client.count or \
              run.duration_s",
        ..Work::default()
    }
}

/// Queue events per transaction at most: the commit's arrival, receipt and reply and the end of
/// its think time, a fetch's three, and up to three disk completions (a fetch read, an
/// installation read and a write).
const EVENTS_PER_TRANSACTION: f64 = 10.0;

pub fn problems(c: &Config, _s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    let srv = &c.server;
    if srv.memory_pages >= c.database.pages {
        problems.push(
            Problem::new(
                "server.memory_pages",
                format!(
                    "{} pages of memory hold the whole {}-page database, so nothing is ever read: give fewer \
                     than {} (the paper's is 10% of the database)",
                    srv.memory_pages, c.database.pages, c.database.pages
                ),
            )
            .related(&["database.pages"]),
        );
    }
    if srv.has_log() && srv.log_pages + srv.write_trigger >= srv.memory_pages {
        problems.push(
            Problem::new(
                "server.log_pages",
                format!(
                    "a {}-page log leaves {} cache frames, not more than the write trigger's {}: give at most {} \
                     (spec §2.10: the log must stay below memory − write trigger)",
                    srv.log_pages,
                    srv.memory_pages.saturating_sub(srv.log_pages),
                    srv.write_trigger,
                    srv.memory_pages.saturating_sub(srv.write_trigger + 1)
                ),
            )
            .related(&["server.memory_pages", "server.write_trigger"]),
        );
    }
    if !srv.has_log() && srv.write_trigger >= srv.memory_pages {
        problems.push(
            Problem::new(
                "server.write_trigger",
                format!(
                    "{} clean frames are more than the {}-page cache holds: give fewer than {}",
                    srv.write_trigger, srv.memory_pages, srv.memory_pages
                ),
            )
            .related(&["server.memory_pages"]),
        );
    }
    if srv.has_log() && srv.iread_trigger >= srv.log_entries() {
        problems.push(
            Problem::new(
                "server.iread_trigger",
                format!(
                    "the log holds {} entries ({} pages × {} objects per page), so a trigger at {} empty entries \
                     would read every page at once: give fewer than {}",
                    srv.log_entries(),
                    srv.log_pages,
                    srv.objects_per_page,
                    srv.iread_trigger,
                    srv.log_entries()
                ),
            )
            .related(&["server.log_pages", "server.objects_per_page"]),
        );
    }
    problems
}
