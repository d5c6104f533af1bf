#!/usr/bin/env bash
# Builds the WASM engine, two modules from one compiled storelab-core (cargo compiles it once and
# links it twice; each module keeps only the code its exports reach):
#   storelab-wasm, the lab's: the Lab class (runs simulations, in the lab's and compare's workers
#     and the figures page's pool), storelab_wasm.js and storelab_wasm_bg.wasm;
#   storelab-wasm-tools, the rest: scenario text checked and edited field by field, the JSON
#     schemas, every system's description, assignments, a sweep's plan and table;
#     storelab_wasm_tools.js and storelab_wasm_tools_bg.wasm.
# Both for wasm32-unknown-unknown (release); wasm-bindgen generates the ES-module glue for
# browsers and workers into engine/wasm/npm/, the npm workspace package @storelab/engine (its
# package.json is committed, the rest is gitignored), and binaryen's wasm-opt (the `binaryen` npm
# package, a devDependency) optimises the modules: -O3 for the lab's, about 18% smaller and 5–8%
# faster in `npm run bench` (about 20 s of build time); -O1 for the tools' (10 s instead of 30,
# its pages wait on no long run, 1.5% larger gzipped than at -O3).
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
CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 cargo build --release --target wasm32-unknown-unknown \
  -p storelab-wasm -p storelab-wasm-tools
for crate in storelab_wasm storelab_wasm_tools; do
  wasm-bindgen --target web --out-dir wasm/npm "$TARGET_DIR/wasm32-unknown-unknown/release/$crate.wasm"
done
# The features rustc's wasm32-unknown-unknown target uses by default.
opt() {
  "$ROOT/node_modules/.bin/wasm-opt" "$1" --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "wasm/npm/$2" -o "wasm/npm/$2"
  log "built engine/wasm/npm/$2 ($(wc -c <"wasm/npm/$2") bytes)"
}
opt -O3 storelab_wasm_bg.wasm
opt -O1 storelab_wasm_tools_bg.wasm
