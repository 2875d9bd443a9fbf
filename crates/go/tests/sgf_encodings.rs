//! Issue 22: an SGF's text — player names, event, comments — survives read → write → read in
//! every encoding the reader decodes, with its `CA[]` and without it (then the charset is
//! detected as Sabaki does). The texts are drawn from each script's common characters.

use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, GB18030, GBK, KOI8_R, SHIFT_JIS, UTF_8, WINDOWS_1251};
use go::sgf::{SgfGame, decode};
use proptest::prelude::*;

const SIMPLIFIED: &str = "的一是了我不人在他有这个上们来到时大地为子中你说生国年着就那和要她出也得里后自以会围棋冠军赛";
const TRADITIONAL: &str =
    "的一是了我不人在他有這個上們來到時大地為子中你說生國年著就那和要她出也得裡後自以會圍棋冠軍賽";
const JAPANESE: &str =
    "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん囲碁名人本因坊戦";
const KANA: &str = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんアイウエオカキクケコサシスセソ";
const KOREAN: &str = "가나다라마바사아자차카타파하의이는을를에서한국바둑기사대회명인";
const CYRILLIC: &str = "абвгдежзийклмнопрстуфхцчшщыьэюяАБВГДЕЖЗИКЛМНОПРСТУ";

/// Russian as it is written: lower-case words, capitalised names (drawn at random from the
/// lower-case letters of [`CYRILLIC`] they could not be told from KOI8-R: read in KOI8-R,
/// windows-1251's `аБв` is `ЮаБ`, letters permuted and case swapped, as plausible at random).
fn russian(names: bool, n: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    let lower: Vec<char> = CYRILLIC.chars().filter(|c| c.is_lowercase()).collect();
    let word = (prop::collection::vec(prop::sample::select(lower), 2..7), any::<bool>());
    prop::collection::vec(word, n).prop_map(move |ws| {
        let capitalised = |(w, cap): (Vec<char>, bool)| {
            let mut w: String = w.into_iter().collect();
            if cap || names {
                w = w.chars().take(1).flat_map(char::to_uppercase).chain(w.chars().skip(1)).collect();
            }
            w
        };
        ws.into_iter().map(capitalised).collect::<Vec<_>>().join(" ")
    })
}

fn russian_texts() -> impl Strategy<Value = Texts> {
    (russian(true, 1..3), russian(true, 1..3), russian(false, 1..4), russian(false, 12..30))
        .prop_map(|(black, white, event, comment)| Texts { black, white, event, comment })
}

/// Words of 2–6 characters from `pool`, joined by spaces.
fn words(pool: &'static str, n: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    let chars: Vec<char> = pool.chars().collect();
    prop::collection::vec(prop::collection::vec(prop::sample::select(chars), 2..7), n)
        .prop_map(|ws| ws.into_iter().map(|w| w.into_iter().collect::<String>()).collect::<Vec<_>>().join(" "))
}

#[derive(Debug, Clone)]
struct Texts {
    black: String,
    white: String,
    event: String,
    comment: String,
}

fn texts(pool: &'static str) -> impl Strategy<Value = Texts> {
    texts_with_comment(pool, 2..8)
}

/// A comment of `comment_words` words: detection without `CA` needs enough text.
fn texts_with_comment(pool: &'static str, comment_words: std::ops::Range<usize>) -> impl Strategy<Value = Texts> {
    (words(pool, 1..3), words(pool, 1..3), words(pool, 1..4), words(pool, comment_words))
        .prop_map(|(black, white, event, comment)| Texts { black, white, event, comment })
}

fn sgf(t: &Texts, ca: Option<&str>) -> String {
    let ca = ca.map_or(String::new(), |c| format!("CA[{c}]"));
    format!("(;GM[1]FF[4]{ca}SZ[19]PB[{}]PW[{}]EV[{}];B[pd]C[{}];W[dp])", t.black, t.white, t.event, t.comment)
}

fn info<'a>(g: &'a SgfGame, id: &str) -> Option<&'a str> {
    g.info.iter().find(|(k, _)| k == id).map(|(_, v)| v.as_str())
}

fn same_texts(g: &SgfGame, t: &Texts) -> Result<(), TestCaseError> {
    prop_assert_eq!(info(g, "PB"), Some(t.black.as_str()));
    prop_assert_eq!(info(g, "PW"), Some(t.white.as_str()));
    prop_assert_eq!(info(g, "EV"), Some(t.event.as_str()));
    prop_assert_eq!(g.nodes.iter().find_map(|n| n.comment.as_deref()), Some(t.comment.as_str()));
    Ok(())
}

/// Encode in `enc`, read, write (UTF-8, `CA[UTF-8]`), read again: the same texts each time.
fn survives(enc: &'static Encoding, t: &Texts, with_ca: bool) -> Result<(), TestCaseError> {
    let text = sgf(t, with_ca.then(|| enc.name()));
    let (bytes, _, unmappable) = enc.encode(&text);
    prop_assert!(!unmappable, "the pool is in {}", enc.name());
    let first = SgfGame::parse(&decode(&bytes)).map_err(|e| TestCaseError::fail(e.to_string()))?;
    same_texts(&first, t)?;
    let written = first.to_sgf();
    let second = SgfGame::parse(&decode(written.as_bytes())).map_err(|e| TestCaseError::fail(e.to_string()))?;
    same_texts(&second, t)?;
    prop_assert_eq!(second.to_sgf(), written);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    // With the charset named in CA[], every text survives, however short.
    #[test]
    fn gbk(t in texts(SIMPLIFIED)) { survives(GBK, &t, true)?; }
    #[test]
    fn gb18030(t in texts(SIMPLIFIED)) { survives(GB18030, &t, true)?; }
    #[test]
    fn big5(t in texts(TRADITIONAL)) { survives(BIG5, &t, true)?; }
    #[test]
    fn shift_jis(t in texts(JAPANESE)) { survives(SHIFT_JIS, &t, true)?; }
    #[test]
    fn euc_jp(t in texts(JAPANESE)) { survives(EUC_JP, &t, true)?; }
    #[test]
    fn euc_kr(t in texts(KOREAN)) { survives(EUC_KR, &t, true)?; }
    #[test]
    fn windows_1251(t in texts(CYRILLIC)) { survives(WINDOWS_1251, &t, true)?; }
    #[test]
    fn utf_8(t in texts(JAPANESE), ca in any::<bool>()) { survives(UTF_8, &t, ca)?; }
    // Without CA[] the charset is detected (chardetng's guess, as Sabaki uses jschardet,
    // unless its reading is implausible text: src/sgf/charset.rs), given a comment of some
    // length; Shift_JIS from short texts too, kana alone or with kanji (chardetng alone read
    // `ああ` names and a 40-kana comment as windows-1252). Russian is drawn as it is written
    // (`russian`): random Cyrillic of mixed case cannot be told from KOI8-R.
    #[test]
    fn gbk_detected(t in texts_with_comment(SIMPLIFIED, 12..30)) { survives(GBK, &t, false)?; }
    #[test]
    fn gb18030_detected(t in texts_with_comment(SIMPLIFIED, 12..30)) { survives(GB18030, &t, false)?; }
    #[test]
    fn big5_detected(t in texts_with_comment(TRADITIONAL, 12..30)) { survives(BIG5, &t, false)?; }
    #[test]
    fn euc_jp_detected(t in texts_with_comment(JAPANESE, 12..30)) { survives(EUC_JP, &t, false)?; }
    #[test]
    fn euc_kr_detected(t in texts_with_comment(KOREAN, 12..30)) { survives(EUC_KR, &t, false)?; }
    #[test]
    fn shift_jis_detected(t in texts(JAPANESE)) { survives(SHIFT_JIS, &t, false)?; }
    #[test]
    fn shift_jis_kana_detected(t in texts(KANA)) { survives(SHIFT_JIS, &t, false)?; }
    #[test]
    fn windows_1251_detected(t in russian_texts()) { survives(WINDOWS_1251, &t, false)?; }
    #[test]
    fn koi8_r_detected(t in russian_texts()) { survives(KOI8_R, &t, false)?; }
}
