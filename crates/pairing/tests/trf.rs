//! TRF files: what is read, what is written back, and where a bad file is wrong.

use shatar_pairing::trf::{self, TrfErrorKind, TrfVersion};
use shatar_pairing::{
    Bye, Colour, Entry, FirstColour, GameResult, Outcome, PlayerId, Points, ScoreSystem,
};

const GACRUX: &str = include_str!("data/gacrux-15-players.trf");

/// A `001` record in C.04 Annex 2's columns; each round like `"  12 w 1"`.
fn row(id: u32, name: &str, rating: &str, points: &str, rounds: &[&str]) -> String {
    let mut line = format!(
        "001 {id:>4}      {name:<33} {rating:>4} {:<3} {:>11} {:>10} {points:>4} {:>4}",
        "", "", "", ""
    );
    for r in rounds {
        line += &format!("  {r:>8}");
    }
    line + "\n"
}

#[test]
fn reads_gacrux_generated_file() {
    let t = trf::read(GACRUX).unwrap();
    assert_eq!(t.players.len(), 15);
    assert_eq!(t.rounds, Some(7));
    assert_eq!(t.first_colour, Some(FirstColour::White));
    assert_eq!(t.scoring, ScoreSystem::ONE_HALF_ZERO);
    assert_eq!(t.tie_breaks.as_deref(), Some("PTS"));
    let p2 = t.player(PlayerId(2));
    assert_eq!(p2.rating, 2228);
    // `8 w -`: a forfeit loss; `0000 - H`: a half-point bye.
    assert_eq!(
        p2.rounds[1],
        Entry::Game {
            opponent: PlayerId(8),
            colour: Colour::White,
            result: GameResult::Forfeit { won: false }
        }
    );
    assert_eq!(p2.rounds[2], Entry::Bye(Bye::HalfPoint));
    // Every player's stated points are the ones the model computes.
    for p in &t.players {
        assert_eq!(Some(t.score(p.id, 7)), p.stated_points, "player {}", p.id.0);
    }
}

#[test]
fn writes_back_what_it_read() {
    let t = trf::read(GACRUX).unwrap();
    let again = trf::read(&trf::write(&t, TrfVersion::Trf2026)).unwrap();
    assert!(again == t);
    // TRF-16 has no record for the tie-break order: all else comes back.
    let again = trf::read(&trf::write(&t, TrfVersion::Trf16)).unwrap();
    assert!(again.players == t.players && again.rounds == t.rounds);
    assert!(again.first_colour == t.first_colour && again.tie_breaks.is_none());
    // The player records are written column for column as Gacrux wrote them.
    let written = trf::write(&t, TrfVersion::Trf2026);
    let ours: Vec<&str> = written.lines().filter(|l| l.starts_with("001")).collect();
    let theirs: Vec<&str> = GACRUX.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(ours, theirs);
}

#[test]
fn trf16_extra_records_of_bbppairings_and_javafo() {
    let file = format!(
        "012 Test\n{}{}XXR 9\nXXC black1 rank\nXXS W=1.0\n",
        row(1, "A", "2000", "1.0", &["2 b 1"]),
        row(2, "B", "1900", "0.0", &["1 w 0"]),
    );
    let t = trf::read(&file).unwrap();
    assert_eq!(t.rounds, Some(9));
    assert_eq!(t.first_colour, Some(FirstColour::Black));
    // What is not ours is kept, not refused.
    assert_eq!(t.other_records, ["XXC rank", "XXS W=1.0"]);
    let written = trf::write(&t, TrfVersion::Trf16);
    assert!(
        written.contains("XXR 9\n") && written.contains("XXC black1\n"),
        "{written}"
    );
    assert!(!written.contains("\n142 "));
}

#[test]
fn record_162_carries_axf_two_one_zero() {
    let file = format!(
        "142 5\n162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0    X 1.0\n{}{}{}",
        row(1, "A", "", "3.0", &["2 w 1", "3 b ="]),
        row(2, "B", "", "0.0", &["1 b 0", "0000 - Z"]),
        row(3, "C", "", "3.0", &["0000 - U", "1 w ="]),
    );
    let t = trf::read(&file).unwrap();
    assert_eq!(t.scoring, ScoreSystem::AXF);
    assert_eq!(t.score(PlayerId(1), 2), Points::whole(3));
    assert_eq!(t.score(PlayerId(3), 2), Points::whole(3));
    let written = trf::write(&t, TrfVersion::Trf2026);
    assert!(
        written.contains("162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0\n"),
        "{written}"
    );
    assert_eq!(trf::read(&written).unwrap().scoring, ScoreSystem::AXF);
}

#[test]
fn double_forfeit_and_unrated_games() {
    let file = format!(
        "{}{}{}",
        row(1, "A", "", "0.5", &["2 w -", "3 b D"]),
        row(2, "B", "", "0.0", &["1 b -"]),
        row(3, "C", "", "0.5", &["0000 - -", "1 w D"]),
    );
    let t = trf::read(&file).unwrap();
    assert_eq!(t.player(PlayerId(2)).rounds.len(), 1);
    assert_eq!(t.player(PlayerId(3)).rounds[0], Entry::Bye(Bye::Absent));
    assert_eq!(
        t.player(PlayerId(1)).rounds[1],
        Entry::Game {
            opponent: PlayerId(3),
            colour: Colour::Black,
            result: GameResult::Played {
                outcome: Outcome::Draw,
                rated: false
            }
        }
    );
}

fn error(file: &str) -> (usize, usize, TrfErrorKind) {
    let e = trf::read(file).unwrap_err();
    (e.line, e.column, e.kind)
}

#[test]
fn bad_input_says_what_and_where() {
    let (line, column, kind) = error(&format!("012 x\n{}", row(1, "A", "20x0", "", &[])));
    assert_eq!((line, column), (2, 49));
    assert!(matches!(
        kind,
        TrfErrorKind::Number {
            field: "rating",
            ..
        }
    ));

    let row = |round: &str| row(1, "A", "2000", "0.0", &[round]);
    let (line, column, kind) = error(&row("2 x 1"));
    assert_eq!((line, column, kind), (1, 97, TrfErrorKind::Colour('x')));
    let (_, column, kind) = error(&row("2 w ?"));
    assert_eq!((column, kind), (99, TrfErrorKind::Result('?')));
    let (_, column, kind) = error(&row("2 - 1"));
    assert_eq!((column, kind), (97, TrfErrorKind::NoColour));

    // Player 1 says it met 2, who is not there.
    let (line, column, kind) = error(&row("2 w 1"));
    assert_eq!((line, column), (1, 92));
    assert!(matches!(kind, TrfErrorKind::Crosstable(_)));

    let (line, _, kind) = error("001    2      B\n");
    assert_eq!((line, kind), (1, TrfErrorKind::Numbering { missing: 1 }));
    let (line, _, kind) = error("001    1      A\n001    1      B\n");
    assert_eq!((line, kind), (2, TrfErrorKind::DuplicatePlayer(1)));
    let (_, _, kind) = error("142 many\n");
    assert!(matches!(kind, TrfErrorKind::Number { .. }));
    let (_, _, kind) = error("162  W one\n");
    assert!(matches!(kind, TrfErrorKind::ScoreSystem(_)));
    let e = trf::read("152 Q\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 5: 'Q': expected the first colour (W, B, white1 or black1)"
    );
}

#[test]
fn never_panics_on_arbitrary_bytes() {
    // A cheap fuzz: every prefix and every one-character change of a real file.
    for end in 0..GACRUX.len() {
        if GACRUX.is_char_boundary(end) {
            let _ = trf::read(&GACRUX[..end]);
        }
    }
    let bytes = GACRUX.as_bytes();
    for i in (0..bytes.len()).step_by(7) {
        for c in [b' ', b'9', b'w', b'-', b'\n', b'x'] {
            let mut changed = bytes.to_vec();
            changed[i] = c;
            let _ = trf::read(&String::from_utf8_lossy(&changed));
        }
    }
}

/// The round to pair is the one after the last with a game, and may already hold the
/// requested byes and absences of its absent players (as bbpPairings and JaVaFo read
/// a file).
#[test]
fn next_round_after_the_last_game_keeping_entered_byes() {
    use shatar_pairing::pairing::next_round;
    let mut t = trf::read(GACRUX).unwrap();
    assert_eq!(next_round(&t), 8);
    for p in &mut t.players {
        let round_four = p.rounds[3];
        p.rounds.truncate(3);
        if matches!(round_four, Entry::Bye(Bye::HalfPoint | Bye::ZeroPoint)) {
            p.rounds.push(round_four);
        }
    }
    assert_eq!(next_round(&t), 4);
    let again = trf::read(&trf::write(&t, TrfVersion::Trf16)).unwrap();
    assert_eq!(next_round(&again), 4);
}

/// TRF-2026 record 260 (prohibited pairings), as Gacrux reads its columns.
#[test]
fn prohibited_pairings_record_260() {
    let file = format!(
        "260   2   5    1    3\n{}{}{}",
        row(1, "A", "", "0.0", &[]),
        row(2, "B", "", "0.0", &[]),
        row(3, "C", "", "0.0", &[]),
    );
    let t = trf::read(&file).unwrap();
    assert_eq!(t.prohibited.len(), 1);
    assert_eq!(t.prohibited[0].players, [1, 3].map(PlayerId));
    assert!(t.prohibited(2, PlayerId(3), PlayerId(1)));
    assert!(!t.prohibited(1, PlayerId(3), PlayerId(1)));
    assert!(!t.prohibited(2, PlayerId(2), PlayerId(1)));
    let written = trf::write(&t, TrfVersion::Trf2026);
    assert!(written.contains("\n260   2   5    1    3\n"), "{written}");
    assert_eq!(trf::read(&written).unwrap().prohibited, t.prohibited);
    let e = trf::read(&file.replace("   3\n0", "1000\n0")).unwrap_err();
    assert_eq!((e.line, e.kind), (1, TrfErrorKind::UnknownPlayer(1000)));
}
