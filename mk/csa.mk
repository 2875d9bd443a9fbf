# Engines at the board (issue 16): python-shogi's own CSA client (PyPI, shogi.CSA.TCPProtocol)
# plays every kind of ending against `shinpan serve --csa-listen` (scripts/csa_clients.py).
.PHONY: deps-csa test-csa

deps: deps-csa
deps-csa: $(PY)
	$(PY) -m pip install --quiet python-shogi
	$(PY) -c "import shogi.CSA"

test: test-csa
test-csa: build deps-csa
	$(PY) scripts/csa_clients.py $(BIN)
