//! Every game of an event as one PGN file: a game played on the server as its own record
//! (moves, clocks, how it ended) with the event's `Event` and `Round` tags; a game at the
//! board as its tags and result (the director enters no moves).

use shatar_protocol::events::{EventError, ResultWire};

use super::record::{self, RecordExt, Scope};
use super::{Events, unavailable};
use crate::store::events::EventRecord;

/// A PGN tag's value: backslashes and quotes escaped (PGN standard 8.1.1).
fn quoted(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A server game's record with the event's tags in place of its own: the event's name,
/// the game's round (`round.board`), the players' names in the event.
fn retag(text: &str, tags: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let tag = tags
            .iter()
            .find(|(name, _)| line.starts_with(&format!("[{name} ")));
        match tag {
            Some((name, value)) => out += &format!("[{name} \"{value}\"]\n"),
            None => out += line,
        }
    }
    if !tags
        .iter()
        .all(|(name, _)| out.contains(&format!("[{name} ")))
    {
        // A tag the record lacks goes after its first line (the Event tag).
        let missing: String = tags
            .iter()
            .filter(|(name, _)| !out.contains(&format!("[{name} ")))
            .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
            .collect();
        out = out.replacen('\n', &format!("\n{missing}"), 1);
    }
    out
}

fn pgn_result(result: Option<ResultWire>) -> &'static str {
    match result {
        Some(ResultWire::WhiteWins | ResultWire::WhiteForfeitWin) => "1-0",
        Some(ResultWire::BlackWins | ResultWire::BlackForfeitWin) => "0-1",
        Some(ResultWire::Draw) => "1/2-1/2",
        // A double forfeit has no PGN result; nor has a game not over.
        Some(ResultWire::DoubleForfeit) | None => "*",
    }
}

impl Events {
    pub async fn pgn(&self, record: &EventRecord) -> Result<String, EventError> {
        let name = quoted(&record.event.settings.name);
        let mut out = String::new();
        // Results as they stand, withdrawals' forfeits included.
        let built = record::build(record, Scope::Through(record.paired_rounds()));
        for board in &record.boards {
            let Some(black) = board.black else { continue };
            let round = format!("{}.{}", board.round, board.board);
            let standing = record::board_result(&built, board.round, board.white);
            let text = match board.game {
                Some(game) => {
                    let text = self.hub.pgn(game).await.map_err(unavailable)?;
                    let player = |n: u32| quoted(&record.players[n as usize - 1].name);
                    retag(
                        &text,
                        &[
                            ("Event", name.clone()),
                            ("Round", round.clone()),
                            ("White", player(board.white)),
                            ("Black", player(black)),
                        ],
                    )
                }
                None => {
                    let player = |n: u32| quoted(&record.players[n as usize - 1].name);
                    let result = pgn_result(standing);
                    let mut text = format!(
                        "[Event \"{name}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
                         [Round \"{round}\"]\n[White \"{}\"]\n[Black \"{}\"]\n\
                         [Result \"{result}\"]\n",
                        player(board.white),
                        player(black),
                    );
                    // The PGN standard's word for a game not played to its end; ours
                    // says why (as the server's own records do).
                    if standing.is_some_and(|r| !r.played()) {
                        text += "[Termination \"abandoned\"]\n[TerminationDetails \"forfeit\"]\n";
                    }
                    format!("{text}\n{result}\n")
                }
            };
            out += &text;
            if !out.ends_with("\n\n") {
                out += "\n";
            }
        }
        Ok(out)
    }
}
