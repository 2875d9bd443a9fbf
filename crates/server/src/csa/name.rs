//! Game names as shogi-server reads them from the LOGIN password: `<id>-<total>-<byoyomi>` in
//! seconds, `F` after the last number for a Fischer increment in place of byo-yomi
//! (`floodgate-600-10F`), a handicap by the id's prefix (`hclance_…`), and a side wished for by
//! `-B` / `-W` at the end. shinpan adds time odds: `<id>-<total>-<byo>-<total>-<byo>` gives
//! Black (sente; in a handicap game the receiver) the first control and White the second.

use arbiter::live::{BoardSetup, GameSetup, SideTimes};
use arbiter::ruleset::RulesetId;
use arbiter::{Overtime, TimeControl};

/// The side a player asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wish {
    Black,
    White,
    Either,
}

impl Wish {
    /// Two wishes that can sit at one board.
    pub fn fits(self, other: Wish) -> bool {
        !matches!((self, other), (Wish::Black, Wish::Black) | (Wish::White, Wish::White))
    }
}

/// One side's clock in a game name: whole seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameTime {
    pub total_s: u64,
    /// Byo-yomi, or the increment when `fischer`.
    pub byoyomi_s: u64,
    pub fischer: bool,
}

impl NameTime {
    /// The referee's time control, counted in whole seconds rounded down as CSA servers do.
    pub fn control(self) -> Option<TimeControl> {
        let main_ms = self.total_s * 1000;
        let per_ms = self.byoyomi_s * 1000;
        let mut tc = match (self.fischer, per_ms) {
            _ if main_ms == 0 && per_ms == 0 => return None,
            (true, _) => TimeControl::fischer(main_ms, per_ms),
            (false, 0) => TimeControl::sudden_death(main_ms),
            (false, _) => TimeControl::byoyomi(main_ms, per_ms, 1),
        };
        tc.round_down_to_seconds = true;
        Some(tc)
    }
}

/// A game name read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameName {
    /// The name without the side wished for: players meet under the same one.
    pub name: String,
    /// The part before the times; `<id>@<engine>` asks for a game against that engine.
    pub id: String,
    pub black: NameTime,
    pub white: NameTime,
    /// Our handicap name (`lance`, `two-pieces` …).
    pub handicap: Option<&'static str>,
    /// A buoy game's opening (USI), set when the game is paired.
    pub opening: Vec<String>,
}

/// shogi-server's handicap prefixes, and ours for them.
const HANDICAPS: [(&str, &str); 9] = [
    ("hclance_", "lance"),
    ("hcbishop_", "bishop"),
    ("hcrook_", "rook"),
    ("hcrooklance_", "rook-lance"),
    ("hc2p_", "two-pieces"),
    ("hc4p_", "four-pieces"),
    ("hc6p_", "six-pieces"),
    ("hc8p_", "eight-pieces"),
    ("hc10p_", "ten-pieces"),
];

/// Characters shogi-server allows in names: letters, digits, `_`, `@`, `-`, `.`.
pub fn good_identifier(s: &str) -> bool {
    !s.is_empty() && s.len() <= 32 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"_@-.".contains(&b))
}

/// What comes before `-<digits>-<digits>[F]` at the end of `name`, the shape shogi-server's
/// league patterns match (`/^floodgate\-\d+\-\d+F?$/`, `/^buoy_.*\-\d+\-\d+F?$/`).
pub fn before_times(name: &str) -> Option<&str> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut parts = name.rsplitn(3, '-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(byo), Some(total), Some(head)) if digits(total) && digits(byo.strip_suffix('F').unwrap_or(byo)) => {
            Some(head)
        }
        _ => None,
    }
}

fn number(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `s` split into the game name and the side wished for; `None` when it is no game name.
pub fn parse(s: &str) -> Option<(GameName, Wish)> {
    let (base, wish) = match s.rsplit_once('-') {
        Some((b, "B" | "b")) => (b, Wish::Black),
        Some((b, "W" | "w")) => (b, Wish::White),
        _ => (s, Wish::Either),
    };
    if !good_identifier(base) {
        return None;
    }
    let parts: Vec<&str> = base.split('-').collect();
    let time = |total: &str, byo: &str| -> Option<NameTime> {
        let (byo, fischer) = match byo.strip_suffix('F') {
            Some(b) => (b, true),
            None => (byo, false),
        };
        Some(NameTime { total_s: number(total)?, byoyomi_s: number(byo)?, fischer })
    };
    let n = parts.len();
    if n < 3 {
        return None;
    }
    // Time odds first: four numbers after the id.
    let odds = if n >= 5 { time(parts[n - 4], parts[n - 3]).zip(time(parts[n - 2], parts[n - 1])) } else { None };
    let (black, white, id) = match odds {
        Some((b, w)) if !parts[..n - 4].is_empty() => (b, w, parts[..n - 4].join("-")),
        _ => {
            let t = time(parts[n - 2], parts[n - 1])?;
            (t, t, parts[..n - 2].join("-"))
        }
    };
    let handicap = HANDICAPS.iter().find(|(p, _)| base.starts_with(p)).map(|(_, h)| *h);
    Some((GameName { name: base.to_string(), id, black, white, handicap, opening: Vec::new() }, wish))
}

impl GameName {
    /// The game this name sets up under `ruleset`.
    pub fn setup(&self, ruleset: RulesetId) -> GameSetup {
        let time = match (self.black.control(), self.white.control()) {
            (Some(black), Some(white)) => Some(SideTimes { black, white }),
            _ => None,
        };
        GameSetup {
            ruleset,
            overrides: None,
            time,
            board: BoardSetup::Shogi { handicap: self.handicap.map(str::to_string), opening: self.opening.clone() },
            rated: false,
            arrival: false,
            max_moves: None,
        }
    }
}

/// The summary's Time block fields for one side's control.
pub fn time_fields(tc: Option<&TimeControl>) -> (u64, u64, u64) {
    match tc {
        None => (0, 0, 0),
        Some(tc) => {
            let (byo, inc) = match tc.overtime {
                Overtime::ByoYomi { period_ms, .. } => (period_ms, 0),
                Overtime::Fischer { increment_ms } => (0, increment_ms),
                Overtime::Canadian { period_ms, moves } => (period_ms / u64::from(moves.max(1)), 0),
                Overtime::None => (0, 0),
            };
            (tc.main_ms / 1000, byo / 1000, inc / 1000)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shogi_server_names() {
        let (g, w) = parse("floodgate-600-10F").unwrap();
        assert_eq!(w, Wish::Either);
        assert_eq!((g.name.as_str(), g.id.as_str()), ("floodgate-600-10F", "floodgate"));
        assert_eq!(parse("t@fairy-stockfish-60-5").unwrap().0.id, "t@fairy-stockfish");
        assert_eq!(g.black, NameTime { total_s: 600, byoyomi_s: 10, fischer: true });
        assert_eq!(g.black, g.white);
        let (g, w) = parse("test-900-30-B").unwrap();
        assert_eq!((g.name.as_str(), w), ("test-900-30", Wish::Black));
        assert_eq!(
            g.black.control(),
            Some(TimeControl { round_down_to_seconds: true, ..TimeControl::byoyomi(900_000, 30_000, 1) })
        );
        let (g, w) = parse("hc2p_x-300-10-W").unwrap();
        assert_eq!((g.handicap, w), (Some("two-pieces"), Wish::White));
        assert_eq!(parse("x-0-0").unwrap().0.setup(RulesetId::Fesa2017).time, None);
        for bad in ["nonumbers", "x-60", "x-a-10", "x y-60-10", "-60-10x", "x-60-10G", ""] {
            assert!(parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn time_odds() {
        let (g, _) = parse("odds-600-10-300-10-B").unwrap();
        assert_eq!(g.black, NameTime { total_s: 600, byoyomi_s: 10, fischer: false });
        assert_eq!(g.white, NameTime { total_s: 300, byoyomi_s: 10, fischer: false });
        // Three numbers: the last two are the time, the first part of the id.
        let (g, _) = parse("x-1-600-10").unwrap();
        assert_eq!(g.black, g.white);
    }
}
