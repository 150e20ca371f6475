use shatar_protocol::{ErrorKind, PROTOCOL_VERSION, Score};

use shatar_rules::Ruleset;

use super::*;

fn limits(move_time_ms: u64) -> SearchLimits {
    SearchLimits {
        move_time_ms: Some(move_time_ms),
        ..SearchLimits::default()
    }
}

fn job(token: Token, move_time_ms: u64) -> SearchJob {
    SearchJob {
        token,
        purpose: Purpose::Move,
        record: RecordWire {
            kind: Ruleset::Mongolian.into(),
            fen: None,
            moves: vec!["e2e4".into(), "e7e5".into()],
        },
        limits: limits(move_time_ms),
    }
}

fn reply(id: u32, body: Response) -> Result<Envelope<Response>, String> {
    Ok(Envelope::new(id, body))
}

fn ready() -> Result<Envelope<Response>, String> {
    reply(0, Response::Ready)
}

fn best_move(uci: &str) -> BestMove {
    BestMove {
        best_move: uci.into(),
        ponder: None,
        score: Score::Cp { cp: 12 },
        depth: 5,
        nodes: 1000,
        time_ms: 90,
    }
}

fn info(depth: u32) -> SearchInfo {
    SearchInfo {
        depth,
        seldepth: depth,
        multi_pv: 1,
        score: Score::Cp { cp: 10 },
        nodes: 100,
        nps: 1000,
        time_ms: 1,
        hashfull: 0,
        pv: vec!["g1f3".into()],
    }
}

fn best(id: u32, uci: &str) -> Result<Envelope<Response>, String> {
    reply(id, Response::BestMove(best_move(uci)))
}

/// The one request `actions` posts, which must be all they do.
fn posted(actions: &[WorkerAction]) -> &Envelope<Request> {
    match actions {
        [WorkerAction::Post(envelope)] => envelope,
        other => panic!("expected one Post, got {other:?}"),
    }
}

fn search_of(envelope: &Envelope<Request>, job: &SearchJob) -> u32 {
    assert_eq!(envelope.v, PROTOCOL_VERSION);
    assert_eq!(
        envelope.body,
        Request::Search {
            record: job.record.clone(),
            limits: job.limits.clone()
        }
    );
    envelope.id
}

fn restarted(actions: &[WorkerAction]) -> bool {
    actions
        == [
            WorkerAction::Terminate,
            WorkerAction::Spawn(WorkerBuild::Board8),
        ]
}

/// Events about searches, without the status changes.
fn answers(events: &[EngineEvent]) -> Vec<&EngineEvent> {
    events
        .iter()
        .filter(|e| !matches!(e, EngineEvent::Status(_)))
        .collect()
}

fn statuses(events: &[EngineEvent]) -> Vec<&EngineStatus> {
    events
        .iter()
        .filter_map(|e| match e {
            EngineEvent::Status(status) => Some(status),
            _ => None,
        })
        .collect()
}

/// A client whose worker has said `Ready` at time 0.
fn ready_client() -> EngineClient {
    let (mut client, _) = EngineClient::new(0.0);
    let (actions, events) = client.on_message(ready(), 0.0);
    assert!(
        actions.is_empty() && statuses(&events) == [&EngineStatus::Ready],
        "{actions:?} {events:?}"
    );
    client
}

/// `job` submitted at `now` to an idle ready client, and its status change delivered as
/// the glue does right after `submit`: its request's id.
fn start_search(client: &mut EngineClient, job: &SearchJob, now: f64) -> u32 {
    let id = search_of(posted(&client.submit(job.clone(), now)), job);
    assert_eq!(
        client.take_events(),
        [EngineEvent::Status(EngineStatus::Thinking)]
    );
    id
}

#[test]
fn a_new_client_spawns_a_worker_and_queues_requests_until_it_is_ready() {
    let (mut client, actions) = EngineClient::new(0.0);
    assert_eq!(actions, [WorkerAction::Spawn(WorkerBuild::Board8)]);
    assert_eq!(client.status(), &EngineStatus::Starting);

    let first = job(1, 1000);
    assert_eq!(client.new_game(Ruleset::Chess.into(), 10.0), []);
    assert_eq!(client.submit(first.clone(), 20.0), []);
    assert_eq!(client.tick(250.0), (vec![], vec![]));

    // Ready: the queued requests go out one at a time, in order, numbered from 1.
    let (actions, events) = client.on_message(ready(), 300.0);
    let new_game = posted(&actions);
    assert_eq!(
        (new_game.id, &new_game.body),
        (
            1,
            &Request::NewGame {
                kind: Ruleset::Chess.into(),
                hash_mb: None
            }
        )
    );
    assert_eq!(statuses(&events), [&EngineStatus::Thinking]);

    // NewGame's reply needs no event; the search follows it.
    let (actions, events) = client.on_message(reply(1, Response::NewGameReady), 310.0);
    assert_eq!(search_of(posted(&actions), &first), 2);
    assert_eq!(events, []);

    let (actions, events) = client.on_message(reply(2, Response::SearchInfo(info(1))), 400.0);
    assert_eq!(actions, []);
    assert_eq!(
        events,
        [EngineEvent::Info {
            token: 1,
            purpose: Purpose::Move,
            info: info(1)
        }]
    );
    let (actions, events) = client.on_message(best(2, "g1f3"), 1300.0);
    assert_eq!(actions, []);
    assert_eq!(
        events,
        [
            EngineEvent::Status(EngineStatus::Ready),
            EngineEvent::Best {
                token: 1,
                purpose: Purpose::Move,
                best: best_move("g1f3")
            },
        ]
    );
    // The same answer again (or any reply to a finished request) is not reported twice.
    assert_eq!(client.on_message(best(2, "g1f3"), 1310.0), (vec![], vec![]));
}

#[test]
fn a_duplicate_ready_changes_nothing() {
    let mut client = ready_client();
    let first = job(1, 1000);
    let id = start_search(&mut client, &first, 0.0);
    assert_eq!(client.on_message(ready(), 10.0), (vec![], vec![]));
    let (_, events) = client.on_message(best(id, "d7d5"), 900.0);
    assert_eq!(answers(&events).len(), 1);
}

#[test]
fn status_changes_from_submit_wait_for_the_next_call_that_reports() {
    let mut client = ready_client();
    let id = posted(&client.submit(job(1, 1000), 0.0)).id;
    assert_eq!(
        client.take_events(),
        [EngineEvent::Status(EngineStatus::Thinking)]
    );
    assert_eq!(client.take_events(), []);
    assert_eq!(client.tick(250.0), (vec![], vec![]));
    let (_, events) = client.on_message(best(id, "g1f3"), 900.0);
    assert_eq!(statuses(&events), [&EngineStatus::Ready]);

    // Only the net change is reported: a search cancelled before anyone heard of it
    // leaves the status as it was.
    posted(&client.submit(job(2, 200), 1000.0));
    assert_eq!(client.cancel(1010.0), []);
    assert_eq!(client.tick(1250.0), (vec![], vec![]));
    assert_eq!(client.status(), &EngineStatus::Ready);
}

#[test]
fn a_search_superseded_near_its_end_finishes_unreported_and_the_new_one_follows() {
    let mut client = ready_client();
    let (old, new) = (job(1, 1000), job(2, 1000));
    let old_id = start_search(&mut client, &old, 0.0);

    assert!(client.is_current(1));
    // 200 ms left: cheaper to wait than to restart.
    assert_eq!(client.submit(new.clone(), 800.0), []);
    assert!(!client.is_current(1) && client.is_current(2));
    let (actions, events) = client.on_message(reply(old_id, Response::SearchInfo(info(7))), 900.0);
    assert_eq!((actions, answers(&events)), (vec![], vec![]));
    let (actions, events) = client.on_message(best(old_id, "e1e2"), 1000.0);
    assert!(answers(&events).is_empty(), "{events:?}");
    let new_id = search_of(posted(&actions), &new);
    assert!(new_id > old_id);

    let (_, events) = client.on_message(best(new_id, "g1f3"), 2000.0);
    assert_eq!(
        answers(&events),
        [&EngineEvent::Best {
            token: 2,
            purpose: Purpose::Move,
            best: best_move("g1f3")
        }]
    );
}

#[test]
fn a_search_superseded_with_long_to_run_is_killed_and_the_new_one_waits_for_the_new_worker() {
    let mut client = ready_client();
    let (old, new) = (job(1, 5000), job(2, 1000));
    let old_id = start_search(&mut client, &old, 0.0);

    assert!(restarted(&client.submit(new.clone(), 100.0)));
    assert_eq!(
        client.take_events(),
        [EngineEvent::Status(EngineStatus::Starting)]
    );
    // Whatever the old worker still says (had the glue not detached it) is dropped.
    for stale in [
        reply(old_id, Response::SearchInfo(info(3))),
        best(old_id, "e1e2"),
    ] {
        assert_eq!(client.on_message(stale, 150.0), (vec![], vec![]));
    }
    let (actions, events) = client.on_message(ready(), 300.0);
    let new_id = search_of(posted(&actions), &new);
    assert!(
        new_id > old_id,
        "ids are never reused, even by a new worker"
    );
    assert_eq!(events, [EngineEvent::Status(EngineStatus::Thinking)]);
    let (_, events) = client.on_message(best(new_id, "g1f3"), 1300.0);
    assert_eq!(
        answers(&events),
        [&EngineEvent::Best {
            token: 2,
            purpose: Purpose::Move,
            best: best_move("g1f3")
        }]
    );
}

#[test]
fn a_job_submitted_while_an_old_answer_is_due_is_still_the_only_one_reported() {
    // Superseded twice before the worker gets to it: only the last job is posted.
    let mut client = ready_client();
    let first_id = start_search(&mut client, &job(1, 1000), 0.0);
    assert_eq!(client.submit(job(2, 1000), 900.0), []);
    assert_eq!(client.submit(job(3, 1000), 950.0), []);
    let (actions, events) = client.on_message(best(first_id, "a2a3"), 1000.0);
    assert!(answers(&events).is_empty());
    let id = search_of(posted(&actions), &job(3, 1000));
    let (_, events) = client.on_message(best(id, "b2b3"), 2000.0);
    assert_eq!(
        answers(&events),
        [&EngineEvent::Best {
            token: 3,
            purpose: Purpose::Move,
            best: best_move("b2b3")
        }]
    );
}

#[test]
fn cancel_drops_the_answers_and_kills_only_a_long_search() {
    // Long: killed, and the new worker is left idle.
    let mut client = ready_client();
    let id = start_search(&mut client, &job(1, 10_000), 0.0);
    assert!(restarted(&client.cancel(500.0)));
    assert_eq!(
        client.on_message(best(id, "a2a3"), 600.0),
        (vec![], vec![EngineEvent::Status(EngineStatus::Starting)])
    );
    let (actions, events) = client.on_message(ready(), 700.0);
    assert_eq!(
        (actions, events),
        (vec![], vec![EngineEvent::Status(EngineStatus::Ready)])
    );

    // Short: left to run, its answer dropped, nothing posted after it.
    let mut client = ready_client();
    let id = start_search(&mut client, &job(1, 1000), 0.0);
    assert_eq!(client.cancel(900.0), []);
    assert!(!client.is_current(1));
    assert_eq!(
        client.take_events(),
        [EngineEvent::Status(EngineStatus::Ready)]
    );
    let (actions, events) = client.on_message(reply(id, Response::SearchInfo(info(9))), 950.0);
    assert_eq!((actions, events), (vec![], vec![]));
    assert_eq!(
        client.on_message(best(id, "a2a3"), 1000.0),
        (vec![], vec![])
    );
}

#[test]
fn new_game_drops_the_job_and_clears_the_worker_memory_after_the_search() {
    // Long search: killed; the NewGame goes to the new worker.
    let mut client = ready_client();
    let id = start_search(&mut client, &job(1, 5000), 0.0);
    assert!(restarted(
        &client.new_game(Ruleset::MongolianFolk.into(), 100.0)
    ));
    assert_eq!(
        client.on_message(best(id, "a2a3"), 200.0).1,
        [EngineEvent::Status(EngineStatus::Starting)]
    );
    let (actions, _) = client.on_message(ready(), 300.0);
    assert_eq!(
        posted(&actions).body,
        Request::NewGame {
            kind: Ruleset::MongolianFolk.into(),
            hash_mb: None
        }
    );

    // Short search: the NewGame waits for it, and its answer is dropped.
    let mut client = ready_client();
    let id = start_search(&mut client, &job(1, 1000), 0.0);
    assert_eq!(client.new_game(Ruleset::Chess.into(), 900.0), []);
    let (actions, events) = client.on_message(best(id, "a2a3"), 1000.0);
    assert!(answers(&events).is_empty());
    let new_game = posted(&actions);
    assert_eq!(
        new_game.body,
        Request::NewGame {
            kind: Ruleset::Chess.into(),
            hash_mb: None
        }
    );
    assert_eq!(
        client.on_message(reply(new_game.id, Response::NewGameReady), 1010.0),
        (vec![], vec![])
    );
    assert_eq!(client.status(), &EngineStatus::Ready);
}

#[test]
fn a_hung_search_restarts_the_worker_and_its_retry_is_answered_once() {
    let mut client = ready_client();
    let first = job(1, 1000);
    let id = start_search(&mut client, &first, 0.0);
    // Budget 1000 ms, grace max(2000 ms, 50 %): hung after 3000 ms.
    assert_eq!(client.tick(2999.0).0, []);
    let (actions, events) = client.tick(3001.0);
    assert!(restarted(&actions), "{actions:?}");
    assert_eq!(
        statuses(&events),
        [&EngineStatus::Restarting {
            reason: "the engine did not answer within 3 s".into()
        }]
    );
    // The hung worker's late answer is not the retry's.
    assert_eq!(
        client.on_message(best(id, "a2a3"), 3100.0),
        (vec![], vec![])
    );

    let (actions, events) = client.on_message(ready(), 3200.0);
    let retry = search_of(posted(&actions), &first);
    assert_eq!(statuses(&events), [&EngineStatus::Thinking]);
    let (_, events) = client.on_message(best(retry, "g1f3"), 4000.0);
    assert_eq!(
        answers(&events),
        [&EngineEvent::Best {
            token: 1,
            purpose: Purpose::Move,
            best: best_move("g1f3")
        }]
    );
    assert_eq!(
        client.on_message(best(retry, "g1f3"), 4001.0),
        (vec![], vec![])
    );
    assert_eq!(
        client.on_message(best(id, "g1f3"), 4002.0),
        (vec![], vec![])
    );
}

#[test]
fn a_search_without_a_move_time_gets_the_default_budget() {
    let mut client = ready_client();
    let mut deep = job(1, 0);
    deep.limits = SearchLimits {
        depth: Some(12),
        ..SearchLimits::default()
    };
    start_search(&mut client, &deep, 0.0);
    // 10 s, plus half of it.
    assert_eq!(client.tick(14_999.0).0, []);
    assert!(restarted(&client.tick(15_001.0).0));
}

#[test]
fn a_search_on_the_clock_may_spend_the_clock() {
    let mut client = ready_client();
    let mut timed = job(1, 0);
    timed.limits = SearchLimits {
        clock: Some(shatar_protocol::ClockState {
            remaining_ms: 20_000,
            ..Default::default()
        }),
        ..SearchLimits::default()
    };
    start_search(&mut client, &timed, 0.0);
    assert_eq!(client.tick(29_999.0).0, []);
    assert!(restarted(&client.tick(30_001.0).0));
}

#[test]
fn a_worker_crash_mid_search_restarts_it_and_resubmits_the_job() {
    let mut client = ready_client();
    let first = job(1, 1000);
    let id = start_search(&mut client, &first, 0.0);
    let (actions, events) = client.on_worker_error("RuntimeError: unreachable", 400.0);
    assert!(restarted(&actions));
    assert_eq!(
        statuses(&events).last(),
        Some(&&EngineStatus::Restarting {
            reason: "the engine crashed: RuntimeError: unreachable".into()
        })
    );
    assert!(answers(&events).is_empty());
    let (actions, _) = client.on_message(ready(), 500.0);
    let retry = search_of(posted(&actions), &first);
    assert_ne!(retry, id);
    let (_, events) = client.on_message(best(retry, "g1f3"), 1500.0);
    assert_eq!(answers(&events).len(), 1);
    assert_eq!(client.status(), &EngineStatus::Ready);
}

#[test]
fn an_unreadable_reply_counts_as_a_crash() {
    let mut client = ready_client();
    let first = job(1, 1000);
    start_search(&mut client, &first, 0.0);
    let (actions, events) = client.on_message(Err("missing field `type`".into()), 100.0);
    assert!(restarted(&actions));
    assert!(
        matches!(statuses(&events).last(), Some(EngineStatus::Restarting { reason }) if reason.contains("missing field")),
        "{events:?}"
    );
    let (actions, _) = client.on_message(ready(), 200.0);
    search_of(posted(&actions), &first);
}

#[test]
fn a_job_that_fails_three_times_is_reported_failed_and_not_retried() {
    let mut client = ready_client();
    let first = job(1, 1000);
    start_search(&mut client, &first, 0.0);
    for attempt in 1..MAX_FAILURES {
        let (actions, events) = client.on_worker_error("boom", f64::from(attempt) * 100.0);
        assert!(restarted(&actions));
        assert!(answers(&events).is_empty(), "attempt {attempt}: {events:?}");
        let (actions, _) = client.on_message(ready(), f64::from(attempt) * 100.0 + 50.0);
        search_of(posted(&actions), &first);
    }
    let (actions, events) = client.on_worker_error("boom", 1000.0);
    assert!(restarted(&actions), "the next job gets a working worker");
    assert_eq!(
        answers(&events),
        [&EngineEvent::Failed {
            token: 1,
            purpose: Purpose::Move,
            reason: "the engine crashed: boom (3 attempts)".into()
        }]
    );
    let (actions, events) = client.on_message(ready(), 1100.0);
    assert_eq!(actions, [], "not retried");
    assert_eq!(statuses(&events), [&EngineStatus::Ready]);

    // A new job starts counting afresh.
    let second = job(2, 1000);
    let id = start_search(&mut client, &second, 1200.0);
    let (_, events) = client.on_message(best(id, "g1f3"), 2000.0);
    assert_eq!(answers(&events).len(), 1);
}

#[test]
fn failures_of_one_job_count_across_hangs_and_crashes_and_a_slow_start() {
    let mut client = ready_client();
    let first = job(1, 1000);
    start_search(&mut client, &first, 0.0);
    assert!(restarted(&client.tick(3001.0).0)); // hung
    assert!(restarted(&client.tick(3001.0 + READY_TIMEOUT_MS + 1.0).0)); // never started
    let (_, events) = client.on_worker_error("", 14_000.0); // crashed while starting
    assert_eq!(
        answers(&events),
        [&EngineEvent::Failed {
            token: 1,
            purpose: Purpose::Move,
            reason: "the engine crashed (3 attempts)".into()
        }]
    );
}

#[test]
fn a_worker_that_never_starts_is_replaced_then_given_up_until_the_next_request() {
    let (mut client, _) = EngineClient::new(0.0);
    assert_eq!(client.tick(READY_TIMEOUT_MS).0, []);
    let (actions, events) = client.tick(READY_TIMEOUT_MS + 1.0);
    assert!(restarted(&actions));
    assert_eq!(
        statuses(&events),
        [&EngineStatus::Restarting {
            reason: "the engine did not start within 10 s".into()
        }]
    );
    assert!(restarted(
        &client.on_worker_error("failed to fetch", 10_100.0).0
    ));
    let (actions, events) = client.on_worker_error("failed to fetch", 10_200.0);
    assert_eq!(
        actions,
        [WorkerAction::Terminate],
        "three starts failed: stop spawning"
    );
    assert_eq!(
        statuses(&events),
        [&EngineStatus::Unavailable {
            reason: "the engine crashed: failed to fetch".into()
        }]
    );
    assert_eq!(client.tick(60_000.0), (vec![], vec![]));

    // A search asks again.
    assert_eq!(
        client.submit(job(1, 1000), 70_000.0),
        [WorkerAction::Spawn(WorkerBuild::Board8)]
    );
    assert_eq!(
        client.take_events(),
        [EngineEvent::Status(EngineStatus::Starting)]
    );
    let (actions, events) = client.on_message(ready(), 70_100.0);
    search_of(posted(&actions), &job(1, 1000));
    assert_eq!(statuses(&events), [&EngineStatus::Thinking]);
}

#[test]
fn a_typed_error_fails_the_job_without_a_retry() {
    let mut client = ready_client();
    let id = start_search(&mut client, &job(4, 1000), 0.0);
    let error = ErrorKind::GameOver {
        outcome: shatar_rules::Outcome {
            result: shatar_rules::GameResult::WhiteWins,
            reason: shatar_rules::EndReason::Checkmate,
        },
    };
    let (actions, events) = client.on_message(
        reply(
            id,
            Response::Error {
                error: error.clone(),
            },
        ),
        10.0,
    );
    assert_eq!(actions, []);
    assert_eq!(
        events,
        [
            EngineEvent::Status(EngineStatus::Ready),
            EngineEvent::Failed {
                token: 4,
                purpose: Purpose::Move,
                reason: error.to_string()
            },
        ]
    );
}

#[test]
fn an_error_the_worker_could_not_number_answers_the_request_in_flight() {
    let mut client = ready_client();
    start_search(&mut client, &job(4, 1000), 0.0);
    let error = ErrorKind::Malformed {
        detail: "invalid type: null".into(),
    };
    let (_, events) = client.on_message(
        reply(
            0,
            Response::Error {
                error: error.clone(),
            },
        ),
        10.0,
    );
    assert_eq!(
        answers(&events),
        [&EngineEvent::Failed {
            token: 4,
            purpose: Purpose::Move,
            reason: error.to_string()
        }]
    );
}

#[test]
fn a_worker_of_another_build_is_reported_with_a_reload_hint_and_not_restarted() {
    let (mut client, _) = EngineClient::new(0.0);
    assert_eq!(client.submit(job(1, 1000), 0.0), []);
    // Its `Ready` already says which version it speaks.
    let (actions, events) = client.on_message(
        Ok(Envelope {
            v: PROTOCOL_VERSION + 1,
            id: 0,
            body: Response::Ready,
        }),
        50.0,
    );
    assert_eq!(actions, [WorkerAction::Terminate]);
    let [
        EngineEvent::Status(EngineStatus::Unavailable { reason: status }),
        EngineEvent::Failed {
            token: 1, reason, ..
        },
    ] = &events[..]
    else {
        panic!("{events:?}")
    };
    assert!(
        reason.contains("different builds") && reason.ends_with("reload the page"),
        "{reason}"
    );
    assert_eq!(reason, status);

    // Later requests fail at once (reported by the next call that reports), spawn nothing.
    assert_eq!(client.submit(job(2, 1000), 100.0), []);
    assert_eq!(client.submit(job(3, 1000), 110.0), []);
    assert_eq!(client.new_game(Ruleset::Chess.into(), 120.0), []);
    assert_eq!(client.submit(job(4, 1000), 130.0), []);
    let (actions, events) = client.tick(250.0);
    assert_eq!(actions, []);
    assert!(
        matches!(&events[..], [EngineEvent::Failed { token: 4, reason: r, .. }] if r == reason),
        "only the live job's failure: {events:?}"
    );
    assert_eq!(client.on_worker_error("late", 300.0), (vec![], vec![]));
    assert_eq!(client.tick(60_000.0), (vec![], vec![]));
}

#[test]
fn a_version_mismatch_in_reply_to_a_search_fails_it() {
    let mut client = ready_client();
    let id = start_search(&mut client, &job(1, 1000), 0.0);
    // A worker of protocol 1 answering what it cannot read, as the glue passes it.
    let error = ErrorKind::VersionMismatch {
        expected: 1,
        got: PROTOCOL_VERSION,
    };
    let (actions, events) = client.on_message(
        Ok(Envelope {
            v: 1,
            id,
            body: Response::Error { error },
        }),
        10.0,
    );
    assert_eq!(actions, [WorkerAction::Terminate]);
    let reason = format!(
        "page and worker are from different builds (protocol 1, expected {PROTOCOL_VERSION}); reload the page"
    );
    assert_eq!(
        events,
        [
            EngineEvent::Status(EngineStatus::Unavailable {
                reason: reason.clone()
            }),
            EngineEvent::Failed {
                token: 1,
                purpose: Purpose::Move,
                reason
            },
        ]
    );
}

#[test]
fn a_reply_for_another_request_is_dropped() {
    let mut client = ready_client();
    let id = start_search(&mut client, &job(1, 1000), 0.0);
    for stray in [
        best(id + 1, "a2a3"),
        reply(id + 7, Response::SearchInfo(info(2))),
        reply(id, Response::NewGameReady),
    ] {
        assert_eq!(
            client
                .on_message(stray, 10.0)
                .1
                .iter()
                .filter(|e| !matches!(e, EngineEvent::Status(_)))
                .count(),
            0
        );
    }
    let (_, events) = client.on_message(best(id, "g1f3"), 500.0);
    assert_eq!(answers(&events).len(), 1);
}

#[test]
fn the_purpose_travels_with_the_answers() {
    let mut client = ready_client();
    let mut hint = job(9, 500);
    hint.purpose = Purpose::Hint;
    let id = start_search(&mut client, &hint, 0.0);
    let (_, events) = client.on_message(reply(id, Response::SearchInfo(info(1))), 10.0);
    assert!(matches!(
        answers(&events)[..],
        [EngineEvent::Info {
            token: 9,
            purpose: Purpose::Hint,
            ..
        }]
    ));
    let (_, events) = client.on_message(best(id, "g1f3"), 10.0);
    assert!(matches!(
        answers(&events)[..],
        [EngineEvent::Best {
            token: 9,
            purpose: Purpose::Hint,
            ..
        }]
    ));
}

fn xiangqi_job(token: Token, move_time_ms: u64) -> SearchJob {
    SearchJob {
        token,
        purpose: Purpose::Move,
        record: RecordWire {
            kind: GameKind::Xiangqi,
            fen: None,
            moves: vec!["h2e2".into(), "h9g7".into()],
        },
        limits: limits(move_time_ms),
    }
}

/// Terminate the worker, spawn one of the Xiangqi build.
fn switched(actions: &[WorkerAction]) -> bool {
    actions
        == [
            WorkerAction::Terminate,
            WorkerAction::Spawn(WorkerBuild::Xiangqi),
        ]
}

#[test]
fn the_8x8_games_stay_on_the_first_worker_build() {
    let mut client = ready_client();
    for (token, ruleset) in [
        (1, Ruleset::Mongolian),
        (2, Ruleset::MongolianFolk),
        (3, Ruleset::Chess),
    ] {
        let new_game = posted(&client.new_game(ruleset.into(), (token as f64) * 1000.0)).clone();
        assert_eq!(
            new_game.body,
            Request::NewGame {
                kind: ruleset.into(),
                hash_mb: None
            }
        );
        let (actions, _) = client.on_message(reply(new_game.id, Response::NewGameReady), 0.0);
        assert_eq!(actions, []);
        let mut search = job(token, 500);
        search.record.kind = ruleset.into();
        let id = start_search(&mut client, &search, (token as f64) * 1000.0 + 10.0);
        let (actions, _) = client.on_message(best(id, "e2e4"), (token as f64) * 1000.0 + 500.0);
        assert_eq!(actions, []);
    }
    assert_eq!(client.build(), WorkerBuild::Board8);
    assert!(
        WorkerBuild::Board8.plays(Ruleset::Chess.into())
            && !WorkerBuild::Board8.plays(GameKind::Xiangqi)
    );
    assert!(
        WorkerBuild::Xiangqi.plays(Ruleset::Mongolian.into())
            && WorkerBuild::Xiangqi.plays(GameKind::Xiangqi)
    );
}

#[test]
fn the_first_xiangqi_job_switches_to_the_xiangqi_build_and_stays_there() {
    // A NewGame of Xiangqi: the 8x8 worker makes way, and the NewGame goes to its successor.
    let mut client = ready_client();
    assert!(switched(&client.new_game(GameKind::Xiangqi, 100.0)));
    assert_eq!(client.build(), WorkerBuild::Xiangqi);
    // A switch is no failure: the status says starting, with no reason.
    assert_eq!(
        client.take_events(),
        [EngineEvent::Status(EngineStatus::Starting)]
    );
    let xiangqi = xiangqi_job(1, 1000);
    assert_eq!(
        client.submit(xiangqi.clone(), 150.0),
        [],
        "waits for the new worker"
    );
    let (actions, _) = client.on_message(ready(), 400.0);
    let new_game = posted(&actions);
    assert_eq!(
        new_game.body,
        Request::NewGame {
            kind: GameKind::Xiangqi,
            hash_mb: None
        }
    );
    let (actions, _) = client.on_message(reply(new_game.id, Response::NewGameReady), 410.0);
    let id = search_of(posted(&actions), &xiangqi);
    let (_, events) = client.on_message(best(id, "b0c2"), 1400.0);
    assert!(
        matches!(answers(&events)[..], [EngineEvent::Best { token: 1, .. }]),
        "{events:?}"
    );

    // An 8x8 game afterwards stays on the Xiangqi build: no switch back.
    let new_game = posted(&client.new_game(Ruleset::Mongolian.into(), 2000.0)).clone();
    assert_eq!(
        new_game.body,
        Request::NewGame {
            kind: Ruleset::Mongolian.into(),
            hash_mb: None
        }
    );
    client.on_message(reply(new_game.id, Response::NewGameReady), 2010.0);
    start_search(&mut client, &job(2, 500), 2100.0);
    assert_eq!(client.build(), WorkerBuild::Xiangqi);
}

#[test]
fn a_xiangqi_search_on_the_first_build_is_sent_again_to_the_xiangqi_build() {
    // Submitted while an 8x8 search runs (short: it would be left to finish), and while
    // the first worker is still starting: the switch happens at once either way.
    let mut client = ready_client();
    start_search(&mut client, &job(1, 1000), 0.0);
    let xiangqi = xiangqi_job(2, 1000);
    assert!(switched(&client.submit(xiangqi.clone(), 900.0)));
    let (actions, _) = client.on_message(ready(), 1000.0);
    search_of(posted(&actions), &xiangqi);

    let (mut client, _) = EngineClient::new(0.0);
    assert!(switched(&client.submit(xiangqi.clone(), 10.0)));
    let (actions, events) = client.on_message(ready(), 300.0);
    search_of(posted(&actions), &xiangqi);
    assert_eq!(statuses(&events), [&EngineStatus::Thinking]);

    // A long 8x8 search is killed by the new job: one restart, of the Xiangqi build.
    let mut client = ready_client();
    start_search(&mut client, &job(1, 5000), 0.0);
    assert!(switched(&client.submit(xiangqi.clone(), 100.0)));
}

#[test]
fn a_crashed_or_hung_xiangqi_worker_is_replaced_by_the_xiangqi_build() {
    let (mut client, _) = EngineClient::new(0.0);
    client.on_message(ready(), 0.0);
    let xiangqi = xiangqi_job(1, 1000);
    assert!(switched(&client.submit(xiangqi.clone(), 10.0)));
    client.on_message(ready(), 100.0);
    client.take_events();

    // It crashes mid-search: a Xiangqi worker again, and the search is sent again.
    let (actions, events) = client.on_worker_error("unreachable", 200.0);
    assert!(switched(&actions), "{actions:?}");
    assert_eq!(
        statuses(&events),
        [&EngineStatus::Restarting {
            reason: "the engine crashed: unreachable".into()
        }]
    );
    let (actions, _) = client.on_message(ready(), 300.0);
    let id = search_of(posted(&actions), &xiangqi);

    // It hangs: the watchdog spawns the Xiangqi build too.
    let (actions, _) = client.tick(300.0 + 1000.0 + MIN_GRACE_MS + 1.0);
    assert!(switched(&actions), "{actions:?}");
    let (actions, _) = client.on_message(ready(), 4000.0);
    assert_ne!(search_of(posted(&actions), &xiangqi), id);

    // It fails to start three times in a row: down; the next job spawns the Xiangqi build.
    let (mut client, _) = EngineClient::new(0.0);
    assert!(switched(&client.new_game(GameKind::Xiangqi, 10.0)));
    assert!(switched(
        &client.on_worker_error("failed to fetch", 100.0).0
    ));
    assert!(switched(
        &client.on_worker_error("failed to fetch", 200.0).0
    ));
    assert_eq!(
        client.on_worker_error("failed to fetch", 300.0).0,
        [WorkerAction::Terminate]
    );
    assert_eq!(
        client.submit(job(2, 1000), 1000.0),
        [WorkerAction::Spawn(WorkerBuild::Xiangqi)]
    );
}
