//! A client of the closed loop (§4.4, Table 2; spec §2.4): each transaction uses one object of a
//! uniformly chosen page, fetches the page with probability FetchRatio, thinks, modifies the
//! object with probability WriteRatio (independently, spec A9) and commits. The client cache is
//! not modelled: the fetch ratio stands for it.
use crate::kernel::rng::Rng;
use crate::kernel::SimTime;

/// What a client is doing; the values are the frame's `state` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientState {
    /// Waiting for its fetch reply.
    Fetching = 0,
    Thinking = 1,
    /// Waiting for its commit confirmation.
    Committing = 2,
}

pub const STATES: &[&str] = &["fetching", "thinking", "committing"];

#[derive(Clone, Debug)]
pub struct Client {
    rng: Rng,
    pub state: ClientState,
    /// The page of the transaction's object.
    pub page: u32,
    /// Whether the transaction modifies its object.
    pub modified: bool,
    /// When the client entered its state (for a fetch, when it was sent).
    pub since: SimTime,
}

impl Client {
    pub fn new(rng: Rng) -> Client {
        Client { rng, state: ClientState::Thinking, page: 0, modified: false, since: 0 }
    }

    /// A new transaction at `now`: its page, and whether it fetches.
    pub fn begin(&mut self, now: SimTime, pages: u32, fetch_ratio: f64) -> bool {
        self.page = self.rng.below(pages);
        self.modified = false;
        let fetch = self.rng.chance(fetch_ratio);
        self.state = if fetch { ClientState::Fetching } else { ClientState::Thinking };
        self.since = now;
        fetch
    }

    pub fn think(&mut self, now: SimTime) {
        self.state = ClientState::Thinking;
        self.since = now;
    }

    /// The computation is over: modify the object or not, and commit.
    pub fn decide(&mut self, now: SimTime, write_ratio: f64) {
        self.modified = self.rng.chance(write_ratio);
        self.state = ClientState::Committing;
        self.since = now;
    }
}
