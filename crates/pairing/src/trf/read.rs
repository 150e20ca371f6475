//! Reading a TRF file into a [`Tournament`].

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::error::{TrfError, TrfErrorKind};
use crate::model::{
    Bye, Colour, Entry, FirstColour, GameResult, Outcome, Player, PlayerId, Tournament,
};
use crate::points::Points;
use crate::scoring::ScoreSystem;

/// The 0-based character index where round 1's opponent starts in a `001` record; each
/// round takes 10 characters: `  NNNN c r` (C.04 Annex 2).
const FIRST_ROUND: usize = 91;
const ROUND_WIDTH: usize = 10;

/// Reads a TRF-16 or TRF-2026 file. Unknown records are kept in
/// [`Tournament::other_records`]; the rows are checked against each other.
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut t = Tournament::default();
    let mut player_lines: Vec<(u32, usize)> = Vec::new();
    let mut prohibited_lines: Vec<usize> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim_end_matches('\r');
        let chars: Vec<char> = line.chars().collect();
        if chars.iter().all(|c| c.is_whitespace()) {
            continue;
        }
        let record: String = chars.iter().take(3).collect();
        let value = || -> String { chars.iter().skip(4).collect::<String>().trim().to_string() };
        let at = |column: usize, kind: TrfErrorKind| TrfError {
            line: number,
            column: column + 1,
            kind,
        };
        match record.as_str() {
            "001" => {
                let player = player(&chars, &at)?;
                if player_lines.iter().any(|(id, _)| *id == player.id.0) {
                    return Err(at(4, TrfErrorKind::DuplicatePlayer(player.id.0)));
                }
                player_lines.push((player.id.0, number));
                t.players.push(player);
            }
            "012" => t.name = value(),
            "022" => t.city = value(),
            "032" => t.federation = value(),
            "042" => t.start_date = value(),
            "052" => t.end_date = value(),
            "092" => t.kind = value(),
            "102" => t.chief_arbiter = value(),
            "122" => t.time_control = value(),
            // Counts of players: written from the players, not kept.
            "062" | "072" => {}
            "142" | "XXR" => {
                let text = value();
                let rounds = text.split_whitespace().next().unwrap_or("");
                t.rounds = Some(rounds.parse().map_err(|_| {
                    at(
                        4,
                        TrfErrorKind::Number {
                            field: "number of rounds",
                            found: text.clone(),
                        },
                    )
                })?);
            }
            "152" => {
                t.first_colour = Some(match value().to_ascii_uppercase().as_str() {
                    "W" | "WHITE" => FirstColour::White,
                    "B" | "BLACK" => FirstColour::Black,
                    other => return Err(at(4, TrfErrorKind::FirstColour(other.to_string()))),
                })
            }
            // bbpPairings' and JaVaFo's configuration: `white1`/`black1` name player 1's
            // colour in round 1; other words (`rank`, ...) are theirs and are kept.
            "XXC" => {
                let mut rest = Vec::new();
                let words = value();
                for word in words.split_whitespace() {
                    match word.to_ascii_lowercase().as_str() {
                        "white1" => t.first_colour = Some(FirstColour::White),
                        "black1" => t.first_colour = Some(FirstColour::Black),
                        _ => rest.push(word),
                    }
                }
                if !rest.is_empty() {
                    t.other_records
                        .push(alloc::format!("XXC {}", rest.join(" ")));
                }
            }
            "162" => t.scoring = score_system(&chars, &at)?,
            "260" => {
                t.prohibited.push(prohibited(&chars, &at)?);
                prohibited_lines.push(number);
            }
            "250" => t.accelerations.push(acceleration(&chars, &at)?),
            "212" => t.tie_breaks = Some(value()),
            "202" if t.tie_breaks.is_none() => t.tie_breaks = Some(value()),
            _ => t.other_records.push(line.to_string()),
        }
    }
    t.players.sort_by_key(|p| p.id);
    for (index, player) in t.players.iter().enumerate() {
        let expected = index as u32 + 1;
        if player.id.0 != expected {
            let line = player_lines
                .iter()
                .find(|(id, _)| *id == player.id.0)
                .map_or(0, |(_, l)| *l);
            return Err(TrfError {
                line,
                column: 5,
                kind: TrfErrorKind::Numbering { missing: expected },
            });
        }
    }
    for (group, &line) in t.prohibited.iter().zip(&prohibited_lines) {
        if let Some(unknown) = group
            .players
            .iter()
            .find(|p| p.0 == 0 || p.index() >= t.players.len())
        {
            return Err(TrfError {
                line,
                column: 13,
                kind: TrfErrorKind::UnknownPlayer(unknown.0),
            });
        }
    }
    t.check().map_err(|e| {
        let player = match &e {
            crate::model::ModelError::Numbering { found } => *found,
            crate::model::ModelError::UnknownOpponent { player, .. }
            | crate::model::ModelError::Mismatch { player, .. } => *player,
        };
        let round = match &e {
            crate::model::ModelError::UnknownOpponent { round, .. }
            | crate::model::ModelError::Mismatch { round, .. } => *round as usize,
            crate::model::ModelError::Numbering { .. } => 0,
        };
        let line = player_lines
            .iter()
            .find(|(id, _)| *id == player.0)
            .map_or(0, |(_, l)| *l);
        let column = if round == 0 {
            5
        } else {
            FIRST_ROUND + (round - 1) * ROUND_WIDTH + 1
        };
        TrfError {
            line,
            column,
            kind: TrfErrorKind::Crosstable(e),
        }
    })?;
    Ok(t)
}

/// Characters `from..to` (0-based, clipped to the line), trimmed.
fn field(chars: &[char], from: usize, to: usize) -> String {
    let to = to.min(chars.len());
    if from >= to {
        return String::new();
    }
    chars[from..to]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn number<T: core::str::FromStr>(
    chars: &[char],
    from: usize,
    to: usize,
    name: &'static str,
    at: &dyn Fn(usize, TrfErrorKind) -> TrfError,
) -> Result<Option<T>, TrfError> {
    let text = field(chars, from, to);
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| {
        at(
            from,
            TrfErrorKind::Number {
                field: name,
                found: text,
            },
        )
    })
}

/// A `001` record (C.04 Annex 2's columns, here 0-based).
fn player(
    chars: &[char],
    at: &dyn Fn(usize, TrfErrorKind) -> TrfError,
) -> Result<Player, TrfError> {
    let id: u32 = number(chars, 4, 8, "starting rank", at)?.ok_or_else(|| {
        at(
            4,
            TrfErrorKind::Number {
                field: "starting rank",
                found: String::new(),
            },
        )
    })?;
    if id == 0 {
        return Err(at(
            4,
            TrfErrorKind::Number {
                field: "starting rank",
                found: "0".into(),
            },
        ));
    }
    let stated_points = {
        let text = field(chars, 80, 84);
        if text.is_empty() {
            None
        } else {
            Some(Points::parse(&text).ok_or_else(|| {
                at(
                    80,
                    TrfErrorKind::Number {
                        field: "points",
                        found: text.clone(),
                    },
                )
            })?)
        }
    };
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND;
    while start < chars.len() {
        let segment = field(chars, start, start + 8);
        if segment.is_empty() {
            // A round with nothing in it: not paired.
            rounds.push(Entry::Bye(Bye::Absent));
        } else {
            rounds.push(round(chars, start, at)?);
        }
        start += ROUND_WIDTH;
    }
    // Trailing rounds with nothing entered are rounds not yet paired, not absences.
    while rounds.last() == Some(&Entry::Bye(Bye::Absent))
        && field(
            chars,
            FIRST_ROUND + (rounds.len() - 1) * ROUND_WIDTH,
            chars.len(),
        )
        .is_empty()
    {
        rounds.pop();
    }
    Ok(Player {
        id: PlayerId(id),
        sex: field(chars, 9, 10),
        title: field(chars, 10, 13),
        name: field(chars, 14, 47),
        rating: number(chars, 48, 52, "rating", at)?.unwrap_or(0),
        federation: field(chars, 53, 56),
        fide_id: field(chars, 57, 68),
        birth: field(chars, 69, 79),
        stated_points,
        stated_rank: number(chars, 85, 89, "rank", at)?,
        rounds,
        ..Player::default()
    })
}

/// One round of a `001` record, `start` being its opponent's first character.
fn round(
    chars: &[char],
    start: usize,
    at: &dyn Fn(usize, TrfErrorKind) -> TrfError,
) -> Result<Entry, TrfError> {
    let opponent: u32 = number(chars, start, start + 4, "opponent", at)?.unwrap_or(0);
    let char_at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    let colour = char_at(start + 5);
    let result = char_at(start + 7);
    if opponent == 0 {
        if !matches!(colour, '-' | ' ') {
            return Err(at(start + 5, TrfErrorKind::Colour(colour)));
        }
        let bye = match result {
            'U' => Bye::PairingAllocated,
            'F' | '+' | '1' | 'W' => Bye::FullPoint,
            'H' | '=' | 'D' => Bye::HalfPoint,
            'Z' | '0' | 'L' => Bye::ZeroPoint,
            '-' | ' ' => Bye::Absent,
            other => return Err(at(start + 7, TrfErrorKind::Result(other))),
        };
        return Ok(Entry::Bye(bye));
    }
    let colour = match colour {
        'w' | 'W' => Colour::White,
        'b' | 'B' => Colour::Black,
        '-' | ' ' => return Err(at(start + 5, TrfErrorKind::NoColour)),
        other => return Err(at(start + 5, TrfErrorKind::Colour(other))),
    };
    let played = |outcome, rated| GameResult::Played { outcome, rated };
    let result = match result {
        '1' => played(Outcome::Win, true),
        '=' => played(Outcome::Draw, true),
        '0' => played(Outcome::Loss, true),
        'W' => played(Outcome::Win, false),
        'D' => played(Outcome::Draw, false),
        'L' => played(Outcome::Loss, false),
        '+' => GameResult::Forfeit { won: true },
        '-' => GameResult::Forfeit { won: false },
        ' ' | '*' => GameResult::Pending,
        other => return Err(at(start + 7, TrfErrorKind::Result(other))),
    };
    Ok(Entry::Game {
        opponent: PlayerId(opponent),
        colour,
        result,
    })
}

/// Record 260: `260 FFF LLL  NNNN NNNN ...`, the first and last rounds (the last blank
/// for the first alone) and the players, in 5-character fields from column 13.
fn prohibited(
    chars: &[char],
    at: &dyn Fn(usize, TrfErrorKind) -> TrfError,
) -> Result<crate::model::Prohibited, TrfError> {
    let first: u32 = number(chars, 4, 7, "first round", at)?.unwrap_or(1);
    let last: u32 = number(chars, 8, 11, "last round", at)?.unwrap_or(first);
    let mut players = Vec::new();
    let mut start = 11;
    while start < chars.len() {
        if let Some(id) = number::<u32>(chars, start, start + 5, "player", at)? {
            players.push(PlayerId(id));
        }
        start += 5;
    }
    Ok(crate::model::Prohibited {
        first_round: first,
        last_round: last,
        players,
    })
}

/// Record 250: `250 MMMM GGGG FFF LLL NNNN NNNN`, the virtual points of a team event
/// (match points) and of an individual one (game points, the ones read here; the match
/// points when they are blank), the first and last rounds, the first and last players.
fn acceleration(
    chars: &[char],
    at: &dyn Fn(usize, TrfErrorKind) -> TrfError,
) -> Result<crate::model::Acceleration, TrfError> {
    let points = |from: usize, to: usize| -> Result<Option<Points>, TrfError> {
        let text = field(chars, from, to);
        if text.is_empty() {
            return Ok(None);
        }
        Points::parse(&text).map(Some).ok_or_else(|| {
            at(
                from,
                TrfErrorKind::Number {
                    field: "virtual points",
                    found: text,
                },
            )
        })
    };
    let game = points(9, 13)?;
    let points = match game {
        Some(p) => p,
        None => points(4, 8)?.unwrap_or(Points::ZERO),
    };
    let first_round: u32 = number(chars, 14, 17, "first round", at)?.unwrap_or(1);
    let last_round = number(chars, 18, 21, "last round", at)?
        .filter(|&r| r > 0)
        .unwrap_or(first_round);
    let first: u32 = number(chars, 22, 26, "first player", at)?.unwrap_or(1);
    let last = number(chars, 27, 31, "last player", at)?
        .filter(|&p| p > 0)
        .unwrap_or(first);
    Ok(crate::model::Acceleration {
        points,
        first_round,
        last_round,
        first_player: PlayerId(first),
        last_player: PlayerId(last),
    })
}

/// Record 162: ` W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5`, a code and its
/// points every 9 characters from column 6. Codes not given keep FIDE's values; `X`
/// (a result not known) is read and not used.
fn score_system(
    chars: &[char],
    at: &dyn Fn(usize, TrfErrorKind) -> TrfError,
) -> Result<ScoreSystem, TrfError> {
    let text: String = chars.iter().skip(4).collect();
    scores(&text).ok_or_else(|| at(4, TrfErrorKind::ScoreSystem(text.trim().to_string())))
}

/// The codes and points of a score system's record (162, and 362 for a team event's
/// matches), `None` when they are not `<code> <points>` pairs.
pub(crate) fn scores(text: &str) -> Option<ScoreSystem> {
    let mut scoring = ScoreSystem::ONE_HALF_ZERO;
    let words: Vec<&str> = text.split_whitespace().collect();
    if !words.len().is_multiple_of(2) {
        return None;
    }
    for pair in words.chunks(2) {
        let points = Points::parse(pair[1])?;
        match pair[0].to_ascii_uppercase().as_str() {
            "W" => scoring.win = points,
            "D" => scoring.draw = points,
            "L" => scoring.loss = points,
            "A" | "Z" => scoring.absent = points,
            "P" | "U" => scoring.pairing_bye = points,
            "X" => {}
            _ => return None,
        }
    }
    Some(scoring)
}
