#!/usr/bin/env bash
# npm run bench: native engine benchmarks (`storelab bench`), then the same scenario natively and
# in WASM under Node, printing events/s for each and their ratio (tests/wasm/bench.mjs; again for
# HAC's cold T1, with the OO7 database's build time, for Thor0's cold T1 and T2b (its mcache) on the medium database,
# for the global-memory cluster's Fig. 18 declustered run (ch3-sim) and Fig. 53's Hybrid (ch5-web),
# and for the opportunistic log at the Fig. 3
# point, with the cost of one SPTF decision over a 24,000-page pool), the time
# to refuse each of issues 12 and 23's limit cases (every system) and the longest stretch the lab's worker runs without
# yielding with each system's heaviest accepted scenario (tests/wasm/robustness-bench.mjs), the wall
# time of Fig. 4-1's sweep under each layout, then the
# browser figures (tests/e2e/bench.mjs): production bundle size (JS + WASM, raw and gzipped), time
# to first animated frame, and frame times in headless Chromium while mob-default plays with every
# view open; and for the <storelab-scenario> element, three on a page (tests/e2e/element-bench.mjs):
# the time from a tag entering the viewport to its first frame, main-thread work per animation
# frame (host page and frames) and memory; and Fig. 4-1's whole sweep in the figures page against
# `storelab sweep` (tests/e2e/figures-bench.mjs). About two minutes in all.
# At the end, every figure against its budget from issue 30 (tests/bench/summary.mjs), from the
# lines each benchmark appended to $BENCH_RESULTS (tests/bench/record.mjs).
# Arguments go to tests/wasm/bench.mjs: [SCENARIO] [--duration S] [--warmup S].
# BROWSER_BENCH_ARGS go to tests/e2e/bench.mjs, e.g. "--seconds 5 --fast 30".
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

export BENCH_RESULTS="${BENCH_RESULTS:-$(mktemp)}"
: >"$BENCH_RESULTS"
# One figure for the summary: record FIGURE VALUE UNIT [MIN]
record() {
  printf '{"figure":"%s","value":%s,"unit":"%s"%s}\n' "$1" "$2" "$3" "${4:+,\"min\":$4}" >>"$BENCH_RESULTS"
}
# storelab bench [SCENARIO], printed, and its events/s and simulated s per wall s recorded for
# SYSTEM (the latter against MIN, if given): native_bench SYSTEM MIN [SCENARIO]
native_bench() {
  local system="$1" min="$2" out
  shift 2
  out="$("$STORELAB_BIN" bench "$@")"
  printf '%s\n' "$out"
  record "$system: native events/s" "$(awk '/^  events\/s:/ { print $2 }' <<<"$out")" "events/s"
  record "$system: native simulated s per wall s" "$(awk '/simulated s per wall s:/ { print $NF }' <<<"$out")" "s/s" "$min"
}

step "setup" bash scripts/setup.sh
step "build the release CLI" cargo build --manifest-path engine/Cargo.toml --release -p storelab-cli
step "build the WASM engine" bash scripts/build-wasm.sh
# Issue 30's budgets: 2.5 times 3,307 (mob-default) and 3,913 (the Fig. 3 point), natively.
step "storelab bench (native)" native_bench mob-default 8268
step "native vs WASM (tests/wasm/bench.mjs)" node tests/wasm/bench.mjs "$@"
step "storelab bench, HAC on OO7: cold T1 (native; HAC's cost per fetch)" native_bench "HAC cold T1" "" scenarios/hac-t1-cold.toml
step "native vs WASM, HAC on OO7: cold T1 (tests/wasm/bench.mjs)" node tests/wasm/bench.mjs scenarios/hac-t1-cold.toml
step "storelab bench, Thor0 on OO7: cold T1, medium database (native; 9112 calls, the collections)" native_bench "Thor0 cold T1" "" scenarios/table3-thor-t1-medium.toml
step "native vs WASM, Thor0: cold T1, medium database (tests/wasm/bench.mjs)" node tests/wasm/bench.mjs scenarios/table3-thor-t1-medium.toml
step "storelab bench, Thor0 on OO7: cold T2b, medium database (native; the OR's mcache and its flusher)" native_bench "Thor0 cold T2b" "" scenarios/thor-t2b-medium.toml
step "native vs WASM, Thor0: cold T2b, medium database (tests/wasm/bench.mjs)" node tests/wasm/bench.mjs scenarios/thor-t2b-medium.toml
step "storelab bench, global memory: Fig. 18's ClSv-Decl, ch3-sim (native; 10 servers, one client)" native_bench "global Fig. 18" "" scenarios/global-fig18-clsv-decl.toml
step "native vs WASM, global memory: Fig. 18's ClSv-Decl (tests/wasm/bench.mjs)" node tests/wasm/bench.mjs scenarios/global-fig18-clsv-decl.toml
step "storelab bench, global memory: Fig. 53's Hybrid, ch5-web (native; 8 servers, 32 web requests)" native_bench "global Fig. 53" "" scenarios/global-fig53-hybrid.toml
step "native vs WASM, global memory: Fig. 53's Hybrid (tests/wasm/bench.mjs)" node tests/wasm/bench.mjs scenarios/global-fig53-hybrid.toml
step "storelab bench, the opportunistic log at the Fig. 3 point (native; one SPTF decision)" native_bench "oplog Fig. 3" 9783 scenarios/oplog-fig3-opportunistic.toml
step "native vs WASM, the opportunistic log at the Fig. 3 point (tests/wasm/bench.mjs)" node tests/wasm/bench.mjs scenarios/oplog-fig3-opportunistic.toml
step "storelab sweep, Fig. 4-1 read-optimized (9 MOB sizes × 3 seeds, all cores)" "$STORELAB_BIN" sweep scenarios/fig4-1-mob-size.toml
step "storelab sweep, Fig. 4-1 write-optimized (the same points; regions, fragments, the cleaner)" "$STORELAB_BIN" sweep scenarios/fig4-1-mob-size-wo.toml
step "refusals and the longest worker slice (tests/wasm/robustness-bench.mjs)" node tests/wasm/robustness-bench.mjs
# shellcheck disable=SC2086 # BROWSER_BENCH_ARGS is a list of words
step "browser: bundle size, first frame, frame times (tests/e2e/bench.mjs)" node tests/e2e/bench.mjs ${BROWSER_BENCH_ARGS:-}
step "browser: three <storelab-scenario> elements on a page (tests/e2e/element-bench.mjs)" node tests/e2e/element-bench.mjs --skip-build
step "browser: Fig. 4-1 whole in the figures page, against storelab sweep (tests/e2e/figures-bench.mjs)" node tests/e2e/figures-bench.mjs --skip-build
node tests/bench/summary.mjs "$BENCH_RESULTS"
