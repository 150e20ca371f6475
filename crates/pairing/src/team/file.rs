//! A team event from a TRF file: the players' rows as any TRF holds them, and the team
//! records that group them, TRF-16's `013` (name in columns 5-36, players' numbers in
//! 37-40, 42-45, ...) or TRF-2026's `310` (team number in 5-7, name in 9-40, players
//! from 74-77 on), in board order. Record `362` is the match scoring (as `162` is the
//! game's), `352` the boards' colours.
//!
//! A match is read from its players' games: the members of a team who played in a round
//! sit on its boards in roster order, and the k-th of one team must have met the k-th of
//! the other. The first team is the one with White on board 1; the colours must then
//! alternate board by board (352's `WB`), the only seating this model has.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::{Fixture, LineUp, Match, MatchScoring, Member, Team, TeamEvent, TeamId};
use crate::model::{Bye, Colour, Entry, GameResult, PlayerId, Tournament};

/// Why a file's teams cannot be read as a team event, with the record or the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamFileError {
    /// A team record (`013`, `310`, `362`, `352`) that cannot be read.
    Record(String),
    /// A team names a player who has no `001` record, or one another team names too.
    Player { team: String, player: u32 },
    /// In `round`, `team`'s players meet players of more than one team, or of none.
    Opponents { round: u32, team: String },
    /// In `round`, board `board` of `team`'s match: its player did not meet the other
    /// team's player on that board (the boards follow each roster's order).
    Board {
        round: u32,
        team: String,
        board: u32,
    },
    /// In `round`, `team`'s match has colours other than alternating from board 1.
    Colours { round: u32, team: String },
}

impl core::fmt::Display for TeamFileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TeamFileError::Record(line) => write!(f, "team record not understood: '{line}'"),
            TeamFileError::Player { team, player } => write!(
                f,
                "team '{team}' names player {player}, who has no 001 record or is in \
                 another team"
            ),
            TeamFileError::Opponents { round, team } => write!(
                f,
                "round {round}: team '{team}''s players do not all meet one other team"
            ),
            TeamFileError::Board { round, team, board } => write!(
                f,
                "round {round}: board {board} of team '{team}''s match: the players on it \
                 (by roster order) did not meet each other"
            ),
            TeamFileError::Colours { round, team } => write!(
                f,
                "round {round}: team '{team}''s match is not White, Black, White, ... \
                 from board 1 for one team (only that seating is read)"
            ),
        }
    }
}

/// Columns `from..to` (from 0) of a record, trimmed.
fn field(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from)
        .take(to.saturating_sub(from))
        .collect::<String>()
        .trim()
        .into()
}

/// The teams of a file read by [`crate::trf::read`] (its team records are among
/// `other_records`), or `None` when it has none.
pub fn from_tournament(t: &Tournament) -> Result<Option<TeamEvent>, TeamFileError> {
    let mut teams: Vec<(Team, Vec<PlayerId>)> = Vec::new();
    let mut match_scoring = MatchScoring::TWO_ONE_ZERO;
    let mut sequence_boards = None;
    for record in &t.other_records {
        let chars: Vec<char> = record.chars().collect();
        let bad = || TeamFileError::Record(record.clone());
        let (name, first_player) = match record.get(..3) {
            Some("013") => (field(&chars, 4, 36), 40),
            Some("310") => (field(&chars, 8, 40), 77),
            Some("362") => {
                let s = crate::trf::scores(&field(&chars, 4, chars.len())).ok_or_else(bad)?;
                match_scoring = MatchScoring {
                    win: s.win,
                    draw: s.draw,
                    loss: s.loss,
                    // Record 362 without `P`: a bye is a match won, as everywhere here.
                    pairing_bye: if record.contains(['P', 'p']) {
                        s.pairing_bye
                    } else {
                        s.win
                    },
                };
                continue;
            }
            Some("352") => {
                sequence_boards = Some(field(&chars, 4, chars.len()).len() as u32);
                continue;
            }
            _ => continue,
        };
        let mut players = Vec::new();
        let mut end = first_player;
        while end <= chars.len() {
            let text = field(&chars, end - 4, end);
            if !text.is_empty() {
                let number: u32 = text.parse().map_err(|_| bad())?;
                if number > 0 {
                    players.push(PlayerId(number));
                }
            }
            end += 5;
        }
        let id = TeamId(teams.len() as u32 + 1);
        teams.push((
            Team {
                id,
                name,
                roster: Vec::new(),
            },
            players,
        ));
    }
    if teams.is_empty() {
        return Ok(None);
    }
    // Each player's team and roster position.
    let mut seat: Vec<Option<(usize, usize)>> = vec![None; t.players.len()];
    for (ti, (team, players)) in teams.iter_mut().enumerate() {
        for (position, &id) in players.iter().enumerate() {
            let taken = seat.get(id.index()).copied();
            if id.0 == 0 || !matches!(taken, Some(None)) {
                return Err(TeamFileError::Player {
                    team: team.name.clone(),
                    player: id.0,
                });
            }
            seat[id.index()] = Some((ti, position));
            let p = t.player(id);
            team.roster.push(Member {
                name: p.name.clone(),
                rating: p.rating,
                technical_fouls: p.technical_fouls,
            });
        }
    }
    let rounds = t.rounds_entered();
    // Who of `team` had an opponent in `round`: (roster position, player), by position.
    let playing = |ti: usize, round: u32| -> Vec<(usize, PlayerId)> {
        teams[ti]
            .1
            .iter()
            .enumerate()
            .filter(|(_, id)| {
                t.player(**id)
                    .entry(round)
                    .and_then(|e| e.opponent())
                    .is_some()
            })
            .map(|(position, &id)| (position, id))
            .collect()
    };
    let boards = sequence_boards.unwrap_or_else(|| {
        (1..=rounds)
            .flat_map(|r| (0..teams.len()).map(move |ti| (r, ti)))
            .map(|(r, ti)| playing(ti, r).len() as u32)
            .max()
            .unwrap_or(1)
            .max(1)
    });
    let mut fixtures = Vec::new();
    for round in 1..=rounds {
        let mut done = vec![false; teams.len()];
        let mut this = Vec::new();
        for ti in 0..teams.len() {
            if done[ti] {
                continue;
            }
            let name = || teams[ti].0.name.clone();
            let ours = playing(ti, round);
            let Some(&(_, first_player)) = ours.first() else {
                // No game: the kind of bye its players had, the best first.
                let byes = teams[ti]
                    .1
                    .iter()
                    .filter_map(|id| match t.player(*id).entry(round) {
                        Some(Entry::Bye(bye)) => Some(*bye),
                        _ => None,
                    });
                let rank = |b: &Bye| match b {
                    Bye::PairingAllocated => 0,
                    Bye::FullPoint => 1,
                    Bye::HalfPoint => 2,
                    Bye::ZeroPoint => 3,
                    Bye::Absent => 4,
                };
                if let Some(bye) = byes.min_by_key(rank).filter(|b| *b != Bye::Absent) {
                    this.push(Fixture::Bye {
                        team: TeamId(ti as u32 + 1),
                        bye,
                    });
                }
                continue;
            };
            let opponent_of = |id: PlayerId| t.player(id).entry(round).and_then(|e| e.opponent());
            let team_of = |id: PlayerId| seat.get(id.index()).copied().flatten().map(|s| s.0);
            let tj = opponent_of(first_player).and_then(team_of);
            let Some(tj) = tj.filter(|&tj| {
                tj != ti
                    && ours
                        .iter()
                        .all(|&(_, id)| opponent_of(id).and_then(team_of) == Some(tj))
            }) else {
                return Err(TeamFileError::Opponents {
                    round,
                    team: name(),
                });
            };
            let theirs = playing(tj, round);
            for (b, &(_, id)) in ours.iter().enumerate() {
                let board = b as u32 + 1;
                if theirs.get(b).map(|&(_, o)| o) != opponent_of(id) {
                    return Err(TeamFileError::Board {
                        round,
                        team: name(),
                        board,
                    });
                }
            }
            if theirs.len() != ours.len() {
                return Err(TeamFileError::Board {
                    round,
                    team: name(),
                    board: ours.len() as u32 + 1,
                });
            }
            let colour = |id: PlayerId| match t.player(id).entry(round) {
                Some(Entry::Game { colour, .. }) => *colour,
                _ => Colour::White,
            };
            let ours_first = colour(first_player) == Colour::White;
            let (first, second, fi, si) = if ours_first {
                (&ours, &theirs, ti, tj)
            } else {
                (&theirs, &ours, tj, ti)
            };
            let mut results = Vec::new();
            for (b, &(_, id)) in first.iter().enumerate() {
                if colour(id) != Match::first_colour(b as u32 + 1) {
                    return Err(TeamFileError::Colours {
                        round,
                        team: name(),
                    });
                }
                results.push(match t.player(id).entry(round) {
                    Some(Entry::Game { result, .. }) => *result,
                    _ => GameResult::Pending,
                });
            }
            // After the boards played, those won by forfeit against an empty seat (the
            // player's full-point bye).
            let line_up = |side: &Vec<(usize, PlayerId)>, team: usize| -> LineUp {
                let mut l: LineUp = side.iter().map(|&(position, _)| Some(position)).collect();
                let forfeits = teams[team].1.iter().enumerate().filter(|(_, id)| {
                    t.player(**id).entry(round) == Some(&Entry::Bye(Bye::FullPoint))
                });
                l.extend(forfeits.map(|(position, _)| Some(position)));
                l.resize(boards as usize, None);
                l
            };
            done[ti] = true;
            done[tj] = true;
            this.push(Fixture::Match(Match {
                first: TeamId(fi as u32 + 1),
                second: TeamId(si as u32 + 1),
                first_line_up: line_up(first, fi),
                second_line_up: line_up(second, si),
                results,
            }));
        }
        fixtures.push(this);
    }
    Ok(Some(TeamEvent {
        name: t.name.clone(),
        start_date: t.start_date.clone(),
        boards,
        rounds: t.rounds,
        scoring: t.scoring,
        match_scoring,
        teams: teams.into_iter().map(|(team, _)| team).collect(),
        fixtures,
    }))
}

impl TeamEvent {
    /// The event as a TRF file holds it: every roster's players numbered team by team
    /// (team 1's from 1), their games board by board, and a `013` record a team in
    /// roster order, with `362` (the match scoring) and `352` (the boards' colours)
    /// after them, for [`crate::trf::write`]. A player whose opponent's board was left
    /// empty has a full-point bye (TRF's forfeit win without an opponent); a team's bye
    /// is its regulars'.
    pub fn players_tournament(&self) -> Tournament {
        let mut first_number = Vec::with_capacity(self.teams.len());
        let mut players = Vec::new();
        for team in &self.teams {
            first_number.push(players.len() as u32 + 1);
            for member in &team.roster {
                players.push(crate::model::Player {
                    id: PlayerId(players.len() as u32 + 1),
                    name: member.name.clone(),
                    rating: member.rating,
                    club: team.name.clone(),
                    technical_fouls: member.technical_fouls,
                    ..crate::model::Player::default()
                });
            }
        }
        let id =
            |team: TeamId, position: usize| PlayerId(first_number[team.index()] + position as u32);
        let mut records = Vec::new();
        for team in &self.teams {
            let mut record = alloc::format!("013 {:<32}", team.name);
            // Columns 37-40, then 42-45, ...
            for position in 0..team.roster.len() {
                let gap = if position == 0 { "" } else { " " };
                record += &alloc::format!("{gap}{:>4}", id(team.id, position).0);
            }
            records.push(record);
        }
        let m = &self.match_scoring;
        records.push(alloc::format!(
            // As record 162: a code every 9 characters from column 6, its points after it.
            "362  W{:>4}    D{:>4}    L{:>4}    P{:>4}",
            m.win.with_decimals(1),
            m.draw.with_decimals(1),
            m.loss.with_decimals(1),
            m.pairing_bye.with_decimals(1)
        ));
        records.push(alloc::format!(
            "352 {}",
            (1..=self.boards)
                .map(|b| if Match::first_colour(b) == Colour::White {
                    'W'
                } else {
                    'B'
                })
                .collect::<String>()
        ));
        let mut t = Tournament {
            name: self.name.clone(),
            start_date: self.start_date.clone(),
            rounds: self.rounds,
            scoring: self.scoring,
            players,
            other_records: records,
            ..Tournament::default()
        };
        for (r, fixtures) in self.fixtures.iter().enumerate() {
            let round = r as u32 + 1;
            for fixture in fixtures {
                match fixture {
                    Fixture::Match(m) => {
                        for b in 0..self.boards as usize {
                            let seat = |line_up: &LineUp, team| {
                                line_up.get(b).copied().flatten().map(|p| id(team, p))
                            };
                            let (a, z) = (
                                seat(&m.first_line_up, m.first),
                                seat(&m.second_line_up, m.second),
                            );
                            match (a, z) {
                                (Some(a), Some(z)) => {
                                    let result =
                                        m.results.get(b).copied().unwrap_or(GameResult::Pending);
                                    if Match::first_colour(b as u32 + 1) == Colour::White {
                                        t.record(round, a, z, result);
                                    } else {
                                        t.record(round, z, a, result.reversed());
                                    }
                                }
                                (Some(p), None) | (None, Some(p)) => {
                                    t.set(p, round, Entry::Bye(Bye::FullPoint));
                                }
                                (None, None) => {}
                            }
                        }
                    }
                    Fixture::Bye { team, bye } => {
                        let size = self.team(*team).roster.len().min(self.boards as usize);
                        for position in 0..size {
                            t.set(id(*team, position), round, Entry::Bye(*bye));
                        }
                    }
                }
            }
        }
        let rounds = self.fixtures.len();
        for p in &mut t.players {
            p.rounds.resize(rounds, Entry::Bye(Bye::Absent));
        }
        t
    }
}
