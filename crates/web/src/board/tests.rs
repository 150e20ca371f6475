//! The board component alone, as a viewer, a player and a spectator use it: who may move
//! what, promotion, typed moves and the keys that step through a game. No page is here:
//! the host's part (playing a move it accepted) is [`Board::play`].

use shatar_rules::{Color, EndReason, GameKind, Outcome, Role, Ruleset, Square};

use super::*;
use crate::game::Game;

fn sq(name: &str) -> Cell {
    Square::parse(name).expect("a square name").into()
}

fn board(ruleset: Ruleset, movable: Movable) -> Board {
    let mut board = Board::new(Game::new(ruleset));
    board.set_movable(movable);
    board
}

fn from_fen(fen: &str, ruleset: Ruleset, movable: Movable) -> Board {
    let game = Game::import(fen, ruleset.into()).expect("a FEN");
    let mut board = Board::new(game);
    board.set_movable(movable);
    board
}

/// A click on `from`, then on `to`: the events of the four messages.
fn click(board: &mut Board, from: &str, to: &str) -> Vec<BoardEvent> {
    let mut events = Vec::new();
    for cell in [from, to] {
        events.extend(board.update(BoardMsg::SquareDown(sq(cell))));
        events.extend(board.update(BoardMsg::SquareUp {
            over: Some(sq(cell)),
            dragged: false,
        }));
    }
    events
}

fn drag(board: &mut Board, from: &str, to: Option<&str>) -> Vec<BoardEvent> {
    let mut events = board.update(BoardMsg::SquareDown(sq(from)));
    events.extend(board.update(BoardMsg::SquareUp {
        over: to.map(sq),
        dragged: true,
    }));
    events
}

fn moves(events: &[BoardEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            BoardEvent::Move(m) => Some(m.to_string()),
            _ => None,
        })
        .collect()
}

/// The host's part: it plays what the board says was made.
fn host_plays(board: &mut Board, events: &[BoardEvent]) -> Vec<BoardEvent> {
    let mut heard = Vec::new();
    for event in events {
        if let BoardEvent::Move(m) = event {
            heard.extend(board.play(*m).expect("a legal move"));
        }
    }
    heard
}

/// A viewer of a record moves nothing: no piece is picked up, no move is made, and the
/// view marks no piece as movable; it still steps through the moves and turns.
#[test]
fn a_viewer_makes_no_move_but_steps_and_turns() {
    let mut game = Game::new(Ruleset::Chess);
    for m in ["e2e4", "e7e5", "g1f3"] {
        let parsed = game.position().parse_wire_move(m).expect("a move");
        game.play(parsed).expect("legal");
    }
    let mut viewer = Board::new(game);
    assert_eq!(viewer.movable(), Movable::Nobody);
    assert!(click(&mut viewer, "b8", "c6").is_empty());
    assert!(drag(&mut viewer, "b8", Some("c6")).is_empty());
    assert_eq!(viewer.selected(), None);
    let view = view::view(&viewer, None);
    assert!(!view.interactive);
    assert!(view.cells.iter().all(|c| !c.marks.movable));

    viewer.update(BoardMsg::Navigate(Nav::First));
    assert_eq!(viewer.shown_ply(), 0);
    viewer.update(BoardMsg::Navigate(Nav::Next));
    assert_eq!(viewer.shown_ply(), 1);
    viewer.update(BoardMsg::Flip);
    assert_eq!(viewer.orientation(), Color::Black);
    assert_eq!(
        viewer.game().len(),
        3,
        "the record is the viewer's to show, not to change"
    );
}

/// A player (`Only(White)`) picks up White's pieces on White's turn only; the move made is
/// told to the host and the record waits for the host to play it.
#[test]
fn a_player_moves_its_own_side_on_its_turn_and_the_host_plays_it() {
    let mut player = board(Ruleset::Chess, Movable::Only(Color::White));
    assert!(
        click(&mut player, "e7", "e5").is_empty(),
        "Black's pawn is not the player's"
    );
    assert_eq!(player.selected(), None);
    let events = click(&mut player, "g1", "f3");
    assert_eq!(moves(&events), ["g1f3"]);
    assert_eq!(player.game().len(), 0, "the host has not played it yet");
    assert_eq!(
        player.selected(),
        None,
        "the piece is let go once the move is made"
    );
    let heard = host_plays(&mut player, &events);
    assert_eq!(player.game().len(), 1);
    assert_eq!(heard.first(), Some(&BoardEvent::Sound(Sound::Move)));
    let Some(BoardEvent::Announce(said)) = heard.get(1) else {
        panic!("the move is said: {heard:?}")
    };
    assert_eq!((said.from, said.to, said.number), (sq("g1"), sq("f3"), 1));
    // Black's turn: nothing of the player's moves, Black's pieces neither.
    assert!(click(&mut player, "e7", "e5").is_empty());
    assert!(click(&mut player, "d2", "d4").is_empty());
    // Nobody once the host says so (a move on its way to a server), even on its turn.
    let reply = player
        .game()
        .position()
        .parse_wire_move("e7e5")
        .expect("a move");
    player.play(reply).expect("legal");
    player.set_movable(Movable::Nobody);
    assert!(click(&mut player, "d2", "d4").is_empty());
}

/// Two friends at one device (`Both`): whoever is to move moves, one side then the other.
#[test]
fn friends_move_each_in_turn() {
    let mut friends = board(Ruleset::Chess, Movable::Both);
    let events = click(&mut friends, "e2", "e4");
    host_plays(&mut friends, &events);
    assert!(
        click(&mut friends, "d2", "d4").is_empty(),
        "White has moved"
    );
    let events = drag(&mut friends, "e7", Some("e5"));
    assert_eq!(moves(&events), ["e7e5"]);
}

/// A spectator of a live game moves nothing, whoever is to move, and may still browse;
/// it follows the moves the host plays, which take it back to the live position.
#[test]
fn a_spectator_moves_nothing_and_follows_the_host() {
    let mut spectator = board(Ruleset::Mongolian, Movable::Nobody);
    assert!(click(&mut spectator, "e2", "e4").is_empty());
    let opening = spectator
        .game()
        .position()
        .parse_wire_move("e2e4")
        .expect("2017 art. 1.2: e2-e4 opens");
    let heard = spectator.play(opening).expect("the server's move");
    assert!(heard.contains(&BoardEvent::Sound(Sound::Move)));
    spectator.update(BoardMsg::GoTo(0));
    assert!(spectator.is_browsing());
    let reply = spectator.game().legal_moves()[0];
    spectator.play(reply).expect("the server's next move");
    assert!(
        !spectator.is_browsing(),
        "a move played shows the live position"
    );
    assert!(drag(&mut spectator, "d2", Some("d4")).is_empty());
}

/// The click-click and drag gestures: a second press on the piece held lets it go, an
/// illegal drop or a drop off the board puts it back, a press elsewhere takes another.
#[test]
fn gestures_pick_up_let_go_and_snap_back() {
    let mut b = board(Ruleset::Chess, Movable::Both);
    b.update(BoardMsg::SquareDown(sq("g1")));
    b.update(BoardMsg::SquareUp {
        over: Some(sq("g1")),
        dragged: false,
    });
    assert_eq!(b.selected(), Some(sq("g1")));
    b.update(BoardMsg::SquareDown(sq("g1")));
    b.update(BoardMsg::SquareUp {
        over: Some(sq("g1")),
        dragged: false,
    });
    assert_eq!(b.selected(), None, "a second click lets go");
    assert!(drag(&mut b, "e2", Some("e5")).is_empty(), "no such move");
    assert_eq!(b.selected(), None, "the piece went back");
    assert!(drag(&mut b, "e2", None).is_empty(), "dropped off the board");
    assert_eq!(b.selected(), None);
    b.update(BoardMsg::SquareDown(sq("g1")));
    b.update(BoardMsg::SquareDown(sq("b1")));
    assert_eq!(
        b.selected(),
        Some(sq("b1")),
        "a press on another piece takes it"
    );
    b.update(BoardMsg::Deselect);
    assert_eq!(b.selected(), None, "Escape lets go");
}

/// FIDE: a pawn reaching the last rank offers four pieces; nothing is made before the
/// choice, the board is frozen meanwhile, and a cancelled choice makes nothing.
#[test]
fn promotion_waits_for_the_choice() {
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut b = from_fen(fen, Ruleset::Chess, Movable::Only(Color::White));
    assert!(click(&mut b, "b7", "b8").is_empty());
    let choice = b.promotion().expect("a picker").clone();
    assert_eq!(
        choice.roles,
        [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
    );
    let picker = promotion_view(&b).expect("shown");
    assert_eq!(picker.color, Color::White);
    assert_eq!(picker.choices[3].1, "wN");
    assert!(!b.can_move(), "frozen while the picker is open");
    assert!(b.update(BoardMsg::SquareDown(sq("e1"))).is_empty());
    assert_eq!(b.selected(), None);
    let events = b.update(BoardMsg::Promote(Role::Knight));
    assert_eq!(moves(&events), ["b7b8n"]);
    assert_eq!(b.promotion(), None);

    let mut b = from_fen(fen, Ruleset::Chess, Movable::Only(Color::White));
    drag(&mut b, "b7", Some("b8"));
    b.update(BoardMsg::CancelPromotion);
    assert_eq!(b.promotion(), None);
    assert!(
        b.update(BoardMsg::Promote(Role::Queen)).is_empty(),
        "no choice is open"
    );
    assert!(b.can_move());
}

/// Folk rules: a pawn becomes a queen only, so the move is made at once.
#[test]
fn folk_promotion_is_made_at_once() {
    let fen = "4k3/1P5p/8/8/8/8/7P/4K3 w - - 0 40";
    let mut b = from_fen(fen, Ruleset::MongolianFolk, Movable::Both);
    let events = click(&mut b, "b7", "b8");
    assert_eq!(moves(&events), ["b7b8q"]);
    assert_eq!(b.promotion(), None);
}

/// The typed box: a move in SAN, long form or coordinates is made as on the board; one
/// typed when it cannot be made says why; a question about the board is answered by the
/// board, one about the turn or the clocks is asked of the host.
#[test]
fn typed_moves_and_questions() {
    let mut b = board(Ruleset::Chess, Movable::Only(Color::White));
    assert_eq!(moves(&b.update(BoardMsg::Typed("Nf3".into()))), ["g1f3"]);
    assert_eq!(moves(&b.update(BoardMsg::Typed("g1-f3".into()))), ["g1f3"]);
    assert_eq!(moves(&b.update(BoardMsg::Typed(" e2e4 ".into()))), ["e2e4"]);
    assert_eq!(b.typed_reply(), None, "a move made needs no answer");
    assert!(b.update(BoardMsg::Typed("e5".into())).is_empty());
    assert_eq!(
        b.typed_reply().map(|r| &r.answer),
        Some(&Answer::Unknown("e5".into())),
        "no White pawn goes to e5"
    );
    b.update(BoardMsg::Typed("where knights".into()));
    let Some(Answer::Pieces { sides, .. }) = b.typed_reply().map(|r| &r.answer) else {
        panic!("{:?}", b.typed_reply())
    };
    assert_eq!(sides[0], (Color::White, vec![sq("b1"), sq("g1")]));
    assert_eq!(
        b.update(BoardMsg::Typed("turn".into())),
        [BoardEvent::Ask(HostQuestion::Turn)]
    );
    assert_eq!(
        b.update(BoardMsg::Typed("clocks".into())),
        [BoardEvent::Ask(HostQuestion::Clocks)]
    );
    b.answer(Answer::Clocks(None));
    assert_eq!(
        b.typed_reply(),
        Some(&TypedReply {
            game: GameKind::Board8(Ruleset::Chess),
            answer: Answer::Clocks(None)
        })
    );

    // Black's turn: the player's typed move waits, and says why.
    let e4 = b.game().position().parse_wire_move("e2e4").expect("a move");
    b.play(e4).expect("legal");
    assert!(b.update(BoardMsg::Typed("e5".into())).is_empty());
    assert_eq!(
        b.typed_reply().map(|r| &r.answer),
        Some(&Answer::NotYourTurn)
    );
    // Browsing: a move is for the live position.
    b.set_movable(Movable::Both);
    b.update(BoardMsg::Navigate(Nav::First));
    assert!(b.update(BoardMsg::Typed("e5".into())).is_empty());
    assert_eq!(b.typed_reply().map(|r| &r.answer), Some(&Answer::Browsing));
    b.update(BoardMsg::Navigate(Nav::Last));
    assert_eq!(moves(&b.update(BoardMsg::Typed("e5".into()))), ["e7e5"]);
    b.update(BoardMsg::Typed("last".into()));
    assert!(matches!(
        b.typed_reply().map(|r| &r.answer),
        Some(Answer::Last(Some(said))) if said.to == sq("e4")
    ));
}

/// Mate ends the game with its sound; a typed move after an ending off the board (a
/// resignation) is refused as such.
#[test]
fn the_end_sounds_and_a_typed_move_after_it_says_so() {
    // White mates with Rb8#.
    let fen = "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1";
    let mut b = from_fen(fen, Ruleset::Chess, Movable::Both);
    let events = b.update(BoardMsg::Typed("Rb8".into()));
    let heard = host_plays(&mut b, &events);
    assert_eq!(
        heard.first(),
        Some(&BoardEvent::Sound(Sound::End)),
        "{heard:?}"
    );
    assert!(!b.can_move());

    let mut b = board(Ruleset::Chess, Movable::Both);
    b.change(|game| game.set_outcome(Outcome::win(Color::Black, EndReason::Resignation)));
    assert!(b.update(BoardMsg::Typed("e4".into())).is_empty());
    assert_eq!(b.typed_reply().map(|r| &r.answer), Some(&Answer::GameOver));
}

/// The keys that step through a game (Home, End and the arrows), and where they lead: to
/// the start, back and forth a move at a time, to the live position; going to a ply lets
/// go of the piece in hand, and no piece moves while an earlier position is shown.
#[test]
fn keyboard_navigation_steps_through_the_game() {
    let keys: Vec<Option<Nav>> = ["Home", "ArrowLeft", "ArrowRight", "End", "ArrowUp", "a"]
        .into_iter()
        .map(Nav::from_key)
        .collect();
    assert_eq!(
        keys,
        [
            Some(Nav::First),
            Some(Nav::Prev),
            Some(Nav::Next),
            Some(Nav::Last),
            None,
            None
        ]
    );
    let mut b = board(Ruleset::Chess, Movable::Both);
    for (from, to) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")] {
        let events = click(&mut b, from, to);
        host_plays(&mut b, &events);
    }
    assert_eq!((b.shown_ply(), b.cursor()), (3, None));
    b.update(BoardMsg::SquareDown(sq("b8")));
    assert_eq!(b.selected(), Some(sq("b8")));
    b.update(BoardMsg::Navigate(Nav::Prev));
    assert_eq!(b.shown_ply(), 2);
    assert_eq!(b.selected(), None, "stepping lets go");
    assert!(b.is_browsing());
    assert!(
        click(&mut b, "b8", "c6").is_empty(),
        "no move in an earlier position"
    );
    b.update(BoardMsg::Navigate(Nav::First));
    assert_eq!(b.shown_ply(), 0);
    b.update(BoardMsg::Navigate(Nav::Prev));
    assert_eq!(b.shown_ply(), 0, "nothing before the start");
    b.update(BoardMsg::Navigate(Nav::Next));
    assert_eq!(b.shown_ply(), 1);
    b.update(BoardMsg::GoTo(99));
    assert_eq!(
        (b.shown_ply(), b.cursor()),
        (3, None),
        "clamped: the live game"
    );
    b.update(BoardMsg::GoTo(1));
    b.update(BoardMsg::Navigate(Nav::Last));
    assert!(!b.is_browsing());
    assert_eq!(moves(&click(&mut b, "b8", "c6")), ["b8c6"]);
}

/// The sounds of moves played: a capture, a check, and the end.
#[test]
fn a_played_move_sounds_as_it_is() {
    let mut b = from_fen(
        "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1",
        Ruleset::Chess,
        Movable::Both,
    );
    let capture = b.game().position().parse_wire_move("e4d5").expect("a move");
    let heard = b.play(capture).expect("legal");
    assert_eq!(heard[0], BoardEvent::Sound(Sound::Capture));
    let reply = b.game().position().parse_wire_move("e8d7").expect("a move");
    b.play(reply).expect("legal");
    let check = b.game().position().parse_wire_move("a1a7").expect("a move");
    assert_eq!(
        b.play(check).expect("legal")[0],
        BoardEvent::Sound(Sound::Check)
    );
    // A move the record refuses is an error, and says nothing.
    let wrong = b.game().legal_moves()[0];
    let mut other = board(Ruleset::Chess, Movable::Both);
    assert!(other.play(wrong).is_err());
    assert_eq!(other.game().len(), 0);
}
