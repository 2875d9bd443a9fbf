//! Impasse (jishogi / nyugyoku): piece points, the 24-point count, the 27-point variants and
//! the 27-point declaration.
//!
//! Points (ufs-2016 5.8.6.2; fesa-2017 5.3): rook and bishop 5, every other piece 1, king 0;
//! promoted pieces count as unpromoted; pieces on the board and in hand alike.

use crate::bitboard::Bitboard;
use crate::position::{PROMOTION_ZONE, Position};
use crate::types::{Color, PieceKind};

/// Points of `color`'s pieces on the board and in hand.
pub fn points(pos: &Position, color: Color) -> u32 {
    board_points(pos, color, Bitboard::FULL) + pos.hand(color).impasse_points()
}

fn board_points(pos: &Position, color: Color, area: Bitboard) -> u32 {
    // One point a piece, the king none, four more for each rook and bishop, promoted or not:
    // counted on the bitboards (a followed game's view counts this every move).
    let mine = pos.by_color(color) & area;
    let big = [PieceKind::Rook, PieceKind::Bishop, PieceKind::Dragon, PieceKind::Horse]
        .into_iter()
        .fold(Bitboard::EMPTY, |b, k| b | pos.by_kind(k));
    let king = (mine & pos.by_kind(PieceKind::King)).count();
    mine.count() - king + 4 * (mine & big).count()
}

/// Both players' points, and whether all of each player's board pieces (king included) stand in
/// his promotion zone (the book chapter's condition).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImpasseCount {
    pub points: [u32; 2],
    pub all_entered: [bool; 2],
    /// Number of pieces (board and hand, king excluded) each player has.
    pub pieces: [u32; 2],
}

impl ImpasseCount {
    pub fn of(pos: &Position) -> ImpasseCount {
        let mut c = ImpasseCount { points: [0; 2], all_entered: [false; 2], pieces: [0; 2] };
        for color in Color::ALL {
            let i = color.index();
            c.points[i] = points(pos, color);
            c.all_entered[i] = pos.by_color(color).and_not(PROMOTION_ZONE[i]).is_empty();
            c.pieces[i] = pos.by_color(color).count() - 1 + pos.hand(color).len();
        }
        c
    }
    pub fn of_color(&self, color: Color) -> u32 {
        self.points[color.index()]
    }
}

/// The result an impasse count gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImpasseOutcome {
    Draw,
    Win(Color),
    /// Both players are below the threshold (possible only in handicap games): the texts give
    /// no result; the arbiter decides.
    Undecided,
}

/// The 24-point count (ufs-2016 5.8.6.3; pl 5.4 default): a player with fewer than 24 points
/// loses; both with 24 or more draw.
pub fn judge_24(count: &ImpasseCount) -> ImpasseOutcome {
    let [b, w] = count.points;
    match (b >= 24, w >= 24) {
        (true, true) => ImpasseOutcome::Draw,
        (true, false) => ImpasseOutcome::Win(Color::Black),
        (false, true) => ImpasseOutcome::Win(Color::White),
        (false, false) => ImpasseOutcome::Undecided,
    }
}

/// The book chapter's count ("Ничьи" 2): the 24-point count, except that a player with more
/// pieces who has more than 31 points and all his board pieces in the zone wins; a player with
/// fewer pieces who has at least 24 points and all his board pieces in the zone draws.
pub fn judge_chapter(count: &ImpasseCount) -> ImpasseOutcome {
    for color in Color::ALL {
        let i = color.index();
        let o = color.flip().index();
        if count.pieces[i] > count.pieces[o] && count.points[i] > 31 && count.all_entered[i] {
            let other_saves = count.points[o] >= 24 && count.all_entered[o];
            return if other_saves { ImpasseOutcome::Draw } else { ImpasseOutcome::Win(color) };
        }
    }
    judge_24(count)
}

/// pl 5.4's optional 27-point count: both with 27 draw, otherwise the larger total wins; with
/// `gote_wins_tie` equal totals go to gote.
pub fn judge_27_pl(count: &ImpasseCount, gote_wins_tie: bool) -> ImpasseOutcome {
    let [b, w] = count.points;
    if b == w {
        if gote_wins_tie {
            return ImpasseOutcome::Win(Color::White);
        }
        return ImpasseOutcome::Draw;
    }
    if b >= 27 && w >= 27 {
        return ImpasseOutcome::Draw;
    }
    ImpasseOutcome::Win(if b > w { Color::Black } else { Color::White })
}

/// ufs-2016 5.8.7.1: in nyugyoku a player with fewer than 27 points loses; both with exactly 27,
/// White wins.
pub fn judge_27_ufs(count: &ImpasseCount) -> ImpasseOutcome {
    let [b, w] = count.points;
    match (b >= 27, w >= 27) {
        (true, true) => ImpasseOutcome::Win(Color::White),
        (true, false) => ImpasseOutcome::Win(Color::Black),
        (false, true) => ImpasseOutcome::Win(Color::White),
        (false, false) => ImpasseOutcome::Undecided,
    }
}

/// One condition of the 27-point declaration, with the value found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Condition {
    pub met: bool,
    /// The value found (points, piece count, 1/0 for yes/no).
    pub found: u32,
    /// What is required.
    pub required: u32,
}

/// The 27-point declaration (fesa-2017 5.3; ufs-2016 5.8.7; CSA %KACHI), judged for the side to
/// move, who announces before moving. He wins if all five conditions hold, otherwise he loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declaration {
    pub declarer: Color,
    /// 1. His king is in the opponent's camp (his promotion zone).
    pub king_in_camp: Condition,
    /// 2. Points — only pieces in the opponent's camp and in hand: ≥ 28 as sente, ≥ 27 as gote.
    pub points: Condition,
    /// 3. At least 10 pieces other than the king in the opponent's camp.
    pub pieces_in_camp: Condition,
    /// 4. He still has time (main time or byo-yomi); an input, since the rules crate has no clock.
    pub has_time: Condition,
    /// 5. His king is not in check.
    pub not_in_check: Condition,
}

impl Declaration {
    pub fn judge(pos: &Position, has_time: bool) -> Declaration {
        let me = pos.turn();
        let zone = PROMOTION_ZONE[me.index()];
        let ksq = pos.king(me);
        let in_camp = zone.contains(ksq);
        let pts = board_points(pos, me, zone) + pos.hand(me).impasse_points();
        let need = if me == Color::Black { 28 } else { 27 };
        let pieces = (pos.by_color(me) & zone).without(ksq).count();
        let yes = |b: bool| Condition { met: b, found: b as u32, required: 1 };
        Declaration {
            declarer: me,
            king_in_camp: yes(in_camp),
            points: Condition { met: pts >= need, found: pts, required: need },
            pieces_in_camp: Condition { met: pieces >= 10, found: pieces, required: 10 },
            has_time: yes(has_time),
            not_in_check: yes(!pos.is_check()),
        }
    }

    /// The five conditions with their names, in the order of fesa-2017 5.3.
    pub fn conditions(&self) -> [(&'static str, Condition); 5] {
        [
            ("king_in_camp", self.king_in_camp),
            ("points", self.points),
            ("pieces_in_camp", self.pieces_in_camp),
            ("has_time", self.has_time),
            ("not_in_check", self.not_in_check),
        ]
    }

    /// Whether the declarer wins (all conditions met); otherwise he loses.
    pub fn wins(&self) -> bool {
        self.conditions().iter().all(|(_, c)| c.met)
    }

    /// The winner of the game.
    pub fn winner(&self) -> Color {
        if self.wins() { self.declarer } else { self.declarer.flip() }
    }
}
