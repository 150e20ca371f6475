//! The `view` mode: the games of a PGN file replayed one at a time, with a picker when
//! the file holds several. A game that does not replay shows its error in place of the
//! board while the file's other games stay readable.

use shatar_rules::pgn::{self, PgnGame};
use shatar_rules::{Color, GameKind};

use super::config::StartPly;
use shatar_web::any::MoveStyle;
use shatar_web::game::Game;
use shatar_web::i18n::Lang;
use shatar_web::settings::Looks;
use shatar_web::state::Nav;
use shatar_web::view::{
    BoardView, MoveRow, game_result_text, move_rows_of, side_name, still_board,
};
use shatar_web::{t, tf};

#[derive(Clone, Debug)]
pub struct Viewer {
    games: Vec<ViewerGame>,
    selected: usize,
    ply: usize,
    orientation: Color,
    /// The move list's notations and the results' points.
    looks: Looks,
    lang: Lang,
}

#[derive(Clone, Debug)]
struct ViewerGame {
    tags: Vec<(String, String)>,
    game: Result<Game, String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewerMsg {
    Navigate(Nav),
    GoTo(usize),
    /// Another game of the file, by its index.
    Pick(usize),
    Flip,
}

/// What the viewer shows beside and around the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewerView {
    /// `None` when the game shown could not be replayed: `error` says why.
    pub board: Option<BoardView>,
    pub error: Option<String>,
    /// One title per game of the file; the picker is shown when there are two or more.
    pub titles: Vec<String>,
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

impl Viewer {
    /// Reads every game of `text`. Only a file that cannot be read at all is an error; a
    /// game that does not replay is shown with its error when picked.
    pub fn new(
        text: &str,
        default: GameKind,
        start: StartPly,
        orientation: Color,
        looks: Looks,
        lang: Lang,
    ) -> Result<Viewer, String> {
        let parsed = pgn::parse_games(text)
            .map_err(|e| tf!(lang, "import.bad-pgn", error = e.to_string()))?;
        if parsed.is_empty() {
            return Err(t!(lang, "embed.no-game").to_string());
        }
        let games: Vec<ViewerGame> = parsed.iter().map(|g| read_game(g, default)).collect();
        // Nothing to show at all is the board's error, not one game's.
        if let (true, Err(first)) = (games.iter().all(|g| g.game.is_err()), &games[0].game) {
            return Err(first.clone());
        }
        let mut viewer = Viewer {
            games,
            selected: 0,
            ply: 0,
            orientation,
            looks,
            lang,
        };
        if let Ok(game) = &viewer.games[0].game {
            viewer.ply = match start {
                StartPly::End => game.len(),
                StartPly::Ply(ply) if ply <= game.len() => ply,
                StartPly::Ply(ply) => {
                    return Err(format!(
                        "attribute move=\"{ply}\": the game has {} plies (half-moves), so 0 to {} or end",
                        game.len(),
                        game.len()
                    ));
                }
            };
        }
        Ok(viewer)
    }

    pub fn ply(&self) -> usize {
        self.ply
    }

    pub fn game_count(&self) -> usize {
        self.games.len()
    }

    pub fn orientation(&self) -> Color {
        self.orientation
    }

    /// Handles `msg`; answers whether anything changed.
    pub fn update(&mut self, msg: ViewerMsg) -> bool {
        let before = (self.selected, self.ply, self.orientation);
        let len = self.games[self.selected].game.as_ref().map_or(0, Game::len);
        match msg {
            ViewerMsg::Navigate(Nav::First) => self.ply = 0,
            ViewerMsg::Navigate(Nav::Prev) => self.ply = self.ply.saturating_sub(1),
            ViewerMsg::Navigate(Nav::Next) => self.ply = (self.ply + 1).min(len),
            ViewerMsg::Navigate(Nav::Last) => self.ply = len,
            ViewerMsg::GoTo(ply) => self.ply = ply.min(len),
            ViewerMsg::Pick(index) if index < self.games.len() => {
                self.selected = index;
                self.ply = 0;
            }
            ViewerMsg::Pick(_) => {}
            ViewerMsg::Flip => self.orientation = !self.orientation,
        }
        before != (self.selected, self.ply, self.orientation)
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
        let shown = &self.games[self.selected];
        let tag = |name: &str| known_tag(&shown.tags, name);
        let lang = self.lang;
        let kind = self
            .games
            .get(self.selected)
            .and_then(|g| g.game.as_ref().ok())
            .map_or_else(GameKind::default, |g| g.kind());
        // Xiangqi records name the first player Red (XQBase's tags) as often as White.
        let name = |color: Color| {
            let red = (kind == GameKind::Xiangqi && color == Color::White)
                .then(|| tag("Red"))
                .flatten();
            tag(color.fold("White", "Black"))
                .or(red)
                .unwrap_or_else(|| side_name(lang, kind, color).into())
        };
        let players = (name(!self.orientation), name(self.orientation));
        let heading = [
            tag("Event"),
            tag("Site"),
            tag("Date").map(|d| d.replace(".??", "")),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
        let titles = self
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| title(lang, i, &g.tags))
            .collect();
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
        match &shown.game {
            Err(e) => ViewerView {
                error: Some(e.clone()),
                ..base
            },
            Ok(game) => {
                let ply = self.ply.min(game.len());
                ViewerView {
                    board: Some(still_board(
                        game.snapshot(ply),
                        lang,
                        self.orientation,
                        &[],
                        &[],
                    )),
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

fn read_game(game: &PgnGame, default: GameKind) -> ViewerGame {
    ViewerGame {
        tags: game.tags.clone(),
        game: Game::from_pgn(game, default).map_err(|e| e.to_string()),
    }
}

/// A tag's value unless PGN's "unknown" (`?`, `????.??.??`) or empty.
fn known_tag(tags: &[(String, String)], name: &str) -> Option<String> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty() && !v.chars().all(|c| matches!(c, '?' | '.' | '-')))
}

/// "3. Batbayar – Dorj, Club championship (1-0)": enough to find a game in the picker.
fn title(lang: Lang, index: usize, tags: &[(String, String)]) -> String {
    let tag = |name| known_tag(tags, name);
    let unknown = || t!(lang, "embed.unknown-player").to_string();
    let mut text = format!(
        "{}. {} – {}",
        index + 1,
        tag("White").or_else(|| tag("Red")).unwrap_or_else(unknown),
        tag("Black").unwrap_or_else(unknown)
    );
    if let Some(event) = tag("Event") {
        text.push_str(&format!(", {event}"));
    }
    if let Some(result) = tag("Result").filter(|r| r != "*") {
        text.push_str(&format!(" ({result})"));
    }
    text
}
