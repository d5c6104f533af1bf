#!/usr/bin/env bash
# Static checks (npm run lint): rustfmt and clippy over the engine workspace. The web app's
# linter joins here when web/ exists.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT/engine"

step "cargo fmt --all --check" cargo fmt --all --check
step "cargo clippy --workspace --all-targets -- -D warnings" \
  cargo clippy --workspace --all-targets -- -D warnings
