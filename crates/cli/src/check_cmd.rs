//! `shinpan check` for shogi records: adjudicate each game under `--rules` (default fesa-2017)
//! in recorded mode and print the verdict (SPEC.md "Command-line contract").

use crate::args::CheckArgs;
use arbiter::{adjudicate, Ruleset};
use shogi::{EndReason, GameEnd, Record, RecordMove};
use std::process::ExitCode;

/// Adjudicates the records read from `args.file`. Exit code 0: the records were read (whatever
/// the verdict); 2: the ruleset is unknown.
pub fn check_shogi(args: &CheckArgs, records: Vec<Record>) -> ExitCode {
    let id = args.rules.as_deref().unwrap_or("fesa-2017");
    let rules = match Ruleset::by_id(id) {
        Ok(r) if r.game == arbiter::ruleset::GameKind::Shogi => r,
        Ok(r) => {
            eprintln!("shinpan check: {}: {} is a Go ruleset; shogi records use fesa-2017, ufs-2016 or pl", args.file.display(), r.id);
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("shinpan check: {e}");
            return ExitCode::from(2);
        }
    };
    for record in &records {
        let v = adjudicate(record, &rules);
        if args.json {
            println!("{}", serde_json::to_string(&v).expect("a verdict always serializes"));
        } else {
            print!("{}", v.human());
        }
    }
    ExitCode::SUCCESS
}

/// Reads a file of USI `position startpos|sfen … [moves …]` lines, one game per line, leniently:
/// moves are kept as written so the referee sees illegal ones. A final token may be an end
/// word: a CSA one (`%TORYO`, `%TSUMI`, `%KACHI`, …) or USI `resign` / `win`. Blank lines and
/// lines starting with `#` are skipped. Errors name the line and column.
///
/// Stand-in until the record-format readers (`shogi::formats::read`) are merged.
pub fn read_usi_games(text: &str) -> Result<Vec<Record>, String> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let err = |column: usize, reason: String| format!("line {line_no}, column {column}: {reason}");
        let tokens = tokens_with_columns(line);
        let moves_at = tokens.iter().position(|t| t.1 == "moves");
        let head_end = moves_at.map_or(line.len(), |i| byte_offset(line, tokens[i].0));
        let start = shogi::usi::parse_position_command(&line[..head_end]).map_err(|e| err(1, e.to_string()))?.start;
        let mut record = Record::new(start);
        if let Some(i) = moves_at {
            let rest = &tokens[i + 1..];
            for (k, &(column, tok)) in rest.iter().enumerate() {
                if let Some(mv) = shogi::usi::parse_move(tok) {
                    record.moves.push(RecordMove::new(mv));
                    continue;
                }
                match end_word(tok) {
                    Some(end) if k + 1 == rest.len() => record.end = Some(GameEnd::new(end)),
                    Some(_) => return Err(err(column, format!("end word {tok:?} must be the last token"))),
                    None => return Err(err(column, format!("{tok:?} is not a USI move or an end word"))),
                }
            }
        }
        games.push(record);
    }
    if games.is_empty() {
        return Err("line 1, column 1: no `position` line found".into());
    }
    Ok(games)
}

fn end_word(tok: &str) -> Option<EndReason> {
    Some(match tok {
        "%TORYO" | "resign" => EndReason::Resign,
        "%TSUMI" => EndReason::Checkmate,
        "%SENNICHITE" => EndReason::Sennichite,
        "%KACHI" | "win" => EndReason::DeclarationWin,
        "%TIME_UP" => EndReason::TimeUp,
        "%ILLEGAL_MOVE" => EndReason::IllegalWin,
        "%JISHOGI" => EndReason::Jishogi,
        "%HIKIWAKE" => EndReason::Draw,
        "%CHUDAN" => EndReason::Interrupted,
        "%MAX_MOVES" => EndReason::MaxMoves,
        _ => return None,
    })
}

/// Whitespace-separated tokens with their 1-based character columns.
fn tokens_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((text[..s].chars().count() + 1, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

fn byte_offset(text: &str, column: usize) -> usize {
    text.char_indices().nth(column - 1).map_or(text.len(), |(i, _)| i)
}

/// `shinpan check FILE`: reads the file and adjudicates it. The lead's dispatcher replaces the
/// reading with format detection (SGF → Go, else `shogi::formats::read`).
pub fn run(args: &CheckArgs) -> ExitCode {
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("shinpan check: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let Ok(text) = std::str::from_utf8(&bytes) else {
        eprintln!("shinpan check: {}: line 1, column 1: not UTF-8 text", args.file.display());
        return ExitCode::from(2);
    };
    match read_usi_games(text) {
        Ok(records) => check_shogi(args, records),
        Err(e) => {
            eprintln!("shinpan check: {}: {e}", args.file.display());
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_games_with_end_words_and_illegal_moves() {
        let g = read_usi_games("# two games\nposition startpos moves 7g7f 3c3d %TORYO\n\nposition sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves 7g7e\n").unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].moves.len(), 2);
        assert_eq!(g[0].end.as_ref().unwrap().reason, EndReason::Resign);
        assert_eq!(g[1].moves.len(), 1, "an impossible move is kept for the referee to judge");
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = read_usi_games("position startpos moves 7g7f\nposition startpos moves 7g7f xx\n").unwrap_err();
        assert_eq!(e, "line 2, column 30: \"xx\" is not a USI move or an end word");
        let e = read_usi_games("position startpos moves %TORYO 7g7f").unwrap_err();
        assert!(e.starts_with("line 1, column 25: end word"), "{e}");
        let e = read_usi_games("position sfen xyz moves 7g7f").unwrap_err();
        assert!(e.starts_with("line 1"), "{e}");
        assert!(read_usi_games("\n# nothing\n").is_err());
    }

    fn args(file: std::path::PathBuf, rules: Option<&str>) -> CheckArgs {
        CheckArgs { file, rules: rules.map(str::to_string), dead: vec![], json: true }
    }

    #[test]
    fn exit_codes() {
        let dir = std::env::temp_dir().join(format!("shinpan-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.usi");
        std::fs::write(&good, "position startpos moves 7g7f 3c3d %TORYO\n").unwrap();
        let bad = dir.join("bad.usi");
        std::fs::write(&bad, "position startpos moves 7g7f zz\n").unwrap();
        assert_eq!(run(&args(good.clone(), None)), ExitCode::SUCCESS);
        assert_eq!(run(&args(good.clone(), Some("ufs-2016"))), ExitCode::SUCCESS);
        assert_eq!(run(&args(good.clone(), Some("jsa"))), ExitCode::from(2));
        assert_eq!(run(&args(good, Some("rfg"))), ExitCode::from(2), "a Go ruleset for a shogi record");
        assert_eq!(run(&args(bad, None)), ExitCode::from(2));
        assert_eq!(run(&args(dir.join("missing.usi"), None)), ExitCode::from(2));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
