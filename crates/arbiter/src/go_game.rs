//! Go under the referee: [`GoGame`] implements [`Game`] with the `go` rules crate — play or
//! pass, the end after the ruleset's consecutive passes (rfg 7.1), cycles (rfg 6.3), dead-stone
//! marking and agreement (rfg 7.2) and counting (rfg 8–10).

use crate::outcome::{End, GameResult, Reason};
use crate::referee::{Acted, Fault, Game, Played};
use crate::ruleset::{GoRules, IllegalMovePolicy, Ruleset};
use crate::Side;
use go::score::{score, Agreement, Score};
use go::{Color, Move, Point};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Black => Side::Black,
            Color::White => Side::White,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::Black => Color::Black,
            Side::White => Color::White,
        }
    }
}

/// The largest board the go crate plays on; coordinates are checked against the real board
/// when the move is judged.
const MAX_SIZE: u8 = 25;

/// A Go move in events: GTP text (`D4`, `pass`). Serialized the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoMove(pub Move);

impl GoMove {
    pub fn parse(text: &str) -> Result<GoMove, String> {
        if text.trim().eq_ignore_ascii_case("pass") {
            return Ok(GoMove(Move::Pass));
        }
        Point::from_gtp(text, MAX_SIZE).map(|p| GoMove(Move::Play(p))).map_err(|e| e.to_string())
    }
}

impl Serialize for GoMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Move::Pass => s.serialize_str("pass"),
            Move::Play(p) => s.serialize_str(&p.to_gtp()),
        }
    }
}

impl<'de> Deserialize<'de> for GoMove {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GoMove, D::Error> {
        let text = String::deserialize(d)?;
        GoMove::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Go-specific events: the end-of-game agreement (rfg 7.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum GoAction {
    /// After the passes that end the main game, a player proposes the dead stones (GTP
    /// coordinates, one stone marks its chain). Replaces any earlier proposal.
    MarkDead { stones: Vec<String> },
    /// The opponent of the last proposal agrees: the position is counted and the game ends.
    Agree,
    /// A record changes the position or the turn outside a move (SGF `AB`/`AW`/`AE`/`PL` in the
    /// middle of a game, or a record that hands the turn on after an illegal move): stones put
    /// on or taken off (GTP coordinates) and, when given, the side to move next. Not a rule of
    /// play — [`crate::adjudicate_go`] lists it as a finding.
    Setup {
        #[serde(default)]
        black: Vec<String>,
        #[serde(default)]
        white: Vec<String>,
        #[serde(default)]
        empty: Vec<String>,
        #[serde(default)]
        to_move: Option<Side>,
    },
}

#[derive(Debug, Clone)]
pub struct GoGame {
    start: go::Game,
    game: go::Game,
    /// Plies at which a turn was lost (rfg 12.16), to rebuild the turn on restore.
    forfeits: Vec<usize>,
    /// Position edits ([`GoAction::Setup`]): the ply they came at and the board and turn after.
    edits: Vec<(usize, go::Board, Color)>,
    /// The current dead-stone proposal and who made it.
    proposal: Option<(Side, Vec<Point>)>,
    /// The count the game ended with.
    score: Option<Score>,
}

impl GoGame {
    /// A game from `start` (even or handicap, see `go::Game`). The go crate's own pass count
    /// and komi are not used: the ruleset's are (rfg 7.1, 9.3).
    pub fn new(start: go::Game) -> GoGame {
        GoGame { start: start.clone(), game: start, forfeits: Vec::new(), edits: Vec::new(), proposal: None, score: None }
    }
    /// An even game on an empty `size`×`size` board.
    pub fn even(size: u8) -> Result<GoGame, go::GameError> {
        go::Game::new(size, go::Rules::RFG).map(GoGame::new)
    }
    pub fn game(&self) -> &go::Game {
        &self.game
    }
    pub fn board(&self) -> &go::Board {
        self.game.board()
    }
    /// The count, once the players agreed on the dead stones.
    pub fn score(&self) -> Option<&Score> {
        self.score.as_ref()
    }
    /// The stones proposed dead, and by whom.
    pub fn proposal(&self) -> Option<(Side, &[Point])> {
        self.proposal.as_ref().map(|(s, p)| (*s, p.as_slice()))
    }

    /// Has the main game ended by consecutive passes (rfg 7.1)?
    pub fn passes_ended(&self, rules: &GoRules) -> bool {
        self.game.consecutive_passes() >= rules.passes_to_end.rule
    }

    fn go_rules(rules: &Ruleset) -> Result<&GoRules, String> {
        rules.go.as_ref().ok_or_else(|| format!("{} is not a Go ruleset", rules.id))
    }
}

impl Game for GoGame {
    type Move = GoMove;
    type Action = GoAction;

    fn name(&self) -> &'static str {
        "go"
    }
    fn to_move(&self) -> Side {
        self.game.to_move().into()
    }
    fn ply(&self) -> usize {
        self.game.ply()
    }

    fn judge(&self, mv: &GoMove, rules: &Ruleset) -> Result<Option<Fault>, String> {
        let go_rules = Self::go_rules(rules)?;
        if self.passes_ended(go_rules) {
            return Err(format!(
                "the main game ended after {} passes ({}): mark the dead stones",
                go_rules.passes_to_end.rule, go_rules.passes_to_end.article
            ));
        }
        match self.game.check(mv.0) {
            Ok(()) => Ok(None),
            Err(go::IllegalMove::OffBoard(p)) => Err(format!("{} is off the {}×{0} board", p.to_gtp(), self.board().size())),
            // Only rfg 13.4 (the position is restored) can record a move the board cannot hold.
            Err(im) if matches!(rules.illegal_move.rule, IllegalMovePolicy::Restore { .. }) => {
                Ok(Some(Fault { article: im.article().into(), detail: im.to_string() }))
            }
            Err(im) => Err(format!("{im}: the board cannot hold it")),
        }
    }

    fn play(&mut self, mv: &GoMove, rules: &Ruleset) -> Played {
        let cycles = self.game.cycles().len();
        if let Err(e) = self.game.play(mv.0) {
            unreachable!("judge accepted {:?}: {e}", mv.0);
        }
        self.proposal = None;
        // rfg 6.3: the whole-board position repeated; the ruleset says what the arbiter rules.
        let end = match (self.game.cycles().get(cycles), &rules.go) {
            (Some(_), Some(g)) => Some(End {
                result: GameResult::NoResult,
                reason: Reason::Cycle,
                article: g.cycle.article.clone(),
            }),
            _ => None,
        };
        Played { fault: None, end }
    }

    fn restore(&mut self, ply: usize) {
        let moves = self.game.moves()[..ply].to_vec();
        self.forfeits.retain(|&f| f <= ply);
        self.edits.retain(|e| e.0 <= ply);
        let mut g = self.start.clone();
        let mut lost = self.forfeits.iter().peekable();
        let mut edits = self.edits.iter().peekable();
        for i in 0..=ply {
            // A lost turn lifted a ko ban that the next move may rely on: replay it in place.
            while lost.next_if(|&&f| f == i).is_some() {
                Self::lose_turn(&mut g);
            }
            while let Some((_, b, c)) = edits.next_if(|e| e.0 == i) {
                g.set_to_move(*c);
                g.set_board(b.clone());
            }
            if let Some(&(c, m)) = moves.get(i) {
                g.play_as(c, m).expect("a move already played can be replayed");
            }
        }
        self.game = g;
        self.proposal = None;
    }

    fn still_illegal(&self, _: Side) -> Option<Fault> {
        // An illegal Go move never stands (rfg 13.4 restores the position).
        None
    }

    fn forfeit_turn(&mut self) -> bool {
        Self::lose_turn(&mut self.game);
        self.forfeits.push(self.game.ply());
        true
    }

    fn act(&mut self, side: Side, action: &GoAction, rules: &Ruleset, _: bool) -> Result<Acted, String> {
        let go_rules = Self::go_rules(rules)?;
        if let GoAction::Setup { black, white, empty, to_move } = action {
            return self.setup(black, white, empty, *to_move);
        }
        if !self.passes_ended(go_rules) {
            return Err(format!(
                "dead stones are agreed after {} consecutive passes ({})",
                go_rules.passes_to_end.rule, go_rules.passes_to_end.article
            ));
        }
        match action {
            GoAction::MarkDead { stones } => {
                let size = self.board().size();
                let mut dead = Vec::new();
                for s in stones {
                    let p = Point::from_gtp(s, size).map_err(|e| e.to_string())?;
                    if self.board().get(p).is_none() {
                        return Err(format!("{} is marked dead but there is no stone there (rfg 7.2)", p.to_gtp()));
                    }
                    dead.push(p);
                }
                self.proposal = Some((side, dead));
                Ok(Acted { end: None, notes: vec![] })
            }
            GoAction::Setup { .. } => unreachable!("handled above"),
            GoAction::Agree => {
                let dead = match &self.proposal {
                    Some((by, dead)) if *by == side.flip() => dead.clone(),
                    Some(_) => return Err("one agrees to the opponent's proposal, not to one's own (rfg 7.2)".into()),
                    None => return Err("no dead stones proposed by the opponent (rfg 7.2)".into()),
                };
                let handicap = if go_rules.handicap_tie_to_white.rule { self.game.handicap() } else { 0 };
                let agreement = Agreement { dead, ..Agreement::default() };
                let s = score(self.board(), go_rules.komi.rule, handicap, &agreement).map_err(|e| e.to_string())?;
                let end = match s.winner {
                    Some(c) if s.handicap_tie => End::win(c.into(), Reason::Score, go_rules.handicap_tie_to_white.article.clone()),
                    Some(c) => End::win(c.into(), Reason::Score, "rfg 10.2"),
                    None => End::draw(Reason::Score, "rfg 10.2"),
                };
                let detail = format!(
                    "black {} territory + {} prisoners = {}; white {} territory + {} prisoners + {} komi = {}",
                    s.black.territory, s.black.prisoners, s.black.total, s.white.territory, s.white.prisoners, s.white.komi, s.white.total
                );
                self.score = Some(s);
                Ok(Acted { end: Some(end), notes: vec![("score".into(), Fault { article: "rfg 9.2".into(), detail })] })
            }
        }
    }
}

impl GoGame {
    fn setup(&mut self, black: &[String], white: &[String], empty: &[String], to_move: Option<Side>) -> Result<Acted, String> {
        let size = self.board().size();
        let pts = |v: &[String]| -> Result<Vec<Point>, String> {
            v.iter().map(|s| Point::from_gtp(s, size).map_err(|e| e.to_string())).collect()
        };
        let (black, white, empty) = (pts(black)?, pts(white)?, pts(empty)?);
        let mut b = self.board().clone();
        for p in empty {
            b.set(p, None);
        }
        for p in black {
            b.set(p, Some(Color::Black));
        }
        for p in white {
            b.set(p, Some(Color::White));
        }
        if let Some(s) = to_move {
            self.game.set_to_move(s.into());
        }
        self.game.set_board(b.clone());
        self.edits.push((self.game.ply(), b, self.game.to_move()));
        self.proposal = None;
        Ok(Acted { end: None, notes: vec![] })
    }

    /// The turn goes to the opponent without a move. The ko ban protected the previous
    /// position against the side that lost the turn, so it is lifted as by a pass (rfg 5.2).
    fn lose_turn(g: &mut go::Game) {
        let mut b = g.board().clone();
        b.pass();
        g.set_to_move(g.to_move().opponent());
        g.set_board(b);
    }
}

