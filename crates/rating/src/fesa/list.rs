//! The rating program's player list (`ratingliste.pre` / `ratingliste.post`), its new-player
//! file (`nye-spillere`) and its printed list (`all.txt`).

use super::FesaError;
use super::grades::Grade;
use super::sexp::{Datum, Node, Reader, write_str};

/// A score of one game: 0, ½ or 1, kept in halves so it stays exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    Loss,
    Draw,
    Win,
}

impl Score {
    pub fn halves(self) -> i64 {
        match self {
            Score::Loss => 0,
            Score::Draw => 1,
            Score::Win => 2,
        }
    }
    pub fn as_f64(self) -> f64 {
        self.halves() as f64 / 2.0
    }
    pub fn lisp(self) -> &'static str {
        match self {
            Score::Loss => "0",
            Score::Draw => "1/2",
            Score::Win => "1",
        }
    }
}

/// One rated game kept in a not-yet-rated player's history: `(opponent-rating score weight)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastGame {
    pub opponent: i64,
    pub score: Score,
    pub weight: i64,
}

/// `GAMES`: a count once the player is rated, or the list of games while he is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Games {
    Count(i64),
    List(Vec<PastGame>),
}

impl Games {
    /// The number of games, pseudo-games included (what `all.txt` prints).
    pub fn count(&self) -> i64 {
        match self {
            Games::Count(n) => *n,
            Games::List(v) => v.len() as i64,
        }
    }
}

/// `#S(HOME …)`: a player's federation record (`#\E` Europe, `#\A` America).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Home {
    pub list: char,
    pub nationality: String,
    pub residens: String,
    pub last: Option<String>,
}

/// The LB run of the grade rules: games in a row at or above the next grade's lower bound, and
/// whether one of them reached its midpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LbRun {
    pub games: i64,
    pub reached_mp: bool,
}

/// `#S(PLAYER …)`: one line of the rating list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub last_name: String,
    pub first_name: String,
    pub nationality: Vec<Home>,
    /// Rating-derived grade (`None` until the player has one).
    pub grade: Option<Grade>,
    /// Declared (national) grade.
    pub nsr_grade: Option<Grade>,
    pub elo: i64,
    pub games: Games,
    pub last_played: Option<String>,
    pub lb_count: Option<LbRun>,
    /// The MP run: games in a row at or above the next grade's midpoint.
    pub mp_count: Option<i64>,
    pub bonus_count: i64,
}

impl Player {
    pub fn display_name(&self) -> String {
        if self.first_name.is_empty() {
            self.last_name.clone()
        } else {
            format!("{} {}", self.last_name, self.first_name)
        }
    }
}

fn grade_from(level: i64, name: &str, at: &Node) -> Result<Option<Grade>, FesaError> {
    if level == 0 && name.is_empty() {
        return Ok(None);
    }
    Grade::new(level, name).map(Some).ok_or_else(|| at.err(format!("unknown grade {level} {name:?}")))
}

/// Ratings and counts beyond any real list are refused, so the arithmetic stays in range.
const MAX_RATING: i64 = 100_000;
const MAX_COUNT: i64 = 10_000_000;

fn ranged(n: &Node, lo: i64, hi: i64, what: &str) -> Result<i64, FesaError> {
    let v = n.as_int()?;
    if (lo..=hi).contains(&v) { Ok(v) } else { Err(n.err(format!("{what} {v} is outside {lo}..={hi}"))) }
}

fn opt_string(n: &Node) -> Result<Option<String>, FesaError> {
    if n.is_nil() { Ok(None) } else { n.as_str().map(|s| Some(s.to_string())) }
}

fn parse_home(n: &Node) -> Result<Home, FesaError> {
    let Datum::Struct(name, fields) = &n.datum else {
        return Err(n.err("expected #S(HOME …)"));
    };
    if name != "HOME" {
        return Err(n.err(format!("expected HOME, found {name}")));
    }
    let mut h = Home { list: 'E', nationality: String::new(), residens: String::new(), last: None };
    for (k, v) in fields {
        match k.as_str() {
            "LIST" => match v.datum {
                Datum::Char(c) => h.list = c,
                _ => return Err(v.err("expected a character such as #\\E")),
            },
            "NATIONALITY" => h.nationality = v.as_str()?.to_string(),
            "RESIDENS" => h.residens = v.as_str()?.to_string(),
            "LAST" => h.last = opt_string(v)?,
            _ => return Err(v.err(format!("unknown HOME field :{k}"))),
        }
    }
    Ok(h)
}

fn parse_homes(n: &Node) -> Result<Vec<Home>, FesaError> {
    n.as_list()?.iter().map(parse_home).collect()
}

fn parse_score(n: &Node) -> Result<Score, FesaError> {
    match n.datum {
        Datum::Int(0) => Ok(Score::Loss),
        Datum::Int(1) => Ok(Score::Win),
        Datum::Ratio(1, 2) => Ok(Score::Draw),
        _ => Err(n.err("a score must be 0, 1/2 or 1")),
    }
}

fn parse_games(n: &Node) -> Result<Games, FesaError> {
    if let Datum::Int(_) = n.datum {
        return Ok(Games::Count(ranged(n, 0, MAX_COUNT, "game count")?));
    }
    let mut v = Vec::new();
    for g in n.as_list()? {
        let parts = g.as_list()?;
        if parts.len() != 3 {
            return Err(g.err("a game is (opponent-rating score weight)"));
        }
        v.push(PastGame {
            opponent: ranged(&parts[0], 0, MAX_RATING, "rating")?,
            score: parse_score(&parts[1])?,
            weight: ranged(&parts[2], 0, MAX_COUNT, "weight")?,
        });
    }
    Ok(Games::List(v))
}

fn parse_lb(n: &Node) -> Result<Option<LbRun>, FesaError> {
    if n.is_nil() {
        return Ok(None);
    }
    let p = n.as_list()?;
    if p.len() != 3 || p[0].datum != Datum::Sym(":LB".into()) {
        return Err(n.err("LB-COUNT is NIL or (:LB n T|NIL)"));
    }
    let reached_mp = match &p[2].datum {
        Datum::Sym(s) if s == "T" => true,
        Datum::List(v) if v.is_empty() => false,
        _ => return Err(p[2].err("expected T or NIL")),
    };
    Ok(Some(LbRun { games: ranged(&p[1], 0, MAX_COUNT, "LB run")?, reached_mp }))
}

fn parse_mp(n: &Node) -> Result<Option<i64>, FesaError> {
    if n.is_nil() {
        return Ok(None);
    }
    let p = n.as_list()?;
    if p.len() != 2 || p[0].datum != Datum::Sym(":MP".into()) {
        return Err(n.err("MP-COUNT is NIL or (:MP n)"));
    }
    Ok(Some(ranged(&p[1], 0, MAX_COUNT, "MP run")?))
}

fn parse_player(n: &Node) -> Result<Player, FesaError> {
    let Datum::Struct(name, fields) = &n.datum else {
        return Err(n.err("expected #S(PLAYER …)"));
    };
    if name != "PLAYER" {
        return Err(n.err(format!("expected PLAYER, found {name}")));
    }
    let get = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let need = |key: &str| get(key).ok_or_else(|| n.err(format!("PLAYER without :{key}")));
    for (k, v) in fields {
        if !matches!(
            k.as_str(),
            "LAST-NAME"
                | "FIRST-NAME"
                | "NATIONALITY-LIST"
                | "GRADE-LEVEL"
                | "GRADE-NAME"
                | "NSR-GRADE-LEVEL"
                | "NSR-GRADE-NAME"
                | "ELO-NUMBER"
                | "GAMES"
                | "LAST-PLAYED"
                | "LB-COUNT"
                | "MP-COUNT"
                | "BONUS-COUNT"
        ) {
            return Err(v.err(format!("unknown PLAYER field :{k}")));
        }
    }
    let gl = need("GRADE-LEVEL")?;
    let nl = need("NSR-GRADE-LEVEL")?;
    Ok(Player {
        last_name: need("LAST-NAME")?.as_str()?.to_string(),
        first_name: need("FIRST-NAME")?.as_str()?.to_string(),
        nationality: parse_homes(need("NATIONALITY-LIST")?)?,
        grade: grade_from(gl.as_int()?, need("GRADE-NAME")?.as_str()?, gl)?,
        nsr_grade: grade_from(nl.as_int()?, need("NSR-GRADE-NAME")?.as_str()?, nl)?,
        elo: ranged(need("ELO-NUMBER")?, 0, MAX_RATING, "rating")?,
        games: parse_games(need("GAMES")?)?,
        last_played: opt_string(need("LAST-PLAYED")?)?,
        lb_count: parse_lb(need("LB-COUNT")?)?,
        mp_count: parse_mp(need("MP-COUNT")?)?,
        bonus_count: ranged(need("BONUS-COUNT")?, 0, MAX_COUNT, "bonus count")?,
    })
}

/// Reads a rating list: one Lisp list of `#S(PLAYER …)`.
pub fn read_list(text: &str) -> Result<Vec<Player>, FesaError> {
    let mut r = Reader::new(text);
    let top = r.read()?;
    let players = top.as_list()?.iter().map(parse_player).collect::<Result<Vec<_>, _>>()?;
    if !r.at_end() {
        let n = r.read()?;
        return Err(n.err("text after the rating list"));
    }
    Ok(players)
}

/// A change of declared grade ordered by the rating officer (`special-promotion` or
/// `delay-promotion` in `nye-spillere`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promotion {
    pub last_name: String,
    pub first_name: String,
    pub grade: Grade,
}

/// The content of `nye-spillere`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewPlayers {
    pub players: Vec<Player>,
    pub promotions: Vec<Promotion>,
}

/// The form the program evaluates after the new players: `(special-promotion "last" "first"
/// level "Dan")`, `(delay-promotion …)` (both set the declared grade; the program applies the
/// first before and the second after the grade rules, which do not read it), `(progn …)` of
/// those, or NIL.
fn parse_promotions(n: &Node, out: &mut Vec<Promotion>, depth: usize) -> Result<(), FesaError> {
    if n.is_nil() {
        return Ok(());
    }
    let items = n.as_list()?;
    let head = match items.first().map(|h| &h.datum) {
        Some(Datum::Sym(s)) => s.as_str(),
        _ => return Err(n.err("expected (special-promotion …), (delay-promotion …) or (progn …)")),
    };
    match head {
        "PROGN" if depth < 8 => items[1..].iter().try_for_each(|f| parse_promotions(f, out, depth + 1)),
        "SPECIAL-PROMOTION" | "DELAY-PROMOTION" => {
            if items.len() != 5 {
                return Err(n.err(format!("{head} takes last name, first name, level and grade name")));
            }
            let grade = grade_from(items[3].as_int()?, items[4].as_str()?, &items[3])?
                .ok_or_else(|| items[3].err("a promotion needs a grade"))?;
            out.push(Promotion {
                last_name: items[1].as_str()?.to_string(),
                first_name: items[2].as_str()?.to_string(),
                grade,
            });
            Ok(())
        }
        _ => Err(n.err(format!("unsupported form ({head} …) after the new players"))),
    }
}

/// Reads `nye-spillere`: a list of `(last first homes nsr-level nsr-name elo games last-played
/// [lb-count mp-count])`, optionally followed by one promotion form (the program evaluates
/// only the first form after the list). An empty file means no new players.
pub fn read_new_players(text: &str) -> Result<NewPlayers, FesaError> {
    let mut r = Reader::new(text);
    if r.at_end() {
        return Ok(NewPlayers::default());
    }
    let top = r.read()?;
    let mut out = Vec::new();
    for item in top.as_list()? {
        let f = item.as_list()?;
        if !(8..=10).contains(&f.len()) {
            return Err(item.err(format!("a new player has 8 to 10 fields, found {}", f.len())));
        }
        out.push(Player {
            last_name: f[0].as_str()?.to_string(),
            first_name: f[1].as_str()?.to_string(),
            nationality: parse_homes(&f[2])?,
            grade: None,
            nsr_grade: grade_from(f[3].as_int()?, f[4].as_str()?, &f[3])?,
            elo: ranged(&f[5], 0, MAX_RATING, "rating")?,
            games: parse_games(&f[6])?,
            last_played: opt_string(&f[7])?,
            lb_count: f.get(8).map(parse_lb).transpose()?.flatten(),
            mp_count: f.get(9).map(parse_mp).transpose()?.flatten(),
            bonus_count: 0,
        });
    }
    let mut promotions = Vec::new();
    if !r.at_end() {
        parse_promotions(&r.read()?, &mut promotions, 0)?;
    }
    Ok(NewPlayers { players: out, promotions })
}

/// Sets the declared grades ordered in `nye-spillere` (`special-promotions`,
/// `delayed-promotions`).
pub fn apply_promotions(list: &mut [Player], promotions: &[Promotion]) -> Result<(), FesaError> {
    // The first player of each name, by a map: linear in the list and the promotions.
    let mut by_name: std::collections::HashMap<(String, String), usize> = Default::default();
    for (i, x) in list.iter().enumerate() {
        by_name.entry((x.last_name.clone(), x.first_name.clone())).or_insert(i);
    }
    for p in promotions {
        let Some(player) = by_name.get(&(p.last_name.clone(), p.first_name.clone())).map(|&i| &mut list[i]) else {
            return Err(FesaError::UnknownPlayer {
                line: 0,
                name: format!("{} {}", p.last_name, p.first_name).trim_end().to_string(),
            });
        };
        player.nsr_grade = Some(p.grade);
    }
    Ok(())
}

fn write_grade(out: &mut String, key_level: &str, key_name: &str, g: Option<Grade>) {
    let (level, name) = g.map(|g| (g.level, g.kind.name())).unwrap_or((0, ""));
    out.push_str(&format!(" :{key_level} {level} :{key_name} "));
    write_str(out, name);
}

fn write_opt_str(out: &mut String, s: &Option<String>) {
    match s {
        Some(s) => write_str(out, s),
        None => out.push_str("NIL"),
    }
}

/// Prints one player as CLISP's `~s` does with `*print-pretty*` off.
pub fn write_player(out: &mut String, p: &Player) {
    out.push_str("#S(PLAYER :LAST-NAME ");
    write_str(out, &p.last_name);
    out.push_str(" :FIRST-NAME ");
    write_str(out, &p.first_name);
    out.push_str(" :NATIONALITY-LIST ");
    if p.nationality.is_empty() {
        out.push_str("NIL");
    } else {
        out.push('(');
        for (i, h) in p.nationality.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("#S(HOME :LIST #\\{} :NATIONALITY ", h.list));
            write_str(out, &h.nationality);
            out.push_str(" :RESIDENS ");
            write_str(out, &h.residens);
            out.push_str(" :LAST ");
            write_opt_str(out, &h.last);
            out.push(')');
        }
        out.push(')');
    }
    write_grade(out, "GRADE-LEVEL", "GRADE-NAME", p.grade);
    write_grade(out, "NSR-GRADE-LEVEL", "NSR-GRADE-NAME", p.nsr_grade);
    out.push_str(&format!(" :ELO-NUMBER {} :GAMES ", p.elo));
    match &p.games {
        Games::Count(n) => out.push_str(&n.to_string()),
        Games::List(v) if v.is_empty() => out.push_str("NIL"),
        Games::List(v) => {
            out.push('(');
            for (i, g) in v.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(&format!("({} {} {})", g.opponent, g.score.lisp(), g.weight));
            }
            out.push(')');
        }
    }
    out.push_str(" :LAST-PLAYED ");
    write_opt_str(out, &p.last_played);
    out.push_str(" :LB-COUNT ");
    match p.lb_count {
        Some(lb) => out.push_str(&format!("(:LB {} {})", lb.games, if lb.reached_mp { "T" } else { "NIL" })),
        None => out.push_str("NIL"),
    }
    out.push_str(" :MP-COUNT ");
    match p.mp_count {
        Some(n) => out.push_str(&format!("(:MP {n})")),
        None => out.push_str("NIL"),
    }
    out.push_str(&format!(" :BONUS-COUNT {})", p.bonus_count));
}

/// Writes the list as `write-table` does: `(`, one player per line, a blank line, `)`.
pub fn write_list(players: &[Player]) -> String {
    let mut out = String::with_capacity(players.len() * 340 + 8);
    out.push('(');
    for p in players {
        write_player(&mut out, p);
        out.push('\n');
    }
    out.push_str("\n)\n");
    out
}

/// Whether a player counts as active on `today`: played within the last two years
/// (`active-player` of the official program; a missing date counts as 2000-01-01).
fn active(last_played: Option<&str>, today: &str) -> bool {
    let fix = |d: &str| {
        if d.len() == 7 { format!("{d}-31") } else { d.to_string() }
    };
    let last = last_played.map(fix).unwrap_or_else(|| "2000-01-01".into());
    let last = if last.is_empty() { "2000-01-01".to_string() } else { last };
    let today = fix(today);
    let (Some(y), Some(rest)) = (today.get(0..4).and_then(|y| y.parse::<i64>().ok()), today.get(4..)) else {
        return true;
    };
    let two_years_ago = format!("{:>4}{}", y - 2, rest);
    two_years_ago.as_str() <= last.as_str()
}

fn pad_right(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n >= w { s.to_string() } else { format!("{s}{}", " ".repeat(w - n)) }
}

fn grade_cols(g: Option<Grade>) -> String {
    match g {
        Some(g) if g.level != 0 => format!("{:>2} {}", g.level, pad_right(g.kind.name(), 3)),
        Some(g) => format!("   {}", pad_right(g.kind.name(), 3)),
        None => "      ".to_string(),
    }
}

/// `all.txt`: the printed list of active players (no trailing newline, as the program writes it).
pub fn write_all_txt(players: &[Player], date: &str) -> String {
    let mut out =
        format!("Elo list for {date}\n\n    Name                               Grades       Elo #games Nationality");
    let mut rank = 0;
    for p in players {
        if !active(p.last_played.as_deref(), date) {
            continue;
        }
        let pro = |g: Option<Grade>| g.is_some_and(|g| g.kind == super::grades::GradeKind::Pro);
        if pro(p.grade) || pro(p.nsr_grade) {
            continue;
        }
        rank += 1;
        let nat = p
            .nationality
            .iter()
            .find(|h| h.list == 'A')
            .or_else(|| p.nationality.iter().find(|h| h.list == 'E'))
            .map(|h| h.nationality.clone())
            .unwrap_or_else(|| "NIL".into());
        out.push_str(&format!(
            "\n{:>3} {} {} {} {} {:>4} {:>3}     {}",
            rank,
            pad_right(&p.last_name, 17),
            pad_right(&p.first_name, 15),
            grade_cols(p.grade),
            grade_cols(p.nsr_grade),
            p.elo,
            p.games.count(),
            nat
        ));
    }
    out
}
