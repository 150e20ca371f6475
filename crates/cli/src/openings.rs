//! Opening positions for matches: the files in `tests/openings/` (built in as the
//! defaults), reading any such file, and `shatar openings`, which makes them.
//!
//! A file holds one FEN a line; `#` starts a comment, to the end of the line.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use shatar_engine::{Limits, Score, SearchResult, Strength};
use shatar_rules::notation::PieceLetters;
use shatar_rules::xiangqi::pgn::Notation;
use shatar_rules::{AnyGamePosition, AnyGameRecord, GameKind, GameMove, MoveStyle, Ruleset};

use crate::args::Args;
use shatar_engine::mix_seed as mix;

use crate::searcher::{SearchRequest, Searcher};

/// How an opening file writes its moves: SAN, or ICCS for Xiangqi, as other programs read
/// them.
const FILE_MOVES: MoveStyle = MoveStyle {
    letters: PieceLetters::English,
    xiangqi: Notation::Iccs,
};

/// The built-in opening file of `game`.
pub fn builtin(game: GameKind) -> &'static str {
    match game {
        GameKind::Board8(Ruleset::Mongolian) => {
            include_str!("../../../tests/openings/mongolian.fen")
        }
        GameKind::Board8(Ruleset::MongolianFolk) => {
            include_str!("../../../tests/openings/mongolian-folk.fen")
        }
        GameKind::Board8(Ruleset::Chess) => include_str!("../../../tests/openings/chess.fen"),
        GameKind::Xiangqi => include_str!("../../../tests/openings/xiangqi.fen"),
    }
}

/// The positions of an opening file of `game`; an error names the line.
pub fn parse(text: &str, game: GameKind) -> Result<Vec<AnyGamePosition>, String> {
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fen = line.split('#').next().unwrap_or("").trim();
        if fen.is_empty() {
            continue;
        }
        let position = AnyGamePosition::from_fen(game, fen)
            .map_err(|e| format!("line {}: '{fen}': {e}", i + 1))?;
        if !position.has_legal_moves() {
            return Err(format!("line {}: '{fen}': the game is already over", i + 1));
        }
        positions.push(position);
    }
    Ok(positions)
}

/// How `shatar openings` makes a file.
#[derive(Clone, Debug)]
pub struct Recipe {
    pub game: GameKind,
    pub count: usize,
    /// Random plies after the first round (Mongolian) or the start (chess): from, to.
    pub plies: (usize, usize),
    pub seed: u64,
    /// The depth of the search that judges the final position.
    pub depth: u32,
    /// Kept when that search scores within this many centipawns of equality.
    pub max_cp: i32,
}

/// Each random ply picks among this many best moves of a short search...
const CANDIDATES: usize = 8;
/// ...of this depth...
const PICK_DEPTH: u32 = 6;
/// ...those at most this far below the best.
const PICK_MARGIN_CP: i32 = 30;
/// Tries per position wanted before giving up (a recipe that can never be met).
const TRIES_PER_POSITION: usize = 50;

impl Recipe {
    /// The default recipe of `game`: Mongolian openings start after the first round,
    /// which fixes two plies; chess and Xiangqi get a few more random ones instead.
    pub fn new(game: GameKind) -> Recipe {
        let plies = match game {
            GameKind::Board8(Ruleset::Chess) => (4, 6),
            GameKind::Board8(_) => (2, 4),
            GameKind::Xiangqi => (4, 8),
        };
        Recipe {
            game,
            count: 100,
            plies,
            seed: 1,
            depth: 8,
            max_cp: 60,
        }
    }

    /// The command line that remakes the file.
    pub fn command(&self) -> String {
        format!(
            "shatar openings --ruleset {} --count {} --plies {}-{} --seed {} --depth {} --max-cp {}",
            self.game, self.count, self.plies.0, self.plies.1, self.seed, self.depth, self.max_cp
        )
    }
}

/// One opening made: the position's FEN, the moves to it, and its score.
pub struct Made {
    pub fen: String,
    pub moves: Vec<String>,
    pub score: i32,
}

impl Recipe {
    /// Whether the openings start after Mongolian chess's compulsory first round (2017
    /// art. 1.2).
    fn has_first_round(&self) -> bool {
        matches!(
            self.game,
            GameKind::Board8(Ruleset::Mongolian | Ruleset::MongolianFolk)
        )
    }
}

/// Makes the openings of `recipe`: deterministic for a recipe and an engine build.
/// `progress` hears of each position kept.
pub fn generate(recipe: &Recipe, progress: &mut dyn FnMut(usize)) -> Vec<Made> {
    let start = AnyGamePosition::startpos(recipe.game).expect("the CLI is built with every game");
    let mut engine = Searcher::new(recipe.game, 16);
    let mut rng = Rng(recipe.seed);
    let mut seen = HashSet::new();
    let mut made = Vec::new();
    // The first round's two openings, kept in equal share: the next one is the kind
    // with fewer positions so far.
    let mut by_first_round = [0usize; 2];
    for _ in 0..recipe.count * TRIES_PER_POSITION {
        if made.len() == recipe.count {
            break;
        }
        let mut position = start;
        let mut moves = Vec::new();
        let kind = usize::from(by_first_round[1] < by_first_round[0]);
        if recipe.has_first_round() {
            // 2017 art. 1.2: 1.e4 e5 or 1.d4 d5; Black's reply is the only legal move.
            for _ in 0..2 {
                let legal = position.legal_moves();
                let m = if legal.len() > 1 {
                    legal[kind]
                } else {
                    legal[0]
                };
                play(&mut position, m, &mut moves);
            }
        }
        let plies = recipe.plies.0 + rng.below(recipe.plies.1 - recipe.plies.0 + 1);
        let mut alive = true;
        for _ in 0..plies {
            match pick(&mut engine, &position, &mut rng) {
                Some(m) => play(&mut position, m, &mut moves),
                None => alive = false,
            }
        }
        if !alive || !position.has_legal_moves() || !seen.insert(position.hash()) {
            continue;
        }
        let limits = Limits {
            depth: Some(recipe.depth),
            ..Limits::default()
        };
        let score = match search(&mut engine, &position, limits).score() {
            Some(Score::Centipawns(cp)) if cp.abs() <= recipe.max_cp => cp,
            _ => continue,
        };
        by_first_round[kind] += 1;
        made.push(Made {
            fen: position.fen(),
            moves,
            score,
        });
        progress(made.len());
    }
    made
}

/// A move among the near-best of a short search, at random; `None` when there is none.
fn pick(engine: &mut Searcher, position: &AnyGamePosition, rng: &mut Rng) -> Option<GameMove> {
    let limits = Limits {
        depth: Some(PICK_DEPTH),
        multi_pv: CANDIDATES,
        ..Limits::default()
    };
    let result = search(engine, position, limits);
    let best = result.lines.first()?.value;
    let near: Vec<GameMove> = result
        .lines
        .iter()
        .filter(|l| best - l.value <= PICK_MARGIN_CP)
        .filter_map(|l| l.best_move())
        .collect();
    near.get(rng.below(near.len().max(1))).copied()
}

/// A search from a fresh table, so that every result depends on its position only.
fn search(
    engine: &mut Searcher,
    position: &AnyGamePosition,
    limits: Limits,
) -> SearchResult<GameMove> {
    engine.new_game();
    let request = SearchRequest {
        game: AnyGameRecord::new(*position),
        limits,
        strength: Strength::Full,
        seed: 0,
    };
    engine.search(&request, &AtomicBool::new(false), &mut |_| {})
}

fn play(position: &mut AnyGamePosition, m: GameMove, moves: &mut Vec<String>) {
    moves.push(position.write(m, FILE_MOVES));
    position.play_legal(m);
}

/// The file: a header saying how it was made, then one FEN a line with its moves.
pub fn write_file(recipe: &Recipe, made: &[Made]) -> String {
    let mut out = String::new();
    let first_round = if recipe.has_first_round() {
        "after the compulsory first round (1.e4 e5 and 1.d4 d5 in equal share, 2017 art. 1.2)"
    } else {
        "from the initial position"
    };
    let _ = writeln!(
        out,
        "# Opening positions for `shatar match`: {}.",
        match recipe.game {
            GameKind::Board8(ruleset) => ruleset.name(),
            // The game's name without its gloss, as the file's header has always had it.
            GameKind::Xiangqi => "Xiangqi",
        }
    );
    let _ = writeln!(out, "# Made by: {}", recipe.command());
    let _ = writeln!(
        out,
        "# Each is {first_round}, then {}-{} plies,",
        recipe.plies.0, recipe.plies.1
    );
    let _ = writeln!(
        out,
        "# each chosen at random among the {CANDIDATES} best moves of a depth-{PICK_DEPTH} search that score within \
         {PICK_MARGIN_CP} cp of the best;"
    );
    let _ = writeln!(
        out,
        "# kept when a depth-{} search scores the position within {} cp of equality, duplicates dropped.",
        recipe.depth, recipe.max_cp
    );
    let _ = writeln!(
        out,
        "# The search is shatar {}'s: its evaluation decides what is balanced; rerun the command to remake the file.",
        env!("CARGO_PKG_VERSION")
    );
    out.push_str("# One FEN a line; after it, the moves from the initial position and the score (side to move).\n");
    for m in made {
        let _ = writeln!(out, "{} # {} ({:+} cp)", m.fen, m.moves.join(" "), m.score);
    }
    out
}

/// Runs `shatar openings ARGS`: the file goes to `--out` or standard output, progress
/// to standard error.
pub fn command(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(
        args,
        &[
            "ruleset", "count", "plies", "seed", "depth", "max-cp", "out",
        ],
    )?;
    if let Some(extra) = args.positional.first() {
        return Err(format!("openings takes no argument '{extra}'"));
    }
    let defaults = Recipe::new(args.game_kind()?);
    let plies = match args.value("plies") {
        None => defaults.plies,
        Some(text) => {
            let bad = || format!("--plies '{text}': expected N or MIN-MAX, like 2-4");
            let (low, high) = text.split_once('-').unwrap_or((text, text));
            let (low, high) = (
                low.parse::<usize>().map_err(|_| bad())?,
                high.parse::<usize>().map_err(|_| bad())?,
            );
            if low > high || high > 40 {
                return Err(bad());
            }
            (low, high)
        }
    };
    let recipe = Recipe {
        count: args
            .parsed("count", "a whole number")?
            .unwrap_or(defaults.count),
        plies,
        seed: args
            .parsed("seed", "a whole number")?
            .unwrap_or(defaults.seed),
        depth: args
            .parsed("depth", "a depth")?
            .unwrap_or(defaults.depth)
            .clamp(1, 64),
        max_cp: args
            .parsed("max-cp", "centipawns")?
            .unwrap_or(defaults.max_cp),
        ..defaults
    };
    let made = generate(&recipe, &mut |n| {
        eprint!("\ropenings: {n}/{}", recipe.count)
    });
    eprintln!();
    if made.len() < recipe.count {
        eprintln!("openings: only {} positions met the recipe", made.len());
    }
    let text = write_file(&recipe, &made);
    match args.value("out") {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("--out '{path}': {e}"))?,
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// A small seeded generator (splitmix64): the same openings for the same seed everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        mix(self.0)
    }

    /// A number from 0 to `n - 1` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_files_read() {
        for game in GameKind::ALL {
            let positions = parse(builtin(game), game).unwrap();
            assert!(positions.len() >= 2, "{game}");
        }
    }

    #[test]
    fn comments_and_errors() {
        let text = "# header\n\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1 # a rook up\nnonsense\n";
        let err = parse(text, Ruleset::Mongolian.into()).unwrap_err();
        assert!(err.starts_with("line 4: 'nonsense'"), "{err}");
        assert_eq!(
            parse(
                "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 # x\n",
                Ruleset::Mongolian.into()
            )
            .unwrap()
            .len(),
            1
        );
        let mate = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
        assert!(
            parse(mate, Ruleset::Chess.into())
                .unwrap_err()
                .contains("over")
        );
    }

    #[test]
    fn generation_is_repeatable_and_follows_the_first_round() {
        let recipe = Recipe {
            count: 4,
            depth: 2,
            max_cp: 2000,
            ..Recipe::new(Ruleset::Mongolian.into())
        };
        let (a, b) = (
            generate(&recipe, &mut |_| {}),
            generate(&recipe, &mut |_| {}),
        );
        assert_eq!(a.len(), 4);
        let fens = |made: &[Made]| made.iter().map(|m| m.fen.clone()).collect::<Vec<_>>();
        assert_eq!(fens(&a), fens(&b));
        let first_rounds: Vec<&str> = a.iter().map(|m| m.moves[0].as_str()).collect();
        assert_eq!(
            first_rounds.iter().filter(|&&m| m == "e4").count(),
            2,
            "{first_rounds:?}"
        );
        for m in &a {
            assert!((2 + 2..=2 + 4).contains(&m.moves.len()), "{:?}", m.moves);
        }
        let file = write_file(&recipe, &a);
        assert_eq!(parse(&file, Ruleset::Mongolian.into()).unwrap().len(), 4);
        assert!(
            file.contains("# Made by: shatar openings --ruleset mongolian --count 4"),
            "{file}"
        );
    }
}
