//! Hand-set starting weights: classical values, the same for every 8x8 ruleset. They are
//! what the engine played with before any tuning, the start of every fit, and the
//! opponent the tuned weights are measured against (`shatar-tune compare`). Xiangqi's
//! are in [`xiangqi`].

pub mod xiangqi;

use shatar_engine::board8::eval::layout::*;
use shatar_engine::board8::eval::{S, s};

/// How central a square is: 0 on the rim, 6 on the four centre squares.
fn centrality(sq: usize) -> i32 {
    let axis = |x: i32| (x - 3).abs().min((x - 4).abs()); // 0 in the centre, 3 on the edge
    6 - axis(sq as i32 & 7) - axis(sq as i32 >> 3)
}

fn table(at: usize, values: &[S], w: &mut [S]) {
    w[at..at + values.len()].copy_from_slice(values);
}

/// A count-indexed mobility table, linear around a typical count.
fn mobility(at: usize, len: usize, typical: i32, mg: i32, eg: i32, w: &mut [S]) {
    for n in 0..len {
        let d = n as i32 - typical;
        w[at + n] = s(mg * d, eg * d);
    }
}

pub fn weights() -> Vec<S> {
    let mut w = vec![S::default(); COUNT];
    table(
        MATERIAL,
        &[
            s(90, 110),
            s(320, 300),
            s(330, 320),
            s(480, 540),
            s(950, 1000),
        ],
        &mut w,
    );

    for sq in 0..64 {
        let (file, rank, c) = (sq as i32 & 7, sq as i32 >> 3, centrality(sq));
        let pst = |role: usize| PST + 64 * role + sq;
        // Pawns: forward, and the centre files in the middlegame.
        let centre = if (3..=4).contains(&file) && (2..=4).contains(&rank) {
            10
        } else {
            0
        };
        if (1..=6).contains(&rank) {
            w[pst(0)] = s(3 * (rank - 1) + centre, 5 * (rank - 1));
        }
        w[pst(1)] = s(5 * c - 15, 5 * c - 15);
        w[pst(2)] = s(3 * c - 9, 3 * c - 9);
        w[pst(3)] = s(
            if rank == 6 { 15 } else { 0 } + if (2..=5).contains(&file) { 3 } else { 0 },
            0,
        );
        w[pst(4)] = s(2 * c - 6, 3 * c - 9);
        // The king: home in the middlegame, the centre in the endgame.
        w[pst(5)] = s(if rank == 0 { 10 } else { -20 * rank }, 8 * c - 24);
    }

    mobility(KNIGHT_MOBILITY, 9, 4, 4, 4, &mut w);
    mobility(BISHOP_MOBILITY, 14, 6, 4, 5, &mut w);
    mobility(ROOK_MOBILITY, 15, 7, 2, 4, &mut w);
    mobility(QUEEN_MOBILITY, 28, 13, 1, 2, &mut w);

    table(
        KING_ZONE_ATTACKS,
        &[s(6, 0), s(4, 0), s(5, 0), s(8, 0)],
        &mut w,
    );
    let attackers = [0, 0, 5, 15, 30, 45, 60, 70];
    table(KING_ATTACKERS, &attackers.map(|mg| s(mg, 0)), &mut w);
    table(
        SAFE_CHECKS,
        &[s(30, 5), s(20, 5), s(40, 5), s(30, 5)],
        &mut w,
    );
    table(
        PAWN_SHIELD,
        &[s(15, 0), s(8, 0), s(3, 0), s(-10, 0)],
        &mut w,
    );
    table(
        PAWN_STORM,
        &[s(-5, 0), s(-15, 0), s(-8, 0), s(0, 0)],
        &mut w,
    );
    w[KING_OPEN_FILE] = s(-15, 0);

    let by_rank = |values: [(i32, i32); 8]| values.map(|(mg, eg)| s(mg, eg));
    table(
        PASSED,
        &by_rank([
            (0, 0),
            (5, 10),
            (5, 15),
            (10, 25),
            (25, 45),
            (45, 80),
            (70, 120),
            (0, 0),
        ]),
        &mut w,
    );
    table(
        PASSED_BLOCKED,
        &by_rank([
            (0, 0),
            (0, 0),
            (-2, -4),
            (-4, -8),
            (-8, -15),
            (-12, -25),
            (-15, -35),
            (0, 0),
        ]),
        &mut w,
    );
    let own = [0, 0, -2, -3, -5, -8, -10, 0];
    table(PASSED_OWN_KING, &own.map(|eg| s(0, eg)), &mut w);
    table(PASSED_THEIR_KING, &own.map(|eg| s(0, -2 * eg)), &mut w);
    w[DOUBLED] = s(-10, -20);
    w[ISOLATED] = s(-10, -10);
    w[BACKWARD] = s(-8, -8);
    table(
        SUPPORTED,
        &by_rank([
            (0, 0),
            (0, 0),
            (8, 5),
            (10, 8),
            (15, 15),
            (25, 30),
            (40, 60),
            (0, 0),
        ]),
        &mut w,
    );
    table(
        PHALANX,
        &by_rank([
            (0, 0),
            (3, 0),
            (5, 3),
            (8, 5),
            (15, 15),
            (30, 35),
            (50, 70),
            (0, 0),
        ]),
        &mut w,
    );

    w[BISHOP_PAIR] = s(30, 50);
    w[ROOK_OPEN_FILE] = s(25, 10);
    w[ROOK_HALF_OPEN_FILE] = s(10, 5);
    table(OUTPOST, &[s(20, 10), s(10, 5)], &mut w);
    table(
        THREAT_BY_PAWN,
        &[s(50, 40), s(50, 40), s(70, 50), s(80, 60)],
        &mut w,
    );
    table(
        THREAT_BY_MINOR,
        &[s(5, 15), s(25, 30), s(25, 30), s(50, 60), s(50, 60)],
        &mut w,
    );
    table(
        THREAT_BY_ROOK,
        &[s(3, 15), s(25, 30), s(25, 30), s(0, 0), s(50, 60)],
        &mut w,
    );
    w[HANGING] = s(30, 20);
    w[TEMPO] = s(15, 5);
    w
}
