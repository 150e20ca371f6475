//! Judges repetition cases read from standard input, one a line: a source, a FEN, the
//! expected result for the side to move at the end (`wins`, `loses` or `draw`) and the
//! moves in ICCS, tab-separated. Each case is judged under AXF twice: on its last cycle
//! (from the final position's previous occurrence to the end), and on every move since the
//! final position's first occurrence, as `Record` judges a game. Prints the cases that
//! disagree (every case with `-v`) and the count that agree, both ways.
//!
//! `scripts/xiangqi-suites.py` feeds it Fairy-Stockfish's and orange-xiangqi's suites
//! (docs/xiangqi-rulings.md, "A parry takes no protector away").

use std::io::{self, BufRead};

use shatar_rules::xiangqi::{Position, RepetitionRules, Verdict, fen, iccs, rulings};

/// The span of moves judged.
#[derive(Clone, Copy)]
enum Span {
    LastCycle,
    SinceFirst,
}

/// The ruling of one case for the side to move at the end (`wins`, `loses` or `draw`) and
/// its sentence, for each span; or why it could not be judged.
fn judge(fen_text: &str, moves: &str) -> Result<[(&'static str, String); 2], String> {
    let mut pos = fen::parse_position(fen_text).map_err(|e| format!("FEN: {e}"))?;
    let mut positions: Vec<Position> = Vec::new();
    let mut played = Vec::new();
    for text in moves.split_whitespace() {
        let m = iccs::parse_legal(&pos, text).map_err(|e| format!("{text}: {e}"))?;
        positions.push(pos);
        played.push(m);
        pos.play(m).map_err(|e| format!("{text}: {e:?}"))?;
    }
    let occurrences: Vec<usize> = (0..positions.len())
        .filter(|&i| positions[i].same_placement(&pos))
        .collect();
    let (Some(&first), Some(&last)) = (occurrences.first(), occurrences.last()) else {
        return Err("the final position did not occur before".into());
    };
    let rule = |span: Span| {
        let from = match span {
            Span::LastCycle => last,
            Span::SinceFirst => first,
        };
        let ruling = rulings::judge(
            &positions[from..],
            &played[from..],
            RepetitionRules::Axf2008,
        );
        let result = match ruling.verdict {
            Verdict::Draw => "draw",
            Verdict::Loses(c) if c == pos.turn() => "loses",
            Verdict::Loses(_) => "wins",
        };
        (result, ruling.to_string())
    };
    Ok([rule(Span::LastCycle), rule(Span::SinceFirst)])
}

fn main() {
    let verbose = std::env::args().any(|a| a == "-v");
    let spans = ["last cycle", "since the first occurrence"];
    let (mut cases, mut agree, mut unjudged) = (0, [0; 2], 0);
    for line in io::stdin().lock().lines() {
        let line = line.expect("standard input");
        let fields: Vec<&str> = line.split('\t').collect();
        let [source, fen_text, expected, moves] = fields[..] else {
            continue;
        };
        cases += 1;
        match judge(fen_text, moves) {
            Ok(results) => {
                for (i, (got, sentence)) in results.iter().enumerate() {
                    let ok = *got == expected;
                    agree[i] += usize::from(ok);
                    if verbose || !ok {
                        let mark = if ok { "agree " } else { "DIFFER" };
                        println!(
                            "{mark} {source} ({}): expected {expected}, got {got}: {sentence}",
                            spans[i]
                        );
                    }
                }
            }
            Err(why) => {
                unjudged += 1;
                println!("UNJUDGED {source}: {why}");
            }
        }
    }
    for (span, agree) in spans.iter().zip(agree) {
        println!("{span}: {agree} of {cases} agree ({unjudged} not judged)");
    }
}
