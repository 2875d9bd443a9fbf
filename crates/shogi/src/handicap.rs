//! Handicaps (ufs-2016 5.9; pl 7): the giver (uwate, still called gote) removes pieces and moves
//! first. "Left" is the giver's left: the lance on 1a when gote gives the handicap.

use crate::position::Position;
use crate::types::{PieceKind, Square};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// Even game (平手), sente moves first.
    Even,
    /// Left lance (香落ち), ufs-2016 5.9.5 and pl 7.1a: 2 grades.
    Lance,
    /// Right lance (右香落ち), not in the federation tables but common in records.
    RightLance,
    /// Bishop (角落ち): 3 grades.
    Bishop,
    /// Rook (飛車落ち): 4 grades.
    Rook,
    /// Rook and left lance (飛香落ち): 5 grades.
    RookLance,
    /// Rook and bishop (二枚落ち): 6 grades.
    TwoPieces,
    /// Rook, bishop, left lance (三枚落ち), records only.
    ThreePieces,
    /// Rook, bishop, both lances (四枚落ち): 7 grades.
    FourPieces,
    /// Four pieces and the right knight (五枚落ち): ufs-2016 5.9.5, 8 grades.
    FivePieces,
    /// Four pieces and the left knight (左五枚落ち), records only.
    LeftFivePieces,
    /// Rook, bishop, both lances, both knights (六枚落ち): ufs-2016 ≥ 9 grades, pl 7.1g 8 grades.
    SixPieces,
    /// Six pieces and the left silver (左七枚落ち), records only.
    LeftSevenPieces,
    /// Six pieces and the right silver (右七枚落ち), records only.
    RightSevenPieces,
    /// King and golds only (八枚落ち), records only.
    EightPieces,
    /// King only (十枚落ち), records only.
    TenPieces,
}

impl Handicap {
    pub const ALL: [Handicap; 16] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::ThreePieces,
        Handicap::FourPieces,
        Handicap::FivePieces,
        Handicap::LeftFivePieces,
        Handicap::SixPieces,
        Handicap::LeftSevenPieces,
        Handicap::RightSevenPieces,
        Handicap::EightPieces,
        Handicap::TenPieces,
    ];

    /// The start position as SFEN. In handicap games gote (the giver) moves first.
    pub const fn sfen(self) -> &'static str {
        match self {
            Handicap::Even => "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RightLance => "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPieces => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::ThreePieces => "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FourPieces => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FivePieces => "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::LeftFivePieces => "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::SixPieces => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::LeftSevenPieces => "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RightSevenPieces => "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::EightPieces => "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TenPieces => "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        }
    }

    /// The KIF header value (`手合割：香落ち`).
    pub const fn kif_name(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPieces => "二枚落ち",
            Handicap::ThreePieces => "三枚落ち",
            Handicap::FourPieces => "四枚落ち",
            Handicap::FivePieces => "五枚落ち",
            Handicap::LeftFivePieces => "左五枚落ち",
            Handicap::SixPieces => "六枚落ち",
            Handicap::LeftSevenPieces => "左七枚落ち",
            Handicap::RightSevenPieces => "右七枚落ち",
            Handicap::EightPieces => "八枚落ち",
            Handicap::TenPieces => "十枚落ち",
        }
    }

    /// Reads a KIF handicap name; accepts the usual spelling variants.
    pub fn from_kif_name(name: &str) -> Option<Handicap> {
        let n = name.trim();
        let n = match n {
            "飛落ち" | "飛車落" => "飛車落ち",
            "角落" => "角落ち",
            "香落" | "左香落ち" => "香落ち",
            "飛香落" => "飛香落ち",
            "二枚落" => "二枚落ち",
            "四枚落" => "四枚落ち",
            "六枚落" => "六枚落ち",
            "八枚落" => "八枚落ち",
            "十枚落" => "十枚落ち",
            other => other,
        };
        Handicap::ALL.into_iter().find(|h| h.kif_name() == n)
    }

    /// A short ASCII name (`lance`, `two-pieces` …) for command lines and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Handicap::Even => "even",
            Handicap::Lance => "lance",
            Handicap::RightLance => "right-lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPieces => "two-pieces",
            Handicap::ThreePieces => "three-pieces",
            Handicap::FourPieces => "four-pieces",
            Handicap::FivePieces => "five-pieces",
            Handicap::LeftFivePieces => "left-five-pieces",
            Handicap::SixPieces => "six-pieces",
            Handicap::LeftSevenPieces => "left-seven-pieces",
            Handicap::RightSevenPieces => "right-seven-pieces",
            Handicap::EightPieces => "eight-pieces",
            Handicap::TenPieces => "ten-pieces",
        }
    }

    pub fn from_name(name: &str) -> Option<Handicap> {
        Handicap::ALL.into_iter().find(|h| h.name() == name)
    }

    pub fn position(self) -> Position {
        Position::from_sfen(self.sfen()).expect("handicap SFENs are valid")
    }

    /// Which handicap `pos` is the start position of, if any (the move number must be 1).
    pub fn of_position(pos: &Position) -> Option<Handicap> {
        let sfen = pos.to_sfen();
        Handicap::ALL.into_iter().find(|h| h.sfen() == sfen)
    }

    /// The giver's pieces removed from the even start position, as (square, kind) — the form
    /// CSA's `PI` line uses (`PI82HI22KA`).
    pub fn removed(self) -> Vec<(Square, PieceKind)> {
        let even = Handicap::Even.position();
        let this = self.position();
        Square::all()
            .filter_map(|sq| match (even.piece_at(sq), this.piece_at(sq)) {
                (Some(p), None) => Some((sq, p.kind)),
                _ => None,
            })
            .collect()
    }

    /// The handicap for a grade difference under a ruleset's table (docs/rules.md §1): `ufs` uses
    /// ufs-2016 5.9.5, `pl` uses pl 7.1. Differences 0 and 1 are even games (with furigoma or
    /// the weaker player as sente), reported as [`Handicap::Even`].
    pub fn for_grade_difference(diff: u32, table: HandicapTable) -> Handicap {
        match (table, diff) {
            (_, 0 | 1) => Handicap::Even,
            (_, 2) => Handicap::Lance,
            (_, 3) => Handicap::Bishop,
            (_, 4) => Handicap::Rook,
            (_, 5) => Handicap::RookLance,
            (_, 6) => Handicap::TwoPieces,
            (_, 7) => Handicap::FourPieces,
            (HandicapTable::Ufs2016, 8) => Handicap::FivePieces,
            (HandicapTable::Ufs2016, _) => Handicap::SixPieces,
            // pl 7.1g: eight grades — rook, bishop, both lances, both knights; pl has no row
            // beyond eight, so larger differences get the same.
            (HandicapTable::Pl, _) => Handicap::SixPieces,
        }
    }
}

/// Which federation's grade-difference table to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum HandicapTable {
    /// ufs-2016 5.9.5
    #[cfg_attr(feature = "serde", serde(rename = "ufs-2016"))]
    #[cfg_attr(feature = "clap", value(name = "ufs-2016", alias = "ufs"))]
    Ufs2016,
    /// pl 7.1
    #[cfg_attr(feature = "serde", serde(rename = "pl"))]
    #[cfg_attr(feature = "clap", value(name = "pl"))]
    Pl,
}

impl HandicapTable {
    pub fn as_str(self) -> &'static str {
        match self {
            HandicapTable::Ufs2016 => "ufs-2016",
            HandicapTable::Pl => "pl",
        }
    }
}

impl std::fmt::Display for HandicapTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A handicap table name that is neither `ufs-2016` (or `ufs`) nor `pl`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown handicap table {0:?} (ufs-2016, pl)")]
pub struct UnknownHandicapTable(pub String);

impl std::str::FromStr for HandicapTable {
    type Err = UnknownHandicapTable;

    fn from_str(s: &str) -> Result<HandicapTable, UnknownHandicapTable> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ufs-2016" | "ufs" => Ok(HandicapTable::Ufs2016),
            "pl" => Ok(HandicapTable::Pl),
            _ => Err(UnknownHandicapTable(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Color;

    #[test]
    fn giver_moves_first_ufs_2016_5_9_4() {
        for h in Handicap::ALL {
            let pos = h.position();
            let expected = if h == Handicap::Even { Color::Black } else { Color::White };
            assert_eq!(pos.turn(), expected, "{h:?}");
            assert_eq!(Handicap::of_position(&pos), Some(h));
            assert_eq!(Handicap::from_kif_name(h.kif_name()), Some(h));
            assert_eq!(Handicap::from_name(h.name()), Some(h));
        }
    }

    #[test]
    fn removed_pieces_match_the_tables() {
        use PieceKind::*;
        let sq = |s: &str| Square::from_usi(s).unwrap();
        assert_eq!(Handicap::Lance.removed(), vec![(sq("1a"), Lance)]);
        assert_eq!(Handicap::Bishop.removed(), vec![(sq("2b"), Bishop)]);
        assert_eq!(Handicap::Rook.removed(), vec![(sq("8b"), Rook)]);
        assert_eq!(Handicap::RookLance.removed(), vec![(sq("1a"), Lance), (sq("8b"), Rook)]);
        assert_eq!(Handicap::TwoPieces.removed(), vec![(sq("2b"), Bishop), (sq("8b"), Rook)]);
        assert_eq!(
            Handicap::FourPieces.removed(),
            vec![(sq("1a"), Lance), (sq("2b"), Bishop), (sq("8b"), Rook), (sq("9a"), Lance)]
        );
        // ufs-2016 5.9.5: five pieces = rook, bishop, lances and the RIGHT knight (8a for gote).
        assert!(Handicap::FivePieces.removed().contains(&(sq("8a"), Knight)));
        assert_eq!(Handicap::FivePieces.removed().len(), 5);
        assert_eq!(Handicap::SixPieces.removed().len(), 6);
    }

    #[test]
    fn grade_tables_ufs_2016_5_9_5_and_pl_7_1() {
        use Handicap::*;
        let ufs: Vec<_> = (0..=10).map(|d| Handicap::for_grade_difference(d, HandicapTable::Ufs2016)).collect();
        assert_eq!(
            ufs,
            [Even, Even, Lance, Bishop, Rook, RookLance, TwoPieces, FourPieces, FivePieces, SixPieces, SixPieces]
        );
        assert_eq!(Handicap::for_grade_difference(8, HandicapTable::Pl), SixPieces);
        assert_eq!(Handicap::for_grade_difference(5, HandicapTable::Pl), RookLance);
    }

    #[test]
    fn table_names_read_back() {
        for t in [HandicapTable::Ufs2016, HandicapTable::Pl] {
            assert_eq!(t.to_string().parse(), Ok(t));
        }
        assert_eq!("ufs".parse(), Ok(HandicapTable::Ufs2016));
        assert!("jsa".parse::<HandicapTable>().is_err());
    }
}
