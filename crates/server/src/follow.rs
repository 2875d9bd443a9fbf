//! Reading a live game's messages as a player's client does: a move's event, then the state
//! after it. The CSA connections, the CSA monitors (`%%MONITOR2ON`) and the engines' seats follow
//! games so.

use crate::live::Countdown;
use crate::protocol::ServerMsg;
use arbiter::live::GameView;

/// Holds a move's event until the state that follows it.
#[derive(Debug, Default)]
pub struct MoveFollower {
    pending: Option<String>,
}

/// A state of the game, with the move (USI for shogi, GTP for Go) that led to it, if one did.
pub struct Followed<'a> {
    pub moved: Option<String>,
    pub view: &'a GameView,
    pub countdown: Option<Countdown>,
}

impl MoveFollower {
    /// Follows one message: `Some` for a state, with the move of the event before it.
    pub fn follow<'a>(&mut self, m: &'a ServerMsg) -> Option<Followed<'a>> {
        match m {
            ServerMsg::Event { event, .. } => {
                if event.get("type").and_then(|t| t.as_str()) == Some("move") {
                    self.pending = event.get("move").and_then(|v| v.as_str()).map(str::to_string);
                }
                None
            }
            ServerMsg::State { view, countdown, .. } => {
                Some(Followed { moved: self.pending.take(), view, countdown: *countdown })
            }
            _ => None,
        }
    }
}
