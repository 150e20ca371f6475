//! What the page shows, as plain data computed from the state: the board's cells with
//! their pieces and marks, the move list, the texts and which buttons work. The DOM
//! layer compares one view with the next and touches only what differs.

use shatar_protocol::Score;
use shatar_rules::{Color, GameKind, Piece, Role};

use crate::any::{AnyPiece, Cell, GameMove, MoveStyle};
use crate::game::{Game, Snapshot};
pub use crate::geometry::{CellKind, Geometry};
use crate::i18n::Lang;
use crate::names::result_text;
pub use crate::names::{colored_piece, piece_name, role_name, ruleset_name, side_name};
use crate::settings::Points;
use crate::state::{AppState, Dialog, Hint, MoveSaid, Play, PromotionChoice, Status, Update};
use crate::{t, t_key, tf};
use notices::{NoticeView, notice_view};

pub mod games;
pub mod notices;
pub mod typed;

/// Marks on a cell, each drawn in its own way (not by colour alone).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub selected: bool,
    /// A legal destination of the selected piece; `capture` when a piece stands there.
    pub destination: bool,
    pub capture: bool,
    pub last_move: bool,
    pub check: bool,
    pub hint: bool,
    /// A piece the player may pick up now.
    pub movable: bool,
    /// A square an author marked on a diagram.
    pub highlight: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellView {
    pub cell: Cell,
    /// `e4`, or the Xiangqi point `e3`: for `data-square`.
    pub name: String,
    pub piece: Option<AnyPiece>,
    pub light: bool,
    pub col: u8,
    pub row: u8,
    pub marks: Marks,
    pub label: String,
}

impl CellView {
    /// `wN`, `bP`, `rC`, or empty, for `data-piece`.
    pub fn piece_code(&self) -> String {
        self.piece.map(AnyPiece::code).unwrap_or_default()
    }
}

impl Marks {
    /// `label` followed by the marks a screen reader should hear, in the order they
    /// matter: "e4, empty, move here", "f7, black boy, capture, last move".
    pub fn spoken(self, lang: Lang, label: String) -> String {
        [
            (self.selected, t_key!("mark.selected")),
            (self.capture, t_key!("mark.capture")),
            (self.destination && !self.capture, t_key!("mark.move-here")),
            (self.check, t_key!("mark.check")),
            (self.last_move, t_key!("mark.last-move")),
            (self.highlight, t_key!("mark.marked")),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .fold(label, |label, (_, mark)| {
            tf!(lang, "square.mark", label = label, mark = lang.text(mark))
        })
    }
}

fn label(lang: Lang, game: GameKind, name: &str, piece: Option<AnyPiece>) -> String {
    match piece {
        Some(p) => tf!(
            lang,
            "square.piece",
            square = name,
            piece = colored_piece(lang, game, p)
        ),
        None => tf!(lang, "square.empty", square = name),
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub geometry: Geometry,
    pub bottom: Color,
    /// Row by row from the top of the picture.
    pub cells: Vec<CellView>,
    /// The board takes pointer input (the player's turn, live position).
    pub interactive: bool,
    /// Arrows an author drew, from one cell to another.
    pub arrows: Vec<(Cell, Cell)>,
}

pub fn board(state: &AppState) -> BoardView {
    let snapshot = state.game.snapshot(state.shown_ply());
    let live = !state.is_browsing();
    let legal = if state.can_move() {
        state.game.legal_moves()
    } else {
        Vec::new()
    };
    let destinations: Vec<Cell> = match state.selected {
        Some(from) => legal
            .iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect(),
        None => Vec::new(),
    };
    let hint = match &state.hint {
        Some(Hint::Move { mv, .. }) if live => Some(*mv),
        _ => None,
    };
    let game = state.game.kind();
    let cells = cells(
        snapshot,
        state.lang,
        game,
        state.orientation,
        |sq, piece| Marks {
            selected: state.selected == Some(sq),
            destination: destinations.contains(&sq),
            capture: destinations.contains(&sq) && piece.is_some(),
            hint: hint.is_some_and(|m| m.from() == sq || m.to() == sq),
            movable: legal.iter().any(|m| m.from() == sq),
            ..Marks::default()
        },
    );
    let geometry = Geometry::of(game);
    BoardView {
        geometry,
        bottom: state.orientation,
        cells,
        interactive: state.can_move(),
        arrows: Vec::new(),
    }
}

/// A board nobody moves on: a viewer's position or a diagram, with the squares and arrows
/// its author marked.
pub fn still_board(
    snapshot: Snapshot,
    lang: Lang,
    bottom: Color,
    highlights: &[Cell],
    arrows: &[(Cell, Cell)],
) -> BoardView {
    let game = snapshot.position.kind();
    let cells = cells(snapshot, lang, game, bottom, |sq, _| Marks {
        highlight: highlights.contains(&sq),
        ..Marks::default()
    });
    BoardView {
        geometry: Geometry::of(game),
        bottom,
        cells,
        interactive: false,
        arrows: arrows.to_vec(),
    }
}

/// The cells of `snapshot`, row by row from the top of the picture, with the last move and
/// a king in check marked, and whatever else `marks` adds.
fn cells(
    snapshot: Snapshot,
    lang: Lang,
    game: GameKind,
    bottom: Color,
    marks: impl Fn(Cell, Option<AnyPiece>) -> Marks,
) -> Vec<CellView> {
    let geometry = Geometry::of(game);
    let position = snapshot.position;
    let checked_king = position.checked_king();
    let mut cells: Vec<CellView> = (0..geometry.ranks)
        .flat_map(|rank| (0..geometry.files).map(move |file| Cell::new(file, rank)))
        .map(|cell| {
            let (col, row) = geometry.place(cell.file, cell.rank, bottom);
            let piece = position.piece_at(cell);
            let marks = Marks {
                last_move: snapshot
                    .last_move
                    .is_some_and(|m| m.from() == cell || m.to() == cell),
                check: checked_king == Some(cell),
                ..marks(cell, piece)
            };
            let name = cell.name(game);
            let label = marks.spoken(lang, label(lang, game, &name, piece));
            let light = cell.square().is_some_and(|sq| sq.is_light())
                && geometry.cells == CellKind::Squares;
            CellView {
                cell,
                name,
                piece,
                light,
                col,
                row,
                marks,
                label,
            }
        })
        .collect();
    cells.sort_by_key(|c| (c.row, c.col));
    cells
}

/// The last move of the game as a screen reader should hear it: "12. White horse g1 to f3",
/// "Black boy e5 takes horse d4, check", "White berse h5 takes boy f7, checkmate". `None`
/// before the first move.
pub fn move_announcement(game: &Game, lang: Lang) -> Option<String> {
    MoveSaid::last_of(game).map(|said| announcement(lang, game.kind(), said))
}

/// A move in the words [`move_announcement`] gives it.
pub fn announcement(lang: Lang, kind: GameKind, said: MoveSaid) -> String {
    let number = said.number.to_string();
    let (side, piece) = (
        side_name(lang, kind, said.mover.color()),
        piece_name(lang, kind, said.mover),
    );
    let (from, to) = (said.from.name(kind), said.to.name(kind));
    let mut text = match said.victim {
        Some(v) => {
            let victim = piece_name(lang, kind, v);
            tf!(
                lang,
                "say.capture",
                number = number,
                side = side,
                piece = piece,
                from = from,
                victim = victim,
                to = to
            )
        }
        None => tf!(
            lang,
            "say.move",
            number = number,
            side = side,
            piece = piece,
            from = from,
            to = to
        ),
    };
    if let Some(role) = said.promotion {
        text = tf!(lang, "say.promotion", move = text, piece = role_name(lang, kind.board8().unwrap_or_default(), role));
    }
    if said.mate {
        text = tf!(lang, "say.checkmate", move = text);
    } else if said.check {
        text = tf!(lang, "say.check", move = text);
    }
    text
}

/// One numbered row of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub number: u32,
    /// `(ply after the move, text)`; `None` for the empty half of a row (a game that
    /// starts with Black to move, or the last move still to come).
    pub white: Option<(usize, String)>,
    pub black: Option<(usize, String)>,
}

pub fn move_rows(state: &AppState) -> Vec<MoveRow> {
    move_rows_of(&state.game, state.move_style())
}

pub fn move_rows_of(game: &Game, style: MoveStyle) -> Vec<MoveRow> {
    let texts = game.move_texts(style);
    let (first_number, first_side) = game.first_move_number();
    let mut rows: Vec<MoveRow> = Vec::new();
    let offset = usize::from(first_side == Color::Black);
    for (i, text) in texts.into_iter().enumerate() {
        let slot = i + offset;
        let number = first_number + (slot / 2) as u32;
        if slot % 2 == 0 || rows.is_empty() {
            rows.push(MoveRow {
                number,
                white: None,
                black: None,
            });
        }
        let row = rows.last_mut().expect("a row was just pushed");
        let entry = Some((i + 1, text));
        if slot % 2 == 0 {
            row.white = entry;
        } else {
            row.black = entry;
        }
    }
    rows
}

/// Everything beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelView {
    pub title: String,
    pub status: String,
    /// The result with its reason, once the game is over.
    pub result: Option<String>,
    pub moves: Vec<MoveRow>,
    /// The language of the move list's piece letters, when not the page's.
    pub moves_lang: Option<Lang>,
    /// The ply shown (0: the start), to highlight in the move list.
    pub shown_ply: usize,
    pub can_go_back: bool,
    pub can_go_forward: bool,
    pub can_take_back: bool,
    pub can_resign: bool,
    pub can_hint: bool,
    pub hint: Option<String>,
    pub thinking: bool,
    pub analysis: Option<AnalysisView>,
    pub promotion: Option<PromotionView>,
    pub dialog: Option<Dialog>,
    pub notice: Option<NoticeView>,
    pub engine: String,
    pub players: (String, String),
    pub sound: bool,
    /// The mute switch's text: "Sound: on".
    pub sound_label: &'static str,
    /// White's and Black's clocks, in a timed game.
    pub clocks: Option<(ClockView, ClockView)>,
    pub clock_paused: bool,
    /// Whether the game's rules have draw claims at all (the 2017 rules, FIDE); the folk
    /// rules and Xiangqi end their draws by themselves, so their claim buttons are hidden.
    pub has_claims: bool,
    pub can_claim: bool,
    pub claim_armed: bool,
    pub can_offer: bool,
    /// "White offers a draw", while an offer waits.
    pub offer: Option<String>,
    /// The page is only the clock of a game on a real board.
    pub clock_only: bool,
    /// Moves made on each side's clock, over the board: "3 moves".
    pub presses: (String, String),
    /// The side the computer plays, if it plays.
    pub computer: Option<Color>,
    /// The offer's answer is for someone at this device (two players; the computer
    /// answers its own).
    pub offer_answerable: bool,
    /// A new version of the site waits for the player's word.
    pub update: Option<UpdatePrompt>,
    /// The last move, for the screen reader's live region.
    pub announcement: Option<String>,
    /// The typed move box's answer.
    pub typed_reply: Option<String>,
    /// "White: less than 10 seconds", while the running clock is low, for the live region.
    pub time_warning: Option<String>,
    /// The game is not being saved: why, and how to keep it.
    pub save_failed: Option<String>,
    /// The other games in progress, and the button that lists them.
    pub others: Vec<games::OtherGame>,
    pub others_button: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdatePrompt {
    pub text: &'static str,
    /// The Reload button works until it has been pressed once.
    pub can_reload: bool,
}

fn update_prompt(lang: Lang, update: Update) -> UpdatePrompt {
    match update {
        Update::Ready => UpdatePrompt {
            text: t!(lang, "update.ready"),
            can_reload: true,
        },
        Update::Applying => UpdatePrompt {
            text: t!(lang, "update.applying"),
            can_reload: false,
        },
    }
}

/// One clock face: the base time, and the simple delay still to spend on this move shown
/// apart from it (2017 art. 6.3.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub text: String,
    /// "White's clock, 4:59", for the face's accessible name.
    pub label: String,
    pub delay: Option<String>,
    pub running: bool,
    pub low: bool,
    pub flag: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionView {
    pub color: Color,
    /// `(role, piece code like "wQ", accessible name)`.
    pub choices: Vec<(Role, String, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisView {
    /// The side drawn at the bottom: the bar fills from that end.
    pub bottom: Color,
    /// White's share of the evaluation bar, 0 to 1000.
    pub white_permille: u32,
    pub score: String,
    pub lines: Vec<String>,
    pub depth: u32,
    /// "depth 12", or nothing before the first answer.
    pub depth_text: String,
    pub finished: bool,
}

/// Why the import dialog or the game picker refused what it was given, in the language shown.
pub fn dialog_error(state: &AppState) -> Option<String> {
    match &state.dialog {
        Some(Dialog::Import { error: Some(e) } | Dialog::PickGame { error: Some(e) }) => {
            Some(e.text(state.lang))
        }
        _ => None,
    }
}

pub fn panel(state: &AppState) -> PanelView {
    let game = &state.game;
    let (save_failed, others, others_button) = (
        games::save_failed(state),
        games::others(state),
        games::others_button(state),
    );
    let kind = game.kind();
    let outcome = game.outcome();
    let shown = state.shown_ply();
    let lang = state.lang;
    PanelView {
        announcement: move_announcement(game, lang),
        typed_reply: state
            .typed_reply
            .as_ref()
            .map(|r| typed::reply_text(lang, r)),
        time_warning: time_warning(state),
        save_failed,
        others,
        others_button,
        title: ruleset_name(lang, kind).to_string(),
        status: status(state),
        result: outcome.map(|o| game_result_text(lang, game, o, state.looks.points)),
        moves: move_rows(state),
        moves_lang: match kind {
            GameKind::Board8(_) => lang.other_letters(state.letters()),
            GameKind::Xiangqi => None,
        },
        shown_ply: shown,
        can_go_back: shown > 0,
        can_go_forward: shown < game.len(),
        can_take_back: state.can_take_back(),
        can_resign: outcome.is_none() && !game.is_empty(),
        can_hint: state.can_move() && state.hint.is_none(),
        hint: match &state.hint {
            Some(Hint::Thinking) => Some(t!(lang, "hint.thinking").to_string()),
            Some(Hint::Move { mv }) => {
                let text = game.position().write(*mv, MoveStyle::PLAIN);
                Some(tf!(lang, "hint.move", move = state.render_plain(&text, game.turn())))
            }
            None => None,
        },
        thinking: state.computer_thinking(),
        analysis: state.analysis.as_ref().map(|a| analysis_view(state, a)),
        promotion: state.promotion.as_ref().map(|p| promotion_view(state, p)),
        dialog: state.dialog.clone(),
        notice: state
            .notice
            .as_ref()
            .map(|n| notice_view(state.lang, state.game.kind(), n)),
        engine: engine_text(state),
        players: players(state),
        sound: state.looks.sound,
        sound_label: if state.looks.sound {
            t!(lang, "sound.on")
        } else {
            t!(lang, "sound.off")
        },
        clocks: state.timing.as_ref().map(|t| {
            (
                clock_view(lang, kind, t, Color::White, state.now_ms),
                clock_view(lang, kind, t, Color::Black, state.now_ms),
            )
        }),
        clock_paused: state.timing.as_ref().is_some_and(|t| t.clock.is_paused())
            && outcome.is_none(),
        has_claims: state.game.has_claims(),
        can_claim: crate::state::can_claim(state),
        claim_armed: state.claim_armed,
        can_offer: crate::state::can_offer(state),
        offer: state
            .draw_offer
            .map(|o| tf!(lang, "offer.text", side = side_name(lang, kind, o.by))),
        offer_answerable: state.draw_offer.is_some() && state.human.is_none(),
        update: state.update.map(|u| update_prompt(lang, u)),
        clock_only: state.clock_only(),
        // One mark per press, White's first.
        presses: {
            let n = state.timing.as_ref().map_or(0, |t| t.marks.len());
            (moves_made(lang, n.div_ceil(2)), moves_made(lang, n / 2))
        },
        computer: match state.setup.opponent {
            crate::settings::Opponent::Computer { .. } => state.human.map(Color::other),
            _ => None,
        },
    }
}

fn moves_made(lang: Lang, n: usize) -> String {
    let n_text = n.to_string();
    if n == 1 {
        tf!(lang, "clock.moves.one", n = n_text)
    } else {
        tf!(lang, "clock.moves.other", n = n_text)
    }
}

fn clock_view(
    lang: Lang,
    game: GameKind,
    t: &crate::state::Timing,
    color: Color,
    now_ms: u64,
) -> ClockView {
    let r = t.clock.read(color, now_ms);
    let running = t.clock.running == Some(color);
    let text = clock_text(r.base_ms);
    ClockView {
        label: tf!(
            lang,
            "clock.label",
            side = side_name(lang, game, color),
            time = text
        ),
        text,
        delay: (running && r.delay_ms > 0).then(|| format!("+{}", tenths(r.delay_ms))),
        running,
        low: r.base_ms + r.delay_ms < crate::state::LOW_TIME_MS,
        flag: r.flag,
    }
}

/// The running clock's warning once it is low (the moment the low-time sound plays): said
/// once by the live region, and again if the other side's clock runs low too.
fn time_warning(state: &AppState) -> Option<String> {
    let t = state.timing.as_ref()?;
    let side = t.clock.running?;
    let r = t.clock.read(side, state.now_ms);
    let low =
        t.warned[side.index()] && r.base_ms + r.delay_ms < crate::state::LOW_TIME_MS && !r.flag;
    let seconds = (crate::state::LOW_TIME_MS / 1000).to_string();
    let side = side_name(state.lang, state.game.kind(), side);
    low.then(|| tf!(state.lang, "say.low-time", side = side, n = seconds))
}

/// `1:05:09`, `4:59`, and tenths under ten seconds: `9.4`.
pub fn clock_text(ms: u64) -> String {
    if ms < crate::state::LOW_TIME_MS {
        return tenths(ms);
    }
    let s = ms / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

/// Seconds with tenths, rounded down: a clock must not show time that is not there.
fn tenths(ms: u64) -> String {
    format!("{}.{}", ms / 1000, ms / 100 % 10)
}

fn players(state: &AppState) -> (String, String) {
    use crate::settings::Opponent;
    let lang = state.lang;
    let name = |c: Color| {
        // An imported record's names (shown as text, never as markup).
        if let Some(given) = state.game.player_name(c) {
            return given;
        }
        match (state.human, state.setup.opponent) {
            (Some(h), _) if h == c => t!(lang, "player.you").to_string(),
            (Some(_), Opponent::Computer { level }) => {
                tf!(lang, "player.computer", level = level.to_string())
            }
            _ => side_name(lang, state.game.kind(), c).to_string(),
        }
    };
    (name(Color::White), name(Color::Black))
}

pub(crate) fn status(state: &AppState) -> String {
    status_text(state.lang, state.game.kind(), &state.status())
}

/// The status line in words: "Your move", "Black to move: check".
pub fn status_text(lang: Lang, kind: GameKind, status: &Status) -> String {
    let (side, check, play) = match status {
        Status::Over {
            outcome,
            ruling,
            points,
        } => return result_words(lang, kind, *outcome, ruling.as_deref(), *points),
        Status::Browsing { ply, total } => {
            return tf!(
                lang,
                "status.viewing",
                ply = ply.to_string(),
                total = total.to_string()
            );
        }
        Status::OverTheBoard => return t!(lang, "status.over-the-board").to_string(),
        Status::Playing { side, check, play } => (side_name(lang, kind, *side), *check, *play),
    };
    let long = |m: GameMove| format!("{}-{}", m.from().name(kind), m.to().name(kind));
    let text = match play {
        Play::ComputerThinking => t!(lang, "status.computer-thinking").to_string(),
        Play::OpensWith(a, b) => tf!(
            lang,
            "status.opens-with",
            side = side,
            first = long(a),
            second = long(b)
        ),
        Play::MustPlay(only) => tf!(lang, "status.must-play", side = side, move = long(only)),
        Play::YourMove => t!(lang, "status.your-move").to_string(),
        Play::ToMove => tf!(lang, "status.to-move", side = side),
    };
    if check {
        tf!(lang, "status.check", status = text)
    } else {
        text
    }
}

/// The games of the file being imported, as its picker lists them.
pub fn pick_titles(state: &AppState) -> Vec<String> {
    match &state.importing {
        Some(crate::state::import::Importing::Picking { file, .. }) => {
            file.games().iter().map(|g| g.title(state.lang)).collect()
        }
        _ => Vec::new(),
    }
}

fn engine_text(state: &AppState) -> String {
    use crate::engine_client::EngineStatus;
    let lang = state.lang;
    match &state.engine_status {
        EngineStatus::Starting => t!(lang, "engine.starting").to_string(),
        // Ready, but a search failed for good and is not tried again until the player asks.
        EngineStatus::Ready if state.engine_gave_up() => t!(lang, "engine.failed").to_string(),
        EngineStatus::Ready => t!(lang, "engine.ready").to_string(),
        EngineStatus::Thinking => t!(lang, "engine.thinking").to_string(),
        EngineStatus::Restarting { reason } => tf!(lang, "engine.restarting", reason = reason),
        EngineStatus::Unavailable { reason } => tf!(lang, "engine.unavailable", reason = reason),
    }
}

/// How `game` ended, with the Xiangqi repetition ruling that decided it, if one did, and
/// the match points when `points` asks for them ("Red wins by checkmate (2–0)").
pub fn game_result_text(
    lang: Lang,
    game: &Game,
    outcome: shatar_rules::Outcome,
    points: Points,
) -> String {
    let ruling = game.ruling();
    result_words(lang, game.kind(), outcome, ruling.as_deref(), points)
}

fn result_words(
    lang: Lang,
    kind: GameKind,
    outcome: shatar_rules::Outcome,
    ruling: Option<&str>,
    points: Points,
) -> String {
    let result = result_text(lang, outcome, kind);
    let result = match points {
        Points::None => result,
        Points::TwoOneZero => {
            let (white, black) = match outcome.result {
                shatar_rules::GameResult::WhiteWins => (2, 0),
                shatar_rules::GameResult::BlackWins => (0, 2),
                shatar_rules::GameResult::Draw => (1, 1),
            };
            tf!(
                lang,
                "result.points",
                result = result,
                white = white.to_string(),
                black = black.to_string()
            )
        }
    };
    match ruling {
        Some(ruling) => tf!(lang, "result.ruling", result = result, ruling = ruling),
        None => result,
    }
}

fn promotion_view(state: &AppState, p: &PromotionChoice) -> PromotionView {
    let color = state.game.turn();
    let ruleset = state.game.kind().board8().unwrap_or_default();
    let choices = p
        .roles
        .iter()
        .map(|&role| {
            let piece = Piece::new(color, role);
            let code = piece.code().iter().map(|&b| char::from(b)).collect();
            (role, code, role_name(state.lang, ruleset, role).to_string())
        })
        .collect();
    PromotionView { color, choices }
}

fn analysis_view(state: &AppState, a: &crate::state::Analysis) -> AnalysisView {
    let best = a.lines.first();
    let (white_permille, score) = match best.map(|l| l.white_score) {
        Some(s) => (bar_share(s), score_text(s)),
        None => (500, String::from("…")),
    };
    let (number, side) = {
        let snap = state.game.snapshot(a.ply);
        (snap.position.fullmoves(), snap.position.turn())
    };
    let lines = a
        .lines
        .iter()
        .map(|l| {
            let lead = if side == Color::White {
                format!("{number}.")
            } else {
                format!("{number}…")
            };
            let mut mover = side;
            let moves: Vec<String> = l
                .moves
                .iter()
                .map(|m| {
                    let text = state.render_plain(m, mover);
                    mover = mover.other();
                    text
                })
                .collect();
            format!("{} {lead} {}", score_text(l.white_score), moves.join(" "))
        })
        .collect();
    AnalysisView {
        bottom: state.orientation,
        white_permille,
        score,
        lines,
        depth: best.map_or(0, |l| l.depth),
        depth_text: match best.map_or(0, |l| l.depth) {
            0 => String::new(),
            depth => tf!(state.lang, "analysis.depth", n = depth.to_string()),
        },
        finished: a.finished,
    }
}

/// A logistic curve: +4 pawns fills about 90 % of the bar; a mate fills it.
fn bar_share(score: Score) -> u32 {
    match score {
        Score::Mate { moves } if moves > 0 => 1000,
        Score::Mate { .. } => 0,
        Score::Cp { cp } => {
            let x = f64::from(cp) / 180.0;
            (1000.0 / (1.0 + (-x).exp())).round() as u32
        }
    }
}

pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp { cp } => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate { moves } if moves > 0 => format!("#{moves}"),
        Score::Mate { moves } => format!("#-{}", -moves),
    }
}

#[cfg(test)]
mod tests {
    use shatar_rules::{Color, Ruleset};

    use super::*;
    use crate::state::{Msg, update};

    fn at<'a>(board: &'a BoardView, name: &str) -> &'a CellView {
        board
            .cells
            .iter()
            .find(|c| c.name == name)
            .expect("every square is on the board")
    }

    fn fresh() -> AppState {
        AppState::new(1, String::from("2026.11.29"))
    }

    #[test]
    fn initial_position_from_white_side() {
        let board = board(&fresh());
        assert_eq!(board.cells.len(), 64);
        // Drawing order: a8 top left, h1 bottom right.
        assert_eq!(board.cells[0].name, "a8");
        assert_eq!(board.cells[63].name, "h1");
        assert_eq!((board.cells[63].col, board.cells[63].row), (7, 7));
        assert_eq!(at(&board, "e1").piece_code(), "wK");
        assert_eq!(at(&board, "d8").piece_code(), "bQ");
        assert_eq!(at(&board, "e4").piece_code(), "");
        assert_eq!(board.cells.iter().filter(|c| c.piece.is_some()).count(), 32);
    }

    /// 2017 art. 2.1: the light square is at each player's right hand, whichever side is
    /// drawn at the bottom.
    #[test]
    fn light_square_at_each_right_hand() {
        let mut state = fresh();
        for bottom in [Color::White, Color::Black] {
            let board = board(&state);
            assert_eq!(board.bottom, bottom);
            let right_hand = board.cells.last().expect("64 cells");
            assert!(right_hand.light, "{bottom:?}: {} is light", right_hand.name);
            assert!(board.cells[0].light, "the far right-hand corner too");
            assert!(
                board
                    .cells
                    .windows(2)
                    .filter(|w| w[0].row == w[1].row)
                    .all(|w| w[0].light != w[1].light)
            );
            update(&mut state, Msg::Flip);
        }
        update(&mut state, Msg::Flip);
        let flipped = board(&state);
        assert_eq!(flipped.cells[0].name, "h1");
        assert_eq!(flipped.cells[63].name, "a8");
    }

    #[test]
    fn labels_name_the_pieces_as_players_do() {
        let board = board(&fresh());
        assert_eq!(at(&board, "g1").label, "g1, white horse");
        assert_eq!(at(&board, "f8").label, "f8, black camel");
        assert_eq!(at(&board, "e4").label, "e4, empty");
        assert_eq!(role_name(Lang::En, Ruleset::Chess, Role::Knight), "knight");
    }

    #[test]
    fn scores_and_the_evaluation_bar() {
        assert_eq!(score_text(Score::Cp { cp: 35 }), "+0.35");
        assert_eq!(score_text(Score::Cp { cp: -120 }), "-1.20");
        assert_eq!(score_text(Score::Mate { moves: 3 }), "#3");
        assert_eq!(score_text(Score::Mate { moves: -2 }), "#-2");
        assert_eq!(bar_share(Score::Cp { cp: 0 }), 500);
        assert!(bar_share(Score::Cp { cp: 400 }) > 890);
        assert_eq!(bar_share(Score::Mate { moves: -1 }), 0);
    }
}
