//! Components any system may use (DESIGN.md §2): the disk (device id, request tokens, a
//! scheduler), the network, and the server page cache.
pub mod disk;
pub mod network;
pub mod page_cache;
