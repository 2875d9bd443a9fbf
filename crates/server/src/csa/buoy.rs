//! Buoy games, as shogi-server's `Buoy` and its x1 commands keep them: a game name
//! `buoy_<…>-<total>-<byoyomi>[F]` is set with an opening and a number of games (`%%SETBUOY`,
//! or `%%FORK` from a game's moves). Players who name it wait until it is set, are then paired
//! as for any game name, and each game starts after the opening (the setup's `opening`: in the
//! record with no time, counted for repetition and the move limit). Every game started uses one
//! up; the last one deletes the buoy. Buoys are stored (`csa_buoys`), so they outlive a restart.

use super::{Csa, Seeker, name};
use crate::store::{BuoyRow, GameId, User};
use arbiter::Mode;
use arbiter::live::{BoardSetup, GameSetup, LiveGame};

/// shogi-server's `/^buoy_.*\-\d+\-\d+F?$/`.
pub(super) fn is_buoy(name: &str) -> bool {
    name::before_times(name).is_some_and(|head| head.starts_with("buoy_"))
}

/// CSA moves written one after another (`+7776FU-3334FU`, each maybe with its `,T<sec>`, as
/// shogi-server's `Board.split_moves` reads them) as USI moves from the start position.
pub(super) fn opening_from_csa(text: &str) -> Result<Vec<String>, String> {
    let mut tokens: Vec<String> = Vec::new();
    for c in text.chars() {
        if matches!(c, '+' | '-') || tokens.is_empty() {
            tokens.push(String::new());
        }
        tokens.last_mut().expect("a token").push(c);
    }
    let mut pos = shogi::Position::startpos();
    let mut usi = Vec::with_capacity(tokens.len());
    for t in &tokens {
        let text = t.split(',').next().unwrap_or_default();
        let mv = shogi::formats::csa::parse_move(&pos, text)?;
        pos.check_move(mv).map_err(|e| format!("{text}: {e}"))?;
        pos.play_unchecked(mv);
        usi.push(mv.to_usi());
    }
    Ok(usi)
}

/// The text of `%%FORK`'s answer when it names the new buoy itself.
fn forked_name_lines(name: &str) -> String {
    format!("##[FORK]: new buoy game name: {name}\n##[FORK] +OK\n")
}

impl Csa {
    /// The stored buoys, into memory (at the start of `serve`).
    pub(super) async fn load_buoys(&self) {
        match self.store.buoys().await {
            Ok(list) => {
                let mut buoys = self.buoys.lock().expect("buoys lock");
                buoys.extend(list.into_iter().map(|b| (b.name.clone(), b)));
            }
            Err(e) => tracing::error!(error = %e, "the buoy games could not be read"),
        }
    }

    /// `%%SETBUOY <game name> <moves> [count]`.
    pub(super) async fn set_buoy(&self, owner: &User, game: &str, moves: &str, count: Option<&str>) -> String {
        let count = match count.map(str::parse::<i64>) {
            None => 1,
            Some(Ok(n)) if n >= 1 => n.min(u32::MAX as i64) as u32,
            Some(_) => return format!("##[ERROR] invalid count: {}\n", count.unwrap_or_default()),
        };
        let opening = match opening_from_csa(moves) {
            Ok(o) => o,
            Err(_) => return format!("##[ERROR] wrong moves: {moves}\n"),
        };
        match self.add_buoy(owner, game, opening, count).await {
            Ok(()) => "##[SETBUOY] +OK\n".to_string(),
            Err(AddBuoy::WrongMoves) => format!("##[ERROR] wrong moves: {moves}\n"),
            Err(e) => e.line(game),
        }
    }

    async fn add_buoy(&self, owner: &User, game: &str, opening: Vec<String>, count: u32) -> Result<(), AddBuoy> {
        let Some((mut g, _)) = name::parse(game).filter(|(g, _)| is_buoy(&g.name) && g.name == game) else {
            return Err(AddBuoy::WrongName);
        };
        g.opening = opening;
        if g.setup(self.config.ruleset).validate().is_err() {
            return Err(AddBuoy::WrongMoves);
        }
        if self.buoys.lock().expect("buoys lock").contains_key(game) {
            return Err(AddBuoy::Duplicated);
        }
        let row = BuoyRow { name: game.to_string(), opening: g.opening, owner: owner.id, games_left: count };
        match self.store.add_buoy(&row).await {
            Ok(true) => {}
            Ok(false) => return Err(AddBuoy::Duplicated),
            Err(e) => return Err(AddBuoy::Store(e.to_string())),
        }
        tracing::info!(buoy = game, by = %owner.name, count, "buoy game set");
        self.buoys.lock().expect("buoys lock").insert(game.to_string(), row);
        self.pair_buoy_waiters(game);
        Ok(())
    }

    /// `%%DELETEBUOY <game name>`: by the player who set it.
    pub(super) async fn delete_buoy(&self, user: &User, game: &str) -> String {
        let owner = self.buoys.lock().expect("buoys lock").get(game).map(|b| b.owner);
        match owner {
            None => format!("##[ERROR] buoy game not found: {game}\n"),
            Some(o) if o != user.id => {
                format!("##[ERROR] you are not allowed to delete a buoy game that you did not set: {game}\n")
            }
            Some(_) => match self.store.set_buoy_games_left(game, 0).await {
                Ok(()) => {
                    self.buoys.lock().expect("buoys lock").remove(game);
                    "##[DELETEBUOY] +OK\n".to_string()
                }
                Err(e) => format!("##[ERROR] the buoy could not be deleted: {e}\n"),
            },
        }
    }

    /// `%%GETBUOYCOUNT <game name>`: the games left, -1 for no such buoy.
    pub(super) fn buoy_count(&self, game: &str) -> String {
        let left = self.buoys.lock().expect("buoys lock").get(game).map_or(-1, |b| b.games_left as i64);
        format!("##[GETBUOYCOUNT] {left}\n##[GETBUOYCOUNT] +OK\n")
    }

    /// `%%FORK <game id> [<new buoy name>] [<n>]`: a buoy of one game from the first `n` moves of
    /// game `source` (by default all but its last), named `buoy_<id>_<n>-<total>-<byoyomi>` after
    /// the source's time control unless named.
    pub(super) async fn fork(&self, user: &User, source: &str, new_name: Option<&str>, nth: Option<usize>) -> String {
        let wrong = || format!("##[ERROR] wrong source game name: {source}\n");
        let Ok(id) = source.parse::<GameId>() else { return wrong() };
        let Some((setup, moves)) = self.game_moves(id).await else { return wrong() };
        if !matches!(setup.board, BoardSetup::Shogi { handicap: None, .. }) {
            return format!("##[ERROR] only an even shogi game can be forked: {source}\n");
        }
        let n = nth.unwrap_or(moves.len().saturating_sub(1));
        if n < 1 || n > moves.len() {
            return format!("##[ERROR] number of moves to fork is out of range: {}.\n", moves.len());
        }
        let (mut out, game) = match new_name {
            Some(g) => (String::new(), g.to_string()),
            None => {
                let (total, byo, inc) = name::time_fields(setup.time.as_ref().map(|t| &t.black));
                let g = if inc > 0 {
                    format!("buoy_{id}_{n}-{total}-{inc}F")
                } else {
                    format!("buoy_{id}_{n}-{total}-{byo}")
                };
                (forked_name_lines(&g), g)
            }
        };
        match self.add_buoy(user, &game, moves[..n].to_vec(), 1).await {
            Ok(()) => out.push_str("##[SETBUOY] +OK\n"),
            Err(e) => out.push_str(&e.line(&game)),
        }
        out
    }

    /// A stored game's setup and its moves so far (USI), from its log.
    async fn game_moves(&self, id: GameId) -> Option<(GameSetup, Vec<String>)> {
        let row = self.store.game(id).await.ok()??;
        let setup: GameSetup = serde_json::from_str(&row.setup).ok()?;
        let events = self.store.events(id).await.ok()?;
        let game = LiveGame::replay(&setup, Mode::Enforced, events.iter().map(|e| e.event.as_str())).ok()?;
        Some((setup, game.engine_moves()))
    }

    /// One game of buoy `game`, used up: its opening and the games then left (the buoy is
    /// deleted from memory with its last game; the caller stores the count).
    pub(super) fn take_buoy_game(&self, game: &str) -> Option<(Vec<String>, u32)> {
        let mut buoys = self.buoys.lock().expect("buoys lock");
        let b = buoys.get_mut(game)?;
        b.games_left = b.games_left.saturating_sub(1);
        let taken = (b.opening.clone(), b.games_left);
        if b.games_left == 0 {
            buoys.remove(game);
        }
        Some(taken)
    }

    /// Players waiting under buoy `game` before it was set: paired now, while games are left.
    fn pair_buoy_waiters(&self, game: &str) {
        let mut lobby = self.lobby.lock().expect("lobby lock");
        let Some(seekers) = lobby.get_mut(game) else { return };
        let Some((base, _)) = name::parse(game) else { return };
        seekers.retain(|s| !s.paired.is_closed());
        loop {
            let pair = (0..seekers.len()).find_map(|i| {
                (i + 1..seekers.len())
                    .find(|&j| seekers[i].user.id != seekers[j].user.id && seekers[i].wish.fits(seekers[j].wish))
                    .map(|j| (i, j))
            });
            let Some((i, j)) = pair else { break };
            let Some((opening, left)) = self.take_buoy_game(game) else { break };
            let second: Seeker = seekers.remove(j);
            let first: Seeker = seekers.remove(i);
            self.start_buoy_game(first, second, name::GameName { opening, ..base.clone() }, left);
        }
        if seekers.is_empty() {
            lobby.remove(game);
        }
    }

    /// Stores the buoy's count, then proposes its game to the two players.
    pub(super) fn start_buoy_game(&self, first: Seeker, second: Seeker, game: name::GameName, left: u32) {
        let csa = self.clone();
        tokio::spawn(async move {
            if let Err(e) = csa.store.set_buoy_games_left(&game.name, left).await {
                tracing::error!(error = %e, buoy = %game.name, "the buoy's count could not be stored");
            }
            csa.propose(first, (second.user, second.wish, second.paired), game).await
        });
    }
}

/// Why a buoy was not set.
#[derive(Debug)]
enum AddBuoy {
    WrongName,
    WrongMoves,
    Duplicated,
    Store(String),
}

impl AddBuoy {
    /// shogi-server's words.
    fn line(&self, game: &str) -> String {
        match self {
            AddBuoy::WrongName => format!("##[ERROR] wrong buoy game name: {game}\n"),
            AddBuoy::WrongMoves => format!("##[ERROR] wrong moves for the buoy game {game}\n"),
            AddBuoy::Duplicated => format!("##[ERROR] duplicated buoy game name: {game}\n"),
            AddBuoy::Store(e) => format!("##[ERROR] the buoy could not be stored: {e}\n"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buoy_names_as_shogi_server_reads_them() {
        for yes in ["buoy_test-600-10", "buoy_-900-0", "buoy_a-b-300-10F"] {
            assert!(is_buoy(yes), "{yes}");
        }
        for no in ["buoy-600-10", "buoy_test-600", "buoy_test-x-10", "test-600-10"] {
            assert!(!is_buoy(no), "{no}");
        }
    }

    #[test]
    fn csa_moves_one_after_another_with_or_without_times() {
        assert_eq!(opening_from_csa("+7776FU-3334FU").unwrap(), ["7g7f", "3c3d"]);
        assert_eq!(opening_from_csa("+7776FU,T2-3334FU,T5+8822UM").unwrap(), ["7g7f", "3c3d", "8h2b+"]);
        assert!(opening_from_csa("+7776FU+3334FU").is_err(), "White's move written as Black's");
        assert!(opening_from_csa("+7775FU").is_err());
    }
}
