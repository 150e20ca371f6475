//! `shatar elo`: the Elo figures of a match result, as one line of JSON, for scripts that
//! play matches of their own (tools/match-fsf.mjs) and should report them as `shatar match`
//! does, from the same code (`shatar_engine::elo`).

use std::io::Write;
use std::process::ExitCode;

use shatar_engine::elo::{self, Estimate};

use crate::args::Args;

pub fn command(args: &[String], out: &mut dyn Write) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["pairs"])?;
    let [wins, draws, losses] = args.positional.as_slice() else {
        return Err("elo needs three counts: WINS DRAWS LOSSES, like 'shatar elo 7 24 169'".into());
    };
    let [wins, draws, losses] = [wins, draws, losses].map(|n| count(n));
    let games = elo::trinomial(wins?, draws?, losses?).ok_or("elo needs at least one game")?;
    let mut line = format!("{{{}", fields(&games));
    if let Some(text) = args.value("pairs") {
        let pairs: Vec<u64> = text.split(',').map(count).collect::<Result<_, _>>()?;
        let pairs: [u64; 5] = pairs.try_into().map_err(|_| {
            format!("--pairs '{text}': expected five counts, of pairs scoring 0, 1/2, 1, 3/2, 2")
        })?;
        match elo::pentanomial(&pairs) {
            Some(estimate) => line += &format!(",\"pairs\":{{{}}}", fields(&estimate)),
            None => line += ",\"pairs\":null",
        }
    }
    line += "}\n";
    out.write_all(line.as_bytes()).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

fn count(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a count"))
}

/// JSON has no infinity: an unbounded figure is null, and its sign is plain from which
/// figure it is (`elo`: the side of 50% the score is on).
fn fields(e: &Estimate) -> String {
    let number = |x: f64| {
        if x.is_finite() {
            x.to_string()
        } else {
            "null".to_owned()
        }
    };
    format!(
        "\"score\":{},\"elo\":{},\"low\":{},\"high\":{}",
        e.score,
        number(e.elo),
        number(e.low),
        number(e.high)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &str) -> Result<String, String> {
        let args: Vec<String> = args.split_whitespace().map(String::from).collect();
        let mut out = Vec::new();
        command(&args, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn figures_as_json() {
        let line = run("7 24 169").unwrap();
        assert!(
            line.starts_with("{\"score\":0.095,\"elo\":-391.5"),
            "{line}"
        );
        assert!(line.ends_with("}\n") && !line.contains("pairs"), "{line}");
        let line = run("3 0 0 --pairs 0,0,0,1,1").unwrap();
        assert!(
            line.starts_with(
                "{\"score\":1,\"elo\":null,\"low\":null,\"high\":null,\"pairs\":{\"score\":0.875,"
            ),
            "{line}"
        );
        assert!(
            run("1 1 1 --pairs 0,0,0,0,0")
                .unwrap()
                .ends_with(",\"pairs\":null}\n")
        );
    }

    #[test]
    fn usage_errors() {
        for bad in [
            "",
            "1 2",
            "1 2 x",
            "0 0 0",
            "1 1 1 --pairs 1,2",
            "1 1 1 --games 3",
        ] {
            assert!(run(bad).is_err(), "{bad}");
        }
    }
}
