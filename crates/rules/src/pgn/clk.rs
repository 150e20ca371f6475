//! The clock left after a move, as the `[%clk h:mm:ss]` command in the move's comment (the
//! PGN Specification Supplement's embedded command, written by Lichess, Chess.com and DGT
//! boards).
//!
//! # Precision
//! Whole seconds, except under ten seconds, where tenths are written (`[%clk 0:00:07.4]`):
//! in a time scramble the tenths tell what happened, elsewhere they are noise. The time is
//! cut down to the written precision, never rounded up, as a clock face shows it: a
//! comment never claims more time than was left. Reading accepts any number of fraction
//! digits (milliseconds are kept, the rest dropped) and any number of hours.

use alloc::format;
use alloc::string::String;

use super::PgnMove;

const COMMAND: &str = "[%clk";

impl PgnMove {
    /// The clock time left after this move, in milliseconds, from the first well-formed
    /// `[%clk h:mm:ss]` or `[%clk h:mm:ss.s]` in its comments.
    pub fn clock(&self) -> Option<u64> {
        self.comments.iter().find_map(|c| {
            let (start, end) = find_command(c)?;
            parse_clk(c[start + COMMAND.len()..end].trim())
        })
    }

    /// Writes the clock time left after this move as `[%clk h:mm:ss]` (see the module docs
    /// for the precision), replacing the first `[%clk ...]` already in its comments, or as
    /// a comment of its own before any others.
    pub fn set_clock(&mut self, ms: u64) {
        let command = format!("{COMMAND} {}]", format_clk(ms));
        for c in &mut self.comments {
            if let Some((start, end)) = find_command(c) {
                c.replace_range(start..=end, &command);
                return;
            }
        }
        self.comments.insert(0, command);
    }
}

/// The byte range of a `[%clk ...]` command in a comment: where `[` is, and where its `]` is.
fn find_command(comment: &str) -> Option<(usize, usize)> {
    let start = comment.find(COMMAND)?;
    let end = start + comment[start..].find(']')?;
    Some((start, end))
}

/// `h:mm:ss` (whole seconds) or, under ten seconds, `0:00:0s.t` (tenths); cut down.
fn format_clk(ms: u64) -> String {
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if ms < 10_000 {
        format!("{h}:{m:02}:{s:02}.{}", ms % 1000 / 100)
    } else {
        format!("{h}:{m:02}:{s:02}")
    }
}

/// `h:mm:ss` with an optional fraction of a second; minutes and seconds below 60.
fn parse_clk(text: &str) -> Option<u64> {
    let mut parts = text.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (s, fraction) = match s.split_once('.') {
        Some((s, "")) => (s, "x"),
        Some((s, fraction)) => (s, fraction),
        None => (s, ""),
    };
    let number = |t: &str| -> Option<u64> {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        t.parse().ok()
    };
    let (h, m, s) = (number(h)?, number(m)?, number(s)?);
    if m >= 60 || s >= 60 || (!fraction.is_empty() && number(fraction).is_none()) {
        return None;
    }
    let mut ms = 0;
    for (i, digit) in fraction.bytes().take(3).enumerate() {
        ms += u64::from(digit - b'0') * [100, 10, 1][i];
    }
    h.checked_mul(3600)?
        .checked_add(m * 60 + s)?
        .checked_mul(1000)?
        .checked_add(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_whole_seconds_and_tenths_under_ten_seconds() {
        assert_eq!(format_clk(0), "0:00:00.0");
        assert_eq!(format_clk(9_999), "0:00:09.9");
        assert_eq!(format_clk(10_000), "0:00:10");
        assert_eq!(format_clk(10_999), "0:00:10");
        assert_eq!(format_clk(5_400_000), "1:30:00");
        assert_eq!(format_clk(36_000_000 + 61_000), "10:01:01");
    }

    #[test]
    fn parses_the_supplements_forms_and_refuses_the_rest() {
        assert_eq!(parse_clk("1:30:00"), Some(5_400_000));
        assert_eq!(parse_clk("0:00:07.4"), Some(7_400));
        assert_eq!(parse_clk("0:00:07.45"), Some(7_450));
        assert_eq!(parse_clk("0:00:07.4567"), Some(7_456));
        assert_eq!(parse_clk("12:00:00"), Some(43_200_000));
        for bad in [
            "",
            "1:30",
            "1:60:00",
            "1:00:60",
            "a:00:00",
            "1:00:00.",
            "1:00:00.x",
            "-1:00:00",
            "1:2:3:4",
        ] {
            assert_eq!(parse_clk(bad), None, "{bad}");
        }
        assert_eq!(parse_clk("99999999999999999:00:00"), None);
    }
}
