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

/// Whether a line starts with a KI2 move (a side mark followed by a square — full-width,
/// half-width or kanji digits — or 同).
pub(crate) fn starts_with_move(l: &str) -> bool {
    let mut cs = l.chars();
    cs.next().is_some_and(|c| MARKS.contains(&c))
        && cs.next().is_some_and(|n| FW_DIGITS.contains(&n) || n.is_ascii_digit() || n == '同')
}

/// The closing summary after `まで`: `77手で先手の勝ち`, `80手で千日手`, `4手で詰`,
/// `4手で時間切れにより後手の勝ち`, `4手で後手の反則勝ち` … `mover` is the side to move at the end;
/// a side the summary names decides who the end word is for.
fn summary(rest: &str, mover: Color) -> Option<EndReason> {
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.strip_prefix("手で").or_else(|| rest.strip_prefix("手にて")).unwrap_or(rest).trim();
    let (side, word) = match ["先手の", "下手の", "後手の", "上手の"].iter().find(|p| rest.starts_with(**p))
    {
        Some(p) => (Some(if p.starts_with(['先', '下']) { Color::Black } else { Color::White }), &rest[p.len()..]),
        None => (None, rest),
    };
    // A named side is who won (反則勝ち) or who fouled (反則負け); the end words are the side
    // to move's.
    Some(match word {
        "詰" | "詰み" => EndReason::Checkmate,
        "反則勝ち" => match side {
            Some(s) if s != mover => EndReason::IllegalLoss,
            _ => EndReason::IllegalWin,
        },
        "反則負け" => match side {
            Some(s) if s != mover => EndReason::IllegalWin,
            _ => EndReason::IllegalLoss,
        },
        "勝ち" => EndReason::Resign,
        w if w.starts_with("時間切れ") || w.starts_with("切れ負け") => EndReason::TimeUp,
        w => {
            if let Some(reason) = kif::end_word(w) {
                reason
            } else if w.ends_with("の勝ち") || side.is_some() && w.ends_with("勝ち") && !w.contains("反則") {
                EndReason::Resign
            } else {
                return kif::END_WORDS
                    .iter()
                    .find(|(e, _)| e.chars().count() > 1 && w.contains(e))
                    .map(|(_, r)| r.clone());
            }
        }
    })
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
            let reason = summary(rest, bd.pos.turn())
                .ok_or_else(|| bd.error(line_no, col, format!("unknown game end {t:?}")))?;
            kif::set_end(bd, GameEnd::new(reason), line_no);
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
        i += c.len_utf8();
        let body = &line[i..];
        // Shogi DB2 writes the end in the move line (`△投了`, `▲千日手`); its mark is not
        // always the side to move's, and the end is the side to move's whatever the mark.
        let word = body.split_whitespace().next().unwrap_or("");
        if let Some(reason) = kif::end_word(word) {
            kif::set_end(b, GameEnd::new(reason), line_no);
            i += word.len();
            continue;
        }
        let color = if c == '▲' || c == '☗' { Color::Black } else { Color::White };
        if color != b.pos.turn() {
            return Err(b.error(
                line_no,
                col,
                format!("{c} but {} is to move", if b.pos.turn() == Color::Black { "▲" } else { "△" }),
            ));
        }
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
    if out.is_empty() {
        // No header, no move: the version line alone says what the file is (an empty file
        // would be no record at all).
        out.push_str("#KI2 version=2.0\n");
    }
    out
}
