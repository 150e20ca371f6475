//! The piece-placement field of a FEN, shared by the 8x8 games and xiangqi: ranks written
//! from the far side, separated by `/`, pieces as letters and runs of empty cells as one
//! digit. Each game keeps its own letters, board and error type.

/// What is wrong with a placement field, and on which written rank (0 = the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Problem {
    RankCount(usize),
    UnknownPiece { written: usize, c: char },
    WrongWidth { written: usize, width: u32 },
    AdjacentDigits { written: usize },
}

/// Reads `field` for a board `files` wide and `ranks` high, calling `put(file, written, piece)`
/// for each piece, where `written` counts ranks from the first one written.
pub(crate) fn scan<P>(
    field: &str,
    files: u32,
    ranks: usize,
    piece: impl Fn(char) -> Option<P>,
    mut put: impl FnMut(u32, usize, P),
) -> Result<(), Problem> {
    let count = field.split('/').count();
    if count != ranks {
        return Err(Problem::RankCount(count));
    }
    for (written, text) in field.split('/').enumerate() {
        let mut file = 0u32;
        let mut last_was_digit = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=files).contains(d)) {
                if last_was_digit {
                    return Err(Problem::AdjacentDigits { written });
                }
                file += d;
                last_was_digit = true;
            } else {
                let p = piece(c).ok_or(Problem::UnknownPiece { written, c })?;
                if file < files {
                    put(file, written, p);
                }
                file += 1;
                last_was_digit = false;
            }
        }
        if file != files {
            return Err(Problem::WrongWidth {
                written,
                width: file,
            });
        }
    }
    Ok(())
}
