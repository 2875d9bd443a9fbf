//! Argument structs shared by the `check` and `convert` families (the CLI contract between parts).

#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    /// Record file (format detected from content; Shift_JIS or UTF-8).
    pub file: std::path::PathBuf,
    /// Ruleset id: fesa-2017 (shogi default), ufs-2016, pl, rfg (Go default).
    #[arg(long)]
    pub rules: Option<String>,
    /// Go: dead stones agreed at the end, GTP coordinates, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub dead: Vec<String>,
    /// One JSON object instead of the human verdict.
    #[arg(long)]
    pub json: bool,
}
#[derive(clap::Args, Debug, Clone)]
pub struct ConvertArgs {
    /// Input record (format detected from content).
    pub file: std::path::PathBuf,
    /// Output format: sfen, usi, csa, kif, ki2, western, sgf.
    #[arg(long)]
    pub to: String,
    /// Output file (default: stdout).
    #[arg(short, long)]
    pub output: Option<std::path::PathBuf>,
}
