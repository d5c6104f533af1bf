//! The network (thesis §4.2.2): every message arrives a fixed latency after it is sent, whatever
//! its size; no bandwidth or congestion. The backup is modelled only as the replication delay a
//! commit waits for (§4.2.4, spec A18).
use super::config;
use crate::kernel::{time, SimTime};

#[derive(Clone, Debug)]
pub struct Network {
    pub latency: SimTime,
    pub backup_delay: SimTime,
}

impl Network {
    pub fn new(n: &config::Network) -> Network {
        Network { latency: time::from_ms(n.latency_ms), backup_delay: time::from_ms(n.backup_delay_ms) }
    }
}
