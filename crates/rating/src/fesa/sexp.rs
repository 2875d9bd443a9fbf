//! A reader for the small subset of Common Lisp printed syntax that the official FESA rating
//! program writes and reads: lists, strings, integers, ratios, symbols/keywords, characters
//! (`#\E`) and structures (`#S(NAME :KEY value …)`). Errors carry line and column.

use super::FesaError;

/// Where a datum starts in the source text (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Datum {
    List(Vec<Node>),
    Str(String),
    Int(i64),
    /// A ratio `n/d` in lowest terms, d > 1 (Lisp reads `2/4` as `1/2`, `4/2` as `2`).
    Ratio(i64, i64),
    /// A symbol, upper-cased as the Lisp reader does (`nil` is read as an empty list instead).
    Sym(String),
    Char(char),
    /// `#S(NAME :K v …)`: the name and the key/value pairs in source order (keys upper-cased,
    /// without the colon).
    Struct(String, Vec<(String, Node)>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub datum: Datum,
    pub pos: Pos,
}

impl Node {
    pub fn err(&self, reason: impl Into<String>) -> FesaError {
        FesaError::Syntax { line: self.pos.line, col: self.pos.col, reason: reason.into() }
    }
    pub fn as_str(&self) -> Result<&str, FesaError> {
        match &self.datum {
            Datum::Str(s) => Ok(s),
            _ => Err(self.err("expected a string")),
        }
    }
    pub fn as_int(&self) -> Result<i64, FesaError> {
        match &self.datum {
            Datum::Int(n) => Ok(*n),
            _ => Err(self.err("expected an integer")),
        }
    }
    /// A list; `NIL` is the empty list.
    pub fn as_list(&self) -> Result<&[Node], FesaError> {
        match &self.datum {
            Datum::List(v) => Ok(v),
            _ => Err(self.err("expected a list")),
        }
    }
    pub fn is_nil(&self) -> bool {
        matches!(&self.datum, Datum::List(v) if v.is_empty())
    }
}

pub struct Reader<'a> {
    src: &'a [u8],
    i: usize,
    line: usize,
    col: usize,
}

const MAX_DEPTH: usize = 64;

impl<'a> Reader<'a> {
    pub fn new(src: &'a str) -> Self {
        Reader { src: src.as_bytes(), i: 0, line: 1, col: 1 }
    }

    fn pos(&self) -> Pos {
        Pos { line: self.line, col: self.col }
    }

    fn err_here(&self, reason: impl Into<String>) -> FesaError {
        FesaError::Syntax { line: self.line, col: self.col, reason: reason.into() }
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.i += 1;
        if c == b'\n' {
            self.line += 1;
            self.col = 1;
        } else if (c & 0xC0) != 0x80 {
            // Count characters, not UTF-8 continuation bytes.
            self.col += 1;
        }
        Some(c)
    }

    /// Skips whitespace and `;` comments.
    pub fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_ascii_whitespace() {
                self.bump();
            } else if c == b';' {
                while let Some(c) = self.peek() {
                    if c == b'\n' {
                        break;
                    }
                    self.bump();
                }
            } else {
                break;
            }
        }
    }

    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.peek().is_none()
    }

    /// Reads one datum.
    pub fn read(&mut self) -> Result<Node, FesaError> {
        self.read_depth(0)
    }

    fn read_depth(&mut self, depth: usize) -> Result<Node, FesaError> {
        if depth > MAX_DEPTH {
            return Err(self.err_here("nesting too deep"));
        }
        self.skip_ws();
        let pos = self.pos();
        let Some(c) = self.peek() else {
            return Err(self.err_here("unexpected end of input"));
        };
        let datum = match c {
            b'(' => {
                self.bump();
                Datum::List(self.read_items(depth)?)
            }
            b')' => return Err(self.err_here("unexpected ')'")),
            b'"' => {
                self.bump();
                let mut bytes = Vec::new();
                loop {
                    match self.bump() {
                        None => {
                            return Err(FesaError::Syntax {
                                line: pos.line,
                                col: pos.col,
                                reason: "unterminated string".into(),
                            });
                        }
                        Some(b'"') => break,
                        Some(b'\\') => match self.bump() {
                            Some(c) => bytes.push(c),
                            None => return Err(self.err_here("unterminated string")),
                        },
                        Some(c) => bytes.push(c),
                    }
                }
                Datum::Str(String::from_utf8(bytes).map_err(|_| FesaError::Syntax {
                    line: pos.line,
                    col: pos.col,
                    reason: "string is not UTF-8".into(),
                })?)
            }
            b'#' => {
                self.bump();
                match self.bump() {
                    Some(b'\\') => {
                        // A character: #\E. Take one UTF-8 character.
                        let start = self.i;
                        let Some(_) = self.bump() else {
                            return Err(self.err_here("end of input after #\\"));
                        };
                        while matches!(self.peek(), Some(c) if (c & 0xC0) == 0x80) {
                            self.bump();
                        }
                        let s = std::str::from_utf8(&self.src[start..self.i])
                            .map_err(|_| self.err_here("bad character"))?;
                        Datum::Char(s.chars().next().unwrap_or(' '))
                    }
                    Some(b'S') | Some(b's') => {
                        self.skip_ws();
                        if self.peek() != Some(b'(') {
                            return Err(self.err_here("expected '(' after #S"));
                        }
                        self.bump();
                        let items = self.read_items(depth)?;
                        let mut it = items.into_iter();
                        let name = match it.next() {
                            Some(Node { datum: Datum::Sym(s), .. }) => s,
                            Some(n) => return Err(n.err("expected a structure name")),
                            None => {
                                return Err(FesaError::Syntax {
                                    line: pos.line,
                                    col: pos.col,
                                    reason: "empty #S()".into(),
                                });
                            }
                        };
                        let mut fields = Vec::new();
                        while let Some(k) = it.next() {
                            let key = match &k.datum {
                                Datum::Sym(s) if s.starts_with(':') && s.len() > 1 => s[1..].to_string(),
                                _ => return Err(k.err("expected a :KEYWORD in a structure")),
                            };
                            let Some(v) = it.next() else {
                                return Err(k.err(format!("no value for :{key}")));
                            };
                            fields.push((key, v));
                        }
                        Datum::Struct(name, fields)
                    }
                    _ => {
                        return Err(FesaError::Syntax {
                            line: pos.line,
                            col: pos.col,
                            reason: "unsupported # syntax".into(),
                        });
                    }
                }
            }
            b'\'' | b'`' | b',' => return Err(self.err_here("quote syntax is not supported here")),
            _ => {
                let start = self.i;
                while let Some(c) = self.peek() {
                    if c.is_ascii_whitespace() || c == b'(' || c == b')' || c == b'"' || c == b';' {
                        break;
                    }
                    self.bump();
                }
                let tok = std::str::from_utf8(&self.src[start..self.i]).map_err(|_| FesaError::Syntax {
                    line: pos.line,
                    col: pos.col,
                    reason: "token is not UTF-8".into(),
                })?;
                atom(tok).map_err(|reason| FesaError::Syntax { line: pos.line, col: pos.col, reason })?
            }
        };
        Ok(Node { datum, pos })
    }

    fn read_items(&mut self, depth: usize) -> Result<Vec<Node>, FesaError> {
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => return Err(self.err_here("missing ')'")),
                Some(b')') => {
                    self.bump();
                    return Ok(items);
                }
                Some(_) => items.push(self.read_depth(depth + 1)?),
            }
        }
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

fn atom(tok: &str) -> Result<Datum, String> {
    let is_int = |s: &str| {
        let d = s.strip_prefix(['+', '-']).unwrap_or(s);
        !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
    };
    if is_int(tok) {
        return tok
            .trim_start_matches('+')
            .parse::<i64>()
            .map(Datum::Int)
            .map_err(|_| format!("integer out of range: {tok}"));
    }
    if let Some((n, d)) = tok.split_once('/')
        && is_int(n)
        && !d.is_empty()
        && d.bytes().all(|b| b.is_ascii_digit())
    {
        let n: i64 = n.trim_start_matches('+').parse().map_err(|_| format!("ratio out of range: {tok}"))?;
        let d: i64 = d.parse().map_err(|_| format!("ratio out of range: {tok}"))?;
        if d == 0 {
            return Err(format!("division by zero in ratio {tok}"));
        }
        let g = gcd(n, d).max(1);
        let (n, d) = (n / g, d / g);
        return Ok(if d == 1 { Datum::Int(n) } else { Datum::Ratio(n, d) });
    }
    let up = tok.to_ascii_uppercase();
    if up == "NIL" {
        return Ok(Datum::List(Vec::new()));
    }
    Ok(Datum::Sym(up))
}

/// Writes a string as the Lisp printer does with `~s`: quoted, `"` and `\` escaped.
pub fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}
