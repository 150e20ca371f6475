//! What the page shows, as plain data computed from the state: the board's cells with
//! their pieces and marks, the move list, the texts and which buttons work. The DOM
//! layer compares one view with the next and touches only what differs. One submodule per
//! region of the screen; [`board()`] and [`panel()`] are what the DOM layer draws.

pub mod analysis;
pub mod board;
pub mod board_svg;
pub mod canvas;
pub mod clocks;
pub mod dialogs;
pub mod games;
pub mod moves;
pub mod notices;
pub mod panel;
pub mod status;
pub mod typed;

pub use self::board::{BoardView, CellView, Marks, board, still_board};
pub use self::clocks::ClockView;
pub use self::dialogs::{dialog_error, pick_titles};
pub use self::moves::{MoveRow, move_announcement, move_rows, move_rows_of};
pub use self::panel::{PanelView, UpdatePrompt, panel};
pub use self::status::game_result_text;
pub use crate::board::view::{PromotionView, promotion_view};
pub use crate::geometry::{CellKind, Geometry};
pub use crate::names::{ruleset_name, side_name};
