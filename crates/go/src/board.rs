//! The board: stones, chains with liberties kept incrementally, captures, suicide and ko.
//!
//! Chains are circular linked lists of stones with a representative ("head"). Each chain keeps
//! its *pseudo-liberties* — one per (stone, empty neighbour) adjacency — as a count, a sum and a
//! sum of squares of the liberty indices. Placing or removing a stone updates these in O(1) per
//! neighbour, so no flood fill is needed per move: a chain has no liberty when the count is 0, and
//! all its liberties are one point `p` exactly when `sum == n·p` and `sumsq == n·p²`
//! (Cauchy–Schwarz equality), which is all that capture, suicide (rfg 5.1) and ko (rfg 5.2) need.

use crate::point::{Color, CoordError, MAX_SIZE, MIN_SIZE, Point};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

fn code(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

fn color_of(code: u8) -> Option<Color> {
    match code {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// Why a move may not be played, with the article that forbids it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// A move places a stone on an empty point (rfg 3.1).
    #[error("{0} is occupied (rfg 3.1)")]
    Occupied(Point),
    /// Suicide is forbidden unless the move captures (rfg 5.1).
    #[error("{0} is suicide (rfg 5.1)")]
    Suicide(Point),
    /// The move would recreate the previous position: immediate ko recapture (rfg 5.2).
    #[error("{0} retakes the ko at once (rfg 5.2)")]
    Ko(Point),
    #[error("{0} is off the board")]
    OffBoard(Point),
}

impl IllegalMove {
    /// The article that forbids the move.
    pub fn article(&self) -> &'static str {
        match self {
            IllegalMove::Occupied(_) | IllegalMove::OffBoard(_) => "rfg 3.1",
            IllegalMove::Suicide(_) => "rfg 5.1",
            IllegalMove::Ko(_) => "rfg 5.2",
        }
    }
    pub fn reason(&self) -> &'static str {
        match self {
            IllegalMove::Occupied(_) => "occupied",
            IllegalMove::OffBoard(_) => "off_board",
            IllegalMove::Suicide(_) => "suicide",
            IllegalMove::Ko(_) => "ko",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("board size {0} is not supported (5 to 25)")]
    Size(u32),
    #[error(transparent)]
    Coord(#[from] CoordError),
}

/// Zobrist key of a stone of colour `c` (1 or 2) on padded index `i`: splitmix64 of the pair,
/// so the table needs no storage and is the same on every run.
#[inline]
fn zobrist(i: usize, c: u8) -> u64 {
    let mut z = (i as u64) * 2 + c as u64 + 0x9E37_79B9_7F4A_7C15;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A Go board of size 5×5 to 25×25.
#[derive(Clone, Debug)]
pub struct Board {
    size: u8,
    /// Padded width: one border column/row on each side.
    w: usize,
    cell: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    // Chain statistics, valid at the chain's head.
    nstones: Vec<u16>,
    plibs: Vec<u16>,
    lsum: Vec<u32>,
    lsq: Vec<u64>,
    hash: u64,
    ko: Option<u16>,
    /// Stones captured by Black and by White (rfg 3.3: they become the captor's prisoners).
    captures: [u32; 2],
    /// The empty points (padded indices) and each one's position in that list, so playouts
    /// can pick moves without scanning the board.
    empties: Vec<u16>,
    empty_pos: Vec<u16>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.cell == other.cell
    }
}

impl Board {
    pub fn new(size: u8) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardError::Size(size as u32));
        }
        let w = size as usize + 2;
        let n = w * w;
        let mut cell = vec![BORDER; n];
        let mut empties = Vec::with_capacity(size as usize * size as usize);
        let mut empty_pos = vec![0u16; n];
        for r in 0..size as usize {
            for c in 0..size as usize {
                let i = (r + 1) * w + c + 1;
                cell[i] = EMPTY;
                empty_pos[i] = empties.len() as u16;
                empties.push(i as u16);
            }
        }
        Ok(Board {
            size,
            w,
            cell,
            head: vec![0; n],
            next: vec![0; n],
            nstones: vec![0; n],
            plibs: vec![0; n],
            lsum: vec![0; n],
            lsq: vec![0; n],
            hash: 0,
            ko: None,
            captures: [0, 0],
            empties,
            empty_pos,
        })
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    #[inline]
    fn idx(&self, p: Point) -> usize {
        (p.row as usize + 1) * self.w + p.col as usize + 1
    }

    #[inline]
    fn point(&self, i: usize) -> Point {
        Point::new((i % self.w - 1) as u8, (i / self.w - 1) as u8)
    }

    pub fn contains(&self, p: Point) -> bool {
        p.col < self.size && p.row < self.size
    }

    /// Every point of the board, row by row from A1.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let s = self.size;
        (0..s).flat_map(move |r| (0..s).map(move |c| Point::new(c, r)))
    }

    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        color_of(self.cell[self.idx(p)])
    }

    /// The four orthogonal neighbours that are on the board.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let i = self.idx(p);
        [i - 1, i + 1, i - self.w, i + self.w].into_iter().filter(|&j| self.cell[j] != BORDER).map(|j| self.point(j))
    }

    /// Zobrist hash of the stones on the board (not of the side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point the side to move may not play because of ko (rfg 5.2), if any.
    pub fn ko_point(&self) -> Option<Point> {
        self.ko.map(|i| self.point(i as usize))
    }

    /// Stones captured so far by `c` (its prisoners, rfg 3.3).
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c.index()]
    }

    pub fn set_captures(&mut self, c: Color, n: u32) {
        self.captures[c.index()] = n;
    }

    pub fn stones(&self, c: Color) -> Vec<Point> {
        let k = code(c);
        self.points().filter(|&p| self.cell[self.idx(p)] == k).collect()
    }

    /// The stones of the chain through `p` (empty if `p` is empty).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        let i = self.idx(p);
        if color_of(self.cell[i]).is_none() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut j = i;
        loop {
            out.push(self.point(j));
            j = self.next[j] as usize;
            if j == i {
                break;
            }
        }
        out
    }

    /// The exact liberties of the chain through `p`, sorted.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = Vec::new();
        for s in self.chain(p) {
            for q in self.neighbours(s) {
                if self.get(q).is_none() && !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
        libs.sort();
        libs
    }

    #[inline]
    fn add_lib(&mut self, h: usize, l: usize) {
        self.plibs[h] += 1;
        self.lsum[h] += l as u32;
        self.lsq[h] += (l * l) as u64;
    }

    #[inline]
    fn remove_lib(&mut self, h: usize, l: usize) {
        self.plibs[h] -= 1;
        self.lsum[h] -= l as u32;
        self.lsq[h] -= (l * l) as u64;
    }

    /// Is `p` the only liberty of the chain headed by `h`?
    #[inline]
    fn only_lib_is(&self, h: usize, p: usize) -> bool {
        let n = self.plibs[h] as u64;
        n > 0 && self.lsum[h] as u64 == n * p as u64 && self.lsq[h] == n * (p * p) as u64
    }

    #[inline]
    fn nbrs(&self, i: usize) -> [usize; 4] {
        [i - 1, i + 1, i - self.w, i + self.w]
    }

    /// Check a move without playing it.
    pub fn check(&self, c: Color, p: Point) -> Result<(), IllegalMove> {
        if !self.contains(p) {
            return Err(IllegalMove::OffBoard(p));
        }
        let i = self.idx(p);
        if self.cell[i] != EMPTY {
            return Err(IllegalMove::Occupied(p));
        }
        if self.ko == Some(i as u16) {
            return Err(IllegalMove::Ko(p));
        }
        let me = code(c);
        for q in self.nbrs(i) {
            let k = self.cell[q];
            if k == EMPTY {
                return Ok(());
            }
            if k == BORDER {
                continue;
            }
            let h = self.head[q] as usize;
            let only = self.only_lib_is(h, i);
            // An own chain with another liberty keeps us alive; an enemy chain whose last
            // liberty we take is captured, which makes the move legal (rfg 5.1).
            if (k == me) != only {
                return Ok(());
            }
        }
        Err(IllegalMove::Suicide(p))
    }

    pub fn is_legal(&self, c: Color, p: Point) -> bool {
        self.check(c, p).is_ok()
    }

    /// Play a stone; returns the number of stones captured (rfg 3.2).
    pub fn play(&mut self, c: Color, p: Point) -> Result<u32, IllegalMove> {
        self.check(c, p)?;
        Ok(self.play_unchecked(c, self.idx(p)))
    }

    /// A pass changes nothing on the board but lifts the ko ban (the position it protected is
    /// no longer the previous one, rfg 5.2).
    pub fn pass(&mut self) {
        self.ko = None;
    }

    fn place(&mut self, i: usize, k: u8) {
        // Remove i from the empty list by swapping the last entry into its slot.
        let at = self.empty_pos[i] as usize;
        let last = self.empties.pop().expect("placing on an empty point");
        if last as usize != i {
            self.empties[at] = last;
            self.empty_pos[last as usize] = at as u16;
        }
        self.cell[i] = k;
        self.hash ^= zobrist(i, k);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.nstones[i] = 1;
        self.plibs[i] = 0;
        self.lsum[i] = 0;
        self.lsq[i] = 0;
        for q in self.nbrs(i) {
            match self.cell[q] {
                EMPTY => self.add_lib(i, q),
                BORDER => {}
                _ => {
                    let h = self.head[q] as usize;
                    self.remove_lib(h, i);
                }
            }
        }
    }

    fn merge(&mut self, a: usize, b: usize) {
        // Relabel the smaller chain.
        let (keep, gone) = if self.nstones[a] >= self.nstones[b] { (a, b) } else { (b, a) };
        let mut j = gone;
        loop {
            self.head[j] = keep as u16;
            j = self.next[j] as usize;
            if j == gone {
                break;
            }
        }
        self.next.swap(keep, gone);
        self.nstones[keep] += self.nstones[gone];
        self.plibs[keep] += self.plibs[gone];
        self.lsum[keep] += self.lsum[gone];
        self.lsq[keep] += self.lsq[gone];
    }

    fn remove_chain(&mut self, h: usize) -> u32 {
        let mut removed = [0u16; 25 * 25];
        let mut n = 0;
        let mut j = h;
        loop {
            removed[n] = j as u16;
            n += 1;
            let k = self.cell[j];
            self.cell[j] = EMPTY;
            self.empty_pos[j] = self.empties.len() as u16;
            self.empties.push(j as u16);
            self.hash ^= zobrist(j, k);
            j = self.next[j] as usize;
            if j == h {
                break;
            }
        }
        for &r in &removed[..n] {
            let r = r as usize;
            for q in self.nbrs(r) {
                if self.cell[q] == BLACK || self.cell[q] == WHITE {
                    let hq = self.head[q] as usize;
                    self.add_lib(hq, r);
                }
            }
        }
        n as u32
    }

    fn play_unchecked(&mut self, c: Color, i: usize) -> u32 {
        let me = code(c);
        let opp = BLACK + WHITE - me;
        self.place(i, me);
        for q in self.nbrs(i) {
            if self.cell[q] == me {
                let (a, b) = (self.head[i] as usize, self.head[q] as usize);
                if a != b {
                    self.merge(a, b);
                }
            }
        }
        let mut captured = 0;
        let mut last = 0;
        for q in self.nbrs(i) {
            if self.cell[q] == opp && self.plibs[self.head[q] as usize] == 0 {
                last = q;
                captured += self.remove_chain(self.head[q] as usize);
            }
        }
        self.captures[c.index()] += captured;
        let h = self.head[i] as usize;
        // Ko (rfg 5.2): a single stone that captured a single stone and now has that point as
        // its only liberty could be recaptured at once, recreating the previous position.
        self.ko = if captured == 1 && self.nstones[h] == 1 && self.plibs[h] == 1 { Some(last as u16) } else { None };
        captured
    }

    /// Put a stone without capturing (SGF AB/AW setup). Replaces whatever was there.
    pub fn set(&mut self, p: Point, c: Option<Color>) {
        if !self.contains(p) {
            return;
        }
        let mut stones: Vec<(Point, Color)> = Vec::new();
        for q in self.points() {
            if q == p {
                continue;
            }
            if let Some(k) = self.get(q) {
                stones.push((q, k));
            }
        }
        if let Some(k) = c {
            stones.push((p, k));
        }
        self.rebuild(&stones);
    }

    /// Rebuild every chain from a list of stones (setup positions; not used during play).
    pub fn rebuild(&mut self, stones: &[(Point, Color)]) {
        let captures = self.captures;
        let mut fresh = Board::new(self.size).expect("size already validated");
        for &(p, c) in stones {
            if !fresh.contains(p) {
                continue;
            }
            let i = fresh.idx(p);
            if fresh.cell[i] != EMPTY {
                continue;
            }
            fresh.place(i, code(c));
            for q in fresh.nbrs(i) {
                if fresh.cell[q] == code(c) {
                    let (a, b) = (fresh.head[i] as usize, fresh.head[q] as usize);
                    if a != b {
                        fresh.merge(a, b);
                    }
                }
            }
        }
        fresh.captures = captures;
        *self = fresh;
    }

    /// Remove the stone at `p` and every stone of its chain, returning how many were removed
    /// (used for agreed dead stones at the end, rfg 7.2).
    pub fn remove_chain_at(&mut self, p: Point) -> u32 {
        if self.get(p).is_none() {
            return 0;
        }
        let h = self.head[self.idx(p)] as usize;
        self.remove_chain(h)
    }

    /// A text diagram, row 1 at the bottom (for tests and debugging).
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for r in (0..self.size).rev() {
            for c in 0..self.size {
                s.push(match self.get(Point::new(c, r)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// Build a board from a diagram (`X` black, `O` white, `.` empty; first line is the top row).
    pub fn from_diagram(text: &str) -> Result<Board, BoardError> {
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let size = rows.len();
        if size > MAX_SIZE as usize || rows.iter().any(|r| r.chars().count() != size) {
            return Err(BoardError::Size(size as u32));
        }
        let mut b = Board::new(size as u8)?;
        let mut stones = Vec::new();
        for (y, line) in rows.iter().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                let p = Point::new(x as u8, (size - 1 - y) as u8);
                match ch {
                    'X' | 'x' | '#' => stones.push((p, Color::Black)),
                    'O' | 'o' => stones.push((p, Color::White)),
                    _ => {}
                }
            }
        }
        b.rebuild(&stones);
        Ok(b)
    }
}

impl Board {
    /// How many liberties (capped at `limit`) the chain of a stone of colour `c` placed at `p`
    /// would have; a placement that captures counts as `limit` (it relieves itself). Used by
    /// seki detection: a shared liberty neither side can fill without self-atari.
    pub fn liberties_after(&self, c: Color, p: Point, limit: usize) -> usize {
        let i = self.idx(p);
        let me = code(c);
        let mut libs: Vec<usize> = Vec::with_capacity(limit + 1);
        let push = |l: usize, libs: &mut Vec<usize>| {
            if l != i && !libs.contains(&l) {
                libs.push(l);
            }
        };
        let mut seen_heads: Vec<usize> = Vec::new();
        for q in self.nbrs(i) {
            let k = self.cell[q];
            if k == EMPTY {
                push(q, &mut libs);
            } else if k == BORDER {
                continue;
            } else if k != me {
                if self.only_lib_is(self.head[q] as usize, i) {
                    return limit;
                }
            } else {
                let h = self.head[q] as usize;
                if seen_heads.contains(&h) {
                    continue;
                }
                seen_heads.push(h);
                let mut j = h;
                loop {
                    for r in self.nbrs(j) {
                        if self.cell[r] == EMPTY {
                            push(r, &mut libs);
                        }
                    }
                    if libs.len() >= limit {
                        return limit;
                    }
                    j = self.next[j] as usize;
                    if j == h {
                        break;
                    }
                }
            }
            if libs.len() >= limit {
                return limit;
            }
        }
        libs.len().min(limit)
    }
}

impl Board {
    /// Number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }

    /// Is `i` surrounded by `me`'s stones and the edge (a single-point eye)?
    #[inline]
    fn is_own_eye(&self, i: usize, me: u8) -> bool {
        self.nbrs(i).iter().all(|&q| self.cell[q] == me || self.cell[q] == BORDER)
    }

    /// Playout move: starting at a random entry of the empty-point list (`start` is reduced
    /// modulo its length) and scanning on, play the first legal point that does not fill one of
    /// `c`'s own single-point eyes. Returns the point, or `None` when there is none (pass).
    pub fn play_playout_move(&mut self, c: Color, start: usize) -> Option<Point> {
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let me = code(c);
        let s = start % n;
        for k in 0..n {
            let i = self.empties[(s + k) % n] as usize;
            if self.is_own_eye(i, me) {
                continue;
            }
            let p = self.point(i);
            if self.check(c, p).is_ok() {
                self.play_unchecked(c, i);
                return Some(p);
            }
        }
        None
    }
}
