//! Go under the referee: [`GoGame`] implements [`Game`] with the `go` rules crate — play or
//! pass, the end after the ruleset's consecutive passes (rfg 7.1), cycles (rfg 6.3), dead-stone
//! marking and agreement (rfg 7.2) and counting (rfg 8–10).
//!
//! **The finishing phase** (rfg 7.1): after the third pass the main game is over, the clocks stop
//! (commentary to 7.3) and the partners, in turn, finish the borders and fill the neutral points,
//! with the moves inside territories that this makes obviously necessary, and fill the kos
//! (7.2). Those moves follow the rules of play (5.1, 5.2) and are played on the board before the
//! count; the referee cannot tell a neutral point from territory before the dead stones are
//! agreed (8.1 turns on life), and rfg 7.2 settles disputed moves on another board, so any legal
//! move is accepted — except on a point in seki, which is not filled (7.1): refused in both modes.
//! The count is of the board as filled, by 8–9 as they stand:
//! - stones captured while filling are prisoners (3.3, 9.2b);
//! - a stone put inside one's own territory takes a free point of it (9.2a counts free points);
//! - a stone put inside the opponent's territory is, once agreed dead, his prisoner on his
//!   territory (8.2, commentary to 7.2) — a point's swing against its maker;
//! - a neutral point filled was nobody's (8.3) and stays so.
//!
//! Dead stones may be marked at any time in the finishing phase; a move withdraws a proposal.

use crate::Side;
use crate::outcome::{End, Followup, Reason, ViolationKind};
use crate::referee::{Acted, Fault, Game, Played};
use crate::refusal::Refusal;
use crate::ruleset::{CycleOutcome, GoRules, GoRuleset, IllegalMovePolicy};
use go::score::{Agreement, Score, score_by};
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
    pub fn parse(text: &str) -> Result<GoMove, go::CoordError> {
        if text.trim().eq_ignore_ascii_case("pass") {
            return Ok(GoMove(Move::Pass));
        }
        Point::from_gtp(text, MAX_SIZE).map(|p| GoMove(Move::Play(p)))
    }
}

impl Serialize for GoMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GoMove {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GoMove, D::Error> {
        let text = String::deserialize(d)?;
        GoMove::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A point in GTP coordinates on a `size` board, or why it is not one.
fn point(text: &str, size: u8) -> Result<Point, Refusal> {
    Point::from_gtp(text, size).map_err(|e| Refusal::BadPoint { point: text.to_string(), detail: e.to_string() })
}

impl std::fmt::Display for GoMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Move::Pass => f.write_str("pass"),
            Move::Play(p) => f.write_str(&p.to_gtp()),
        }
    }
}

/// Go-specific events: the end-of-game agreement (rfg 7.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum GoAction {
    /// After the passes that end the main game, a player proposes the dead stones (GTP
    /// coordinates, one stone marks its chain) and, where the count alone would not see them,
    /// the stones alive in seki and the neutral points. Replaces any earlier proposal.
    MarkDead {
        stones: Vec<String>,
        /// Stones agreed alive in seki (one marks its chain): their eyes are nobody's (rfg 8.1
        /// commentary). Seki the count finds by itself need no mark.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seki: Vec<String>,
        /// Empty points agreed neutral: their whole empty region is nobody's (rfg 8.3).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        neutral: Vec<String>,
    },
    /// The opponent of the last proposal agrees: the position is counted and the game ends.
    Agree,
    /// A player disputes the life of stones in the finishing phase and calls the arbiter, who
    /// settles it (rfg 7.2: by playing the position out on another board) with
    /// [`GoAction::ArbiterCount`]. The players may still agree meanwhile.
    Dispute,
    /// The arbiter's ruling on a disputed finishing phase: these stones are dead (GTP
    /// coordinates, one stone marks its chain), these live in seki and these points are
    /// neutral, as in [`GoAction::MarkDead`]; and the board is counted.
    ArbiterCount {
        stones: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seki: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        neutral: Vec<String>,
    },
    /// The main game ended without the ruleset's passes: the players agreed to stop, or a
    /// server ended it and counted (a record whose `RE` is a score without the passes). Dead
    /// stones are then marked and agreed as after the passes.
    EndByAgreement,
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

impl GoAction {
    /// A proposal of dead stones only, the usual one.
    pub fn mark_dead(stones: Vec<String>) -> GoAction {
        GoAction::MarkDead { stones, seki: Vec::new(), neutral: Vec::new() }
    }
}

#[derive(Debug, Clone)]
pub struct GoGame {
    start: go::Game,
    game: go::Game,
    /// Plies at which a turn was lost (rfg 12.16), to rebuild the turn on restore.
    forfeits: Vec<usize>,
    /// Position edits ([`GoAction::Setup`]): the ply they came at and the board and turn after.
    edits: Vec<(usize, go::Board, Color)>,
    /// The ply of the pass that ended the main game (rfg 7.1), once it has.
    main_ended: Option<usize>,
    /// The current proposal (dead stones, seki, neutral points) and who made it.
    proposal: Option<(Side, Agreement)>,
    /// Who disputed the finishing phase, until it is counted (rfg 7.2).
    dispute: Option<Side>,
    /// The count the game ended with.
    score: Option<Score>,
}

impl GoGame {
    /// A game from `start` (even or handicap, see `go::Game`). The go crate's own pass count
    /// and komi are not used: the ruleset's are (rfg 7.1, 9.3).
    pub fn new(start: go::Game) -> GoGame {
        GoGame {
            start: start.clone(),
            game: start,
            forfeits: Vec::new(),
            edits: Vec::new(),
            main_ended: None,
            proposal: None,
            dispute: None,
            score: None,
        }
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
    /// The proposal on the table (dead stones, seki, neutral points), and by whom.
    pub fn proposal(&self) -> Option<(Side, &Agreement)> {
        self.proposal.as_ref().map(|(s, p)| (*s, p))
    }
    /// Who disputed the finishing phase and waits for the arbiter.
    pub fn dispute(&self) -> Option<Side> {
        self.dispute
    }

    /// Has the main game ended by consecutive passes (rfg 7.1)? Stays so through the finishing
    /// phase's filling moves.
    pub fn passes_ended(&self, rules: &GoRules) -> bool {
        self.main_ended.is_some() || self.game.consecutive_passes() >= rules.passes_to_end.rule
    }

    /// The ply of the pass that ended the main game, once it has (rfg 7.1).
    pub fn main_ended_at(&self) -> Option<usize> {
        self.main_ended
    }

    /// Is `p` a point in seki: empty, between both colours, and neither side can fill it
    /// without putting its own chain into atari (or at all)? The same test as the count's seki
    /// (rfg 6.1a, 8.1 commentary).
    pub fn in_seki(&self, p: Point) -> bool {
        let b = self.board();
        if !b.contains(p) || b.get(p).is_some() {
            return false;
        }
        let touches = |c: Color| b.neighbours(p).any(|q| b.get(q) == Some(c));
        let blocked = |c: Color| !b.is_legal(c, p) || b.liberties_after(c, p, 2) < 2;
        touches(Color::Black) && touches(Color::White) && blocked(Color::Black) && blocked(Color::White)
    }
}

impl Game for GoGame {
    type Rules = GoRules;
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

    fn judge(&self, mv: &GoMove, rules: &GoRuleset) -> Result<Option<Fault>, Refusal> {
        if let (true, Move::Play(p)) = (self.passes_ended(&rules.game), mv.0)
            && self.in_seki(p)
        {
            let article = rules.game.passes_to_end.article.clone();
            return Err(Refusal::SekiPoint { point: p.to_gtp(), article });
        }
        match self.game.check(mv.0) {
            Ok(()) => Ok(None),
            Err(go::IllegalMove::OffBoard(p)) => {
                Err(Refusal::OffBoard { point: p.to_gtp(), size: self.board().size() })
            }
            // Only rfg 13.4 (the position is restored) can record a move the board cannot hold.
            Err(im) if matches!(rules.illegal_move.rule, IllegalMovePolicy::Restore { .. }) => {
                Ok(Some(Fault { article: rules.game.articles.illegal_moves.of(&im).into(), detail: im.to_string() }))
            }
            Err(im) => Err(Refusal::ImpossibleMove { mv: mv.to_string(), detail: im.to_string() }),
        }
    }

    fn play(&mut self, mv: &GoMove, rules: &GoRuleset) -> Played {
        let cycles = self.game.cycles().len();
        if let Err(e) = self.game.play(mv.0) {
            unreachable!("judge accepted {:?}: {e}", mv.0);
        }
        self.proposal = None;
        if self.main_ended.is_none() && self.game.consecutive_passes() >= rules.game.passes_to_end.rule {
            self.main_ended = Some(self.game.ply());
        }
        // rfg 6.3: the whole-board position repeated; the ruleset says what the arbiter rules. A
        // cycle ruled "replay" is played again, same colours, fresh clocks.
        let end = self.game.cycles().get(cycles).map(|_| {
            let cycle = &rules.game.cycle;
            let mut end = End::new(crate::GameResult::NoResult, Reason::Cycle, cycle.article.clone());
            if cycle.rule == CycleOutcome::Replay {
                end.followup =
                    Some(Followup::Replay { colours_reversed: false, time: None, article: cycle.article.clone() });
            }
            end
        });
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
        self.main_ended = self.main_ended.filter(|&e| e <= ply);
        self.proposal = None;
        if self.main_ended.is_none() {
            self.dispute = None;
        }
    }

    fn still_illegal(&self, _: Side, _: &GoRuleset) -> Option<Fault> {
        // An illegal Go move never stands (rfg 13.4 restores the position).
        None
    }

    fn clocks_stopped(&self, rules: &GoRuleset) -> bool {
        // Commentary to rfg 7.3: after the three passes the clocks stop.
        self.passes_ended(&rules.game)
    }

    fn forfeit_turn(&mut self) -> bool {
        Self::lose_turn(&mut self.game);
        self.forfeits.push(self.game.ply());
        true
    }

    fn act(&mut self, side: Side, action: &GoAction, rules: &GoRuleset, _: bool) -> Result<Acted, Refusal> {
        let go_rules = &rules.game;
        if let GoAction::Setup { black, white, empty, to_move } = action {
            return self.setup(black, white, empty, *to_move);
        }
        if let GoAction::EndByAgreement = action {
            if self.passes_ended(go_rules) {
                let passes = &go_rules.passes_to_end;
                return Err(Refusal::BeforeTheEnd { passes: passes.rule, article: passes.article.clone() });
            }
            self.main_ended = Some(self.game.ply());
            return Ok(Acted { end: None, notes: vec![] });
        }
        if !self.passes_ended(go_rules) {
            let passes = &go_rules.passes_to_end;
            return Err(Refusal::BeforeTheEnd { passes: passes.rule, article: passes.article.clone() });
        }
        let agreement_article = || go_rules.articles.dead_stones.clone();
        match action {
            GoAction::MarkDead { stones, seki, neutral } => {
                let marks = self.marks(stones, seki, neutral, rules)?;
                self.proposal = Some((side, marks));
                Ok(Acted { end: None, notes: vec![] })
            }
            GoAction::Setup { .. } | GoAction::EndByAgreement => unreachable!("handled above"),
            GoAction::Dispute => {
                self.dispute = Some(side);
                Ok(Acted { end: None, notes: vec![] })
            }
            GoAction::ArbiterCount { stones, seki, neutral } => {
                let marks = self.marks(stones, seki, neutral, rules)?;
                self.count(marks, rules)
            }
            GoAction::Agree => {
                let marks = match &self.proposal {
                    Some((by, marks)) if *by == side.flip() => marks.clone(),
                    Some(_) => return Err(Refusal::OwnProposal { article: agreement_article() }),
                    None => return Err(Refusal::NoProposal { article: agreement_article() }),
                };
                self.count(marks, rules)
            }
        }
    }
}

impl GoGame {
    /// The marks of a proposal or a ruling (GTP coordinates), checked against the board: dead
    /// and seki stones on stones, neutral points empty, no chain both dead and in seki.
    fn marks(
        &self,
        dead: &[String],
        seki: &[String],
        neutral: &[String],
        rules: &GoRuleset,
    ) -> Result<Agreement, Refusal> {
        let article = || rules.game.articles.dead_stones.clone();
        let size = self.board().size();
        let points = |v: &[String]| v.iter().map(|s| point(s, size)).collect::<Result<Vec<_>, _>>();
        let marks = Agreement { dead: points(dead)?, seki: points(seki)?, neutral: points(neutral)? };
        if let Some(p) = marks.dead.iter().find(|p| self.board().get(**p).is_none()) {
            return Err(Refusal::NoStone { point: p.to_gtp(), article: article() });
        }
        let dead_chains: Vec<Point> = marks.dead.iter().flat_map(|&p| self.board().chain(p)).collect();
        if let Some(p) = marks.seki.iter().find(|p| dead_chains.contains(p)) {
            let detail = format!("{} is marked both dead and alive in seki", p.to_gtp());
            return Err(Refusal::Marks { detail, article: article() });
        }
        // The count itself checks the rest (seki on a stone, neutral on an empty point).
        score_by(self.board(), 0.0, 0, &marks, rules.game.counting.rule.into())
            .map_err(|e| Refusal::Marks { detail: e.to_string(), article: article() })?;
        Ok(marks)
    }

    /// The board counted with the agreed marks (rfg 8–10): the game's end.
    fn count(&mut self, agreement: Agreement, rules: &GoRuleset) -> Result<Acted, Refusal> {
        let go_rules = &rules.game;
        {
            let handicap = if go_rules.handicap_tie_to_white.rule { self.game.handicap() } else { 0 };
            let s = score_by(self.board(), go_rules.komi.rule, handicap, &agreement, rules.game.counting.rule.into())
                .map_err(|e| Refusal::Count { detail: e.to_string() })?;
            let by_score = &go_rules.articles.result_by_score;
            let end = match s.winner {
                Some(c) if s.handicap_tie => {
                    End::win(c.into(), Reason::Score, go_rules.handicap_tie_to_white.article.clone())
                }
                Some(c) => End::win(c.into(), Reason::Score, by_score.clone()),
                None => End::draw(Reason::Score, by_score.clone()),
            };
            let detail = format!(
                "black {} territory + {} prisoners + {} stones = {}; white {} territory + {} prisoners + {} stones + {} komi = {}",
                s.black.territory,
                s.black.prisoners,
                s.black.stones,
                s.black.total,
                s.white.territory,
                s.white.prisoners,
                s.white.stones,
                s.white.komi,
                s.white.total
            );
            self.score = Some(s);
            self.dispute = None;
            let note = Fault { article: go_rules.articles.count.clone(), detail };
            Ok(Acted { end: Some(end), notes: vec![(ViolationKind::Score, note)] })
        }
    }
}

impl GoGame {
    fn setup(
        &mut self,
        black: &[String],
        white: &[String],
        empty: &[String],
        to_move: Option<Side>,
    ) -> Result<Acted, Refusal> {
        let size = self.board().size();
        let pts = |v: &[String]| -> Result<Vec<Point>, Refusal> { v.iter().map(|s| point(s, size)).collect() };
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
