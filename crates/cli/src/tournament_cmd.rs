//! `shinpan pair`, `standings`, `result`, `check-pairings` and `player`: the arguments, the TRF
//! file read, one use case of the tournament director ([`tournament::director`]), the output,
//! and the file written back (a temporary file renamed over it) when the tournament changed.
//! The tournament's rules are all the director's.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use tournament::director::{self, DirectorError};
use tournament::{
    BoardRef, BoardResult, CheckRequest, Edition, GameKind, Grade, HandicapBasis, HandicapTable, Layout,
    McMahonSettings, NewPlayer, NewTournament, PairRequest, ResultEntry, RulesetId, Sente, StandingsFormat,
    StandingsRequest, System, TieBreak, Tournament, UnknownName, Unplayed,
};

use tournament::pairing::mcmahon::{AvoidSame, ColourPriority, FirstOnTie, GapCost, GroupOrder, Place, Seeding};

use crate::error::{Error, Result, print, write_out};
use crate::files::{self, Locked};

#[derive(clap::Args, Debug)]
pub struct PairArgs {
    /// The tournament (TRF), `-` for standard input.
    file: PathBuf,
    /// dutch (FIDE C.04.3), mcmahon (pl 8.2), round-robin (Berger), knockout. Default: the file's.
    #[arg(long, value_enum)]
    system: Option<System>,
    /// Where the pairing goes (default: standard output).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Edition of the Dutch rules C.04.3.
    #[arg(long, value_enum, default_value_t = Edition::Fide2025)]
    edition: Edition,
    /// One JSON object with boards, handicaps and byes instead of the bbpPairings format.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    mcmahon: McMahonOpts,
    #[command(flatten)]
    criteria: McMahonCriteriaOpts,
    #[command(flatten)]
    sente: PairOpts,
}

#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    /// The tournament (TRF), `-` for standard input.
    file: PathBuf,
    /// Tie-breaks in order, comma-separated, from: sb, de, median, buchholz, cut1, progressive,
    /// sos, sosos, sodos, wins, rating (default by system, pl 8.3; "" for none).
    #[arg(long, value_parser = tiebreak_list, value_name = "LIST")]
    tiebreaks: Option<TieBreaks>,
    /// Output format (egf: the European Go Federation's results format).
    #[arg(long, value_enum, default_value_t = StandingsFormat::Text)]
    format: StandingsFormat,
    /// Unplayed rounds in Buchholz/SOS, one of: dummy (FIDE 2024), virtual (FIDE 2009),
    /// fixed:X (X points, e.g. fixed:0.5).
    #[arg(long, default_value = "dummy", value_name = "dummy|virtual|fixed:X")]
    unplayed: Unplayed,
    /// Pairing system, for the default tie-breaks and McMahon scores.
    #[arg(long, value_enum)]
    system: Option<System>,
    #[command(flatten)]
    mcmahon: McMahonOpts,
}

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("board_or_player").args(["board", "player"]).multiple(false)))]
pub struct ResultArgs {
    /// The tournament (TRF), `-` for standard input (the changed file then goes to standard
    /// output).
    file: PathBuf,
    /// The round, from 1.
    #[arg(long)]
    round: u32,
    /// Board number as `pair` printed it and `result --round R` lists it.
    #[arg(long)]
    board: Option<usize>,
    /// Either player's pairing number, instead of --board.
    #[arg(long)]
    player: Option<u32>,
    /// The result, first mover first: 1-0, 0-1, ½-½ (or 1/2-1/2), +/- (won by forfeit), -/+
    /// (lost by forfeit), --/-- (both forfeited). Without it, the round's boards are listed.
    #[arg(long, allow_hyphen_values = true, requires = "board_or_player", value_name = "RESULT")]
    result: Option<BoardResult>,
    /// The game was drawn and replayed with colours reversed (fesa 12.2); the result is the replay's.
    #[arg(long)]
    replayed: bool,
    /// Replace a result already entered.
    #[arg(long)]
    correct: bool,
}

#[derive(clap::Args, Debug)]
pub struct CheckPairingsArgs {
    /// The tournament (TRF), `-` for standard input.
    file: PathBuf,
    /// Edition of the Dutch rules C.04.3.
    #[arg(long, value_enum, default_value_t = Edition::Fide2025)]
    edition: Edition,
    /// A JSON array of the rounds' checks instead of one line per round.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    mcmahon: McMahonOpts,
    #[command(flatten)]
    criteria: McMahonCriteriaOpts,
}

#[derive(clap::Subcommand, Debug)]
pub enum PlayerCommand {
    /// Withdraw a player from a round on: he is not paired from that round (`SXW id round`).
    #[command(after_help = "Example:\n  shinpan player withdraw t.trf --player 5 --from-round 3")]
    Withdraw(WithdrawArgs),
    /// Add a player who joins at the next round to pair, with the next pairing number; his
    /// earlier rounds are zero-point byes (`0000 - Z`). Before round 1 this registers him.
    #[command(
        after_help = "Examples:\n  shinpan player add t.trf --name 'Habu Yoshiharu' --rating 2100 --grade 4d --club Tokyo\n  shinpan player add t.trf --name 'Anna Nowak' --federation POL"
    )]
    Add(AddArgs),
}

#[derive(clap::Args, Debug)]
pub struct WithdrawArgs {
    /// The tournament (TRF), `-` for standard input (the changed file then goes to standard
    /// output).
    file: PathBuf,
    /// Pairing number.
    #[arg(long)]
    player: u32,
    /// The first round he is not paired in.
    #[arg(long)]
    from_round: u32,
}

#[derive(clap::Args, Debug)]
pub struct AddArgs {
    /// The tournament (TRF), `-` for standard input (the changed file then goes to standard
    /// output).
    file: PathBuf,
    /// The player's name, at most 33 columns (TRF 001).
    #[arg(long)]
    name: String,
    /// Rating, 0 for none.
    #[arg(long, default_value_t = 0)]
    rating: u32,
    /// Grade, e.g. 3d or 1k (dan or kyu), for handicaps and McMahon groups.
    #[arg(long)]
    grade: Option<Grade>,
    /// Club, for the standings.
    #[arg(long)]
    club: Option<String>,
    /// Federation, three letters.
    #[arg(long)]
    federation: Option<String>,
}

impl PairArgs {
    pub fn json(&self) -> bool {
        self.json
    }
}

impl StandingsArgs {
    pub fn json(&self) -> bool {
        self.format == StandingsFormat::Json
    }
}

impl CheckPairingsArgs {
    pub fn json(&self) -> bool {
        self.json
    }
}

#[derive(clap::Args, Debug)]
pub struct NewTournamentArgs {
    /// The TRF file to create (UTF-8); refused if it exists. `-` prints it instead.
    file: PathBuf,
    /// The tournament's name (TRF 012).
    #[arg(long)]
    name: String,
    /// Rounds planned (TRF XXR); needed by dutch and mcmahon, a round robin or a knockout has as
    /// many as its field needs.
    #[arg(long)]
    rounds: Option<u32>,
    /// Pairing system.
    #[arg(long, value_enum, default_value_t = System::Dutch)]
    system: System,
    /// The game played.
    #[arg(long, value_enum, default_value_t = GameKind::Shogi)]
    game: GameKind,
    /// The ruleset played under, one of the game's (TRF SXT); gives the shogi handicap table.
    #[arg(long, value_enum)]
    rules: Option<RulesetId>,
    /// Furigoma seed published beforehand (TRF SXF; ufs-2016 4.6, fesa-2017 7, pl 1.4): who moves
    /// first in games without handicap is then drawn from it.
    #[arg(long)]
    seed: Option<u64>,
    /// Where it is played (TRF 022).
    #[arg(long)]
    city: Option<String>,
    /// Its first day, as written (TRF 042), e.g. 2026/11/23.
    #[arg(long)]
    date: Option<String>,
    /// The chief arbiter (TRF 102).
    #[arg(long)]
    arbiter: Option<String>,
    /// The time control as written (TRF 122), e.g. 90'+30".
    #[arg(long)]
    time_control: Option<String>,
}

/// Options shared by the McMahon-aware commands: each overrides the setting the file stores
/// (`SXM` lines); `pair --record` stores them in the file.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct McMahonOpts {
    /// McMahon bar: grades above it start in the top group (e.g. 3d, 1k, or a number).
    /// Default: the file's (SXM bar), else none.
    #[arg(long)]
    bar: Option<Grade>,
    /// McMahon floor: grades below it start in the bottom group. Default: the file's, else none.
    #[arg(long)]
    floor: Option<Grade>,
    /// Handicap from the grade or McMahon-score difference. Default: the file's, else none.
    #[arg(long, value_enum)]
    handicap: Option<HandicapBasis>,
    /// Shogi handicap table (default: the file's, else from the file's ruleset).
    #[arg(long, value_enum)]
    handicap_table: Option<HandicapTable>,
}

impl McMahonOpts {
    fn settings(&self) -> McMahonSettings {
        McMahonSettings {
            bar: self.bar,
            floor: self.floor,
            handicap: self.handicap,
            handicap_table: self.handicap_table,
            ..Default::default()
        }
    }
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum OnOff {
    On,
    Off,
}

/// The McMahon pairing criteria (pl 8.2; OpenGotha's settings), for `pair` and
/// `check-pairings`: each overrides the file's `SXM` line of the same name (docs/rules.md,
/// McMahon pairing); `pair --record` stores them. Defaults, when neither gives one: pl 8.2's.
#[derive(clap::Args, Debug, Clone, Default)]
#[command(next_help_heading = "McMahon pairing criteria (each overrides the file's SXM line)")]
pub struct McMahonCriteriaOpts {
    /// Score gaps counted as squares or as they are (the main criterion). Default: squares.
    #[arg(long, value_enum)]
    gaps: Option<GapCost>,
    /// Avoid pairing players of the same club or country. Default: none (pl 8.2 has no such rule).
    #[arg(long, value_enum)]
    avoid: Option<AvoidSame>,
    /// Who floated down (up) last round does not float down (up) again. Default: off.
    #[arg(long, value_enum, value_name = "ON|OFF")]
    float_history: Option<OnOff>,
    /// Colour balance ranked before or after seeding. Default: before-seeding.
    #[arg(long, value_enum)]
    colour: Option<ColourPriority>,
    /// Seeding inside a score group in the early rounds. Default: fold (pl 8.2.3).
    #[arg(long, value_enum)]
    seeding_early: Option<Seeding>,
    /// Seeding inside a score group in the later rounds. Default: fold.
    #[arg(long, value_enum)]
    seeding_late: Option<Seeding>,
    /// How many rounds are early (--seeding-early). Default: 1.
    #[arg(long, value_name = "N")]
    early_rounds: Option<u32>,
    /// Order inside a score group: rank (grade, then rating) or sos (SOS, SOSOS, then rank).
    /// Default: rank.
    #[arg(long, value_enum)]
    order: Option<GroupOrder>,
    /// Which player of an odd score group floats down. Default: bottom (pl 8.2.3).
    #[arg(long, value_enum)]
    float_out: Option<Place>,
    /// Whom a player floating in meets in the group below. Default: top (pl 8.2.3).
    #[arg(long, value_enum)]
    float_in: Option<Place>,
    /// Who moves first on an even board when both moved first equally often. Default: lower
    /// (the lower-placed player).
    #[arg(long, value_enum)]
    first_on_tie: Option<FirstOnTie>,
    /// Go: handicap stones = difference − this. Default: 1.
    #[arg(long, value_name = "N")]
    handicap_correction: Option<u32>,
    /// Go: at most this many handicap stones. Default: 9 (rfg 2.2).
    #[arg(long, value_name = "N")]
    handicap_ceiling: Option<u32>,
    /// No handicap when the weaker player's grade is at or above it (e.g. 1d). Default: none.
    #[arg(long, value_name = "GRADE")]
    handicap_threshold: Option<Grade>,
}

impl McMahonCriteriaOpts {
    /// `base` with these criteria over it.
    fn over(&self, base: McMahonSettings) -> McMahonSettings {
        McMahonSettings {
            gaps: self.gaps,
            avoid: self.avoid,
            float_history: self.float_history.map(|v| matches!(v, OnOff::On)),
            colour: self.colour,
            seeding_early: self.seeding_early,
            seeding_late: self.seeding_late,
            early_rounds: self.early_rounds,
            order: self.order,
            float_out: self.float_out,
            float_in: self.float_in,
            first_on_tie: self.first_on_tie,
            handicap_correction: self.handicap_correction,
            handicap_ceiling: self.handicap_ceiling,
            handicap_threshold: self.handicap_threshold,
            ..base
        }
    }
}

/// `pair` options: who moves first in games without handicap, and recording the round.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PairOpts {
    /// balance (the system's colours) or furigoma (seeded draw, ufs 4.6; fesa 7; pl 1.4) for
    /// round robin, McMahon and knockout. Default: furigoma when the file has an `SXF` seed.
    #[arg(long, value_enum)]
    sente: Option<Sente>,
    /// Furigoma seed; must equal the file's `SXF` seed when it has one.
    #[arg(long)]
    seed: Option<u64>,
    /// Also record the round in the file (its boards in the order printed), ready for `shinpan
    /// result`.
    #[arg(long)]
    record: bool,
}

/// The `--tiebreaks` list; empty items are skipped, so `""` asks for none.
#[derive(Clone, Debug)]
struct TieBreaks(Vec<TieBreak>);

fn tiebreak_list(s: &str) -> std::result::Result<TieBreaks, UnknownName> {
    s.split(',').filter(|x| !x.trim().is_empty()).map(str::parse).collect::<std::result::Result<_, _>>().map(TieBreaks)
}

/// The director's refusal as the command line reports it (the one place they are mapped): no
/// legal pairing is an answer (exit 1), anything else a fault of the file or the request, with
/// the option that helps where there is one.
fn refused(file: &Path, e: DirectorError) -> Error {
    let hint = match e {
        DirectorError::OpenBoards { .. } => " (enter them with `shinpan result`)",
        DirectorError::ResultEntered { .. } => "; add --correct to replace it",
        DirectorError::NoSeed => ": --seed N, or an `SXF N` line in the file",
        DirectorError::NoPlayers => " (add them with `shinpan player add`)",
        _ => "",
    };
    match e {
        DirectorError::NoLegalPairing(_) => Error::NoAnswer { path: file.into(), source: e.into() },
        e if hint.is_empty() => Error::input(file, e),
        e => Error::input(file, format!("{e}{hint}")),
    }
}

fn read(file: &Path) -> Result<Tournament> {
    let bytes = files::read(file)?;
    director::read_trf_file(&bytes).map(|(t, _)| t).map_err(|e| refused(file, e))
}

/// A tournament file opened to be changed: locked from the read to the write-back (or read
/// from standard input, and then written to standard output).
struct Edit {
    path: PathBuf,
    lock: Option<Locked>,
    layout: Layout,
    before: Tournament,
    t: Tournament,
}

impl Edit {
    fn open(path: &Path) -> Result<Edit> {
        let (lock, bytes) = if files::is_stdin(path) {
            (None, files::read(path)?)
        } else {
            let (lock, bytes) = Locked::open(path)?;
            (Some(lock), bytes)
        };
        let (t, layout) = director::read_trf_file(&bytes).map_err(|e| refused(path, e))?;
        Ok(Edit { path: path.into(), lock, layout, before: t.clone(), t })
    }

    /// Writes the tournament back if it changed, in the layout it was read in (encoding,
    /// byte-order mark, line endings), checked by the director; then prints `report` (on
    /// standard error when the tournament went to standard output).
    fn save(self, report: &str) -> Result<()> {
        let changed = self.t != self.before;
        match self.lock {
            Some(lock) if changed => {
                let bytes = director::write_trf_file(&self.t, &self.layout).map_err(|e| refused(&self.path, e))?;
                lock.replace(&bytes)?;
            }
            Some(_) => {}
            None => {
                let bytes = director::write_trf_file(&self.t, &self.layout).map_err(|e| refused(&self.path, e))?;
                print(&bytes)?;
                let _ = std::io::stderr().write_all(report.as_bytes());
                return Ok(());
            }
        }
        print(report.as_bytes())
    }
}

pub fn pair(a: PairArgs) -> Result<ExitCode> {
    let req = PairRequest {
        system: a.system,
        edition: a.edition,
        mcmahon: a.criteria.over(a.mcmahon.settings()),
        sente: a.sente.sente,
        seed: a.sente.seed,
    };
    let show = |t: &Tournament, round: &tournament::Round| {
        if a.json { round.to_json(t) + "\n" } else { round.to_bbp(t) }
    };
    // A round that takes more than a second says how far it has come on stderr, once a second.
    let start = Instant::now();
    let mut last = start;
    let file = a.file.clone();
    let mut progress = |p: director::PairingProgress| {
        let now = Instant::now();
        if now - last >= Duration::from_secs(1) {
            last = now;
            let secs = (now - start).as_secs_f64();
            let _ = writeln!(std::io::stderr(), "shinpan: {}: pairing: {p} ({secs:.1} s)", file.display());
        }
    };
    if !a.sente.record {
        let t = read(&a.file)?;
        let pairing = director::pair_with_progress(&t, &req, &mut progress).map_err(|e| refused(&a.file, e))?;
        write_out(a.output.as_deref(), show(&t, &pairing.round).as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut edit = Edit::open(&a.file)?;
    let pairing = director::pair_with_progress(&edit.t, &req, &mut progress).map_err(|e| refused(&a.file, e))?;
    director::record_round(&mut edit.t, &pairing);
    let text = show(&edit.t, &pairing.round);
    match a.output.as_deref() {
        Some(out) if !files::is_stdin(out) => {
            edit.save("")?;
            write_out(Some(out), text.as_bytes())?;
        }
        _ => edit.save(&text)?,
    }
    Ok(ExitCode::SUCCESS)
}

pub fn standings(a: StandingsArgs) -> Result<ExitCode> {
    let t = read(&a.file)?;
    let req = StandingsRequest {
        system: a.system,
        tiebreaks: a.tiebreaks.map(|l| l.0),
        unplayed: a.unplayed,
        mcmahon: a.mcmahon.settings(),
    };
    let standings = director::standings(&t, &req).map_err(|e| refused(&a.file, e))?;
    print(standings.write(&t, a.format).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

pub fn check_pairings(a: CheckPairingsArgs) -> Result<ExitCode> {
    let t = read(&a.file)?;
    let req = CheckRequest { edition: a.edition, mcmahon: a.criteria.over(a.mcmahon.settings()) };
    let checks = director::check_pairings(&t, &req).map_err(|e| refused(&a.file, e))?;
    let text = if a.json {
        serde_json::to_string(&checks).expect("round checks serialise") + "\n"
    } else {
        checks.iter().map(|c| format!("{c}\n")).collect()
    };
    print(text.as_bytes())?;
    Ok(if checks.iter().all(|c| c.ok()) { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `shinpan result IN.trf --round R (--board B | --player ID) --result CODE`; without
/// `--result`, the round's boards.
pub fn result(a: ResultArgs) -> Result<ExitCode> {
    let Some(result) = a.result else {
        let t = read(&a.file)?;
        let boards = director::boards(&t, a.round).map_err(|e| refused(&a.file, e))?;
        let text: String = boards.iter().map(|b| format!("{b}\n")).collect();
        print(text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    };
    let board = match (a.board, a.player) {
        (Some(b), _) => BoardRef::Number(b),
        (None, Some(p)) => BoardRef::Player(p),
        (None, None) => return Err(Error::request("--result", "give exactly one of --board B and --player ID")),
    };
    let entry = ResultEntry { round: a.round, board, result, replayed: a.replayed, correct: a.correct };
    let mut edit = Edit::open(&a.file)?;
    let b = director::enter_result(&mut edit.t, &entry).map_err(|e| refused(&a.file, e))?;
    edit.save(&format!("round {}: {}-{} {}\n", a.round, b.first, b.second, result.describe(b.replayed)))?;
    Ok(ExitCode::SUCCESS)
}

/// `shinpan player withdraw|add IN.trf …`.
pub fn player(command: PlayerCommand) -> Result<ExitCode> {
    match command {
        PlayerCommand::Withdraw(a) => {
            let mut edit = Edit::open(&a.file)?;
            director::withdraw(&mut edit.t, a.player, a.from_round).map_err(|e| refused(&a.file, e))?;
            edit.save(&format!("player {} withdrawn from round {}\n", a.player, a.from_round))?;
        }
        PlayerCommand::Add(a) => {
            let mut edit = Edit::open(&a.file)?;
            let new = NewPlayer {
                name: a.name,
                rating: a.rating,
                grade: a.grade,
                club: a.club.unwrap_or_default(),
                federation: a.federation.unwrap_or_default(),
            };
            let joined = director::add_player(&mut edit.t, &new).map_err(|e| refused(&a.file, e))?;
            edit.save(&format!("player {} {}: joins at round {}\n", joined.player, new.name.trim(), joined.round))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `shinpan new-tournament OUT.trf --name NAME …`: a tournament without players, its header
/// written from the options, ready for `shinpan player add`.
pub fn new_tournament(a: NewTournamentArgs) -> Result<ExitCode> {
    let new = NewTournament {
        name: a.name,
        city: a.city,
        date: a.date,
        arbiter: a.arbiter,
        time_control: a.time_control,
        rounds: a.rounds,
        system: a.system,
        game: a.game,
        rules: a.rules,
        seed: a.seed,
    };
    let t = director::new_tournament(&new).map_err(refused_request)?;
    let bytes = director::write_trf_file(&t, &Layout::default()).map_err(|e| refused(&a.file, e))?;
    if files::is_stdin(&a.file) {
        return print(&bytes).map(|()| ExitCode::SUCCESS);
    }
    files::create(&a.file, &bytes)?;
    let f = a.file.display();
    print(
        format!("{f}: {} created; register its players with `shinpan player add {f} --name NAME`\n", t.name).as_bytes(),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A refusal of the options of `new-tournament`, named by the option at fault.
fn refused_request(e: DirectorError) -> Error {
    let what = match e {
        DirectorError::NoName => "--name",
        DirectorError::WrongGame { .. } => "--rules",
        DirectorError::DutchFurigoma => "--seed",
        _ => "--rounds",
    };
    Error::request(what, e)
}
