//! A bracket's quality criteria (C.04.3 2.2-2.4: C5-C21) as edge weights, the way
//! Gacrux (MIT, Otto Milvang; `crosstabledutch.py`) packs them: each criterion is a
//! digit of a mixed-radix number whose base is one more than the most pairs that can
//! score on it, the most important criterion highest, so that the lightest matching is
//! the one the criteria prefer, in their order. Three such numbers: the criteria C6-C21
//! for every pair (`C`), and under them either the choice of the moved-down players'
//! opponents (`HE`, a heterogeneous bracket) or the choice of S1 and the order of S2
//! (`HO`, the homogeneous remainder): the transpositions and exchanges of the rules'
//! section 4, as digits. Ported digit for digit, Gacrux's radices included (a digit
//! that can reach its base carries into the next one, and that carry decides some
//! pairings, so it is kept).

use alloc::vec;
use alloc::vec::Vec;

use super::field::{DOWN_1, DOWN_2, Field, UP_1, UP_2};
use crate::bignum::Nat;

/// Place values of a mixed-radix number with the given bases, most significant first.
struct Radix {
    places: Vec<Nat>,
    total: Nat,
}

fn cascade(bases: &[u64]) -> Radix {
    let mut places = vec![Nat::zero(); bases.len()];
    let mut w = Nat::from_u64(1);
    for i in (0..bases.len()).rev() {
        places[i] = w.clone();
        w = w.mul_small(bases[i]);
    }
    Radix { places, total: w }
}

/// Where each criterion's digits start in the C number.
struct Layout {
    qc6: usize,
    qc7: usize,
    qn8: usize,
    qc8: usize,
    qc9: usize,
    qc10: usize,
    qc11: usize,
    qc12: usize,
    qc13: usize,
    qc14: usize,
    qc15: usize,
    qc16: usize,
    qc17: usize,
    /// QC18-QC21, `maxpsd` digits each.
    qc18: usize,
}

/// The C criteria of one bracket: score level `level`, the players still to pair in
/// `nodes` (highest first), whether C9 (the PAB assignee's unplayed games) applies.
pub struct Criteria<'f> {
    field: &'f Field,
    level: usize,
    maxpsd: usize,
    c9: bool,
    layout: Layout,
    radix: Radix,
    /// The moved-down players by score difference, the largest first.
    pub mdp: Vec<u64>,
}

/// One pair's C number and its QN8 digit (pairs that would leave the next bracket).
pub struct EdgeCriteria {
    pub weight: Nat,
    pub qn8: u32,
}

impl<'f> Criteria<'f> {
    pub fn new(field: &'f Field, level: usize, nodes: &[u32], c9: bool) -> Criteria<'f> {
        let levels: Vec<usize> = nodes.iter().map(|&n| field.get(n).level).collect();
        let maxpsd = levels.first().map_or(0, |&l| l.saturating_sub(level));
        let mut mdp = vec![0u64; maxpsd];
        for &l in &levels {
            if l > level {
                mdp[maxpsd - (l - level)] += 1;
            }
        }
        let count = |f: &dyn Fn(usize, &super::field::Competitor) -> bool| {
            nodes
                .iter()
                .filter(|&&n| f(field.get(n).level, field.get(n)))
                .count() as u64
        };
        let cc = nodes.len() as u64 + 1;
        let bsize = count(&|l, _| l >= level);
        let next = count(&|l, _| l + 1 >= level);
        let top = count(&|l, c| l >= level && c.top) + 1;
        let flt = |bit: u8, above: bool| {
            count(&|l, c| (if above { l >= level } else { l <= level }) && c.floats & bit != 0) + 1
        };
        let mdp1: Vec<u64> = mdp.iter().map(|m| m + 1).collect();
        let mut bases = vec![bsize + 1];
        let qc7 = bases.len();
        bases.extend(&mdp1);
        let qn8 = bases.len();
        bases.push(next + 1);
        let qc8 = bases.len();
        bases.extend(&mdp1);
        bases.push(bsize + 1 - mdp.iter().sum::<u64>());
        let qc9 = bases.len();
        bases.push(if level <= usize::from(c9) {
            bsize + 1
        } else {
            1
        });
        // Gacrux's QMM digits (second meetings) are none: no round past the planned
        // ones is paired, and within them two players meet once.
        let qc10 = bases.len();
        bases.extend([top, top, cc, cc]);
        let qc14 = bases.len();
        bases.extend([
            flt(DOWN_1, true),
            flt(UP_1, false),
            flt(DOWN_2, true),
            flt(UP_2, false),
        ]);
        let qc18 = bases.len();
        for _ in 0..4 {
            bases.extend(&mdp1);
        }
        let layout = Layout {
            qc6: 0,
            qc7,
            qn8,
            qc8,
            qc9,
            qc10,
            qc11: qc10 + 1,
            qc12: qc10 + 2,
            qc13: qc10 + 3,
            qc14,
            qc15: qc14 + 1,
            qc16: qc14 + 2,
            qc17: qc14 + 3,
            qc18,
        };
        Criteria {
            field,
            level,
            maxpsd,
            c9,
            layout,
            radix: cascade(&bases),
            mdp,
        }
    }

    /// The place values of the C12 and C13 digits.
    pub fn colour_places(&self) -> (&Nat, &Nat) {
        let places = &self.radix.places;
        (&places[self.layout.qc12], &places[self.layout.qc13])
    }

    /// The place value of the C6 digit (a downfloater).
    pub fn float_place(&self) -> &Nat {
        &self.radix.places[self.layout.qc6]
    }

    /// The C criteria of pairing `x` with `y` in this bracket (Gacrux's `update_edge`).
    pub fn edge(&self, x: u32, y: u32) -> EdgeCriteria {
        let f = self.field;
        let l = &self.layout;
        let (mut a, mut b) = (f.get(x.min(y)), f.get(x.max(y)));
        if a.level < b.level {
            core::mem::swap(&mut a, &mut b);
        }
        let s = self.level;
        let maxpsd = self.maxpsd;
        let mut digits: Vec<(usize, u64)> = Vec::new();
        let diff = a.level as isize - s as isize;
        let (mut c14, mut c15, mut c16, mut c17) = (false, false, false, false);
        let unplayed = u64::from(f.round - 1 - a.played);
        if a.level >= s && b.level == s {
            if self.c9 && b.level == 0 {
                digits.push((l.qc9, unplayed));
            }
            if (a.top || b.top) && a.id > 0 && b.id > 0 {
                // C10: topscorers whose colour difference would pass ±2.
                if a.cod() == b.cod() && a.cod().abs() >= 2 {
                    digits.push((l.qc10, 1));
                }
                if qc11(a, b) {
                    digits.push((l.qc11, 1));
                }
            }
            let colour = |c: &super::field::Competitor| c.preference.map(|p| p.colour);
            // C12, C13: a preference (a strong one) not granted.
            if a.id > 0 && b.id > 0 && colour(a).is_some() && colour(a) == colour(b) {
                digits.push((l.qc12, 1));
                let strong = |c: &super::field::Competitor| {
                    c.preference
                        .is_some_and(|p| p.strength > super::colour::Strength::Mild)
                };
                if strong(a) && strong(b) {
                    digits.push((l.qc13, 1));
                }
            }
            // C15, C17: the lower player floats up again.
            c15 = (a.score < b.score && a.floats & UP_1 != 0)
                || (a.score > b.score && b.floats & UP_1 != 0);
            c17 = (a.score < b.score && a.floats & UP_2 != 0)
                || (a.score > b.score && b.floats & UP_2 != 0);
            if c15 {
                digits.push((l.qc15, 1));
            }
            if c17 {
                digits.push((l.qc17, 1));
            }
        } else if a.level >= s && b.level < s {
            // C6: a downfloater; C7: a moved-down player floating on.
            digits.push((l.qc6, 1));
            if diff > 0 {
                digits.push((l.qc7 + maxpsd - diff as usize, 1));
            }
            if self.c9 && b.level == 0 {
                digits.push((l.qc9, unplayed));
            }
            // C14, C16: a resident floating down again.
            c14 = a.floats & DOWN_1 != 0;
            c16 = a.floats & DOWN_2 != 0;
            if c14 && s == a.level {
                digits.push((l.qc14, 1));
            }
            if c16 && s == a.level {
                digits.push((l.qc16, 1));
            }
        }
        // C18-C21: the score differences of those floats.
        for (k, c) in [c14, c15, c16, c17].into_iter().enumerate() {
            if c && diff > 0 {
                digits.push((l.qc18 + k * maxpsd + maxpsd - diff as usize, 1));
            }
        }
        // QN8, QC8: the pair takes a player of the next bracket out of it.
        let mut qn8 = 0;
        if s >= 1 && a.level + 1 >= s && b.level + 1 < s {
            qn8 = 1;
            digits.push((l.qn8, 1));
            let up = a.level + 1 - s;
            if up > 0 {
                digits.push((l.qc8 + maxpsd + 1 - up, 1));
            }
        }
        let mut weight = Nat::zero();
        for (digit, value) in digits {
            weight = weight.add(&self.radix.places[digit].mul_small(value));
        }
        EdgeCriteria { weight, qn8 }
    }
}

/// C11: topscorers who would have the same colour three times running (Gacrux's test).
fn qc11(a: &super::field::Competitor, b: &super::field::Competitor) -> bool {
    let (Some(pa), Some(pb)) = (a.preference, b.preference) else {
        return false;
    };
    if pa.colour != pb.colour {
        return false;
    }
    // The two last colours that a third game with the colour not preferred would
    // repeat: "bb" for a preference for White.
    let opp = Some(pa.colour.opposite());
    let (sa, sb) = (pa.strength as u8, pb.strength as u8);
    let (la, lb) = (a.last_two(), b.last_two());
    (la.is_some() && la == lb)
        || (sa > sb && lb == opp)
        || (sb > sa && la == opp)
        || (sa == 2
            && sb == 2
            && ((a.cod().abs() > b.cod().abs() && lb == opp)
                || (b.cod().abs() > a.cod().abs() && la == opp)))
}

/// The HE number (a heterogeneous bracket): for each moved-down player, by bracket
/// number, whether his opponent is outside the bracket (he floats on), and the bracket
/// number of his opponent among the residents.
pub struct Heterogeneous {
    radix: Radix,
    moved: usize,
    outside: usize,
}

impl Heterogeneous {
    /// `bracket`: the bracket's size (moved-down players first); `moved` of them.
    pub fn new(bracket: usize, moved: usize) -> Heterogeneous {
        let elen = (bracket + 1 - moved) as u64;
        let mut bases = vec![2u64; moved];
        bases.extend(core::iter::repeat_n(elen, moved));
        Heterogeneous {
            radix: cascade(&bases),
            moved,
            outside: bracket + 1,
        }
    }

    pub fn total(&self) -> &Nat {
        &self.radix.total
    }

    /// `x` and `y`: (bracket number or None, level) of the two players.
    pub fn edge(&self, x: (Option<usize>, usize), y: (Option<usize>, usize), s: usize) -> Nat {
        let number = |p: (Option<usize>, usize)| p.0.unwrap_or(self.outside);
        let (mut a, mut b) = (x, y);
        if number(a) > number(b) {
            core::mem::swap(&mut a, &mut b);
        }
        let (an, bn) = (number(a), number(b));
        if a.1 > s && b.1 <= s {
            let e0 = an - 1;
            if bn == self.outside {
                self.radix.places[e0].clone()
            } else {
                self.radix.places[self.moved + e0].mul_small((bn - self.moved) as u64)
            }
        } else {
            Nat::zero()
        }
    }
}

/// The HO number (a homogeneous bracket or remainder of `size` residents, `pairs` of
/// them to be paired): which players form S1 (the exchanges) and, for each, the
/// opponent's bracket number (the transpositions of S2).
pub struct Homogeneous {
    radix: Radix,
    pairs: usize,
    size: usize,
    /// The sum of HO4's places: every pair carries it less its own digit.
    ho4: Nat,
}

impl Homogeneous {
    pub fn new(size: usize, pairs: usize) -> Homogeneous {
        let (b, s) = (size as i64, pairs as i64);
        // HO2's base: the first S of B-1, B-3, ... down to S+1, summed, plus one.
        let ho2: i64 = (0..)
            .map(|k| b - 1 - 2 * k)
            .take_while(|&v| v > s)
            .take(pairs)
            .sum::<i64>()
            + 1;
        let mut bases = vec![s as u64 + 1, ho2 as u64];
        bases.extend(core::iter::repeat_n(2u64, pairs));
        bases.extend(core::iter::repeat_n(2u64, size - pairs));
        bases.extend((1..size as u64).rev());
        let radix = cascade(&bases);
        let ho4 = radix.places[2 + pairs..2 + size]
            .iter()
            .fold(Nat::zero(), |acc, p| acc.add(p));
        Homogeneous {
            radix,
            pairs,
            size,
            ho4,
        }
    }

    pub fn total(&self) -> &Nat {
        &self.radix.total
    }

    /// The place of HO1, the top digit (a pair of two S2 players).
    pub fn first_place(&self) -> &Nat {
        &self.radix.places[0]
    }

    /// `x`, `y`: the bracket numbers (from 1) of two residents, or None for a pair that
    /// is not two residents.
    pub fn edge(&self, numbers: Option<(usize, usize)>) -> Nat {
        let Some((x, y)) = numbers else {
            return self.ho4.clone();
        };
        let (a, b) = (x.min(y), x.max(y));
        let s = self.pairs;
        let p = &self.radix.places;
        let mut w = self.ho4.clone();
        if a > s {
            w = w.add(&p[0]);
        }
        w = w.add(&p[1].mul_small(a as u64 - 1));
        if a <= s {
            w = w.add(&p[2 + s - a]);
        } else {
            w = w.sub(&p[2 + s + (a - s - 1)]);
        }
        let ho5 = 2 + self.size;
        w.add(&p[ho5 + a - 1].mul_small((b - a) as u64))
    }
}
