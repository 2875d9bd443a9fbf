# Tournament director extras (issue 5).
# - Tie-breaks against the PyPI library tiebreak-core (FIDE C.07, fide-2024 rules): direct
#   encounter (art. 6), the Buchholz family, Sonneborn-Berger, progressive score and wins, with
#   the 2024 unplayed-round rule (art. 16). The committed oracle files must be what tiebreak-core
#   computes for the committed tournaments; the Rust test direct_encounter_oracle compares
#   shinpan's values with them.
# - bench-tournament-mcmahon: every McMahon round of a 10,000-player field, timed.
.PHONY: deps-tournament-extra test-tournament-extra tiebreak-oracle-tournament bench-tournament-mcmahon

TOURNAMENT_TB := crates/tournament/tests/data/de-oracle crates/tournament/tests/data/de-unplayed

deps: deps-tournament-extra
deps-tournament-extra: $(PY)
	$(PY) -m pip install --quiet tiebreak-core==1.2.0
	$(PY) -c "import tiebreak_core"

test: test-tournament-extra
test-tournament-extra: deps-tournament-extra
	@set -e; for d in $(TOURNAMENT_TB); do \
	  $(PY) scripts/de_oracle.py $$d | diff -u $$d/oracle.txt - ; \
	  $(PY) scripts/de_oracle.py --values $$d | diff -u $$d/values.txt - ; \
	done
	$(CARGO) test --release -p shinpan-tournament --test direct_encounter_oracle
	@echo "test-tournament-extra: tie-breaks agree with tiebreak-core"

# Regenerate the tournaments and the oracle's files.
tiebreak-oracle-tournament: deps-tournament-extra
	rm -f crates/tournament/tests/data/de-oracle/*.trf crates/tournament/tests/data/de-unplayed/*.trf
	$(CARGO) run --release -p shinpan-tournament --example de_cases -- crates/tournament/tests/data/de-oracle 60
	$(CARGO) run --release -p shinpan-tournament --example de_cases -- crates/tournament/tests/data/de-unplayed 40 --unplayed
	@for d in $(TOURNAMENT_TB); do \
	  $(PY) scripts/de_oracle.py $$d > $$d/oracle.txt; \
	  $(PY) scripts/de_oracle.py --values $$d > $$d/values.txt; \
	done

bench-tournament-mcmahon:
	$(CARGO) run --release -p shinpan-tournament --example mcmahon_rounds -- 10000 8
