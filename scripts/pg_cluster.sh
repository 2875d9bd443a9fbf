#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the server tests (make test-server): `start DIR` runs initdb
# in DIR and starts a server on a unix socket in DIR (no TCP), printing its URL; `stop DIR` stops
# it. As root (sessions and CI), the cluster runs as the `postgres` user, since initdb and
# postgres refuse root. Debian's postgresql package provides the binaries.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "pg_cluster.sh: no PostgreSQL in /usr/lib/postgresql (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case $cmd in
  start)
    if [ -f "$dir/data/postmaster.pid" ]; then as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
    as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-k $dir -c listen_addresses= -c max_connections=200" start >/dev/null
    echo "postgres://postgres@localhost/postgres?host=$dir"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    rm -rf "$dir"
    ;;
  *) echo "usage: pg_cluster.sh start|stop DIR" >&2; exit 2 ;;
esac
