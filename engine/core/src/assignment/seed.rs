//! The seed rule and the assignment's hash, both SHA-256 (the `sha2` crate, the same code natively
//! and in WASM), so the CLI and the browser give a student the same problem and name the same
//! assignment.
use sha2::{Digest, Sha256};

/// The longest student id, in characters.
pub const MAX_STUDENT_CHARS: usize = 128;

/// A student id as the seed rule reads it: without surrounding spaces, lowercase (so
/// "Ada@Uni.edu " and "ada@uni.edu" are one student). The message says what is wrong.
pub fn normalize_student(id: &str) -> Result<String, String> {
    let id = id.trim().to_lowercase();
    if id.is_empty() {
        return Err("the student id is empty: give the id the course uses (e.g. an email address)".into());
    }
    if id.chars().count() > MAX_STUDENT_CHARS {
        return Err(format!("the student id \"{id}\" is longer than {MAX_STUDENT_CHARS} characters"));
    }
    if id.chars().any(char::is_control) {
        return Err(format!("the student id {id:?} holds a control character (a tab or line break)"));
    }
    Ok(id)
}

/// A student's seed: the first 8 bytes, big-endian, of SHA-256(salt ‖ 0x00 ‖ id), `id` already
/// normalized. The zero byte keeps ("ab", "c") and ("a", "bc") apart.
pub fn student_seed(salt: &str, student: &str) -> u64 {
    let digest = Sha256::new().chain_update(salt).chain_update([0u8]).chain_update(student).finalize();
    u64::from_be_bytes(digest[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

/// The text the assignment's hash is taken of: without a byte-order mark, every line ending a
/// line feed, no spaces at the ends of lines, and one line feed at the end. So the same file saved
/// on Windows, or by an editor that trims lines, hashes the same; any other edit, a comment
/// included, makes another version of the assignment.
pub fn canonical_text(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text).replace("\r\n", "\n").replace('\r', "\n");
    let mut out: String = text.lines().map(|l| l.trim_end().to_string() + "\n").collect();
    while out.ends_with("\n\n") {
        out.pop();
    }
    if out.is_empty() {
        out.push('\n');
    }
    out
}

/// The assignment's hash: SHA-256 of its canonical text, 64 lowercase hex digits.
pub fn assignment_hash(text: &str) -> String {
    hex(&Sha256::digest(canonical_text(text)))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_trimmed_and_lowercased_and_bad_ones_refused() {
        assert_eq!(normalize_student("  Ada@Uni.EDU ").unwrap(), "ada@uni.edu");
        assert!(normalize_student(" ").is_err());
        assert!(normalize_student("a\tb").is_err());
        assert!(normalize_student(&"x".repeat(129)).is_err());
    }

    /// The seed rule is SHA-256(salt ‖ 0x00 ‖ id): this pins it to a digest computed elsewhere
    /// (`printf 'salt\0ada' | sha256sum`), so a change to the rule cannot go unnoticed.
    #[test]
    fn the_seed_is_the_first_8_bytes_of_the_digest() {
        assert_eq!(hex(&Sha256::digest(b"salt\0ada")[..8]), format!("{:016x}", student_seed("salt", "ada")));
        assert_eq!(student_seed("salt", "ada"), 0x0c4a_36ef_eca3_79f1);
        assert_ne!(student_seed("ab", "c"), student_seed("a", "bc"));
    }

    #[test]
    fn the_hash_ignores_line_endings_and_trailing_spaces_only() {
        let unix = "[a]\nb = 1 # note\n";
        assert_eq!(assignment_hash(unix), assignment_hash("\u{feff}[a]  \r\nb = 1 # note\r\n\r\n"));
        assert_ne!(assignment_hash(unix), assignment_hash("[a]\nb = 1 # other note\n"));
        assert_eq!(assignment_hash(unix).len(), 64);
    }
}
