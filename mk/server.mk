# The live server (issue 15): its integration tests over real sockets run on SQLite in `make unit`
# and here again on PostgreSQL, in a throwaway cluster of their own (initdb in a temporary
# directory, a unix socket, no TCP; scripts/pg_cluster.sh). Debian's postgresql package gives
# the binaries.
.PHONY: deps-server test-server

PG_TEST_DIR := /tmp/shinpan-pg-$(shell id -u)-$(notdir $(CURDIR))

deps: deps-server
deps-server:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq postgresql; } || { sudo apt-get update -qq && sudo apt-get install -y -qq postgresql; }
	@ls /usr/lib/postgresql/*/bin/initdb

test: test-server
test-server: deps-server
	@set -e; url=$$(scripts/pg_cluster.sh start $(PG_TEST_DIR)); \
	trap 'scripts/pg_cluster.sh stop $(PG_TEST_DIR)' EXIT; \
	SHINPAN_TEST_POSTGRES="$$url" $(CARGO) test --release -p shinpan-server --test live --test tournaments -- --ignored

# The live server under load on loopback (crates/server/examples/bench_server.rs): a single-commit
# baseline, throughput, latency at 5,000 moves/s offered, memory per live game, restart time.
# GAMES and SECONDS choose the size (the README's figures: 10000 and 10). Not part of `make test`.
.PHONY: bench-server
GAMES ?= 10000
SECONDS ?= 10
bench-server: build
	$(CARGO) run --release -p shinpan-server --example bench_server -- $(GAMES) $(SECONDS)
