//! Importing a pasted or loaded text: a FEN, or a PGN file of one game or thousands. A file
//! is read a slice at a time ([`crate::pgn_file`]): after each slice the state asks the
//! browser layer to come back ([`Effect::ContinueImport`]) once a frame has passed, so a
//! large file never freezes the page. A file of several games opens a picker.

use shatar_rules::GameKind;

use super::{AppState, Dialog, Effect, EngineCommand, HandoffRequest, Notice};
use crate::game::{Game, ImportError};
use crate::pgn_file::{PgnFile, PgnFileReader, STEP_BYTES, Step};
use crate::settings::{Opponent, TimeControl};

/// An import under way.
pub enum Importing {
    /// The file is being read.
    Reading {
        reader: PgnFileReader,
        default: GameKind,
    },
    /// The file has several games: the player picks one.
    Picking { file: PgnFile, default: GameKind },
}

/// Imports `text` (a FEN of `default`'s rules, or a PGN whose games without a Variant tag
/// are `default`'s), or hands it to the build that carries its game.
pub(super) fn start(
    state: &mut AppState,
    text: &str,
    default: GameKind,
    effects: &mut Vec<Effect>,
) -> Option<HandoffRequest> {
    state.ui.importing = None;
    if Game::looks_like_fen(text) {
        return match Game::import(text, default) {
            Ok(game) => {
                open(state, game, effects);
                None
            }
            Err(e) => failed(state, e, || text.trim().to_string(), default),
        };
    }
    if text.trim().is_empty() {
        return failed(state, ImportError::Empty, String::new, default);
    }
    state.ui.importing = Some(Importing::Reading {
        reader: PgnFileReader::new(text),
        default,
    });
    step(state, effects)
}

/// Reads the next slice of the file being read.
pub(super) fn step(state: &mut AppState, effects: &mut Vec<Effect>) -> Option<HandoffRequest> {
    let Some(Importing::Reading { reader, default }) = &mut state.ui.importing else {
        return None;
    };
    let default = *default;
    match reader.step(STEP_BYTES) {
        Err(e) => {
            state.ui.importing = None;
            failed(state, ImportError::Pgn(e.to_string()), String::new, default)
        }
        Ok(Step::More { read, total }) => {
            state.ui.dialog = Some(Dialog::Reading { read, total });
            effects.push(Effect::ContinueImport);
            None
        }
        Ok(Step::Done(file)) if file.is_empty() => {
            state.ui.importing = None;
            failed(state, ImportError::NoGame, String::new, default)
        }
        Ok(Step::Done(file)) if file.len() == 1 => {
            state.ui.importing = None;
            open_game(state, &file, 0, default, effects)
        }
        Ok(Step::Done(file)) => {
            state.ui.importing = Some(Importing::Picking { file, default });
            state.ui.dialog = Some(Dialog::PickGame { error: None });
            None
        }
    }
}

/// Opens game `index` of the file being picked from.
pub(super) fn pick(
    state: &mut AppState,
    index: usize,
    effects: &mut Vec<Effect>,
) -> Option<HandoffRequest> {
    let Some(Importing::Picking { file, default }) = state.ui.importing.take() else {
        return None;
    };
    if index >= file.len() {
        state.ui.importing = Some(Importing::Picking { file, default });
        return None;
    }
    let handoff = open_game(state, &file, index, default, effects);
    // A game that does not replay leaves the picker open, with its error, for another.
    if matches!(state.ui.dialog, Some(Dialog::PickGame { .. })) {
        state.ui.importing = Some(Importing::Picking { file, default });
    }
    handoff
}

fn open_game(
    state: &mut AppState,
    file: &PgnFile,
    index: usize,
    default: GameKind,
    effects: &mut Vec<Effect>,
) -> Option<HandoffRequest> {
    let read = file
        .game(index)
        .map_err(|e| ImportError::Pgn(e.to_string()))
        .and_then(|pgn| Game::from_pgn(&pgn, default));
    match read {
        Ok(game) => {
            open(state, game, effects);
            None
        }
        Err(e) if file.len() > 1 && !matches!(e, ImportError::NotCarried(_)) => {
            state.ui.dialog = Some(Dialog::PickGame { error: Some(e) });
            None
        }
        Err(e) => failed(state, e, || file.game_text(index).to_string(), default),
    }
}

/// The import's game becomes the game on the board.
fn open(state: &mut AppState, game: Game, effects: &mut Vec<Effect>) {
    effects.push(Effect::Shelve {
        keep: state.is_unfinished(),
    });
    let kind = game.kind();
    state.session.setup.kind = kind;
    // An imported game is studied or continued by the people at the board, untimed.
    state.session.setup.opponent = Opponent::Friend;
    state.session.setup.time_control = TimeControl::Untimed;
    state.session.timing = None;
    // The draw offers the record marks (`{(=)}` or `(=)`, 2017 art. 9.1.2) stay marked.
    state.session.offers = game.notes().draw_offers();
    state.session.human = None;
    state.ui.dialog = None;
    state.ui.importing = None;
    state.replace_game(game);
    state.notify(Notice::Imported);
    effects.push(Effect::Engine(EngineCommand::NewGame(kind)));
}

/// The import dialog shows why, or the text goes to the build that carries its game.
fn failed(
    state: &mut AppState,
    error: ImportError,
    text: impl FnOnce() -> String,
    default: GameKind,
) -> Option<HandoffRequest> {
    if let ImportError::NotCarried(_) = error {
        return Some(HandoffRequest::Import {
            text: text(),
            kind: default,
        });
    }
    state.ui.dialog = Some(Dialog::Import { error: Some(error) });
    None
}
