//! Components any system may use (DESIGN.md §2): the disk (device id, request tokens, a
//! scheduler, and the shortest-positioning-time picker), the network, the server page cache,
//! and a server CPU.
pub mod cpu;
pub mod disk;
pub mod network;
pub mod page_cache;
