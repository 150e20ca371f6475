use alloc::vec::Vec;

use shatar_rules::{
    Board, CastlingRights, Chess, Color, Mongolian, MongolianFolk, Piece, Position, Rules, Setup,
    fen,
};

use super::layout::{COUNT, SECTIONS};
use super::{evaluate, trace, weights_of};

/// `pos` with the board turned round and the colours swapped: the same game seen from
/// the other side, which every term must score exactly negated (and, since the result
/// is from the side to move's view, equal).
fn mirror<R: Rules>(pos: &Position<R>) -> Position<R> {
    let setup = fen::parse(&fen::write(&pos.to_setup())).unwrap();
    let mut board = Board::empty();
    for (sq, piece) in setup.board.pieces() {
        board.put(
            sq.flip_vertical(),
            Piece::new(piece.color.other(), piece.role),
        );
    }
    let rights = setup.castling.0;
    let mirrored = Setup {
        board,
        turn: setup.turn.other(),
        castling: CastlingRights((rights & 0b0011) << 2 | (rights & 0b1100) >> 2),
        en_passant: setup.en_passant.map(|sq| sq.flip_vertical()),
        halfmoves: setup.halfmoves,
        fullmoves: setup.fullmoves,
    };
    Position::from_setup(&mirrored).expect("a mirrored legal position is legal")
}

/// Positions from random games: varied material, pawn structures and king positions.
fn random_positions<R: Rules>(games: usize, seed: u64) -> Vec<Position<R>> {
    let mut x = seed;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<R>::new();
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.play_unchecked(moves[next() as usize % moves.len()]);
            out.push(pos);
        }
    }
    out
}

fn symmetric<R: Rules>() {
    for pos in random_positions::<R>(40, 0x9e37_79b9_7f4a_7c15) {
        let m = mirror(&pos);
        assert_eq!(
            evaluate(&pos),
            evaluate(&m),
            "{}",
            fen::write(&pos.to_setup())
        );
    }
}

#[test]
fn evaluation_is_colour_symmetric() {
    symmetric::<Mongolian>();
    symmetric::<MongolianFolk>();
    symmetric::<Chess>();
}

/// Every coefficient negates under the colour mirror, so that a feature with no weight yet
/// cannot hide an asymmetry until the tuner gives it one.
fn trace_symmetric<R: Rules>() {
    for pos in random_positions::<R>(40, 0x5851_f42d_4c95_7f2d) {
        let (a, b) = (trace(&pos), trace(&mirror(&pos)));
        for (index, (x, y)) in a.coefficients.iter().zip(&b.coefficients).enumerate() {
            assert_eq!(*x, -*y, "weight {index} in {}", fen::write(&pos.to_setup()));
        }
    }
}

#[test]
fn every_coefficient_is_colour_symmetric() {
    trace_symmetric::<Mongolian>();
    trace_symmetric::<Chess>();
}

fn trace_matches<R: Rules>() {
    for pos in random_positions::<R>(40, 0x2545_f491_4f6c_dd1d) {
        let t = trace(&pos);
        assert_eq!(
            t.evaluate(weights_of::<R>()),
            evaluate(&pos),
            "{}",
            fen::write(&pos.to_setup())
        );
    }
}

#[test]
fn trace_dot_product_equals_the_evaluation() {
    trace_matches::<Mongolian>();
    trace_matches::<MongolianFolk>();
    trace_matches::<Chess>();
}

fn eval_of<R: Rules>(fen_text: &str) -> i32 {
    evaluate(&fen::parse_position::<R>(fen_text).unwrap())
}

fn sensible<R: Rules>() {
    // From the side to move's view: an extra queen, rook, knight or pawn is good.
    let base = eval_of::<R>("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 3");
    assert!(base > 600, "an extra queen: {base}");
    assert!(eval_of::<R>("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 3") < -600);
    assert!(
        eval_of::<R>("4k3/8/8/8/8/8/3R4/4K3 w - - 0 1") > 300,
        "an extra rook"
    );
    assert!(
        eval_of::<R>("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1") > 150,
        "an extra knight"
    );
    assert!(
        eval_of::<R>("4k3/ppp5/8/8/8/8/PPPP4/4K3 w - - 0 1") > 40,
        "an extra pawn"
    );
    // A passer on the seventh rank is worth more than one on the third.
    let far = eval_of::<R>("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let near = eval_of::<R>("4k3/8/8/8/8/P7/8/4K3 w - - 0 1");
    assert!(far > near, "passer on a7 {far} vs a3 {near}");
    // The initial position is about level.
    assert!(eval_of::<R>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").abs() < 60);
}

#[test]
fn evaluation_signs_are_sensible() {
    sensible::<Mongolian>();
    sensible::<MongolianFolk>();
    sensible::<Chess>();
}

#[test]
fn evaluation_is_side_to_move_relative() {
    let white = eval_of::<Mongolian>("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1");
    let black = eval_of::<Mongolian>("4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1");
    assert!(white > 0 && black < 0);
    // Only the tempo differs.
    let tempo = weights_of::<Mongolian>()[super::layout::TEMPO];
    let phase = super::phase(
        fen::parse_position::<Mongolian>("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1")
            .unwrap()
            .board(),
    );
    let tempo = (tempo.mg() * phase + tempo.eg() * (super::MAX_PHASE - phase)) / super::MAX_PHASE;
    assert!(
        (white + black - 2 * tempo).abs() <= 2,
        "{white} {black} {tempo}"
    );
}

#[test]
fn packed_weights_keep_both_halves() {
    for (mg, eg) in [
        (0, 0),
        (1, -1),
        (-1, 1),
        (-950, 1000),
        (123, -32_000),
        (-7, -7),
    ] {
        let w = super::s(mg, eg);
        assert_eq!((w.mg(), w.eg()), (mg, eg));
        assert_eq!(((w * -3) + w).mg(), -2 * mg);
        assert_eq!(((w * -3) + w).eg(), -2 * eg);
    }
}

#[test]
fn sections_tile_the_weights() {
    let mut at = 0;
    for section in SECTIONS {
        assert_eq!(section.offset, at, "{}", section.name);
        assert!(section.width > 0 && section.len > 0);
        at += section.len;
    }
    assert_eq!(at, COUNT);
}

#[test]
fn phase_counts_the_pieces() {
    let initial = Position::<Mongolian>::new();
    assert_eq!(super::phase(initial.board()), super::MAX_PHASE);
    let kings = fen::parse_position::<Mongolian>("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1").unwrap();
    assert_eq!(super::phase(kings.board()), 0);
    assert_eq!(initial.turn(), Color::White);
}

/// The coefficient of weight `index` in the position `fen_text` (White's view).
fn coefficient(fen_text: &str, index: usize) -> i32 {
    trace(&fen::parse_position::<Mongolian>(fen_text).unwrap()).coefficients[index]
}

#[test]
fn pawn_features() {
    use super::layout::*;
    // d5 is passed (rank 5 is index 4); nothing stops it.
    let fen_text = "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(fen_text, PASSED + 4), 1);
    assert_eq!(coefficient(fen_text, PASSED_OWN_KING + 4), 5, "e1 to d6");
    assert_eq!(coefficient(fen_text, PASSED_THEIR_KING + 4), 2, "e8 to d6");
    // The same for Black, negated.
    assert_eq!(
        coefficient("4k3/8/8/8/3p4/8/8/4K3 w - - 0 1", PASSED + 4),
        -1
    );
    // A pawn beside an enemy pawn is passed (no en passant in Mongolian chess); one
    // facing an enemy pawn on the next file ahead is not.
    assert_eq!(
        coefficient("4k3/8/8/2pP4/8/8/8/4K3 w - - 0 1", PASSED + 4),
        1
    );
    assert_eq!(
        coefficient("4k3/8/2p5/3P4/8/8/8/4K3 w - - 0 1", PASSED + 4),
        0
    );
    // Doubled and isolated: d2 and d3.
    assert_eq!(coefficient("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1", DOUBLED), 1);
    assert_eq!(
        coefficient("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1", ISOLATED),
        2
    );
    // c3 is behind b4, and d5 guards its stop square c4: backward. (b4 is passed.)
    let backward = "4k3/8/8/3p4/1P6/2P5/8/4K3 w - - 0 1";
    assert_eq!(coefficient(backward, BACKWARD), 1);
    assert_eq!(coefficient(backward, ISOLATED), -1, "only Black's d5");
    // Supported (e4 by d3) and side by side (f4 beside e4).
    let chain = "4k3/8/8/8/4PP2/3P4/8/4K3 w - - 0 1";
    assert_eq!(coefficient(chain, SUPPORTED + 3), 1);
    assert_eq!(coefficient(chain, PHALANX + 3), 2);
}

#[test]
fn king_and_piece_features() {
    use super::layout::*;
    // White's king behind three pawns; Black's king on open files.
    let fen_text = "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1";
    assert_eq!(coefficient(fen_text, PAWN_SHIELD), 3);
    assert_eq!(coefficient(fen_text, PAWN_SHIELD + 3), -3);
    assert_eq!(
        coefficient(fen_text, KING_OPEN_FILE),
        -2,
        "d and e files beside e8"
    );
    // A rook on an open file and one on a half-open file.
    assert_eq!(
        coefficient("4k3/p7/8/8/8/8/1P6/R3K2R w - - 0 1", ROOK_OPEN_FILE),
        1
    );
    assert_eq!(
        coefficient("4k3/p7/8/8/8/8/1P6/R3K2R w - - 0 1", ROOK_HALF_OPEN_FILE),
        1
    );
    // The bishop pair needs bishops on both colours (underpromotion can give two on one).
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", BISHOP_PAIR),
        1
    );
    assert_eq!(
        coefficient("4k3/8/8/8/8/B7/8/2B1K3 w - - 0 1", BISHOP_PAIR),
        0,
        "a3 and c1 are both dark"
    );
    // A knight on d5 attacked by the c6 pawn and defended by nothing: a threat for Black,
    // and a hanging piece. The knight does not attack c6 back.
    let threat = "4k3/8/2p5/3N4/8/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(threat, THREAT_BY_PAWN), -1);
    assert_eq!(coefficient(threat, HANGING), -1);
    assert_eq!(coefficient(threat, THREAT_BY_MINOR), 0);
}

#[test]
fn king_attack_and_threat_features() {
    use super::layout::*;
    // The e2 knight stands alone between White's king and the e8 rook: pinned.
    let pin = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
    assert_eq!(coefficient(pin, PINNED + 1), 1);
    assert_eq!(coefficient(pin, PINNED), 0);
    // With a second piece between, nothing is pinned.
    assert_eq!(
        coefficient("4r1k1/8/8/8/4P3/8/4N3/4K3 w - - 0 1", PINNED + 1),
        0
    );
    // d3 can step to d4 (safe), from where it attacks the e5 knight.
    let push = "4k3/8/8/4n3/8/3P4/8/4K3 w - - 0 1";
    assert_eq!(coefficient(push, THREAT_BY_PAWN_PUSH), 1);
    // The knight on e4 near its king at e1: three squares.
    assert_eq!(
        coefficient("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", KING_PROTECTOR),
        3
    );
    // A bishop on c1 with pawns on b2 and d2 (dark squares) and one on e4 (light).
    assert_eq!(
        coefficient("4k3/8/8/8/4P3/8/1P1P4/2B1K3 w - - 0 1", BISHOP_PAWNS),
        2
    );
    // A bishop on b2 sees d4 and e5 past nothing: the long diagonal.
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", LONG_DIAGONAL_BISHOP),
        1
    );
    // A knight on d3 behind the d4 pawn; a rook on the d file of Black's queen.
    assert_eq!(
        coefficient("3qk3/8/8/8/3P4/3N4/8/3RK3 w - - 0 1", MINOR_BEHIND_PAWN),
        1
    );
    assert_eq!(
        coefficient("3qk3/8/8/8/3P4/3N4/8/3RK3 w - - 0 1", ROOK_ON_QUEEN_FILE),
        1
    );
    // The king on e1 attacks an undefended knight on d2.
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", THREAT_BY_KING),
        1
    );
    // A queen on h4 reaches e7 in the e8 king's zone, which only the king defends.
    let attack = "4k3/8/8/8/7Q/8/8/4K3 w - - 0 1";
    assert!(coefficient(attack, KING_WEAK_SQUARES) >= 1);
    assert!(coefficient(attack, KING_FLANK_ATTACKS) >= 1);
    // The initial position has space for both sides, equally.
    let initial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    assert_eq!(coefficient(initial, SPACE), 0);
    assert!(coefficient("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", SPACE) > 0);
}

#[test]
fn passed_pawn_path_features() {
    use super::layout::*;
    // d5 (rank index 4: weight 5 * 4 - 13 = 7): the e8 king attacks d7 and d8 on its file
    // but not its stop square d6.
    let fen_text = "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(fen_text, PASSED_PATH + 2), 7);
    assert_eq!(coefficient(fen_text, PASSED_PATH), 0);
    assert_eq!(coefficient(fen_text, PASSED_FILE), 3, "the d file");
    // With the king on a8 nothing contests the span: the largest bonus.
    assert_eq!(
        coefficient("k7/8/8/3P4/8/8/8/4K3 w - - 0 1", PASSED_PATH),
        7
    );
    // An enemy rook behind the pawn holds the whole path; our own pushes it and defends
    // the stop square.
    let theirs_behind = "k7/8/8/3P4/8/8/8/3rK3 w - - 0 1";
    for index in 0..4 {
        assert_eq!(
            coefficient(theirs_behind, PASSED_PATH + index),
            0,
            "{index}"
        );
    }
    let ours_behind = "k7/8/8/3P4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(coefficient(ours_behind, PASSED_PATH), 7);
    assert_eq!(coefficient(ours_behind, PASSED_PATH + 3), 7);
    // Too far back (rank 3) or blocked: no path term; Black's count negated.
    assert_eq!(
        coefficient("k7/8/8/8/8/3P4/8/4K3 w - - 0 1", PASSED_PATH),
        0
    );
    assert_eq!(
        coefficient("k7/8/3n4/3P4/8/8/8/4K3 w - - 0 1", PASSED_PATH),
        0
    );
    assert_eq!(
        coefficient("4k3/8/8/8/3p4/8/8/K7 w - - 0 1", PASSED_PATH),
        -7
    );
}

#[test]
fn stockfish_11_pawn_piece_and_king_features() {
    use super::layout::*;
    // d2 and d3 are isolated with no enemy pawn ahead; a d7 pawn opposes them.
    assert_eq!(
        coefficient("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1", WEAK_UNOPPOSED),
        2
    );
    assert_eq!(
        coefficient("4k3/3p4/8/8/8/3P4/3P4/4K3 w - - 0 1", WEAK_UNOPPOSED),
        0
    );
    // d4 attacked by c5 and e5, defended by no pawn.
    assert_eq!(
        coefficient("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1", WEAK_LEVER),
        1
    );
    // h1 boxed in by g1 and h2 beside the e1 king; an a1 rook on the king's other side is not.
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/6PP/4K1NR w - - 0 1", TRAPPED_ROOK),
        1
    );
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", TRAPPED_ROOK),
        0
    );
    // The f4 knight can reach d5, which c4 guards and no black pawn can attack.
    assert_eq!(
        coefficient("4k3/8/8/8/2P2N2/8/8/4K3 w - - 0 1", REACHABLE_OUTPOST),
        1
    );
    // One pawn between the d1 queen and the d8 rook; two pawns are no threat.
    assert_eq!(
        coefficient("3rk3/8/8/8/3P4/8/8/3QK3 w - - 0 1", WEAK_QUEEN),
        1
    );
    assert_eq!(
        coefficient("3rk3/8/8/8/3P4/3P4/8/3QK3 w - - 0 1", WEAK_QUEEN),
        0
    );
    // The d4 knight reaches c6 and e6, from where it would attack the d8 queen.
    assert_eq!(
        coefficient("3qk3/8/8/8/3N4/8/8/4K3 w - - 0 1", KNIGHT_ON_QUEEN),
        2
    );
    // Both rooks reach d6, on the queen's file: a safe square attacked twice.
    assert_eq!(
        coefficient("3qk3/8/R6R/8/8/8/8/4K3 w - - 0 1", SLIDER_ON_QUEEN),
        1
    );
    // The e1 king four steps from its a2 pawn; the g1 king on a flank without pawns,
    // the a8 king with one.
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", KING_PAWN_DISTANCE),
        4
    );
    assert_eq!(
        coefficient("k7/8/8/8/8/8/P7/6K1 w - - 0 1", PAWNLESS_FLANK),
        1
    );
}

/// The search's evaluation, its imbalance and pawn structure from the cache, is exactly
/// what it is computed without the cache: one cache over every position of random games
/// (many piece counts and pawn structures, slots reused).
fn cached_matches<R: Rules>() {
    let positions = random_positions::<R>(40, 0x1405_7b7e_f767_814f);
    // The search's tables, and two slots each: every slot holds many keys in turn.
    for mut cache in [
        super::EvalCache::default(),
        super::EvalCache::with_slots(2, 2),
    ] {
        for pos in positions.iter().chain(positions.iter().rev()) {
            assert_eq!(
                super::evaluate_cached(pos, &mut cache),
                super::evaluate_lazy(pos),
                "{}",
                fen::write(&pos.to_setup())
            );
        }
    }
}

#[test]
fn the_cached_evaluation_is_the_uncached_one() {
    cached_matches::<Mongolian>();
    cached_matches::<MongolianFolk>();
    cached_matches::<Chess>();
}

/// The pawn-structure slot is the pawns' and both kings': positions with the same pawns
/// share it only with the same king squares, whatever else stands on the board. Each
/// position once cached and once not, one after the other in one cache.
#[test]
fn the_pawn_cache_is_keyed_by_pawns_and_kings() {
    // Two slots: the positions meet in them.
    let mut cache = super::EvalCache::with_slots(2, 2);
    for fen_text in [
        "r3k3/1pp2ppp/8/3p4/3P4/8/PPP2PPP/R3K3 w - - 0 1",
        // The same pawns, a king moved: its shelter differs.
        "r3k3/1pp2ppp/8/3p4/3P4/8/PPP2PPP/R4K2 w - - 0 1",
        "r3k3/1pp2ppp/8/3p4/3P4/8/PPP2PPP/R2K4 w - - 0 1",
        "r3k3/1pp2ppp/8/3p4/3P4/8/PPPK1PPP/R7 w - - 0 1",
        "r2k4/1pp2ppp/8/3p4/3P4/8/PPPK1PPP/R7 w - - 0 1",
        // The same pawns and kings as the first, other pieces: its value is theirs too.
        "4k3/1pp2ppp/8/3p4/3P4/2N5/PPP2PPP/4K3 b - - 0 1",
        // A pawn moved, the kings where they were.
        "4k3/1pp2ppp/8/3p4/3P4/2N5/PP3PPP/4K3 b - - 0 1",
        // Black's pawns now White's, square for square: another structure.
        "4k3/8/8/3P4/3p4/8/1pp2ppp/4K3 w - - 0 1",
    ] {
        let pos = fen::parse_position::<Mongolian>(fen_text).unwrap();
        assert_eq!(
            super::evaluate_cached(&pos, &mut cache),
            super::evaluate_lazy(&pos),
            "{fen_text}"
        );
    }
}

/// The lazy evaluation values a position the cheap terms already decide by them alone,
/// on the right side, and every other position as the full evaluation does.
#[test]
fn the_lazy_evaluation_stops_only_when_the_cheap_terms_decide() {
    let mut cache = super::EvalCache::default();
    // Balanced: every term counts.
    for fen_text in [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3",
        "4k3/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/4K3 w - - 0 1",
    ] {
        let pos = fen::parse_position::<Mongolian>(fen_text).unwrap();
        assert_eq!(
            super::evaluate_cached(&pos, &mut cache),
            evaluate(&pos),
            "{fen_text}"
        );
    }
    // White a queen and a rook up: decided, for White whichever side is to move.
    for (fen_text, sign) in [
        ("rnb1kbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 1),
        ("rnb1kbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1", -1),
    ] {
        let pos = fen::parse_position::<Mongolian>(fen_text).unwrap();
        let lazy = super::evaluate_cached(&pos, &mut cache);
        assert!(
            sign * lazy > super::lazy_margin(super::phase(pos.board())),
            "{fen_text}"
        );
        assert_ne!(lazy, evaluate(&pos), "{fen_text}");
    }
}
