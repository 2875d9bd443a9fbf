//! `shinpan check` and `shinpan convert`: a record of either game (told from its content) read,
//! then adjudicated or converted by `arbiter::records`.

use crate::error::{self, Error, Result};
use arbiter::records::{self, GameRecord};
use arbiter::{RecordFormat, RulesetId};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Record file (format detected from content; Shift_JIS or UTF-8; SGF by its CA charset).
    file: PathBuf,
    /// Ruleset (default: fesa-2017 for shogi, rfg for Go).
    #[arg(long, value_enum)]
    rules: Option<RulesetId>,
    /// Go: dead stones agreed at the end, GTP coordinates, comma-separated.
    #[arg(long, value_delimiter = ',')]
    dead: Vec<String>,
    /// One JSON object per game instead of the human verdict.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Input record (format detected from content).
    file: PathBuf,
    /// Output format (shogi: sfen, usi, csa, kif, ki2, western; Go: sgf).
    #[arg(long, value_enum)]
    to: RecordFormat,
    /// Output file (default: stdout). `.kif` and `.ki2` files are written in Shift_JIS.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

impl CheckArgs {
    pub fn json(&self) -> bool {
        self.json
    }
}

fn read(file: &PathBuf) -> Result<GameRecord> {
    GameRecord::read(&crate::files::read(file)?).map_err(|e| Error::input(file, e))
}

/// Exit code 0 when the record was read, whatever the verdict.
pub fn check(args: CheckArgs) -> Result<ExitCode> {
    let record = read(&args.file)?;
    let dead: Vec<String> = args.dead.iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let verdicts = records::check(&record, args.rules, &dead).map_err(|e| Error::input(&args.file, e))?;
    let mut out = String::new();
    for v in &verdicts {
        if args.json {
            out += &serde_json::to_string(v).expect("a verdict always serializes");
            out.push('\n');
        } else {
            out += &v.human();
        }
    }
    error::write_out(None, out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

pub fn convert(args: ConvertArgs) -> Result<ExitCode> {
    let record = read(&args.file)?;
    let text = records::convert(&record, args.to).map_err(|e| Error::input(&args.file, e))?;
    // `.kif` and `.ki2` files are Shift_JIS by convention (`.kifu` is the UTF-8 spelling).
    let sjis = args
        .output
        .as_ref()
        .and_then(|p| p.extension())
        .is_some_and(|e| e.eq_ignore_ascii_case("kif") || e.eq_ignore_ascii_case("ki2"));
    let bytes = if sjis { encoding_rs::SHIFT_JIS.encode(&text).0.into_owned() } else { text.into_bytes() };
    error::write_out(args.output.as_deref(), &bytes)?;
    Ok(ExitCode::SUCCESS)
}
