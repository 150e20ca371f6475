//! Adjudication by the players' own scores, as match runners such as cutechess-cli offer
//! it: a game both players have long scored as won for one side is given to that side,
//! and a long game both have scored as level for many moves is drawn. It cuts the moves
//! that would not change the result, so that a test at a long time control (many nodes a
//! move) finishes sooner. Off unless asked for: a match without it plays every game out.

use std::fmt;
use std::str::FromStr;

use shatar_engine::Score;
use shatar_rules::{Color, GameResult};

/// A side loses when its own score has been at most `-cp` for its last `moves` moves and
/// the opponent's at least `cp` for the opponent's last `moves` moves: both agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resign {
    pub cp: i32,
    pub moves: u32,
}

/// From move `from_move` on, a draw once both players' scores have stayed within `cp` of
/// level for `moves` moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    pub from_move: u32,
    pub cp: i32,
    pub moves: u32,
}

/// Which adjudications a match uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub resign: Option<Resign>,
    pub draw: Option<Draw>,
}

/// Why a number list did not parse, with what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    text: String,
    expected: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not {}", self.text, self.expected)
    }
}

impl std::error::Error for ParseError {}

/// `N/N/...`: whole numbers, each 1 or more, separated by slashes.
fn numbers<const K: usize>(text: &str, expected: &'static str) -> Result<[u32; K], ParseError> {
    let error = || ParseError {
        text: text.to_string(),
        expected,
    };
    let parts: Vec<u32> = text
        .split('/')
        .map(|p| p.trim().parse::<u32>().ok().filter(|&n| n > 0))
        .collect::<Option<_>>()
        .ok_or_else(error)?;
    let parts: [u32; K] = parts.try_into().map_err(|_| error())?;
    // Beyond any score an engine reports: a threshold no game could meet.
    parts
        .iter()
        .all(|&n| n < 100_000)
        .then_some(parts)
        .ok_or_else(error)
}

impl Resign {
    /// What `--resign` takes, for error messages.
    pub const FORMAT: &str = "CP/MOVES, like 600/4";
}

impl Draw {
    /// What `--draw` takes, for error messages.
    pub const FORMAT: &str = "MOVE/CP/MOVES, like 40/10/8";
}

impl FromStr for Resign {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let [cp, moves] = numbers(text, Resign::FORMAT)?;
        Ok(Resign {
            cp: cp as i32,
            moves,
        })
    }
}

impl FromStr for Draw {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let [from_move, cp, moves] = numbers(text, Draw::FORMAT)?;
        Ok(Draw {
            from_move,
            cp: cp as i32,
            moves,
        })
    }
}

/// A score in centipawns, mates as far beyond every threshold.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => i32::MAX,
        Score::Mate(_) => i32::MIN,
    }
}

/// Follows one game's scores and says when the adjudication ends it.
pub struct Watch {
    rules: Adjudication,
    /// By colour: that side's last moves in a row scored as lost, and as won.
    losing: [u32; 2],
    winning: [u32; 2],
    /// Plies in a row both players scored as level.
    level: u32,
}

impl Watch {
    pub fn new(rules: Adjudication) -> Watch {
        Watch {
            rules,
            losing: [0; 2],
            winning: [0; 2],
            level: 0,
        }
    }

    /// Takes the score `mover` reported for its move, the game's `plies`-th; the result
    /// if that settles the game. A move without a score breaks every run.
    pub fn see(&mut self, mover: Color, score: Option<Score>, plies: usize) -> Option<GameResult> {
        let side = mover.index();
        let cp = score.map(centipawns);
        if let Some(resign) = self.rules.resign {
            let (losing, winning) = match cp {
                Some(cp) => (cp <= -resign.cp, cp >= resign.cp),
                None => (false, false),
            };
            self.losing[side] = if losing { self.losing[side] + 1 } else { 0 };
            self.winning[side] = if winning { self.winning[side] + 1 } else { 0 };
            let other = mover.other().index();
            for (loser, winner) in [(side, other), (other, side)] {
                if self.losing[loser] >= resign.moves && self.winning[winner] >= resign.moves {
                    return Some(GameResult::win_for(Color::ALL[winner]));
                }
            }
        }
        if let Some(draw) = self.rules.draw {
            let level = cp.is_some_and(|cp| cp.abs() <= draw.cp);
            self.level = if level { self.level + 1 } else { 0 };
            let move_number = plies.div_ceil(2) as u32;
            if move_number >= draw.from_move && self.level >= 2 * draw.moves {
                return Some(GameResult::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(v: i32) -> Option<Score> {
        Some(Score::Centipawns(v))
    }

    #[test]
    fn parses_and_rejects_with_what_it_expected() {
        assert_eq!("600/4".parse(), Ok(Resign { cp: 600, moves: 4 }));
        assert_eq!(
            "40/10/8".parse(),
            Ok(Draw {
                from_move: 40,
                cp: 10,
                moves: 8
            })
        );
        for bad in ["600", "600/0", "600/4/1", "a/4", "-600/4", "600/1000000"] {
            let e = bad.parse::<Resign>().unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("'{bad}' is not CP/MOVES, like 600/4")
            );
        }
        assert!("40/10".parse::<Draw>().is_err());
    }

    #[test]
    fn a_side_loses_only_when_both_agree_for_long_enough() {
        let rules = Adjudication {
            resign: Some(Resign { cp: 600, moves: 2 }),
            draw: None,
        };
        let mut watch = Watch::new(rules);
        // White sees itself winning, Black does not yet agree.
        assert_eq!(watch.see(Color::White, cp(700), 1), None);
        assert_eq!(watch.see(Color::Black, cp(-100), 2), None);
        assert_eq!(watch.see(Color::White, cp(800), 3), None);
        assert_eq!(watch.see(Color::Black, cp(-650), 4), None);
        assert_eq!(watch.see(Color::White, cp(900), 5), None);
        // Black's second losing score in a row, White's third winning one.
        assert_eq!(
            watch.see(Color::Black, Some(Score::Mate(-5)), 6),
            Some(GameResult::win_for(Color::White))
        );
        // A move without a score breaks the run.
        let mut watch = Watch::new(rules);
        watch.see(Color::White, cp(-700), 1);
        watch.see(Color::Black, cp(700), 2);
        watch.see(Color::White, None, 3);
        assert_eq!(watch.see(Color::Black, cp(700), 4), None);
    }

    #[test]
    fn a_draw_needs_level_scores_from_both_after_the_move_given() {
        let rules = Adjudication {
            resign: None,
            draw: Some(Draw {
                from_move: 3,
                cp: 10,
                moves: 2,
            }),
        };
        let mut watch = Watch::new(rules);
        // Four level plies, but only by move 2: too early.
        for ply in 1..=4 {
            assert_eq!(watch.see(Color::ALL[(ply + 1) % 2], cp(0), ply), None);
        }
        // Move 3 is reached with the run going on.
        assert_eq!(watch.see(Color::White, cp(5), 5), Some(GameResult::Draw));
        // One score out of the band starts the count again.
        let mut watch = Watch::new(rules);
        for ply in 1..=6 {
            let score = if ply == 5 { cp(11) } else { cp(-3) };
            assert_eq!(watch.see(Color::ALL[(ply + 1) % 2], score, ply), None);
        }
        assert_eq!(watch.see(Color::White, cp(0), 7), None);
        assert_eq!(watch.see(Color::Black, cp(0), 8), None);
        assert_eq!(watch.see(Color::White, cp(0), 9), Some(GameResult::Draw));
    }

    #[test]
    fn off_by_default() {
        let mut watch = Watch::new(Adjudication::default());
        for ply in 1..200 {
            assert_eq!(watch.see(Color::ALL[ply % 2], cp(5000), ply), None);
        }
    }
}
