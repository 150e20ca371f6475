//! Malformed FENs: each field's own error, with a message that says where and why; and a
//! sweep of mutated FENs that must never panic.

use shatar_rules::fen::{self, BoardProblem, FenError};
use shatar_rules::{Chess, Color, Mongolian, MongolianFolk, Position, PositionError, Square};

fn err(text: &str) -> FenError {
    fen::parse_position::<Mongolian>(text).expect_err(text)
}

#[test]
fn each_field_has_its_own_error() {
    use BoardProblem::*;
    let cases: [(&str, FenError, &str); 13] = [
        ("", FenError::Empty, "FEN is empty"),
        (
            "8/8/8/8/8/8/8 w - - 0 1",
            FenError::Board {
                rank: 8,
                problem: NotEightRanks(7),
            },
            "7 ranks instead of 8",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            FenError::Board {
                rank: 7,
                problem: UnknownPiece('x'),
            },
            "rank 7: 'x' is not a piece letter",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            FenError::Board {
                rank: 7,
                problem: WrongWidth(7),
            },
            "rank 7: describes 7 squares",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            FenError::Board {
                rank: 6,
                problem: UnknownPiece('9'),
            },
            "rank 6",
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            FenError::Board {
                rank: 6,
                problem: AdjacentDigits,
            },
            "two digits in a row",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1",
            FenError::Turn("x".into()),
            "field 2 (side to move): 'x'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            FenError::Castling("KQkx".into()),
            "field 3 (castling)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
            FenError::Castling("KK".into()),
            "field 3",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e4 0 1",
            FenError::EnPassant("e4".into()),
            "field 4 (en passant): 'e4'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - -1 1",
            FenError::Halfmoves("-1".into()),
            "field 5 (halfmove clock)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 0",
            FenError::Fullmoves("0".into()),
            "field 6 (move number): '0'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 extra",
            FenError::TooManyFields,
            "more than 6 fields",
        ),
    ];
    for (text, expected, message) in cases {
        let e = err(text);
        assert_eq!(e, expected, "{text}");
        assert!(
            e.to_string().contains(message),
            "{text}: message {e:?} lacks {message:?}"
        );
    }
}

#[test]
fn illegal_positions_say_why() {
    let cases = [
        (
            "8/8/8/8/8/8/8/K7 w - - 0 1",
            PositionError::MissingKing(Color::Black),
            "black has no king",
        ),
        (
            "k7/8/8/8/8/8/8/KK6 w - - 0 1",
            PositionError::TooManyKings(Color::White),
            "more than one king",
        ),
        (
            "k6P/8/8/8/8/8/8/K7 w - - 0 1",
            PositionError::PawnOnBackRank(Square::H8),
            "pawn stands on h8",
        ),
        (
            "k7/8/8/8/8/8/8/K6r b - - 0 1",
            PositionError::OppositeCheck,
            "not to move is in check",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            PositionError::CastlingNotInThisGame,
            "no castling",
        ),
    ];
    for (text, expected, message) in cases {
        let e = err(text);
        assert_eq!(e, FenError::Position(expected), "{text}");
        assert!(e.to_string().contains(message), "{e}");
    }
    // FIDE chess: rights need the pieces at home; the en passant square needs a double step.
    let e = fen::parse_position::<Chess>("4k3/8/8/8/8/8/8/R3K3 w K - 0 1").unwrap_err();
    assert_eq!(e, FenError::Position(PositionError::InvalidCastlingRights));
    let e = fen::parse_position::<Chess>("4k3/8/8/8/8/8/8/4K3 b - e3 0 1").unwrap_err();
    assert_eq!(
        e,
        FenError::Position(PositionError::InvalidEnPassant(Square::E3))
    );
}

#[test]
fn short_fens_default_the_missing_fields() {
    // EPD-style: board and side only, as in the perft files.
    let p: Position<Mongolian> =
        fen::parse_position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w").unwrap();
    assert_eq!(
        p.to_string(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1"
    );
}

/// Thousands of damaged FENs, made by a fixed generator from valid ones: every one is
/// either read or refused with an error, never a panic.
#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        fen::MONGOLIAN_INITIAL,
        fen::CHESS_INITIAL,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let alphabet: Vec<char> = "rnbqkpRNBQKP12345678/ -wbKQkqa3e6h0x9é\u{0}"
        .chars()
        .collect();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as usize
    };
    let (mut accepted, mut refused) = (0, 0);
    for i in 0..20_000 {
        let mut chars: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..1 + next() % 4 {
            let at = next() % (chars.len() + 1);
            match next() % 3 {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 if at < chars.len() => chars[at] = alphabet[next() % alphabet.len()],
                _ => chars.insert(at, alphabet[next() % alphabet.len()]),
            }
        }
        let text: String = chars.into_iter().collect();
        let results = [
            fen::parse_position::<Mongolian>(&text)
                .map(|p| p.legal_moves().len())
                .map_err(|e| e.to_string()),
            fen::parse_position::<MongolianFolk>(&text)
                .map(|p| p.legal_moves().len())
                .map_err(|e| e.to_string()),
            fen::parse_position::<Chess>(&text)
                .map(|p| p.legal_moves().len())
                .map_err(|e| e.to_string()),
        ];
        for r in results {
            match r {
                Ok(_) => accepted += 1,
                Err(message) => {
                    assert!(message.starts_with("FEN "), "{text}: {message}");
                    refused += 1;
                }
            }
        }
    }
    assert!(
        accepted > 1000 && refused > 10_000,
        "accepted {accepted}, refused {refused}"
    );
}
