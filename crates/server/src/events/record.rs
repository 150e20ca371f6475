//! An event rebuilt from its rows into the pairing crate's [`Tournament`], which pairs
//! and ranks it: the rows are the truth (append-only results, the last of a board
//! standing), the tournament a view of them worked out afresh for each use.

use shatar_pairing::tiebreak::{self, Options, RuleSet, TieBreak};
use shatar_pairing::withdrawal::{self, WithdrawalRule};
use shatar_pairing::{
    Bye, Entry, FirstColour, GameResult, Outcome, Player, PlayerId, Points, ScoreSystem, Tournament,
};
use shatar_protocol::events::{
    ByeRequest, ByeValue, EventError, EventSettings, PenaltyKind, ResultWire, ScoringWire,
    SystemWire,
};
use shatar_rules::GameKind;

use crate::store::events::{BoardRow, EventRecord, ResultRow};

/// The tournament of an event, and how its players' numbers map to the crate's.
pub struct Built {
    pub t: Tournament,
    /// `number_of[id - 1]`: the event's number of the crate's player `id` (its start rank).
    pub number_of: Vec<u32>,
    /// `id_of[number - 1]`: the crate's id of the event's player `number`.
    pub id_of: Vec<PlayerId>,
}

impl Built {
    pub fn id(&self, number: u32) -> PlayerId {
        self.id_of[number as usize - 1]
    }

    pub fn number(&self, id: PlayerId) -> u32 {
        self.number_of[id.index()]
    }
}

/// How much of the event to rebuild.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Rounds 1 to `through`, as they stood after it (the standings of that round).
    Through(u32),
    /// Every round paired, and the requested byes of the next one: what pairs it.
    ToPair,
}

pub trait RecordExt {
    fn paired_rounds(&self) -> u32;
    /// The result that stands at a board: the last one entered.
    fn standing(&self, round: u32, board: u32) -> Option<&ResultRow>;
    fn history(&self, round: u32, board: u32) -> Vec<&ResultRow>;
    fn boards_of(&self, round: u32) -> Vec<&BoardRow>;
    fn player_count(&self) -> u32;
    /// The event as it was before its last round was paired (that round's byes kept):
    /// what a new pairing of that round is checked against.
    fn without_last_round(&self) -> EventRecord;
}

impl RecordExt for EventRecord {
    fn paired_rounds(&self) -> u32 {
        self.rounds.last().map_or(0, |r| r.round)
    }

    fn standing(&self, round: u32, board: u32) -> Option<&ResultRow> {
        self.results
            .iter()
            .rev()
            .find(|r| r.round == round && r.board == board)
    }

    fn history(&self, round: u32, board: u32) -> Vec<&ResultRow> {
        self.results
            .iter()
            .filter(|r| r.round == round && r.board == board)
            .collect()
    }

    fn boards_of(&self, round: u32) -> Vec<&BoardRow> {
        self.boards.iter().filter(|b| b.round == round).collect()
    }

    fn player_count(&self) -> u32 {
        self.players.len() as u32
    }

    fn without_last_round(&self) -> EventRecord {
        let last = self.paired_rounds();
        let mut before = self.clone();
        before.rounds.retain(|r| r.round != last);
        before.boards.retain(|b| b.round != last);
        before
    }
}

/// The crate's score system for the event's settings.
pub fn score_system(settings: &EventSettings) -> ScoreSystem {
    let mut scoring = match settings.scoring {
        ScoringWire::OneHalfZero => ScoreSystem::ONE_HALF_ZERO,
        ScoringWire::TwoOneZero => ScoreSystem::AXF,
    };
    scoring.pairing_bye = match settings.bye {
        ByeValue::Win => scoring.win,
        ByeValue::Draw => scoring.draw,
        ByeValue::Zero => scoring.absent,
    };
    scoring
}

/// AXF 2008 ch. 2 §6 三 strikes out a round robin's results of a player who leaves before
/// half the games; every other event keeps them (§6 四, and FIDE's and the 2017 rules'
/// silence).
pub fn withdrawal_rule(settings: &EventSettings) -> WithdrawalRule {
    if settings.game == GameKind::Xiangqi && settings.system.is_round_robin() {
        WithdrawalRule::AxfRoundRobin
    } else {
        WithdrawalRule::ResultsStand
    }
}

/// The tie-break order after the points, parsed; PTS first.
pub fn order(settings: &EventSettings) -> Result<Vec<TieBreak>, EventError> {
    let round_robin = settings.system.is_round_robin();
    let mut order = vec![TieBreak::new(tiebreak::Code::Pts)];
    for text in &settings.tie_breaks {
        let tb = TieBreak::parse(text, round_robin)
            .map_err(|e| EventError::BadTieBreak { why: e.to_string() })?;
        if tb.code != tiebreak::Code::Pts {
            order.push(tb);
        }
    }
    Ok(order)
}

pub fn options(settings: &EventSettings, start_date: &str) -> Options {
    Options {
        format: match settings.system.is_round_robin() {
            true => tiebreak::Format::RoundRobin,
            false => tiebreak::Format::Swiss,
        },
        rules: RuleSet::in_force_on(start_date),
    }
}

/// The event's players in pairing-number order (their numbers): the order of entry in a
/// round robin and in AXF's Swiss (the director enters them as the lots fell: AXF 2008
/// ch. 3 §3 一, C.05's drawing of lots), by rating in FIDE's Dutch system (C.04.3 A.2)
/// and a knockout's seeding, ties by order of entry.
pub fn start_order(record: &EventRecord) -> Vec<u32> {
    let mut players: Vec<(u16, u32)> = record
        .players
        .iter()
        .map(|p| (p.rating, p.number))
        .collect();
    match record.event.settings.system {
        SystemWire::Dutch | SystemWire::Knockout => {
            players.sort_by_key(|&(rating, number)| (std::cmp::Reverse(rating), number));
        }
        _ => players.sort_by_key(|&(_, number)| number),
    }
    players.into_iter().map(|(_, number)| number).collect()
}

/// `YYYY-MM-DD` of an epoch time (UTC): the event's start date, which chooses the edition
/// of C.07 (`RuleSet::in_force_on`).
pub fn date(epoch_ms: u64) -> String {
    let days = (epoch_ms / 86_400_000) as i64;
    // H. Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The game's result for White, as the crate's model holds it; `None` for a double
/// forfeit (entered for both sides).
fn white_result(result: ResultWire) -> Option<GameResult> {
    let played = |outcome| GameResult::Played {
        outcome,
        rated: true,
    };
    match result {
        ResultWire::WhiteWins => Some(played(Outcome::Win)),
        ResultWire::BlackWins => Some(played(Outcome::Loss)),
        ResultWire::Draw => Some(played(Outcome::Draw)),
        ResultWire::WhiteForfeitWin => Some(GameResult::Forfeit { won: true }),
        ResultWire::BlackForfeitWin => Some(GameResult::Forfeit { won: false }),
        ResultWire::DoubleForfeit => None,
    }
}

fn bye_entry(bye: ByeRequest) -> Entry {
    Entry::Bye(match bye {
        ByeRequest::HalfPoint => Bye::HalfPoint,
        ByeRequest::ZeroPoint => Bye::ZeroPoint,
        ByeRequest::FullPoint => Bye::FullPoint,
        ByeRequest::Absent => Bye::Absent,
    })
}

/// A board's result as the tournament holds it: entered, or settled by a withdrawal
/// (a forfeit); `None` while pending.
pub fn board_result(built: &Built, round: u32, white: u32) -> Option<ResultWire> {
    let Some(Entry::Game { result, .. }) = built.t.player(built.id(white)).entry(round) else {
        return None;
    };
    let opponent_won = || {
        let Some(Entry::Game { opponent, .. }) = built.t.player(built.id(white)).entry(round)
        else {
            return false;
        };
        matches!(
            built.t.player(*opponent).entry(round),
            Some(Entry::Game {
                result: GameResult::Forfeit { won: true },
                ..
            })
        )
    };
    match *result {
        GameResult::Pending => None,
        GameResult::Played { outcome, .. } => Some(match outcome {
            Outcome::Win => ResultWire::WhiteWins,
            Outcome::Draw => ResultWire::Draw,
            Outcome::Loss => ResultWire::BlackWins,
        }),
        GameResult::Forfeit { won: true } => Some(ResultWire::WhiteForfeitWin),
        GameResult::Forfeit { won: false } if opponent_won() => Some(ResultWire::BlackForfeitWin),
        GameResult::Forfeit { won: false } => Some(ResultWire::DoubleForfeit),
    }
}

/// The tournament of `record` over `scope`.
pub fn build(record: &EventRecord, scope: Scope) -> Built {
    let settings = &record.event.settings;
    let paired = record.paired_rounds();
    let (through, next_byes) = match scope {
        Scope::Through(round) => (round.min(paired), None),
        Scope::ToPair => (paired, Some(paired + 1)),
    };
    let order = start_order(record);
    let mut id_of = vec![PlayerId(1); record.players.len()];
    for (index, &number) in order.iter().enumerate() {
        id_of[number as usize - 1] = PlayerId(index as u32 + 1);
    }
    let players = order
        .iter()
        .enumerate()
        .map(|(index, &number)| {
            let row = &record.players[number as usize - 1];
            let mut player = Player {
                id: PlayerId(index as u32 + 1),
                name: row.name.clone(),
                rating: row.rating,
                club: row.club.clone(),
                withdrawn_from: row.withdrawn_from.filter(|&w| w <= through + 1),
                ..Player::default()
            };
            for penalty in record
                .penalties
                .iter()
                .filter(|p| p.number == number && p.round <= through.max(1))
            {
                match penalty.penalty {
                    PenaltyKind::TechnicalFoul => player.technical_fouls += 1,
                    PenaltyKind::PointsAwarded { hundredths } => {
                        player.adjustment += Points(i64::from(hundredths));
                    }
                    PenaltyKind::PointsDeducted { hundredths } => {
                        player.adjustment -= Points(i64::from(hundredths));
                    }
                    _ => {}
                }
            }
            player
        })
        .collect();
    let mut t = Tournament {
        name: settings.name.clone(),
        start_date: date(record.event.created_ms),
        kind: format!("{:?}", settings.system),
        // The standings after a round count the rounds up to it (C.07's unplayed rounds
        // would otherwise see the rounds to come); a pairing knows the planned ones.
        rounds: Some(match scope {
            Scope::Through(_) => through,
            Scope::ToPair => settings.rounds.max(through + 1),
        }),
        first_colour: Some(FirstColour::White),
        scoring: score_system(settings),
        players,
        tie_breaks: Some(settings.tie_breaks.join(",")),
        ..Tournament::default()
    };
    let built_ids = id_of.clone();
    let id = |number: u32| built_ids[number as usize - 1];
    for round in 1..=through {
        for board in record.boards_of(round) {
            let white = id(board.white);
            let Some(black) = board.black.map(id) else {
                t.set(white, round, Entry::Bye(Bye::PairingAllocated));
                continue;
            };
            match record.standing(round, board.board).map(|r| r.result) {
                None => t.record(round, white, black, GameResult::Pending),
                Some(result) => match white_result(result) {
                    Some(result) => t.record(round, white, black, result),
                    None => t.record_double_forfeit(round, white, black),
                },
            }
        }
        // Everyone else this round: a requested bye, or absent.
        for row in &record.players {
            let player = id(row.number);
            if t.player(player).entry(round).is_none() {
                let entry = record
                    .byes
                    .iter()
                    .find(|b| b.number == row.number && b.round == round)
                    .map_or(Entry::Bye(Bye::Absent), |b| bye_entry(b.bye));
                t.set(player, round, entry);
            }
        }
    }
    if let Some(next) = next_byes {
        for row in &record.players {
            let player = id(row.number);
            // A late entry misses the rounds before it: absent (TRF `-`), nothing scored.
            for missed in 1..row.entered_round.min(next) {
                if t.player(player).entry(missed).is_none() {
                    t.set(player, missed, Entry::Bye(Bye::Absent));
                }
            }
            if let Some(bye) = record
                .byes
                .iter()
                .find(|b| b.number == row.number && b.round == next)
            {
                t.set(player, next, bye_entry(bye.bye));
            }
        }
    }
    withdrawal::settle(&mut t, withdrawal_rule(settings));
    Built {
        t,
        number_of: order,
        id_of,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendars() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400_000), "2000-02-29");
        // 2026-03-01, the day C.07's 2026 edition came into force.
        assert_eq!(date(1_772_323_200_000), "2026-03-01");
    }
}
