//! Evaluation weights for `mongolian`, written by `shatar-tune`. Do not edit by hand: rerun
//! the tuner (crates/tune/README.md).
//!
//! command: `shatar-tune fit --ruleset mongolian --data /work/tune-data/mongolian-2.txt --out crates/engine/src/board8/eval/weights/mongolian.rs --start builtin --lambda 0.5 --l2 0 --epochs 400 --lr 2`
//! data: /work/tune-data/mongolian-2.txt (623993 training positions, the last 69332 held out for validation)
//!   /work/tune-data/mongolian-2.txt: `shatar-tune selfplay --ruleset mongolian --games 100000 --minutes 40 --nodes 5000 --threads 2 --seed 2 --out /work/tune-data/mongolian-2.txt`: 7345 games (+2825 =2302 -2218 for White), 693325 positions, 2401 s, 2026-12-03
//! date: 2026-12-03; from `builtin`; K = 1.1272; lambda 0.5; L2 0; file + rank square tables; best of 400 epochs on validation: 400
//! loss (mean squared error): train 0.028176 -> 0.026875, validation 0.028370 -> 0.027501

use super::super::{Weights, s};

#[rustfmt::skip]
pub static WEIGHTS: Weights = [
    // MATERIAL (5): pawn knight bishop rook queen
    s(  76,  103), s( 356,  282), s( 375,  301), s( 535,  511), s(1176,  875),
    // PST (384): role (P N B R Q K) * 64 + square from the owner's side (a1 = 0, h8 = 63)
    // pawn, a1..h1 first
    s( -12,    3), s(  -7,    0), s(   1,   -3), s(   9,   -7), s(   3,   -3), s(   4,   -1), s(   0,    6), s( -12,   -3),
    s( -21,    7), s( -16,    5), s(  -8,    2), s(  -1,   -3), s(  -7,    2), s(  -5,    3), s( -10,   10), s( -21,    2),
    s( -16,    5), s( -10,    3), s(  -3,    0), s(  15,   -5), s(   9,   -1), s(   1,    1), s(  -5,    8), s( -16,   -1),
    s(  -5,   12), s(   2,   10), s(   9,    7), s(  26,    2), s(  21,    7), s(  13,    8), s(   7,   15), s(  -4,    6),
    s(   1,    5), s(   6,    2), s(  14,   -1), s(  32,   -5), s(  26,   -1), s(  17,    1), s(  13,    8), s(   1,   -1),
    s(   8,   26), s(  15,   23), s(  22,   21), s(  29,   16), s(  23,   21), s(  26,   22), s(  20,   29), s(   9,   20),
    s(  20,   31), s(  25,   28), s(  33,   26), s(  40,   20), s(  34,   26), s(  36,   27), s(  31,   34), s(  20,   24),
    s( -12,    3), s(  -7,    0), s(   1,   -3), s(   9,   -7), s(   3,   -3), s(   4,   -1), s(   0,    6), s( -12,   -3),
    // knight, a1..h1 first
    s(   2,   -6), s(  12,    0), s(  10,   -1), s(  24,   -1), s(  25,   -5), s(  18,  -12), s(  16,   -8), s(   7,   -8),
    s(   6,  -15), s(  16,   -9), s(  14,  -10), s(  27,  -10), s(  28,  -14), s(  21,  -20), s(  20,  -17), s(  11,  -17),
    s(   9,  -15), s(  19,   -8), s(  17,   -9), s(  30,   -9), s(  31,  -13), s(  24,  -20), s(  23,  -16), s(  15,  -17),
    s(  15,   -7), s(  25,   -1), s(  23,   -2), s(  36,   -2), s(  37,   -6), s(  30,  -13), s(  29,   -8), s(  20,   -9),
    s(  22,   -5), s(  32,    1), s(  30,    0), s(  42,    0), s(  44,   -3), s(  37,  -11), s(  36,   -6), s(  27,   -7),
    s(  22,  -12), s(  31,   -7), s(  30,   -8), s(  43,   -8), s(  44,  -12), s(  37,  -18), s(  36,  -14), s(  27,  -15),
    s(  -1,  -20), s(   9,  -15), s(   7,  -15), s(  21,  -16), s(  22,  -20), s(  14,  -26), s(  13,  -22), s(   4,  -22),
    s( -41,  -21), s( -32,  -15), s( -34,  -16), s( -20,  -17), s( -19,  -20), s( -25,  -27), s( -26,  -22), s( -36,  -24),
    // bishop, a1..h1 first
    s(  13,  -29), s(  19,  -18), s(  20,  -17), s(  15,  -11), s(  16,  -13), s(  19,  -19), s(  20,  -19), s(  12,  -32),
    s(  22,  -33), s(  29,  -22), s(  31,  -22), s(  25,  -14), s(  26,  -17), s(  29,  -22), s(  30,  -24), s(  21,  -37),
    s(  23,  -22), s(  30,  -11), s(  31,  -11), s(  25,   -5), s(  26,   -6), s(  30,  -12), s(  30,  -13), s(  22,  -26),
    s(  15,  -16), s(  22,   -5), s(  24,   -5), s(  18,    2), s(  19,    0), s(  22,   -6), s(  23,   -7), s(  14,  -19),
    s(  19,  -14), s(  25,   -4), s(  26,   -3), s(  20,    4), s(  21,    1), s(  24,   -4), s(  26,   -6), s(  18,  -19),
    s(  12,  -13), s(  19,   -2), s(  20,   -2), s(  14,    5), s(  14,    3), s(  18,   -3), s(  19,   -4), s(  11,  -16),
    s(  -2,  -15), s(   5,   -5), s(   6,   -4), s(   0,    3), s(   1,    0), s(   5,   -5), s(   5,   -7), s(  -3,  -19),
    s(   6,  -22), s(  13,  -12), s(  15,  -12), s(   9,   -5), s(   9,   -7), s(  13,  -13), s(  14,  -14), s(   5,  -26),
    // rook, a1..h1 first
    s(  10,  -10), s(  13,  -17), s(  16,  -19), s(  16,  -17), s(  20,  -16), s(  16,  -20), s(   6,  -18), s(   9,  -20),
    s(  -5,  -13), s(  -3,  -20), s(   1,  -22), s(   1,  -20), s(   4,  -18), s(   0,  -21), s(  -9,  -20), s(  -6,  -22),
    s(   4,  -10), s(   5,  -17), s(   9,  -19), s(   9,  -17), s(  12,  -16), s(   8,  -18), s(  -1,  -18), s(   2,  -20),
    s(  13,   -7), s(  14,  -14), s(  18,  -15), s(  19,  -13), s(  23,  -12), s(  18,  -15), s(   9,  -15), s(  12,  -17),
    s(  28,   -6), s(  29,  -12), s(  33,  -14), s(  33,  -12), s(  37,  -12), s(  32,  -14), s(  23,  -14), s(  26,  -15),
    s(  48,   -9), s(  49,  -16), s(  53,  -17), s(  53,  -15), s(  57,  -14), s(  53,  -17), s(  43,  -17), s(  46,  -19),
    s(  51,   -9), s(  52,  -16), s(  56,  -17), s(  57,  -15), s(  61,  -14), s(  56,  -17), s(  47,  -16), s(  49,  -18),
    s(  64,   -1), s(  65,   -7), s(  69,   -9), s(  70,   -7), s(  73,   -7), s(  69,   -9), s(  60,   -9), s(  63,  -10),
    // queen, a1..h1 first
    s(  63, -122), s(  52, -100), s(  53, -100), s(  57,  -95), s(  64, -101), s(  59, -102), s(  60, -113), s(  53,  -94),
    s(  57,  -91), s(  45,  -69), s(  46,  -69), s(  51,  -64), s(  58,  -70), s(  54,  -72), s(  54,  -83), s(  47,  -63),
    s(  59,  -63), s(  47,  -41), s(  48,  -41), s(  53,  -35), s(  59,  -42), s(  56,  -43), s(  55,  -54), s(  49,  -34),
    s(  41,  -27), s(  30,   -5), s(  30,   -5), s(  36,    0), s(  42,   -6), s(  38,   -7), s(  39,  -18), s(  31,    1),
    s(  58,  -33), s(  47,  -11), s(  47,  -11), s(  53,   -6), s(  59,  -12), s(  55,  -13), s(  56,  -24), s(  49,   -5),
    s(  65,  -52), s(  53,  -30), s(  54,  -31), s(  60,  -25), s(  66,  -31), s(  62,  -33), s(  63,  -43), s(  55,  -24),
    s(  39,  -23), s(  27,   -1), s(  28,   -1), s(  33,    5), s(  40,   -1), s(  36,   -3), s(  36,  -14), s(  29,    5),
    s(  71,  -53), s(  60,  -31), s(  61,  -32), s(  66,  -26), s(  72,  -32), s(  68,  -35), s(  69,  -46), s(  62,  -26),
    // king, a1..h1 first
    s( -23,  -38), s(   7,  -29), s(   3,  -18), s( -12,  -12), s( -16,  -11), s(  -5,  -13), s(  14,  -26), s(   3,  -33),
    s( -29,  -25), s(   1,  -16), s(  -3,   -5), s( -18,    0), s( -23,    2), s( -11,   -1), s(   8,  -13), s(  -3,  -22),
    s( -44,  -21), s( -15,  -12), s( -19,   -1), s( -34,    5), s( -38,    6), s( -27,    2), s(  -8,  -10), s( -18,  -18),
    s(-108,   -5), s( -78,    4), s( -82,   15), s( -98,   21), s(-102,   22), s( -89,   20), s( -71,    7), s( -82,   -2),
    s(-122,    6), s( -91,   16), s( -96,   26), s(-110,   32), s(-115,   34), s(-103,   30), s( -85,   17), s( -95,   10),
    s(-120,   10), s( -90,   19), s( -95,   29), s(-110,   36), s(-114,   36), s(-102,   34), s( -84,   21), s( -94,   14),
    s( -53,   -8), s( -24,    1), s( -28,   12), s( -43,   18), s( -47,   19), s( -36,   17), s( -17,    4), s( -28,   -4),
    s( -41,  -36), s( -11,  -27), s( -15,  -16), s( -30,  -10), s( -34,   -9), s( -23,  -11), s(  -4,  -24), s( -15,  -32),
    // KNIGHT_MOBILITY (9): squares reached in the mobility area
    s(   7,  -53), s(  -5,  -46), s(   3,  -34), s(   6,   -8), s(  10,    0), s(  11,   14), s(  17,   16), s(  20,   20), s(  35,   -5),
    // BISHOP_MOBILITY (14): squares reached in the mobility area
    s(  -4,  -18), s(  -9,  -40), s(  -2,  -40), s(  -4,  -18), s(   1,  -10), s(   4,    4), s(   6,    2),
    s(   8,    7), s(  15,    8), s(  27,   13), s(  16,    8), s(  16,   16), s(  16,   -3), s(  41,    4),
    // ROOK_MOBILITY (15): squares reached in the mobility area
    s( -30,  -89), s(  -4,  -59), s(  -3,  -41), s(  -6,  -22), s(  -3,   -7), s(  -4,    2), s(  -1,    5), s(   1,    6),
    s(   1,   15), s(   2,   18), s(   2,   21), s(   3,   23), s(  23,   16), s(  21,   20), s(  76,   -6),
    // QUEEN_MOBILITY (28): squares reached in the mobility area
    s( -13,  -26), s(   4,  -53), s( -14,  -70), s(  -3,  -15), s(  -5,  -67), s(  -1,   -8), s(   3,  -14),
    s(   1,   20), s(   3,   23), s(   6,   26), s(   8,   25), s(   7,   33), s(  14,   28), s(  15,   31),
    s(  22,   28), s(  19,   36), s(  43,   22), s(  26,   27), s(  30,   18), s(  48,    4), s(  52,  -19),
    s(  90,  -55), s( 121,  -86), s( 111, -118), s(  98,  -75), s(  87, -132), s( -22,  -65), s(   0,  -63),
    // KING_ZONE_ATTACKS (4): by knight bishop rook queen, per attacked square of the enemy king zone
    s(  -4,   -2), s(  -3,    1), s(  -2,    5), s(   2,   11),
    // KING_ATTACKERS (8): number of pieces attacking the enemy king zone (7 = 7 or more)
    s( -31,    6), s(   9,   -6), s(  29,   -4), s(  27,   13), s(  20,   -7), s(  53,  -11), s(  60,    0), s(  70,    0),
    // SAFE_CHECKS (4): by knight bishop rook queen, per safe checking square
    s(  47,   -6), s(  22,    4), s(  57,   -3), s(  32,   -5),
    // PAWN_SHIELD (4): own pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  13,   -5), s(   7,   -3), s(   7,  -16), s(   0,   12),
    // PAWN_STORM (4): enemy pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  28,   -5), s( -18,    0), s(  -8,   -1), s(  -8,    2),
    // KING_OPEN_FILE (1): files next to the king without pawns
    s( -12,  -11),
    // PASSED (8): passed pawn by rank from its owner's side
    s(   0,    0), s(  37,   14), s(  28,    8), s( -29,   27), s(  45,   24), s( 126,   30), s(  87,  124), s(   0,    0),
    // PASSED_BLOCKED (8): passed pawn whose stop square is occupied, by rank
    s(   0,    0), s(  -3,  -21), s(  16,  -17), s( -26,   -3), s(   8,   -2), s( -36,    8), s( -75,  -15), s(   0,    0),
    // PASSED_OWN_KING (8): per square of distance from the own king to the stop square, by rank
    s(   0,    0), s(  -7,    1), s(   4,   -5), s(  17,  -14), s(   1,  -12), s(  -7,  -16), s(   2,  -22), s(   0,    0),
    // PASSED_THEIR_KING (8): per square of distance from the enemy king to the stop square, by rank
    s(   0,    0), s(  -5,   -7), s( -14,    7), s(  -7,   14), s( -15,   29), s( -18,   40), s(  -1,   36), s(   0,    0),
    // DOUBLED (1): pawn with an own pawn behind it
    s(  -2,  -20),
    // ISOLATED (1): pawn without own pawns on the next files
    s( -11,   -3),
    // BACKWARD (1): pawn that no own pawn can support and whose stop square an enemy pawn guards
    s(  -5,  -18),
    // SUPPORTED (8): pawn protected by an own pawn, by rank
    s(   0,    0), s(   0,    0), s(  14,    7), s(  12,    6), s(   6,   21), s(  47,   22), s( 164,   46), s(   0,    0),
    // PHALANX (8): pawn beside an own pawn, by rank
    s(   0,    0), s(   6,    3), s(   8,    2), s(   8,    7), s(  19,   27), s(  34,   55), s( 113,  170), s(   0,    0),
    // BISHOP_PAIR (1): bishops on both colours
    s(  20,   50),
    // ROOK_OPEN_FILE (1): rook on a file without pawns
    s(  34,    5),
    // ROOK_HALF_OPEN_FILE (1): rook on a file with enemy pawns only
    s(  14,    6),
    // OUTPOST (2): knight, bishop on a pawn-protected square no enemy pawn can attack
    s(  19,    1), s(  14,    5),
    // THREAT_BY_PAWN (4): enemy knight bishop rook queen attacked by a pawn
    s(  36,   14), s(  33,   54), s(  48,    2), s(  28,    1),
    // THREAT_BY_MINOR (5): enemy pawn knight bishop rook queen attacked by a knight or bishop
    s(   2,   11), s(  16,   22), s(  23,   19), s(  47,    7), s(  35,   -6),
    // THREAT_BY_ROOK (5): enemy pawn knight bishop rook queen attacked by a rook
    s(  -5,   19), s(   3,   29), s(  11,   19), s(  83,   18), s(  50,   -4),
    // HANGING (1): enemy piece attacked and not defended
    s(  14,   17),
    // KING_DANGER (16): attack units on the enemy king: zone attackers (knight, bishop 2, rook 3, queen 5) plus safe checks (15 = 15 or more)
    s(  28,   -3), s(   1,    8), s(  -8,    7), s( -13,    1), s( -15,    0), s( -15,   -1), s( -17,   -7), s( -21,    5),
    s( -21,   -1), s(  -1,    1), s(  12,  -11), s(  69,  -72), s(  31,    1), s(   0,   10), s( -44,   -8), s( -59,  -24),
    // PASSED_FREE (8): passed pawn with no piece ahead of it on its file, by rank
    s(   0,    0), s(  -1,   -4), s(   4,    2), s(  -3,   11), s(   6,   15), s(  48,    7), s(  65,  -10), s(   0,    0),
    // KING_WEAK_SQUARES (1): squares of the enemy king zone we attack that only its king or queen defends, and not twice
    s(   0,    0),
    // KING_FLANK_ATTACKS (1): our attacks on the enemy king's four files in its first five ranks, twice-attacked squares counting twice
    s(   0,    0),
    // PINNED (5): own pawn knight bishop rook queen alone between the own king and an enemy slider
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // KING_PROTECTOR (2): knight, bishop: squares of distance to the own king
    s(   0,    0), s(   0,    0),
    // BISHOP_PAWNS (1): own pawns on the bishop's colour, per bishop
    s(   0,    0),
    // LONG_DIAGONAL_BISHOP (1): bishop seeing both centre squares of a long diagonal through the pawns
    s(   0,    0),
    // MINOR_BEHIND_PAWN (1): knight or bishop with a pawn just ahead
    s(   0,    0),
    // ROOK_ON_QUEEN_FILE (1): rook on the enemy queen's file
    s(   0,    0),
    // THREAT_BY_KING (1): the king attacks a weak enemy piece
    s(   0,    0),
    // RESTRICTED (1): squares both sides attack that the enemy does not protect strongly
    s(   0,    0),
    // THREAT_BY_PAWN_PUSH (1): enemy knight, bishop, rook or queen a safe pawn step would attack
    s(   0,    0),
    // SPACE (1): safe squares on files c to f, ranks 2 to 4; behind our pawns count twice
    s(   0,    0),
    // TEMPO (1): the side to move
    s(  10,    8),
];
