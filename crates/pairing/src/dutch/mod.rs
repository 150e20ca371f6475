//! FIDE's Dutch system (C.04.3), as far as it is built: the colour preferences
//! (C.04.3 A.6), the colour allocation rules (E.1-E.5), the board order, and the first
//! round. The later rounds' bracket pairing is not written yet (docs/tournaments.md,
//! "What is left"); each part here is checked against Gacrux's pairings.

mod colour;
mod first_round;

pub use colour::{ColourHistory, Preference, Side, Strength, allocate, pairing_numbers};
pub use first_round::pair_first_round;
