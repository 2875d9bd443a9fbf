# Tournament director extras (issue 5): every McMahon round of a 10,000-player field, timed
# (the weighted later rounds, pl 8.2.4), next to bench-tournament's round 3.
.PHONY: bench-tournament-mcmahon

bench-tournament-mcmahon:
	$(CARGO) run --release -p shinpan-tournament --example mcmahon_rounds -- 10000 8
