//! `shatar-tune`: tunes the evaluation's weights (the 8x8 rulesets' and Xiangqi's) by
//! self-play and Texel tuning. See README.md beside this crate for the procedure and its
//! commands.

mod bootstrap;
mod compare;
mod fit;
mod games;
mod label;
mod play;
mod positions;
mod rng;
mod selfplay;
mod speed;
mod weights_file;

use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use games::{Game, with_game};
use shatar_rules::GameKind;

const USAGE: &str = "\
usage:
  shatar-tune init     [--ruleset ID|all]
  shatar-tune copy     --from WEIGHTS.rs --ruleset ID --out WEIGHTS.rs
  shatar-tune selfplay --ruleset ID --games N [--minutes M] --nodes K [--threads T] [--seed S] --out FILE
                       [--random-plies 6] [--skip-plies 12] [--max-plies 400] [--resign 1000] [--hash 8]
  shatar-tune fit      --ruleset ID --data FILE... --out WEIGHTS.rs
                       [--epochs 300] [--lr 1] [--l2 0.003] [--validation 0.1] [--pst file-rank|full]
                       [--lambda 1] (the result's share of the target; the rest is the search score)
                       [--start bootstrap|builtin|WEIGHTS.rs]
                       [--score-k same|fit] (the scores' sigmoid: the results' K, or its own K
                       fitted to the results, for another engine's scores from `label`)
  shatar-tune label    --ruleset ID --data FILE... --out FILE --uci ENGINE [--option NAME=VALUE...]
                       [--go 'depth 9'] [--threads 1] [--every 1]
  shatar-tune positions --ruleset ID --pgn FILE... --out FILE [--from-ply 4] [--min-men 5]
                       (the quiet positions of finished games played elsewhere, FEN;result)
  shatar-tune compare  --ruleset ID --a bootstrap|builtin|WEIGHTS.rs --b ... --pairs N --nodes K
                       [--threads T] [--seed S] [--random-plies 6] [--max-plies 400] [--resign 1000] [--hash 8]
  shatar-tune scores   --ruleset ID --weights bootstrap|builtin|WEIGHTS.rs --depth 8 --fen FEN...
  shatar-tune speed    [--ruleset mongolian] [--depth 10] [--passes 0]
ID: mongolian, mongolian-folk, chess or xiangqi (the weight files are written where the
engine reads them, paths from the repository root)";

/// `--key value...` options: a key takes every value up to the next key.
struct Args(Vec<(String, Vec<String>)>);

impl Args {
    fn parse(args: &[String]) -> Result<Args, String> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for arg in args {
            if let Some(key) = arg.strip_prefix("--") {
                out.push((key.to_owned(), Vec::new()));
            } else {
                out.last_mut()
                    .ok_or_else(|| format!("`{arg}`: expected an option"))?
                    .1
                    .push(arg.clone());
            }
        }
        Ok(Args(out))
    }

    fn values(&self, key: &str) -> Option<&[String]> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_slice())
    }

    fn get<T: FromStr>(&self, key: &str, default: Option<T>) -> Result<T, String> {
        match self.values(key) {
            Some([v]) => v.parse().map_err(|_| format!("--{key}: cannot read `{v}`")),
            Some(_) => Err(format!("--{key} takes one value")),
            None => default.ok_or_else(|| format!("--{key} is required")),
        }
    }

    fn game_kind(&self, default: Option<&str>) -> Result<GameKind, String> {
        self.get::<String>("ruleset", default.map(str::to_owned))?
            .parse::<GameKind>()
            .map_err(|e| e.to_string())
    }

    fn game(&self) -> Result<play::GameOptions, String> {
        Ok(play::GameOptions {
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
            let which = args.get::<String>("ruleset", Some("all".into()))?;
            for kind in GameKind::ALL {
                if which == "all" || which == kind.id() {
                    with_game!(kind, G => init::<G>())?;
                }
            }
            Ok(())
        }
        "copy" => {
            // A weight file for another ruleset with the same weights (the folk rules start
            // from the 2017 rules' weights), its header saying where they came from.
            let from: String = args.get("from", None)?;
            let out: PathBuf = args.get("out", None)?;
            let kind = args.game_kind(None)?;
            let text = std::fs::read_to_string(&from).map_err(|e| format!("{from}: {e}"))?;
            let mut header = vec![
                format!("command: `shatar-tune {}`", argv.join(" ")),
                format!(
                    "Copied from {from} ({}), whose header follows:",
                    weights_file::today()
                ),
            ];
            header.extend(
                weights_file::header(&text)
                    .into_iter()
                    .map(|l| format!("  {l}")),
            );
            let text = with_game!(kind, G => weights_file::parse::<G>(&text).map(|w| weights_file::render::<G>(&w, &header)))?;
            std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
            println!("wrote {}", out.display());
            Ok(())
        }
        "selfplay" => {
            let opts = selfplay::SelfPlay {
                games: args.get("games", None)?,
                minutes: args
                    .values("minutes")
                    .map(|_| args.get("minutes", None))
                    .transpose()?,
                threads: args.get("threads", Some(1))?,
                seed: args.get("seed", Some(1))?,
                out: args.get("out", None)?,
                skip_plies: args.get("skip-plies", Some(12))?,
                game: args.game()?,
                command: format!("shatar-tune {}", argv.join(" ")),
            };
            with_game!(args.game_kind(None)?, G => selfplay::run::<G>(&opts))
        }
        "fit" => {
            let data: Vec<PathBuf> = args
                .values("data")
                .ok_or("--data is required")?
                .iter()
                .map(PathBuf::from)
                .collect();
            let opts = fit::FitOptions {
                data,
                out: args.get("out", None)?,
                epochs: args.get("epochs", Some(300))?,
                lr: args.get("lr", Some(1.0))?,
                validation: args.get("validation", Some(0.1))?,
                start: args.get("start", Some("bootstrap".into()))?,
                l2: args.get("l2", Some(0.003))?,
                full_pst: match args
                    .get::<String>("pst", Some("file-rank".into()))?
                    .as_str()
                {
                    "full" => true,
                    "file-rank" => false,
                    other => return Err(format!("--pst: `{other}` is not `full` or `file-rank`")),
                },
                score_k: match args.get::<String>("score-k", Some("same".into()))?.as_str() {
                    "same" => fit::ScoreK::Same,
                    "fit" => fit::ScoreK::Fit,
                    other => return Err(format!("--score-k: `{other}` is not `same` or `fit`")),
                },
                lambda: match args.get("lambda", Some(1.0))? {
                    l if (0.0..=1.0).contains(&l) => l,
                    l => return Err(format!("--lambda {l}: the result's share, 0 to 1")),
                },
                frozen: args
                    .values("freeze")
                    .map(|names| {
                        names
                            .iter()
                            .flat_map(|n| n.split(','))
                            .map(String::from)
                            .collect()
                    })
                    .unwrap_or_default(),
                command: format!("shatar-tune {}", argv.join(" ")),
            };
            with_game!(args.game_kind(None)?, G => fit::run::<G>(&opts))
        }
        "label" => {
            let opts = label::Label {
                data: args
                    .values("data")
                    .ok_or("--data is required")?
                    .iter()
                    .map(PathBuf::from)
                    .collect(),
                out: args.get("out", None)?,
                engine: args.get("uci", None)?,
                options: args
                    .values("option")
                    .unwrap_or_default()
                    .iter()
                    .map(|pair| {
                        pair.split_once('=')
                            .map(|(n, v)| (n.to_owned(), v.to_owned()))
                            .ok_or_else(|| format!("--option `{pair}`: not NAME=VALUE"))
                    })
                    .collect::<Result<_, _>>()?,
                go: args
                    .values("go")
                    .map(|words| words.join(" "))
                    .unwrap_or_else(|| "depth 9".into()),
                threads: args.get("threads", Some(1))?,
                every: args.get("every", Some(1))?,
                command: format!("shatar-tune {}", argv.join(" ")),
            };
            with_game!(args.game_kind(None)?, G => label::run::<G>(&opts))
        }
        "positions" => {
            let opts = positions::Positions {
                pgn: args
                    .values("pgn")
                    .ok_or("--pgn is required")?
                    .iter()
                    .map(PathBuf::from)
                    .collect(),
                out: args.get("out", None)?,
                game: args.game_kind(None)?,
                from_ply: args.get("from-ply", Some(4))?,
                min_men: args.get("min-men", Some(5))?,
                command: format!("shatar-tune {}", argv.join(" ")),
            };
            positions::run(&opts)
        }
        "compare" => {
            let (a, b) = (
                args.get::<String>("a", None)?,
                args.get::<String>("b", None)?,
            );
            let opts = compare::CompareOptions {
                pairs: args.get("pairs", None)?,
                threads: args.get("threads", Some(1))?,
                seed: args.get("seed", Some(1))?,
                game: args.game()?,
            };
            with_game!(args.game_kind(None)?, G => {
                compare::run::<G>(weights_file::load::<G>(&a)?, weights_file::load::<G>(&b)?, &opts)
            })
        }
        "scores" => {
            let fens = args.values("fen").ok_or("--fen is required")?.to_vec();
            let (weights, depth) = (
                args.get::<String>("weights", None)?,
                args.get("depth", Some(8))?,
            );
            with_game!(args.game_kind(None)?, G => {
                compare::scores::<G>(weights_file::load::<G>(&weights)?, &fens, depth)
            })
        }
        "speed" => {
            let (depth, passes) = (args.get("depth", Some(10))?, args.get("passes", Some(0))?);
            with_game!(args.game_kind(Some("mongolian"))?, G => speed::run::<G>(depth, passes));
            Ok(())
        }
        _ => Err(USAGE.into()),
    }
}

/// Writes the hand-set bootstrap values into `G`'s weight file.
fn init<G: Game>() -> Result<(), String> {
    let path = PathBuf::from(G::weights_path());
    let header = [
        format!("command: `shatar-tune init --ruleset {}`", G::id()),
        format!(
            "The hand-set bootstrap values of {}, not tuned.",
            G::BOOTSTRAP_SOURCE
        ),
        format!("date: {}", weights_file::today()),
    ];
    let text = weights_file::render::<G>(&G::bootstrap(), &header);
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
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
