//! The weight files the engine compiles (`crates/engine/src/board8/eval/weights/*.rs`,
//! `crates/engine/src/xiangqi/eval/weights.rs`): written section by section from the
//! evaluation's layout, with a header saying how they were made, and read back for
//! matches and as a fit's starting point.

use std::fmt::Write as _;
use std::path::Path;

use shatar_engine::tapered::{S, s};

use crate::games::Game;

/// The Rust source of `G`'s weight file. `header` lines go into the module comment.
pub fn render<G: Game>(weights: &[S], header: &[String]) -> String {
    assert_eq!(weights.len(), G::COUNT);
    let ruleset = G::id();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! Evaluation weights for `{ruleset}`, written by `shatar-tune`. Do not edit by hand: rerun"
    );
    let _ = writeln!(out, "//! the tuner (crates/tune/README.md).");
    let _ = writeln!(out, "//!");
    for line in header {
        let _ = writeln!(out, "//! {line}");
    }
    let _ = write!(
        out,
        "\n{}\n\n#[rustfmt::skip]\npub static WEIGHTS: Weights = [\n",
        G::WEIGHTS_USE
    );
    let pst = &G::PST;
    // The square tables are written a rank to a line.
    let rows_per_table = pst.ranks;
    for section in G::SECTIONS {
        let _ = writeln!(
            out,
            "    // {} ({}): {}",
            section.name, section.len, section.index
        );
        for (row, chunk) in weights[section.offset..section.offset + section.len]
            .chunks(section.width)
            .enumerate()
        {
            if section.offset == pst.offset && row % rows_per_table == 0 {
                let _ = writeln!(
                    out,
                    "    // {}, {} first",
                    pst.roles[row / rows_per_table],
                    pst.first_row
                );
            }
            let cells: Vec<String> = chunk
                .iter()
                .map(|w| format!("s({:4}, {:4}),", w.mg(), w.eg()))
                .collect();
            let _ = writeln!(out, "    {}", cells.join(" "));
        }
    }
    out.push_str("];\n");
    out
}

/// The header lines of a file written by [`render`] (what follows its first paragraph).
pub fn header(text: &str) -> Vec<String> {
    let comment: Vec<&str> = text.lines().take_while(|l| l.starts_with("//!")).collect();
    let body = comment
        .iter()
        .position(|l| l.trim() == "//!")
        .map_or(&comment[..0], |i| &comment[i + 1..]);
    body.iter()
        .map(|l| l.trim_start_matches("//!").trim().to_owned())
        .collect()
}

/// Reads the weights of a file written by [`render`]: every `s(mg, eg)` after the
/// `WEIGHTS` line, in order.
pub fn parse<G: Game>(text: &str) -> Result<Vec<S>, String> {
    let body = text
        .split_once("pub static WEIGHTS")
        .ok_or("no `pub static WEIGHTS` in the file")?
        .1;
    let mut weights = Vec::with_capacity(G::COUNT);
    for line in body.lines() {
        let code = line.split("//").next().unwrap_or("");
        for cell in code.split("s(").skip(1) {
            let inside = cell.split(')').next().unwrap_or("");
            let (mg, eg) = inside
                .split_once(',')
                .ok_or_else(|| format!("bad weight `s({inside})`"))?;
            let number = |t: &str| {
                t.trim()
                    .parse::<i32>()
                    .map_err(|e| format!("bad weight `s({inside})`: {e}"))
            };
            weights.push(s(number(mg)?, number(eg)?));
        }
    }
    if weights.len() != G::COUNT {
        return Err(format!(
            "{} weights, the layout has {}",
            weights.len(),
            G::COUNT
        ));
    }
    Ok(weights)
}

/// A weight set by name: `bootstrap` for the hand-set values, `builtin` for the ones this
/// binary was compiled with, else a weight file's path.
pub fn load<G: Game>(spec: &str) -> Result<Vec<S>, String> {
    match spec {
        "bootstrap" => return Ok(G::bootstrap()),
        "builtin" => return Ok(G::builtin()),
        _ => {}
    }
    let text = std::fs::read_to_string(Path::new(spec)).map_err(|e| format!("{spec}: {e}"))?;
    parse::<G>(&text).map_err(|e| format!("{spec}: {e}"))
}

/// Today's date (UTC), for the file header, without a date library.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = shatar_rules::pgn::civil_date((secs / 86_400) as i64);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::games::{Board8, Xiangqi};

    fn round_trip<G: Game>() {
        let weights = G::bootstrap();
        let text = render::<G>(&weights, &["test".to_string(), "two".to_string()]);
        assert_eq!(parse::<G>(&text).unwrap(), weights);
        assert_eq!(header(&text), ["test", "two"]);
    }

    #[test]
    fn render_and_parse_round_trip() {
        round_trip::<Board8<shatar_rules::Mongolian>>();
        round_trip::<Xiangqi>();
    }

    #[test]
    fn the_compiled_weights_are_the_files_as_written() {
        // The files in the repository parse to what the engine was compiled with.
        fn check<G: Game>() {
            let path = format!("{}/../../{}", env!("CARGO_MANIFEST_DIR"), G::weights_path());
            let text = std::fs::read_to_string(&path).unwrap();
            assert_eq!(parse::<G>(&text).unwrap(), G::builtin(), "{path}");
        }
        check::<Board8<shatar_rules::Mongolian>>();
        check::<Board8<shatar_rules::Chess>>();
        check::<Xiangqi>();
    }
}
