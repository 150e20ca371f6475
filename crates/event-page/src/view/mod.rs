//! What the event page shows, worked out from the [`Model`]: texts in the page's language
//! and tables of text (names, clubs and event names are the players' and directors' own
//! words, drawn as text by the browser layer, never as markup).

use shatar_protocol::events::{ByeValue, ScoringWire, SystemWire};
use shatar_protocol::online::Side;
use shatar_web::{t, tf};

use crate::address::{self, Embed};
use crate::model::{Done, Model, Problem, Role};

mod tables;
mod words;

use tables::{head, name_of, player_note, round_tables};
pub use words::{control_text, error_text, game_name, tie_break_text};
use words::{problem_text, system_name};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Head {
    pub text: String,
    /// What the column is (the tooltip); empty when the head says it all.
    pub title: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellView {
    pub text: String,
    /// A player's name: clicking it shows the player's card.
    pub card: Option<u32>,
    /// A link (a game on the online page).
    pub link: Option<String>,
}

impl CellView {
    fn text(text: impl Into<String>) -> CellView {
        CellView {
            text: text.into(),
            ..CellView::default()
        }
    }

    fn player(number: u32, name: &str) -> CellView {
        CellView {
            text: name.to_string(),
            card: Some(number),
            link: None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableView {
    pub caption: String,
    pub heads: Vec<Head>,
    pub rows: Vec<Vec<CellView>>,
}

/// The links a director hands out: the public one (with its QR code) and the director's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Links {
    pub public: String,
    pub qr: Option<(usize, String)>,
    pub director: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventPageView {
    pub title: String,
    pub facts: Vec<(String, String)>,
    pub problem: Option<String>,
    pub done: Option<String>,
    /// No event yet: the form to create one...
    pub creating: bool,
    /// ...shown once a server has answered at this address.
    pub create_form: bool,
    /// What the server takes for each of the creation form's fields left empty (the
    /// field's name, the value in words), from the same function it calls.
    pub defaults: Vec<(&'static str, String)>,
    pub director: bool,
    pub online: bool,
    /// A knockout: the result form names a drawn game's tie-break winner.
    pub knockout: bool,
    pub ended: bool,
    pub links: Option<Links>,
    pub pgn: Option<String>,
    pub trf: Option<String>,
    pub standings: Option<TableView>,
    /// What each tie-break column is, in order.
    pub tie_break_notes: Vec<String>,
    pub crosstable: Option<TableView>,
    /// The paired rounds, and the one shown.
    pub rounds: Vec<u32>,
    pub round_shown: Option<u32>,
    pub by_board: Option<TableView>,
    pub by_name: Option<TableView>,
    pub ranks: Option<TableView>,
    pub card: Option<TableView>,
    /// The games of the round in play, to watch on the online page: `(text, link)`.
    pub live: Vec<(String, String)>,
    /// This browser's player's game in the round in play.
    pub my_game: Option<(String, String)>,
    /// An online event this browser's player has not joined.
    pub can_join: bool,
    /// `(number, "number. name")` for the director's player choices.
    pub players: Vec<(u32, String)>,
    pub next_round: u32,
    /// The director may pair the next round: the event goes on and has rounds left (a
    /// round robin's and a knockout's are fixed when round one is paired).
    pub can_pair: bool,
    pub embed: Option<Embed>,
    pub listening: bool,
    /// How the page stands with the server (`#status`'s `data-state`): `connecting`,
    /// `ready`, `lost` (reconnecting), `none` (no server answers here: a static host) or
    /// `offline` (the browser says so); and what to say of it.
    pub link_state: &'static str,
    pub link_text: Option<String>,
}

fn scoring_text(scoring: ScoringWire) -> &'static str {
    match scoring {
        ScoringWire::OneHalfZero => "1 – ½ – 0",
        ScoringWire::TwoOneZero => "2 – 1 – 0",
    }
}

fn bye_text(lang: shatar_web::i18n::Lang, bye: ByeValue) -> &'static str {
    match bye {
        ByeValue::Win => t!(lang, "event.bye-win"),
        ByeValue::Draw => t!(lang, "event.bye-draw"),
        ByeValue::Zero => t!(lang, "event.bye-nothing"),
    }
}

/// The creation form's defaults for the game, system and rounds chosen so far:
/// `NewEvent::filled`, which the server calls on the form when it is sent.
fn defaults(model: &Model) -> Vec<(&'static str, String)> {
    let lang = model.lang;
    let d = model.draft.filled();
    let (base_ms, increment_ms) = crate::forms::first_period(&d.time_control);
    let rounds = if d.system.is_swiss() {
        d.rounds.to_string()
    } else {
        t!(lang, "event.rounds-by-players").to_string()
    };
    let no_show = match d.no_show_minutes {
        Some(m) => m.to_string(),
        None if d.online => t!(lang, "event.no-show-needed").to_string(),
        None => t!(lang, "event.no-show-by-hand").to_string(),
    };
    [
        ("system", system_name(lang, d.system).to_string()),
        ("rounds", rounds),
        ("scoring", scoring_text(d.scoring).to_string()),
        ("tie_breaks", d.tie_breaks.join(", ")),
        ("bye", bye_text(lang, d.bye).to_string()),
        ("late_entry_until", d.late_entry_until.to_string()),
        ("no_show_minutes", no_show),
        ("base_minutes", (base_ms / 60_000).to_string()),
        ("increment_seconds", (increment_ms / 1000).to_string()),
    ]
    .into_iter()
    .map(|(field, value)| (field, tf!(lang, "event.default-is", value = value)))
    .collect()
}

/// How the page stands with the server, and its words (none when all is well and there
/// is nothing to follow yet).
fn link(model: &Model) -> (&'static str, Option<String>) {
    let lang = model.lang;
    let creating = model.event_id.is_none();
    if model.offline {
        ("offline", Some(t!(lang, "event.offline").into()))
    } else if model.listening {
        let text = (!creating).then(|| t!(lang, "event.listening").into());
        ("ready", text)
    } else if creating && model.reached {
        // The creation form's socket, closed on purpose once it found the server.
        ("ready", None)
    } else if model.reached {
        ("lost", Some(t!(lang, "event.not-listening").into()))
    } else if model.attempt > 0 {
        ("none", Some(t!(lang, "event.needs-server").into()))
    } else {
        ("connecting", Some(t!(lang, "event.connecting").into()))
    }
}

pub fn view(model: &Model, page_url: &str, now_ms: u64) -> EventPageView {
    let _ = now_ms;
    let lang = model.lang;
    let (link_state, link_text) = link(model);
    // With no server or no network, the failed reads' own words add nothing to saying so.
    let unreachable = matches!(link_state, "none" | "offline");
    let problem = model
        .problem
        .as_ref()
        .filter(|p| !(unreachable && matches!(p, Problem::Network(_) | Problem::Unreadable(_))));
    let mut v = EventPageView {
        problem: problem.map(|p| problem_text(lang, p)),
        link_state,
        link_text,
        done: model.done.map(|d| match d {
            Done::Saved => t!(lang, "event.saved").to_string(),
            Done::Joined(n) => tf!(lang, "event.joined", number = n.to_string()),
        }),
        creating: model.event_id.is_none(),
        // The form shows once a server has answered here: on a static host it could
        // only fail when sent.
        create_form: model.event_id.is_none() && model.reached,
        director: model.is_director(),
        embed: model.embed,
        listening: model.listening,
        next_round: model.next_round(),
        title: t!(lang, "event.title").to_string(),
        ..EventPageView::default()
    };
    if v.create_form {
        v.defaults = defaults(model);
    }
    if let Some(id) = model.event_id {
        v.pgn = Some(format!("/api/events/{id}.pgn"));
        v.trf = Some(format!("/api/events/{id}.trf"));
        let public = address::public_link(page_url, id);
        v.links = Some(Links {
            qr: shatar_web::qr::qr_path(&public),
            public,
            director: match &model.role {
                Role::Director(token) => Some(address::director_link(page_url, id, token)),
                Role::Public => None,
            },
        });
    }
    let Some(event) = &model.event else {
        return v;
    };
    let s = &event.settings;
    v.title = s.name.clone();
    v.online = s.online;
    v.knockout = s.system == SystemWire::Knockout;
    v.ended = event.ended;
    v.can_pair = !event.ended && (s.rounds == 0 || model.next_round() <= s.rounds);
    let planned = if s.rounds > 0 {
        s.rounds.to_string()
    } else {
        t!(lang, "event.rounds-by-players").to_string()
    };
    v.facts = vec![
        (
            t!(lang, "event.game").into(),
            game_name(lang, s.game).into(),
        ),
        (
            t!(lang, "event.system").into(),
            system_name(lang, s.system).into(),
        ),
        (t!(lang, "event.field-rounds").into(), planned),
        (
            t!(lang, "event.field-time").into(),
            control_text(lang, &s.time_control),
        ),
        (
            t!(lang, "event.scoring").into(),
            scoring_text(s.scoring).into(),
        ),
        (
            t!(lang, "event.bye-value").into(),
            bye_text(lang, s.bye).into(),
        ),
        (
            t!(lang, "event.where").into(),
            if s.online {
                t!(lang, "event.online")
            } else {
                t!(lang, "event.at-board")
            }
            .into(),
        ),
    ];
    if let Some(m) = s.no_show_minutes {
        v.facts.push((
            t!(lang, "event.field-no-show").into(),
            tf!(lang, "time.minutes", n = m.to_string()),
        ));
    }
    if event.ended {
        v.facts.push((
            t!(lang, "event.state").into(),
            t!(lang, "event.ended").into(),
        ));
    }
    v.players = event
        .players
        .iter()
        .map(|p| (p.number, format!("{}. {}", p.number, p.name)))
        .collect();
    if let Some(st) = &model.standings {
        let mut heads = vec![
            head(t!(lang, "event.rank")),
            head(t!(lang, "event.number")),
            head(t!(lang, "event.player")),
            head(t!(lang, "event.field-rating")),
            head(t!(lang, "event.club")),
            head(t!(lang, "event.points")),
        ];
        for tb in &st.tie_breaks {
            let text = tie_break_text(lang, tb);
            v.tie_break_notes.push(format!("{tb}: {text}"));
            heads.push(Head {
                text: tb.clone(),
                title: text,
            });
        }
        let players = &event.players;
        v.standings = Some(TableView {
            caption: tf!(lang, "event.standings-after", round = st.round.to_string()),
            heads,
            rows: st
                .rows
                .iter()
                .map(|r| {
                    let mut name = CellView::player(r.number, &r.name);
                    if let Some(p) = players.iter().find(|p| p.number == r.number) {
                        let note = player_note(lang, p);
                        if !note.is_empty() {
                            name.text = format!("{} ({note})", r.name);
                        }
                    }
                    let mut row = vec![
                        CellView::text(r.rank.to_string()),
                        CellView::text(r.number.to_string()),
                        name,
                        CellView::text(if r.rating > 0 {
                            r.rating.to_string()
                        } else {
                            String::new()
                        }),
                        CellView::text(r.club.clone()),
                        CellView::text(r.points.clone()),
                    ];
                    row.extend(r.values.iter().map(|x| CellView::text(x.clone())));
                    row
                })
                .collect(),
        });
    }
    if let Some(ct) = &model.crosstable {
        let mut heads = vec![
            head(t!(lang, "event.rank")),
            head(t!(lang, "event.player")),
            head(t!(lang, "event.points")),
        ];
        heads.extend((1..=ct.rounds).map(|r| Head {
            text: r.to_string(),
            title: tf!(lang, "event.round-n", round = r.to_string()),
        }));
        v.crosstable = Some(TableView {
            caption: t!(lang, "event.crosstable").into(),
            heads,
            rows: ct
                .rows
                .iter()
                .map(|r| {
                    let mut row = vec![
                        CellView::text(r.rank.to_string()),
                        CellView::player(r.number, &r.name),
                        CellView::text(r.points.clone()),
                    ];
                    row.extend(r.cells.iter().map(|c| {
                        let colour = match c.colour {
                            Some(Side::White) => "w",
                            Some(Side::Black) => "b",
                            None => "",
                        };
                        let opponent = c.opponent.map(|o| o.to_string()).unwrap_or_default();
                        CellView::text(format!("{opponent}{colour}{}", c.score))
                    }));
                    row
                })
                .collect(),
        });
    }
    v.rounds = event.rounds.iter().map(|r| r.round).collect();
    let shown = model
        .round_shown
        .filter(|r| v.rounds.contains(r))
        .or_else(|| v.rounds.last().copied());
    v.round_shown = shown;
    if let Some(round) = shown.and_then(|n| event.rounds.iter().find(|r| r.round == n)) {
        let (by_board, by_name) = round_tables(lang, event, round);
        v.by_board = Some(by_board);
        v.by_name = Some(by_name);
    }
    if let Some(ranks) = &model.ranks {
        let rounds = ranks.players.iter().map(|p| p.2.len()).max().unwrap_or(0);
        let mut heads = vec![head(t!(lang, "event.player"))];
        heads.extend((1..=rounds).map(|r| Head {
            text: r.to_string(),
            title: tf!(lang, "event.rank-after", round = r.to_string()),
        }));
        v.ranks = Some(TableView {
            caption: t!(lang, "event.ranks").into(),
            heads,
            rows: ranks
                .players
                .iter()
                .map(|(number, name, after)| {
                    let mut row = vec![CellView::player(*number, name)];
                    row.extend(after.iter().map(|r| CellView::text(r.to_string())));
                    row
                })
                .collect(),
        });
    }
    if let Some(card) = &model.card {
        v.card = Some(TableView {
            caption: tf!(
                lang,
                "event.card-caption",
                name = card.player.name,
                rank = card.rank.to_string(),
                points = card.points
            ),
            heads: vec![
                head(t!(lang, "event.field-round")),
                head(t!(lang, "event.board")),
                head(t!(lang, "event.colour")),
                head(t!(lang, "event.opponent")),
                head(t!(lang, "event.result")),
                head(t!(lang, "event.running")),
            ],
            rows: card
                .rounds
                .iter()
                .map(|r| {
                    let mut result = CellView::text(r.cell.score.clone());
                    if let Some(game) = r.game {
                        result.link = Some(format!("online.html?game={game}"));
                    }
                    vec![
                        CellView::text(r.round.to_string()),
                        CellView::text(r.board.map(|b| b.to_string()).unwrap_or_default()),
                        CellView::text(match r.colour {
                            Some(Side::White) => t!(lang, "side.white"),
                            Some(Side::Black) => t!(lang, "side.black"),
                            None => "",
                        }),
                        match (r.opponent, &r.opponent_name) {
                            (Some(o), Some(name)) => CellView::player(o, name),
                            _ => CellView::text(""),
                        },
                        result,
                        CellView::text(r.running.clone()),
                    ]
                })
                .collect(),
        });
    }
    // The round in play: the last one paired, while it has boards without a result.
    if let Some(round) = event.rounds.last().filter(|r| !r.finished) {
        for b in &round.boards {
            if let (Some(game), Some(black), None) = (b.game, b.black, &b.result) {
                v.live.push((
                    tf!(
                        lang,
                        "event.live-board",
                        board = b.board.to_string(),
                        white = name_of(event, b.white),
                        black = name_of(event, black)
                    ),
                    format!("online.html?game={game}"),
                ));
            }
        }
        if let Some(me) = model.my_number()
            && let Some(b) = round
                .boards
                .iter()
                .find(|b| b.white == me || b.black == Some(me))
            && let Some(game) = b.game
        {
            v.my_game = Some((
                tf!(lang, "event.your-game", board = b.board.to_string()),
                format!("online.html?game={game}"),
            ));
        }
    }
    v.can_join = s.online && !event.ended && model.my_number().is_none() && !model.is_director();
    v
}
