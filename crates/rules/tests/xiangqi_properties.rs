//! Xiangqi properties, checked on every position of many random games:
//! - move generation equals a slow, independent reference generator (every generated move
//!   is legal, every legal move is generated);
//! - the captures alone are the legal moves that take, in the same order;
//! - each side's point set is the points its pieces stand on;
//! - the incrementally updated hash equals the hash computed from scratch;
//! - FEN round-trips, and ICCS round-trips for every legal move.
//!
//! The reference works on a plain 10x9 array of FEN letters. It lists each piece's moves from
//! the movement rules and calls a move legal when, after it, no reply of the opponent could
//! take the general and the generals do not face each other on an open file: nothing is
//! shared with the generator but the FEN reader and the `Move` type.

use shatar_rules::xiangqi::{Move, Position, Square, fen, iccs};
use shatar_rules::{Color, EndReason, GamePosition, GameResult};

mod common;
use common::Rng;

/// `grid[rank][file]`, rank 0 on Red's side; upper case is Red.
type Grid = [[Option<char>; 9]; 10];

fn grid_of(pos: &Position) -> Grid {
    let mut grid = [[None; 9]; 10];
    for sq in Square::all() {
        grid[sq.rank().index() as usize][sq.file().index() as usize] =
            pos.board().piece_at(sq).map(|p| p.char());
    }
    grid
}

fn get(grid: &Grid, f: i32, r: i32) -> Option<Option<char>> {
    ((0..9).contains(&f) && (0..10).contains(&r)).then(|| grid[r as usize][f as usize])
}

fn is_red(c: char) -> bool {
    c.is_ascii_uppercase()
}

/// The moves of the side `red` by the movement rules alone, as (from, to) coordinates.
fn pseudo(grid: &Grid, red: bool) -> Vec<((i32, i32), (i32, i32))> {
    let mut out = Vec::new();
    let palace = |f: i32, r: i32| {
        (3..=5).contains(&f)
            && if red {
                (0..=2).contains(&r)
            } else {
                (7..=9).contains(&r)
            }
    };
    let own_half = |r: i32| if red { r <= 4 } else { r >= 5 };
    for r in 0..10 {
        for f in 0..9 {
            let Some(c) = grid[r as usize][f as usize] else {
                continue;
            };
            if is_red(c) != red {
                continue;
            }
            let mut add = |tf: i32, tr: i32| {
                if let Some(cell) = get(grid, tf, tr)
                    && cell.is_none_or(|o| is_red(o) != red)
                {
                    out.push(((f, r), (tf, tr)));
                }
            };
            match c.to_ascii_lowercase() {
                'k' => {
                    for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                        if palace(f + df, r + dr) {
                            add(f + df, r + dr);
                        }
                    }
                }
                'a' => {
                    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        if palace(f + df, r + dr) {
                            add(f + df, r + dr);
                        }
                    }
                }
                'b' => {
                    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        if own_half(r + 2 * dr) && get(grid, f + df, r + dr) == Some(None) {
                            add(f + 2 * df, r + 2 * dr);
                        }
                    }
                }
                'n' => {
                    for (lf, lr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                        if get(grid, f + lf, r + lr) != Some(None) {
                            continue;
                        }
                        // Outward from the leg: two diagonal continuations.
                        let sides = if lf == 0 {
                            [(1, 0), (-1, 0)]
                        } else {
                            [(0, 1), (0, -1)]
                        };
                        for (sf, sr) in sides {
                            add(f + 2 * lf + sf, r + 2 * lr + sr);
                        }
                    }
                }
                'r' | 'c' => {
                    for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                        let (mut x, mut y) = (f + df, r + dr);
                        let mut screens = 0;
                        while let Some(cell) = get(grid, x, y) {
                            match (cell, c.to_ascii_lowercase(), screens) {
                                (None, _, 0) => out.push(((f, r), (x, y))),
                                (None, _, _) => {}
                                (Some(o), 'r', _) => {
                                    if is_red(o) != red {
                                        out.push(((f, r), (x, y)));
                                    }
                                    break;
                                }
                                (Some(_), _, 0) => screens = 1,
                                (Some(o), _, _) => {
                                    if is_red(o) != red {
                                        out.push(((f, r), (x, y)));
                                    }
                                    break;
                                }
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
                'p' => {
                    let fwd = if red { 1 } else { -1 };
                    add(f, r + fwd);
                    if !own_half(r) {
                        add(f + 1, r);
                        add(f - 1, r);
                    }
                }
                other => panic!("unknown piece {other}"),
            }
        }
    }
    out
}

fn general(grid: &Grid, red: bool) -> (i32, i32) {
    let g = if red { 'K' } else { 'k' };
    (0..10)
        .flat_map(|r| (0..9).map(move |f| (f, r)))
        .find(|&(f, r)| grid[r as usize][f as usize] == Some(g))
        .unwrap()
}

fn generals_face(grid: &Grid) -> bool {
    let (rf, rr) = general(grid, true);
    let (bf, br) = general(grid, false);
    rf == bf && (rr + 1..br).all(|r| grid[r as usize][rf as usize].is_none())
}

fn reference_moves(pos: &Position) -> Vec<String> {
    let grid = grid_of(pos);
    let red = pos.turn() == Color::White;
    let name = |(f, r): (i32, i32)| format!("{}{}", (b'a' + f as u8) as char, r);
    let mut legal: Vec<String> = pseudo(&grid, red)
        .into_iter()
        .filter(|&((ff, fr), (tf, tr))| {
            let mut g = grid;
            g[tr as usize][tf as usize] = g[fr as usize][ff as usize].take();
            let ours = general(&g, red);
            !generals_face(&g) && pseudo(&g, !red).iter().all(|&(_, to)| to != ours)
        })
        .map(|(from, to)| format!("{}{}", name(from), name(to)))
        .collect();
    legal.sort();
    legal
}

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    checks: usize,
    cannon_captures: usize,
    ends: usize,
}

fn check_position(pos: &Position, seen: &mut Seen) {
    seen.positions += 1;
    seen.checks += usize::from(pos.is_check());
    let moves = pos.legal_moves();
    let mut ours: Vec<String> = moves.iter().map(Move::to_string).collect();
    ours.sort();
    assert_eq!(ours, reference_moves(pos), "legal moves differ in {pos}");
    let takes: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(m))
        .collect();
    assert_eq!(
        pos.legal_captures().as_slice(),
        takes,
        "captures differ in {pos}"
    );
    for color in [Color::White, Color::Black] {
        let standing: Vec<Square> = Square::all()
            .filter(|&sq| pos.board().piece_at(sq).is_some_and(|p| p.color == color))
            .collect();
        let set: Vec<Square> = pos.board().occupied_by(color).collect();
        assert_eq!(set, standing, "{color:?}'s points in {pos}");
    }
    assert_eq!(
        pos.hash(),
        pos.hash_from_scratch(),
        "incremental hash differs in {pos}"
    );
    let text = pos.to_string();
    let again = fen::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(again, *pos, "FEN round trip changed {text}");
    assert_eq!(again.to_string(), text);
    for &m in moves.iter() {
        assert_eq!(iccs::parse_legal(pos, &m.to_string()), Ok(m));
        if pos.is_capture(m)
            && pos
                .board()
                .piece_at(m.from)
                .is_some_and(|p| p.char().eq_ignore_ascii_case(&'c'))
        {
            seen.cannon_captures += 1;
        }
    }
    match pos.outcome() {
        None => assert!(!moves.is_empty()),
        Some(o) => {
            seen.ends += 1;
            assert!(moves.is_empty());
            assert_eq!(
                o.result,
                GameResult::win_for(pos.turn().other()),
                "no legal move loses"
            );
            let reason = if pos.is_check() {
                EndReason::Checkmate
            } else {
                EndReason::NoLegalMove
            };
            assert_eq!(o.reason, reason);
        }
    }
}

const STARTS: [&str; 3] = [
    fen::INITIAL,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - -",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - -",
];

#[test]
fn moves_hash_fen_and_iccs() {
    let mut rng = Rng(0x1956_2008);
    let mut seen = Seen::default();
    for g in 0..60 {
        let mut pos = fen::parse_position(STARTS[g % STARTS.len()]).unwrap();
        for _ply in 0..250 {
            check_position(&pos, &mut seen);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures now and then, so games reach endgames, mates and stalemates.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect();
            let m = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let hash_before = pos.hash();
            GamePosition::play_unchecked(&mut pos, m);
            assert_ne!(pos.hash(), hash_before);
        }
    }
    assert!(
        seen.positions > 8_000 && seen.checks > 200 && seen.cannon_captures > 200 && seen.ends > 5,
        "{seen:?}"
    );
}

#[test]
fn stalemate_is_a_loss_and_mate_a_win() {
    // Not in check, but every point the black general could reach is covered.
    let stuck = fen::parse_position("4k4/9/4P4/9/9/3R1R3/9/9/9/4K4 b - - 0 1").unwrap();
    assert!(!stuck.is_check() && stuck.legal_moves().is_empty());
    let o = GamePosition::outcome(&stuck).unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::WhiteWins, EndReason::NoLegalMove)
    );
    // Two chariots: one checks along the back rank, the other covers the rank in front.
    let mate = fen::parse_position("R3k4/R8/9/9/9/9/9/9/9/5K3 b").unwrap();
    assert!(mate.is_check());
    let o = mate.outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::WhiteWins, EndReason::Checkmate)
    );
}

#[test]
fn flying_general_and_screens() {
    // The red general may not step onto the open e-file facing the black one.
    let pos = fen::parse_position("4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap();
    let moves: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    assert_eq!(moves, ["d0d1"]);
    // A cannon captures over exactly one screen: over e5 onto e7, not onto e5 itself.
    let pos = fen::parse_position("4k4/9/4n4/9/4n4/9/9/4C4/9/3K5 w").unwrap();
    assert!(pos.is_legal(iccs::parse("e2e7").unwrap()));
    assert!(!pos.is_legal(iccs::parse("e2e5").unwrap()));
    // A hobbled horse (leg b1) and a blocked elephant eye (f1).
    let pos = fen::parse_position("4k4/9/9/9/9/9/9/9/1R3N3/1N1K2B2 w").unwrap();
    let moves: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    for (m, legal) in [
        ("b0d1", true),
        ("b0a2", false),
        ("b0c2", false),
        ("g0i2", true),
        ("g0e2", false),
    ] {
        assert_eq!(moves.contains(&m.to_string()), legal, "{m} in {moves:?}");
    }
    // The elephant never crosses the river.
    let pos = fen::parse_position("4k4/9/9/9/9/2B6/9/9/9/3K5 w").unwrap();
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from.to_string() == "c4")
        .map(Move::to_string)
        .collect();
    moves.sort();
    assert_eq!(moves, ["c4a2", "c4e2"]);
}

#[test]
fn fen_variants_and_errors() {
    let start = Position::new();
    for text in [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - -",
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
    ] {
        assert_eq!(fen::parse_position(text).unwrap(), start, "{text}");
    }
    let counters = fen::parse_position(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12",
    )
    .unwrap();
    assert_eq!(
        (counters.turn(), counters.halfmoves(), counters.fullmoves()),
        (Color::Black, 7, 12)
    );
    let e = |text: &str| fen::parse_position(text).unwrap_err().to_string();
    assert_eq!(e(""), "FEN is empty");
    assert_eq!(
        e("9/9/9 w"),
        "FEN field 1 (piece placement): 3 ranks instead of 10 separated by '/'"
    );
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/4K3 w"),
        "FEN field 1 (piece placement), rank 0: describes 8 points instead of 9"
    );
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/4Q4 w"),
        "FEN field 1 (piece placement), rank 0: 'Q' is not a piece letter (KABNRCP, kabnrcp) or a digit 1-9"
    );
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/4K4 x"),
        "FEN field 2 (side to move): 'x' is not 'w', 'r' or 'b'"
    );
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/4K4 w KQ -"),
        "FEN field 3: 'KQ' is not '-'"
    );
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/4K4 w - - x"),
        "FEN field 5 (halfmove clock): 'x' is not a number of plies"
    );
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0"),
        "FEN field 6 (move number): '0' is not a positive number"
    );
    // The rules of the board.
    assert!(e("4k4/9/9/9/9/9/9/9/9/4K4 w").contains("face each other"));
    assert!(e("4k4/9/9/9/9/9/9/9/9/9 w").contains("red has 0 generals"));
    assert!(e("4k4/9/9/9/9/9/9/9/4K4/3K5 w").contains("red has 2 generals"));
    assert!(e("4k4/9/9/9/9/9/9/9/9/K8 w").contains("'K' on a0"));
    assert!(e("4k4/9/9/9/9/9/9/4A4/9/3K5 w").contains("'A' on e2"));
    assert!(e("4k4/9/9/9/9/9/9/9/9/B2K5 w").contains("'B' on a0"));
    assert!(e("4k4/9/9/2B6/9/9/9/9/9/3K5 w").contains("'B' on c6"));
    assert!(e("4k4/9/9/9/9/9/1P7/9/9/3K5 w").contains("'P' on b3"));
    assert!(e("4k4/9/9/9/9/9/9/9/P8/3K5 w").contains("'P' on a1"));
    assert!(e("4k4/9/9/9/9/9/9/9/9/RRR1K4 w").contains("more 'R'"));
}

#[test]
fn iccs_forms() {
    let pos = Position::new();
    assert_eq!(iccs::parse("h2e2").unwrap().to_string(), "h2e2");
    assert_eq!(iccs::parse("H2-E2").unwrap(), iccs::parse("h2e2").unwrap());
    assert_eq!(iccs::parse("j2e2"), Err(iccs::IccsError::Syntax));
    assert_eq!(iccs::parse("h2e"), Err(iccs::IccsError::Syntax));
    assert_eq!(iccs::parse("h2é2"), Err(iccs::IccsError::Syntax));
    let m = iccs::parse("h2h9").unwrap();
    assert_eq!(
        iccs::parse_legal(&pos, "h2h9"),
        Ok(m),
        "the cannon takes the horse over a screen"
    );
    assert_eq!(
        iccs::parse_legal(&pos, "h2h8"),
        Err(iccs::IccsError::Illegal(iccs::parse("h2h8").unwrap()))
    );
}
