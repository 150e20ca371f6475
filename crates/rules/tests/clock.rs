//! The clock of 2017 art. 6 against hand-computed sequences, the flag falls and how they end
//! the game, and the clock in PGN (the TimeControl tags and `[%clk]`). Times are in
//! milliseconds; every expected value is worked out in the comment beside it.

use shatar_rules::clock::{
    Bonus, Clock, DELAY_TAG, Period, Reading, TimeControl, WRONG_CLAIM_BONUS_MS,
    both_flags_outcome, flag_outcome,
};
use shatar_rules::pgn::{self, PgnGame, PgnMove};
use shatar_rules::{
    Chess, Color, EndReason, GameResult, Mongolian, MongolianFolk, Outcome, Position, Rules, fen,
};

const WHITE: Color = Color::White;
const BLACK: Color = Color::Black;

fn base(clock: &Clock, color: Color, now: u64) -> u64 {
    clock.read(color, now).base_ms
}

fn pos<R: Rules>(fen: &str) -> Position<R> {
    fen::parse_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// "2 moves in 10 s, then 5 s + 1 s a move": small enough to follow by hand.
fn two_periods() -> TimeControl {
    TimeControl {
        periods: vec![
            Period {
                moves: Some(2),
                base_ms: 10_000,
                bonus: Bonus::None,
            },
            Period {
                moves: None,
                base_ms: 5_000,
                bonus: Bonus::Increment { ms: 1_000 },
            },
        ],
    }
}

// ---- sudden death ---------------------------------------------------------------------------

#[test]
fn sudden_death_charges_each_side_its_own_thinking_time() {
    let mut clock = Clock::new(TimeControl::sudden_death(60_000, Bonus::None));
    assert_eq!(clock.running, None);
    // 2017 art. 6.6: the start runs White's clock, not Black's.
    clock.start(1_000);
    assert_eq!(clock.running, Some(WHITE));
    assert_eq!(base(&clock, WHITE, 1_000), 60_000);
    assert_eq!(base(&clock, WHITE, 5_000), 56_000);
    assert_eq!(base(&clock, BLACK, 5_000), 60_000);

    clock.press(11_000).unwrap(); // White used 10 s: 50 s left
    assert_eq!((clock.running, clock.to_move), (Some(BLACK), BLACK));
    assert_eq!(base(&clock, WHITE, 16_000), 50_000);
    assert_eq!(base(&clock, BLACK, 16_000), 55_000);
    clock.press(31_000).unwrap(); // Black used 20 s: 40 s left
    assert_eq!(base(&clock, BLACK, 31_000), 40_000);

    // White's 50 s run out at 81 000.
    let reading = clock.read(WHITE, 80_999);
    assert_eq!(
        reading,
        Reading {
            base_ms: 1,
            delay_ms: 0,
            period: 0,
            moves_to_go: None,
            flag: false
        }
    );
    assert_eq!(clock.until_flag(80_999), Some(1));
    assert!(clock.read(WHITE, 81_000).flag);
    assert_eq!(clock.check_flag(81_000), Some(WHITE));
    assert!(clock.flags[WHITE.index()]);
    assert!(!clock.flags[BLACK.index()]);
}

// ---- Fischer increment (2017 art. 6.3.1) ----------------------------------------------------

#[test]
fn art_6_3_1_increment_is_added_after_each_move_the_first_included() {
    let mut clock = Clock::new(TimeControl::sudden_death(
        300_000,
        Bonus::Increment { ms: 3_000 },
    ));
    clock.start(0);
    // No increment before the first move.
    assert_eq!(base(&clock, WHITE, 0), 300_000);
    clock.press(10_000).unwrap(); // W: 300 - 10 + 3 = 293 s
    assert_eq!(base(&clock, WHITE, 10_000), 293_000);
    clock.press(25_000).unwrap(); // B: 300 - 15 + 3 = 288 s
    assert_eq!(base(&clock, BLACK, 25_000), 288_000);
    clock.press(45_000).unwrap(); // W: 293 - 20 + 3 = 276 s
    assert_eq!(base(&clock, WHITE, 45_000), 276_000);
    clock.press(46_000).unwrap(); // B: 288 - 1 + 3 = 290 s: a quick move gains time
    assert_eq!(base(&clock, BLACK, 46_000), 290_000);
    clock.press(46_500).unwrap(); // W: 276 - 0.5 + 3 = 278.5 s
    assert_eq!(base(&clock, WHITE, 46_500), 278_500);
    // An increment is no allowance: the running clock falls from the first millisecond.
    assert_eq!(
        clock.read(BLACK, 47_500),
        Reading {
            base_ms: 289_000,
            delay_ms: 0,
            period: 0,
            moves_to_go: None,
            flag: false
        }
    );
}

// ---- simple delay (2017 art. 6.3.2) ---------------------------------------------------------

#[test]
fn art_6_3_2_simple_delay_is_spent_before_the_base_time() {
    let mut clock = Clock::new(TimeControl::sudden_death(
        1_500_000,
        Bonus::SimpleDelay { ms: 5_000 },
    ));
    // Before the start the side to move is shown its whole allowance.
    assert_eq!(clock.read(WHITE, 0).delay_ms, 5_000);
    clock.start(0);
    // 3 s into White's move: 2 s of delay left, the base untouched.
    assert_eq!(
        clock.read(WHITE, 3_000),
        Reading {
            base_ms: 1_500_000,
            delay_ms: 2_000,
            period: 0,
            moves_to_go: None,
            flag: false
        }
    );
    // A move within the delay leaves the base time as it was.
    clock.press(4_000).unwrap();
    assert_eq!(base(&clock, WHITE, 4_000), 1_500_000);
    // The waiting side shows no delay; the side to move a fresh one.
    assert_eq!(clock.read(WHITE, 4_000).delay_ms, 0);
    assert_eq!(clock.read(BLACK, 4_000).delay_ms, 5_000);
    // Black thinks 12 s: 5 s of delay, then 7 s of base time.
    assert_eq!(
        clock.read(BLACK, 9_000),
        Reading {
            base_ms: 1_500_000,
            delay_ms: 0,
            period: 0,
            moves_to_go: None,
            flag: false
        }
    );
    clock.press(16_000).unwrap();
    assert_eq!(base(&clock, BLACK, 16_000), 1_493_000);
    // The unspent 1 s of White's first delay was not saved.
    assert_eq!(clock.read(WHITE, 16_000).delay_ms, 5_000);
}

#[test]
fn art_6_3_2_and_6_12_a_pause_does_not_refresh_the_delay() {
    let mut clock = Clock::new(TimeControl::sudden_death(
        1_500_000,
        Bonus::SimpleDelay { ms: 5_000 },
    ));
    clock.start(0);
    clock.pause(3_000); // 3 s of the 5 s delay used
    assert!(clock.is_paused());
    assert_eq!(
        clock.read(WHITE, 100_000),
        Reading {
            base_ms: 1_500_000,
            delay_ms: 2_000,
            period: 0,
            moves_to_go: None,
            flag: false
        }
    );
    clock.resume(200_000);
    assert_eq!(clock.read(WHITE, 201_000).delay_ms, 1_000);
    // 4 s after resuming: the 2 s of delay left are gone, then 2 s of base time.
    clock.press(204_000).unwrap();
    assert_eq!(base(&clock, WHITE, 204_000), 1_498_000);
}

#[test]
fn simple_delay_flag_falls_when_delay_and_base_are_both_gone() {
    let mut clock = Clock::new(TimeControl::sudden_death(
        10_000,
        Bonus::SimpleDelay { ms: 5_000 },
    ));
    clock.start(0);
    assert_eq!(clock.until_flag(0), Some(15_000));
    assert_eq!(clock.read(WHITE, 14_999).base_ms, 1);
    assert_eq!(clock.check_flag(14_999), None);
    assert_eq!(clock.check_flag(15_000), Some(WHITE));
    assert_eq!(clock.until_flag(20_000), Some(0));
}

// ---- Bronstein delay ------------------------------------------------------------------------

#[test]
fn bronstein_gives_back_the_time_used_up_to_the_delay() {
    let mut clock = Clock::new(TimeControl::sudden_death(
        60_000,
        Bonus::Bronstein { ms: 5_000 },
    ));
    clock.start(0);
    // Unlike the simple delay, the base time falls while the player thinks.
    assert_eq!(
        clock.read(WHITE, 2_000),
        Reading {
            base_ms: 58_000,
            delay_ms: 0,
            period: 0,
            moves_to_go: None,
            flag: false
        }
    );
    clock.press(3_000).unwrap(); // W: 60 - 3 + 3 = 60 s: never more than before the move
    assert_eq!(base(&clock, WHITE, 3_000), 60_000);
    clock.press(11_000).unwrap(); // B: 60 - 8 + 5 = 57 s
    assert_eq!(base(&clock, BLACK, 11_000), 57_000);
    // Across a pause the refund counts the whole move: 3 s, then 4 s.
    clock.pause(14_000);
    clock.resume(20_000);
    clock.press(24_000).unwrap(); // W: 60 - 7 + 5 = 58 s
    assert_eq!(base(&clock, WHITE, 24_000), 58_000);
}

// ---- several periods (2017 art. 6.3.2, 6.9) -------------------------------------------------

#[test]
fn art_6_3_2_periods_carry_unused_time_over() {
    let mut clock = Clock::new(two_periods());
    clock.start(0);
    assert_eq!(clock.read(WHITE, 0).moves_to_go, Some(2));
    clock.press(3_000).unwrap(); // W: 10 - 3 = 7 s, one move to go
    assert_eq!(
        clock.read(WHITE, 3_000),
        Reading {
            base_ms: 7_000,
            delay_ms: 0,
            period: 0,
            moves_to_go: Some(1),
            flag: false
        }
    );
    clock.press(4_000).unwrap(); // B: 10 - 1 = 9 s
    // W's second move completes the period: 7 - 4 = 3 s left, plus the second period's 5 s.
    // The increment belongs to the second period: not added to this move.
    clock.press(8_000).unwrap();
    assert_eq!(
        clock.read(WHITE, 8_000),
        Reading {
            base_ms: 8_000,
            delay_ms: 0,
            period: 1,
            moves_to_go: None,
            flag: false
        }
    );
    assert!(clock.in_last_period(WHITE));
    assert!(!clock.in_last_period(BLACK));
    clock.press(12_000).unwrap(); // B: 9 - 4 = 5 s, plus 5 s = 10 s
    assert_eq!(base(&clock, BLACK, 12_000), 10_000);
    clock.press(13_000).unwrap(); // W in period 2: 8 - 1 + 1 = 8 s
    assert_eq!(base(&clock, WHITE, 13_000), 8_000);
}

#[test]
fn art_6_9_flag_in_a_period_before_its_move_count() {
    let mut clock = Clock::new(two_periods());
    clock.start(0);
    clock.press(9_000).unwrap(); // W: 1 s left for the second move of the period
    clock.press(9_500).unwrap();
    assert_eq!(clock.until_flag(9_500), Some(1_000));
    assert_eq!(clock.check_flag(10_499), None);
    assert_eq!(clock.check_flag(10_500), Some(WHITE));
    let reading = clock.read(WHITE, 10_500);
    assert!(reading.flag);
    assert_eq!(
        (reading.period, reading.moves_to_go),
        (0, Some(1)),
        "the count was not reached"
    );
    assert!(!clock.in_last_period(WHITE));
    // 2017 art. 6.9: lost, the opponent having mating material.
    let outcome = flag_outcome(&Position::<Mongolian>::new(), WHITE);
    assert_eq!(outcome, Outcome::win(BLACK, EndReason::TimeForfeit));
}

#[test]
fn a_last_period_with_a_move_count_repeats() {
    let control = TimeControl {
        periods: vec![Period {
            moves: Some(1),
            base_ms: 10_000,
            bonus: Bonus::None,
        }],
    };
    let mut clock = Clock::new(control);
    clock.start(0);
    clock.press(4_000).unwrap(); // W: 10 - 4 + 10 = 16 s, the period again
    assert_eq!(
        clock.read(WHITE, 4_000),
        Reading {
            base_ms: 16_000,
            delay_ms: 0,
            period: 0,
            moves_to_go: Some(1),
            flag: false
        }
    );
    assert!(
        !clock.in_last_period(WHITE),
        "moves remain that need not be made in it"
    );
}

// ---- pressing a fallen flag, starting, pausing ---------------------------------------------

#[test]
fn pressing_after_the_flag_fell_is_refused_and_latches_it() {
    let mut clock = Clock::new(TimeControl::sudden_death(
        60_000,
        Bonus::Increment { ms: 2_000 },
    ));
    clock.start(0);
    let before = clock.clone();
    assert_eq!(clock.press(60_000), Err(WHITE));
    // Nothing changes but the flag: no increment rescues it, the turn stays.
    let mut expected = before;
    expected.flags[WHITE.index()] = true;
    assert_eq!(clock, expected);
    // Latched: more time does not raise it again.
    clock.add_time(WHITE, 10_000);
    assert!(clock.read(WHITE, 60_000).flag);
    assert_eq!(clock.press(60_001), Err(WHITE));
    assert_eq!(clock.check_flag(60_001), Some(WHITE));
}

#[test]
fn a_clock_not_started_runs_nothing_and_drops_no_flag() {
    let mut clock = Clock::new(TimeControl::sudden_death(0, Bonus::None));
    assert!(!clock.is_started() && !clock.is_paused());
    assert!(!clock.read(WHITE, 1_000_000).flag);
    assert_eq!(clock.check_flag(1_000_000), None);
    assert_eq!(clock.until_flag(1_000_000), None);
    // Pause and resume do nothing before the start.
    clock.pause(5);
    clock.resume(6);
    assert_eq!(clock, Clock::new(TimeControl::sudden_death(0, Bonus::None)));
}

#[test]
fn a_press_before_the_start_counts_the_move_and_the_clock_starts_on_black() {
    // Online style: the clocks start after White's first move.
    let mut clock = Clock::new(TimeControl::sudden_death(
        60_000,
        Bonus::Increment { ms: 1_000 },
    ));
    clock.press(5_000).unwrap();
    assert_eq!((clock.to_move, clock.running), (BLACK, None));
    assert_eq!(
        base(&clock, WHITE, 5_000),
        61_000,
        "no time charged, the increment added"
    );
    clock.start(7_000);
    assert_eq!(clock.running, Some(BLACK));
    assert_eq!(base(&clock, BLACK, 9_000), 58_000);
    // Starting again changes nothing.
    clock.start(9_000);
    assert_eq!(base(&clock, BLACK, 9_000), 58_000);
}

#[test]
fn art_6_12_pause_stops_the_clock_and_resume_goes_on() {
    let mut clock = Clock::new(TimeControl::sudden_death(60_000, Bonus::None));
    clock.start(0);
    clock.press(10_000).unwrap(); // W 50 s
    clock.pause(15_000); // B 55 s
    clock.pause(20_000); // idempotent
    assert!(clock.is_paused());
    assert_eq!(clock.until_flag(30_000), None);
    assert_eq!(base(&clock, BLACK, 1_000_000), 55_000);
    assert_eq!(clock.to_move, BLACK, "the turn is kept");
    clock.resume(100_000);
    assert_eq!(clock.running, Some(BLACK));
    clock.resume(101_000); // does nothing while running
    assert_eq!(base(&clock, BLACK, 102_000), 53_000);
    clock.press(105_000).unwrap();
    assert_eq!(base(&clock, BLACK, 105_000), 50_000);
    assert_eq!(base(&clock, WHITE, 105_000), 50_000);
}

#[test]
fn a_pause_at_the_flag_latches_it() {
    let mut clock = Clock::new(TimeControl::sudden_death(10_000, Bonus::None));
    clock.start(0);
    clock.pause(12_000);
    assert!(clock.flags[WHITE.index()]);
    assert_eq!(base(&clock, WHITE, 12_000), 0);
    assert_eq!(clock.check_flag(12_000), Some(WHITE));
}

#[test]
fn a_press_while_paused_ends_the_move_without_charging_time() {
    let mut clock = Clock::new(TimeControl::sudden_death(
        60_000,
        Bonus::Increment { ms: 2_000 },
    ));
    clock.start(0);
    clock.pause(4_000); // W: 56 s
    clock.press(50_000).unwrap(); // W: 56 + 2 = 58 s
    assert_eq!((clock.to_move, clock.running), (BLACK, None));
    assert!(clock.is_paused());
    assert_eq!(base(&clock, WHITE, 50_000), 58_000);
    clock.resume(60_000);
    assert_eq!(base(&clock, BLACK, 61_000), 59_000);
}

// ---- 2017 art. 9.5.2: an incorrect claim ----------------------------------------------------

#[test]
fn art_9_5_2_an_incorrect_claim_gives_the_opponent_two_minutes() {
    let mut clock = Clock::new(TimeControl::sudden_death(
        300_000,
        Bonus::Increment { ms: 3_000 },
    ));
    clock.start(0);
    clock.press(10_000).unwrap(); // W 293 s
    // Black, to move, claims a draw and stops the clocks (art. 9.5); the claim is wrong.
    clock.pause(20_000); // B 290 s
    clock.add_time(BLACK.other(), WRONG_CLAIM_BONUS_MS);
    assert_eq!(WRONG_CLAIM_BONUS_MS, 2 * 60 * 1000);
    assert_eq!(base(&clock, WHITE, 20_000), 413_000);
    clock.resume(30_000);
    assert_eq!(base(&clock, BLACK, 30_000), 290_000);
    // Time added to the running side counts at once.
    clock.add_time(BLACK, 1_000);
    assert_eq!(base(&clock, BLACK, 31_000), 290_000);
    assert_eq!(clock.until_flag(31_000), Some(290_000));
}

// ---- 2017 art. 6.9: what a flag fall means --------------------------------------------------

#[test]
fn art_6_9_flag_fall_loses_when_the_opponent_can_mate() {
    // Black has a queen.
    let p = pos::<Chess>("8/8/8/8/8/8/8/K1k1q3 w - - 0 1");
    assert_eq!(
        flag_outcome(&p, WHITE),
        Outcome::win(BLACK, EndReason::TimeForfeit)
    );
    let p = pos::<Mongolian>("4k3/8/8/8/8/8/8/KQ6 b - - 0 1");
    assert_eq!(
        flag_outcome(&p, BLACK),
        Outcome::win(WHITE, EndReason::TimeForfeit)
    );
}

#[test]
fn art_6_9_flag_fall_draws_when_the_opponent_has_a_bare_king() {
    for fen in [
        "4k3/8/8/8/8/8/8/KQ6 w - - 0 1",
        "8/8/8/8/8/8/8/K1k5 w - - 0 1",
    ] {
        let expected = Outcome::draw(EndReason::TimeoutVsInsufficientMaterial);
        assert_eq!(flag_outcome(&pos::<Chess>(fen), WHITE), expected, "{fen}");
        assert_eq!(
            flag_outcome(&pos::<Mongolian>(fen), WHITE),
            expected,
            "{fen}"
        );
    }
    // A lone bishop cannot mate either.
    let p = pos::<Mongolian>("4k3/8/8/8/8/8/8/KQ3b2 w - - 0 1");
    assert_eq!(
        flag_outcome(&p, WHITE).reason,
        EndReason::TimeoutVsInsufficientMaterial
    );
}

#[test]
fn art_6_9_a_lone_knight_mates_only_with_help_the_rulesets_differ() {
    // White flags with king and pawn against king and knight. Under FIDE and 2017 rules the
    // knight can mate, helped by the pawn blocking the king's flight: a loss. Under the folk
    // rules a knight's mate is a draw, so it cannot win: a draw.
    let fen = "4k3/8/8/4n3/8/8/P7/K7 w - - 0 1";
    assert_eq!(
        flag_outcome(&pos::<Chess>(fen), WHITE),
        Outcome::win(BLACK, EndReason::TimeForfeit)
    );
    assert_eq!(
        flag_outcome(&pos::<Mongolian>(fen), WHITE),
        Outcome::win(BLACK, EndReason::TimeForfeit)
    );
    assert_eq!(
        flag_outcome(&pos::<MongolianFolk>(fen), WHITE),
        Outcome::draw(EndReason::TimeoutVsInsufficientMaterial)
    );
}

#[test]
fn art_6_11_2_both_flags_in_the_last_period_draw() {
    let mut clock = Clock::new(two_periods());
    // Both flags found down only later, as a restored clock may show them.
    clock.flags = [true, true];
    clock.period = [1, 1];
    assert!(clock.in_last_period(WHITE) && clock.in_last_period(BLACK));
    assert_eq!(clock.check_flag(0), Some(WHITE), "the side to move's first");
    assert_eq!(both_flags_outcome(), Outcome::draw(EndReason::BothFlags));
    // In the first period they are not in the last one: art. 6.11.1, play goes on.
    clock.period = [0, 1];
    assert!(!clock.in_last_period(WHITE));
}

#[test]
fn the_clock_endings_name_their_articles() {
    assert_eq!(EndReason::TimeForfeit.article(), "art. 6.9");
    assert_eq!(
        EndReason::TimeoutVsInsufficientMaterial.article(),
        "art. 6.9"
    );
    assert_eq!(EndReason::BothFlags.article(), "art. 6.11.2");
    assert_eq!(
        Outcome::win(BLACK, EndReason::TimeForfeit).to_string(),
        "0-1 (time forfeit)"
    );
    assert_eq!(
        both_flags_outcome().to_string(),
        "1/2-1/2 (both flags falling)"
    );
}

// ---- PGN: TimeControl tags and describe -----------------------------------------------------

#[test]
fn time_controls_as_pgn_tags_and_text() {
    let classical = TimeControl {
        periods: vec![
            Period {
                moves: Some(40),
                base_ms: 5_400_000,
                bonus: Bonus::None,
            },
            Period {
                moves: None,
                base_ms: 1_800_000,
                bonus: Bonus::Increment { ms: 30_000 },
            },
        ],
    };
    let repeating = TimeControl {
        periods: vec![Period {
            moves: Some(40),
            base_ms: 7_200_000,
            bonus: Bonus::None,
        }],
    };
    let cases: [(TimeControl, Option<&str>, Option<&str>, &str); 8] = [
        (
            TimeControl::sudden_death(300_000, Bonus::Increment { ms: 3_000 }),
            Some("300+3"),
            None,
            "5 min + 3 s",
        ),
        (
            TimeControl::sudden_death(1_800_000, Bonus::None),
            Some("1800"),
            None,
            "30 min",
        ),
        (
            TimeControl::sudden_death(1_500_000, Bonus::SimpleDelay { ms: 5_000 }),
            None,
            Some("1500d5"),
            "25 min, 5 s delay",
        ),
        (
            TimeControl::sudden_death(600_000, Bonus::Bronstein { ms: 2_000 }),
            None,
            Some("600b2"),
            "10 min, 2 s Bronstein delay",
        ),
        (
            classical,
            Some("40/5400:1800+30"),
            None,
            "40 moves in 90 min, then 30 min + 30 s",
        ),
        (
            two_periods(),
            Some("2/10:5+1"),
            None,
            "2 moves in 10 s, then 5 s + 1 s",
        ),
        (
            TimeControl::sudden_death(90_000, Bonus::Increment { ms: 500 }),
            Some("90+0.5"),
            None,
            "1 min 30 s + 0.5 s",
        ),
        (
            repeating,
            Some("40/7200"),
            None,
            "40 moves in 120 min, repeated",
        ),
    ];
    for (control, tag, extra, text) in cases {
        assert_eq!(control.pgn_tag().as_deref(), tag, "{control:?}");
        assert_eq!(
            control.pgn_extra_tag(),
            extra.map(|v| (DELAY_TAG, v.to_string())),
            "{control:?}"
        );
        assert_eq!(control.describe(), text);
        let value = tag.or(extra).expect("one of the tags says it");
        assert_eq!(TimeControl::from_pgn(value), Some(control), "{value}");
    }
}

#[test]
fn pgn_time_control_values_that_are_no_clock_of_ours() {
    for value in [
        "-",
        "?",
        "*180",
        "",
        "40/",
        "/100",
        "300+",
        "+3",
        "0/60",
        "300:40/60",
        "3OO",
        "40/60+1:x",
        "-40/60:5",
    ] {
        assert_eq!(TimeControl::from_pgn(value), None, "{value:?}");
    }
    assert_eq!(
        TimeControl::from_pgn("40/5400+30:1800+30").map(|c| c.periods[0].bonus),
        Some(Bonus::Increment { ms: 30_000 })
    );
}

#[test]
fn time_control_tags_round_trip_through_pgn_text() {
    for control in [
        TimeControl::sudden_death(1_500_000, Bonus::SimpleDelay { ms: 5_000 }),
        TimeControl::sudden_death(300_000, Bonus::Increment { ms: 3_000 }),
    ] {
        let mut game = PgnGame::default();
        if let Some(tag) = control.pgn_tag() {
            game.set_tag("TimeControl", tag);
        }
        if let Some((name, value)) = control.pgn_extra_tag() {
            game.set_tag(name, value);
        }
        let text = game.write();
        let back = pgn::parse_game(&text).unwrap();
        assert_eq!(TimeControl::from_pgn_game(&back), Some(control), "{text}");
    }
    // Our tag goes with the standard one, right after it.
    let mut game = PgnGame::default();
    game.set_tag("Annotator", "x");
    game.set_tag(DELAY_TAG, "1500d5");
    game.set_tag("TimeControl", "1500");
    let text = game.write();
    assert!(
        text.contains("[TimeControl \"1500\"]\n[TimeControlDelay \"1500d5\"]\n[Annotator"),
        "{text}"
    );
    // The delay tag says more than the standard one, which a reader without it falls back to.
    let back = pgn::parse_game(&text).unwrap();
    assert_eq!(
        TimeControl::from_pgn_game(&back),
        Some(TimeControl::sudden_death(
            1_500_000,
            Bonus::SimpleDelay { ms: 5_000 }
        ))
    );
}

// ---- PGN: [%clk] ----------------------------------------------------------------------------

#[test]
fn clk_round_trips_through_written_pgn() {
    let mut game = PgnGame::from_moves(&Position::<Mongolian>::new(), &[]).unwrap();
    let times = [5_400_000, 5_399_000, 600_999, 7_450, 0];
    for (san, ms) in ["e4", "e5", "Nf3", "Nc6", "Bc4"].into_iter().zip(times) {
        let mut m = PgnMove::new(san);
        m.set_clock(ms);
        game.moves.push(m);
    }
    game.moves[2].comments.push("the horse".into());
    let text = game.write();
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let expected = "1. e4 {[%clk 1:30:00]} 1... e5 {[%clk 1:29:59]} 2. Nf3 {[%clk 0:10:00]} {the horse} \
                    2... Nc6 {[%clk 0:00:07.4]} 3. Bc4 {[%clk 0:00:00.0]} *";
    assert!(words.ends_with(expected), "{text}");
    let back = pgn::parse_game(&text).unwrap();
    assert_eq!(back.moves, game.moves);
    let clocks: Vec<Option<u64>> = back.moves.iter().map(PgnMove::clock).collect();
    // Whole seconds from 10 s up, tenths below, cut down.
    assert_eq!(
        clocks,
        [
            Some(5_400_000),
            Some(5_399_000),
            Some(600_000),
            Some(7_400),
            Some(0)
        ]
    );
    // The moves replay with their comments: the clock is no obstacle to the rules.
    assert_eq!(back.replay::<Mongolian>().unwrap().moves().len(), 5);
}

#[test]
fn clk_is_read_from_other_programs_and_replaced_in_place() {
    let text =
        "1. e4 { [%clk 0:03:00] } e5 { [%eval 0.2] [%clk 0:02:59.53] good } 2. Nf3 { no clock } *";
    let mut game = pgn::parse_game(text).unwrap();
    assert_eq!(game.moves[0].clock(), Some(180_000));
    assert_eq!(game.moves[1].clock(), Some(179_530));
    assert_eq!(game.moves[2].clock(), None);
    game.moves[1].set_clock(100_000);
    assert_eq!(game.moves[1].comments, ["[%eval 0.2] [%clk 0:01:40] good"]);
    game.moves[2].set_clock(61_000);
    assert_eq!(game.moves[2].comments, ["[%clk 0:01:01]", "no clock"]);
    let back = pgn::parse_game(&game.write()).unwrap();
    let clocks: Vec<Option<u64>> = back.moves.iter().map(PgnMove::clock).collect();
    assert_eq!(clocks, [Some(180_000), Some(100_000), Some(61_000)]);
    // A malformed command is no clock.
    let game = pgn::parse_game("1. e4 { [%clk 3 minutes] } *").unwrap();
    assert_eq!(game.moves[0].clock(), None);
}

#[test]
fn a_clock_game_written_with_clk_and_read_back() {
    // The sequence of the increment test, written as a game would be.
    let mut clock = Clock::new(TimeControl::sudden_death(
        300_000,
        Bonus::Increment { ms: 3_000 },
    ));
    let mut game = PgnGame::from_moves(&Position::<Chess>::new(), &[]).unwrap();
    game.set_tag("TimeControl", clock.control.pgn_tag().unwrap());
    clock.start(0);
    for (san, now) in [
        ("e4", 10_000),
        ("e5", 25_000),
        ("Nf3", 45_000),
        ("Nc6", 46_000),
    ] {
        let mover = clock.to_move;
        clock.press(now).unwrap();
        let mut m = PgnMove::new(san);
        m.set_clock(clock.read(mover, now).base_ms);
        game.moves.push(m);
    }
    let back = pgn::parse_game(&game.write()).unwrap();
    let clocks: Vec<u64> = back.moves.iter().filter_map(PgnMove::clock).collect();
    assert_eq!(clocks, [293_000, 288_000, 276_000, 290_000]);
    assert_eq!(TimeControl::from_pgn_game(&back), Some(clock.control));
}

#[test]
fn a_time_forfeit_termination_is_read_as_a_flag_fall() {
    let lost = "[Termination \"time forfeit\"]\n\n1. e4 e5 0-1";
    let record = pgn::parse_game(lost)
        .unwrap()
        .replay::<Mongolian>()
        .unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::win(BLACK, EndReason::TimeForfeit))
    );
    let drawn = "[Termination \"time forfeit\"]\n\n1. e4 e5 1/2-1/2";
    let record = pgn::parse_game(drawn)
        .unwrap()
        .replay::<Mongolian>()
        .unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::draw(EndReason::TimeoutVsInsufficientMaterial))
    );
    let both = "[Termination \"both flags falling\"]\n\n1. e4 e5 1/2-1/2";
    let record = pgn::parse_game(both)
        .unwrap()
        .replay::<Mongolian>()
        .unwrap();
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::BothFlags)));
    // As written now: the standard's value, and the reason in TerminationDetails.
    let both = "[Termination \"time forfeit\"]\n[TerminationDetails \"both flags falling\"]\n\n1. e4 e5 1/2-1/2";
    let record = pgn::parse_game(both)
        .unwrap()
        .replay::<Mongolian>()
        .unwrap();
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::BothFlags)));
    let flag = "[Termination \"normal\"]\n[TerminationDetails \"time forfeit, but the opponent cannot checkmate\"]\n\n1. e4 e5 1/2-1/2";
    let record = pgn::parse_game(flag)
        .unwrap()
        .replay::<Mongolian>()
        .unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::draw(EndReason::TimeoutVsInsufficientMaterial))
    );
    // Without it, the usual readings stand.
    let record = pgn::parse_game("1. e4 e5 1-0")
        .unwrap()
        .replay::<Mongolian>()
        .unwrap();
    assert_eq!(
        record.outcome().map(|o| (o.result, o.reason)),
        Some((GameResult::WhiteWins, EndReason::Resignation))
    );
}
