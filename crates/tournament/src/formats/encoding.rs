//! The bytes of a TRF file around its text: the encoding, a byte-order mark and the line
//! ending, read so that a tournament written back keeps them (docs/architecture.md, "Tournament
//! files").
//!
//! A file is UTF-8 when its bytes are (a UTF-8 byte-order mark is kept); otherwise it is
//! Shift_JIS when it decodes as Shift_JIS with at least one two-byte character led by 0x81–0x9F
//! (kana and the common kanji, which Latin-1 text does not have), and Latin-1 (Windows-1252, as
//! Swiss-Manager writes it) else. Either legacy reading is chosen only if it encodes back to
//! the same bytes, and Latin-1 always does, so a file is never changed by being read and
//! written. The legacy encodings count TRF columns in bytes (a Shift_JIS kanji is two bytes and
//! two columns wide, as fixed-column files in it are laid out); UTF-8 counts characters.
//! UTF-16 files are refused.

use crate::error::Error;

/// The character encoding of a TRF file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    #[default]
    Utf8,
    /// ISO-8859-1 as Windows-1252 extends it.
    Latin1,
    /// Shift_JIS as Windows writes it (code page 932).
    ShiftJis,
}

crate::names::closed_set!(TextEncoding, "encoding";
    Utf8 => "utf-8" | "utf8",
    Latin1 => "latin-1" | "latin1" | "iso-8859-1" | "windows-1252",
    ShiftJis => "shift_jis" | "sjis" | "cp932",
);

impl TextEncoding {
    /// The TRF columns `c` takes: one per character in UTF-8, one per byte otherwise.
    pub fn width(self, c: char) -> usize {
        match self {
            TextEncoding::Utf8 | TextEncoding::Latin1 => 1,
            // Shift_JIS has one byte for ASCII, U+0080, ¥ and ‾ (written as 0x5C and 0x7E) and
            // the half-width katakana, two for the rest (the WHATWG Shift_JIS encoder, which
            // encoding_rs implements).
            TextEncoding::ShiftJis => match c {
                '\0'..='\u{80}' | '\u{A5}' | '\u{203E}' | '\u{FF61}'..='\u{FF9F}' => 1,
                _ => 2,
            },
        }
    }

    /// The columns `s` takes.
    pub fn width_of(self, s: &str) -> usize {
        match self {
            TextEncoding::Utf8 | TextEncoding::Latin1 => s.chars().count(),
            TextEncoding::ShiftJis => s.chars().map(|c| self.width(c)).sum(),
        }
    }

    /// `bytes` read in this encoding (a byte it has no character for becomes U+FFFD).
    pub fn decode(self, bytes: &[u8]) -> String {
        self.codec().decode_without_bom_handling(bytes).0.into_owned()
    }

    fn codec(self) -> &'static encoding_rs::Encoding {
        match self {
            TextEncoding::Utf8 => encoding_rs::UTF_8,
            TextEncoding::Latin1 => encoding_rs::WINDOWS_1252,
            TextEncoding::ShiftJis => encoding_rs::SHIFT_JIS,
        }
    }
}

/// How the lines of a file end (the first line break found decides).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LineEnding {
    #[default]
    Lf,
    CrLf,
    Cr,
}

impl LineEnding {
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
            LineEnding::Cr => "\r",
        }
    }
}

/// What a file's bytes wrap its text in: encoding, byte-order mark, line ending.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layout {
    pub encoding: TextEncoding,
    /// The file starts with a UTF-8 byte-order mark.
    pub bom: bool,
    pub line_ending: LineEnding,
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The text of a TRF file and the layout to write it back in.
pub fn decode(bytes: &[u8]) -> Result<(String, Layout), Error> {
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(Error::Parse {
            line: 1,
            column: 1,
            reason: "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8".into(),
        });
    }
    let bom = bytes.starts_with(UTF8_BOM);
    let body = if bom { &bytes[UTF8_BOM.len()..] } else { bytes };
    let line_ending = line_ending(body);
    let (text, encoding) = match std::str::from_utf8(body) {
        Ok(s) => (s.to_string(), TextEncoding::Utf8),
        Err(e) if bom => {
            // A byte-order mark says UTF-8: a byte that is not is an error, where it is.
            let (line, column) = position(body, e.valid_up_to());
            return Err(Error::Parse {
                line,
                column,
                reason: "the file starts with a UTF-8 byte-order mark but this byte is not UTF-8".into(),
            });
        }
        Err(_) => legacy(body),
    };
    Ok((text, Layout { encoding, bom, line_ending }))
}

/// Shift_JIS or Latin-1 (see the module documentation); either reads back as `bytes`.
fn legacy(bytes: &[u8]) -> (String, TextEncoding) {
    if looks_like_shift_jis(bytes) {
        let (text, errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
        if !errors {
            let (again, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&text);
            if !unmappable && again == bytes {
                return (text.into_owned(), TextEncoding::ShiftJis);
            }
        }
    }
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
    (text.into_owned(), TextEncoding::Latin1)
}

/// A two-byte Shift_JIS character led by 0x81–0x9F somewhere: kana and level-1 kanji.
fn looks_like_shift_jis(bytes: &[u8]) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let lead = matches!(b, 0x81..=0x9F | 0xE0..=0xFC);
        if lead && bytes.get(i + 1).is_some_and(|&t| matches!(t, 0x40..=0x7E | 0x80..=0xFC)) {
            if b <= 0x9F {
                return true;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    false
}

fn line_ending(bytes: &[u8]) -> LineEnding {
    match memchr::memchr2(b'\n', b'\r', bytes) {
        Some(i) if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') => LineEnding::CrLf,
        Some(i) if bytes[i] == b'\r' => LineEnding::Cr,
        _ => LineEnding::Lf,
    }
}

/// Line and column (1-based, the column in bytes) of byte `at`.
fn position(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    (line, at - start + 1)
}

/// A character the file's encoding has no bytes for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {character:?} cannot be written in {encoding}, the file's encoding")]
pub struct Unencodable {
    /// The line of the written text (1-based).
    pub line: usize,
    pub character: char,
    pub encoding: TextEncoding,
}

impl Layout {
    /// `text` (lines ending in `\n`) as the file's bytes: the layout's line ending, byte-order
    /// mark and encoding. Refused, naming the character, when the encoding cannot hold it.
    pub fn encode(&self, text: &str) -> Result<Vec<u8>, Unencodable> {
        let mut out = Vec::with_capacity(text.len() + 3);
        if self.bom {
            out.extend_from_slice(UTF8_BOM);
        }
        for (n, line) in text.split_inclusive('\n').enumerate() {
            let (body, newline) = match line.strip_suffix('\n') {
                Some(b) => (b, true),
                None => (line, false),
            };
            match self.encoding {
                TextEncoding::Utf8 => out.extend_from_slice(body.as_bytes()),
                legacy => {
                    let (bytes, _, unmappable) = legacy.codec().encode(body);
                    if unmappable {
                        let character =
                            body.chars().find(|c| legacy.codec().encode(&c.to_string()).2).unwrap_or('\u{FFFD}');
                        return Err(Unencodable { line: n + 1, character, encoding: legacy });
                    }
                    out.extend_from_slice(&bytes);
                }
            }
            if newline {
                out.extend_from_slice(self.line_ending.as_str().as_bytes());
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_latin1_byte_reads_back_as_itself() {
        let bytes: Vec<u8> = (0x20..=0xFF).collect();
        let (text, layout) = decode(&bytes).unwrap();
        assert_eq!(layout.encoding, TextEncoding::Latin1);
        assert_eq!(layout.encode(&text).unwrap(), bytes);
    }

    #[test]
    fn shift_jis_is_told_from_latin1() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("001    1      大山康晴\r\n");
        let (text, layout) = decode(&sjis).unwrap();
        assert_eq!(text, "001    1      大山康晴\r\n");
        assert_eq!((layout.encoding, layout.line_ending), (TextEncoding::ShiftJis, LineEnding::CrLf));
        // Lower-case accented letters lead Shift_JIS pairs too, but not with 0x81–0x9F.
        let (latin, _, _) = encoding_rs::WINDOWS_1252.encode("Pérez Müller Åsa Ørsted\n");
        let (text, layout) = decode(&latin).unwrap();
        assert_eq!(text, "Pérez Müller Åsa Ørsted\n");
        assert_eq!(layout.encoding, TextEncoding::Latin1);
        assert_eq!(TextEncoding::ShiftJis.width_of("大山 ｶﾅ"), 7);
    }

    #[test]
    fn bom_and_utf16() {
        let (text, layout) = decode("\u{feff}012 T\n".as_bytes()).unwrap();
        assert_eq!((text.as_str(), layout.bom), ("012 T\n", true));
        assert_eq!(layout.encode(&text).unwrap(), "\u{feff}012 T\n".as_bytes());
        assert!(matches!(decode(b"\xFF\xFE0\x001\x00"), Err(Error::Parse { line: 1, column: 1, .. })));
        assert!(matches!(decode(b"\xEF\xBB\xBF012\nab\xFF"), Err(Error::Parse { line: 2, column: 3, .. })));
    }

    #[test]
    fn a_character_the_encoding_lacks_is_refused_with_its_line() {
        let layout = Layout { encoding: TextEncoding::Latin1, ..Layout::default() };
        let e = layout.encode("012 T\n001 大山\n").unwrap_err();
        assert_eq!((e.line, e.character), (2, '大'));
    }
}
