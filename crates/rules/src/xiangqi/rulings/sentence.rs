//! A ruling as a sentence for the players and the arbiter: who loses and for what, or what
//! each side did in a draw, and the rulings cited.

use core::fmt;

use super::nature::ChaseReason;
use super::{Conduct, Ruling, Traits, Verdict};
use crate::types::Color;

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: Color| if c == Color::White { "Red" } else { "Black" };
        match self.verdict {
            Verdict::Loses(loser) => {
                write!(f, "{} loses: {}", side(loser), self.conduct[loser.index()])?;
                // AXF ruling 1: a perpetual check loses even against forbidden moves.
                let other = &self.conduct[loser.other().index()];
                if other.is_forbidden(self.rules) {
                    write!(
                        f,
                        ", which {}'s {other} does not excuse",
                        side(loser.other())
                    )?;
                }
            }
            Verdict::Draw => {
                write!(
                    f,
                    "Draw: Red {}; Black {}",
                    self.conduct[0], self.conduct[1]
                )?;
            }
        }
        if !self.citations.is_empty() {
            f.write_str(" (")?;
            for (i, c) in self.citations.iter().enumerate() {
                if i > 0 {
                    f.write_str("; ")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl fmt::Display for Conduct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conduct::PerpetualCheck { pieces: 1 } => f.write_str("perpetual check"),
            Conduct::PerpetualCheck { .. } => f.write_str("perpetual check by pieces in turn"),
            Conduct::PerpetualChase {
                target,
                at,
                chasers,
                chaser_count,
                reason,
                with_checks,
                ..
            } => {
                let quality = match reason {
                    ChaseReason::Unprotected => "unprotected ",
                    ChaseReason::FalselyProtected => "falsely protected ",
                    ChaseReason::HorseOrCannonOnChariot => "",
                    ChaseReason::ImmobileChariot => "pinned ",
                };
                write!(
                    f,
                    "perpetual chase of the {quality}{} on {at} by the ",
                    target.role.name()
                )?;
                for (i, r) in chasers.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" and the ")?;
                    }
                    f.write_str(r.name())?;
                }
                if *chaser_count > 1 && chasers.len() == 1 {
                    write!(f, "s in turn")?;
                } else if *chaser_count > 1 {
                    f.write_str(" in turn")?;
                }
                if let Conduct::PerpetualChase { joint: true, .. } = self {
                    f.write_str(", joined by a general or soldier")?;
                }
                if *reason == ChaseReason::FalselyProtected {
                    f.write_str(" (its protector is pinned)")?;
                } else if let Conduct::PerpetualChase {
                    protector_taken: true,
                    ..
                } = self
                {
                    f.write_str(" (its protection taken away)")?;
                }
                if *with_checks {
                    f.write_str(", with checks between")?;
                }
                Ok(())
            }
            Conduct::MateThreats { with_checks: false } => f.write_str("perpetual threat of mate"),
            Conduct::MateThreats { with_checks: true } => {
                f.write_str("checks and threats of mate in turn")
            }
            Conduct::CheckAndCaptureThreat => {
                f.write_str("checks and threats of a discovered capture in turn")
            }
            Conduct::Other(t) => f.write_str(t.describe()),
        }
    }
}

impl Traits {
    fn describe(&self) -> &'static str {
        if self.checks {
            "checks between other moves"
        } else if self.chases_in_turn {
            "chases different pieces in turn"
        } else if self.free_chases_by_general || self.free_chases_by_soldier {
            "chases with the general or soldiers"
        } else if self.mate_threats {
            "threatens mate"
        } else if self.capture_threats {
            "threatens discovered captures"
        } else if self.chases {
            "chases now and then"
        } else if self.same_kind_offers {
            "offers exchanges"
        } else if self.sacrifices {
            "offers pieces"
        } else if self.follows {
            "follows protected pieces"
        } else if self.blocks {
            "blocks"
        } else if self.offers {
            "offers exchanges"
        } else {
            "makes idle moves"
        }
    }
}
