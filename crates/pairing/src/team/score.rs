//! A match's score from its boards, and the event as a tournament of teams.
//!
//! AXF 2008 ch. 2 §4 三: each board's game scores game points (局分) under the event's
//! scoring; the team with more game points wins the match and scores 2 match points
//! (场分), the other 0; equal game points draw, 1 each. FIDE's team events score the
//! same way (2, 1, 0 match points), and the 2017 Inner Mongolia rules say nothing of
//! teams: every event defaults to 2, 1, 0 (docs/rules.md).

use alloc::vec::Vec;

use super::{Fixture, Match, TeamEvent};
use crate::model::{Bye, Colour, Entry, GameResult, Outcome, Player, PlayerId, Tournament};
use crate::points::Points;
use crate::scoring::ScoreSystem;
use crate::tiebreak::GamePoints;

/// What a match won, drawn and lost is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchScoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    /// The pairing-allocated bye (TRF 362's `P`): a match won unless the event says
    /// otherwise (Gacrux's default is a draw; docs/rules.md).
    pub pairing_bye: Points,
}

impl MatchScoring {
    /// AXF 2008 ch. 2 §4 三 (场分: 2, 1, 0), and FIDE's team events.
    pub const TWO_ONE_ZERO: MatchScoring = MatchScoring {
        win: Points::TWO,
        draw: Points::ONE,
        loss: Points::ZERO,
        pairing_bye: Points::TWO,
    };

    /// The tournament of teams' score system: a requested bye is worth what a game's
    /// is (a match won for a full-point bye, drawn for a half-point bye), a forfeited
    /// match is lost.
    pub fn score_system(&self) -> ScoreSystem {
        ScoreSystem {
            win: self.win,
            draw: self.draw,
            loss: self.loss,
            absent: self.loss,
            pairing_bye: self.pairing_bye,
        }
    }
}

/// One side's share of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seat {
    points: Points,
    won: bool,
    black_played: bool,
}

/// A match's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchScore {
    /// Game points (局分) of the first team and of the second.
    pub first: Points,
    pub second: Points,
    /// The first team's result: `Pending` while a board with two players has none;
    /// a forfeit when no game was played and one team scored nothing.
    pub result: GameResult,
    /// Whether neither team scored in a match without a game played: both lost.
    pub double_forfeit: bool,
}

impl Match {
    /// The colour of the first team's player on `board` (from 1): White on the odd
    /// boards.
    pub fn first_colour(board: u32) -> Colour {
        if board % 2 == 1 {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// The two sides' seats of each board.
    fn seats(&self, scoring: &ScoreSystem, boards: u32) -> Vec<(Seat, Seat)> {
        (0..boards as usize)
            .map(|b| {
                let first = self.first_line_up.get(b).copied().flatten();
                let second = self.second_line_up.get(b).copied().flatten();
                let result = match (first, second) {
                    (Some(_), Some(_)) => {
                        self.results.get(b).copied().unwrap_or(GameResult::Pending)
                    }
                    (Some(_), None) => GameResult::Forfeit { won: true },
                    (None, Some(_)) => GameResult::Forfeit { won: false },
                    (None, None) => {
                        let lost = Seat {
                            points: scoring.absent,
                            won: false,
                            black_played: false,
                        };
                        return (lost, lost);
                    }
                };
                let played = matches!(result, GameResult::Played { .. });
                let black_first = Match::first_colour(b as u32 + 1) == Colour::Black;
                let seat = |result: GameResult, black: bool| Seat {
                    points: scoring.result(result),
                    won: matches!(
                        result,
                        GameResult::Played {
                            outcome: Outcome::Win,
                            ..
                        } | GameResult::Forfeit { won: true }
                    ),
                    black_played: black && played,
                };
                (
                    seat(result, black_first),
                    seat(result.reversed(), !black_first),
                )
            })
            .collect()
    }

    /// The match's game points and result (AXF 2008 ch. 2 §4 三). A match in which no
    /// game was played over the board is played only if both teams scored; else it is
    /// a forfeit, lost by the team that scored nothing (both, when neither scored), as
    /// Gacrux reads a team file (docs/rules.md).
    pub fn score(&self, scoring: &ScoreSystem, boards: u32) -> MatchScore {
        let seats = self.seats(scoring, boards);
        let first: Points = seats.iter().map(|s| s.0.points).sum();
        let second: Points = seats.iter().map(|s| s.1.points).sum();
        let both_seated = |b: usize| {
            self.first_line_up.get(b).copied().flatten().is_some()
                && self.second_line_up.get(b).copied().flatten().is_some()
        };
        let result = |b: usize| self.results.get(b).copied().unwrap_or(GameResult::Pending);
        let pending = (0..boards as usize)
            .any(|b| both_seated(b) && matches!(result(b), GameResult::Pending));
        let any_played = (0..boards as usize)
            .any(|b| both_seated(b) && matches!(result(b), GameResult::Played { .. }));
        let played = any_played || (first > Points::ZERO && second > Points::ZERO);
        let outcome = match first.cmp(&second) {
            core::cmp::Ordering::Greater => Outcome::Win,
            core::cmp::Ordering::Equal => Outcome::Draw,
            core::cmp::Ordering::Less => Outcome::Loss,
        };
        let result = if pending {
            GameResult::Pending
        } else if played {
            GameResult::Played {
                outcome,
                rated: true,
            }
        } else {
            GameResult::Forfeit {
                won: outcome == Outcome::Win,
            }
        };
        MatchScore {
            first,
            second,
            result,
            double_forfeit: !pending && !played && outcome == Outcome::Draw,
        }
    }
}

impl TeamEvent {
    /// The event as a tournament of teams, scored in match points: team `n` is player
    /// `n`, rated the average of its regulars' ratings (those rated), its technical
    /// fouls its players' sum; each match a game, the first team White.
    pub fn teams_tournament(&self) -> Tournament {
        let regulars = self.boards as usize;
        let mut t = Tournament {
            name: self.name.clone(),
            start_date: self.start_date.clone(),
            kind: "Team".into(),
            rounds: self.rounds,
            scoring: self.match_scoring.score_system(),
            players: self
                .teams
                .iter()
                .map(|team| {
                    let rated: Vec<u32> = team
                        .roster
                        .iter()
                        .take(regulars)
                        .filter(|m| m.rating > 0)
                        .map(|m| u32::from(m.rating))
                        .collect();
                    let rating = match rated.len() as u32 {
                        0 => 0,
                        n => ((rated.iter().sum::<u32>() + n / 2) / n) as u16,
                    };
                    Player {
                        id: PlayerId(team.id.0),
                        name: team.name.clone(),
                        rating,
                        technical_fouls: team.roster.iter().map(|m| m.technical_fouls).sum(),
                        ..Player::default()
                    }
                })
                .collect(),
            ..Tournament::default()
        };
        for (r, fixtures) in self.fixtures.iter().enumerate() {
            let round = r as u32 + 1;
            for fixture in fixtures {
                match fixture {
                    Fixture::Match(m) => {
                        let (white, black) = (PlayerId(m.first.0), PlayerId(m.second.0));
                        let score = m.score(&self.scoring, self.boards);
                        if score.double_forfeit {
                            t.record_double_forfeit(round, white, black);
                        } else {
                            t.record(round, white, black, score.result);
                        }
                    }
                    Fixture::Bye { team, bye } => t.set(PlayerId(team.0), round, Entry::Bye(*bye)),
                }
            }
        }
        // A team in no fixture of a paired round was absent; in a round not yet paired
        // (byes already entered, as requested) it has no entry: it is to be paired.
        let paired = self
            .fixtures
            .iter()
            .rposition(|f| f.iter().any(|f| matches!(f, Fixture::Match(_))))
            .map_or(0, |r| r + 1);
        for player in &mut t.players {
            if player.rounds.len() < paired {
                player.rounds.resize(paired, Entry::Bye(Bye::Absent));
            }
        }
        t
    }

    /// Each team's game points round by round, games won, games with Black and first
    /// board's points: what the `:GP` tie-breaks and `BD1` count. A bye scores a game's
    /// bye on every board (the pairing-allocated bye: a win on each; docs/rules.md).
    pub fn game_points(&self) -> GamePoints {
        let n = self.teams.len();
        let rounds = self.fixtures.len();
        let boards = i64::from(self.boards);
        let mut games = GamePoints {
            rounds: alloc::vec![alloc::vec![self.scoring.absent; rounds]; n],
            win: Points(self.scoring.win.hundredths() * boards),
            draw: Points(self.scoring.draw.hundredths() * boards),
            games_won: alloc::vec![0; n],
            black_games: alloc::vec![0; n],
            first_board: alloc::vec![Points::ZERO; n],
        };
        for (r, fixtures) in self.fixtures.iter().enumerate() {
            for fixture in fixtures {
                match fixture {
                    Fixture::Match(m) => {
                        let seats = m.seats(&self.scoring, self.boards);
                        for (team, first) in [(m.first, true), (m.second, false)] {
                            let i = team.index();
                            let side = |s: &(Seat, Seat)| if first { s.0 } else { s.1 };
                            games.rounds[i][r] = seats.iter().map(|s| side(s).points).sum();
                            games.games_won[i] +=
                                seats.iter().filter(|s| side(s).won).count() as u32;
                            games.black_games[i] +=
                                seats.iter().filter(|s| side(s).black_played).count() as u32;
                            if let Some(s) = seats.first() {
                                games.first_board[i] += side(s).points;
                            }
                        }
                    }
                    Fixture::Bye { team, bye } => {
                        let i = team.index();
                        let each = self.scoring.bye(*bye);
                        games.rounds[i][r] = Points(each.hundredths() * boards);
                        games.first_board[i] += each;
                        if each == self.scoring.win {
                            games.games_won[i] += self.boards;
                        }
                    }
                }
            }
        }
        games
    }
}
