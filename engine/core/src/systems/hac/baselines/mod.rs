//! The page caches HAC is measured against (§4.2.1–4.2.2; spec §3): FPC, the same system with
//! whole pages replaced by perfect LRU, and QuickStore, CLOCK over pages plus mapping objects.
pub mod fpc;
pub mod quickstore;
