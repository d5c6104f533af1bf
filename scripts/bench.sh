#!/usr/bin/env bash
# npm run bench: native engine benchmarks (`storelab bench`), then the same scenario natively and
# in WASM under Node, printing events/s for each and their ratio (tests/wasm/bench.mjs).
# Arguments go to bench.mjs: [SCENARIO] [--duration S] [--warmup S].
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

step "setup" bash scripts/setup.sh
step "build the release CLI" cargo build --manifest-path engine/Cargo.toml --release -p storelab-cli
step "build the WASM engine" bash scripts/build-wasm.sh
step "storelab bench (native)" "$STORELAB_BIN" bench
step "native vs WASM (tests/wasm/bench.mjs)" node tests/wasm/bench.mjs "$@"
