//! `shinpan convert` for shogi records: read any shogi format (detected from the content,
//! Shift_JIS or UTF-8), write the one asked for. Several games (CSA) are written one after the
//! other (`/`-separated for CSA). Output files named `.kif`/`.ki2` are written in Shift_JIS,
//! everything else in UTF-8.

use crate::args::ConvertArgs;
use shogi::formats::{self, Format};
use std::io::Write;
use std::process::ExitCode;

pub fn convert_shogi(args: &ConvertArgs, bytes: &[u8]) -> ExitCode {
    let Some(to) = Format::from_name(&args.to) else {
        eprintln!("shinpan convert: unknown output format {:?} (shogi: sfen, usi, csa, kif, ki2, western)", args.to);
        return ExitCode::from(2);
    };
    let records = match formats::read(bytes) {
        Ok(r) => r,
        Err(e) => {
            let what = e.format.map_or(String::new(), |f| format!(" as {f}"));
            eprintln!("shinpan convert: {}{what}: {e}", args.file.display());
            if let Some(p) = &e.partial {
                eprintln!("shinpan convert: {} moves were read before the error", p.moves.len());
            }
            return ExitCode::from(2);
        }
    };
    let text = match to {
        Format::Csa => formats::csa::write_many(&records),
        _ => records.iter().map(|r| formats::write(to, r)).collect::<Vec<_>>().join("\n"),
    };
    let result = match &args.output {
        // `.kif` and `.ki2` files are Shift_JIS by convention (`.kifu` is the UTF-8 spelling).
        Some(path)
            if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("kif") || e.eq_ignore_ascii_case("ki2")) =>
        {
            std::fs::write(path, encoding_rs::SHIFT_JIS.encode(&text).0)
        }
        Some(path) => std::fs::write(path, text.as_bytes()),
        None => std::io::stdout().lock().write_all(text.as_bytes()),
    };
    if let Err(e) = result {
        eprintln!("shinpan convert: cannot write the output: {e}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
