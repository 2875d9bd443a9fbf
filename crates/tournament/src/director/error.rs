//! The director's refusals: each says which rule or which part of the request stands in the way.

use crate::error::Error;
use crate::model::{GameKind, RulesetId, Status, System};

use super::results::BoardResult;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DirectorError {
    /// The TRF text does not read (line, column, reason), or its data contradict each other.
    #[error(transparent)]
    Trf(#[from] Error),
    /// The file has no TRF record a tournament needs: neither a player nor its name.
    #[error("not a TRF file: it has no player line (001) nor tournament line (012)")]
    NotTrf,
    /// Pairing, standings and checks need players.
    #[error("the tournament has no players yet")]
    NoPlayers,
    /// A character the file's encoding cannot hold (a name typed in another script).
    #[error("{0}; nothing was written")]
    Unencodable(#[from] crate::formats::encoding::Unencodable),
    /// The last round still has games without a result (`(first, second)` pairing numbers).
    #[error("round {round} has boards without a result: {}", pairs(boards))]
    OpenBoards { round: u32, boards: Vec<(u32, u32)> },
    /// The seed given is not the one the tournament published (ufs-2016 4.6: the draw must be
    /// verifiable from the published seed).
    #[error("seed {given} differs from the seed published in the file (SXF {published})")]
    SeedMismatch { given: u64, published: u64 },
    /// Furigoma asked for, but no seed given or published.
    #[error("furigoma needs a published seed")]
    NoSeed,
    /// C.04.3 E allocates the colours of the Dutch system; a draw may not replace it.
    #[error(
        "the Dutch system allocates colours itself (C.04.3 E); furigoma applies to round robin, McMahon and knockout"
    )]
    DutchFurigoma,
    /// No pairing satisfies the system's absolute criteria.
    #[error("no valid pairing exists: {0}")]
    NoLegalPairing(String),
    /// The system cannot pair the next round (all rounds paired, a knockout decided, a drawn
    /// knockout game without its replay …).
    #[error(transparent)]
    CannotPair(Error),
    /// A round that has no pairings yet.
    #[error("round {round} is not paired (the file has {rounds} rounds)")]
    RoundNotPaired { round: u32, rounds: usize },
    /// A board number beyond the round's boards.
    #[error("round {round} has boards 1 to {boards}")]
    NoSuchBoard { round: u32, board: usize, boards: usize },
    /// The player has no board in the round (a bye, absent, or no such player).
    #[error("player {player} has no board in round {round}")]
    NoBoard { player: u32, round: u32 },
    /// The board already has another result; only a correction replaces it.
    #[error("round {round}: {first}-{second} already has the result {}", result.describe(*replayed))]
    ResultEntered { round: u32, first: u32, second: u32, result: BoardResult, replayed: bool },
    /// fesa-2017 12.2: a drawn game is replayed until it is decided, so a replay's result is a
    /// win.
    #[error("a replayed draw (fesa-2017 12.2) takes the replay's decisive result, 1-0 or 0-1")]
    ReplayNotDecisive,
    /// A pairing number that is not the tournament's.
    #[error("no player {player} (the tournament has players 1 to {players})")]
    UnknownPlayer { player: u32, players: usize },
    /// Rounds are numbered from 1.
    #[error("round {round} does not exist (rounds are numbered from 1)")]
    NoRound { round: u32 },
    /// A bye or a withdrawal for a round after the tournament's last.
    #[error("round {round} is past the tournament's last round ({planned})")]
    PastLastRound { round: u32, planned: u32 },
    /// A withdrawal for a player already withdrawn or excluded.
    #[error("player {player} is already {}", out(status))]
    NotActive { player: u32, status: Status },
    /// A withdrawal from a round the player is already paired in: its game needs a result (a
    /// forfeit) and the withdrawal starts after it.
    #[error("player {player} is paired in round {round}; enter that round's result and withdraw from round {}", round + 1)]
    PairedAfterWithdrawal { player: u32, round: u32 },
    /// A new player's field does not fit its TRF columns.
    #[error("{field} {value:?} is wider than the {width} characters TRF gives it")]
    FieldTooWide { field: &'static str, width: usize, value: String },
    /// A new player or tournament without a name.
    #[error("player {player} announced no bye for round {round}")]
    NoAnnouncedBye { player: u32, round: u32 },

    #[error("pairs that must not meet are two players or more")]
    ForbidTwo,

    #[error("round {round} has a result entered (player {player}): its pairing stays")]
    RoundHasResults { round: u32, player: u32 },

    #[error("player {player} is placed twice")]
    PlacedTwice { player: u32 },

    #[error("player {player} is not in round {round}'s pairing (withdrawn, or a bye announced)")]
    NotInRound { player: u32, round: u32 },

    #[error("player {player} is in round {round}'s pairing but left out: give him a board or the bye")]
    LeftOut { player: u32, round: u32 },

    #[error("a name is needed")]
    NoName,
    /// A ruleset of the other game.
    #[error("{rules} is a {} ruleset, not one for {}", rules.game(), game)]
    WrongGame { rules: RulesetId, game: GameKind },
    /// A Swiss or McMahon tournament is paired for a number of rounds announced beforehand.
    #[error("the {system} system needs the number of rounds")]
    RoundsNeeded { system: System },
    /// The tournament written as TRF would not read back as the same tournament, so it is not
    /// written.
    #[error("internal error: {0}; nothing was written")]
    WriteBack(String),
}

impl DirectorError {
    /// A pairing system's error: no legal pairing, or the round cannot be paired at all.
    pub(crate) fn pairing(e: Error) -> DirectorError {
        match e {
            Error::NoPairing(why) => DirectorError::NoLegalPairing(why),
            e => DirectorError::CannotPair(e),
        }
    }
}

fn pairs(v: &[(u32, u32)]) -> String {
    v.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(" ")
}

fn out(s: &Status) -> String {
    match s {
        Status::Active => "playing".into(),
        Status::Withdrawn(r) => format!("withdrawn from round {r}"),
        Status::Excluded(r) => format!("excluded from round {r} (fesa-2017 14.4b)"),
    }
}
