//! Which rulings a verdict rests on: for a side that loses, the ruling that forbids its
//! conduct; for a draw, the rulings that allow each side's conduct, or the principle that
//! two forbidden conducts cancel out.

use alloc::vec::Vec;

use super::nature::ChaseReason;
use super::{Citation, Conduct, RepetitionRules, Traits, Verdict};
use crate::xiangqi::board::{Role, own_half};

pub(super) fn cite(
    conduct: &[Conduct; 2],
    verdict: Verdict,
    rules: RepetitionRules,
) -> Vec<Citation> {
    let mut out: Vec<Citation> = Vec::new();
    let mut add = |c: Citation| {
        if !out.contains(&c) {
            out.push(c);
        }
    };
    match verdict {
        Verdict::Loses(loser) => {
            let (bad, other) = (&conduct[loser.index()], &conduct[loser.other().index()]);
            forbidding(bad, rules).into_iter().for_each(&mut add);
            // 二将一还将: the other side answered with a check now and then.
            if rules == RepetitionRules::Axf2008
                && matches!(bad, Conduct::PerpetualCheck { .. })
                && matches!(other, Conduct::Other(Traits { checks: true, .. }))
            {
                add(Citation::Axf(3));
            }
        }
        Verdict::Draw if conduct.iter().all(|c| c.is_forbidden(rules)) => {
            match (rules, &conduct[0], &conduct[1]) {
                (
                    RepetitionRules::Axf2008,
                    Conduct::PerpetualCheck { .. },
                    Conduct::PerpetualCheck { .. },
                ) => add(Citation::Axf(2)),
                (
                    RepetitionRules::Prc1956,
                    Conduct::PerpetualCheck { .. },
                    Conduct::PerpetualCheck { .. },
                ) => add(Citation::Prc1956 {
                    chapter: 7,
                    item: 5,
                }),
                (_, a, b) if chariot_and_horse(a, b) => add(match rules {
                    RepetitionRules::Axf2008 => Citation::Axf(17),
                    RepetitionRules::Prc1956 => Citation::Prc1956 {
                        chapter: 7,
                        item: 8,
                    },
                }),
                (
                    RepetitionRules::Axf2008,
                    Conduct::MateThreats { .. },
                    Conduct::MateThreats { .. },
                ) => add(Citation::Axf(5)),
                (RepetitionRules::Axf2008, ..) => add(Citation::AxfBothSides),
                (RepetitionRules::Prc1956, ..) => add(Citation::Prc1956BothSides),
            }
        }
        Verdict::Draw => {
            if rules == RepetitionRules::Axf2008
                && matches!(
                    conduct,
                    [
                        Conduct::MateThreats { with_checks: false },
                        Conduct::MateThreats { with_checks: false }
                    ]
                )
            {
                add(Citation::Axf(5));
            }
            let allowed: Vec<Citation> = conduct.iter().flat_map(|c| allowing(c, rules)).collect();
            let plain = allowed.is_empty();
            allowed.into_iter().for_each(&mut add);
            if plain {
                add(match rules {
                    RepetitionRules::Axf2008 => Citation::AxfBothSides,
                    RepetitionRules::Prc1956 => Citation::Prc1956BothSides,
                });
            }
        }
    }
    out
}

fn chariot_and_horse(a: &Conduct, b: &Conduct) -> bool {
    let chase = |c: &Conduct| match c {
        Conduct::PerpetualChase {
            target, chasers, ..
        } if chasers.len() == 1 => Some((chasers[0], target.role)),
        _ => None,
    };
    matches!(
        (chase(a), chase(b)),
        (
            Some((Role::Chariot, Role::Horse)),
            Some((Role::Horse, Role::Chariot))
        ) | (
            Some((Role::Horse, Role::Chariot)),
            Some((Role::Chariot, Role::Horse))
        )
    )
}

/// The rulings that forbid a conduct.
fn forbidding(c: &Conduct, rules: RepetitionRules) -> Vec<Citation> {
    let prc = |chapter, item| Citation::Prc1956 { chapter, item };
    match (rules, c) {
        (RepetitionRules::Axf2008, Conduct::PerpetualCheck { .. }) => alloc::vec![Citation::Axf(1)],
        (RepetitionRules::Prc1956, Conduct::PerpetualCheck { .. }) => alloc::vec![prc(8, 1)],
        (
            RepetitionRules::Axf2008,
            chase @ Conduct::PerpetualChase {
                target_pinned,
                controlled,
                with_offers,
                ..
            },
        ) => {
            let mut v = alloc::vec![axf_chase(chase)];
            for (applies, ruling) in [(*target_pinned, 22), (*controlled, 32), (*with_offers, 31)] {
                if applies {
                    v.push(Citation::Axf(ruling));
                }
            }
            v
        }
        (
            RepetitionRules::Prc1956,
            Conduct::PerpetualChase {
                with_checks,
                squares,
                ..
            },
        ) => {
            let mut v = alloc::vec![if *with_checks { prc(8, 5) } else { prc(8, 3) }];
            if *squares > 1 {
                v.push(prc(8, 7));
            }
            v
        }
        (RepetitionRules::Prc1956, Conduct::MateThreats { with_checks }) => {
            alloc::vec![if *with_checks { prc(8, 4) } else { prc(8, 2) }]
        }
        (RepetitionRules::Prc1956, Conduct::CheckAndCaptureThreat) => alloc::vec![prc(8, 6)],
        _ => Vec::new(),
    }
}

/// The AXF ruling closest to a perpetual chase.
fn axf_chase(c: &Conduct) -> Citation {
    let Conduct::PerpetualChase {
        target,
        at,
        chasers,
        chaser_count,
        reason,
        by_screen,
        joint,
        ..
    } = c
    else {
        return Citation::AxfChasePrinciple;
    };
    let chaser = chasers[0];
    let ruling = match reason {
        ChaseReason::ImmobileChariot => 14,
        ChaseReason::FalselyProtected => 29,
        _ if *joint => 25,
        ChaseReason::HorseOrCannonOnChariot
            if *chaser_count > 1 && chasers.contains(&Role::Horse) =>
        {
            15
        }
        ChaseReason::HorseOrCannonOnChariot if chaser == Role::Horse => 16,
        ChaseReason::HorseOrCannonOnChariot if *by_screen => 21,
        ChaseReason::HorseOrCannonOnChariot => 10,
        _ if *chaser_count > 1 => 28,
        _ if chaser == target.role => 19,
        _ if *by_screen => 20,
        _ => match (chaser, target.role) {
            (Role::Chariot, Role::Cannon) => 13,
            (Role::Chariot, Role::Horse) => 18,
            (Role::Chariot, Role::Soldier) if !own_half(target.color, *at) => 26,
            (Role::Cannon, Role::Horse | Role::Advisor | Role::Elephant | Role::Soldier) => 20,
            _ => return Citation::AxfChasePrinciple,
        },
    };
    Citation::Axf(ruling)
}

/// The rulings that allow a conduct, when they say something more than "nothing here is
/// forbidden".
fn allowing(c: &Conduct, rules: RepetitionRules) -> Vec<Citation> {
    let prc = |chapter, item| Citation::Prc1956 { chapter, item };
    let mut v = Vec::new();
    match (rules, c) {
        (RepetitionRules::Axf2008, Conduct::MateThreats { with_checks: false }) => {
            v.push(Citation::Axf(4))
        }
        (RepetitionRules::Axf2008, Conduct::MateThreats { with_checks: true }) => {
            v.push(Citation::Axf(6))
        }
        (RepetitionRules::Axf2008, Conduct::CheckAndCaptureThreat) => v.push(Citation::Axf(8)),
        (RepetitionRules::Axf2008, Conduct::Other(t)) => {
            if t.checks {
                v.push(Citation::Axf(if t.chases {
                    7
                } else if t.mate_threats {
                    6
                } else {
                    8
                }));
            } else if t.chases_in_turn {
                v.push(Citation::Axf(if t.cannons_on_chariots { 11 } else { 27 }));
            } else if t.free_chases_by_general {
                v.push(Citation::Axf(23));
            } else if t.free_chases_by_soldier {
                v.push(Citation::Axf(24));
            } else if t.uncrossed_soldiers {
                v.push(Citation::Axf(20));
            } else if t.chases && t.capture_threats {
                v.push(Citation::Axf(9));
            } else if t.pinned_chariot {
                v.push(Citation::Axf(22));
            } else if t.same_kind_offers {
                v.push(Citation::Axf(19));
                v.push(Citation::Axf(35));
            } else if t.sacrifices {
                v.push(Citation::Axf(35));
            } else if t.follows_by_several {
                v.push(Citation::Axf(30));
            } else if t.follows_chariot_on_cannon {
                v.push(Citation::Axf(12));
            } else if t.capture_threats {
                v.push(Citation::Axf(33));
            } else if t.blocks {
                v.push(Citation::Axf(34));
            } else if t.offers {
                v.push(Citation::Axf(35));
            }
        }
        (RepetitionRules::Prc1956, Conduct::Other(t)) => {
            if t.checks {
                v.push(prc(7, 4));
            } else if t.free_chases_by_general {
                v.push(prc(7, 7));
            } else if t.free_chases_by_soldier {
                v.push(prc(7, 6));
            } else if t.same_kind_offers || t.sacrifices {
                v.push(prc(7, 2));
            } else if t.follows {
                v.push(prc(7, 3));
            } else if t.blocks {
                v.push(prc(7, 1));
            } else if t.offers {
                v.push(prc(7, 2));
            }
        }
        _ => {}
    }
    v
}
