//! shinpan's own small opponents, so that a newcomer alone on the site has someone to play:
//! `shinpan engine usi` (shogi) and `shinpan engine gtp` (Go). They are weak on purpose and
//! quick: the shogi one takes the most valuable capture, else checks, else promotes, else plays
//! at random; the Go one plays a random legal move that fills none of its own eyes, and passes
//! when none is left. The referee, not they, knows the rules of the game: they only need the
//! legal moves.

use shogi::{Move, PieceKind, Position};
use std::io::{BufRead, Write};

/// A small xorshift generator seeded from the clock: these players need variety, not quality.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
        Rng(t | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn value(k: PieceKind) -> u64 {
    match k.unpromoted() {
        PieceKind::Pawn => 1,
        PieceKind::Lance => 3,
        PieceKind::Knight => 4,
        PieceKind::Silver => 5,
        PieceKind::Gold => 6,
        PieceKind::Bishop => 8,
        PieceKind::Rook => 10,
        _ => 50,
    }
}

/// The shogi player's choice in `pos`; `None`: no legal move (it resigns).
pub fn shogi_move(pos: &Position, rng: &mut impl FnMut() -> u64) -> Option<Move> {
    let moves = pos.legal_moves();
    moves.iter().copied().max_by_key(|&m| {
        let capture = match m {
            Move::Board { to, .. } => pos.piece_at(to).map_or(0, |p| value(p.kind)),
            _ => 0,
        };
        let mut after = pos.clone();
        after.play_unchecked(m);
        let check = after.is_check() as u64;
        let promote = matches!(m, Move::Board { promote: true, .. }) as u64;
        (capture * 8 + check * 4 + promote * 2) * 1024 + rng() % 1024
    })
}

/// Plays USI on `input`/`out` until `quit` or the end of the input.
pub fn usi(input: impl BufRead, mut out: impl Write) -> std::io::Result<()> {
    let mut rng = Rng::new();
    let mut pos = Position::startpos();
    for line in input.lines() {
        let line = line?;
        let word = line.split_whitespace().next().unwrap_or("");
        match word {
            "usi" => writeln!(out, "id name shinpan-shogi\nid author shinpan\nusiok")?,
            "isready" => writeln!(out, "readyok")?,
            "position" => match shogi::usi::parse_position_command(&line) {
                Ok(p) => pos = p.current(),
                Err(e) => writeln!(out, "info string {e}")?,
            },
            "go" => match shogi_move(&pos, &mut || rng.next()) {
                Some(m) => writeln!(out, "bestmove {}", m.to_usi())?,
                None => writeln!(out, "bestmove resign")?,
            },
            "quit" => return Ok(()),
            _ => {}
        }
        out.flush()?;
    }
    Ok(())
}

/// Plays GTP on `input`/`out` until `quit` or the end of the input.
pub fn gtp(input: impl BufRead, mut out: impl Write) -> std::io::Result<()> {
    let mut rng = Rng::new();
    let mut board = go::Board::new(19).expect("19 is a board size");
    for line in input.lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        // An optional command id, echoed.
        let first = words.next().unwrap_or("");
        let (id, cmd) = if first.bytes().all(|b| b.is_ascii_digit()) && !first.is_empty() {
            (first.to_string(), words.next().unwrap_or(""))
        } else {
            (String::new(), first)
        };
        let args: Vec<&str> = words.collect();
        let color = |s: Option<&&str>| match s.map(|s| s.to_ascii_lowercase()) {
            Some(c) if c == "b" || c == "black" => Some(go::Color::Black),
            Some(c) if c == "w" || c == "white" => Some(go::Color::White),
            _ => None,
        };
        let answer: Result<String, String> = match cmd {
            "" => continue,
            "protocol_version" => Ok("2".into()),
            "name" => Ok("shinpan-go".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "list_commands" => Ok("protocol_version\nname\nversion\nlist_commands\nknown_command\nboardsize\nclear_board\nkomi\nset_free_handicap\ntime_settings\ntime_left\nplay\ngenmove\nfinal_status_list\nquit".into()),
            "known_command" => Ok((["play", "genmove", "boardsize", "clear_board", "komi", "final_status_list"].contains(args.first().unwrap_or(&""))).to_string()),
            "boardsize" => match args.first().and_then(|s| s.parse().ok()).and_then(|n| go::Board::new(n).ok()) {
                Some(b) => {
                    board = b;
                    Ok(String::new())
                }
                None => Err("unacceptable size".into()),
            },
            "clear_board" => {
                board = go::Board::new(board.size()).expect("the same size");
                Ok(String::new())
            }
            "komi" | "time_settings" | "time_left" => Ok(String::new()),
            "set_free_handicap" => {
                let mut ok = Ok(String::new());
                for v in &args {
                    match go::Point::from_gtp(v, board.size()) {
                        Ok(p) => board.set(p, Some(go::Color::Black)),
                        Err(e) => ok = Err(e.to_string()),
                    }
                }
                ok
            }
            "play" => match (color(args.first()), args.get(1)) {
                (Some(_), Some(v)) if v.eq_ignore_ascii_case("pass") => {
                    board.pass();
                    Ok(String::new())
                }
                (Some(c), Some(v)) => match go::Point::from_gtp(v, board.size()) {
                    Ok(p) => board.play(c, p).map(|_| String::new()).map_err(|e| format!("illegal move: {}", e.reason())),
                    Err(e) => Err(e.to_string()),
                },
                _ => Err("play COLOR VERTEX".into()),
            },
            "genmove" => match color(args.first()) {
                Some(c) => Ok(match board.play_playout_move(c, rng.next() as usize) {
                    Some(p) => p.to_gtp(),
                    None => {
                        board.pass();
                        "pass".into()
                    }
                }),
                None => Err("genmove COLOR".into()),
            },
            "final_status_list" if args.first() == Some(&"dead") => {
                Ok(go::estimate_dead(&board).iter().map(|p| p.to_gtp()).collect::<Vec<_>>().join(" "))
            }
            "final_status_list" => Ok(String::new()),
            "quit" => {
                writeln!(out, "={id}\n")?;
                out.flush()?;
                return Ok(());
            }
            _ => Err("unknown command".into()),
        };
        match answer {
            Ok(a) if a.is_empty() => writeln!(out, "={id}\n")?,
            Ok(a) => writeln!(out, "={id} {a}\n")?,
            Err(e) => writeln!(out, "?{id} {e}\n")?,
        }
        out.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shogi_player_takes_the_biggest_capture() {
        // Black's rook takes White's on 5e rather than anything else.
        let pos = Position::from_sfen("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1").unwrap();
        let mut zero = || 0;
        assert_eq!(shogi_move(&pos, &mut zero).map(|m| m.to_usi()), Some("5h5e".to_string()));
    }

    #[test]
    fn the_players_answer_their_protocols() {
        let mut out = Vec::new();
        usi("usi\nisready\nposition startpos moves 7g7f\ngo btime 0 wtime 0 byoyomi 1000\nquit\n".as_bytes(), &mut out)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        let best = text.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a bestmove");
        let pos = shogi::usi::parse_position_command("position startpos moves 7g7f").unwrap().current();
        assert!(pos.legal_moves().iter().any(|m| m.to_usi() == best), "{best}");

        let mut out = Vec::new();
        gtp(
            "boardsize 9\nclear_board\nplay black E5\n7 genmove white\nfinal_status_list dead\nquit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
        assert_eq!(answers[..3], ["=", "=", "="], "{text}");
        let mv = answers[3].strip_prefix("=7 ").expect("an answer with the id");
        assert!(mv != "E5" && go::Point::from_gtp(mv, 9).is_ok(), "{mv}");
    }
}
