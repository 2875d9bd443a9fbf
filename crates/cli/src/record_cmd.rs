//! `shinpan check` and `shinpan convert`: a record of either game (told from its content) read,
//! then adjudicated or converted by `arbiter::records`.

use crate::error::{self, Error, Result};
use arbiter::records::{self, GameRecord};
use arbiter::{RecordFormat, RulesetId};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Record files (format detected from content; Shift_JIS or UTF-8; SGF by its CA charset),
    /// directories (their records, see below, recursively), or `-` for standard input.
    #[arg(required = true, value_name = "FILE|DIR")]
    files: Vec<PathBuf>,
    /// Ruleset (default: fesa-2017 for shogi, rfg for Go).
    #[arg(long, value_enum)]
    rules: Option<RulesetId>,
    /// Go: dead stones agreed at the end, GTP coordinates, comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "POINTS")]
    dead: Vec<String>,
    /// One JSON object per game (with its "file" and its "number" in the file) instead of the human
    /// verdict; a file that cannot be read is an {"file","error"} object.
    #[arg(long)]
    json: bool,
    /// Exit 1 when a game has a violation, a false stated result or end word among them.
    #[arg(long)]
    strict: bool,
}

/// The files a directory given to `check` contributes (recursively, hidden entries skipped).
pub const RECORD_EXTENSIONS: &[&str] = &["kif", "kifu", "ki2", "ki2u", "csa", "sfen", "usi", "sgf"];

#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Input record (format detected from content), `-` for standard input.
    file: PathBuf,
    /// Output format (shogi: sfen, usi, csa, kif, ki2, western; Go: sgf).
    #[arg(long, value_enum)]
    to: RecordFormat,
    /// Output file (default: standard output). `.kif` and `.ki2` files are written in Shift_JIS.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

impl CheckArgs {
    pub fn json(&self) -> bool {
        self.json
    }
}

fn read(file: &Path) -> Result<GameRecord> {
    GameRecord::read(&crate::files::read(file)?).map_err(|e| Error::input(file, e))
}

/// Every game of every file adjudicated and printed as it is done: exit 0 when every file was
/// read, whatever the verdicts; with `--strict` 1 when a game has violations; 2 when a file could
/// not be read (the others are still checked).
pub fn check(args: CheckArgs) -> Result<ExitCode> {
    let dead: Vec<String> = args.dead.iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let mut files = Vec::new();
    let mut unreadable = false;
    for path in &args.files {
        if let Err(e) = expand(path, &mut files) {
            unreadable = true;
            report(&e, None, args.json)?;
        }
    }
    // The file is named before each verdict when there may be several.
    let named = files.len() > 1 || args.files.iter().any(|p| p.is_dir());
    let mut faults = false;
    for file in &files {
        let verdicts =
            read(file).and_then(|r| records::check(&r, args.rules, &dead).map_err(|e| Error::input(file, e)));
        let verdicts = match verdicts {
            Ok(v) => v,
            Err(e @ Error::Closed) => return Err(e),
            Err(e) => {
                unreadable = true;
                report(&e, Some(file), args.json)?;
                continue;
            }
        };
        let several = verdicts.len() > 1;
        let mut out = String::new();
        for (n, v) in verdicts.iter().enumerate() {
            faults |= !v.violations.is_empty();
            if args.json {
                let mut o = serde_json::to_value(v).expect("a verdict always serializes");
                o["file"] = shown(file).into();
                o["number"] = (n + 1).into();
                out += &o.to_string();
                out.push('\n');
            } else {
                if named {
                    out += &format!("{}: ", shown(file));
                }
                if several {
                    out += &format!("game {}: ", n + 1);
                }
                out += &v.human();
            }
        }
        error::print(out.as_bytes())?;
    }
    Ok(if unreadable {
        ExitCode::from(2)
    } else if args.strict && faults {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn shown(file: &Path) -> String {
    if crate::files::is_stdin(file) { "<stdin>".into() } else { file.display().to_string() }
}

/// A file that could not be checked, reported in the one format and the check goes on: on
/// standard error, or under `--json` as an object on standard output among the verdicts.
fn report(e: &Error, file: Option<&Path>, json: bool) -> Result<()> {
    let r = e.report();
    if json {
        let mut o = serde_json::json!({ "error": r });
        if let Some(f) = file {
            o["file"] = shown(f).into();
        }
        error::print(format!("{o}\n").as_bytes())
    } else {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{}", r.human());
        Ok(())
    }
}

/// `path` itself, or a directory's record files (by [`RECORD_EXTENSIONS`]) in path order.
fn expand(path: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    if !path.is_dir() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let read_err = |source| Error::Read { path: path.to_path_buf(), source };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(read_err)?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<_>>()
        .map_err(read_err)?;
    entries.sort();
    for p in entries {
        if p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
            continue;
        }
        if p.is_dir() {
            expand(&p, out)?;
        } else if p.extension().is_some_and(|e| RECORD_EXTENSIONS.iter().any(|x| e.eq_ignore_ascii_case(x))) {
            out.push(p);
        }
    }
    Ok(())
}

pub fn convert(args: ConvertArgs) -> Result<ExitCode> {
    let record = read(&args.file)?;
    let converted = records::convert(&record, args.to).map_err(|e| Error::input(&args.file, e))?;
    // What the format cannot hold is said, never dropped silently.
    for w in &converted.warnings {
        eprintln!("shinpan convert: {}: {w}", args.file.display());
    }
    let text = converted.text;
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
