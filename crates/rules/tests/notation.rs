//! SAN, long form (2017 art. 8.1), UCI and display letters: round trips over many random
//! positions of the three games, and golden strings.

use shatar_rules::notation::{PieceLetters, render_long, render_san};
use shatar_rules::san::{self, San, SanError};
use shatar_rules::{Chess, Color, Mongolian, MongolianFolk, Move, Position, Rules, fen, uci};

/// A tiny deterministic xorshift64 generator: the same positions on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions reached by random legal moves from `start`.
fn random_positions<R: Rules>(
    start: Position<R>,
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<Position<R>> {
    let mut rng = XorShift(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = start;
        for _ in 0..plies {
            out.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    out
}

fn sans<R: Rules>(pos: &Position<R>) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .map(|&m| san::write(pos, m))
        .collect()
}

/// Every legal move: SAN, long form and UCI read back as the same move; SANs are unique
/// in the position; a disambiguation is there only when needed, and the shortest one.
fn check_round_trips<R: Rules>(positions: &[Position<R>]) -> usize {
    let mut checked = 0;
    for pos in positions {
        let legal = pos.legal_moves();
        let mut seen = std::collections::HashSet::new();
        for &m in legal.iter() {
            let s = san::write(pos, m);
            assert!(seen.insert(s.clone()), "{pos}: two moves written {s}");
            assert_eq!(san::parse(pos, &s), Ok(m), "{pos}: SAN {s}");
            let bare = s.trim_end_matches(['+', '#']);
            assert_eq!(
                san::parse(pos, bare),
                Ok(m),
                "{pos}: SAN without suffix {bare}"
            );
            let long = san::write_long(pos, m);
            assert_eq!(
                san::parse_long(pos, &long),
                Ok(m),
                "{pos}: long form {long}"
            ); // 2017 art. 8.1
            assert_eq!(
                san::parse(pos, &long),
                Ok(m),
                "{pos}: long form read as SAN {long}"
            );
            assert_eq!(
                uci::parse_move(pos, &m.to_string()),
                Ok(m),
                "{pos}: UCI {m}"
            );
            assert_eq!(
                san::parse(pos, &m.to_string()),
                Ok(m),
                "{pos}: UCI through SAN {m}"
            );

            // Minimal disambiguation: any shorter form is ambiguous.
            if let San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } = San::from_move(pos, m)
                && role != Some(shatar_rules::Role::Pawn)
                && (file.is_some() || rank.is_some())
            {
                let shorter: Vec<San> = match (file, rank) {
                    (Some(_), Some(_)) => vec![
                        San::Normal {
                            role,
                            file,
                            rank: None,
                            capture,
                            to,
                            promotion,
                        },
                        San::Normal {
                            role,
                            file: None,
                            rank,
                            capture,
                            to,
                            promotion,
                        },
                    ],
                    _ => vec![San::Normal {
                        role,
                        file: None,
                        rank: None,
                        capture,
                        to,
                        promotion,
                    }],
                };
                for short in shorter {
                    let text = short.to_string();
                    assert!(
                        matches!(short.to_move(pos, &text), Err(SanError::Ambiguous { .. })),
                        "{pos}: {s} is over-disambiguated, {text} would do"
                    );
                }
            }
            checked += 1;
        }
    }
    eprintln!(
        "{}: {checked} moves in {} positions round-tripped",
        R::RULESET,
        positions.len()
    );
    checked
}

#[test]
fn round_trip_every_legal_move_mongolian() {
    let mut positions =
        random_positions(Position::<Mongolian>::new(), 0x9E37_79B9_7F4A_7C15, 60, 160);
    // Promotions to every piece (2017 art. 3.7), many rivals for one square.
    for f in [
        "8/1P4P1/8/3k4/8/8/1p4p1/4K3 w - - 0 1",
        "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1",
        "k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1",
    ] {
        let start: Position<Mongolian> = fen::parse_position(f).unwrap();
        positions.extend(random_positions(start, 7, 10, 30));
    }
    let n = check_round_trips(&positions);
    assert!(n > 100_000 / 10, "checked only {n} moves");
}

#[test]
fn round_trip_every_legal_move_folk() {
    let mut positions = random_positions(
        Position::<MongolianFolk>::new(),
        0xD1B5_4A32_D192_ED03,
        60,
        160,
    );
    let start: Position<MongolianFolk> =
        fen::parse_position("8/1P4P1/8/3k4/8/8/1p4p1/4K3 w - - 0 1").unwrap();
    positions.extend(random_positions(start, 11, 10, 30));
    assert!(check_round_trips(&positions) > 10_000);
}

#[test]
fn round_trip_every_legal_move_chess() {
    let mut positions = random_positions(Position::<Chess>::new(), 0x2545_F491_4F6C_DD1D, 60, 160);
    // Kiwipete: castling both ways, en passant, pins.
    let kiwipete: Position<Chess> =
        fen::parse_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    positions.extend(random_positions(kiwipete, 3, 20, 40));
    assert!(check_round_trips(&positions) > 10_000);
}

#[test]
fn mongolian_start_allows_e4_and_d4_only() {
    // 2017 art. 1.2: the compulsory first round.
    let pos = Position::<Mongolian>::new();
    assert_eq!(sans(&pos), ["e4", "d4"]);
    let after_d4 = pos.play(san::parse(&pos, "d4").unwrap()).unwrap();
    assert_eq!(sans(&after_d4), ["d5"]);
    assert_eq!(
        san::parse(&pos, "Nf3").unwrap_err().to_string(),
        "'Nf3' is illegal: no white knight can move to f3; in the first round white may only play e4 or d4 (2017 art. 1.2)"
    );
    assert_eq!(sans(&Position::<MongolianFolk>::new()), ["e4", "d4"]);
    assert_eq!(sans(&Position::<Chess>::new()).len(), 20);
}

fn play_line<R: Rules>(line: &str) -> Position<R> {
    let mut pos = Position::<R>::new();
    for s in line.split_whitespace() {
        let m = san::parse(&pos, s).unwrap_or_else(|e| panic!("{e}"));
        pos = pos.play(m).unwrap();
    }
    pos
}

#[test]
fn golden_sans_after_an_opening() {
    // 2017 art. 1.2: 1.e4 e5 is the open opening; from move 2 any piece moves.
    let m = play_line::<Mongolian>("e4 e5 Nf3 Nc6 Bb5 a6");
    let c = play_line::<Chess>("e4 e5 Nf3 Nc6 Bb5 a6");
    let (ms, cs) = (sans(&m), sans(&c));
    for s in [
        "Bxc6", "Ba4", "Bc4", "Kf1", "Ke2", "Nxe5", "Ng5", "Qe2", "Rg1", "Rf1", "a3", "d3",
    ] {
        assert!(ms.contains(&s.to_string()), "Mongolian lacks {s}: {ms:?}");
        assert!(cs.contains(&s.to_string()), "chess lacks {s}: {cs:?}");
    }
    assert!(cs.contains(&"O-O".to_string()));
    assert!(
        !ms.iter().any(|s| s.starts_with('O')),
        "2017 rules define no castling: {ms:?}"
    );
    // Chess has the double step; Mongolian only in the first round.
    assert!(cs.contains(&"d4".to_string()) && cs.contains(&"h4".to_string()));
    assert!(!ms.contains(&"h4".to_string()) && ms.contains(&"h3".to_string()));
    // Chess has seven more: O-O and the double steps a4 b4 c4 d4 g4 h4 (f4 is blocked).
    assert_eq!(cs.len(), ms.len() + 7);
}

#[test]
fn golden_checks_and_mates() {
    let pos = play_line::<Mongolian>("e4 e5 Bc4 Nc6 Qh5 Nf6");
    let m = san::parse(&pos, "Qxf7").unwrap();
    assert_eq!(san::write(&pos, m), "Qxf7#");
    assert_eq!(san::write_long(&pos, m), "Qh5xf7#"); // 2017 art. 8.1
    let after = pos.play(m).unwrap();
    assert!(after.is_checkmate());

    let pos = play_line::<Mongolian>("e4 e5 Bc4 Nc6");
    let m = san::parse(&pos, "Bxf7+").unwrap();
    assert_eq!(san::write(&pos, m), "Bxf7+");
    assert_eq!(san::write_long(&pos, m), "Bc4xf7+"); // 2017 art. 8.1: piece, from, to
    assert_eq!(render_long(&pos, m, PieceLetters::Cyrillic), "Тc4xf7+");
    assert_eq!(render_san(&pos, m, PieceLetters::Chinese), "象xf7+");
    assert_eq!(render_san(&pos, m, PieceLetters::Figurine), "♗xf7+");
}

#[test]
fn golden_disambiguation() {
    let pos = play_line::<Chess>("d4 d5 Nf3 Nf6");
    let s = sans(&pos);
    assert!(
        s.contains(&"Nbd2".to_string()) && s.contains(&"Nfd2".to_string()),
        "{s:?}"
    );
    assert_eq!(
        san::parse(&pos, "Nd2").unwrap_err().to_string(),
        "'Nd2' is ambiguous: it could be Nbd2 or Nfd2"
    );
    assert_eq!(san::parse(&pos, "Nbd2").unwrap().to_string(), "b1d2");
    // Rank disambiguation also tells them apart (b1 vs f3), though SAN prefers the file.
    assert_eq!(san::parse(&pos, "N1d2").unwrap().to_string(), "b1d2");
    assert_eq!(
        san::parse(&pos, "Nd2+").unwrap_err(),
        SanError::Ambiguous {
            text: "Nd2+".into(),
            candidates: vec!["Nbd2".into(), "Nfd2".into()]
        }
    );

    let rooks: Position<Mongolian> =
        fen::parse_position("k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1").unwrap();
    let s = sans(&rooks);
    assert!(
        s.contains(&"R1e2".to_string()) && s.contains(&"R3e2".to_string()),
        "{s:?}"
    );
    assert!(
        s.contains(&"Rd3".to_string()) && s.contains(&"Rd1".to_string()),
        "{s:?}"
    );

    let queens: Position<Mongolian> =
        fen::parse_position("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1").unwrap();
    let s = sans(&queens);
    for q in ["Qh4e1", "Qee1", "Q1e1"] {
        assert!(s.contains(&q.to_string()), "{q} missing in {s:?}");
    }
    assert_eq!(san::parse(&queens, "Qh4e1").unwrap().to_string(), "h4e1");
    assert_eq!(
        render_san(
            &queens,
            san::parse(&queens, "Qh4e1").unwrap(),
            PieceLetters::Cyrillic
        ),
        "Бh4e1"
    );
}

#[test]
fn golden_promotion() {
    let pos: Position<Chess> = fen::parse_position("7k/4P3/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let s = sans(&pos);
    for p in ["e8=Q+", "e8=R+", "e8=B", "e8=N"] {
        assert!(s.contains(&p.to_string()), "{p} missing in {s:?}");
    }
    let q = san::parse(&pos, "e8=Q+").unwrap();
    assert_eq!(q.to_string(), "e7e8q");
    assert_eq!(san::parse(&pos, "e8Q"), Ok(q));
    assert_eq!(san::parse(&pos, "e8q"), Ok(q));
    assert_eq!(san::parse(&pos, "e7e8q"), Ok(q));
    assert_eq!(san::parse(&pos, "e7-e8=Q"), Ok(q));
    assert_eq!(san::write_long(&pos, q), "e7-e8=Q+"); // 2017 art. 8.1
    assert_eq!(render_san(&pos, q, PieceLetters::Cyrillic), "e8=Б+");
    assert_eq!(
        san::parse(&pos, "e8").unwrap_err().to_string(),
        "'e8' is illegal: the promotion piece is missing: a pawn reaching the last rank must promote (=Q, =R, =B or =N)"
    );
    assert_eq!(
        uci::parse_move(&pos, "e7e8").unwrap_err().to_string(),
        "'e7e8' is illegal: the move promotes: add the piece letter (q, r, b or n)"
    );
}

#[test]
fn golden_en_passant_and_castling_in_chess() {
    let pos = play_line::<Chess>("e4 a6 e5 d5");
    let m = san::parse(&pos, "exd6").unwrap();
    assert_eq!(m.kind(), shatar_rules::MoveKind::EnPassant);
    assert_eq!(san::write(&pos, m), "exd6");
    assert_eq!(san::write_long(&pos, m), "e5xd6");
    assert_eq!(san::parse(&pos, "ed6"), Ok(m)); // 'x' optional

    let pos = play_line::<Chess>("e4 e5 Nf3 Nc6 Bc4 Bc5");
    let castle = san::parse(&pos, "O-O").unwrap();
    assert_eq!(san::parse(&pos, "0-0"), Ok(castle));
    assert_eq!(uci::parse_move(&pos, "e1g1"), Ok(castle));
    assert_eq!(san::write_long(&pos, castle), "O-O");
    assert_eq!(
        san::parse(&pos, "O-O-O").unwrap_err().to_string(),
        "'O-O-O' is illegal: white cannot castle queen side here"
    );
}

#[test]
fn lenient_and_strict_reading() {
    let pos = Position::<Chess>::new();
    let nf3 = san::parse(&pos, "Nf3").unwrap();
    for s in [
        "Nf3", "Nf3+", "Nf3!?", "Ngf3", "Ng1f3", "Ng1-f3", "g1f3", "N1f3",
    ] {
        assert_eq!(san::parse(&pos, s), Ok(nf3), "{s}");
    }
    // 'x' on a move that captures nothing.
    assert_eq!(
        san::parse(&pos, "Nxf3").unwrap_err().to_string(),
        "'Nxf3' is illegal: 'x' marks a capture, but f3 is empty"
    );
    assert_eq!(
        san::parse(&pos, "Ke2").unwrap_err().to_string(),
        "'Ke2' is illegal: no white king can move to e2"
    );
    assert_eq!(
        san::parse(&pos, "Qe5").unwrap_err().to_string(),
        "'Qe5' is illegal: no white queen can move to e5"
    );
    assert_eq!(
        san::parse(&pos, "e2e5").unwrap_err().to_string(),
        "'e2e5' is illegal: the white pawn on e2 cannot move to e5"
    );
    assert_eq!(
        san::parse(&pos, "e7e5").unwrap_err().to_string(),
        "'e7e5' is illegal: the piece on e7 is black's, and white is to move"
    );
    assert_eq!(
        san::parse(&pos, "Be3f4").unwrap_err().to_string(),
        "'Be3f4' is illegal: there is no piece on e3"
    );
    assert_eq!(
        san::parse(&pos, "Мf3").unwrap_err().to_string(),
        "'Мf3' is not a move: only English piece letters (K Q R B N), squares a1-h8, 'x', '-' and '=' are read"
    );
    assert!(matches!(
        san::parse(&pos, "Zf3"),
        Err(SanError::Syntax { .. })
    ));
    assert!(matches!(
        san::parse_long(&pos, "Nf3"),
        Err(SanError::Syntax { .. })
    ));
    assert_eq!(
        uci::parse_move(&pos, "Nf3").unwrap_err().to_string(),
        "'Nf3' is not a UCI move: expected from- and to-square and an optional promotion letter, like e2e4 or e7e8q"
    );
    assert_eq!(uci::parse_move(&pos, "e2e4").unwrap().to_string(), "e2e4");
    assert!(uci::parse_move(&pos, "e2e4q").is_err());
    assert!(uci::parse_move(&pos, "e2").is_err());
    assert!(uci::parse_move(&pos, "é2e4").is_err());
}

#[test]
fn display_letters_golden() {
    let w = Color::White;
    assert_eq!(PieceLetters::Cyrillic.render("Nf3", w), "Мf3");
    assert_eq!(PieceLetters::Cyrillic.render("Rxe8", w), "Трxe8");
    assert_eq!(PieceLetters::Cyrillic.render("Bxe8", w), "Тxe8");
    assert_eq!(PieceLetters::Chinese.render("Nf3", w), "马f3");
    assert_eq!(PieceLetters::Chinese.render("Kd2", w), "王d2");
    assert_eq!(PieceLetters::English.render("Rxe8", w), "Rxe8");
    assert_eq!(PieceLetters::Figurine.render("Qxf7#", w), "♕xf7#");
    assert_eq!(
        PieceLetters::Figurine.render("Qxf2#", Color::Black),
        "♛xf2#"
    );
    assert_eq!(PieceLetters::Cyrillic.render("exd5", w), "exd5");
    assert_eq!(PieceLetters::Cyrillic.render("e8=Q", w), "e8=Б");
    let _: Move = san::parse(&Position::<Mongolian>::new(), "e4").unwrap();
}

#[test]
fn uci_refusals_in_the_first_round_cite_the_rule() {
    // 2017 art. 1.2: White opens e2-e4 or d2-d4; Black mirrors.
    let start = Position::<Mongolian>::new();
    let e = shatar_rules::uci::parse_move(&start, "g1f3").unwrap_err();
    assert_eq!(
        e.to_string(),
        "'g1f3' is illegal: the white knight on g1 cannot move to f3; in the first round white may only play e4 or d4 (2017 art. 1.2)"
    );
    let after_d4 = start
        .play(shatar_rules::uci::parse_move(&start, "d2d4").unwrap())
        .unwrap();
    let e = shatar_rules::uci::parse_move(&after_d4, "e7e5").unwrap_err();
    assert!(
        e.to_string()
            .ends_with("in the first round black may only play d5 (2017 art. 1.2)"),
        "{e}"
    );
    // After the first round the note is gone.
    let free = Position::<Mongolian>::from_setup(
        &shatar_rules::fen::parse("4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap(),
    )
    .unwrap();
    assert_eq!(
        shatar_rules::uci::parse_move(&free, "e1g1")
            .unwrap_err()
            .to_string(),
        "'e1g1' is illegal: the white king on e1 cannot move to g1"
    );
}
