//! The rating tie-breaks (C.07 §10): ARO, TPR, PTP and the averages of the last two
//! over the opponents, on FIDE's tables (B.02 8.1).

use alloc::vec::Vec;

use super::fide_tables::{DIFF_TO_PD, SCORE_TO_DP};
use super::{Code, Context, TieBreak, VALUE_SCALE, Value, half_up};
use crate::points::Points;

/// Each player's (ratings of the opponents kept after the cuts, score against them in
/// hundredths on 1/½/0), or `None` when the ratings are void: somebody is unrated and no
/// rating is given for the unrated (`/U`).
fn opponents(cx: &Context<'_>, tb: &TieBreak) -> Option<Vec<(Vec<i64>, i64)>> {
    let rating = |i: usize| match cx.t.players[i].rating {
        0 => tb.unrated.map(i64::from),
        r => Some(i64::from(r)),
    };
    if (0..cx.players.len()).any(|i| rating(i).is_none()) {
        return None;
    }
    let rounds = cx.rounds;
    Some(
        cx.players
            .iter()
            .map(|p| {
                let games: Vec<(i64, Points)> = p
                    .iter()
                    .filter(|r| r.played)
                    .filter_map(|r| Some((rating(r.opponent?)?, r.rating_points)))
                    .collect();
                let mut kept = games.clone();
                let low = tb.cut_low.min(rounds);
                let high = tb.cut_high.min(rounds - low);
                // Cuts remove the lowest and highest rated opponents (stable: the
                // earliest of equals, as Gacrux's sort leaves them).
                for _ in 0..low {
                    if let Some(i) = (0..kept.len()).min_by_key(|&i| (kept[i].0, i)) {
                        kept.remove(i);
                    }
                }
                for _ in 0..high {
                    if let Some(i) = (0..kept.len()).max_by_key(|&i| (kept[i].0, i)) {
                        kept.remove(i);
                    }
                }
                let score = kept.iter().map(|g| g.1.hundredths()).sum();
                (kept.into_iter().map(|g| g.0).collect(), score)
            })
            .collect(),
    )
}

/// ARO, TPR or PTP for every player.
pub fn performance(cx: &Context<'_>, tb: &TieBreak, code: Code) -> Vec<Value> {
    let Some(all) = opponents(cx, tb) else {
        return alloc::vec![Value(None); cx.players.len()];
    };
    all.iter()
        .map(|(ratings, score)| {
            let value = match code {
                Code::Aro => average_rating(ratings),
                Code::Tpr => performance_rating(*score, ratings),
                _ => perfect_performance(*score, ratings),
            };
            Value(value.map(|v| v * VALUE_SCALE))
        })
        .collect()
}

/// APRO (of TPR) or APPO (of PTP): the average over the games played, rounded half up.
pub fn average_of(cx: &Context<'_>, tb: &TieBreak, of: Code) -> Vec<Value> {
    let values = performance(cx, tb, of);
    cx.players
        .iter()
        .map(|p| {
            let known: Vec<i64> = p
                .iter()
                .filter(|r| r.played)
                .filter_map(|r| values[r.opponent?].0)
                .collect();
            if known.is_empty() {
                return Value(None);
            }
            let sum: i64 = known.iter().sum::<i64>() / VALUE_SCALE;
            Value(Some(half_up(sum, known.len() as i64) * VALUE_SCALE))
        })
        .collect()
}

/// The average rating of the opponents, rounded half up (C.07 §10.1).
fn average_rating(ratings: &[i64]) -> Option<i64> {
    if ratings.is_empty() {
        return None;
    }
    Some(half_up(ratings.iter().sum(), ratings.len() as i64))
}

/// ARO plus the rating difference of the percentage scored (B.02 table 8.1.a), the
/// percentage rounded half up (C.07 §10.2).
fn performance_rating(score: i64, ratings: &[i64]) -> Option<i64> {
    let percent = half_up(score, ratings.len() as i64);
    Some(average_rating(ratings)? + i64::from(SCORE_TO_DP[percent.clamp(0, 100) as usize]))
}

/// The expected score, in percent, of a player rated `rating` against `opponent`
/// (B.02 table 8.1.b; differences beyond 800 count as 800).
fn expected(rating: i64, opponent: i64) -> i64 {
    let diff = (opponent - rating).clamp(-800, 800);
    let pd = i64::from(DIFF_TO_PD[diff.unsigned_abs() as usize]);
    if diff < 0 { pd } else { 100 - pd }
}

fn expected_sum(rating: i64, ratings: &[i64]) -> i64 {
    ratings.iter().map(|&o| expected(rating, o)).sum()
}

/// The lowest rating whose expected score reaches the score made (C.07 §10.3), found as
/// Gacrux finds it: from the TPR, by doubling steps and then halving them.
fn perfect_performance(score: i64, ratings: &[i64]) -> Option<i64> {
    let (&lowest, &highest) = (ratings.iter().min()?, ratings.iter().max()?);
    if score == 0 {
        return Some(lowest - 800);
    }
    if score > 100 * ratings.len() as i64 {
        return Some(highest + 800);
    }
    let start = performance_rating(score, ratings)?;
    let mut step = 16;
    let (mut low, mut high);
    if expected_sum(start, ratings) >= score {
        high = start;
        while expected_sum(start - step, ratings) >= score {
            high = start - step;
            step *= 2;
        }
        low = start - step;
    } else {
        low = start;
        while expected_sum(start + step, ratings) < score {
            low = start + step;
            step *= 2;
        }
        high = start + step;
    }
    step = high - low;
    while high - low > 1 {
        step /= 2;
        if expected_sum(low + step, ratings) >= score {
            high -= step;
        } else {
            low += step;
        }
    }
    Some(high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fide_tables_ends() {
        assert_eq!(SCORE_TO_DP[0], -800);
        assert_eq!(SCORE_TO_DP[50], 0);
        assert_eq!(SCORE_TO_DP[100], 800);
        assert_eq!(DIFF_TO_PD[0], 50);
        assert_eq!(DIFF_TO_PD[800], 100);
        assert_eq!(expected(2000, 2000), 50);
        assert_eq!(expected(2400, 2000), 100 - expected(2000, 2400));
    }

    #[test]
    fn performance_of_a_plain_event() {
        // 2 of 3 against 2000, 2100, 2200: ARO 2100, 67% -> dp 125.
        let ratings = [2000, 2100, 2200];
        assert_eq!(average_rating(&ratings), Some(2100));
        assert_eq!(performance_rating(200, &ratings), Some(2100 + 125));
        assert_eq!(perfect_performance(0, &ratings), Some(1200));
        let ptp = perfect_performance(200, &ratings).unwrap();
        assert!(expected_sum(ptp, &ratings) >= 200 && expected_sum(ptp - 1, &ratings) < 200);
    }
}
