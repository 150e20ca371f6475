//! What a move means on the game page: the mover presses the clock, a draw claim announced
//! goes with the move (2017 art. 9.2.a), the board plays it, and what belonged to the
//! position before it (a hint, an offer not answered) goes. The board component hears the
//! player's moves ([`crate::board::BoardEvent::Move`]); the computer's come from the engine.

use super::{AppState, Effect, Notice, Sound, draws, timing};
use crate::board::BoardEvent;
use shatar_rules::GameMove;

/// Plays a legal move, by the player or the computer, with the clock press and its
/// sound. A move made after the mover's flag fell is not played: the flag ended the game.
pub fn play(state: &mut AppState, m: GameMove, effects: &mut Vec<Effect>) {
    if !timing::press(state, effects) {
        return;
    }
    let played = if state.session.claim_armed {
        draws::play_claiming(state, m, effects)
    } else {
        state.board.play(m).ok()
    };
    if let Some(events) = played {
        after_move(state, events, effects);
    }
}

/// What follows any move: an offer the mover did not answer lapses, a finished game stops
/// the clock, and the move's sound (`events`, the board's) is heard unless the game's end
/// was already.
pub fn after_move(state: &mut AppState, events: Vec<BoardEvent>, effects: &mut Vec<Effect>) {
    state.ui.hint = None;
    state.session.claim_armed = false;
    let mover = state.board.game().turn().other();
    if state.session.draw_offer.is_some_and(|o| o.by != mover) {
        state.session.draw_offer = None;
    }
    if state.board.game().outcome().is_some() {
        timing::stop(state);
    } else if let Some((loser, ruling)) = state.board.game().repetition_warning() {
        state.notify(Notice::RepetitionWarning { loser, ruling });
    }
    let ended = effects
        .iter()
        .any(|e| matches!(e, Effect::Sound(Sound::End)));
    if state.prefs.looks.sound && !ended {
        effects.extend(events.into_iter().find_map(|e| match e {
            BoardEvent::Sound(sound) => Some(Effect::Sound(sound)),
            _ => None,
        }));
    }
}
