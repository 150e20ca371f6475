//! Tie-breaks on hand-computed crosstables (the random ones are compared with Gacrux by
//! scripts/gacrux-compare.py).

use shatar_pairing::tiebreak::{
    self, Code, Format, Options, Order, RuleSet, Standings, TieBreak, VALUE_SCALE,
};
use shatar_pairing::{Bye, Entry, GameResult, Outcome, Player, PlayerId, ScoreSystem, Tournament};

const WIN: GameResult = GameResult::Played {
    outcome: Outcome::Win,
    rated: true,
};
const DRAW: GameResult = GameResult::Played {
    outcome: Outcome::Draw,
    rated: true,
};
const LOSS: GameResult = GameResult::Played {
    outcome: Outcome::Loss,
    rated: true,
};
const FORFEIT_WIN: GameResult = GameResult::Forfeit { won: true };

fn event(players: u32, rounds: u32, scoring: ScoreSystem) -> Tournament {
    Tournament {
        rounds: Some(rounds),
        scoring,
        players: (1..=players)
            .map(|i| Player {
                id: PlayerId(i),
                name: format!("P{i}"),
                rating: 2000 + 10 * i as u16,
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

fn p(i: u32) -> PlayerId {
    PlayerId(i)
}

/// Each player's value of column `column`, as text.
fn column(s: &Standings, column: usize) -> Vec<String> {
    s.rows.iter().map(|r| r.values[column].text()).collect()
}

fn ranks(s: &Standings) -> Vec<u32> {
    s.rows.iter().map(|r| r.rank).collect()
}

fn parse(list: &str, format: Format) -> Vec<TieBreak> {
    list.split(',')
        .map(|t| TieBreak::parse(t, format == Format::RoundRobin).unwrap())
        .collect()
}

fn round_robin(scoring: ScoreSystem) -> Tournament {
    // Berger, 4 players. Round 1: 1-4 1-0, 2-3 ½. Round 2: 4-3 0-1, 1-2 ½.
    // Round 3: 2-4 1-0, 3-1 1-0.
    let mut t = event(4, 3, scoring);
    t.record(1, p(1), p(4), WIN);
    t.record(1, p(2), p(3), DRAW);
    t.record(2, p(4), p(3), LOSS);
    t.record(2, p(1), p(2), DRAW);
    t.record(3, p(2), p(4), WIN);
    t.record(3, p(3), p(1), WIN);
    t
}

const ROUND_ROBIN: Options = Options {
    format: Format::RoundRobin,
    rules: RuleSet::Fide2026,
};

#[test]
fn sonneborn_berger_of_a_round_robin() {
    let t = round_robin(ScoreSystem::ONE_HALF_ZERO);
    let s = tiebreak::standings(
        &t,
        &parse("PTS,SB,WIN,BPG,BWG", Format::RoundRobin),
        ROUND_ROBIN,
    );
    assert_eq!(column(&s, 0), ["1.5", "2", "2.5", "0"]);
    // P1: beat P4 (0) + drew P2 (2 x ½) = 1; P2: drew P3 (1.25) + P1 (0.75) + beat P4.
    assert_eq!(column(&s, 1), ["1", "2", "2.5", "0"]);
    assert_eq!(column(&s, 2), ["1", "1", "2", "0"]);
    assert_eq!(column(&s, 3), ["1", "1", "2", "2"]);
    assert_eq!(column(&s, 4), ["0", "0", "1", "0"]);
    assert_eq!(ranks(&s), [3, 2, 1, 4]);
}

/// AXF 2008 ch. 2 §4.1 (2/1/0) and §5: 小分 is "the whole score of the opponents beaten
/// and half that of those drawn", C.07's SB is the score times the points scored: twice
/// that under 2/1/0, in the same order.
#[test]
fn axf_small_points_are_sonneborn_berger_on_two_one_zero() {
    let t = round_robin(ScoreSystem::AXF);
    let s = tiebreak::standings(
        &t,
        &parse("PTS,小分,SB,对手分", Format::RoundRobin),
        ROUND_ROBIN,
    );
    assert_eq!(column(&s, 0), ["3", "4", "5", "0"]);
    assert_eq!(column(&s, 1), ["2", "4", "5", "0"]);
    assert_eq!(column(&s, 2), ["4", "8", "10", "0"]);
    // In a round robin, 对手分 is defined as SB too (ch. 2 §5 1).
    assert_eq!(s.tie_breaks[3].code, Code::Sb);
    assert_eq!(column(&s, 3), ["2", "4", "5", "0"]);
    // In a Swiss it is Buchholz (ch. 2 §5 2).
    assert_eq!(TieBreak::parse("对手分", false).unwrap().code, Code::Bh);
}

#[test]
fn direct_encounter_splits_only_the_tied() {
    // 1-4 1-0, 2-3 1-0; 4-3 ½, 1-2 1-0; 2-4 1-0, 3-1 1-0: P1 and P2 on 2 points, P1 won.
    let mut t = event(4, 3, ScoreSystem::ONE_HALF_ZERO);
    t.record(1, p(1), p(4), WIN);
    t.record(1, p(2), p(3), WIN);
    t.record(2, p(4), p(3), DRAW);
    t.record(2, p(1), p(2), WIN);
    t.record(3, p(2), p(4), WIN);
    t.record(3, p(3), p(1), WIN);
    let s = tiebreak::standings(&t, &parse("PTS,DE", Format::RoundRobin), ROUND_ROBIN);
    assert_eq!(column(&s, 1), ["1", "2", "0", "0"]);
    assert_eq!(ranks(&s), [1, 2, 3, 4]);
}

/// AXF 2008 ch. 2 §5 二 and 三: the detailed lists (二, 三) are the orders, not the
/// summary at the section's opening (1, 2), which puts the direct game before 对手分
/// in a round robin and leaves out wins and games with Black (docs/rules.md).
#[test]
fn axf_orders_are_the_detailed_lists() {
    let labels = |order| -> Vec<String> {
        tiebreak::default_order(order)
            .into_iter()
            .map(|tb| tb.label)
            .collect()
    };
    assert_eq!(
        labels(Order::AxfRoundRobin),
        ["PTS", "小分", "DE", "WIN", "BWG", "BPG", "DEB", "FOUL"]
    );
    // 强对手分 (ch. 2 §5 三 (F)) is defined nowhere in the text: left out.
    assert_eq!(
        labels(Order::AxfSwiss),
        ["PTS", "对手分", "DE", "WIN", "BWG", "BPG", "FOUL"]
    );
    // The 2017 rules give none; the Mongolian federation's regulations do.
    assert_eq!(labels(Order::Mongolian), ["PTS", "DE", "BH/C1", "BH", "SB"]);
}

#[test]
fn technical_fouls_and_black_in_the_direct_game_settle_axf_ties() {
    // Two players, two games, one each, both with Black once: level on everything up
    // to the fouls.
    let mut t = event(2, 2, ScoreSystem::AXF);
    t.record(1, p(1), p(2), WIN);
    t.record(2, p(2), p(1), WIN);
    t.players[0].technical_fouls = 1;
    let order = tiebreak::default_order(Order::AxfRoundRobin);
    let s = tiebreak::standings(&t, &order, ROUND_ROBIN);
    assert_eq!(ranks(&s), [2, 1]);
    // One Black game each against the other: DEB does not split them.
    assert_eq!(column(&s, 6), ["1", "1"]);
    assert_eq!(column(&s, 7), ["1", "0"]);

    // One game: who had Black in it (ch. 2 §5 二 (F)) ranks higher.
    let mut t = event(2, 1, ScoreSystem::AXF);
    t.record(1, p(1), p(2), DRAW);
    let s = tiebreak::standings(&t, &parse("PTS,DEB", Format::RoundRobin), ROUND_ROBIN);
    assert_eq!(column(&s, 1), ["0", "1"]);
    assert_eq!(ranks(&s), [2, 1]);
}

/// A Swiss with every kind of unplayed round: a forfeit, a zero-point bye, a
/// withdrawal. C.07 §16: a player's rounds after the last one present count as draws
/// for the opponents' Buchholz; the virtual opponent of an unplayed round scores the
/// player's own score (2024), capped in 2026 at the real opponent's score (§16.4.1) or
/// at a draw a round (§16.4.2). Gacrux 1.11.65 gives the same figures.
#[test]
fn unplayed_rounds_under_the_2024_and_2026_rules() {
    let mut t = event(4, 3, ScoreSystem::ONE_HALF_ZERO);
    t.record(1, p(1), p(2), WIN);
    t.record(1, p(3), p(4), WIN);
    t.record(2, p(1), p(3), WIN);
    t.record(2, p(2), p(4), FORFEIT_WIN);
    t.set(p(1), 3, Entry::Bye(Bye::ZeroPoint));
    t.record(3, p(2), p(3), DRAW);
    t.set(p(4), 3, Entry::Bye(Bye::Absent));
    let order = parse("PTS,BH,BH/V2024,SB,SB/V2024,BH/C1", Format::Swiss);
    let s = tiebreak::standings(
        &t,
        &order,
        Options {
            format: Format::Swiss,
            rules: RuleSet::Fide2026,
        },
    );
    assert_eq!(column(&s, 0), ["2", "1.5", "1.5", "0"]);
    // P1: opponents 1.5 + 1.5, and for the zero-point bye 2 (own) or 1.5 (3 draws).
    assert_eq!(column(&s, 1), ["4.5", "4.5", "4.5", "1.5"]);
    assert_eq!(column(&s, 2), ["5", "5.5", "4.5", "1.5"]);
    assert_eq!(column(&s, 3), ["3", "1.25", "1.25", "0"]);
    assert_eq!(column(&s, 4), ["3", "2.25", "1.25", "0"]);
    // The cut takes the voluntarily unplayed round first (C.07 §14.1).
    assert_eq!(column(&s, 5), ["3", "4", "4", "1.5"]);
}

#[test]
fn rating_tie_breaks_are_void_with_unrated_players_unless_given_a_rating() {
    let mut t = round_robin(ScoreSystem::ONE_HALF_ZERO);
    t.players[3].rating = 0;
    let s = tiebreak::standings(
        &t,
        &parse("PTS,ARO,ARO/U1000,TPR/U1000", Format::RoundRobin),
        ROUND_ROBIN,
    );
    assert_eq!(column(&s, 1), ["", "", "", ""]);
    // P1 met 2020, 2030 and the unrated at 1000: 1683.33 -> 1683.
    assert_eq!(column(&s, 2)[0], "1683");
    assert_eq!(s.rows[0].values[2].0, Some(1683 * VALUE_SCALE));
}

#[test]
fn modifiers_in_both_spellings() {
    let a = TieBreak::parse("BH-C1", false).unwrap();
    let b = TieBreak::parse("bh/c1", false).unwrap();
    assert_eq!(a, b);
    assert_eq!((a.cut_low, a.cut_high, a.label.as_str()), (1, 0, "BH/C1"));
    let m = TieBreak::parse("ARO/M1/U1400", false).unwrap();
    assert_eq!((m.cut_low, m.cut_high, m.unrated), (1, 1, Some(1400)));
    let k = TieBreak::parse("KS/L-1", false).unwrap();
    assert_eq!(k.limit_offset, shatar_pairing::Points(-50));
    assert_eq!(TieBreak::parse("KS/L40", false).unwrap().limit_percent, 40);
    assert_eq!(
        TieBreak::parse("SB/V2024", false).unwrap().rules,
        Some(RuleSet::Fide2024)
    );
    let e = TieBreak::parse("XYZ", false).unwrap_err().to_string();
    assert!(
        e.starts_with("'XYZ' is not a tie-break (known: PTS, DE,"),
        "{e}"
    );
    assert!(TieBreak::parse("BH/Q", false).is_err());
}

#[test]
fn rules_follow_the_start_date_as_gacrux_chooses_them() {
    assert_eq!(RuleSet::in_force_on("2025-12-31"), RuleSet::Fide2024);
    assert_eq!(RuleSet::in_force_on("2026/02/28"), RuleSet::Fide2024);
    assert_eq!(RuleSet::in_force_on("2026-03-01"), RuleSet::Fide2026);
    assert_eq!(RuleSet::in_force_on(""), RuleSet::Fide2026);
}

/// Gacrux's tie-break checker's output for its own generated file, kept beside it
/// (`python -m gacrux.tiebreakchecker -i gacrux-15-players.trf -dC -s -t ...`).
#[test]
fn equal_to_gacrux_on_its_generated_file() {
    let t = shatar_pairing::trf::read(include_str!("data/gacrux-15-players.trf")).unwrap();
    let expected = include_str!("data/gacrux-15-players.tiebreaks.csv");
    let mut lines = expected.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let order = parse(&header[2..].join(","), Format::Swiss);
    let s = tiebreak::standings(
        &t,
        &order,
        Options {
            format: Format::Swiss,
            rules: RuleSet::Fide2026,
        },
    );
    let number = |text: &str| (text.parse::<f64>().unwrap() * VALUE_SCALE as f64).round() as i64;
    for (line, row) in lines.zip(&s.rows) {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields[0], row.player.0.to_string());
        assert_eq!(
            fields[1],
            row.rank.to_string(),
            "player {}'s rank",
            fields[0]
        );
        for (i, value) in row.values.iter().enumerate() {
            assert_eq!(
                value.0,
                Some(number(fields[i + 2])),
                "player {} {}",
                fields[0],
                header[i + 2]
            );
        }
    }
}

#[test]
fn the_order_is_locked_once_round_one_is_paired() {
    let mut t = event(2, 1, ScoreSystem::ONE_HALF_ZERO);
    assert!(t.set_tie_breaks("PTS,DE,BH".into()).is_ok());
    t.record(1, p(1), p(2), DRAW);
    assert_eq!(
        t.set_tie_breaks("PTS,SB".into()),
        Err(shatar_pairing::model::OrderLocked)
    );
    assert_eq!(t.tie_breaks.as_deref(), Some("PTS,DE,BH"));
}
