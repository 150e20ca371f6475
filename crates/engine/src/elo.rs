//! The statistics of a match, on the logistic Elo scale (a score `s` is
//! `-400 log10(1/s - 1)` Elo): the Elo difference with its 95% interval, the likelihood of
//! superiority, and the sequential probability ratio test. One computation behind
//! `shatar match`, `shatar-tune compare` and the Fairy-Stockfish match (which asks
//! `shatar elo`), so that their figures compare.
//!
//! Errors come from the variance of the observed scores, per game (trinomial: win, draw,
//! loss) or per pair of games on one opening with colours reversed (pentanomial: the
//! pair's total 0, ½, 1, 1½ or 2). Pairs are the better unit: the two games share an
//! opening, so their results are correlated, and per-game variance overstates the error.
//! The variance is the observed one (divided by the count, not the count less one), as
//! cutechess and fastchess compute it.

/// Two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that an expected score `score` (0 to 1) means: infinite at 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * libm::log10(1.0 / score.clamp(0.0, 1.0) - 1.0)
}

/// The expected score at an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + libm::pow(10.0, -elo / 400.0))
}

/// An Elo estimate: the difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub score: f64,
    pub elo: f64,
    /// The 95% interval, in Elo; unbounded on a side where the score's interval reaches
    /// 0 or 1, and both ways while there is no spread to measure.
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    /// Half the width of the 95% interval, in Elo (the interval is not symmetric in Elo;
    /// this is the mean of its two halves); infinite when the interval is unbounded.
    pub fn error(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// Outcomes `values` (scores from 0 to 1) observed `counts` times each, summed up.
struct Moments {
    count: f64,
    mean: f64,
    variance: f64,
}

/// `None` without any outcome.
fn moments(values: &[f64], counts: &[u64]) -> Option<Moments> {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let mean = values
        .iter()
        .zip(counts)
        .map(|(v, &c)| v * c as f64)
        .sum::<f64>()
        / n;
    let variance = values
        .iter()
        .zip(counts)
        .map(|(v, &c)| (v - mean) * (v - mean) * c as f64)
        .sum::<f64>()
        / n;
    Some(Moments {
        count: n,
        mean,
        variance,
    })
}

fn estimate(values: &[f64], counts: &[u64]) -> Option<Estimate> {
    let Moments {
        count,
        mean,
        variance,
    } = moments(values, counts)?;
    let sigma = libm::sqrt(variance / count);
    let (low, high) = if variance > 0.0 {
        (
            elo_from_score(mean - Z95 * sigma),
            elo_from_score(mean + Z95 * sigma),
        )
    } else {
        (f64::NEG_INFINITY, f64::INFINITY)
    };
    Some(Estimate {
        score: mean,
        elo: elo_from_score(mean),
        low,
        high,
    })
}

const GAME_SCORES: [f64; 3] = [1.0, 0.5, 0.0];
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// From single games: `wins`, `draws`, `losses` of the first player.
pub fn trinomial(wins: u64, draws: u64, losses: u64) -> Option<Estimate> {
    estimate(&GAME_SCORES, &[wins, draws, losses])
}

/// From pairs of games: `pairs[k]` pairs in which the first player scored `k / 2` points.
pub fn pentanomial(pairs: &[u64; 5]) -> Option<Estimate> {
    estimate(&PAIR_SCORES, pairs)
}

/// The likelihood that the first player is the stronger, from the decisive games.
pub fn los(wins: u64, losses: u64) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    let decisive = (wins + losses) as f64;
    0.5 * (1.0 + libm::erf((wins as f64 - losses as f64) / libm::sqrt(2.0 * decisive)))
}

/// A sequential probability ratio test of H0 "the Elo difference is `elo0`" against
/// H1 "it is `elo1`", with error rates `alpha` (accepting H1 wrongly) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0 accepted: the difference is at most about `elo0`.
    H0,
    /// H1 accepted: the difference is at least about `elo1`.
    H1,
}

impl Sprt {
    /// Reads `elo0,elo1,alpha,beta`, e.g. `0,5,0.05,0.05`.
    pub fn parse(text: &str) -> Result<Sprt, &'static str> {
        const FORM: &str = "expected four numbers elo0,elo1,alpha,beta, like 0,5,0.05,0.05";
        let mut numbers = text.split(',').map(|t| t.trim().parse::<f64>());
        let mut next = || numbers.next().and_then(Result::ok).ok_or(FORM);
        let (elo0, elo1, alpha, beta) = (next()?, next()?, next()?, next()?);
        if numbers.next().is_some() {
            return Err(FORM);
        }
        let rate = |p: f64| p > 0.0 && p < 0.5;
        if !(elo0 < elo1 && rate(alpha) && rate(beta) && elo0.abs() < 1000.0 && elo1.abs() < 1000.0)
        {
            return Err("need elo0 < elo1 and 0 < alpha, beta < 0.5");
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The log-likelihood ratio bounds: H0 at or below the first, H1 at or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            libm::log(self.beta / (1.0 - self.alpha)),
            libm::log((1.0 - self.beta) / self.alpha),
        )
    }

    /// The log-likelihood ratio of the pair results, by the normal approximation of the
    /// generalised SPRT: `n (s1 - s0) (2 mean - s0 - s1) / (2 variance)`, per pair.
    pub fn llr(&self, pairs: &[u64; 5]) -> f64 {
        let Some(Moments {
            count,
            mean,
            variance,
        }) = moments(&PAIR_SCORES, pairs)
        else {
            return 0.0;
        };
        if variance <= 0.0 {
            // All pairs alike: no spread yet to judge by.
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        count * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_and_score() {
        assert!(
            close(elo_from_score(0.55), 34.86, 0.01),
            "{}",
            elo_from_score(0.55)
        );
        assert!(close(elo_from_score(0.5), 0.0, 1e-9));
        assert!(close(elo_from_score(0.25), -190.85, 0.01));
        assert!(close(score_from_elo(34.86), 0.55, 1e-4));
        assert!(close(score_from_elo(-400.0), 1.0 / 11.0, 1e-12));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    /// The figures tools/match-fsf.mjs computed for itself before it asked `shatar elo`
    /// (z = 1.96 there): the published +7 =24 -169 against Fairy-Stockfish, and a match
    /// by pairs. `shatar-tune compare`'s own interval divided by the count less one: for
    /// the pairs below it gave +40 to +110, a hair wider.
    #[test]
    fn the_figures_of_the_former_copies() {
        let fsf = trinomial(7, 24, 169).unwrap();
        assert!(close(fsf.score, 0.095, 1e-12));
        assert!(close(fsf.elo, -391.570, 1e-3), "{fsf:?}");
        assert!(close(fsf.low, -471.297, 0.01) && close(fsf.high, -333.650, 0.01));
        assert_eq!(
            [fsf.elo, fsf.low, fsf.high].map(|x| x.round()),
            [-392.0, -471.0, -334.0]
        );
        let pairs = pentanomial(&[3, 12, 40, 30, 15]).unwrap();
        assert!(close(pairs.score, 0.605, 1e-12));
        assert!(close(pairs.elo, 74.063, 1e-3), "{pairs:?}");
        assert!(
            close(pairs.low, 39.710, 0.01) && close(pairs.high, 109.910, 0.01),
            "{pairs:?}"
        );
    }

    #[test]
    fn error_bars() {
        // 55 wins, 45 losses: mean 0.55, per-game variance 0.2475, standard error 0.0497.
        let e = trinomial(55, 0, 45).unwrap();
        assert!(close(e.elo, 34.86, 0.01));
        assert!(close(e.error(), 69.5, 0.3), "{e:?}");
        assert!(
            close(e.low, -33.1, 0.3) && close(e.high, 105.9, 0.3),
            "{e:?}"
        );
        // Draws shrink the variance, hence the error bar.
        assert!(trinomial(45, 20, 35).unwrap().error() < trinomial(55, 0, 45).unwrap().error());
        assert_eq!(trinomial(0, 0, 0), None);
        assert!(trinomial(0, 10, 0).unwrap().error().is_infinite());
        // A lopsided result: bounded on one side only.
        let lopsided = trinomial(1, 0, 19).unwrap();
        assert!(
            lopsided.low == f64::NEG_INFINITY && lopsided.high.is_finite(),
            "{lopsided:?}"
        );
        // The same 200 games as 100 pairs that each split 1-1 know the score exactly.
        let pairs = pentanomial(&[0, 0, 100, 0, 0]).unwrap();
        assert!(close(pairs.score, 0.5, 1e-12) && pairs.error().is_infinite());
        let mixed = pentanomial(&[5, 20, 50, 20, 5]).unwrap();
        assert!(close(mixed.elo, 0.0, 1e-9) && mixed.error() > 0.0 && mixed.error().is_finite());
    }

    #[test]
    fn likelihood_of_superiority() {
        assert!(close(los(10, 10), 0.5, 1e-6));
        assert!(close(los(0, 0), 0.5, 1e-12));
        // +20 in 100 decisive games: erf(sqrt 2) = 0.9545.
        assert!(close(los(60, 40), 0.9772, 1e-4), "{}", los(60, 40));
        assert!(close(los(40, 60), 1.0 - los(60, 40), 1e-9));
    }

    #[test]
    fn sprt() {
        let sprt = Sprt::parse("0,5,0.05,0.05").unwrap();
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944, 1e-3) && close(upper, 2.944, 1e-3));
        assert_eq!(sprt.verdict(0.0), None);
        assert_eq!(sprt.verdict(3.0), Some(Verdict::H1));
        assert_eq!(sprt.verdict(-3.0), Some(Verdict::H0));
        // A clearly stronger first player: H1 soon; a clearly weaker: H0.
        let strong = [6, 30, 90, 120, 54];
        assert!(sprt.llr(&strong) > upper, "{}", sprt.llr(&strong));
        let weak = [54, 120, 90, 30, 6];
        assert!(sprt.llr(&weak) < lower);
        // No pairs, or no spread: nothing to go by yet.
        assert_eq!(sprt.llr(&[0; 5]), 0.0);
        assert_eq!(sprt.llr(&[0, 0, 7, 0, 0]), 0.0);
        for bad in [
            "0,5,0.05",
            "0,5,0.05,0.05,1",
            "5,0,0.05,0.05",
            "0,5,0,0.05",
            "a,b,c,d",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
