# Tournament director extras (issue 5).
# - Direct encounter (FIDE C.07 art. 6) and the Buchholz family, SB, progressive score and wins
#   against the PyPI library tiebreak-core: the committed oracle files must be what
#   tiebreak-core computes for the committed tournaments (the Rust test
#   direct_encounter_oracle compares shinpan's values with them).
# - bench-tournament-mcmahon: every McMahon round of a 10,000-player field, timed.
.PHONY: deps-tournament-extra test-tournament-extra de-oracle-tournament bench-tournament-mcmahon

TOURNAMENT_DE := crates/tournament/tests/data/de-oracle

deps: deps-tournament-extra
deps-tournament-extra: $(PY)
	$(PY) -m pip install --quiet tiebreak-core==1.2.0
	$(PY) -c "import tiebreak_core"

test: test-tournament-extra
test-tournament-extra: deps-tournament-extra
	$(PY) scripts/de_oracle.py $(TOURNAMENT_DE) | diff -u $(TOURNAMENT_DE)/oracle.txt -
	$(PY) scripts/de_oracle.py --values $(TOURNAMENT_DE) | diff -u $(TOURNAMENT_DE)/values.txt -
	$(CARGO) test --release -p shinpan-tournament --test direct_encounter_oracle
	@echo "test-tournament-extra: tie-breaks agree with tiebreak-core"

# Regenerate the tournaments and the oracle's tiers.
de-oracle-tournament: deps-tournament-extra
	rm -f $(TOURNAMENT_DE)/*.trf
	$(CARGO) run --release -p shinpan-tournament --example de_cases -- $(TOURNAMENT_DE) 60
	$(PY) scripts/de_oracle.py $(TOURNAMENT_DE) > $(TOURNAMENT_DE)/oracle.txt
	$(PY) scripts/de_oracle.py --values $(TOURNAMENT_DE) > $(TOURNAMENT_DE)/values.txt

bench-tournament-mcmahon:
	$(CARGO) run --release -p shinpan-tournament --example mcmahon_rounds -- 10000 8
