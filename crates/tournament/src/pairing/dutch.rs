//! FIDE Dutch system, C.04.3 (edition approved 2025), as a sequence of maximum-weight matchings.
//!
//! Every quality criterion of C.04.3 §C becomes a bit field of one edge weight, most important
//! first, so one maximum-weight matching over *all* unpaired players optimises a bracket while
//! keeping the rest of the round completable (C.4). This is the method the FIDE-endorsed
//! bbpPairings engine documents; shinpan implements it independently and its golden tests
//! (`tests/data/dutch-golden/`) compare round for round with bbpPairings' output.
//!
//! How a round is solved (and why it is fast): one `matching::Incremental` over all players
//! is first solved for completability only (C.4, and the lowest bye score for odd counts);
//! then each bracket has its own over itself, its next group and stand-ins for the players
//! below them (see the stand-ins further down), and raises the weights of its own edges
//! (the moved-down players, the resident score group and the next group: the only vertices
//! whose weights differ from the completion weights), and every decision below (which MDPs
//! are paired, exchanges, each S1 player's opponent) changes a few edges and re-solves from
//! the previous optimum, never from scratch. The matcher repairs an optimum greedily along
//! tight edges before running blossom stages, and each pair fixed for good leaves its scans,
//! so later brackets work on an ever smaller graph. Weights are packed integers of exactly
//! as many 64-bit limbs as the round's fields need, with the score-indexed fields laid out per
//! bracket over the scores present there (3 limbs at 100 players, 4 at 400, 5 at 1,000), and the
//! per-player inputs of a weight (score, floats, bye eligibility) are computed once per round.
//! `cargo run --release -p shinpan-tournament --example bench_pairing` times it; the same
//! example's `--equiv-dump`/`--equiv-check` compare pairings before and after a change.
//!
//! Very large fields (`make bench-dutch-scale`; `dutch_scale pair FILE` makes the same library
//! call in-process and prints each phase's time): round 1 builds no graph (`structural`: 9,999
//! players in 0.06 s and 21 MB). A later round is the matching over all players on the
//! complete graph, but that graph now costs 4 bytes per pair of players instead of about 60
//! (`matching::Weights`: an edge is an index into a table holding each distinct weight once;
//! its endpoints are computed from its index; a bit per allowed-edge flag; a stage's edge
//! lists bounded), so memory is within the issue's 1 GB: round 2 of 1,000 / 2,000 / 4,000 /
//! 9,999 players peaks at 8 / 18 / 56 / 488 MB (was 33 / 108 / 498 MB and 3.4 GB), round 5 of
//! 2,000 players at 26 MB. The pairings are byte for byte those of the binary before the change
//! (round 2 at all four sizes, round 5 of 2,000; and the test suites). Time is not within the issue's 10 s: 1,000 players 0.6 s,
//! 2,000 2.4 s, 4,000 8.2 s in round 2 (2,000 in round 5: 4.3 s); 9,999 players in round 2
//! took 89 s on a quieter machine (286 s beside another 9,999-player run and others' builds;
//! the code before took 503 s and 3.4 GB beside such a run), and round 5 of 9,999 players
//! (nine score groups) took 906 s under that load, peak 787 MB: 30 s to the first matching,
//! then 417 s and 350 s in two brackets' first matchings, the rest in seconds.
//! Where round 2 of 9,999 players spends its 89 s: 2.4 s setting the weights, 14.5 s for the
//! first matching (C.4 and the bye's score), 43 s for the first bracket's first matching (the
//! weights after the bye's score and the bracket's own change nearly every edge, and the
//! repair then frees every vertex in turn), 12 s and 9 s for the next two brackets' first
//! matchings, and about 1.5 s per 1,000 players for the decisions one player at a time (D.1,
//! exchanges). So what remains is the bulk re-solves over the whole field: a matching over
//! the bracket, the next score group and only as much of the rest as completion (C.4) needs.
//! (Solving the first bracket from scratch instead of repairing was tried: faster at 2,000
//! players, slower at 9,999 in a run under load, so left out.)
//! Since then two warm starts that use the shape of the weights (outside the bracket being
//! paired an edge's weight is a sum of per-player terms: C.4 with C.2, and C.9): the first
//! solve starts from duals of those terms (`Incremental::seed_duals`), so nearly every edge
//! is tight and the greedy pass pairs nearly everyone; and when the bye's score is known each
//! player's dual moves by its own share of the new weights (`Incremental::shift_dual`), so only
//! the top group is repaired, not the whole field. Same optimum, same certificate: the
//! pairings are byte for byte those before (1,000/1,001/2,000/2,001/3,999/4,000/9,999 players
//! in round 2, 1,001 in round 4, 2,000/2,001 in round 5, `dutch_scale pair` before and after).
//! Measured with each binary run in turn (load about 3 on 2 cores): round 2 of 4,000 players
//! 3.45 -> 3.1 s, of 3,999 5.8 -> 3.8-4.5 s, round 5 of 2,001 3.7-4.1 -> 1.7-1.9 s, of 2,000
//! 0.9 s unchanged; round 2 of 9,999 players 46.2 -> 35.5 s, peak 500 -> 374 MB, the first
//! matching 1.3 s. What is left at 9,999 (35.5 s): 17.5 s in the first bracket's own repair
//! (its thousands of players all change), about 7 s and 5 s in the next two brackets' first
//! matchings, the rest the decisions one player at a time.
//! Then five changes found with `perf` (issue 19, same pairings byte for byte
//! on every `dutch_scale` case: 1,000/1,001/2,000/2,001/3,999/4,000 players in rounds 2–5,
//! 9,999 in rounds 2 and 5): the matching keeps its weights as a full matrix, each edge twice,
//! so a vertex's edges are read in memory order (two thirds of `least_dual` was one cache miss
//! per edge; 400 MB of indices at 9,999 players, peak 374 -> 580 MB); `Big` compares without
//! `memcmp`; C.1/C.3 compatibility comes from per-round bit rows (`Pairer::compatible`);
//! `isolate` writes only the live vertices' edges; and D.1 keeps the optimum at hand when it
//! already pairs an S1 player with the highest S2 player he can meet (half of them). Measured
//! with `/usr/bin/time -v`, main's binary then this one, load 1.4–3.6 on 2 cores: round 2 of
//! 9,999 players 27.2 -> 16.5 s user time (31.7 -> 19.3 s wall), peak 374 -> 582 MB; round 5
//! 112.8 -> 83.2 s (1:56 -> 1:33 wall), peak 413 -> 621 MB. Still above the issue's 10 s.
//! Where round 5 goes: each bracket's first matching (2–6 s at 9,999 players), and re-solves
//! whose alternating trees cross into the players outside the bracket, all tight among
//! themselves (a bracket player matched outside opens that region), so every stage scans
//! thousands of them: 88 free players took 11 s. At 3,999 players in round 4 one bracket's
//! first matching ran hundreds of stages of one augmenting path each (22 s of 24); symmetric
//! starting duals cut that one to 2 s but cost as much elsewhere, so they are left out.
//! Then each bracket got a matching of its own (`Pairer::enter`): below the bracket and its
//! next score group every edge is a sum of per-player terms (C.4 with C.2, and C.9), so those
//! players are replaced by 64 interchangeable stand-ins (a player of the bracket paired to one
//! weighs as if paired to the best player below), and each solve is proven to be the optimum
//! over all players left (`Pairer::certified`: two stand-ins spare, and the players paired
//! below each get a compatible player there while the rest of them still pair among
//! themselves, C.1/C.3/C.4) or the bracket is paired again over all of them. The matching
//! first solves the per-player weights from their own duals (all tight) and then takes the
//! bracket's weights as a repair, as before. Same pairings byte for byte on every `dutch_scale`
//! case above and with 0, 2 (often too few: brackets paired again) and 8 stand-ins in
//! `stand_ins_for_the_players_below_pair_as_the_matching_over_all_players`. Measured with
//! `/usr/bin/time` (user time), main's binary then this one, load 3–6 on 2 cores: round 5 of
//! 9,999 players 86.6 -> 36.3 s, peak 620 -> 430 MB; round 2 of 9,999 20.4 -> 18.2 s, peak
//! 582 -> 431 MB; round 4 of 3,999 29.9 -> 16.9 s, of 4,000 9.8 -> 9.3 s. Still above the
//! issue's 10 s, and what is left is inside the brackets, not the players below them: in
//! round 2 of 9,999 the first bracket's first matching (the two top groups, 6,194 players,
//! all of whose weights change; the 3,806 below are 64 stand-ins) takes about 6 s as it did
//! over all 10,000, the second bracket's (the last two groups) 5 s, the third's 1.4 s; in
//! round 5 one bracket of 4,400 players takes 7 s for its first matching and 4–9 s for each
//! of three re-solves of its exchanges (a run at load 4). The repair there frees thousands
//! of players whose weights all changed, and each stage augments one path over the bracket:
//! the next step is the matcher's (several augmentations per stage, or duals for the
//! bracket's own weights as the per-player ones are for the rest).
//! Then the weights' own cost (issue 19): `edge` built each of a bracket's 18 million weights
//! field by field, and `run` each of the round's 50 million twice; apart from C.1/C.3 a weight
//! depends on its players only through a few attributes (score, score field, bye eligibility,
//! C.9 term, colour state, floats), so each loop over many pairs memoises the weight per pair
//! of such classes (`Memo`, same function, same values). Same pairings byte for byte on every
//! `dutch_scale` case and the 1,441 rounds of `bench_pairing --equiv-check`. User time,
//! main's binary and this one run in turn, load 2–5 on 2 cores (runs of one binary vary by
//! 2 s): round 2 of 9,999 players 16.0, 17.1 s -> 13.8–16.7 s over five runs (mean 16.5 ->
//! 15.2), round 5 27.6–29.8 s -> 26.9–28.6 s (mean 28.6 -> 27.3), peak 440 -> 474 MB. A gain of
//! 5–8 %: the weights' storage (interning, the matrix) and the matcher remain. Per bracket of round 2
//! (CPU time, 6,194 players): 0.6 s `enter`, 1.3 s setting the bracket's weights, 2 s its
//! first matching (the greedy start pairs the next group but leaves all 3,806 of the top group
//! free; 15 stages), 0.8 s the remainder's and S1's weights, 0.6 s D.1.
//! Why the greedy start fails there, and what did not help (tried, left out): the weights of
//! the top group are not uniform (the 106 players who floated down in round 1, C.14–C.21, raise
//! every edge of theirs), and four of the bracket's vertices are not freed (a matched edge that
//! only rose keeps its ends matched, `Incremental::set`); every freed vertex's least dual is
//! then set by one of those, and no edge between freed vertices is tight. Starting the freed
//! vertices from symmetric duals (half their best edge, as a first solve) did not change that;
//! freeing the whole bracket as well let the greedy pass pair a third of the top group and 3,692
//! of the last group's 3,806, but the stages after it ran one augmenting path each (224 in the
//! round), and round 2 of 9,999 players took 29 s instead of 15. Symmetric duals for every
//! repair that frees hundreds of vertices were worse still (the remainder's re-solve, which
//! the old duals repair greedily, then took hundreds of stages). So the next step there is
//! duals that carry each player's own terms (the floats' bonus), not a generic start.
//! Then the cost around the matcher (issue 19, found with `perf record`): a bracket's base
//! weights (before the B.5/D addends) are read back from its `Memo` plus a bit per dropped
//! edge instead of being stored per edge (`Base`); `Big` hashes limb by limb and the weight
//! table keeps a direct-mapped cache of its ids in front of its hash map (the map's probe was
//! 7 % of round 2 of 9,999 players, 3–4 % after); the loops that store a whole graph's first
//! weights (`set_initial`, which writes each edge at (i, j) and (j, i) of the square matrix)
//! go by 64×64 tiles, so the second write no longer misses the cache at every edge; and C.1/C.3
//! compatibility is a bit matrix by vertex (sorted index) instead of by player id, so the
//! loops over pairs read neither the players' records (a quarter of the first weights' loop
//! was loading one) nor rows scattered over the field. Same pairings byte for byte on every
//! `dutch_scale` case (1,000/1,001/2,000/2,001/3,999/4,000 players in rounds 2–5, 9,999 in
//! rounds 2 and 5) and the 1,441 rounds (2,882 pairings) of `bench_pairing --equiv-check`.
//! User time, main's binary and this one run in turn, twice each, load 2–5 on 2 cores: round 2
//! of 9,999 players 14.4, 14.3 s -> 12.45, 12.45 s, round 5 26.5, 25.5 s -> 24.1, 23.8 s;
//! peak unchanged (431 and 474 MB: the first matching's square matrix over all players). Still
//! above the issue's 10 s. Where round 2 goes now (perf samples): the matcher about 45 % (its
//! stages 18 %, the repair and greedy start 10 %, `least_dual` 8 %, blossoms 6 %), storing
//! weights about 30 % (`Weights::id` 9 %, `put_ij` 6 %, `set` 7 %, `set_shifted` 5 %, the map
//! 4 %), computing them (`run`, `brackets`) 13 %. Round 5 is the matcher's still more: the
//! stages 41 % (`Solver::run`, mostly its scan of an S-vertex's edges), blossoms 17 %
//! (`add_blossom`, `consider_best`, `leaves`, `slack`), the repair 9 %; storing weights 13 %;
//! of its 31.9 s (wall, under perf) the stretches up to 1,000 / 2,000 / 4,000 / 5,000 players
//! paired took 7.6, 5.8, 10.4 and 3.6 s (a few large brackets). The next levers: fewer stages in each
//! bracket's matchings (above: duals carrying each player's own terms; the stages, not the
//! edges' storage, are what is left in round 5), and storing a weight by the index of its
//! value when the caller knows it (a loop over a `Memo`'s few values hashes each of them
//! millions of times).
//! Then the stages' scan (issue 19): a vertex's edges were read in memory order but their
//! `allowedge` bits (tight-edge marks) by `pair_index`, one cache miss per edge scanned; in
//! complete-graph mode the bits are now an `n`×`n` bit matrix by vertex, each edge at both
//! ends (12.5 MB more at 10,000 players). Same pairings byte for byte on every `dutch_scale`
//! case (rounds 2–5 of 1,000–4,000 players, 9,999 in rounds 2 and 5) and the 2,882 pairings of
//! `bench_pairing --equiv-check`. User time (`nice -n 19 /usr/bin/time -f "%U %e %M"
//! dutch_scale pair FILE`), main's binary and this one in turn, load 3–3.6 on 2 cores: round 5
//! of 9,999 players 26.3, 23.8 s -> 24.2, 23.7 s, and with (3) below also in the binary 26.2,
//! 28.9, 26.8, 26.4 s -> 25.4, 26.1, 25.1, 26.8 s: a gain of 3–5 %, no more than the spread of
//! one binary's runs (2–3 s); peak 474 -> 486 MB; round 2 unchanged within that noise (13.5,
//! 15.1 -> 14.5, 13.6 s). Still above the issue's 10 s in both rounds.
//! Tried and left out in the same stretch: (1) keeping the forest after a batch of
//! augmentations (unlabel only the trees that augmented, rescan the kept S-vertices' tight
//! edges to them, a fresh stage only when a dual change is needed). The computes that ran
//! 46 stages without a dual change went down to 3–5 stages, but the kept trees grow deep:
//! `scan_blossom` walked both trees to their roots at every tight edge between two trees
//! (round 5 of 9,999 players 288 s), and with that avoided (comparing `tree`) and the forest
//! kept only when the trees that augmented were smaller than the kept ones, the reconnection
//! passes still made round 5 take 80 s instead of 25 and round 2 74 s instead of 12.
//! (2) Deciding tightness by the computed slack instead of the bit (no bit read for most
//! edges, 7 % on round 5): not equivalent — an allowed edge can keep a positive computed
//! slack, and `bench_pairing --equiv-check` ran out of memory (24 GB) in a matching that no
//! longer ended. (3) Skipping `scan_blossom` when the two S-vertices are in different trees:
//! no measurable change with the stages as they are (shallow trees).
//! Where round 5 of 9,999 players goes by kind of re-solve (counters in `compute` and `run`,
//! not kept; 2026-11-27, 25 s user): 2,333 `compute` calls took 18.4 s. 30 of them free 100 or
//! more vertices: 12.8 s, mostly each bracket's first matching (3,238 / 4,426 / 4,454 vertices:
//! 1.7, 2.4, 1.5 s, 8–17 stages of about 100 augmentations each) and two repairs of 1,268 and
//! 1,220 freed vertices that the greedy pass leaves with 44 roots and 44 passive free vertices
//! which all reach each other through one narrow tight region: every stage finds one path, and
//! 46 stages cost 3.3 s (the depth-first tree crosses 2,250 S-vertices, 10 M edges, each
//! stage) and 1.7 s (700 zero-dual blossoms formed and expanded again each stage). 2,216
//! repairs of one vertex (D.1) took 4.8 s, 2 ms each, about 650 blossoms formed in each.
//! Tried that day and left out (same pairings in every case, user time of alternating runs):
//! (4) a breadth-first queue instead of the stack: the narrow-region repairs fall to 0.2 s, but
//! the first matchings need twice the stages (14 -> 29 at 3,238 vertices: the trees meet
//! fewer other trees before claiming the region) and one-vertex repairs scan 8–10 M edges
//! instead of 0.4 M when the passive run is breadth-first; every mix by kind of run (passive
//! run, after it, first matchings, repairs) was 23.6–38.8 s against 25.5. (5) Taking the
//! queue from both ends in turn: round 5 21.98, 21.84 s against 24.00, 24.52; round 2 15.32,
//! 14.78 s against 14.09, 12.31; only for repairs freeing under half the vertices: no change
//! in either. (6) Keeping zero-dual S-blossoms at the end of a stage instead of expanding
//! them: 42 s (they are labelled T in later stages and expanded at once by delta4).
//! (7) Breadth-first only for the stage after one that found a single path with ten or more
//! roots: the narrow-region repairs 3.3 + 1.7 -> 0.8 + 0.5 s, but a first matching's tail of
//! single-path stages doubles (14 -> 28 stages at 3,238 vertices) and the one-vertex repairs
//! that follow other optima cost more: round 5 23.3 s, round 2 13.6 s, within the spread.
//! (8) B.5's addends given to the S1 players' duals alone (`shift_dual` by each S1 player's
//! addend, `set_shifted` for the remainder's edges): exact, and it removes the 3.3 s repair in
//! round 5 but makes a later bracket's take 4.2 s (159 single-path stages); where the optimum
//! before the addends pairs S1 with S1 (round 2's second bracket) it frees 1,184 players into
//! 144 single-path stages: round 2 25.6 s instead of 13. (9) Ending a stage at its first path
//! after a single-path stage: every later stage then finds one path, batches of hundreds
//! included (round 5 193 s).
//! So the stages' search order is not the lever; the structure is (the narrow region and the
//! blossoms that the per-player duals make tight everywhere).
//! Then D.1 without a solve where the duals at hand decide it (issue 19): every optimum pairs
//! only along edges tight under the optimal duals (LP complementary slackness), so an S1
//! player's highest tight S2 candidate bounds what he can get, and when an alternating cycle
//! of tight edges through both mates (4 or 6 vertices outside blossoms, `Incremental::rematch`)
//! reaches him, another optimum at hand pairs them and he is the answer. Of round 5's 1,919
//! one-vertex D.1 solves 36 are left (those after a repair is pending). Same pairings byte for
//! byte on every `dutch_scale` case and the 4,392 pairings of `bench_pairing --equiv-check`
//! (2,196 rounds dumped by the binary before). User time, the binary before and this one in
//! turn (load about 1): round 2 of 9,999 players 12.56 -> 11.47 s, round 5 24.43 -> 19.85 s.
//! Then short augmenting paths before a stage (`Solver::augment_short`, issue 19): after a
//! repair that frees most of a bracket, the free players were tight only with matched ones, a
//! stage's first tree labelled all of those, and every stage found one path (round 4 of 3,999
//! players: one first matching of 1,886 vertices, 1,498 free, ran 266 stages and 10.9 s). A pass
//! before the first stage and after each single-path stage augments along every tight path
//! free–free or free–matched–matched–free it finds, following the matching as it changes; that
//! first matching now takes 0.5 s. Same pairings byte for byte on every `dutch_scale` case and
//! the 4,392 pairings of `bench_pairing --equiv-check`. User time, the binary before and this
//! one (load about 1.3): round 4 of 3,999 players 11.8 -> 3.2 s, round 5 of 9,999 19.9 -> 13.9 s,
//! round 2 of 9,999 11.5 -> 10.9 s; round 4 of 4,000 players 7.5 s unchanged (its first
//! matching's stages each find one path through blossoms formed in the stage, not a short one).
//! Then the whole field's second set of weights dropped (issue 19): once the bye's score was
//! known every edge of the matching over all players was set again (shifted duals, above), but
//! since each bracket has a matching of its own (`enter`, stand-ins) nothing solved that one
//! again: 50 million weights computed and stored for nothing in an odd round of 9,999 players
//! (and with them `Incremental::shift_dual`, `set_shifted` and `touch` went, used nowhere else).
//! Same pairings on every `dutch_scale` case and `--equiv-check`; user time, the binary before
//! and this one in turn: round 2 of 9,999 players 10.9, 10.8 -> 9.6, 9.7 s (wall 10.05, 10.15 s),
//! round 5 14.7 -> 12.1 s.
//! Tried on 2026-11-28 and left out (same pairings in each case; user time, alternating runs,
//! some beside a CI run): (10) the short pass looking for a free–free edge first and for three-
//! edge paths only after: round 2 10.7 -> 11.3 s, round 5 13.6 -> 15.4 s (other augmentations,
//! more work later); (11) a breadth-first stage after a pass that found nothing: round 4 of 4,000
//! players 7.25 -> 6.33 s, the rest unchanged; (12) a repair's freed vertices given symmetric
//! duals (half their best edge to another freed one) when half the vertices or more are freed:
//! round 4 of 3,999 players 3.8 -> 14.8 s, round 2 of 9,999 past 120 s; (13) no second lowering
//! of the still-free vertices' duals in such repairs: round 4 of 4,000 players 7.4 -> 3.1 s but
//! round 2 of 9,999 9.6 -> 11.1 s and round 5 11.8 -> 14.6 s; (14) the short pass also with two
//! free vertices (the completion matching's last path): no change.
//! Then the first matching left unsolved where a greedy pairing answers it (issue 19,
//! `completion_at_hand`): all `run` takes from it is that the round can be completed (C.4)
//! and the bye's lowest score, and its weights are sums of per-player terms, so a pairing of
//! everyone else leaving out an eligible player of the lowest eligible score is an optimum.
//! The greedy finds one in linear time for every scale file; the square matrix over all
//! players is then never built (a second and 400 MB at 9,999 players). Same pairings on every
//! `dutch_scale` case, `--equiv-check` and the fuzz corpus (both editions); user time, the
//! binary before and this one in turn (2026-11-28, a slower day on this machine: the binary
//! before took 12.8–17.8 s for round 2): round 2 of 9,999 players 12.8, 17.8, 14.4 -> 12.2,
//! 15.4, 13.2 s, peak 431 -> 275 MB; round 5 16.8 -> 14.1 s, peak 471 -> 260 MB.
//! Then `Solver::tight_edge` tests the slack's low 64 bits before its N limbs (feasible duals:
//! a tight edge's slack is zero): `augment_short`'s passes test millions of edges, nearly all
//! slack (a pass over a bracket of 4,426 free vertices took 0.3 s). Same pairings on every
//! `dutch_scale` case and `--equiv-check`; `valgrind --tool=callgrind` on round 5 of 2,001
//! players 5.50 -> 5.16 G instructions (-6.3 %); round 5 of 9,999 players, the two binaries
//! run at once (one per core), four pairs: 17.4 s against 18.3 s of user time on average.
//! Then the repair's greedy pass stops after 256 tries that match nobody, and `run` then starts
//! with a stage instead of a pass of `augment_short`. A bracket's first matching frees
//! thousands of players, but the few it leaves matched (the players whose every edge weighs
//! more, above) tie every freed one's least dual, so no freed pair is tight: the pass tried
//! 3,804 vertices against 3,804 candidates in vain (0.2–0.3 s in each bracket of round 2 of
//! 9,999 players), and the short pass after it found nothing either. Same pairings on every
//! `dutch_scale` case, `--equiv-check` (4,392) and the fuzz corpus (both editions);
//! callgrind: round 2 of 4,000 players 13.84 -> 13.34 G instructions, round 5 of 2,001
//! 5.15 -> 4.96 G (-3.6 % each). Tried and left out: skipping the lowering pass after it too
//! (that pass still moves the duals the stages start from): +45 % instructions.
//! Where the time of round 5 of 9,999 players goes now (`Instant` timers, not committed; 15 s
//! of user time that day): each bracket's first matching after its own weights are set, 8.7–11
//! s in all (1.9, 3.5–4.1 and 3.5–3.7 s for the three largest brackets). Each runs 4–5 stages,
//! each stage finding one augmenting path after one dual change and a short pass after it
//! pairing hundreds at once; a stage's first scan over thousands of roots' edges (their slacks
//! in `Big` arithmetic) is about 0.4–0.5 s. So fewer stages there, or a cheaper first scan, is
//! still the next step.
//! Then the large batches on both cores (issue 19): a bracket's weights (`set_rows`, exact:
//! the order-dependent side effects of `Incremental::set`, the raised duals of matched edges
//! and the marks for repair, are known in advance or kept in order per thread), its first
//! weights (`set_initial_rows`), the check of the seeded duals, a repair's least duals and the
//! lowering pass after the greedy start (in blocks of 256 scanned on threads against the state
//! at the block's start, the pairs within a block then taken in turn) run on
//! `matching::threads()` threads, each with its own weight ids and memo. Same pairings byte
//! for byte on every `dutch_scale` case and the 4,392 pairings of `bench_pairing
//! --equiv-check`; `weights_set_on_threads_pair_as_on_one` and four proptests compare with one
//! thread. Wall time, the binary before and this one in turn, twice (2026-11-28, a slow day:
//! 16 s for round 2 where a quiet day took 10): round 2 of 9,999 players 16.6, 16.6 -> 10.9,
//! 12.1 s, round 5 15.8, 15.9 -> 14.4, 14.1 s (user time about 1 s more: the threads' own ids
//! and memos), peak 275 -> 284 MB. What is left is serial: each bracket's first matching's
//! stages (1–2.5 s each), most of round 5.
//! Then a bracket's own weights start from duals raised by each player's share of their rise
//! (`rise_share`, `Incremental::raise_duals`). The first solve (`enter`) pairs along the
//! weights of players below the bracket, sums of per-player terms; the bracket's weights add,
//! for two players of one score who meet C.10–C.13, again a sum of per-player terms (the
//! constant fields halved, their own floats and C.9), and less for the others. Raised by the
//! shares, every edge stays feasible and those pairs are tight, so the repair keeps the freed
//! players' duals and its greedy pass pairs nearly all of them; only the moved-down players,
//! whose edges rise by more, take their least duals. Before, the least duals taken in turn
//! tied every freed player to the few left matched, no free pair was tight, and four or five
//! stages over the whole bracket (0.4–0.6 s each at 4,000 players) re-matched thousands.
//! Same pairings byte for byte on every `dutch_scale` case (9,999 players in rounds 2, 3, 4,
//! 5, 7 and 9 too) and the 4,392 of `--equiv-check`; `check_rise_shares` checks the shares
//! pair by pair in the tests, and `raised_duals_repair_to_the_optimum` the repair. 2026-11-29,
//! a quiet machine, `/usr/bin/time dutch_scale pair FILE`, wall time, the binary before
//! (`34b8570`) and this one, one run each: 9,999 players round 2 13.6 -> 7.2 s, round 3 11.3
//! -> 6.3 s, round 4 279 -> 7.6 s, round 5 16.6 -> 8.0 s, round 7 8.8 -> 5.5 s, round 9 26.0 ->
//! 16.6 s; peak 284 -> 219 MB at most. Round 9 was still above 10 s: its brackets are smaller,
//! but D.2 asked of each S1 player from the bottom whether he can be exchanged, one solve each
//! (477 in that round, 20–55 ms each: a stage over a tight forest of hundreds of players; in
//! its largest bracket 295 solves, 7.3 s, to find the one exchange B.5 allows).
//! Now one solve decides a chunk of S1 players: the weights keep `order` low bits free (as
//! many as the limbs `weight_limbs` chose have spare, 1 to 64; 44 at 9,999 players in round
//! 9), and the j-th player of the chunk from the bottom loses 2^(order-1-j) as an S1 player,
//! more than all above him together, so the optimum is the one the solves in turn reach
//! (that bracket: 7 solves, 0.3 s). Same pairings byte for byte on every `dutch_scale` case
//! (rounds 6, 8 and 10 of 9,999 players added) and the 4,392 of `--equiv-check`; the chunk's
//! order reversed fails `dutch_examples` (C.04.3 art. 4.3) and 42 of `--equiv-check`.
//! 2026-11-29, `/usr/bin/time dutch_scale pair FILE`, wall time, one run each, 9,999 players:
//! rounds 2–10 5.98, 5.17, 6.39, 6.40, 7.95, 4.44, 7.47, 7.04, 5.78 s (round 9 before: 13.5 s
//! that morning), peak at most 220 MB. In round 6, the slowest, no one step dominates: each
//! large bracket's first solve (up to 1 s), its remainder and D.1 (0.1–0.4 s each).
//! Tried and left out: a B.5 raise for the remainder (its addends rise with the higher player
//! only): faster in rounds 2, 4 and 9, slower in round 5, by 0.5–1.5 s; deciding D.2 from the
//! duals at hand (no tight edge but to later players: not exchangeable) with a rollback to
//! the optimum before each solve that says no: round 9 16.6 -> 26.8 s.
//! Against bbpPairings on the same files (`dutch_scale versus BIN BBP FILE SECONDS`, which
//! `make bench-dutch-scale BBP=…` runs on each; its master built with its own Makefile, `-O3
//! -flto`; 2026-11-27/28, another bbpPairings run on the other core): round 2 of 1,000
//! players shinpan 0.10 and 0.16 s in two runs, bbpPairings 30.8 and 29.2 s (180–310×); of 2,000 0.41 s against 280.6 s (684×),
//! the same pairings in both; of 4,000 1.43 s against not finished in 300 s (peak 1.0 GB);
//! round 1 of 9,999 players 0.14 s (37 MB) against not finished in 600 s (3.5 GB).
//! Alone under `timeout 900` bbpPairings finished neither round 2 of 9,999 players (810 s
//! user, peak 5.7 GB) nor round 5 (855 s user, 11 GB), where shinpan took 12–14 s and 22–25 s
//! of user time that evening (more than 60× and 35×).
//! A round that takes more than a second tells its progress (`Progress`).
//!
//! Rules implemented, by C.04.3 number:
//! - A.2 scores and pairing numbers order the players (with XXA acceleration added).
//! - A.6/A.7 colour differences, colour preferences: absolute (difference > 1 or the same colour
//!   twice in a row), strong (difference 1), mild; A.8 topscorers (score > 50% of the maximum)
//!   in the last round.
//! - A.4 floaters: down-float (paired with a lower score or unplayed game with points), up-float.
//! - C.1 no rematch (games actually played; TRF(x) XXP forbidden pairs too).
//! - C.2 no second pairing-allocated bye, nor a bye for who already scored a win without playing.
//! - C.3 non-topscorers with the same absolute colour preference do not meet.
//! - C.4 the remaining players must stay pairable (completion).
//! - C.5 maximise the number of pairs in the bracket; C.6 minimise the scores of downfloaters
//!   (maximise the paired scores); C.7/C.8 the same for the next bracket.
//! - C.9 minimise the unplayed games of the pairing-allocated-bye assignee.
//! - C.10/C.11 topscorers' colour difference above 2 and same colour three times.
//! - C.12 colour preferences; C.13 strong colour preferences.
//! - C.14–C.17 repeated downfloaters/upfloaters from the previous round and the one before;
//!   C.18–C.21 their scores.
//! - B.3/B.5 (D.1–D.3) order of candidate pairings: the natural S1–S2 pairing, then
//!   transpositions and exchanges with the smallest BSN differences, and for heterogeneous
//!   brackets the moved-down players paired first, each with the highest possible opponent.
//! - E colour allocation: E.1 grant both preferences, E.2 the stronger one, E.3 alternate to the
//!   most recent differing colours, E.4 the higher ranked player's preference, E.5 by pairing
//!   number parity against the initial colour.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::matching::bigint::{Big, Sum};
use sync_wrapper::SyncWrapper;

use crate::matching::{Incremental, Triangle, lower_pairs_tiled, pair_index, threads};
use crate::model::{Board, Color, Points, Round, Score, Tournament};

/// Which edition of C.04.3 to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// The edition in force from 2017 until the 2025 revision: A.4 gives a downfloat to every
    /// player who did not play, and C.2 bars from the bye only who already had it or won by
    /// forfeit.
    Fide2017,
    /// The 2025 edition: only a player who *scored* without playing has floated down (A.4), and
    /// C.2 bars anyone who already scored a win's points without playing.
    #[default]
    Fide2025,
}

crate::names::closed_set!(Edition, "C.04.3 edition";
    Fide2025 => "2025",
    Fide2017 => "2017",
);

#[derive(Clone, Copy, Debug)]
struct Match {
    /// Own index when there was no opponent.
    opp: usize,
    color: Option<Color>,
    score: Score,
    played: bool,
    participated: bool,
}

#[derive(Clone, Debug)]
struct P {
    id: usize,
    matches: Vec<Match>,
    acceleration: Vec<Points>,
    /// The players this one may not meet (C.1: met before, or an XXP group), one bit each.
    forbidden: Vec<u64>,
    color_imbalance: u32,
    rank_index: usize,
    played_games: u32,
    score: Points,
    pref: Option<Color>,
    repeated: Option<Color>,
    strong: bool,
    valid: bool,
}

impl P {
    fn forbids(&self, other: usize) -> bool {
        self.forbidden[other / 64] >> (other % 64) & 1 == 1
    }
    fn forbid(&mut self, other: usize) {
        self.forbidden[other / 64] |= 1 << (other % 64);
    }
    fn absolute_imbalance(&self) -> bool {
        self.color_imbalance > 1
    }
    fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// The state of a tournament before pairing the next round.
pub(crate) struct State {
    ps: Vec<P>,
    played_rounds: usize,
    expected_rounds: usize,
    win: Points,
    draw: Points,
    loss: Points,
    zero_bye: Points,
    forfeit_loss: Points,
    pab: Points,
    initial_color: Color,
    edition: Edition,
}

impl State {
    fn points(&self, p: &P, m: &Match) -> Points {
        match m.score {
            Score::Loss => {
                if m.participated {
                    if m.played { self.loss } else { self.forfeit_loss }
                } else {
                    self.zero_bye
                }
            }
            Score::Win => {
                if m.opp == p.id && m.participated {
                    self.pab
                } else {
                    self.win
                }
            }
            Score::Draw => self.draw,
        }
    }

    /// A.2 score with acceleration, `back` rounds ago.
    fn acc_score(&self, p: &P, back: usize) -> Points {
        let mut score = p.score;
        let mut r = self.played_rounds;
        for _ in 0..back {
            r -= 1;
            score -= self.points(p, &p.matches[r]);
        }
        score + p.acceleration.get(r).copied().unwrap_or(0)
    }

    /// C.2: no second bye, nor a bye after a win without playing.
    fn eligible_for_bye(&self, p: &P) -> bool {
        match self.edition {
            Edition::Fide2025 => !p.matches.iter().any(|m| !m.played && self.points(p, m) >= self.win),
            Edition::Fide2017 => !p.matches.iter().any(|m| !m.played && m.participated && m.score == Score::Win),
        }
    }

    /// C.1, C.3 (with the A.8 topscorer exception in the last round).
    fn compatible(&self, a: &P, b: &P) -> bool {
        let threshold = (self.played_rounds as Points * self.win.max(self.draw)) >> 1;
        !a.forbids(b.id)
            && (!a.absolute()
                || !b.absolute()
                || a.pref != b.pref
                || (self.played_rounds + 1 >= self.expected_rounds
                    && (self.acc_score(a, 0) > threshold || self.acc_score(b, 0) > threshold)))
    }

    /// A.4 float of `p` `back` rounds ago.
    fn float(&self, p: &P, back: usize) -> Float {
        let m = &p.matches[self.played_rounds - back];
        if !m.played {
            // 2025 A.4 (art. 1.4.3-1.4.4): only scoring more than a loss without playing is a
            // float, and nobody else floats in an unplayed round (a forfeit loss is no upfloat
            // against the absent opponent). 2017 A.4.b: every unplayed round is a downfloat.
            return if self.edition == Edition::Fide2017 || self.points(p, m) > self.loss {
                Float::Down
            } else {
                Float::None
            };
        }
        let mine = self.acc_score(p, back);
        let theirs = self.acc_score(&self.ps[m.opp], back);
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            _ => Float::None,
        }
    }

    /// `a` ranks below `b` (lower accelerated score, or equal score and larger pairing rank).
    fn ranks_below(&self, a: &P, b: &P) -> bool {
        (self.acc_score(a, 0), b.rank_index) < (self.acc_score(b, 0), a.rank_index)
    }
}

#[derive(PartialEq, Eq, Hash, Clone, Copy)]
enum Float {
    Down,
    Up,
    None,
}

fn bits(v: usize) -> u32 {
    usize::BITS - v.leading_zeros()
}

fn compatible_prefs(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none()
}

/// Build the pairing state for the round after the recorded ones (bbpPairings' reading of
/// TRF: a round counts as played once someone took part in its pairing; players who already
/// have an entry for the next round — a pre-announced bye — are not paired).
pub(crate) fn state(t: &Tournament, edition: Edition) -> Result<(State, Vec<usize>)> {
    let n = t.players.len();
    let mut played_rounds = 0usize;
    for p in &t.players {
        for (i, e) in p.rounds.iter().enumerate() {
            played_rounds = played_rounds.max(i);
            if e.participated() {
                played_rounds = played_rounds.max(i + 1);
            }
        }
    }
    if n > 0 && t.players.iter().all(|p| p.rounds.len() > played_rounds) {
        played_rounds += 1;
    }
    if t.planned_rounds == 0 {
        return Err(Error::Inconsistent("the total number of rounds must be given (XXR)".into()));
    }
    if played_rounds >= t.planned_rounds as usize {
        return Err(Error::Inconsistent(format!("all {} rounds have been paired", t.planned_rounds)));
    }
    let mut ps: Vec<P> = t
        .players
        .iter()
        .enumerate()
        .map(|(id, p)| {
            let mut matches: Vec<Match> = p
                .rounds
                .iter()
                .map(|e| Match {
                    opp: e.opponent.unwrap_or(id),
                    color: if e.played() { e.color } else { None },
                    score: e.outcome.score(),
                    played: e.played(),
                    participated: e.participated(),
                })
                .collect();
            while matches.len() < played_rounds {
                matches.push(Match { opp: id, color: None, score: Score::Loss, played: false, participated: false });
            }
            P {
                id,
                matches,
                acceleration: p.acceleration.clone(),
                forbidden: vec![0; n.div_ceil(64)],
                color_imbalance: 0,
                rank_index: 0,
                played_games: 0,
                score: 0,
                pref: None,
                repeated: None,
                strong: false,
                valid: true,
            }
        })
        .collect();
    for g in &t.forbidden {
        for &a in g {
            for &b in g {
                ps[a].forbid(b);
            }
        }
    }
    let order: Vec<usize> = if t.use_rank { t.file_order() } else { (0..n).collect() };
    let mut rank = 0;
    for &i in &order {
        let p = &mut ps[i];
        p.valid = p.matches.len() <= played_rounds || p.matches.iter().any(|m| m.participated);
        if p.valid {
            p.rank_index = rank;
            rank += 1;
        }
    }
    let mut st = State {
        ps: Vec::new(),
        played_rounds,
        expected_rounds: t.planned_rounds as usize,
        win: t.scoring.win,
        draw: t.scoring.draw,
        loss: t.scoring.loss,
        zero_bye: t.scoring.zero_bye,
        forfeit_loss: t.scoring.forfeit_loss,
        pab: t.scoring.pairing_bye,
        initial_color: Color::White,
        edition,
    };
    for p in ps.iter_mut() {
        let (mut white, mut black, mut consecutive) = (0u32, 0u32, 0u32);
        let mut repeated = None;
        for m in p.matches.iter().take(played_rounds) {
            if m.played {
                p.played_games += 1;
                p.forbidden[m.opp / 64] |= 1 << (m.opp % 64);
                if m.color == Some(Color::White) {
                    white += 1
                } else {
                    black += 1
                }
                if consecutive == 0 || m.color != repeated {
                    consecutive = 1;
                } else {
                    consecutive += 1;
                }
                repeated = m.color;
            }
        }
        let lower = if white > black { Color::Black } else { Color::White };
        p.color_imbalance = white.abs_diff(black);
        // A.6: absolute (imbalance > 1 or twice the same colour), strong (imbalance 1), mild.
        p.pref = if p.color_imbalance > 1 {
            Some(lower)
        } else if consecutive > 1 {
            repeated.map(Color::invert)
        } else if p.color_imbalance > 0 {
            Some(lower)
        } else if consecutive > 0 {
            repeated.map(Color::invert)
        } else {
            None
        };
        p.repeated = if consecutive > 1 { repeated } else { None };
        p.strong = !p.absolute() && p.color_imbalance > 0;
    }
    // Scores of the recorded rounds.
    for i in 0..n {
        let s: Points = ps[i].matches.iter().take(played_rounds).map(|m| st.points(&ps[i], m)).sum();
        ps[i].score = s;
    }
    st.ps = ps;
    st.initial_color = t.initial_color.or_else(|| infer_first_color(&st, &order)).unwrap_or(Color::White);
    let round = played_rounds as u32 + 1;
    let mut sorted: Vec<usize> = (0..n)
        .filter(|&i| st.ps[i].valid && st.ps[i].matches.len() <= played_rounds && t.available(i, round))
        .collect();
    sorted.sort_by(|&a, &b| {
        let (pa, pb) = (&st.ps[a], &st.ps[b]);
        (std::cmp::Reverse(st.acc_score(pa, 0)), pa.rank_index)
            .cmp(&(std::cmp::Reverse(st.acc_score(pb, 0)), pb.rank_index))
    });
    Ok((st, sorted))
}

/// E.5 needs the first round's colour of the top player; infer it from the records.
fn infer_first_color(st: &State, order: &[usize]) -> Option<Color> {
    let min_round =
        st.ps.iter().filter(|p| p.valid).filter_map(|p| p.matches.iter().position(|m| m.color.is_some())).min()?;
    let mut epn = 0;
    for &i in order {
        let p = &st.ps[i];
        if p.matches.iter().take(min_round + 1).any(|m| m.participated) {
            if let Some(c) = p.matches[min_round].color {
                return Some(if epn & 1 == 1 { c.invert() } else { c });
            }
            epn += 1;
        }
    }
    None
}

/// Pair the next round of a Dutch-system tournament (2025 edition).
pub fn pair(t: &Tournament) -> Result<Round> {
    pair_edition(t, Edition::Fide2025)
}

/// How far the pairing of a round has come, for a caller that shows progress on a long round
/// (a round of thousands of players after the first takes seconds to minutes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The completion weights (C.4) of the edges of the first `done` of `of` players are set.
    Weights { done: usize, of: usize },
    /// The first matching over all players is solved: the round can be completed (C.4).
    Completable,
    /// `done` of `of` players are paired for good, bracket by bracket from the top.
    Paired { done: usize, of: usize },
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Progress::Weights { done, of } => write!(f, "weights of {done} of {of} players set"),
            Progress::Completable => write!(f, "every player can be paired (C.4); pairing the brackets"),
            Progress::Paired { done, of } => write!(f, "{done} of {of} players paired"),
        }
    }
}

/// Pair the next round under the given edition of C.04.3.
pub fn pair_edition(t: &Tournament, edition: Edition) -> Result<Round> {
    pair_edition_with_progress(t, edition, &mut |_| {})
}

/// [`pair_edition`], telling `progress` how far it has come as it goes.
pub fn pair_edition_with_progress(
    t: &Tournament,
    edition: Edition,
    progress: &mut dyn FnMut(Progress),
) -> Result<Round> {
    let (st, sorted) = state(t, edition)?;
    let round = st.played_rounds as u32 + 1;
    if sorted.is_empty() {
        return Ok(Round { number: round, ..Default::default() });
    }
    if let Some(pairs) = structural(&st, &sorted) {
        return Ok(to_round(&st, &sorted, &pairs, round));
    }
    // Narrow score fields first (see `Layout::fields`); a bracket whose score groups do not
    // fit asks for the round again with fields as wide as all the groups together.
    let pairs = match pair_with(&st, &sorted, false, progress)? {
        Some(pairs) => pairs,
        None => pair_with(&st, &sorted, true, progress)?.expect("the wide layout fits every bracket"),
    };
    // C.2 is absolute: the matching only prefers eligible players, so refuse a round that would
    // need a second bye rather than print it.
    for &(a, b) in &pairs {
        if b.is_none() && !st.eligible_for_bye(&st.ps[sorted[a]]) {
            return Err(Error::NoPairing(format!(
                "only a pairing that gives player {} a second bye (C.2) exists",
                sorted[a] + 1
            )));
        }
    }
    Ok(to_round(&st, &sorted, &pairs, round))
}

/// The round's pairs without a matching, when the rules leave no choice to weigh: before any
/// round is played (no colour preference, float or game to avoid: A.6, A.4, C.1), with every
/// player in one score group (no acceleration sets them apart), nobody barred from meeting
/// another (no XXP) and everyone eligible for the bye (C.2). The bracket is then homogeneous and
/// its first candidate, S1 against S2 in order (B.3, D.1), breaks no criterion, so it is the
/// pairing; with an odd count the last of S2 floats down out of the last bracket and takes the
/// bye. Linear in the players: a round 1 of 10,000 builds no graph of 50 million edges.
/// (The matching gives the same pairs: `structural_round_one_is_what_the_matching_pairs`.)
fn structural(st: &State, sorted: &[usize]) -> Option<Pairs> {
    let v = sorted.len();
    let score = st.acc_score(&st.ps[*sorted.first()?], 0);
    let plain = |&i: &usize| {
        let p = &st.ps[i];
        p.played_games == 0
            && st.acc_score(p, 0) == score
            && st.eligible_for_bye(p)
            && p.forbidden.iter().all(|&w| w == 0)
    };
    if st.played_rounds != 0 || !sorted.iter().all(plain) {
        return None;
    }
    let k = v / 2;
    let mut pairs: Pairs = (0..k).map(|i| (i, Some(k + i))).collect();
    if v % 2 == 1 {
        pairs.push((v - 1, None));
    }
    Some(pairs)
}

/// A round's pairs by sorted index (`None`: the player without a partner).
type Pairs = Vec<(usize, Option<usize>)>;

/// The matching over a weight width that fits the layout: `None` when a bracket's score groups
/// do not fit narrow fields.
fn pair_with(st: &State, sorted: &[usize], wide: bool, progress: &mut dyn FnMut(Progress)) -> Result<Option<Pairs>> {
    Ok(match weight_limbs(st, sorted, wide) {
        // One width per limb count up to 10 (100 players need 3, 400 need 4, 1,000 need 5):
        // the matching's time is mostly multi-limb additions and comparisons.
        0..=2 => Pairer::<2>::new(st, sorted, wide, progress).run()?,
        3 => Pairer::<3>::new(st, sorted, wide, progress).run()?,
        4 => Pairer::<4>::new(st, sorted, wide, progress).run()?,
        5 => Pairer::<5>::new(st, sorted, wide, progress).run()?,
        6 => Pairer::<6>::new(st, sorted, wide, progress).run()?,
        7 => Pairer::<7>::new(st, sorted, wide, progress).run()?,
        8 => Pairer::<8>::new(st, sorted, wide, progress).run()?,
        9 => Pairer::<9>::new(st, sorted, wide, progress).run()?,
        10 => Pairer::<10>::new(st, sorted, wide, progress).run()?,
        11..=12 => Pairer::<12>::new(st, sorted, wide, progress).run()?,
        13..=16 => Pairer::<16>::new(st, sorted, wide, progress).run()?,
        17..=24 => Pairer::<24>::new(st, sorted, wide, progress).run()?,
        25..=32 => Pairer::<32>::new(st, sorted, wide, progress).run()?,
        33..=64 => Pairer::<64>::new(st, sorted, wide, progress).run()?,
        _ => Pairer::<128>::new(st, sorted, wide, progress).run()?,
    })
}

/// Score-group layout: the shift of each score's field and the widths.
struct Layout {
    /// All score groups' fields together (a field per group, `bits(size)` wide, the lower
    /// scores in the lower bits).
    sgs: u32,
    sgsb: u32,
    shifts: HashMap<Points, u32>,
    /// The width of each score-indexed weight field (C.6, C.8, C.18–C.21). Only the players of
    /// the bracket being paired and of the next score group carry such fields (every other
    /// edge holds C.4 and C.9 alone, and pairs fixed earlier leave the matching), so the
    /// fields are laid out afresh per bracket over the scores present there; the narrow
    /// width (two groups and room for the moved-down players' scores) cuts the weights of
    /// 100 players from five limbs to three. `sgs` is the wide width, always enough.
    fields: u32,
}

/// Room in the narrow score fields for the moved-down players' score groups.
const MDP_ROOM: u32 = 6;

fn layout(st: &State, sorted: &[usize], wide: bool) -> Layout {
    let mut sgs = 0;
    let mut shifts = HashMap::new();
    let mut max_group = 0;
    let mut run = 0;
    // From the lowest score up: lower score groups get the lower bits.
    for k in (0..sorted.len()).rev() {
        run += 1;
        let s = st.acc_score(&st.ps[sorted[k]], 0);
        if k == 0 || s < st.acc_score(&st.ps[sorted[k - 1]], 0) {
            shifts.insert(s, sgs);
            max_group = max_group.max(run);
            sgs += bits(run);
            run = 0;
        }
    }
    let sgsb = bits(max_group);
    let fields = if wide { sgs } else { sgs.min(2 * sgsb + MDP_ROOM) };
    Layout { sgs, sgsb, shifts, fields }
}

/// The bits of a weight: its fields above `order` bits of room for D.2's exchanges (see
/// `Pairer::order`) and the B.5 fields.
fn total_shift(st: &State, l: &Layout, order: u32) -> u32 {
    let (b, g) = (l.sgsb, l.fields);
    let mut s = b + g + b + g + b + 4 * b;
    if st.played_rounds > 0 {
        s += 2 * b + 2 * g;
    }
    if st.played_rounds > 1 {
        s += 2 * b + 2 * g;
    }
    s + 3 * b + order
}

/// The bits the weights need with one bit of D.2 room (`Pairer::new` takes more where the
/// limbs have it): + 2 for the leading field; the matching quadruples weights (edge slack in
/// halves), its duals stay within a few times the largest weight, and an absent edge is just
/// negative (−1: never used arithmetically): 16 bits of margin and the sign.
fn weight_bits(st: &State, l: &Layout) -> u32 {
    total_shift(st, l, 1) + 2 + 16
}

fn weight_limbs(st: &State, sorted: &[usize], wide: bool) -> usize {
    (weight_bits(st, &layout(st, sorted, wide)) as usize).div_ceil(64)
}

/// At most this many bits of D.2 room: how many S1 players one solve decides.
const MAX_ORDER: u32 = 64;

struct Pairer<'a, const N: usize> {
    st: &'a State,
    sorted: &'a [usize],
    lay: Layout,
    max_w: Big<N>,
    /// The matching over the sorted players (plus a dummy vertex for odd counts, whose partner
    /// is the unpaired player), re-solved incrementally after each change of weights.
    m: Incremental<Big<N>>,
    bye_score: Points,
    single_downfloater_is_bye: bool,
    played_ranks: HashMap<u32, u64>,
    /// Per player id, computed once: accelerated score, its score-group shift (in all groups'
    /// fields; `brackets` replaces it by the shift in the current bracket's fields), C.2 bye
    /// eligibility, A.4 floats one and two rounds ago (edge weights need them for every pair).
    acc: Vec<Points>,
    shift: Vec<u32>,
    elig: Vec<bool>,
    floats: Vec<[Float; 2]>,
    /// `State::compatible` from data laid out for the loops over edges (a tenth of a round
    /// of 9,999 players was cache misses on each player's own list of forbidden opponents),
    /// by vertex (sorted index: the loops go over vertices, so a tile of pairs reads a few
    /// words): `against[b·words + a/64]` has bit `a % 64` when vertex `a` may not meet vertex
    /// `b` (C.1); per vertex bit 0 of `prefs_v` is an absolute colour preference, bits 1–2
    /// the preference (C.3), and `top_v` the A.8 exception (last round, above `topscore`).
    /// `vertex` maps a player id to its vertex; `prefs` is `prefs_v` by player id.
    against: Vec<u64>,
    words: usize,
    vertex: Vec<usize>,
    prefs: Vec<u8>,
    prefs_v: Vec<u8>,
    top_v: Vec<bool>,
    /// Per vertex, not a bye candidate (C.2 with the bye's score, `bye_candidate`), once that
    /// score is known (`run`).
    no_bye_v: Vec<bool>,
    /// Bit positions of the C.4 field and of the C.9 field in a weight (see `edge`).
    lead_shift: u32,
    /// The low bits of a weight left free for D.2's exchanges: one solve decides as many S1
    /// players (at least one; as many as the weight's limbs leave room for).
    order: u32,
    c9_shift: u32,
    /// Only `finalize` calls it (`&mut self`); the threads computing weights share the rest.
    progress: SyncWrapper<&'a mut dyn FnMut(Progress)>,
    /// Players paired for good so far (`finalize`), and the most told so far.
    paired: usize,
    told: usize,
    /// Each bracket's matching is its own (`enter`): over the bracket, the next score group and
    /// as few of the players below as can be proven enough. `loc` maps a vertex (sorted index,
    /// `v` the extra vertex of an odd count) to its index there (`NONE` when left out), `glob`
    /// back; the first `core` are the bracket's and the next group's; `dummy` the extra vertex.
    loc: Vec<usize>,
    glob: Vec<usize>,
    core: usize,
    dummy: Option<usize>,
    /// Per vertex, the C.9 term and four times the per-player term `s` of its edges to the
    /// players below the next score group (`out_edge`: w(a, b) = s(a) + s(b) there), in the
    /// duals' units.
    c9o: Vec<u64>,
    s4: Vec<Big<N>>,
    /// When players below were left out: the least `s4` among them (the extra vertex's
    /// certificate), and whether a solve was not proven to be the optimum over all players.
    twins: Option<Big<N>>,
    uncertified: bool,
    /// The players below the next score group, the first of them, and the players last
    /// proven to have partners there (`certified`).
    rest: Vec<usize>,
    outside: usize,
    certified_out: Vec<usize>,
    /// Paired for good (`finalize`), and whether the bye was.
    done: Vec<bool>,
    bye_done: bool,
    /// Pairs of players moving down whose edge is still present (`present` in the bracket
    /// they leave; an edge dropped there stays absent).
    mdp_present: std::collections::HashSet<(usize, usize)>,
}

/// An unused local index (`Pairer::loc`).
const NONE: usize = usize::MAX;
/// Stand-ins for the players below the next score group in a bracket's matching
/// (`Pairer::enter`).
const STAND_INS: usize = 64;

#[cfg(test)]
thread_local! {
    /// Tests: another count of stand-ins (0: none, every bracket over all players), and how
    /// many brackets were paired with stand-ins and how many again over all players.
    static STAND_INS_TEST: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
    static STAND_IN_BRACKETS: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
    /// Tests: pairs whose rise `check_rise_shares` checked against their shares, and how many
    /// of them were tight (the shares summing to the rise exactly).
    static RISE_SHARES: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
    /// Tests: solve the first matching even where `completion_at_hand` would answer.
    static SOLVE_COMPLETION_TEST: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A matching over `n` vertices with every edge absent, weights up to `max_w`. Absent edges are
/// skipped by the matching, never summed: any negative weight will do.
fn empty_matching<const N: usize>(n: usize, max_w: Big<N>) -> Incremental<Big<N>> {
    Incremental::new(n, Big::<N>::ZERO.sub_u64(1), max_w)
}

fn stand_ins() -> usize {
    #[cfg(test)]
    if let Some(k) = STAND_INS_TEST.with(|c| c.get()) {
        return k;
    }
    STAND_INS
}

impl<'a, const N: usize> Pairer<'a, N> {
    fn new(st: &'a State, sorted: &'a [usize], wide: bool, progress: &'a mut dyn FnMut(Progress)) -> Self {
        let lay = layout(st, sorted, wide);
        // The limbs chosen by `weight_limbs` for one bit of D.2 room often have more: the
        // room takes what is spare, the margin kept.
        let spare = (64 * N as u32).saturating_sub(weight_bits(st, &lay));
        let order = 1 + spare.min(MAX_ORDER - 1);
        let shift = total_shift(st, &lay, order) + 2;
        let max_w = Big::<N>::ones(shift);
        let v = sorted.len();
        let total = v + v % 2;
        // The matching over all players is built only when `run` has to solve it.
        let m = empty_matching(0, max_w);
        let n = st.ps.len();
        let (mut acc, mut shift, mut elig) = (vec![0; n], vec![0; n], vec![false; n]);
        let mut floats = vec![[Float::None; 2]; n];
        let words = v.div_ceil(64);
        let mut against = vec![0u64; v * words];
        let mut vertex = vec![NONE; n];
        for (a, &i) in sorted.iter().enumerate() {
            vertex[i] = a;
        }
        let mut prefs = vec![0u8; n];
        for (a, &i) in sorted.iter().enumerate() {
            let p = &st.ps[i];
            for (w, &bits) in p.forbidden.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let b = vertex[w * 64 + bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                    if b != NONE {
                        against[b * words + a / 64] |= 1 << (a % 64);
                    }
                }
            }
            let pref = match p.pref {
                None => 0,
                Some(Color::White) => 1,
                Some(Color::Black) => 2,
            };
            prefs[i] = p.absolute() as u8 | pref << 1;
            acc[i] = st.acc_score(p, 0);
            shift[i] = lay.shifts[&acc[i]];
            elig[i] = st.eligible_for_bye(p);
            for back in 1..=st.played_rounds.min(2) {
                floats[i][back - 1] = st.float(p, back);
            }
        }
        // Everything below C.9: the colour fields (4), the float fields (2 per remembered
        // round) and their score fields, and the B.5/D ordering room.
        let (b, g) = (lay.sgsb, lay.fields);
        let back = st.played_rounds.min(2) as u32;
        let c9_shift = 4 * b + back * (2 * b + 2 * g) + 3 * b + order;
        let lead_shift = c9_shift + 3 * b + 2 * g;
        debug_assert_eq!(lead_shift, total_shift(st, &lay, order));
        let last = st.played_rounds + 1 >= st.expected_rounds;
        let topscore = (st.played_rounds as Points * st.win.max(st.draw)) >> 1;
        let prefs_v = sorted.iter().map(|&i| prefs[i]).collect();
        let top_v = sorted.iter().map(|&i| last && acc[i] > topscore).collect();
        Pairer {
            st,
            sorted,
            against,
            words,
            vertex,
            prefs,
            prefs_v,
            top_v,
            no_bye_v: Vec::new(),
            lead_shift,
            order,
            c9_shift,
            lay,
            max_w,
            m,
            bye_score: 0,
            single_downfloater_is_bye: false,
            played_ranks: HashMap::new(),
            acc,
            shift,
            elig,
            floats,
            progress: SyncWrapper::new(progress),
            paired: 0,
            told: 0,
            loc: (0..total).collect(),
            glob: (0..total).collect(),
            core: total,
            dummy: (total > v).then_some(v),
            c9o: Vec::new(),
            s4: Vec::new(),
            twins: None,
            uncertified: false,
            rest: Vec::new(),
            outside: 0,
            certified_out: Vec::new(),
            done: vec![false; v],
            bye_done: false,
            mdp_present: std::collections::HashSet::new(),
        }
    }

    fn p(&self, vertex: usize) -> &'a P {
        &self.st.ps[self.sorted[vertex]]
    }

    fn score(&self, p: &P) -> Points {
        self.acc[p.id]
    }

    fn float(&self, p: &P, back: usize) -> Float {
        self.floats[p.id][back - 1]
    }

    /// `State::compatible(a, b)` (C.1, C.3 with the A.8 exception) for players of the round.
    fn compatible(&self, a: &P, b: &P) -> bool {
        self.compatible_v(self.vertex[a.id], self.vertex[b.id])
    }

    /// `compatible` by vertex, from `against`, `prefs_v` and `top_v`.
    #[inline(always)]
    fn compatible_v(&self, x: usize, y: usize) -> bool {
        if self.against[y * self.words + x / 64] >> (x % 64) & 1 == 1 {
            return false;
        }
        let (fa, fb) = (self.prefs_v[x], self.prefs_v[y]);
        fa & 1 == 0 || fb & 1 == 0 || fa != fb || self.top_v[x] || self.top_v[y]
    }

    fn set(&mut self, a: usize, b: usize, w: Big<N>) {
        let (x, y) = (self.loc[a], self.loc[b]);
        debug_assert!(x != NONE && y != NONE);
        self.m.set(x, y, w);
    }

    /// `set(vertices[r], vertices[c], f(self, state, r, c))` for the pairs of `rows` and
    /// `triangle`, on threads (`Incremental::set_rows`: the same as one by one).
    fn set_rows<S: Send>(
        &mut self,
        vertices: &[usize],
        rows: std::ops::Range<usize>,
        triangle: Triangle,
        states: &mut [S],
        f: impl Fn(&Self, &mut S, usize, usize) -> Big<N> + Sync,
    ) {
        let order: Vec<usize> = vertices.iter().map(|&v| self.loc[v]).collect();
        debug_assert!(order.iter().all(|&l| l != NONE));
        self.with_matching(|m, this| m.set_rows(&order, rows, triangle, states, |state, r, c| f(this, state, r, c)));
    }

    /// The first weights of the bracket's matching (`Incremental::set_initial_rows`, by local
    /// index: `i` in `rows`, `j < i`), on threads.
    fn set_initial_rows(&mut self, rows: std::ops::Range<usize>, f: impl Fn(&Self, usize, usize) -> Big<N> + Sync) {
        self.with_matching(|m, this| m.set_initial_rows(rows, &mut vec![(); threads()], |_, i, j| f(this, i, j)));
    }

    /// `f` with the matching apart from the rest of the pairer, which the weights are computed
    /// from (on threads: they share it).
    fn with_matching(&mut self, f: impl FnOnce(&mut Incremental<Big<N>>, &Self)) {
        let mut m = std::mem::replace(&mut self.m, empty_matching(0, self.max_w));
        f(&mut m, self);
        self.m = m;
    }

    /// Maximum-weight matching; an unmatched vertex is its own mate.
    fn compute(&mut self) -> Vec<usize> {
        let v = self.sorted.len();
        let local = self.m.compute();
        let mut mate: Vec<usize> = (0..v).collect();
        for (l, &g) in self.glob.iter().enumerate() {
            let ml = local[l];
            if g < v && ml != l && self.m.present(l, ml) {
                // Paired to a stand-in: to a player below the next score group.
                let mg = self.glob[ml];
                if mg < v {
                    mate[g] = mg;
                } else if mg == v + 1 {
                    mate[g] = self.outside;
                }
            }
        }
        if self.twins.is_some() && !self.uncertified {
            self.uncertified = !self.certified(&local);
        }
        mate
    }

    /// Whether the edge between players `a` and `b` is tight under the duals at hand (`None`
    /// when they do not tell: see `Incremental::tight`).
    fn tight(&self, a: usize, b: usize) -> Option<bool> {
        let (la, lb) = (self.loc[a], self.loc[b]);
        if la == NONE || lb == NONE {
            return None;
        }
        self.m.tight(la, lb)
    }

    /// Pair players `a` and `b` in another optimum of the same weights, reached from the one at
    /// hand along a short cycle of tight edges (`Incremental::rematch`), and update `mate`.
    /// Only players move (no stand-in, no bye), so who is paired below stays the same and with
    /// it `certified`'s verdict.
    fn rematch(&mut self, a: usize, b: usize, mate: &mut [usize]) -> bool {
        let v = self.sorted.len();
        let (la, lb) = (self.loc[a], self.loc[b]);
        if la == NONE || lb == NONE {
            return false;
        }
        let glob = &self.glob;
        let Some(moved) = self.m.rematch(la, lb, |l| glob[l] < v) else { return false };
        for pair in moved.chunks(2) {
            let (x, y) = (self.glob[pair[0]], self.glob[pair[1]]);
            mate[x] = y;
            mate[y] = x;
        }
        true
    }

    /// Whether the optimum of the bracket's matching with stand-ins (`enter`) is the optimum
    /// over all players left, and so exactly what the matching over all of them gives up to
    /// ties. Every other weight being a sum of per-player terms, a perfect matching of all
    /// players weighs the bracket's and next group's pairs among themselves, plus s(x) for
    /// each of theirs paired below, plus a constant (and the bye below: 1 − s(its player)).
    /// With stand-ins each of theirs paired to a stand-in gets s(x) + s_min, the bye s_min's
    /// player, the stand-ins among themselves s_min each: the same up to a constant, but with
    /// anybody paired below at the best value. So the optimum here is at least the optimum over
    /// all, and equal when (1) two stand-ins are left over (more of them could only help if two
    /// more did, and the best matchings by size are concave: they would not), (2) every player
    /// of theirs paired to a stand-in can have his own compatible player below (C.1, C.3),
    /// the bye one of the least s, and (3) the others below can then be paired (C.4).
    fn certified(&mut self, local: &[usize]) -> bool {
        let v = self.sorted.len();
        let twin = v + 1;
        let mut spare = 0;
        let mut out = Vec::new();
        for (l, &g) in self.glob.iter().enumerate() {
            let m = local[l];
            if m == l {
                return false;
            }
            if g == twin && self.glob[m] == twin {
                spare += 1;
            } else if g != twin && self.glob[m] == twin {
                out.push(g);
            }
        }
        if spare < 2 {
            return false;
        }
        if out == self.certified_out {
            return true;
        }
        let mut taken = vec![false; self.rest.len()];
        for &g in &out {
            let found = if g == v {
                // The bye: a player of the least s (ties: any of them, the weights are equal).
                (0..self.rest.len()).rev().find(|&k| !taken[k] && Some(self.s4[self.rest[k]]) == self.twins)
            } else {
                (0..self.rest.len()).find(|&k| !taken[k] && self.compatible_v(g, self.rest[k]))
            };
            match found {
                Some(k) => taken[k] = true,
                None => return false,
            }
        }
        let left: Vec<usize> = (0..self.rest.len()).filter(|&k| !taken[k]).map(|k| self.rest[k]).collect();
        if !self.pairable(&left) {
            return false;
        }
        self.certified_out = out;
        true
    }

    /// The duals the first solve of a bracket's matching starts from, for the weights every
    /// edge has before the bracket's own (`out_edge`, sums of per-player terms): `s4` for each
    /// player, the least `s4` below for the stand-ins, so every edge is tight, and for the
    /// extra vertex the least feasible against its edges of weight 1.
    fn seed(&mut self) {
        let v = self.sorted.len();
        let twin = self.twins.unwrap_or(Big::ZERO);
        let mut y: Vec<Big<N>> = self
            .glob
            .iter()
            .map(|&g| {
                if g < v {
                    self.s4[g]
                } else if g == v + 1 {
                    twin
                } else {
                    Big::ZERO
                }
            })
            .collect();
        if let Some(d) = self.dummy {
            let least = (0..y.len()).filter(|&l| l != d).map(|l| y[l]).reduce(|a, b| if b.lt(&a) { b } else { a });
            y[d] = Big::<N>::from_u64(4).sub(&least.unwrap_or(Big::ZERO));
        }
        self.m.seed_duals(y);
    }

    /// The weight of an edge with an end below the next score group: C.4 with C.2, and C.9
    /// (as set when the bye's score was fixed), a sum of per-player terms.
    fn out_edge(&self, a: usize, b: usize) -> Big<N> {
        if !self.compatible_v(a, b) {
            return Big::ZERO;
        }
        debug_assert!(self.no_bye_v[a] != self.bye_candidate(self.p(a)));
        let lead = 1 + self.no_bye_v[a] as u64 + self.no_bye_v[b] as u64;
        Big::<N>::ZERO.add_shifted(lead, self.lead_shift).add_shifted(self.c9o[a] + self.c9o[b], self.c9_shift)
    }

    /// Whether the players `left` can be paired among themselves (C.1, C.3): `greedy_pairing`.
    fn pairable(&self, left: &[usize]) -> bool {
        self.greedy_pairing(left).is_some()
    }

    /// A pairing of the players `left` among themselves (C.1, C.3; by index into `left`):
    /// greedily, then each two left over by breaking one pair whose ends they can meet. `None`
    /// when that does not pair them all (which does not prove that nothing can).
    fn greedy_pairing(&self, left: &[usize]) -> Option<Vec<usize>> {
        let n = left.len();
        // Both ways: C.1 is read from each player's own games, which a damaged file can
        // record on one side only, and the matching reads one of the two.
        let ok = |a: usize, b: usize| self.compatible_v(left[a], left[b]) && self.compatible_v(left[b], left[a]);
        let mut mate = vec![NONE; n];
        for i in 0..n {
            if mate[i] != NONE {
                continue;
            }
            if let Some(j) = (i + 1..n).find(|&j| mate[j] == NONE && ok(i, j)) {
                mate[i] = j;
                mate[j] = i;
            }
        }
        let free: Vec<usize> = (0..n).filter(|&i| mate[i] == NONE).collect();
        if free.len() % 2 == 1 {
            return None;
        }
        for f in free.chunks(2) {
            let (x, y) = (f[0], f[1]);
            if ok(x, y) {
                mate[x] = y;
                mate[y] = x;
                continue;
            }
            let swap = (0..n).find_map(|c| {
                let d = mate[c];
                if d == NONE || d == x || d == y || c == x || c == y {
                    return None;
                }
                if ok(x, c) && ok(y, d) { Some((c, d)) } else { None }
            });
            let (c, d) = swap?;
            mate[x] = c;
            mate[c] = x;
            mate[y] = d;
            mate[d] = y;
        }
        Some(mate)
    }

    /// The first matching's answer without solving it, where the rules make it structural. All
    /// `run` takes from that matching is that every player but at most one can be paired (C.4)
    /// and, for an odd count, the lowest score the bye can go to. Its weights are sums of
    /// per-player terms (C.4 with C.2, the score fields, and [both in the top group] below
    /// them), so a pairing of everyone else that leaves out an eligible player of the lowest
    /// score any eligible player has is an optimum: every pair there can be, every ineligible
    /// player paired, the least score field lost. `greedy_pairing` finds one for nearly every
    /// real round in linear time, where the matching over all players costs a square matrix (a
    /// second and 400 MB at 10,000 players). `None` when it does not (the matching decides), or
    /// when the bye would go to the top group, whose own pairing then matters (C.9's single
    /// downfloater, which only the 2025 edition asks for). The mates by vertex, as `compute`.
    fn completion_at_hand(&self, top: Points) -> Option<Vec<usize>> {
        #[cfg(test)]
        if SOLVE_COMPLETION_TEST.with(|c| c.get()) {
            return None;
        }
        let v = self.sorted.len();
        let all: Vec<usize> = (0..v).collect();
        let by_left = |left: &[usize], mate: Vec<usize>| {
            let mut m = all.clone();
            for (a, &b) in mate.iter().enumerate() {
                m[left[a]] = left[b];
            }
            m
        };
        if v.is_multiple_of(2) {
            return self.greedy_pairing(&all).map(|mate| by_left(&all, mate));
        }
        let eligible = |i: &usize| self.elig[self.p(*i).id];
        let least = all.iter().filter(|i| eligible(i)).map(|&i| self.score(self.p(i))).min()?;
        if least >= top && self.st.edition == Edition::Fide2025 {
            return None;
        }
        // The lowest ranked first (any of them is an optimum); a few tries, then the matching.
        all.iter().rev().filter(|i| eligible(i) && self.score(self.p(**i)) == least).take(4).find_map(|&bye| {
            let left: Vec<usize> = all.iter().copied().filter(|&i| i != bye).collect();
            self.greedy_pairing(&left).map(|mate| by_left(&left, mate))
        })
    }

    /// A fresh matching for the bracket whose players and next group are `vertices`, with the
    /// players from `next` on below them. Below the next score group every edge is a sum of
    /// per-player terms (`out_edge`), so those players are replaced by a few interchangeable
    /// stand-ins (see `certified`, which checks each solve); with `full`, or when there are
    /// few players below, they are all there as themselves (the matching over all players).
    fn enter(&mut self, vertices: &[usize], mdps: usize, next: usize, full: bool) {
        let v = self.sorted.len();
        let dummy = v % 2 == 1 && !self.bye_done;
        self.rest = (next..v).collect();
        self.outside = next;
        self.certified_out = vec![NONE];
        self.uncertified = false;
        let stand_ins = stand_ins();
        let twins = !full && stand_ins > 0 && self.rest.len() > 4 * stand_ins;
        self.twins = if twins {
            self.rest.iter().map(|&g| self.s4[g]).reduce(|a, b| if b.lt(&a) { b } else { a })
        } else {
            None
        };
        for &g in &self.glob {
            if g < self.loc.len() {
                self.loc[g] = NONE;
            }
        }
        self.glob = vertices.to_vec();
        self.core = vertices.len();
        if twins {
            let k = stand_ins + (vertices.len() + stand_ins + dummy as usize) % 2;
            self.glob.extend(std::iter::repeat_n(v + 1, k));
        } else {
            self.glob.extend(next..v);
        }
        let players = self.glob.len();
        self.dummy = None;
        if dummy {
            self.dummy = Some(players);
            self.glob.push(v);
        }
        for (l, &g) in self.glob.iter().enumerate() {
            if g < self.loc.len() {
                self.loc[g] = l;
            }
        }
        // The old matrix goes before the new one is allocated.
        self.m = empty_matching(0, self.max_w);
        self.m = empty_matching(self.glob.len(), self.max_w);
        if let Some(t) = self.twins {
            // x–stand-in: s(x) + s_min; stand-ins among themselves: 2·s_min (quarters of s4).
            let quarter = |w: Big<N>| w.shr1().shr1();
            let among = quarter(t.add(&t));
            self.set_initial_rows(self.core..players, |this, _, j| {
                if j < this.core { quarter(this.s4[this.glob[j]].add(&t)) } else { among }
            });
        } else {
            self.set_initial_rows(self.core..players, |this, i, j| this.out_edge(this.glob[j], this.glob[i]));
        }
        if let Some(d) = self.dummy {
            // The bye: weight 1 (with stand-ins: 1 − s_min + s_min).
            for i in 0..players {
                self.m.set_initial(i, d, Big::from_u64(1));
            }
        }
        // The bracket and next group start from the weights they had before the bracket (an
        // edge between two players moving down that was dropped stays absent), so that the
        // first solve pairs nearly everyone along tight edges and the bracket's own weights
        // are then a repair, as over the whole field.
        self.set_initial_rows(0..self.core, |this, i, j| {
            let (a, b) = (this.glob[j], this.glob[i]);
            if i < mdps && !this.mdp_present.contains(&(a.min(b), a.max(b))) { Big::ZERO } else { this.out_edge(a, b) }
        });
        self.seed();
        self.m.compute();
    }

    /// B.5/D ordering for the player at bracket index `pi`: his edges to the opponents `ois`
    /// (bracket indices, lowest ranked first) get increasing addends from `addend` on, so that
    /// of the opponents he can meet the highest ranked is strictly the best for him (D.1, and
    /// the highest possible resident opponent of a paired MDP). With `count_absent` an opponent
    /// he may not meet takes an addend too (a gap); without it only present edges count.
    fn prefer_highest(
        &mut self,
        base: &Base<N>,
        vertices: &[usize],
        pi: usize,
        ois: impl Iterator<Item = usize>,
        mut addend: u64,
        count_absent: bool,
    ) {
        let pv = vertices[pi];
        for oi in ois {
            let w = base.get(self, oi, pi);
            if !w.is_zero() {
                self.set(pv, vertices[oi], w.add_u64(addend));
            }
            if count_absent || !w.is_zero() {
                addend += 1;
            }
        }
    }

    fn finalize(&mut self, a: usize, b: usize) {
        let v = self.sorted.len();
        self.paired += 2;
        if self.paired > self.told {
            // A bracket paired again (`enter`) tells nothing twice.
            self.told = self.paired;
            (self.progress.get_mut())(Progress::Paired { done: self.paired.min(v), of: v });
        }
        self.done[a] = true;
        self.done[b] = true;
        let (la, lb) = (self.loc[a], self.loc[b]);
        if la == NONE || lb == NONE {
            // Only after a solve not proven optimal (paired to a stand-in): redone in full.
            debug_assert!(self.uncertified);
            self.uncertified = true;
            return;
        }
        if a != b {
            // Every other edge of both goes, the dummy vertex's of an odd count too.
            self.m.isolate(la, lb, self.max_w);
            return;
        }
        // The bye: every edge to another player goes (the dummy vertex's stays).
        self.bye_done = true;
        for u in 0..self.m.len() {
            if u != la && Some(u) != self.dummy {
                self.m.set(la, u, Big::ZERO);
            }
        }
    }

    /// C.9 term of `p`: its rank by games played when the single downfloater gets the bye.
    fn c9(&self, p: &P) -> u64 {
        if self.single_downfloater_is_bye && self.score(p) == self.bye_score {
            self.played_ranks[&p.played_games]
        } else {
            0
        }
    }

    fn bye_candidate(&self, p: &P) -> bool {
        self.elig[p.id] && self.score(p) <= self.bye_score
    }

    /// C.10–C.13 colour fields (only inside the current bracket), highest first.
    fn color_flags(&self, a: &P, b: &P, in_cur: bool) -> [bool; 4] {
        if !in_cur {
            return [false; 4];
        }
        // C.10 topscorers: colour difference must not exceed 2.
        let c10 = !a.absolute_imbalance() || !b.absolute_imbalance() || a.pref != b.pref;
        // C.11 topscorers: no colour three times in a row.
        let c11 = !a.absolute()
            || !b.absolute()
            || a.pref != b.pref
            || if a.color_imbalance == b.color_imbalance {
                a.repeated.is_none() || a.repeated != b.repeated
            } else {
                let lower = if a.color_imbalance > b.color_imbalance { b } else { a };
                lower.repeated != a.pref.map(Color::invert)
            };
        // C.12 colour preferences.
        let c12 = compatible_prefs(a.pref, b.pref);
        // C.13 strong colour preferences.
        let c13 = (!a.strong && !a.absolute())
            || (!b.strong && !b.absolute())
            || (a.absolute() && b.absolute())
            || a.pref != b.pref;
        [c10, c11, c12, c13]
    }

    /// Everything `edge`, `out_edge` and the first weights of `run` read of one player besides
    /// C.1/C.3 compatibility with the other (see `Memo`).
    #[allow(clippy::type_complexity)]
    fn class_key(&self, p: &P) -> (Points, u32, bool, u64, u8, u32, Option<Color>, bool, [Float; 2]) {
        (
            self.acc[p.id],
            self.shift[p.id],
            self.elig[p.id],
            self.c9(p),
            self.prefs[p.id],
            p.color_imbalance,
            p.repeated,
            p.strong,
            self.floats[p.id],
        )
    }

    /// A `Memo` for pairs among `vertices`, with the attributes as they are now.
    fn memo(&self, vertices: impl Iterator<Item = usize>) -> Memo<N> {
        let mut class = vec![u32::MAX; self.sorted.len()];
        let mut ids = HashMap::new();
        for pv in vertices {
            let next = ids.len() as u32;
            class[pv] = *ids.entry(self.class_key(self.p(pv))).or_insert(next);
        }
        let classes = ids.len();
        if classes > Memo::<N>::MAX_CLASSES {
            class.fill(u32::MAX);
        }
        let size = if classes > Memo::<N>::MAX_CLASSES { 0 } else { 2 * classes * classes };
        Memo { class, classes, table: vec![None; size] }
    }

    /// `edge` through `memo` (`None` when `h` and `l` may not meet, C.1/C.3).
    #[inline(always)]
    fn memo_edge(&self, memo: &mut Memo<N>, hv: usize, lv: usize, in_cur: bool, in_next: bool) -> Big<N> {
        if !self.compatible_v(hv, lv) {
            return Big::ZERO;
        }
        debug_assert!(!(in_cur && in_next));
        let w = memo.get(hv, lv, in_cur, || self.edge(self.p(hv), self.p(lv), in_cur, in_next));
        debug_assert!(w == self.edge(self.p(hv), self.p(lv), in_cur, in_next));
        w
    }

    /// The edge weight between `h` (higher) and `l` (lower) for the current bracket.
    ///
    /// The fields, from the top: C.4 (with C.2), C.5–C.8, C.9, C.10–C.13, C.14–C.21, and room
    /// for the B.5/D ordering fields. Each is added at its bit position (`pos` walks down from
    /// `lead_shift`), which equals shifting the weight left field by field and adding.
    fn edge(&self, h: &P, l: &P, in_cur: bool, in_next: bool) -> Big<N> {
        let st = self.st;
        let (b, g) = (self.lay.sgsb, self.lay.fields);
        debug_assert_eq!(self.compatible(h, l), st.compatible(h, l));
        if !self.compatible(h, l) {
            return Big::ZERO;
        }
        let sh = |p: &P| self.shift[p.id];
        // C.4 completion and C.2 bye eligibility.
        let lead = 1 + !self.bye_candidate(h) as u64 + !self.bye_candidate(l) as u64;
        let mut r = Sum::<N>::ZERO;
        r.add(lead, self.lead_shift);
        if !in_cur && !in_next {
            // Outside the bracket every other field is zero but C.9.
            r.add(self.c9(h) + self.c9(l), self.c9_shift);
            return r.finish();
        }
        let mut pos = self.lead_shift;
        // C.5 pairs in the bracket; C.6 scores paired in the bracket.
        pos -= b;
        r.add(in_cur as u64, pos);
        pos -= g;
        if in_cur {
            r.add(1, pos + sh(h));
        }
        // C.7/C.8 the same for the next bracket.
        pos -= b;
        r.add(in_next as u64, pos);
        pos -= g;
        if in_next {
            r.add(1, pos + sh(h));
        }
        // C.9 unplayed games of the bye assignee.
        pos -= b;
        debug_assert_eq!(pos, self.c9_shift);
        r.add(self.c9(h) + self.c9(l), pos);
        for flag in self.color_flags(l, h, in_cur) {
            pos -= b;
            r.add(flag as u64, pos);
        }
        let (hs, ls) = (self.score(h), self.score(l));
        for back in [1, 2] {
            if st.played_rounds >= back {
                // C.14/C.16 repeated downfloaters; C.15/C.17 repeated upfloaters.
                pos -= b;
                if in_cur {
                    r.add((self.float(l, back) == Float::Down) as u64, pos);
                    r.add((hs <= ls && self.float(h, back) == Float::Down) as u64, pos);
                }
                pos -= b;
                if in_cur {
                    r.add(!(hs > ls && self.float(l, back) == Float::Up) as u64, pos);
                }
            }
        }
        for back in [1, 2] {
            if st.played_rounds >= back {
                // C.18/C.20 scores of repeated downfloaters; C.19/C.21 of upfloaters' opponents.
                pos -= g;
                if in_cur {
                    r.add((self.float(l, back) == Float::Down) as u64, pos + sh(l));
                    r.add((self.float(h, back) == Float::Down) as u64, pos + sh(h));
                }
                pos -= g;
                if in_cur && !(self.float(l, back) == Float::Up && hs > ls) {
                    r.add(1, pos + sh(h));
                }
            }
        }
        // What is left is the room for the B.5/D ordering fields.
        debug_assert_eq!(pos, 3 * b + self.order);
        r.finish()
    }

    /// What `edge` adds to `out_edge` (the weights of the first solve, `enter`) as player `v`'s
    /// share, for a pair of his score in the current bracket (`in_cur`) or in the next score
    /// group: half of each field that is a constant between equal scores, his own terms (C.9
    /// as it is now, his downfloats), and half of the colour fields C.10–C.13 at their best.
    /// Two shares sum to the pair's rise exactly when it meets all four colour criteria, and
    /// to more otherwise (`raise_duals`). The fields are walked as in `edge`.
    fn rise_share(&self, v: usize, in_cur: bool) -> Big<N> {
        let (st, p) = (self.st, self.p(v));
        let (b, g) = (self.lay.sgsb, self.lay.fields);
        let sh = self.shift[p.id];
        // Twice the share: a constant field once, his own terms twice.
        let mut r = Sum::<N>::ZERO;
        let mut pos = self.lead_shift;
        // C.5/C.6 in the bracket, C.7/C.8 in the next group.
        for here in [in_cur, !in_cur] {
            pos -= b;
            r.add(here as u64, pos);
            pos -= g;
            r.add(here as u64, pos + sh);
        }
        pos -= b;
        debug_assert_eq!(pos, self.c9_shift);
        r.add(2 * self.c9(p).saturating_sub(self.c9o[v]), pos);
        if !in_cur {
            return r.finish().shr1();
        }
        for _ in 0..4 {
            pos -= b;
            r.add(1, pos);
        }
        let down = |back: usize| 2 * (self.float(p, back) == Float::Down) as u64;
        for back in [1, 2] {
            if st.played_rounds >= back {
                // C.14/C.16 his downfloat; C.15/C.17 a constant between equal scores.
                pos -= b;
                r.add(down(back), pos);
                pos -= b;
                r.add(1, pos);
            }
        }
        for back in [1, 2] {
            if st.played_rounds >= back {
                // C.18/C.20 his downfloat; C.19/C.21 a constant between equal scores.
                pos -= g;
                r.add(down(back), pos + sh);
                pos -= g;
                r.add(1, pos + sh);
            }
        }
        debug_assert_eq!(pos, 3 * b + self.order);
        r.finish().shr1()
    }

    /// Tests: `rise_share` as documented, for every pair of equal scores and shifts among the
    /// bracket's residents and next group that may meet: the shares sum to at least the rise,
    /// exactly when both are in the next group or both meet C.10–C.13 in the bracket.
    #[cfg(test)]
    fn check_rise_shares(&self, vertices: &[usize], sg_begin: usize, next_sg_begin: usize) {
        let (mut checked, mut tight) = (0, 0);
        for li in sg_begin..vertices.len() {
            for si in sg_begin..li {
                let (hv, lv) = (vertices[si], vertices[li]);
                let (h, l) = (self.p(hv), self.p(lv));
                let (in_cur, in_next) = (li < next_sg_begin, li >= next_sg_begin);
                if !self.compatible_v(hv, lv)
                    || self.score(h) != self.score(l)
                    || self.shift[h.id] != self.shift[l.id]
                    || in_next && si < next_sg_begin
                {
                    continue;
                }
                let rise = self.edge(h, l, in_cur, in_next).sub(&self.out_edge(hv, lv));
                let sum = self.rise_share(hv, in_cur).add(&self.rise_share(lv, in_cur));
                let exact = !in_cur || self.color_flags(l, h, true).iter().all(|&f| f);
                assert!(rise.le(&sum), "a rise past the shares: {si}–{li}");
                assert_eq!(rise == sum, exact, "{si}–{li}: the shares are exact when C.10–C.13 hold");
                checked += 1;
                tight += exact as usize;
            }
        }
        RISE_SHARES.with(|c| {
            let (a, b) = c.get();
            c.set((a + checked, b + tight));
        });
    }

    /// The round's pairs (`None`: a bracket's score groups do not fit narrow fields).
    fn run(mut self) -> Result<Option<Pairs>> {
        let st = self.st;
        let v = self.sorted.len();
        let top = self.score(self.p(0));
        // Completability first, and (odd counts) the lowest possible bye score.
        let m = match self.completion_at_hand(top) {
            Some(m) => m,
            None => self.solve_completion(top),
        };
        (self.progress.get_mut())(Progress::Completable);
        let unmatched = (0..v).filter(|&i| m[i] == i).count();
        if unmatched > 1 {
            return Err(Error::NoPairing(
                "the players cannot all be paired under the absolute criteria C.1–C.3".into(),
            ));
        }
        if v & 1 == 1 && st.edition == Edition::Fide2017 {
            // 2017: no criterion sets the bye assignee's score ahead of the brackets. C.4 asks
            // only that the rest stay pairable with the bye to a player C.2 allows; the bye is
            // whoever is left in the last bracket (A.9), where C.5/C.6 leave out the lowest
            // score, after every higher bracket has been paired by its own C.5–C.19. Nor is
            // there a criterion on the assignee's unplayed games (2025 C.9). So every eligible
            // player stays a candidate, whatever his score.
            self.bye_score = Points::MAX;
        } else if v & 1 == 1 {
            let bye = (0..v).find(|&i| m[i] == i).expect("odd count leaves one player");
            // 2025: the bye goes to the lowest score it can go to, fixed before any bracket is
            // paired (bbpPairings 6 does the same; its test `dutch_2025_C5`).
            self.bye_score = self.score(self.p(bye));
            // C.9 bookkeeping before the weights that use it: whether the top bracket's single
            // downfloater is the bye assignee, and the ranks by games played (most played
            // first, so that the assignee has played most).
            let single = self.bye_score >= top
                && (0..v).take_while(|&i| self.score(self.p(i)) >= top).all(|i| self.score(self.p(m[i])) >= top);
            self.single_downfloater_is_bye = single;
            let mut counts: Vec<u32> =
                (0..v).filter(|&i| self.score(self.p(i)) == self.bye_score).map(|i| self.p(i).played_games).collect();
            counts.sort_unstable_by(|a, b| b.cmp(a));
            for (r, c) in counts.into_iter().enumerate() {
                self.played_ranks.insert(c, r as u64);
            }
            // The weights change here (C.2 now knows the bye's score, C.9 is set), but no
            // matching over the whole field is solved with them: each bracket starts a
            // matching of its own from them (`enter`, `out_edge`).
        }
        self.c9o = (0..v).map(|i| self.c9(self.p(i))).collect();
        self.no_bye_v = (0..v).map(|i| !self.bye_candidate(self.p(i))).collect();
        self.s4 = (0..v)
            .map(|i| {
                let p = self.p(i);
                Big::<N>::ZERO
                    .add_shifted(2 + 4 * !self.bye_candidate(p) as u64, self.lead_shift)
                    .add_shifted(4 * self.c9o[i], self.c9_shift)
            })
            .collect();
        self.brackets()
    }

    /// The first matching, over all players with completion weights only (C.4 with C.2, the
    /// score fields for the bye's score), solved: the mates by vertex.
    fn solve_completion(&mut self, top: Points) -> Vec<usize> {
        let st = self.st;
        let v = self.sorted.len();
        let total = v + v % 2;
        self.m = empty_matching(total, self.max_w);
        if total > v {
            for i in 0..v {
                self.m.set(i, v, Big::from_u64(1));
            }
        }
        // An edge outside every bracket holds only C.4 (with C.2) and C.9, and C.9 is zero until
        // the bye assignee's score is known: one of three values (`edge` otherwise).
        let leads: [Big<N>; 3] = [1, 2, 3].map(|l| Big::<N>::from_u64(l).shl(self.lead_shift));
        let mut memo = self.memo(0..v);
        for rows in (0..v).step_by(256) {
            lower_pairs_tiled(rows..(rows + 256).min(v), |i, j| {
                let w = if v & 1 == 1 {
                    if self.compatible_v(i, j) {
                        let (pi, pj) = (self.p(i), self.p(j));
                        // Bye eligibility, score fields and the top group: all in the classes.
                        memo.get(i, j, false, || {
                            let mut w = Big::<N>::from_u64(1 + !self.elig[pi.id] as u64 + !self.elig[pj.id] as u64);
                            w = w.shl(self.lay.sgs);
                            w = w.or_u64((self.shift[pi.id] + self.shift[pj.id]) as u64);
                            w = w.shl(self.lay.sgsb);
                            w.or_u64((self.score(pi) >= top) as u64)
                        })
                    } else {
                        Big::ZERO
                    }
                } else if !self.single_downfloater_is_bye && self.compatible_v(j, i) {
                    let (pi, pj) = (self.p(i), self.p(j));
                    leads[!self.bye_candidate(pj) as usize + !self.bye_candidate(pi) as usize]
                } else {
                    self.edge(self.p(j), self.p(i), false, false)
                };
                debug_assert!(v & 1 == 1 || w == self.edge(self.p(j), self.p(i), false, false));
                debug_assert_eq!(self.compatible_v(i, j), st.compatible(self.p(i), self.p(j)));
                self.m.set_initial(i, j, w);
            });
            if rows + 256 <= v {
                (self.progress.get_mut())(Progress::Weights { done: rows + 256, of: v });
            }
        }
        // The weights above are sums of per-player terms, s(i) + s(j) (with [both in the top
        // group] added for an odd count), so duals of 4·s(i) (+ 2 in the top group) are
        // feasible and make nearly every edge tight: the first solve then pairs nearly
        // everyone greedily instead of growing trees over the whole field. The extra vertex
        // of an odd count (edges of weight 1) takes the least dual feasible against them.
        // The matcher checks the duals (`seed_duals`); any feasible duals certify the optimum.
        let mut y: Vec<Big<N>> = (0..v)
            .map(|i| {
                let p = self.p(i);
                if v & 1 == 1 {
                    let k0 = self.lay.sgs + self.lay.sgsb;
                    Big::<N>::ZERO
                        .add_shifted(2 + 4 * !self.elig[p.id] as u64, k0)
                        .add_shifted(4 * self.shift[p.id] as u64, self.lay.sgsb)
                        .add_u64(2 * (self.score(p) >= top) as u64)
                } else {
                    Big::<N>::ZERO.add_shifted(2 + 4 * !self.bye_candidate(p) as u64, self.lead_shift)
                }
            })
            .collect();
        if self.m.len() > v {
            let least = y.iter().copied().reduce(|a, b| if b.lt(&a) { b } else { a }).unwrap_or(Big::ZERO);
            y.push(Big::<N>::from_u64(4).sub(&least));
        }
        self.m.seed_duals(y);
        self.compute()
    }

    /// Lay out the score fields of a bracket: one per score among `vertices` (its players and
    /// the next group's, the only ones whose edges carry such fields), lower scores in lower
    /// bits, each as wide as the count of its players there. False when they do not fit.
    fn layout_bracket(&mut self, vertices: &[usize]) -> bool {
        let mut scores: Vec<(Points, usize)> = Vec::new();
        for &pv in vertices {
            let s = self.score(self.p(pv));
            match scores.iter_mut().find(|e| e.0 == s) {
                Some(e) => e.1 += 1,
                None => scores.push((s, 1)),
            }
        }
        scores.sort_unstable_by_key(|e| e.0);
        let mut at = 0;
        for e in scores.iter_mut() {
            let width = bits(e.1);
            e.1 = at as usize;
            at += width;
        }
        if at > self.lay.fields {
            return false;
        }
        for &pv in vertices {
            let p = self.p(pv);
            let s = self.score(p);
            self.shift[p.id] = scores.iter().find(|e| e.0 == s).map_or(0, |e| e.1 as u32);
        }
        true
    }

    fn brackets(&mut self) -> Result<Option<Pairs>> {
        let v = self.sorted.len();
        let mut result_mate: Vec<Option<usize>> = vec![None; v];
        let top = self.score(self.p(0));
        // Players of the current bracket (moved-down first) by bracket index → vertex.
        let mut vertices: Vec<usize> = Vec::new();
        let mut next = 0;
        while next < v && self.score(self.p(next)) >= top {
            vertices.push(next);
            next += 1;
        }
        let mut matched = vec![false; v];
        let mut sg_begin = 0usize; // number of moved-down players in the bracket
        let mut sg_begin_vertex = 0usize;
        while vertices.len() > 1 || next < v {
            let next_sg_begin = vertices.len();
            let next_sg_begin_vertex = sg_begin_vertex + (next_sg_begin - sg_begin);
            let group_start = next;
            while next < v && self.score(self.p(next)) >= self.score(self.p(group_start.min(v - 1))) {
                vertices.push(next);
                next += 1;
            }
            let count = vertices.len();
            if !self.layout_bracket(&vertices) {
                return Ok(None);
            }
            let (saved_matched, saved_paired, saved_bye) = (matched.clone(), self.paired, self.bye_done);
            let mut full = false;
            let mate = loop {
                self.enter(&vertices, sg_begin, next, full);
                // base[larger][smaller], for the larger at `sg_begin` or after (each distinct weight
                // stored once: a bracket of 6,000 players has 18 million of them).
                let mut memos = vec![self.memo(vertices.iter().copied()); threads()];
                // The duals rise by the players' shares of the new weights (`rise_share`), so
                // the pairs of equal scores that meet C.10–C.13 are tight and the repair pairs
                // along them. The moved-down players' edges rise by more: they take their
                // least duals (`raise_duals`).
                let raises: Vec<(usize, Big<N>)> = (sg_begin..count)
                    .map(|li| (self.loc[vertices[li]], self.rise_share(vertices[li], li < next_sg_begin)))
                    .collect();
                self.m.raise_duals(&raises);
                #[cfg(test)]
                self.check_rise_shares(&vertices, sg_begin, next_sg_begin);
                self.set_rows(&vertices, sg_begin..count, Triangle::Lower, &mut memos, |this, memo, li, si| {
                    let (in_cur, in_next) = (li < next_sg_begin, li >= next_sg_begin);
                    this.memo_edge(memo, vertices[si], vertices[li], in_cur, in_next)
                });
                let mut memo = Memo::merged(memos);
                // Moved-down players among themselves: weighed as in this bracket too (in this
                // bracket's fields); an edge dropped in an earlier bracket stays absent.
                for li in 1..sg_begin {
                    for si in 0..li {
                        let (a, b) = (vertices[si], vertices[li]);
                        if self.mdp_present.contains(&(a.min(b), a.max(b))) {
                            let w = self.memo_edge(&mut memo, a, b, true, false);
                            self.set(a, b, w);
                        }
                    }
                }
                let mut base = Base {
                    memo,
                    vertices: vertices.clone(),
                    from: sg_begin,
                    next: next_sg_begin,
                    dropped: vec![0; (count * count.saturating_sub(1) / 2).div_ceil(64)],
                };
                let sgsb = self.lay.sgsb;
                let weight_with =
                    |this: &Self, base: &Base<N>, si: usize, li: usize, s_rem: usize, rem_pairs: usize| -> Big<N> {
                        let r = base.get(this, li, si);
                        if r.is_zero() {
                            return r;
                        }
                        // B.5 minimise the number of exchanges, then the exchanged BSN differences.
                        let addend = Big::<N>::from_u64((s_rem < rem_pairs) as u64)
                            .shl(2 * sgsb)
                            .sub_u64(s_rem as u64)
                            .shl(this.order);
                        r.add(&addend)
                    };
                let in_bracket = |m: usize| m >= sg_begin_vertex && m < next_sg_begin_vertex;
                // `v` plays as an S1 player: paired with a later player of the bracket.
                let s1_role = |mate: &[usize], v: usize| mate[v] > v && mate[v] < next_sg_begin_vertex;
                let mut units = vec![(); threads()];
                let mut mate = self.compute();

                // Heterogeneous bracket: choose which moved-down players (MDPs) are paired.
                let mut md_score = 0;
                let mut remaining_md = 0usize;
                let mut remaining_matched_md = 0usize;
                for pi in 0..sg_begin {
                    let s = self.score(self.p(vertices[pi]));
                    if pi == 0 || s < md_score {
                        md_score = s;
                        remaining_md = 0;
                        remaining_matched_md = 0;
                        let mut k = pi;
                        while k < count && self.score(self.p(vertices[k])) >= md_score {
                            remaining_md += 1;
                            if in_bracket(mate[vertices[k]]) {
                                remaining_matched_md += 1;
                            }
                            k += 1;
                        }
                    }
                    if remaining_matched_md == 0 {
                        continue;
                    }
                    let pv = vertices[pi];
                    if remaining_md <= remaining_matched_md {
                        matched[pv] = true;
                        continue;
                    }
                    remaining_md -= 1;
                    if !in_bracket(mate[pv]) {
                        for oi in sg_begin..next_sg_begin {
                            let w = base.get(self, oi, pi);
                            if !w.is_zero() {
                                self.set(pv, vertices[oi], w.or_u64(1));
                            }
                        }
                        mate = self.compute();
                    }
                    if in_bracket(mate[pv]) {
                        matched[pv] = true;
                        remaining_matched_md -= 1;
                        for oi in sg_begin..next_sg_begin {
                            let w = base.get(self, oi, pi);
                            if !w.is_zero() {
                                self.set(pv, vertices[oi], w.or_u64((next_sg_begin - sg_begin) as u64).add_u64(1));
                            }
                        }
                    }
                }
                // Each paired MDP gets the highest possible resident opponent.
                for pi in 0..sg_begin {
                    let pv = vertices[pi];
                    if !matched[pv] {
                        continue;
                    }
                    let residents = (sg_begin..next_sg_begin).rev().filter(|&oi| !matched[vertices[oi]]);
                    self.prefer_highest(&base, &vertices, pi, residents, count as u64, false);
                    mate = self.compute();
                    let mv = mate[pv];
                    matched[mv] = true;
                    self.finalize(pv, mv);
                }

                // The remainder (homogeneous part): S1 = its first `rem_pairs` players.
                let mut remainder: Vec<usize> = Vec::new();
                let mut rem_pairs = 0;
                for pi in sg_begin..next_sg_begin {
                    let pv = vertices[pi];
                    if mate[pv] < sg_begin_vertex {
                        continue;
                    }
                    remainder.push(pi);
                    if mate[pv] < pv {
                        rem_pairs += 1;
                    }
                }
                let rem_vertices: Vec<usize> = remainder.iter().map(|&pi| vertices[pi]).collect();
                self.set_rows(&rem_vertices, 0..remainder.len(), Triangle::Lower, &mut units, |this, _, a, ri| {
                    weight_with(this, &base, remainder[ri], remainder[a], ri, rem_pairs)
                });
                mate = self.compute();
                let first_group_end = rem_pairs;
                let mut exchanges = 0;
                for &pi in remainder.iter().take(first_group_end) {
                    let pv = vertices[pi];
                    exchanges += !s1_role(&mate, pv) as usize;
                }
                // D.2 exchanges: the lowest S1 players move down first where possible. One solve
                // decides a chunk of them, from the bottom: the j-th of the chunk, as an S1 player
                // (paired with a later player), loses 2^(order-1-j) below every B.5 field, more
                // than all the chunk's players above him together, so the optimum exchanges him
                // if any optimum of the weights so far does, then the next given that, and so on:
                // what one solve per player, lowering his edges by 1, decides in turn.
                let mut left = exchanges;
                let mut idx = first_group_end;
                let order = self.order as usize;
                while idx > 0 && left > 0 {
                    let chunk = idx.saturating_sub(order)..idx;
                    for (j, ri) in chunk.clone().rev().enumerate() {
                        let pi = remainder[ri];
                        let loss = 1u64 << (order - 1 - j);
                        for &oi in &remainder[ri + 1..] {
                            let w = weight_with(self, &base, pi, oi, ri, rem_pairs);
                            if !w.is_zero() {
                                self.set(vertices[pi], vertices[oi], w.sub_u64(loss));
                            }
                        }
                    }
                    mate = self.compute();
                    for ri in chunk.clone().rev() {
                        let pi = remainder[ri];
                        let pv = vertices[pi];
                        // With `left` at 0 the optimum exchanges none above (B.5 fixed their
                        // number): they only get their weights back.
                        let moved = !s1_role(&mate, pv);
                        debug_assert!(left > 0 || !moved, "more exchanges than B.5 allows");
                        let exchange = left > 0 && moved;
                        left -= exchange as usize;
                        for &oi in &remainder[ri + 1..] {
                            if exchange {
                                base.drop(oi, pi);
                            }
                            let w = weight_with(self, &base, pi, oi, ri, rem_pairs);
                            self.set(pv, vertices[oi], w);
                        }
                    }
                    idx = chunk.start;
                }
                // … and the highest S2 players move up first.
                let mut left = exchanges;
                let mut ridx = first_group_end;
                let mut k = first_group_end;
                while k < remainder.len() && left > 1 {
                    let pi = remainder[k];
                    let pv = vertices[pi];
                    let already = s1_role(&mate, pv);
                    if !already {
                        for &oi in &remainder[k + 1..] {
                            let w = weight_with(self, &base, pi, oi, ridx, rem_pairs);
                            if !w.is_zero() {
                                self.set(pv, vertices[oi], w.add_u64(1));
                            }
                        }
                        mate = self.compute();
                    }
                    let exchange = s1_role(&mate, pv);
                    if exchange {
                        left -= 1;
                        for &oi in &remainder[..k] {
                            base.drop(pi, oi);
                            self.set(pv, vertices[oi], Big::ZERO);
                        }
                        for oi in next_sg_begin..count {
                            base.drop(oi, pi);
                            self.set(pv, vertices[oi], Big::ZERO);
                        }
                    }
                    if !already {
                        for &oi in &remainder[k + 1..] {
                            let w = weight_with(self, &base, pi, oi, ridx, rem_pairs);
                            self.set(pv, vertices[oi], w);
                        }
                    }
                    ridx += 1;
                    k += 1;
                }
                // Fix who is in S1 after the exchanges; drop the exchange bits.
                let in_s1 = |v: usize| s1_role(&mate, v);
                for (a, &pi) in remainder.iter().enumerate() {
                    for &oi in &remainder[a + 1..] {
                        if !in_s1(vertices[pi]) || in_s1(vertices[oi]) {
                            base.drop(oi, pi);
                        }
                    }
                }
                self.set_rows(&rem_vertices, 0..remainder.len(), Triangle::Upper, &mut units, |this, _, a, oa| {
                    base.get(this, remainder[oa], remainder[a])
                });
                // D.1 each S1 player, from the top, gets the highest possible S2 opponent.
                for &pi in &remainder {
                    let pv = vertices[pi];
                    if s1_role(&mate, pv) {
                        let candidates: Vec<usize> =
                            remainder.iter().copied().filter(|&oi| oi > pi && !matched[vertices[oi]]).collect();
                        // The addends below make the highest-ranked S2 player pv can meet strictly
                        // the best for pv. When the optimum at hand pairs pv with that player and
                        // the addend there is positive, it has both the largest weight without the
                        // addends and the largest addend, so every optimum with them pairs pv so:
                        // no need to set them and solve (most S1 players of a large bracket).
                        let top = candidates.iter().position(|&oi| !base.get(self, oi, pi).is_zero());
                        let mut choice = top
                            .filter(|&at| at + 1 < candidates.len() && vertices[candidates[at]] == mate[pv])
                            .map(|at| vertices[candidates[at]]);
                        // Every optimum pairs only along edges tight under the duals at hand (LP
                        // complementary slackness), so no opponent above pv's highest tight one is
                        // possible; if another optimum at hand pairs pv with him (`rematch`), he
                        // is the highest possible, and with a positive addend the only choice.
                        if choice.is_none() {
                            let highest = candidates[..candidates.len().saturating_sub(1)].iter().find_map(|&oi| {
                                let t = self.tight(pv, vertices[oi]);
                                (t != Some(false)).then_some((vertices[oi], t))
                            });
                            if let Some((t, Some(true))) = highest
                                && (t == mate[pv] || self.rematch(pv, t, &mut mate))
                            {
                                choice = Some(t);
                            }
                        }
                        let mv = match choice {
                            Some(t) => t,
                            None => {
                                self.prefer_highest(&base, &vertices, pi, candidates.iter().rev().copied(), 0, true);
                                mate = self.compute();
                                mate[pv]
                            }
                        };
                        matched[pv] = true;
                        matched[mv] = true;
                        self.finalize(pv, mv);
                    }
                }
                #[cfg(test)]
                if self.twins.is_some() {
                    STAND_IN_BRACKETS.with(|c| {
                        let (with, again) = c.get();
                        c.set((with + 1, again + self.uncertified as usize));
                    });
                }
                if !self.uncertified {
                    break mate;
                }
                // A solve over the bracket's own players was not proven optimal over all of them:
                // pair the bracket again over every player left.
                matched.clone_from(&saved_matched);
                self.paired = saved_paired;
                for &pv in &vertices {
                    self.done[pv] = false;
                }
                self.bye_done = saved_bye;
                full = true;
            };
            // Unpaired players move down to the next bracket.
            let mut new_vertices = Vec::new();
            sg_begin = 0;
            for (pi, &pv) in vertices.iter().enumerate() {
                if pi < next_sg_begin && matched[pv] {
                    result_mate[pv] = Some(mate[pv]);
                    result_mate[mate[pv]] = Some(pv);
                } else {
                    new_vertices.push(pv);
                    if pi < next_sg_begin {
                        sg_begin += 1;
                    }
                }
            }
            // 2025 C.9: the next bracket's single downfloater can be the bye assignee only if
            // the assignee's score reaches the next score group and every player moving down
            // is matched (for now) within it. (2017 has no such criterion.)
            let next_score = if group_start < v { self.score(self.p(group_start)) } else { Points::MIN };
            self.single_downfloater_is_bye = self.st.edition == Edition::Fide2025
                && v & 1 == 1
                && group_start < v
                && self.bye_score >= next_score
                && new_vertices.iter().all(|&pv| self.score(self.p(mate[pv])) >= next_score);
            self.mdp_present.clear();
            for x in 0..sg_begin {
                for y in 0..x {
                    let (a, b) = (new_vertices[y], new_vertices[x]);
                    if self.m.present(self.loc[a], self.loc[b]) {
                        self.mdp_present.insert((a.min(b), a.max(b)));
                    }
                }
            }
            vertices = new_vertices;
            sg_begin_vertex = next_sg_begin_vertex;
        }
        let mut out = Vec::new();
        for i in 0..v {
            match result_mate[i] {
                Some(j) if j > i => out.push((i, Some(j))),
                Some(_) => {}
                None => out.push((i, None)),
            }
        }
        Ok(Some(out))
    }
}

/// Edge weights memoised by the players' classes for one loop over many pairs. Apart from
/// C.1/C.3 compatibility (checked per pair by the caller), an edge's weight depends on its
/// players only through a few attributes each (`Pairer::class_key`: score, score field, bye
/// eligibility, C.9 term, colour state, floats), and the players of a bracket share a few
/// dozen combinations of them: a bracket of 6,000 players has 18 million pairs, whose weights
/// were each built field by field. A weight is computed once per pair of classes (and flag),
/// by the same function as before, so the values are exactly those it gives. Only valid while
/// nothing those attributes feed changes (the bye's score, the C.9 bookkeeping, the fields'
/// layout): each loop builds its own.
#[derive(Clone)]
struct Memo<const N: usize> {
    /// Per vertex (sorted index), its class (`u32::MAX`: not classified).
    class: Vec<u32>,
    classes: usize,
    table: Vec<Option<Big<N>>>,
}

impl<const N: usize> Memo<N> {
    /// More classes than this (never seen) and the table would be large: compute directly.
    const MAX_CLASSES: usize = 512;

    /// One memo with what each of `memos` (copies of one, filled by different threads) holds.
    fn merged(memos: Vec<Memo<N>>) -> Memo<N> {
        let mut memos = memos.into_iter();
        let mut out = memos.next().expect("at least one memo");
        for m in memos {
            for (slot, w) in out.table.iter_mut().zip(m.table) {
                if slot.is_none() {
                    *slot = w;
                }
            }
        }
        out
    }

    /// The weight of `h`–`l` with `flag` if the table has it (`get` stored it).
    #[inline(always)]
    fn peek(&self, h: usize, l: usize, flag: bool) -> Option<Big<N>> {
        let (ch, cl) = (self.class[h], self.class[l]);
        if ch == u32::MAX || cl == u32::MAX {
            return None;
        }
        self.table[(ch as usize * self.classes + cl as usize) * 2 + flag as usize]
    }

    /// The weight of `h`–`l` (vertices, in the order the function takes them) with `flag`,
    /// from the table or `f` (once per pair of classes and flag).
    #[inline(always)]
    fn get(&mut self, h: usize, l: usize, flag: bool, f: impl FnOnce() -> Big<N>) -> Big<N> {
        let (ch, cl) = (self.class[h], self.class[l]);
        if ch == u32::MAX || cl == u32::MAX {
            return f();
        }
        let at = (ch as usize * self.classes + cl as usize) * 2 + flag as usize;
        match self.table[at] {
            Some(w) => w,
            None => {
                let w = f();
                self.table[at] = Some(w);
                w
            }
        }
    }
}

/// The weights of a bracket before the B.5/D ordering fields, `get(larger, smaller)` by
/// bracket index: those its matching was first given (`memo_edge`, larger at `from` or after;
/// zero below), read back from the same `Memo` (filled by that loop for every pair of classes
/// it met, and the same function otherwise) instead of stored per edge (a bracket of 6,000
/// players has 18 million of them), except the edges dropped since (a bit each).
struct Base<const N: usize> {
    memo: Memo<N>,
    vertices: Vec<usize>,
    /// The first resident's bracket index (`sg_begin`, after the moved-down players) and the next
    /// score group's first (`next_sg_begin`).
    from: usize,
    next: usize,
    dropped: Vec<u64>,
}

impl<const N: usize> Base<N> {
    fn get(&self, p: &Pairer<'_, N>, larger: usize, smaller: usize) -> Big<N> {
        debug_assert!(smaller < larger);
        let k = pair_index(smaller, larger);
        if larger < self.from || self.dropped[k / 64] >> (k % 64) & 1 == 1 {
            return Big::ZERO;
        }
        let (hv, lv) = (self.vertices[smaller], self.vertices[larger]);
        if !p.compatible_v(hv, lv) {
            return Big::ZERO;
        }
        let (h, l) = (p.p(hv), p.p(lv));
        let (in_cur, in_next) = (larger < self.next, larger >= self.next);
        let w = self.memo.peek(hv, lv, in_cur).unwrap_or_else(|| p.edge(h, l, in_cur, in_next));
        debug_assert!(w == p.edge(h, l, in_cur, in_next));
        w
    }
    fn drop(&mut self, larger: usize, smaller: usize) {
        let k = pair_index(smaller, larger);
        self.dropped[k / 64] |= 1 << (k % 64);
    }
}

/// E.1–E.5 colour allocation for `a` against `b`.
fn choose_color(st: &State, a: &P, b: &P) -> Color {
    if let Some(c) = neutral_color(a, b) {
        return c;
    }
    if a.pref.is_none() {
        if st.ranks_below(a, b) {
            if b.rank_index & 1 == 1 { st.initial_color } else { st.initial_color.invert() }
        } else if a.rank_index & 1 == 1 {
            st.initial_color.invert()
        } else {
            st.initial_color
        }
    } else if st.ranks_below(a, b) {
        b.pref.map(Color::invert).unwrap_or(st.initial_color)
    } else {
        a.pref.unwrap_or(st.initial_color)
    }
}

fn last_difference(a: &P, b: &P) -> (Option<Color>, Option<Color>) {
    let ca: Vec<Color> = a.matches.iter().rev().filter(|m| m.played).filter_map(|m| m.color).collect();
    let cb: Vec<Color> = b.matches.iter().rev().filter(|m| m.played).filter_map(|m| m.color).collect();
    let mut i = 0;
    while i < ca.len() && i < cb.len() && ca[i] == cb[i] {
        i += 1;
    }
    (ca.get(i).copied(), cb.get(i).copied())
}

fn neutral_color(a: &P, b: &P) -> Option<Color> {
    if compatible_prefs(a.pref, b.pref) {
        return a.pref.or(b.pref.map(Color::invert));
    }
    if a.absolute() && (a.color_imbalance > b.color_imbalance || !b.absolute()) {
        return a.pref;
    }
    if b.absolute() && (b.color_imbalance > a.color_imbalance || !a.absolute()) {
        return b.pref.map(Color::invert);
    }
    if a.strong && !b.strong {
        return a.pref;
    }
    if b.strong && !a.strong {
        return b.pref.map(Color::invert);
    }
    match last_difference(a, b) {
        (Some(_), Some(cb)) => Some(cb),
        _ => None,
    }
}

fn to_round(st: &State, sorted: &[usize], pairs: &[(usize, Option<usize>)], number: u32) -> Round {
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    for &(a, b) in pairs {
        let (ia, ib) = (sorted[a], b.map(|b| sorted[b]));
        match ib {
            None => byes.push(ia),
            Some(ib) => {
                let (lo, hi) = if ia < ib { (ia, ib) } else { (ib, ia) };
                let c = choose_color(st, &st.ps[lo], &st.ps[hi]);
                let (w, bl) = if c == Color::White { (lo, hi) } else { (hi, lo) };
                boards.push(Board { white: w, black: bl, handicap: None });
            }
        }
    }
    // Publication order: higher player's score, lower player's score, higher player's rank.
    let key = |bd: &Board| {
        let (w, b) = (&st.ps[bd.white], &st.ps[bd.black]);
        let w_below = (w.score, b.rank_index) < (b.score, w.rank_index);
        let (hi, lo) = if w_below { (b, w) } else { (w, b) };
        (std::cmp::Reverse(hi.score), std::cmp::Reverse(lo.score), hi.rank_index)
    };
    boards.sort_by_key(key);
    Round { number, boards, byes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim;

    /// The round's pairs with narrow per-bracket score fields (`None`: they do not fit) and
    /// with a field for every score group.
    fn narrow_and_wide(t: &Tournament) -> (Option<Pairs>, Pairs) {
        let (st, sorted) = state(t, Edition::Fide2025).unwrap();
        (
            pair_with(&st, &sorted, false, &mut |_| {}).unwrap(),
            pair_with(&st, &sorted, true, &mut |_| {}).unwrap().expect("wide fits"),
        )
    }

    #[test]
    fn progress_is_told_phase_by_phase_up_to_every_player_paired() {
        for n in [300, 301] {
            let mut t = sim::field(n, 5, 7);
            let round = pair(&t).unwrap();
            sim::play(&mut t, &round, &mut sim::Rng::new(7));
            let mut seen = Vec::new();
            let with = pair_edition_with_progress(&t, Edition::Fide2025, &mut |p| seen.push(p)).unwrap();
            assert_eq!(with, pair(&t).unwrap(), "progress changes nothing");
            let completable = seen.iter().position(|&p| p == Progress::Completable).expect("C.4 told");
            // The completion weights are told only when that matching is solved
            // (`completion_at_hand` answers these rounds without it), 256 players at a time.
            assert_eq!(completable, 0, "answered at hand");
            SOLVE_COMPLETION_TEST.with(|c| c.set(true));
            let mut solved = Vec::new();
            let again = pair_edition_with_progress(&t, Edition::Fide2025, &mut |p| solved.push(p));
            SOLVE_COMPLETION_TEST.with(|c| c.set(false));
            assert_eq!(again.unwrap(), with, "the solved first matching pairs the same");
            assert_eq!(solved[0], Progress::Weights { done: 256, of: n });
            assert_eq!(solved[1], Progress::Completable);
            assert_eq!(solved[2..], seen[1..]);
            let paired: Vec<usize> = seen[completable + 1..]
                .iter()
                .map(|p| match *p {
                    Progress::Paired { done, of } => {
                        assert_eq!(of, n);
                        done
                    }
                    other => panic!("{other:?} after the completion"),
                })
                .collect();
            assert!(paired.windows(2).all(|w| w[0] < w[1]), "{paired:?}");
            assert_eq!(paired.last(), Some(&(n - n % 2)), "every board paired for good");
        }
    }

    #[test]
    fn the_completion_at_hand_is_an_optimum_of_the_first_matching() {
        // Issue 19: `run` takes a greedy pairing for the first matching's answer (C.4 and the
        // bye's score) instead of solving it. Wherever it does, the solved matching agrees:
        // both pair everyone but at most one, and leave out the same score.
        let (mut at_hand, mut solved_only, mut unpairable) = (0, 0, 0);
        for seed in 0..80u64 {
            let n = 8 + (seed as usize * 7) % 45;
            let mut t = sim::field(n, 9, seed);
            if seed % 4 == 1 {
                t.forbidden.push(vec![0, 1, 2]);
            }
            let mut rng = sim::Rng::new(seed);
            for _ in 0..8 {
                for edition in [Edition::Fide2025, Edition::Fide2017] {
                    let (st, sorted) = state(&t, edition).unwrap();
                    assert!(weight_limbs(&st, &sorted, true) <= 8);
                    let mut quiet = |_| {};
                    let mut pr = Pairer::<8>::new(&st, &sorted, true, &mut quiet);
                    let top = pr.score(pr.p(0));
                    let v = sorted.len();
                    let greedy = pr.completion_at_hand(top);
                    let solved = pr.solve_completion(top);
                    let out = |m: &[usize]| (0..v).filter(|&i| m[i] == i).collect::<Vec<_>>();
                    if out(&solved).len() > 1 {
                        unpairable += 1;
                    }
                    let Some(m) = greedy else {
                        solved_only += 1;
                        continue;
                    };
                    at_hand += 1;
                    for i in 0..v {
                        assert_eq!(m[m[i]], i, "a pairing");
                        assert!(m[i] == i || pr.compatible_v(i, m[i]), "C.1, C.3");
                    }
                    let (g, s) = (out(&m), out(&solved));
                    assert_eq!(g.len(), v % 2, "seed {seed}");
                    assert_eq!(s.len(), v % 2, "seed {seed}: the matching pairs as many");
                    if let (Some(&a), Some(&b)) = (g.first(), s.first()) {
                        assert!(pr.elig[pr.p(a).id] && pr.elig[pr.p(b).id], "C.2");
                        assert_eq!(pr.score(pr.p(a)), pr.score(pr.p(b)), "seed {seed}: the bye's score");
                    }
                }
                let Ok(round) = pair(&t) else { break };
                sim::play(&mut t, &round, &mut rng);
            }
        }
        // Most rounds are answered at hand; some are not (the bye in the top group, or a
        // greedy that fails), and some cannot be paired at all.
        assert!(at_hand > 500 && solved_only > 20 && unpairable > 0, "{at_hand} {solved_only} {unpairable}");
    }

    #[test]
    fn a_round_one_of_9999_players_pairs_in_seconds() {
        // Issue 19: through the matching this took 119 s and 3.8 GB; the goal is 10 s.
        let t = sim::field(9_999, 5, 19);
        let start = std::time::Instant::now();
        let round = pair(&t).unwrap();
        let took = start.elapsed();
        assert!(took < std::time::Duration::from_secs(10), "{took:?}");
        assert_eq!((round.boards.len(), round.byes.len()), (4_999, 1));
        // S1 against S2 in order (B.3, D.1): the top player meets the 5,000th.
        let b = &round.boards[0];
        let (lo, hi) = (b.white.min(b.black), b.white.max(b.black));
        let (_, sorted) = state(&t, Edition::Fide2025).unwrap();
        assert_eq!((lo, hi), (sorted[0].min(sorted[4_999]), sorted[0].max(sorted[4_999])));
    }

    #[test]
    fn structural_round_one_is_what_the_matching_pairs() {
        for n in (1..=90).chain([128, 201, 400]) {
            for initial in [Color::White, Color::Black] {
                let mut t = sim::field(n, 5, n as u64);
                t.initial_color = Some(initial);
                for edition in [Edition::Fide2025, Edition::Fide2017] {
                    let (st, sorted) = state(&t, edition).unwrap();
                    let fast = structural(&st, &sorted).expect("round 1 is structural");
                    let mut matched = pair_with(&st, &sorted, false, &mut |_| {}).unwrap().unwrap();
                    let key = |p: &(usize, Option<usize>)| (p.0.min(p.1.unwrap_or(usize::MAX)), p.1.is_none());
                    let mut fast_sorted = fast.clone();
                    let norm = |v: &mut Pairs| {
                        for p in v.iter_mut() {
                            if let Some(b) = p.1.filter(|&b| b < p.0) {
                                *p = (b, Some(p.0));
                            }
                        }
                        v.sort_by_key(key);
                    };
                    norm(&mut fast_sorted);
                    norm(&mut matched);
                    assert_eq!(fast_sorted, matched, "{n} players, {initial:?}, {edition}");
                }
            }
        }
        // Not structural: acceleration, forbidden pairs, a round played.
        let mut t = sim::field(20, 5, 1);
        t.players[3].acceleration = vec![10];
        let (st, sorted) = state(&t, Edition::Fide2025).unwrap();
        assert!(structural(&st, &sorted).is_none());
        let mut t = sim::field(20, 5, 1);
        t.forbidden.push(vec![0, 1]);
        let (st, sorted) = state(&t, Edition::Fide2025).unwrap();
        assert!(structural(&st, &sorted).is_none());
        let mut t = sim::field(20, 5, 1);
        let round = pair(&t).unwrap();
        sim::play(&mut t, &round, &mut sim::Rng::new(1));
        let (st, sorted) = state(&t, Edition::Fide2025).unwrap();
        assert!(structural(&st, &sorted).is_none());
    }

    /// A field of 150-odd players (`sim::field` of `field_seed`) varied by `seed`: forbidden
    /// pairs on even seeds, acceleration for the top third on every third, odd and even counts,
    /// the 2017 edition on every fourth.
    fn varied_field(seed: u64, field_seed: u64) -> (Tournament, Edition) {
        let n = 150 + seed as usize;
        let mut t = sim::field(n, 7, field_seed);
        if seed.is_multiple_of(2) {
            t.forbidden.push(vec![0, 1]);
            t.forbidden.push(vec![n - 1, n - 2, n - 3]);
        }
        if seed % 3 == 2 {
            for p in t.players.iter_mut().take(n / 3) {
                p.acceleration = vec![10, 10];
            }
        }
        let edition = if seed % 4 == 3 { Edition::Fide2017 } else { Edition::Fide2025 };
        (t, edition)
    }

    #[test]
    fn the_players_shares_fit_the_bracket_weights() {
        // Issue 19: a bracket's repair starts from duals raised by the players' shares of the
        // new weights (`rise_share`), checked pair by pair in every bracket (`check_rise_shares`).
        RISE_SHARES.with(|c| c.set((0, 0)));
        for seed in 0..6 {
            let (mut t, edition) = varied_field(seed, seed + 40);
            let mut rng = sim::Rng::new(seed);
            for _ in 0..5 {
                let round = pair_edition(&t, edition).expect("pairs");
                sim::play(&mut t, &round, &mut rng);
            }
        }
        let (checked, tight) = RISE_SHARES.with(|c| c.get());
        // Most pairs meet the colour criteria; some do not (equal colour preferences).
        assert!(checked > 100_000 && tight > checked / 3 && tight < checked, "{checked} {tight}");
    }

    #[test]
    fn weights_set_on_threads_pair_as_on_one() {
        // Every large batch (a bracket's weights, a repair's least duals) on threads pairs as
        // one thread does: fields of 150-odd players, forbidden pairs, acceleration, both
        // editions, rounds 2-6.
        use crate::matching::{PARALLEL_RUNS, PARALLEL_TEST};
        let mut rounds = 0;
        PARALLEL_RUNS.with(|c| c.set(0));
        for seed in 0..6u64 {
            let (mut t, edition) = varied_field(seed, seed + 100);
            let mut rng = sim::Rng::new(seed);
            for round in 0..6 {
                PARALLEL_TEST.with(|c| c.set(Some(usize::MAX)));
                let one = pair_edition(&t, edition);
                PARALLEL_TEST.with(|c| c.set(Some(0)));
                let threads = pair_edition(&t, edition);
                PARALLEL_TEST.with(|c| c.set(None));
                let Ok(r) = one else { break };
                assert_eq!(threads.as_ref().ok(), Some(&r), "seed {seed} round {round}");
                rounds += 1;
                sim::play(&mut t, &r, &mut rng);
            }
        }
        assert!(rounds >= 25, "{rounds} rounds compared");
        assert!(PARALLEL_RUNS.with(|c| c.get()) > 100, "batches on threads");
    }

    #[test]
    fn stand_ins_for_the_players_below_pair_as_the_matching_over_all_players() {
        // Brackets paired with a few stand-ins for the players below the next score group
        // (and, where a solve is not proven optimal, again over all players) give the pairs
        // that every bracket paired over all players gives: fields of 150-odd players with
        // forbidden pairs or acceleration, odd and even, both editions,
        // rounds 2-6, stand-ins 0 (none), 2 (often too few) and 8.
        let mut rounds = 0;
        STAND_IN_BRACKETS.with(|c| c.set((0, 0)));
        for seed in 0..8u64 {
            let (mut t, edition) = varied_field(seed, seed);
            let mut rng = sim::Rng::new(seed);
            for round in 0..6 {
                let mut by = Vec::new();
                for k in [0, 2, 8] {
                    STAND_INS_TEST.with(|c| c.set(Some(k)));
                    by.push(pair_edition(&t, edition));
                }
                STAND_INS_TEST.with(|c| c.set(None));
                let Ok(r) = by[0].clone() else { break };
                if round > 0 {
                    assert_eq!(by[1].as_ref().ok(), Some(&r), "seed {seed} round {round}, 2 stand-ins");
                    assert_eq!(by[2].as_ref().ok(), Some(&r), "seed {seed} round {round}, 8 stand-ins");
                    rounds += 1;
                }
                sim::play(&mut t, &r, &mut rng);
            }
        }
        let (with, again) = STAND_IN_BRACKETS.with(|c| c.get());
        assert!(rounds >= 25, "{rounds} rounds compared");
        assert!(with > again && again > 0, "{with} brackets with stand-ins, {again} paired again");
    }

    #[test]
    fn narrow_score_fields_pair_as_fields_for_every_group() {
        // Random tournaments, some accelerated (XXA) or with forbidden pairs (XXP): wherever
        // the narrow fields fit, they give the pairs that fields for all groups give.
        let mut compared = 0;
        for seed in 0..40u64 {
            let n = 10 + (seed as usize * 7) % 60;
            let mut t = sim::field(n, 7, seed);
            if seed % 4 == 0 {
                for p in t.players.iter_mut().take(n / 2) {
                    p.acceleration = vec![10, 10];
                }
            }
            if seed % 3 == 0 {
                t.forbidden.push(vec![0, 1]);
                t.forbidden.push(vec![2, 5, 7]);
            }
            let mut rng = sim::Rng::new(seed);
            for _ in 0..6 {
                let (narrow, wide) = narrow_and_wide(&t);
                if let Some(narrow) = narrow {
                    assert_eq!(narrow, wide, "seed {seed}");
                    compared += 1;
                }
                let Ok(r) = pair(&t) else { break };
                sim::play(&mut t, &r, &mut rng);
            }
        }
        assert!(compared >= 200, "{compared} rounds compared");
    }

    #[test]
    fn a_bracket_beyond_the_narrow_fields_is_paired_with_fields_for_every_group() {
        // 24 players with 24 different accelerated scores; the top ten may not meet one
        // another (XXP), so they all move down together and their ten score groups, with the
        // resident and next groups, need more than the narrow fields hold.
        let mut t = sim::field(24, 5, 3);
        for (i, p) in t.players.iter_mut().enumerate() {
            p.acceleration = vec![(24 - i as Points) * 10];
        }
        t.forbidden.push((0..10).collect());
        let (narrow, wide) = narrow_and_wide(&t);
        assert!(narrow.is_none());
        let round = pair(&t).unwrap();
        assert_eq!(round.boards.len(), 12);
        for b in &round.boards {
            assert!(b.white >= 10 || b.black >= 10, "forbidden pair {b:?}");
        }
        let (st, sorted) = state(&t, Edition::Fide2025).unwrap();
        assert_eq!(round, to_round(&st, &sorted, &wide, 1));
    }
}
