//! FIDE Tournament Report File: TRF16 player lines (`001`) plus the TRF(x) extensions used by
//! JaVaFo and bbpPairings — `XXR` (number of rounds), `XXC` (`white1`/`black1`/`rank`), `XXA`
//! (acceleration), `XXP` (forbidden pairs), the point codes `BBW BBD BBL BBZ BBF BBU` — and
//! TRF-2025's `142` (rounds), `152` (first colour), `162` (point system), `192` (system),
//! `240` (full, half and zero-point byes: checked against the `001` lines, or a pre-announced
//! bye for the next round), `250` (accelerated rounds, merged into the XXA points and written
//! back as XXA), `260` (pairs prohibited in some rounds). `299` (abnormal point assignments)
//! and the team records `013`/`310` are refused with the line and record type.
//!
//! shinpan adds its own lines (ignored by other readers): `SXG id grade`, `SXC id club`,
//! `SXW id round` (withdrawn from that round), `SXX id round` (excluded, fesa 14.4b),
//! `SXR id round` (the round's game was a draw replayed per fesa 12.2), `SXS system`,
//! `SXT game rules`, `SXF seed` (the published furigoma seed, see `pairing::furigoma`),
//! `SXB round id …` (the round's boards in the order paired and printed, each by its first
//! mover's pairing number; see `director::boards`), `SXM key value` (a McMahon setting, pl 8.2:
//! bar, floor, handicap rule, pairing criteria — the keys are `mcmahon::Settings::KEYS`,
//! described in docs/rules.md; only settings that differ from the defaults are written).

use super::encoding::TextEncoding;
use crate::error::{Error, Result, parse_err};
use crate::model::*;

/// One line, addressed by 0-based column: a character in UTF-8, a byte of the file in the
/// legacy encodings ([`TextEncoding::width`]; a Shift_JIS kanji takes two columns).
#[derive(Clone, Copy)]
struct Line<'a> {
    text: &'a str,
    /// The byte offset in `text` of each column and, last, the line's length; the second
    /// column of a two-column character has the offset of the character after it (a character
    /// belongs to the field it starts in). Empty for an ASCII line, whose columns are its bytes.
    offsets: &'a [usize],
}

impl<'a> Line<'a> {
    fn len(&self) -> usize {
        if self.offsets.is_empty() { self.text.len() } else { self.offsets.len() - 1 }
    }

    fn byte(&self, col: usize) -> usize {
        let col = col.min(self.len());
        if self.offsets.is_empty() { col } else { self.offsets[col] }
    }

    fn get(&self, col: usize) -> Option<char> {
        if col >= self.len() {
            return None;
        }
        self.text[self.byte(col)..].chars().next()
    }

    /// Columns `a..b` (clamped to the line) as written.
    fn raw(&self, a: usize, b: usize) -> &'a str {
        let (a, b) = (self.byte(a), self.byte(b));
        if a < b { &self.text[a..b] } else { "" }
    }
}

/// Columns `a..b`, trimmed (of what `str::trim` trims; byte by byte on an ASCII line).
fn field<'a>(line: &Line<'a>, a: usize, b: usize) -> &'a str {
    let s = line.raw(a, b);
    if !line.offsets.is_empty() {
        return s.trim();
    }
    // The ASCII characters `char::is_whitespace` accepts: tab, LF, VT, FF, CR and space.
    let ws = |c: &u8| matches!(c, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ');
    let bytes = s.as_bytes();
    let start = bytes.iter().position(|c| !ws(c)).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|c| !ws(c)).map_or(start, |e| e + 1);
    &s[start..end]
}

fn parse_points(s: &str, line: usize, col: usize) -> Result<Points> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(0);
    }
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, f),
        None => (s, "0"),
    };
    let i: u32 = int.parse().or_else(|_| parse_err(line, col, format!("bad points {s:?}")))?;
    let f: u32 = if frac.is_empty() {
        0
    } else {
        frac.get(..1).and_then(|d| d.parse().ok()).ok_or_else(|| Error::Parse {
            line,
            column: col,
            reason: format!("bad points {s:?}"),
        })?
    };
    // No TRF points field holds more than four characters ("99.5"); the bound keeps every sum of
    // scores over any number of rounds far from overflow.
    if i > MAX_POINTS {
        return parse_err(line, col, format!("points {s:?} out of range (at most {MAX_POINTS})"));
    }
    Ok(i * 10 + f)
}

/// The largest number of points a TRF points value may hold.
const MAX_POINTS: u32 = 9_999;

pub fn format_points(p: Points) -> String {
    format!("{}.{}", p / 10, p % 10)
}

/// Parse a TRF file's text (UTF-8: columns are characters). Player indices are pairing
/// numbers − 1 and must have no gaps. A leading byte-order mark is not part of the first line.
pub fn parse(text: &str) -> Result<Tournament> {
    parse_in(text, TextEncoding::Utf8)
}

/// Parse the text of a TRF file read in `encoding` (see [`super::encoding`]), whose columns
/// are counted in that encoding.
pub fn parse_in(text: &str, encoding: TextEncoding) -> Result<Tournament> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut t = Tournament { planned_rounds: 0, ..Default::default() };
    let mut pab_explicit = false;
    let mut players: Vec<Option<Player>> = Vec::new();
    let mut xxa: Vec<(usize, usize, Vec<Points>)> = Vec::new();
    let mut extras: Vec<(usize, String, usize, String)> = Vec::new();
    // TRF-2025 lines kept until every player is read: line number, fields, the player ids.
    let mut byes240: Vec<(usize, Outcome, u32, Vec<ColumnId>)> = Vec::new();
    let mut acc250: Vec<(usize, Points, u32, u32, usize, usize)> = Vec::new();
    let mut prohibited260: Vec<(usize, u32, u32, Vec<ColumnId>)> = Vec::new();
    let mut boards: Vec<(usize, usize, Vec<ColumnId>)> = Vec::new();
    // A line ends at LF, CRLF or a lone CR (line numbers count those breaks). Found on the
    // bytes: both are ASCII, so never inside a character.
    let bytes = text.as_bytes();
    let mut from = 0;
    // One buffer of character offsets for the lines that are not ASCII.
    let mut offsets: Vec<usize> = Vec::new();
    for ln0 in 0.. {
        if from > bytes.len() {
            break;
        }
        let end = memchr::memchr2(b'\n', b'\r', &bytes[from..]).map_or(bytes.len(), |e| from + e);
        let raw = &text[from..end];
        from = end + if bytes.get(end..end + 2) == Some(b"\r\n") { 2 } else { 1 };
        let ln = ln0 + 1;
        let ascii = raw.is_ascii();
        if !ascii {
            offsets.clear();
            for (i, c) in raw.char_indices() {
                offsets.push(i);
                for _ in 1..encoding.width(c) {
                    offsets.push(i + c.len_utf8());
                }
            }
            offsets.push(raw.len());
        }
        let line = &Line { text: raw, offsets: if ascii { &[] } else { &offsets } };
        // A record starts with its three-character type; a shorter line (blanks at the end
        // aside) is none, and is not kept.
        if line.len() < 3 || raw.trim_end().chars().nth(2).is_none() {
            continue;
        }
        let tag = line.raw(0, 3);
        let rest = || field(line, 3, line.len());
        match tag {
            "001" => {
                let p = parse_player(line, ln, encoding)?;
                let idx = p.number as usize - 1;
                if players.len() <= idx {
                    players.resize(idx + 1, None);
                }
                if players[idx].is_some() {
                    return parse_err(ln, 5, format!("pairing number {} repeated", p.number));
                }
                players[idx] = Some(p);
                t.order.push(idx);
            }
            "XXR" | "142" => {
                t.planned_rounds = rest().parse().ok().filter(|&r| r > 0).ok_or_else(|| Error::Parse {
                    line: ln,
                    column: 5,
                    reason: format!("bad number of rounds {:?}", rest()),
                })?;
            }
            "XXC" => {
                for tok in rest().split_whitespace() {
                    match tok {
                        "white1" => t.initial_color = Some(Color::White),
                        "black1" => t.initial_color = Some(Color::Black),
                        "rank" => t.use_rank = true,
                        _ => {}
                    }
                }
            }
            "152" => match rest() {
                "W" => t.initial_color = Some(Color::White),
                "B" => t.initial_color = Some(Color::Black),
                r => return parse_err(ln, 5, format!("first colour must be W or B, not {r:?}")),
            },
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let v = parse_points(rest(), ln, 5)?;
                match &tag[2..] {
                    "W" => {
                        t.scoring.win = v;
                        if !pab_explicit {
                            t.scoring.pairing_bye = v;
                        }
                    }
                    "D" => t.scoring.draw = v,
                    "L" => t.scoring.loss = v,
                    "Z" => t.scoring.zero_bye = v,
                    "F" => t.scoring.forfeit_loss = v,
                    _ => {
                        t.scoring.pairing_bye = v;
                        pab_explicit = true;
                    }
                }
            }
            "162" => {
                for tok in rest().split_whitespace() {
                    let first = tok.chars().next().map_or(0, char::len_utf8);
                    let (code, val) = tok.split_at(first);
                    let v = parse_points(val, ln, 5)?;
                    match code {
                        "W" => {
                            t.scoring.win = v;
                            if !pab_explicit {
                                t.scoring.pairing_bye = v;
                            }
                        }
                        "D" => t.scoring.draw = v,
                        "L" => t.scoring.loss = v,
                        "A" => {
                            t.scoring.zero_bye = v;
                            t.scoring.forfeit_loss = v;
                        }
                        "P" => {
                            t.scoring.pairing_bye = v;
                            pab_explicit = true;
                        }
                        _ => return parse_err(ln, 5, format!("unknown point code {code:?}")),
                    }
                }
            }
            "XXP" => {
                let mut group = Vec::new();
                for tok in rest().split_whitespace() {
                    let n: usize = tok.parse().ok().filter(|&n| n > 0).ok_or_else(|| Error::Parse {
                        line: ln,
                        column: 5,
                        reason: format!("bad player id {tok:?}"),
                    })?;
                    group.push(n - 1);
                }
                t.forbidden.push(group);
            }
            "XXA" => {
                let id: usize = field(line, 4, 8).parse().ok().filter(|&n| n > 0).ok_or_else(|| Error::Parse {
                    line: ln,
                    column: 5,
                    reason: "bad player id".into(),
                })?;
                let mut acc = Vec::new();
                let mut i = 9;
                while i < line.len() {
                    acc.push(parse_points(field(line, i, i + 4), ln, i + 1)?);
                    i += 5;
                }
                xxa.push((ln, id - 1, acc));
            }
            "192" | "SXS" => {
                t.system = match rest() {
                    s if s.starts_with("FIDE_DUTCH") => System::Dutch,
                    "MCMAHON" | "mcmahon" => System::McMahon,
                    "ROUND_ROBIN" | "round-robin" => System::RoundRobin,
                    "KNOCKOUT" | "knockout" => System::Knockout,
                    s => return parse_err(ln, 5, format!("unsupported pairing system {s:?}")),
                };
            }
            "SXF" => {
                t.furigoma_seed = Some(rest().parse().map_err(|_| Error::Parse {
                    line: ln,
                    column: 5,
                    reason: format!("bad furigoma seed {:?} (a number 0 to 18446744073709551615)", rest()),
                })?);
            }
            "SXT" => {
                let words = words(line, 3);
                let mut it = words.iter();
                t.game = match it.next() {
                    Some((_, "go")) => GameKind::Go,
                    Some((_, "shogi")) | None => GameKind::Shogi,
                    Some((column, g)) => return parse_err(ln, *column, format!("unknown game {g:?}")),
                };
                if let Some(&(column, name)) = it.next() {
                    let id: RulesetId = name.parse().map_err(|e: arbiter::ruleset::UnknownRuleset| Error::Parse {
                        line: ln,
                        column,
                        reason: e.to_string(),
                    })?;
                    if id.game() != t.game {
                        return parse_err(
                            ln,
                            column,
                            format!("{id} is a {} ruleset, not one for {}", id.game(), t.game),
                        );
                    }
                    t.rules = Some(id);
                }
            }
            "SXM" => {
                let words = words(line, 3);
                let (Some(&(_, key)), Some(&(column, _))) = (words.first(), words.get(1)) else {
                    return parse_err(ln, 5, "SXM: a setting and its value");
                };
                let value = line.raw(column - 1, line.len()).trim();
                t.mcmahon.set(key, value).map_err(|reason| Error::Parse { line: ln, column, reason })?;
            }
            "SXB" => {
                let words = words(line, 3);
                let round = words.first().and_then(|(_, w)| w.parse::<usize>().ok()).filter(|&r| r > 0);
                let round = round.ok_or_else(|| Error::Parse {
                    line: ln,
                    column: words.first().map_or(5, |w| w.0),
                    reason: "SXB: a round number first".into(),
                })?;
                let mut ids = Vec::new();
                for &(column, w) in &words[1..] {
                    let id = w.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| Error::Parse {
                        line: ln,
                        column,
                        reason: format!("bad player id {w:?}"),
                    })?;
                    ids.push((column, id));
                }
                boards.push((ln, round, ids));
            }
            "SXG" | "SXC" | "SXW" | "SXX" | "SXR" => {
                let r = rest();
                let (id, val) = r.split_once(' ').unwrap_or((r, ""));
                let id: usize = id.trim().parse().ok().filter(|&n| n > 0).ok_or_else(|| Error::Parse {
                    line: ln,
                    column: 5,
                    reason: format!("bad player id {id:?}"),
                })?;
                extras.push((ln, tag.to_string(), id - 1, val.trim().to_string()));
            }
            "240" => {
                // TRF-2025 240: type at 5, round at 7-9, players from 11 in fields of 4 every 5.
                let kind = match line.get(4) {
                    Some('F') => Outcome::FullBye,
                    Some('H') => Outcome::HalfBye,
                    Some('Z') => Outcome::ZeroBye,
                    c => return parse_err(ln, 5, format!("240: type of bye must be F, H or Z, not {c:?}")),
                };
                let round = num_field(line, 6, 9, ln, "round")?;
                let ids = id_list(line, 10, ln)?;
                if ids.is_empty() {
                    return parse_err(ln, 11, "240: no player gets the bye");
                }
                byes240.push((ln, kind, round, ids));
            }
            "250" => {
                // TRF-2025 250: match points 5-8 (teams only), game points 10-13, rounds 15-17
                // and 19-21, players 23-26 and 28-31.
                let mp = field(line, 4, 8);
                if !mp.is_empty() && parse_points(mp, ln, 5)? != 0 {
                    return parse_err(
                        ln,
                        5,
                        "250: fictitious match points are for team competitions, which are not supported",
                    );
                }
                let pts = parse_points(field(line, 9, 13), ln, 10)?;
                let (r1, r2) =
                    (num_field(line, 14, 17, ln, "first round")?, num_field(line, 18, 21, ln, "last round")?);
                let (p1, p2) =
                    (num_field(line, 22, 26, ln, "first player")?, num_field(line, 27, 31, ln, "last player")?);
                if r2 < r1 {
                    return parse_err(ln, 19, format!("250: last round {r2} before first round {r1}"));
                }
                if p2 < p1 {
                    return parse_err(ln, 28, format!("250: last player {p2} before first player {p1}"));
                }
                acc250.push((ln, pts, r1, r2, p1 as usize, p2 as usize));
            }
            "260" => {
                // TRF-2025 260: rounds 5-7 and 9-11, players from 13 in fields of 4 every 5.
                let (first, last) =
                    (num_field(line, 4, 7, ln, "first round")?, num_field(line, 8, 11, ln, "last round")?);
                if last < first {
                    return parse_err(ln, 9, format!("260: last round {last} before first round {first}"));
                }
                let ids = id_list(line, 12, ln)?;
                if ids.len() < 2 {
                    return parse_err(ln, 13, "260: at least two players are needed");
                }
                prohibited260.push((ln, first, last, ids));
            }
            "299" => {
                return parse_err(
                    ln,
                    1,
                    "TRF-2025 record 299 (abnormal point assignment) is not supported: the pairing would not see the points it changes",
                );
            }
            "013" | "310" => {
                return parse_err(ln, 1, format!("TRF record {tag} (teams) is not supported"));
            }
            "012" => {
                t.name = rest().to_string();
                t.header.push(raw.trim_end().to_string());
            }
            _ => t.header.push(raw.trim_end().to_string()),
        }
    }
    for (i, p) in players.iter().enumerate() {
        if p.is_none() {
            return Err(Error::Inconsistent(format!("pairing number {} is missing", i + 1)));
        }
    }
    t.players = players.into_iter().map(Option::unwrap).collect();
    let n = t.players.len();
    for (ln, id, acc) in xxa {
        if id >= n {
            return parse_err(ln, 5, format!("XXA for unknown player {}", id + 1));
        }
        t.players[id].acceleration = acc;
    }
    // TRF-2025 240: the 001 lines, if they have the round, must say the same.
    let recorded = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    for (ln, kind, round, ids) in byes240 {
        let r = round as usize;
        if r > recorded + 1 {
            return parse_err(
                ln,
                7,
                format!("240: round {round} is more than one round after the last recorded ({recorded})"),
            );
        }
        for (col, id) in ids {
            let p = t.players.get_mut(id - 1).ok_or_else(|| Error::Parse {
                line: ln,
                column: col,
                reason: format!("240: unknown player {id}"),
            })?;
            while p.rounds.len() < r {
                p.rounds.push(RoundEntry::unpaired());
            }
            let e = &mut p.rounds[r - 1];
            if e.opponent.is_some() || !(e.outcome == Outcome::NotPaired || e.outcome == kind) {
                return parse_err(ln, col, format!("240: player {id}'s round {round} in the 001 line is not this bye"));
            }
            *e = RoundEntry { opponent: None, color: None, outcome: kind, replayed_draw: false };
        }
    }
    for (ln, pts, r1, r2, p1, p2) in acc250 {
        if p2 > n {
            return parse_err(ln, 28, format!("250: unknown player {p2}"));
        }
        for p in &mut t.players[p1 - 1..p2] {
            if p.acceleration.len() < r2 as usize {
                p.acceleration.resize(r2 as usize, 0);
            }
            for a in &mut p.acceleration[r1 as usize - 1..r2 as usize] {
                *a += pts;
            }
        }
    }
    for (ln, first, last, ids) in prohibited260 {
        let mut players = Vec::new();
        for (col, id) in ids {
            if id > n {
                return parse_err(ln, col, format!("260: unknown player {id}"));
            }
            players.push(id - 1);
        }
        t.prohibited.push(Prohibition { first, last, players });
    }
    for (ln, tag, id, val) in extras {
        if id >= n {
            return parse_err(ln, 5, format!("{tag} for unknown player {}", id + 1));
        }
        let round = || {
            val.parse::<u32>().ok().filter(|&r| r > 0).ok_or_else(|| Error::Parse {
                line: ln,
                column: 5,
                reason: format!("bad round {val:?}"),
            })
        };
        match tag.as_str() {
            "SXG" => {
                t.players[id].grade = Some(val.parse().map_err(|_| Error::Parse {
                    line: ln,
                    column: 5,
                    reason: format!("bad grade {val:?}"),
                })?)
            }
            "SXC" => t.players[id].club = val,
            "SXW" => t.players[id].status = Status::Withdrawn(round()?),
            "SXX" => t.players[id].status = Status::Excluded(round()?),
            _ => {
                let r = round()? as usize;
                let e = t.players[id].rounds.get_mut(r - 1).ok_or_else(|| Error::Parse {
                    line: ln,
                    column: 5,
                    reason: format!("player {} has no round {r}", id + 1),
                })?;
                e.replayed_draw = true;
            }
        }
    }
    for g in &t.forbidden {
        if let Some(&bad) = g.iter().find(|&&p| p >= n) {
            return Err(Error::Inconsistent(format!("XXP names unknown player {}", bad + 1)));
        }
    }
    validate_pairs(&t)?;
    // SXB: each id the first mover (as paired) of a board of the round, each board once.
    for (ln, round, ids) in boards {
        if t.board_order.len() < round {
            t.board_order.resize(round, Vec::new());
        }
        let mut order = Vec::new();
        for (column, id) in ids {
            let first = id - 1;
            if t.board_of(round - 1, first).is_none_or(|(f, _)| f != first) {
                return parse_err(
                    ln,
                    column,
                    format!("SXB: player {id} is not the first mover of a board in round {round}"),
                );
            }
            if order.contains(&first) {
                return parse_err(ln, column, format!("SXB: player {id}'s board is listed twice"));
            }
            order.push(first);
        }
        t.board_order[round - 1] = order;
    }
    while t.board_order.last().is_some_and(Vec::is_empty) {
        t.board_order.pop();
    }
    Ok(t)
}

/// The blank-separated words from column `from` (0-based) on, each with its 1-based column.
fn words<'a>(line: &Line<'a>, from: usize) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let mut col = from;
    while col < line.len() {
        if line.get(col).is_some_and(char::is_whitespace) {
            col += 1;
            continue;
        }
        let start = col;
        while line.get(col).is_some_and(|c| !c.is_whitespace()) {
            col += 1;
        }
        out.push((start + 1, line.raw(start, col)));
    }
    out
}

/// A positive number in the fixed columns `a..b` (0-based, end exclusive).
fn num_field(line: &Line, a: usize, b: usize, ln: usize, what: &str) -> Result<u32> {
    let f = field(line, a, b);
    f.parse().ok().filter(|&v| v > 0).ok_or_else(|| Error::Parse {
        line: ln,
        column: a + 1,
        reason: format!("bad {what} {f:?}"),
    })
}

/// Player ids in 4-character fields every 5 characters from `start` (0-based), with the
/// 1-based column of each.
/// A player id in a TRF-2025 list and the 1-based column it starts at.
type ColumnId = (usize, usize);

fn id_list(line: &Line, start: usize, ln: usize) -> Result<Vec<ColumnId>> {
    let mut v = Vec::new();
    let mut i = start;
    while i < line.len() {
        let f = field(line, i, i + 4);
        if !f.is_empty() {
            let id: usize = f.parse().ok().filter(|&x| x > 0).ok_or_else(|| Error::Parse {
                line: ln,
                column: i + 1,
                reason: format!("bad player id {f:?}"),
            })?;
            v.push((i + 1, id));
        }
        i += 5;
    }
    Ok(v)
}

fn parse_player(line: &Line, ln: usize, encoding: TextEncoding) -> Result<Player> {
    let number: u32 = field(line, 4, 8).parse().ok().filter(|&n| n > 0).ok_or_else(|| Error::Parse {
        line: ln,
        column: 5,
        reason: format!("bad pairing number {:?}", field(line, 4, 8)),
    })?;
    let rating_s = field(line, 48, 52);
    let rating = if rating_s.is_empty() {
        0
    } else {
        rating_s.parse().or_else(|_| parse_err(ln, 49, format!("bad rating {rating_s:?}")))?
    };
    let points = parse_points(field(line, 80, 84), ln, 81)?;
    let rank_s = field(line, 85, 89);
    let rank = if rank_s.is_empty() {
        0
    } else {
        rank_s.parse().or_else(|_| parse_err(ln, 86, format!("bad rank {rank_s:?}")))?
    };
    let mut rounds = Vec::new();
    let mut start = 91;
    while start < line.len() {
        let col = start + 1;
        let opp_s = field(line, start, start + 4);
        let color_c = line.get(start + 5).unwrap_or(' ');
        let res_c = line.get(start + 7).unwrap_or(' ');
        if line.get(start + 4).is_some_and(|c| c != ' ') || line.get(start + 6).is_some_and(|c| c != ' ') {
            return parse_err(ln, col, "round entries must be `OOOO C R` with single spaces");
        }
        let opponent = match opp_s {
            "" | "0000" | "0" => None,
            s => {
                let o: usize = s.parse().ok().filter(|&o| o > 0).ok_or_else(|| Error::Parse {
                    line: ln,
                    column: col,
                    reason: format!("bad opponent {s:?}"),
                })?;
                if o == number as usize {
                    return parse_err(ln, col, "a player cannot be his own opponent");
                }
                Some(o - 1)
            }
        };
        let color = match color_c {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            '-' | ' ' => None,
            c => return parse_err(ln, col + 5, format!("bad colour {c:?}")),
        };
        let outcome = Outcome::from_code(res_c).ok_or_else(|| Error::Parse {
            line: ln,
            column: col + 7,
            reason: format!("bad result {res_c:?}"),
        })?;
        if opponent.is_some() && color.is_none() && outcome.is_game() {
            return parse_err(ln, col + 5, "a played game needs a colour");
        }
        if opponent.is_none()
            && matches!(
                outcome,
                Outcome::Win | Outcome::Loss | Outcome::UnratedWin | Outcome::UnratedLoss | Outcome::UnratedDraw
            )
        {
            return parse_err(ln, col + 7, "a game result needs an opponent");
        }
        if opponent.is_some()
            && matches!(outcome, Outcome::HalfBye | Outcome::FullBye | Outcome::ZeroBye | Outcome::PairingBye)
        {
            return parse_err(ln, col + 7, "a bye cannot have an opponent");
        }
        rounds.push(RoundEntry { opponent, color, outcome, replayed_draw: false });
        start += 10;
    }
    while rounds.last().is_some_and(|e| e.opponent.is_none() && e.color.is_none() && e.outcome == Outcome::NotPaired) {
        rounds.pop();
    }
    let mut p = Player { number, rating, points, rank, rounds, ..Default::default() };
    let slots = [&mut p.sex, &mut p.title, &mut p.name, &mut p.federation, &mut p.fide_id, &mut p.birth];
    for ((what, column, width), slot) in TEXT_FIELDS.into_iter().zip(slots) {
        let value = field(line, column - 1, column - 1 + width);
        // A two-column character that starts in a field's last column ends in the next one.
        if encoding.width_of(line.raw(column - 1, column - 1 + width)) > width {
            let reason = format!(
                "the {what} is wider than its {width} columns (a character crosses column {})",
                column + width - 1
            );
            return parse_err(ln, column, reason);
        }
        *slot = value.to_string();
    }
    Ok(p)
}

/// Every game must be listed by both players with opposite colours.
fn validate_pairs(t: &Tournament) -> Result<()> {
    for (i, p) in t.players.iter().enumerate() {
        for (r, e) in p.rounds.iter().enumerate() {
            let Some(o) = e.opponent else { continue };
            let ok = t.players.get(o).and_then(|q| q.rounds.get(r)).is_some_and(|f| {
                f.opponent == Some(i) && (e.color.is_none() || f.color.is_none() || f.color != e.color)
            });
            if !ok {
                return Err(Error::Inconsistent(format!(
                    "round {} of player {} contradicts the entry of player {}",
                    r + 1,
                    p.number,
                    o + 1
                )));
            }
        }
    }
    Ok(())
}

/// Write the tournament as TRF16 with TRF(x) extensions (round trip of `parse`).
pub fn write(t: &Tournament) -> String {
    write_in(t, TextEncoding::Utf8)
}

/// `s` cut to `width` columns of `encoding` and padded with blanks to them, on the left when
/// `right` (right-aligned) or on the right.
fn fit(s: &str, width: usize, right: bool, encoding: TextEncoding) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = encoding.width(c);
        if used + w > width {
            break;
        }
        out.push(c);
        used += w;
    }
    let pad = " ".repeat(width - used);
    if right { pad + &out } else { out + &pad }
}

/// The fields of a `001` line that hold text, with their TRF columns (1-based, inclusive) and
/// widths: what a value must fit in, in the file's encoding.
pub const TEXT_FIELDS: [(&str, usize, usize); 6] = [
    ("sex", 10, 1),
    ("title", 11, 3),
    ("name", 15, 33),
    ("federation", 54, 3),
    ("FIDE id", 58, 11),
    ("birth date", 70, 10),
];

/// A player's text fields, in the order of [`TEXT_FIELDS`].
pub fn text_fields(p: &Player) -> [&str; 6] {
    [&p.sex, &p.title, &p.name, &p.federation, &p.fide_id, &p.birth]
}

/// Write the tournament as TRF text whose columns are counted in `encoding` (the text is then
/// encoded in it, see [`super::encoding::Layout::encode`]).
pub fn write_in(t: &Tournament, encoding: TextEncoding) -> String {
    let mut s = String::new();
    for h in &t.header {
        s += h;
        s.push('\n');
    }
    let ranks = crate::standings::simple_ranks(t);
    for i in t.file_order() {
        let p = &t.players[i];
        let f = |s: &str, width, right| fit(s, width, right, encoding);
        let mut line = format!(
            "001 {:>4} {}{} {} {:>4} {} {} {} {:>4} {:>4}",
            p.number,
            f(&p.sex, 1, false),
            f(&p.title, 3, true),
            f(&p.name, 33, false),
            if p.rating > 0 { p.rating.to_string() } else { String::new() },
            f(&p.federation, 3, false),
            f(&p.fide_id, 11, true),
            f(&p.birth, 10, false),
            format_points(t.score(i)),
            ranks[i],
        );
        for e in &p.rounds {
            let opp = e.opponent.map(|o| format!("{:>4}", o + 1)).unwrap_or_else(|| "0000".into());
            let c = match e.color {
                Some(Color::White) => 'w',
                Some(Color::Black) => 'b',
                None => '-',
            };
            line += &format!("  {opp} {c} {}", e.outcome.code());
        }
        s += line.trim_end();
        s.push('\n');
    }
    if t.planned_rounds > 0 {
        s += &format!("XXR {}\n", t.planned_rounds);
    }
    let mut xxc = Vec::new();
    if t.use_rank {
        xxc.push("rank");
    }
    match t.initial_color {
        Some(Color::White) => xxc.push("white1"),
        Some(Color::Black) => xxc.push("black1"),
        None => {}
    }
    if !xxc.is_empty() {
        s += &format!("XXC {}\n", xxc.join(" "));
    }
    let d = Scoring::default();
    let sc = &t.scoring;
    for (code, v, dv) in [
        ("BBW", sc.win, d.win),
        ("BBD", sc.draw, d.draw),
        ("BBL", sc.loss, d.loss),
        ("BBZ", sc.zero_bye, d.zero_bye),
        ("BBF", sc.forfeit_loss, d.forfeit_loss),
    ] {
        if v != dv {
            s += &format!("{code} {:>4}\n", format_points(v));
        }
    }
    if sc.pairing_bye != sc.win {
        s += &format!("BBU {:>4}\n", format_points(sc.pairing_bye));
    }
    // TRF-2025 240 for the byes with points (they are in the 001 lines too).
    let mut byes: std::collections::BTreeMap<(usize, char), Vec<u32>> = Default::default();
    for p in &t.players {
        for (r, e) in p.rounds.iter().enumerate() {
            if matches!(e.outcome, Outcome::FullBye | Outcome::HalfBye | Outcome::ZeroBye) {
                byes.entry((r + 1, e.outcome.code())).or_default().push(p.number);
            }
        }
    }
    for ((r, c), ids) in byes {
        s += &format!("240 {c} {r:03}");
        for id in ids {
            s += &format!(" {id:>4}");
        }
        s.push('\n');
    }
    for p in &t.prohibited {
        s += &format!("260 {:03} {:03}", p.first, p.last);
        for id in &p.players {
            s += &format!(" {:>4}", id + 1);
        }
        s.push('\n');
    }
    for g in &t.forbidden {
        s += &format!("XXP {}\n", g.iter().map(|p| (p + 1).to_string()).collect::<Vec<_>>().join(" "));
    }
    for p in &t.players {
        if !p.acceleration.is_empty() {
            s += &format!("XXA {:>4}", p.number);
            for a in &p.acceleration {
                s += &format!(" {:>4}", format_points(*a));
            }
            s.push('\n');
        }
    }
    match t.system {
        System::Dutch => {}
        System::McMahon => s += "SXS MCMAHON\n",
        System::RoundRobin => s += "SXS ROUND_ROBIN\n",
        System::Knockout => s += "SXS KNOCKOUT\n",
    }
    if let Some(seed) = t.furigoma_seed {
        s += &format!("SXF {seed}\n");
    }
    for l in t.mcmahon.lines() {
        s += &format!("SXM {l}\n");
    }
    for (r, order) in t.board_order.iter().enumerate().filter(|(_, o)| !o.is_empty()) {
        s += &format!("SXB {}", r + 1);
        for &p in order {
            s += &format!(" {}", t.players[p].number);
        }
        s.push('\n');
    }
    if t.game == GameKind::Go || t.rules.is_some() {
        s += &format!("SXT {} {}\n", t.game, t.rules.map_or("", RulesetId::as_str));
    }
    for p in &t.players {
        if let Some(g) = p.grade {
            s += &format!("SXG {} {g}\n", p.number);
        }
        if !p.club.is_empty() {
            s += &format!("SXC {} {}\n", p.number, p.club);
        }
        match p.status {
            Status::Active => {}
            Status::Withdrawn(r) => s += &format!("SXW {} {r}\n", p.number),
            Status::Excluded(r) => s += &format!("SXX {} {r}\n", p.number),
        }
        for (r, e) in p.rounds.iter().enumerate() {
            if e.replayed_draw {
                s += &format!("SXR {} {}\n", p.number, r + 1);
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "012 Test\n\
001    1      Alpha                             2720                             1.0    1     2 w 1\n\
001    2      Beta                              2701                             0.0    3     1 b 0\n\
001    3      Gamma                             2600                             1.0    2  0000 - U\n\
XXR 3\nXXC white1\nSXF 20261123\nSXG 1 3d\nSXG 2 2k\nSXC 3 Kyiv\nSXX 2 3\n";

    #[test]
    fn points_beyond_the_field_width_are_refused_with_line_and_column() {
        // Found by fuzzing: a huge BBF value overflowed the tenths.
        let e = parse("012 T\nBBF 715718515\n").unwrap_err();
        assert!(matches!(&e, Error::Parse { line: 2, column: 5, reason } if reason.contains("out of range")), "{e}");
        let t = parse("012 T\nBBW 9999.5\n").unwrap();
        assert_eq!(t.scoring.win, 99_995);
    }

    #[test]
    fn reads_players_rounds_and_extensions() {
        let t = parse(SAMPLE).unwrap();
        assert_eq!(t.players.len(), 3);
        assert_eq!(t.planned_rounds, 3);
        assert_eq!(t.initial_color, Some(Color::White));
        assert_eq!(t.players[0].rounds[0].opponent, Some(1));
        assert_eq!(t.players[2].rounds[0].outcome, Outcome::PairingBye);
        assert_eq!(t.players[0].grade, Some(Grade::dan(3)));
        assert_eq!(t.players[1].grade, Some(Grade::kyu(2)));
        assert_eq!(t.players[1].status, Status::Excluded(3));
        assert_eq!(t.score(2), 10);
        assert_eq!(t.furigoma_seed, Some(20261123));
    }

    #[test]
    fn round_trip_keeps_everything() {
        let t = parse(SAMPLE).unwrap();
        let again = parse(&write(&t)).unwrap();
        assert_eq!(t, again);
        // A line too short to hold a record type is not kept (it could not be written back).
        assert_eq!(parse("012 T\n2  \n").unwrap().header, ["012 T"]);
    }

    #[test]
    fn columns_count_characters_in_names_beyond_ascii() {
        // Names in kanji and with diacritics: the fields after them are still found by
        // character column, and an error there names the character column.
        let text = "001    1      大山康晴                              2720                             1.0    1     2 w 1\n\
001    2      Łukasz Ōyama                      2701                             0.0    2     1 b 0\n";
        let t = parse(text).expect("parses");
        assert_eq!(t.players[0].name, "大山康晴");
        assert_eq!((t.players[0].rating, t.players[1].rating), (2720, 2701));
        assert_eq!(t.players[0].rounds[0].opponent, Some(1));
        assert_eq!(t.players[1].name, "Łukasz Ōyama");
        let bad =
            "001    1      大山康晴                              2720                             1.0    1     2 x 1\n";
        assert!(matches!(parse(bad), Err(Error::Parse { line: 1, column: 97, .. })));
    }

    #[test]
    fn sxt_names_the_game_and_a_ruleset_of_that_game() {
        let t = parse("012 T\nSXT shogi pl\n").unwrap();
        assert_eq!((t.game, t.rules), (GameKind::Shogi, Some(RulesetId::Pl)));
        assert!(write(&t).contains("SXT shogi pl\n"));
        assert_eq!(parse(&write(&t)).unwrap(), t);
        let t = parse("SXT go\n").unwrap();
        assert_eq!((t.game, t.rules), (GameKind::Go, None));
        assert!(write(&t).contains("SXT go \n"), "written as before rulesets were typed");
        assert_eq!(parse("SXT go rfg\n").unwrap().rules, Some(RulesetId::Rfg));
        // An unknown ruleset, or one of the other game, is refused where it is written.
        match parse("012 T\nSXT shogi  jsa\n") {
            Err(Error::Parse { line: 2, column: 12, reason }) => assert!(reason.contains("jsa"), "{reason}"),
            other => panic!("{other:?}"),
        }
        match parse("SXT go ufs-2016\n") {
            Err(Error::Parse { line: 1, column: 8, reason }) => assert!(reason.contains("shogi ruleset"), "{reason}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse("SXT chess\n"), Err(Error::Parse { line: 1, column: 5, .. })));
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad =
            "001    1      Alpha                             2720                             1.0    1     2 x 1\n";
        match parse(bad) {
            Err(Error::Parse { line, column, reason }) => {
                assert_eq!((line, column), (1, 97));
                assert!(reason.contains("colour"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse("XXR x\n"), Err(Error::Parse { line: 1, column: 5, .. })));
        // The same line number whether lines end in LF, CRLF or CR.
        for text in ["012 T\nXXR x\n", "012 T\r\nXXR x\r\n", "012 T\rXXR x\r", "012 T\r\n\r\nXXR x"] {
            let want = if text.contains("\r\n\r\n") { 3 } else { 2 };
            assert!(matches!(parse(text), Err(Error::Parse { line, column: 5, .. }) if line == want), "{text:?}");
        }
        let one_sided = "001    1      A                                 2720                             1.0    1     2 w 1\n\
001    2      B                                 2701                             0.0    2\n";
        assert!(matches!(parse(one_sided), Err(Error::Inconsistent(_))));
    }

    #[test]
    fn sxm_stores_the_mcmahon_settings() {
        let t = parse("012 T\nSXS MCMAHON\nSXM bar 3d\nSXM floor 20k\nSXM handicap mms\nSXM gaps absolute\nSXM seeding-late slip\nSXM float-history on\nSXM avoid club\n").unwrap();
        assert_eq!(t.mcmahon.bar, Some(Grade::dan(3)));
        assert_eq!(t.mcmahon.floor, Some(Grade::kyu(20)));
        assert_eq!(t.mcmahon.criteria.gaps, crate::pairing::mcmahon::GapCost::Absolute);
        assert_eq!(t.mcmahon.criteria.seeding_late, crate::pairing::mcmahon::Seeding::Slip);
        assert!(t.mcmahon.criteria.float_history);
        let text = write(&t);
        assert!(text.contains("SXM bar 3d\nSXM floor 20k\nSXM handicap mms\n"), "{text}");
        assert_eq!(parse(&text).unwrap(), t);
        // Defaults are not written: a file without settings stays as it was.
        assert!(!write(&parse("012 T\nSXM gaps squares\n").unwrap()).contains("SXM"));
        match parse("012 T\nSXM gaps  cubes\n") {
            Err(Error::Parse { line: 2, column: 11, reason }) => assert!(reason.contains("cubes"), "{reason}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse("SXM colour\n"), Err(Error::Parse { line: 1, column: 5, .. })));
        match parse("SXM bars 3d\n") {
            Err(Error::Parse { reason, .. }) => assert!(reason.contains("unknown McMahon setting"), "{reason}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sxb_keeps_the_boards_order_and_names_a_board_that_is_not_one() {
        let round = "001    1      A                                 2000                             0.0    1     3 w  \n\
001    2      B                                 1900                             0.0    2     4 b  \n\
001    3      C                                 1800                             0.0    3     1 b  \n\
001    4      D                                 1700                             0.0    4     2 w  \n";
        let t = parse(&format!("{round}SXB 1 4 1\n")).unwrap();
        assert_eq!(t.board_order, [vec![3, 0]]);
        assert!(write(&t).contains("SXB 1 4 1\n"));
        assert_eq!(parse(&write(&t)).unwrap(), t);
        match parse(&format!("{round}SXB 1 4  2\n")) {
            Err(Error::Parse { line: 5, column: 10, reason }) => {
                assert!(reason.contains("not the first mover"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse(&format!("{round}SXB 1 4 4\n")), Err(Error::Parse { line: 5, column: 9, .. })));
        assert!(matches!(parse(&format!("{round}SXB x 4\n")), Err(Error::Parse { line: 5, column: 5, .. })));
    }
}
