//! Components any system may use (DESIGN.md §2): the disk (device id, request tokens, a
//! scheduler, the shortest-positioning-time picker, and its `[disk]` section), the modified
//! object buffer (the MOB server's and Thor0's mcache), the server page cache, and a server CPU. A component only one system uses lives with that system (the MOB's
//! network is `systems/mob/network.rs`).
pub mod cpu;
pub mod disk;
pub mod mob;
pub mod page_cache;
