//! SGF FF[4] reading (tolerant of real exports) and canonical writing.

use go::Color;
use go::sgf::SgfGame;

const KGS: &str = "(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]
RU[Japanese]SZ[9]KM[6.50]TM[300]OT[5x30 byo-yomi]
PW[whiteguy]PB[blackguy]WR[3k]BR[4k]DT[2024-01-02]PC[The KGS Go Server]RE[W+2.5]
;B[ee]BL[299.1];W[cc]WL[298.0];B[gc]BL[290]OB[5];W[]WL[280]
;B[tt]C[pass as tt\\] escaped];W[]TW[aa][ab]TB[ii])";

#[test]
fn reads_a_kgs_record() {
    let g = SgfGame::parse(KGS).unwrap();
    assert_eq!((g.size, g.komi, g.handicap), (9, Some(6.5), 0));
    assert_eq!(g.result.as_deref(), Some("W+2.5"));
    let moves: Vec<_> = g.moves().map(|(_, c, p)| (c, p.map(|p| p.to_gtp()))).collect();
    assert_eq!(moves.len(), 6);
    assert_eq!(moves[0], (Color::Black, Some("E5".to_string())));
    assert_eq!(moves[4], (Color::Black, None), "[tt] is a pass on 19×19 and smaller boards");
    assert_eq!(g.nodes[5].comment.as_deref(), Some("pass as tt] escaped"));
    assert_eq!(g.nodes[3].black_periods, Some(5));
    assert!(g.info.iter().any(|(k, v)| k == "OT" && v == "5x30 byo-yomi"));
}

#[test]
fn canonical_writing_is_a_fixed_point_and_keeps_moves_times_results() {
    let g = SgfGame::parse(KGS).unwrap();
    let out = g.to_sgf();
    let again = SgfGame::parse(&out).unwrap();
    assert_eq!(again, g);
    assert_eq!(again.to_sgf(), out);
    assert!(out.starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]"));
    assert!(out.contains(";B[]C[pass as tt\\] escaped]"), "{out}");
}

#[test]
fn variations_are_skipped_and_the_main_line_read() {
    let g = SgfGame::parse("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])))").unwrap();
    let pts: Vec<String> = g.moves().map(|(_, _, p)| p.unwrap().to_gtp()).collect();
    assert_eq!(pts, ["A9", "B8", "C7"]);
}

#[test]
fn gnu_go_printsgf_setup_with_prisoners_in_komi() {
    // GNU Go 3.8 `printsgf`: the position as setup, PL for the side to move, komi as written.
    let text = "(;GM[1]FF[4]\nSZ[9]\nGN[GNU Go 3.8 load and print]\nDT[2026-11-23]\nKM[6.5]HA[3]RU[Japanese]AP[GNU Go:3.8]AW[ee]\nAB[cc][gc][de][cg]\nPL[W]\n)\n";
    let g = SgfGame::parse(text).unwrap();
    assert_eq!(g.nodes[0].add_black.len(), 4);
    assert_eq!(g.nodes[0].player, Some(Color::White));
    assert_eq!(g.komi, Some(6.5));
}

#[test]
fn ogs_and_fox_quirks() {
    // OGS: no FF, compressed point lists, lower case in old-style names; Fox: komi in hundredths.
    let g = SgfGame::parse("garbage before\n(;FF[4]GM[1]SZ[13]HA[2]AB[dj][jd]AddWhite[aa:bb];W[gg])").unwrap();
    assert_eq!(g.nodes[0].add_white.len(), 4);
    let fox = SgfGame::parse("(;GM[1]SZ[19]RU[Chinese]KM[375];B[pd])").unwrap();
    assert_eq!(fox.komi, Some(7.5));
    let fox_j = SgfGame::parse("(;GM[1]SZ[19]RU[Japanese]KM[650];B[pd])").unwrap();
    assert_eq!(fox_j.komi, Some(6.5));
}

#[test]
fn errors_name_line_column_and_reason() {
    let e = SgfGame::parse("(;SZ[9]\n;B[ee]\n;W[zz])").unwrap_err();
    assert_eq!((e.line, e.column), (3, 2));
    assert!(e.reason.contains("outside"), "{e}");
    let e = SgfGame::parse("(;SZ[9];B[ee").unwrap_err();
    assert_eq!((e.line, e.column), (1, 10));
    assert!(e.reason.contains("unterminated"));
    let e = SgfGame::parse("(;GM[2]SZ[9])").unwrap_err();
    assert!(e.reason.contains("GM[1]"));
    assert!(SgfGame::parse("no tree here").is_err());
    assert!(SgfGame::parse("(;SZ[30])").unwrap_err().reason.contains("5 to 25"));
}

#[test]
fn gnu_go_printsgf_folds_prisoners_into_komi() {
    // GNU Go 3.8 after `komi 6.5`, B B1, W A1, B A2 (Black captured one stone): KM[5.5], and its
    // own IL[] (illegal point) property, which is skipped.
    let text = "(;GM[1]FF[4]\nSZ[5]\nGN[GNU Go 3.8 load and print]\nDT[2026-11-23]\nKM[5.5]HA[0]RU[Japanese]AP[GNU Go:3.8]AB[ad][be]\nPL[W]IL[ae]\n)";
    let g = SgfGame::parse(text).unwrap();
    assert_eq!(g.komi, Some(5.5), "komi 6.5 minus Black's one prisoner");
    assert_eq!(g.nodes[0].player, Some(Color::White));
}
