//! `shatar-tune`: tunes the 8x8 evaluation's weights by self-play and Texel tuning. See
//! README.md beside this crate for the procedure and its commands.

mod bootstrap;
mod compare;
mod fit;
mod game;
mod rng;
mod selfplay;
mod speed;
mod weights_file;

use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use shatar_rules::{Ruleset, with_rules};

const USAGE: &str = "\
usage:
  shatar-tune init     [--ruleset ID|all] [--dir crates/engine/src/board8/eval/weights]
  shatar-tune copy     --from WEIGHTS.rs --ruleset ID --out WEIGHTS.rs
  shatar-tune selfplay --ruleset ID --games N [--minutes M] --nodes K [--threads T] [--seed S] --out FILE
                       [--random-plies 6] [--skip-plies 12] [--max-plies 400] [--resign 1000] [--hash 8]
  shatar-tune fit      --ruleset ID --data FILE... --out WEIGHTS.rs
                       [--epochs 300] [--lr 1] [--l2 0.003] [--validation 0.1] [--pst file-rank|full]
                       [--start bootstrap|builtin|WEIGHTS.rs]
  shatar-tune compare  --ruleset ID --a bootstrap|builtin|WEIGHTS.rs --b ... --pairs N --nodes K
                       [--threads T] [--seed S] [--random-plies 6] [--max-plies 400] [--resign 1000] [--hash 8]
  shatar-tune speed    [--depth 10] [--passes 0]
ID: mongolian, mongolian-folk or chess";

/// `--key value...` options: a key takes every value up to the next key.
struct Args(Vec<(String, Vec<String>)>);

impl Args {
    fn parse(args: &[String]) -> Result<Args, String> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for arg in args {
            if let Some(key) = arg.strip_prefix("--") {
                out.push((key.to_owned(), Vec::new()));
            } else {
                out.last_mut().ok_or_else(|| format!("`{arg}`: expected an option"))?.1.push(arg.clone());
            }
        }
        Ok(Args(out))
    }

    fn values(&self, key: &str) -> Option<&[String]> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_slice())
    }

    fn get<T: FromStr>(&self, key: &str, default: Option<T>) -> Result<T, String> {
        match self.values(key) {
            Some([v]) => v.parse().map_err(|_| format!("--{key}: cannot read `{v}`")),
            Some(_) => Err(format!("--{key} takes one value")),
            None => default.ok_or_else(|| format!("--{key} is required")),
        }
    }

    fn ruleset(&self) -> Result<Ruleset, String> {
        self.get::<String>("ruleset", None)?.parse::<Ruleset>().map_err(|e| e.to_string())
    }

    fn game(&self) -> Result<game::GameOptions, String> {
        Ok(game::GameOptions {
            nodes: self.get("nodes", None)?,
            random_plies: self.get("random-plies", Some(6))?,
            max_plies: self.get("max-plies", Some(400))?,
            resign_cp: self.get("resign", Some(1000))?,
            hash_mb: self.get("hash", Some(8))?,
        })
    }
}

fn run(argv: &[String]) -> Result<(), String> {
    let (command, rest) = argv.split_first().ok_or(USAGE)?;
    let args = Args::parse(rest)?;
    match command.as_str() {
        "init" => {
            let dir: PathBuf = args.get("dir", Some("crates/engine/src/board8/eval/weights".into()))?;
            let which = args.get::<String>("ruleset", Some("all".into()))?;
            for ruleset in Ruleset::ALL {
                if which != "all" && which != ruleset.id() {
                    continue;
                }
                let path = dir.join(format!("{}.rs", ruleset.id().replace('-', "_")));
                let header = [
                    format!("command: `shatar-tune init --ruleset {}`", ruleset.id()),
                    "The hand-set bootstrap values of crates/tune/src/bootstrap.rs, not tuned.".to_owned(),
                    format!("date: {}", weights_file::today()),
                ];
                let text = weights_file::render(ruleset.id(), &bootstrap::weights(), &header);
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
                println!("wrote {}", path.display());
            }
            Ok(())
        }
        "copy" => {
            // A weight file for another ruleset with the same weights (the folk rules start
            // from the 2017 rules' weights), its header saying where they came from.
            let from: String = args.get("from", None)?;
            let out: PathBuf = args.get("out", None)?;
            let ruleset = args.ruleset()?;
            let text = std::fs::read_to_string(&from).map_err(|e| format!("{from}: {e}"))?;
            let weights = weights_file::parse(&text)?;
            let mut header = vec![
                format!("command: `shatar-tune {}`", argv.join(" ")),
                format!("Copied from {from} ({}), whose header follows:", weights_file::today()),
            ];
            header.extend(weights_file::header(&text).into_iter().map(|l| format!("  {l}")));
            std::fs::write(&out, weights_file::render(ruleset.id(), &weights, &header))
                .map_err(|e| format!("{}: {e}", out.display()))?;
            println!("wrote {}", out.display());
            Ok(())
        }
        "selfplay" => {
            let opts = selfplay::SelfPlay {
                games: args.get("games", None)?,
                minutes: args.values("minutes").map(|_| args.get("minutes", None)).transpose()?,
                threads: args.get("threads", Some(1))?,
                seed: args.get("seed", Some(1))?,
                out: args.get("out", None)?,
                skip_plies: args.get("skip-plies", Some(12))?,
                game: args.game()?,
                command: format!("shatar-tune {}", argv.join(" ")),
            };
            with_rules!(args.ruleset()?, R => selfplay::run::<R>(&opts))
        }
        "fit" => {
            let data: Vec<PathBuf> =
                args.values("data").ok_or("--data is required")?.iter().map(PathBuf::from).collect();
            let opts = fit::FitOptions {
                data,
                out: args.get("out", None)?,
                epochs: args.get("epochs", Some(300))?,
                lr: args.get("lr", Some(1.0))?,
                validation: args.get("validation", Some(0.1))?,
                start: args.get("start", Some("bootstrap".into()))?,
                l2: args.get("l2", Some(0.003))?,
                full_pst: match args.get::<String>("pst", Some("file-rank".into()))?.as_str() {
                    "full" => true,
                    "file-rank" => false,
                    other => return Err(format!("--pst: `{other}` is not `full` or `file-rank`")),
                },
                command: format!("shatar-tune {}", argv.join(" ")),
            };
            with_rules!(args.ruleset()?, R => fit::run::<R>(&opts))
        }
        "compare" => {
            let ruleset = args.ruleset()?;
            let a = weights_file::load(&args.get::<String>("a", None)?, ruleset)?;
            let b = weights_file::load(&args.get::<String>("b", None)?, ruleset)?;
            let opts = compare::CompareOptions {
                pairs: args.get("pairs", None)?,
                threads: args.get("threads", Some(1))?,
                seed: args.get("seed", Some(1))?,
                game: args.game()?,
            };
            with_rules!(ruleset, R => compare::run::<R>(a, b, &opts))
        }
        "speed" => {
            speed::run(args.get("depth", Some(10))?, args.get("passes", Some(0))?);
            Ok(())
        }
        _ => Err(USAGE.into()),
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(&argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shatar-tune: {e}");
            ExitCode::FAILURE
        }
    }
}
