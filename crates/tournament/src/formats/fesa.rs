//! The FESA rating program's input files written from a tournament (fesa-2017 15): the results
//! (`turnering.txt`) and the players the rating list does not have yet (`nye-spillere`), as the
//! official program and `shinpan rate fesa` read them.
//!
//! Players are written in pairing-number order, so that a player's number in the file is his
//! pairing number. A name `Last, First` (as TRF writes names) is split at the comma; a name
//! without one is all last name. Only games played over the board are games for the rating:
//! byes, forfeits, unrated games and absences are written as no game (`0-`). TRF keeps no
//! handicap per game, so no game carries one.

use crate::model::{Outcome, Tournament};

/// `(last, first)` of a TRF name.
pub fn split_name(name: &str) -> (String, String) {
    match name.split_once(',') {
        Some((last, first)) => (clean(last), clean(first)),
        None => (clean(name), String::new()),
    }
}

/// A name as the program's bracketed and quoted fields can hold it.
fn clean(s: &str) -> String {
    s.trim().chars().map(|c| if matches!(c, '[' | ']' | '"' | '\\') { ' ' } else { c }).collect()
}

/// `turnering.txt`: the name and date, then each player's rounds.
pub fn tournament_file(t: &Tournament, date: &str) -> String {
    let mut s = format!("[{}]\n[{}]\n", clean(&t.name), clean(date));
    for (i, p) in t.players.iter().enumerate() {
        let (last, first) = split_name(&p.name);
        let rounds: Vec<String> = p
            .rounds
            .iter()
            .map(|e| match (e.opponent, e.outcome) {
                (Some(o), Outcome::Win) => format!("{}+", o + 1),
                (Some(o), Outcome::Loss) => format!("{}-", o + 1),
                (Some(o), Outcome::Draw) => format!("{}=", o + 1),
                _ => "0-".to_string(),
            })
            .collect();
        s += &format!("{} [{last}] [{first}] [{}]\n", i + 1, rounds.join(" "));
    }
    s
}

/// `nye-spillere`: the players `known` (by last and first name) does not hold, each with his
/// grade and the rating he comes with (0: none, the grade's starting rating; fesa-2017 15.2),
/// his home the federation given (a two-letter code) or `ES`.
pub fn new_players_file(t: &Tournament, known: impl Fn(&str, &str) -> bool) -> String {
    let mut s = String::from("(\n");
    for p in &t.players {
        let (last, first) = split_name(&p.name);
        if known(&last, &first) {
            continue;
        }
        let (level, grade) = match p.grade.map(|g| g.number()) {
            Some(n) if n >= 1 => (n, "Dan"),
            Some(n) => (1 - n, "Kyu"),
            None => (0, ""),
        };
        let home = match p.federation.trim() {
            f if f.len() == 2 && f.chars().all(|c| c.is_ascii_alphabetic()) => f.to_ascii_uppercase(),
            _ => "ES".to_string(),
        };
        s += &format!(
            "(\"{last}\" \"{first}\" (#S(HOME :list #\\E :nationality \"{home}\" :residens \"{home}\")) {level} \"{grade}\" {} 0 nil)\n",
            p.rating
        );
    }
    s + ")\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::director::{NewPlayer, NewTournament, add_player, new_tournament};
    use crate::model::{Color, RoundEntry};

    /// Three players, two rounds: a game won, a pairing bye, a drawn game.
    fn club_cup() -> Tournament {
        let mut t =
            new_tournament(&NewTournament { name: "Club Cup".into(), rounds: Some(2), ..Default::default() }).unwrap();
        for (name, rating) in [("Abe, Taro", 1900), ("Baba", 1800), ("Cruz, Ana", 1700)] {
            add_player(&mut t, &NewPlayer { name: name.into(), rating, ..Default::default() }).unwrap();
        }
        let game = |o: usize, c: Color, outcome: Outcome| RoundEntry {
            opponent: Some(o),
            color: Some(c),
            outcome,
            replayed_draw: false,
        };
        let bye = RoundEntry { outcome: Outcome::PairingBye, ..RoundEntry::unpaired() };
        t.players[0].rounds = vec![game(1, Color::White, Outcome::Win), game(2, Color::White, Outcome::Draw)];
        t.players[1].rounds = vec![game(0, Color::Black, Outcome::Loss), bye.clone()];
        t.players[2].rounds = vec![bye, game(0, Color::Black, Outcome::Draw)];
        t
    }

    #[test]
    fn games_over_the_board_only() {
        let t = club_cup();
        assert_eq!(
            tournament_file(&t, "2026-11-21"),
            "[Club Cup]\n[2026-11-21]\n1 [Abe] [Taro] [2+ 3=]\n2 [Baba] [] [1- 0-]\n3 [Cruz] [Ana] [0- 1=]\n"
        );
    }

    #[test]
    fn new_players_are_those_the_list_lacks() {
        let mut t = club_cup();
        t.players[0].grade = Some(crate::Grade::dan(2));
        t.players[2].grade = Some(crate::Grade::kyu(3));
        t.players[2].federation = "de".into();
        let text = new_players_file(&t, |last, first| (last, first) == ("Baba", ""));
        assert_eq!(
            text,
            "(\n(\"Abe\" \"Taro\" (#S(HOME :list #\\E :nationality \"ES\" :residens \"ES\")) 2 \"Dan\" 1900 0 nil)\n\
             (\"Cruz\" \"Ana\" (#S(HOME :list #\\E :nationality \"DE\" :residens \"DE\")) 3 \"Kyu\" 1700 0 nil)\n)\n"
        );
    }
}
