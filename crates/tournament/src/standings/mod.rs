//! Standings: order by score (McMahon score in McMahon tournaments) then tie-breaks in the
//! configured order (the tie-breaks are in [`tiebreak`]); `formats::standings` writes them out.

pub mod tiebreak;

use crate::model::{Color, Outcome, Tournament};
use crate::standings::tiebreak::{Calculator, Config, TieBreak, Value, fmt};
use serde::Serialize;

/// Rank by score alone (ties keep pairing-number order), as written to TRF's rank column.
pub fn simple_ranks(t: &Tournament) -> Vec<u32> {
    let mut idx: Vec<usize> = (0..t.players.len()).collect();
    idx.sort_by_key(|&i| (std::cmp::Reverse(t.score(i)), i));
    let mut ranks = vec![0; idx.len()];
    for (r, &i) in idx.iter().enumerate() {
        ranks[i] = r as u32 + 1;
    }
    ranks
}

#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Shared by players equal on every criterion.
    pub rank: u32,
    /// 0-based player index.
    #[serde(skip)]
    pub player: usize,
    pub number: u32,
    pub name: String,
    pub rating: u32,
    pub grade: Option<String>,
    pub club: String,
    pub federation: String,
    /// Points (hundredths in `score_value`), as text.
    pub score: String,
    #[serde(skip)]
    pub score_value: Value,
    /// McMahon score, in McMahon tournaments.
    pub mms: Option<String>,
    pub tiebreaks: Vec<(String, String)>,
    #[serde(skip)]
    pub tiebreak_values: Vec<Value>,
    /// Crosstable cells per round: opponent's rank, colour, result (`12w1`, `3b=`, `U` …).
    pub rounds: Vec<String>,
}

/// Compute the standings. With `mcmahon`, the McMahon score (start score from `cfg.mms0` plus
/// points) is the main criterion (pl 8.3 McMahon).
pub fn compute(t: &Tournament, cfg: &Config, mcmahon: bool) -> Vec<Row> {
    let calc = Calculator::new(t, cfg);
    let n = t.players.len();
    let main = |p: usize| if mcmahon { calc.mms(p) } else { calc.score(p) };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(main(p)));
    let mut keys: Vec<Vec<Value>> = (0..n).map(|p| vec![main(p)]).collect();
    // Each tie-break is computed inside the groups still tied (direct encounter needs the group).
    for &tb in &cfg.order {
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j < order.len() && keys[order[j]] == keys[order[i]] {
                j += 1;
            }
            let group: Vec<usize> = order[i..j].to_vec();
            if tb == TieBreak::DirectEncounter {
                // Ranks among the tied players (C.07 art. 6), computed once per group.
                for (p, r) in group.iter().zip(calc.direct_encounter(&group)) {
                    keys[*p].push(-(r as Value) * 100);
                }
            } else {
                for &p in &group {
                    let v = calc.value(tb, p, &group);
                    keys[p].push(v);
                }
            }
            i = j;
        }
        order.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    }
    order.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    let mut rank_of = vec![0u32; n];
    for (k, &p) in order.iter().enumerate() {
        rank_of[p] = if k > 0 && keys[order[k - 1]] == keys[p] { rank_of[order[k - 1]] } else { k as u32 + 1 };
    }
    let rounds = t.rounds_recorded();
    order
        .iter()
        .map(|&p| {
            let pl = &t.players[p];
            let cells = (0..rounds)
                .map(|r| match pl.rounds.get(r) {
                    Some(e) => match e.opponent {
                        Some(o) => format!(
                            "{}{}{}{}",
                            rank_of[o],
                            match e.color {
                                Some(Color::White) => "w",
                                Some(Color::Black) => "b",
                                None => "-",
                            },
                            e.outcome.code(),
                            if e.replayed_draw { "r" } else { "" }
                        ),
                        None if e.outcome == Outcome::NotPaired => "-".into(),
                        None => e.outcome.code().to_string(),
                    },
                    None => "-".into(),
                })
                .collect();
            Row {
                rank: rank_of[p],
                player: p,
                number: pl.number,
                name: pl.name.clone(),
                rating: pl.rating,
                grade: pl.grade.map(|g| g.to_string()),
                club: pl.club.clone(),
                federation: pl.federation.clone(),
                score: fmt(calc.score(p)),
                score_value: calc.score(p),
                mms: mcmahon.then(|| fmt(calc.mms(p))),
                tiebreaks: cfg
                    .order
                    .iter()
                    .zip(&keys[p][1..])
                    // Direct encounter shows the rank among the tied players.
                    .map(|(tb, v)| {
                        (tb.label().to_string(), fmt(if *tb == TieBreak::DirectEncounter { -*v } else { *v }))
                    })
                    .collect(),
                tiebreak_values: keys[p][1..].to_vec(),
                rounds: cells,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::standings::{to_csv, to_egf, to_html, to_json, to_text};
    use crate::formats::trf;
    use crate::standings::tiebreak::Unplayed;

    const T: &str = "012 Cup\n\
001    1      A                                 2000                             1.5    1     2 w 1     3 b =\n\
001    2      B                                 1900                             1.0    2     1 b 0     4 w 1\n\
001    3      C                                 1800                             1.5    3     4 w 1     1 w =\n\
001    4      D                                 1700                             0.0    4     3 b 0     2 b 0\n\
XXR 2\n";

    #[test]
    fn orders_by_score_then_tiebreaks_and_prints_every_format() {
        let t = trf::parse(T).unwrap();
        let cfg = Config {
            order: vec![TieBreak::Buchholz, TieBreak::SonnebornBerger],
            unplayed: Unplayed::Dummy,
            mms0: vec![0; 4],
        };
        let rows = compute(&t, &cfg, false);
        // A and C both 1.5: Buchholz A = 1 + 1.5 = 2.5, C = 0 + 1.5 = 1.5.
        assert_eq!(rows.iter().map(|r| r.number).collect::<Vec<_>>(), vec![1, 3, 2, 4]);
        assert_eq!(rows[0].tiebreaks[0], ("BH".to_string(), "2.5".to_string()));
        assert_eq!(rows[0].rounds, vec!["3w1", "2b="]);
        let text = to_text(&t, &rows, &cfg.order, false);
        assert!(text.lines().nth(2).unwrap().starts_with("Rank"), "{text}");
        let csv = to_csv(&t, &rows, &cfg.order, false);
        assert_eq!(csv.lines().nth(1).unwrap(), "1,1,A,2000,,,1.5,2.5,1.75,3w1,2b=");
        assert!(to_html(&t, &rows, &cfg.order, false).contains("<td>A</td>"));
        let json: serde_json::Value = serde_json::from_str(&to_json(&rows)).unwrap();
        assert_eq!(json[1]["name"], "C");
        let egf = to_egf(&t, &rows, false);
        assert!(egf.lines().any(|l| l.trim_start().starts_with("1 A") && l.contains("3+/b")), "{egf}");
    }

    #[test]
    fn egf_lines_have_an_entry_for_every_round() {
        // E has an entry for round 1 only (absent, and nothing recorded since): the EGD format
        // wants one entry per round on every line, a free round being `0-`.
        let e = "001    5      E                                 1600                             0.0    5  0000 - -\n";
        let t = trf::parse(&(T.to_string() + e)).unwrap();
        assert_eq!(t.players[4].rounds.len(), 1);
        let cfg = Config { order: vec![], unplayed: Unplayed::Dummy, mms0: vec![0; 5] };
        let rows = compute(&t, &cfg, false);
        let egf = to_egf(&t, &rows, false);
        let players: Vec<&str> = egf.lines().filter(|l| !l.starts_with(';')).collect();
        assert_eq!(players.len(), 5, "{egf}");
        for l in &players {
            let results = l
                .split_whitespace()
                .filter(|f| f.starts_with(|c: char| c.is_ascii_digit()) && f.contains(['+', '-', '=']))
                .count();
            assert_eq!(results, 2, "{l}");
        }
        assert!(players.iter().any(|l| l.contains(" E ") && l.trim_end().ends_with("0-      0-")), "{egf}");
    }

    #[test]
    fn equal_players_share_the_rank() {
        let t = trf::parse(T).unwrap();
        let cfg = Config { order: vec![], unplayed: Unplayed::Dummy, mms0: vec![0; 4] };
        let rows = compute(&t, &cfg, false);
        assert_eq!(rows.iter().map(|r| r.rank).collect::<Vec<_>>(), vec![1, 1, 3, 4]);
    }
}
