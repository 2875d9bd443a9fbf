# Engines at the board (issue 16): `shinpan match` with Debian's engines (GNU Go over GTP,
# fairy-stockfish and gpsshogi over USI), crates/cli/tests/engine_match.rs; GNU Go seated by the
# server on both sides of Go games, counted as GNU Go counts (crates/server/tests/engine_seats.rs).
.PHONY: deps-engines test-engines

deps: deps-engines
deps-engines:
	@test -x /usr/games/fairy-stockfish -a -x /usr/games/gpsusi -a -x /usr/games/gnugo || { apt-get update -qq && apt-get install -y -qq fairy-stockfish gpsshogi gnugo; } || { sudo apt-get update -qq && sudo apt-get install -y -qq fairy-stockfish gpsshogi gnugo; }

test: test-engines
test-engines: deps-engines
	$(CARGO) test --release -p shinpan --test engine_match -- --ignored --test-threads 1
	$(CARGO) test --release -p shinpan-server --test engine_seats -- --ignored
