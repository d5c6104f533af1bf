//! What both WebAssembly modules have: the panic hook and its message, JSON out, hex digits. The
//! lab's crate (storelab-wasm) has this file as its `common` module, and the tools' crate
//! (storelab-wasm-tools) includes the same file by path, so neither module depends on the other.
use wasm_bindgen::prelude::*;

/// Core types serialize infallibly (plain structs, no maps with non-string keys). A macro rather
/// than a generic function: these crates do not depend on `serde` themselves.
macro_rules! to_json {
    ($value:expr) => {
        serde_json::to_string($value).expect("core types serialize to JSON")
    };
}

thread_local! {
    /// The message of the last panic, kept by the hook for `take_panic`: a panic aborts the module
    /// (a WebAssembly trap that says only "unreachable"), and the message is what the user needs.
    static PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Runs when the module is instantiated: installs the panic hook.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()))));
}

/// The message of the panic behind the last trap, once; `undefined` when there was none. The engine
/// must not panic on any input: a panic is a bug, and this is how it reaches the user.
#[wasm_bindgen]
pub fn take_panic() -> Option<String> {
    PANIC.with(|p| p.borrow_mut().take())
}

/// Panics with `message`: lets the tests (Vitest, and the e2e test through the worker's
/// `panicForTests`) check that a panic reaches the user with its message and the module's user
/// recovers. Kept in the shipped modules on purpose: it can only stop the caller's own engine.
#[wasm_bindgen]
pub fn panic_for_tests(message: &str) {
    panic!("{message}");
}

/// The scenario of a sweep, or an `Error`: `validate`'s array for an invalid text, or a sentence
/// when it has no `[sweep]`.
pub fn sweep_scenario(text: &str) -> Result<storelab_core::scenario::Scenario, JsError> {
    let s = storelab_core::scenario::parse(text).map_err(|errors| JsError::new(&to_json!(&errors)))?;
    if s.sweep.is_none() {
        return Err(JsError::new(
            "the scenario has no [sweep] section: give it parameter = \"section.key\" and values = [...]",
        ));
    }
    Ok(s)
}

/// `h` as 16 lowercase hex digits: trace hashes and seeds as the CLI prints them.
pub fn hex16(h: u64) -> String {
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_16_hex_digits() {
        assert_eq!(hex16(0), "0000000000000000");
        assert_eq!(hex16(0xdead_beef), "00000000deadbeef");
        assert_eq!(hex16(u64::MAX), "ffffffffffffffff");
    }
}
