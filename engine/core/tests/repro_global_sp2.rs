//! Reproduction of the global-memory cluster's SP/2 results (Venkataraman's thesis Ch. 4, the
//! `ch4-sp2` profile; targets from spec 004-global.md §6.2). Run in release:
//! `cargo test --release -p storelab-core --test repro_global_sp2 -- --nocapture` prints the
//! tables.
mod global_run;
use global_run::{run, scenario};
use storelab_core::kernel::SimTime;
use storelab_core::scenario::Scenario;
use storelab_core::systems::global::GlobalSystem;
use storelab_core::systems::Simulation;

/// Runs `s` with seed 1, calling `at` with the system every `every_s` seconds of the measured
/// window (after the warm-up).
fn sample(s: &Scenario, every_s: f64, mut at: impl FnMut(&GlobalSystem, SimTime)) {
    let mut sim = Simulation::new(s, 1);
    let every = (every_s * 1e9) as SimTime;
    let mut next = (s.run.warmup_s * 1e9) as SimTime;
    while sim.step() {
        if sim.now() >= next {
            let Simulation::Global(e) = &sim else { panic!("not a global-memory scenario") };
            at(e.system(), sim.now());
            next += every;
        }
    }
}

/// Server `node`'s frames by owner, averaged over the window, sampled each second.
fn composition(file: &str, node: usize) -> Vec<f64> {
    let s = scenario(file, &[]);
    let (mut sum, mut n) = (vec![0.0; 10], 0.0);
    sample(&s, 1.0, |g, _| {
        for (_, r) in g.nodes[node].pool.iter() {
            sum[r.owner as usize] += 1.0;
        }
        n += 1.0;
    });
    sum.iter().map(|x| x / n).collect()
}

/// Tab. 13 (§4.5.5; spec 4.7): the frames of the large client's server (server 0) by owner, one
/// large client (3·M) and four small ones (1.2·M, servers 1–4), servers 5–9 idle. ClSv-Decl
/// spreads them evenly over the owners; Resv-Decl keeps 60% for its own pages and the rest for
/// the busy servers'; Global-Decl keeps its own and the busy servers' pages, and almost none of
/// the idle servers' (under 2% each), which go home to memories no client uses. And Fig. 39's
/// response times in the same runs.
#[test]
fn table13_frames_by_owner_at_the_large_clients_server() {
    let m = 2048.0;
    let clsv = composition("global-tab13-clsv.toml", 0);
    let resv = composition("global-tab13-resv.toml", 0);
    let global = composition("global-tab13-global.toml", 0);
    eprintln!("Tab. 13      {}", (1..=10).map(|i| format!("{i:>6}")).collect::<String>());
    for (name, row) in [("ClSv-Decl", &clsv), ("Resv-Decl", &resv), ("Global-Decl", &global)] {
        eprintln!("{name:<12} {}", row.iter().map(|x| format!("{x:>6.0}")).collect::<String>());
    }
    let others = &clsv[1..];
    let mean = others.iter().sum::<f64>() / others.len() as f64;
    assert!(
        others.iter().all(|x| (x / mean - 1.0).abs() <= 0.2),
        "ClSv-Decl: the other owners' shares even within 20%"
    );
    assert!((resv[0] / (0.6 * m) - 1.0).abs() <= 0.05, "Resv-Decl: 0.6·M of its own ±5%: {}", resv[0]);
    assert!(global[5..].iter().all(|&x| x < 0.02 * m), "Global-Decl: under 2% of the idle servers' pages each");
    assert!(
        global[1..5].iter().all(|&x| (x / (0.17 * m) - 1.0).abs() <= 0.25),
        "Global-Decl: the busy servers' about 17% each"
    );
    // Fig. 39 (spec 4.6) at 22% idle memory: Global-Decl best for the large client, Resv-Decl
    // close, ClSv-Decl worst. Fig. 40 (spec 4.8): Global-Decl best for the small clients too.
    let summary = |file: &str| run(&scenario(file, &[]), 1);
    let (c, r, g) =
        (summary("global-tab13-clsv.toml"), summary("global-tab13-resv.toml"), summary("global-tab13-global.toml"));
    eprintln!(
        "Fig. 39, 4 small clients: response ClSv-Decl {:.2} ms, Resv-Decl {:.2} ms, Global-Decl {:.2} ms",
        c.response_ms, r.response_ms, g.response_ms
    );
    eprintln!(
        "Fig. 40, the small clients: ClSv-Decl {:.2} ms, Resv-Decl {:.2} ms, Global-Decl {:.2} ms",
        c.small_response_ms, r.small_response_ms, g.small_response_ms
    );
    assert!(g.response_ms < r.response_ms && r.response_ms < c.response_ms, "Global < Resv < ClSv");
    assert!(
        g.small_response_ms < r.small_response_ms && g.small_response_ms < c.small_response_ms,
        "Fig. 40: Global best for the small clients"
    );
    assert!(r.small_response_ms > 2.0 * g.small_response_ms, "Fig. 40: Resv's reservation squeezes the small clients");
    assert!(r.small_response_ms > c.small_response_ms, "Fig. 40: Resv the slowest for the small clients");
}

/// Fig. 41 (§4.5.6 Expt 4; spec 4.10): hot-cold sets, small clients thinking 4 ms between pages,
/// one large client and four small ones, or two and three. ClSv-Decl is the slowest for the large
/// clients, and Global's lead over it is smaller than without the think time (Fig. 39), the small
/// clients' cold pages no longer flooding every memory. (Global below Resv is a recorded miss.)
#[test]
fn fig41_think_time_narrows_globals_lead() {
    let lead39 = {
        let (c, g) =
            (run(&scenario("global-tab13-clsv.toml", &[]), 1), run(&scenario("global-tab13-global.toml", &[]), 1));
        c.response_ms / g.response_ms
    };
    for (large, small) in [("1", "4"), ("2", "3")] {
        let at = |r: &str| {
            let q = format!("\"{r}\"");
            let sets = [
                ("workload.large_clients", large),
                ("workload.small_clients", small),
                ("policy.replacement", q.as_str()),
            ];
            run(&scenario("global-fig42-global.toml", &sets), 1).response_ms
        };
        let (g, r, c) = (at("global"), at("reserve_dup"), at("clsv"));
        eprintln!("Fig. 41, {large} large + {small} small: Global {g:.2} ms, Resv {r:.2} ms, ClSv {c:.2} ms (Fig. 39's ClSv/Global {lead39:.2})");
        assert!(c > g && c > r, "Fig. 41: ClSv the slowest");
        assert!(c / g < lead39, "Fig. 41: Global's lead over ClSv smaller than Fig. 39's");
    }
}

/// Server `node`'s LRU tail age (the mean time since the last use of its 100 least recently used
/// pages, §4.1.3), s, averaged over 2-second samples of the window, as Fig. 42 samples it.
fn tail_ages(s: &Scenario, nodes: &[usize]) -> Vec<f64> {
    let (mut sum, mut n) = (vec![0.0; nodes.len()], 0.0);
    sample(s, 2.0, |g, now| {
        for (i, &node) in nodes.iter().enumerate() {
            sum[i] += (now - g.nodes[node].pool.state(now).tail_ts) as f64 / 1e9;
        }
        n += 1.0;
    });
    sum.iter().map(|x| x / n).collect()
}

/// The idle server's (NoCl, server 9) tail age over the large client's server's (LgCl, server 0)
/// under `replacement`, in Fig. 42's experiment.
fn tail_ratio(replacement: &str) -> f64 {
    let r = format!("\"{replacement}\"");
    let ages = tail_ages(&scenario("global-fig42-global.toml", &[("policy.replacement", &r)]), &[0, 9]);
    eprintln!(
        "Fig. 42 {replacement:<12} LgCl tail {:>7.2} s   NoCl tail {:>7.2} s   NoCl/LgCl {:>6.2}",
        ages[0],
        ages[1],
        ages[1] / ages[0]
    );
    ages[1] / ages[0]
}

/// Fig. 42 (§4.5.6; spec 4.11): two large clients and three small ones thinking 4 ms, five
/// servers idle. Under ClSv-Decl the large client's server (LgCl) evicts pages far younger than
/// the idle servers' (NoCl) tails: it does not use their cold memory.
#[test]
fn fig42_clsv_leaves_the_idle_tails_cold() {
    assert!(tail_ratio("clsv") > 1.5, "ClSv: the idle server's tail much older than the large client's server's");
}

/// Targets the model misses (docs/models.md); ignored by default, and failing when run.
#[test]
#[ignore]
fn known_misses() {
    // Spec 4.11: Resv-Decl narrows ClSv-Decl's gap, and Global-Decl keeps the tails nearly level.
    // Here both keep the large client's server's own cold pages far longer than the idle
    // servers' tails (Reserve within its reservation, Global while other servers have hated
    // copies or duplicates to give up), and its tail is the older one.
    let (clsv, resv, global) = (tail_ratio("clsv"), tail_ratio("reserve_dup"), tail_ratio("global"));
    let gap = |x: f64| x.ln().abs();
    let mut misses = Vec::new();
    if !(gap(resv) < gap(clsv) && gap(global) < 0.5 * gap(clsv)) {
        misses.push(format!("Fig. 42: Resv {resv:.2}, Global {global:.2} against ClSv's {clsv:.2}"));
    }
    // Spec 4.10: Global below Resv with the small clients thinking (here 4% above it).
    let at = |r: &str| {
        run(
            &scenario(
                "global-fig42-global.toml",
                &[("workload.large_clients", "1"), ("workload.small_clients", "4"), ("policy.replacement", r)],
            ),
            1,
        )
        .response_ms
    };
    let (g, r) = (at("\"global\""), at("\"reserve_dup\""));
    if g >= r {
        misses.push(format!("Fig. 41: Global {g:.2} ms not below Resv {r:.2} ms"));
    }
    // Spec 4.8: Resv very poor for the small clients beside both others (here 12% above ClSv's).
    let small = |f: &str| run(&scenario(f, &[]), 1).small_response_ms;
    let (rs, cs) = (small("global-tab13-resv.toml"), small("global-tab13-clsv.toml"));
    if rs < 1.5 * cs {
        misses.push(format!("Fig. 40: Resv's small clients {rs:.2} ms against ClSv's {cs:.2}"));
    }
    // Spec 4.3: ClSv-Decl sends fewer data messages than Global and Resv; above the aggregate
    // memory (16·M) it sends more here (it ships back more of its evicted remote pages).
    let sets = |r: &'static str| {
        [
            ("workload.small_clients", "0"),
            ("workload.locality_m", "16"),
            ("run.warmup_s", "400"),
            ("policy.replacement", r),
        ]
    };
    let data = |r: &'static str| run(&scenario("global-tab13-global.toml", &sets(r)), 1).data_messages_per_request;
    let (c16, g16) = (data("\"clsv\""), data("\"global\""));
    if c16 >= g16 {
        misses.push(format!("Fig. 35 at 16·M: ClSv-Decl's data messages {c16:.3} not below Global's {g16:.3}"));
    }
    // Spec 4.12: ClSv within 10% from 8 to 32 MB too (here +10.4%).
    let r = [2048, 8192].map(|f| scaled("clsv", f));
    if (r[1] / r[0] - 1.0).abs() > 0.10 {
        misses.push(format!("Fig. 43, ClSv: {r:.2?} ms at 8 and 32 MB"));
    }
    assert!(misses.is_empty(), "{misses:#?}");
}

/// Figs. 33 and 35 (§4.5.3 Expt 1; spec 4.1, 4.3): one large client alone on the SP/2, its set
/// from 2·M to 9·M (below the 10·M aggregate memory), warmed up for 400 s so that every page of
/// the set has been read about once. Global-Decl misses least, about nothing while the set fits
/// (the thesis: exactly 0; here the few left are first reads); ClSv-Clus, two memories, far the most; ClSv-Decl, which
/// caches more remote pages and fewer of its own, sends the fewest data messages of the
/// declustered policies.
#[test]
fn fig33_35_global_keeps_the_set_in_memory() {
    for m in [2.0, 6.0, 9.0] {
        let size = m.to_string();
        let at = |replacement: &str, placement: &str| {
            let (r, p) = (format!("\"{replacement}\""), format!("\"{placement}\""));
            let sets = [
                ("workload.small_clients", "0"),
                ("workload.locality_m", size.as_str()),
                ("run.warmup_s", "400"),
                ("policy.replacement", r.as_str()),
                ("policy.placement", p.as_str()),
            ];
            run(&scenario("global-tab13-global.toml", &sets), 1)
        };
        let (global, resv, clsv, clus) = (
            at("global", "declustered"),
            at("reserve_dup", "declustered"),
            at("clsv", "declustered"),
            at("clsv", "clustered"),
        );
        let misses = [&global, &resv, &clsv, &clus].map(|s| s.misses_per_request);
        let messages = [&global, &resv, &clsv].map(|s| s.data_messages_per_request);
        eprintln!("Figs. 33, 35 at {m}·M: misses Global, Resv, ClSv-Decl, ClSv-Clus {misses:.3?}; data messages {messages:.3?}");
        // About 0: the few left are first reads of pages the warm-up never asked for.
        let most = if m < 9.0 { 0.005 } else { 0.02 };
        assert!(misses[0] < most, "Fig. 33 at {m}·M: Global-Decl about 0: {misses:?}");
        assert!(
            misses[0] <= misses[1] && misses[1] <= misses[2] && misses[2] < misses[3],
            "Fig. 33 at {m}·M: {misses:?}"
        );
        assert!(misses[3] > 0.15, "Fig. 33 at {m}·M: ClSv-Clus high: {misses:?}");
        assert!(
            messages[2] < messages[0] && messages[2] < messages[1],
            "Fig. 35 at {m}·M: ClSv-Decl the fewest: {messages:?}"
        );
    }
}

/// Fig. 34 (spec 4.2): above the aggregate memory the three declustered policies' response times
/// lie close (within 15% of the fastest) despite their different misses, Global and Resv sending
/// more messages; and Global's is above Resv's (more messages for about the same disk reads).
/// The margin is thin (1–2%), so seeds 1–3 are averaged.
#[test]
fn fig34_response_times_lie_close_above_the_aggregate_memory() {
    for m in ["12", "16"] {
        let at = |replacement: &str| {
            let r = format!("\"{replacement}\"");
            let sets = [
                ("workload.small_clients", "0"),
                ("workload.locality_m", m),
                ("run.warmup_s", "400"),
                ("policy.replacement", r.as_str()),
            ];
            run(&scenario("global-tab13-global.toml", &sets), 3).response_ms
        };
        let [global, resv, clsv] = ["global", "reserve_dup", "clsv"].map(at);
        eprintln!("Fig. 34 at {m}·M: response Global {global:.3}, Resv {resv:.3}, ClSv-Decl {clsv:.3} ms");
        let fastest = global.min(resv).min(clsv);
        assert!([global, resv, clsv].iter().all(|&x| x / fastest - 1.0 <= 0.15), "Fig. 34 at {m}·M: within 15%");
        assert!(global > resv, "Fig. 34 at {m}·M: Global {global} above Resv {resv}");
    }
}

/// Tab. 3 (spec A27): the SP/2's access times, calibrated. Three large clients share one set
/// (so that pages are forwarded too); each level's mean time from asking to the primary's memory
/// is within ±15% of the thesis's 0.15, 2.8, 5.5, 9.9 and 11.5 ms. The disk levels include the
/// disk's queueing (three clients' reads).
#[test]
fn tab3_the_sp2_hierarchy_is_calibrated() {
    let sets = [
        ("workload.small_clients", "0"),
        ("workload.large_clients", "3"),
        ("workload.p_shared", "1"),
        ("workload.locality_m", "1"),
    ];
    let s = run(&scenario("global-tab13-clsv.toml", &sets), 1);
    let measured = [
        s.primary_access_ms,
        s.owner_memory_access_ms,
        s.remote_memory_access_ms,
        s.local_disk_access_ms,
        s.remote_disk_access_ms,
    ];
    eprintln!("Tab. 3: {measured:.2?} ms (forwards {:.3} a request)", s.forwards_per_request);
    for (level, (x, tab3)) in ["primary", "owner's memory", "remote memory", "local disk", "remote disk"]
        .iter()
        .zip(measured.iter().zip([0.15, 2.8, 5.5, 9.9, 11.5]))
    {
        assert!((x / tab3 - 1.0).abs() <= 0.15, "Tab. 3, {level}: {x:.2} ms against {tab3}");
    }
}

/// The SP/2's Table 13 workload with each server's memory `frames` and the sets scaled with it (they
/// are multiples of M), the warm-up too (200 s at 8 MB).
fn scaled(replacement: &str, frames: u32) -> f64 {
    let (f, warm, r) = (frames.to_string(), (200 * frames / 2048).to_string(), format!("\"{replacement}\""));
    let sets = [("cluster.frames", f.as_str()), ("run.warmup_s", warm.as_str()), ("policy.replacement", r.as_str())];
    run(&scenario("global-tab13-global.toml", &sets), 1).response_ms
}

/// Fig. 43 (§4.5.7; spec 4.12): buffer pools of 8, 16 and 32 MB (2,048 to 8,192 pages), the sets
/// scaled with them: Global's and Resv's response times hardly change (within 10%), only the ratio
/// of the data to the memory mattering. (ClSv's rises 10.4% at 32 MB, its disk reads spread over
/// four times the cylinders: a recorded miss, `known_misses`.)
#[test]
fn fig43_only_the_ratio_of_data_to_memory_matters() {
    for replacement in ["global", "reserve_dup"] {
        let r = [2048, 4096, 8192].map(|f| scaled(replacement, f));
        eprintln!("Fig. 43, {replacement}: 8, 16, 32 MB → {r:.3?} ms");
        for x in &r[1..] {
            assert!((x / r[0] - 1.0).abs() <= 0.10, "Fig. 43, {replacement}: {r:?}");
        }
    }
}

/// Figs. 36–38 (§4.5.4 Expt 2; spec 4.4, 4.5): 2 to 10 large clients of 3·M each on the SP/2 (one
/// disk a server), warmed up 200 s. With few clients declustering wins and Global-Decl is the
/// fastest; past about 7 clients ClSv-Clus beats both Global and Resv, the declustered disks
/// queueing: at 10 clients a declustered disk read takes about 50% longer than a clustered one.
/// (The thesis's +50% from 4 clients on is a recorded miss: here it grows with the clients.)
#[test]
fn fig36_38_declustered_disks_queue_with_many_clients() {
    let at = |n: u32, replacement: &str, placement: &str| {
        let (n, r, p) = (n.to_string(), format!("\"{replacement}\""), format!("\"{placement}\""));
        let sets = [
            ("workload.small_clients", "0"),
            ("workload.large_clients", n.as_str()),
            ("workload.locality_m", "3"),
            ("run.warmup_s", "200"),
            ("policy.replacement", r.as_str()),
            ("policy.placement", p.as_str()),
        ];
        run(&scenario("global-tab13-global.toml", &sets), 1)
    };
    let mut rows = Vec::new();
    for n in [2, 4, 6, 8, 10] {
        let (g, r, c) =
            (at(n, "global", "declustered"), at(n, "reserve_dup", "declustered"), at(n, "clsv", "clustered"));
        eprintln!(
            "Figs. 36–38, {n:>2} clients: response Global {:.2}, Resv {:.2}, ClSv-Clus {:.2} ms; disk read {:.2}, {:.2}, {:.2} ms",
            g.response_ms, r.response_ms, c.response_ms, g.mean_disk_ms, r.mean_disk_ms, c.mean_disk_ms
        );
        rows.push((n, g, r, c));
    }
    for (n, g, r, c) in &rows {
        if *n <= 4 {
            assert!(
                g.response_ms < r.response_ms && r.response_ms < c.response_ms,
                "Fig. 37 at {n} clients: Global < Resv < ClSv-Clus"
            );
        }
        if *n >= 8 {
            assert!(
                c.response_ms < g.response_ms && c.response_ms < r.response_ms,
                "Fig. 37 at {n} clients: ClSv-Clus the fastest"
            );
        }
    }
    let (_, g6, _, c6) = &rows[2];
    assert!(g6.response_ms < c6.response_ms, "Fig. 37: the crossover past 6 clients");
    let (_, g10, r10, c10) = &rows[4];
    for d in [g10.mean_disk_ms, r10.mean_disk_ms] {
        let slower = d / c10.mean_disk_ms - 1.0;
        assert!(
            (0.375..=0.625).contains(&slower),
            "Fig. 38 at 10 clients: declustered disk reads {slower:.2} slower, not about 0.50"
        );
    }
}
