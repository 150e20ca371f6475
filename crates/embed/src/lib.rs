//! Boards on other people's pages, of any of the four games (Xiangqi included): the
//! `<shatar-board>` element and its iframe form, and the snippet builder. A module of its
//! own, so that a club's page downloads the board and not the game's whole page, and the
//! game's page nothing of this. The logic is plain Rust, tested natively: [`config`] reads
//! the attributes, [`viewer`] is the `view` mode, [`scheduler`] shares one engine between
//! the boards of a page, [`frame`] is the iframe's side of its conversation with the club's
//! page, and [`snippet`] writes what the builder page hands a webmaster. The `play` mode is
//! the app's own state machine ([`shatar_web::state`], which holds the board component and
//! decides what a move means: the computer answers, the game is saved); this module only
//! sets it up through its messages and says what a page should hear of it. The `view` mode
//! holds a board component of its own, on which nobody moves. The browser layer is the
//! `dom` module (wasm32 only), whose board widget binds the board's input once.

pub mod config;
pub mod event_embed;
pub mod frame;
pub mod live;
pub mod scheduler;
pub mod snippet;
pub mod viewer;

#[cfg(target_arch = "wasm32")]
pub mod dom;

#[cfg(test)]
mod tests;

use shatar_rules::AnyGamePosition;
use shatar_rules::{Color, GameKind};

use self::config::{Config, Lang, Opponent};
use shatar_web::settings::{GameSetup, SideChoice, TimeControl};
use shatar_web::state::{AppState, Effect, Msg, update_at};
use shatar_web::{t, tf};

// One module serves every game: Cargo.toml turns on shatar-web's `xiangqi` feature.
const _: () = assert!(shatar_web::carried::carries(GameKind::Xiangqi));
use shatar_web::view::{BoardView, ruleset_name, still_board};

/// A `play` board: the app's state with the game the attributes ask for. Returns the
/// effects of its first turn (the computer moves first when the visitor plays Black).
pub fn start_play(
    config: &Config,
    opponent: Opponent,
    seed: u64,
    date: String,
    now_ms: u64,
) -> (AppState, Vec<Effect>) {
    let mut state = AppState::new(seed, date);
    let setup = GameSetup {
        kind: config.kind,
        opponent: match opponent {
            Opponent::Computer { level } => shatar_web::settings::Opponent::Computer { level },
            Opponent::Friend => shatar_web::settings::Opponent::Friend,
        },
        side: config
            .orientation
            .fold(SideChoice::White, SideChoice::Black),
        time_control: TimeControl::Untimed,
    };
    let started = state.start_from(setup, seed, config.position);
    debug_assert!(started.is_ok(), "the embed carries every game");
    state.show_as(config.looks, config.lang, config.orientation);
    let effects = update_at(&mut state, Msg::Tick, now_ms);
    (state, effects)
}

/// A `diagram`: the position (or the initial one) with the author's marks; `None` for a
/// configuration of another mode.
pub fn diagram(config: &Config) -> Option<BoardView> {
    let config::Mode::Diagram { arrows, highlights } = &config.mode else {
        return None;
    };
    let position = config
        .position
        .or_else(|| AnyGamePosition::startpos(config.kind).ok())?;
    let snapshot = shatar_web::game::Snapshot {
        position,
        last_move: None,
    };
    Some(still_board(
        snapshot,
        config.lang,
        config.orientation,
        highlights,
        arrows,
    ))
}

/// What a page hears of a board, as DOM events on the element (and, from an iframe, as
/// messages to its parent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostEvent {
    /// The board is drawn and takes input.
    Ready { mode: &'static str },
    /// A move was played on a `play` board.
    Move {
        ply: usize,
        uci: String,
        san: String,
        fen: String,
        color: Color,
    },
    GameOver {
        result: String,
        reason: String,
        text: String,
    },
    /// Something the board could not use; shown in place too.
    Error { message: String },
}

/// One field of an event's `detail`: a JS number or string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    Number(usize),
    Text(String),
}

impl HostEvent {
    /// The DOM event's name.
    pub fn name(&self) -> &'static str {
        match self {
            HostEvent::Ready { .. } => "ready",
            HostEvent::Move { .. } => "move",
            HostEvent::GameOver { .. } => "gameover",
            HostEvent::Error { .. } => "error",
        }
    }

    /// The event's `detail`: its fields by name.
    pub fn detail(&self) -> Vec<(&'static str, Detail)> {
        let text = |s: &str| Detail::Text(s.to_string());
        match self {
            HostEvent::Ready { mode } => vec![("mode", text(mode))],
            HostEvent::Move {
                ply,
                uci,
                san,
                fen,
                color,
            } => vec![
                ("ply", Detail::Number(*ply)),
                ("uci", text(uci)),
                ("san", text(san)),
                ("fen", text(fen)),
                ("color", text(color.name())),
            ],
            HostEvent::GameOver {
                result,
                reason,
                text: said,
            } => {
                vec![
                    ("result", text(result)),
                    ("reason", text(reason)),
                    ("text", text(said)),
                ]
            }
            HostEvent::Error { message } => vec![("message", text(message))],
        }
    }
}

/// What a `play` board's page should hear after a message: the moves added at the end of
/// the game since `before_len`, then the game's end if it came with them.
pub fn play_events(state: &AppState, before_len: usize, was_over: bool) -> Vec<HostEvent> {
    let game = state.board.game();
    let mut events = Vec::new();
    if game.len() > before_len {
        for ply in before_len + 1..=game.len() {
            let Some(mv) = game.snapshot(ply).last_move else {
                continue;
            };
            let color = game.snapshot(ply - 1).position.turn();
            events.push(HostEvent::Move {
                ply,
                uci: mv.to_string(),
                san: game.move_text(ply - 1, shatar_rules::MoveStyle::PLAIN),
                fen: game.fen_at(ply),
                color,
            });
        }
    }
    if let (Some(outcome), false) = (game.outcome(), was_over) {
        events.push(HostEvent::GameOver {
            result: outcome.result.pgn().to_string(),
            reason: outcome.reason.description().to_string(),
            text: shatar_web::view::game_result_text(
                state.prefs.lang,
                game,
                outcome,
                state.prefs.looks.points,
            ),
        });
    }
    events
}

/// The local-storage key of a `play` board's game: the page and the board's place on it,
/// and its attributes as written (`snippet`), so a changed snippet starts afresh instead of
/// resuming a game the webmaster no longer offers.
pub fn save_key(page_path: &str, place: &str, snippet: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in snippet.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("shatar.embed.{page_path}#{place}.{hash:016x}")
}

/// The ruleset's name, the element's accessible name.
pub fn board_name(lang: Lang, kind: GameKind, mode: &config::Mode) -> String {
    let game = ruleset_name(lang, kind);
    match mode {
        config::Mode::Play { .. } => tf!(lang, "embed.label.play", game = game),
        config::Mode::View { .. } => tf!(lang, "embed.label.view", game = game),
        config::Mode::Diagram { .. } => tf!(lang, "embed.label.diagram", game = game),
        config::Mode::Live { .. } => t!(lang, "embed.label.live").to_string(),
    }
}

/// What follows `https://` or `http://` in a link a webmaster pastes into the builder, or
/// `None` when it has another scheme or a character the snippet's attribute would not carry
/// as it is (white space, a control, `"`).
pub(crate) fn after_scheme(link: &str) -> Option<&str> {
    let rest = link
        .strip_prefix("https://")
        .or_else(|| link.strip_prefix("http://"))?;
    let plain = !link
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '"');
    plain.then_some(rest)
}
