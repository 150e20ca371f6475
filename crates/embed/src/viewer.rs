//! The `view` mode: the games of a PGN file replayed one at a time, with a picker when
//! the file holds several. The browser layer reads the file a slice at a time
//! ([`shatar_web::pgn_file`], finding the games and their tags) and hands it to
//! [`Viewer::from_file`]; a game is replayed only when it is shown, so a file of thousands of
//! games opens at once.
//! A game that does not replay shows its error in place of the board while the file's
//! other games stay readable. The game shown is on a board component
//! ([`shatar_web::board`]) on which nobody moves: it steps through the moves and turns.

use std::rc::Rc;

use shatar_rules::pgn::PgnError;
use shatar_rules::{Color, GameKind};
use shatar_web::pgn_file::{PgnFile, PgnFileReader};

use super::config::StartPly;
use shatar_rules::MoveStyle;
use shatar_web::board::view::view as board_view;
use shatar_web::board::{Board, BoardMsg, BoardView};
use shatar_web::game::Game;
use shatar_web::i18n::Lang;
use shatar_web::notes::known_tag;
use shatar_web::settings::Looks;
use shatar_web::view::{MoveRow, game_result_text, move_rows_of, side_name};
use shatar_web::{t, tf};

#[derive(Clone, Debug)]
pub struct Viewer {
    file: PgnFile,
    /// Each game once replayed (or found not to replay), by its index.
    replayed: Vec<Option<Result<Game, String>>>,
    /// The picker's titles, made once.
    titles: Rc<[String]>,
    default: GameKind,
    selected: usize,
    /// The game picked, when it replays; its orientation is kept for the next.
    board: Board,
    /// The move list's notations and the results' points.
    looks: Looks,
    lang: Lang,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewerMsg {
    /// The board's: stepping through the moves, turning it (nobody moves on it).
    Board(BoardMsg),
    /// Another game of the file, by its index.
    Pick(usize),
}

/// What the viewer shows beside and around the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewerView {
    /// `None` when the game shown could not be replayed: `error` says why.
    pub board: Option<BoardView>,
    pub error: Option<String>,
    /// One title per game of the file; the picker is shown when there are two or more.
    pub titles: Rc<[String]>,
    pub selected: usize,
    /// The event, site and date, as the tags give them.
    pub heading: String,
    /// The names at the top and at the bottom of the board.
    pub players: (String, String),
    pub result: Option<String>,
    pub moves: Vec<MoveRow>,
    /// The language of the moves' piece letters, when not the board's.
    pub moves_lang: Option<Lang>,
    pub shown_ply: usize,
    pub can_go_back: bool,
    pub can_go_forward: bool,
}

/// Why a PGN file could not be read at all, in the board's language.
pub fn unreadable(lang: Lang, error: &PgnError) -> String {
    tf!(lang, "import.bad-pgn", error = error.to_string())
}

impl Viewer {
    /// Reads every game of `text` at once: for tests and small texts (the browser layer
    /// reads in slices and calls [`Viewer::from_file`]).
    pub fn new(
        text: &str,
        default: GameKind,
        start: StartPly,
        orientation: Color,
        looks: Looks,
        lang: Lang,
    ) -> Result<Viewer, String> {
        let file = PgnFileReader::read_all(text).map_err(|e| unreadable(lang, &e))?;
        Viewer::from_file(file, default, start, orientation, looks, lang)
    }

    /// A viewer of a file read. Only a file that holds no game, or one game that does not
    /// replay, is an error; in a file of several, a game that does not replay is shown
    /// with its error when picked.
    pub fn from_file(
        file: PgnFile,
        default: GameKind,
        start: StartPly,
        orientation: Color,
        looks: Looks,
        lang: Lang,
    ) -> Result<Viewer, String> {
        if file.is_empty() {
            return Err(t!(lang, "embed.no-game").to_string());
        }
        let titles: Rc<[String]> = file.games().iter().map(|g| g.title(lang)).collect();
        let empty = Game::of(default).unwrap_or_else(|_| Game::new(Default::default()));
        let mut board = Board::new(empty);
        board.set_orientation(orientation);
        board.set_lang(lang);
        let mut viewer = Viewer {
            replayed: vec![None; file.len()],
            file,
            titles,
            default,
            selected: 0,
            board,
            looks,
            lang,
        };
        viewer.replay_selected();
        let len = match viewer.shown() {
            Err(e) if viewer.file.len() == 1 => return Err(e.clone()),
            Err(_) => return Ok(viewer),
            Ok(game) => game.len(),
        };
        let ply = match start {
            StartPly::End => len,
            StartPly::Ply(ply) if ply <= len => ply,
            StartPly::Ply(ply) => {
                return Err(format!(
                    "attribute move=\"{ply}\": the game has {len} plies (half-moves), so 0 to {len} or end"
                ));
            }
        };
        viewer.board.update(BoardMsg::GoTo(ply));
        Ok(viewer)
    }

    /// Replays the game picked, once, and shows it from its start.
    fn replay_selected(&mut self) {
        let index = self.selected;
        if self.replayed[index].is_none() {
            let game = self
                .file
                .game(index)
                .map_err(|e| tf!(self.lang, "import.bad-pgn", error = e.to_string()))
                .and_then(|pgn| Game::from_pgn(&pgn, self.default).map_err(|e| e.to_string()));
            self.replayed[index] = Some(game);
        }
        if let Ok(game) = self.shown() {
            let game = game.clone();
            self.board.replace(game);
            self.board.update(BoardMsg::GoTo(0));
        }
    }

    /// The game picked, replayed.
    fn shown(&self) -> &Result<Game, String> {
        self.replayed[self.selected]
            .as_ref()
            .expect("the game picked is replayed when picked")
    }

    /// The ply shown (0 while a game that does not replay is picked).
    pub fn ply(&self) -> usize {
        match self.shown() {
            Ok(_) => self.board.shown_ply(),
            Err(_) => 0,
        }
    }

    pub fn game_count(&self) -> usize {
        self.file.len()
    }

    pub fn orientation(&self) -> Color {
        self.board.orientation()
    }

    /// Handles `msg`; answers whether anything changed.
    pub fn update(&mut self, msg: ViewerMsg) -> bool {
        let before = (self.selected, self.ply(), self.orientation());
        match msg {
            // A board nobody moves on answers with no event.
            ViewerMsg::Board(msg) if self.shown().is_ok() || msg == BoardMsg::Flip => {
                self.board.update(msg);
            }
            ViewerMsg::Board(_) => {}
            ViewerMsg::Pick(index) if index < self.file.len() => {
                self.selected = index;
                self.replay_selected();
            }
            ViewerMsg::Pick(_) => {}
        }
        before != (self.selected, self.ply(), self.orientation())
    }

    /// How the moves are written: the letters chosen (or the language's), and Xiangqi as
    /// the language writes it.
    fn style(&self) -> MoveStyle {
        MoveStyle {
            letters: self.looks.notation.letters(self.lang),
            xiangqi: self.looks.xiangqi_notation.notation(self.lang),
        }
    }

    pub fn view(&self) -> ViewerView {
        let tags = &self.file.games()[self.selected].tags;
        let tag = |name: &str| known_tag(tags, name);
        let lang = self.lang;
        let kind = self
            .shown()
            .as_ref()
            .map_or_else(|_| GameKind::default(), |g| g.kind());
        // Xiangqi records name the first player Red (XQBase's tags) as often as White.
        let name = |color: Color| {
            let red = (kind == GameKind::Xiangqi && color == Color::White)
                .then(|| tag("Red"))
                .flatten();
            tag(color.fold("White", "Black"))
                .or(red)
                .unwrap_or_else(|| side_name(lang, kind, color).into())
        };
        let orientation = self.orientation();
        let players = (name(!orientation), name(orientation));
        let heading = [
            tag("Event"),
            tag("Site"),
            tag("Date").map(|d| d.replace(".??", "")),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
        let titles = self.titles.clone();
        let base = ViewerView {
            board: None,
            error: None,
            titles,
            selected: self.selected,
            heading,
            players,
            result: None,
            moves: Vec::new(),
            moves_lang: lang.other_letters(self.looks.notation.letters(lang)),
            shown_ply: 0,
            can_go_back: false,
            can_go_forward: false,
        };
        match self.shown() {
            Err(e) => ViewerView {
                error: Some(e.clone()),
                ..base
            },
            Ok(game) => {
                let ply = self.board.shown_ply();
                ViewerView {
                    board: Some(board_view(&self.board, None)),
                    result: game
                        .outcome()
                        .map(|o| game_result_text(lang, game, o, self.looks.points)),
                    moves: move_rows_of(game, self.style()),
                    shown_ply: ply,
                    can_go_back: ply > 0,
                    can_go_forward: ply < game.len(),
                    ..base
                }
            }
        }
    }
}
