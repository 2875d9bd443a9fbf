//! Record formats: reading and writing a [`Record`] as SFEN, USI, CSA, KIF, KI2 and Western
//! notation. Readers are tolerant (spelling variants, missing optional parts, Shift_JIS or UTF-8);
//! writers are canonical, and writing then reading gives back the same record.
//!
//! Moves are applied with [`Position::play_lenient`]: a record is a scoresheet and may hold an
//! illegal move the referee must see (fesa-2017 9.4). Only a move that cannot physically be made
//! (no piece there, a piece not in hand …) is an error, and the error keeps the moves read so far
//! in [`FormatError::partial`].

use crate::Position;
use crate::attacks::attacks;
use crate::record::Record;
use crate::types::{Color, Move, PieceKind, Square};
use std::borrow::Cow;
use std::fmt;

pub mod csa;
mod japanese;
pub mod ki2;
pub mod kif;
pub mod western;

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// A position only (`lnsgkgsnl/… b - 1`); writing gives the final position.
    Sfen,
    /// `position startpos|sfen … moves …`
    Usi,
    /// CSA v2.2 / v3.0
    Csa,
    /// KIF (Kakinoki), numbered moves with origins and times.
    Kif,
    /// KI2, moves with relative words and no origins.
    Ki2,
    /// Western notation (`P-7f`, `Bx2b+`, `N*3e`, `G4i-5h`).
    Western,
}

impl Format {
    pub const ALL: [Format; 6] = [Format::Sfen, Format::Usi, Format::Csa, Format::Kif, Format::Ki2, Format::Western];

    /// The lower-case name used on the command line (`--to kif`).
    pub const fn name(self) -> &'static str {
        match self {
            Format::Sfen => "sfen",
            Format::Usi => "usi",
            Format::Csa => "csa",
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
            Format::Western => "western",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        let n = name.trim().to_ascii_lowercase();
        let n = if n == "kifu" { "kif".to_string() } else { n };
        Format::ALL.into_iter().find(|f| f.name() == n)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A record that could not be read: where (1-based line and column, in characters) and why.
/// `partial` holds what was read before the error, so accepted moves are never lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    pub format: Option<Format>,
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub partial: Option<Box<Record>>,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for FormatError {}

impl FormatError {
    pub(crate) fn new(format: Format, line: usize, column: usize, message: impl Into<String>) -> FormatError {
        FormatError { format: Some(format), line, column, message: message.into(), partial: None }
    }
    pub(crate) fn with_partial(mut self, record: &Record) -> FormatError {
        self.partial = Some(Box::new(record.clone()));
        self
    }
}

/// Text of a record file: UTF-8 (with or without BOM) when the bytes are valid UTF-8, otherwise
/// Shift_JIS (the usual encoding of `.kif`, `.ki2` and older `.csa` files).
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes).0,
    }
}

/// Guesses the format of a record from its content, or `None` when it looks like none of them.
pub fn detect(text: &str) -> Option<Format> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if lines.iter().any(|l| kif::is_move_line(l) || l.starts_with("手数----")) {
        return Some(Format::Kif);
    }
    let ki2_end = |l: &str| l.strip_prefix("まで").is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    if lines.iter().any(|l| ki2::has_move(l) || ki2_end(l)) {
        return Some(Format::Ki2);
    }
    if lines.iter().any(|l| csa::is_csa_line(l)) {
        return Some(Format::Csa);
    }
    let first = lines.first()?;
    let word = first.split_whitespace().next()?;
    if matches!(word, "position" | "startpos" | "sfen") {
        return Some(Format::Usi);
    }
    if lines.len() == 1 && word.matches('/').count() == 8 {
        return Some(Format::Sfen);
    }
    if lines.iter().any(|l| western::has_move(l) || western::is_marker(l)) {
        return Some(Format::Western);
    }
    // A KIF or KI2 header alone (e.g. a board diagram without moves), or comments alone.
    if lines.iter().any(|l| l.contains('：')) || lines.iter().all(|l| l.starts_with('*')) {
        return Some(Format::Kif);
    }
    None
}

/// Reads a record file: decodes it, detects the format and reads every game in it (a CSA file may
/// hold several games separated by `/`).
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, FormatError> {
    let text = decode(bytes);
    let format = detect(&text).ok_or_else(|| FormatError {
        format: None,
        line: 1,
        column: 1,
        message: "not a shogi record: no SFEN, USI, CSA, KIF, KI2 or Western move found".into(),
        partial: None,
    })?;
    read_as(format, &text)
}

/// Reads `text` as `format`.
pub fn read_as(format: Format, text: &str) -> Result<Vec<Record>, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match format {
        Format::Sfen => read_sfen(text).map(|r| vec![r]),
        Format::Usi => read_usi(text).map(|r| vec![r]),
        Format::Csa => csa::read(text),
        Format::Kif => kif::read(text).map(|r| vec![r]),
        Format::Ki2 => ki2::read(text).map(|r| vec![r]),
        Format::Western => western::read(text).map(|r| vec![r]),
    }
}

/// Writes `record` canonically as `format`. SFEN gives the position after the last move.
pub fn write(format: Format, record: &Record) -> String {
    match format {
        Format::Sfen => {
            let pos = record.final_position().unwrap_or_else(|_| record.start.clone());
            format!("{}\n", pos.to_sfen())
        }
        Format::Usi => format!("{}\n", crate::usi::position_command(&record.start, &record.move_list())),
        Format::Csa => csa::write(record),
        Format::Kif => kif::write(record),
        Format::Ki2 => ki2::write(record),
        Format::Western => western::write(record),
    }
}

fn read_sfen(text: &str) -> Result<Record, FormatError> {
    let (line, l) = text.lines().enumerate().find(|(_, l)| !l.trim().is_empty()).unwrap_or((0, ""));
    let l = l.trim().strip_prefix("sfen ").unwrap_or(l.trim());
    let pos = Position::from_sfen(l).map_err(|e| FormatError::new(Format::Sfen, line + 1, e.column, e.to_string()))?;
    Ok(Record::new(pos))
}

/// USI `position` command, read leniently: moves are kept if they can physically be made.
fn read_usi(text: &str) -> Result<Record, FormatError> {
    let (lineno, line) = text.lines().enumerate().find(|(_, l)| !l.trim().is_empty()).unwrap_or((0, ""));
    let line_no = lineno + 1;
    let tokens = crate::usi::tokens_with_columns(line);
    let mut i = usize::from(tokens.first().is_some_and(|t| t.1 == "position"));
    let start = match tokens.get(i) {
        Some((_, "startpos")) => {
            i += 1;
            Position::startpos()
        }
        Some(&(col, "sfen")) => {
            i += 1;
            let end = tokens[i..].iter().position(|t| t.1 == "moves").map_or(tokens.len(), |p| p + i);
            let sfen: Vec<&str> = tokens[i..end].iter().map(|t| t.1).collect();
            let col0 = tokens.get(i).map_or(col, |t| t.0);
            let p = Position::from_sfen(&sfen.join(" ")).map_err(|e| {
                FormatError::new(Format::Usi, line_no, col0 + e.column.saturating_sub(1), e.to_string())
            })?;
            i = end;
            p
        }
        Some(&(col, t)) => {
            return Err(FormatError::new(Format::Usi, line_no, col, format!("expected startpos or sfen, found {t:?}")));
        }
        None => return Err(FormatError::new(Format::Usi, line_no, 1, "expected startpos or sfen")),
    };
    let mut b = Builder::new(Format::Usi, start);
    if let Some(&(col, t)) = tokens.get(i) {
        if t != "moves" {
            return Err(FormatError::new(Format::Usi, line_no, col, format!("expected moves, found {t:?}")));
        }
        for &(col, t) in &tokens[i + 1..] {
            let mv =
                crate::usi::parse_move(t).ok_or_else(|| b.error(line_no, col, format!("{t:?} is not a USI move")))?;
            b.play(mv, line_no, col)?;
        }
    }
    Ok(b.finish())
}

/// A record being read: the record so far and the position after its last move.
pub(crate) struct Builder {
    pub format: Format,
    pub record: Record,
    pub pos: Position,
}

impl Builder {
    pub fn new(format: Format, start: Position) -> Builder {
        Builder { format, pos: start.clone(), record: Record::new(start) }
    }

    /// Replaces the start position (allowed only before the first move).
    pub fn set_start(&mut self, start: Position) {
        debug_assert!(self.record.moves.is_empty());
        self.pos = start.clone();
        self.record.start = start;
    }

    /// An error at `line`/`column` carrying the moves read so far.
    pub fn error(&self, line: usize, column: usize, message: impl Into<String>) -> FormatError {
        FormatError::new(self.format, line, column, message).with_partial(&self.record)
    }

    /// The error for a line no rule of `format` recognises, with the moves read so far if a
    /// builder exists (KIF and KI2 share it).
    pub fn unknown_line(b: Option<&Builder>, format: Format, line: &str, line_no: usize) -> FormatError {
        let t = line.trim_start();
        let col = line.chars().count() - t.chars().count() + 1;
        let msg =
            format!("not a {} line: {:?}", format.name().to_ascii_uppercase(), t.chars().take(20).collect::<String>());
        match b {
            Some(b) => b.error(line_no, col, msg),
            None => FormatError::new(format, line_no, col, msg),
        }
    }

    /// Plays a move as the scoresheet has it; an error only if it cannot physically be made.
    pub fn play(&mut self, mv: Move, line: usize, column: usize) -> Result<(), FormatError> {
        if self.record.end.is_some() {
            return Err(self.error(line, column, "move after the end of the game"));
        }
        match self.pos.play_lenient(mv) {
            Ok(_) => {
                self.record.moves.push(crate::record::RecordMove::new(mv));
                Ok(())
            }
            Err(e) => {
                let n = self.record.moves.len() + 1;
                Err(self.error(line, column, format!("move {n} ({mv}) cannot be made: {e}")))
            }
        }
    }

    /// The destination of the previous move (for 同 / "same square").
    pub fn last_to(&self) -> Option<Square> {
        self.record.moves.last().map(|m| m.mv.to())
    }

    /// Attaches a comment to the last move, or to the header before the first move.
    pub fn comment(&mut self, text: String) {
        if let Some(end) = self.record.end.as_mut() {
            end.comments.push(text);
        } else if let Some(m) = self.record.moves.last_mut() {
            m.comments.push(text);
        } else {
            self.record.info.comments.push(text);
        }
    }

    /// The record read. A start position that is a handicap's (drawn as a board or given as
    /// SFEN) is named as that handicap, so that writers can use 手合割 / `PI`, which other
    /// programs read more widely than board diagrams.
    pub fn finish(mut self) -> Record {
        normalize_handicap(&mut self.record);
        self.record
    }
}

/// Names the handicap of a record whose start is a handicap position (other than the even one)
/// but whose header did not say so. Readers apply it, so it is the canonical form of a record.
pub fn normalize_handicap(record: &mut Record) {
    if record.info.handicap.is_none()
        && let Some(h) =
            crate::handicap::Handicap::of_position(&record.start).filter(|&h| h != crate::handicap::Handicap::Even)
    {
        record.info.handicap = Some(h);
    }
}

/// Squares of the side to move's pieces of `kind` that attack `to` (could physically move there
/// by the way the piece moves). Used to resolve and write notations without an origin.
pub(crate) fn reachable_from(pos: &Position, kind: PieceKind, to: Square) -> Vec<Square> {
    let us = pos.turn();
    let occ = pos.occupied();
    if pos.piece_at(to).is_some_and(|p| p.color == us) {
        return Vec::new();
    }
    pos.pieces(us, kind).filter(|&sq| attacks(us, kind, sq, occ).contains(to)).collect()
}

/// Picks the one candidate move among several by legality when the notation leaves a choice:
/// a scoresheet's move is presumed legal when a legal reading exists.
pub(crate) fn prefer_legal(pos: &Position, moves: Vec<Move>) -> Result<Move, Vec<Move>> {
    match moves.len() {
        1 => Ok(moves[0]),
        0 => Err(moves),
        _ => {
            let legal: Vec<Move> = moves.iter().copied().filter(|&m| pos.is_legal(m)).collect();
            if legal.len() == 1 { Ok(legal[0]) } else { Err(moves) }
        }
    }
}

/// Whether a board move from `from` to `to` by `color` may promote (fesa-2017 3.2).
pub(crate) fn may_promote(color: Color, kind: PieceKind, from: Square, to: Square) -> bool {
    kind.can_promote() && (from.in_promotion_zone(color) || to.in_promotion_zone(color))
}

/// `1.5` → 1500 ms; accepts whole and fractional seconds.
pub(crate) fn parse_seconds(s: &str) -> Option<u64> {
    let s = s.trim();
    if s.is_empty() || s.starts_with('+') || s.starts_with('-') {
        return None;
    }
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 3
    {
        return None;
    }
    let secs: u64 = int.parse().ok()?;
    let mut ms: u64 = 0;
    for (i, b) in frac.bytes().enumerate() {
        ms += (b - b'0') as u64 * [100, 10, 1][i];
    }
    secs.checked_mul(1000)?.checked_add(ms)
}

/// 1500 ms → `1.5`, 5000 → `5`.
pub(crate) fn format_seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{}.{:03}", ms / 1000, ms % 1000);
        s.trim_end_matches('0').to_string()
    }
}

/// 1-based character column of byte offset `byte` in `line`.
pub(crate) fn column_of(line: &str, byte: usize) -> usize {
    line[..byte.min(line.len())].chars().count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_round_trip() {
        for ms in [0, 1, 10, 100, 1500, 5000, 123_456] {
            assert_eq!(parse_seconds(&format_seconds(ms)), Some(ms));
        }
        assert_eq!(parse_seconds("-1"), None);
        assert_eq!(parse_seconds("1.2345"), None);
    }

    #[test]
    fn shift_jis_is_decoded() {
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("手合割：平手");
        assert_eq!(decode(&bytes), "手合割：平手");
        assert_eq!(decode("\u{feff}abc".as_bytes()), "abc");
    }
}
