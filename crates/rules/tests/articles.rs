//! One test per rule, each naming the article it checks. "2017" is the Inner Mongolia
//! Mongolian Chess Association rules; "folk" the folk rules digest (numbered ①-⑥ there).

use shatar_rules::{
    Chess, Claim, ClaimVerdict, Color, EndReason, GameRecord, GameResult, Mongolian, MongolianFolk,
    Move, Outcome, PlayError, Position, PositionError, Rules, fen,
};

fn pos<R: Rules>(fen: &str) -> Position<R> {
    fen::parse_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn find<R: Rules>(pos: &Position<R>, uci: &str) -> Move {
    *pos.legal_moves()
        .iter()
        .find(|m| m.to_string() == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {pos}"))
}

fn moves<R: Rules>(pos: &Position<R>) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

fn play<R: Rules>(game: &mut GameRecord<R>, line: &str) {
    for uci in line.split_whitespace() {
        let m = find(game.position(), uci);
        game.play(m).unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
}

// ---- 2017 art. 1.2: the compulsory first round -------------------------------------------

#[test]
fn art_1_2_white_opens_with_e4_or_d4_only() {
    let start = Position::<Mongolian>::new();
    assert_eq!(moves(&start), ["d2d4", "e2e4"]);
    assert_eq!(moves(&Position::<MongolianFolk>::new()), ["d2d4", "e2e4"]);
    // FIDE chess has no first round.
    assert_eq!(Position::<Chess>::new().legal_moves().len(), 20);
}

#[test]
fn art_1_2_black_must_mirror() {
    let start = Position::<Mongolian>::new();
    let after_e4 = start.play(find(&start, "e2e4")).unwrap();
    assert_eq!(moves(&after_e4), ["e7e5"]);
    let after_d4 = start.play(find(&start, "d2d4")).unwrap();
    assert_eq!(moves(&after_d4), ["d7d5"]);
    // After the first round any piece moves, and no pawn steps twice (art. 3.7).
    let free = after_e4.play(find(&after_e4, "e7e5")).unwrap();
    let free_moves = moves(&free);
    assert_eq!(free_moves.len(), 22);
    assert!(!free_moves.contains(&"d2d4".to_string()));
    assert!(free_moves.contains(&"d2d3".to_string()));
}

#[test]
fn art_1_2_the_board_tells_a_fen_that_the_first_round_is_pending() {
    // The initial array with White to move is the first round, whatever the counters say.
    let p: Position<Mongolian> = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 7");
    assert_eq!(moves(&p), ["d2d4", "e2e4"]);
    // The array after 1.d4 with Black to move: Black's one reply.
    let p: Position<Mongolian> = pos("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b - - 0 1");
    assert_eq!(moves(&p), ["d7d5"]);
    // Any other array is past the first round: 1.e3 is no first-round move, so Black is
    // free, and free of double steps.
    let p: Position<Mongolian> = pos("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1");
    let m = moves(&p);
    assert_eq!(m.len(), 20 - 8);
    assert!(m.iter().all(|m| !m.ends_with('5')));
    // The array after 1.e4 but with White to move is no first-round position either.
    let p: Position<Mongolian> = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1");
    let m = moves(&p);
    assert_eq!(m.len(), 23);
    assert!(!m.contains(&"d2d4".to_string()));
}

// ---- 2017 art. 3: no castling, no en passant, promotion --------------------------------

#[test]
fn art_3_8_no_castling_in_mongolian_chess() {
    let setup = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        fen::parse_position::<Mongolian>(setup).unwrap_err(),
        fen::FenError::Position(PositionError::CastlingNotInThisGame)
    );
    let p: Position<Mongolian> = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1");
    let m = moves(&p);
    assert!(!m.contains(&"e1g1".to_string()) && !m.contains(&"e1c1".to_string()));
    // The same array in FIDE chess castles both ways.
    let c: Position<Chess> = pos(setup);
    let m = moves(&c);
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
}

#[test]
fn art_3_7_no_en_passant_in_mongolian_chess() {
    let setup = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3";
    assert_eq!(
        fen::parse_position::<Mongolian>(setup).unwrap_err(),
        fen::FenError::Position(PositionError::EnPassantNotInThisGame)
    );
    assert!(moves(&pos::<Chess>(setup)).contains(&"d4e3".to_string()));
}

#[test]
fn art_3_7_promotion_choices() {
    // Black keeps a pawn: under the folk rules a bare king would end the game (⑤).
    let setup = "8/p3P1k1/8/8/8/8/6K1/8 w - - 0 1";
    let promotions = |m: Vec<String>| {
        m.into_iter()
            .filter(|m| m.starts_with("e7e8"))
            .collect::<Vec<_>>()
    };
    // 2017 art. 3.7: queen, rook, bishop or knight.
    assert_eq!(
        promotions(moves(&pos::<Mongolian>(setup))),
        ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]
    );
    // Folk rules (5): a queen only.
    assert_eq!(promotions(moves(&pos::<MongolianFolk>(setup))), ["e7e8q"]);
    assert_eq!(promotions(moves(&pos::<Chess>(setup))).len(), 4);
}

// ---- 2017 art. 5: mate, stalemate, dead positions --------------------------------------

#[test]
fn art_5_1_checkmate_wins() {
    let mut game = GameRecord::new(Position::<Mongolian>::new());
    // The quickest mate the first round allows: 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#.
    play(&mut game, "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::White, EndReason::Checkmate))
    );
    assert!(matches!(
        game.play(Move::normal(
            shatar_rules::Square::E8,
            shatar_rules::Square::E7
        )),
        Err(PlayError::GameOver(_))
    ));
}

#[test]
fn art_5_2_1_stalemate_is_a_draw() {
    let p: Position<Mongolian> = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate());
    assert_eq!(p.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
}

#[test]
fn art_5_2_2_dead_positions_are_drawn_at_once() {
    let dead = [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",      // king against king
        "8/8/4k3/8/8/3K4/8/6B1 w - - 0 1",    // king and bishop against king
        "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1",    // king and knight against king
        "8/2b5/4k2b/8/8/3K4/8/6B1 w - - 0 1", // bishops all on dark squares
        "B7/8/4k3/1b6/8/8/8/7K b - - 0 1",    // bishops all on light squares
    ];
    for f in dead {
        let p: Position<Mongolian> = pos(f);
        assert!(p.is_dead_position(), "{f}");
        assert_eq!(
            p.outcome(),
            Some(Outcome::draw(EndReason::DeadPosition)),
            "{f}"
        );
    }
    let alive = [
        "8/8/4k3/8/8/3K4/8/5BB1 w - - 0 1",  // bishops on both colours
        "8/8/4k3/1b6/8/7K/8/6B1 w - - 0 1",  // opposite-coloured bishops
        "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1",  // two knights (mate needs help, but exists)
        "8/8/4k1n1/8/8/3K4/8/6N1 w - - 0 1", // knight each
        "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",   // a pawn
    ];
    for f in alive {
        let p = pos::<Mongolian>(f);
        assert!(
            !p.is_dead_position(),
            "{f}: {:?} {:?}",
            p.can_checkmate(Color::White),
            p.can_checkmate(Color::Black)
        );
    }
}

#[test]
fn art_6_9_who_can_still_mate_after_a_flag_fall() {
    // White's flag falls; Black has a lone knight and White a pawn: Black could still mate
    // with White's help (the pawn blocking), so the flag fall loses.
    let p: Position<Mongolian> = pos("7k/8/8/8/8/8/P7/K1n5 w - - 0 1");
    assert!(p.can_checkmate(Color::Black));
    // A lone knight against a bare king cannot mate: White's flag fall is a draw.
    let p: Position<Mongolian> = pos("7k/8/8/8/8/8/8/K1n5 w - - 0 1");
    assert!(!p.can_checkmate(Color::Black));
    // Folk rules ⑥: knights alone can never win, since their mate is a draw.
    let p: Position<MongolianFolk> = pos("7k/8/8/8/8/8/P7/K1n1n3 w - - 0 1");
    assert!(!p.can_checkmate(Color::Black));
    assert!(pos::<Mongolian>("7k/8/8/8/8/8/P7/K1n1n3 w - - 0 1").can_checkmate(Color::Black));
}

// ---- 2017 art. 9: claims and automatic draws --------------------------------------------

/// 1.e4 e5, then both knights out and back: the position after 1...e5 recurs every four plies.
const SHUFFLE: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn art_9_2_threefold_repetition_claimed_before_and_after_the_move() {
    let mut game = GameRecord::new(Position::<Mongolian>::new());
    play(&mut game, "e2e4 e7e5");
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.claimable_draw(), None);
    play(&mut game, "g1f3 g8f6 f3g1");
    // Black, to move, may claim by announcing the move that repeats the position (9.2.a).
    let back = find(game.position(), "f6g8");
    assert_eq!(
        game.claimable_draw_with(back),
        Some(EndReason::ThreefoldRepetition)
    );
    assert_eq!(
        game.claimable_draw_with(find(game.position(), "f6h5")),
        None
    );
    // Or White claims after it has been played (9.2.b).
    play(&mut game, "f6g8");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claimable_draw(), Some(EndReason::ThreefoldRepetition));
    assert_eq!(
        game.outcome(),
        None,
        "threefold repetition is a claim, not automatic"
    );
    assert_eq!(
        game.claim_draw(Claim::Now),
        Ok(ClaimVerdict::Drawn(Outcome::draw(
            EndReason::ThreefoldRepetition
        )))
    );
    assert_eq!(game.outcome().map(|o| o.result), Some(GameResult::Draw));
}

#[test]
fn art_9_5_an_incorrect_claim_with_a_move_leaves_the_move_played() {
    let mut game = GameRecord::new(Position::<Mongolian>::new());
    play(&mut game, "e2e4 e7e5");
    let m = find(game.position(), "g1f3");
    assert_eq!(
        game.claim_draw(Claim::WithMove(m)),
        Ok(ClaimVerdict::Rejected)
    );
    assert_eq!(game.moves().last(), Some(&m));
    assert_eq!(game.outcome(), None);
}

#[test]
fn art_9_3_fifty_move_claim() {
    let mut game = GameRecord::new(pos::<Mongolian>("8/8/4k3/8/8/3K4/R7/8 w - - 99 80"));
    let quiet = find(game.position(), "a2a1");
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(game.claimable_draw_with(quiet), Some(EndReason::FiftyMoves));
    // A capture or pawn move would reset the count instead.
    game.play(quiet).unwrap();
    assert_eq!(game.claimable_draw(), Some(EndReason::FiftyMoves));
    assert_eq!(
        game.claim_draw(Claim::Now),
        Ok(ClaimVerdict::Drawn(Outcome::draw(EndReason::FiftyMoves)))
    );
}

#[test]
fn art_9_6_fivefold_repetition_ends_the_game_by_itself() {
    let mut game = GameRecord::new(Position::<Mongolian>::new());
    play(&mut game, "e2e4 e7e5");
    for _ in 0..3 {
        play(&mut game, SHUFFLE);
    }
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.outcome(), None);
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 5);
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(EndReason::FivefoldRepetition))
    );
    // Taking back the last move reopens the game.
    game.take_back();
    assert_eq!(game.outcome(), None);
}

#[test]
fn art_9_6_seventy_five_moves_end_the_game_by_itself() {
    let mut game = GameRecord::new(pos::<Mongolian>("8/8/4k3/8/8/3K4/R7/8 w - - 149 120"));
    play(&mut game, "a2a1");
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(EndReason::SeventyFiveMoves))
    );
    // A mate on that move stands: mate comes first (FIDE 9.6.2 says so explicitly).
    let mut game = GameRecord::new(pos::<Mongolian>("3k4/8/3K4/8/8/8/8/R7 w - - 149 120"));
    play(&mut game, "a1a8");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::White, EndReason::Checkmate))
    );
}

// ---- The folk rules ------------------------------------------------------------------------

/// A smothered mate by a knight: Nf7#.
const SMOTHERED: &str = "6rk/6pp/8/6N1/8/8/P7/K7 w - - 0 1";

#[test]
fn folk_6_a_knight_mate_is_a_draw() {
    let mut folk = GameRecord::new(pos::<MongolianFolk>(SMOTHERED));
    play(&mut folk, "g5f7");
    assert!(folk.position().is_checkmate());
    assert_eq!(folk.outcome(), Some(Outcome::draw(EndReason::KnightMate)));
    // Under the 2017 rules the same mate wins.
    let mut rules_2017 = GameRecord::new(pos::<Mongolian>(SMOTHERED));
    play(&mut rules_2017, "g5f7");
    assert_eq!(
        rules_2017.outcome(),
        Some(Outcome::win(Color::White, EndReason::Checkmate))
    );
}

#[test]
fn folk_6_a_discovered_mate_after_a_knight_move_is_a_win() {
    // The knight leaves the back rank; the rook on a8 mates, and it is not the knight's mate.
    let mut folk = GameRecord::new(pos::<MongolianFolk>("R2N3k/6pp/8/8/8/8/8/6K1 w - - 0 1"));
    play(&mut folk, "d8e6");
    assert!(folk.position().is_checkmate());
    assert_eq!(
        folk.outcome(),
        Some(Outcome::win(Color::White, EndReason::Checkmate))
    );
}

#[test]
fn folk_5_a_bare_king_draws_at_once() {
    // White takes Black's last piece besides the king.
    let setup = "4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1";
    let mut folk = GameRecord::new(pos::<MongolianFolk>(setup));
    play(&mut folk, "d1d2");
    assert_eq!(folk.outcome(), Some(Outcome::draw(EndReason::BareKing)));
    assert!(folk.position().legal_moves().is_empty());
    // Under the 2017 rules the game goes on: a queen mates a lone king.
    let mut rules_2017 = GameRecord::new(pos::<Mongolian>(setup));
    play(&mut rules_2017, "d1d2");
    assert_eq!(rules_2017.outcome(), None);
}

#[test]
fn folk_4_perpetual_check_is_a_draw_at_the_first_repetition() {
    // White's queen checks from h4 and h5; the black king goes e8, e7 and back.
    let setup = "8/p3k3/8/7Q/8/8/P7/K7 w - - 0 1";
    let mut folk = GameRecord::new(pos::<MongolianFolk>(setup));
    play(&mut folk, "h5h4 e7e8 h4h5");
    assert_eq!(folk.outcome(), None);
    play(&mut folk, "e8e7");
    assert!(folk.is_perpetual_check());
    assert_eq!(
        folk.outcome(),
        Some(Outcome::draw(EndReason::PerpetualCheck))
    );
    // The same moves under the 2017 rules are only a repetition, not yet claimable.
    let mut rules_2017 = GameRecord::new(pos::<Mongolian>(setup));
    play(&mut rules_2017, "h5h4 e7e8 h4h5 e8e7");
    assert_eq!(rules_2017.outcome(), None);
    assert_eq!(rules_2017.claimable_draw(), None);
}

#[test]
fn folk_4_a_repetition_without_unbroken_checks_is_not_perpetual_check() {
    let setup = "8/p3k3/8/7Q/8/8/P7/K7 w - - 0 1";
    let mut folk = GameRecord::new(pos::<MongolianFolk>(setup));
    // h5-h4 checks, h4-h5 does not (the king went to d7, off the diagonal).
    play(&mut folk, "h5h4 e7d7 h4h5 d7e7");
    assert!(!folk.is_perpetual_check());
    assert_eq!(folk.outcome(), None);
}

#[test]
fn folk_3_threefold_repetition_draws_by_itself() {
    let mut folk = GameRecord::new(Position::<MongolianFolk>::new());
    play(&mut folk, "e2e4 e7e5");
    play(&mut folk, SHUFFLE);
    assert_eq!(folk.outcome(), None);
    play(&mut folk, SHUFFLE);
    assert_eq!(
        folk.outcome(),
        Some(Outcome::draw(EndReason::ThreefoldRepetition))
    );
    assert_eq!(
        folk.claimable_draw(),
        None,
        "nothing to claim under the folk rules"
    );
}

#[test]
fn art_2_1_the_light_square_is_at_each_players_right_hand() {
    use shatar_rules::Square;
    assert!(Square::H1.is_light() && Square::A8.is_light());
}
