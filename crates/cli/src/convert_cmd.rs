//! `shinpan convert` for shogi records: read any shogi format (detected from the content,
//! Shift_JIS or UTF-8), write the one asked for. Several games (CSA) are written one after the
//! other (`/`-separated for CSA). Output files named `.kif`/`.ki2` are written in Shift_JIS,
//! everything else in UTF-8.

use crate::args::ConvertArgs;
use shogi::formats::{self, Format};
use std::process::ExitCode;

/// `shinpan convert`: the record's game told from its content, then converted.
pub fn convert(args: ConvertArgs) -> crate::error::Result<ExitCode> {
    let bytes = crate::error::read(&args.file)?;
    if crate::go_cmd::is_sgf(&String::from_utf8_lossy(&bytes)) {
        Ok(crate::go_cmd::convert(&args, &bytes))
    } else {
        convert_shogi(&args, &bytes)
    }
}

pub fn convert_shogi(args: &ConvertArgs, bytes: &[u8]) -> crate::error::Result<ExitCode> {
    let Some(to) = Format::from_name(&args.to) else {
        eprintln!("shinpan convert: unknown output format {:?} (shogi: sfen, usi, csa, kif, ki2, western)", args.to);
        return Ok(ExitCode::from(2));
    };
    let records = match formats::read(bytes) {
        Ok(r) => r,
        Err(e) => {
            let what = e.format.map_or(String::new(), |f| format!(" as {f}"));
            eprintln!("shinpan convert: {}{what}: {e}", args.file.display());
            if let Some(p) = &e.partial {
                eprintln!("shinpan convert: {} moves were read before the error", p.moves.len());
            }
            return Ok(ExitCode::from(2));
        }
    };
    let text = match to {
        Format::Csa => formats::csa::write_many(&records),
        _ => records.iter().map(|r| formats::write(to, r)).collect::<Vec<_>>().join("\n"),
    };
    // `.kif` and `.ki2` files are Shift_JIS by convention (`.kifu` is the UTF-8 spelling).
    let sjis = args
        .output
        .as_ref()
        .and_then(|p| p.extension())
        .is_some_and(|e| e.eq_ignore_ascii_case("kif") || e.eq_ignore_ascii_case("ki2"));
    let bytes = if sjis { encoding_rs::SHIFT_JIS.encode(&text).0.into_owned() } else { text.into_bytes() };
    crate::error::write_out(args.output.as_deref(), &bytes)?;
    Ok(ExitCode::SUCCESS)
}
