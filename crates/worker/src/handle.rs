use shatar_protocol::{ErrorKind, MAX_PERFT_DEPTH, Request, Response};
use shatar_rules::{AnyPosition, Move, Ruleset};

/// Answers one request. Never panics on what a request contains: a bad FEN or a depth
/// past [`MAX_PERFT_DEPTH`] becomes a typed [`Response::Error`].
///
/// `now` is a millisecond clock supplied by the caller, because `std::time::Instant`
/// panics on wasm32-unknown-unknown.
pub fn handle(request: Request, now: &dyn Fn() -> f64) -> Response {
    let answer = match request {
        Request::Perft { fen, ruleset, depth } => {
            if depth > MAX_PERFT_DEPTH {
                return Response::Error { error: ErrorKind::DepthTooLarge { max: MAX_PERFT_DEPTH } };
            }
            position(ruleset, &fen).map(|pos| {
                let start = now();
                let nodes = pos.perft(depth);
                Response::PerftResult { nodes, millis: now() - start }
            })
        }
        Request::LegalMoves { fen, ruleset } => position(ruleset, &fen)
            .map(|pos| Response::LegalMoves { moves: pos.legal_moves().iter().map(Move::to_string).collect() }),
    };
    answer.unwrap_or_else(|error| Response::Error { error })
}

fn position(ruleset: Ruleset, fen: &str) -> Result<AnyPosition, ErrorKind> {
    AnyPosition::from_fen(ruleset, fen).map_err(|e| ErrorKind::BadFen { detail: e.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -";

    fn no_clock() -> f64 {
        0.0
    }

    #[test]
    fn perft_of_the_mongolian_start_follows_the_first_round() {
        let request = Request::Perft { fen: START.into(), ruleset: Ruleset::Mongolian, depth: 3 };
        assert_eq!(handle(request, &no_clock), Response::PerftResult { nodes: 42, millis: 0.0 });
    }

    #[test]
    fn legal_moves_depend_on_the_ruleset() {
        let mongolian = handle(Request::LegalMoves { fen: START.into(), ruleset: Ruleset::Mongolian }, &no_clock);
        assert_eq!(mongolian, Response::LegalMoves { moves: vec!["e2e4".into(), "d2d4".into()] });
        let chess = handle(Request::LegalMoves { fen: START.into(), ruleset: Ruleset::Chess }, &no_clock);
        assert!(matches!(chess, Response::LegalMoves { moves } if moves.len() == 20));
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        let bad_fen = handle(Request::LegalMoves { fen: "not a fen".into(), ruleset: Ruleset::Mongolian }, &no_clock);
        assert!(matches!(bad_fen, Response::Error { error: ErrorKind::BadFen { .. } }), "{bad_fen:?}");
        let no_king = handle(
            Request::Perft { fen: "8/8/8/8/8/8/8/8 w - -".into(), ruleset: Ruleset::Chess, depth: 1 },
            &no_clock,
        );
        assert!(matches!(no_king, Response::Error { error: ErrorKind::BadFen { .. } }), "{no_king:?}");
        let deep = handle(
            Request::Perft { fen: START.into(), ruleset: Ruleset::Mongolian, depth: MAX_PERFT_DEPTH + 1 },
            &no_clock,
        );
        assert_eq!(deep, Response::Error { error: ErrorKind::DepthTooLarge { max: MAX_PERFT_DEPTH } });
    }
}
