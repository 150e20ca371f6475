use shatar_protocol::{ErrorKind, MAX_PERFT_DEPTH, Request, Response};
use shatar_rules::{Chess, Mongolian, MongolianFolk, Position, Rules, Ruleset, fen};

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
            with_position(ruleset, &fen, Perft { depth, now })
        }
        Request::LegalMoves { fen, ruleset } => with_position(ruleset, &fen, LegalMoves),
    };
    answer.unwrap_or_else(|error| Response::Error { error })
}

/// Something to do with a position of whichever ruleset a request names: a trait rather
/// than a closure because the work is generic over the ruleset.
trait Job {
    fn run<R: Rules>(self, pos: Position<R>) -> Response;
}

fn with_position(ruleset: Ruleset, fen: &str, job: impl Job) -> Result<Response, ErrorKind> {
    fn parse<R: Rules>(fen: &str) -> Result<Position<R>, ErrorKind> {
        fen::parse_position::<R>(fen).map_err(|e| ErrorKind::BadFen { detail: e.to_string() })
    }
    Ok(match ruleset {
        Ruleset::Mongolian => job.run(parse::<Mongolian>(fen)?),
        Ruleset::MongolianFolk => job.run(parse::<MongolianFolk>(fen)?),
        Ruleset::Chess => job.run(parse::<Chess>(fen)?),
    })
}

struct Perft<'a> {
    depth: u32,
    now: &'a dyn Fn() -> f64,
}

impl Job for Perft<'_> {
    fn run<R: Rules>(self, pos: Position<R>) -> Response {
        let start = (self.now)();
        let nodes = pos.perft(self.depth);
        Response::PerftResult { nodes, millis: (self.now)() - start }
    }
}

struct LegalMoves;

impl Job for LegalMoves {
    fn run<R: Rules>(self, pos: Position<R>) -> Response {
        Response::LegalMoves { moves: pos.legal_moves().iter().map(|m| m.to_string()).collect() }
    }
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
