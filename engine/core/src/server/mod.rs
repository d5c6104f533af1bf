//! The server of the MOB architecture (thesis Fig. 2-4): memory split between the modified
//! object buffer and a page cache, a flusher that installs buffered modifications, and the
//! read-optimized disk layout (pages at fixed homes in the page map).
pub mod cache;
mod commit;
mod fetch;
pub mod flusher;
pub mod mob;
pub mod page_map;

/// Who is waiting for a page read or a free cache frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiter {
    Fetch { client: u32, oid: u32 },
    Flusher,
}
