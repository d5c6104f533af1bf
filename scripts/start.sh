#!/usr/bin/env bash
# npm start: set up whatever is missing (scripts/setup.sh), build the WASM engine if it is missing
# or older than the engine sources, then serve the web lab with Vite's dev server on
# http://127.0.0.1:5173/ (the next free port if 5173 is taken), with mob-default loaded.
# Environment: PORT=NNNN picks another first port; HOST=0.0.0.0 serves the network.
# Extra arguments go to vite, e.g. `npm start -- --open`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

step "setup" bash scripts/setup.sh
ensure_wasm

host="${HOST:-127.0.0.1}"
port="${PORT:-5173}"
# The first free port from $port on (Vite would pick one too, but we want to print it).
port="$(node -e '
  const net = require("node:net");
  const host = process.argv[1];
  let p = Number(process.argv[2]);
  const tryPort = () => {
    const s = net.createServer();
    s.once("error", () => { p++; tryPort(); });
    s.listen(p, host, () => s.close(() => console.log(p)));
  };
  tryPort();
' "$host" "$port")"

url="http://$host:$port/"
log "────────────────────────────────────────────────────────────"
log " Storelab lab:      $url"
log " Lessons:           ${url}lessons/"
log " Embed (iframe):    ${url}embed/?views=MobView,DiskView#sc=mob-default"
log " Stop with Ctrl+C."
log "────────────────────────────────────────────────────────────"
cd web
exec node ../node_modules/vite/bin/vite.js --host "$host" --port "$port" --strictPort "$@"
