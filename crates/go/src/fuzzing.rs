//! Checks shared by the fuzz target `go_sgf` and the corpus replay test: any input must either
//! be rejected with a positioned error or read, and what is read must survive a canonical
//! round trip unchanged. (Replaying the record under the rules is the `arbiter_sgf` target's.)

use crate::sgf::SgfGame;

pub fn sgf(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match SgfGame::parse(&text) {
        Err(e) => assert!(e.line >= 1 && e.column >= 1 && !e.reason.is_empty()),
        Ok(g) => {
            let out = g.to_sgf();
            let again = SgfGame::parse(&out).expect("canonical SGF must read back");
            assert_eq!(again.to_sgf(), out, "canonical SGF is a fixed point");
            assert_eq!(again.moves().count(), g.moves().count());
        }
    }
}
