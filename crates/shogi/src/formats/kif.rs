//! KIF (Kakinoki) records: a header of `key：value` lines (手合割, 先手, 後手, 持ち時間 …), an
//! optional board diagram (BOD) as the start position, then numbered moves such as
//! `   1 ７六歩(77)   ( 0:05/00:00:05)`, comments `*`, and an end word (投了, 詰み, 千日手 …).
//! Shift_JIS (`.kif`) and UTF-8 (`.kifu`) are both read (see [`super::decode`]).

use super::japanese::{self, FW_DIGITS, KANJI_DIGITS};
use super::{Builder, Format, FormatError};
use crate::Position;
use crate::handicap::Handicap;
use crate::record::{EndReason, GameEnd, Record, RecordInfo, TimeControl};
use crate::types::{Color, Hand, Move, Piece, PieceKind, Square};

const F: Format = Format::Kif;

/// KIF end words and what they mean; the first of a reason is the canonical one.
pub(crate) const END_WORDS: [(&str, EndReason); 18] = [
    ("投了", EndReason::Resign),
    ("千日手", EndReason::Sennichite),
    ("詰み", EndReason::Checkmate),
    ("詰", EndReason::Checkmate),
    ("持将棋", EndReason::Jishogi),
    ("切れ負け", EndReason::TimeUp),
    ("時間切れ", EndReason::TimeUp),
    ("反則勝ち", EndReason::IllegalWin),
    ("反則負け", EndReason::IllegalLoss),
    ("入玉勝ち", EndReason::DeclarationWin),
    ("宣言勝ち", EndReason::DeclarationWin),
    // cshogi's KIF exporter writes the declaration win so.
    ("入玉宣言", EndReason::DeclarationWin),
    ("中断", EndReason::Interrupted),
    ("最大手数", EndReason::MaxMoves),
    ("引き分け", EndReason::Draw),
    ("不詰", EndReason::NoMate),
    ("封じ手", EndReason::Sealed),
    // 81Dojo's KIF export.
    ("Time-up", EndReason::TimeUp),
];

pub(crate) fn end_word(s: &str) -> Option<EndReason> {
    END_WORDS.iter().find(|(w, _)| s == *w).map(|(_, r)| r.clone())
}

/// Sets the end the record states. A second end line (a server's 中断 after 投了, a KI2
/// summary after Shogi DB2's `△投了`) does not replace the first, which decides; it is noted.
pub(crate) fn set_end(b: &mut Builder, end: GameEnd, line_no: usize) {
    match &b.record.end {
        None => b.record.end = Some(end),
        Some(first) if first.reason == end.reason => {
            b.note(line_no, format!("the end {} is stated again", end.reason.kif_word()));
        }
        Some(first) => {
            let msg =
                format!("a second end {} after {}: the first decides", end.reason.kif_word(), first.reason.kif_word());
            b.note(line_no, msg);
        }
    }
}

/// `   12 ７六歩(77)` or `  13 投了`: a numbered move line.
pub(crate) fn is_move_line(l: &str) -> bool {
    let l = l.trim_start();
    let digits = l.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    let rest = l[digits..].trim_start();
    if rest.len() == l[digits..].len() {
        return false;
    }
    let first = rest.chars().next();
    first.is_some_and(|c| FW_DIGITS.contains(&c) || c == '同' || c.is_ascii_digit() && rest.len() > 1)
        || END_WORDS.iter().any(|(w, _)| rest.starts_with(w))
}

/// The header of a KIF or KI2 file being read, and the board diagram if there is one.
#[derive(Default)]
pub(crate) struct Header {
    pub info: RecordInfo,
    board: Option<[Option<Piece>; 81]>,
    rows_seen: usize,
    hands: [Hand; 2],
    hands_given: bool,
    turn: Option<Color>,
    moves_before: Option<u32>,
}

impl Header {
    /// Reads one header line; false when the line is not a header line.
    pub fn line(&mut self, line: &str, line_no: usize, format: Format) -> Result<bool, FormatError> {
        let t = line.trim();
        if t.starts_with('|') {
            return self.board_row(t, line_no, format).map(|_| true);
        }
        if t.starts_with("+---") || t.starts_with("９ ８") || t.starts_with("  ９") || t.starts_with('９') {
            return Ok(true);
        }
        if matches!(t, "先手番" | "下手番") {
            self.turn = Some(Color::Black);
            return Ok(true);
        }
        if matches!(t, "後手番" | "上手番") {
            self.turn = Some(Color::White);
            return Ok(true);
        }
        if let Some(n) = t.strip_prefix("手数＝").or_else(|| t.strip_prefix("手数=")) {
            let n = n.split_whitespace().next().unwrap_or("");
            self.moves_before =
                Some(n.parse().map_err(|_| FormatError::new(format, line_no, 4, format!("bad move count {n:?}")))?);
            return Ok(true);
        }
        let Some((key, value)) = t.split_once('：').or_else(|| t.split_once(':').filter(|(k, _)| !k.is_ascii()))
        else {
            return Ok(false);
        };
        let value = value.trim();
        let info = &mut self.info;
        match key {
            "先手" | "下手" => info.black = Some(value.into()),
            "後手" | "上手" => info.white = Some(value.into()),
            "棋戦" => info.event = Some(value.into()),
            "場所" => info.site = Some(value.into()),
            "開始日時" => info.start_time = Some(value.into()),
            "終了日時" => info.end_time = Some(value.into()),
            "戦型" => info.opening = Some(value.into()),
            "持ち時間" => match parse_time_control(value) {
                Some(mut tc) => {
                    // A 秒読み line read before keeps its byo-yomi.
                    if tc.byoyomi_ms == 0 {
                        tc.byoyomi_ms = info.time_control.as_ref().map_or(0, |t| t.byoyomi_ms);
                    }
                    info.time_control = Some(tc);
                }
                None => info.extra.push((key.into(), value.into())),
            },
            // Kifu for Windows (Pro) gives the byo-yomi of professional games on its own line.
            "秒読み" => match parse_duration(value) {
                Some(ms) => info.time_control.get_or_insert_with(TimeControl::default).byoyomi_ms = ms,
                None => info.extra.push((key.into(), value.into())),
            },
            "手合割" => match Handicap::from_kif_name(value) {
                Some(h) => info.handicap = Some(h),
                None => info.extra.push((key.into(), value.into())),
            },
            "先手の持駒" | "下手の持駒" | "後手の持駒" | "上手の持駒" => {
                let color = if key.starts_with('先') || key.starts_with('下') { Color::Black } else { Color::White };
                let col = key.chars().count() + 2;
                self.hands[color.index()] = parse_hand(value).map_err(|m| FormatError::new(format, line_no, col, m))?;
                self.hands_given = true;
            }
            _ => info.extra.push((key.into(), value.into())),
        }
        Ok(true)
    }

    fn board_row(&mut self, t: &str, line_no: usize, format: Format) -> Result<(), FormatError> {
        let board = self.board.get_or_insert([None; 81]);
        let rank = self.rows_seen + 1;
        if rank > 9 {
            return Err(FormatError::new(format, line_no, 1, "more than nine board rows"));
        }
        self.rows_seen += 1;
        let inner = &t[1..];
        let inner = inner.split('|').next().unwrap_or("");
        let mut file = 9u8;
        let mut white = false;
        for (ci, c) in inner.chars().enumerate() {
            let col = ci + 2;
            match c {
                ' ' | '^' => white = false,
                'v' | 'V' => white = true,
                '・' | '□' => {
                    if file == 0 {
                        return Err(FormatError::new(format, line_no, col, "more than nine squares in a board row"));
                    }
                    file -= 1;
                    white = false;
                }
                _ => {
                    let kind = japanese::piece_from_short(c).ok_or_else(|| {
                        FormatError::new(format, line_no, col, format!("unknown piece {c:?} in the board diagram"))
                    })?;
                    if file == 0 {
                        return Err(FormatError::new(format, line_no, col, "more than nine squares in a board row"));
                    }
                    let sq = Square::from_numbers(file, rank as u8).expect("1..=9");
                    board[sq.index()] = Some(Piece::new(if white { Color::White } else { Color::Black }, kind));
                    file -= 1;
                    white = false;
                }
            }
        }
        if file != 0 {
            return Err(FormatError::new(
                format,
                line_no,
                t.chars().count(),
                format!("a board row needs nine squares, found {}", 9 - file),
            ));
        }
        Ok(())
    }

    /// The start position the header describes: the diagram, else the handicap, else the even
    /// start position.
    pub fn start(&self, line_no: usize, format: Format) -> Result<Position, FormatError> {
        let move_number = self.moves_before.map_or(1, |n| n.saturating_add(1));
        if let Some(board) = self.board {
            if self.rows_seen != 9 {
                return Err(FormatError::new(
                    format,
                    line_no,
                    1,
                    format!("the board diagram has {} rows, not nine", self.rows_seen),
                ));
            }
            let turn = self.turn.unwrap_or(Color::Black);
            return Position::from_parts(board, self.hands, turn, move_number)
                .map_err(|e| FormatError::new(format, line_no, 1, format!("bad board diagram: {e}")));
        }
        let base = self.info.handicap.map_or_else(Position::startpos, Handicap::position);
        if self.moves_before.is_none() && self.turn.is_none() && !self.hands_given {
            return Ok(base);
        }
        let mut board = [None; 81];
        for sq in Square::all() {
            board[sq.index()] = base.piece_at(sq);
        }
        Position::from_parts(board, self.hands, self.turn.unwrap_or(base.turn()), move_number)
            .map_err(|e| FormatError::new(format, line_no, 1, format!("bad start position: {e}")))
    }
}

/// `飛　角二　歩十八` or `なし`.
fn parse_hand(v: &str) -> Result<Hand, String> {
    let mut hand = Hand::EMPTY;
    for tok in v.split([' ', '　']).filter(|s| !s.is_empty()) {
        if tok == "なし" {
            continue;
        }
        let mut cs = tok.chars();
        let c = cs.next().expect("non-empty");
        let kind = japanese::piece_from_short(c)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(|| format!("{c:?} cannot be in hand"))?;
        let rest = cs.as_str();
        let n = if rest.is_empty() {
            1
        } else {
            japanese::parse_kanji_number(rest).ok_or_else(|| format!("bad count {rest:?}"))?
        };
        hand = hand.with_count(kind, hand.count(kind) + n).ok_or_else(|| format!("too many {c} in hand"))?;
    }
    Ok(hand)
}

fn hand_text(hand: Hand) -> String {
    if hand.is_empty() {
        return "なし".into();
    }
    let mut s = String::new();
    for kind in PieceKind::HAND_WRITTEN {
        let n = hand.count(kind);
        if n > 0 {
            s.push(japanese::short_name(kind));
            if n > 1 {
                s.push_str(&japanese::kanji_number(n));
            }
            s.push('　');
        }
    }
    s
}

/// `2時間`, `10分+30秒`, `各15分`, `1時間30分+秒読み60秒+加算10秒`.
pub(crate) fn parse_time_control(v: &str) -> Option<TimeControl> {
    // A remark in brackets (`2時間（チェスクロック使用）`) is not part of the time.
    let v = v.split(['（', '(']).next().unwrap_or(v);
    let v = v.trim().trim_start_matches('各');
    let mut tc = TimeControl::default();
    for (i, part) in v.split(['+', '＋']).enumerate() {
        let part = part.trim();
        if let Some(p) = part.strip_prefix("秒読み") {
            tc.byoyomi_ms = parse_duration(p)?;
        } else if let Some(p) = part.strip_prefix("加算").or_else(|| part.strip_prefix("フィッシャー")) {
            tc.increment_ms = parse_duration(p)?;
        } else if i == 0 {
            tc.main_ms = parse_duration(part)?;
        } else {
            tc.byoyomi_ms = parse_duration(part)?;
        }
    }
    Some(tc)
}

/// `1時間30分5秒` → ms.
fn parse_duration(s: &str) -> Option<u64> {
    let mut total = 0u64;
    let mut num = String::new();
    let mut any = false;
    for c in s.trim().chars() {
        if let Some(d) = c.to_digit(10).or_else(|| FW_DIGITS.iter().position(|&f| f == c).map(|i| i as u32 + 1)) {
            num.push(char::from_digit(d, 10)?);
            continue;
        }
        let unit = match c {
            '時' => 3_600_000,
            '分' => 60_000,
            '秒' => 1000,
            '間' => continue,
            _ => return None,
        };
        total = total.checked_add(num.parse::<u64>().ok()?.checked_mul(unit)?)?;
        num.clear();
        any = true;
    }
    if !num.is_empty() {
        return None;
    }
    any.then_some(total)
}

fn duration_text(ms: u64) -> String {
    let s = ms / 1000;
    let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60);
    let mut out = String::new();
    if h > 0 {
        out.push_str(&format!("{h}時間"));
    }
    if m > 0 {
        out.push_str(&format!("{m}分"));
    }
    if sec > 0 || out.is_empty() {
        out.push_str(&format!("{sec}秒"));
    }
    out
}

pub(crate) fn time_control_text(tc: &TimeControl) -> String {
    let mut s = duration_text(tc.main_ms);
    if tc.byoyomi_ms > 0 {
        s.push_str(&format!("+秒読み{}", duration_text(tc.byoyomi_ms)));
    }
    if tc.increment_ms > 0 {
        s.push_str(&format!("+加算{}", duration_text(tc.increment_ms)));
    }
    s
}

/// `( 0:05/00:00:05)` → the move's time (the part before `/`), in ms.
fn parse_move_time(s: &str) -> Option<u64> {
    let inner = s.trim().strip_prefix('(')?.split(['/', ')']).next()?.trim();
    let parts: Vec<&str> = inner.split(':').collect();
    if parts.len() < 2 || parts.len() > 3 {
        return None;
    }
    let mut total = 0u64;
    for p in &parts {
        total = total.checked_mul(60)?.checked_add(p.trim().parse::<u64>().ok()?)?;
    }
    total.checked_mul(1000)
}

/// Reads a KIF record (the main line; variations after `変化：` are skipped).
pub fn read(text: &str) -> Result<Record, FormatError> {
    let mut header = Header::default();
    let mut b: Option<Builder> = None;
    let mut pending_comments: Vec<String> = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, raw) in lines.iter().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end();
        let t = line.trim_start();
        match japanese::classify(t) {
            japanese::Line::Skip => continue,
            japanese::Line::Variation => break,
            japanese::Line::Comment(c) => {
                match b.as_mut() {
                    Some(b) => b.comment(c.to_string()),
                    None => pending_comments.push(c.to_string()),
                }
                continue;
            }
            japanese::Line::Text => {}
        }
        if t.starts_with("手数----") {
            if b.is_none() {
                b = Some(start_builder(&header, line_no, &mut pending_comments)?);
            }
            continue;
        }
        if is_move_line(t) {
            let bd = match b.as_mut() {
                Some(bd) => bd,
                None => b.insert(start_builder(&header, line_no, &mut pending_comments)?),
            };
            move_line(bd, line, line_no)?;
            continue;
        }
        if t.starts_with("まで") {
            continue;
        }
        if b.is_none() && header.line(line, line_no, F)? {
            continue;
        }
        return Err(Builder::unknown_line(b.as_ref(), F, line, line_no));
    }
    let b = match b {
        Some(b) => b,
        None => start_builder(&header, lines.len().max(1), &mut pending_comments)?,
    };
    Ok(b.finish())
}

pub(crate) fn start_builder(
    header: &Header,
    line_no: usize,
    comments: &mut Vec<String>,
) -> Result<Builder, FormatError> {
    let start = header.start(line_no, F)?;
    let mut b = Builder::new(F, start);
    b.record.info = header.info.clone();
    b.record.info.comments.append(comments);
    Ok(b)
}

fn move_line(b: &mut Builder, line: &str, line_no: usize) -> Result<(), FormatError> {
    let t = line.trim_start();
    let lead = line.len() - t.len();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let after = &t[digits..];
    let body = after.trim_start();
    let body_byte = lead + digits + (after.len() - body.len());
    let col = super::column_of(line, body_byte);
    // The time, if any, is the last parenthesised group that contains ':'.
    let (text, time) = match body.rfind('(') {
        Some(p) if body[p..].contains(':') => (body[..p].trim_end(), Some(&body[p..])),
        _ => (body.trim_end(), None),
    };
    let time_ms = match time {
        Some(t) => Some(
            parse_move_time(t)
                .ok_or_else(|| b.error(line_no, col + text.chars().count(), format!("bad time {t:?}")))?,
        ),
        None => None,
    };
    let word = text.trim_end_matches('+').trim();
    if let Some(reason) = end_word(word) {
        let mut end = GameEnd::new(reason);
        end.time_ms = time_ms;
        set_end(b, end, line_no);
        return Ok(());
    }
    let (jm, used) = japanese::parse_move(word).map_err(|m| b.error(line_no, col, m))?;
    if used != word.len() {
        let c = col + word[..used].chars().count();
        return Err(b.error(line_no, c, format!("unexpected {:?} after the move", &word[used..])));
    }
    let mv = japanese::resolve(&b.pos, &jm, b.last_to()).map_err(|m| b.error(line_no, col, m))?;
    b.play(mv, line_no, col)?;
    b.record.moves.last_mut().expect("just played").time_ms = time_ms;
    Ok(())
}

/// The header lines shared by KIF and KI2, and the board diagram when the start position is not
/// the one the handicap (or its absence) implies.
pub(crate) fn write_header(r: &Record, out: &mut String) {
    let info = &r.info;
    for (key, v) in
        [("開始日時", &info.start_time), ("終了日時", &info.end_time), ("棋戦", &info.event), ("場所", &info.site)]
    {
        if let Some(v) = v {
            out.push_str(&format!("{key}：{v}\n"));
        }
    }
    if let Some(tc) = &info.time_control {
        out.push_str(&format!("持ち時間：{}\n", time_control_text(tc)));
    }
    if let Some(v) = &info.opening {
        out.push_str(&format!("戦型：{v}\n"));
    }
    for (k, v) in &info.extra {
        out.push_str(&format!("{k}：{v}\n"));
    }
    if let Some(h) = info.handicap {
        out.push_str(&format!("手合割：{}\n", h.kif_name()));
    }
    let implied = info.handicap.map_or_else(Position::startpos, Handicap::position);
    if r.start != implied {
        write_board(&r.start, out);
    }
    if let Some(n) = &info.black {
        out.push_str(&format!("先手：{n}\n"));
    }
    if let Some(n) = &info.white {
        out.push_str(&format!("後手：{n}\n"));
    }
    for c in &info.comments {
        out.push_str(&format!("*{c}\n"));
    }
}

fn write_board(pos: &Position, out: &mut String) {
    out.push_str(&format!("後手の持駒：{}\n", hand_text(pos.hand(Color::White))));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        out.push('|');
        for file in (1..=9u8).rev() {
            match pos.piece_at(Square::from_numbers(file, rank).expect("1..=9")) {
                Some(p) => {
                    out.push(if p.color == Color::White { 'v' } else { ' ' });
                    out.push(japanese::short_name(p.kind));
                }
                None => out.push_str(" ・"),
            }
        }
        out.push('|');
        out.push(KANJI_DIGITS[rank as usize - 1]);
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    out.push_str(&format!("先手の持駒：{}\n", hand_text(pos.hand(Color::Black))));
    out.push_str(if pos.turn() == Color::White { "後手番\n" } else { "先手番\n" });
    if pos.move_number() > 1 {
        out.push_str(&format!("手数＝{}\n", pos.move_number() - 1));
    }
}

fn clock(ms: u64, total: u64) -> String {
    let (s, t) = (ms / 1000, total / 1000);
    format!("({:>2}:{:02}/{:02}:{:02}:{:02})", s / 60, s % 60, t / 3600, t / 60 % 60, t % 60)
}

/// The move text of KIF: `７六歩(77)`, `同　銀成(44)`, `５五角打`.
pub fn move_text(pos: &Position, mv: Move, last_to: Option<Square>) -> String {
    let mut s = if last_to == Some(mv.to()) { "同　".to_string() } else { japanese::square_text(mv.to()) };
    s.push_str(japanese::name(japanese::moved_kind(pos, mv)));
    // 不成 is read but not written: the origin already makes the move exact, and common
    // readers (cshogi among them) do not accept it.
    if mv.is_promotion() {
        s.push('成');
    }
    match mv {
        Move::Board { from, .. } | Move::Unpromote { from, .. } => {
            s.push_str(&format!("({}{})", from.file().number(), from.rank().number()))
        }
        Move::Drop { .. } => s.push('打'),
    }
    s
}

/// Pads Japanese text to a display width (full-width characters count two).
pub(crate) fn pad(s: &str, width: usize) -> String {
    let w: usize = s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
    format!("{s}{}", " ".repeat(width.saturating_sub(w)))
}

/// Writes a record as KIF (UTF-8; encode to Shift_JIS for `.kif` files if needed).
pub fn write(r: &Record) -> String {
    let mut out = String::new();
    write_header(r, &mut out);
    out.push_str("手数----指手---------消費時間--\n");
    let mut pos = r.start.clone();
    let first = pos.move_number();
    let mut totals = [0u64; 2];
    let mut last_to = None;
    let mut n = first;
    for m in &r.moves {
        let us = pos.turn();
        let text = move_text(&pos, m.mv, last_to);
        match m.time_ms {
            Some(t) => {
                totals[us.index()] += t;
                out.push_str(&format!("{n:>4} {} {}\n", pad(&text, 14), clock(t, totals[us.index()])));
            }
            None => out.push_str(&format!("{n:>4} {text}\n")),
        }
        for c in &m.comments {
            out.push_str(&format!("*{c}\n"));
        }
        last_to = Some(m.mv.to());
        n = n.saturating_add(1);
        if pos.play_lenient(m.mv).is_err() {
            break;
        }
    }
    if let Some(end) = &r.end {
        let word = match &end.reason {
            EndReason::IllegalAction(c) if *c == pos.turn() => "反則負け",
            EndReason::IllegalAction(_) => "反則勝ち",
            reason => reason.kif_word(),
        };
        match end.time_ms {
            Some(t) => {
                let us = pos.turn();
                totals[us.index()] += t;
                out.push_str(&format!("{n:>4} {} {}\n", pad(word, 14), clock(t, totals[us.index()])));
            }
            None => out.push_str(&format!("{n:>4} {word}\n")),
        }
        for c in &end.comments {
            out.push_str(&format!("*{c}\n"));
        }
    }
    out
}

/// The KIF text encoded as Shift_JIS (the `.kif` convention).
pub fn write_shift_jis(r: &Record) -> Vec<u8> {
    encoding_rs::SHIFT_JIS.encode(&write(r)).0.into_owned()
}
