//! A club's room behind one router (issue 56): every page open in it shares one address,
//! so its reads share the server's budget of HTTP requests per address (120 at once, 30 a
//! second, `crates/server/src/limits.rs`). Forty pages follow a short round robin with the
//! default limits, each reading `GET /api/events/{id}/all` at every change (the director's
//! actions from the same address, two seconds apart), and every page gets every change;
//! the same forty reading four views each, as the page did before, are refused.

use std::net::SocketAddr;
use std::sync::Arc;

use shatar_protocol::events::{DirectorAction, EventReply, NewEvent, ResultWire, SystemWire};
use shatar_server::limits::Limits;
use shatar_server::time::ManualTime;
use tokio::task::JoinSet;

use super::{Director, http, pair, result};
use crate::support::start_config;

const PAGES: usize = 40;

/// Seconds between two changes: a director at the board, or games ending one by one.
const BETWEEN_CHANGES_MS: u64 = 2_000;

/// `GET path` from the room (`super::http` connects from 127.0.0.1, as the director's
/// requests do) with `If-None-Match: tag`: the status, `ETag` and body.
async fn read(addr: SocketAddr, path: &str, tag: Option<&str>) -> (u16, Option<String>, String) {
    let condition: Vec<(&str, String)> = tag
        .map(|t| ("If-None-Match", t.to_string()))
        .into_iter()
        .collect();
    let answer = http(addr, "GET", path, &condition, None).await;
    let etag = answer.header("etag").map(str::to_string);
    (answer.status, etag, answer.body)
}

/// Every page reads `/all` at once, sending the tag it holds; each must get `revision`
/// (or a 304 when it holds it already). The tags held, after.
async fn every_page_reads(
    director: &Director,
    tags: Vec<Option<String>>,
    revision: u64,
) -> Vec<Option<String>> {
    let path = format!("/api/events/{}/all", director.event);
    let mut pages = JoinSet::new();
    for (page, tag) in tags.into_iter().enumerate() {
        let (addr, path) = (director.addr, path.clone());
        pages.spawn(async move { (page, read(addr, &path, tag.as_deref()).await, tag) });
    }
    let mut after = vec![None; PAGES];
    while let Some(joined) = pages.join_next().await {
        let (page, (status, etag, body), held) = joined.unwrap();
        let tag = format!("\"r{revision}\"");
        assert_eq!(
            etag.as_deref(),
            Some(tag.as_str()),
            "page {page}: {status} {body}"
        );
        match status {
            304 => assert_eq!(held.as_deref(), Some(tag.as_str()), "page {page}"),
            200 => {
                let envelope: shatar_protocol::Envelope<EventReply> =
                    serde_json::from_str(&body).unwrap();
                let EventReply::All(all) = envelope.body else {
                    panic!("page {page}: {body}");
                };
                assert_eq!(all.event.revision, revision, "page {page}");
                assert_eq!(all.standings.round, all.event.rounds.len() as u32);
                assert_eq!(all.crosstable.rounds, all.standings.round);
                assert_eq!(all.ranks.players.len(), all.event.players.len());
            }
            other => panic!("page {page} refused at revision {revision}: {other} {body}"),
        }
        after[page] = etag;
    }
    after
}

#[tokio::test]
async fn forty_pages_behind_one_address_follow_every_change_within_the_limits() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start_config(&data, None, time.clone(), |config| {
        config.limits = Limits::default();
    })
    .await;
    let new = NewEvent {
        name: "Club night".into(),
        system: Some(SystemWire::RoundRobin),
        ..NewEvent::default()
    };
    let director = Director::create(server.addr, new).await;
    // The pages open: one read each.
    let first = director.view().await.revision;
    let mut tags = every_page_reads(&director, vec![None; PAGES], first).await;
    // Nothing changed: a page that reads again hears so (304), at the same cost.
    tags = every_page_reads(&director, tags, first).await;
    let mut changes = vec![];
    for name in ["Anu", "Bat", "Chimeg", "Dorj"] {
        changes.push(DirectorAction::AddPlayer {
            name: name.into(),
            rating: 0,
            club: None,
        });
    }
    for round in 1..=3 {
        changes.push(pair(round));
        for board in 1..=2 {
            changes.push(result(round, board, ResultWire::Draw));
        }
    }
    let mut revisions = vec![first];
    for change in changes {
        time.advance(BETWEEN_CHANGES_MS);
        let revision = director.ok(change).await.revision;
        tags = every_page_reads(&director, tags, revision).await;
        revisions.push(revision);
    }
    // Every change was a revision of its own, and every page read each one.
    assert_eq!(revisions.len(), 14);
    assert!(revisions.windows(2).all(|w| w[0] < w[1]), "{revisions:?}");
    let standings = director.points("").await;
    assert_eq!(standings, ["1:1.5", "2:1.5", "3:1.5", "4:1.5"]);

    // Before: the page read four views at each change. With the budget full again, the
    // same change read that way by the same pages leaves some of them waiting.
    time.advance(10_000);
    director.ok(DirectorAction::EndEvent).await;
    let mut reads = JoinSet::new();
    for _ in 0..PAGES {
        for view in ["", "/standings", "/crosstable", "/ranks"] {
            let (addr, path) = (
                director.addr,
                format!("/api/events/{}{view}", director.event),
            );
            reads.spawn(async move { read(addr, &path, None).await.0 });
        }
    }
    let mut served = 0;
    let mut refused = 0;
    while let Some(status) = reads.join_next().await {
        match status.unwrap() {
            200 => served += 1,
            429 => refused += 1,
            other => panic!("{other}"),
        }
    }
    // 120 requests at once, one of them the director's.
    assert_eq!((served, refused), (119, 4 * PAGES - 119));
    server.stop().await.unwrap();
}
