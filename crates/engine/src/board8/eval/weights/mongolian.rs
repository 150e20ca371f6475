//! Evaluation weights for `mongolian`, written by `shatar-tune`. Do not edit by hand: rerun
//! the tuner (crates/tune/README.md).
//!
//! command: `shatar-tune fit --ruleset mongolian --data /work/tune-data/mongolian-2.txt /work/tune-data/mongolian-3.txt --out crates/engine/src/board8/eval/weights/mongolian.rs --start builtin --lambda 0.5 --l2 0 --epochs 400 --lr 2`
//! data: /work/tune-data/mongolian-2.txt, /work/tune-data/mongolian-3.txt (1101824 training positions, the last 122424 held out for validation)
//!   /work/tune-data/mongolian-2.txt: `shatar-tune selfplay --ruleset mongolian --games 100000 --minutes 40 --nodes 5000 --threads 2 --seed 2 --out /work/tune-data/mongolian-2.txt`: 7345 games (+2825 =2302 -2218 for White), 693325 positions, 2401 s, 2026-12-03
//!   /work/tune-data/mongolian-3.txt: `shatar-tune selfplay --ruleset mongolian --games 100000 --minutes 45 --nodes 8000 --threads 2 --seed 3 --out /work/tune-data/mongolian-3.txt`: 5442 games (+2038 =1867 -1537 for White), 530923 positions, 2700 s, 2026-12-03
//! date: 2026-12-03; from `builtin`; K = 1.1683; lambda 0.5; L2 0; file + rank square tables; best of 400 epochs on validation: 40
//! loss (mean squared error): train 0.027049 -> 0.026696, validation 0.027378 -> 0.027038

use super::super::{Weights, s};

#[rustfmt::skip]
pub static WEIGHTS: Weights = [
    // MATERIAL (5): pawn knight bishop rook queen
    s(  76,  100), s( 355,  285), s( 380,  300), s( 532,  505), s(1210,  848),
    // PST (384): role (P N B R Q K) * 64 + square from the owner's side (a1 = 0, h8 = 63)
    // pawn, a1..h1 first
    s( -10,    2), s(  -8,   -1), s(  -2,   -3), s(   9,   -9), s(   2,   -5), s(   8,   -3), s(   0,    3), s(  -8,   -5),
    s( -18,    7), s( -16,    5), s( -10,    3), s(   0,   -5), s(  -7,    1), s(   0,    1), s(  -9,    8), s( -16,    1),
    s( -14,    3), s( -11,    1), s(  -6,   -1), s(  15,   -9), s(   8,   -4), s(   5,   -3), s(  -5,    4), s( -12,   -4),
    s(  -5,   10), s(  -1,    8), s(   5,    5), s(  24,   -2), s(  18,    4), s(  15,    4), s(   5,   11), s(  -2,    3),
    s(   0,    6), s(   3,    3), s(   9,    1), s(  29,   -5), s(  22,   -1), s(  18,    1), s(  10,    7), s(   2,   -1),
    s(   7,   27), s(  12,   24), s(  17,   22), s(  27,   15), s(  20,   21), s(  28,   21), s(  18,   28), s(  11,   20),
    s(  32,   29), s(  34,   26), s(  40,   25), s(  50,   17), s(  43,   23), s(  50,   24), s(  41,   30), s(  34,   21),
    s( -10,    2), s(  -8,   -1), s(  -2,   -3), s(   9,   -9), s(   2,   -5), s(   8,   -3), s(   0,    3), s(  -8,   -5),
    // knight, a1..h1 first
    s(  -1,   -9), s(  10,   -9), s(   7,   -7), s(  18,   -7), s(  20,  -10), s(  15,  -18), s(  13,  -17), s(   4,  -11),
    s(   6,  -17), s(  17,  -17), s(  14,  -15), s(  24,  -15), s(  26,  -18), s(  21,  -25), s(  20,  -25), s(  11,  -19),
    s(   9,   -8), s(  20,   -7), s(  16,   -5), s(  27,   -4), s(  29,   -8), s(  24,  -15), s(  23,  -14), s(  14,   -9),
    s(  21,    0), s(  32,    0), s(  29,    2), s(  39,    2), s(  41,   -1), s(  36,   -9), s(  35,   -7), s(  26,   -1),
    s(  26,    1), s(  37,    1), s(  33,    3), s(  43,    4), s(  46,    1), s(  41,   -8), s(  40,   -5), s(  30,    0),
    s(  34,   -3), s(  44,   -4), s(  42,   -2), s(  52,   -1), s(  54,   -5), s(  49,  -12), s(  48,  -11), s(  39,   -5),
    s(   2,    4), s(  12,    3), s(   9,    6), s(  20,    6), s(  22,    2), s(  16,   -5), s(  15,   -4), s(   6,    3),
    s( -32,   -2), s( -22,   -2), s( -26,    0), s( -15,    0), s( -12,   -3), s( -16,  -11), s( -17,   -8), s( -28,   -4),
    // bishop, a1..h1 first
    s(  20,  -27), s(  24,  -24), s(  20,  -19), s(  18,  -12), s(  20,  -15), s(  17,  -24), s(  23,  -22), s(  12,  -33),
    s(  24,  -34), s(  28,  -31), s(  25,  -26), s(  23,  -17), s(  25,  -21), s(  22,  -30), s(  27,  -29), s(  16,  -41),
    s(  27,  -22), s(  31,  -19), s(  27,  -15), s(  25,   -8), s(  27,  -10), s(  25,  -19), s(  29,  -18), s(  19,  -29),
    s(  27,  -15), s(  31,  -12), s(  28,   -7), s(  26,    1), s(  28,   -2), s(  25,  -12), s(  30,  -10), s(  19,  -21),
    s(  28,  -14), s(  31,  -12), s(  27,   -7), s(  25,    1), s(  27,   -3), s(  24,  -12), s(  30,  -11), s(  20,  -22),
    s(  24,  -15), s(  29,  -12), s(  25,   -8), s(  22,    0), s(  23,   -3), s(  21,  -13), s(  27,  -11), s(  16,  -21),
    s(   4,  -10), s(   8,   -8), s(   4,   -3), s(   2,    5), s(   4,    1), s(   2,   -7), s(   6,   -7), s(  -5,  -17),
    s(  -7,  -10), s(  -3,   -8), s(  -6,   -4), s(  -8,    4), s(  -8,    1), s(  -9,   -9), s(  -4,   -7), s( -16,  -17),
    // rook, a1..h1 first
    s(  11,  -18), s(  11,  -25), s(  16,  -24), s(  21,  -26), s(  18,  -22), s(  21,  -27), s(  10,  -25), s(  13,  -27),
    s( -10,  -15), s( -11,  -22), s(  -5,  -21), s(   0,  -23), s(  -4,  -18), s(  -1,  -22), s( -11,  -21), s(  -9,  -23),
    s(   9,  -17), s(   7,  -24), s(  12,  -23), s(  18,  -25), s(  13,  -21), s(  17,  -25), s(   7,  -24), s(   9,  -26),
    s(  18,  -13), s(  16,  -20), s(  21,  -17), s(  28,  -19), s(  25,  -15), s(  27,  -20), s(  17,  -20), s(  19,  -22),
    s(  36,  -11), s(  34,  -17), s(  39,  -16), s(  45,  -18), s(  42,  -15), s(  44,  -19), s(  34,  -18), s(  36,  -19),
    s(  55,  -15), s(  52,  -22), s(  58,  -20), s(  63,  -22), s(  60,  -18), s(  64,  -22), s(  52,  -22), s(  55,  -24),
    s(  50,  -13), s(  48,  -20), s(  53,  -17), s(  60,  -19), s(  57,  -15), s(  59,  -20), s(  49,  -19), s(  50,  -21),
    s(  51,   -4), s(  48,   -9), s(  54,   -8), s(  61,  -10), s(  56,   -7), s(  60,  -11), s(  49,  -10), s(  52,  -12),
    // queen, a1..h1 first
    s(  60, -134), s(  54, -118), s(  57, -120), s(  58, -109), s(  62, -109), s(  50, -103), s(  58, -120), s(  51, -115),
    s(  56, -104), s(  49,  -88), s(  52,  -90), s(  54,  -79), s(  58,  -79), s(  47,  -74), s(  54,  -91), s(  47,  -86),
    s(  56,  -69), s(  49,  -53), s(  53,  -54), s(  54,  -43), s(  58,  -44), s(  47,  -38), s(  53,  -55), s(  47,  -49),
    s(  44,  -33), s(  38,  -17), s(  41,  -18), s(  43,   -8), s(  46,   -8), s(  35,   -2), s(  43,  -19), s(  35,  -14),
    s(  60,  -40), s(  54,  -24), s(  56,  -25), s(  59,  -15), s(  62,  -15), s(  51,   -9), s(  58,  -26), s(  52,  -21),
    s(  69,  -53), s(  62,  -37), s(  66,  -39), s(  68,  -28), s(  71,  -28), s(  60,  -23), s(  68,  -39), s(  60,  -34),
    s(  46,  -37), s(  38,  -21), s(  42,  -22), s(  44,  -11), s(  48,  -11), s(  36,   -6), s(  43,  -23), s(  36,  -18),
    s(  59,  -60), s(  53,  -44), s(  56,  -46), s(  58,  -35), s(  61,  -35), s(  50,  -31), s(  57,  -48), s(  51,  -42),
    // king, a1..h1 first
    s( -18,  -35), s(   9,  -29), s(  -6,  -17), s( -14,  -14), s( -15,  -13), s(  -4,  -14), s(  21,  -25), s(  13,  -34),
    s( -27,  -21), s(   1,  -15), s( -14,   -3), s( -22,   -1), s( -25,    1), s( -12,   -1), s(  12,  -11), s(   4,  -22),
    s( -41,  -15), s( -14,   -9), s( -29,    3), s( -37,    7), s( -39,    7), s( -27,    4), s(  -3,   -5), s( -10,  -15),
    s( -99,    0), s( -72,    6), s( -86,   18), s( -96,   21), s( -97,   22), s( -84,   20), s( -60,   10), s( -68,   -1),
    s( -96,    7), s( -67,   14), s( -83,   25), s( -90,   28), s( -92,   30), s( -80,   26), s( -57,   16), s( -64,    7),
    s(-108,   15), s( -81,   20), s( -96,   32), s(-105,   36), s(-106,   35), s( -94,   34), s( -70,   24), s( -77,   15),
    s( -53,   -4), s( -27,    2), s( -42,   14), s( -50,   17), s( -51,   18), s( -40,   16), s( -15,    6), s( -23,   -4),
    s(   3,  -33), s(  30,  -27), s(  16,  -15), s(   7,  -12), s(   6,  -11), s(  17,  -12), s(  42,  -23), s(  34,  -33),
    // KNIGHT_MOBILITY (9): squares reached in the mobility area
    s(  -1,  -69), s(  -4,  -39), s(   6,  -31), s(   8,   -6), s(  12,    1), s(  11,   13), s(  16,   15), s(  20,   17), s(  26,    0),
    // BISHOP_MOBILITY (14): squares reached in the mobility area
    s(  -4,  -36), s(  -7,  -43), s(  -2,  -40), s(  -1,  -16), s(   4,  -11), s(   7,    1), s(   9,    2),
    s(  10,    5), s(  19,    5), s(  23,   10), s(  13,    9), s(  12,    9), s(  22,    4), s(  29,    0),
    // ROOK_MOBILITY (15): squares reached in the mobility area
    s( -28,  -88), s(  -5,  -67), s(  -4,  -38), s(  -6,  -18), s(  -4,  -11), s(   0,   -1), s(   2,    2), s(   1,    6),
    s(   3,   13), s(   3,   17), s(   7,   17), s(   9,   19), s(  28,   13), s(  23,   18), s(  67,   -4),
    // QUEEN_MOBILITY (28): squares reached in the mobility area
    s(  -9,  -23), s(  15,  -62), s(  -8,  -83), s(  -2,  -30), s(  -4,  -73), s(   0,   -1), s(   2,   -1),
    s(   3,    9), s(   5,   16), s(   8,   14), s(   8,   16), s(   9,   25), s(  13,   22), s(  12,   28),
    s(  16,   28), s(  10,   34), s(  25,   23), s(  10,   29), s(  28,   19), s(  42,    2), s(  60,  -18),
    s( 119,  -63), s( 134,  -87), s( 147, -124), s(  97,  -80), s( 121, -148), s(  -9,  -54), s(  16,  -52),
    // KING_ZONE_ATTACKS (4): by knight bishop rook queen, per attacked square of the enemy king zone
    s(   1,    0), s(   2,    4), s(   1,    8), s(   5,   12),
    // KING_ATTACKERS (8): number of pieces attacking the enemy king zone (7 = 7 or more)
    s( -29,    6), s(   9,   -6), s(  21,   -4), s(  16,   11), s(  12,   17), s(  61,  -11), s(  60,    0), s(  70,    0),
    // SAFE_CHECKS (4): by knight bishop rook queen, per safe checking square
    s(  52,   -4), s(  25,    7), s(  69,   -8), s(  35,   -8),
    // PAWN_SHIELD (4): own pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  12,   -5), s(   7,   -4), s(   4,  -15), s(   0,   10),
    // PAWN_STORM (4): enemy pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  18,   -9), s( -19,    0), s(  -8,   -2), s(  -9,    2),
    // KING_OPEN_FILE (1): files next to the king without pawns
    s(  -9,  -12),
    // PASSED (8): passed pawn by rank from its owner's side
    s(   0,    0), s(  43,   15), s(  28,   12), s( -28,   29), s(  48,   28), s( 126,   25), s(  97,  123), s(   0,    0),
    // PASSED_BLOCKED (8): passed pawn whose stop square is occupied, by rank
    s(   0,    0), s(  -1,  -15), s(  10,   -6), s( -19,    1), s(   5,    2), s( -33,   11), s( -84,  -10), s(   0,    0),
    // PASSED_OWN_KING (8): per square of distance from the own king to the stop square, by rank
    s(   0,    0), s( -11,    4), s(   0,   -4), s(  15,  -14), s(   0,  -12), s(  -5,  -17), s(   3,  -23), s(   0,    0),
    // PASSED_THEIR_KING (8): per square of distance from the enemy king to the stop square, by rank
    s(   0,    0), s(  -2,   -7), s( -11,    5), s(  -7,   13), s( -15,   27), s( -19,   40), s( -10,   39), s(   0,    0),
    // DOUBLED (1): pawn with an own pawn behind it
    s(   0,  -20),
    // ISOLATED (1): pawn without own pawns on the next files
    s( -13,   -3),
    // BACKWARD (1): pawn that no own pawn can support and whose stop square an enemy pawn guards
    s(  -4,  -17),
    // SUPPORTED (8): pawn protected by an own pawn, by rank
    s(   0,    0), s(   0,    0), s(  13,    8), s(  11,    7), s(   7,   22), s(  35,   36), s( 185,    5), s(   0,    0),
    // PHALANX (8): pawn beside an own pawn, by rank
    s(   0,    0), s(   5,    2), s(   7,    4), s(   8,    8), s(  19,   26), s(  40,   59), s( 114,  172), s(   0,    0),
    // BISHOP_PAIR (1): bishops on both colours
    s(  24,   56),
    // ROOK_OPEN_FILE (1): rook on a file without pawns
    s(  35,    1),
    // ROOK_HALF_OPEN_FILE (1): rook on a file with enemy pawns only
    s(  17,    2),
    // OUTPOST (2): knight, bishop on a pawn-protected square no enemy pawn can attack
    s(  15,    7), s(  11,    6),
    // THREAT_BY_PAWN (4): enemy knight bishop rook queen attacked by a pawn
    s(  37,   15), s(  32,   43), s(  52,    8), s(  29,    6),
    // THREAT_BY_MINOR (5): enemy pawn knight bishop rook queen attacked by a knight or bishop
    s(   2,   12), s(  16,   21), s(  26,   21), s(  51,    2), s(  35,   -2),
    // THREAT_BY_ROOK (5): enemy pawn knight bishop rook queen attacked by a rook
    s(  -9,   22), s(   3,   25), s(  14,   12), s(  91,   16), s(  40,   15),
    // HANGING (1): enemy piece attacked and not defended
    s(  13,   14),
    // KING_DANGER (16): attack units on the enemy king: zone attackers (knight, bishop 2, rook 3, queen 5) plus safe checks (15 = 15 or more)
    s(  32,   -4), s(   5,    7), s(  -9,    9), s( -21,    5), s( -19,    3), s( -18,   -4), s( -21,   -7), s( -21,   -1),
    s( -29,    1), s(  -8,    0), s(  -7,   -2), s(  47,  -46), s(  25,  -16), s(  14,    4), s( -29,   -7), s( -52,  -24),
    // PASSED_FREE (8): passed pawn with no piece ahead of it on its file, by rank
    s(   0,    0), s(  -5,    0), s(   3,    4), s(  -8,   15), s(   7,   16), s(  40,   15), s(  88,  -19), s(   0,    0),
    // KING_WEAK_SQUARES (1): squares of the enemy king zone we attack that only its king or queen defends, and not twice
    s(   5,   -5),
    // KING_FLANK_ATTACKS (1): our attacks on the enemy king's four files in its first five ranks, twice-attacked squares counting twice
    s(   2,   -1),
    // PINNED (5): own pawn knight bishop rook queen alone between the own king and an enemy slider
    s( -14,   11), s( -18,  -40), s( -25,  -40), s( -25,  -19), s( -31,  -37),
    // KING_PROTECTOR (2): knight, bishop: squares of distance to the own king
    s(   0,   -5), s(  -3,   -1),
    // BISHOP_PAWNS (1): own pawns on the bishop's colour, per bishop
    s(  -2,    0),
    // LONG_DIAGONAL_BISHOP (1): bishop seeing both centre squares of a long diagonal through the pawns
    s(   4,    7),
    // MINOR_BEHIND_PAWN (1): knight or bishop with a pawn just ahead
    s(   2,   10),
    // ROOK_ON_QUEEN_FILE (1): rook on the enemy queen's file
    s(   2,  -11),
    // THREAT_BY_KING (1): the king attacks a weak enemy piece
    s(   5,   12),
    // RESTRICTED (1): squares both sides attack that the enemy does not protect strongly
    s(   3,    1),
    // THREAT_BY_PAWN_PUSH (1): enemy knight, bishop, rook or queen a safe pawn step would attack
    s(  12,   13),
    // SPACE (1): safe squares on files c to f, ranks 2 to 4; behind our pawns count twice
    s(   0,    0),
    // TEMPO (1): the side to move
    s(  11,    9),
];
