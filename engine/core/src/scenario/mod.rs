//! Scenario parsing, validation and JSON schema.
mod types;
pub use types::*;
