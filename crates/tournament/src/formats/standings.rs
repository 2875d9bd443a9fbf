//! The standings written out: plain text with the crosstable, CSV, HTML, JSON, and the EGF
//! results table for Go.

use crate::model::{Color, GameKind, Tournament};
use crate::standings::Row;
use crate::standings::tiebreak::TieBreak;

/// The standings' output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Plain text with the crosstable.
    #[default]
    Text,
    Csv,
    Html,
    /// The rows as a JSON array.
    Json,
    /// The EGF results table (Go).
    Egf,
}

crate::names::closed_set!(Format, "format";
    Text => "text",
    Csv => "csv",
    Html => "html",
    Json => "json",
    Egf => "egf",
);

fn header(rows: &[Row], order: &[TieBreak], mcmahon: bool, rounds: usize) -> Vec<String> {
    let _ = rows;
    let mut h: Vec<String> =
        ["Rank", "No", "Name", "Rating", "Grade", "Club", "Pts"].iter().map(|s| s.to_string()).collect();
    if mcmahon {
        h.push("MMS".into());
    }
    h.extend(order.iter().map(|t| t.label().to_string()));
    h.extend((1..=rounds).map(|r| format!("R{r}")));
    h
}

fn cells(r: &Row) -> Vec<String> {
    let mut c = vec![
        r.rank.to_string(),
        r.number.to_string(),
        r.name.clone(),
        if r.rating > 0 { r.rating.to_string() } else { String::new() },
        r.grade.clone().unwrap_or_default(),
        r.club.clone(),
        r.score.clone(),
    ];
    if let Some(m) = &r.mms {
        c.push(m.clone());
    }
    c.extend(r.tiebreaks.iter().map(|(_, v)| v.clone()));
    c.extend(r.rounds.iter().cloned());
    c
}

/// Plain-text standings with the crosstable (one column per round).
pub fn to_text(t: &Tournament, rows: &[Row], order: &[TieBreak], mcmahon: bool) -> String {
    let h = header(rows, order, mcmahon, t.rounds_recorded());
    let all: Vec<Vec<String>> = std::iter::once(h).chain(rows.iter().map(cells)).collect();
    let widths: Vec<usize> =
        (0..all[0].len()).map(|c| all.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    let mut s = String::new();
    if !t.name.is_empty() {
        s += &format!("{}\n\n", t.name);
    }
    for r in &all {
        let line: Vec<String> =
            r.iter()
                .enumerate()
                .map(|(c, v)| {
                    if c == 2 || c == 5 { format!("{v:<w$}", w = widths[c]) } else { format!("{v:>w$}", w = widths[c]) }
                })
                .collect();
        s += line.join("  ").trim_end();
        s.push('\n');
    }
    s
}

fn csv_field(v: &str) -> String {
    if v.contains([',', '"', '\n']) { format!("\"{}\"", v.replace('"', "\"\"")) } else { v.to_string() }
}

pub fn to_csv(t: &Tournament, rows: &[Row], order: &[TieBreak], mcmahon: bool) -> String {
    let mut s = header(rows, order, mcmahon, t.rounds_recorded()).join(",");
    s.push('\n');
    for r in rows {
        s += &cells(r).iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(",");
        s.push('\n');
    }
    s
}

fn html_escape(v: &str) -> String {
    v.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

pub fn to_html(t: &Tournament, rows: &[Row], order: &[TieBreak], mcmahon: bool) -> String {
    let mut s = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
    s += &html_escape(&t.name);
    s += "</title></head><body>\n";
    if !t.name.is_empty() {
        s += &format!("<h1>{}</h1>\n", html_escape(&t.name));
    }
    s += "<table>\n<tr>";
    for h in header(rows, order, mcmahon, t.rounds_recorded()) {
        s += &format!("<th>{}</th>", html_escape(&h));
    }
    s += "</tr>\n";
    for r in rows {
        s += "<tr>";
        for c in cells(r) {
            s += &format!("<td>{}</td>", html_escape(&c));
        }
        s += "</tr>\n";
    }
    s += "</table>\n</body></html>\n";
    s
}

pub fn to_json(rows: &[Row]) -> String {
    serde_json::to_string_pretty(rows).expect("rows serialise")
}

/// EGF results table (the European Go Database's tournament format): one line per player —
/// place, name, grade, country, club, the score and tie-break columns, then each round as
/// `opponent-place` + `+`/`-`/`=` + `/w` or `/b`; byes as `0+`, absences and rounds without an
/// entry as `0-`. TRF keeps no handicap per game, so the header says `HA[h9]` (the EGD's "no
/// handicap") and no entry carries stones.
pub fn to_egf(t: &Tournament, rows: &[Row], mcmahon: bool) -> String {
    let mut s = String::new();
    s += &format!("; EV[{}]\n", t.name);
    s += &format!("; CL[{}]\n", if t.game == GameKind::Go { "A" } else { "-" });
    s += "; PC[]\n; DT[]\n; HA[h9]\n; KM[6.5]\n; TM[]\n; CM[shinpan]\n;\n";
    s += &format!("; Pl Name{:26} Grd Co Club  {}\n", "", if mcmahon { "MMS" } else { "Pts" });
    let place_of: std::collections::HashMap<usize, u32> = rows.iter().map(|r| (r.player, r.rank)).collect();
    // Every player's line has one entry per round (EGD format); a round without an entry is a
    // free round, `0-`.
    let rounds = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    for r in rows {
        let p = &t.players[r.player];
        let mut line = format!(
            "{:>4} {:<30} {:>3} {:<2} {:<5} {:>4}",
            r.rank,
            p.name,
            r.grade.clone().unwrap_or_else(|| "-".into()),
            p.federation,
            p.club,
            r.mms.clone().unwrap_or_else(|| r.score.clone())
        );
        for (_, v) in &r.tiebreaks {
            line += &format!(" {v:>5}");
        }
        for e in &p.rounds {
            let cell = match e.opponent {
                Some(o) => {
                    let res = match e.outcome.score() {
                        crate::model::Score::Win => '+',
                        crate::model::Score::Loss => '-',
                        crate::model::Score::Draw => '=',
                    };
                    let col = match e.color {
                        Some(Color::White) => "/b", // TRF white moves first = Black in Go
                        Some(Color::Black) => "/w",
                        None => "",
                    };
                    format!("{}{res}{col}", place_of[&o])
                }
                None => match e.outcome.score() {
                    crate::model::Score::Win => "0+".into(),
                    crate::model::Score::Draw => "0=".into(),
                    crate::model::Score::Loss => "0-".into(),
                },
            };
            line += &format!(" {cell:>7}");
        }
        for _ in p.rounds.len()..rounds {
            line += &format!(" {:>7}", "0-");
        }
        s += line.trim_end();
        s.push('\n');
    }
    s
}
