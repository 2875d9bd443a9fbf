# Engines at the board (issue 16): python-shogi's own CSA client (PyPI, shogi.CSA.TCPProtocol)
# plays every kind of ending against `shinpan serve --csa-listen` (scripts/csa_clients.py).
.PHONY: deps-csa test-csa

deps: deps-csa
deps-csa: $(PY)
	$(PY) -m pip install --quiet python-shogi websockets
	$(PY) -c "import shogi.CSA, websockets.sync.client"
	@test -x /usr/games/fairy-stockfish || { apt-get update -qq && apt-get install -y -qq fairy-stockfish gpsshogi gnugo; } || { sudo apt-get update -qq && sudo apt-get install -y -qq fairy-stockfish gpsshogi gnugo; }

test: test-csa
test-csa: build deps-csa
	$(PY) scripts/csa_clients.py $(BIN)
