# Engines at the board (issue 16): python-shogi's own CSA client (PyPI, shogi.CSA.TCPProtocol)
# plays every kind of ending against `shinpan serve --csa-listen`, and against the USI engines the
# server seats (scripts/csa_clients.py; fairy-stockfish from mk/engines.mk).
.PHONY: deps-csa test-csa

deps: deps-csa
deps-csa: $(PY) deps-engines
	$(PY) -m pip install --quiet python-shogi websockets
	$(PY) -c "import shogi.CSA, websockets.sync.client"

test: test-csa
test-csa: build deps-csa
	$(PY) scripts/csa_clients.py $(BIN)

# The CSA benchmark (issue 16; scripts/bench_csa.sh): PAIRS pairs of ordinary clients for SECONDS_
# against `shinpan serve`, IDLE connections held, and the Ruby shogi-server beside it when
# SHOGI_SERVER names a local checkout of it, and the floor (csa_floor: a stand-in that only makes
# each move durable and echoes it). Not part of `make test`.
.PHONY: bench-csa
bench-csa: build
	$(CARGO) build --release -p shinpan-server --example csa_load --example csa_floor
	FLOOR=target/release/examples/csa_floor scripts/bench_csa.sh $(BIN) target/release/examples/csa_load

# The server's own instructions a move under the same load, counted by callgrind: a figure the
# machine's speed does not move, for comparing builds (scripts/csa_instructions.sh; docs/csa.md).
.PHONY: bench-csa-instructions
bench-csa-instructions: build
	@command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; } || { sudo apt-get update -qq && sudo apt-get install -y -qq valgrind; }
	$(CARGO) build --release -p shinpan-server --example csa_load
	scripts/csa_instructions.sh $(BIN) target/release/examples/csa_load
