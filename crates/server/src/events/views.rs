//! What the event's pages read: the event, its standings, crosstable, rounds, ranks after
//! each round, a player's card, and its TRF file, each worked out from the rows by the
//! pairing crate.

use shatar_pairing::tiebreak::{self, Standings};
use shatar_pairing::trf::{self, TrfVersion};
use shatar_pairing::{Bye, Colour, Entry, GameResult, Outcome, PlayerId, Points};
use shatar_protocol::events::{
    AllView, BoardView, CardRound, CardView, Cell, CrossRow, CrosstableView, EventError, EventView,
    PenaltyView, PlayerView, RanksView, ResultView, RoundView, StandingRow, StandingsView,
    SystemWire,
};

use super::pair;
use super::record::{self, Built, RecordExt, Scope};
use crate::store::events::{EventRecord, PlayerRow, ResultRow};
use crate::wire::Side;

fn result_view(row: &ResultRow) -> ResultView {
    ResultView {
        seq: row.seq,
        result: row.result,
        reason: row.reason.clone(),
        source: row.source,
        tie_break_winner: row.tie_break_winner,
        entered_at_ms: row.entered_ms,
    }
}

fn player_view(record: &EventRecord, built: &Built, row: &PlayerRow) -> PlayerView {
    PlayerView {
        number: row.number,
        start_rank: built.id(row.number).0,
        name: row.name.clone(),
        rating: row.rating,
        club: row.club.clone(),
        online: row.player,
        entered_round: row.entered_round,
        withdrawn_from: row.withdrawn_from,
        byes: record
            .byes
            .iter()
            .filter(|b| b.number == row.number)
            .map(|b| (b.round, b.bye))
            .collect(),
    }
}

pub fn round_view(record: &EventRecord, round: u32) -> Option<RoundView> {
    let row = record.rounds.iter().find(|r| r.round == round)?;
    let boards: Vec<BoardView> = record
        .boards_of(round)
        .into_iter()
        .map(|b| BoardView {
            board: b.board,
            white: b.white,
            black: b.black,
            game: b.game,
            result: record.standing(round, b.board).map(result_view),
            history: record
                .history(round, b.board)
                .into_iter()
                .map(result_view)
                .collect(),
        })
        .collect();
    let mut by_name: Vec<(u32, u32)> = boards
        .iter()
        .flat_map(|b| {
            std::iter::once(b.white)
                .chain(b.black)
                .map(|n| (n, b.board))
        })
        .collect();
    let name = |n: u32| record.players[n as usize - 1].name.to_lowercase();
    by_name.sort_by_key(|&(n, _)| (name(n), n));
    let finished = super::rounds::unfinished(record, round).is_empty();
    Some(RoundView {
        round,
        starts_at_ms: row.starts_ms,
        boards,
        by_name,
        finished,
    })
}

pub fn event_view(record: &EventRecord) -> EventView {
    let built = record::build(record, Scope::ToPair);
    EventView {
        event: record.event.id,
        settings: record.event.settings.clone(),
        revision: record.event.revision,
        ended: record.event.ended_ms.is_some(),
        players: record
            .players
            .iter()
            .map(|p| player_view(record, &built, p))
            .collect(),
        rounds: record
            .rounds
            .iter()
            .filter_map(|r| round_view(record, r.round))
            .collect(),
        penalties: record
            .penalties
            .iter()
            .map(|p| PenaltyView {
                seq: p.seq,
                player: p.number,
                round: p.round,
                penalty: p.penalty,
                reason: p.reason.clone(),
                entered_at_ms: p.entered_ms,
            })
            .collect(),
    }
}

/// The crate's standings of the event after `round`.
fn standings_of(record: &EventRecord, round: u32) -> Result<(Built, Standings), EventError> {
    let settings = &record.event.settings;
    let built = record::build(record, Scope::Through(round));
    let order = record::order(settings)?;
    let options = record::options(settings, &built.t.start_date);
    // The crate ranks a field of at least one.
    let mut standings = match built.t.players.is_empty() {
        true => Standings {
            tie_breaks: order,
            rows: Vec::new(),
        },
        false => tiebreak::standings(&built.t, &order, options),
    };
    if settings.system == SystemWire::Knockout {
        knockout_places(record, &built, round, &mut standings);
    }
    Ok((built, standings))
}

/// A knockout places its players by how far they went, not by points (a draw and its
/// tie-break games leave both players on the same points): the one left first, then the
/// players knocked out in the last round played, and so on, those knocked out in one round
/// sharing their place, as FIDE's knockout events (the World Cup) rank them. Players still
/// in after `round` share the first place; a board without its result knocks out nobody
/// yet; a double forfeit knocks out both.
fn knockout_places(record: &EventRecord, built: &Built, round: u32, standings: &mut Standings) {
    // The round in which each player (by number) went out; `u32::MAX` while still in.
    let mut out = vec![u32::MAX; record.players.len()];
    for r in 1..=round {
        for b in record.boards_of(r) {
            if record.standing(r, b.board).is_none() && b.black.is_some() {
                continue;
            }
            let through = pair::winner(record, r, b.board, b.white, b.black);
            for number in [Some(b.white), b.black].into_iter().flatten() {
                if Some(number) != through
                    && let Some(slot) = out.get_mut(number as usize - 1)
                {
                    *slot = (*slot).min(r);
                }
            }
        }
    }
    let went_out = |p: PlayerId| out.get(built.number(p) as usize - 1).copied().unwrap_or(0);
    let lasted: Vec<u32> = standings.rows.iter().map(|r| went_out(r.player)).collect();
    for row in &mut standings.rows {
        let mine = went_out(row.player);
        row.rank = 1 + lasted.iter().filter(|&&other| other > mine).count() as u32;
    }
}

/// The rows of `standings` in rank order (then number).
fn ranked(standings: &Standings) -> Vec<&tiebreak::Row> {
    let mut rows: Vec<&tiebreak::Row> = standings.rows.iter().collect();
    rows.sort_by_key(|r| (r.rank, r.player));
    rows
}

fn points_text(p: Points) -> String {
    tiebreak::Value(Some(p.hundredths() * (tiebreak::VALUE_SCALE / 100))).text()
}

pub fn standings(record: &EventRecord, round: Option<u32>) -> Result<StandingsView, EventError> {
    let round = round.unwrap_or(record.paired_rounds());
    if round > record.paired_rounds() {
        return Err(EventError::UnknownRound { round });
    }
    let (built, standings) = standings_of(record, round)?;
    let rows = ranked(&standings)
        .into_iter()
        .map(|row| {
            let number = built.number(row.player);
            let p = &record.players[number as usize - 1];
            StandingRow {
                rank: row.rank,
                number,
                name: p.name.clone(),
                club: p.club.clone(),
                rating: p.rating,
                points: row.values.first().map(|v| v.text()).unwrap_or_default(),
                values: row.values.iter().skip(1).map(|v| v.text()).collect(),
                withdrawn_from: built.t.player(row.player).withdrawn_from,
            }
        })
        .collect();
    Ok(StandingsView {
        round,
        tie_breaks: standings
            .tie_breaks
            .iter()
            .skip(1)
            .map(|tb| tb.label.clone())
            .collect(),
        rows,
    })
}

/// One crosstable cell of `entry`, opponents named by their rank.
fn cell(built: &Built, entry: Option<&Entry>, rank_of: &dyn Fn(PlayerId) -> u32) -> Cell {
    let scoring = built.t.scoring;
    let Some(entry) = entry else {
        return Cell {
            opponent: None,
            colour: None,
            score: String::new(),
        };
    };
    match *entry {
        Entry::Game {
            opponent,
            colour,
            result,
        } => Cell {
            opponent: Some(rank_of(opponent)),
            colour: Some(match colour {
                Colour::White => Side::White,
                Colour::Black => Side::Black,
            }),
            score: match result {
                GameResult::Pending => "*".into(),
                GameResult::Forfeit { won: true } => "+".into(),
                GameResult::Forfeit { won: false } => "-".into(),
                GameResult::Played { outcome, .. } => match (outcome, scoring.win) {
                    (Outcome::Draw, w) if w == Points::ONE => "½".into(),
                    (outcome, _) => points_text(scoring.outcome(outcome)),
                },
            },
        },
        Entry::Bye(bye) => Cell {
            opponent: None,
            colour: None,
            score: match bye {
                Bye::PairingAllocated => "U",
                Bye::FullPoint => "F",
                Bye::HalfPoint => "H",
                Bye::ZeroPoint => "Z",
                Bye::Absent => "",
            }
            .into(),
        },
    }
}

pub fn crosstable(record: &EventRecord) -> Result<CrosstableView, EventError> {
    let rounds = record.paired_rounds();
    let (built, standings) = standings_of(record, rounds)?;
    let order = ranked(&standings);
    // A crosstable names opponents by their line: the place in the standings' order.
    let mut line = vec![0u32; built.t.players.len()];
    for (i, row) in order.iter().enumerate() {
        line[row.player.index()] = i as u32 + 1;
    }
    let rank_of = |p: PlayerId| line[p.index()];
    let rows = order
        .iter()
        .map(|row| {
            let player = built.t.player(row.player);
            CrossRow {
                rank: row.rank,
                number: built.number(row.player),
                name: player.name.clone(),
                points: row.values.first().map(|v| v.text()).unwrap_or_default(),
                cells: (1..=rounds)
                    .map(|r| cell(&built, player.entry(r), &rank_of))
                    .collect(),
            }
        })
        .collect();
    Ok(CrosstableView { rounds, rows })
}

pub fn ranks(record: &EventRecord) -> Result<RanksView, EventError> {
    let rounds = record.paired_rounds();
    let mut players: Vec<(u32, String, Vec<u32>)> = record
        .players
        .iter()
        .map(|p| (p.number, p.name.clone(), Vec::new()))
        .collect();
    for round in 1..=rounds {
        let (built, standings) = standings_of(record, round)?;
        for row in &standings.rows {
            players[built.number(row.player) as usize - 1]
                .2
                .push(row.rank);
        }
    }
    Ok(RanksView { players })
}

/// The event and its three computed views, of one record (so of one revision): the event
/// page's one read at each change.
pub fn all(record: &EventRecord) -> Result<AllView, EventError> {
    Ok(AllView {
        event: event_view(record),
        standings: standings(record, None)?,
        crosstable: crosstable(record)?,
        ranks: ranks(record)?,
    })
}

pub fn card(record: &EventRecord, number: u32) -> Result<CardView, EventError> {
    let row = number
        .checked_sub(1)
        .and_then(|i| record.players.get(i as usize))
        .ok_or(EventError::UnknownPlayer { player: number })?;
    let rounds = record.paired_rounds();
    let (built, standings) = standings_of(record, rounds)?;
    let id = built.id(number);
    let standing = standings.rows.iter().find(|r| r.player == id);
    let player = built.t.player(id);
    let mut running = Points::ZERO;
    let card_rounds = (1..=rounds)
        .map(|r| {
            let entry = player.entry(r);
            running += entry.map_or(Points::ZERO, |e| built.t.scoring.points(e));
            let opponent = entry.and_then(Entry::opponent).map(|o| built.number(o));
            let board = record
                .boards_of(r)
                .into_iter()
                .find(|b| b.white == number || b.black == Some(number));
            CardRound {
                round: r,
                board: board.map(|b| b.board),
                opponent,
                opponent_name: opponent.map(|o| record.players[o as usize - 1].name.clone()),
                colour: match entry {
                    Some(Entry::Game { colour, .. }) => Some(match colour {
                        Colour::White => Side::White,
                        Colour::Black => Side::Black,
                    }),
                    _ => None,
                },
                cell: cell(&built, entry, &|p| built.number(p)),
                running: points_text(running),
                game: board.and_then(|b| b.game),
            }
        })
        .collect();
    Ok(CardView {
        player: player_view(record, &built, row),
        rank: standing.map_or(0, |s| s.rank),
        points: standing
            .and_then(|s| s.values.first())
            .map(|v| v.text())
            .unwrap_or_default(),
        rounds: card_rounds,
    })
}

/// The event as a TRF file (TRF-2026, or TRF-16 for older programs), ranks and all: what
/// Swiss-Manager, Vega and chess-results read.
pub fn trf(record: &EventRecord, version: TrfVersion) -> Result<String, EventError> {
    let (mut built, standings) = standings_of(record, record.paired_rounds())?;
    for row in &standings.rows {
        built.t.players[row.player.index()].stated_rank = Some(row.rank);
    }
    built.t.time_control = time_control_text(&record.event.settings.time_control);
    Ok(trf::write(&built.t, version))
}

fn time_control_text(control: &crate::wire::TimeControlWire) -> String {
    control
        .to_rules()
        .ok()
        .and_then(|c| c.pgn_tag())
        .map(|t| t.to_string())
        .unwrap_or_default()
}
