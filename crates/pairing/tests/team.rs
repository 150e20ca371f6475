//! Team events on hand-computed crosstables: line-ups, match and game points (AXF 2008
//! ch. 2 §4 三), the AXF team orders (§5 四, 五) and the `:GP` tie-breaks, and team
//! pairings by Berger tables and the Dutch system.

use shatar_pairing::dutch;
use shatar_pairing::model::Bye;
use shatar_pairing::pairing::{Pair, Pairing};
use shatar_pairing::round_robin::Cycles;
use shatar_pairing::team::{
    self, Fixture, LineUpError, Match, Member, Team, TeamEvent, TeamId, TeamOrder,
};
use shatar_pairing::tiebreak::{Format, Standings, TieBreak};
use shatar_pairing::trf::{self, TrfVersion};
use shatar_pairing::{GameResult, Outcome, PlayerId, ScoreSystem};

const W: GameResult = GameResult::Played {
    outcome: Outcome::Win,
    rated: true,
};
const D: GameResult = GameResult::Played {
    outcome: Outcome::Draw,
    rated: true,
};
const L: GameResult = GameResult::Played {
    outcome: Outcome::Loss,
    rated: true,
};

/// `teams` teams of `boards` regulars and one reserve each.
fn event(teams: u32, boards: u32, scoring: ScoreSystem) -> TeamEvent {
    let mut e = TeamEvent::new(boards, scoring);
    e.teams = (1..=teams)
        .map(|t| Team {
            id: TeamId(t),
            name: format!("T{t}"),
            roster: (1..=boards + 1)
                .map(|m| Member {
                    name: format!("T{t}.{m}"),
                    rating: 2000 - 10 * m as u16,
                    technical_fouls: 0,
                })
                .collect(),
        })
        .collect();
    e
}

/// Enters round `round`'s pairing and the boards' results (the first team's, board by
/// board) in the pairing's order.
fn play(e: &mut TeamEvent, round: u32, pairing: &Pairing, boards: &[&[GameResult]]) {
    e.enter(pairing, round);
    let mut results = boards.iter();
    for pair in &pairing.pairs {
        if let Pair::Game { white, .. } = pair {
            let results = results.next().expect("a result per match");
            for (b, &r) in results.iter().enumerate() {
                assert!(e.record(round, TeamId(white.0), b as u32 + 1, r));
            }
        }
    }
}

fn column(s: &Standings, column: usize) -> Vec<String> {
    s.rows.iter().map(|r| r.values[column].text()).collect()
}

fn ranks(s: &Standings) -> Vec<u32> {
    s.rows.iter().map(|r| r.rank).collect()
}

fn labels(order: &[TieBreak]) -> Vec<&str> {
    order.iter().map(|tb| tb.label.as_str()).collect()
}

fn round_robin_event() -> TeamEvent {
    let mut e = event(4, 3, ScoreSystem::AXF);
    e.name = "Four teams".into();
    e.start_date = "2026-06-01".into();
    e.rounds = Some(3);
    let results: [&[&[GameResult]]; 3] = [
        &[&[W, L, D], &[W, L, D]],
        &[&[D, D, L], &[D, D, L]],
        &[&[L, D, D], &[D, L, D]],
    ];
    for (r, boards) in results.iter().enumerate() {
        let round = r as u32 + 1;
        let pairing = team::pair_round_robin(&e, Cycles::Single, round).unwrap();
        play(&mut e, round, &pairing, boards);
    }
    // In round 3 T3 plays its reserve on board 3 (the order kept).
    e.set_line_up(3, TeamId(3), vec![Some(0), Some(1), Some(3)])
        .unwrap();
    e.teams[1].roster[0].technical_fouls = 1;
    e
}

/// Four teams of three boards, a round robin under AXF scoring (2/1/0 a game, 2/1/0 a
/// match), where every team ends on 3 match points and 9 game points, and the order of
/// AXF 2008 ch. 2 §5 四 goes down to its (G) to separate them.
///
/// Berger: R1 1-4, 2-3; R2 4-3, 1-2; R3 2-4, 3-1. Boards (the first team's results):
/// R1 T1-T4 W L D (3-3), T2-T3 W L D (3-3); R2 T4-T3 D D L (2-4), T1-T2 D D L (2-4);
/// R3 T2-T4 L D D (2-4), T3-T1 D L D (2-4).
#[test]
fn axf_round_robin_order_down_to_games_with_black() {
    let e = round_robin_event();
    let order = team::default_team_order(TeamOrder::AxfRoundRobin);
    assert_eq!(
        labels(&order),
        [
            "PTS", "PTS:GP", "小分", "WIN", "WIN:GP", "DE", "BD1", "BPG:GP", "FOUL"
        ]
    );
    let s = team::standings(&e, &order, Format::RoundRobin);
    // 场分: a won match 2, each team won one and drew one.
    assert_eq!(column(&s, 0), ["3", "3", "3", "3"]);
    // (A) 总局分: 3 + 2 + 4, 3 + 4 + 2, 3 + 4 + 2, 3 + 2 + 4.
    assert_eq!(column(&s, 1), ["9", "9", "9", "9"]);
    // (B) 小分: the beaten team's 3 match points and half the drawn team's 3.
    assert_eq!(column(&s, 2), ["4.5", "4.5", "4.5", "4.5"]);
    // (C) matches won; (D) games won: T1 R1 b1 + R3 b2, T2 R1 b1 + R2 b3, T3 R1 b2 +
    // R2 b3, T4 R1 b2 + R3 b1.
    assert_eq!(column(&s, 3), ["1", "1", "1", "1"]);
    assert_eq!(column(&s, 4), ["2", "2", "2", "2"]);
    // (E) each scored 3 match points against the three others: nobody separated.
    assert_eq!(column(&s, 5), ["0", "0", "0", "0"]);
    // (F) board 1: T1 2 + 1 + 1, T2 2 + 1 + 0, T3 0 + 1 + 1, T4 0 + 1 + 2.
    assert_eq!(column(&s, 6), ["4", "3", "2", "3"]);
    // (G) games with Black: the first-named team has Black on board 2, the other on
    // boards 1 and 3. T1 first, first, second; T2 first, second, first; T3 second,
    // second, first; T4 second, first, second.
    assert_eq!(column(&s, 7), ["4", "4", "5", "5"]);
    assert_eq!(column(&s, 8), ["0", "1", "0", "0"]);
    // T1 on board 1's points; T2 and T4 level there, T4 with more games with Black.
    assert_eq!(ranks(&s), [1, 3, 4, 2]);
}

/// Five teams of two boards, 1/½/0 a game (2017 art. 10.1) and 2/1/0 a match, three
/// rounds of a Swiss entered by hand, ranked by AXF 2008 ch. 2 §5 五 under C.07 2026's
/// byes (the virtual opponent of a bye capped at a draw a round).
///
/// R1 T1-T3 W D (1½-½), T4-T2 D D (1-1), T5 bye; R2 T5-T1 L W (1-1), T2-T3 W D, T4 bye;
/// R3 T1-T2 D L (½-1½), T4-T5 W L (1-1), T3 bye.
#[test]
fn axf_swiss_order_with_byes() {
    let mut e = event(5, 2, ScoreSystem::ONE_HALF_ZERO);
    e.rounds = Some(3);
    e.start_date = "2026-06-01".into();
    let game = |w: u32, b: u32| Pair::Game {
        white: PlayerId(w),
        black: PlayerId(b),
    };
    let bye = |t: u32| Pair::Bye(PlayerId(t));
    let rounds: [(Vec<Pair>, &[&[GameResult]]); 3] = [
        (vec![game(1, 3), game(4, 2), bye(5)], &[&[W, D], &[D, D]]),
        (vec![game(5, 1), game(2, 3), bye(4)], &[&[L, W], &[W, D]]),
        (vec![game(1, 2), game(4, 5), bye(3)], &[&[D, L], &[W, L]]),
    ];
    for (r, (pairs, boards)) in rounds.into_iter().enumerate() {
        play(&mut e, r as u32 + 1, &Pairing { pairs }, boards);
    }
    let order = team::default_team_order(TeamOrder::AxfSwiss);
    assert_eq!(
        labels(&order),
        [
            "PTS", "BH", "PTS:GP", "DE", "BH:GP", "BD1", "BPG:GP", "FOUL"
        ]
    );
    let s = team::standings(&e, &order, Format::Swiss);
    // T1 W D L, T2 D W W, T3 L L bye, T4 D bye D, T5 bye D D; a bye is a match won.
    assert_eq!(column(&s, 0), ["3", "5", "2", "4", "4"]);
    // (A) 对手总场分: T1 T3 2 + T5 4 + T2 5; T3 T1 3 + T2 5 + its bye, a virtual
    // opponent of its own 2 (under the cap of 3); T4 T2 5 + T5 4 + min(4, 3).
    assert_eq!(column(&s, 1), ["11", "9", "10", "12", "10"]);
    // (B) 全队总局分, a bye a win on each board.
    assert_eq!(column(&s, 2), ["3", "4", "3", "4", "4"]);
    // (D) 对手总局分, a bye's virtual opponent capped at a draw a round (3 × 1).
    assert_eq!(column(&s, 4), ["11", "10", "10", "11", "10"]);
    // (E) board 1: T1 1 + 1 + ½; T2 ½ + 1 + ½; T3 0 + 0 + bye 1; T4 ½ + 1 + 1; T5 1 +
    // 0 + 0.
    assert_eq!(column(&s, 5), ["2.5", "2", "1", "2.5", "1"]);
    // (F) one game with Black a match played (board 2 first-named, board 1 the other).
    assert_eq!(column(&s, 6), ["3", "3", "2", "2", "2"]);
    // T4 and T5 on 4 match points: T4's opponents scored more.
    assert_eq!(ranks(&s), [4, 1, 5, 2, 3]);
}

/// AXF 2008 ch. 2 §4 三: the match goes to the team with more game points; equal game
/// points draw. A board left empty is lost by forfeit, and a team that sits nobody
/// loses the match by forfeit.
#[test]
fn matches_are_scored_from_their_boards() {
    let scoring = ScoreSystem::ONE_HALF_ZERO;
    let m = |first: Vec<Option<usize>>, second: Vec<Option<usize>>, results: Vec<GameResult>| {
        Match {
            first: TeamId(1),
            second: TeamId(2),
            first_line_up: first,
            second_line_up: second,
            results,
        }
        .score(&scoring, 4)
    };
    let full = || vec![Some(0), Some(1), Some(2), Some(3)];
    let s = m(full(), full(), vec![W, D, L, D]);
    assert_eq!(
        (s.first.to_string(), s.second.to_string()),
        ("2".into(), "2".into())
    );
    assert_eq!(
        s.result,
        GameResult::Played {
            outcome: Outcome::Draw,
            rated: true
        }
    );
    // Board 4 empty on the second side: a forfeit win for the first, 2½-1½.
    let s = m(
        full(),
        vec![Some(0), Some(1), Some(2), None],
        vec![W, D, L, GameResult::Pending],
    );
    assert_eq!(s.first.to_string(), "2.5");
    assert_eq!(
        s.result,
        GameResult::Played {
            outcome: Outcome::Win,
            rated: true
        }
    );
    // A board still to play leaves the match pending.
    let s = m(full(), full(), vec![W, D, GameResult::Pending, D]);
    assert_eq!(s.result, GameResult::Pending);
    // Nobody came for the second team.
    let s = m(full(), vec![None; 4], vec![GameResult::Pending; 4]);
    assert_eq!(s.result, GameResult::Forfeit { won: true });
    assert_eq!(s.first.to_string(), "4");
    assert!(!s.double_forfeit);
    // No game played: a forfeit when one team scored nothing, played when both scored.
    let won = GameResult::Forfeit { won: true };
    let lost = GameResult::Forfeit { won: false };
    let s = m(full(), full(), vec![won, won, won, lost]);
    assert_eq!(
        s.result,
        GameResult::Played {
            outcome: Outcome::Win,
            rated: true
        }
    );
    let s = m(full(), full(), vec![won; 4]);
    assert_eq!(s.result, won);
    let s = m(vec![None; 4], vec![None; 4], vec![GameResult::Pending; 4]);
    assert!(s.double_forfeit);
    // The colours: the first-named team White (Red) on the odd boards.
    assert_eq!(Match::first_colour(1), shatar_pairing::Colour::White);
    assert_eq!(Match::first_colour(2), shatar_pairing::Colour::Black);
}

/// The line-up keeps the roster's order: a reserve may play, nobody above a player
/// listed before him, no board left empty above a filled one; each refusal says what
/// and where.
#[test]
fn line_ups_keep_the_roster_order() {
    let mut e = event(2, 3, ScoreSystem::AXF);
    let pairing = team::pair_round_robin(&e, Cycles::Single, 1).unwrap();
    e.enter(&pairing, 1);
    let t1 = TeamId(1);
    // The reserve (roster position 3) on board 3, or on board 2 with board 3's regular
    // out: both keep the order.
    assert_eq!(
        e.set_line_up(1, t1, vec![Some(0), Some(1), Some(3)]),
        Ok(())
    );
    assert_eq!(
        e.set_line_up(1, t1, vec![Some(0), Some(2), Some(3)]),
        Ok(())
    );
    assert_eq!(e.set_line_up(1, t1, vec![Some(0), Some(1), None]), Ok(()));
    let err = e
        .set_line_up(1, t1, vec![Some(1), Some(0), Some(2)])
        .unwrap_err();
    assert_eq!(
        err,
        LineUpError::OutOfOrder {
            team: t1,
            round: 1,
            board: 2,
            player: "T1.1".into(),
            above_board: 1,
            above: "T1.2".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "round 1, team 1: T1.1 (board 2) is listed before T1.2 (board 1) in the roster, \
         so must play above him: the boards follow the roster's order"
    );
    let err = e
        .set_line_up(1, t1, vec![Some(0), Some(0), Some(2)])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "round 1, team 1: T1.1 is on board 1 and on board 2"
    );
    let err = e
        .set_line_up(1, t1, vec![Some(0), None, Some(2)])
        .unwrap_err();
    assert_eq!(
        err,
        LineUpError::EmptyAbove {
            team: t1,
            round: 1,
            empty_board: 2,
            board: 3
        }
    );
    let err = e
        .set_line_up(1, t1, vec![Some(0), Some(1), Some(9)])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "round 1, team 1, board 3: the roster has no player 10"
    );
    let err = e.set_line_up(1, t1, vec![Some(0), Some(1)]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "round 1, team 1: 2 seats given for 3 boards (leave a board empty rather than out)"
    );
    // The refused line-ups changed nothing: the last accepted one stands.
    let Fixture::Match(m) = &e.round(1)[0] else {
        panic!("a match")
    };
    assert_eq!(m.first_line_up, vec![Some(0), Some(1), None]);
    assert_eq!(
        e.set_line_up(2, t1, vec![Some(0), Some(1), Some(2)]),
        Err(LineUpError::NoMatch { team: t1, round: 2 })
    );
}

/// A team Swiss is the Dutch system on the tournament of teams: round 1 pairs the top
/// half against the bottom half (C.04.3 section 3 with one bracket), the odd team out
/// gets the pairing-allocated bye; round 2 pairs on match points with no rematch and no
/// second bye; a team that asked for a bye is left out.
#[test]
fn team_swiss_is_the_dutch_system_on_match_points() {
    let mut e = event(5, 2, ScoreSystem::ONE_HALF_ZERO);
    e.rounds = Some(3);
    let r1 = team::pair_swiss(&e, 1).unwrap();
    assert_eq!(
        r1.pairs,
        [
            Pair::Game {
                white: PlayerId(1),
                black: PlayerId(3)
            },
            Pair::Game {
                white: PlayerId(4),
                black: PlayerId(2)
            },
            Pair::Bye(PlayerId(5)),
        ]
    );
    play(&mut e, 1, &r1, &[&[W, D], &[D, D]]);
    // T2 asks for a half-point bye in round 2.
    e.fixtures.push(vec![Fixture::Bye {
        team: TeamId(2),
        bye: Bye::HalfPoint,
    }]);
    let r2 = team::pair_swiss(&e, 2).unwrap();
    assert_eq!(r2, dutch::pair_round(&e.teams_tournament(), 2).unwrap());
    // T1 and T5 (2 match points) meet; T3 and T4 pair; nobody is left for a bye.
    assert_eq!(
        r2.pairs,
        [
            Pair::Game {
                white: PlayerId(5),
                black: PlayerId(1)
            },
            Pair::Game {
                white: PlayerId(3),
                black: PlayerId(4)
            },
        ]
    );
    e.enter(&r2, 2);
    assert!(e.round(2).contains(&Fixture::Bye {
        team: TeamId(2),
        bye: Bye::HalfPoint
    }));
    assert_eq!(e.round(2).len(), 3);
}

/// Gacrux's spelling of the points a tie-break counts: `BH:GP/C1`, `MPVGP` (the other
/// points: game points beside match points), `:MP` the default.
#[test]
fn tie_breaks_name_their_points() {
    let tb = TieBreak::parse("BH:GP/C1", false).unwrap();
    assert!(tb.game_points);
    assert_eq!((tb.cut_low, tb.label.as_str()), (1, "BH:GP/C1"));
    assert!(!TieBreak::parse("SB:MP", true).unwrap().game_points);
    let other = TieBreak::parse("MPVGP", false).unwrap();
    assert!(other.game_points && other.code == shatar_pairing::tiebreak::Code::Pts);
    assert!(TieBreak::parse("BH:XP", false).is_err());
    assert_eq!(TieBreak::parse("BD1", false).unwrap().label, "BD1");
}

/// A team event travels as TRF: the players' rows, a `013` record a team in roster
/// order, `362` the match scoring, `352` the boards' colours; read back, it is the same
/// event with the same standings.
#[test]
fn team_events_round_trip_through_trf() {
    let mut e = round_robin_event();
    // TRF has no field for AXF's technical fouls.
    e.teams[1].roster[0].technical_fouls = 0;
    let text = trf::write(&e.players_tournament(), TrfVersion::Trf2026);
    assert!(text.contains("\n013 T1                                 1    2    3    4\n"));
    assert!(text.contains("\n352 WBW\n"));
    let back = team::from_tournament(&trf::read(&text).unwrap())
        .unwrap()
        .expect("team records");
    assert_eq!(back.teams, e.teams);
    // The matches of a round come back in their teams' order, not the boards'.
    let sorted = |event: &TeamEvent| -> Vec<Vec<Fixture>> {
        let key = |f: &Fixture| match f {
            Fixture::Match(m) => m.first.0.min(m.second.0),
            Fixture::Bye { team, .. } => team.0,
        };
        let mut fixtures = event.fixtures.clone();
        for round in &mut fixtures {
            round.sort_by_key(key);
        }
        fixtures
    };
    assert_eq!(sorted(&back), sorted(&e));
    assert_eq!(
        (back.boards, back.match_scoring),
        (e.boards, e.match_scoring)
    );
    let order = team::default_team_order(TeamOrder::AxfRoundRobin);
    assert_eq!(
        team::standings(&back, &order, Format::RoundRobin),
        team::standings(&e, &order, Format::RoundRobin)
    );
    // The file kept in tests/data is this one (scripts/gacrux-compare.py teams reads it).
    let kept = include_str!("data/team-axf-round-robin.trf");
    assert_eq!(kept, text);
}

/// A file whose boards do not follow the rosters is refused with the round and board.
#[test]
fn team_files_with_boards_out_of_roster_order_are_refused() {
    let e = round_robin_event();
    let mut t = e.players_tournament();
    // Round 1, T2-T3: swap T3's first two players' games.
    let (a, b) = (PlayerId(9), PlayerId(10));
    let (ea, eb) = (t.player(a).rounds[0], t.player(b).rounds[0]);
    t.set(a, 1, eb);
    t.set(b, 1, ea);
    for (p, e) in [(a, eb), (b, ea)] {
        if let shatar_pairing::Entry::Game {
            opponent,
            colour,
            result,
        } = e
        {
            t.set(
                opponent,
                1,
                shatar_pairing::Entry::Game {
                    opponent: p,
                    colour: colour.opposite(),
                    result: result.reversed(),
                },
            );
        }
    }
    let err = team::from_tournament(&t).unwrap_err();
    assert_eq!(
        err.to_string(),
        "round 1: board 1 of team 'T2''s match: the players on it (by roster order) did not meet each other"
    );
}

/// TRF-2026's team record `310` (team number in columns 5-7, name in 9-40, players from
/// 74-77 on) reads as `013` does.
#[test]
fn team_records_310_read_as_013() {
    let text = include_str!("data/team-axf-round-robin.trf");
    let mut converted = String::new();
    let mut team = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("013 ") {
            team += 1;
            let (name, players) = rest.split_at(32);
            let mut record = format!("310 {team:>3} {:<32}", name.trim());
            record = format!("{record:<73}");
            let numbers: Vec<&str> = players.split_whitespace().collect();
            record += &numbers
                .iter()
                .map(|n| format!("{n:>4}"))
                .collect::<Vec<_>>()
                .join(" ");
            converted += &record;
        } else {
            converted += line;
        }
        converted.push('\n');
    }
    assert!(converted.contains("\n310   2 T2"));
    let from_013 = team::from_tournament(&trf::read(text).unwrap()).unwrap();
    let from_310 = team::from_tournament(&trf::read(&converted).unwrap()).unwrap();
    assert_eq!(from_310, from_013);
}
