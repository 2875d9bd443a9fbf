//! CSA standard record format, v2.2 and v3.0 (Computer Shogi Association): `V2.2`, `N+`/`N-`
//! names, `$KEY:value` header, start position as `PI` (with removed handicap pieces), `P1`–`P9`
//! board rows or `P+`/`P-` placements, the side to move `+`/`-`, moves `+7776FU`, times `T12`,
//! end words `%TORYO`, comments `'`, several statements on a line separated by `,`, and several
//! games in one file separated by `/`.

use super::{Builder, Format, FormatError, format_seconds, parse_seconds};
use crate::Position;
use crate::handicap::Handicap;
use crate::record::{EndReason, GameEnd, Record, TimeControl};
use crate::types::{Color, Hand, Move, Piece, PieceKind, Square};

const F: Format = Format::Csa;

/// CSA piece codes, indexed by [`PieceKind::index`].
const CODES: [&str; 14] = ["FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"];

pub(crate) fn kind_code(kind: PieceKind) -> &'static str {
    CODES[kind.index()]
}

pub(crate) fn kind_from_code(code: &str) -> Option<PieceKind> {
    CODES.iter().position(|&c| c == code).and_then(PieceKind::from_index)
}

/// Whether a trimmed line can only be CSA (used by format detection).
pub(crate) fn is_csa_line(l: &str) -> bool {
    let b = l.as_bytes();
    let move_like =
        |s: &[u8]| s.len() >= 6 && s[..4].iter().all(u8::is_ascii_digit) && s[4..6].iter().all(u8::is_ascii_uppercase);
    l.starts_with("V2")
        || l.starts_with("V3")
        || l.starts_with("N+")
        || l.starts_with("N-")
        || l.starts_with("PI")
        || (b.len() >= 2
            && b[0] == b'P'
            && (b'1'..=b'9').contains(&b[1])
            && (b.len() == 2 || matches!(b[2], b' ' | b'+' | b'-')))
        || (b.len() >= 3 && b[0] == b'P' && matches!(b[1], b'+' | b'-') && move_like(&b[2..]))
        || (b.len() >= 2 && matches!(b[0], b'$' | b'%') && b[1].is_ascii_uppercase())
        || (b.len() >= 7 && matches!(b[0], b'+' | b'-') && move_like(&b[1..]))
        || l == "+"
        || l == "-"
}

fn end_reason(word: &str) -> EndReason {
    match word {
        "TORYO" => EndReason::Resign,
        "SENNICHITE" => EndReason::Sennichite,
        "TSUMI" => EndReason::Checkmate,
        "JISHOGI" => EndReason::Jishogi,
        "TIME_UP" => EndReason::TimeUp,
        // The CSA standard: the side to move made an illegal move (not written) and loses.
        "ILLEGAL_MOVE" => EndReason::IllegalLoss,
        "+ILLEGAL_ACTION" => EndReason::IllegalAction(Color::Black),
        "-ILLEGAL_ACTION" => EndReason::IllegalAction(Color::White),
        "KACHI" => EndReason::DeclarationWin,
        "CHUDAN" => EndReason::Interrupted,
        "MAX_MOVES" => EndReason::MaxMoves,
        "HIKIWAKE" => EndReason::Draw,
        "FUZUMI" => EndReason::NoMate,
        other => EndReason::Other(other.to_string()),
    }
}

/// The start position being assembled from `PI`, `P1`–`P9` and `P+`/`P-` lines.
struct Setup {
    board: [Option<Piece>; 81],
    hands: [Hand; 2],
    /// `P+00AL`: the rest of the pieces go to that side's hand.
    all_to: Option<Color>,
    handicap: Option<Handicap>,
    used: bool,
}

impl Setup {
    fn empty() -> Setup {
        Setup { board: [None; 81], hands: [Hand::EMPTY; 2], all_to: None, handicap: None, used: false }
    }
    fn from_position(pos: &Position) -> Setup {
        let mut s = Setup::empty();
        for sq in Square::all() {
            s.board[sq.index()] = pos.piece_at(sq);
        }
        s
    }
    fn add_hand(&mut self, color: Color, kind: PieceKind) -> Option<()> {
        let h = &mut self.hands[color.index()];
        *h = h.with_count(kind, h.count(kind).checked_add(1)?)?;
        Some(())
    }
    fn finish(mut self, turn: Color) -> Result<Position, String> {
        if let Some(c) = self.all_to {
            for kind in PieceKind::HAND {
                let on_board = self.board.iter().flatten().filter(|p| p.kind.unpromoted() == kind).count() as u8;
                let in_hands = self.hands[0].count(kind) + self.hands[1].count(kind);
                let rest = kind.total_count().saturating_sub(on_board + in_hands);
                let h = self.hands[c.index()];
                self.hands[c.index()] = h.with_count(kind, h.count(kind) + rest).ok_or("too many pieces in hand")?;
            }
        }
        Position::from_parts(self.board, self.hands, turn, 1).map_err(|e| format!("bad start position: {e}"))
    }
}

struct Game {
    b: Builder,
    setup: Option<Setup>,
    started: bool,
    version: Option<String>,
}

impl Game {
    fn new() -> Game {
        Game { b: Builder::new(F, Position::startpos()), setup: None, started: false, version: None }
    }
    fn is_blank(&self) -> bool {
        !self.started && self.setup.is_none() && self.b.record.info == Default::default() && self.version.is_none()
    }
    fn setup(&mut self) -> &mut Setup {
        self.setup.get_or_insert_with(Setup::empty)
    }
}

/// A comment (`'` to the end of the line): `'*` is the usual marker for comments attached to
/// moves; other comments before the first move belong to the header.
fn comment(g: &mut Game, text: &str) {
    let body = text.strip_prefix("'*").or_else(|| text.strip_prefix('\'')).unwrap_or("");
    if text.starts_with("'*") || g.started {
        g.b.comment(body.to_string());
    } else if !body.trim().is_empty() {
        g.b.record.info.comments.push(body.to_string());
    }
}

/// The statements of a line: several may share it, separated by commas (`+7776FU,T12`), padded
/// with spaces (`+7776FU  ,T0   `); a `'` starts a comment that runs to the end of the line,
/// commas included. Names and header values (`N`, `$`, `V`) run to the end of the line.
fn statements(line: &str) -> Vec<(usize, &str)> {
    if line.starts_with('N') || line.starts_with('$') || line.starts_with('V') || line.starts_with('\'') {
        return vec![(0, line)];
    }
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        let rest = &line[start..];
        let lead = rest.len() - rest.trim_start().len();
        match rest.find(',') {
            Some(j) if !rest.trim_start().starts_with('\'') => {
                out.push((start + lead, rest[..j].trim()));
                start += j + 1;
            }
            _ => {
                out.push((start + lead, rest.trim()));
                return out;
            }
        }
    }
}

/// Reads every game in a CSA file.
pub fn read(text: &str) -> Result<Vec<Record>, FormatError> {
    let mut games = Vec::new();
    let mut g = Game::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end_matches(['\r', '\n']);
        if line.trim() == "/" {
            if !g.is_blank() {
                games.push(finish(g, line_no)?);
            }
            g = Game::new();
            continue;
        }
        for (byte, st) in statements(line) {
            if st.starts_with('\'') {
                comment(&mut g, st);
                continue;
            }
            let col = super::column_of(line, byte);
            statement(&mut g, st.trim_end(), line_no, col)?;
        }
    }
    if !g.is_blank() || games.is_empty() {
        let n = text.lines().count().max(1);
        games.push(finish(g, n)?);
    }
    Ok(games)
}

fn finish(mut g: Game, line_no: usize) -> Result<Record, FormatError> {
    if !g.started
        && let Some(setup) = g.setup.take()
    {
        // No side-to-move line: sente moves (CSA default).
        let handicap = setup.handicap;
        let pos = setup.finish(Color::Black).map_err(|m| FormatError::new(F, line_no, 1, m))?;
        g.b.set_start(pos);
        if handicap.is_some() {
            g.b.record.info.handicap = handicap;
        }
    }
    Ok(g.b.finish())
}

fn statement(g: &mut Game, st: &str, line_no: usize, col: usize) -> Result<(), FormatError> {
    let err = |g: &Game, c: usize, m: String| Err(g.b.error(line_no, c, m));
    if st.trim().is_empty() {
        return Ok(());
    }
    let bytes = st.as_bytes();
    match bytes[0] {
        b'V' => g.version = Some(st.to_string()),
        b'N' if bytes.len() >= 2 && matches!(bytes[1], b'+' | b'-') => {
            let name = st[2..].to_string();
            if bytes[1] == b'+' { g.b.record.info.black = Some(name) } else { g.b.record.info.white = Some(name) }
        }
        b'$' => {
            let (key, value) = st[1..].split_once(':').unwrap_or((&st[1..], ""));
            let info = &mut g.b.record.info;
            match key {
                "EVENT" => info.event = Some(value.into()),
                "SITE" => info.site = Some(value.into()),
                "START_TIME" => info.start_time = Some(value.into()),
                "END_TIME" => info.end_time = Some(value.into()),
                "OPENING" => info.opening = Some(value.into()),
                // Kifu for Windows writes the KIF way (`4時間`); other free text is kept and noted.
                "TIME_LIMIT" => match parse_time_limit(value).or_else(|| super::kif::parse_time_control(value)) {
                    Some(tc) => info.time_control = Some(tc),
                    None => {
                        info.extra.push((key.to_string(), value.to_string()));
                        g.b.note(
                            line_no,
                            format!("$TIME_LIMIT {value:?} is not HH:MM+SS: the time control is not read"),
                        );
                    }
                },
                "TIME" => match parse_time(value) {
                    Some(tc) => info.time_control = Some(tc),
                    None => {
                        return err(g, col, format!("bad $TIME {value:?}: expected MAIN+BYOYOMI+INCREMENT seconds"));
                    }
                },
                _ => info.extra.push((key.to_string(), value.to_string())),
            }
        }
        b'P' if !g.started => position_line(g, st, line_no, col)?,
        b'+' | b'-' if bytes.len() == 1 => {
            if g.started {
                return err(g, col, "side to move given twice".into());
            }
            let turn = if bytes[0] == b'+' { Color::Black } else { Color::White };
            let setup = g.setup.take().unwrap_or_else(|| Setup::from_position(&Position::startpos()));
            let handicap = setup.handicap;
            let pos = setup.finish(turn).map_err(|m| FormatError::new(F, line_no, col, m))?;
            g.b.set_start(pos);
            if handicap.is_some() {
                g.b.record.info.handicap = handicap;
            }
            g.started = true;
        }
        b'+' | b'-' => {
            if !g.started {
                // A move without the side-to-move line: sente to move from what was set up.
                let setup = g.setup.take().unwrap_or_else(|| Setup::from_position(&Position::startpos()));
                let handicap = setup.handicap;
                let pos = setup.finish(Color::Black).map_err(|m| FormatError::new(F, line_no, col, m))?;
                g.b.set_start(pos);
                g.b.record.info.handicap = handicap;
                g.started = true;
            }
            let mv = parse_move(&g.b.pos, st).map_err(|m| g.b.error(line_no, col, m))?;
            g.b.play(mv, line_no, col)?;
        }
        b'T' => {
            let ms = parse_seconds(&st[1..])
                .ok_or_else(|| g.b.error(line_no, col, format!("bad time {st:?}: expected T<seconds>")))?;
            if let Some(end) = g.b.record.end.as_mut() {
                end.time_ms = Some(ms);
            } else if let Some(m) = g.b.record.moves.last_mut() {
                m.time_ms = Some(ms);
            } else {
                return err(g, col, "time before the first move".into());
            }
        }
        b'%' => {
            g.started = true;
            super::kif::set_end(&mut g.b, GameEnd::new(end_reason(&st[1..])), line_no);
        }
        _ => return err(g, col, format!("unknown CSA statement {st:?}")),
    }
    Ok(())
}

fn position_line(g: &mut Game, st: &str, line_no: usize, col: usize) -> Result<(), FormatError> {
    let bad = |g: &Game, c: usize, m: String| Err(g.b.error(line_no, c, m));
    let b = st.as_bytes();
    if let Some(rest) = st.strip_prefix("PI") {
        let mut setup = Setup::from_position(&Position::startpos());
        if rest.len() % 4 != 0 || !rest.is_ascii() {
            return bad(g, col + 2, format!("bad PI line {st:?}: expected pairs of square and piece (PI82HI22KA)"));
        }
        let mut removed = Vec::new();
        for (k, chunk) in rest.as_bytes().chunks(4).enumerate() {
            let c = col + 2 + 4 * k;
            let sq = Square::from_numbers(chunk[0].wrapping_sub(b'0'), chunk[1].wrapping_sub(b'0'));
            let kind = std::str::from_utf8(&chunk[2..]).ok().and_then(kind_from_code);
            match (sq, kind) {
                (Some(sq), Some(kind)) if setup.board[sq.index()].is_some_and(|p| p.kind == kind) => {
                    setup.board[sq.index()] = None;
                    removed.push((sq, kind));
                }
                _ => {
                    return bad(
                        g,
                        c,
                        format!(
                            "PI: no {} on {} in the start position",
                            String::from_utf8_lossy(&chunk[2..]),
                            String::from_utf8_lossy(&chunk[..2])
                        ),
                    );
                }
            }
        }
        removed.sort();
        setup.handicap = Handicap::ALL.into_iter().find(|h| {
            let mut r = h.removed();
            r.sort();
            r == removed
        });
        setup.used = true;
        g.setup = Some(setup);
    } else if b.len() >= 2 && (b'1'..=b'9').contains(&b[1]) {
        let rank = b[1] - b'0';
        let cells = &st[2..];
        if !cells.is_ascii() {
            return bad(g, col + 2, "board row must be ASCII".into());
        }
        let setup = g.setup();
        setup.used = true;
        // Cells are `+FU`, `-KY` or `*`, spaces between them free: the standard's three
        // columns (` * `), V3.0's single spaces (`P2 * -HI * *`), trailing spaces or none.
        let mut cs = cells.char_indices().peekable();
        for file_i in 0..9u8 {
            while cs.next_if(|(_, c)| *c == ' ').is_some() {}
            let sq = Square::from_numbers(9 - file_i, rank).expect("1..=9");
            let Some((at, c)) = cs.next() else {
                let c = col + 2 + cells.len();
                return bad(g, c, format!("a board row needs nine cells, found {file_i}"));
            };
            let c0 = col + 2 + at;
            setup.board[sq.index()] = match c {
                '*' => None,
                '+' | '-' => {
                    let code = cells.get(at + 1..at + 3).unwrap_or("");
                    cs.next();
                    cs.next();
                    match kind_from_code(code) {
                        Some(kind) => Some(Piece::new(if c == '+' { Color::Black } else { Color::White }, kind)),
                        None => return bad(g, c0 + 1, format!("unknown piece {code:?}")),
                    }
                }
                _ => return bad(g, c0, format!("bad board cell {c:?} (expected +FU, -KY or *)")),
            };
        }
        let rest = cells[cs.peek().map_or(cells.len(), |&(at, _)| at)..].trim();
        // A dot after the ninth cell keeps trailing spaces in some test files; anything else is
        // a tenth cell.
        if !rest.chars().all(|c| c == '.') {
            return bad(
                g,
                col + 2 + cells.len() - rest.len(),
                format!("more than nine cells in a board row: {rest:?}"),
            );
        }
    } else if b.len() >= 2 && matches!(b[1], b'+' | b'-') {
        let color = if b[1] == b'+' { Color::Black } else { Color::White };
        let rest = &st[2..];
        if !rest.len().is_multiple_of(4) || !rest.is_ascii() {
            return bad(g, col + 2, format!("bad placement line {st:?}: expected groups like 00FU or 59OU"));
        }
        g.setup().used = true;
        for (k, chunk) in rest.as_bytes().chunks(4).enumerate() {
            let c = col + 2 + 4 * k;
            let code = std::str::from_utf8(&chunk[2..]).unwrap_or("");
            if &chunk[..2] == b"00" {
                if code == "AL" {
                    g.setup().all_to = Some(color);
                    continue;
                }
                match kind_from_code(code) {
                    Some(kind) if kind.is_hand_kind() => {
                        if g.setup().add_hand(color, kind).is_none() {
                            return bad(g, c, format!("too many {code} in hand"));
                        }
                    }
                    _ => return bad(g, c, format!("{code:?} cannot be held in hand")),
                }
            } else {
                let sq = Square::from_numbers(chunk[0].wrapping_sub(b'0'), chunk[1].wrapping_sub(b'0'));
                match (sq, kind_from_code(code)) {
                    (Some(sq), Some(kind)) => g.setup().board[sq.index()] = Some(Piece::new(color, kind)),
                    _ => return bad(g, c, format!("bad placement {:?}", String::from_utf8_lossy(chunk))),
                }
            }
        }
    } else {
        return bad(g, col, format!("unknown position line {st:?}"));
    }
    Ok(())
}

/// `+7776FU` in `pos`; the piece code is the piece after the move (`+2822UM` promotes).
pub fn parse_move(pos: &Position, st: &str) -> Result<Move, String> {
    let b = st.as_bytes();
    if b.len() != 7 || !st.is_ascii() || !b[1..5].iter().all(u8::is_ascii_digit) {
        return Err(format!("bad move {st:?}: expected +7776FU"));
    }
    let color = if b[0] == b'+' { Color::Black } else { Color::White };
    if color != pos.turn() {
        return Err(format!(
            "move {st:?} by {} but {} is to move",
            &st[..1],
            if pos.turn() == Color::Black { '+' } else { '-' }
        ));
    }
    let kind = kind_from_code(&st[5..7]).ok_or_else(|| format!("unknown piece {:?}", &st[5..7]))?;
    let to = Square::from_numbers(b[3] - b'0', b[4] - b'0').ok_or_else(|| format!("bad square {:?}", &st[3..5]))?;
    if &b[1..3] == b"00" {
        return Ok(Move::Drop { kind, to });
    }
    let from = Square::from_numbers(b[1] - b'0', b[2] - b'0').ok_or_else(|| format!("bad square {:?}", &st[1..3]))?;
    let piece = pos.piece_at(from).ok_or_else(|| format!("no piece on {}{}", b[1] as char, b[2] as char))?;
    if piece.kind == kind {
        Ok(Move::Board { from, to, promote: false })
    } else if piece.kind.promoted() == Some(kind) {
        Ok(Move::Board { from, to, promote: true })
    } else if piece.kind.is_promoted() && piece.kind.unpromoted() == kind {
        // A promoted piece written face down after its move (`+2822HI` from a dragon): kept for
        // the referee, which judges it (fesa-2017 3.2; ufs-2016 5.8.3.2).
        Ok(Move::Unpromote { from, to })
    } else {
        Err(format!("the piece on {}{} is {}, not {}", b[1] as char, b[2] as char, kind_code(piece.kind), &st[5..7]))
    }
}

/// v2.2 `$TIME_LIMIT:HH:MM+SS` (main time in hours and minutes, byo-yomi in seconds).
fn parse_time_limit(v: &str) -> Option<TimeControl> {
    let (main, byo) = v.trim().split_once('+').unwrap_or((v.trim(), "0"));
    let (h, m) = main.split_once(':')?;
    let h: u64 = h.parse().ok()?;
    let m: u64 = m.parse().ok()?;
    let byo = parse_seconds(byo)?;
    Some(TimeControl { main_ms: (h * 60 + m).checked_mul(60_000)?, byoyomi_ms: byo, increment_ms: 0 })
}

/// v3.0 `$TIME:MAIN+BYOYOMI+INCREMENT` in seconds (fractions allowed); missing parts are 0.
fn parse_time(v: &str) -> Option<TimeControl> {
    let mut parts = v.trim().split('+');
    let main = parse_seconds(parts.next()?)?;
    let byoyomi_ms = parts.next().map_or(Some(0), parse_seconds)?;
    let increment_ms = parts.next().map_or(Some(0), parse_seconds)?;
    if parts.next().is_some() {
        return None;
    }
    Some(TimeControl { main_ms: main, byoyomi_ms, increment_ms })
}

fn sign(c: Color) -> char {
    if c == Color::Black { '+' } else { '-' }
}

/// A square's two digits, file then rank (`77`), at the end of `s`.
fn push_square(s: &mut String, sq: Square) {
    s.push(char::from(b'0' + sq.file().number()));
    s.push(char::from(b'0' + sq.rank().number()));
}

/// `mv` in `pos` as CSA (`+7776FU`): the mover's sign, the squares (`00` for a drop) and the
/// piece after the move. Written a character at a time: a server writes one a move to each
/// player.
pub fn move_to_csa(pos: &Position, mv: Move) -> String {
    let mut s = String::with_capacity(7);
    s.push(sign(pos.turn()));
    let kind = match mv {
        Move::Board { from, to, promote } => {
            let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
            push_square(&mut s, from);
            push_square(&mut s, to);
            if promote { kind.promoted().unwrap_or(kind) } else { kind }
        }
        Move::Drop { kind, to } => {
            s.push_str("00");
            push_square(&mut s, to);
            kind
        }
        Move::Unpromote { from, to } => {
            push_square(&mut s, from);
            push_square(&mut s, to);
            pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind.unpromoted())
        }
    };
    s.push_str(kind_code(kind));
    s
}

/// The board and the hands of `pos` as CSA position lines (`P1`…`P9`, `P+`, `P-`), each ending
/// in a newline; the side to move is not included.
pub fn board_lines(pos: &Position) -> String {
    let mut out = String::new();
    for rank in 1..=9 {
        out.push_str(&format!("P{rank}"));
        for file in (1..=9).rev() {
            match pos.piece_at(Square::from_numbers(file, rank).expect("1..=9")) {
                Some(p) => out.push_str(&format!("{}{}", sign(p.color), kind_code(p.kind))),
                None => out.push_str(" * "),
            }
        }
        out.push('\n');
    }
    for c in Color::ALL {
        let hand = pos.hand(c);
        if !hand.is_empty() {
            out.push_str(&format!("P{}", sign(c)));
            for kind in PieceKind::HAND_WRITTEN {
                for _ in 0..hand.count(kind) {
                    out.push_str(&format!("00{}", kind_code(kind)));
                }
            }
            out.push('\n');
        }
    }
    out
}

/// Writes a record as CSA: v2.2 when everything fits it, else v3.0 (`$TIME`, fractional times).
pub fn write(r: &Record) -> String {
    let mut out = String::new();
    let info = &r.info;
    let tc_v22 = info
        .time_control
        .as_ref()
        .is_none_or(|tc| tc.increment_ms == 0 && tc.main_ms % 60_000 == 0 && tc.byoyomi_ms % 1000 == 0);
    let whole_times =
        r.moves.iter().filter_map(|m| m.time_ms).chain(r.end.as_ref().and_then(|e| e.time_ms)).all(|t| t % 1000 == 0);
    out.push_str(if tc_v22 && whole_times { "V2.2\n" } else { "V3.0\n" });
    if let Some(n) = &info.black {
        out.push_str(&format!("N+{n}\n"));
    }
    if let Some(n) = &info.white {
        out.push_str(&format!("N-{n}\n"));
    }
    for (key, v) in
        [("EVENT", &info.event), ("SITE", &info.site), ("START_TIME", &info.start_time), ("END_TIME", &info.end_time)]
    {
        if let Some(v) = v {
            out.push_str(&format!("${key}:{v}\n"));
        }
    }
    if let Some(tc) = &info.time_control {
        if tc_v22 {
            let min = tc.main_ms / 60_000;
            out.push_str(&format!("$TIME_LIMIT:{:02}:{:02}+{:02}\n", min / 60, min % 60, tc.byoyomi_ms / 1000));
        } else {
            out.push_str(&format!(
                "$TIME:{}+{}+{}\n",
                format_seconds(tc.main_ms),
                format_seconds(tc.byoyomi_ms),
                format_seconds(tc.increment_ms)
            ));
        }
    }
    if let Some(v) = &info.opening {
        out.push_str(&format!("$OPENING:{v}\n"));
    }
    for (k, v) in &info.extra {
        out.push_str(&format!("${k}:{v}\n"));
    }
    for c in &info.comments {
        out.push_str(&format!("'*{c}\n"));
    }
    match info.handicap {
        Some(h) if h.position() == r.start => {
            out.push_str("PI");
            for (sq, kind) in h.removed() {
                push_square(&mut out, sq);
                out.push_str(kind_code(kind));
            }
            out.push('\n');
        }
        _ => out.push_str(&board_lines(&r.start)),
    }
    out.push(sign(r.start.turn()));
    out.push('\n');
    let mut pos = r.start.clone();
    for m in &r.moves {
        out.push_str(&move_to_csa(&pos, m.mv));
        out.push('\n');
        if let Some(t) = m.time_ms {
            out.push_str(&format!("T{}\n", format_seconds(t)));
        }
        for c in &m.comments {
            out.push_str(&format!("'*{c}\n"));
        }
        if pos.play_lenient(m.mv).is_err() {
            break;
        }
    }
    if let Some(end) = &r.end {
        match end.reason {
            // The side to move wins by the opponent's foul: the opponent's illegal action.
            EndReason::IllegalWin => out.push_str(&format!("%{}ILLEGAL_ACTION", sign(pos.turn().flip()))),
            _ => out.push_str(&end.reason.csa_word()),
        }
        out.push('\n');
        if let Some(t) = end.time_ms {
            out.push_str(&format!("T{}\n", format_seconds(t)));
        }
        for c in &end.comments {
            out.push_str(&format!("'*{c}\n"));
        }
    }
    out
}

/// Writes several games into one CSA file, separated by `/`.
pub fn write_many(records: &[Record]) -> String {
    records.iter().map(write).collect::<Vec<_>>().join("/\n")
}
