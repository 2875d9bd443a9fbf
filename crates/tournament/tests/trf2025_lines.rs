//! TRF-2025 record types shinpan does not read yet (240, 250, 260, 299, and 013 team, 310
//! team-round lines) are refused with the line, column and record type, never skipped
//! silently (a skipped 240/250 line could change who was paired or how points count).

use tournament::{trf, Error};

#[test]
fn trf_2025_unsupported_records_are_named_with_line_and_column() {
    for tag in ["240", "250", "260", "299", "013", "310"] {
        let text = format!(
            "012 Test\n001    1      Alpha                             2000\n001    2      Beta                              1900\n{tag} 1 2 3\n"
        );
        match trf::parse(&text) {
            Err(Error::Parse { line, column, reason }) => {
                assert_eq!((line, column), (4, 1), "{tag}");
                assert!(reason.contains(tag) && reason.contains("not supported"), "{tag}: {reason}");
            }
            other => panic!("{tag}: {other:?}"),
        }
    }
}
