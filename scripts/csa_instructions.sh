#!/usr/bin/env bash
# The server's own instructions a move under the CSA load, counted by valgrind's callgrind:
# a figure the machine's speed does not move (the games/s of `make bench-csa` vary by half from
# run to run on a shared machine), for comparing two builds of the server's code. It counts
# user-space instructions only (no system calls, no kernel TCP) and runs the server about 50x
# slower, so it says nothing of rates or latency; it counts what the server's code does a move.
#
#   scripts/csa_instructions.sh SHINPAN CSA_LOAD [PAIRS] [SECONDS]
#
# The load's names are warmed up first (a new name's password is hashed once, argon2, which would
# otherwise be most of the count); then the counters are zeroed, the load runs, and the counts
# are dumped. Prints the moves played and the instructions a move (per-game work — logins, the
# summary, the game's row — shared out over its 60 moves).
set -euo pipefail
BIN=${1:?shinpan binary}; LOAD=${2:?csa_load binary}; PAIRS=${3:-4}; SECONDS_=${4:-20}
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
DIR=$(mktemp -d); trap 'kill $SERVER 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$DIR"' EXIT
PORT=${CSA_PORT:-14499}
valgrind --tool=callgrind --callgrind-out-file="$DIR/cg.%p" "$BIN" serve --database "sqlite://$DIR/db" \
  --listen 127.0.0.1:$((PORT + 1)) --csa-listen 127.0.0.1:$PORT --no-default-engines >"$DIR/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 600); do (exec 3<>/dev/tcp/127.0.0.1/$PORT) 2>/dev/null && break; sleep 0.2; done
"$LOAD" --addr 127.0.0.1:$PORT --pairs "$PAIRS" --seconds 4 --prefix i >/dev/null
callgrind_control -z $SERVER >/dev/null 2>&1
"$LOAD" --addr 127.0.0.1:$PORT --pairs "$PAIRS" --seconds "$SECONDS_" --prefix i --json >"$DIR/load.json"
callgrind_control -d $SERVER >/dev/null 2>&1
python3 - "$DIR" <<'PY'
import glob, json, sys
d = sys.argv[1]
load = json.load(open(f"{d}/load.json"))
# The dump after zeroing: cg.<pid>.1 (the final dump at exit is not there yet).
ir = sum(int(l.split()[1]) for f in glob.glob(f"{d}/cg.*.1") for l in open(f, errors="ignore") if l.startswith("summary:"))
moves = load["moves"]
print(f"{load['games']} games, {moves} moves at {load['pairs']} pairs: {ir:,} instructions, {ir // max(moves, 1):,} a move")
PY
