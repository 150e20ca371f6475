//! The board as a component, in plain Rust: the record being shown and what the player has
//! in hand on it (the orientation, the ply shown, the piece picked up, the promotion being
//! chosen, the typed move box's answer). [`Board::update`] takes one [`BoardMsg`] (a press,
//! a release, a key, a line typed) and returns [`BoardEvent`]s for its host.
//!
//! As chessground's `movable.color` and `movable.events.after`, the host says which side
//! may move ([`Movable`]: nobody for a viewer or a spectator) and hears
//! [`BoardEvent::Move`] when the player made a move; the host, not the board, decides what
//! the move means (the game page presses the clock and saves, the online page sends it to
//! the server) and plays it on the record with [`Board::play`], which answers with the
//! move's sound and what a screen reader says of it. The board knows no page: it is tested
//! natively, and `crate::dom::board_widget` binds its pointer, keys and clicks once for
//! every page.

mod input;
pub mod said;
#[cfg(test)]
mod tests;
pub mod typed;
pub mod view;
mod words;

use shatar_rules::{Cell, GameMove};
use shatar_rules::{Color, Role};

use crate::game::Game;
use crate::i18n::Lang;

pub use self::said::{MoveSaid, Play, Status};
pub use self::typed::{Answer, HostQuestion, TypedReply};
pub use self::view::{BoardView, CellView, Marks, PromotionView, promotion_view, still_board};
pub use self::words::PieceKind;

/// Which side may move pieces on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Movable {
    /// A viewer of a record, a spectator, a clock over a real board.
    #[default]
    Nobody,
    /// The player at this device against the computer or an opponent elsewhere.
    Only(Color),
    /// Two people at one device: whoever is to move.
    Both,
}

impl Movable {
    fn admits(self, side: Color) -> bool {
        match self {
            Movable::Nobody => false,
            Movable::Only(color) => color == side,
            Movable::Both => true,
        }
    }
}

/// The promotion picker: the move's squares and the pieces the rules allow (Q R B N, or
/// Q only under the folk rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionChoice {
    pub from: Cell,
    pub to: Cell,
    pub roles: Vec<Role>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    First,
    Prev,
    Next,
    Last,
}

impl Nav {
    /// The keys that step through a game, wherever a list of moves has the keyboard.
    pub fn from_key(key: &str) -> Option<Nav> {
        Some(match key {
            "ArrowLeft" => Nav::Prev,
            "ArrowRight" => Nav::Next,
            "Home" => Nav::First,
            "End" => Nav::Last,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Move,
    Capture,
    Check,
    End,
    LowTime,
}

/// What the player does on the board, whichever page it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardMsg {
    /// A pointer went down on a square (the start of a click or a drag), or Enter or Space
    /// was pressed on it.
    SquareDown(Cell),
    /// It came up over `over` (`None`: off the board); `dragged` when it moved enough to
    /// be a drag rather than a click.
    SquareUp {
        over: Option<Cell>,
        dragged: bool,
    },
    Promote(Role),
    CancelPromotion,
    /// Let go of the selected piece (Escape on the board), or of an open promotion choice.
    Deselect,
    /// A line from the typed move box: a move, or a question about the position.
    Typed(String),
    Navigate(Nav),
    GoTo(usize),
    Flip,
}

/// What the board tells its host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// The player made this move (on the board, in the promotion picker or in the typed
    /// box). The record is unchanged: the host plays it with [`Board::play`], or not.
    Move(GameMove),
    /// The sound of a move played on the record.
    Sound(Sound),
    /// A move played on the record, as a screen reader says it.
    Announce(MoveSaid),
    /// The typed box was asked what only the host knows (whose turn it is in the host's
    /// words, the clocks): the host answers with [`Board::answer`].
    Ask(HostQuestion),
}

/// The board's state: the record shown and what the player has in hand on it.
#[derive(Clone, Debug)]
pub struct Board {
    game: Game,
    /// The side whose first rank is drawn at the bottom.
    orientation: Color,
    /// The ply shown while browsing the move list; `None` follows the game.
    cursor: Option<usize>,
    selected: Option<Cell>,
    /// A second press on the selected piece lets go of it, unless it turns into a drag.
    release_deselects: bool,
    promotion: Option<PromotionChoice>,
    /// The typed move box's answer to the last line typed, if it needed one.
    typed_reply: Option<TypedReply>,
    movable: Movable,
    /// The language the typed box reads questions in and the squares are named in.
    lang: Lang,
}

impl Board {
    /// A board showing `game` from White's side, on which nobody moves until the host says.
    pub fn new(game: Game) -> Board {
        Board {
            game,
            orientation: Color::White,
            cursor: None,
            selected: None,
            release_deselects: false,
            promotion: None,
            typed_reply: None,
            movable: Movable::Nobody,
            lang: Lang::En,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn orientation(&self) -> Color {
        self.orientation
    }

    pub fn cursor(&self) -> Option<usize> {
        self.cursor
    }

    pub fn selected(&self) -> Option<Cell> {
        self.selected
    }

    pub fn promotion(&self) -> Option<&PromotionChoice> {
        self.promotion.as_ref()
    }

    pub fn typed_reply(&self) -> Option<&TypedReply> {
        self.typed_reply.as_ref()
    }

    pub fn movable(&self) -> Movable {
        self.movable
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The host says who may move now.
    pub fn set_movable(&mut self, movable: Movable) {
        self.movable = movable;
        if !self.can_move() {
            self.selected = None;
        }
    }

    /// The host's language, for the typed box and the squares' names.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// The host turns the board (a new game is seen from the player's side).
    pub fn set_orientation(&mut self, bottom: Color) {
        self.orientation = bottom;
    }

    /// The ply the board shows.
    pub fn shown_ply(&self) -> usize {
        self.cursor.unwrap_or(self.game.len()).min(self.game.len())
    }

    pub fn is_browsing(&self) -> bool {
        self.cursor.is_some_and(|c| c < self.game.len())
    }

    /// The player may move pieces now.
    pub fn can_move(&self) -> bool {
        self.can_move_for(self.movable)
    }

    /// The player may move pieces now, if `movable` may move.
    pub fn can_move_for(&self, movable: Movable) -> bool {
        self.game.outcome().is_none()
            && !self.is_browsing()
            && self.promotion.is_none()
            && movable.admits(self.game.turn())
    }

    /// The legal moves of the piece on `from`, when the player may move it now.
    pub fn moves_from(&self, from: Cell) -> Vec<GameMove> {
        if !self.can_move() {
            return Vec::new();
        }
        self.game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == from)
            .collect()
    }

    /// Handles what the player did; the events are for the host.
    pub fn update(&mut self, msg: BoardMsg) -> Vec<BoardEvent> {
        let mut events = Vec::new();
        match msg {
            BoardMsg::SquareDown(cell) => input::square_down(self, cell, &mut events),
            BoardMsg::SquareUp { over, dragged } => {
                input::square_up(self, over, dragged, &mut events)
            }
            BoardMsg::Promote(role) => input::promote(self, role, &mut events),
            BoardMsg::CancelPromotion => self.promotion = None,
            BoardMsg::Deselect => {
                self.selected = None;
                self.promotion = None;
            }
            BoardMsg::Typed(text) => typed::typed(self, &text, &mut events),
            BoardMsg::Navigate(nav) => {
                let shown = self.shown_ply();
                self.go_to(match nav {
                    Nav::First => 0,
                    Nav::Prev => shown.saturating_sub(1),
                    Nav::Next => shown + 1,
                    Nav::Last => self.game.len(),
                });
            }
            BoardMsg::GoTo(ply) => self.go_to(ply),
            BoardMsg::Flip => self.orientation = self.orientation.other(),
        }
        events
    }

    fn go_to(&mut self, ply: usize) {
        let ply = ply.min(self.game.len());
        self.cursor = (ply < self.game.len()).then_some(ply);
        self.selected = None;
        self.promotion = None;
    }

    /// The host's answer to the typed box's [`BoardEvent::Ask`].
    pub fn answer(&mut self, answer: Answer) {
        self.typed_reply = Some(TypedReply {
            game: self.game.kind(),
            answer,
        });
    }

    /// Plays `m` on the record (a move the host accepted: the player's, the computer's,
    /// the server's): the board lets go, follows the game, and tells the move's sound and
    /// words.
    pub fn play(&mut self, m: GameMove) -> Result<Vec<BoardEvent>, String> {
        self.play_with(|game| game.play(m))
            .map(|((), events)| events)
    }

    /// Plays a move on the record the host's way (`play`: with a draw claim, art.
    /// 9.2.a), as [`Board::play`] does; no events if `play` added no move.
    pub fn play_with<T, E>(
        &mut self,
        play: impl FnOnce(&mut Game) -> Result<T, E>,
    ) -> Result<(T, Vec<BoardEvent>), E> {
        let before = self.game.len();
        let result = play(&mut self.game)?;
        self.follow_game();
        let mut events = Vec::new();
        if self.game.len() > before
            && let Some(said) = MoveSaid::last_of(&self.game)
        {
            let sound = if self.game.outcome().is_some() {
                Sound::End
            } else if said.check {
                Sound::Check
            } else if said.victim.is_some() {
                Sound::Capture
            } else {
                Sound::Move
            };
            events.push(BoardEvent::Sound(sound));
            events.push(BoardEvent::Announce(said));
        }
        Ok((result, events))
    }

    /// The host changes the record otherwise (an ending off the board, a takeback, a
    /// claim): the board lets go and shows the game as it now is.
    pub fn change<R>(&mut self, change: impl FnOnce(&mut Game) -> R) -> R {
        let result = change(&mut self.game);
        self.follow_game();
        result
    }

    /// Another record in place of this one (a new game, an import, the server's game).
    pub fn replace(&mut self, game: Game) {
        self.change(|shown| *shown = game);
    }

    /// The game's last position, nothing in hand.
    fn follow_game(&mut self) {
        self.cursor = None;
        self.selected = None;
        self.release_deselects = false;
        self.promotion = None;
    }
}
