//! Team events: teams with a roster in board order, a line-up per match, the boards'
//! results, and from them each match's game points and match points (AXF 2008 ch. 2 §4
//! 三: 局分 and 场分).
//!
//! A team event is paired and ranked as a tournament of teams ([`TeamEvent::teams_tournament`]):
//! one "player" per team, one "game" per match, won, drawn or lost by the game points,
//! scored in match points. The Berger tables, the Dutch system and the tie-breaks then
//! work on it unchanged; the tie-breaks that count game points (`:GP`, `BD1`) read
//! them from [`TeamEvent::game_points`]. docs/tournaments.md ("Team events") is the
//! reference.

mod file;
mod line_up;
mod pairing;
mod score;
mod standings;

use alloc::string::String;
use alloc::vec::Vec;

use crate::model::{Bye, GameResult};
use crate::scoring::ScoreSystem;

pub use file::{TeamFileError, from_tournament};
pub use line_up::{LineUpError, check_line_up};
pub use pairing::{pair_round_robin, pair_swiss};
pub use score::{MatchScore, MatchScoring};
pub use standings::{TeamOrder, default_team_order, standings};

/// A team's number in the event (its pairing number in the tournament of teams), from 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TeamId(pub u32);

impl TeamId {
    /// The team's index in [`TeamEvent::teams`].
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}

/// One player of a team's roster.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    /// 0 when unrated.
    pub rating: u16,
    /// AXF's technical fouls (技术犯规, AXF 2008 ch. 2 §7) over the event: the team's
    /// sum is its `FOUL` (§5 四 (H), 五 (G)).
    pub technical_fouls: u32,
}

/// A team: its roster in board order, the regulars (one per board) first and the
/// reserves after them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Team {
    pub id: TeamId,
    pub name: String,
    pub roster: Vec<Member>,
}

/// Who sits on each board of one side of a match: a roster position (from 0) per board,
/// `None` for a board left empty (lost by forfeit).
pub type LineUp = Vec<Option<usize>>;

/// One match of a round. The first-named team has White (Red) on the odd boards and
/// Black on the even ones, as FIDE's team events seat them (docs/rules.md): the side
/// that the pairing gives White in the tournament of teams.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub first: TeamId,
    pub second: TeamId,
    pub first_line_up: LineUp,
    pub second_line_up: LineUp,
    /// Board by board, the first team's player's result, for the boards where both sides
    /// sat someone; a board with an empty seat is scored from the line-ups (a forfeit
    /// for the side that left it empty, both sides if both did) whatever is here.
    pub results: Vec<GameResult>,
}

/// What one team did in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fixture {
    Match(Match),
    /// A round without an opponent: the pairing-allocated bye, a requested bye.
    Bye {
        team: TeamId,
        bye: Bye,
    },
}

/// The event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamEvent {
    pub name: String,
    /// `YYYY-MM-DD`: which edition of C.07 applies.
    pub start_date: String,
    /// Boards per match.
    pub boards: u32,
    /// The planned number of rounds.
    pub rounds: Option<u32>,
    /// What a game is worth: 1, ½, 0 (2017 art. 10.1, FIDE), or 2, 1, 0 (AXF 2008 ch. 2
    /// §4 一).
    pub scoring: ScoreSystem,
    pub match_scoring: MatchScoring,
    /// In pairing order (their numbers 1, 2, 3, ...).
    pub teams: Vec<Team>,
    /// Round by round, from round 1; a team in no fixture of a round was absent.
    pub fixtures: Vec<Vec<Fixture>>,
}

impl TeamEvent {
    /// An event with no teams yet.
    pub fn new(boards: u32, scoring: ScoreSystem) -> TeamEvent {
        TeamEvent {
            name: String::new(),
            start_date: String::new(),
            boards,
            rounds: None,
            scoring,
            match_scoring: MatchScoring::TWO_ONE_ZERO,
            teams: Vec::new(),
            fixtures: Vec::new(),
        }
    }

    pub fn team(&self, id: TeamId) -> &Team {
        &self.teams[id.index()]
    }

    /// The fixtures of round `round` (from 1), empty when not yet paired.
    pub fn round(&self, round: u32) -> &[Fixture] {
        self.fixtures
            .get(round as usize - 1)
            .map_or(&[], Vec::as_slice)
    }

    /// The default line-up: the regulars, board by board.
    pub fn regulars(&self, team: TeamId) -> LineUp {
        let size = self.team(team).roster.len();
        (0..self.boards as usize)
            .map(|b| (b < size).then_some(b))
            .collect()
    }

    /// The match of round `round` that `team` plays in, if any.
    pub fn match_of(&mut self, round: u32, team: TeamId) -> Option<&mut Match> {
        self.fixtures
            .get_mut(round as usize - 1)?
            .iter_mut()
            .find_map(|f| match f {
                Fixture::Match(m) if m.first == team || m.second == team => Some(m),
                _ => None,
            })
    }

    /// Sets `team`'s line-up for its match of round `round`, after checking it (the
    /// roster's order kept, no board left empty above a filled one).
    pub fn set_line_up(
        &mut self,
        round: u32,
        team: TeamId,
        line_up: LineUp,
    ) -> Result<(), LineUpError> {
        check_line_up(self, team, round, &line_up)?;
        let m = self
            .match_of(round, team)
            .ok_or(LineUpError::NoMatch { team, round })?;
        if m.first == team {
            m.first_line_up = line_up;
        } else {
            m.second_line_up = line_up;
        }
        Ok(())
    }
}
