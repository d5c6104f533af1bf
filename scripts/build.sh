#!/usr/bin/env bash
# npm run build: setup, the release CLI (engine/target/release/storelab) and the WASM engine
# (engine/wasm/npm), then the web app's static production build (web/dist: the lab, embed/ and
# lessons/ pages; serve it from any static host).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

step "setup" bash scripts/setup.sh
step "build the release CLI" cargo build --manifest-path engine/Cargo.toml --release -p storelab-cli
step "build the WASM engine" bash scripts/build-wasm.sh
step "build the web app (web/dist)" npm -w web run build
