//! The rating program's tournament file, `turnering.txt`:
//! ```text
//! [13th Nekomadoken]            name
//! [2017-04-15]                  date
//! 1 [N2] [] [0- 12+ 2+]         start no, [last name] [first name] [rounds] [McMahon]
//! ```
//! A round is `<opponent><result>` with result `+`, `-` or `=`, optionally followed by a
//! handicap `(+L)` (`+`: the opponent gives the handicap, `-`: this player gives it). Opponent 0
//! means no game. Players are numbered by their order in the file, as the program does.

use super::FesaError;
use super::grades::handicap_value;
use super::list::Score;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handicap {
    /// `+`: this player receives the handicap (the opponent plays without pieces); `-`: gives it.
    pub receives: bool,
    pub code: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// Index of the opponent in `Tournament::players` + 1; 0 = no game this round.
    pub opponent: usize,
    pub score: Score,
    pub handicap: Option<Handicap>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub last_name: String,
    pub first_name: String,
    pub supplements: String,
    pub macmahon: i64,
    pub rounds: Vec<Round>,
    /// Line in the file (1-based), for messages.
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub name: String,
    pub date: String,
    pub players: Vec<Entry>,
}

fn err(line: usize, col: usize, reason: impl Into<String>) -> FesaError {
    FesaError::Syntax { line, col, reason: reason.into() }
}

/// The text between the first `[` and the following `]` of a line, if both are there.
fn bracketed(line: &str) -> Option<&str> {
    let a = line.find('[')?;
    let b = line.find(']')?;
    line.get(a + 1..b)
}

/// Reads `turnering.txt` and checks that the rounds agree (each game seen from both sides,
/// one point between the two players, the same handicap).
pub fn read_tournament(text: &str) -> Result<Tournament, FesaError> {
    let lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let mut it = lines.iter().enumerate();
    let mut header = |what: &str| -> Result<String, FesaError> {
        for (_, l) in it.by_ref() {
            if let Some(s) = bracketed(l) {
                return Ok(s.to_string());
            }
        }
        Err(err(lines.len(), 1, format!("no [{what}] line")))
    };
    let name = header("name")?;
    let date = header("date")?;
    let mut players = Vec::new();
    let (mut started, mut ended) = (false, false);
    for (i, l) in it {
        let lineno = i + 1;
        if l.is_empty() || l.starts_with(';') {
            continue;
        }
        if !l.contains(['+', '-', '=', '&']) {
            if started {
                ended = true;
            }
            continue;
        }
        if ended {
            return Err(err(lineno, 1, "result lines stop and start again"));
        }
        let t = l.trim_start();
        let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
        let nr = digits.parse::<u64>().ok();
        if !started && nr != Some(1) {
            continue;
        }
        started = true;
        players.push(parse_line(l, lineno)?);
    }
    if !started {
        return Err(err(lines.len(), 1, "no result lines (the first must start with 1)"));
    }
    let t = Tournament { name, date, players };
    check(&t)?;
    Ok(t)
}

fn parse_line(line: &str, lineno: usize) -> Result<Entry, FesaError> {
    // Byte positions of brackets, in order.
    let mut fields = Vec::new();
    let mut rest = 0;
    while let Some(a) = line[rest..].find('[') {
        let a = rest + a;
        let Some(b) = line[a..].find(']') else {
            return Err(err(lineno, a + 1, "'[' without ']'"));
        };
        fields.push((a, a + b));
        rest = a + b + 1;
    }
    if fields.len() < 3 {
        return Err(err(lineno, 1, "expected [last name] [first name] [results]"));
    }
    let text = |k: usize| &line[fields[k].0 + 1..fields[k].1];
    let supplements = line[fields[1].1 + 1..fields[2].0].trim_matches([' ', '\t']).to_string();
    let macmahon = match fields.get(3) {
        None => 0,
        Some(_) => text(3)
            .trim()
            .parse::<i64>()
            .map_err(|_| err(lineno, fields[3].0 + 2, "McMahon points must be an integer"))?,
    };
    if fields.len() > 4 {
        return Err(err(lineno, fields[4].0 + 1, "unexpected fifth [field]"));
    }
    Ok(Entry {
        last_name: text(0).to_string(),
        first_name: text(1).to_string(),
        supplements,
        macmahon,
        rounds: parse_rounds(text(2), lineno, fields[2].0 + 2)?,
        line: lineno,
    })
}

fn parse_rounds(s: &str, lineno: usize, col0: usize) -> Result<Vec<Round>, FesaError> {
    if s.trim() == "&" {
        return Err(err(lineno, col0, "simultaneous exhibitions (&) are not supported"));
    }
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    let skip = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    loop {
        skip(&mut i);
        if i >= b.len() {
            break;
        }
        if !b[i].is_ascii_digit() {
            return Err(err(lineno, col0 + i, "expected an opponent number"));
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let opponent: usize =
            s[start..i].parse().map_err(|_| err(lineno, col0 + start, "opponent number too large"))?;
        skip(&mut i);
        let score = match b.get(i) {
            Some(b'+') => Score::Win,
            Some(b'-') => Score::Loss,
            Some(b'=') => Score::Draw,
            _ => return Err(err(lineno, col0 + i, "expected a result +, - or =")),
        };
        i += 1;
        let mut j = i;
        skip(&mut j);
        let mut handicap = None;
        if b.get(j) == Some(&b'(') {
            j += 1;
            skip(&mut j);
            let receives = match b.get(j) {
                Some(b'+') => true,
                Some(b'-') => false,
                _ => return Err(err(lineno, col0 + j, "a handicap is (+TYPE) or (-TYPE)")),
            };
            j += 1;
            let Some(close) = s[j..].find(')') else {
                return Err(err(lineno, col0 + j, "handicap without ')'"));
            };
            let code = s[j..j + close].trim().to_string();
            if handicap_value(&code).is_none() {
                return Err(err(
                    lineno,
                    col0 + j,
                    format!("unknown handicap {code:?} (M, L, B, R, RL, 2p, 4p, 5p, 6p)"),
                ));
            }
            handicap = Some(Handicap { receives, code });
            i = j + close + 1;
        }
        out.push(Round { opponent, score, handicap });
    }
    Ok(out)
}

pub(crate) fn check(t: &Tournament) -> Result<(), FesaError> {
    let n = t.players.len();
    for (pi, p) in t.players.iter().enumerate() {
        let who = |e: &Entry| format!("{} {}", e.last_name, e.first_name).trim_end().to_string();
        for (r, round) in p.rounds.iter().enumerate() {
            if let Some(h) = &round.handicap
                && handicap_value(&h.code).is_none()
            {
                return Err(err(p.line, 1, format!("unknown handicap {:?}", h.code)));
            }
            if round.opponent == 0 {
                continue;
            }
            let bad = |reason: String| Err(err(p.line, 1, reason));
            if round.opponent > n {
                return bad(format!("round {}: no player number {}", r + 1, round.opponent));
            }
            let o = &t.players[round.opponent - 1];
            let Some(back) = o.rounds.get(r) else {
                return bad(format!("round {}: {} has no round {}", r + 1, who(o), r + 1));
            };
            if back.opponent != pi + 1 {
                return bad(format!("round {}: {} and {} do not list each other", r + 1, who(p), who(o)));
            }
            if round.score.halves() + back.score.halves() != 2 {
                return bad(format!("round {}: {} and {} do not share one point", r + 1, who(p), who(o)));
            }
            let same = match (&round.handicap, &back.handicap) {
                (None, None) => true,
                (Some(a), Some(b)) => a.receives != b.receives && a.code.eq_ignore_ascii_case(&b.code),
                _ => false,
            };
            if !same {
                return bad(format!(
                    "round {}: {} and {}: one player gives the handicap, the other receives the same one",
                    r + 1,
                    who(p),
                    who(o)
                ));
            }
        }
    }
    Ok(())
}
