#!/usr/bin/env bash
# Static checks (npm run lint): rustfmt and clippy over the engine workspace, and the web app's
# TypeScript check (tsc --noEmit, strict).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT/engine"

step "cargo fmt --all --check" cargo fmt --all --check
step "cargo clippy --workspace --all-targets -- -D warnings" \
  cargo clippy --workspace --all-targets -- -D warnings
cd "$ROOT"
ensure_wasm # the web app's types import the generated glue
step "web: tsc --noEmit (strict)" npm -w web run typecheck
