//! The page's side of the engine worker, as a state machine: which requests to post and
//! when, which replies still matter, and when the worker must be replaced.
//!
//! Plain Rust with no clock and no browser: every call is given the time, and the answer
//! is a list of [`WorkerAction`]s for the glue (`dom::engine`) to carry out, in order,
//! plus the [`EngineEvent`]s to hand to the page. Natively tested in `engine_client/tests.rs`.
//!
//! # Why the worker is killed rather than told to stop
//!
//! The worker runs a search synchronously inside its `onmessage` and reads no message
//! until it is done (see the worker crate), so a search cannot be stopped, only waited
//! for or killed with `Worker.terminate()`. A new worker costs little (the wasm comes
//! from the HTTP cache; only the transposition table is lost), so a search that has more
//! than [`LET_FINISH_MS`] left to run when it stops mattering is killed, and one closer
//! to its end is left to finish with its answer dropped.
//!
//! # Which answers count
//!
//! One request is in flight at a time and every request gets a fresh id, never reused,
//! even across workers. A reply counts only while its id is the in-flight request's and
//! that request searches for the current job: a superseded search, a search of a dead
//! worker, or a reply that arrives twice is dropped here, so the page never sees an
//! answer for a token older than its last [`EngineClient::submit`].
//!
//! # Two builds of the worker
//!
//! The worker comes in two builds ([`WorkerBuild`]): the one the page starts with plays
//! the 8x8 games only, and keeps the first download small; the other adds Xiangqi. The
//! first job for Xiangqi (a search of a Xiangqi game, a `NewGame` of Xiangqi) replaces a
//! worker of the first build with one of the second, and the job waits for it as for any
//! new worker. The second build plays the 8x8 games too, so the client keeps it until the
//! page is reloaded: every worker it spawns after that, a crashed one's replacement
//! included, is of that build.

use std::collections::VecDeque;

use shatar_protocol::{
    BestMove, Envelope, Header, RecordWire, Request, Response, SearchInfo, SearchLimits,
};
use shatar_rules::GameKind;

/// Numbers a search; an answer is applied only while its token is the current one.
pub type Token = u64;

/// What a search is for: the computer's move, a hint for the player, or analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint,
    Analysis,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SearchJob {
    pub token: Token,
    pub purpose: Purpose,
    pub record: RecordWire,
    pub limits: SearchLimits,
}

#[derive(Clone, Debug, PartialEq)]
pub enum EngineEvent {
    Info {
        token: Token,
        purpose: Purpose,
        info: SearchInfo,
    },
    Best {
        token: Token,
        purpose: Purpose,
        best: BestMove,
    },
    Failed {
        token: Token,
        purpose: Purpose,
        reason: String,
    },
    Status(EngineStatus),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineStatus {
    Starting,
    Ready,
    Thinking,
    Restarting {
        reason: String,
    },
    /// No engine until something changes: the worker is from another build (only a
    /// reload helps; the reason says so), or it failed to start [`MAX_FAILURES`] times in
    /// a row (the next search tries again).
    Unavailable {
        reason: String,
    },
}

/// Which build of the worker to start (see the module documentation): the glue knows
/// each one's URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WorkerBuild {
    /// The 8x8 games only (Mongolian chess, its folk rules, chess): the page's first.
    #[default]
    Board8,
    /// The 8x8 games and Xiangqi: fetched when Xiangqi is first played.
    Xiangqi,
}

impl WorkerBuild {
    /// Whether a worker of this build plays `game`.
    pub fn plays(self, game: GameKind) -> bool {
        match game {
            GameKind::Board8(_) => true,
            GameKind::Xiangqi => self == WorkerBuild::Xiangqi,
        }
    }
}

/// What the glue must do with the Worker, in the order given.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerAction {
    /// Create a worker of this build (and listen to it).
    Spawn(WorkerBuild),
    /// Stop listening to the current worker and terminate it.
    Terminate,
    /// `postMessage` to the current worker.
    Post(Envelope<Request>),
}

/// A search with less than this left is left to finish (its answer dropped) rather than
/// killed: a new worker takes about as long to start.
pub const LET_FINISH_MS: f64 = 300.0;
/// A worker that has not said `Ready` by then is taken for hung.
pub const READY_TIMEOUT_MS: f64 = 10_000.0;
/// The watchdog's budget for a search with no move time and no clock (a depth or node
/// limit, a level's caps): what such a search may take before it is taken for hung.
pub const DEFAULT_BUDGET_MS: f64 = 10_000.0;
/// A search is taken for hung when it has not answered by its budget plus this, or plus
/// half its budget when that is more: a busy machine runs late.
pub const MIN_GRACE_MS: f64 = 2_000.0;
/// Failures of one job (a hung or crashed worker while it ran or waited for the worker to
/// start) before it is reported as failed; also the starts in a row that may fail before
/// the client stops spawning workers.
pub const MAX_FAILURES: u32 = 3;

#[derive(Clone, Debug, PartialEq)]
enum Link {
    /// Spawned at `since`; has not said `Ready` yet.
    Starting {
        since: f64,
    },
    Ready,
    /// No worker: it failed to start too often. A new request spawns one again.
    Down {
        reason: String,
    },
    /// No worker: it is from another build, and so would any new one be until a reload.
    Incompatible {
        reason: String,
    },
}

#[derive(Clone, Debug)]
enum Sent {
    /// `budget_ms` is what the search may spend by its limits, from `posted_at`.
    Search {
        budget_ms: f64,
    },
    NewGame,
}

#[derive(Clone, Debug)]
struct InFlight {
    id: u32,
    posted_at: f64,
    sent: Sent,
}

impl InFlight {
    /// When the watchdog gives up on it.
    fn deadline(&self) -> f64 {
        match self.sent {
            Sent::Search { budget_ms } => {
                self.posted_at + budget_ms + (budget_ms / 2.0).max(MIN_GRACE_MS)
            }
            Sent::NewGame => self.posted_at + READY_TIMEOUT_MS,
        }
    }

    fn remaining(&self, now_ms: f64) -> f64 {
        match self.sent {
            Sent::Search { budget_ms } => self.posted_at + budget_ms - now_ms,
            Sent::NewGame => 0.0,
        }
    }
}

/// The search the page is waiting for.
#[derive(Clone, Debug)]
struct Job {
    job: SearchJob,
    /// The id of its `Search` request while that is in flight.
    sent_id: Option<u32>,
    failures: u32,
}

/// The supervised link to the engine worker (see the module documentation).
#[derive(Debug)]
pub struct EngineClient {
    link: Link,
    /// The build of every worker spawned from now on: the first until a job needs Xiangqi.
    build: WorkerBuild,
    /// The build of the worker `link` is about (when it is starting or ready).
    link_build: WorkerBuild,
    /// Ids start at 1: the worker answers with 0 what it could not read an id from.
    next_id: u32,
    in_flight: Option<InFlight>,
    /// A `NewGame` still to post; it goes before the job.
    new_game: Option<GameKind>,
    job: Option<Job>,
    /// The token of the last job submitted and not cancelled since: events for any other
    /// are never reported.
    live_token: Option<Token>,
    /// Why the current worker replaced the last one, while it starts.
    restart_reason: Option<String>,
    starts_failed: u32,
    /// The status last reported (at first, `Starting`, which the page may assume).
    status: EngineStatus,
    /// Answers that arose in a call that cannot report them (`submit` to an incompatible
    /// worker), for the next call that can.
    outbox: VecDeque<EngineEvent>,
}

impl EngineClient {
    /// A client whose worker is starting: the page may consider the status `Starting`
    /// without an event saying so.
    pub fn new(now_ms: f64) -> (EngineClient, Vec<WorkerAction>) {
        let client = EngineClient {
            link: Link::Starting { since: now_ms },
            build: WorkerBuild::Board8,
            link_build: WorkerBuild::Board8,
            next_id: 1,
            in_flight: None,
            new_game: None,
            job: None,
            live_token: None,
            restart_reason: None,
            starts_failed: 0,
            status: EngineStatus::Starting,
            outbox: VecDeque::new(),
        };
        (client, vec![WorkerAction::Spawn(WorkerBuild::Board8)])
    }

    /// Supersedes any earlier job: after this, nothing is ever reported for an older token.
    /// A job for a game the worker's build does not play replaces the worker first.
    pub fn submit(&mut self, job: SearchJob, now_ms: f64) -> Vec<WorkerAction> {
        let mut actions = Vec::new();
        self.choose_build(job.record.kind);
        self.drop_job(now_ms, &mut actions);
        self.live_token = Some(job.token);
        if let Link::Incompatible { reason } = &self.link {
            let failed = EngineEvent::Failed {
                token: job.token,
                purpose: job.purpose,
                reason: reason.clone(),
            };
            self.outbox.push_back(failed);
        } else {
            self.job = Some(Job {
                job,
                sent_id: None,
                failures: 0,
            });
            self.revive(now_ms, &mut actions);
            self.switch_build(now_ms, &mut actions);
            self.pump(now_ms, &mut actions);
        }
        actions
    }

    /// Clears the worker's memory for a new game of `game` (Request::NewGame) and drops
    /// any job. A game the worker's build does not play replaces the worker first.
    pub fn new_game(&mut self, game: GameKind, now_ms: f64) -> Vec<WorkerAction> {
        let mut actions = Vec::new();
        self.choose_build(game);
        self.drop_job(now_ms, &mut actions);
        self.live_token = None;
        if !matches!(self.link, Link::Incompatible { .. }) {
            self.new_game = Some(game);
            self.revive(now_ms, &mut actions);
            self.switch_build(now_ms, &mut actions);
            self.pump(now_ms, &mut actions);
        }
        actions
    }

    /// The build of the workers the client spawns now: the first until a job needs more.
    pub fn build(&self) -> WorkerBuild {
        self.build
    }

    /// Drops the current job (stop analysis, takeback...): its answers are never reported.
    pub fn cancel(&mut self, now_ms: f64) -> Vec<WorkerAction> {
        let mut actions = Vec::new();
        self.drop_job(now_ms, &mut actions);
        self.live_token = None;
        self.pump(now_ms, &mut actions);
        actions
    }

    /// A message from the worker, decoded by the glue. The version is checked here, on
    /// `v` and whatever the body: a glue that can read a header of another version but not
    /// its body passes `Ok` with that header's `v` and `id` and any body (a
    /// `Response::Error` with `VersionMismatch` reads best). `Err` is a reply that could
    /// not be read at all.
    pub fn on_message(
        &mut self,
        message: Result<Envelope<Response>, String>,
        now_ms: f64,
    ) -> (Vec<WorkerAction>, Vec<EngineEvent>) {
        let mut actions = Vec::new();
        let mut events = Vec::new();
        if matches!(self.link, Link::Down { .. } | Link::Incompatible { .. }) {
            // From a worker already terminated, delivered before the glue detached it.
            return (actions, self.report(events));
        }
        match message {
            Ok(envelope) => match (Header {
                v: envelope.v,
                id: envelope.id,
            })
            .check_version()
            {
                Ok(()) => self.on_response(envelope, now_ms, &mut actions, &mut events),
                Err(error) => self.incompatible(
                    format!("{error}; reload the page"),
                    &mut actions,
                    &mut events,
                ),
            },
            // The request it answered will never be answered properly: the same as a crash,
            // and a replacement worker gets the job again.
            Err(why) => self.fail(
                format!("the engine sent an unreadable reply ({why})"),
                now_ms,
                &mut actions,
                &mut events,
            ),
        }
        (actions, self.report(events))
    }

    /// The worker's `error` event: a wasm panic (the worker's panic hook rethrows it), a
    /// failure to load. The worker is replaced.
    pub fn on_worker_error(
        &mut self,
        message: &str,
        now_ms: f64,
    ) -> (Vec<WorkerAction>, Vec<EngineEvent>) {
        let mut actions = Vec::new();
        let mut events = Vec::new();
        if matches!(self.link, Link::Starting { .. } | Link::Ready) {
            let reason = if message.is_empty() {
                "the engine crashed".to_string()
            } else {
                format!("the engine crashed: {message}")
            };
            self.fail(reason, now_ms, &mut actions, &mut events);
        }
        (actions, self.report(events))
    }

    /// Called by a timer (~every 250 ms): the watchdog.
    pub fn tick(&mut self, now_ms: f64) -> (Vec<WorkerAction>, Vec<EngineEvent>) {
        let mut actions = Vec::new();
        let mut events = Vec::new();
        let hung = match (&self.link, &self.in_flight) {
            (Link::Starting { since }, _) if now_ms - since > READY_TIMEOUT_MS => Some(format!(
                "the engine did not start within {} s",
                secs(READY_TIMEOUT_MS)
            )),
            (Link::Ready, Some(in_flight)) if now_ms > in_flight.deadline() => Some(format!(
                "the engine did not answer within {} s",
                secs(in_flight.deadline() - in_flight.posted_at)
            )),
            _ => None,
        };
        if let Some(reason) = hung {
            self.fail(reason, now_ms, &mut actions, &mut events);
        }
        (actions, self.report(events))
    }

    /// The events `submit`, `new_game` and `cancel` could not return (a status change, a
    /// job refused by an incompatible worker), for a glue that delivers them soon after
    /// rather than at the next `tick`. The other calls include them in their answer.
    pub fn take_events(&mut self) -> Vec<EngineEvent> {
        self.report(Vec::new())
    }

    /// Whether events for `token` are still wanted: it is the last job submitted, and
    /// neither `cancel` nor `new_game` came since. For a glue that delivers a batch of
    /// events one by one to a page that may submit in between.
    pub fn is_current(&self, token: Token) -> bool {
        self.live_token == Some(token)
    }

    /// The status as last reported (or, before any report, `Starting`).
    pub fn status(&self) -> &EngineStatus {
        &self.status
    }

    /// A call's events, after the answers waiting in the outbox and a status change, if
    /// any. The status is reported as it is now, if it differs from the one reported
    /// last: what it went through in between no longer matters. It comes first so that
    /// the page's reaction to an answer (say, a new search) is not followed by a status
    /// from before that reaction.
    fn report(&mut self, events: Vec<EngineEvent>) -> Vec<EngineEvent> {
        let mut report = Vec::with_capacity(events.len() + self.outbox.len() + 1);
        let status = self.current_status();
        if status != self.status {
            self.status = status.clone();
            report.push(EngineEvent::Status(status));
        }
        let live = self.live_token;
        report.extend(self.outbox.drain(..).filter(|event| match event {
            EngineEvent::Info { token, .. }
            | EngineEvent::Best { token, .. }
            | EngineEvent::Failed { token, .. } => Some(*token) == live,
            EngineEvent::Status(_) => true,
        }));
        report.extend(events);
        report
    }

    fn on_response(
        &mut self,
        envelope: Envelope<Response>,
        now_ms: f64,
        actions: &mut Vec<WorkerAction>,
        events: &mut Vec<EngineEvent>,
    ) {
        if let Response::Ready = envelope.body {
            if matches!(self.link, Link::Starting { .. }) {
                self.link = Link::Ready;
                self.restart_reason = None;
                self.starts_failed = 0;
                self.pump(now_ms, actions);
            }
            return;
        }
        let Some(in_flight) = &self.in_flight else {
            return;
        };
        // The worker answers with id 0 what it could not read an id from, and it reads one
        // message at a time: such an error can only be about the request in flight.
        let answers = envelope.id == in_flight.id
            || (envelope.id == 0 && matches!(envelope.body, Response::Error { .. }));
        if !answers {
            return;
        }
        let search = matches!(in_flight.sent, Sent::Search { .. });
        let in_flight_id = in_flight.id;
        let live = self
            .job
            .as_ref()
            .filter(|job| job.sent_id == Some(in_flight_id))
            .map(|job| (job.job.token, job.job.purpose));
        match (search, envelope.body) {
            (true, Response::SearchInfo(info)) => {
                if let Some((token, purpose)) = live {
                    events.push(EngineEvent::Info {
                        token,
                        purpose,
                        info,
                    });
                }
            }
            (true, Response::BestMove(best)) => {
                self.in_flight = None;
                if let Some((token, purpose)) = live {
                    self.job = None;
                    events.push(EngineEvent::Best {
                        token,
                        purpose,
                        best,
                    });
                }
                self.pump(now_ms, actions);
            }
            // A typed error is the request's answer, not the worker's fault: retrying would
            // get the same answer.
            (_, Response::Error { error }) => {
                self.in_flight = None;
                if let Some((token, purpose)) = live {
                    self.job = None;
                    events.push(EngineEvent::Failed {
                        token,
                        purpose,
                        reason: error.to_string(),
                    });
                }
                self.pump(now_ms, actions);
            }
            (false, Response::NewGameReady) => {
                self.in_flight = None;
                self.pump(now_ms, actions);
            }
            // A reply of the wrong kind for its request: a bug in one of the two builds
            // sharing a version. Dropped; the watchdog covers a request left unanswered.
            _ => {}
        }
    }

    /// The current job stops mattering: forget it, and stop its search if that pays.
    fn drop_job(&mut self, now_ms: f64, actions: &mut Vec<WorkerAction>) {
        self.job = None;
        self.outbox.clear();
        let long = self.in_flight.as_ref().is_some_and(|in_flight| {
            matches!(in_flight.sent, Sent::Search { .. })
                && in_flight.remaining(now_ms) > LET_FINISH_MS
        });
        if long {
            self.restart(now_ms, actions);
            self.restart_reason = None;
        }
    }

    /// From now on, spawn a build that plays `game` (and never go back to a smaller one:
    /// the Xiangqi build plays everything).
    fn choose_build(&mut self, game: GameKind) {
        if !self.build.plays(game) {
            self.build = WorkerBuild::Xiangqi;
        }
    }

    /// Replaces a worker (starting or ready) of a build other than the one chosen. Not a
    /// failure: the new worker starts with no reason shown and no failure counted.
    fn switch_build(&mut self, now_ms: f64, actions: &mut Vec<WorkerAction>) {
        if matches!(self.link, Link::Starting { .. } | Link::Ready) && self.link_build != self.build
        {
            self.restart(now_ms, actions);
            self.restart_reason = None;
        }
    }

    /// Spawns a worker again after too many failed starts: a new request deserves a try.
    fn revive(&mut self, now_ms: f64, actions: &mut Vec<WorkerAction>) {
        if let Link::Down { .. } = self.link {
            self.starts_failed = 0;
            self.restart_reason = None;
            self.link = Link::Starting { since: now_ms };
            self.link_build = self.build;
            actions.push(WorkerAction::Spawn(self.build));
        }
    }

    /// Replaces a live worker with a new one (of the build chosen now); nothing is in
    /// flight on the new one.
    fn restart(&mut self, now_ms: f64, actions: &mut Vec<WorkerAction>) {
        actions.push(WorkerAction::Terminate);
        actions.push(WorkerAction::Spawn(self.build));
        self.link = Link::Starting { since: now_ms };
        self.link_build = self.build;
        self.in_flight = None;
        if let Some(job) = &mut self.job {
            job.sent_id = None;
        }
    }

    /// The worker crashed, hung or talked nonsense: replace it, and give the job it was
    /// running (or that was waiting for it to start) another try, up to [`MAX_FAILURES`].
    fn fail(
        &mut self,
        reason: String,
        now_ms: f64,
        actions: &mut Vec<WorkerAction>,
        events: &mut Vec<EngineEvent>,
    ) {
        let starting = matches!(self.link, Link::Starting { .. });
        if starting {
            self.starts_failed += 1;
        }
        let in_flight_id = self.in_flight.as_ref().map(|in_flight| in_flight.id);
        let running = self
            .job
            .as_ref()
            .is_some_and(|job| job.sent_id.is_some() && job.sent_id == in_flight_id);
        if let Some(job) = self.job.as_mut().filter(|_| starting || running) {
            job.failures += 1;
            if job.failures >= MAX_FAILURES {
                let SearchJob { token, purpose, .. } = job.job;
                events.push(EngineEvent::Failed {
                    token,
                    purpose,
                    reason: format!("{reason} ({} attempts)", job.failures),
                });
                self.job = None;
            }
        }
        if self.starts_failed >= MAX_FAILURES && self.job.is_none() {
            actions.push(WorkerAction::Terminate);
            self.link = Link::Down { reason };
            self.in_flight = None;
            self.new_game = None;
        } else {
            self.restart(now_ms, actions);
            self.restart_reason = Some(reason);
        }
    }

    /// Another build: stop using the worker for good and fail whatever waits for it.
    fn incompatible(
        &mut self,
        reason: String,
        actions: &mut Vec<WorkerAction>,
        events: &mut Vec<EngineEvent>,
    ) {
        actions.push(WorkerAction::Terminate);
        if let Some(Job {
            job: SearchJob { token, purpose, .. },
            ..
        }) = self.job.take()
        {
            events.push(EngineEvent::Failed {
                token,
                purpose,
                reason: reason.clone(),
            });
        }
        self.link = Link::Incompatible { reason };
        self.in_flight = None;
        self.new_game = None;
    }

    /// Posts the next request if the worker is free: the `NewGame`, then the job.
    fn pump(&mut self, now_ms: f64, actions: &mut Vec<WorkerAction>) {
        if self.link != Link::Ready || self.in_flight.is_some() {
            return;
        }
        let (request, sent) = if let Some(game) = self.new_game.take() {
            (
                Request::NewGame {
                    kind: game,
                    hash_mb: None,
                },
                Sent::NewGame,
            )
        } else if let Some(job) = self.job.as_mut().filter(|job| job.sent_id.is_none()) {
            job.sent_id = Some(self.next_id);
            let request = Request::Search {
                record: job.job.record.clone(),
                limits: job.job.limits.clone(),
            };
            (
                request,
                Sent::Search {
                    budget_ms: budget_ms(&job.job.limits),
                },
            )
        } else {
            return;
        };
        let id = self.next_id;
        self.next_id += 1;
        self.in_flight = Some(InFlight {
            id,
            posted_at: now_ms,
            sent,
        });
        actions.push(WorkerAction::Post(Envelope::new(id, request)));
    }

    fn current_status(&self) -> EngineStatus {
        match &self.link {
            Link::Starting { .. } => match &self.restart_reason {
                Some(reason) => EngineStatus::Restarting {
                    reason: reason.clone(),
                },
                None => EngineStatus::Starting,
            },
            Link::Ready if self.job.is_some() => EngineStatus::Thinking,
            Link::Ready => EngineStatus::Ready,
            Link::Down { reason } | Link::Incompatible { reason } => EngineStatus::Unavailable {
                reason: reason.clone(),
            },
        }
    }
}

/// What a search may spend by its own limits: the watchdog's measure of "late".
fn budget_ms(limits: &SearchLimits) -> f64 {
    match (limits.move_time_ms, &limits.clock) {
        (Some(ms), _) => ms as f64,
        // The engine plans within the time on its clock (and this move's delay), never
        // beyond: a bound, even if a generous one.
        (None, Some(clock)) => {
            let delay = match clock.delay {
                shatar_protocol::Delay::None => 0,
                shatar_protocol::Delay::Simple { ms }
                | shatar_protocol::Delay::Bronstein { ms } => ms,
            };
            (clock.remaining_ms + delay) as f64
        }
        (None, None) => DEFAULT_BUDGET_MS,
    }
}

fn secs(ms: f64) -> String {
    crate::num::Num::<1>(ms / 1000.0).to_string()
}

#[cfg(test)]
mod tests;
