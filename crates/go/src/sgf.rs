//! SGF FF[4] records: a tolerant reader for the main line and a canonical writer.
//!
//! Reading follows the FF[4] grammar (`Collection = GameTree+`, `GameTree = "(" Node+ GameTree*
//! ")"`, `Node = ";" Property*`, `Property = Ident Value+`) with the deviations real exports
//! have: text before the first `(` (mail headers, BOMs), lower-case letters inside property
//! names (FF[3] `AddBlack`), `[tt]` as a pass on boards up to 19×19, point lists compressed as
//! `aa:cc`, komi written as `6,5` or in Fox's hundredths (`KM[375]` with Chinese rules = 7.5),
//! variations (only the main line — the first child — is read; the others are skipped), and
//! trailing games or text after the first game tree. GNU Go's `printsgf` writes the position
//! as `AB`/`AW` setup and folds the prisoners into `KM`; such a file reads fine, and the komi it
//! carries is then komi plus the prisoner difference.
//!
//! Errors carry the 1-based line and column of the offending byte and a reason.

use std::fmt::Write as _;

use crate::point::{Color, MAX_SIZE, MIN_SIZE, Point};

mod charset;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {reason}")]
pub struct SgfError {
    pub line: usize,
    pub column: usize,
    pub reason: String,
}

/// Does this text look like an SGF game tree (`(;` at the start, or inside with SGF properties)?
/// Used to tell a Go record from a shogi one by content.
pub fn looks_like_sgf(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    let starts = t.starts_with('(') && t[1..].trim_start().starts_with(';');
    starts || (t.contains("(;") && ["GM[", "SZ[", "FF["].iter().any(|k| t.contains(k)))
}

/// The text of an SGF file: decoded as its `CA[]` charset says when that is a known charset
/// the bytes are valid in (Fox writes GB2312, old Japanese files Shift_JIS); else as UTF-8 when
/// the bytes are valid UTF-8 (a byte-order mark is dropped); else in the charset detected as
/// Sabaki does — GBK, GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR, windows-1251, KOI8-R and the
/// other legacy encodings of the web: `chardetng`'s guess, unless its reading is implausible text
/// and another charset's is clearly better (see `charset.rs` beside this file) — so that names
/// and comments survive.
pub fn decode(bytes: &[u8]) -> String {
    let ascii = String::from_utf8_lossy(bytes);
    if let Some(i) = ascii.find("CA[") {
        let label: String = ascii[i + 3..].chars().take_while(|&c| c != ']').collect();
        if let Some(text) = encoding_rs::Encoding::for_label(label.trim().as_bytes())
            .and_then(|enc| enc.decode_without_bom_handling_and_without_replacement(bytes))
        {
            return text.trim_start_matches('\u{feff}').to_string();
        }
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(body) {
        return s.to_string();
    }
    charset::detect(bytes).decode_without_bom_handling(bytes).0.into_owned()
}

/// A raw property with the position of its name.
#[derive(Debug, Clone, PartialEq)]
pub struct RawProp {
    pub ident: String,
    pub values: Vec<String>,
    pub line: usize,
    pub column: usize,
}

/// One node of the main line.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    /// The move of the node, `None` point = pass.
    pub mv: Option<(Color, Option<Point>)>,
    pub add_black: Vec<Point>,
    pub add_white: Vec<Point>,
    pub add_empty: Vec<Point>,
    /// PL: whose turn it is after this node's setup.
    pub player: Option<Color>,
    /// BL/WL: time left in seconds; OB/OW: byo-yomi stones/periods left.
    pub black_time: Option<f64>,
    pub white_time: Option<f64>,
    pub black_periods: Option<u32>,
    pub white_periods: Option<u32>,
    pub comment: Option<String>,
    /// TB/TW territory marks (KGS and others mark dead stones as the opponent's territory).
    pub territory_black: Vec<Point>,
    pub territory_white: Vec<Point>,
}

/// The game information of the root node, in the canonical order.
pub const INFO_PROPS: &[&str] = &["PB", "BR", "PW", "WR", "DT", "EV", "RO", "PC", "GN", "TM", "OT", "AP", "US"];

/// A game read from SGF: the root's game information and the main line.
#[derive(Debug, Clone, PartialEq)]
pub struct SgfGame {
    pub size: u8,
    pub komi: Option<f64>,
    pub handicap: u8,
    pub rules: Option<String>,
    pub result: Option<String>,
    /// Game information in [`INFO_PROPS`] order, as read (unescaped).
    pub info: Vec<(String, String)>,
    /// Root setup and root comment live in `nodes[0]`; moves start in `nodes[1]` or later.
    pub nodes: Vec<Node>,
}

struct Lexer<'a> {
    s: &'a [u8],
    i: usize,
    line: usize,
    col: usize,
}

impl<'a> Lexer<'a> {
    fn err(&self, reason: impl Into<String>) -> SgfError {
        SgfError { line: self.line, column: self.col, reason: reason.into() }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.i += 1;
        if c == b'\n' {
            self.line += 1;
            self.col = 1;
        } else if c & 0xC0 != 0x80 {
            // Count characters, not UTF-8 continuation bytes.
            self.col += 1;
        }
        Some(c)
    }
    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(c) if c.is_ascii_whitespace()) {
            self.bump();
        }
    }
}

type RawNode = Vec<RawProp>;

/// Parse the first game tree's main line into raw nodes.
pub fn parse_main_line(text: &str) -> Result<Vec<RawNode>, SgfError> {
    let mut lx = Lexer { s: text.as_bytes(), i: 0, line: 1, col: 1 };
    // Skip anything before the first "(;" (headers, BOM).
    loop {
        match lx.peek() {
            None => return Err(lx.err("no SGF game tree: expected '(;'")),
            Some(b'(') => {
                let mut j = lx.i + 1;
                while j < lx.s.len() && lx.s[j].is_ascii_whitespace() {
                    j += 1;
                }
                if lx.s.get(j) == Some(&b';') {
                    break;
                }
                lx.bump();
            }
            Some(_) => {
                lx.bump();
            }
        }
    }
    lx.bump(); // '('
    let mut nodes: Vec<RawNode> = Vec::new();
    loop {
        lx.skip_ws();
        match lx.peek() {
            None => {
                if nodes.is_empty() {
                    return Err(lx.err("unexpected end of input inside the game tree"));
                }
                // Tolerate a missing closing parenthesis: keep what was read.
                return Ok(nodes);
            }
            Some(b';') => {
                lx.bump();
                nodes.push(parse_props(&mut lx)?);
            }
            Some(b'(') => {
                // The first child continues the main line; its siblings are variations.
                lx.bump();
                lx.skip_ws();
                if lx.peek() != Some(b';') {
                    return Err(lx.err("expected ';' at the start of a variation"));
                }
            }
            Some(b')') => {
                // End of the main-line tree at this level: skip the sibling variations, then
                // the closing parentheses of the enclosing trees.
                lx.bump();
                skip_rest(&mut lx)?;
                return Ok(nodes);
            }
            Some(c) => return Err(lx.err(format!("unexpected character '{}'", c as char))),
        }
    }
}

/// After the main line's innermost tree closed: skip remaining variations at every level.
fn skip_rest(lx: &mut Lexer) -> Result<(), SgfError> {
    let mut depth: usize = 0;
    loop {
        lx.skip_ws();
        match lx.peek() {
            None => return Ok(()), // unclosed enclosing trees are tolerated
            Some(b'(') => {
                lx.bump();
                depth += 1;
            }
            Some(b')') => {
                lx.bump();
                if depth == 0 {
                    // Closed an enclosing tree of the main line; keep skipping its siblings.
                    continue;
                }
                depth -= 1;
            }
            Some(b';') => {
                lx.bump();
                parse_props(lx)?;
            }
            Some(_) if depth == 0 => return Ok(()), // trailing text after the game
            Some(c) => return Err(lx.err(format!("unexpected character '{}'", c as char))),
        }
    }
}

fn parse_props(lx: &mut Lexer) -> Result<RawNode, SgfError> {
    let mut props = Vec::new();
    loop {
        lx.skip_ws();
        match lx.peek() {
            Some(c) if c.is_ascii_alphabetic() => {
                let (line, column) = (lx.line, lx.col);
                let mut ident = String::new();
                while let Some(c) = lx.peek() {
                    if !c.is_ascii_alphabetic() {
                        break;
                    }
                    lx.bump();
                    // FF[3] long names: only the upper-case letters are the identifier.
                    if c.is_ascii_uppercase() {
                        ident.push(c as char);
                    }
                }
                if ident.is_empty() {
                    return Err(SgfError { line, column, reason: "property name without capital letters".into() });
                }
                let mut values = Vec::new();
                loop {
                    lx.skip_ws();
                    if lx.peek() != Some(b'[') {
                        break;
                    }
                    values.push(parse_value(lx)?);
                }
                if values.is_empty() {
                    return Err(SgfError { line, column, reason: format!("property {ident} has no value") });
                }
                props.push(RawProp { ident, values, line, column });
            }
            _ => return Ok(props),
        }
    }
}

fn parse_value(lx: &mut Lexer) -> Result<String, SgfError> {
    let (line, column) = (lx.line, lx.col);
    lx.bump(); // '['
    let mut out = Vec::new();
    loop {
        match lx.bump() {
            None => {
                return Err(SgfError { line, column, reason: "unterminated property value (missing ']')".into() });
            }
            Some(b']') => break,
            Some(b'\\') => match lx.bump() {
                None => continue,
                // Soft line break (FF[4]): escaped newline is removed.
                Some(b'\n') => {
                    if lx.peek() == Some(b'\r') {
                        lx.bump();
                    }
                }
                Some(b'\r') => {
                    if lx.peek() == Some(b'\n') {
                        lx.bump();
                    }
                }
                Some(c) => out.push(c),
            },
            Some(c) => out.push(c),
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Escape a text value for writing.
fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        if ch == ']' || ch == '\\' {
            o.push('\\');
        }
        o.push(ch);
    }
    o
}

fn err_at(p: &RawProp, reason: impl Into<String>) -> SgfError {
    SgfError { line: p.line, column: p.column, reason: reason.into() }
}

fn parse_points(p: &RawProp, size: u8) -> Result<Vec<Point>, SgfError> {
    let mut out = Vec::new();
    for v in &p.values {
        let v = v.trim();
        if let Some((a, b)) = v.split_once(':') {
            let a = Point::from_sgf(a, size).map_err(|e| err_at(p, format!("{}: {e}", p.ident)))?;
            let b = Point::from_sgf(b, size).map_err(|e| err_at(p, format!("{}: {e}", p.ident)))?;
            for c in a.col.min(b.col)..=a.col.max(b.col) {
                for r in a.row.min(b.row)..=a.row.max(b.row) {
                    out.push(Point::new(c, r));
                }
            }
        } else if v.is_empty() {
            continue;
        } else {
            out.push(Point::from_sgf(v, size).map_err(|e| err_at(p, format!("{}: {e}", p.ident)))?);
        }
    }
    Ok(out)
}

fn parse_real(p: &RawProp) -> Result<f64, SgfError> {
    let v = p.values[0].trim().replace(',', ".");
    v.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| err_at(p, format!("{}[{}] is not a number", p.ident, p.values[0])))
}

fn parse_color(p: &RawProp) -> Result<Color, SgfError> {
    match p.values[0].trim() {
        "B" | "b" | "1" => Ok(Color::Black),
        "W" | "w" | "2" => Ok(Color::White),
        v => Err(err_at(p, format!("{}[{v}] is not a colour (B or W)", p.ident))),
    }
}

impl SgfGame {
    /// Read the first game of an SGF collection (main line only).
    pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
        let raw = parse_main_line(text)?;
        let root = &raw[0];
        let find = |id: &str| root.iter().find(|p| p.ident == id);
        if let Some(p) = find("GM").filter(|p| !matches!(p.values[0].trim(), "1" | "")) {
            return Err(err_at(p, format!("GM[{}] is not a game of Go (GM[1])", p.values[0])));
        }
        let size = match find("SZ") {
            None => 19,
            Some(p) => {
                let v = p.values[0].trim();
                // FF[4] allows rectangular "19:19"; only square boards are Go boards here.
                let (a, b) = v.split_once(':').unwrap_or((v, v));
                match (a.trim().parse::<u32>(), b.trim().parse::<u32>()) {
                    (Ok(a), Ok(b)) if a == b && (MIN_SIZE as u32..=MAX_SIZE as u32).contains(&a) => a as u8,
                    _ => return Err(err_at(p, format!("SZ[{v}]: board size must be square, 5 to 25"))),
                }
            }
        };
        let rules = find("RU").map(|p| p.values[0].trim().to_string());
        let komi = match find("KM") {
            None => None,
            Some(p) if p.values[0].trim().is_empty() => None,
            Some(p) => {
                let mut k = parse_real(p)?;
                if k.abs() >= 100.0 && !p.values[0].contains(['.', ',']) {
                    // Fox writes komi in hundredths; with Chinese rules it counts in stones
                    // (3.75 stones = 7.5 points).
                    k /= 100.0;
                    if rules.as_deref().is_some_and(|r| r.to_ascii_lowercase().contains("chinese")) {
                        k *= 2.0;
                    }
                }
                Some(k)
            }
        };
        let handicap = match find("HA") {
            None => 0,
            Some(p) => match p.values[0].trim().parse::<u8>() {
                Ok(n) if n <= 9 * 9 => n,
                _ => return Err(err_at(p, format!("HA[{}] is not a handicap", p.values[0]))),
            },
        };
        let result = find("RE").map(|p| p.values[0].trim().to_string()).filter(|s| !s.is_empty());
        let mut info = Vec::new();
        for id in INFO_PROPS {
            if let Some(p) = find(id) {
                info.push((id.to_string(), p.values[0].clone()));
            }
        }
        let mut nodes = Vec::new();
        for (k, rn) in raw.iter().enumerate() {
            let mut node = Node::default();
            for p in rn {
                match p.ident.as_str() {
                    "B" | "W" => {
                        let c = if p.ident == "B" { Color::Black } else { Color::White };
                        let v = p.values[0].trim();
                        let pt = if v.is_empty() || (v == "tt" && size <= 19) {
                            None
                        } else {
                            Some(Point::from_sgf(v, size).map_err(|e| err_at(p, format!("{}: {e}", p.ident)))?)
                        };
                        if node.mv.is_some() {
                            return Err(err_at(p, "two moves in one node"));
                        }
                        node.mv = Some((c, pt));
                    }
                    "AB" => node.add_black.extend(parse_points(p, size)?),
                    "AW" => node.add_white.extend(parse_points(p, size)?),
                    "AE" => node.add_empty.extend(parse_points(p, size)?),
                    "TB" => node.territory_black.extend(parse_points(p, size)?),
                    "TW" => node.territory_white.extend(parse_points(p, size)?),
                    "PL" => node.player = Some(parse_color(p)?),
                    "BL" => node.black_time = Some(parse_real(p)?),
                    "WL" => node.white_time = Some(parse_real(p)?),
                    "OB" => node.black_periods = Some(parse_real(p)?.max(0.0) as u32),
                    "OW" => node.white_periods = Some(parse_real(p)?.max(0.0) as u32),
                    "C" => node.comment = Some(p.values[0].clone()),
                    _ => {}
                }
            }
            // A move in the root node (some exporters) becomes the first move node.
            if k == 0 && node.mv.is_some() {
                let mv = node.mv.take();
                nodes.push(node);
                nodes.push(Node { mv, ..Node::default() });
            } else {
                nodes.push(node);
            }
        }
        Ok(SgfGame { size, komi, handicap, rules, result, info, nodes })
    }

    /// The moves of the main line in order: `(node index, colour, point or pass)`.
    pub fn moves(&self) -> impl Iterator<Item = (usize, Color, Option<Point>)> + '_ {
        self.nodes.iter().enumerate().filter_map(|(i, n)| n.mv.map(|(c, p)| (i, c, p)))
    }

    /// Canonical SGF: FF[4], the root properties in a fixed order, one node per move, passes as
    /// `[]`, setup lists sorted, numbers in their shortest form.
    pub fn to_sgf(&self) -> String {
        let mut s = String::new();
        let size = self.size;
        let pts = |v: &[Point]| {
            let mut v: Vec<String> = v.iter().map(|p| p.to_sgf(size)).collect();
            v.sort();
            v.dedup();
            v.iter().map(|x| format!("[{x}]")).collect::<String>()
        };
        let num = |x: f64| {
            let mut t = format!("{x}");
            if t == "-0" {
                t = "0".into();
            }
            t
        };
        write!(s, "(;GM[1]FF[4]CA[UTF-8]SZ[{size}]").unwrap();
        if let Some(k) = self.komi {
            // A decimal point keeps a large komi from being read back as Fox's hundredths.
            let t = if k.abs() >= 100.0 && k.fract() == 0.0 { format!("{k:.1}") } else { num(k) };
            write!(s, "KM[{t}]").unwrap();
        }
        if self.handicap > 0 {
            write!(s, "HA[{}]", self.handicap).unwrap();
        }
        if let Some(r) = &self.rules {
            write!(s, "RU[{}]", escape(r)).unwrap();
        }
        for (k, v) in &self.info {
            write!(s, "{k}[{}]", escape(v)).unwrap();
        }
        if let Some(r) = &self.result {
            write!(s, "RE[{}]", escape(r)).unwrap();
        }
        for (i, n) in self.nodes.iter().enumerate() {
            if i > 0 {
                s.push_str("\n;");
            }
            if let Some((c, p)) = n.mv {
                let id = if c == Color::Black { "B" } else { "W" };
                match p {
                    Some(p) => write!(s, "{id}[{}]", p.to_sgf(size)).unwrap(),
                    None => write!(s, "{id}[]").unwrap(),
                }
            }
            if !n.add_black.is_empty() {
                write!(s, "AB{}", pts(&n.add_black)).unwrap();
            }
            if !n.add_white.is_empty() {
                write!(s, "AW{}", pts(&n.add_white)).unwrap();
            }
            if !n.add_empty.is_empty() {
                write!(s, "AE{}", pts(&n.add_empty)).unwrap();
            }
            if let Some(c) = n.player {
                write!(s, "PL[{}]", if c == Color::Black { "B" } else { "W" }).unwrap();
            }
            if let Some(t) = n.black_time {
                write!(s, "BL[{}]", num(t)).unwrap();
            }
            if let Some(t) = n.black_periods {
                write!(s, "OB[{t}]").unwrap();
            }
            if let Some(t) = n.white_time {
                write!(s, "WL[{}]", num(t)).unwrap();
            }
            if let Some(t) = n.white_periods {
                write!(s, "OW[{t}]").unwrap();
            }
            if !n.territory_black.is_empty() {
                write!(s, "TB{}", pts(&n.territory_black)).unwrap();
            }
            if !n.territory_white.is_empty() {
                write!(s, "TW{}", pts(&n.territory_white)).unwrap();
            }
            if let Some(c) = &n.comment {
                write!(s, "C[{}]", escape(c)).unwrap();
            }
        }
        s.push_str(")\n");
        s
    }
}
