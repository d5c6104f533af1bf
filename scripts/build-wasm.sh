#!/usr/bin/env bash
# Builds the WASM engine: storelab-wasm for wasm32-unknown-unknown (release), then wasm-bindgen
# generates the ES-module glue for browsers and workers into engine/wasm/npm/, the npm workspace
# package @storelab/engine (its package.json is committed, the rest is gitignored):
#   storelab_wasm.js, storelab_wasm_bg.wasm, *.d.ts
# and binaryen's wasm-opt (the `binaryen` npm package, a devDependency) optimises the module:
# about 18% smaller and 5–8% faster in `npm run bench` (about 20 s of build time).
# Run scripts/setup.sh first (it installs the matching wasm-bindgen CLI).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT/engine"

want="$(wasm_bindgen_version)"
have="$(installed_wasm_bindgen_version)"
[ "$have" = "$want" ] ||
  die "wasm-bindgen CLI ${have:-missing}, engine/Cargo.lock needs $want: run bash scripts/setup.sh"

# One codegen unit for the WASM build only (the native release profile keeps 4, for the tests'
# build time): the module is about 10% smaller gzipped, and its size no longer moves by kilobytes
# when a module is added or moved, as the split into units changes.
CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 cargo build --release --target wasm32-unknown-unknown -p storelab-wasm
wasm-bindgen --target web --out-dir wasm/npm \
  "$TARGET_DIR/wasm32-unknown-unknown/release/storelab_wasm.wasm"
# The features rustc's wasm32-unknown-unknown target uses by default.
"$ROOT/node_modules/.bin/wasm-opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
  wasm/npm/storelab_wasm_bg.wasm -o wasm/npm/storelab_wasm_bg.wasm
log "built engine/wasm/npm/storelab_wasm_bg.wasm ($(wc -c <wasm/npm/storelab_wasm_bg.wasm) bytes)"
