//! The page's state to and from its save: the state builds the plain [`Saved`] value that
//! [`crate::saved`] stores, and takes back what a save restores, so that the storage format
//! knows nothing of the state.

use shatar_rules::clock::Clock;

use super::{AppState, Timing};
use crate::game::Game;
use crate::saved::{FORMAT, Restored, Saved, SavedClock, write};

/// The state's save, as stored.
pub fn encode(state: &AppState) -> String {
    // Endings the moves themselves produce are found again by replaying them.
    let ending = state.board.game().outcome().filter(|&o| {
        Game::from_wire(&state.board.game().to_wire())
            .ok()
            .and_then(|g| g.outcome())
            != Some(o)
    });
    // As of the last press or pause: a running clock's save changes only when a move is
    // made or the page is hidden (which pauses it), not with every tick.
    let clock = state.session.timing.as_ref().map(|t| {
        let c = &t.clock;
        SavedClock {
            base_ms: c.base_ms,
            period: c.period,
            moves_in_period: c.moves_in_period,
            to_move: c.to_move,
            delay_used_ms: c.delay_used_ms,
            flags: c.flags,
            marks: t.marks.clone(),
        }
    });
    write(&Saved {
        format: FORMAT,
        setup: state.session.setup,
        looks: state.prefs.looks,
        human: state.session.human,
        orientation: state.board.orientation(),
        seed: state.session.seed,
        date: state.session.date.clone(),
        record: state.board.game().to_wire(),
        ending,
        clock,
        offers: state.session.offers.clone(),
        tags: state.board.game().notes().tags.clone(),
        notes: state
            .board
            .game()
            .notes()
            .moves_text(&state.board.game().to_wire().moves),
    })
}

impl Restored {
    pub fn apply(self, state: &mut AppState) {
        let Restored { saved, game } = self;
        state.session.setup = saved.setup.normalised();
        state.prefs.looks = saved.looks;
        state.session.human = saved.human;
        state.board.set_orientation(saved.orientation);
        state.session.seed = saved.seed;
        state.session.date = saved.date;
        state.session.offers = saved.offers;
        state.session.timing = match (saved.setup.time_control.control(), saved.clock) {
            (Some(control), Some(c)) => {
                // Started, then paused: the players resume it.
                let mut clock = Clock::new(control);
                clock.start(0);
                clock.pause(0);
                clock.base_ms = c.base_ms;
                clock.period = c.period;
                clock.moves_in_period = c.moves_in_period;
                clock.to_move = c.to_move;
                clock.delay_used_ms = c.delay_used_ms;
                clock.flags = c.flags;
                Some(Timing {
                    clock,
                    marks: c.marks,
                    warned: [false; 2],
                })
            }
            _ => None,
        };
        state.board.replace(game);
    }
}
