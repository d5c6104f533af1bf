//! The system's own checks: its frame matches its description at every step, runs end when the
//! list is served, and the README's worked examples come out as disk.py prints them.
use super::*;
use crate::scenario;
use crate::systems::Simulation;

fn simulation(extra: &str, seed: u64) -> Simulation {
    let s = scenario::parse(&format!("[system]\nkind = \"disk\"\n{extra}")).unwrap_or_else(|e| panic!("{e:?}"));
    Simulation::new(&s, seed)
}

/// Each request's (block, seek, rotation, transfer, total), ms, in the order served.
fn served(sim: &Simulation) -> Vec<(u32, f64, f64, f64, f64)> {
    let Simulation::Disk(e) = sim else { panic!("a disk run") };
    let mut entries: Vec<&Entry> = e.system().entries.iter().collect();
    entries.sort_by_key(|x| x.order);
    entries
        .iter()
        .map(|x| {
            let s = x.service.expect("served");
            let ms = |ns: u64| ns as f64 / 1e6;
            (x.block, ms(s.seek_ns()), ms(s.rotation_ns()), ms(s.transfer_ns()), ms(s.end - s.start))
        })
        .collect()
}

#[test]
fn the_readme_examples_come_out_as_disk_py_prints_them() {
    let mut sim = simulation("[requests]\nblocks = [10, 18]\n", 1);
    sim.run();
    // disk.py -a 10,18 -c
    assert_eq!(served(&sim), [(10, 0.0, 105.0, 30.0, 135.0), (18, 40.0, 170.0, 30.0, 240.0)]);
    let s = serde_json::to_value(sim.summary()).unwrap();
    assert_eq!((s["seek_ms"].as_f64(), s["rotation_ms"].as_f64(), s["total_ms"].as_f64()), (Some(40.0), Some(275.0), Some(375.0)));
    assert_eq!(sim.now(), 375_000_000, "the run ends with the last request");
    assert!(sim.finished());
}

#[test]
fn frames_match_the_description_at_every_step() {
    for extra in [
        "[requests]\nblocks = [7, 30, 8, 9]\n[disk]\nscheduler = \"satf\"\n",
        "[requests]\ncount = 12\n[disk]\npreset = \"barracuda\"\nscheduler = \"bsatf\"\nwindow = 4\n",
        "[requests]\ncount = 6\n[disk]\npreset = \"hp97560\"\nscheduler = \"sstf\"\n",
    ] {
        let mut sim = simulation(extra, 3);
        let mut frames = 0;
        while sim.step() {
            let f = sim.frame();
            f.check(view::SECTIONS).unwrap_or_else(|err| panic!("{extra}: {err}"));
            frames += 1;
        }
        assert!(frames > 10 && sim.finished());
    }
}

#[test]
fn a_frame_shows_the_arm_moving_and_the_request_in_its_phase() {
    // -a 30: a seek of two tracks (80 units), then the rotation and transfer.
    let mut sim = simulation("[requests]\nblocks = [30]\n", 1);
    sim.run_until(40_000_000);
    let f = sim.frame();
    let at = |section: &str, name: &str| f.section(section).get(name).get(0);
    assert_eq!(f.section("ostep").scalar("arm_track"), 1.0, "halfway: over the middle track");
    assert_eq!(at("requests", "state"), 1.0, "seeking");
    assert_eq!(at("disk", "head_cylinder"), 1.0);
    sim.run_until(100_000_000);
    assert_eq!(sim.frame().section("requests").get("state").get(0), 2.0, "rotating");
}

#[test]
fn each_problem_is_said_at_its_field_and_line() {
    for (text, path, line, says) in [
        ("[ostep]\nzones = [30, 1, 30]\n", "ostep.zones[1]", 4, "out of range"),
        ("[ostep]\nzones = [30, 30]\n", "ostep.zones", 4, "2 numbers, not 3"),
        ("[ostep]\nseek_speed = 3\n", "ostep.seek_speed", 4, "does not divide the 40 units"),
        ("[requests]\nblocks = [7, 36]\n", "requests.blocks", 4, "request 1 is block 36"),
        ("[requests]\nblocks = [1.5]\n", "requests.blocks[0]", 4, "found float"),
        ("[requests]\nblocks = [5]\ncount = 3\n", "requests.blocks", 4, "cannot both be given"),
        ("[requests]\nmax = 30\nmin = 10\n", "requests.max", 4, "past the disk's last block 35"),
        ("[disk]\npreset = \"hp97560\"\n[ostep]\nskew = 1\n", "ostep.skew", 6, "disk.preset is hp97560"),
        ("[ostep]\nrotate_speed = 0.01\n[requests]\ncount = 600\n", "requests.count", 6, "longer than a run may last"),
        ("[requests]\ncount = 10000\n[disk]\nscheduler = \"satf\"\n", "requests.count", 4, "0.1 ms"),
    ] {
        let errors = scenario::parse(&format!("[system]\nkind = \"disk\"\n{text}")).expect_err(text);
        let e = errors.iter().find(|e| e.path == path).unwrap_or_else(|| panic!("{text}: {errors:#?}"));
        assert_eq!(e.line, line, "{text}: {e:?}");
        assert!(e.message.contains(says), "{text}: {}", e.message);
    }
}

#[test]
fn a_list_edited_in_code_out_of_its_range_is_refused_at_the_list() {
    let mut s = scenario::parse("[system]\nkind = \"disk\"\n").unwrap();
    s.disk_mut().ostep.zones = [30, 1, 30];
    let problems = s.validate().unwrap_err();
    assert!(problems.iter().any(|(path, _)| path.starts_with("ostep.zones")), "{problems:?}");
    let mut s = scenario::parse("[system]\nkind = \"disk\"\n").unwrap();
    s.disk_mut().requests.blocks = Some(Vec::new());
    let problems = s.validate().unwrap_err();
    assert!(problems.iter().any(|(path, _)| path == "requests.blocks"), "{problems:?}");
}
