//! A team's line-up for a match, checked against its roster: the board order is the
//! roster's order (a reserve may play, and a player never plays above a player listed
//! before him), and the boards left empty are the last ones.

use alloc::string::String;

use super::{LineUp, TeamEvent, TeamId};

/// Why a line-up cannot be used, with the round, the team, the board and the players,
/// for the director to correct it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineUpError {
    /// The team has no match in that round (a bye, or not paired yet).
    NoMatch { team: TeamId, round: u32 },
    /// Not one seat per board.
    Boards {
        team: TeamId,
        round: u32,
        boards: u32,
        given: usize,
    },
    /// A roster position the roster does not have.
    UnknownMember {
        team: TeamId,
        round: u32,
        board: u32,
        position: usize,
    },
    /// `player` on `board` is listed after `above`, who plays lower (on `above_board`),
    /// or is the same player: the roster's order is the board order.
    OutOfOrder {
        team: TeamId,
        round: u32,
        board: u32,
        player: String,
        above_board: u32,
        above: String,
    },
    /// A board left empty above a board with a player: the empty boards are the last
    /// ones, so that leaving a board empty never moves a player up against a weaker
    /// opponent (docs/rules.md).
    EmptyAbove {
        team: TeamId,
        round: u32,
        empty_board: u32,
        board: u32,
    },
}

/// Checks `line_up` for `team`'s match of round `round`.
pub fn check_line_up(
    event: &TeamEvent,
    team: TeamId,
    round: u32,
    line_up: &LineUp,
) -> Result<(), LineUpError> {
    let roster = &event.team(team).roster;
    if line_up.len() != event.boards as usize {
        return Err(LineUpError::Boards {
            team,
            round,
            boards: event.boards,
            given: line_up.len(),
        });
    }
    // The last filled board so far: (board, roster position).
    let mut previous: Option<(u32, usize)> = None;
    let mut first_empty: Option<u32> = None;
    for (b, seat) in line_up.iter().enumerate() {
        let board = b as u32 + 1;
        let Some(position) = *seat else {
            first_empty.get_or_insert(board);
            continue;
        };
        if let Some(empty_board) = first_empty {
            return Err(LineUpError::EmptyAbove {
                team,
                round,
                empty_board,
                board,
            });
        }
        let Some(member) = roster.get(position) else {
            return Err(LineUpError::UnknownMember {
                team,
                round,
                board,
                position,
            });
        };
        if let Some((above_board, above)) = previous.filter(|&(_, p)| p >= position) {
            return Err(LineUpError::OutOfOrder {
                team,
                round,
                board,
                player: member.name.clone(),
                above_board,
                above: roster[above].name.clone(),
            });
        }
        previous = Some((board, position));
    }
    Ok(())
}

impl core::fmt::Display for LineUpError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            LineUpError::NoMatch { team, round } => {
                write!(f, "round {round}: team {} has no match to line up", team.0)
            }
            LineUpError::Boards {
                team,
                round,
                boards,
                given,
            } => write!(
                f,
                "round {round}, team {}: {given} seats given for {boards} boards (leave a \
                 board empty rather than out)",
                team.0
            ),
            LineUpError::UnknownMember {
                team,
                round,
                board,
                position,
            } => write!(
                f,
                "round {round}, team {}, board {board}: the roster has no player {}",
                team.0,
                position + 1
            ),
            LineUpError::OutOfOrder {
                team,
                round,
                board,
                player,
                above_board,
                above,
            } => {
                let team = team.0;
                if player == above {
                    write!(
                        f,
                        "round {round}, team {team}: {player} is on board {above_board} and \
                         on board {board}"
                    )
                } else {
                    write!(
                        f,
                        "round {round}, team {team}: {player} (board {board}) is listed before \
                         {above} (board {above_board}) in the roster, so must play above him: \
                         the boards follow the roster's order"
                    )
                }
            }
            LineUpError::EmptyAbove {
                team,
                round,
                empty_board,
                board,
            } => write!(
                f,
                "round {round}, team {}: board {empty_board} is left empty above board \
                 {board}; empty boards must be the last ones",
                team.0
            ),
        }
    }
}
