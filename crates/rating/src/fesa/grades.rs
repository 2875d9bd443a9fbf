//! Grades and the rating bands of the FESA Elo system (fesa-2017 15.2, "FESA Elo rating
//! system": the grade table with LB/MP/UB and the #LB/#MP run lengths; the K table), and the
//! grade-value scale used to rate handicap games.

/// Dan, kyu, or professional.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GradeKind {
    Dan,
    Kyu,
    Pro,
}

impl GradeKind {
    pub fn name(self) -> &'static str {
        match self {
            GradeKind::Dan => "Dan",
            GradeKind::Kyu => "Kyu",
            GradeKind::Pro => "Pro",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grade {
    pub level: i64,
    pub kind: GradeKind,
}

impl std::fmt::Display for Grade {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.level, self.kind.name())
    }
}

// Tables of the official program, indexed by grade level (index 0 unused).
const DAN_MP: [i64; 11] = [0, 1740, 1860, 2000, 2160, 2340, 2540, 2760, 3000, 9999, 9999];
const DAN_LB: [i64; 11] = [0, 1680, 1800, 1920, 2080, 2240, 2440, 2640, 2880, 3120, 9999];
const KYU_MP: [i64; 21] =
    [0, 1620, 1510, 1410, 1320, 1240, 1160, 1080, 1000, 920, 840, 760, 680, 600, 520, 440, 360, 280, 200, 120, 40];
const KYU_LB: [i64; 21] =
    [0, 1560, 1460, 1360, 1280, 1200, 1120, 1040, 960, 880, 800, 720, 640, 560, 480, 400, 320, 240, 160, 80, 0];
// #LB and #MP: games in a row needed for promotion into the grade.
const DAN_LB_N: [i64; 8] = [0, 14, 14, 16, 16, 9999, 9999, 9999];
const DAN_MP_N: [i64; 8] = [0, 7, 7, 8, 8, 10, 9999, 9999];
const KYU_LB_N: [i64; 21] = [0, 14, 12, 12, 12, 10, 10, 10, 8, 8, 8, 8, 6, 6, 6, 6, 6, 6, 6, 6, 6];
const KYU_MP_N: [i64; 21] = [0, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3];

/// Beyond the tables the official program would fail; an unreachable bound keeps the
/// computation total (nobody is promoted past 10 Dan).
const UNREACHABLE: i64 = 9999;

fn at(table: &[i64], i: i64) -> i64 {
    usize::try_from(i).ok().and_then(|i| table.get(i).copied()).unwrap_or(UNREACHABLE)
}

impl Grade {
    /// A grade as the lists write it (`4 "Dan"`); `None` if outside the tables.
    pub fn new(level: i64, name: &str) -> Option<Grade> {
        let kind = if name.eq_ignore_ascii_case("Dan") {
            GradeKind::Dan
        } else if name.eq_ignore_ascii_case("Kyu") {
            GradeKind::Kyu
        } else if name.eq_ignore_ascii_case("Pro") {
            GradeKind::Pro
        } else {
            return None;
        };
        let ok = match kind {
            GradeKind::Dan => (1..=10).contains(&level),
            GradeKind::Kyu => (1..=20).contains(&level),
            GradeKind::Pro => (0..=100).contains(&level),
        };
        ok.then_some(Grade { level, kind })
    }

    pub fn dan(level: i64) -> Grade {
        Grade { level, kind: GradeKind::Dan }
    }

    pub fn kyu(level: i64) -> Grade {
        Grade { level, kind: GradeKind::Kyu }
    }

    /// The rating of a declared grade: its midpoint; a new player's two pseudo-games are
    /// played at this rating. Pro 1 Dan = 2540 and 30 more per step (the program's note).
    pub fn start_rating(self) -> i64 {
        match self.kind {
            GradeKind::Dan => at(&DAN_MP, self.level),
            GradeKind::Kyu => at(&KYU_MP, self.level),
            GradeKind::Pro => 2510 + 30 * self.level,
        }
    }

    /// Lower bound (LB) of the grade.
    pub fn lb(self) -> i64 {
        match self.kind {
            GradeKind::Dan => at(&DAN_LB, self.level),
            GradeKind::Kyu => at(&KYU_LB, self.level),
            GradeKind::Pro => UNREACHABLE,
        }
    }

    /// Midpoint (MP) of the grade.
    pub fn mp(self) -> i64 {
        match self.kind {
            GradeKind::Dan => at(&DAN_MP, self.level),
            GradeKind::Kyu => at(&KYU_MP, self.level),
            GradeKind::Pro => UNREACHABLE,
        }
    }

    /// Upper bound (UB): the next grade's lower bound.
    pub fn ub(self) -> i64 {
        next_grade(Some(self)).lb()
    }

    /// #LB: length of the LB run that promotes into this grade.
    pub fn limit_lb(self) -> i64 {
        match self.kind {
            GradeKind::Dan => at(&DAN_LB_N, self.level),
            GradeKind::Kyu => at(&KYU_LB_N, self.level),
            GradeKind::Pro => UNREACHABLE,
        }
    }

    /// #MP: length of the MP run that promotes into this grade.
    pub fn limit_mp(self) -> i64 {
        match self.kind {
            GradeKind::Dan => at(&DAN_MP_N, self.level),
            GradeKind::Kyu => at(&KYU_MP_N, self.level),
            GradeKind::Pro => UNREACHABLE,
        }
    }
}

/// The grade above `g`; a player without a rating grade starts from 20 kyu.
pub fn next_grade(g: Option<Grade>) -> Grade {
    match g {
        None => Grade::kyu(20),
        Some(Grade { kind: GradeKind::Pro, .. }) => Grade { level: 0, kind: GradeKind::Pro },
        Some(Grade { kind: GradeKind::Dan, level }) => Grade::dan(level + 1),
        Some(Grade { kind: GradeKind::Kyu, level: 1 }) => Grade::dan(1),
        Some(Grade { kind: GradeKind::Kyu, level }) => Grade::kyu(level - 1),
    }
}

/// K by rating band (FESA Elo system, rule 1): 16 from 5 Dan LB, 20 from 3 Dan, 24 from 1 Kyu,
/// 28 from 4 Kyu, 32 from 7 Kyu, 36 from 11 Kyu, 40 below. `ge(x)` answers `rating >= x`, so
/// exact and floating ratings compare the same way the program does.
pub fn k_factor(ge: impl Fn(i64) -> bool) -> i64 {
    if ge(DAN_LB[5]) {
        16
    } else if ge(DAN_LB[3]) {
        20
    } else if ge(KYU_LB[1]) {
        24
    } else if ge(KYU_LB[4]) {
        28
    } else if ge(KYU_LB[7]) {
        32
    } else if ge(KYU_LB[11]) {
        36
    } else {
        40
    }
}

pub fn k_of_int(r: i64) -> i64 {
    k_factor(|x| r >= x)
}

/// The handicap of a game, as the tournament file writes it in `(+L)`: its value on the grade
/// scale (grade steps removed from the giver).
pub fn handicap_value(code: &str) -> Option<f32> {
    // Values in force since 2005 (the program's `*x-handicap-r*`); "S" counts as "M".
    Some(match code.to_ascii_uppercase().as_str() {
        "M" | "S" => 0.20,
        "L" => 0.60,
        "B" => 1.50,
        "R" => 2.10,
        "RL" => 2.70,
        "2P" => 3.60,
        "4P" => 5.00,
        "5P" => 6.50,
        "6P" => 8.00,
        _ => return None,
    })
}

/// A rating as a real-valued grade number: 14 = 1 Kyu LB, 15 = 1 Dan LB, each grade one unit,
/// linear inside the grade (single-float arithmetic as the program's `elo-ranknr`).
pub fn rating_to_rank(elo: i64) -> Option<f32> {
    let part = |x: i64, lb: i64, ub: i64| ((x - lb) as f64 / (ub - lb) as f64) as f32;
    if elo > DAN_LB[1] {
        let main = DAN_LB[1..].iter().position(|&b| elo < b)?;
        Some((14.0f32 + main as f32) + part(elo, DAN_LB[main], DAN_LB[main + 1]))
    } else if elo > KYU_LB[1] {
        Some(14.0f32 + part(elo, KYU_LB[1], DAN_LB[1]))
    } else {
        match KYU_LB[1..].iter().position(|&b| elo > b) {
            Some(main) => Some((14.0f32 - main as f32) + part(elo, KYU_LB[main + 1], KYU_LB[main])),
            None => Some(0.0),
        }
    }
}

/// Round half to even, as Common Lisp's `round`.
pub fn round_f32(x: f32) -> i64 {
    x.round_ties_even() as i64
}

/// The inverse of [`rating_to_rank`] (`ranknr-elo`), rounded to an integer rating.
pub fn rank_to_rating(nr: f32) -> Option<i64> {
    let main = nr.floor();
    let part = nr - main;
    let main = main as i64;
    let value = |lb: i64, ub: i64| round_f32(lb as f32 + part * (ub - lb) as f32);
    let get = |t: &[i64], i: i64| usize::try_from(i).ok().and_then(|i| t.get(i).copied());
    if main >= 15 {
        Some(value(get(&DAN_LB, main - 14)?, get(&DAN_LB, main - 13)?))
    } else if main == 14 {
        Some(value(KYU_LB[1], DAN_LB[1]))
    } else if main >= -5 {
        Some(value(get(&KYU_LB, 15 - main)?, get(&KYU_LB, 14 - main)?))
    } else {
        Some(1)
    }
}
