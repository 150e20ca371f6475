//! The referee: plays one game between two players and decides it. The rules crate's
//! [`AnyGameRecord`] checks every move and ends the game at mate, stalemate, a dead
//! position, an automatic draw or (in Xiangqi) a repetition ruling or the move limit; the referee claims the claimable
//! draws (threefold repetition, fifty moves) for the side to move when it may and its own
//! score says it is not ahead, keeps the clocks, and ends the game when a player fails: an illegal move, a crash, a hang, or a
//! fallen flag. A game that reaches the ply cap is adjudicated a draw, and with
//! [`Adjudication`] asked for, a game both players score as decided or as level ends early.

use std::time::Instant;

use shatar_engine::{Delay, GameClock};
use shatar_rules::{
    AnyGamePosition, AnyGameRecord, Claim, ClaimVerdict, Color, GameMove, GameResult, Outcome,
};

use super::adjudication::{Adjudication, Watch};
use super::player::{Fault, Player, Turn};
use super::spec::{PlayerSpec, TimeControl};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// By the rules: mate, stalemate, a dead position, an automatic draw, or a draw the
    /// referee claimed.
    Rules(Outcome),
    /// `loser`'s flag fell; a draw when the other side could not have mated (art. 6.9).
    Time { loser: Color, drawn: bool },
    /// `culprit` made no legal move, and loses.
    Fault { culprit: Color, fault: Fault },
    /// The ply cap was reached: adjudicated a draw.
    Cap,
    /// Both players' scores decided it (`--resign`, `--draw`).
    Adjudicated(GameResult),
}

impl End {
    pub fn result(&self) -> GameResult {
        match self {
            End::Rules(o) => o.result,
            End::Time { drawn: true, .. } | End::Cap => GameResult::Draw,
            End::Adjudicated(result) => *result,
            End::Time { loser, .. } | End::Fault { culprit: loser, .. } => {
                GameResult::win_for(loser.other())
            }
        }
    }

    /// A short description, the same for every game that ended this way.
    pub fn kind(&self) -> String {
        match self {
            End::Rules(o) => o.reason.description().to_string(),
            End::Time { drawn: false, .. } => "time forfeit".into(),
            End::Time { drawn: true, .. } => "flag fell, no mating material (draw)".into(),
            End::Fault { fault, .. } => match fault {
                Fault::Illegal { .. } => "illegal move".into(),
                Fault::NoMove => "no move".into(),
                Fault::Crashed(_) => "crash".into(),
                Fault::Hung => "hang".into(),
            },
            End::Cap => "ply cap (adjudicated draw)".into(),
            End::Adjudicated(GameResult::Draw) => "scores level (adjudicated draw)".into(),
            End::Adjudicated(_) => "scores decided (adjudicated win)".into(),
        }
    }

    /// The PGN `Termination` tag.
    pub fn termination(&self) -> &'static str {
        match self {
            End::Rules(_) => "normal",
            End::Time { .. } => "time forfeit",
            End::Fault {
                fault: Fault::Illegal { .. } | Fault::NoMove,
                ..
            } => "rules infraction",
            End::Fault { .. } => "abandoned",
            End::Cap | End::Adjudicated(_) => "adjudication",
        }
    }
}

/// What one side did over a game.
#[derive(Clone, Copy, Debug, Default)]
pub struct SideStats {
    pub moves: u64,
    /// Over the moves whose depth (nodes) the player reported.
    pub depth_sum: u64,
    pub depth_moves: u64,
    pub nodes_sum: u64,
    pub nodes_moves: u64,
    pub time_ms: u64,
}

/// A finished game.
pub struct Played {
    pub record: AnyGameRecord,
    pub end: End,
    /// By colour.
    pub stats: [SideStats; 2],
}

/// How a game is played apart from its players.
pub struct Setup {
    pub opening: AnyGamePosition,
    pub max_plies: usize,
    /// Tolerance on the clock for the time between the move and the measurement.
    pub margin_ms: u64,
    /// By colour.
    pub seeds: [u64; 2],
    pub adjudication: Adjudication,
}

/// One side's clock during a game.
struct Clock {
    tc: TimeControl,
    remaining_ms: u64,
    moves: u32,
}

impl Clock {
    fn view(&self) -> GameClock {
        GameClock {
            remaining_ms: self.remaining_ms,
            increment_ms: self.tc.increment_ms,
            delay: if self.tc.delay_ms > 0 {
                Delay::Simple(self.tc.delay_ms)
            } else {
                Delay::None
            },
            moves_to_go: self.tc.moves.map(|m| m - self.moves % m),
        }
    }

    /// Charges a move that took `used_ms`; false if the flag fell.
    fn charge(&mut self, used_ms: u64, margin_ms: u64) -> bool {
        // Simple delay (2017 art. 6.3.2): the base time runs only after the delay.
        let charged = used_ms.saturating_sub(self.tc.delay_ms);
        if charged > self.remaining_ms + margin_ms {
            return false;
        }
        self.remaining_ms = self.remaining_ms.saturating_sub(charged) + self.tc.increment_ms;
        self.moves += 1;
        if self.tc.moves.is_some_and(|m| self.moves.is_multiple_of(m)) {
            self.remaining_ms += self.tc.base_ms;
        }
        true
    }
}

/// Plays a game; `players` and `specs` are by colour (white first).
pub fn play(setup: &Setup, players: [&mut dyn Player; 2], specs: [&PlayerSpec; 2]) -> Played {
    let mut record = AnyGameRecord::new(setup.opening);
    let mut clocks = specs.map(|s| {
        s.time_control.map(|tc| Clock {
            tc,
            remaining_ms: tc.base_ms,
            moves: 0,
        })
    });
    let mut stats = [SideStats::default(); 2];
    let mut watch = Watch::new(setup.adjudication);
    let mut players = players;
    for (color, player) in Color::ALL.into_iter().zip(players.iter_mut()) {
        if let Err(fault) = player.new_game() {
            return Played {
                record,
                end: End::Fault {
                    culprit: color,
                    fault,
                },
                stats,
            };
        }
    }
    let end = loop {
        if let Some(outcome) = record.outcome() {
            break End::Rules(outcome);
        }
        if record.len() >= setup.max_plies {
            break End::Cap;
        }
        let color = record.position().turn();
        let side = color.index();
        let turn = Turn {
            record: &record,
            clocks: clocks.each_ref().map(|c| c.as_ref().map(Clock::view)),
            seed: setup.seeds[side],
        };
        let started = Instant::now();
        let answer = players[side].choose(&turn);
        let used_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let answer = match answer {
            Ok(a) => a,
            Err(fault) => {
                break End::Fault {
                    culprit: color,
                    fault,
                };
            }
        };
        let s = &mut stats[side];
        s.moves += 1;
        s.time_ms += used_ms;
        if let Some(d) = answer.depth {
            (s.depth_sum, s.depth_moves) = (s.depth_sum + u64::from(d), s.depth_moves + 1);
        }
        if let Some(n) = answer.nodes {
            (s.nodes_sum, s.nodes_moves) = (s.nodes_sum + n, s.nodes_moves + 1);
        }
        if let Some(clock) = &mut clocks[side]
            && !clock.charge(used_ms, setup.margin_ms)
        {
            // 2017 art. 6.9: a flag fall loses, unless the opponent cannot mate at all; in
            // Xiangqi it loses whatever is left.
            let drawn = record.position().flag_outcome(color).result == GameResult::Draw;
            break End::Time {
                loser: color,
                drawn,
            };
        }
        // A draw is claimed for the player to move as a player would claim it: only when
        // the rules let it (art. 9.2, 9.3: now, or by announcing the move that makes the
        // draw) and its own search says it is not ahead. A player that is winning plays
        // on, and the automatic fivefold and 75-move draws end what it cannot win.
        if answer.content_with_a_draw()
            && let Some(outcome) = claim_draw(&mut record, answer.m)
        {
            break End::Rules(outcome);
        }
        if let Err(e) = record.play(answer.m) {
            let fault = Fault::Illegal {
                text: answer.m.to_string(),
                reason: e.to_string(),
            };
            break End::Fault {
                culprit: color,
                fault,
            };
        }
        // The rules' own end, if the move made one, comes first.
        if record.outcome().is_none()
            && let Some(result) = watch.see(color, answer.score, record.len())
        {
            break End::Adjudicated(result);
        }
    };
    Played { record, end, stats }
}

/// Claims for the side to move a draw the rules let it claim now or by announcing `m`
/// (art. 9.2, 9.3); the outcome if the claim holds, and nothing changes otherwise.
/// Xiangqi's draws end the game by themselves: nothing is claimed there.
fn claim_draw(record: &mut AnyGameRecord, m: GameMove) -> Option<Outcome> {
    let claim = if record.claimable_draw().is_some() {
        Claim::Now
    } else {
        record.claimable_draw_with(m)?;
        let GameMove::Board8(m) = m else {
            return None;
        };
        Claim::WithMove(m)
    };
    match record.claim_draw(claim) {
        Ok(ClaimVerdict::Drawn(outcome)) => Some(outcome),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::player::Answer;
    use shatar_engine::Score;
    use shatar_rules::{EndReason, GameKind, Move, Ruleset};

    /// Plays the first legal move, or a fixed illegal one, and reports `score`.
    struct Scripted {
        illegal: bool,
        score: Option<Score>,
    }

    impl Scripted {
        fn new(illegal: bool) -> Self {
            Scripted {
                illegal,
                score: None,
            }
        }
    }

    impl Player for Scripted {
        fn new_game(&mut self) -> Result<(), Fault> {
            Ok(())
        }
        fn choose(&mut self, turn: &Turn<'_>) -> Result<Answer, Fault> {
            let legal = turn.record.position().legal_moves();
            // Back from where the first legal move goes: an empty square, or the wrong piece.
            let m = match legal[0] {
                GameMove::Board8(first) if self.illegal => {
                    GameMove::Board8(Move::normal(first.to(), first.from()))
                }
                first => first,
            };
            Ok(Answer {
                m,
                depth: None,
                nodes: None,
                score: self.score,
            })
        }
    }

    fn setup(fen: &str, ruleset: Ruleset, max_plies: usize) -> Setup {
        Setup {
            opening: AnyGamePosition::from_fen(GameKind::Board8(ruleset), fen).unwrap(),
            max_plies,
            margin_ms: 0,
            seeds: [0, 0],
            adjudication: Adjudication::default(),
        }
    }

    #[test]
    fn an_illegal_move_loses() {
        let spec = PlayerSpec::parse("depth=1").unwrap();
        let (mut good, mut bad) = (Scripted::new(false), Scripted::new(true));
        let s = setup("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Ruleset::Mongolian, 100);
        let played = play(&s, [&mut bad, &mut good], [&spec, &spec]);
        assert!(matches!(
            played.end,
            End::Fault {
                culprit: Color::White,
                fault: Fault::Illegal { .. }
            }
        ));
        assert_eq!(played.end.result(), GameResult::BlackWins);
    }

    #[test]
    fn agreed_scores_end_the_game_when_adjudication_is_asked_for() {
        use crate::arena::adjudication::{Draw, Resign};
        let spec = PlayerSpec::parse("depth=1").unwrap();
        let shuffle = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let scored = |cp| Scripted {
            illegal: false,
            score: Some(Score::Centipawns(cp)),
        };
        let resign = Adjudication {
            resign: Some(Resign { cp: 600, moves: 2 }),
            draw: None,
        };
        let s = Setup {
            adjudication: resign,
            ..setup(shuffle, Ruleset::Mongolian, 500)
        };
        // Black agrees it is lost on its second move: the fourth ply.
        let (mut white, mut black) = (scored(700), scored(-700));
        let played = play(&s, [&mut white, &mut black], [&spec, &spec]);
        assert_eq!(played.end, End::Adjudicated(GameResult::WhiteWins));
        assert_eq!(played.record.len(), 4);
        assert_eq!(played.end.termination(), "adjudication");
        // Only one side thinks it is winning: the game goes on to the rules' end.
        let (mut white, mut black) = (scored(700), scored(-50));
        let played = play(&s, [&mut white, &mut black], [&spec, &spec]);
        assert!(matches!(played.end, End::Rules(_)), "{:?}", played.end);
        let draw = Adjudication {
            resign: None,
            draw: Some(Draw {
                from_move: 2,
                cp: 10,
                moves: 1,
            }),
        };
        let s = Setup {
            adjudication: draw,
            ..setup(shuffle, Ruleset::Mongolian, 500)
        };
        let (mut white, mut black) = (scored(5), scored(-5));
        let played = play(&s, [&mut white, &mut black], [&spec, &spec]);
        assert_eq!(played.end, End::Adjudicated(GameResult::Draw));
        assert_eq!(played.record.len(), 3);
    }

    #[test]
    fn draws_are_claimed_only_by_a_player_not_ahead_and_the_cap_adjudicates() {
        let spec = PlayerSpec::parse("depth=1").unwrap();
        // Kings and rooks shuffle: the first legal move again and again repeats.
        let shuffle = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let content = |cp| Scripted {
            illegal: false,
            score: Some(Score::Centipawns(cp)),
        };
        // Black, not ahead, claims the threefold repetition as soon as it may.
        let (mut a, mut b) = (content(50), content(-50));
        let played = play(
            &setup(shuffle, Ruleset::Mongolian, 500),
            [&mut a, &mut b],
            [&spec, &spec],
        );
        let End::Rules(outcome) = played.end else {
            panic!("{:?}", played.end)
        };
        assert_eq!(outcome.reason, EndReason::ThreefoldRepetition);
        // Both ahead by their own reckoning: no claim, the fivefold repetition ends it.
        let (mut a, mut b) = (content(50), content(50));
        let played = play(
            &setup(shuffle, Ruleset::Mongolian, 500),
            [&mut a, &mut b],
            [&spec, &spec],
        );
        let End::Rules(outcome) = played.end else {
            panic!("{:?}", played.end)
        };
        assert_eq!(outcome.reason, EndReason::FivefoldRepetition);
        let (mut a, mut b) = (Scripted::new(false), Scripted::new(false));
        let capped = play(
            &setup(shuffle, Ruleset::Mongolian, 3),
            [&mut a, &mut b],
            [&spec, &spec],
        );
        assert_eq!(capped.end, End::Cap);
        assert_eq!(capped.record.len(), 3);
    }

    #[test]
    fn clocks_run_and_flags_fall() {
        let tc = TimeControl {
            moves: Some(2),
            base_ms: 1000,
            increment_ms: 100,
            delay_ms: 50,
        };
        let mut clock = Clock {
            tc,
            remaining_ms: 1000,
            moves: 0,
        };
        assert_eq!(clock.view().moves_to_go, Some(2));
        assert!(clock.charge(250, 0));
        assert_eq!(clock.remaining_ms, 1000 - 200 + 100);
        assert!(clock.charge(0, 0));
        assert_eq!(clock.remaining_ms, 900 + 100 + 1000, "a new period");
        assert!(!clock.charge(5000, 0));
    }
}
