//! Standings: points and the tie-breaks of FIDE C.07 (2024 and 2026 editions), AXF's,
//! and the orders each game's text prescribes.
//!
//! Every figure is computed as Gacrux, FIDE's reference implementation, computes it
//! (the tests compare them on random tournaments), including its reading of the open
//! points of C.07: which rounds are "voluntarily unplayed", how a cut chooses between a
//! played and an unplayed round, and how the averages round.

mod buchholz;
mod encounter;
mod fide_tables;
mod order;
mod rating;
mod rounds;
mod spec;

use alloc::vec;
use alloc::vec::Vec;

use crate::model::{Colour, PlayerId, Tournament};
use crate::points::Points;

pub use order::{Order, default_order};
pub use spec::{Code, RuleSet, TieBreak, TieBreakError};

/// Whether the pairings were fixed in advance (a round robin: an unplayed game still
/// counts its opponent, C.07 §16.1) or made round by round (a Swiss).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Swiss,
    RoundRobin,
}

impl Format {
    /// Gacrux's guess from a file: record 092 names the system, else as many rounds as
    /// opponents (or twice as many) is a round robin.
    pub fn guess(t: &Tournament) -> Format {
        let kind = t.kind.to_uppercase();
        let players = t.players.len() as u32;
        let rounds = t.rounds.unwrap_or(0).max(t.rounds_entered());
        let named_round_robin =
            kind.contains("RR") || kind.contains("ROBIN") || kind.contains("BERGER");
        let everyone_meets = players == rounds
            || players == rounds + 1
            || players * 2 == rounds
            || players * 2 == rounds + 1;
        if !kind.contains("SWISS") && (named_round_robin || everyone_meets) {
            Format::RoundRobin
        } else {
            Format::Swiss
        }
    }
}

/// A tie-break's value for one player: `None` where it is void (a rating tie-break
/// with unrated players, an average over no games). Held in ten-thousandths, the finest
/// any of them is rounded to (AOB's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value(pub Option<i64>);

pub const VALUE_SCALE: i64 = 10_000;

impl Value {
    /// The shortest exact decimal: `24.5`, `7.25`, `2118`; empty when void.
    pub fn text(self) -> alloc::string::String {
        let Some(v) = self.0 else {
            return alloc::string::String::new();
        };
        let sign = if v < 0 { "-" } else { "" };
        let (whole, mut fraction) = (v.abs() / VALUE_SCALE, v.abs() % VALUE_SCALE);
        if fraction == 0 {
            return alloc::format!("{sign}{whole}");
        }
        let mut digits = 4;
        while fraction % 10 == 0 {
            fraction /= 10;
            digits -= 1;
        }
        alloc::format!("{sign}{whole}.{fraction:0digits$}")
    }

    fn points(p: Points) -> Value {
        Value(Some(p.hundredths() * (VALUE_SCALE / 100)))
    }

    fn count(n: i64) -> Value {
        Value(Some(n * VALUE_SCALE))
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub player: PlayerId,
    /// Shared by players whom every tie-break leaves level.
    pub rank: u32,
    /// One per tie-break of the order, in its order.
    pub values: Vec<Value>,
}

/// The standings, in the players' order (not the ranks').
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub tie_breaks: Vec<TieBreak>,
    pub rows: Vec<Row>,
}

/// What the computation needs to know beyond the results.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub format: Format,
    pub rules: RuleSet,
}

impl Options {
    /// The event's own: the format guessed from the file, the rules of its start date.
    pub fn of(t: &Tournament) -> Options {
        Options {
            format: Format::guess(t),
            rules: RuleSet::in_force_on(&t.start_date),
        }
    }
}

/// The state the tie-breaks share, as Gacrux keeps it (one of them, FB, moves a
/// player's last unplayed round for those that follow: `last_present`).
struct Context<'a> {
    t: &'a Tournament,
    /// The number of rounds: planned or played, whichever is more.
    rounds: u32,
    players: Vec<Vec<rounds::Round>>,
    totals: Vec<Points>,
    /// The last round in which the player played, had a forfeit win or a bye worth a
    /// win: C.07 §16.2's boundary between unplayed rounds that count their own score
    /// and those after which the player is treated as having left.
    last_present: Vec<u32>,
    /// The last round in which the player had an opponent or a PAB.
    last_paired: Vec<u32>,
    options: Options,
    /// What a round won and a round drawn are worth in the points counted: the event's
    /// game, or a team's match in game points (every board's game won or drawn).
    win: Points,
    draw: Points,
    /// A team event's game points, the second kind of points.
    games: Option<&'a GamePoints>,
}

impl Context<'_> {
    fn round_robin(&self, tb: &TieBreak) -> bool {
        self.options.format == Format::RoundRobin && !tb.swiss
    }

    fn draw(&self) -> Points {
        self.draw
    }

    fn win(&self) -> Points {
        self.win
    }
}

/// A team event's game points beside its match points, which are the points of the
/// tournament of teams that [`team_standings`] ranks: the tie-breaks marked `:GP` count
/// them (FIDE C.07's team tie-breaks, as Gacrux spells them; AXF's 局分).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GamePoints {
    /// Each team's game points in each round, from round 1 (a bye's and a forfeited
    /// match's included).
    pub rounds: Vec<Vec<Points>>,
    /// A match won on every board, and drawn on every board, in game points: what C.07
    /// §16's virtual opponents and Koya's limit scale by.
    pub win: Points,
    pub draw: Points,
    /// Each team's games won (over the board or by forfeit): `WIN:GP` (AXF 2008 ch. 2
    /// §5 四 (D), 全队胜局).
    pub games_won: Vec<u32>,
    /// Each team's games played with Black: `BPG:GP` (§5 四 (G), 五 (F)).
    pub black_games: Vec<u32>,
    /// Each team's first board's points: `BD1` (§5 四 (F), 五 (E)).
    pub first_board: Vec<Points>,
}

/// The standings of `t` under `order` (PTS first, usually).
pub fn standings(t: &Tournament, order: &[TieBreak], options: Options) -> Standings {
    ranked(t, order, options, None)
}

/// The standings of a team event: `t` is its tournament of teams (match points), and
/// `games` its game points, which the tie-breaks marked `:GP` count.
pub fn team_standings(
    t: &Tournament,
    order: &[TieBreak],
    options: Options,
    games: &GamePoints,
) -> Standings {
    ranked(t, order, options, Some(games))
}

fn context<'a>(
    t: &'a Tournament,
    options: Options,
    games: Option<&'a GamePoints>,
    game_points: bool,
) -> Context<'a> {
    let rounds = t.rounds.unwrap_or(0).max(t.rounds_entered());
    let mut players = rounds::rounds(t, rounds);
    let (mut win, mut draw) = (t.scoring.win, t.scoring.draw);
    if let (Some(games), true) = (games, game_points) {
        for (p, team) in players.iter_mut().zip(&games.rounds) {
            for (round, &points) in p.iter_mut().zip(team) {
                round.points = points;
            }
        }
        (win, draw) = (games.win, games.draw);
    }
    // The arbiter's adjustments (2017 art. 12.9) count in the points, and so in the
    // opponents' Buchholz; the rounds' own points stay as played.
    let totals: Vec<Points> = players
        .iter()
        .zip(&t.players)
        .map(|(p, player)| p.iter().map(|r| r.points).sum::<Points>() + player.adjustment)
        .collect();
    let last = |p: &Vec<rounds::Round>, f: &dyn Fn(&rounds::Round) -> bool| {
        p.iter().rposition(f).map_or(0, |i| i as u32 + 1)
    };
    let last_present = players.iter().map(|p| last(p, &|r| !r.vur)).collect();
    let last_paired = players
        .iter()
        .map(|p| last(p, &|r| r.opponent.is_some() || r.played))
        .collect();
    Context {
        t,
        rounds,
        players,
        totals,
        last_present,
        last_paired,
        options,
        win,
        draw,
        games,
    }
}

fn ranked(
    t: &Tournament,
    order: &[TieBreak],
    options: Options,
    games: Option<&GamePoints>,
) -> Standings {
    // One context per kind of points, each keeping what FB moves for those after it.
    let mut match_cx = context(t, options, games, false);
    let mut game_cx = games.map(|_| context(t, options, games, true));
    let n = t.players.len();
    let mut ranks = vec![1u32; n];
    let mut order_of_rank: Vec<usize> = (0..n).collect();
    let mut columns: Vec<Vec<Value>> = Vec::new();
    for tb in order {
        let cx = match game_cx.as_mut() {
            Some(game_cx) if tb.game_points => game_cx,
            _ => &mut match_cx,
        };
        let values = match tb.code {
            Code::De => encounter::direct_encounter(cx, tb, &ranks, &order_of_rank),
            Code::Deb => encounter::black_in_direct_games(cx, &ranks, &order_of_rank),
            _ => compute(cx, tb),
        };
        rank(&mut ranks, &mut order_of_rank, &values, tb);
        columns.push(values);
    }
    let rows = (0..n)
        .map(|i| Row {
            player: t.players[i].id,
            rank: ranks[i],
            values: columns.iter().map(|c| c[i]).collect(),
        })
        .collect();
    Standings {
        tie_breaks: order.to_vec(),
        rows,
    }
}

/// Whether larger values rank higher for this tie-break as modified.
fn higher_is_better(tb: &TieBreak) -> bool {
    tb.code.lower_is_better() == tb.reversed
}

/// Splits the ties the ranks leave by this tie-break's values: competition ranking
/// (1, 2, 2, 4), the void values last.
fn rank(ranks: &mut [u32], order: &mut [usize], values: &[Value], tb: &TieBreak) {
    let higher = higher_is_better(tb);
    order.sort_by_key(|&i| {
        let v = values[i].0;
        let void_first = v.is_none() != higher;
        let key = v.map_or(0, |v| if higher { -v } else { v });
        (ranks[i], !void_first, key, i)
    });
    let mut position = 1;
    let mut previous = values[order[0]];
    for k in 1..order.len() {
        position += 1;
        let i = order[k];
        if ranks[i] == position || values[i] != previous {
            ranks[i] = position;
            previous = values[i];
        } else {
            ranks[i] = ranks[order[k - 1]];
        }
    }
}

fn compute(cx: &mut Context<'_>, tb: &TieBreak) -> Vec<Value> {
    let win = cx.win();
    let count = |f: &dyn Fn(&rounds::Round) -> bool| -> Vec<Value> {
        cx.players
            .iter()
            .map(|p| Value::count(p.iter().filter(|r| f(r)).count() as i64))
            .collect()
    };
    if let (Some(games), true) = (cx.games, tb.game_points) {
        // A team's games, board by board, where a round's count would count matches.
        let counted = match tb.code {
            Code::Win => Some(&games.games_won),
            Code::Bpg => Some(&games.black_games),
            _ => None,
        };
        if let Some(counted) = counted {
            return counted
                .iter()
                .map(|&n| Value::count(i64::from(n)))
                .collect();
        }
    }
    match tb.code {
        Code::Pts => cx.totals.iter().map(|&p| Value::points(p)).collect(),
        Code::Bd1 => match cx.games {
            Some(games) => games
                .first_board
                .iter()
                .map(|&p| Value::points(p))
                .collect(),
            // An individual event has no boards of a team: void.
            None => vec![Value(None); cx.players.len()],
        },
        // Gacrux counts a round as won when it is worth a win's points: byes worth a win
        // included.
        Code::Win => count(&|r| r.points == win),
        Code::Won => count(&|r| r.points == win && r.played && r.opponent.is_some()),
        Code::Bpg => count(&|r| r.colour == Colour::Black && r.played),
        Code::Bwg => count(&|r| r.colour == Colour::Black && r.played && r.points == win),
        Code::Ge => count(&|r| r.played || r.points == win),
        Code::Ps => progressive(cx, tb),
        Code::Ks => buchholz::koya(cx, tb),
        Code::Bh | Code::Fb | Code::Sb => buchholz::buchholz(cx, tb)
            .into_iter()
            .map(Value::points)
            .collect(),
        Code::Aob => buchholz::average_of_buchholz(cx, tb),
        Code::Aro | Code::Tpr | Code::Ptp => rating::performance(cx, tb, tb.code),
        Code::Apro => rating::average_of(cx, tb, Code::Tpr),
        Code::Appo => rating::average_of(cx, tb, Code::Ptp),
        Code::Foul => {
            cx.t.players
                .iter()
                .map(|p| Value::count(i64::from(p.technical_fouls)))
                .collect()
        }
        Code::De | Code::Deb => unreachable!("computed from the ranks"),
    }
}

/// The sum of the running scores after each round (C.07 §7.6), the first `cut_low`
/// rounds left out (`PS/C1`).
fn progressive(cx: &Context<'_>, tb: &TieBreak) -> Vec<Value> {
    cx.players
        .iter()
        .map(|p| {
            let mut running = Points::ZERO;
            let mut sum = Points::ZERO;
            for (r, round) in p.iter().enumerate() {
                running += round.points;
                if r as u32 >= tb.cut_low {
                    sum += running;
                }
            }
            Value::points(sum)
        })
        .collect()
}

/// `numerator / denominator` rounded half up (both positive).
fn half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator).div_euclid(2 * denominator)
}
