//! Go rules as the Russian Go Federation code (`rfg`) states them: board and legality
//! (rfg 3, 5), whole-board repetition reported as a cycle (rfg 6.3), the end after consecutive
//! passes (rfg 7.1), handicap (rfg 2.2–2.3), Japanese-style counting with seki (rfg 8–10) and
//! SGF FF\[4\] records.
//!
//! The crate is pure and deterministic: no I/O, no clocks, no threads.
//!
//! # Counting and seki (rfg 8–10)
//!
//! [`score::score`] counts a finished position in five steps:
//!
//! 1. The agreed dead stones are removed and added to the opponent's prisoners
//!    (rfg 7.2 commentary, 8.2). One stone marks its whole chain.
//! 2. The empty points are split into connected regions, each noting which colours it touches.
//! 3. **Seki.** An empty point touching both colours is a *seki point* when neither side can
//!    fill it: for each colour the move is illegal or leaves the filling chain with fewer than
//!    two liberties (self-atari), and it captures nothing. Every chain next to a seki point is
//!    *in seki*. This is the defining property of seki in rfg 6.1a — "neither partner can
//!    complete the surrounding" — read as a local test on the shared liberties.
//! 4. A region touching only one colour is that colour's territory (rfg 8.1), unless it touches
//!    a chain in seki (rfg 8.1 commentary: points surrounded by groups living in seki are not
//!    territory) or was agreed neutral. Regions touching both colours are neutral (rfg 8.3).
//! 5. Score = territory + prisoners (rfg 9.2), White adds komi (rfg 9.3); the higher total
//!    wins (rfg 10.2) and equal totals in a handicap game go to White by 0.5 (rfg 10
//!    commentary).
//!
//! Worked example 1 — seki without eyes. Black's inner chain (B1 B2 C1 C2 C3 D3) and White's
//! inner chain (E1 E2 E3 F1 F2) are each enclosed by the other's wall and share the liberties D1
//! and D2, with no eye. Whoever fills one is left with the other as last liberty (self-atari);
//! and such a sacrifice would let the opponent capture and live in the space gained, so neither
//! fills: D1 and D2 are seki points and count for nobody. The outer walls keep their territory.
//!
//! ```
//! use go::{Board, score::{score, Agreement}};
//! let b = Board::from_diagram("
//!     ...OX..
//!     ...OX..
//!     ...OX..
//!     OOOOXXX
//!     OOXXOXX
//!     OXX.OOX
//!     OXX.OOX
//! ").unwrap();
//! let s = score(&b, 0.0, 0, &Agreement::default()).unwrap();
//! let neutral: Vec<String> = s.neutral.iter().map(|p| p.to_gtp()).collect();
//! assert_eq!(neutral, ["D1", "D2"]);
//! assert_eq!(s.seki.len(), 11);
//! assert_eq!((s.black.territory, s.white.territory), (6, 9));
//! ```
//!
//! Worked example 2 — seki with one eye each. Black's inner chain (eye A1) and White's inner
//! chain (eye E1) share only C1; filling it leaves the filler with its eye as last liberty, so
//! C1 is a seki point and the eyes A1 and E1 are *not* territory (rfg 8.1 commentary). The outer
//! walls are not next to a seki point and keep their territory.
//!
//! ```
//! use go::{Board, score::{score, Agreement}};
//! let b = Board::from_diagram("
//!     ..OX...
//!     ..OX...
//!     ..OX...
//!     OOOXXXX
//!     OOOXXXX
//!     XXXOOOX
//!     .X.O.OX
//! ").unwrap();
//! let s = score(&b, 0.0, 0, &Agreement::default()).unwrap();
//! let neutral: Vec<String> = s.neutral.iter().map(|p| p.to_gtp()).collect();
//! assert_eq!(neutral, ["A1", "C1", "E1"]);
//! assert_eq!((s.black.territory, s.white.territory), (9, 6));
//! ```
//!
//! Worked example 3 — not seki: dame between two living groups. Either side can play C2
//! without self-atari, so no chain is in seki and both sides keep their territory; the dame
//! point itself counts for nobody (rfg 8.3).
//!
//! ```
//! use go::{Board, score::{score, Agreement}};
//! let b = Board::from_diagram("
//!     X.XO.
//!     XXXOO
//!     .XXOO
//!     XX.O.
//!     .XXOO
//! ").unwrap();
//! let s = score(&b, 0.0, 0, &Agreement::default()).unwrap();
//! assert!(s.seki.is_empty());
//! assert_eq!(s.neutral.iter().map(|p| p.to_gtp()).collect::<Vec<_>>(), ["C2"]);
//! assert_eq!((s.black.territory, s.white.territory), (3, 2));
//! ```
//!
//! Worked example 4 — what the local test does not see. Below, Black's chain A2–D2–D1 and
//! White's B1 share A1 and C1, and filling either is self-atari for both, so the test calls it
//! seki. It is not: White can sacrifice at C1, and after Black captures two stones his eye space
//! (A1 B1 C1) is one eye, so Black is dead (GNU Go agrees). Under rfg 7.2 such a group is agreed
//! dead before counting, and then the count is right; the test only looks at stones left alive.
//!
//! ```
//! use go::{Board, Point, score::{score, Agreement}};
//! let b = Board::from_diagram("
//!     .....
//!     OOOOO
//!     OOOOO
//!     XXXXO
//!     .O.XO
//! ").unwrap();
//! assert_eq!(score(&b, 0.0, 0, &Agreement::default()).unwrap().white.territory, 5);
//! let dead = Agreement { dead: vec![Point::from_gtp("A2", 5).unwrap()], ..Agreement::default() };
//! let s = score(&b, 0.0, 0, &dead).unwrap();
//! assert!(s.seki.is_empty());
//! assert_eq!((s.white.territory, s.white.prisoners), (5 + 5 + 2, 5)); // A1 C1 and A2–D2 D1
//! ```
//!
//! ## Compared with lightvector's goscorer
//!
//! goscorer (read from its documentation, not its code) aims at scoring end positions under
//! Japanese-like rules *without* requiring the dame to be filled: it detects seki automatically
//! and, by default, refuses to count "obvious false eye shapes that must eventually be
//! filled". It is heuristic by design and says so for exotic positions. Our test is narrower and
//! follows the procedure rfg 7.1–7.2 prescribes: after the three passes the players fill the
//! neutral points and all ko and make the necessary moves inside their territories, so the
//! position we count is one where every remaining shared liberty is either plain dame
//! (fillable by someone) or a seki liberty (fillable by nobody). We therefore do not try to
//! recognise false eyes or unfilled protective moves; positions where that matters, and
//! exotic seki (e.g. seki with a big eye against a small one, double-ko seki, rfg 6.2a), are
//! settled by the explicit overrides in [`score::Agreement`] (`seki`, `neutral`), as rfg 7.2
//! settles disputes by agreement or by playing them out.
//!
//! # Records
//!
//! [`sgf`] reads the main line of SGF FF\[4\] (and the usual FF\[3\] deviations) and writes
//! canonical SGF.

pub mod board;
pub mod dead;
pub mod fuzzing;
pub mod game;
pub mod handicap;
pub mod point;
pub mod score;
pub mod sgf;

pub use board::{Board, BoardError, IllegalMove};
pub use dead::estimate_dead;
pub use game::{Cycle, Game, GameError, Move, Rules};
pub use handicap::fixed_handicap;
pub use point::{Color, CoordError, Point};
