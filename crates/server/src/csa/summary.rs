//! What the CSA server writes: the `Game_Summary` that proposes a game, and the lines that end
//! one (CSA server protocol 1.2.1, as shogi-server writes them).

use super::name::time_fields;
use crate::store::GameId;
use arbiter::live::GameSetup;
use arbiter::{GameResult, Outcome, Reason, Side};
use shogi::Position;

/// What the host writes as the article of a game stopped by `%CHUDAN`.
pub const CHUDAN_ARTICLE: &str = "CSA server protocol 1.2.1: %CHUDAN, the game interrupted";
/// …added to the ruleset's article when an illegal move ends the game at once.
pub const ILLEGAL_MOVE_LOSES: &str = "CSA server protocol: an illegal move loses at once";

pub fn sign(side: Side) -> char {
    match side {
        Side::Black => '+',
        Side::White => '-',
    }
}

/// A proposed game, as one of its players is told.
pub struct Proposal<'a> {
    pub id: GameId,
    pub black: &'a str,
    pub white: &'a str,
    pub you: Side,
    pub setup: &'a GameSetup,
    /// The ruleset's 27-point declaration (`Declaration:Jishogi 1.1`, judged by `%KACHI`).
    pub declaration: bool,
    pub start: &'a Position,
    /// The moves already played from `start`, each with the whole seconds it took: a buoy
    /// game's opening (no time), or the moves of a game resumed (docs/csa.md).
    pub moves: &'a [(shogi::Move, u64)],
}

impl Proposal<'_> {
    pub fn game_summary(&self) -> String {
        let mut s = summary_head(self.declaration, 640);
        // The Position block: the start, then the moves played (a buoy's opening took no time
        // here, where shogi-server writes `,T1`). To_Move is the side to move after them.
        let mut now = self.start.clone();
        let mut moves = String::new();
        for &(mv, sec) in self.moves {
            moves.push_str(&shogi::formats::csa::move_to_csa(&now, mv));
            moves.push_str(&format!(",T{sec}\n"));
            now.play_unchecked(mv);
        }
        s.push_str(&format!(
            "Game_ID:{}\nName+:{}\nName-:{}\nYour_Turn:{}\nRematch_On_Draw:NO\nTo_Move:{}\nMax_Moves:{}\n",
            self.id,
            self.black,
            self.white,
            sign(self.you),
            to_move(&now),
            // The referee draws the game at the setup's limit (`Reason::MaxMoves`); 0: none.
            self.setup.max_moves.unwrap_or(0)
        ));
        time_blocks(&mut s, self.setup, "");
        summary_tail(&mut s, self.start, &moves);
        s
    }
}

/// The lines every summary starts with.
fn summary_head(declaration: bool, capacity: usize) -> String {
    let mut s = String::with_capacity(capacity);
    s.push_str("BEGIN Game_Summary\nProtocol_Version:1.2\nProtocol_Mode:Server\nFormat:Shogi 1.0\n");
    if declaration {
        s.push_str("Declaration:Jishogi 1.1\n");
    }
    s
}

/// The Time block: one `Time` block when both sides have the same control, else `Time+` and
/// `Time-`; `tail` goes at the end of the last one (a game being played: the time left).
fn time_blocks(s: &mut String, setup: &GameSetup, tail: &str) {
    let times = setup.time.as_ref();
    let (b, w) = (times.map(|t| &t.black), times.map(|t| &t.white));
    if b == w {
        time_block(s, "Time", time_fields(b), tail);
    } else {
        time_block(s, "Time+", time_fields(b), "");
        time_block(s, "Time-", time_fields(w), tail);
    }
}

fn time_block(s: &mut String, name: &str, (total, byoyomi, increment): (u64, u64, u64), tail: &str) {
    s.push_str(&format!(
        "BEGIN {name}\nTime_Unit:1sec\nTotal_Time:{total}\nByoyomi:{byoyomi}\nLeast_Time_Per_Move:0\nTime_Roundup:NO\n"
    ));
    if increment > 0 {
        s.push_str(&format!("Increment:{increment}\n"));
    }
    s.push_str(tail);
    s.push_str(&format!("END {name}\n"));
}

/// The Position block (the position, then `moves`: lines played from it) and the summary's end.
fn summary_tail(s: &mut String, position: &Position, moves: &str) {
    s.push_str("BEGIN Position\n");
    s.push_str(&shogi::formats::csa::board_lines(position));
    s.push(to_move(position));
    s.push('\n');
    s.push_str(moves);
    s.push_str("END Position\nEND Game_Summary\n");
}

fn to_move(position: &Position) -> char {
    if position.turn() == shogi::Color::Black { '+' } else { '-' }
}

/// A game being played, as `%%SHOW` and `%%MONITORON` print it (shogi-server's `Game#show`):
/// the summary without `Your_Turn`, the time left and the last move in the Time block, and the
/// position as it stands.
pub struct Shown<'a> {
    pub id: GameId,
    pub black: &'a str,
    pub white: &'a str,
    pub setup: &'a GameSetup,
    pub declaration: bool,
    pub position: &'a Position,
    /// Each side's main time left, in seconds (`Remaining_Time+`, `Remaining_Time-`).
    pub remaining: Option<[u64; 2]>,
    /// `+7776FU,T3`.
    pub last_move: Option<&'a str>,
    pub ply: usize,
}

impl Shown<'_> {
    pub fn text(&self) -> String {
        let mut s = summary_head(self.declaration, 720);
        s.push_str(&format!(
            "Game_ID:{}\nName+:{}\nName-:{}\nRematch_On_Draw:NO\nTo_Move:{}\nMax_Moves:{}\n",
            self.id,
            self.black,
            self.white,
            to_move(self.position),
            self.setup.max_moves.unwrap_or(0)
        ));
        let [b_left, w_left] = self.remaining.unwrap_or([0, 0]);
        let left = format!(
            "Remaining_Time+:{b_left}\nRemaining_Time-:{w_left}\nLast_Move:{}\nCurrent_Turn:{}\n",
            self.last_move.unwrap_or(""),
            self.ply
        );
        time_blocks(&mut s, self.setup, &left);
        summary_tail(&mut s, self.position, "");
        s
    }
}

/// What a monitor is told of the end (shogi-server's `GameResult#result_type`): the first line
/// a player is sent (`%TORYO`, `#SENNICHITE`, `#TIME_UP`, `%KACHI`, `#MAX_MOVES`, …), and for
/// a mate, which the protocol has no line for, the CSA record's `%TSUMI`.
pub fn monitor_result(outcome: &Outcome, to_move: Side) -> &'static str {
    match result_lines(outcome, Side::Black, to_move).first() {
        Some(l) if !matches!(*l, "#WIN" | "#LOSE" | "#DRAW") => l,
        _ if outcome.reason == Reason::Checkmate => "%TSUMI",
        _ => "#ABNORMAL",
    }
}

/// The lines that end a game for `me`; `to_move` is the side to move at the end (a declarer
/// declares on his own turn).
pub fn result_lines(outcome: &Outcome, me: Side, to_move: Side) -> Vec<&'static str> {
    let verdict = match outcome.result.winner() {
        Some(w) if w == me => "#WIN",
        Some(_) => "#LOSE",
        None if outcome.result == GameResult::Draw => "#DRAW",
        None => "",
    };
    let mut lines: Vec<&'static str> = match outcome.reason {
        Reason::Resignation => vec!["%TORYO", "#RESIGN"],
        Reason::Sennichite => vec!["#SENNICHITE"],
        Reason::PerpetualCheck => vec!["#OUTE_SENNICHITE"],
        Reason::IllegalMove => vec!["#ILLEGAL_MOVE"],
        Reason::TimeUp | Reason::BothFlags | Reason::Lateness => vec!["#TIME_UP"],
        Reason::Declaration if outcome.result.winner() == Some(to_move) || outcome.result == GameResult::Draw => {
            vec!["%KACHI", "#JISHOGI"]
        }
        Reason::Declaration => vec!["%KACHI", "#ILLEGAL_MOVE"],
        Reason::Impasse => vec!["#JISHOGI"],
        // The protocol has no line for mate: the verdict alone (shogi-server waits for the
        // mated side's %TORYO instead).
        Reason::Checkmate => vec![],
        // shogi-server's GameResultMaxMovesDraw: no #DRAW, the game is censored.
        Reason::MaxMoves => return vec!["#MAX_MOVES", "#CENSORED"],
        Reason::ArbiterDecision if outcome.result == GameResult::NoResult => return vec!["#CHUDAN"],
        Reason::ArbiterDecision | Reason::Score | Reason::Cycle => vec!["#ABNORMAL"],
    };
    if !verdict.is_empty() {
        lines.push(verdict);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csa::name;

    fn outcome(result: GameResult, reason: Reason, article: &str) -> Outcome {
        Outcome { result, reason, article: Some(article.into()), ply: 10, followup: None }
    }

    #[test]
    fn summary_as_shogi_server_writes_it() {
        let (g, _) = name::parse("test-600-10").unwrap();
        let setup = GameSetup { max_moves: Some(256), ..g.setup(arbiter::RulesetId::Fesa2017) };
        let start = Position::startpos();
        let p = Proposal {
            id: 7,
            black: "alice",
            white: "bob",
            you: Side::White,
            setup: &setup,
            declaration: true,
            start: &start,
            moves: &[],
        };
        let s = p.game_summary();
        assert!(s.starts_with("BEGIN Game_Summary\nProtocol_Version:1.2\n"), "{s}");
        for l in [
            "Declaration:Jishogi 1.1",
            "Game_ID:7",
            "Your_Turn:-",
            "To_Move:+",
            "Max_Moves:256",
            "BEGIN Time\nTime_Unit:1sec\nTotal_Time:600\nByoyomi:10\nLeast_Time_Per_Move:0\nTime_Roundup:NO\nEND Time",
            "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n",
            "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\nEND Position\nEND Game_Summary\n",
        ] {
            assert!(s.contains(l), "{l} not in\n{s}");
        }
        let (g, _) = name::parse("odds-600-0-300-10F").unwrap();
        let setup = g.setup(arbiter::RulesetId::Fesa2017);
        let s = Proposal { setup: &setup, ..p }.game_summary();
        assert!(s.contains("BEGIN Time+\nTime_Unit:1sec\nTotal_Time:600\nByoyomi:0\n"), "{s}");
        assert!(s.contains("BEGIN Time-\nTime_Unit:1sec\nTotal_Time:300\nByoyomi:0\nLeast_Time_Per_Move:0\nTime_Roundup:NO\nIncrement:10\nEND Time-"), "{s}");
    }

    #[test]
    fn result_lines_of_each_end() {
        use GameResult::*;
        let (b, w) = (Side::Black, Side::White);
        let r = |res, reason, art: &str, me, to_move| result_lines(&outcome(res, reason, art), me, to_move);
        assert_eq!(r(WhiteWin, Reason::Resignation, "", b, b), ["%TORYO", "#RESIGN", "#LOSE"]);
        assert_eq!(r(WhiteWin, Reason::Resignation, "", w, b), ["%TORYO", "#RESIGN", "#WIN"]);
        assert_eq!(r(Draw, Reason::Sennichite, "", w, b), ["#SENNICHITE", "#DRAW"]);
        assert_eq!(r(BlackWin, Reason::PerpetualCheck, "", w, w), ["#OUTE_SENNICHITE", "#LOSE"]);
        assert_eq!(r(BlackWin, Reason::TimeUp, "", b, w), ["#TIME_UP", "#WIN"]);
        assert_eq!(r(BlackWin, Reason::Declaration, "", b, b), ["%KACHI", "#JISHOGI", "#WIN"]);
        assert_eq!(r(WhiteWin, Reason::Declaration, "", b, b), ["%KACHI", "#ILLEGAL_MOVE", "#LOSE"]);
        assert_eq!(r(Draw, Reason::MaxMoves, arbiter::MAX_MOVES_ARTICLE, b, b), ["#MAX_MOVES", "#CENSORED"]);
        assert_eq!(r(NoResult, Reason::ArbiterDecision, CHUDAN_ARTICLE, b, b), ["#CHUDAN"]);
        assert_eq!(r(BlackWin, Reason::Checkmate, "", w, w), ["#LOSE"]);
    }
}
