# Go rules core (issue 3): differential tests against GNU Go 3.8 over GTP.
.PHONY: deps-go test-go bench-go

deps: deps-go
deps-go:
	@test -x /usr/games/gnugo || { apt-get update -qq && apt-get install -y -qq gnugo; } || { sudo apt-get update -qq && sudo apt-get install -y -qq gnugo; }
	@/usr/games/gnugo --version | head -1

# Board/captures/legality on 200 random games per size, then GNU Go self-play games scored by
# `shinpan check` against GNU Go's final_score, and games finished after the third pass (rfg
# 7.1: GNU Go plays the filling moves) counted by the referee like final_score. The crates' own
# unit tests run in `make unit`.
test: test-go
test-go: build deps-go
	$(CARGO) test -p shinpan --release --test go_gnugo --test go_gnugo_score -- --ignored --nocapture --test-threads=2
	$(CARGO) test -p shinpan-arbiter --release --test go_finishing_gnugo -- --ignored --nocapture

# Random 19x19 playouts (moves/s) and scoring a finished 19x19 board (µs), beside GNU Go over GTP.
bench-go: deps-go
	$(CARGO) test -p shinpan --release --test go_bench -- --ignored --nocapture

# Regenerate examples/go_*.sgf from GNU Go self-play (not part of `make test`).
.PHONY: examples-go
examples-go: deps-go
	$(CARGO) test -p shinpan --release --test go_examples -- --ignored --nocapture
