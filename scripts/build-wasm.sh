#!/usr/bin/env bash
# Builds the WASM engine: storelab-wasm for wasm32-unknown-unknown (release), then wasm-bindgen
# generates the ES-module glue for browsers and workers into engine/wasm/pkg/ (gitignored):
#   storelab_wasm.js, storelab_wasm_bg.wasm, *.d.ts
# Run scripts/setup.sh first (it installs the matching wasm-bindgen CLI).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT/engine"

want="$(wasm_bindgen_version)"
have="$(installed_wasm_bindgen_version)"
[ "$have" = "$want" ] ||
  die "wasm-bindgen CLI ${have:-missing}, engine/Cargo.lock needs $want: run bash scripts/setup.sh"

cargo build --release --target wasm32-unknown-unknown -p storelab-wasm
wasm-bindgen --target web --out-dir wasm/pkg \
  "$TARGET_DIR/wasm32-unknown-unknown/release/storelab_wasm.wasm"
log "built engine/wasm/pkg/storelab_wasm_bg.wasm ($(wc -c <wasm/pkg/storelab_wasm_bg.wasm) bytes)"
