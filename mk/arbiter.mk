# The referee (issue 4): differential test of `shinpan check` against cshogi (PyPI) — random
# games to mate or resignation, fourfold repetitions, 27-point declarations.
.PHONY: deps-arbiter test-arbiter bench-arbiter

deps: deps-arbiter
deps-arbiter: $(PY)
	$(PY) -m pip install --quiet cshogi
	$(PY) -c "import cshogi"

test: test-arbiter
test-arbiter: build deps-arbiter
	$(PY) crates/arbiter/scripts/cshogi_games.py $(BIN)

# Adjudication throughput on 20 000 random cshogi games (not part of `make test`).
bench-arbiter: build deps-arbiter
	$(PY) crates/arbiter/scripts/cshogi_games.py $(BIN) --games 20000 --declarations 0 --shuffles 0
