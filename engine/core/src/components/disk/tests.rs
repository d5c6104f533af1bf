//! Disk micro-benchmarks of the thesis's scheduling analysis (§3.2.1, spec R3.1/R3.2).
use super::*;
use crate::kernel::rng::Rng;

const PAGE: u64 = 64 * 1024;

/// Tokens of the requests below: what the MOB server's fetch reads, installation reads and
/// page writes would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Io {
    FetchRead,
    InstallRead,
    Write,
}

fn barracuda(phase0: f64) -> Disk<Io> {
    config::Disk::<config::Barracuda>::default().build(0, phase0)
}

fn req(token: Io, addr: u64) -> Request<Io> {
    Request { token, addr, len: PAGE }
}

/// Serve one request on an otherwise idle disk; returns its end time.
fn serve(d: &mut Disk<Io>, now: SimTime, r: Request<Io>) -> SimTime {
    let end = d.submit(now, r).expect("idle disk starts at once");
    d.complete(end);
    end
}

#[test]
fn constants_match_table_4_6() {
    let d = barracuda(0.0);
    assert!((d.geometry.rev_ns - 8_333_333.3).abs() < 1.0);
    // t = rev / 89 KB = 9.14e-8 s/B (§4.3.4): a 64 KB page transfers in 5.99 ms.
    assert!((d.geometry.transfer_ns(PAGE) / 1e6 - 5.99).abs() < 0.01);
    assert_eq!(d.geometry.capacity(), 5333 * 20 * 89 * 1024);
}

#[test]
fn isolated_read_modify_write_costs_27_ms() {
    // R3.1: an RMW of a 64 KB page at a random place on the full disk, from a random head
    // position, costs bt + s_avg + 1.5 rev ≈ 27.2 ms on average (thesis: "27 milliseconds").
    let mut rng = Rng::stream(42, 0);
    let mut d = barracuda(0.37);
    let cap_pages = d.geometry.capacity() / PAGE;
    let n = 4000;
    let mut now: SimTime = 0;
    let mut total = 0.0;
    for _ in 0..n {
        // Park the head at a random place, then wait a random time so the angle is random.
        serve(
            &mut d,
            now,
            Request { token: Io::FetchRead, addr: u64::from(rng.below(cap_pages as u32)) * PAGE, len: 512 },
        );
        now = d.active().map_or(now, |a| a.1.end) + 50_000_000 + u64::from(rng.below(10_000_000));
        let addr = u64::from(rng.below(cap_pages as u32)) * PAGE;
        let start = now;
        let read_end = serve(&mut d, start, req(Io::InstallRead, addr));
        let write_end = serve(&mut d, read_end, req(Io::Write, addr));
        total += (write_end - start) as f64 / 1e6;
        now = write_end + 1;
    }
    let mean = total / n as f64;
    assert!((mean - 27.24).abs() < 0.6, "mean RMW {mean} ms");
}

#[test]
fn write_after_read_waits_exactly_one_revolution_from_read_start() {
    // R3.2: with the 2.34 ms leeway the head switch back (0.85 ms) still catches the page start,
    // so the write starts one revolution after the read started.
    let mut d = barracuda(0.0);
    for addr in [0, 3 * PAGE, 17 * PAGE, 101 * PAGE] {
        let read = d.service(1_000_000_000, addr, PAGE);
        serve(&mut d, 1_000_000_000, req(Io::InstallRead, addr));
        let write = d.service(read.end, addr, PAGE);
        let gap = write.rotation_end as f64 - read.rotation_end as f64;
        assert!((gap - d.geometry.rev_ns).abs() < 2.0, "addr {addr}: gap {gap}");
    }
}

#[test]
fn a_head_switch_longer_than_the_leeway_loses_a_revolution() {
    // R3.2: when HEAD_SWITCH > (track − page)·t = 2.34 ms, a page spanning two tracks needs two
    // revolutions between read start and write start.
    let slow = config::Disk::<config::Barracuda> { head_switch_ms: 3.0, ..Default::default() };
    let mut d: Disk<Io> = slow.build(0, 0.0);
    let addr = PAGE; // spans the first track boundary (89 KB)
    let read = d.service(0, addr, PAGE);
    serve(&mut d, 0, req(Io::InstallRead, addr));
    let write = d.service(read.end, addr, PAGE);
    let gap = (write.rotation_end - read.rotation_end) as f64;
    assert!((gap - 2.0 * d.geometry.rev_ns).abs() < 2.0, "gap {gap}");
}

#[test]
fn ideally_scheduled_transfers_cost_11_ms() {
    // R3.1(b): 64 KB transfers to adjacent cylinders with random start angles cost
    // bt + s_min + rev/2 ≈ 11 ms each ("approximately 11 ms").
    let mut rng = Rng::stream(9, 0);
    let mut d = barracuda(0.0);
    let cyl_bytes = d.geometry.track_bytes * d.geometry.tracks_per_cylinder;
    let mut now = 0;
    let n = 5000;
    let mut total = 0.0;
    for i in 1..=n {
        let addr = i * cyl_bytes + u64::from(rng.below(d.geometry.track_bytes as u32));
        let end = serve(&mut d, now, Request { token: Io::Write, addr, len: PAGE });
        total += (end - now) as f64 / 1e6;
        now = end;
    }
    let mean = total / n as f64;
    assert!((mean - 11.01).abs() < 0.25, "mean {mean} ms");
}

#[test]
fn fifo_queue_serves_in_arrival_order() {
    let mut d = barracuda(0.0);
    let first = d.submit(0, req(Io::FetchRead, 10 * PAGE)).unwrap();
    assert_eq!(d.submit(0, req(Io::Write, 500 * PAGE)), None);
    assert_eq!(d.submit(0, req(Io::InstallRead, 20 * PAGE)), None);
    let (r1, _, next) = d.complete(first);
    assert_eq!(r1.addr, 10 * PAGE);
    let (r2, s2, next) = d.complete(next.unwrap());
    assert_eq!((r2.token, r2.addr), (Io::Write, 500 * PAGE));
    assert!(s2.seek_ns() > 0);
    let (r3, _, next) = d.complete(next.unwrap());
    assert_eq!(r3.token, Io::InstallRead);
    assert!(next.is_none());
}

#[test]
fn the_head_moves_during_the_seek_and_rests_after() {
    let mut d = barracuda(0.0);
    let far = 1000 * d.geometry.track_bytes * d.geometry.tracks_per_cylinder;
    let end = d.submit(0, req(Io::FetchRead, far)).unwrap();
    let svc = d.active().unwrap().1;
    assert_eq!(d.head_at(0), 0.0);
    let mid = d.head_at(svc.seek_end / 2);
    assert!((400.0..600.0).contains(&mid), "{mid}");
    assert_eq!(d.head_at(svc.seek_end), 1000.0);
    d.complete(end);
    assert_eq!(d.head_at(end + 1), 1000.0);
    assert!((0.0..1.0).contains(&d.platter_angle(end)));
}

/// A drive with a read-ahead cache (spec 004 A5): a read from the medium brings the next pages
/// into a context, and a read of one of them costs its transfer alone, the arm unmoved; a write
/// always goes to the medium.
#[test]
fn a_read_ahead_cache_serves_the_pages_after_a_read_in_their_transfer_time() {
    let mut d = barracuda(0.3).with_cache(SegmentCache::new(8, 4 * PAGE), |io: &Io| *io != Io::Write);
    let addr = 1000 * PAGE;
    let end = serve(&mut d, 0, req(Io::FetchRead, addr));
    let transfer = d.geometry.transfer_ns(PAGE).round() as SimTime;
    assert!(end > transfer, "from the medium: seek and rotation too");
    let (cylinder, now) = (d.head_at(end), end + 1_000_000);
    let hit = serve(&mut d, now, req(Io::InstallRead, addr + 3 * PAGE));
    assert_eq!(hit - now, transfer, "from the cache: the transfer alone");
    assert_eq!(d.head_at(hit), cylinder, "the arm unmoved");
    assert_eq!(d.cache_hits(), 1);
    let write = serve(&mut d, hit, req(Io::Write, addr + 2 * PAGE));
    assert!(write - hit > transfer, "a write goes to the medium");
    let past = serve(&mut d, write + 1, req(Io::FetchRead, addr + 4 * PAGE));
    assert!(past - write - 1 > transfer && d.cache_hits() == 1, "the fifth page is not read ahead");
}

/// The tail kept up to date is the queue's projection recomputed from the head, with a
/// read-ahead cache serving some of the requests that start.
#[test]
fn the_tail_is_the_projection_of_the_whole_queue() {
    let mut d = barracuda(0.7).with_cache(SegmentCache::new(4, 4 * PAGE), |io: &Io| *io != Io::Write);
    let mut rng = Rng::stream(3, 0);
    let (mut now, mut next, mut last) = (0, None, 0);
    for _ in 0..5_000 {
        if next.is_some() && rng.below(2) == 0 {
            now = next.unwrap();
            next = d.complete(now).2;
        } else {
            let token = [Io::FetchRead, Io::InstallRead, Io::Write][rng.below(3) as usize];
            last = if rng.below(2) == 0 { last + 1 } else { rng.below(20_000) as u64 };
            now = (now + rng.below(3_000_000) as u64).min(next.unwrap_or(SimTime::MAX));
            if let Some(end) = d.submit(now, req(token, last * PAGE)) {
                next = Some(end);
            }
        }
        let mut h = HeadState { cylinder: d.head_cylinder, track: d.head_track, time: now };
        if let Some((_, svc)) = d.active() {
            h.time = svc.end;
        }
        let scratch = d.queue().iter().fold(h, |h, r| d.after(h, r));
        assert_eq!(d.tail(now), scratch);
    }
    assert!(d.cache_hits() > 100, "{} hits", d.cache_hits());
}
