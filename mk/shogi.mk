# Shogi rules core (issue 2): oracle tests against cshogi (PyPI).
.PHONY: deps-shogi test-shogi test-shogi-debug bench-shogi

deps: deps-shogi
deps-shogi: $(PY)
	$(PY) -m pip install --quiet cshogi
	$(PY) -c "import cshogi"

test: test-shogi
test-shogi: build deps-shogi
	$(PY) scripts/cshogi_movegen.py $(BIN) --positions 200000

# Perft and move-application benchmark against rsshogi and haitaka (not part of `make test`).
bench-shogi:
	cargo run --release --manifest-path bench/Cargo.toml --bin shogi_perft -- 5 5

# The unit run is in release (perft tables); replay the rule table and the saved fuzz corpora
# once more with debug assertions on, which check the incremental state (checkers, hash).
test: test-shogi-debug
test-shogi-debug:
	$(CARGO) test -p shinpan-shogi --test rules --test fuzz_corpus
