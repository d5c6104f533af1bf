#!/usr/bin/env bash
# npm start (for now): set up, build the release CLI and run the default MOB scenario, printing
# its result. Extra arguments go to `storelab run`, e.g. `npm start -- --set client.count=6 --json`.
# (The web lab replaces this once web/ exists.)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

step "setup" bash scripts/setup.sh
step "build the release CLI" cargo build --manifest-path engine/Cargo.toml --release -p storelab-cli
log "storelab run scenarios/mob-default.toml $*"
exec "$STORELAB_BIN" run scenarios/mob-default.toml "$@"
