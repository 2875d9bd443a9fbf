# FESA rating (issue 5, fesa-2017 15): the golden test over the official program's archive and
# the CLI on archived tournaments, byte for byte. Rust only: nothing to install.
.PHONY: deps-rating test-rating bench-rating bench-rating-scale

RATING_DATA := crates/rating/tests/data/fesa-rating

deps: deps-rating
deps-rating:

test: test-rating
test-rating: build
	$(CARGO) test -p shinpan-rating --release --test fesa_golden --test fesa_rules --test fesa_fuzz_corpus
	$(BIN) rate fesa --list $(RATING_DATA)/13th_nekomadoken/ratingliste.pre \
	  --tournament $(RATING_DATA)/13th_nekomadoken/turnering.txt \
	  --new-players $(RATING_DATA)/13th_nekomadoken/nye-spillere \
	  | cmp - $(RATING_DATA)/13th_nekomadoken/ratingliste.post
	$(BIN) rate fesa --all-txt --list $(RATING_DATA)/24th_nekomadoken/ratingliste.pre \
	  --tournament $(RATING_DATA)/24th_nekomadoken/turnering.txt \
	  --new-players $(RATING_DATA)/24th_nekomadoken/nye-spillere \
	  | cmp - $(RATING_DATA)/24th_nekomadoken/all.txt
	@# Without --list: the club's first event (all players new) gives the archived 1st post list.
	$(BIN) rate fesa --tournament $(RATING_DATA)/1st_nekomadoken/1st_nekomadoken/turnering.txt \
	  --new-players $(RATING_DATA)/1st_nekomadoken/1st_nekomadoken/nye-spillere \
	  | cmp - $(RATING_DATA)/1st_nekomadoken/ratingliste.post
	@# --json: N37 (new in 5th, 2 pseudo-games + 2 games) as the archived 13th list has him.
	$(BIN) rate fesa --json --list $(RATING_DATA)/13th_nekomadoken/ratingliste.pre \
	  --tournament $(RATING_DATA)/13th_nekomadoken/turnering.txt \
	  --new-players $(RATING_DATA)/13th_nekomadoken/nye-spillere \
	  | grep -q '^\[{"name":"N37","rating":2580,"games":4,"grade":null},'
	@# Bad input: exit code 2 and a message naming the line (13th without its new players).
	@$(BIN) rate fesa --list $(RATING_DATA)/13th_nekomadoken/ratingliste.pre \
	  --tournament $(RATING_DATA)/13th_nekomadoken/turnering.txt 2>&1 >/dev/null \
	  | grep -q "turnering.txt:13: unknown player N55" && \
	  $(BIN) rate fesa --list $(RATING_DATA)/13th_nekomadoken/ratingliste.pre \
	  --tournament $(RATING_DATA)/13th_nekomadoken/turnering.txt >/dev/null 2>&1; test $$? -eq 2
	@echo "test-rating: archived 1st (no list) and 13th post lists and 24th all.txt reproduced by the CLI; bad input exits 2"

# Recompute the whole fixture chain (30 tournaments) 50 times and report the time per chain.
bench-rating:
	$(CARGO) run --release -p shinpan-rating --example fesa_chain -- 50

# A tournament of 100,000 new players (4 games each) rated as `rate fesa` does: linear in the
# players (it was quadratic: 20,000 took 2.4 s, 100,000 over 20 s).
bench-rating-scale:
	$(CARGO) run --release -p shinpan-rating --example fesa_scale -- 100000
