//! Writing a [`Tournament`] as a TRF file.

use alloc::format;
use alloc::string::String;

use crate::model::{Bye, Colour, Entry, FirstColour, GameResult, Outcome, Player, Tournament};
use crate::points::Points;

/// Which header the file gets: the two versions write the rounds, the first colour and
/// the scores differently (the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfVersion {
    /// TRF-16 with bbpPairings' `XXR` and `XXC`; the score system cannot be written, so
    /// a 2/1/0 event should be written as TRF-2026.
    Trf16,
    /// TRF-2026: records 142, 152, 162 and 212.
    Trf2026,
}

/// The file, with `\n` line ends. Points and ranks are the players' stated ones where the
/// model has them, else computed (points) or left blank (rank).
pub fn write(t: &Tournament, version: TrfVersion) -> String {
    let mut out = String::new();
    let mut record = |id: &str, value: &str| {
        if !value.is_empty() {
            out += &format!("{id} {value}\n");
        }
    };
    record("012", &t.name);
    record("022", &t.city);
    record("032", &t.federation);
    record("042", &t.start_date);
    record("052", &t.end_date);
    record("062", &format!("{}", t.players.len()));
    let rated = t.players.iter().filter(|p| p.rating > 0).count();
    record("072", &format!("{rated}"));
    record("092", &t.kind);
    record("102", &t.chief_arbiter);
    record("122", &t.time_control);
    let first = t.first_colour.map(|c| match c {
        FirstColour::White => ("W", "white1"),
        FirstColour::Black => ("B", "black1"),
    });
    match version {
        TrfVersion::Trf2026 => {
            if let Some(rounds) = t.rounds {
                record("142", &format!("{rounds}"));
            }
            if let Some((code, _)) = first {
                record("152", code);
            }
            let s = &t.scoring;
            let mut scores = alloc::vec::Vec::new();
            for (code, points) in [
                ('W', s.win),
                ('D', s.draw),
                ('L', s.loss),
                ('A', s.absent),
                ('P', s.pairing_bye),
            ] {
                scores.push(format!("{code}{:>4}", points.with_decimals(1)));
            }
            record("162", &format!(" {}", scores.join("    ")));
            if let Some(tb) = &t.tie_breaks {
                record("212", tb);
            }
            for p in &t.prohibited {
                // Players in columns 13-16, 18-21, ...
                let players: alloc::vec::Vec<String> =
                    p.players.iter().map(|id| format!("{:>4}", id.0)).collect();
                let line = format!(
                    "{:>3} {:>3} {}",
                    p.first_round,
                    p.last_round,
                    players.join(" ")
                );
                record("260", &line);
            }
            for a in &t.accelerations {
                // Match points, then game points (an individual event's), as Gacrux
                // writes them; both the same here.
                let points = a.points.with_decimals(1);
                let line = format!(
                    "{points:>4} {points:>4} {:>3} {:>3} {:>4} {:>4}",
                    a.first_round, a.last_round, a.first_player.0, a.last_player.0
                );
                record("250", &line);
            }
        }
        TrfVersion::Trf16 => {}
    }
    for p in &t.players {
        out += &player(t, p);
        out.push('\n');
    }
    for line in &t.other_records {
        out += line;
        out.push('\n');
    }
    if version == TrfVersion::Trf16 {
        if let Some(rounds) = t.rounds {
            out += &format!("XXR {rounds}\n");
        }
        if let Some((_, word)) = first {
            out += &format!("XXC {word}\n");
        }
    }
    out
}

fn player(t: &Tournament, p: &Player) -> String {
    let name: String = p.name.chars().take(33).collect();
    let rating = if p.rating > 0 {
        format!("{}", p.rating)
    } else {
        String::new()
    };
    let points = p
        .stated_points
        .unwrap_or_else(|| t.score(p.id, p.rounds.len() as u32));
    let rank = p.stated_rank.map(|r| format!("{r}")).unwrap_or_default();
    let mut line = format!(
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:>10} {:>4} {:>4}",
        p.id.0,
        first_chars(&p.sex, 1),
        first_chars(&p.title, 3),
        name,
        rating,
        first_chars(&p.federation, 3),
        first_chars(&p.fide_id, 11),
        first_chars(&p.birth, 10),
        points_field(points),
        rank,
    );
    for entry in &p.rounds {
        line += &format!("  {}", round(entry));
    }
    line.trim_end().into()
}

fn first_chars(text: &str, n: usize) -> String {
    text.chars().take(n).collect()
}

/// Four characters: `2.5`, `10.0`; `100` past that.
fn points_field(points: Points) -> String {
    let text = format!("{}", points.with_decimals(1));
    if text.len() > 4 {
        format!("{}", points.with_decimals(0))
    } else {
        text
    }
}

/// `NNNN c r`.
fn round(entry: &Entry) -> String {
    match entry {
        Entry::Game {
            opponent,
            colour,
            result,
        } => {
            let colour = match colour {
                Colour::White => 'w',
                Colour::Black => 'b',
            };
            let result = match result {
                GameResult::Played { outcome, rated } => match (outcome, rated) {
                    (Outcome::Win, true) => '1',
                    (Outcome::Draw, true) => '=',
                    (Outcome::Loss, true) => '0',
                    (Outcome::Win, false) => 'W',
                    (Outcome::Draw, false) => 'D',
                    (Outcome::Loss, false) => 'L',
                },
                GameResult::Forfeit { won: true } => '+',
                GameResult::Forfeit { won: false } => '-',
                GameResult::Pending => ' ',
            };
            format!("{:>4} {colour} {result}", opponent.0)
        }
        Entry::Bye(bye) => {
            let code = match bye {
                Bye::PairingAllocated => 'U',
                Bye::FullPoint => 'F',
                Bye::HalfPoint => 'H',
                Bye::ZeroPoint => 'Z',
                Bye::Absent => '-',
            };
            format!("0000 - {code}")
        }
    }
}
