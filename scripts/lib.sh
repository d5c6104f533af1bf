# Shared helpers for the scripts in this folder; source it, do not run it.
# Sets ROOT (the repository root) and puts cargo-installed tools on PATH.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# Cargo's output folder (engine/target unless the caller overrides it).
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/engine/target}"
STORELAB_BIN="$TARGET_DIR/release/storelab"

# Bold/red only on a terminal, plain text in CI logs.
if [ -t 2 ]; then _b=$'\033[1m' _r=$'\033[1;31m' _n=$'\033[0m'; else _b='' _r='' _n=''; fi
log() { printf '%s[storelab]%s %s\n' "$_b" "$_n" "$*" >&2; }
die() { printf '%s[storelab] error:%s %s\n' "$_r" "$_n" "$*" >&2; exit 1; }

# The exact wasm-bindgen version in engine/Cargo.lock: the CLI must match the crate exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
    "$ROOT/engine/Cargo.lock"
}

# Version of the installed wasm-bindgen CLI, empty when there is none.
installed_wasm_bindgen_version() {
  command -v wasm-bindgen >/dev/null 2>&1 && wasm-bindgen --version 2>/dev/null | awk '{ print $2 }'
  return 0
}

# Runs a step and prints how long it took: step "label" command args…
step() {
  local label="$1"; shift
  local t0=$SECONDS
  log "▶ $label"
  "$@"
  log "✔ $label ($((SECONDS - t0)) s)"
}

# Builds the WASM engine (both modules) into engine/wasm/npm when it is missing or older than its
# sources (the web app's type check and build import it).
ensure_wasm() {
  local pkg="$ROOT/engine/wasm/npm/storelab_wasm_bg.wasm"
  if [ ! -f "$pkg" ] || [ ! -f "$ROOT/engine/wasm/npm/storelab_wasm_tools_bg.wasm" ] || [ -n "$(cd "$ROOT" && find engine/core/src engine/wasm/src engine/wasm-tools/src engine/Cargo.lock -newer "$pkg" -print -quit 2>/dev/null)" ]; then
    step "build the WASM engine" bash "$ROOT/scripts/build-wasm.sh"
  else
    log "WASM engine up to date (engine/wasm/npm)"
  fi
}
