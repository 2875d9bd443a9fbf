#!/usr/bin/env bash
# Issue 16's CSA benchmark: the same scripted load (crates/server/examples/csa_load.rs: PAIRS
# pairs playing a fixed 60-move game then %TORYO, game after game, for SECONDS) against
# `shinpan serve --csa-listen` on SQLite (every move durable before its echo), with IDLE silent
# connections held meanwhile; then, when SHOGI_SERVER names a checkout of the Ruby shogi-server
# (github.com/TadaoYamaoka/shogi-server, run locally, never committed) and ruby is installed,
# against it too, and the ratio of games per second. shogi-server refuses connections past 100,
# so it gets no idle connections. When FLOOR names crates/server/examples/csa_floor (built by
# `make bench-csa`), the same load runs against that stand-in too: a server that only makes each
# move durable and echoes it, the most any server that does so can reach on this machine. RUNS
# rounds, the servers taking turns within each, so that all meet the same state of the machine;
# the medians are compared.
# Usage: scripts/bench_csa.sh BIN LOAD   (make bench-csa)
set -euo pipefail
BIN=$1 LOAD=$2
PAIRS=${PAIRS:-50} SECONDS_=${SECONDS_:-20} IDLE=${IDLE:-10000} RUNS=${RUNS:-3}
dir=$(mktemp -d /tmp/shinpan-bench-csa.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# A process's CPU time so far (user + system), in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# The JSON of a run with the server's CPU time per move added (µs), from ticks before and after.
with_cpu() { python3 -c 'import json,os,sys; o=json.loads(sys.argv[1]); t=(int(sys.argv[3])-int(sys.argv[2]))/os.sysconf("SC_CLK_TCK"); o["server_cpu_us_per_move"]=round(t*1e6/max(o["moves"],1),1); print(json.dumps(o))' "$@"; }
# One timed run of the load against the server PID on PORT (names PREFIX, IDLE idle connections):
# its JSON, with the server's CPU time per move.
measure() {
  local c0 o
  c0=$(cpu_ticks "$1")
  o=$("$LOAD" --addr "127.0.0.1:$2" --pairs "$PAIRS" --seconds "$SECONDS_" --idle "$4" --prefix "$3" --json)
  with_cpu "$o" "$c0" "$(cpu_ticks "$1")"
}
wait_port() { for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; echo "nothing listens on $1" >&2; return 1; }

http=$(free_port) csa=$(free_port)
"$BIN" serve --database "sqlite://$dir/bench.db" --listen "127.0.0.1:$http" --csa-listen "127.0.0.1:$csa" \
  --no-default-engines >"$dir/shinpan.log" 2>&1 &
pids+=($!)
shinpan_pid=$!
wait_port "$csa"
# One short warm-up: the players' accounts are created (a password hash each) before the clock runs.
"$LOAD" --addr "127.0.0.1:$csa" --pairs "$PAIRS" --seconds 1 --prefix b >/dev/null

ruby_port=
if [[ -n "${SHOGI_SERVER:-}" && -x "$(command -v ruby)" ]]; then
  ruby_port=$(free_port)
  # exec: the pid kept is ruby's own, so that the cleanup stops it.
  (cd "$dir" && exec ruby "$SHOGI_SERVER/shogi-server" --max-moves 0 --least-time-per-move 0 bench "$ruby_port" \
    >"$dir/shogi-server.log" 2>&1) &
  pids+=($!)
  ruby_pid=$!
  wait_port "$ruby_port"
  "$LOAD" --addr "127.0.0.1:$ruby_port" --pairs "$PAIRS" --seconds 1 --prefix r >/dev/null || true
fi

floor_port=
if [[ -n "${FLOOR:-}" ]]; then
  floor_port=$(free_port)
  "$FLOOR" "127.0.0.1:$floor_port" "$dir/floor.log" >"$dir/floor.out" 2>&1 &
  pids+=($!)
  floor_pid=$!
  wait_port "$floor_port"
fi

ours=() theirs=() floors=()
for run in $(seq "$RUNS"); do
  o=$(measure "$shinpan_pid" "$csa" b "$IDLE")
  echo "run $run: shinpan serve (SQLite, durable moves), $PAIRS pairs, $IDLE idle connections:"
  echo "  $o"
  echo "  server memory: $(ps -o rss= -p "$shinpan_pid" | awk '{printf "%.0f MB", $1/1024}')"
  ours+=("$o")
  if [[ -n "$ruby_port" ]]; then
    t=$(measure "$ruby_pid" "$ruby_port" r 0)
    echo "run $run: Ruby shogi-server ($SHOGI_SERVER), $PAIRS pairs:"
    echo "  $t"
    theirs+=("$t")
  fi
  if [[ -n "$floor_port" ]]; then
    f=$(measure "$floor_pid" "$floor_port" f "$IDLE")
    echo "run $run: the floor (csa_floor: durable echo, nothing else), $PAIRS pairs, $IDLE idle connections:"
    echo "  $f"
    floors+=("$f")
  fi
done

python3 - "${#ours[@]}" "${#theirs[@]}" "${ours[@]}" "${theirs[@]}" "${floors[@]}" <<'PY'
import json, statistics, sys
n, m = int(sys.argv[1]), int(sys.argv[2])
ours = [json.loads(a) for a in sys.argv[3:3 + n]]
theirs = [json.loads(a) for a in sys.argv[3 + n:3 + n + m]]
floors = [json.loads(a) for a in sys.argv[3 + n + m:]]
def summary(name, runs):
    """The median games/s of `runs`, and the line that gives their medians under `name`."""
    med = lambda f: statistics.median(f(r) for r in runs)
    gps = med(lambda r: r["games_per_s"])
    p99 = med(lambda r: r["delivery_ms"]["p99"])
    cpu = med(lambda r: r["server_cpu_us_per_move"])
    return gps, (f"{name}, median of {len(runs)} runs: {gps:.1f} games/s, p99 delivery {p99:.2f} ms, {cpu:.0f} µs of "
                 "server CPU a move (games/s " + ", ".join("%.1f" % r["games_per_s"] for r in runs) + ")")
gps, line = summary("shinpan", ours)
print(line)
if theirs:
    tgps, line = summary("shogi-server", theirs)
    print(line)
    print(f"ratio of the medians (games/s): {gps / tgps:.1f}x")
else:
    print("No SHOGI_SERVER checkout (or no ruby): the reference is the issue's figure for the Ruby "
          f"shogi-server, about 14 games/s on this machine; ratio {gps / 14:.1f}x of it.")
if floors:
    fgps, line = summary("the floor", floors)
    print(f"{line}; shinpan at {100 * gps / fgps:.0f} % of it" + (f", the floor at {fgps / tgps:.1f}x shogi-server" if theirs else ""))
PY
