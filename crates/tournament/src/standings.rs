//! Standings: order by score then tie-breaks; text, CSV, HTML, JSON and EGF output.

use crate::model::Tournament;

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
