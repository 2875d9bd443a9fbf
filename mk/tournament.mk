# Tournament director (issue 5): golden Dutch rounds (bbpPairings' outputs), pairing
# property tests, and a CLI smoke test of pair / standings / check-pairings.
.PHONY: deps-tournament test-tournament bench-tournament dutch-golden bench-dutch-scale

TOURNAMENT_GOLDEN := crates/tournament/tests/data/dutch-golden

deps: deps-tournament
# Nothing to install: the bbpPairings outputs are committed as golden files.
deps-tournament:

test: test-tournament
test-tournament: build
	$(CARGO) test --release -p shinpan-tournament
	@set -e; for f in $(TOURNAMENT_GOLDEN)/*.trf; do \
	  $(BIN) pair "$$f" | diff -u "$${f%.trf}.pairs" - ; \
	done; echo "pair: every golden round matches bbpPairings"
	@$(BIN) check-pairings --edition 2017 $(TOURNAMENT_GOLDEN)/bbp-issue_7.trf | tail -1 | grep -q "round 14: ok"
	@$(BIN) standings $(TOURNAMENT_GOLDEN)/bbp-issue_7.trf --format csv --tiebreaks buchholz,sb | head -2 | tail -1 | grep -q '^1,1,'
	@for f in text html json egf; do $(BIN) standings $(TOURNAMENT_GOLDEN)/bbp-issue_7.trf --format $$f > /dev/null; done
	@$(BIN) pair $(TOURNAMENT_GOLDEN)/bbp-dutch_2025_C9.trf --system round-robin > /dev/null
	@$(BIN) pair $(TOURNAMENT_GOLDEN)/bbp-dutch_2025_C9.trf --system mcmahon --json > /dev/null
	@printf '001    1 x\n' > /tmp/shinpan-bad.trf; if $(BIN) pair /tmp/shinpan-bad.trf 2>/dev/null; then echo "bad TRF accepted"; exit 1; fi
	@echo "test-tournament: CLI smoke passed"

# Regenerate the random Dutch golden set (tests/data/dutch-golden/random) with a bbpPairings
# binary: make dutch-golden BBP=/path/to/bbpPairings (not part of `make test`; the committed
# files are what the tests compare against).
DUTCH_GOLDEN_COUNT ?= 300
dutch-golden:
	@test -n "$(BBP)" || { echo "set BBP=/path/to/bbpPairings"; exit 1; }
	rm -rf $(TOURNAMENT_GOLDEN)/random
	python3 scripts/dutch_golden.py generate --bbp "$(BBP)" --out $(TOURNAMENT_GOLDEN)/random --count $(DUTCH_GOLDEN_COUNT) --seed 1

# Dutch round at 100/400/1,000 players and McMahon at 10,000 against bbpPairings' reference
# times (set BBP=/path/to/bbpPairings to time a local build in the same run, and the shinpan
# binary built here as a process beside it). The process timed is target/release/shinpan, the
# copy `build` makes, as a user's installed copy would be: the linker's own output file, still
# in the page cache as the linker wrote it, took 18-28 more page faults per run (0.3-0.5 ms
# of a 4 ms `shinpan pair` here); the same bytes read or copied sequentially do not.
bench-tournament: build
	SHINPAN_BIN=target/release/shinpan $(CARGO) run --release -p shinpan-tournament --example bench_pairing

# Very large Dutch rounds (issue 19), through the shinpan binary with its peak memory: 9,999
# players (the most a TRF numbers) in round 1; 1,000 / 2,000 / 4,000 / 9,999 players in round 2;
# 9,999 players in rounds 3, 4, 5, 7 and 9 (more and smaller score groups). Figures of the last run: crates/tournament/src/
# pairing/dutch.rs (module comment) and README.md. With BBP=/path/to/bbpPairings each file is
# also paired by bbpPairings in the same run (stopped after BBP_LIMIT seconds), with the ratio of
# the wall times and a check that the pairings are the same.
DUTCH_SCALE_DIR ?= /tmp/shinpan-dutch-scale
BBP_LIMIT ?= 600
bench-dutch-scale: build
	$(CARGO) build --release -p shinpan-tournament --example dutch_scale
	mkdir -p $(DUTCH_SCALE_DIR)
	target/release/examples/dutch_scale write 9999 0 $(DUTCH_SCALE_DIR)/9999-r1.trf
	target/release/examples/dutch_scale time $(BIN) $(DUTCH_SCALE_DIR)/9999-r1.trf
	@if [ -n "$(BBP)" ]; then \
	  target/release/examples/dutch_scale versus $(BIN) "$(BBP)" $(DUTCH_SCALE_DIR)/9999-r1.trf $(BBP_LIMIT) || exit 1; \
	fi
	@for run in 1000:1 2000:1 4000:1 9999:1 9999:2 9999:3 9999:4 9999:5 9999:6 9999:7 9999:8; do \
	  n=$${run%:*}; played=$${run#*:}; f=$(DUTCH_SCALE_DIR)/$$n-r$$((played + 1)).trf; \
	  target/release/examples/dutch_scale write $$n $$played $$f && \
	  target/release/examples/dutch_scale time $(BIN) $$f || exit 1; \
	  if [ -n "$(BBP)" ]; then \
	    target/release/examples/dutch_scale versus $(BIN) "$(BBP)" $$f $(BBP_LIMIT) || exit 1; \
	  fi; \
	done
