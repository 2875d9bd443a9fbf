//! `shinpan check` for shogi records: adjudicate each game under `--rules` (default fesa-2017)
//! in recorded mode and print the verdict (SPEC.md "Command-line contract").

use crate::args::CheckArgs;
use arbiter::{Ruleset, adjudicate};
use shogi::Record;
use std::process::ExitCode;

/// `shinpan check`: the record's game told from its content, then adjudicated.
pub fn check(args: CheckArgs) -> crate::error::Result<ExitCode> {
    let bytes = crate::error::read(&args.file)?;
    Ok(if crate::go_cmd::is_sgf(&String::from_utf8_lossy(&bytes)) {
        crate::go_cmd::check(&args, &bytes)
    } else {
        let records = shogi::formats::read(&bytes).map_err(|e| crate::error::Error::input(&args.file, e))?;
        check_shogi(&args, records)
    })
}

/// Adjudicates the records read from `args.file`. Exit code 0: the records were read (whatever
/// the verdict); 2: the ruleset is unknown.
pub fn check_shogi(args: &CheckArgs, records: Vec<Record>) -> ExitCode {
    let id = args.rules.as_deref().unwrap_or("fesa-2017");
    let rules = match Ruleset::by_id(id) {
        Ok(r) if r.game == arbiter::ruleset::GameKind::Shogi => r,
        Ok(r) => {
            eprintln!(
                "shinpan check: {}: {} is a Go ruleset; shogi records use fesa-2017, ufs-2016 or pl",
                args.file.display(),
                r.id
            );
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

#[cfg(test)]
mod tests {
    use super::*;

    fn args(rules: Option<&str>) -> CheckArgs {
        CheckArgs { file: "game.kif".into(), rules: rules.map(str::to_string), dead: vec![], json: true }
    }

    #[test]
    fn exit_codes() {
        let game = || vec![Record::new(shogi::Position::startpos())];
        assert_eq!(check_shogi(&args(None), game()), ExitCode::SUCCESS);
        assert_eq!(check_shogi(&args(Some("ufs-2016")), game()), ExitCode::SUCCESS);
        assert_eq!(check_shogi(&args(Some("jsa")), game()), ExitCode::from(2), "unknown ruleset");
        assert_eq!(check_shogi(&args(Some("rfg")), game()), ExitCode::from(2), "a Go ruleset for a shogi record");
    }
}
