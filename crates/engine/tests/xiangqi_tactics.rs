//! The Xiangqi tactical set: mates in one and two and material wins, each to be solved
//! within a node budget. The positions were built for this set; each is checked here with
//! the rules crate before the engine sees it: a mate in N must force a win (mate, or the
//! stalemate that Xiangqi also counts as a loss) in N moves by exhaustive search and not
//! in fewer, and a winning capture must be a legal capture.

mod common;

use std::sync::atomic::AtomicBool;

use shatar_engine::xiangqi::eval::evaluate;
use shatar_engine::{Control, Engine, Limits, Score, SearchResult};
use shatar_rules::GameResult;
use shatar_rules::xiangqi::{Move, Position, fen, iccs};

struct Puzzle {
    name: &'static str,
    fen: &'static str,
    /// Mate in this many moves: any move that forces it solves the puzzle.
    mate: Option<u32>,
    /// For the material wins: the winning move (ICCS).
    solution: &'static str,
}

const fn mate(name: &'static str, fen: &'static str, moves: u32) -> Puzzle {
    Puzzle {
        name,
        fen,
        mate: Some(moves),
        solution: "",
    }
}

const fn win(name: &'static str, fen: &'static str, solution: &'static str) -> Puzzle {
    Puzzle {
        name,
        fen,
        mate: None,
        solution,
    }
}

/// Each puzzle must be solved by a search of at most this many nodes from a cold table.
const NODE_BUDGET: u64 = 100_000;
/// A material win must raise the search's score this far above the static evaluation.
const MIN_GAIN: i32 = 300;

const PUZZLES: &[Puzzle] = &[
    mate(
        "chariot on the file, the flying general guards d9",
        "4k4/9/9/9/8R/9/9/9/5R3/3K5 w",
        1,
    ),
    mate("the same for Black", "3k5/5r3/9/9/9/8r/9/9/9/4K4 b", 1),
    mate(
        "horse check, the advisors block their general",
        "3aka3/9/4P4/7N1/9/9/9/9/9/3K5 w",
        1,
    ),
    mate("double cannon", "3aka3/9/9/9/7C1/4C4/9/9/9/3K5 w", 1),
    mate("horse behind cannon", "4k4/9/4N4/9/9/9/9/7C1/9/3K5 w", 1),
    mate(
        "two soldiers and the general",
        "4k4/3P1P3/9/9/9/9/9/9/9/3K5 w",
        1,
    ),
    mate(
        "two chariots: close the rank, then check on the next",
        "4k4/9/9/9/9/9/9/1R7/R8/3K5 w",
        2,
    ),
    mate("two chariots for Black", "3k5/r8/1r7/9/9/9/9/9/9/4K4 b", 2),
    win(
        "the cannon takes a chariot over its soldier",
        "3aka3/9/9/9/r8/9/P8/9/9/C4K3 w",
        "a0a5",
    ),
    win(
        "take the loose horse, not the guarded cannon",
        "1r1aka3/9/4b4/9/9/1c2R2n1/9/9/9/3K5 w",
        "e4h4",
    ),
    win(
        "horse fork of general and chariot",
        "2raka3/9/9/9/2N6/9/9/9/9/3K5 w",
        "c5d7",
    ),
];

/// Whether the side to move forces a win within `moves` of its moves: a move after which
/// the opponent has no legal move (mated or stalemated, both losses), or after every
/// reply of which it still forces one.
fn forces_win(pos: &Position, moves: u32) -> bool {
    moves > 0 && pos.legal_moves().iter().any(|&m| wins_with(pos, m, moves))
}

fn wins_with(pos: &Position, m: Move, moves: u32) -> bool {
    let mut next = *pos;
    next.play(m).expect("a legal move");
    let replies = next.legal_moves();
    if replies.is_empty() {
        return next
            .outcome()
            .is_some_and(|o| o.result == GameResult::win_for(pos.turn()));
    }
    moves > 1
        && replies.iter().all(|&r| {
            let mut after = next;
            after.play_unchecked(r);
            forces_win(&after, moves - 1)
        })
}

fn search(pos: &Position, depth: u32) -> SearchResult<Move> {
    let mut engine = Engine::<Position>::new(16);
    let stop = AtomicBool::new(false);
    let clock = common::Wall::new();
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(NODE_BUDGET),
        ..Limits::default()
    };
    engine.search(
        pos,
        &[],
        &limits,
        Control {
            clock: &clock,
            stop: &stop,
            report: &mut |_| {},
        },
    )
}

/// The puzzle checked by the rules, then the nodes of the shallowest search that solves it.
fn solve(p: &Puzzle) -> Result<u64, String> {
    let pos = fen::parse_position(p.fen).map_err(|e| format!("{}: {e}", p.name))?;
    match p.mate {
        Some(n) => {
            assert!(forces_win(&pos, n), "{}: no forced win in {n}", p.name);
            assert!(
                !forces_win(&pos, n - 1),
                "{}: a win in fewer than {n}",
                p.name
            );
        }
        None => {
            let m =
                iccs::parse_legal(&pos, p.solution).unwrap_or_else(|e| panic!("{}: {e}", p.name));
            assert!(
                pos.is_capture(m) || p.name.contains("fork"),
                "{}: {m} takes nothing",
                p.name
            );
        }
    }
    let mut last = String::new();
    for depth in 1..=16 {
        let result = search(&pos, depth);
        let best = result.best_move().expect("a move");
        let solved = match p.mate {
            Some(n) => wins_with(&pos, best, n) && result.score() == Some(Score::Mate(n as i32)),
            // The positions are lopsided: what counts is the gain over the static view.
            None => {
                best.to_string() == p.solution
                    && matches!(result.score(), Some(Score::Centipawns(cp)) if cp - evaluate(&pos) >= MIN_GAIN)
            }
        };
        if solved {
            return Ok(result.nodes);
        }
        last = format!(
            "depth {depth}: {best} {:?} in {} nodes",
            result.score(),
            result.nodes
        );
        if result.nodes >= NODE_BUDGET {
            break;
        }
    }
    Err(format!(
        "{}: not solved within {NODE_BUDGET} nodes ({last})",
        p.name
    ))
}

#[test]
fn every_xiangqi_puzzle_is_solved_within_its_node_budget() {
    assert!(PUZZLES.len() >= 8);
    let mut failures = Vec::new();
    for p in PUZZLES {
        match solve(p) {
            Ok(nodes) => println!("{:>7} nodes: {}", nodes, p.name),
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        PUZZLES.len(),
        failures.join("\n")
    );
}
