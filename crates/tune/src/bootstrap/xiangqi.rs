//! Hand-set starting weights for Xiangqi, from the values Xiangqi players and engines
//! commonly use: what the engine played with before any tuning, the start of every fit,
//! and the opponent the tuned weights are measured against (`shatar-tune compare
//! --ruleset xiangqi --b bootstrap`). The square tables are written as boards, rank 9
//! (Black's back rank) at the top and Red's rank 0 at the bottom, seen from Red: Black's
//! pieces read them turned over.

use shatar_engine::tapered::{S, s};
use shatar_engine::xiangqi::eval::layout::*;

/// Advisor, elephant, horse, chariot, cannon, soldier (the order of [`MATERIAL`]). The
/// cannon is worth more than the horse with the board full (it needs screens to take),
/// less in the endgame, where the horse's reach grows and screens are scarce.
const MATERIAL_VALUES: [S; 6] = [
    s(200, 200),
    s(200, 200),
    s(400, 460),
    s(950, 950),
    s(460, 410),
    s(100, 100),
];
/// A soldier across the river steps sideways too: about worth a second one.
const SOLDIER_CROSSED_VALUE: S = s(100, 120);
/// Per missing advisor (elephant), times the enemy chariots, horses and cannons.
const MISSING_ADVISOR_VALUE: S = s(-8, -4);
const MISSING_ELEPHANT_VALUE: S = s(-6, -3);
const TEMPO_VALUE: S = s(10, 5);
/// Per point of mobility above or below a typical count: (section, typical, mg, eg per
/// point). The horse's reach grows in the endgame; the cannon's captures need
/// screens, so its count says less.
const MOBILITY: [(usize, i32, i32, i32); 3] = [
    (CHARIOT_MOBILITY, 8, 3, 4),
    (HORSE_MOBILITY, 4, 5, 6),
    (CANNON_MOBILITY, 7, 2, 2),
];
/// A cannon on the enemy general's file by the pieces between: none (empty-headed), one
/// (check), two (a discovered check threatened).
const CANNON_ON_GENERAL_FILE_VALUES: [S; 3] = [s(30, 10), s(10, 5), s(15, 5)];

/// A square table as a board, rank 9 first.
type Table = [[i32; 9]; 10];

/// The general stays home: every step out of its back rank's centre exposes it.
#[rustfmt::skip]
const GENERAL: Table = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, 0, -25, -30, -25, 0, 0, 0],
    [0, 0, 0, -15, -10, -15, 0, 0, 0],
    [0, 0, 0,  -5,   5,  -5, 0, 0, 0],
];

/// The palace centre guards most; the upper corners least.
#[rustfmt::skip]
const ADVISOR: Table = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [0, 0, 0, -5, 0, -5, 0, 0, 0],
    [0, 0, 0,  0, 5,  0, 0, 0, 0],
    [0, 0, 0,  0, 0,  0, 0, 0, 0],
];

/// In front of the general (e2) the elephants link up; the edges and the river bank are weak.
#[rustfmt::skip]
const ELEPHANT: Table = [
    [0; 9], [0; 9], [0; 9], [0; 9], [0; 9],
    [ 0, 0, -5, 0, 0, 0, -5, 0,  0],
    [ 0; 9],
    [-5, 0,  0, 0, 5, 0,  0, 0, -5],
    [ 0; 9],
    [ 0, 0,  0, 0, 0, 0,  0, 0,  0],
];

/// Horses want the centre and the squares near the enemy palace; the corners and the
/// start points (b0, h0) are where they do least.
#[rustfmt::skip]
const HORSE: Table = [
    [  0, -5,  0,  0,  0,  0,  0, -5,   0],
    [  0,  5, 15, 10,  0, 10, 15,  5,   0],
    [  5, 15, 20, 25, 15, 25, 20, 15,   5],
    [  5, 20, 20, 30, 25, 30, 20, 20,   5],
    [  0, 15, 20, 25, 20, 25, 20, 15,   0],
    [  0, 10, 15, 20, 20, 20, 15, 10,   0],
    [  0,  5, 10, 10, 15, 10, 10,  5,   0],
    [  0,  0,  5, 10,  5, 10,  5,  0,   0],
    [-10,  0,  0,  0,-10,  0,  0,  0, -10],
    [-10,-15,  0,-10,-10,-10,  0,-15, -10],
];

/// Chariots want open lines and the enemy's second rank; a chariot left in its corner
/// (a0, i0) is the classic slow opening.
#[rustfmt::skip]
const CHARIOT: Table = [
    [  5, 10,  5, 15, 15, 15,  5, 10,   5],
    [ 10, 15, 10, 20, 25, 20, 10, 15,  10],
    [  5, 10,  5, 15, 15, 15,  5, 10,   5],
    [  5, 15, 10, 15, 15, 15, 10, 15,   5],
    [  5, 10, 10, 15, 15, 15, 10, 10,   5],
    [  5, 10, 10, 15, 15, 15, 10, 10,   5],
    [  0,  5,  5, 10, 10, 10,  5,  5,   0],
    [  0,  5,  0, 10,  5, 10,  0,  5,   0],
    [  0,  5,  0,  5,  0,  5,  0,  5,   0],
    [-10,  5,  0,  5,  0,  5,  0,  5, -10],
];

/// The central cannon (e2, and the central file generally) aims at the general; cannons on
/// the enemy back rank's flanks pin; deep inside the enemy palace they lack screens.
#[rustfmt::skip]
const CANNON: Table = [
    [10, 10,  0, -5,-10, -5,  0, 10, 10],
    [ 5,  5,  0, -5, -5, -5,  0,  5,  5],
    [ 5,  5,  0, -5,  0, -5,  0,  5,  5],
    [ 0,  0,  0,  0,  5,  0,  0,  0,  0],
    [ 0,  0,  0,  0,  5,  0,  0,  0,  0],
    [-5,  0,  5,  0,  5,  0,  5,  0, -5],
    [ 0,  0,  0,  0,  5,  0,  0,  0,  0],
    [ 0,  5,  5, 10, 15, 10,  5,  5,  0],
    [ 0,  0,  0,  5,  5,  5,  0,  0,  0],
    [ 0,  0,  5, 10, 10, 10,  5,  0,  0],
];

/// Soldiers gain as they near the enemy palace (the river crossing itself is
/// [`SOLDIER_CROSSED_VALUE`]); one that reaches the last rank can only walk sideways.
#[rustfmt::skip]
const SOLDIER: Table = [
    [ 0,  0,  0,  5, 10,  5,  0,  0,  0],
    [10, 20, 30, 50, 60, 50, 30, 20, 10],
    [10, 20, 30, 45, 50, 45, 30, 20, 10],
    [10, 15, 20, 30, 35, 30, 20, 15, 10],
    [ 0,  5, 10, 15, 20, 15, 10,  5,  0],
    [-5,  0,  5,  0, 10,  0,  5,  0, -5],
    [-5,  0,  0,  0,  5,  0,  0,  0, -5],
    [0; 9], [0; 9], [0; 9],
];

/// The tables in role order (General, Advisor, Elephant, Horse, Chariot, Cannon, Soldier).
const TABLES: [Table; 7] = [GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER];

pub fn weights() -> Vec<S> {
    let mut w = vec![S::default(); COUNT];
    w[MATERIAL..MATERIAL + MATERIAL_VALUES.len()].copy_from_slice(&MATERIAL_VALUES);
    w[SOLDIER_CROSSED] = SOLDIER_CROSSED_VALUE;
    for (role, table) in TABLES.iter().enumerate() {
        for sq in 0..90 {
            // Point `rank * 9 + file` is row `9 - rank` of the board as written.
            let v = table[9 - sq / 9][sq % 9];
            w[PST + role * 90 + sq] = s(v, v);
        }
    }
    w[MISSING_ADVISOR] = MISSING_ADVISOR_VALUE;
    w[MISSING_ELEPHANT] = MISSING_ELEPHANT_VALUE;
    for (at, typical, mg, eg) in MOBILITY {
        let len = if at == HORSE_MOBILITY { 9 } else { 18 };
        for n in 0..len {
            let d = n as i32 - typical;
            w[at + n] = s(mg * d, eg * d);
        }
    }
    w[CANNON_ON_GENERAL_FILE..CANNON_ON_GENERAL_FILE + 3]
        .copy_from_slice(&CANNON_ON_GENERAL_FILE_VALUES);
    w[TEMPO] = TEMPO_VALUE;
    w
}
