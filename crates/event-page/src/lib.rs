//! The event page (`event.html`, issue 56): a club event as everyone sees it (its
//! settings, standings with every tie-break, crosstable, rounds by board and by name, ranks
//! after each round, a player's card, the live games of the round in play), the same page
//! as its director's (`#director=TOKEN`: create the event, enter players, pair, enter
//! results, withdrawals, byes, manual pairings, penalties, end it) and as a club's embed
//! (`&embed=standings|pairings|crosstable`: one part, no chrome).
//!
//! The logic is plain Rust, tested natively: [`address`] reads what the page was opened
//! for, [`model`] is the state machine (`update(msg) -> effects`) over the server's typed
//! messages (`shatar_protocol::events`), [`view`] is what the page shows. The browser
//! layer (`dom`, wasm32 only) fetches, listens and draws; it decides nothing.

pub mod address;
pub mod forms;
pub mod model;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod dom;

#[cfg(test)]
mod tests;
