#!/usr/bin/env bash
# Issue 16's CSA benchmark: the same scripted load (crates/server/examples/csa_load.rs: PAIRS
# pairs playing a fixed 60-move game then %TORYO, game after game, for SECONDS) against
# `shinpan serve --csa-listen` on SQLite (every move durable before its echo), with IDLE silent
# connections held meanwhile; then, when SHOGI_SERVER names a checkout of the Ruby shogi-server
# (github.com/TadaoYamaoka/shogi-server, run locally, never committed) and ruby is installed,
# against it too, and the ratio of games per second. shogi-server refuses connections past 100,
# so it gets no idle connections.
# Usage: scripts/bench_csa.sh BIN LOAD   (make bench-csa)
set -euo pipefail
BIN=$1 LOAD=$2
PAIRS=${PAIRS:-50} SECONDS_=${SECONDS_:-20} IDLE=${IDLE:-10000}
dir=$(mktemp -d /tmp/shinpan-bench-csa.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; echo "nothing listens on $1" >&2; return 1; }

http=$(free_port) csa=$(free_port)
"$BIN" serve --database "sqlite://$dir/bench.db" --listen "127.0.0.1:$http" --csa-listen "127.0.0.1:$csa" \
  --no-default-engines >"$dir/shinpan.log" 2>&1 &
pids+=($!)
wait_port "$csa"
# One short warm-up: the players' accounts are created (a password hash each) before the clock runs.
"$LOAD" --addr "127.0.0.1:$csa" --pairs "$PAIRS" --seconds 1 --prefix b >/dev/null
echo "shinpan serve (SQLite, durable moves), $PAIRS pairs, $IDLE idle connections:"
ours=$("$LOAD" --addr "127.0.0.1:$csa" --pairs "$PAIRS" --seconds "$SECONDS_" --idle "$IDLE" --prefix b --json)
echo "  $ours"
echo "  server memory: $(ps -o rss= -p "${pids[0]}" | awk '{printf "%.0f MB", $1/1024}')"

if [[ -n "${SHOGI_SERVER:-}" && -x "$(command -v ruby)" ]]; then
  port=$(free_port)
  (cd "$dir" && ruby "$SHOGI_SERVER/shogi-server" --max-moves 0 --least-time-per-move 0 bench "$port" \
    >"$dir/shogi-server.log" 2>&1) &
  pids+=($!)
  wait_port "$port"
  "$LOAD" --addr "127.0.0.1:$port" --pairs "$PAIRS" --seconds 1 --prefix r >/dev/null || true
  echo "Ruby shogi-server ($SHOGI_SERVER), $PAIRS pairs:"
  theirs=$("$LOAD" --addr "127.0.0.1:$port" --pairs "$PAIRS" --seconds "$SECONDS_" --prefix r --json)
  echo "  $theirs"
  python3 - "$ours" "$theirs" <<'PY'
import json, sys
o, t = (json.loads(a) for a in sys.argv[1:])
print(f"ratio (games/s): {o['games_per_s'] / t['games_per_s']:.1f}x  "
      f"(p99 delivery {o['delivery_ms']['p99']:.2f} ms vs {t['delivery_ms']['p99']:.2f} ms)")
PY
else
  echo "No SHOGI_SERVER checkout (or no ruby): the reference is the issue's figure for the Ruby shogi-server,"
  echo "about 14 games/s on this machine; ratio $(python3 -c "import json,sys; print(round(json.loads(sys.argv[1])['games_per_s']/14,1))" "$ours")x of it."
fi
