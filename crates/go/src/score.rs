//! Counting under rfg 8–10 (Japanese-style territory counting): see the crate documentation for
//! the seki algorithm and worked examples.

use crate::board::Board;
use crate::point::{Color, Point};

/// Agreed end-of-game statuses (rfg 7.2): dead stones, plus explicit overrides for disputed
/// cases that the automatic seki detection gets wrong.
#[derive(Debug, Clone, Default)]
pub struct Agreement {
    /// Dead stones; one stone marks its whole chain.
    pub dead: Vec<Point>,
    /// Stones agreed to be alive in seki: their chains' eyes are not territory (rfg 8.1 commentary).
    pub seki: Vec<Point>,
    /// Empty points agreed to be neutral: their whole empty region is nobody's (rfg 8.3).
    pub neutral: Vec<Point>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScoreError {
    #[error("{0} is marked dead but there is no stone there")]
    DeadOnEmpty(Point),
    #[error("{0} is marked in seki but there is no stone there")]
    SekiOnEmpty(Point),
    #[error("{0} is marked neutral but it is not an empty point")]
    NeutralOnStone(Point),
    #[error("{0} is off the board")]
    OffBoard(Point),
}

/// How a finished position is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Counting {
    /// Territory and prisoners (rfg 8–9, the Japanese rules): points in seki are nobody's.
    #[default]
    Territory,
    /// Area: territory and one's living stones on the board, prisoners not counted (the Chinese
    /// rules): a point surrounded by one colour counts, in seki too.
    Area,
}

/// One side's count (rfg 9.2: territory points and prisoners; rfg 9.3: komi for White). Under
/// area counting `prisoners` is 0 and `stones` holds the living stones on the board.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SideScore {
    pub territory: u32,
    pub prisoners: u32,
    pub stones: u32,
    pub komi: f64,
    pub total: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    pub black: SideScore,
    pub white: SideScore,
    /// The winner (rfg 10.2); `None` for equal scores in an even game.
    pub winner: Option<Color>,
    /// The winner's margin, positive; 0.5 for White when a handicap game ends equal (rfg 10).
    pub margin: f64,
    /// Was the result decided by the handicap tie rule (rfg 10 commentary)?
    pub handicap_tie: bool,
    /// Stones of chains found (or agreed) to be in seki.
    pub seki: Vec<Point>,
    /// Empty points that are nobody's territory (dame and points in seki, rfg 8.1, 8.3).
    pub neutral: Vec<Point>,
    /// Territory points of each side (including points of removed dead stones, rfg 8.2).
    pub territory_black: Vec<Point>,
    pub territory_white: Vec<Point>,
}

impl Score {
    /// Black's total minus White's total.
    pub fn difference(&self) -> f64 {
        self.black.total - self.white.total
    }
}

/// Count a finished position by territory (rfg 8–10). `board` carries the prisoners taken
/// during play ([`Board::captures`]); `handicap` ≥ 2 makes equal scores a White win (rfg 10).
pub fn score(board: &Board, komi: f64, handicap: u8, agreement: &Agreement) -> Result<Score, ScoreError> {
    score_by(board, komi, handicap, agreement, Counting::Territory)
}

/// Count a finished position the way `counting` says.
pub fn score_by(
    board: &Board,
    komi: f64,
    handicap: u8,
    agreement: &Agreement,
    counting: Counting,
) -> Result<Score, ScoreError> {
    let mut b = board.clone();
    let mut prisoners = [board.captures(Color::Black), board.captures(Color::White)];
    // rfg 7.2 commentary, 8.2: dead stones are removed and become the opponent's prisoners.
    for &p in &agreement.dead {
        if !b.contains(p) {
            return Err(ScoreError::OffBoard(p));
        }
        match b.get(p) {
            Some(c) => prisoners[c.opponent().index()] += b.remove_chain_at(p),
            None => {
                if board.get(p).is_none() {
                    return Err(ScoreError::DeadOnEmpty(p));
                }
                // Already removed with its chain.
            }
        }
    }
    let size = b.size() as usize;
    let at = |p: Point| p.row as usize * size + p.col as usize;
    // Empty regions and the colours they touch.
    let mut region = vec![usize::MAX; size * size];
    let mut regions: Vec<(Vec<Point>, u8)> = Vec::new();
    for p in b.points() {
        if b.get(p).is_some() || region[at(p)] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut pts = vec![p];
        region[at(p)] = id;
        let mut mask = 0u8;
        let mut k = 0;
        while k < pts.len() {
            let q = pts[k];
            k += 1;
            for r in b.neighbours(q) {
                match b.get(r) {
                    Some(Color::Black) => mask |= 1,
                    Some(Color::White) => mask |= 2,
                    None => {
                        if region[at(r)] == usize::MAX {
                            region[at(r)] = id;
                            pts.push(r);
                        }
                    }
                }
            }
        }
        regions.push((pts, mask));
    }
    // Seki: a point touching both colours that neither side can fill without putting its own
    // chain into atari (or that is illegal for both). Chains next to such a point live in seki.
    let mut in_seki = vec![false; size * size];
    let mark_chain = |p: Point, in_seki: &mut Vec<bool>| {
        for s in b.chain(p) {
            in_seki[at(s)] = true;
        }
    };
    for (pts, mask) in &regions {
        if *mask != 3 {
            continue;
        }
        for &p in pts {
            let blocked = |c: Color| !b.is_legal(c, p) || b.liberties_after(c, p, 2) < 2;
            if blocked(Color::Black) && blocked(Color::White) {
                for q in b.neighbours(p) {
                    if b.get(q).is_some() && !in_seki[at(q)] {
                        mark_chain(q, &mut in_seki);
                    }
                }
            }
        }
    }
    for &p in &agreement.seki {
        if !b.contains(p) {
            return Err(ScoreError::OffBoard(p));
        }
        if b.get(p).is_none() {
            return Err(ScoreError::SekiOnEmpty(p));
        }
        mark_chain(p, &mut in_seki);
    }
    let mut neutral_region = vec![false; regions.len()];
    for &p in &agreement.neutral {
        if !b.contains(p) {
            return Err(ScoreError::OffBoard(p));
        }
        if b.get(p).is_some() {
            return Err(ScoreError::NeutralOnStone(p));
        }
        neutral_region[region[at(p)]] = true;
    }
    let mut out = Score {
        black: SideScore::default(),
        white: SideScore::default(),
        winner: None,
        margin: 0.0,
        handicap_tie: false,
        seki: b.points().filter(|&p| in_seki[at(p)]).collect(),
        neutral: Vec::new(),
        territory_black: Vec::new(),
        territory_white: Vec::new(),
    };
    for (id, (pts, mask)) in regions.iter().enumerate() {
        // rfg 8.1 commentary: points surrounded by groups living in seki are not territory
        // (area counting counts every point one colour surrounds).
        let touches_seki =
            counting == Counting::Territory && pts.iter().any(|&p| b.neighbours(p).any(|q| in_seki[at(q)]));
        let owner = match mask {
            _ if neutral_region[id] || touches_seki => None,
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None, // rfg 8.3: between both colours' borders (or an empty board)
        };
        match owner {
            Some(Color::Black) => out.territory_black.extend(pts),
            Some(Color::White) => out.territory_white.extend(pts),
            None => out.neutral.extend(pts),
        }
    }
    out.territory_black.sort();
    out.territory_white.sort();
    out.neutral.sort();
    out.black.territory = out.territory_black.len() as u32;
    out.white.territory = out.territory_white.len() as u32;
    match counting {
        Counting::Territory => {
            out.black.prisoners = prisoners[0];
            out.white.prisoners = prisoners[1];
        }
        Counting::Area => {
            out.black.stones = b.points().filter(|&p| b.get(p) == Some(Color::Black)).count() as u32;
            out.white.stones = b.points().filter(|&p| b.get(p) == Some(Color::White)).count() as u32;
        }
    }
    out.white.komi = komi; // rfg 9.3
    out.black.total = (out.black.territory + out.black.prisoners + out.black.stones) as f64;
    out.white.total = (out.white.territory + out.white.prisoners + out.white.stones) as f64 + komi;
    let d = out.black.total - out.white.total;
    if d > 0.0 {
        out.winner = Some(Color::Black);
        out.margin = d;
    } else if d < 0.0 {
        out.winner = Some(Color::White);
        out.margin = -d;
    } else if handicap >= 2 {
        // rfg 10 commentary: a handicap game with equal scores is won by White, by 0.5.
        out.winner = Some(Color::White);
        out.margin = 0.5;
        out.handicap_tie = true;
    }
    Ok(out)
}
