//! Reading the arguments of `go` into search limits. A bad argument is reported (what,
//! and which argument) and skipped, so that the GUI still gets a `bestmove`.

use shatar_engine::{Delay, GameClock, Limits};
use shatar_rules::Color;

/// What a `go` asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub limits: Limits,
    /// Runs until `stop`: `go infinite`, or a `go` that limits nothing.
    pub infinite: bool,
}

/// Each side's clock as `go` gives it.
#[derive(Default)]
struct Clocks {
    time: [Option<u64>; 2],
    inc: [u64; 2],
    delay: [u64; 2],
    moves_to_go: Option<u32>,
}

/// Reads `go` arguments for a search with `turn` to move. Returns the request and one
/// message per argument that was not understood.
pub fn parse(args: &[&str], turn: Color) -> (Go, Vec<String>) {
    let mut go = Go::default();
    let mut clocks = Clocks::default();
    let mut errors = Vec::new();
    let mut asked_infinite = false;
    let mut i = 0;
    while i < args.len() {
        let (name, at) = (args[i], i + 1);
        i += 1;
        match name {
            "infinite" => asked_infinite = true,
            // Pondering is not offered (no `Ponder` option); a GUI that ponders anyway
            // gets an ordinary search, and `ponderhit` does nothing.
            "ponder" => {}
            "searchmoves" => {
                let skipped = args[i..].iter().take_while(|t| !is_keyword(t)).count();
                i += skipped;
                errors.push(format!(
                    "go: 'searchmoves' (argument {at}) is not supported; all moves are searched"
                ));
            }
            _ if is_keyword(name) => {
                let Some(&value) = args.get(i).filter(|t| !is_keyword(t)) else {
                    errors.push(format!(
                        "go: '{name}' (argument {at}) needs a number after it"
                    ));
                    continue;
                };
                i += 1;
                if let Err(e) = set(&mut go.limits, &mut clocks, name, value) {
                    errors.push(format!(
                        "go: '{name} {value}' (arguments {at}-{}): {e}",
                        at + 1
                    ));
                }
            }
            _ => errors.push(format!("go: unknown argument '{name}' (argument {at})")),
        }
    }
    let side = turn.index();
    go.limits.clock = clocks.time[side].map(|remaining_ms| GameClock {
        remaining_ms,
        increment_ms: clocks.inc[side],
        delay: if clocks.delay[side] > 0 {
            Delay::Simple(clocks.delay[side])
        } else {
            Delay::None
        },
        moves_to_go: clocks.moves_to_go.filter(|&n| n > 0),
    });
    let limits = &go.limits;
    let limited = limits.depth.is_some() || limits.nodes.is_some() || limits.move_time_ms.is_some();
    go.infinite = asked_infinite || !(limited || limits.clock.is_some());
    if asked_infinite {
        // `infinite` overrides every limit: search until `stop`.
        go.limits = Limits {
            multi_pv: go.limits.multi_pv,
            ..Limits::default()
        };
    }
    (go, errors)
}

/// The arguments that take a value.
fn is_keyword(token: &str) -> bool {
    matches!(
        token,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "wdelay"
            | "bdelay"
            | "movestogo"
            | "movetime"
            | "depth"
            | "nodes"
            | "mate"
    ) || matches!(token, "infinite" | "ponder" | "searchmoves")
}

fn set(limits: &mut Limits, clocks: &mut Clocks, name: &str, value: &str) -> Result<(), String> {
    // Some GUIs send a negative time when the clock has run out: that is no time left.
    let time = || {
        value
            .parse::<i64>()
            .map(|v| v.max(0) as u64)
            .map_err(|_| "not a whole number of milliseconds")
    };
    let count = || {
        value
            .parse::<u64>()
            .map_err(|_| "not a whole number (0 or more)")
    };
    let small = || count().and_then(|n| u32::try_from(n).map_err(|_| "too large"));
    let (w, b) = (Color::White.index(), Color::Black.index());
    match name {
        "wtime" => clocks.time[w] = Some(time()?),
        "btime" => clocks.time[b] = Some(time()?),
        "winc" => clocks.inc[w] = time()?,
        "binc" => clocks.inc[b] = time()?,
        "wdelay" => clocks.delay[w] = time()?,
        "bdelay" => clocks.delay[b] = time()?,
        "movestogo" => clocks.moves_to_go = Some(small()?),
        "movetime" => limits.move_time_ms = Some(time()?),
        "depth" => limits.depth = Some(small()?),
        "nodes" => limits.nodes = Some(count()?),
        // No mate search: a full-width search of 2N plies is the nearest honest bound.
        "mate" => limits.depth = Some(small()?.saturating_mul(2)),
        _ => unreachable!("is_keyword lists every name handled here"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str, turn: Color) -> (Go, Vec<String>) {
        parse(&text.split_whitespace().collect::<Vec<_>>(), turn)
    }

    #[test]
    fn the_side_to_move_gets_its_clock() {
        let (g, errors) = go(
            "wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20 bdelay 5000",
            Color::Black,
        );
        assert!(errors.is_empty() && !g.infinite);
        let clock = g.limits.clock.unwrap();
        assert_eq!(clock.remaining_ms, 30_000);
        assert_eq!(clock.increment_ms, 500);
        assert_eq!(clock.delay, Delay::Simple(5_000));
        assert_eq!(clock.moves_to_go, Some(20));
        let (g, _) = go("wtime -20 btime 100", Color::White);
        assert_eq!(g.limits.clock.unwrap().remaining_ms, 0);
    }

    #[test]
    fn fixed_limits_and_infinite() {
        let (g, _) = go("depth 7 nodes 1000 movetime 250", Color::White);
        assert_eq!(
            (g.limits.depth, g.limits.nodes, g.limits.move_time_ms),
            (Some(7), Some(1000), Some(250))
        );
        assert!(!g.infinite);
        assert!(go("", Color::White).0.infinite);
        let (g, _) = go("infinite depth 3", Color::White);
        assert!(g.infinite && g.limits.depth.is_none());
        // Only the other side's clock: nothing limits this side.
        assert!(go("btime 1000", Color::White).0.infinite);
    }

    #[test]
    fn bad_arguments_are_named_and_skipped() {
        let (g, errors) = go("depth x movetime 100 frobnicate nodes", Color::White);
        assert_eq!(g.limits.move_time_ms, Some(100));
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(
            errors[0].contains("'depth x' (arguments 1-2)"),
            "{}",
            errors[0]
        );
        assert!(
            errors[1].contains("unknown argument 'frobnicate' (argument 5)"),
            "{}",
            errors[1]
        );
        assert!(
            errors[2].contains("'nodes' (argument 6) needs a number"),
            "{}",
            errors[2]
        );
        let (g, errors) = go("depth infinite", Color::White);
        assert!(g.infinite && errors.len() == 1, "{errors:?}");
        let (g, errors) = go(
            "searchmoves e2e4 d2d4 depth 2 depth 99999999999",
            Color::White,
        );
        assert_eq!(g.limits.depth, Some(2));
        assert_eq!(errors.len(), 2, "{errors:?}");
    }
}
