//! The tournament director: what an arbiter does to a tournament, as use cases over a
//! [`Tournament`] — read and write it as TRF, pair the next round and record it, list a round's
//! boards and enter their results, withdraw a player or take a late entry, compute the
//! standings, check the pairings made. Each is pure (no files, no clock): a command line or a
//! server reads the tournament, calls one, and stores or shows what it returns. Refusals are
//! [`DirectorError`]s saying which rule stands in the way.

mod changes;
mod error;
mod players;
mod results;

pub use changes::{AnnouncedBye, announce_bye, forbid, replace_round};
pub use error::DirectorError;
pub use players::{Joined, NewPlayer, PlayerChanges, add_player, edit_player, withdraw};
pub use results::{BoardRef, BoardResult, BoardView, ResultEntry, boards, enter_result};

use arbiter::ShogiRuleset;
use shogi::HandicapTable;

use crate::formats::encoding::{self, Layout};
use crate::formats::standings::{self as write, Format};
use crate::formats::trf;
use crate::model::{GameKind, Grade, Outcome, Round, RoundEntry, RulesetId, System, Tournament};
use crate::pairing::check::{self, RoundCheck};
pub use crate::pairing::dutch::Progress as PairingProgress;
use crate::pairing::dutch::{self, Edition};
use crate::pairing::furigoma::{self, Sente, SenteRule};
use crate::pairing::handicap::HandicapRule;
use crate::pairing::mcmahon::{
    self, AvoidSame, ColourPriority, FirstOnTie, GapCost, GroupOrder, HandicapBasis, Place, Seeding,
};
use crate::pairing::{knockout, round_robin};
use crate::standings::tiebreak::{self, TieBreak, Unplayed};
use crate::standings::{self, Row};

/// Read a tournament from TRF text. A text with neither a player (`001`) nor a tournament
/// (`012`) line is not a TRF file and is refused.
pub fn read_trf(text: &str) -> Result<Tournament, DirectorError> {
    is_trf(trf::parse(text)?)
}

/// Read a tournament from the bytes of a TRF file, with the layout (encoding, byte-order mark,
/// line ending) to write it back in ([`crate::formats::encoding`]).
pub fn read_trf_file(bytes: &[u8]) -> Result<(Tournament, Layout), DirectorError> {
    let (text, layout) = encoding::decode(bytes)?;
    Ok((is_trf(trf::parse_in(&text, layout.encoding)?)?, layout))
}

fn is_trf(t: Tournament) -> Result<Tournament, DirectorError> {
    if t.players.is_empty() && !t.header.iter().any(|h| h.starts_with("012")) {
        return Err(DirectorError::NotTrf);
    }
    Ok(t)
}

/// The tournament as TRF text, checked by reading it back: the text must give the same
/// tournament (the points and rank columns, which are recomputed, aside), or nothing is
/// returned to write.
pub fn write_trf(t: &Tournament) -> Result<String, DirectorError> {
    let text = trf::write(t);
    let again =
        trf::parse(&text).map_err(|e| DirectorError::WriteBack(format!("the written TRF does not read back: {e}")))?;
    if on_paper(t) != on_paper(&again) {
        return Err(DirectorError::WriteBack("the written TRF would lose data".into()));
    }
    Ok(text)
}

/// The tournament as the bytes of a TRF file in `layout` (the one it was read with), checked
/// by reading them back as [`write_trf`] checks its text. A text field wider than its columns
/// in the file's encoding, or a character the encoding cannot hold, is refused by name.
pub fn write_trf_file(t: &Tournament, layout: &Layout) -> Result<Vec<u8>, DirectorError> {
    let enc = layout.encoding;
    for p in &t.players {
        for ((field, _, width), value) in trf::TEXT_FIELDS.into_iter().zip(trf::text_fields(p)) {
            if enc.width_of(value) > width {
                return Err(DirectorError::FieldTooWide { field, width, value: value.to_string() });
            }
        }
    }
    let bytes = layout.encode(&trf::write_in(t, enc))?;
    let back = |e: String| DirectorError::WriteBack(format!("the written TRF does not read back: {e}"));
    let (text, again) = encoding::decode(&bytes).map_err(|e| back(e.to_string()))?;
    if (again.bom, again.line_ending) != (layout.bom, layout.line_ending) {
        return Err(back("its byte-order mark or line ending changed".into()));
    }
    // Read in the encoding written (a file left pure ASCII reads as UTF-8, the same text).
    let text = if again.encoding == enc { text } else { enc.decode(&bytes) };
    let again = trf::parse_in(&text, enc).map_err(|e| back(e.to_string()))?;
    if on_paper(t) != on_paper(&again) {
        return Err(DirectorError::WriteBack("the written TRF would lose data".into()));
    }
    Ok(bytes)
}

/// What TRF keeps of a tournament: not the points and rank columns (recomputed on writing),
/// nor a round left blank at the end of a player's line (it is not written, and means the same:
/// not paired).
fn on_paper(t: &Tournament) -> Tournament {
    let mut t = t.clone();
    t.order = t.file_order();
    for p in &mut t.players {
        p.points = 0;
        p.rank = 0;
        while p.rounds.last().is_some_and(|e| *e == RoundEntry::unpaired()) {
            p.rounds.pop();
        }
    }
    // A round without boards has no order to write.
    while t.board_order.last().is_some_and(Vec::is_empty) {
        t.board_order.pop();
    }
    t
}

/// McMahon settings given with a request (pl 8.2; OpenGotha's bar and floor): each one given
/// overrides the tournament's own (TRF `SXM`, [`mcmahon::Settings`]); what is not given is the
/// file's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct McMahonSettings {
    /// Grades above it start in the top group.
    pub bar: Option<Grade>,
    /// Grades below it start in the bottom group.
    pub floor: Option<Grade>,
    /// What handicaps are computed from.
    pub handicap: Option<HandicapBasis>,
    /// The shogi grade-difference table; `None` for the file's, else the ruleset's
    /// ([`handicap_table`]).
    pub handicap_table: Option<HandicapTable>,
    /// Go: stones = difference − correction.
    pub handicap_correction: Option<u32>,
    /// Go: at most this many stones.
    pub handicap_ceiling: Option<u32>,
    /// No handicap when the weaker player's grade is at or above it.
    pub handicap_threshold: Option<Grade>,
    /// The pairing criteria of `mcmahon::Criteria` (docs/rules.md, McMahon pairing), each
    /// `None` for the file's.
    pub gaps: Option<GapCost>,
    pub avoid: Option<AvoidSame>,
    pub float_history: Option<bool>,
    pub colour: Option<ColourPriority>,
    pub seeding_early: Option<Seeding>,
    pub seeding_late: Option<Seeding>,
    pub early_rounds: Option<u32>,
    pub order: Option<GroupOrder>,
    pub float_out: Option<Place>,
    pub float_in: Option<Place>,
    pub first_on_tie: Option<FirstOnTie>,
}

impl McMahonSettings {
    /// The tournament's stored settings with those given here over them.
    pub fn over(&self, stored: &mcmahon::Settings) -> mcmahon::Settings {
        let c = &stored.criteria;
        mcmahon::Settings {
            bar: self.bar.or(stored.bar),
            floor: self.floor.or(stored.floor),
            handicap: self.handicap.unwrap_or(stored.handicap),
            handicap_table: self.handicap_table.or(stored.handicap_table),
            handicap_correction: self.handicap_correction.unwrap_or(stored.handicap_correction),
            handicap_ceiling: self.handicap_ceiling.unwrap_or(stored.handicap_ceiling),
            handicap_threshold: self.handicap_threshold.or(stored.handicap_threshold),
            criteria: mcmahon::Criteria {
                gaps: self.gaps.unwrap_or(c.gaps),
                avoid: self.avoid.unwrap_or(c.avoid),
                float_history: self.float_history.unwrap_or(c.float_history),
                colour: self.colour.unwrap_or(c.colour),
                seeding_early: self.seeding_early.unwrap_or(c.seeding_early),
                seeding_late: self.seeding_late.unwrap_or(c.seeding_late),
                early_rounds: self.early_rounds.unwrap_or(c.early_rounds),
                order: self.order.unwrap_or(c.order),
                float_out: self.float_out.unwrap_or(c.float_out),
                float_in: self.float_in.unwrap_or(c.float_in),
                first_on_tie: self.first_on_tie.unwrap_or(c.first_on_tie),
            },
        }
    }

    /// The McMahon configuration for `t` (its `SXM` settings, these over them): shogi
    /// handicaps by the table, Go handicaps in stones, the grade difference less the
    /// correction (one by default) and at most the ceiling (nine by default; rfg 2.2).
    pub fn config(&self, t: &Tournament) -> mcmahon::Config {
        let s = self.over(&t.mcmahon);
        let rule = match t.game {
            GameKind::Shogi => HandicapRule::shogi(s.handicap_table.unwrap_or_else(|| handicap_table(t))),
            GameKind::Go => HandicapRule::go(s.handicap_correction, s.handicap_ceiling),
        };
        mcmahon::Config {
            bar: s.bar,
            floor: s.floor,
            handicap: s.handicap,
            rule: Some(rule),
            threshold: s.handicap_threshold,
            criteria: s.criteria,
        }
    }
}

/// The shogi handicap table of the tournament's ruleset (ufs-2016 5.9.5; pl 7.1). A tournament
/// without a ruleset, or whose ruleset has no table of its own (fesa-2017), uses ufs-2016's.
pub fn handicap_table(t: &Tournament) -> HandicapTable {
    t.rules
        .and_then(|id| ShogiRuleset::by_id(id).ok())
        .and_then(|r| r.game.handicap_table)
        .map_or(HandicapTable::Ufs2016, |c| c.rule)
}

/// A tournament to start: what its TRF header says. Players are then registered with
/// [`add_player`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct NewTournament {
    /// TRF `012`.
    pub name: String,
    /// TRF `022`.
    pub city: Option<String>,
    /// TRF `042`, the first day (as written, e.g. 2026/11/23).
    pub date: Option<String>,
    /// TRF `102`.
    pub arbiter: Option<String>,
    /// TRF `122`, e.g. `90'+30"`.
    pub time_control: Option<String>,
    /// Rounds planned (TRF `XXR`): needed by the Dutch and McMahon systems; a round robin and a
    /// knockout have as many as their field needs.
    pub rounds: Option<u32>,
    pub system: System,
    pub game: GameKind,
    pub rules: Option<RulesetId>,
    /// The furigoma seed published beforehand (ufs-2016 4.6; fesa-2017 7; pl 1.4; TRF `SXF`).
    pub seed: Option<u64>,
}

impl Default for NewTournament {
    /// A shogi tournament paired by the Dutch system, named nothing yet.
    fn default() -> NewTournament {
        NewTournament {
            name: String::new(),
            city: None,
            date: None,
            arbiter: None,
            time_control: None,
            rounds: None,
            system: System::Dutch,
            game: GameKind::Shogi,
            rules: None,
            seed: None,
        }
    }
}

/// A new tournament without players, as [`NewTournament`] describes it. Refused: no name, a
/// ruleset of the other game, a Swiss or McMahon tournament without its number of rounds, a
/// furigoma seed for the Dutch system (C.04.3 E allocates its colours).
pub fn new_tournament(new: &NewTournament) -> Result<Tournament, DirectorError> {
    let name = new.name.trim();
    if name.is_empty() {
        return Err(DirectorError::NoName);
    }
    if let Some(id) = new.rules.filter(|id| id.game() != new.game) {
        return Err(DirectorError::WrongGame { rules: id, game: new.game });
    }
    if new.seed.is_some() && new.system == System::Dutch {
        return Err(DirectorError::DutchFurigoma);
    }
    let rounds = match (new.rounds, new.system) {
        (Some(0), _) => return Err(DirectorError::NoRound { round: 0 }),
        (None, System::Dutch | System::McMahon) => return Err(DirectorError::RoundsNeeded { system: new.system }),
        (r, _) => r.unwrap_or(0),
    };
    let mut header = Vec::new();
    for (code, value) in [
        ("012", Some(name)),
        ("022", new.city.as_deref()),
        ("042", new.date.as_deref()),
        ("102", new.arbiter.as_deref()),
        ("122", new.time_control.as_deref()),
    ] {
        // One line each: a line break typed into a value would start another record.
        let Some(value) = value.map(|v| v.replace(['\n', '\r'], " ")).filter(|v| !v.trim().is_empty()) else {
            continue;
        };
        header.push(format!("{code} {}", value.trim()));
    }
    Ok(Tournament {
        name: name.to_string(),
        header,
        planned_rounds: rounds,
        system: new.system,
        game: new.game,
        rules: new.rules,
        furigoma_seed: new.seed,
        ..Tournament::default()
    })
}

/// How to pair the next round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PairRequest {
    /// The tournament's own system when `None`.
    pub system: Option<System>,
    /// The edition of C.04.3 for the Dutch system.
    pub edition: Edition,
    pub mcmahon: McMahonSettings,
    /// Who moves first in games without handicap; `None` is furigoma when the tournament has
    /// published a seed (`SXF`), the system's colours otherwise.
    pub sente: Option<Sente>,
    /// The furigoma seed; it must be the published one when there is one.
    pub seed: Option<u64>,
}

/// A round paired, and who moves first in it was decided by.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    pub round: Round,
    pub sente: SenteRule,
    /// A McMahon round: the settings it was paired with (the file's and the request's over
    /// them), stored in the tournament when the round is recorded, so that later `pair`,
    /// `standings` and `check-pairings` calls use them without repeating them.
    pub mcmahon: Option<mcmahon::Settings>,
}

/// The last round's boards still waiting for a result (pairing numbers, first mover first).
pub fn open_boards(t: &Tournament) -> Vec<(u32, u32)> {
    let r = t.next_round() - 1;
    if r == 0 {
        return Vec::new();
    }
    check::used_pairs(t, r)
        .into_iter()
        .filter(|&(a, b)| b != 0 && t.players[a as usize - 1].rounds[r as usize - 1].outcome == Outcome::NotPaired)
        .collect()
}

/// The sente rule the request asks for, the seed checked against the published one (ufs-2016
/// 4.6; fesa-2017 7; pl 1.4: the draw is verifiable from a seed published beforehand).
fn sente_rule(t: &Tournament, sente: Option<Sente>, seed: Option<u64>) -> Result<SenteRule, DirectorError> {
    let seed = match (seed, t.furigoma_seed) {
        (Some(given), Some(published)) if given != published => {
            return Err(DirectorError::SeedMismatch { given, published });
        }
        (a, b) => a.or(b),
    };
    let default = if t.furigoma_seed.is_some() { Sente::Furigoma } else { Sente::Balance };
    match sente.unwrap_or(default) {
        Sente::Balance => Ok(SenteRule::Balance),
        Sente::Furigoma => seed.map(SenteRule::Furigoma).ok_or(DirectorError::NoSeed),
    }
}

/// Pair the next round. Refused while the last round has boards without a result, and for
/// furigoma under the Dutch system; the TRF-2025 260 prohibitions in force in the round are
/// kept; furigoma decides who moves first on the boards without handicap.
pub fn pair(t: &Tournament, req: &PairRequest) -> Result<Pairing, DirectorError> {
    pair_with_progress(t, req, &mut |_| {})
}

/// [`pair`], telling `progress` how far a Dutch round has come as it goes (the other systems
/// are quick and tell nothing).
pub fn pair_with_progress(
    t: &Tournament,
    req: &PairRequest,
    progress: &mut dyn FnMut(PairingProgress),
) -> Result<Pairing, DirectorError> {
    has_players(t)?;
    let system = req.system.unwrap_or(t.system);
    let open = open_boards(t);
    if !open.is_empty() {
        return Err(DirectorError::OpenBoards { round: t.next_round() - 1, boards: open });
    }
    let sente = sente_rule(t, req.sente, req.seed)?;
    if system == System::Dutch && sente != SenteRule::Balance {
        return Err(DirectorError::DutchFurigoma);
    }
    // TRF-2025 260: a copy with the prohibitions as forbidden pairs, only if one is in force.
    let next = t.next_round();
    let prohibited;
    let t = if t.has_prohibitions(next) {
        prohibited = t.with_prohibitions(next);
        &prohibited
    } else {
        t
    };
    let mut round = match system {
        System::Dutch => dutch::pair_edition_with_progress(t, req.edition, progress),
        System::McMahon => mcmahon::pair(t, &req.mcmahon.config(t)),
        System::RoundRobin => round_robin::pair(t),
        System::Knockout => knockout::pair(t),
    }
    .map_err(DirectorError::pairing)?;
    furigoma::apply(t, &mut round, sente);
    let mcmahon = (system == System::McMahon).then(|| req.mcmahon.over(&t.mcmahon));
    Ok(Pairing { round, sente, mcmahon })
}

/// Record a paired round in the tournament, its boards without results. A furigoma seed given
/// with the request is stored (`SXF`), published with the tournament from the first round it
/// decided; so are the McMahon settings a McMahon round was paired with (`SXM`).
pub fn record_round(t: &mut Tournament, pairing: &Pairing) {
    t.add_round(&pairing.round);
    if let Some(s) = pairing.mcmahon {
        t.mcmahon = s;
    }
    if let SenteRule::Furigoma(seed) = pairing.sente {
        t.furigoma_seed = Some(seed);
    }
}

/// How to rank.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct StandingsRequest {
    /// The tournament's own system when `None`: it gives the default tie-breaks and whether
    /// McMahon scores rank.
    pub system: Option<System>,
    /// The tie-breaks in order; `None` for the system's ([`TieBreak::defaults`], pl 8.3).
    pub tiebreaks: Option<Vec<TieBreak>>,
    pub unplayed: Unplayed,
    /// The bar and floor give the McMahon start scores (the file's `SXM` settings unless given).
    pub mcmahon: McMahonSettings,
}

/// The standings: the rows in rank order, the tie-breaks they show, and whether the McMahon
/// score ranks (pl 8.3 McMahon).
#[derive(Clone, Debug)]
pub struct Standings {
    pub rows: Vec<Row>,
    pub tiebreaks: Vec<TieBreak>,
    pub mcmahon: bool,
}

impl Standings {
    /// The standings of `t` in one of the output formats.
    pub fn write(&self, t: &Tournament, format: Format) -> String {
        let (rows, order, mcm) = (&self.rows, &self.tiebreaks, self.mcmahon);
        match format {
            Format::Text => write::to_text(t, rows, order, mcm),
            Format::Csv => write::to_csv(t, rows, order, mcm),
            Format::Html => write::to_html(t, rows, order, mcm),
            Format::Json => write::to_json(rows) + "\n",
            Format::Egf => write::to_egf(t, rows, mcm),
        }
    }
}

/// The standings after the rounds played.
pub fn standings(t: &Tournament, req: &StandingsRequest) -> Result<Standings, DirectorError> {
    has_players(t)?;
    let system = req.system.unwrap_or(t.system);
    let order = req.tiebreaks.clone().unwrap_or_else(|| TieBreak::defaults(system).to_vec());
    let mcmahon = system == System::McMahon;
    let mms0 = if mcmahon {
        mcmahon::start_scores(t, &req.mcmahon.config(t)).into_iter().map(|v| v as i64 * 100).collect()
    } else {
        vec![0; t.players.len()]
    };
    let cfg = tiebreak::Config { order: order.clone(), unplayed: req.unplayed, mms0 };
    Ok(Standings { rows: standings::compute(t, &cfg, mcmahon), tiebreaks: order, mcmahon })
}

/// A tournament to pair, rank or check has players.
fn has_players(t: &Tournament) -> Result<(), DirectorError> {
    if t.players.is_empty() { Err(DirectorError::NoPlayers) } else { Ok(()) }
}

/// How to check the pairings made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct CheckRequest {
    pub edition: Edition,
    pub mcmahon: McMahonSettings,
}

/// Check every round against the tournament's system: Dutch, round-robin and knockout rounds
/// are re-paired from the rounds before and compared; McMahon rounds, whose weighted pairing is
/// one of several the rules allow, are checked against its absolute rules and its main
/// criterion (a pairing of the same players with smaller score gaps is reported), with the
/// file's `SXM` settings and the request's over them.
pub fn check_pairings(t: &Tournament, req: &CheckRequest) -> Result<Vec<RoundCheck>, DirectorError> {
    has_players(t)?;
    Ok(match t.system {
        System::Dutch => check::check_dutch(t, req.edition).map_err(DirectorError::CannotPair)?,
        System::RoundRobin => check::check_round_robin(t),
        System::Knockout => check::check_knockout(t),
        System::McMahon => check::check_mcmahon(t, &req.mcmahon.config(t)),
    })
}
