//! TRF files as bytes (docs/architecture.md, "Tournament files"): read → write → read is the
//! identity in every encoding and with every line ending and byte-order mark accepted, the
//! written bytes are the file's own, and the columns of a legacy encoding are its bytes.

use proptest::prelude::*;
use tournament::director::{self, BoardRef, BoardResult, ResultEntry};
use tournament::formats::trf;
use tournament::{DirectorError, Layout, LineEnding, TextEncoding, Tournament, sim};

/// Names each encoding can hold, with characters that make it recognisable.
fn names(encoding: TextEncoding) -> &'static [&'static str] {
    match encoding {
        TextEncoding::Utf8 => &["Łukasz Ōyama", "大山康晴", "Müller", "Ngô Bảo Châu", "升田幸三 ｶﾅ"],
        TextEncoding::Latin1 => &["Müller", "Pérez", "Åsa Ørsted", "Çelik", "Nuñez"],
        TextEncoding::ShiftJis => &["大山康晴", "升田幸三", "羽生善治", "ひふみん", "藤井聡太 ｿｳﾀ"],
    }
}

fn tournament(players: usize, rounds: u32, seed: u64, encoding: TextEncoding) -> Tournament {
    let mut t = sim::field(players, rounds + 1, seed);
    t.name = names(encoding)[seed as usize % 5].to_string();
    t.header.push(format!("012 {}", t.name));
    let pool = names(encoding);
    for (i, p) in t.players.iter_mut().enumerate() {
        p.name = format!("{} {i}", pool[(i + seed as usize) % pool.len()]);
    }
    let mut rng = sim::Rng::new(seed);
    for _ in 0..rounds {
        // A small field runs out of opponents (no rematch, C.04.3 C.1): fewer rounds then.
        let Ok(round) = tournament::pairing::dutch::pair(&t) else { break };
        sim::play(&mut t, &round, &mut rng);
    }
    t
}

fn layout(encoding: TextEncoding, bom: bool, line_ending: LineEnding) -> Layout {
    // A byte-order mark says UTF-8: the legacy encodings have none.
    Layout { encoding, bom: bom && encoding == TextEncoding::Utf8, line_ending }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn read_write_read_is_the_identity(
        players in 2usize..24,
        rounds in 0u32..4,
        seed in any::<u64>(),
        encoding in prop::sample::select(TextEncoding::ALL),
        bom in any::<bool>(),
        line_ending in prop::sample::select(&[LineEnding::Lf, LineEnding::CrLf, LineEnding::Cr][..]),
    ) {
        let t = tournament(players, rounds, seed, encoding);
        let layout = layout(encoding, bom, line_ending);
        let bytes = director::write_trf_file(&t, &layout).unwrap();
        let (again, read_as) = director::read_trf_file(&bytes).unwrap();
        prop_assert_eq!(read_as, layout);
        prop_assert_eq!(&again.players.iter().map(|p| &p.name).collect::<Vec<_>>(), &t.players.iter().map(|p| &p.name).collect::<Vec<_>>());
        prop_assert_eq!(&again.header, &t.header);
        let written = director::write_trf_file(&again, &read_as).unwrap();
        prop_assert_eq!(&written, &bytes);
        let (third, _) = director::read_trf_file(&written).unwrap();
        prop_assert_eq!(third, again);
    }
}

#[test]
fn legacy_columns_are_bytes() {
    // A Shift_JIS file laid out by bytes: 大山康晴 takes 8 of the name's 33 columns, and the
    // rating after it is read where it is (it was 990 when the bytes were read as UTF-8).
    let line = "001    1      大山康晴                          1990\r\n";
    let text = format!("012 棋戦\r\n{line}001    2      B{:32} 1900\r\n", "");
    let bytes = encoding_rs::SHIFT_JIS.encode(&text).0.into_owned();
    let (t, layout) = director::read_trf_file(&bytes).unwrap();
    assert_eq!(layout.encoding, TextEncoding::ShiftJis);
    assert_eq!((t.players[0].name.as_str(), t.players[0].rating), ("大山康晴", 1990));
    assert_eq!(t.players[1].rating, 1900);
    let written = director::write_trf_file(&t, &layout).unwrap();
    let (t2, _) = director::read_trf_file(&written).unwrap();
    assert_eq!(t2.players[0].rating, 1990);
    // The written line has the rating in bytes 49-52, as it came.
    let first = written.split(|&b| b == b'\n').find(|l| l.starts_with(b"001    1")).unwrap();
    assert_eq!(&first[48..52], b"1990");
    // A kanji that starts in the name's last column would run into the rating's.
    let wide = format!("001    1      {:32}大 1990\n", "");
    let text = format!("012 棋戦\n{wide}");
    let bytes = encoding_rs::SHIFT_JIS.encode(&text).0.into_owned();
    match director::read_trf_file(&bytes) {
        Err(DirectorError::Trf(tournament::Error::Parse { line: 2, column: 15, reason })) => {
            assert!(reason.contains("crosses column 47"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_latin1_file_keeps_its_bytes_and_refuses_what_it_cannot_hold() {
    let text = "012 Coupe d'été\n001    1      Müller                            1990\n001    2      Pérez                             1900\nXXR 3\n";
    let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(text);
    let (mut t, layout) = director::read_trf_file(&bytes).unwrap();
    assert_eq!(layout.encoding, TextEncoding::Latin1);
    assert_eq!(t.players[0].name, "Müller");
    let round = director::pair(&t, &Default::default()).unwrap();
    director::record_round(&mut t, &round);
    let entry = ResultEntry {
        round: 1,
        board: BoardRef::Number(1),
        result: BoardResult::Draw,
        replayed: false,
        correct: false,
    };
    director::enter_result(&mut t, &entry).unwrap();
    let written = director::write_trf_file(&t, &layout).unwrap();
    let (again, _) = director::read_trf_file(&written).unwrap();
    assert_eq!(again.players[1].name, "Pérez");
    assert!(
        written.starts_with(&bytes[..bytes.iter().position(|&b| b == b'\n').unwrap()]),
        "the header line as it was"
    );
    // A name in a script Latin-1 has no letters for is refused, naming it.
    let new = director::NewPlayer { name: "大山康晴".into(), ..Default::default() };
    director::add_player(&mut t, &new).unwrap();
    match director::write_trf_file(&t, &layout) {
        Err(DirectorError::Unencodable(e)) => assert_eq!(e.character, '大'),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_bom_is_not_part_of_the_first_line() {
    // The first player used to be lost: the BOM made `001` an unknown header line.
    let text = "\u{feff}001    1      Alpha                             2000\r\n001    2      Beta                              1900\r\n";
    let (t, layout) = director::read_trf_file(text.as_bytes()).unwrap();
    assert_eq!(t.players.len(), 2);
    assert!(layout.bom);
    assert_eq!(layout.line_ending, LineEnding::CrLf);
    assert_eq!(trf::parse(text).unwrap().players.len(), 2);
}

#[test]
fn a_file_without_players_nor_name_is_not_a_tournament() {
    for bytes in
        [&b""[..], b"\x00\x9f\xff random bytes\n", "開始日時：2024/01/01\n手合割：平手\n".as_bytes(), b"XXR 5\n"]
    {
        assert!(matches!(director::read_trf_file(bytes), Err(DirectorError::NotTrf)), "{bytes:?}");
    }
    let (t, _) = director::read_trf_file(b"012 Club night\nXXR 5\n").unwrap();
    assert!(t.players.is_empty());
    assert!(matches!(director::standings(&t, &Default::default()), Err(DirectorError::NoPlayers)));
    assert!(matches!(director::pair(&t, &Default::default()), Err(DirectorError::NoPlayers)));
    assert!(matches!(director::check_pairings(&t, &Default::default()), Err(DirectorError::NoPlayers)));
}
