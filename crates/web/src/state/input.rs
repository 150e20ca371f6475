//! Moving pieces: click-click and drag-and-drop both arrive as a press and a release on
//! cells. The legal moves come from the rules core; a move that is not among them
//! simply does not happen (the piece snaps back).

use shatar_rules::Role;

use super::{AppState, Effect, Notice, PromotionChoice, Sound, draws, timing};
use shatar_rules::{Cell, GameMove};

/// The legal moves of the piece on `from`, when the player may move it now.
pub fn moves_from(state: &AppState, from: Cell) -> Vec<GameMove> {
    if !state.can_move() {
        return Vec::new();
    }
    state
        .session
        .game
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == from)
        .collect()
}

pub fn square_down(state: &mut AppState, sq: Cell, effects: &mut Vec<Effect>) {
    if state.ui.promotion.is_some() {
        return;
    }
    if let Some(from) = state.ui.selected
        && from != sq
        && moves_from(state, from).iter().any(|m| m.to() == sq)
    {
        try_move(state, from, sq, effects);
        return;
    }
    if moves_from(state, sq).is_empty() {
        state.ui.selected = None;
    } else {
        state.ui.release_deselects = state.ui.selected == Some(sq);
        state.ui.selected = Some(sq);
    }
}

pub fn square_up(
    state: &mut AppState,
    over: Option<Cell>,
    dragged: bool,
    effects: &mut Vec<Effect>,
) {
    let Some(from) = state.ui.selected else {
        return;
    };
    match over {
        Some(to) if dragged && to != from => {
            if moves_from(state, from).iter().any(|m| m.to() == to) {
                try_move(state, from, to, effects);
            } else {
                // An illegal drop: the piece goes back and lets go.
                state.ui.selected = None;
            }
        }
        Some(to) if to == from && !dragged && state.ui.release_deselects => {
            state.ui.selected = None
        }
        None if dragged => state.ui.selected = None,
        _ => {}
    }
    state.ui.release_deselects = false;
}

/// Plays `from`-`to`, or opens the promotion picker when the rules offer several pieces.
fn try_move(state: &mut AppState, from: Cell, to: Cell, effects: &mut Vec<Effect>) {
    let candidates: Vec<GameMove> = moves_from(state, from)
        .into_iter()
        .filter(|m| m.to() == to)
        .collect();
    state.ui.selected = None;
    match candidates.as_slice() {
        [] => {}
        [only] => play(state, *only, effects),
        several => {
            let roles = several.iter().filter_map(|m| m.promotion()).collect();
            state.ui.promotion = Some(PromotionChoice { from, to, roles });
        }
    }
}

pub fn promote(state: &mut AppState, role: Role, effects: &mut Vec<Effect>) {
    let Some(choice) = state.ui.promotion.take() else {
        return;
    };
    let chosen =
        state.session.game.legal_moves().into_iter().find(|m| {
            m.from() == choice.from && m.to() == choice.to && m.promotion() == Some(role)
        });
    if let Some(m) = chosen {
        play(state, m, effects);
    }
}

/// Plays a legal move, by the player or the computer, with the clock press and its
/// sound. A move made after the mover's flag fell is not played: the flag ended the game.
pub fn play(state: &mut AppState, m: GameMove, effects: &mut Vec<Effect>) {
    let capture = state.session.game.position().piece_at(m.to()).is_some();
    if !timing::press(state, effects) {
        return;
    }
    let played = if state.session.claim_armed {
        draws::play_claiming(state, m, effects)
    } else {
        state.session.game.play(m).is_ok()
    };
    if !played {
        return;
    }
    after_move(state, capture, effects);
}

/// What follows any move: the board lets go, an offer the mover did not answer lapses,
/// and a finished game stops the clock.
pub fn after_move(state: &mut AppState, capture: bool, effects: &mut Vec<Effect>) {
    state.ui.selected = None;
    state.ui.hint = None;
    state.ui.cursor = None;
    state.session.claim_armed = false;
    let mover = state.session.game.turn().other();
    if state.session.draw_offer.is_some_and(|o| o.by != mover) {
        state.session.draw_offer = None;
    }
    if state.session.game.outcome().is_some() {
        timing::stop(state);
    } else if let Some((loser, ruling)) = state.session.game.repetition_warning() {
        state.notify(Notice::RepetitionWarning { loser, ruling });
    }
    if state.prefs.looks.sound
        && !effects
            .iter()
            .any(|e| matches!(e, Effect::Sound(Sound::End)))
    {
        let check = state.session.game.position().is_check();
        let sound = if state.session.game.outcome().is_some() {
            Sound::End
        } else if check {
            Sound::Check
        } else if capture {
            Sound::Capture
        } else {
            Sound::Move
        };
        effects.push(Effect::Sound(sound));
    }
}
