#!/usr/bin/env bash
# Idempotent set-up of everything Storelab needs; fast (about a second) when all is present.
#   Rust (must be present): rustfmt, clippy and the wasm32-unknown-unknown target, added by rustup
#   wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in engine/Cargo.lock
#   npm packages: `npm ci` whenever package.json or package-lock.json changed since the last run
#   Chromium (/usr/bin/chromium, Debian's package) for tests/e2e, with apt-get when missing
# Needs Node >= 20 and npm; network only when something is missing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

# --- Node -----------------------------------------------------------------------------------
command -v node >/dev/null 2>&1 || die "Node.js >= 20 is required (https://nodejs.org)"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 20 ] || die "Node.js >= 20 is required, found $(node --version)"

# --- Rust -----------------------------------------------------------------------------------
command -v cargo >/dev/null 2>&1 ||
  die "Rust (cargo) is missing: install a stable toolchain with rustup, then run this again"

if command -v rustup >/dev/null 2>&1; then
  installed_components="$(rustup component list --installed 2>/dev/null || true)"
  for component in rustfmt clippy; do
    if ! grep -q "^$component" <<<"$installed_components"; then
      log "adding Rust component $component"
      rustup component add "$component"
    fi
  done
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "adding Rust target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
else
  # A distribution Rust without rustup: we cannot add pieces, only check them.
  [ -d "$(rustc --print sysroot)/lib/rustlib/wasm32-unknown-unknown" ] ||
    die "the wasm32-unknown-unknown Rust target is missing and rustup is not available to add it"
fi

# --- wasm-bindgen CLI -----------------------------------------------------------------------
want="$(wasm_bindgen_version)"
[ -n "$want" ] || die "no wasm-bindgen entry in engine/Cargo.lock"
have="$(installed_wasm_bindgen_version)"
if [ "$have" != "$want" ]; then
  log "installing wasm-bindgen-cli $want (found: ${have:-none}); this compiles from source, 2–3 minutes"
  # No --locked: the CLI's own lock file does not resolve with every toolchain.
  cargo install wasm-bindgen-cli --version "$want"
  have="$(installed_wasm_bindgen_version)"
  [ "$have" = "$want" ] || die "wasm-bindgen on PATH is ${have:-missing}, expected $want ($(command -v wasm-bindgen || true))"
fi

# --- npm packages ---------------------------------------------------------------------------
# A stamp in node_modules records the manifests it was installed from; `npm ci` installs exactly
# the lock file. Workspaces' package.json files are covered by the root lock file.
stamp_file=node_modules/.storelab-setup-stamp
manifest_hash() {
  cat package.json package-lock.json 2>/dev/null | sha256sum | cut -d' ' -f1
}
if [ ! -f package-lock.json ] || [ "$(cat "$stamp_file" 2>/dev/null)" != "$(manifest_hash)" ]; then
  if [ ! -f package-lock.json ]; then
    log "npm install (no package-lock.json yet)"
    npm install --no-audit --no-fund
  elif [ "${CI:-}" = "true" ]; then
    log "npm ci"
    npm ci --no-audit --no-fund
  else
    log "npm ci (package.json or package-lock.json changed)"
    # Locally an out-of-date lock file is updated rather than fatal; in CI it is fatal.
    npm ci --no-audit --no-fund || {
      log "npm ci failed (lock file out of date?); running npm install to update package-lock.json"
      npm install --no-audit --no-fund
    }
  fi
  mkdir -p node_modules
  manifest_hash >"$stamp_file"
fi

# --- Chromium for the end-to-end tests (tests/e2e) -------------------------------------------
# Debian's Chromium, driven by playwright-core (never `npx playwright install`).
if [ ! -x /usr/bin/chromium ] && [ -z "${STORELAB_SKIP_CHROMIUM:-}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Chromium for the end-to-end tests (apt-get install chromium)"
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  else
    log "warning: /usr/bin/chromium is missing; the e2e tests need it (as root: apt-get install chromium)"
  fi
fi

log "setup ok: $(rustc --version | cut -d' ' -f1-2), wasm-bindgen $have, node $(node --version)"
