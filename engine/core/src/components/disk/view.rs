//! The disks' frame sections, declared here once for every system that has disks (DESIGN.md §4):
//! `disk`, a row per device (its geometry, the head and the platter now, and the request in
//! service with the times its phases end), and `disk_queue`, every device's waiting requests,
//! oldest first (the order a FIFO disk serves them in). A system names its request kinds (`disk_sections!`) and says what a
//! token is (`Token`); the web app reads both sections with one reader (views/lib/diskFrame.ts).
//! A disk is shown through `Drawn`: the component's `Disk`, or a system's own model of a disk
//! (the disk system's OSTEP disk, whose queue the system keeps).
use super::{DeviceId, Disk, Geometry, Request, Service};
use crate::describe::SectionInfo;
use crate::frame::Section;
use crate::kernel::SimTime;

/// What a system's request token tells the views: its kind (an index into the kinds the system
/// names in `sections`) and its page.
pub trait Token: Copy {
    fn kind(&self) -> u8;
    fn page(&self) -> u32;
}

/// A page read (the kind `"fetch read"`) whose token is the page itself.
impl Token for u32 {
    fn kind(&self) -> u8 {
        0
    }
    fn page(&self) -> u32 {
        *self
    }
}

/// The `disk` and `disk_queue` sections (`[SectionInfo; 2]`) for requests of `$kinds` (a const
/// list of names), for a system's `SECTIONS`: `const DISK: [SectionInfo; 2] = disk_sections!(REQUEST);`.
macro_rules! disk_sections {
    ($kinds:expr) => {
        [
            $crate::describe::SectionInfo {
                name: "disk",
                description: "Each disk's geometry, its head and platter now, and the request it \
                    serves with the times its phases end (−1 when idle).",
                scalars: &[],
                row: "a disk",
                columns: &[
                    $crate::describe::columns::u8("device", "disk", ""),
                    $crate::describe::columns::f64("cylinders", "cylinders", ""),
                    $crate::describe::columns::f64("tracks_per_cylinder", "tracks per cylinder", ""),
                    $crate::describe::columns::f64("track_bytes", "track size", "B"),
                    $crate::describe::columns::f64("rev_ns", "revolution", "ns"),
                    $crate::describe::columns::f64("database_cylinders", "cylinders the database occupies", ""),
                    $crate::describe::columns::f64("head_cylinder", "head cylinder (fractional while seeking)", ""),
                    $crate::describe::columns::f64("angle", "platter angle", "revolutions"),
                    $crate::describe::columns::f64("active_kind", "request in service (−1: idle)", "").values($kinds),
                    $crate::describe::columns::f64("active_page", "its page", ""),
                    $crate::describe::columns::f64("active_addr", "its byte address", "B"),
                    $crate::describe::columns::f64("active_start", "started", "ns"),
                    $crate::describe::columns::f64("active_seek_end", "seek ends", "ns"),
                    $crate::describe::columns::f64("active_rotation_end", "rotation ends", "ns"),
                    $crate::describe::columns::f64("active_end", "transfer ends", "ns"),
                    $crate::describe::columns::f64("active_from", "from cylinder", ""),
                    $crate::describe::columns::f64("active_to", "to cylinder", ""),
                ],
            },
            $crate::describe::SectionInfo {
                name: "disk_queue",
                description: "The requests waiting at each disk, oldest first: the order a FIFO disk \
                    serves them in (a scheduler that picks otherwise, the disk system's, picks among them).",
                scalars: &[],
                row: "a waiting request",
                columns: &[
                    $crate::describe::columns::u8("device", "disk", ""),
                    $crate::describe::columns::u8("kind", "request", "").values($kinds),
                    $crate::describe::columns::u32("page", "page", ""),
                ],
            },
        ]
    };
}
pub(crate) use disk_sections;

/// What the disk sections show of a disk: its geometry, where its head and platter are at a
/// time, the request it serves and the requests waiting for it.
pub trait Drawn {
    type Token: Token;
    fn device(&self) -> DeviceId;
    fn geometry(&self) -> &Geometry;
    /// The head's cylinder at `t` (fractional while it seeks).
    fn head_at(&self, t: SimTime) -> f64;
    /// The platter's angle at `t`, revolutions.
    fn platter_angle(&self, t: SimTime) -> f64;
    fn active(&self) -> Option<&(Request<Self::Token>, Service)>;
    /// The waiting requests, oldest first.
    fn waiting(&self) -> impl Iterator<Item = &Request<Self::Token>>;
}

impl<T: Token> Drawn for Disk<T> {
    type Token = T;
    fn device(&self) -> DeviceId {
        self.id
    }
    fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    fn head_at(&self, t: SimTime) -> f64 {
        Disk::head_at(self, t)
    }
    fn platter_angle(&self, t: SimTime) -> f64 {
        Disk::platter_angle(self, t)
    }
    fn active(&self) -> Option<&(Request<T>, Service)> {
        Disk::active(self)
    }
    fn waiting(&self) -> impl Iterator<Item = &Request<T>> {
        self.queue().iter()
    }
}

/// One disk as the views see it: the disk, and where its data ends (bytes from address 0 to the
/// end of the highest-addressed page), whose cylinders the views draw as the database's band.
pub struct Shown<'a, D> {
    pub disk: &'a D,
    pub data_end: u64,
}

impl<D: Drawn> Shown<'_, D> {
    /// Cylinders the data occupies, from cylinder 0.
    fn database_cylinders(&self) -> u64 {
        match self.data_end {
            0 => 0,
            end => self.disk.geometry().cylinder(end - 1) + 1,
        }
    }
}

/// The `disk` section (`info`, from `disk_sections!`) of `disks` at `now`.
pub fn disk_section<D: Drawn>(info: &'static SectionInfo, disks: &[Shown<D>], now: SimTime) -> Section {
    let each = |f: &dyn Fn(&Shown<D>) -> f64| disks.iter().map(f).collect::<Vec<f64>>();
    let active =
        |f: &dyn Fn(&Request<D::Token>, &Service) -> f64| each(&|s| s.disk.active().map_or(-1.0, |(r, svc)| f(r, svc)));
    let mut s = Section::new(info);
    s.u8s("device", disks.iter().map(|s| s.disk.device()))
        .f64s("cylinders", each(&|s| s.disk.geometry().cylinders as f64))
        .f64s("tracks_per_cylinder", each(&|s| s.disk.geometry().tracks_per_cylinder as f64))
        .f64s("track_bytes", each(&|s| s.disk.geometry().track_bytes as f64))
        .f64s("rev_ns", each(&|s| s.disk.geometry().rev_ns))
        .f64s("database_cylinders", each(&|s| s.database_cylinders() as f64))
        .f64s("head_cylinder", each(&|s| s.disk.head_at(now)))
        .f64s("angle", each(&|s| s.disk.platter_angle(now)))
        .f64s("active_kind", active(&|r, _| r.token.kind() as f64))
        .f64s("active_page", active(&|r, _| r.token.page() as f64))
        .f64s("active_addr", active(&|r, _| r.addr as f64))
        .f64s("active_start", active(&|_, v| v.start as f64))
        .f64s("active_seek_end", active(&|_, v| v.seek_end as f64))
        .f64s("active_rotation_end", active(&|_, v| v.rotation_end as f64))
        .f64s("active_end", active(&|_, v| v.end as f64))
        .f64s("active_from", active(&|_, v| v.from_cylinder as f64))
        .f64s("active_to", active(&|_, v| v.to_cylinder as f64));
    s
}

/// The `disk_queue` section (`info`, from `disk_sections!`) of `disks`.
pub fn queue_section<D: Drawn>(info: &'static SectionInfo, disks: &[Shown<D>]) -> Section {
    let waiting = || disks.iter().flat_map(|s| s.disk.waiting().map(move |r| (s.disk.device(), r.token)));
    let mut s = Section::new(info);
    s.u8s("device", waiting().map(|(d, _)| d))
        .u8s("kind", waiting().map(|(_, t)| t.kind()))
        .u32s("page", waiting().map(|(_, t)| t.page()));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::{Column, Frame};

    const KINDS: &[&str] = &["fetch read"];
    const SECTIONS: [SectionInfo; 2] = disk_sections!(KINDS);
    const PAGE: u64 = 64 * 1024;

    fn disk(id: DeviceId) -> Disk<u32> {
        super::super::config::Disk::<super::super::config::Barracuda>::default().build(id, 0.25)
    }

    fn frame(disks: &[Shown<Disk<u32>>], now: SimTime) -> Frame {
        Frame(vec![disk_section(&SECTIONS[0], disks, now), queue_section(&SECTIONS[1], disks)])
    }

    #[test]
    fn a_row_per_disk_with_the_request_it_serves_and_every_queue_in_serving_order() {
        let (mut a, mut b) = (disk(0), disk(1));
        let end = a.submit(0, Request { token: 7, addr: 100 * PAGE, len: PAGE }).expect("idle: starts at once");
        for page in [3, 9] {
            assert_eq!(a.submit(0, Request { token: page, addr: page as u64 * PAGE, len: PAGE }), None);
        }
        assert!(b.submit(0, Request { token: 5, addr: 5 * PAGE, len: PAGE }).is_some());
        b.complete(b.active().unwrap().1.end);
        let now = end / 2;
        let cylinder = a.geometry.track_bytes * a.geometry.tracks_per_cylinder;
        let f = frame(
            &[Shown { disk: &a, data_end: 12 * cylinder - 1 }, Shown { disk: &b, data_end: 3 * cylinder + 1 }],
            now,
        );
        f.check(&SECTIONS).unwrap();
        let (d, q) = (f.section("disk"), f.section("disk_queue"));
        assert_eq!(d.rows(), 2);
        let at = |n: &str, row: usize| d.get(n).get(row);
        assert_eq!((at("device", 0), at("device", 1)), (0.0, 1.0));
        assert_eq!((at("database_cylinders", 0), at("database_cylinders", 1)), (12.0, 4.0));
        assert_eq!(at("cylinders", 0), a.geometry.cylinders as f64);
        assert_eq!(at("angle", 0), a.platter_angle(now));
        assert_eq!(at("head_cylinder", 0), a.head_at(now));
        let (r, svc) = a.active().unwrap();
        assert_eq!((at("active_kind", 0), at("active_page", 0), at("active_addr", 0)), (0.0, 7.0, r.addr as f64));
        assert_eq!((at("active_start", 0), at("active_end", 0)), (svc.start as f64, svc.end as f64));
        assert_eq!((at("active_kind", 1), at("active_page", 1), at("active_end", 1)), (-1.0, -1.0, -1.0), "idle");
        let Column::U32(pages) = q.get("page") else { panic!("pages are u32") };
        assert_eq!(pages, &vec![3, 9]);
        assert_eq!(q.get("device"), &Column::U8(vec![0, 0]));
    }
}
