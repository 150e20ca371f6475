//! Every game of an event as one PGN file: a game played on the server as its own record
//! (moves, clocks, how it ended) with the event's `Event` and `Round` tags; a game at the
//! board as its tags and result (the director enters no moves).
//!
//! The result is the event's: a board's standing result, whatever the server's record of
//! its game said (a correction stands). A forfeit (a no-show, or one the director
//! entered) reads as one in any PGN reader: the winner's `1-0` or `0-1`, the PGN
//! standard's `[Termination "abandoned"]`, `[TerminationDetails "forfeit"]`, and a
//! `{forfeit}` comment before the result; a double forfeit is `*` (PGN has no result for
//! it). Swiss-Manager and chess-results write forfeits in the TRF (`+`/`-`), which the
//! event's TRF export does too; PGN has no such result (docs/tournaments.md).

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

/// The movetext's closing result (`text`'s last token, one of the PGN standard's four)
/// as `result`, after a `{forfeit}` comment when the game was not played out.
fn close_with(text: &str, result: &str, forfeit: bool) -> String {
    let body = text.trim_end();
    // The last token starts after the last whitespace (the blank line after the tags
    // when there are no moves).
    let start = body
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8());
    let note = if forfeit { "{forfeit} " } else { "" };
    if ["1-0", "0-1", "1/2-1/2", "*"].contains(&&body[start..]) {
        format!("{}{note}{result}\n", &body[..start])
    } else {
        format!("{body} {note}{result}\n")
    }
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
                    let mut tags = vec![
                        ("Event", name.clone()),
                        ("Round", round.clone()),
                        ("White", player(board.white)),
                        ("Black", player(black)),
                    ];
                    let forfeit = standing.is_some_and(|r| !r.played());
                    match standing {
                        // A game still being played keeps its record's `*`.
                        None => retag(&text, &tags),
                        Some(_) => {
                            let result = pgn_result(standing);
                            tags.push(("Result", result.to_string()));
                            if forfeit {
                                // A no-show's record says the absent side abandoned it:
                                // in the event it is a forfeit, not a game lost.
                                tags.push(("Termination", "abandoned".into()));
                                tags.push(("TerminationDetails", "forfeit".into()));
                            }
                            close_with(&retag(&text, &tags), result, forfeit)
                        }
                    }
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
                    let forfeit = standing.is_some_and(|r| !r.played());
                    if forfeit {
                        text += "[Termination \"abandoned\"]\n[TerminationDetails \"forfeit\"]\n";
                    }
                    let note = if forfeit { "{forfeit} " } else { "" };
                    format!("{text}\n{note}{result}\n")
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

#[cfg(test)]
mod tests {
    use super::close_with;

    #[test]
    fn the_closing_result_is_the_events_and_a_forfeit_says_so() {
        assert_eq!(close_with("1. e4 e5 1-0\n", "0-1", false), "1. e4 e5 0-1\n");
        assert_eq!(
            close_with("[Result \"0-1\"]\n\n0-1\n", "0-1", true),
            "[Result \"0-1\"]\n\n{forfeit} 0-1\n"
        );
        // A record without its closing token gets one.
        assert_eq!(close_with("1. e4", "1-0", true), "1. e4 {forfeit} 1-0\n");
    }
}
