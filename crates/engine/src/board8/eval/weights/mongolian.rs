//! Evaluation weights for `mongolian`, written by `shatar-tune`. Do not edit by hand: rerun
//! the tuner (crates/tune/README.md).
//!
//! command: `shatar-tune fit --ruleset mongolian --data target/tune/mongolian-1.txt --out crates/engine/src/board8/eval/weights/mongolian.rs`
//! data: target/tune/mongolian-1.txt (247680 training positions, the last 27519 held out for validation)
//!   target/tune/mongolian-1.txt: `shatar-tune selfplay --ruleset mongolian --games 100000 --minutes 15 --nodes 3000 --threads 1 --seed 1 --out /work/tune-data/mongolian-1.txt`: 3134 games (+1379 =642 -1113 for White), 275199 positions, 900 s, 2026-11-29 (equivalently `--games 3134` without `--minutes`: the games are deterministic)
//! date: 2026-11-29; from `bootstrap`; K = 1.0039; L2 0.003; file + rank square tables; best of 300 epochs on validation: 30
//! loss (mean squared error): train 0.106317 -> 0.103599, validation 0.104923 -> 0.104134

use super::super::{Weights, s};

#[rustfmt::skip]
pub static WEIGHTS: Weights = [
    // MATERIAL (5): pawn knight bishop rook queen
    s(  76,  104), s( 318,  298), s( 332,  318), s( 479,  544), s( 952, 1002),
    // PST (384): role (P N B R Q K) * 64 + square from the owner's side (a1 = 0, h8 = 63)
    // pawn, a1..h1 first
    s(  -4,    2), s(   2,    4), s(  -3,   -6), s(   5,    1), s(  -2,   -3), s(   1,   -1), s(   2,    2), s( -10,   -2),
    s(  -9,    0), s(  -3,    2), s(  -8,   -8), s(   0,   -1), s(  -7,   -5), s(  -4,   -3), s(  -3,    0), s( -14,   -4),
    s(  -4,    5), s(   3,    7), s(  -3,   -3), s(  15,    4), s(   9,    0), s(   2,    2), s(   2,    5), s(  -9,    1),
    s(   0,   10), s(   7,   12), s(   1,    2), s(  19,    9), s(  13,    5), s(   6,    7), s(   6,   10), s(  -5,    6),
    s(   1,   17), s(   7,   19), s(   2,    9), s(  20,   16), s(  13,   12), s(   6,   14), s(   7,   17), s(  -4,   13),
    s(   8,   23), s(  15,   25), s(   9,   16), s(  17,   22), s(  10,   19), s(  14,   20), s(  14,   23), s(   3,   19),
    s(  11,   28), s(  17,   29), s(  12,   20), s(  20,   26), s(  13,   23), s(  16,   25), s(  17,   28), s(   6,   23),
    s(  -4,    2), s(   2,    4), s(  -3,   -6), s(   5,    1), s(  -2,   -3), s(   1,   -1), s(   2,    2), s( -10,   -2),
    // knight, a1..h1 first
    s( -14,  -14), s(  -7,   -9), s(  -7,   -5), s(   6,    0), s(   5,    1), s(  -4,   -5), s(  -9,   -8), s( -15,  -13),
    s( -10,   -8), s(  -3,   -4), s(  -3,    1), s(   9,    6), s(   8,    6), s(  -1,    1), s(  -5,   -2), s( -11,   -7),
    s(  -9,   -6), s(  -2,   -1), s(  -2,    4), s(  10,    9), s(   9,    9), s(   0,    3), s(  -4,    1), s( -10,   -5),
    s(  -1,   -3), s(   6,    2), s(   6,    7), s(  19,   12), s(  18,   12), s(   8,    6), s(   4,    4), s(  -2,   -1),
    s(  -2,   -1), s(   5,    4), s(   5,    8), s(  17,   13), s(  17,   14), s(   7,    8), s(   3,    6), s(  -3,    0),
    s(  -5,   -4), s(   2,    0), s(   2,    5), s(  15,   10), s(  14,   10), s(   4,    5), s(   0,    2), s(  -6,   -3),
    s( -12,  -11), s(  -5,   -7), s(  -5,   -2), s(   8,    3), s(   7,    3), s(  -3,   -2), s(  -7,   -5), s( -13,  -10),
    s( -17,  -16), s( -10,  -11), s( -10,   -7), s(   3,   -2), s(   2,   -1), s(  -7,   -7), s( -11,   -9), s( -18,  -15),
    // bishop, a1..h1 first
    s(  -7,   -9), s(  -2,   -4), s(  -5,   -6), s(   0,   -3), s(  -3,   -2), s(  -4,   -5), s(  -6,   -6), s(  -9,  -10),
    s(  -1,   -4), s(   4,    1), s(   2,   -1), s(   6,    3), s(   3,    3), s(   2,    1), s(   1,   -1), s(  -3,   -5),
    s(   4,    1), s(   9,    6), s(   6,    4), s(  10,    7), s(   8,    8), s(   7,    5), s(   5,    4), s(   2,    0),
    s(  -1,    1), s(   4,    5), s(   2,    3), s(   6,    7), s(   3,    7), s(   2,    5), s(   1,    3), s(  -3,    0),
    s(   2,    0), s(   6,    4), s(   4,    2), s(   8,    6), s(   5,    6), s(   4,    4), s(   3,    2), s(   0,   -2),
    s(  -1,   -1), s(   4,    3), s(   1,    1), s(   5,    5), s(   2,    5), s(   2,    3), s(   0,    1), s(  -3,   -2),
    s(  -5,   -6), s(   0,   -2), s(  -3,   -4), s(   1,    0), s(  -1,    0), s(  -2,   -2), s(  -4,   -4), s(  -7,   -7),
    s(  -7,   -7), s(  -2,   -3), s(  -4,   -5), s(   0,   -1), s(  -3,   -1), s(  -4,   -3), s(  -5,   -5), s(  -9,   -8),
    // rook, a1..h1 first
    s(   6,    6), s(   5,    2), s(   9,    5), s(   4,    1), s(   6,    1), s(   6,    2), s(   8,    2), s(  -1,    1),
    s(  -8,    0), s(  -9,   -4), s(  -5,   -1), s( -10,   -5), s(  -8,   -5), s(  -8,   -3), s(  -6,   -4), s( -15,   -5),
    s(   3,    5), s(   1,    1), s(   5,    4), s(   0,    0), s(   2,    0), s(   2,    2), s(   4,    1), s(  -5,    0),
    s(   4,    4), s(   2,    0), s(   6,    4), s(   2,    0), s(   4,   -1), s(   4,    1), s(   6,    0), s(  -3,   -1),
    s(   2,    4), s(   0,    1), s(   4,    4), s(  -1,    0), s(   1,   -1), s(   1,    1), s(   3,    0), s(  -6,    0),
    s(   4,    6), s(   2,    2), s(   6,    6), s(   1,    2), s(   3,    1), s(   3,    3), s(   5,    2), s(  -4,    1),
    s(  18,    7), s(  16,    3), s(  20,    6), s(  16,    2), s(  18,    2), s(  18,    4), s(  20,    3), s(  10,    2),
    s(   3,    5), s(   1,    2), s(   5,    5), s(   1,    1), s(   3,    0), s(   3,    2), s(   5,    1), s(  -4,    1),
    // queen, a1..h1 first
    s(  -1,  -10), s(   0,   -6), s(   1,   -3), s(   7,   -1), s(   9,    0), s(   2,   -3), s(  -4,   -7), s(  -6,  -10),
    s(  -7,   -6), s(  -7,   -2), s(  -6,    0), s(   1,    3), s(   3,    4), s(  -4,    0), s( -10,   -4), s( -12,   -6),
    s(   4,   -1), s(   4,    3), s(   5,    6), s(  12,    9), s(  13,    9), s(   7,    6), s(   0,    2), s(  -1,    0),
    s(   2,    0), s(   3,    4), s(   3,    7), s(  10,    9), s(  12,   10), s(   5,    7), s(  -1,    3), s(  -3,    0),
    s(   0,    0), s(   1,    4), s(   1,    7), s(   8,    9), s(  10,   10), s(   3,    7), s(  -3,    3), s(  -5,    0),
    s(  -1,   -3), s(  -1,    1), s(   0,    3), s(   7,    6), s(   9,    7), s(   2,    3), s(  -4,    0), s(  -6,   -3),
    s(  -4,   -7), s(  -4,   -3), s(  -3,    0), s(   4,    3), s(   6,    4), s(  -1,    0), s(  -7,   -4), s(  -9,   -6),
    s(  -4,   -9), s(  -4,   -5), s(  -3,   -3), s(   4,    0), s(   6,    1), s(  -1,   -3), s(  -7,   -7), s(  -9,   -9),
    // king, a1..h1 first
    s(   4,  -28), s(   4,  -21), s(   4,  -15), s(   4,   -5), s(   3,   -1), s(   4,  -10), s(   5,  -19), s(   4,  -26),
    s( -16,  -13), s( -16,   -6), s( -16,    0), s( -16,    9), s( -17,   14), s( -16,    4), s( -15,   -4), s( -16,  -12),
    s( -39,   -9), s( -40,   -2), s( -40,    4), s( -40,   14), s( -41,   18), s( -40,    8), s( -39,    0), s( -39,   -8),
    s( -60,   -1), s( -60,    6), s( -60,   12), s( -61,   22), s( -62,   26), s( -60,   17), s( -59,    8), s( -60,    0),
    s( -80,    0), s( -80,    8), s( -80,   13), s( -80,   23), s( -81,   28), s( -80,   18), s( -79,    9), s( -80,    2),
    s( -99,   -6), s(-100,    1), s(-100,    7), s(-100,   17), s(-101,   21), s(-100,   12), s( -99,    3), s(-100,   -4),
    s(-119,  -15), s(-120,   -8), s(-120,   -2), s(-120,    8), s(-121,   12), s(-120,    3), s(-119,   -6), s(-120,  -13),
    s(-140,  -24), s(-140,  -17), s(-140,  -11), s(-140,   -1), s(-141,    3), s(-140,   -6), s(-139,  -15), s(-140,  -22),
    // KNIGHT_MOBILITY (9): squares reached in the mobility area
    s( -16,  -16), s( -12,  -11), s( -10,   -9), s(  -4,   -2), s(   3,   -1), s(   7,    4), s(   4,    7), s(  11,   12), s(  17,   14),
    // BISHOP_MOBILITY (14): squares reached in the mobility area
    s( -22,  -30), s( -18,  -25), s( -14,  -19), s(  -8,  -14), s(  -8,   -9), s(  -8,   -5), s(  -2,   -1),
    s(   3,    4), s(   7,   11), s(  11,   14), s(  16,   20), s(  19,   24), s(  24,   30), s(  28,   34),
    // ROOK_MOBILITY (15): squares reached in the mobility area
    s( -18,  -29), s( -15,  -25), s(  -8,  -21), s( -11,  -16), s(  -5,  -12), s(  -4,   -8), s(  -1,   -4), s(   3,    1),
    s(   4,    6), s(   5,   12), s(   5,   13), s(   9,   17), s(  11,   20), s(  12,   25), s(  14,   26),
    // QUEEN_MOBILITY (28): squares reached in the mobility area
    s( -13,  -26), s( -12,  -24), s( -10,  -22), s( -10,  -20), s( -10,  -18), s(  -8,  -16), s(  -8,  -14),
    s(  -4,  -12), s(  -4,   -9), s(  -5,   -8), s(  -3,   -6), s(  -1,   -3), s(   1,   -1), s(   0,    0),
    s(   1,    2), s(   2,    4), s(   3,    6), s(   4,    8), s(   5,   10), s(   6,   12), s(   7,   14),
    s(   8,   16), s(   9,   18), s(  10,   20), s(  11,   22), s(  12,   24), s(  13,   26), s(  14,   28),
    // KING_ZONE_ATTACKS (4): by knight bishop rook queen, per attacked square of the enemy king zone
    s(   4,   -4), s(   4,   -3), s(   4,    3), s(   5,    1),
    // KING_ATTACKERS (8): number of pieces attacking the enemy king zone (7 = 7 or more)
    s(   1,    2), s(  -1,   -1), s(   5,    0), s(  15,    0), s(  30,    0), s(  45,    0), s(  60,    0), s(  70,    0),
    // SAFE_CHECKS (4): by knight bishop rook queen, per safe checking square
    s(  29,    2), s(  19,    5), s(  40,    4), s(  29,    4),
    // PAWN_SHIELD (4): own pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  15,   -7), s(   6,   -2), s(  -4,   -4), s(   1,   13),
    // PAWN_STORM (4): enemy pawn on a file next to the king, ranks ahead: 1, 2, 3, none
    s(  -4,    2), s( -14,   -1), s(  -4,    0), s(  -6,   -2),
    // KING_OPEN_FILE (1): files next to the king without pawns
    s( -14,   -1),
    // PASSED (8): passed pawn by rank from its owner's side
    s(   0,    0), s(   4,    9), s(   5,   15), s(  10,   25), s(  26,   44), s(  46,   81), s(  70,  121), s(   0,    0),
    // PASSED_BLOCKED (8): passed pawn whose stop square is occupied, by rank
    s(   0,    0), s(   0,    0), s(  -2,   -4), s(  -4,   -9), s(  -8,  -17), s( -12,  -25), s( -15,  -35), s(   0,    0),
    // PASSED_OWN_KING (8): per square of distance from the own king to the stop square, by rank
    s(   0,    0), s(  -1,   -1), s(  -1,    2), s(   0,   -5), s(   2,   -6), s(   2,   -9), s(   0,   -7), s(   0,    0),
    // PASSED_THEIR_KING (8): per square of distance from the enemy king to the stop square, by rank
    s(   0,    0), s(  -6,   -5), s(  -4,    1), s(   2,   11), s(   1,   17), s(   4,   24), s(   1,   25), s(   0,    0),
    // DOUBLED (1): pawn with an own pawn behind it
    s(  -7,  -19),
    // ISOLATED (1): pawn without own pawns on the next files
    s( -10,   -9),
    // BACKWARD (1): pawn that no own pawn can support and whose stop square an enemy pawn guards
    s(  -9,  -11),
    // SUPPORTED (8): pawn protected by an own pawn, by rank
    s(   0,    0), s(   0,    0), s(   9,    6), s(  10,    5), s(  10,   12), s(  25,   29), s(  40,   60), s(   0,    0),
    // PHALANX (8): pawn beside an own pawn, by rank
    s(   0,    0), s(   4,    2), s(   6,    1), s(   5,    6), s(  14,   16), s(  30,   35), s(  50,   70), s(   0,    0),
    // BISHOP_PAIR (1): bishops on both colours
    s(  32,   48),
    // ROOK_OPEN_FILE (1): rook on a file without pawns
    s(  25,   13),
    // ROOK_HALF_OPEN_FILE (1): rook on a file with enemy pawns only
    s(  14,    6),
    // OUTPOST (2): knight, bishop on a pawn-protected square no enemy pawn can attack
    s(  20,   10), s(  11,    5),
    // THREAT_BY_PAWN (4): enemy knight bishop rook queen attacked by a pawn
    s(  48,   40), s(  50,   40), s(  70,   50), s(  79,   60),
    // THREAT_BY_MINOR (5): enemy pawn knight bishop rook queen attacked by a knight or bishop
    s(   1,   13), s(  20,   31), s(  27,   30), s(  49,   59), s(  50,   60),
    // THREAT_BY_ROOK (5): enemy pawn knight bishop rook queen attacked by a rook
    s(   8,   18), s(  25,   31), s(  24,   29), s(   0,    0), s(  50,   60),
    // HANGING (1): enemy piece attacked and not defended
    s(  25,   20),
    // TEMPO (1): the side to move
    s(  14,    6),
];
