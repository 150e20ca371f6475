//! Perft suites in the `.perft` format of `../shared/perft/`: reference node counts that
//! a move generator must reproduce exactly. Read by the perft tests and `shatar bench`.
//!
//! ```
//! let suite = shatar_rules::perft_suite::parse(
//!     "# a comment\nid mn-initial\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -\nperft 1 2\nperft 3 42\n",
//! ).unwrap();
//! assert_eq!(suite[0].id, "mn-initial");
//! assert_eq!(suite[0].counts, [(1, 2), (3, 42)]);
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// One position of a suite: its name, its EPD (board, side, castling, en passant; a FEN
/// without counters) and the node count at each depth given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRecord {
    pub id: String,
    pub epd: String,
    pub counts: Vec<(u32, u64)>,
}

impl PerftRecord {
    /// The count given for `depth`, if any.
    pub fn count(&self, depth: u32) -> Option<u64> {
        self.counts
            .iter()
            .find(|&&(d, _)| d == depth)
            .map(|&(_, n)| n)
    }
}

/// A line of a suite that does not fit the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftSuiteError {
    /// From 1.
    pub line: usize,
    pub problem: &'static str,
}

impl fmt::Display for PerftSuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "perft suite, line {}: {}", self.line, self.problem)
    }
}

impl core::error::Error for PerftSuiteError {}

/// Reads a suite: `id NAME` starts a record, `epd EPD` gives its position, each
/// `perft DEPTH NODES` a count; blank lines and lines starting with `#` are skipped.
pub fn parse(text: &str) -> Result<Vec<PerftRecord>, PerftSuiteError> {
    let mut records: Vec<PerftRecord> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let err = |problem| PerftSuiteError {
            line: i + 1,
            problem,
        };
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (keyword, rest) = line
            .split_once(char::is_whitespace)
            .ok_or(err("a keyword without a value"))?;
        let rest = rest.trim();
        match keyword {
            "id" => records.push(PerftRecord {
                id: rest.into(),
                epd: String::new(),
                counts: Vec::new(),
            }),
            "epd" => records.last_mut().ok_or(err("'epd' before any 'id'"))?.epd = rest.into(),
            "perft" => {
                let record = records.last_mut().ok_or(err("'perft' before any 'id'"))?;
                let mut numbers = rest.split_whitespace();
                let depth = numbers
                    .next()
                    .and_then(|d| d.parse().ok())
                    .ok_or(err("'perft' needs a depth"))?;
                let nodes = numbers
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or(err("'perft' needs a node count"))?;
                if numbers.next().is_some() {
                    return Err(err("'perft' takes a depth and a node count only"));
                }
                record.counts.push((depth, nodes));
            }
            _ => return Err(err("unknown keyword: expected 'id', 'epd' or 'perft'")),
        }
    }
    if let Some(r) = records.iter().find(|r| r.epd.is_empty()) {
        let line = text
            .lines()
            .position(|l| l.trim() == alloc::format!("id {}", r.id))
            .map_or(0, |i| i + 1);
        return Err(PerftSuiteError {
            line,
            problem: "a record without an 'epd' line",
        });
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn malformed_suites_say_where() {
        let e = |text| parse(text).unwrap_err().to_string();
        assert_eq!(
            e("perft 1 20"),
            "perft suite, line 1: 'perft' before any 'id'"
        );
        assert_eq!(
            e("id x\nepd 8/8/8/8/8/8/8/8 w - -\nperft one 20"),
            "perft suite, line 3: 'perft' needs a depth"
        );
        assert_eq!(
            e("id x\nepd e\nperft 1 20 7"),
            "perft suite, line 3: 'perft' takes a depth and a node count only"
        );
        assert_eq!(
            e("id x\nfen e"),
            "perft suite, line 2: unknown keyword: expected 'id', 'epd' or 'perft'"
        );
        assert_eq!(
            e("\nid x\nperft 1 2"),
            "perft suite, line 2: a record without an 'epd' line"
        );
    }
}
