//! Several boards on one page share one engine worker. The engine client serves one job at
//! a time and a new job replaces the old, which would let one board's analysis silence
//! another board's computer. The scheduler sits between: each board has at most one job,
//! one runs at a time and the others wait their turn, and every answer goes back to the
//! board that asked, under that board's own token.
//!
//! Plain Rust, natively tested: the browser layer hands it each board's
//! [`EngineCommand`]s and the engine's events, and carries out the orders it returns.

use std::collections::VecDeque;

use shatar_rules::GameKind;

use shatar_web::engine_client::{EngineEvent, SearchJob, Token};
use shatar_web::state::EngineCommand;

/// Names a board on the page.
pub type BoardId = u32;

/// What the shared engine must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Order {
    Submit(SearchJob),
    Cancel,
    NewGame(GameKind),
}

/// An event for one board, or (`to: None`) for all of them: the engine's status.
#[derive(Clone, Debug, PartialEq)]
pub struct Delivery {
    pub to: Option<BoardId>,
    pub event: EngineEvent,
}

#[derive(Debug, Default)]
pub struct Scheduler {
    live: Option<Live>,
    waiting: VecDeque<(BoardId, SearchJob)>,
    /// The engine's tokens: the boards' own may collide, these never do.
    next_token: Token,
}

#[derive(Clone, Copy, Debug)]
struct Live {
    board: BoardId,
    /// The board's token, given back with the answers.
    theirs: Token,
    ours: Token,
}

impl Scheduler {
    pub fn new() -> Scheduler {
        Scheduler::default()
    }

    /// A board's command.
    pub fn command(&mut self, board: BoardId, command: EngineCommand) -> Vec<Order> {
        self.waiting.retain(|(b, _)| *b != board);
        let mine = self.live.is_some_and(|l| l.board == board);
        let mut orders = Vec::new();
        match command {
            EngineCommand::Submit(job) => {
                if self.live.is_none() || mine {
                    // Replacing its own job: the client drops the old one's answers.
                    orders.push(self.start(board, job));
                } else {
                    self.waiting.push_back((board, job));
                }
            }
            EngineCommand::Cancel => {
                if mine {
                    self.live = None;
                    orders.push(Order::Cancel);
                    orders.extend(self.next());
                }
            }
            EngineCommand::NewGame(ruleset) => {
                if mine {
                    self.live = None;
                }
                // Clearing the engine's memory would drop another board's running search.
                if self.live.is_none() {
                    orders.push(Order::NewGame(ruleset));
                    orders.extend(self.next());
                }
            }
        }
        orders
    }

    /// A board left the page: its job goes with it.
    pub fn forget(&mut self, board: BoardId) -> Vec<Order> {
        self.command(board, EngineCommand::Cancel)
    }

    /// An event of the engine: where it goes, and what to start now that a job is done.
    pub fn event(&mut self, event: EngineEvent) -> (Option<Delivery>, Vec<Order>) {
        let token = match &event {
            EngineEvent::Status(_) => return (Some(Delivery { to: None, event }), Vec::new()),
            EngineEvent::Info { token, .. }
            | EngineEvent::Best { token, .. }
            | EngineEvent::Failed { token, .. } => *token,
        };
        let Some(live) = self.live.filter(|l| l.ours == token) else {
            return (None, Vec::new());
        };
        let finished = !matches!(event, EngineEvent::Info { .. });
        let event = match event {
            EngineEvent::Info { purpose, info, .. } => EngineEvent::Info {
                token: live.theirs,
                purpose,
                info,
            },
            EngineEvent::Best { purpose, best, .. } => EngineEvent::Best {
                token: live.theirs,
                purpose,
                best,
            },
            EngineEvent::Failed {
                purpose, reason, ..
            } => EngineEvent::Failed {
                token: live.theirs,
                purpose,
                reason,
            },
            EngineEvent::Status(_) => unreachable!("answered above"),
        };
        let mut orders = Vec::new();
        if finished {
            self.live = None;
            orders.extend(self.next());
        }
        (
            Some(Delivery {
                to: Some(live.board),
                event,
            }),
            orders,
        )
    }

    fn start(&mut self, board: BoardId, mut job: SearchJob) -> Order {
        self.next_token += 1;
        self.live = Some(Live {
            board,
            theirs: job.token,
            ours: self.next_token,
        });
        job.token = self.next_token;
        Order::Submit(job)
    }

    fn next(&mut self) -> Option<Order> {
        let (board, job) = self.waiting.pop_front()?;
        Some(self.start(board, job))
    }
}
