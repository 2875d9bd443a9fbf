//! Issue 22: real-looking SGF files in the legacy charsets of Go records, without `CA[]`: the
//! names, event and comment read right, and survive writing (UTF-8, `CA[UTF-8]`) and reading
//! back. Marked are the files that `chardetng`'s guess alone misread (names from a trial, made
//! while writing the detector, of pairs of real-looking names with short comments: Shift_JIS
//! 30 of 3,570 files misread before, none now; windows-1251 82 of 2,548 before, none now;
//! KOI8-R 2 of 240 before, none now). `CA[]` wins when it names a charset the bytes are valid
//! in; UTF-8 is UTF-8.

use encoding_rs::{
    BIG5, EUC_JP, EUC_KR, Encoding, GB18030, GBK, KOI8_R, SHIFT_JIS, UTF_8, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252,
};
use go::sgf::{SgfGame, decode};

/// Black, White, event, comment.
type Texts<'a> = [&'a str; 4];

fn sgf(ca: &str, [black, white, event, comment]: Texts) -> String {
    format!("(;GM[1]FF[4]{ca}SZ[19]PB[{black}]PW[{white}]EV[{event}];B[pd]C[{comment}];W[dp])")
}

fn texts(g: &SgfGame) -> [String; 4] {
    let info = |id: &str| g.info.iter().find(|(k, _)| k == id).map_or(String::new(), |(_, v)| v.clone());
    let comment = g.nodes.iter().find_map(|n| n.comment.clone()).unwrap_or_default();
    [info("PB"), info("PW"), info("EV"), comment]
}

/// `t` written in `enc` with `ca` reads as `t`, and so does what is written from it.
fn reads(enc: &'static Encoding, ca: &str, t: Texts) {
    let text = sgf(ca, t);
    let (bytes, _, unmappable) = enc.encode(&text);
    assert!(!unmappable, "{t:?} in {}", enc.name());
    let first = SgfGame::parse(&decode(&bytes)).unwrap();
    assert_eq!(texts(&first), t.map(String::from), "read from {} {ca}", enc.name());
    let written = first.to_sgf();
    let second = SgfGame::parse(&decode(written.as_bytes())).unwrap();
    assert_eq!(texts(&second), t.map(String::from), "written from {} and read back", enc.name());
    assert_eq!(second.to_sgf(), written);
}

fn detected(enc: &'static Encoding, t: Texts) {
    reads(enc, "", t);
}

#[test]
fn gbk() {
    detected(GBK, ["柯洁", "申真谞", "第25届三星杯世界围棋大师赛决赛", "黑中盘胜。柯洁第四次获得三星杯冠军。"]);
    detected(GBK, ["古力", "常昊", "", "白中盘胜"]);
}

#[test]
fn gb18030() {
    // 䶮 (CJK extension A) is four bytes in GB18030.
    detected(GB18030, ["王䶮", "古力", "第3届应氏杯", "白中盘胜"]);
}

#[test]
fn big5() {
    detected(BIG5, ["周俊勳", "林海峰", "第40期名人戰", "黑中盤勝。"]);
}

#[test]
fn shift_jis_kanji() {
    detected(SHIFT_JIS, ["井山裕太", "一力遼", "第48期棋聖戦七番勝負第4局", "白中押し勝ち。コミ6目半。"]);
    // chardetng alone: windows-1251 (`Џ¬—СЊх€к`).
    detected(SHIFT_JIS, ["小林光一", "一力遼", "", ""]);
    detected(SHIFT_JIS, ["一力遼", "井山裕太", "", "はい"]);
}

#[test]
fn shift_jis_kana_only() {
    detected(SHIFT_JIS, ["さくら", "たろう", "こどもたいかい", "はい、ありがとうございます"]);
    detected(SHIFT_JIS, ["Sakura", "Taro", "", "はい、ありがとうございます"]);
    // chardetng alone: IBM866 (`ГДГ}Г_`) and windows-1252 (`ƒ„ƒ}ƒ_`).
    detected(SHIFT_JIS, ["Taro", "ヤマダ", "", ""]);
    detected(SHIFT_JIS, ["ヤマダ", "一力遼", "", "はい"]);
}

#[test]
fn euc_jp() {
    detected(EUC_JP, ["井山裕太", "張栩", "第45期名人戦", "白番中押し勝ち"]);
}

#[test]
fn euc_kr() {
    detected(EUC_KR, ["신진서", "박정환", "제26회 GS칼텍스배 프로기전 결승", "흑 불계승. 좋은 대국이었습니다."]);
}

#[test]
fn windows_1251() {
    detected(WINDOWS_1251, ["Иванов Пётр", "Сидоров Иван", "Турнир в Москве", "Хорошая партия, спасибо!"]);
    detected(WINDOWS_1251, ["Ivanov", "Petrov", "", "Иванов Пётр, турнир в Москве"]);
    detected(WINDOWS_1251, ["ИВАНОВ", "ПЕТРОВ", "", ""]);
    // chardetng alone: windows-1252 (`Èëüèí`, `Êèì`, `äà`) and windows-1255.
    detected(WINDOWS_1251, ["Ильин", "Ким", "", "да"]);
    detected(WINDOWS_1251, ["Юн", "Dmitry", "", "нет"]);
    detected(WINDOWS_1251, ["Dmitry", "Ли", "", "ход 45"]);
}

#[test]
fn koi8_r() {
    detected(KOI8_R, ["Иванов Пётр", "Сидоров Иван", "Турнир в Москве", "Хорошая партия, спасибо!"]);
    detected(KOI8_R, ["Ivanov", "Petrov", "", "Иванов Пётр, турнир в Москве"]);
    // chardetng alone: windows-1252 (`ìÉ`, `ÈÏÄ`).
    detected(KOI8_R, ["Ли", "Dmitry", "", "ход 45"]);
}

#[test]
fn latin_charsets_are_unaffected() {
    detected(WINDOWS_1252, ["Müller", "François", "Européen", "Très bien"]);
    detected(WINDOWS_1250, ["Łukasz Wiśniewski", "Jiří Černý", "Mistrzostwa Polski, Łódź", ""]);
}

#[test]
fn ca_wins_when_the_bytes_are_valid_in_it() {
    // Accented Latin letters without an ASCII one read as Cyrillic when nothing says otherwise
    // (`Ëè` is windows-1251's `Ли`); CA says windows-1252.
    let text = sgf("", ["Ëè", "Àí", "", ""]);
    let (bytes, _, _) = WINDOWS_1252.encode(&text);
    assert_eq!(texts(&SgfGame::parse(&decode(&bytes)).unwrap())[..2], ["Ли", "Ан"]);
    reads(WINDOWS_1252, "CA[windows-1252]", ["Ëè", "Àí", "", ""]);
    reads(WINDOWS_1251, "CA[windows-1251]", ["Ли", "Ан", "", ""]);
    reads(KOI8_R, "CA[KOI8-R]", ["Ли", "Ан", "", ""]);
    reads(SHIFT_JIS, "CA[Shift_JIS]", ["ヤマダ", "Taro", "", ""]);
    reads(GBK, "CA[GB2312]", ["古力", "常昊", "", ""]);
}

#[test]
fn a_ca_the_bytes_are_not_valid_in_is_ignored() {
    // A Shift_JIS file labelled UTF-8, and a label encoding_rs does not know.
    reads(SHIFT_JIS, "CA[UTF-8]", ["井山裕太", "一力遼", "", "はい、ありがとうございます"]);
    reads(WINDOWS_1251, "CA[cp-unknown]", ["Иванов Пётр", "Сидоров Иван", "", "спасибо"]);
}

#[test]
fn utf8_is_utf8() {
    for t in [
        ["井山裕太", "一力遼", "", "はい、ありがとうございます"],
        ["Ли", "Ан", "", ""],
        ["Müller", "柯洁", "", "흑 불계승"],
    ] {
        reads(UTF_8, "", t);
        reads(UTF_8, "CA[UTF-8]", t);
        let text = sgf("", t);
        let with_bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
        assert_eq!(texts(&SgfGame::parse(&decode(&with_bom)).unwrap()), t.map(String::from));
    }
}
