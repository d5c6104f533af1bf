//! Components any system may use (DESIGN.md §2): the disk (device id, request tokens, a
//! scheduler, the shortest-positioning-time picker, and its `[disk]` section), the modified
//! object buffer (the MOB server's and Thor0's mcache), the server page cache, a server CPU
//! (first come first served), and for the global-memory cluster of issue 28 a processor-sharing
//! CPU and a network of addressed nodes. A component only one system uses lives with that
//! system (the MOB's network is `systems/mob/network.rs`), unless its issue asks for it here for
//! the systems to come.
pub mod cpu;
pub mod disk;
pub mod mob;
pub mod network;
pub mod page_cache;
pub mod ps_cpu;
