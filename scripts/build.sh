#!/usr/bin/env bash
# npm run build: setup, the release CLI (engine/target/release/storelab) and the WASM engine
# (engine/wasm/pkg). The web app's production build joins here when web/ exists.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

step "setup" bash scripts/setup.sh
step "build the release CLI" cargo build --manifest-path engine/Cargo.toml --release -p storelab-cli
step "build the WASM engine" bash scripts/build-wasm.sh
