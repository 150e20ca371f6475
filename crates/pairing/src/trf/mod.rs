//! FIDE's Tournament Report File: TRF-16 (C.04 Annex 2, 2016) and TRF-2026, read and
//! written.
//!
//! Both are fixed columns: a three-character record number, then the record. The player
//! record `001` carries the whole of a player's crosstable row, so a file is a complete
//! event: Swiss-Manager, Vega, chess-results, bbpPairings, JaVaFo and Gacrux all read and
//! write it. What the two versions differ in is the header: TRF-16 has no record for the
//! number of rounds, the first colour or the scores, so bbpPairings and JaVaFo added
//! `XXR` (rounds) and `XXC` (`white1`/`black1`: player 1's colour in round 1); TRF-2026
//! has records 142, 152 and 162 (its score system, which is how a file carries AXF's
//! 2/1/0). Both versions are read whatever the file says it is; records nobody here
//! knows are kept, not refused.

mod error;
mod read;
mod write;

pub use error::{TrfError, TrfErrorKind};
pub use read::read;
pub(crate) use read::scores;
pub use write::{TrfVersion, write};
