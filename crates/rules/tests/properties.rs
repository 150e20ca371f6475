//! Properties checked on many positions from random games in all three rulesets:
//! - move generation equals a slow, independent reference generator (every generated move
//!   is legal, every legal move is generated);
//! - the incrementally updated hash equals the hash computed from scratch;
//! - FEN round-trips.
//!
//! The reference below works on a plain 64-square array with ray walks and tests legality
//! by making the move and looking for attacks on the king: nothing is shared with the
//! bitboard generator but the FEN reader and the `Move` type.

use shatar_rules::{
    Chess, Color, Mongolian, MongolianFolk, Move, MoveKind, Piece, Position, Role, Rules, Ruleset,
    Square, fen,
};

mod common;
use common::Rng;

type Mailbox = [Option<Piece>; 64];

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn attacked(board: &Mailbox, sq: usize, by: Color) -> bool {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let is = |i: Option<usize>, roles: &[Role]| {
        i.and_then(|i| board[i])
            .is_some_and(|p| p.color == by && roles.contains(&p.role))
    };
    if KNIGHT
        .iter()
        .any(|&(df, dr)| is(at(f + df, r + dr), &[Role::Knight]))
    {
        return true;
    }
    if KING
        .iter()
        .any(|&(df, dr)| is(at(f + df, r + dr), &[Role::King]))
    {
        return true;
    }
    let pawn_dr = if by == Color::White { -1 } else { 1 };
    if [-1, 1]
        .iter()
        .any(|&df| is(at(f + df, r + pawn_dr), &[Role::Pawn]))
    {
        return true;
    }
    for (dirs, roles) in [
        (&ROOK, [Role::Rook, Role::Queen]),
        (&BISHOP, [Role::Bishop, Role::Queen]),
    ] {
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(i) = at(x, y) {
                if let Some(p) = board[i] {
                    if p.color == by && roles.contains(&p.role) {
                        return true;
                    }
                    break;
                }
                x += df;
                y += dr;
            }
        }
    }
    false
}

fn reference_moves<R: Rules>(pos: &Position<R>) -> Vec<String> {
    let setup = pos.to_setup();
    let mut board: Mailbox = [None; 64];
    for sq in Square::ALL {
        board[sq.index()] = setup.board.piece_at(sq);
    }
    let us = setup.turn;
    let them = us.other();
    let mongolian = R::RULESET != Ruleset::Chess;

    // Folk rules ⑤: a bare king ends the game; no moves.
    if R::RULESET == Ruleset::MongolianFolk
        && Color::ALL
            .iter()
            .any(|&c| board.iter().flatten().filter(|p| p.color == c).count() == 1)
    {
        return Vec::new();
    }
    // 2017 art. 1.2, as documented in the mongolian module: the first round is read off the board.
    if mongolian {
        let initial = fen::parse(fen::MONGOLIAN_INITIAL).unwrap().board;
        let mut after_e4 = initial;
        after_e4.remove(Square::E2);
        after_e4.put(Square::E4, Piece::new(Color::White, Role::Pawn));
        let mut after_d4 = initial;
        after_d4.remove(Square::D2);
        after_d4.put(Square::D4, Piece::new(Color::White, Role::Pawn));
        let forced: &[&str] = match us {
            Color::White if setup.board == initial => &["e2e4", "d2d4"],
            Color::Black if setup.board == after_e4 => &["e7e5"],
            Color::Black if setup.board == after_d4 => &["d7d5"],
            _ => &[],
        };
        if !forced.is_empty() {
            let mut v: Vec<String> = forced.iter().map(|s| s.to_string()).collect();
            v.sort();
            return v;
        }
    }

    let promotions: &[char] = if R::RULESET == Ruleset::MongolianFolk {
        &['q']
    } else {
        &['q', 'r', 'b', 'n']
    };
    // (from, to, promotion, extra effect)
    let mut candidates: Vec<(usize, usize, Option<char>, Special)> = Vec::new();
    for from in 0..64 {
        let Some(p) = board[from] else { continue };
        if p.color != us {
            continue;
        }
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let free_or_enemy = |i: usize| board[i].is_none_or(|q| q.color == them);
        match p.role {
            Role::Knight | Role::King => {
                let steps = if p.role == Role::Knight {
                    &KNIGHT
                } else {
                    &KING
                };
                for &(df, dr) in steps {
                    if let Some(to) = at(f + df, r + dr).filter(|&i| free_or_enemy(i)) {
                        candidates.push((from, to, None, Special::None));
                    }
                }
            }
            Role::Bishop | Role::Rook | Role::Queen => {
                let dirs: Vec<(i32, i32)> = match p.role {
                    Role::Bishop => BISHOP.to_vec(),
                    Role::Rook => ROOK.to_vec(),
                    _ => [ROOK, BISHOP].concat(),
                };
                for (df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(to) = at(x, y) {
                        if let Some(q) = board[to] {
                            if q.color == them {
                                candidates.push((from, to, None, Special::None));
                            }
                            break;
                        }
                        candidates.push((from, to, None, Special::None));
                        x += df;
                        y += dr;
                    }
                }
            }
            Role::Pawn => {
                let dr = if us == Color::White { 1 } else { -1 };
                let last = if us == Color::White { 7 } else { 0 };
                let mut add = |to: usize, special: Special| {
                    if (to / 8) as i32 == last {
                        for &c in promotions {
                            candidates.push((from, to, Some(c), special));
                        }
                    } else {
                        candidates.push((from, to, None, special));
                    }
                };
                if let Some(to) = at(f, r + dr).filter(|&i| board[i].is_none()) {
                    add(to, Special::None);
                    let start = if us == Color::White { 1 } else { 6 };
                    if !mongolian
                        && r == start
                        && let Some(to2) = at(f, r + 2 * dr).filter(|&i| board[i].is_none())
                    {
                        add(to2, Special::None);
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = at(f + df, r + dr) {
                        if board[to].is_some_and(|q| q.color == them) {
                            add(to, Special::None);
                        } else if setup.en_passant.map(|s| s.index()) == Some(to) {
                            add(to, Special::EnPassant(at(f + df, r).unwrap()));
                        }
                    }
                }
            }
        }
    }
    // FIDE 3.8: castling, for the chess ruleset only.
    if !mongolian {
        let back = if us == Color::White { 0 } else { 56 };
        let (k_bit, q_bit) = if us == Color::White { (1, 2) } else { (4, 8) };
        let king = back + 4;
        if !attacked(&board, king, them) {
            if setup.castling.has(k_bit)
                && board[back + 5].is_none()
                && board[back + 6].is_none()
                && !attacked(&board, back + 5, them)
            {
                candidates.push((king, back + 6, None, Special::Castle(back + 7, back + 5)));
            }
            if setup.castling.has(q_bit)
                && board[back + 1].is_none()
                && board[back + 2].is_none()
                && board[back + 3].is_none()
                && !attacked(&board, back + 3, them)
            {
                candidates.push((king, back + 2, None, Special::Castle(back, back + 3)));
            }
        }
    }

    let mut legal = Vec::new();
    for (from, to, promo, special) in candidates {
        let mut b = board;
        let piece = b[from].take().unwrap();
        b[to] = Some(piece);
        match special {
            Special::EnPassant(victim) => b[victim] = None,
            Special::Castle(rf, rt) => b[rt] = b[rf].take(),
            Special::None => {}
        }
        let king = (0..64)
            .find(|&i| b[i] == Some(Piece::new(us, Role::King)))
            .unwrap();
        if !attacked(&b, king, them) {
            let name = |i: usize| Square::ALL[i].to_string();
            legal.push(format!(
                "{}{}{}",
                name(from),
                name(to),
                promo.map(String::from).unwrap_or_default()
            ));
        }
    }
    legal.sort();
    legal
}

#[derive(Clone, Copy)]
enum Special {
    None,
    EnPassant(usize),
    Castle(usize, usize),
}

/// How many generated moves of each rare kind the games met, so that a change making the
/// random games miss castling or promotions fails loudly instead of passing weakly.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    promotions: usize,
    en_passant: usize,
    castles: usize,
    checks: usize,
}

fn check_position<R: Rules>(pos: &Position<R>, seen: &mut Seen) {
    seen.positions += 1;
    seen.checks += usize::from(pos.is_check());
    let mut ours: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    ours.sort();
    assert_eq!(ours, reference_moves(pos), "legal moves differ in {pos}");
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "incremental hash differs in {pos}"
    );
    let text = pos.to_string();
    let again: Position<R> = fen::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(again, *pos, "FEN round trip changed {text}");
    assert_eq!(again.to_string(), text);
    // The quiescence generator: exactly the legal captures and promotions.
    let mut tactical: Vec<String> = pos.tactical_moves().iter().map(Move::to_string).collect();
    tactical.sort();
    let mut expected: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| {
            m.promotion().is_some()
                || m.kind() == MoveKind::EnPassant
                || pos.board().by_color(pos.turn().other()).contains(m.to())
        })
        .map(Move::to_string)
        .collect();
    expected.sort();
    assert_eq!(tactical, expected, "tactical moves differ in {pos}");
    if pos.can_pass() {
        // The engine's null move: a legal position of the other side to move, hashed as if
        // reached by moves (no en passant right survives a pass).
        let mut passed = *pos;
        passed.play_null();
        assert_eq!(
            passed.hash(),
            passed.compute_hash(),
            "hash after a pass differs in {pos}"
        );
        let passed_fen = passed.to_string();
        let reread: Position<R> =
            fen::parse_position(&passed_fen).unwrap_or_else(|e| panic!("{passed_fen}: {e}"));
        assert_eq!(reread, passed);
        assert_ne!(passed.turn(), pos.turn());
    }
    for m in pos.legal_moves().iter() {
        assert!(pos.is_legal(*m));
        match m.kind() {
            MoveKind::EnPassant => seen.en_passant += 1,
            MoveKind::Castle => seen.castles += 1,
            _ if m.promotion().is_some() => seen.promotions += 1,
            _ => {}
        }
        if let Some(role) = m.promotion() {
            assert!(R::PROMOTIONS.contains(&role));
        }
        if R::RULESET != Ruleset::Chess {
            assert!(!matches!(m.kind(), MoveKind::Castle | MoveKind::EnPassant));
        }
    }
}

fn random_games<R: Rules>(starts: &[&str], games: usize, seed: u64) -> Seen {
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    for g in 0..games {
        let mut pos: Position<R> = fen::parse_position(starts[g % starts.len()]).unwrap();
        for _ply in 0..200 {
            check_position(&pos, &mut seen);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures now and then, so games reach endgames and promotions.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| pos.board().piece_at(m.to()).is_some())
                .collect();
            let m = if !captures.is_empty() && rng.below(3) == 0 {
                captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play_unchecked(m);
        }
    }
    seen
}

const STARTS_8X8: [&str; 3] = [
    fen::MONGOLIAN_INITIAL,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w - - 0 1",
];

#[test]
fn mongolian_moves_hash_and_fen() {
    let seen = random_games::<Mongolian>(&STARTS_8X8, 120, 0x2017);
    assert!(
        seen.positions > 10_000 && seen.promotions > 100 && seen.checks > 500,
        "{seen:?}"
    );
}

#[test]
fn folk_moves_hash_and_fen() {
    let seen = random_games::<MongolianFolk>(&STARTS_8X8, 120, 0xf01c);
    assert!(
        seen.positions > 5_000 && seen.promotions > 100 && seen.checks > 500,
        "{seen:?}"
    );
}

#[test]
fn chess_moves_hash_and_fen() {
    let starts = [
        fen::CHESS_INITIAL,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let seen = random_games::<Chess>(&starts, 120, 0xf1de);
    assert!(
        seen.positions > 10_000
            && seen.promotions > 100
            && seen.en_passant > 20
            && seen.castles > 100,
        "{seen:?}"
    );
}

/// Playing a random game into a `GameRecord` and taking every move back restores each
/// earlier position exactly (board, side, state, counters, hash), and the start at the end.
fn take_back_restores<R: Rules>(start: &str, seed: u64) {
    let mut rng = Rng(seed);
    let initial: Position<R> = fen::parse_position(start).unwrap();
    let mut game = shatar_rules::GameRecord::new(initial);
    let mut seen = vec![(initial.to_string(), initial.hash())];
    while game.outcome().is_none() && game.moves().len() < 300 {
        let moves = game.position().legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
        seen.push((game.position().to_string(), game.position().hash()));
    }
    while game.take_back().is_some() {
        seen.pop();
        let (fen, hash) = seen.last().unwrap();
        assert_eq!(
            (&game.position().to_string(), &game.position().hash()),
            (fen, hash)
        );
        assert_eq!(
            game.outcome(),
            None,
            "an earlier position of an unfinished game"
        );
    }
    assert_eq!(seen.len(), 1);
    assert_eq!(*game.position(), initial);
}

#[test]
fn take_back_restores_every_position() {
    for seed in 1..=20 {
        take_back_restores::<Mongolian>(fen::MONGOLIAN_INITIAL, seed);
        take_back_restores::<MongolianFolk>(fen::MONGOLIAN_INITIAL, seed);
        take_back_restores::<Chess>(fen::CHESS_INITIAL, seed);
    }
}
