//! KI2 records: the KIF header, then moves without origins (`▲７六歩　△３四歩`), several on a
//! line, with the relative words 右 左 上 引 寄 直 打 行 入 where two pieces could make the move,
//! comments `*`, and a closing summary (`まで77手で先手の勝ち`).

use super::japanese::{self, FW_DIGITS};
use super::kif::{self, Header};
use super::{Builder, Format, FormatError};
use crate::record::{EndReason, GameEnd, Record};
use crate::types::Color;

const F: Format = Format::Ki2;
const MARKS: [char; 5] = ['▲', '△', '☗', '☖', '▽'];

/// Whether a line holds a KI2 move (a side mark followed by a square or 同).
pub(crate) fn has_move(l: &str) -> bool {
    let mut cs = l.chars().peekable();
    while let Some(c) = cs.next() {
        if MARKS.contains(&c) && cs.peek().is_some_and(|n| FW_DIGITS.contains(n) || *n == '同') {
            return true;
        }
    }
    false
}

/// `まで77手で先手の勝ち`, `まで80手で千日手` …
fn summary(rest: &str) -> Option<EndReason> {
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.strip_prefix("手で").or_else(|| rest.strip_prefix("手にて")).unwrap_or(rest);
    for (w, reason) in kif::END_WORDS.iter() {
        if *w != "詰" && rest.contains(w) {
            return Some(reason.clone());
        }
    }
    if rest.contains("の勝ち") {
        return Some(EndReason::Resign);
    }
    None
}

pub fn read(text: &str) -> Result<Record, FormatError> {
    let mut header = Header::default();
    let mut b: Option<Builder> = None;
    let mut pending = Vec::new();
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
                    None => pending.push(c.to_string()),
                }
                continue;
            }
            japanese::Line::Text => {}
        }
        if let Some(rest) = t.strip_prefix("まで") {
            let bd = match b.as_mut() {
                Some(bd) => bd,
                None => b.insert(start(&header, line_no, &mut pending)?),
            };
            let col = line.len() - t.len() + 1;
            let reason = summary(rest).ok_or_else(|| bd.error(line_no, col, format!("unknown game end {t:?}")))?;
            if bd.record.end.is_some() {
                return Err(bd.error(line_no, col, "second end of game"));
            }
            bd.record.end = Some(GameEnd::new(reason));
            continue;
        }
        if t.starts_with(MARKS) {
            let bd = match b.as_mut() {
                Some(bd) => bd,
                None => b.insert(start(&header, line_no, &mut pending)?),
            };
            moves_line(bd, line, line_no)?;
            continue;
        }
        if b.is_none() && header.line(line, line_no, F)? {
            continue;
        }
        return Err(Builder::unknown_line(b.as_ref(), F, line, line_no));
    }
    let b = match b {
        Some(b) => b,
        None => start(&header, lines.len().max(1), &mut pending)?,
    };
    Ok(b.finish())
}

fn start(header: &Header, line_no: usize, pending: &mut Vec<String>) -> Result<Builder, FormatError> {
    let mut b = kif::start_builder(header, line_no, pending)?;
    b.format = F;
    Ok(b)
}

fn moves_line(b: &mut Builder, line: &str, line_no: usize) -> Result<(), FormatError> {
    let mut i = 0;
    while i < line.len() {
        let rest = &line[i..];
        let Some(c) = rest.chars().next() else { break };
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        let col = super::column_of(line, i);
        if !MARKS.contains(&c) {
            return Err(b.error(line_no, col, format!("expected ▲ or △ before a move, found {c:?}")));
        }
        let color = if c == '▲' || c == '☗' { Color::Black } else { Color::White };
        if color != b.pos.turn() {
            return Err(b.error(
                line_no,
                col,
                format!("{c} but {} is to move", if b.pos.turn() == Color::Black { "▲" } else { "△" }),
            ));
        }
        i += c.len_utf8();
        let body = &line[i..];
        let (jm, used) = japanese::parse_move(body).map_err(|m| b.error(line_no, col + 1, m))?;
        let mv = japanese::resolve(&b.pos, &jm, b.last_to()).map_err(|m| b.error(line_no, col, m))?;
        b.play(mv, line_no, col)?;
        i += used;
    }
    Ok(())
}

/// Writes a record as KI2. KI2 has no times: they are not written.
pub fn write(r: &Record) -> String {
    let mut out = String::new();
    kif::write_header(r, &mut out);
    let mut pos = r.start.clone();
    let mut last_to = None;
    for m in &r.moves {
        let mark = if pos.turn() == Color::Black { '▲' } else { '△' };
        let mut s = String::new();
        s.push(mark);
        let kind = japanese::moved_kind(&pos, m.mv);
        if last_to == Some(m.mv.to()) {
            s.push('同');
        } else {
            s.push_str(&japanese::square_text(m.mv.to()));
        }
        // One-character names (全 圭 杏), as KI2 readers such as cshogi's expect.
        s.push(japanese::short_name(kind));
        match japanese::relative_words(&pos, m.mv) {
            Some(w) => {
                s.push_str(&w);
                s.push_str(japanese::promotion_word(&pos, m.mv));
            }
            None => {
                // No words single the piece out (or it cannot move there): give the origin.
                s.push_str(japanese::promotion_word(&pos, m.mv));
                if let Some(f) = m.mv.from() {
                    s.push_str(&format!("({}{})", f.file().number(), f.rank().number()));
                }
            }
        }
        // One move a line: cshogi's KI2 reader loses its place on lines with several moves.
        out.push_str(&s);
        out.push('\n');
        for c in &m.comments {
            out.push_str(&format!("*{c}\n"));
        }
        last_to = Some(m.mv.to());
        if pos.play_lenient(m.mv).is_err() {
            break;
        }
    }
    if let Some(end) = &r.end {
        let n = r.moves.len();
        let text = match &end.reason {
            EndReason::Resign => {
                let winner = if pos.turn() == Color::Black { "後手" } else { "先手" };
                format!("まで{n}手で{winner}の勝ち")
            }
            EndReason::IllegalAction(c) if *c == pos.turn() => format!("まで{n}手で反則負け"),
            EndReason::IllegalAction(_) => format!("まで{n}手で反則勝ち"),
            reason => format!("まで{n}手で{}", reason.kif_word()),
        };
        out.push_str(&text);
        out.push('\n');
        for c in &end.comments {
            out.push_str(&format!("*{c}\n"));
        }
    }
    out
}
