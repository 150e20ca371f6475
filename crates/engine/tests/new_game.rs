//! A new game's search does not depend on what the engine searched before: the tables
//! that learn are cleared, and what is kept (the evaluations already made) is exact.

mod common;

use shatar_engine::{Engine, Limits, SearchPosition, SearchResult};

fn search<P: SearchPosition>(engine: &mut Engine<P>, pos: &P, depth: u32) -> SearchResult<P::Move> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    common::search_with(engine, pos, &limits)
}

/// Searches `second` with an engine that searched `first` before (then `new_game`), and
/// with a fresh one: the same nodes, line and value.
fn same_after_new_game<P: SearchPosition>(first: &P, second: &P, depth: u32) {
    let mut used = Engine::<P>::new(4);
    search(&mut used, first, depth);
    // The second position itself too: its evaluations are all in the table now.
    search(&mut used, second, depth);
    used.new_game();
    let again = search(&mut used, second, depth);
    let fresh = search(&mut Engine::<P>::new(4), second, depth);
    assert_eq!(again.nodes, fresh.nodes);
    assert_eq!(again.lines, fresh.lines);
}

#[test]
fn an_8x8_search_after_new_game_is_a_fresh_engines() {
    use shatar_rules::{Mongolian, Position};
    let first = common::position::<Mongolian>(
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 4 4",
    );
    let second = common::position::<Mongolian>(
        "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
    );
    same_after_new_game::<Position<Mongolian>>(&first, &second, 9);
}

#[test]
fn a_xiangqi_search_after_new_game_is_a_fresh_engines() {
    use shatar_rules::xiangqi::{Position, fen};
    let parse = |text: &str| fen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let first: Position =
        parse("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    let second: Position =
        parse("r1bakabnr/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2B2C1/9/RN1AKABNR w - - 2 2");
    same_after_new_game(&first, &second, 8);
}
