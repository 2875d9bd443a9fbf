//! The worked examples of the FIDE Dutch system text (C.04.3, 2025 edition, articles 4.2, 4.3,
//! 4.4 and 5.2; the same examples stand in the 2017 text as D.1, D.2, D.3 and E.1-E.5).
//!
//! The text gives its examples as orderings (which transposition or exchange comes first), not
//! as whole positions, so each test builds the smallest round in which that ordering alone
//! decides the pairing: round 1 (no colour preferences, no floats, equal scores, so every
//! quality criterion ties and 3.8.1 takes the candidate generated first), with XXP forbidden
//! pairs standing in for "already met" (C1) to rule out the earlier candidates. The colour
//! examples use played rounds; the moved-down-player examples a round 1 of full-, half- and
//! zero-point byes only (scores without colours). Every expected pairing below was also printed
//! by a local bbpPairings build (Dutch 2025 engine, see tests/data/dutch-golden/README.md); the
//! 4.2 heterogeneous, 4.3.2 two-BSN, 4.4 and second 5.2.2/5.2.3 ones by its 2017 engine too.

/// A TRF with `n` players rated in pairing-number order, planned `rounds`, `first` = XXC colour,
/// extra header lines, and per player the round entries and points (in tenths).
fn trf(n: u32, rounds: u32, first: &str, extra: &[&str], history: &[(u32, &[&str], u32)]) -> String {
    let mut s = format!("012 C.04.3 example\nXXR {rounds}\nXXC {first}\n");
    for l in extra {
        s += l;
        s.push('\n');
    }
    for p in 1..=n {
        let (entries, pts) = history.iter().find(|h| h.0 == p).map_or((&[][..], 0), |h| (h.1, h.2));
        let mut line = format!(
            "001 {p:4}      {:<33} {:4}{}{:>4} {p:4}",
            format!("Player {p:04}"),
            2800 - 20 * p,
            " ".repeat(28),
            format!("{}.{}", pts / 10, pts % 10)
        );
        for e in entries {
            line += "  ";
            line += e;
        }
        s += &line;
        s.push('\n');
    }
    s
}

/// bbpPairings' output format: number of boards, then "white black" per board (black 0 = bye).
fn pairing(text: &str) -> String {
    let t = tournament::formats::trf::parse(text).unwrap();
    tournament::pairing::dutch::pair(&t).unwrap().to_bbp(&t)
}

/// 4.2 (2017: D.1): transpositions of S2 are taken in lexicographic order of their first N1
/// BSNs — "in a 11-player homogeneous bracket, it is 6-7-8-9-10, 6-7-8-9-11, ...". With 5-10
/// ruled out, the second transposition 6-7-8-9-11 is the pairing and 10 floats to the bye.
#[test]
fn c04_3_art_4_2_transpositions_in_s2_eleven_players() {
    let text = trf(11, 5, "white1", &["XXP 5 10"], &[]);
    assert_eq!(pairing(&text), "6\n1 6\n7 2\n3 8\n9 4\n5 11\n10 0\n");
}

/// 4.2 (2017: D.1), the heterogeneous half of the example: "if the bracket is heterogeneous with
/// two MDPs, it is: 3-4, 3-5, 3-6, ..., 3-11, 4-3, 4-5, ..., 11-10 (72 transpositions)" — the
/// opponent of MDP 1 varies slowest, so 3-11 (1 meets 3, 2 meets 11) comes before 4-3.
///
/// Round 2 of 11: players 1 and 2 took a full-point bye in round 1 (1.0, no colour, and they may
/// not meet: XXP), 3-11 a zero-point bye (0.0, 2025 1.4.3: no float). So 1 and 2 are the MDPs
/// of the 0-point bracket (BSN 1, 2), S1 = 1 2 and S2 = 3..11. Player 2 may meet only 3 and 11,
/// so 3-4 ... 3-10 fail and 3-11 is the first transposition that pairs: 1-3, 2-11. (4-3, i.e.
/// 1-4 and 2-3, also pairs and ties on every criterion, so only the order decides.) The
/// remainder 4..10 is a homogeneous 7-player bracket: 4-7, 5-8, 6-9, 10 gets the bye. Colours
/// by 5.2.5 (no one has played): the higher-ranked player gets white when odd.
#[test]
fn c04_3_art_4_2_transpositions_in_a_heterogeneous_bracket_with_two_mdps() {
    let mut extra = vec!["XXP 1 2".to_string()];
    extra.extend((4..=10).map(|k| format!("XXP 2 {k}")));
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    let zero: &[&str] = &["0000 - Z"];
    let mut history: Vec<(u32, &[&str], u32)> = vec![(1, &["0000 - F"], 10), (2, &["0000 - F"], 10)];
    history.extend((3..=11).map(|p| (p, zero, 0)));
    let text = trf(11, 5, "white1", &extra, &history);
    assert_eq!(pairing(&text), "6\n1 3\n11 2\n7 4\n5 8\n9 6\n10 0\n");
}

/// 4.4 (2017: D.3): which moved-down players a heterogeneous bracket pairs (its S1) when not all
/// can be. 2025 4.4.1-4.4.2: a set of M1 pairable MDPs "is valid if it leaves a Limbo compliant
/// with [C7]", and the valid sets are "sorted according to their smallest differing BSN" (the
/// 2017 D.3.b: "the lowest lexicographic value of the BSN(s)"). The example {1,3} < {1,4} < {3,4}
/// is the TEC's annotated commentary's, not the Handbook's; the 2025 wording is quoted from a
/// digest of that text, the 2017 wording from a copy of the 2017 Handbook page.
///
/// Round 2 of 10: 1-4 took a full-point bye (1.0) and have all met each other (XXP), 5 and 6 a
/// half-point bye (0.5), 7-10 a zero-point bye. The 1.0 bracket cannot pair, so 1-4 (equal
/// scores: every set leaves a Limbo of the same scores, all valid by C7) come down to the 0.5
/// bracket with only two residents: M1 = 2. Player 2 may meet neither 5 nor 6, so {1,2} fails
/// and the first valid set is {1,3} (before {1,4} and {3,4}): 1-5, 3-6. The Limbo 2 and 4 floats
/// on to the 0 bracket: S1 = 2 4, S2 = 7 8 9 10 gives 2-7, 4-8 and the remainder 9-10.
#[test]
fn c04_3_art_4_4_mdp_sets_by_smallest_differing_bsn() {
    let mut extra: Vec<String> = Vec::new();
    for a in 1..=4 {
        extra.extend((a + 1..=4).map(|b| format!("XXP {a} {b}")));
    }
    extra.extend(["XXP 2 5".to_string(), "XXP 2 6".to_string()]);
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    let (full, half, zero): (&[&str], &[&str], &[&str]) = (&["0000 - F"], &["0000 - H"], &["0000 - Z"]);
    let mut history: Vec<(u32, &[&str], u32)> = (1..=4).map(|p| (p, full, 10)).collect();
    history.extend([(5, half, 5), (6, half, 5)]);
    history.extend((7..=10).map(|p| (p, zero, 0)));
    let text = trf(10, 5, "white1", &extra, &history);
    assert_eq!(pairing(&text), "5\n1 5\n3 6\n7 2\n8 4\n9 10\n");
}

/// 4.3 (2017: D.2): when no transposition works, resident exchanges are tried first by the
/// number of exchanged BSNs, then by the smallest difference of the exchanged sums. Player 1
/// may meet none of S2 = 6..10, so no transposition can pair the bracket; the first exchange is
/// 5<->6 (difference 1), giving S1 = 1 2 3 4 6, S2 = 5 7 8 9 10.
#[test]
fn c04_3_art_4_3_first_resident_exchange() {
    let forbidden = ["XXP 1 6", "XXP 1 7", "XXP 1 8", "XXP 1 9", "XXP 1 10"];
    let text = trf(10, 5, "white1", &forbidden, &[]);
    assert_eq!(pairing(&text), "5\n1 5\n7 2\n3 8\n9 4\n10 6\n");
}

/// 4.3 (2017: D.2.b-c): after 5<->6 come the exchanges of difference 2, 5<->7 before 4<->6
/// ("moving 5 from S1 to S2 is better than moving 4"). With 1 also kept from 5, both 5<->6 and
/// 5<->7 leave 1 without an S2 opponent, so 4<->6 is the first that pairs: S1 = 1 2 3 5 6,
/// S2 = 4 7 8 9 10 (and not 3<->6 or 4<->7, of difference 3).
#[test]
fn c04_3_art_4_3_exchange_order_by_sum_difference_then_highest_s1_bsn() {
    let forbidden = ["XXP 1 5", "XXP 1 6", "XXP 1 7", "XXP 1 8", "XXP 1 9", "XXP 1 10"];
    let text = trf(10, 5, "white1", &forbidden, &[]);
    assert_eq!(pairing(&text), "5\n1 4\n7 2\n3 8\n5 9\n10 6\n");
}

/// 5.2.5 (2017: E.5): with no preferences, the higher-ranked player gets the initial colour if
/// his pairing number is odd, the other colour if it is even — here the initial colour is black.
#[test]
fn c04_3_art_5_2_5_initial_colour_by_pairing_number_parity() {
    let text = trf(6, 5, "black1", &[], &[]);
    assert_eq!(pairing(&text), "3\n4 1\n2 5\n6 3\n");
}

/// 5.2.1 (2017: E.1): grant both colour preferences. After round 1 (1 beat 3 with white, 2 beat
/// 4 with black) 1 wants black and 2 white, 3 wants white and 4 black: both boards grant both.
#[test]
fn c04_3_art_5_2_1_grant_both_preferences() {
    let history: &[(u32, &[&str], u32)] =
        &[(1, &["   3 w 1"], 10), (2, &["   4 b 1"], 10), (3, &["   1 b 0"], 0), (4, &["   2 w 0"], 0)];
    let text = trf(4, 5, "white1", &[], history);
    assert_eq!(pairing(&text), "2\n2 1\n3 4\n");
}

/// 5.2.4 (2017: E.4): equal (strong, after one game) preferences for the same colour and
/// identical histories, so 5.2.1-5.2.3 do not decide: the higher-ranked player gets his
/// preference (1 black against 2, 3 white against 4).
#[test]
fn c04_3_art_5_2_4_higher_ranked_player_gets_his_preference() {
    let history: &[(u32, &[&str], u32)] =
        &[(1, &["   3 w 1"], 10), (2, &["   4 w 1"], 10), (3, &["   1 b 0"], 0), (4, &["   2 b 0"], 0)];
    let text = trf(4, 5, "white1", &[], history);
    assert_eq!(pairing(&text), "2\n2 1\n3 4\n");
}

/// 5.2.2 (2017: E.2): grant the stronger colour preference. Round 3: 1 had black twice
/// (absolute preference for white), 2 had black once and a bye (colour difference -1, strong
/// preference for white); they meet on the top board and the absolute preference wins.
#[test]
fn c04_3_art_5_2_2_grant_the_stronger_preference() {
    let history: &[(u32, &[&str], u32)] = &[
        (1, &["   3 b 1", "   5 b 1"], 20),
        (2, &["   4 b 1", "0000 - U"], 20),
        (3, &["   1 w 0", "   4 b ="], 5),
        (4, &["   2 w 0", "   3 w ="], 5),
        (5, &["0000 - U", "   1 w 0"], 10),
    ];
    let text = trf(5, 5, "white1", &[], history);
    assert_eq!(pairing(&text), "3\n1 2\n3 5\n4 0\n");
}

/// 5.2.3 (2017: E.3): equal (mild) preferences for white, so alternate from the most recent
/// round in which one had white and the other black. 1 played B W W B and 2 W B W B: rounds 4
/// and 3 are the same for both, in round 2 player 1 had white, so 1 gets black — where 5.2.4
/// alone would have given the higher-ranked 1 his white.
#[test]
fn c04_3_art_5_2_3_alternate_from_the_last_round_with_different_colours() {
    let history: &[(u32, &[&str], u32)] = &[
        (1, &["   3 b 1", "   5 w 1", "   7 w 1", "   9 b 1"], 40),
        (2, &["   4 w 1", "   6 b 1", "   8 w 1", "  10 b 1"], 40),
        (3, &["   1 w 0", "   4 w =", "   5 w =", "   6 w ="], 15),
        (4, &["   2 b 0", "   3 b =", "   9 w =", "   7 w ="], 15),
        (5, &["   6 w =", "   1 b 0", "   3 b =", "   8 w ="], 15),
        (6, &["   5 b =", "   2 w 0", "  10 w =", "   3 b ="], 15),
        (7, &["   8 w =", "   9 w =", "   1 b 0", "   4 b ="], 15),
        (8, &["   7 b =", "  10 w =", "   2 b 0", "   5 b ="], 15),
        (9, &["  10 w =", "   7 b =", "   4 b =", "   1 w 0"], 15),
        (10, &["   9 b =", "   8 b =", "   6 b =", "   2 w 0"], 15),
    ];
    let text = trf(10, 6, "white1", &[], history);
    assert_eq!(pairing(&text), "5\n2 1\n7 3\n8 4\n10 5\n6 9\n");
}

/// 5.2.2 (2017: E.2), second sentence: "If both are absolute (topscorers ...) grant the wider
/// colour difference". Final round (XXR 4 after three rounds), topscorers 1 and 2 (3.0 > 50% of
/// 3) meet on the top board, both with an absolute preference for white: 1 played W B B (colour
/// difference -1, black twice in a row), 2 played B B B (-3). The wider difference wins, so 2 gets
/// white — where 5.2.4 would have given the higher-ranked 1 his white. Below, 4 and 5 (1.0, they
/// met) float down to 3 and 6 (0.5); the only legal pairs 4-6 and 5-3 go to the absolute
/// preferences of 6 and 3 (black) over the strong ones of 4 and 5 (5.2.2).
#[test]
fn c04_3_art_5_2_2_both_absolute_topscorers_wider_colour_difference() {
    let history: &[(u32, &[&str], u32)] = &[
        (1, &["   3 w 1", "   5 b 1", "   6 b 1"], 30),
        (2, &["   4 b 1", "   6 b 1", "   3 b 1"], 30),
        (3, &["   1 b 0", "   4 w =", "   2 w 0"], 5),
        (4, &["   2 w 0", "   3 b =", "   5 w ="], 10),
        (5, &["   6 w =", "   1 w 0", "   4 b ="], 10),
        (6, &["   5 b =", "   2 w 0", "   1 w 0"], 5),
    ];
    let text = trf(6, 4, "white1", &[], history);
    assert_eq!(pairing(&text), "3\n2 1\n4 6\n5 3\n");
}

/// 5.2.3 (2017: E.3, "Taking into account C.04.2.D.5"; 2025: C.04.2 3.4): unplayed rounds are
/// moved to the front of a colour history before alternating. 1 played W, -, -, B (two
/// full-point byes) and 2 B W W B: both have difference 0 and a mild preference for white. Read
/// as -,-,W,B, 1's history has no round in which one had white and the other black (the TEC's
/// annotated commentary gives this very case, uuWB against BWWB, as "equivalent"; we have it
/// only as quoted in a digest), so 5.2.4 gives the higher-ranked 1 white; comparing round by round
/// instead would find round 1 (1 white, 2 black) and give 1 black. The 0-point bracket 3-8 (one
/// lost game each, no float after zero-point byes) pairs by transposition 8-6-7 of S2 = 6 7 8,
/// the first to grant every colour preference (C12): 3-8, 4-6, 5-7.
#[test]
fn c04_3_art_5_2_3_unplayed_rounds_count_as_the_earliest() {
    const Z: &str = "0000 - Z";
    let history: &[(u32, &[&str], u32)] = &[
        (1, &["   3 w 1", "0000 - F", "0000 - F", "   4 b 1"], 40),
        (2, &["   5 b 1", "   6 w 1", "   7 w 1", "   8 b 1"], 40),
        (3, &["   1 b 0", Z, Z, Z], 0),
        (4, &[Z, Z, Z, "   1 w 0"], 0),
        (5, &["   2 w 0", Z, Z, Z], 0),
        (6, &[Z, "   2 b 0", Z, Z], 0),
        (7, &[Z, Z, "   2 b 0", Z], 0),
        (8, &[Z, Z, Z, "   2 w 0"], 0),
    ];
    let text = trf(8, 9, "white1", &[], history);
    assert_eq!(pairing(&text), "4\n1 2\n3 8\n6 4\n7 5\n");
}

/// 4.3.2 (2017: D.2.d): "the lowest different BSN among those moved from the original S2 to S1
/// (e.g. moving 6 from S2 to S1 is better than moving 7; similarly, 6-9 is better than 7-8 ...)".
/// Round 1 of 10, S1 = 1..5, S2 = 6..10. 7 and 10 may meet neither 1..5 nor each other, and 10
/// not 6 either, so each needs an opponent from 6, 8, 9 in the new S1: no transposition and no
/// one-BSN exchange (4.3.2 rule 1) can pair the bracket. Two-BSN exchanges by sum difference
/// (rule 2): 4+5<->6+7 (4) leaves 10 without a partner; 4+5<->6+8 (5) leaves 9, who may not meet
/// 1, 2, 3, without one; 3+5<->6+7 (5) fails like the first. At difference 6, rule 3 keeps 4+5
/// and rule 4 puts 6+9 before 7+8: S1 = 1 2 3 6 9, S2 = 4 5 7 8 10, first legal transposition
/// 1-4, 2-5, 3-8, 6-7, 9-10. (4+5<->7+8 would pair too, as 1-4 2-5 3-6 7-9 8-10: only the order
/// decides.) Colours by 5.2.5.
#[test]
fn c04_3_art_4_3_two_bsn_exchange_lowest_bsn_moved_into_s1() {
    let forbidden = [
        "XXP 1 7", "XXP 1 9", "XXP 1 10", "XXP 2 7", "XXP 2 9", "XXP 2 10", "XXP 3 7", "XXP 3 9", "XXP 3 10",
        "XXP 4 7", "XXP 4 10", "XXP 5 7", "XXP 5 10", "XXP 6 10", "XXP 7 10",
    ];
    let text = trf(10, 5, "white1", &forbidden, &[]);
    assert_eq!(pairing(&text), "5\n1 4\n5 2\n3 8\n7 6\n9 10\n");
}

/// 4.3.2 (2017: D.2.c): "the highest different BSN among those moved from the original S1 to S2
/// (e.g. moving 5 from S1 to S2 is better than moving 4; similarly, 5-2 is better than 4-3 ...)".
/// Round 1 of 10, S1 = 1..5, S2 = 6..10. 2 may meet only 1 and 3, 4 only 1, 3 and 5, and 1 none
/// of 7..10. So 2 must sit across from 1 or 3, and 4 across from another of 1, 3, 5: no
/// transposition (2's partners are both in S1) and no one-BSN exchange (only moving 1 or 3 serves
/// 2 and 4 at once, and then both need that same player). Two-BSN exchanges by sum difference:
/// 4+5<->6+7 (4), 4+5<->6+8 (5), 4+5<->6+9 and 4+5<->7+8 (6) leave 2 with 1 and 3 in S1;
/// 3+5<->6+7 (5) and 3+5<->6+8 (6, before 5-2 by rule 3) force 2-3 and 4-5 and leave 1 without
/// 6, the last S2 player he may meet. Next, at difference 6, 5-2 comes before 4-3: S1 = 1 3 4 6 7,
/// S2 = 2 5 8 9 10, first legal transposition 1-2, 3-8, 4-5, 6-9, 7-10. (3+4<->6+7 would pair too,
/// as 1-4 2-3 5-8 6-9 7-10: only the order decides.) Colours by 5.2.5.
#[test]
fn c04_3_art_4_3_two_bsn_exchange_highest_bsn_moved_out_of_s1() {
    let forbidden = [
        "XXP 1 7", "XXP 1 8", "XXP 1 9", "XXP 1 10", "XXP 2 4", "XXP 2 5", "XXP 2 6", "XXP 2 7", "XXP 2 8", "XXP 2 9",
        "XXP 2 10", "XXP 4 6", "XXP 4 7", "XXP 4 8", "XXP 4 9", "XXP 4 10",
    ];
    let text = trf(10, 5, "white1", &forbidden, &[]);
    assert_eq!(pairing(&text), "5\n1 2\n3 8\n5 4\n9 6\n7 10\n");
}
