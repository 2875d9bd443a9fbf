//! Checks shared by the fuzz target `go_sgf` and the corpus replay test: any input must either
//! be rejected with a positioned error or read, and what is read must survive a canonical
//! round trip unchanged.

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
            // Replaying must not panic either, whatever the moves are.
            if let Ok(r) = crate::record::replay(&g, crate::game::Rules::RFG) {
                let agreed = crate::score::Agreement { dead: r.marked_dead.clone(), ..Default::default() };
                let s = crate::score::score(r.game.board(), r.komi, g.handicap, &agreed)
                    .expect("marked dead stones are stones of the final board");
                let points = s.territory_black.len() + s.territory_white.len() + s.neutral.len();
                assert!(points <= g.size as usize * g.size as usize);
            }
        }
    }
}
