//! Tournaments: the model of an event (players, rounds, results, byes, withdrawals), its
//! score system (1/½/0 for the 2017 rules and FIDE, 2/1/0 for AXF Xiangqi), TRF files
//! (TRF-16 and TRF-2026, read and written), round-robin pairings (FIDE's Berger tables),
//! and standings with FIDE C.07's tie-breaks and AXF's; team events (line-ups, match
//! and game points, AXF's team orders) as tournaments of teams.
//!
//! Pure: no I/O, no clock, `no_std` + `alloc`, so the same code pairs in the `shatar`
//! binary, on the server and in the page. docs/tournaments.md is the reference.
//!
//! ```
//! use shatar_pairing::{trf, PlayerId};
//! let file = "\
//! 001    1      Alpha                             2100                             1.0          2 w 1
//! 001    2      Beta                              2000                             0.0          1 b 0
//! XXR 5
//! ";
//! let t = trf::read(file).unwrap();
//! assert_eq!(t.rounds, Some(5));
//! assert_eq!(t.score(PlayerId(1), 1).to_string(), "1");
//! ```

#![no_std]

extern crate alloc;

pub mod axf_swiss;
pub mod bignum;
pub mod defaults;
pub mod dutch;
mod entry;
pub mod knockout;
pub mod matching;
pub mod model;
pub mod pairing;
pub mod points;
pub mod round_robin;
pub mod scoring;
pub mod team;
pub mod tiebreak;
pub mod trf;
pub mod withdrawal;

pub use model::{
    Acceleration, Bye, Colour, Entry, FirstColour, GameResult, Outcome, Player, PlayerId,
    Tournament,
};
pub use pairing::{Pair, Pairing};
pub use points::Points;
pub use scoring::ScoreSystem;
