//! The charset of an SGF that names none (no `CA[]`) and is not UTF-8: `chardetng`'s guess (the
//! detector Firefox uses; Sabaki uses jschardet, the same kind of statistical detector), checked
//! by how plausible its reading is as text.
//!
//! Statistical detectors are made for web pages; an SGF carries a few names and a comment, and
//! on so little text `chardetng` can take Shift_JIS for windows-1251, windows-1252 or IBM866
//! and Cyrillic for windows-1252, windows-1253 or windows-1255 — readings that no one writes:
//! `Џ¬—СЊх€к` (`小林光一`), `ГДГ}Г_` (`ヤマダ`), `Èëüèí` (`Ильин`). So each reading is scored,
//! per byte of its non-ASCII characters, by what kind of text it makes, and the share of those
//! bytes that no text is made of is its garbage:
//!
//! - a two-byte charset (Shift_JIS, EUC-JP, GBK/GB18030, Big5, EUC-KR) character by character,
//!   by the character's tier in that charset's own table: kana, the first (common) level of
//!   kanji or hanzi and the 2,350 Hangul syllables of KS X 1001 are what text in it is made of;
//!   the second level and hanja are neutral; half-width katakana (a two-byte text misread as
//!   Shift_JIS) and the windows-949 Hangul count against it; extensions, private use, kana in
//!   Chinese or Korean, and Greek, Cyrillic or box drawing among CJK are garbage;
//! - a one-byte charset word by word: a Cyrillic or Greek word is plausible in lower case,
//!   capitalised or in capitals (in capitals less so: Russian in KOI8-R read as windows-1251
//!   is mostly capitals); of mixed case (`хБЮМНБ`, `Иванов` in KOI8-R read as windows-1251) or
//!   misspelt Greek (two accents, a final sigma inside) it is garbage; a Latin word is
//!   plausible when its accented letters sit among ASCII ones (`Müller`), garbage when it has
//!   no ASCII letter at all (`àá`); letters of two scripts in one word, Hebrew points and
//!   Arabic vowel marks, Hebrew final letters inside a word, symbols other than the usual
//!   punctuation (`‚ † ‰ ¦`, C1 controls) and letters glued to `@\^_`{|}~` are garbage.
//!
//! `chardetng`'s guess stands unless its reading is garbage in part ([`MAX_GARBAGE`]); then the
//! reading that scores best among the charsets of Go records ([`CANDIDATES`]) wins if it has
//! less garbage and beats the guess clearly ([`MARGIN`]). Between readings of equal score the
//! earlier candidate wins: windows-1251 (the usual Russian charset) before KOI8-R, Cyrillic
//! before CJK (`Ли Ан` is four bytes that read as well as GBK `髓理`).

use encoding_rs::{
    BIG5, EUC_JP, EUC_KR, Encoding, GB18030, GBK, KOI8_U, SHIFT_JIS, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252,
};

/// Charsets tried when `chardetng`'s reading is implausible, in order of preference. GBK is read
/// as GB18030, its superset (encoding_rs decodes both alike); KOI8-U reads Russian as KOI8-R.
const CANDIDATES: &[&Encoding] =
    &[WINDOWS_1251, KOI8_U, SHIFT_JIS, GB18030, BIG5, EUC_KR, EUC_JP, WINDOWS_1252, WINDOWS_1250];

/// `chardetng`'s reading stands while at most this share of its non-ASCII bytes is garbage.
const MAX_GARBAGE: f64 = 0.05;

/// How much better another reading must score (per byte) to replace `chardetng`'s.
const MARGIN: f64 = 0.1;

/// The charset of `bytes` (not UTF-8, no `CA[]`).
pub(super) fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut d = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    d.feed(bytes, true);
    let guess = d.guess(None, chardetng::Utf8Detection::Deny);
    let guessed = reading(guess, bytes).unwrap_or(Reading { score: f64::NEG_INFINITY, garbage: 1.0 });
    if guessed.garbage <= MAX_GARBAGE {
        return guess;
    }
    let mut best: Option<(&'static Encoding, Reading)> = None;
    for &enc in CANDIDATES {
        if let Some(r) = reading(enc, bytes)
            && best.is_none_or(|(_, b)| r.score > b.score)
        {
            best = Some((enc, r));
        }
    }
    match best {
        Some((enc, r)) if r.score >= guessed.score + MARGIN && r.garbage < guessed.garbage => enc,
        _ => guess,
    }
}

/// How plausible a reading is, per byte of its non-ASCII characters.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reading {
    /// From −4 (all private use) to 1 (all common characters of the charset or script).
    pub score: f64,
    /// The share of bytes read as what text is not made of (0 to 1).
    pub garbage: f64,
}

/// Points and garbage bytes of a reading, summed character by character.
#[derive(Default)]
struct Tally {
    points: f64,
    garbage: usize,
}

impl Tally {
    /// A character (or word) of `bytes` bytes scoring `points`, maybe garbage.
    fn add(&mut self, points: f64, bytes: usize, garbage: bool) {
        self.points += points;
        if garbage {
            self.garbage += bytes;
        }
    }
}

/// The reading of `bytes` in `enc`, or `None` when the bytes are not valid in `enc`.
pub(super) fn reading(enc: &'static Encoding, bytes: &[u8]) -> Option<Reading> {
    let text = enc.decode_without_bom_handling_and_without_replacement(bytes)?;
    // The bytes of the non-ASCII characters (a two-byte character may end in an ASCII byte).
    let high = bytes.len() - text.chars().filter(char::is_ascii).count();
    if high == 0 {
        return Some(Reading { score: 1.0, garbage: 0.0 });
    }
    let t = if is_single_byte(enc) { single_byte(&text) } else { multi_byte(enc, &text) };
    Some(Reading { score: t.points / high as f64, garbage: t.garbage as f64 / high as f64 })
}

fn is_single_byte(enc: &'static Encoding) -> bool {
    ![SHIFT_JIS, EUC_JP, GBK, GB18030, BIG5, EUC_KR].contains(&enc)
}

/// Punctuation of CJK text (one character, two bytes).
const CJK_PUNCTUATION: &str = "、。，．・：；？！「」『』（）〈〉《》【】〔〕［］｛｝〜～ー―—…‥“”‘’々〇　";

/// Symbols that CJK text uses (Japanese comments number moves ①②…).
const CJK_SYMBOLS: &str = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳※★☆○●◎◇◆□■△▲▽▼→←↑↓×÷±°℃";

/// A two-byte charset's reading, character by character: points per character (a common one
/// scores 2 for its two bytes); garbage marked `true`.
fn multi_byte(enc: &'static Encoding, text: &str) -> Tally {
    let mut t = Tally::default();
    let mut buf = [0u8; 16];
    for ch in text.chars().filter(|c| !c.is_ascii()) {
        let u = ch as u32;
        let len = code(enc, ch, &mut buf).len();
        let (points, garbage) = match u {
            // Half-width katakana: rare in text, frequent in GBK or EUC misread as Shift_JIS.
            0xFF61..=0xFF9F => (-1.0, false),
            0xE000..=0xF8FF => (-4.0, true), // private use
            0x3041..=0x3096 | 0x30A1..=0x30FA | 0x30FC if enc == SHIFT_JIS || enc == EUC_JP => (2.0, false),
            0x3041..=0x30FF => (-2.0, true), // kana in a Chinese or Korean reading
            0xAC00..=0xD7A3 => match code(enc, ch, &mut buf) {
                // KS X 1001's 2,350 syllables; the others are windows-949 extensions.
                [l, t] if enc == EUC_KR && (0xB0..=0xC8).contains(l) && *t >= 0xA1 => (2.0, false),
                _ => (-1.0, false),
            },
            0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000.. => {
                let tier = ideograph_tier(enc, ch, &mut buf);
                (tier, tier < 0.0)
            }
            _ if CJK_PUNCTUATION.contains(ch) => (1.0, false),
            _ if CJK_SYMBOLS.contains(ch) => (0.0, false),
            0xFF10..=0xFF19 | 0xFF21..=0xFF3A | 0xFF41..=0xFF5A => (0.0, false), // full-width digits, letters
            _ => (-2.0, true), // Greek, Cyrillic, box drawing and other symbols among CJK
        };
        t.add(points, len, garbage);
    }
    t
}

/// The bytes of one character in `enc`.
fn code<'b>(enc: &'static Encoding, ch: char, buf: &'b mut [u8; 16]) -> &'b [u8] {
    let mut encoder = enc.new_encoder();
    let mut s = [0u8; 4];
    let (_, _, written, _) = encoder.encode_from_utf8(ch.encode_utf8(&mut s), buf, true);
    &buf[..written]
}

/// An ideograph's points by its place in `enc`'s table: the common level 2, the second 0, the
/// rest (extensions, compatibility, GB18030's four-byte codes, hanja in Korean text) −2.
fn ideograph_tier(enc: &'static Encoding, ch: char, buf: &mut [u8; 16]) -> f64 {
    let c = match code(enc, ch, buf) {
        [l, t] => u16::from_be_bytes([*l, *t]),
        _ => return -2.0,
    };
    let (common, second) = if enc == SHIFT_JIS {
        (Some((0x889F, 0x9872)), (0x989F, 0xEAA4))
    } else if enc == EUC_JP {
        (Some((0xB0A1, 0xCFD3)), (0xD0A1, 0xF4A6))
    } else if enc == GBK || enc == GB18030 {
        (Some((0xB0A1, 0xD7F9)), (0xD8A1, 0xF7FE))
    } else if enc == BIG5 {
        (Some((0xA440, 0xC67E)), (0xC940, 0xF9D5))
    } else {
        (None, (0xCAA1, 0xFDFE)) // EUC-KR: hanja
    };
    if common.is_some_and(|(a, b)| (a..=b).contains(&c)) {
        2.0
    } else if (second.0..=second.1).contains(&c) {
        0.0
    } else {
        -2.0
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Script {
    Latin,
    Cyrillic,
    Greek,
    Other,
}

fn script(c: char) -> Script {
    match c as u32 {
        0..=0x24F | 0x1E00..=0x1EFF => Script::Latin,
        0x400..=0x4FF => Script::Cyrillic,
        0x370..=0x3FF => Script::Greek,
        _ => Script::Other,
    }
}

/// Non-letters of one-byte charsets that real text uses.
const TEXT_PUNCTUATION: &str = "\u{a0}«»“”‘’—–…№°·€©";

/// ASCII symbols that text does not put next to a letter.
const GLUE: &str = "@\\^_`{|}~";

/// A one-byte charset's reading, word by word.
fn single_byte(text: &str) -> Tally {
    let mut t = Tally::default();
    let mut word: Vec<char> = Vec::new();
    let mut prev = ' ';
    for ch in text.chars().chain(std::iter::once(' ')) {
        // Shift_JIS's second bytes include `@\^_`{|}~`: glued to a letter they are a two-byte
        // text misread (`ヤマダ` as IBM866 is `ГДГ}Г_`).
        if (!prev.is_ascii() && GLUE.contains(ch)) || (GLUE.contains(prev) && !ch.is_ascii()) {
            t.add(-1.0, 1, true);
        }
        prev = ch;
        if ch.is_alphabetic() {
            word.push(ch);
            continue;
        }
        word_score(&word, &mut t);
        word.clear();
        if !ch.is_ascii() && !TEXT_PUNCTUATION.contains(ch) {
            t.add(-1.0, 1, true);
        }
    }
    t
}

/// Greek vowels with an accent (tonos).
const GREEK_TONOS: &str = "άέήίόύώΐΰΆΈΉΊΌΎΏ";

/// Hebrew final letters, which end words.
const HEBREW_FINALS: &str = "ךםןףץ";

/// The points of one word's non-ASCII letters.
fn word_score(word: &[char], t: &mut Tally) {
    let non_ascii = word.iter().filter(|c| !c.is_ascii()).count();
    if non_ascii == 0 {
        return;
    }
    let n = non_ascii as f64;
    let first = script(word[0]);
    if word.iter().any(|&c| script(c) != first) {
        return t.add(-n, non_ascii, true); // two scripts in one word
    }
    match first {
        Script::Latin if word.len() > 1 && non_ascii == word.len() => t.add(-n, non_ascii, true),
        Script::Latin if 2 * non_ascii > word.len() => t.add(0.0, non_ascii, false),
        Script::Latin => t.add(n, non_ascii, false),
        Script::Cyrillic | Script::Greek => {
            let upper = word.iter().filter(|c| c.is_uppercase()).count();
            let cased = upper == 0 // lower case
                || upper == word.len() // capitals
                || (upper == 1 && word[0].is_uppercase()); // capitalised
            // A Greek word has one accent at most, and a final sigma only at its end: Russian
            // read as windows-1253 has them anywhere (`Τόύ`, `ςα`).
            let greek_spelling = first != Script::Greek
                || (word.iter().filter(|c| GREEK_TONOS.contains(**c)).count() <= 1
                    && !word[..word.len() - 1].contains(&'ς'));
            if cased && greek_spelling {
                // Text is mostly lower case or capitalised: a KOI8-R text read as windows-1251
                // is mostly in capitals.
                let capitals = upper > 1;
                t.add(
                    word.iter().map(|c| if capitals && c.is_uppercase() { 0.25 } else { 1.0 }).sum(),
                    non_ascii,
                    false,
                );
            } else {
                t.add(-0.5 * n, non_ascii, true);
            }
        }
        // Hebrew, Arabic, Thai and others: letters without case. Hebrew points and Arabic
        // vowel marks (rare outside verse and primers) and Hebrew final letters inside a word
        // are what Cyrillic makes in windows-1255 and windows-1256.
        Script::Other => {
            for (i, c) in word.iter().enumerate() {
                let point = ('\u{591}'..='\u{5C7}').contains(c) || ('\u{64B}'..='\u{652}').contains(c);
                let inner_final = HEBREW_FINALS.contains(*c) && i + 1 < word.len();
                if point || inner_final {
                    t.add(-1.0, 1, true);
                } else {
                    t.add(0.5, 1, false);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(enc: &'static Encoding, text: &str) -> Reading {
        let (bytes, _, unmappable) = enc.encode(text);
        assert!(!unmappable);
        reading(enc, &bytes).unwrap()
    }

    /// The reading of `text` in `from` as `to`; not valid in `to` is all garbage.
    fn misread(from: &'static Encoding, to: &'static Encoding, text: &str) -> Reading {
        let (bytes, _, _) = from.encode(text);
        reading(to, &bytes).unwrap_or(Reading { score: f64::NEG_INFINITY, garbage: 1.0 })
    }

    #[test]
    fn real_text_is_no_garbage() {
        for (enc, text) in [
            (SHIFT_JIS, "井山裕太 はい、ありがとうございます"),
            (GBK, "古力 常昊 围棋冠军赛"),
            (BIG5, "周俊勳 圍棋冠軍賽"),
            (EUC_KR, "이세돌 박정환 명인전"),
            (WINDOWS_1251, "Иванов Пётр, турнир в Москве"),
            (KOI8_U, "Иванов Пётр, турнир в Москве"),
            (WINDOWS_1252, "Müller, François, Café"),
            (WINDOWS_1250, "Łódź, Kraków"),
        ] {
            let r = read(enc, text);
            assert!(r.garbage == 0.0 && r.score > 0.0, "{text} in {}: {r:?}", enc.name());
        }
    }

    #[test]
    fn misreadings_are_garbage() {
        for (from, to, text) in [
            // Kana in Shift_JIS read as windows-1251: `‚ ‚ ‚И‚`.
            (SHIFT_JIS, WINDOWS_1251, "ああ なあ めち"),
            // Cyrillic in windows-1251 read as windows-1252 (`àà àö`) or windows-1255.
            (WINDOWS_1251, WINDOWS_1252, "аа ац аб"),
            (WINDOWS_1251, encoding_rs::WINDOWS_1255, "аа аА аМ"),
        ] {
            let r = misread(from, to, text);
            assert!(r.garbage > MAX_GARBAGE, "{text} in {} as {}: {r:?}", from.name(), to.name());
        }
    }

    #[test]
    fn misreadings_score_lower() {
        for (from, to, text) in [
            // Russian in KOI8-R read as windows-1251: `хБЮМНБ`.
            (KOI8_U, WINDOWS_1251, "Иванов Пётр"),
            // GBK read as Shift_JIS: half-width katakana.
            (GBK, SHIFT_JIS, "围棋冠军赛"),
            // Kana in Shift_JIS read as GBK: rare hanzi.
            (SHIFT_JIS, GBK, "はい、ありがとうございます"),
        ] {
            let (right, wrong) = (read(from, text), misread(from, to, text));
            assert!(wrong.score + MARGIN < right.score, "{text} in {} as {}: {wrong:?}", from.name(), to.name());
        }
    }
}
