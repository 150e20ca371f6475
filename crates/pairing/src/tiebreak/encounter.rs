//! The direct encounter (C.07 §6) and AXF's "who had Black in the direct game".
//!
//! Both look only at the players the tie-breaks before them left level, so they take the
//! ranks so far.

use alloc::vec;
use alloc::vec::Vec;

use super::{Context, TieBreak, Value};
use crate::model::Colour;

/// Averages of repeated games (a double round robin) are kept exact in twelfths of a
/// hundredth: up to four (and six) games against one opponent divide it.
const SHARE: i64 = 12;

/// The direct encounter as Gacrux computes it: within each group of players level so
/// far, the points each scored against the others (an average per opponent met more
/// than once) split the group; where not all of them have met (a Swiss), a player is
/// placed above the rest only when no one below could still reach his score by winning
/// the games not played (C.07 §6.2); repeated on the groups it leaves until none
/// splits. The value is the place within the group (lower is better), 0 where nobody
/// was separated.
pub fn direct_encounter(
    cx: &Context<'_>,
    tb: &TieBreak,
    ranks: &[u32],
    order: &[usize],
) -> Vec<Value> {
    let predetermined = tb.predetermined || cx.round_robin(tb);
    let win = cx.win().hundredths() * SHARE;
    let mut place: Vec<u32> = ranks.to_vec();
    let mut order: Vec<usize> = order.to_vec();
    order.sort_by_key(|&i| (ranks[i], i));
    for _loop in 1..=30 {
        let mut changes = 0;
        let mut start = 0;
        while start < order.len() {
            let level = place[order[start]];
            let stop = (start..order.len())
                .find(|&k| place[order[k]] != level)
                .unwrap_or(order.len());
            if stop - start > 1 {
                changes += split(
                    cx,
                    &order[start..stop],
                    level,
                    &mut place,
                    predetermined,
                    win,
                    tb.swiss,
                );
            }
            start = stop;
        }
        order.sort_by_key(|&i| (ranks[i], place[i], i));
        if changes == 0 {
            break;
        }
    }
    // Places relative to the group of equal rank: 0 for a group left whole.
    let mut values = vec![Value(Some(0)); place.len()];
    let mut start = 0;
    while start < order.len() {
        let rank = ranks[order[start]];
        let stop = (start..order.len())
            .find(|&k| ranks[order[k]] != rank)
            .unwrap_or(order.len());
        let first = place[order[start]];
        let mut offset = first;
        if first != place[order[stop - 1]] {
            offset -= 1;
        }
        for &i in &order[start..stop] {
            values[i] = Value::count(i64::from(place[i] - offset));
        }
        start = stop;
    }
    values
}

/// One pass over a group level at `level`; returns how many players it moved down.
fn split(
    cx: &Context<'_>,
    group: &[usize],
    level: u32,
    place: &mut [u32],
    predetermined: bool,
    win: i64,
    swiss: bool,
) -> usize {
    let most = group.len() as i64 - 1;
    let mut all_met = true;
    // (player, score against the group, best score still reachable)
    let mut scores: Vec<(usize, i64, i64)> = Vec::new();
    for &p in group {
        let mut met: Vec<(usize, i64, i64)> = Vec::new(); // opponent, games, points
        for round in &cx.players[p] {
            let Some(o) = round.opponent else { continue };
            if (predetermined || round.played) && place[o] == level {
                match met.iter_mut().find(|m| m.0 == o) {
                    Some(m) => {
                        m.1 += 1;
                        m.2 += round.points.hundredths();
                    }
                    None => met.push((o, 1, round.points.hundredths())),
                }
            }
        }
        let score: i64 = met
            .iter()
            .map(|&(_, games, points)| points * SHARE / games)
            .sum();
        let opponents = met.len() as i64;
        let round_robin = cx.options.format == super::Format::RoundRobin;
        let best = if (!round_robin && opponents < most) || swiss {
            all_met = false;
            score + (most - opponents) * win
        } else {
            score
        };
        scores.push((p, score, best));
    }
    let mut changes = 0;
    if all_met {
        scores.sort_by_key(|&(p, score, _)| (-score, p));
        let (mut rank, mut current) = (level, level);
        let mut previous = scores[0].1;
        for &(p, score, _) in &scores[1..] {
            rank += 1;
            if score != previous {
                current = rank;
                place[p] = rank;
                previous = score;
                changes += 1;
            } else {
                place[p] = current;
            }
        }
    } else {
        scores.sort_by_key(|&(p, score, best)| (-score, -best, p));
        let (mut rank, current) = (level, level);
        let mut current = current;
        let mut previous = scores[0].1;
        let mut unique = true;
        for k in 1..scores.len() {
            rank += 1;
            let (p, score, _) = scores[k];
            let reachable = scores[k..].iter().map(|s| s.2).max().expect("not empty");
            if unique && previous > reachable {
                current = rank;
                place[p] = rank;
                changes += 1;
            } else {
                place[p] = current;
                unique = false;
            }
            previous = score;
        }
    }
    changes
}

/// AXF 2008 ch. 2 §5 二 (F): among the players level so far, the games each had with
/// Black against the others; more ranks higher.
pub fn black_in_direct_games(cx: &Context<'_>, ranks: &[u32], _order: &[usize]) -> Vec<Value> {
    (0..cx.players.len())
        .map(|p| {
            let blacks = cx.players[p]
                .iter()
                .filter(|r| r.played && r.colour == Colour::Black)
                .filter(|r| r.opponent.is_some_and(|o| ranks[o] == ranks[p]))
                .count();
            Value::count(blacks as i64)
        })
        .collect()
}
