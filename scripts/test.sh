#!/usr/bin/env bash
# Everything `npm test` checks, in order, stopping at the first failure:
#   setup; lint.sh (rustfmt, clippy, the web app's TypeScript check, which builds the WASM glue
#   first); engine tests (release: the reproduction tests run long simulations); the release CLI
#   and the WASM build; the Node suites in tests/wasm (WASM bridge, native/WASM determinism); the
#   web app's Vitest suites; the end-to-end suite in Chromium (tests/e2e: vite build + vite
#   preview + playwright-core).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
t0=$SECONDS

step "setup" bash scripts/setup.sh
bash scripts/lint.sh
step "cargo test --release --workspace" \
  cargo test --manifest-path engine/Cargo.toml --release --workspace
# --workspace: the features the tests built the crates with, so the CLI the tests built is reused.
step "build the release CLI" cargo build --manifest-path engine/Cargo.toml --release --workspace --bins
# lint.sh built the WASM engine for the type check: rebuilt only if its sources changed since.
ensure_wasm
step "node --test tests/wasm" node --test tests/wasm/*.test.mjs
step "web: vitest run" npm -w web test
# One build for every suite (each suite's harness builds otherwise, for a suite run alone).
step "web: vite build" node node_modules/vite/bin/vite.js build --logLevel warn web
# Two suite files at a time: one alone leaves part of the 2-core machine idle (a suite waits on
# page loads, the worker and the clock); two finished in about three quarters of the time.
step "web: end-to-end in Chromium (node --test tests/e2e/, two files at a time)" env E2E_SKIP_BUILD=1 node --test --test-concurrency=2 tests/e2e/

log "all tests passed ($((SECONDS - t0)) s)"
