//! The director's and the players' forms, read: the fields as the browser gives them
//! (name and value, as text) become the typed requests of `shatar_protocol::events`, or a
//! [`FormError`] that names the field and what is wrong with it. The server checks
//! everything again; this only turns text into numbers and choices.

use shatar_protocol::events::default_time_control;
use shatar_protocol::events::{
    ByeRequest, ByeValue, DirectorAction, NewEvent, PairWire, PenaltyKind, ResultWire, ScoringWire,
    SystemWire,
};
use shatar_protocol::online::{BonusWire, PeriodWire, Side, TimeControlWire};
use shatar_rules::GameKind;

/// The fields of one form, in order: `(name, value)`.
pub type Fields = Vec<(String, String)>;

/// Which form was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Create,
    AddPlayer,
    Pair,
    Result,
    Withdraw,
    Bye,
    Pairing,
    Penalty,
    End,
    Join,
}

impl Form {
    pub const ALL: [Form; 10] = [
        Form::Create,
        Form::AddPlayer,
        Form::Pair,
        Form::Result,
        Form::Withdraw,
        Form::Bye,
        Form::Pairing,
        Form::Penalty,
        Form::End,
        Form::Join,
    ];

    /// The form's `id` in event.html.
    pub fn id(self) -> &'static str {
        match self {
            Form::Create => "create-form",
            Form::AddPlayer => "player-form",
            Form::Pair => "pair-form",
            Form::Result => "result-form",
            Form::Withdraw => "withdraw-form",
            Form::Bye => "bye-form",
            Form::Pairing => "pairing-form",
            Form::Penalty => "penalty-form",
            Form::End => "end-form",
            Form::Join => "join-form",
        }
    }

    /// The form whose `id` in event.html is `id`.
    pub fn from_id(id: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.id() == id)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    Missing,
    NotANumber,
    UnknownChoice,
}

/// A field that does not read: its name in the form, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormError {
    pub field: &'static str,
    pub why: Why,
}

fn get<'a>(fields: &'a Fields, name: &str) -> &'a str {
    fields
        .iter()
        .find(|(n, _)| n == name)
        .map_or("", |(_, v)| v.trim())
}

fn optional_text(fields: &Fields, name: &str) -> Option<String> {
    Some(get(fields, name))
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

fn number<T: core::str::FromStr>(fields: &Fields, name: &'static str) -> Result<T, FormError> {
    optional_number(fields, name)?.ok_or(FormError {
        field: name,
        why: Why::Missing,
    })
}

/// Empty is `None` (the game's default, or nothing).
fn optional_number<T: core::str::FromStr>(
    fields: &Fields,
    name: &'static str,
) -> Result<Option<T>, FormError> {
    let text = get(fields, name);
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| FormError {
        field: name,
        why: Why::NotANumber,
    })
}

fn choice<T>(
    fields: &Fields,
    name: &'static str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, FormError> {
    let text = get(fields, name);
    if text.is_empty() {
        return Ok(None);
    }
    read(text).map(Some).ok_or(FormError {
        field: name,
        why: Why::UnknownChoice,
    })
}

fn required<T>(value: Option<T>, field: &'static str) -> Result<T, FormError> {
    value.ok_or(FormError {
        field,
        why: Why::Missing,
    })
}

/// The create form: every setting left empty takes the game's own default (the server
/// fills it in with `NewEvent::filled`; the page shows those values in the empty fields,
/// worked out from [`draft`] by the same function).
pub fn new_event(fields: &Fields) -> Result<NewEvent, FormError> {
    let name = required(optional_text(fields, "name"), "name")?;
    let game = game(fields)?;
    let system = system(fields)?;
    let scoring = choice(fields, "scoring", |t| {
        Some(match t {
            "OneHalfZero" => ScoringWire::OneHalfZero,
            "TwoOneZero" => ScoringWire::TwoOneZero,
            _ => return None,
        })
    })?;
    let bye = choice(fields, "bye", |t| {
        Some(match t {
            "Win" => ByeValue::Win,
            "Draw" => ByeValue::Draw,
            "Zero" => ByeValue::Zero,
            _ => return None,
        })
    })?;
    let tie_breaks = optional_text(fields, "tie_breaks").map(|t| {
        t.split(',')
            .map(|tb| tb.trim().to_string())
            .filter(|tb| !tb.is_empty())
            .collect()
    });
    let time_control = time_control(fields, game.unwrap_or_default())?;
    Ok(NewEvent {
        name,
        game,
        online: get(fields, "online") == "on",
        system,
        rounds: optional_number(fields, "rounds")?,
        scoring,
        tie_breaks,
        bye,
        late_entry_until: optional_number(fields, "late_entry_until")?,
        no_show_minutes: optional_number(fields, "no_show_minutes")?,
        time_control,
    })
}

fn game(fields: &Fields) -> Result<Option<GameKind>, FormError> {
    choice(fields, "game", |t| t.parse::<GameKind>().ok())
}

fn system(fields: &Fields) -> Result<Option<SystemWire>, FormError> {
    choice(fields, "system", |t| {
        Some(match t {
            "Dutch" => SystemWire::Dutch,
            "Axf" => SystemWire::Axf,
            "RoundRobin" => SystemWire::RoundRobin,
            "DoubleRoundRobin" => SystemWire::DoubleRoundRobin,
            "Knockout" => SystemWire::Knockout,
            _ => return None,
        })
    })
}

/// The minutes and the seconds a move; one left empty takes the game's default shown in
/// it (as every empty field does), both empty send nothing.
fn time_control(fields: &Fields, game: GameKind) -> Result<Option<TimeControlWire>, FormError> {
    let base: Option<u64> = optional_number(fields, "base_minutes")?;
    let increment: Option<u64> = optional_number(fields, "increment_seconds")?;
    if base.is_none() && increment.is_none() {
        return Ok(None);
    }
    let (default_base, default_increment) = first_period(&default_time_control(game));
    let base_ms = base.map_or(default_base, |m| m * 60_000);
    let increment_ms = increment.map_or(default_increment, |s| s * 1000);
    Ok(Some(TimeControlWire::live(vec![PeriodWire {
        moves: None,
        base_ms,
        bonus: match increment_ms {
            0 => BonusWire::None,
            ms => BonusWire::Increment { ms },
        },
    }])))
}

/// A control's first period's base and its increment, in milliseconds (what the form's
/// two fields hold).
pub fn first_period(control: &TimeControlWire) -> (u64, u64) {
    control.periods.first().map_or((0, 0), |p| {
        let bonus = match p.bonus {
            BonusWire::Increment { ms } => ms,
            _ => 0,
        };
        (p.base_ms, bonus)
    })
}

/// The create form as it stands while the director fills it in, each field that does
/// not read (yet) left out: what the defaults shown beside it follow.
pub fn draft(fields: &Fields) -> NewEvent {
    let game = game(fields).ok().flatten();
    NewEvent {
        name: String::new(),
        game,
        online: get(fields, "online") == "on",
        system: system(fields).ok().flatten(),
        rounds: optional_number(fields, "rounds").ok().flatten(),
        late_entry_until: optional_number(fields, "late_entry_until").ok().flatten(),
        no_show_minutes: optional_number(fields, "no_show_minutes").ok().flatten(),
        ..NewEvent::default()
    }
}

fn result_of(text: &str) -> Option<ResultWire> {
    Some(match text {
        "1-0" => ResultWire::WhiteWins,
        "0-1" => ResultWire::BlackWins,
        "1/2" => ResultWire::Draw,
        "+-" => ResultWire::WhiteForfeitWin,
        "-+" => ResultWire::BlackForfeitWin,
        "--" => ResultWire::DoubleForfeit,
        _ => return None,
    })
}

/// A pairing written as the director would on paper: boards separated by commas or new
/// lines, each `white-black` by the players' numbers, or one number alone for the bye
/// (`1-4, 2-3, 5`).
pub fn boards(text: &str) -> Result<Vec<PairWire>, FormError> {
    let bad = FormError {
        field: "boards",
        why: Why::NotANumber,
    };
    let mut boards = Vec::new();
    for part in text.split([',', '\n', ';']).map(str::trim) {
        if part.is_empty() {
            continue;
        }
        let board = match part.split_once('-') {
            Some((w, b)) => PairWire {
                white: w.trim().parse().map_err(|_| bad)?,
                black: Some(b.trim().parse().map_err(|_| bad)?),
            },
            None => PairWire {
                white: part.parse().map_err(|_| bad)?,
                black: None,
            },
        };
        boards.push(board);
    }
    if boards.is_empty() {
        return Err(FormError {
            field: "boards",
            why: Why::Missing,
        });
    }
    Ok(boards)
}

/// A director's form as its action. `replaces` is the standing result of the board named
/// (the model knows it): a result entered where one stands is its correction, a new entry.
pub fn action(
    form: Form,
    fields: &Fields,
    next_round: u32,
    now_ms: u64,
    replaces: impl Fn(u32, u32) -> Option<u64>,
) -> Result<DirectorAction, FormError> {
    Ok(match form {
        Form::AddPlayer => DirectorAction::AddPlayer {
            name: required(optional_text(fields, "name"), "name")?,
            rating: optional_number(fields, "rating")?.unwrap_or(0),
            club: optional_text(fields, "club"),
        },
        Form::Pair => DirectorAction::PairRound {
            round: next_round,
            starts_at_ms: optional_number::<u64>(fields, "starts_in_minutes")?
                .map(|m| now_ms + m * 60_000),
        },
        Form::Result => {
            let round = number(fields, "round")?;
            let board = number(fields, "board")?;
            let result = required(choice(fields, "result", result_of)?, "result")?;
            // A knockout's drawn game names who won its tie-break games (the field shows
            // for knockouts only); any other result names nobody.
            let tie_break_winner = match result {
                ResultWire::Draw => choice(fields, "tie_break_winner", |t| match t {
                    "White" => Some(Side::White),
                    "Black" => Some(Side::Black),
                    _ => None,
                })?,
                _ => None,
            };
            DirectorAction::EnterResult {
                round,
                board,
                result,
                reason: optional_text(fields, "reason"),
                replaces: replaces(round, board),
                tie_break_winner,
            }
        }
        Form::Withdraw => DirectorAction::Withdraw {
            player: number(fields, "player")?,
            from_round: number(fields, "round")?,
        },
        Form::Bye => {
            let player = number(fields, "player")?;
            let round = number(fields, "round")?;
            match get(fields, "bye") {
                "Cancel" => DirectorAction::CancelBye { player, round },
                _ => DirectorAction::RequestBye {
                    player,
                    round,
                    bye: required(
                        choice(fields, "bye", |t| {
                            Some(match t {
                                "HalfPoint" => ByeRequest::HalfPoint,
                                "ZeroPoint" => ByeRequest::ZeroPoint,
                                "FullPoint" => ByeRequest::FullPoint,
                                "Absent" => ByeRequest::Absent,
                                _ => return None,
                            })
                        })?,
                        "bye",
                    )?,
                },
            }
        }
        Form::Pairing => DirectorAction::SetPairing {
            round: number(fields, "round")?,
            boards: boards(get(fields, "boards"))?,
        },
        Form::Penalty => {
            // Seconds are whole; points are read by `hundredths`.
            let amount = || required(optional_number::<u32>(fields, "amount")?, "amount");
            let penalty = match get(fields, "kind") {
                "Warning" => PenaltyKind::Warning,
                "TimeAdded" => PenaltyKind::TimeAdded { seconds: amount()? },
                "TimeDeducted" => PenaltyKind::TimeDeducted { seconds: amount()? },
                // Points as the director says them: "0.5", "1".
                "PointsAwarded" => PenaltyKind::PointsAwarded {
                    hundredths: hundredths(get(fields, "amount"))?,
                },
                "PointsDeducted" => PenaltyKind::PointsDeducted {
                    hundredths: hundredths(get(fields, "amount"))?,
                },
                "TechnicalFoul" => PenaltyKind::TechnicalFoul,
                "Expelled" => PenaltyKind::Expelled,
                _ => {
                    return Err(FormError {
                        field: "kind",
                        why: Why::UnknownChoice,
                    });
                }
            };
            DirectorAction::Penalty {
                player: number(fields, "player")?,
                round: number(fields, "round")?,
                penalty,
                // Empty: the server says a reason is needed, in its own words.
                reason: get(fields, "reason").to_string(),
            }
        }
        Form::End => DirectorAction::EndEvent,
        Form::Create | Form::Join => {
            return Err(FormError {
                field: "form",
                why: Why::UnknownChoice,
            });
        }
    })
}

/// Points as written (`1`, `0.5`, `½`, `1.25`) in hundredths.
fn hundredths(text: &str) -> Result<u32, FormError> {
    let bad = FormError {
        field: "amount",
        why: Why::NotANumber,
    };
    let text = text.trim().replace('½', ".5").replace(',', ".");
    if text.is_empty() {
        return Err(FormError {
            field: "amount",
            why: Why::Missing,
        });
    }
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad)?
    };
    if frac.len() > 2 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad);
    }
    let frac: u32 = format!("{frac:0<2}").parse().map_err(|_| bad)?;
    whole
        .checked_mul(100)
        .and_then(|w| w.checked_add(frac))
        .ok_or(bad)
}
