//! The incremental board against a naive flood-fill reference (proptest), and SGF round trips
//! of random games.

use go::sgf::{Node, SgfGame};
use go::{Board, Color, IllegalMove, Point};
use proptest::prelude::*;

/// Plain reference: a grid, flood-filled chains, the same rules (rfg 3.2, 5.1, 5.2 simple ko).
#[derive(Clone)]
struct Naive {
    n: usize,
    g: Vec<Option<Color>>,
    ko: Option<usize>,
}

impl Naive {
    fn nb(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.n, i / self.n);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.n {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - self.n);
        }
        if y + 1 < self.n {
            v.push(i + self.n);
        }
        v
    }
    fn chain(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let c = self.g[i];
        let mut st = vec![i];
        let mut seen = vec![false; self.g.len()];
        seen[i] = true;
        let mut libs = Vec::new();
        let mut k = 0;
        while k < st.len() {
            let j = st[k];
            k += 1;
            for q in self.nb(j) {
                if self.g[q].is_none() {
                    if !libs.contains(&q) {
                        libs.push(q);
                    }
                } else if self.g[q] == c && !seen[q] {
                    seen[q] = true;
                    st.push(q);
                }
            }
        }
        (st, libs)
    }
    fn play(&mut self, c: Color, i: usize) -> Result<u32, &'static str> {
        if self.g[i].is_some() {
            return Err("occupied");
        }
        if self.ko == Some(i) {
            return Err("ko");
        }
        let mut next = self.clone();
        next.g[i] = Some(c);
        let mut captured = Vec::new();
        for q in next.nb(i) {
            if next.g[q] == Some(c.opponent()) {
                let (st, libs) = next.chain(q);
                if libs.is_empty() {
                    for s in st {
                        if !captured.contains(&s) {
                            captured.push(s);
                        }
                    }
                }
            }
        }
        for &s in &captured {
            next.g[s] = None;
        }
        let (st, libs) = next.chain(i);
        if libs.is_empty() {
            return Err("suicide");
        }
        next.ko = if captured.len() == 1 && st.len() == 1 && libs.len() == 1 { Some(captured[0]) } else { None };
        *self = next;
        Ok(captured.len() as u32)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn incremental_board_matches_flood_fill(size in 5u8..10, moves in prop::collection::vec((0u8..9, 0u8..9, any::<bool>()), 1..250)) {
        let mut b = Board::new(size).unwrap();
        let mut r = Naive { n: size as usize, g: vec![None; size as usize * size as usize], ko: None };
        let mut c = Color::Black;
        for (x, y, pass) in moves {
            if pass && x == 0 {
                b.pass();
                r.ko = None;
                c = c.opponent();
                continue;
            }
            let (x, y) = (x % size, y % size);
            let p = Point::new(x, y);
            let i = y as usize * size as usize + x as usize;
            let ours = b.play(c, p);
            let theirs = r.play(c, i);
            match (&ours, &theirs) {
                (Ok(a), Ok(b2)) => prop_assert_eq!(a, b2),
                (Err(IllegalMove::Occupied(_)), Err("occupied")) | (Err(IllegalMove::Ko(_)), Err("ko")) | (Err(IllegalMove::Suicide(_)), Err("suicide")) => {}
                _ => prop_assert!(false, "{:?} vs {:?} at {}\n{}", ours, theirs, p, b.diagram()),
            }
            if ours.is_ok() {
                c = c.opponent();
            }
            for q in b.points() {
                let j = q.row as usize * size as usize + q.col as usize;
                prop_assert_eq!(b.get(q), r.g[j]);
                if r.g[j].is_some() {
                    let mut libs: Vec<Point> = r.chain(j).1.into_iter().map(|l| Point::new((l % size as usize) as u8, (l / size as usize) as u8)).collect();
                    libs.sort();
                    prop_assert_eq!(b.liberties(q), libs);
                }
            }
            prop_assert_eq!(b.ko_point().map(|p| p.row as usize * size as usize + p.col as usize), r.ko);
        }
    }

    #[test]
    fn sgf_round_trip_keeps_moves(size in 5u8..20, moves in prop::collection::vec((0u8..19, 0u8..19, 0u8..8), 0..60), km in -20i32..40) {
        let mut nodes = vec![Node::default()];
        for (k, (x, y, t)) in moves.into_iter().enumerate() {
            let c = if k % 2 == 0 { Color::Black } else { Color::White };
            let p = if t == 0 { None } else { Some(Point::new(x % size, y % size)) };
            let mut n = Node { mv: Some((c, p)), ..Node::default() };
            if t == 1 {
                n.black_time = Some(x as f64 * 1.5);
                n.comment = Some(format!("c]\\{y}"));
            }
            nodes.push(n);
        }
        let g = SgfGame { size, komi: Some(km as f64 / 2.0), handicap: 0, rules: Some("RFG".into()), result: Some("B+R".into()), info: vec![("PB".into(), "a]b".into())], nodes };
        let text = g.to_sgf();
        prop_assert_eq!(SgfGame::parse(&text).unwrap(), g);
    }
}
