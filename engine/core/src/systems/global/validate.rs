//! Rules between the global-memory cluster's fields, each problem at the field it names (checked
//! once every field is in its declared range), and the most work a run may take.
use super::config::{Config, FileSizes, Model};
use super::disk::M2266;
use crate::kernel::work::Work;
use crate::scenario::{Problem, Scenario};

/// Frames over all servers, and pages over all locality sets, at most: what a run keeps in memory
/// (the pools' entries, each page's home and holders), about 100 MB at worst.
pub const MAX_FRAMES: u64 = 1 << 18;
pub const MAX_PAGES: u64 = 1 << 21;

/// Events a request takes at most through the queue: processor jobs, messages (each two jobs and
/// its arrival: the request, a forward, the page, the discard's notice, answer and return), a
/// disk read.
const EVENTS_PER_REQUEST: f64 = 40.0;

/// Pages of every client's locality set, hot and cold; or of the web's files.
fn pages(c: &Config) -> f64 {
    if c.workload.model == Model::Web {
        return c.web.pages();
    }
    let w = &c.workload;
    let m = f64::from(c.cluster.frames);
    let cold = if w.p_hot < 1.0 { 1.0 + w.cold_factor } else { 1.0 };
    let shared = if w.p_shared > 0.0 { w.shared_m } else { 0.0 };
    (f64::from(w.large_clients) * w.locality_m + f64::from(w.small_clients) * w.small_locality_m + shared) * m * cold
}

pub fn problems(c: &Config, _s: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    let (w, k) = (&c.workload, &c.cluster);
    let clients = w.large_clients + w.small_clients;
    let web = w.model == Model::Web;
    if !web && clients > k.nodes {
        problems.push(
            Problem::new(
                "workload.large_clients",
                format!(
                    "each client has a server of its own (§3.4.2: one a server): {clients} clients need as many \
                     servers, and cluster.nodes is {}: lower the clients or raise cluster.nodes",
                    k.nodes
                ),
            )
            .related(&["workload.small_clients", "cluster.nodes"]),
        );
    }
    if web && k.frames < k.nodes * c.web.mpl {
        // Each request in progress holds a frame for its page, and round robin may bring them all
        // to one server.
        problems.push(
            Problem::new(
                "cluster.frames",
                format!(
                    "a server needs a frame for each web request in progress, and all {} may be at one server: cluster.frames is {}; raise it to {} or more, or lower web.mpl",
                    k.nodes * c.web.mpl,
                    k.frames,
                    k.nodes * c.web.mpl
                ),
            )
            .related(&["web.mpl", "cluster.nodes"]),
        );
    }
    if web && c.web.file_sizes == FileSizes::Mixed && c.web.classes().iter().any(|&(_, n)| n == 0) {
        // The largest size's share rounds to a file from half a file.
        let least = FileSizes::MIXED.len() as u32 * FileSizes::MIXED[FileSizes::MIXED.len() - 1] / 2;
        problems.push(
            Problem::new(
                "web.file_sizes",
                format!(
                    "Fig. 58's mixed sizes divide web.files × web.file_pages pages equally among files of 16, 32, 64 and 128 pages, and {} pages leave a size without a file: raise web.files or web.file_pages to {least} pages or more, or set web.file_sizes = \"uniform\"",
                    u64::from(c.web.files) * u64::from(c.web.file_pages)
                ),
            )
            .related(&["web.files", "web.file_pages"]),
        );
    }
    if web && u64::from(c.web.hot_files) >= c.web.file_count() {
        problems.push(
            Problem::new(
                "web.hot_files",
                format!(
                    "a request asks for a hot file and then a cold one (Fig. 60): web.hot_files is {} of the {} files; lower it below that, or set it to 0 for the Zipf law",
                    c.web.hot_files,
                    c.web.file_count()
                ),
            )
            .related(&["web.files"]),
        );
    }
    if w.p_write > 0.0 && w.p_shared > 0.0 {
        // Callbacks are answered at once (locks are not held to a transaction's end), and two
        // servers' writes to one page are not serialized: the thesis writes only to private sets.
        problems.push(
            Problem::new(
                "workload.p_write",
                "writes run on private locality sets only (Expt 2.3): with workload.p_shared above 0, set workload.p_write to 0, or p_shared to 0",
            )
            .related(&["workload.p_shared"]),
        );
    }
    if web && w.p_write > 0.0 {
        problems.push(Problem::new(
            "workload.p_write",
            format!("web requests only read (§5.2): workload.p_write is {}; set it to 0, or workload.model = \"oodb\"", w.p_write),
        ));
    }
    let frames = u64::from(k.nodes) * u64::from(k.frames);
    if frames > MAX_FRAMES {
        problems.push(
            Problem::new(
                "cluster.frames",
                format!("{} servers of {} frames are {frames} frames, more than the {MAX_FRAMES} a run may hold: lower cluster.frames or cluster.nodes", k.nodes, k.frames),
            )
            .related(&["cluster.nodes"]),
        );
    }
    let n = pages(c);
    let per_disk = f64::from(M2266::CYLINDERS * M2266::PAGES_PER_CYLINDER);
    if web {
        if n > MAX_PAGES as f64 {
            problems.push(
                Problem::new("web.files", format!("the files hold {n:.0} pages, more than the {MAX_PAGES} a run may place: lower web.files or web.file_pages"))
                    .related(&["web.file_pages"]),
            );
        } else if n / f64::from(k.nodes * k.disks) > per_disk {
            problems.push(
                Problem::new(
                    "web.files",
                    format!("the files' {n:.0} pages, over {} servers' {} disks each, would not fit the M2266's {per_disk:.0} pages a disk: lower web.files or web.file_pages, or raise cluster.disks", k.nodes, k.disks),
                )
                .related(&["web.file_pages", "cluster.disks", "cluster.nodes"]),
            );
        }
    } else if n > MAX_PAGES as f64 {
        problems.push(
            Problem::new(
                "workload.locality_m",
                format!("the locality sets hold {n:.0} pages, more than the {MAX_PAGES} a run may place: lower workload.locality_m or the clients, or cluster.frames (the sets are multiples of it)"),
            )
            .related(&["workload.large_clients", "workload.cold_factor", "cluster.frames"]),
        );
    } else if n / f64::from(k.disks) > per_disk {
        // A clustered set may land on one server with the others': its disks must hold them all.
        problems.push(
            Problem::new(
                "workload.locality_m",
                format!(
                    "the locality sets' {n:.0} pages, on one server's {} disks, would not fit the M2266's {per_disk:.0} pages a disk: lower workload.locality_m, or raise cluster.disks",
                    k.disks
                ),
            )
            .related(&["cluster.disks", "workload.cold_factor"]),
        );
    }
    problems
}

pub fn work(c: &Config, s: &Scenario) -> Work {
    let e = &c.execution;
    // The least time a request takes: its lookup and processing at the primary, and the think.
    let w = &c.workload;
    let think_ms = if w.small_clients > 0 { w.think_ms.min(w.small_think_ms) } else { w.think_ms };
    let least_ns = f64::from(e.table_lookup + e.per_page) * 1e3 / c.cluster.mips + think_ms * 1e6;
    let run_s = s.run.warmup_s + s.run.duration_s;
    let clients = match c.workload.model {
        Model::Oodb => f64::from(c.workload.large_clients + c.workload.small_clients),
        Model::Web => f64::from(c.cluster.nodes * c.web.mpl),
    };
    let requests = clients * run_s * 1e9 / least_ns.max(1.0);
    Work {
        events: requests * EVENTS_PER_REQUEST,
        inline: 0.0,
        steps: 0.0,
        steps_per_event: 0.0,
        assumes: format!("{requests:.1e} requests, each as fast as its lookup and processing allow, over {run_s} s"),
        fields: &["execution.per_page", "workload.think_ms", "run.duration_s", "workload.large_clients", "web.mpl"],
        fix: "raise execution.per_page or workload.think_ms, or shorten the run (run.warmup_s, run.duration_s)",
    }
}
