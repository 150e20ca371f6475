//! What the worker should be doing, worked out afresh after every message: the
//! computer's move when it is its turn, else a hint that was asked for, else analysis of
//! the position shown. A search that no longer fits is superseded; its late answers carry
//! an old token and are ignored.

use shatar_protocol::{Score, SearchLimits, Strength};
use shatar_rules::{Color, GameKind};

use super::{AppState, Effect, Hint, Notice, draws, play, timing};
use crate::engine_client::{EngineEvent, Purpose, SearchJob, Token};
use crate::settings::Opponent;
use shatar_rules::MoveStyle;

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineCommand {
    Submit(SearchJob),
    /// Drop the running search: nothing needs it any more.
    Cancel,
    /// Forget what earlier games taught the engine.
    NewGame(GameKind),
}

/// Which search, of which game: two keys are equal when the same search would serve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKey {
    Move {
        generation: u64,
        ply: usize,
    },
    Hint {
        generation: u64,
        ply: usize,
    },
    Analysis {
        generation: u64,
        ply: usize,
        round: u8,
    },
}

/// The computer's time per move at each level (1 to 10): an upper bound, as the lower
/// levels stop at their node caps long before.
const MOVE_TIME_MS: [u64; 10] = [300, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000];
const HINT_TIME_MS: u64 = 1000;
/// Analysis deepens in rounds, each a fresh search that starts from what the table kept:
/// short rounds keep the worker quick to follow the player through the moves.
const ANALYSIS_ROUNDS_MS: [u64; 3] = [700, 2000, 6000];
pub const ANALYSIS_LINES: u32 = 3;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// The ply analysed and the round reached; lines belong to that ply.
    pub ply: usize,
    pub round: u8,
    pub lines: Vec<AnalysisLine>,
    /// All rounds are done.
    pub finished: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLine {
    pub depth: u32,
    /// From White's side, as the evaluation bar shows it.
    pub white_score: Score,
    /// The line in standard notation.
    pub moves: Vec<String>,
}

fn wanted(state: &AppState) -> Option<JobKey> {
    let generation = state.searches.generation;
    let ply = state.board.game().len();
    let live = state.board.game().outcome().is_none();
    // The other side of an online game moves on its own device.
    let computer = matches!(state.session.setup.opponent, Opponent::Computer { .. });
    if live && computer && !state.human_to_move() {
        return Some(JobKey::Move { generation, ply });
    }
    if live && state.ui.hint == Some(Hint::Thinking) && !state.is_browsing() {
        return Some(JobKey::Hint { generation, ply });
    }
    let analysis = state.searches.analysis.as_ref()?;
    let shown = state.shown_ply();
    if analysis.finished && analysis.ply == shown {
        return None;
    }
    let round = if analysis.ply == shown {
        analysis.round
    } else {
        0
    };
    let position_over = !state
        .board
        .game()
        .snapshot(shown)
        .position
        .has_legal_moves();
    (!position_over).then_some(JobKey::Analysis {
        generation,
        ply: shown,
        round,
    })
}

pub fn reconcile(state: &mut AppState, effects: &mut Vec<Effect>) {
    let want = wanted(state).filter(|k| state.searches.failed != Some(*k));
    let running = state.searches.running.map(|(_, key)| key);
    if want == running {
        return;
    }
    match want {
        None => {
            state.searches.running = None;
            effects.push(Effect::Engine(EngineCommand::Cancel));
        }
        Some(key) => {
            let token = state.searches.next_token;
            state.searches.next_token += 1;
            state.searches.running = Some((token, key));
            if let JobKey::Analysis { ply, round, .. } = key
                && let Some(a) = &mut state.searches.analysis
                && (a.ply != ply || a.round != round)
            {
                if a.ply != ply {
                    a.lines.clear();
                }
                a.ply = ply;
                a.round = round;
                a.finished = false;
            }
            effects.push(Effect::Engine(EngineCommand::Submit(job(
                state, token, key,
            ))));
        }
    }
}

fn job(state: &AppState, token: Token, key: JobKey) -> SearchJob {
    let (purpose, ply, limits) = match key {
        JobKey::Move { ply, .. } => {
            let level = match state.session.setup.opponent {
                Opponent::Computer { level } => level,
                Opponent::Friend | Opponent::OverTheBoard | Opponent::Online => {
                    crate::settings::MAX_LEVEL
                }
            };
            // The level's time is a ceiling; on the clock the engine plans its own time
            // within it.
            let limits = SearchLimits {
                move_time_ms: Some(MOVE_TIME_MS[usize::from(level.clamp(1, 10) - 1)]),
                clock: timing::engine_clock(state),
                level: Some(Strength {
                    level,
                    seed: state.session.seed,
                }),
                ..SearchLimits::default()
            };
            (Purpose::Move, ply, limits)
        }
        JobKey::Hint { ply, .. } => (
            Purpose::Hint,
            ply,
            SearchLimits {
                move_time_ms: Some(HINT_TIME_MS),
                ..SearchLimits::default()
            },
        ),
        JobKey::Analysis { ply, round, .. } => {
            let limits = SearchLimits {
                move_time_ms: Some(ANALYSIS_ROUNDS_MS[usize::from(round)]),
                multi_pv: Some(ANALYSIS_LINES),
                ..SearchLimits::default()
            };
            (Purpose::Analysis, ply, limits)
        }
    };
    SearchJob {
        token,
        purpose,
        record: state.board.game().wire_until(ply),
        limits,
    }
}

pub fn on_event(state: &mut AppState, event: EngineEvent, effects: &mut Vec<Effect>) {
    let current = |token: Token| {
        state
            .searches
            .running
            .filter(|(t, _)| *t == token)
            .map(|(_, key)| key)
    };
    match event {
        EngineEvent::Status(status) => state.searches.engine_status = status,
        EngineEvent::Info { token, info, .. } => {
            if let Some(JobKey::Analysis { ply, .. }) = current(token) {
                analysis_info(state, ply, &info);
            }
        }
        EngineEvent::Best { token, best, .. } => {
            let Some(key) = current(token) else { return };
            state.searches.running = None;
            match key {
                JobKey::Move { .. } => computer_move(state, &best, effects),
                JobKey::Hint { .. } => {
                    let pos = state.board.game().position();
                    state.ui.hint = pos
                        .parse_wire_move(&best.best_move)
                        .ok()
                        .map(|mv| Hint::Move { mv });
                }
                JobKey::Analysis { round, .. } => {
                    if let Some(a) = &mut state.searches.analysis {
                        if usize::from(round) + 1 < ANALYSIS_ROUNDS_MS.len() {
                            a.round = round + 1;
                        } else {
                            a.finished = true;
                        }
                    }
                }
            }
        }
        EngineEvent::Failed { token, reason, .. } => {
            let Some(key) = current(token) else { return };
            state.searches.running = None;
            state.searches.failed = Some(key);
            if matches!(key, JobKey::Hint { .. }) {
                state.ui.hint = None;
            }
            state.ui.notice = Some(Notice::EngineFailed { reason });
        }
    }
}

fn computer_move(
    state: &mut AppState,
    best: &shatar_protocol::BestMove,
    effects: &mut Vec<Effect>,
) {
    let text = &best.best_move;
    let pos = state.board.game().position();
    match pos.parse_wire_move(text) {
        Ok(m) => {
            if let Some(events) = draws::computer_considers(state, m, best.score, effects) {
                if state.board.game().outcome().is_none() {
                    play::after_move(state, events, effects);
                }
                return;
            }
            play::play(state, m, effects)
        }
        Err(e) => {
            state.searches.failed = Some(JobKey::Move {
                generation: state.searches.generation,
                ply: state.board.game().len(),
            });
            state.notify(Notice::EngineImpossible {
                mv: text.clone(),
                error: e.to_string(),
            });
        }
    }
}

/// Keeps the latest iteration of each line, in standard notation and from White's side.
fn analysis_info(state: &mut AppState, ply: usize, info: &shatar_protocol::SearchInfo) {
    let snapshot = state.board.game().snapshot(ply);
    let mover = snapshot.position.turn();
    let moves = snapshot.position.line_text(&info.pv, MoveStyle::PLAIN);
    let white_score = match (mover, info.score) {
        (Color::White, s) => s,
        (Color::Black, Score::Cp { cp }) => Score::Cp { cp: -cp },
        (Color::Black, Score::Mate { moves }) => Score::Mate { moves: -moves },
    };
    let Some(a) = &mut state.searches.analysis else {
        return;
    };
    let index = info.multi_pv.saturating_sub(1) as usize;
    let line = AnalysisLine {
        depth: info.depth,
        white_score,
        moves,
    };
    if index < a.lines.len() {
        a.lines[index] = line;
    } else if index == a.lines.len() {
        a.lines.push(line);
    }
}
