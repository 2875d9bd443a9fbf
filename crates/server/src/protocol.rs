//! The live protocol (docs/protocol.md): JSON messages over one WebSocket per client. A client
//! watches games and acts in them; the server sends each game's events in order, numbered from
//! 0, and the game's state after them. A client that reconnects watches again from the last
//! number it saw and misses nothing.

use crate::store::{GameId, UserId};
use arbiter::Answer;
use arbiter::live::{Action, GameView};
use serde::{Deserialize, Serialize};

/// The protocol's version; a client says which it speaks in `hello`.
pub const VERSION: u32 = 1;

/// What a client sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "type", deny_unknown_fields)]
pub enum ClientMsg {
    /// The protocol version the client speaks (optional; the server answers with its own).
    Hello { version: u32 },
    /// Send the game's events numbered after `after` (all of them without it), then every new
    /// one, each followed by the game's state.
    Watch {
        game: GameId,
        #[serde(default)]
        after: Option<u64>,
    },
    /// Stop sending the game's events.
    Unwatch { game: GameId },
    /// An act at the board. `id` is the client's own, echoed in the answer.
    Act { game: GameId, id: u64, action: Action },
    /// Claim the game from an opponent whose disconnection countdown has run out; answered
    /// like an act.
    ClaimAbsent { game: GameId, id: u64 },
}

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum ServerMsg {
    Hello {
        version: u32,
        user: Option<String>,
    },
    /// One event of a game's log, in order, with the referee's answer. `actor` is the user who
    /// caused it (none for the server's own: the start, a flag falling, a restart).
    Event {
        game: GameId,
        seq: u64,
        t: u64,
        actor: Option<UserId>,
        event: serde_json::Value,
        answer: Answer,
    },
    /// The game after its events up to `seq`.
    State {
        game: GameId,
        seq: u64,
        view: Box<GameView>,
        /// A countdown against the side to move, who has no connection watching the game.
        #[serde(skip_serializing_if = "Option::is_none")]
        countdown: Option<crate::live::Countdown>,
    },
    /// The answer to an `act`: its event's number once it is durable.
    Ack {
        id: u64,
        game: GameId,
        seq: u64,
        answer: Answer,
    },
    /// A message that could not be carried out; `id` when it was an `act`.
    Error {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        code: ErrorCode,
        message: String,
    },
}

/// A stable error code (docs/protocol.md "Errors").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The request is not understood (bad JSON, unknown fields, a move that is no move).
    BadRequest,
    /// Not logged in.
    Unauthorized,
    /// Logged in, but not allowed: another player's side, an arbiter's act, another's game.
    Forbidden,
    NotFound,
    /// The game is not in a state for this (not started, already over, seats taken).
    Conflict,
    /// Too many requests or messages.
    RateLimited,
    /// The request is too large.
    TooLarge,
    /// The server could not store the act; nothing was acknowledged.
    Unavailable,
    /// Something that should not happen; logged.
    Internal,
}

/// The JSON Schemas (draft 2020-12) of what a client sends and what the server sends, for this
/// protocol version: docs/schemas/ holds them, and a test keeps those files equal to these.
pub fn schemas() -> [(&'static str, serde_json::Value); 2] {
    let with_version = |mut s: schemars::Schema, name: &str| {
        s.insert("$id".into(), format!("https://shinpan.example/protocol/v{VERSION}/{name}.json").into());
        s.to_value()
    };
    [
        ("client", with_version(schemars::schema_for!(ClientMsg), "client")),
        ("server", with_version(schemars::schema_for!(ServerMsg), "server")),
    ]
}
