//! Buchholz, Fore Buchholz, Sonneborn-Berger (C.07 §8-§9.1), their average (§8.4), and
//! Koya (§9.2), with C.07 §16's handling of unplayed rounds.

use alloc::vec::Vec;

use super::{Code, Context, RuleSet, TieBreak, VALUE_SCALE, Value, half_up};
use crate::points::Points;

/// One round's contribution, before the cuts.
#[derive(Clone, Copy)]
struct Part {
    /// The (real or virtual) opponent's adjusted score.
    score: Points,
    /// What the round adds: the score (BH, FB) or the score times the player's result
    /// (SB).
    value: Points,
    /// A voluntarily unplayed round: a cut takes these first (C.07 §14.1).
    vur: bool,
}

/// Each player's score as an opponent sees it (C.07 §16.3): rounds after the player's
/// last present one count as draws in a Swiss (the player has left) and as nothing in a
/// round robin; for FB, the last round counts as a draw.
fn adjusted_scores(
    cx: &mut Context<'_>,
    fore: bool,
    round_robin: bool,
) -> (Vec<Points>, Vec<Points>) {
    let rounds = cx.rounds;
    let draw = cx.draw();
    let mut adjusted = Vec::new();
    let mut own = Vec::new();
    for p in 0..cx.players.len() {
        // Gacrux moves the last present round to the last round for FB, and keeps it
        // moved for the tie-breaks that follow.
        let is_fore = fore && cx.last_paired[p] == rounds;
        if is_fore {
            cx.last_present[p] = cx.last_paired[p];
        }
        let mut sum = Points::ZERO;
        let mut last_has_opponent = false;
        for (r, round) in cx.players[p].iter().enumerate() {
            let number = r as u32 + 1;
            let present = number <= cx.last_present[p] || round.opponent.is_some();
            sum += if present {
                round.points
            } else if round_robin {
                Points::ZERO
            } else {
                draw
            };
            last_has_opponent = is_fore && number == rounds && round.opponent.is_some();
        }
        let mut total = cx.totals[p];
        if last_has_opponent {
            let last = cx.players[p][rounds as usize - 1].points;
            sum += draw - last;
            total += draw - last;
        }
        adjusted.push(sum);
        own.push(total);
    }
    (adjusted, own)
}

/// BH, FB or SB (by `tb.code`) for every player, with the cuts.
pub fn buchholz(cx: &mut Context<'_>, tb: &TieBreak) -> Vec<Points> {
    let fore = tb.code == Code::Fb;
    let sonneborn = tb.code == Code::Sb;
    let round_robin = cx.round_robin(tb);
    let predetermined = tb.predetermined || round_robin;
    let rules = tb.rules.unwrap_or(cx.options.rules);
    let (adjusted, own) = adjusted_scores(cx, fore, round_robin);
    let rounds = cx.rounds;
    let draw = cx.draw();
    let win = cx.win();
    (0..cx.players.len())
        .map(|p| {
            let mut parts = Vec::new();
            for (r, round) in cx.players[p].iter().enumerate() {
                let number = r as u32 + 1;
                let played = predetermined || (fore && number == rounds) || round.played;
                let mut vur = round.vur;
                let score = match round.opponent {
                    Some(o) if played => {
                        vur = false;
                        adjusted[o]
                    }
                    // C.07 §16.3: the virtual opponent scores what the player scored;
                    // 2026's §16.4 caps it at the real opponent's score (a forfeit)
                    // or at a draw in every round (a bye).
                    _ if !round_robin => match (rules, round.opponent) {
                        (RuleSet::Fide2024, _) => own[p],
                        (RuleSet::Fide2026, Some(o)) => own[p].min(adjusted[o]),
                        (RuleSet::Fide2026, None) => {
                            own[p].min(Points(draw.hundredths() * i64::from(rounds)))
                        }
                    },
                    _ => Points::ZERO,
                };
                let result = if tb.unplayed_draw && !round_robin {
                    draw
                } else {
                    round.points
                };
                let value = if sonneborn && tb.share_of_win {
                    Points(score.hundredths() * result.hundredths() / win.hundredths().max(1))
                } else if sonneborn {
                    Points(score.hundredths() * result.hundredths() / 100)
                } else {
                    score
                };
                if round.opponent.is_some() || !round_robin {
                    parts.push(Part { score, value, vur });
                }
            }
            cut(&mut parts, tb.cut_low, tb.cut_high, rounds);
            parts.iter().map(|part| part.value).sum()
        })
        .collect()
}

/// Removes the lowest `low` and highest `high` contributions (C.07 §14.1): a cut of the
/// lowest takes a voluntarily unplayed round first, unless the lowest round's value is
/// above it (as Gacrux reads the rule).
fn cut(parts: &mut Vec<Part>, low: u32, high: u32, rounds: u32) {
    let low = low.min(rounds);
    let high = high.min(rounds - low);
    for _ in 0..low {
        if parts.is_empty() {
            break;
        }
        let by_score = (0..parts.len())
            .min_by_key(|&i| (parts[i].score, parts[i].value, i))
            .expect("not empty");
        let by_vur = (0..parts.len())
            .min_by_key(|&i| (!parts[i].vur, parts[i].value, parts[i].score, i))
            .expect("not empty");
        let take = if !parts[by_vur].vur || parts[by_score].value > parts[by_vur].value {
            by_score
        } else {
            by_vur
        };
        parts.remove(take);
    }
    for _ in 0..high {
        if parts.is_empty() {
            break;
        }
        let top = (0..parts.len())
            .min_by_key(|&i| (-parts[i].score, -parts[i].value, i))
            .expect("not empty");
        parts.remove(top);
    }
}

/// The average of the opponents' Buchholz (C.07 §8.4), over the games played, rounded
/// half up to 2 decimals (up to 8 rounds), 3 (up to 26) or 4, as Gacrux rounds it.
pub fn average_of_buchholz(cx: &mut Context<'_>, tb: &TieBreak) -> Vec<Value> {
    let bh = buchholz(
        cx,
        &TieBreak {
            code: Code::Bh,
            ..tb.clone()
        },
    );
    let decimals: u32 = match cx.rounds {
        0..9 => 2,
        9..27 => 3,
        _ => 4,
    };
    cx.players
        .iter()
        .map(|p| {
            let opponents: Vec<Points> = p
                .iter()
                .filter(|r| r.played)
                .filter_map(|r| r.opponent)
                .map(|o| bh[o])
                .collect();
            if opponents.is_empty() {
                return Value(None);
            }
            let sum: Points = opponents.iter().copied().sum();
            // In units of 10^-decimals: hundredths times 10^(decimals - 2).
            let scale = 10i64.pow(decimals - 2);
            let rounded = half_up(sum.hundredths() * scale, opponents.len() as i64);
            Value(Some(rounded * (VALUE_SCALE / 10i64.pow(decimals))))
        })
        .collect()
}

/// Koya (C.07 §9.2): the points scored against opponents who finished with at least
/// `limit_percent` of the maximum score (50% by default).
pub fn koya(cx: &Context<'_>, tb: &TieBreak) -> Vec<Value> {
    let mut games = i64::from(cx.rounds);
    if cx.round_robin(tb) {
        // A round robin of an odd number: every player sits out once a cycle.
        let n = cx.players.len() as i64;
        if n > 0 && games % n == 0 {
            games -= games / n;
        }
        games -= cx.last_paired.iter().filter(|&&l| l == 0).count() as i64;
    }
    let limit = Points(tb.limit_percent * cx.win().hundredths() * games / 100) + tb.limit_offset;
    cx.players
        .iter()
        .map(|p| {
            let sum: Points = p
                .iter()
                .filter(|r| r.opponent.is_some_and(|o| cx.totals[o] >= limit))
                .map(|r| r.points)
                .sum();
            Value::points(sum)
        })
        .collect()
}
