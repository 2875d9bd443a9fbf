//! Western notation as the move-rules chapter gives it (`/shared/rules/sources/
//! shogi-move-rules-chapter-ru.txt`): piece letter (`+` before it for a promoted piece), the
//! origin only when two like pieces could make the move (`G4i-5h`), `-` for a move, `x` for a
//! capture, `*` (or `'`) for a drop, then `+` to promote or `=` to decline: `P-7f`, `Bx2b+`,
//! `N*3e`. Moves may be numbered (`1.P-7f 2.P-3d`, `1 … P-3d`).
//!
//! A file is tag lines `[Black "…"]`, comments `{…}`, the moves, and an end word such as
//! `resign` (any other word as `end:WORD`), with move times as `(5s)`.

use super::{Builder, Format, FormatError, format_seconds, may_promote, parse_seconds, prefer_legal, reachable_from};
use crate::Position;
use crate::handicap::Handicap;
use crate::record::{EndReason, GameEnd, Record, TimeControl};
use crate::types::{Color, Move, PieceKind, Square};

const F: Format = Format::Western;

const END_WORDS: [(&str, EndReason); 13] = [
    ("resign", EndReason::Resign),
    ("sennichite", EndReason::Sennichite),
    ("checkmate", EndReason::Checkmate),
    ("jishogi", EndReason::Jishogi),
    ("time-up", EndReason::TimeUp),
    ("illegal-win", EndReason::IllegalWin),
    ("illegal-loss", EndReason::IllegalLoss),
    ("declaration-win", EndReason::DeclarationWin),
    ("interrupted", EndReason::Interrupted),
    ("max-moves", EndReason::MaxMoves),
    ("draw", EndReason::Draw),
    ("no-mate", EndReason::NoMate),
    ("resigns", EndReason::Resign),
];

fn end_word(w: &str) -> Option<EndReason> {
    let lw = w.to_ascii_lowercase();
    match lw.as_str() {
        "illegal-action-black" => return Some(EndReason::IllegalAction(Color::Black)),
        "illegal-action-white" => return Some(EndReason::IllegalAction(Color::White)),
        _ => {}
    }
    if let Some(o) = w.strip_prefix("end:") {
        return Some(EndReason::Other(o.to_string()));
    }
    END_WORDS.iter().find(|(e, _)| *e == lw).map(|(_, r)| r.clone())
}

fn end_text(r: &EndReason) -> String {
    match r {
        EndReason::IllegalAction(Color::Black) => "illegal-action-black".into(),
        EndReason::IllegalAction(Color::White) => "illegal-action-white".into(),
        EndReason::Other(s) => format!("end:{}", s.replace(char::is_whitespace, "_")),
        other => END_WORDS.iter().find(|(_, e)| e == other).map(|(w, _)| w.to_string()).unwrap_or_default(),
    }
}

/// Whether a line holds something that reads as a Western move.
pub(crate) fn has_move(l: &str) -> bool {
    l.split_whitespace().any(|w| {
        let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        parse_token(w).is_some()
    })
}

/// Whether a line can only be Western: a tag `[Key "value"]`, a comment `{…}` or an end word.
pub(crate) fn is_marker(l: &str) -> bool {
    (l.starts_with('[') && l.ends_with("\"]"))
        || (l.starts_with('{') && l.ends_with('}'))
        || l.split_whitespace().next().and_then(end_word).is_some()
}

struct Token {
    kind: PieceKind,
    from: Option<Square>,
    to: Square,
    drop: bool,
    promote: Option<bool>,
}

fn letter_kind(c: u8, promoted: bool) -> Option<PieceKind> {
    let k = PieceKind::from_sfen_letter(c as char).filter(|_| c.is_ascii_uppercase())?;
    if promoted { k.promoted() } else { Some(k) }
}

fn square_at(b: &[u8]) -> Option<Square> {
    if b.len() < 2 {
        return None;
    }
    let file = b[0].checked_sub(b'0')?;
    let rank = b[1].checked_sub(b'a')?.checked_add(1)?;
    Square::from_numbers(file, rank)
}

/// `+Bx2b`, `G4i-5h`, `P-7f=`, `N*3e`, `P'5e`.
fn parse_token(w: &str) -> Option<Token> {
    let b = w.as_bytes();
    let mut i = 0;
    let promoted = b.first() == Some(&b'+');
    if promoted {
        i += 1;
    }
    let kind = letter_kind(*b.get(i)?, promoted)?;
    i += 1;
    let mut from = None;
    if let Some(sq) = square_at(&b[i..])
        && (b.len() > i + 2 && matches!(b[i + 2], b'-' | b'x' | b'*' | b'\'') || square_at(&b[i + 2..]).is_some())
    {
        from = Some(sq);
        i += 2;
    }
    let mut drop = false;
    match b.get(i) {
        Some(b'-' | b'x') => i += 1,
        Some(b'*' | b'\'') => {
            drop = true;
            i += 1;
        }
        _ => {}
    }
    let to = square_at(&b[i..])?;
    i += 2;
    let promote = match b.get(i) {
        Some(b'+') => {
            i += 1;
            Some(true)
        }
        Some(b'=') => {
            i += 1;
            Some(false)
        }
        _ => None,
    };
    // `+R*5e`: a piece dropped promoted side up, kept for the referee (fesa-2017 3.2).
    if i != b.len() || (drop && from.is_some()) {
        return None;
    }
    Some(Token { kind, from, to, drop, promote })
}

fn resolve(pos: &Position, t: &Token) -> Result<Move, String> {
    let promote = t.promote == Some(true);
    if t.drop {
        return Ok(Move::Drop { kind: t.kind, to: t.to });
    }
    if let Some(from) = t.from {
        // A promoted piece written unpromoted with its origin (`R2h-2b` for the dragon on 2h).
        if let Some(p) = pos.piece_at(from)
            && p.kind.is_promoted()
            && p.kind.unpromoted() == t.kind
            && t.promote.is_none()
        {
            return Ok(Move::Unpromote { from, to: t.to });
        }
        return Ok(Move::Board { from, to: t.to, promote });
    }
    let cands = reachable_from(pos, t.kind, t.to);
    if cands.is_empty() && t.kind.is_hand_kind() && pos.hand(pos.turn()).has(t.kind) && pos.piece_at(t.to).is_none() {
        return Ok(Move::Drop { kind: t.kind, to: t.to });
    }
    let moves = cands.iter().map(|&from| Move::Board { from, to: t.to, promote }).collect();
    prefer_legal(pos, moves).map_err(|c| {
        if c.is_empty() {
            format!("no {} can move to {}", t.kind.sfen_letter(), t.to)
        } else {
            format!(
                "ambiguous: the piece could come from {}",
                c.iter().filter_map(|m| m.from()).map(|f| f.to_string()).collect::<Vec<_>>().join(" or ")
            )
        }
    })
}

/// The canonical text of `mv` in `pos`.
pub fn move_text(pos: &Position, mv: Move) -> String {
    match mv {
        Move::Drop { kind, to } => format!("{}{}*{to}", if kind.is_promoted() { "+" } else { "" }, kind.sfen_letter()),
        Move::Board { from, to, promote } => {
            let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
            let mut s = String::new();
            if kind.is_promoted() {
                s.push('+');
            }
            s.push(kind.sfen_letter());
            let cands = reachable_from(pos, kind, to);
            if cands.len() != 1 || cands[0] != from {
                s.push_str(&from.to_string());
            }
            s.push(if pos.piece_at(to).is_some() { 'x' } else { '-' });
            s.push_str(&to.to_string());
            if promote {
                s.push('+');
            } else if may_promote(pos.turn(), kind, from, to) {
                s.push('=');
            }
            s
        }
        // The unpromoted name with the origin: the piece on it is promoted.
        Move::Unpromote { from, to } => {
            let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind.unpromoted());
            let x = if pos.piece_at(to).is_some() { 'x' } else { '-' };
            format!("{}{from}{x}{to}", kind.sfen_letter())
        }
    }
}

fn tag(line: &str) -> Option<(&str, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(' ')?;
    let v = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key, v.replace("\\\"", "\"").replace("\\\\", "\\")))
}

fn parse_tc(v: &str) -> Option<TimeControl> {
    let mut p = v.split('+');
    let main_ms = parse_seconds(p.next()?)?;
    let byoyomi_ms = p.next().map_or(Some(0), parse_seconds)?;
    let increment_ms = p.next().map_or(Some(0), parse_seconds)?;
    p.next().is_none().then_some(TimeControl { main_ms, byoyomi_ms, increment_ms })
}

pub fn read(text: &str) -> Result<Record, FormatError> {
    let mut b: Option<Builder> = None;
    let mut info = crate::record::RecordInfo::default();
    let mut sfen: Option<Position> = None;
    let mut pending = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end();
        let t = line.trim_start();
        if t.is_empty() {
            continue;
        }
        if b.is_none() && t.starts_with('[') {
            let (key, v) = tag(t).ok_or_else(|| {
                FormatError::new(F, line_no, 1, format!("bad tag line {t:?}: expected [Key \"value\"]"))
            })?;
            match key {
                "Black" | "Sente" => info.black = Some(v),
                "White" | "Gote" => info.white = Some(v),
                "Event" => info.event = Some(v),
                "Site" => info.site = Some(v),
                "StartTime" | "Date" => info.start_time = Some(v),
                "EndTime" => info.end_time = Some(v),
                "Opening" => info.opening = Some(v),
                "TimeControl" => {
                    info.time_control = Some(parse_tc(&v).ok_or_else(|| {
                        FormatError::new(
                            F,
                            line_no,
                            1,
                            format!("bad time control {v:?}: expected MAIN+BYOYOMI+INCREMENT seconds"),
                        )
                    })?)
                }
                "Handicap" => {
                    info.handicap = Some(
                        Handicap::from_name(&v)
                            .ok_or_else(|| FormatError::new(F, line_no, 1, format!("unknown handicap {v:?}")))?,
                    )
                }
                "SFEN" => {
                    sfen = Some(
                        Position::from_sfen(&v)
                            .map_err(|e| FormatError::new(F, line_no, 8 + e.column, e.to_string()))?,
                    )
                }
                _ => info.extra.push((key.to_string(), v)),
            }
            continue;
        }
        let bd = match b.as_mut() {
            Some(bd) => bd,
            None => {
                let start =
                    sfen.clone().unwrap_or_else(|| info.handicap.map_or_else(Position::startpos, Handicap::position));
                let mut nb = Builder::new(F, start);
                nb.record.info = info.clone();
                b.insert(nb)
            }
        };
        for c in pending.drain(..) {
            bd.comment(c);
        }
        // Tokens: comments in braces run to the closing brace; times in parentheses.
        let mut j = 0;
        while let Some(c) = line[j..].chars().next() {
            // Any Unicode whitespace separates words (the word scan below stops at it too).
            if c.is_whitespace() {
                j += c.len_utf8();
                continue;
            }
            let col = super::column_of(line, j);
            if c == '{' {
                let close = line[j..].find('}').map(|p| p + j).ok_or_else(|| bd.error(line_no, col, "unclosed {"))?;
                bd.comment(line[j + 1..close].to_string());
                j = close + 1;
                continue;
            }
            let end = line[j..].find(|c: char| c.is_whitespace() || c == '{').map_or(line.len(), |p| p + j);
            let word = &line[j..end];
            j = end;
            if let Some(inner) = word.strip_prefix('(').and_then(|w| w.strip_suffix("s)")) {
                let ms = parse_seconds(inner)
                    .ok_or_else(|| bd.error(line_no, col, format!("bad time {word:?}: expected (5s)")))?;
                if let Some(e) = bd.record.end.as_mut() {
                    e.time_ms = Some(ms);
                } else if let Some(m) = bd.record.moves.last_mut() {
                    m.time_ms = Some(ms);
                } else {
                    return Err(bd.error(line_no, col, "time before the first move"));
                }
                continue;
            }
            if let Some(reason) = end_word(word) {
                if bd.record.end.is_some() {
                    return Err(bd.error(line_no, col, "second end of game"));
                }
                bd.record.end = Some(GameEnd::new(reason));
                continue;
            }
            // Move numbers: `12.`, `12…`, `12...`, `…`, a bare number.
            let mv_text = word.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches(['.', '…']);
            if mv_text.is_empty() {
                continue;
            }
            let mcol = col + (word.len() - mv_text.len());
            let tok = parse_token(mv_text).ok_or_else(|| {
                bd.error(line_no, mcol, format!("{mv_text:?} is not a move (expected e.g. P-7f, Bx2b+, N*3e)"))
            })?;
            let mv = resolve(&bd.pos, &tok).map_err(|m| bd.error(line_no, mcol, m))?;
            bd.play(mv, line_no, mcol)?;
        }
    }
    let mut b = match b {
        Some(b) => b,
        None => {
            let start = sfen.unwrap_or_else(|| info.handicap.map_or_else(Position::startpos, Handicap::position));
            let mut nb = Builder::new(F, start);
            nb.record.info = info;
            nb
        }
    };
    for c in pending {
        b.comment(c);
    }
    Ok(b.finish())
}

fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

pub fn write(r: &Record) -> String {
    let mut out = String::new();
    let info = &r.info;
    for (k, v) in [
        ("Black", &info.black),
        ("White", &info.white),
        ("Event", &info.event),
        ("Site", &info.site),
        ("StartTime", &info.start_time),
        ("EndTime", &info.end_time),
        ("Opening", &info.opening),
    ] {
        if let Some(v) = v {
            out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
        }
    }
    if let Some(tc) = &info.time_control {
        out.push_str(&format!(
            "[TimeControl \"{}+{}+{}\"]\n",
            format_seconds(tc.main_ms),
            format_seconds(tc.byoyomi_ms),
            format_seconds(tc.increment_ms)
        ));
    }
    if let Some(h) = info.handicap {
        out.push_str(&format!("[Handicap \"{}\"]\n", h.name()));
    }
    let implied = info.handicap.map_or_else(Position::startpos, Handicap::position);
    if r.start != implied {
        out.push_str(&format!("[SFEN \"{}\"]\n", r.start.to_sfen()));
    }
    for (k, v) in &info.extra {
        out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
    }
    let comment = |out: &mut String, c: &str| out.push_str(&format!("{{{c}}}\n"));
    for c in &info.comments {
        comment(&mut out, c);
    }
    let mut pos = r.start.clone();
    let mut n = pos.move_number();
    for m in &r.moves {
        out.push_str(&format!("{n}.{}", move_text(&pos, m.mv)));
        if let Some(t) = m.time_ms {
            out.push_str(&format!(" ({}s)", format_seconds(t)));
        }
        out.push('\n');
        for c in &m.comments {
            comment(&mut out, c);
        }
        n = n.saturating_add(1);
        if pos.play_lenient(m.mv).is_err() {
            break;
        }
    }
    if let Some(end) = &r.end {
        out.push_str(&end_text(&end.reason));
        if let Some(t) = end.time_ms {
            out.push_str(&format!(" ({}s)", format_seconds(t)));
        }
        out.push('\n');
        for c in &end.comments {
            comment(&mut out, c);
        }
    }
    out
}
