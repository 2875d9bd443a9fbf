//! Reading a live game as a player's client does, one message an event: the state after it,
//! with the move that led there. The CSA connections, the CSA monitors (`%%MONITOR2ON`) and the
//! engines' seats follow games so; a WebSocket watcher gets the events themselves
//! ([`crate::live::Watching`]).

use crate::live::Countdown;
use arbiter::live::GameView;
use std::sync::Arc;
use tokio::sync::broadcast;

/// A state of the game, with the move (USI for shogi, GTP for Go) that led to it, if one did.
/// The view is brief ([`arbiter::live::ViewDetail::Brief`]).
#[derive(Debug)]
pub struct Followed {
    pub moved: Option<String>,
    pub view: GameView,
    pub countdown: Option<Countdown>,
}

/// A follower's start: the events after the number asked for (their JSON, as stored), the state
/// now with the last of their moves, and the states to come.
pub struct Following {
    pub events: Vec<String>,
    pub now: Arc<Followed>,
    pub updates: broadcast::Receiver<Arc<Followed>>,
}
