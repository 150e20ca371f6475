//! FIDE's Dutch system (C.04.3): the colour preferences (1.7) and the colour allocation
//! rules (section 5), the field of a round (scores, floats, the absolute criteria), and
//! the pairing of any round, bracket by bracket, as Gacrux pairs it.
//!
//! The method is Gacrux's (FIDE's reference implementation, by Otto Milvang, MIT
//! licence): each bracket's quality criteria packed into edge weights, digit for digit
//! as Gacrux packs them, and the bracket paired as a lightest maximum matching of all the
//! players still to pair ([`crate::matching`]). docs/tournaments.md says how it is
//! checked against Gacrux.

mod baku;
mod colour;
mod criteria;
mod field;
mod first_round;
mod next;
mod reduce;
mod round;
mod rules;
mod simple;
mod solve;
mod stage;

pub use baku::baku;
pub use colour::{ColourHistory, Preference, Side, Strength, allocate, pairing_numbers};
pub use first_round::pair_first_round;
pub use round::{
    DutchError, pair_round, pair_round_by, pair_round_unreduced, pair_round_unreduced_by,
};
pub use rules::RuleSet;
