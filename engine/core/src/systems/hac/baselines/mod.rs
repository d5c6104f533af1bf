//! The caches HAC is measured against (§4.2; spec §3): FPC, the same system with whole pages
//! replaced by perfect LRU; QuickStore, CLOCK over pages plus mapping objects; and GOM's dual
//! buffering, a page buffer and an object buffer split by hand.
pub mod fpc;
pub mod gom;
pub mod page_frames;
pub mod quickstore;
