//! The defaults the event page shows on its creation form are the ones the server takes:
//! both call `NewEvent::filled` (shatar_protocol::events::defaults); this checks, over
//! real HTTP, that an event created with every setting left out is exactly that, for each
//! game kind and each system (and none).

use shatar_protocol::events::{NewEvent, SystemWire};
use shatar_rules::{GameKind, Ruleset};

use std::sync::Arc;

use shatar_server::limits::SlowRate;
use shatar_server::time::ManualTime;

use super::Director;
use crate::support::start_config;

#[tokio::test]
async fn an_event_left_to_its_defaults_is_what_the_page_shows_for_each_game() {
    let data = crate::data::data();
    // 48 events from one address: more than a club's budget of new events.
    let server = start_config(&data, None, Arc::new(ManualTime::default()), |c| {
        c.limits.events_per_address = SlowRate {
            burst: 1_000,
            every_ms: 1,
        };
    })
    .await;
    let games = [
        GameKind::Board8(Ruleset::Mongolian),
        GameKind::Board8(Ruleset::MongolianFolk),
        GameKind::Board8(Ruleset::Chess),
        GameKind::Xiangqi,
    ];
    let systems = [
        None,
        Some(SystemWire::Dutch),
        Some(SystemWire::Axf),
        Some(SystemWire::RoundRobin),
        Some(SystemWire::DoubleRoundRobin),
        Some(SystemWire::Knockout),
    ];
    let mut seen = Vec::new();
    for game in games {
        for system in systems {
            for online in [false, true] {
                let new = NewEvent {
                    name: format!("{game:?} {system:?}"),
                    game: Some(game),
                    system,
                    online,
                    // Online events need a no-show time where the game's text sets none.
                    no_show_minutes: (online && game != GameKind::Xiangqi).then_some(20),
                    ..NewEvent::default()
                };
                let director = Director::create(server.addr, new.clone()).await;
                let made = director.view().await.settings;
                assert_eq!(made, new.filled(), "{game:?} {system:?} online: {online}");
                seen.push((made.system, made.scoring, made.tie_breaks.clone()));
            }
        }
    }
    // The table is not one value repeated: the games' texts differ.
    seen.sort_by_key(|s| format!("{s:?}"));
    seen.dedup();
    assert!(seen.len() >= 6, "{seen:?}");
}
