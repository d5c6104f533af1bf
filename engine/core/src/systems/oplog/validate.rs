//! Rules between the opportunistic-log system's fields, each problem at the field it names
//! (checked once every field is in its declared range).
use super::config::Config;
use crate::scenario::{Problem, Scenario};

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
