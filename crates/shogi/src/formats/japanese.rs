//! Japanese move notation shared by KIF and KI2: squares `７六`, `同`, piece names (成銀/全,
//! 龍/竜, 王/玉 …), the words 成 不成 打 and the relative words 右 左 上 引 寄 直 行 入, and the
//! kanji numerals of hand counts.

use super::{may_promote, prefer_legal, reachable_from};
use crate::Position;
use crate::types::{Color, Move, PieceKind, Square};

pub const FW_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
pub const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Canonical piece names as KIF moves write them, indexed by [`PieceKind::index`].
const NAMES: [&str; 14] = ["歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"];
/// One-character names, as board diagrams write them.
const SHORT: [char; 14] = ['歩', '香', '桂', '銀', '角', '飛', '金', '玉', 'と', '杏', '圭', '全', '馬', '龍'];

pub fn name(kind: PieceKind) -> &'static str {
    NAMES[kind.index()]
}

pub fn short_name(kind: PieceKind) -> char {
    SHORT[kind.index()]
}

/// Reads a piece name at the start of `s`: the kind and its length in bytes.
pub fn parse_piece(s: &str) -> Option<(PieceKind, usize)> {
    use PieceKind::*;
    const TABLE: [(&str, PieceKind); 22] = [
        ("成銀", ProSilver),
        ("成桂", ProKnight),
        ("成香", ProLance),
        ("成角", Horse),
        ("成飛", Dragon),
        ("成歩", ProPawn),
        ("全", ProSilver),
        ("圭", ProKnight),
        ("杏", ProLance),
        ("歩", Pawn),
        ("香", Lance),
        ("桂", Knight),
        ("銀", Silver),
        ("金", Gold),
        ("角", Bishop),
        ("飛", Rook),
        ("玉", King),
        ("王", King),
        ("と", ProPawn),
        ("馬", Horse),
        ("龍", Dragon),
        ("竜", Dragon),
    ];
    TABLE.iter().find(|(n, _)| s.starts_with(n)).map(|&(n, k)| (k, n.len()))
}

pub fn piece_from_short(c: char) -> Option<PieceKind> {
    let mut buf = [0u8; 4];
    parse_piece(c.encode_utf8(&mut buf)).map(|(k, _)| k)
}

fn digit(c: char) -> Option<u8> {
    if let Some(i) = FW_DIGITS.iter().position(|&d| d == c) {
        return Some(i as u8 + 1);
    }
    if let Some(i) = KANJI_DIGITS.iter().position(|&d| d == c) {
        return Some(i as u8 + 1);
    }
    c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8)
}

/// `７六` → 7f.
pub fn square_text(sq: Square) -> String {
    format!("{}{}", FW_DIGITS[sq.file().index()], KANJI_DIGITS[sq.rank().index()])
}

/// 1 → 一, 10 → 十, 18 → 十八.
pub fn kanji_number(n: u8) -> String {
    match n {
        0 => "〇".into(),
        1..=9 => KANJI_DIGITS[n as usize - 1].to_string(),
        10 => "十".into(),
        _ => format!("十{}", KANJI_DIGITS[(n as usize - 11) % 9]),
    }
}

/// 一 → 1, 十八 → 18, also ASCII and full-width digits.
pub fn parse_kanji_number(s: &str) -> Option<u8> {
    let s = s.trim();
    if let Ok(n) = s.parse::<u8>() {
        return Some(n);
    }
    if let Some(rest) = s.strip_prefix('十') {
        return if rest.is_empty() { Some(10) } else { parse_kanji_number(rest).filter(|&n| n < 10).map(|n| 10 + n) };
    }
    let mut cs = s.chars();
    let d = digit(cs.next()?)?;
    if cs.next().is_some() {
        return None;
    }
    Some(d)
}

/// A move as Japanese notation writes it, before it is resolved against a position.
#[derive(Debug, Clone, Default)]
pub struct JpMove {
    /// None: 同 (the previous move's square).
    pub to: Option<Square>,
    pub kind: Option<PieceKind>,
    /// Some(true) 成, Some(false) 不成/生.
    pub promote: Option<bool>,
    pub drop: bool,
    /// Relative words: 右 左 直 上 引 寄 (行 and 入 read as 上).
    pub words: Vec<char>,
    /// KIF's `(77)` origin.
    pub from: Option<Square>,
}

/// Parses a move at the start of `s` (no side mark); returns it and the bytes consumed.
pub fn parse_move(s: &str) -> Result<(JpMove, usize), String> {
    let mut m = JpMove::default();
    let mut i = 0;
    if let Some(rest) = s.strip_prefix('同') {
        i += '同'.len_utf8();
        let trimmed = rest.trim_start_matches([' ', '　']);
        i += rest.len() - trimmed.len();
    } else {
        let mut cs = s.chars();
        let (f, r) = (cs.next(), cs.next());
        match (f.and_then(digit), r.and_then(digit)) {
            (Some(f), Some(r)) => {
                m.to = Square::from_numbers(f, r);
                i += f_len(s, 2);
            }
            _ => {
                return Err(format!(
                    "expected a square such as ７六 or 同, found {:?}",
                    s.chars().take(4).collect::<String>()
                ));
            }
        }
    }
    let (kind, n) = parse_piece(&s[i..])
        .ok_or_else(|| format!("expected a piece name, found {:?}", s[i..].chars().take(3).collect::<String>()))?;
    m.kind = Some(kind);
    i += n;
    loop {
        let rest = &s[i..];
        if let Some(r) = rest.strip_prefix("不成").or_else(|| rest.strip_prefix("生")) {
            m.promote = Some(false);
            i = s.len() - r.len();
        } else if let Some(r) = rest.strip_prefix('成') {
            m.promote = Some(true);
            i = s.len() - r.len();
        } else if let Some(r) = rest.strip_prefix('打') {
            m.drop = true;
            i = s.len() - r.len();
        } else if let Some(c) = rest.chars().next().filter(|c| "右左直上引寄行入".contains(*c)) {
            m.words.push(if c == '行' || c == '入' { '上' } else { c });
            i += c.len_utf8();
        } else if let Some(r) =
            rest.strip_prefix(['　', ' ']).filter(|r| r.trim_start_matches(['　', ' ']).starts_with('('))
        {
            // A space before the origin (`同　銀　(79)`, Kifu for Android).
            i = s.len() - r.trim_start_matches(['　', ' ']).len();
        } else if rest.starts_with('(') {
            let close = rest.find(')').ok_or("unclosed ( in the origin")?;
            let inner = &rest[1..close];
            let b = inner.as_bytes();
            if b.len() != 2 || !b.iter().all(u8::is_ascii_digit) {
                return Err(format!("bad origin ({inner})"));
            }
            m.from =
                Some(Square::from_numbers(b[0] - b'0', b[1] - b'0').ok_or_else(|| format!("bad origin ({inner})"))?);
            i += close + 1;
            break;
        } else {
            break;
        }
    }
    Ok((m, i))
}

fn f_len(s: &str, chars: usize) -> usize {
    s.chars().take(chars).map(char::len_utf8).sum()
}

/// Vertical direction of a move for `color`: 1 forward, 0 sideways, -1 backward.
fn dy(color: Color, from: Square, to: Square) -> i32 {
    let d = from.rank().index() as i32 - to.rank().index() as i32;
    let d = if color == Color::Black { d } else { -d };
    d.signum()
}

/// Keeps the candidates matching relative word `w` for a move to `to` (see KI2).
fn filter(color: Color, kind: PieceKind, cands: &[Square], to: Square, w: char) -> Vec<Square> {
    let right_is_low = color == Color::Black;
    match w {
        '上' => cands.iter().copied().filter(|&f| dy(color, f, to) > 0).collect(),
        '引' => cands.iter().copied().filter(|&f| dy(color, f, to) < 0).collect(),
        '寄' => cands.iter().copied().filter(|&f| dy(color, f, to) == 0).collect(),
        '直' => {
            if matches!(
                kind,
                PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse | PieceKind::Lance
            ) {
                return Vec::new();
            }
            cands.iter().copied().filter(|&f| f.file() == to.file() && dy(color, f, to) > 0).collect()
        }
        '右' | '左' => {
            let files = cands.iter().map(|f| f.file().number());
            let want_low = (w == '右') == right_is_low;
            let Some(extreme) = (if want_low { files.min() } else { files.max() }) else { return Vec::new() };
            cands.iter().copied().filter(|f| f.file().number() == extreme).collect()
        }
        _ => cands.to_vec(),
    }
}

/// Applies the words: the vertical one first, then the horizontal one.
fn apply_words(color: Color, kind: PieceKind, cands: &[Square], to: Square, words: &[char]) -> Vec<Square> {
    let mut c = cands.to_vec();
    for w in words.iter().filter(|w| "上引寄".contains(**w)) {
        c = filter(color, kind, &c, to, *w);
    }
    for w in words.iter().filter(|w| "右左直".contains(**w)) {
        c = filter(color, kind, &c, to, *w);
    }
    c
}

/// Resolves a parsed move in `pos`. `last_to` is the previous move's square (for 同).
pub fn resolve(pos: &Position, m: &JpMove, last_to: Option<Square>) -> Result<Move, String> {
    let to = m.to.or(last_to).ok_or("同 (same square) at the first move")?;
    let kind = m.kind.ok_or("no piece")?;
    let promote = m.promote == Some(true);
    if let Some(from) = m.from {
        // A promoted piece written by its unpromoted name (`２二飛(28)` for the dragon on 28) was
        // put down face down: kept for the referee (fesa-2017 3.2; ufs-2016 5.8.3.2).
        if let Some(p) = pos.piece_at(from)
            && p.kind.is_promoted()
            && p.kind.unpromoted() == kind
            && !promote
        {
            return Ok(Move::Unpromote { from, to });
        }
        return Ok(Move::Board { from, to, promote });
    }
    if m.drop {
        return Ok(Move::Drop { kind, to });
    }
    let us = pos.turn();
    let all = reachable_from(pos, kind, to);
    let cands = apply_words(us, kind, &all, to, &m.words);
    if all.is_empty() && kind.is_hand_kind() && pos.hand(us).has(kind) && pos.piece_at(to).is_none() {
        // No piece on the board can go there: a drop without 打 (the usual KI2 spelling).
        return Ok(Move::Drop { kind, to });
    }
    let moves: Vec<Move> = cands.iter().map(|&from| Move::Board { from, to, promote }).collect();
    match prefer_legal(pos, moves) {
        Ok(mv) => Ok(mv),
        Err(c) if c.is_empty() => Err(format!("no {} can move to {}", name(kind), square_text(to))),
        Err(c) => Err(format!(
            "ambiguous: {} {} could come from {}",
            name(kind),
            square_text(to),
            c.iter()
                .filter_map(|m| m.from())
                .map(|f| format!("{}{}", f.file().number(), f.rank().number()))
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

/// The words KI2 needs to single out `mv` among the pieces that could make it, or `None` when no
/// combination of words does (the writer then adds the origin).
pub fn relative_words(pos: &Position, mv: Move) -> Option<String> {
    let us = pos.turn();
    match mv {
        // A drop promoted side up always says 打: without it the reader looks for a promoted
        // piece on the board (the implicit drop is only of a piece that can be held).
        Move::Drop { kind, to } => Some(if reachable_from(pos, kind, to).is_empty() && !kind.is_promoted() {
            String::new()
        } else {
            "打".into()
        }),
        Move::Board { from, to, .. } => {
            let kind = pos.piece_at(from)?.kind;
            let all = reachable_from(pos, kind, to);
            if !all.contains(&from) {
                return None;
            }
            let options: [&[char]; 13] = [
                &[],
                &['上'],
                &['引'],
                &['寄'],
                &['右'],
                &['左'],
                &['直'],
                &['右', '上'],
                &['右', '引'],
                &['右', '寄'],
                &['左', '上'],
                &['左', '引'],
                &['左', '寄'],
            ];
            options.iter().find(|ws| apply_words(us, kind, &all, to, ws) == [from]).map(|ws| ws.iter().collect())
        }
        // No piece of the written name makes it: the origin is written.
        Move::Unpromote { .. } => None,
    }
}

/// 成 / 不成 / nothing, as the move needs.
pub fn promotion_word(pos: &Position, mv: Move) -> &'static str {
    match mv {
        Move::Board { from, to, promote } => {
            let kind = pos.piece_at(from).map_or(PieceKind::Gold, |p| p.kind);
            if promote {
                "成"
            } else if may_promote(pos.turn(), kind, from, to) {
                "不成"
            } else {
                ""
            }
        }
        Move::Drop { .. } | Move::Unpromote { .. } => "",
    }
}

/// The moved piece's name before the move; for an unpromotion, the unpromoted name it was
/// written with.
pub fn moved_kind(pos: &Position, mv: Move) -> PieceKind {
    match mv {
        Move::Board { from, .. } => pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind),
        Move::Unpromote { from, .. } => pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind.unpromoted()),
        Move::Drop { kind, .. } => kind,
    }
}

/// What a KIF or KI2 line is before the format reads it: skipped (blank, `#` note, `&` remark),
/// the start of a variation (`変化：`, where the main line ends), a `*` comment, or text to read.
pub enum Line<'a> {
    Skip,
    Variation,
    Comment(&'a str),
    Text,
}

/// Classifies a line already trimmed on both sides.
pub fn classify(t: &str) -> Line<'_> {
    if t.is_empty() || t.starts_with('#') || t.starts_with('&') {
        Line::Skip
    } else if t.starts_with("変化：") || t.starts_with("変化:") {
        Line::Variation
    } else if let Some(c) = t.strip_prefix('*') {
        Line::Comment(c)
    } else {
        Line::Text
    }
}
