//! What the event page shows, worked out from the [`Model`]: texts in the page's language
//! and tables of text (names, clubs and event names are the players' and directors' own
//! words, drawn as text by the browser layer, never as markup).

use shatar_protocol::events::ResultWire;
use shatar_protocol::events::{
    ByeRequest, ByeValue, EventError, EventView, PlayerView, ResultSource, RoundView, ScoringWire,
    SystemWire,
};
use shatar_protocol::online::{BonusWire, Side, TimeControlWire};
use shatar_rules::{GameKind, Ruleset};
use shatar_web::i18n::Lang;
use shatar_web::{t, tf};

use crate::address::{self, Embed};
use crate::forms::Why;
use crate::model::{Done, Model, Problem, Role};

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
    /// No event yet: the form to create one.
    pub creating: bool,
    pub director: bool,
    pub online: bool,
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
    pub embed: Option<Embed>,
    pub listening: bool,
}

pub fn game_name(lang: Lang, game: GameKind) -> &'static str {
    match game {
        GameKind::Board8(Ruleset::Mongolian) => t!(lang, "ruleset.mongolian"),
        GameKind::Board8(Ruleset::MongolianFolk) => t!(lang, "ruleset.mongolian-folk"),
        GameKind::Board8(Ruleset::Chess) => t!(lang, "ruleset.chess"),
        GameKind::Xiangqi => t!(lang, "ruleset.xiangqi"),
    }
}

fn system_name(lang: Lang, system: SystemWire) -> &'static str {
    match system {
        SystemWire::Dutch => t!(lang, "event.system-dutch"),
        SystemWire::Axf => t!(lang, "event.system-axf"),
        SystemWire::RoundRobin => t!(lang, "event.system-round-robin"),
        SystemWire::DoubleRoundRobin => t!(lang, "event.system-double-round-robin"),
        SystemWire::Knockout => t!(lang, "event.system-knockout"),
    }
}

fn minutes(lang: Lang, ms: u64) -> String {
    if ms.is_multiple_of(60_000) {
        tf!(lang, "time.minutes", n = (ms / 60_000).to_string())
    } else {
        tf!(lang, "time.seconds", n = (ms / 1000).to_string())
    }
}

/// A time control in words: `15 min + 10 s`.
pub fn control_text(lang: Lang, control: &TimeControlWire) -> String {
    if let Some(days) = control.days_per_move {
        return tf!(lang, "event.days-per-move", n = days.to_string());
    }
    let periods: Vec<String> = control
        .periods
        .iter()
        .map(|p| {
            let base = minutes(lang, p.base_ms);
            let base = match p.moves {
                Some(n) => tf!(lang, "time.moves-in", n = n.to_string(), time = base),
                None => base,
            };
            match p.bonus {
                BonusWire::None => base,
                BonusWire::Increment { ms } => {
                    tf!(
                        lang,
                        "time.increment",
                        base = base,
                        bonus = (ms / 1000).to_string()
                    )
                }
                BonusWire::SimpleDelay { ms } => {
                    tf!(
                        lang,
                        "time.delay",
                        base = base,
                        bonus = (ms / 1000).to_string()
                    )
                }
                BonusWire::Bronstein { ms } => {
                    tf!(
                        lang,
                        "time.bronstein",
                        base = base,
                        bonus = (ms / 1000).to_string()
                    )
                }
            }
        })
        .collect();
    match periods.as_slice() {
        [] => t!(lang, "time.untimed").to_string(),
        [one] => one.clone(),
        [first, rest @ ..] => tf!(lang, "time.then", first = first, second = rest.join(", ")),
    }
}

/// What a tie-break column is (its code as C.07 and TRF-2026 write it, with its
/// modifiers: `BH/C1`), for the column's tooltip and the table's notes.
pub fn tie_break_text(lang: Lang, label: &str) -> String {
    let (code, modifiers) = label.split_once('/').unwrap_or((label, ""));
    let name = match code {
        "DE" => t!(lang, "event.tb-de"),
        "WIN" => t!(lang, "event.tb-win"),
        "WON" => t!(lang, "event.tb-won"),
        "BPG" => t!(lang, "event.tb-bpg"),
        "BWG" => t!(lang, "event.tb-bwg"),
        "GE" => t!(lang, "event.tb-ge"),
        "PS" => t!(lang, "event.tb-ps"),
        "BH" | "对手分" => t!(lang, "event.tb-bh"),
        "FB" => t!(lang, "event.tb-fb"),
        "AOB" => t!(lang, "event.tb-aob"),
        "SB" | "小分" => t!(lang, "event.tb-sb"),
        "KS" => t!(lang, "event.tb-ks"),
        "ARO" => t!(lang, "event.tb-aro"),
        "TPR" => t!(lang, "event.tb-tpr"),
        "PTP" => t!(lang, "event.tb-ptp"),
        "APRO" => t!(lang, "event.tb-apro"),
        "APPO" => t!(lang, "event.tb-appo"),
        "FOUL" => t!(lang, "event.tb-foul"),
        "DEB" => t!(lang, "event.tb-deb"),
        _ => return label.to_string(),
    };
    let mut text = name.to_string();
    for m in modifiers.split('/').filter(|m| !m.is_empty()) {
        let n = m.get(1..).unwrap_or_default();
        let part = match m.chars().next() {
            Some('C') if !n.is_empty() => tf!(lang, "event.tb-cut", n = n),
            Some('M') if !n.is_empty() => tf!(lang, "event.tb-median", n = n),
            _ => m.to_string(),
        };
        text = format!("{text} ({part})");
    }
    text
}

fn field_name(lang: Lang, field: &str) -> &'static str {
    match field {
        "name" => t!(lang, "event.field-name"),
        "rating" => t!(lang, "event.field-rating"),
        "rounds" => t!(lang, "event.field-rounds"),
        "round" => t!(lang, "event.field-round"),
        "board" => t!(lang, "event.field-board"),
        "player" => t!(lang, "event.field-player"),
        "result" => t!(lang, "event.field-result"),
        "boards" => t!(lang, "event.field-boards"),
        "amount" => t!(lang, "event.field-amount"),
        "base_minutes" | "increment_seconds" => t!(lang, "event.field-time"),
        "no_show_minutes" => t!(lang, "event.field-no-show"),
        "late_entry_until" => t!(lang, "event.field-late"),
        _ => t!(lang, "event.field-other"),
    }
}

/// The server's refusal in the page's language. The reasons the pairing crate gives (a
/// refused pairing, a tie-break unknown) are its own words, quoted.
pub fn error_text(lang: Lang, error: &EventError) -> String {
    let n = |v: u32| v.to_string();
    match error {
        EventError::Malformed { detail } => tf!(lang, "event.error-malformed", detail = detail),
        EventError::TooLarge { max_bytes } => {
            tf!(lang, "event.error-too-large", max = max_bytes.to_string())
        }
        EventError::VersionMismatch { .. } => t!(lang, "event.error-version").into(),
        EventError::UnknownEvent => t!(lang, "event.error-unknown-event").into(),
        EventError::NotDirector => t!(lang, "event.error-not-director").into(),
        EventError::BadCredentials => t!(lang, "event.error-bad-credentials").into(),
        EventError::BadText { field, .. } | EventError::BadSetting { field, .. } => {
            let why = match error {
                EventError::BadSetting { why, .. } => why.clone(),
                _ => String::new(),
            };
            tf!(
                lang,
                "event.error-bad-field",
                field = field_name(lang, field),
                why = why
            )
        }
        EventError::BadTieBreak { why } => tf!(lang, "event.error-tie-break", why = why),
        EventError::TooManyPlayers { max } => {
            tf!(lang, "event.error-too-many-players", max = n(*max))
        }
        EventError::TooManyRounds { max } => {
            tf!(lang, "event.error-too-many-rounds", max = n(*max))
        }
        EventError::TooManyEntries { max } => tf!(lang, "event.error-log-full", max = n(*max)),
        EventError::RateLimited { retry_after_ms } => tf!(
            lang,
            "event.error-rate-limited",
            s = retry_after_ms.div_ceil(1000).to_string()
        ),
        EventError::UnknownPlayer { player } => {
            tf!(lang, "event.error-unknown-player", player = n(*player))
        }
        EventError::UnknownRound { round } => {
            tf!(lang, "event.error-unknown-round", round = n(*round))
        }
        EventError::UnknownBoard { round, board } => tf!(
            lang,
            "event.error-unknown-board",
            round = n(*round),
            board = n(*board)
        ),
        EventError::NotNextRound { expected } => {
            tf!(lang, "event.error-not-next-round", round = n(*expected))
        }
        EventError::RoundNotFinished { round, boards } => {
            let boards: Vec<String> = boards.iter().map(|b| b.to_string()).collect();
            tf!(
                lang,
                "event.error-round-not-finished",
                round = n(*round),
                boards = lang.list(&boards)
            )
        }
        EventError::NoMoreRounds { rounds } => {
            tf!(lang, "event.error-no-more-rounds", rounds = n(*rounds))
        }
        EventError::CannotPair { why } => tf!(lang, "event.error-cannot-pair", why = why),
        EventError::BadPairing { why } => tf!(lang, "event.error-bad-pairing", why = why),
        EventError::RoundStarted { round } => {
            tf!(lang, "event.error-round-started", round = n(*round))
        }
        EventError::OrderLocked => t!(lang, "event.error-order-locked").into(),
        EventError::LateEntryClosed { round } => {
            tf!(lang, "event.error-late-closed", round = n(*round))
        }
        EventError::AlreadyJoined { number } => {
            tf!(lang, "event.error-already-joined", number = n(*number))
        }
        EventError::NotOnline => t!(lang, "event.error-not-online").into(),
        EventError::RoundPaired { round } => {
            tf!(lang, "event.error-round-paired", round = n(*round))
        }
        EventError::ResultChanged { .. } => t!(lang, "event.error-result-changed").into(),
        EventError::ReasonRequired => t!(lang, "event.error-reason").into(),
        EventError::TieBreakWinner => t!(lang, "event.error-tie-break-winner").into(),
        EventError::Ended => t!(lang, "event.error-ended").into(),
        EventError::Withdrawn { round } => tf!(lang, "event.error-withdrawn", round = n(*round)),
        EventError::Busy | EventError::Unavailable => t!(lang, "event.error-busy").into(),
    }
}

fn problem_text(lang: Lang, problem: &Problem) -> String {
    match problem {
        Problem::BadAddress(what) => tf!(lang, "event.bad-address", what = what),
        Problem::Refused(e) => error_text(lang, e),
        Problem::Form(e) => {
            let why = match e.why {
                Why::Missing => t!(lang, "event.why-missing"),
                Why::NotANumber => t!(lang, "event.why-number"),
                Why::UnknownChoice => t!(lang, "event.why-choice"),
            };
            tf!(
                lang,
                "event.bad-field",
                field = field_name(lang, e.field),
                why = why
            )
        }
        Problem::Network(why) => tf!(lang, "event.no-server", why = why),
        Problem::Unreadable(what) => tf!(lang, "event.unreadable", what = what),
    }
}

fn name_of(event: &EventView, number: u32) -> &str {
    event
        .players
        .iter()
        .find(|p| p.number == number)
        .map_or("?", |p| p.name.as_str())
}

/// Whether `number` had withdrawn by `round`: the server settles such a board without an
/// entry (the withdrawn side loses by forfeit), so the page says so itself.
fn gone(event: &EventView, number: u32, round: u32) -> bool {
    event
        .players
        .iter()
        .any(|p| p.number == number && p.withdrawn_from.is_some_and(|from| from <= round))
}

fn result_text(
    event: &EventView,
    round: u32,
    board: &shatar_protocol::events::BoardView,
) -> String {
    match (&board.result, board.black) {
        (Some(r), _) => r.result.text().to_string(),
        (None, None) => String::new(),
        (None, Some(black)) => match (gone(event, board.white, round), gone(event, black, round)) {
            (true, true) => ResultWire::DoubleForfeit.text().to_string(),
            (true, false) => ResultWire::BlackForfeitWin.text().to_string(),
            (false, true) => ResultWire::WhiteForfeitWin.text().to_string(),
            (false, false) => "…".to_string(),
        },
    }
}

/// A result's provenance and history: how it came (the server's game, a no-show) and
/// what it corrected, for the director's and the players' trust.
fn result_note(lang: Lang, board: &shatar_protocol::events::BoardView) -> String {
    let Some(r) = &board.result else {
        return String::new();
    };
    let mut parts = Vec::new();
    match r.source {
        ResultSource::Director => {}
        ResultSource::Game => parts.push(t!(lang, "event.source-game").to_string()),
        ResultSource::NoShow => parts.push(t!(lang, "event.source-no-show").to_string()),
    }
    if let Some(reason) = &r.reason {
        parts.push(reason.clone());
    }
    if board.history.len() > 1 {
        let earlier: Vec<&str> = board.history[..board.history.len() - 1]
            .iter()
            .map(|h| h.result.text())
            .collect();
        parts.push(tf!(lang, "event.corrected", earlier = earlier.join(", ")));
    }
    parts.join("; ")
}

fn round_tables(lang: Lang, event: &EventView, round: &RoundView) -> (TableView, TableView) {
    let caption = tf!(lang, "event.round-n", round = round.round.to_string());
    let by_board = TableView {
        caption: tf!(lang, "event.by-board-caption", round = caption.clone()),
        heads: vec![
            head(t!(lang, "event.board")),
            head(t!(lang, "side.white")),
            head(t!(lang, "event.result")),
            head(t!(lang, "side.black")),
            head(t!(lang, "event.note")),
        ],
        rows: round
            .boards
            .iter()
            .map(|b| {
                let mut result = CellView::text(result_text(event, round.round, b));
                if let Some(game) = b.game {
                    result.link = Some(format!("online.html?game={game}"));
                }
                vec![
                    CellView::text(b.board.to_string()),
                    CellView::player(b.white, name_of(event, b.white)),
                    result,
                    match b.black {
                        Some(black) => CellView::player(black, name_of(event, black)),
                        None => CellView::text(t!(lang, "event.bye")),
                    },
                    CellView::text(result_note(lang, b)),
                ]
            })
            .collect(),
    };
    let by_name = TableView {
        caption: tf!(lang, "event.by-name-caption", round = caption),
        heads: vec![
            head(t!(lang, "event.player")),
            head(t!(lang, "event.board")),
            head(t!(lang, "event.colour")),
        ],
        rows: round
            .by_name
            .iter()
            .map(|&(number, board)| {
                let colour = round
                    .boards
                    .iter()
                    .find(|b| b.board == board)
                    .map_or("", |b| {
                        if b.black.is_none() {
                            t!(lang, "event.bye")
                        } else if b.white == number {
                            t!(lang, "side.white")
                        } else {
                            t!(lang, "side.black")
                        }
                    });
                vec![
                    CellView::player(number, name_of(event, number)),
                    CellView::text(board.to_string()),
                    CellView::text(colour),
                ]
            })
            .collect(),
    };
    (by_board, by_name)
}

fn head(text: &str) -> Head {
    Head {
        text: text.to_string(),
        title: String::new(),
    }
}

fn bye_text(lang: Lang, bye: ByeRequest) -> &'static str {
    match bye {
        ByeRequest::HalfPoint => t!(lang, "event.bye-half"),
        ByeRequest::ZeroPoint => t!(lang, "event.bye-zero"),
        ByeRequest::FullPoint => t!(lang, "event.bye-full"),
        ByeRequest::Absent => t!(lang, "event.bye-absent"),
    }
}

fn player_note(lang: Lang, p: &PlayerView) -> String {
    let mut parts = Vec::new();
    if let Some(round) = p.withdrawn_from {
        parts.push(tf!(lang, "event.withdrawn-from", round = round.to_string()));
    }
    for (round, bye) in &p.byes {
        parts.push(format!(
            "{} ({})",
            bye_text(lang, *bye),
            tf!(lang, "event.round-n", round = round.to_string())
        ));
    }
    parts.join("; ")
}

pub fn view(model: &Model, page_url: &str, now_ms: u64) -> EventPageView {
    let _ = now_ms;
    let lang = model.lang;
    let mut v = EventPageView {
        problem: model.problem.as_ref().map(|p| problem_text(lang, p)),
        done: model.done.map(|d| match d {
            Done::Saved => t!(lang, "event.saved").to_string(),
            Done::Joined(n) => tf!(lang, "event.joined", number = n.to_string()),
        }),
        creating: model.event_id.is_none(),
        director: model.is_director(),
        embed: model.embed,
        listening: model.listening,
        next_round: model.next_round(),
        title: t!(lang, "event.title").to_string(),
        ..EventPageView::default()
    };
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
    v.ended = event.ended;
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
            match s.scoring {
                ScoringWire::OneHalfZero => "1 – ½ – 0",
                ScoringWire::TwoOneZero => "2 – 1 – 0",
            }
            .into(),
        ),
        (
            t!(lang, "event.bye-value").into(),
            match s.bye {
                ByeValue::Win => t!(lang, "event.bye-win"),
                ByeValue::Draw => t!(lang, "event.bye-draw"),
                ByeValue::Zero => t!(lang, "event.bye-nothing"),
            }
            .into(),
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
