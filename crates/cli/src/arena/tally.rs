//! The running count of a match, from player A's side, and its reports: a progress line
//! and the final summary.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use shatar_engine::elo::{self, Estimate, Sprt, Verdict};
use shatar_rules::{Color, GameResult};

use super::referee::{End, Played, SideStats};

#[derive(Default)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// `pairs[k]`: pairs of games (one opening, colours reversed) in which A scored `k / 2`.
    pub pairs: [u64; 5],
    /// A's score in half points in the first game of a pair whose second is not in yet.
    pending: HashMap<usize, u64>,
    /// How games ended, by kind.
    pub ends: BTreeMap<String, u64>,
    /// Games lost by a player's failure, described: `game 7: B crashed: ...`.
    pub faults: Vec<String>,
    /// A's and B's moves.
    pub players: [SideStats; 2],
}

impl Tally {
    /// Counts game `index` (from 0; games `2k` and `2k + 1` are a pair), in which A
    /// played `a_color`.
    pub fn add(&mut self, index: usize, a_color: Color, played: &Played) {
        let result = played.end.result();
        let half_points = match result {
            GameResult::Draw => 1,
            r if r == GameResult::win_for(a_color) => 2,
            _ => 0,
        };
        self.games += 1;
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
        match self.pending.remove(&(index ^ 1)) {
            Some(other) => self.pairs[((other + half_points) as usize).min(4)] += 1,
            None => {
                self.pending.insert(index, half_points);
            }
        }
        *self.ends.entry(played.end.kind()).or_default() += 1;
        let who = |color: Color| if color == a_color { "A" } else { "B" };
        match &played.end {
            End::Fault { culprit, fault } => {
                self.faults.push(format!(
                    "game {}: {} ({}) {fault}",
                    index + 1,
                    who(*culprit),
                    culprit.name()
                ));
            }
            End::Time {
                loser,
                drawn: false,
            } => {
                self.faults.push(format!(
                    "game {}: {} ({}) lost on time",
                    index + 1,
                    who(*loser),
                    loser.name()
                ));
            }
            _ => {}
        }
        for (color, side) in [(a_color, 0), (a_color.other(), 1)] {
            let (mine, theirs) = (&mut self.players[side], played.stats[color.index()]);
            mine.moves += theirs.moves;
            mine.depth_sum += theirs.depth_sum;
            mine.depth_moves += theirs.depth_moves;
            mine.nodes_sum += theirs.nodes_sum;
            mine.nodes_moves += theirs.nodes_moves;
            mine.time_ms += theirs.time_ms;
        }
    }

    /// The Elo estimate: from pairs once there are some, else from single games.
    pub fn estimate(&self) -> Option<(Estimate, &'static str)> {
        if self.pairs.iter().sum::<u64>() > 0 {
            elo::pentanomial(&self.pairs).map(|e| (e, "pentanomial"))
        } else {
            elo::trinomial(self.wins, self.draws, self.losses).map(|e| (e, "trinomial"))
        }
    }

    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / (self.games.max(1) as f64)
    }

    /// `[ 10/200] +3 =4 -3  50.0%  Elo +0.0 +/- 120.3  LOS 50.0%`
    pub fn progress(&self, total: usize) -> String {
        let width = total.to_string().len();
        let mut line = format!(
            "[{:>width$}/{total}] +{} ={} -{}  {:.1}%",
            self.games,
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        );
        if let Some((e, _)) = self.estimate() {
            let _ = write!(line, "  Elo {}", elo_text(&e));
        }
        let _ = write!(
            line,
            "  LOS {:.1}%",
            100.0 * elo::los(self.wins, self.losses)
        );
        line
    }

    /// The final report, several lines.
    pub fn summary(&self, names: [&str; 2], sprt: Option<(&Sprt, f64)>) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Result of {} games: A = {}, B = {}",
            self.games, names[0], names[1]
        );
        let _ = writeln!(
            out,
            "  W/D/L      A wins {}, draws {}, losses {}: A scores {:.1}%",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        );
        match self.estimate() {
            Some((e, model)) => {
                let pairs: u64 = self.pairs.iter().sum();
                let plural =
                    |n: u64, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
                let unit = if model == "pentanomial" {
                    plural(pairs, "pair")
                } else {
                    plural(self.games, "game")
                };
                let _ = writeln!(
                    out,
                    "  Elo        A - B = {} (95%, {model}, {unit})",
                    elo_text(&e)
                );
            }
            None => out.push_str("  Elo        no games\n"),
        }
        let _ = writeln!(
            out,
            "  LOS        {:.1}% that A is stronger",
            100.0 * elo::los(self.wins, self.losses)
        );
        let [p0, p1, p2, p3, p4] = self.pairs;
        let _ = writeln!(
            out,
            "  Pairs      0: {p0}, 1/2: {p1}, 1: {p2}, 3/2: {p3}, 2: {p4} (A's points per opening pair)"
        );
        let ends: Vec<String> = self
            .ends
            .iter()
            .map(|(kind, n)| format!("{kind} {n}"))
            .collect();
        let _ = writeln!(out, "  Ends       {}", ends.join(", "));
        for (label, s) in [("A", &self.players[0]), ("B", &self.players[1])] {
            let _ = writeln!(out, "  {label} moves    {}", move_stats(s));
        }
        if let Some((sprt, llr)) = sprt {
            let (lower, upper) = sprt.bounds();
            let verdict = match sprt.verdict(llr) {
                Some(Verdict::H0) => format!("H0 accepted (A - B <= {})", sprt.elo0),
                Some(Verdict::H1) => format!("H1 accepted (A - B >= {})", sprt.elo1),
                None => "no decision yet".into(),
            };
            let _ = writeln!(
                out,
                "  SPRT       elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.2} in [{lower:.2}, {upper:.2}]: {verdict}",
                sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
            );
        }
        if self.faults.is_empty() {
            out.push_str("  Faults     none\n");
        } else {
            let _ = writeln!(out, "  Faults     {}", self.faults.len());
            for f in &self.faults {
                let _ = writeln!(out, "    {f}");
            }
        }
        out
    }
}

/// `+34.9 +/- 20.1`, or the interval when it is unbounded: `-511.5 [-inf, -298.0]`.
fn elo_text(e: &Estimate) -> String {
    // Adding 0.0 turns a -0.0 into 0.0.
    let elo = e.elo + 0.0;
    if e.error().is_finite() {
        format!("{elo:+.1} +/- {:.1}", e.error())
    } else if e.low == f64::NEG_INFINITY && e.high == f64::INFINITY {
        format!("{elo:+.1} (no error bar: every result alike so far)")
    } else {
        format!("{elo:+.1} [{:+.1}, {:+.1}]", e.low + 0.0, e.high + 0.0)
    }
}

fn move_stats(s: &SideStats) -> String {
    let per = |sum: u64, n: u64| sum as f64 / n.max(1) as f64;
    let mut text = format!(
        "{} moves, {:.0} ms a move",
        s.moves,
        per(s.time_ms, s.moves)
    );
    if s.depth_moves > 0 {
        let _ = write!(text, ", depth {:.1}", per(s.depth_sum, s.depth_moves));
    }
    if s.nodes_moves > 0 {
        let _ = write!(text, ", {:.0} nodes", per(s.nodes_sum, s.nodes_moves));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::player::Fault;
    use crate::records;
    use shatar_rules::{EndReason, Outcome, Ruleset};

    fn played(end: End) -> Played {
        let record = records::new_game(Ruleset::Mongolian.into());
        Played {
            record,
            end,
            stats: [SideStats::default(); 2],
        }
    }

    #[test]
    fn pairs_faults_and_the_summary() {
        let mut tally = Tally::default();
        let white_mates = played(End::Rules(Outcome::win(Color::White, EndReason::Checkmate)));
        // Pair 0: A wins as white, then draws as black; pair 1: A loses twice.
        tally.add(0, Color::White, &white_mates);
        tally.add(1, Color::Black, &played(End::Cap));
        tally.add(3, Color::Black, &white_mates);
        tally.add(
            2,
            Color::White,
            &played(End::Fault {
                culprit: Color::White,
                fault: Fault::Hung,
            }),
        );
        assert_eq!((tally.wins, tally.draws, tally.losses), (1, 1, 2));
        assert_eq!(tally.pairs, [1, 0, 0, 1, 0]);
        assert_eq!(tally.faults, ["game 3: A (white) no answer (hung)"]);
        let progress = tally.progress(4);
        assert!(
            progress.starts_with("[4/4] +1 =1 -2  37.5%  Elo -88.7 "),
            "{progress}"
        );
        let summary = tally.summary(["a", "b"], None);
        assert!(
            summary.contains("A wins 1, draws 1, losses 2: A scores 37.5%"),
            "{summary}"
        );
        assert!(
            summary.contains("Ends       checkmate 2, hang 1, ply cap (adjudicated draw) 1"),
            "{summary}"
        );
        assert!(
            summary.contains("Pairs      0: 1, 1/2: 0, 1: 0, 3/2: 1, 2: 0"),
            "{summary}"
        );
    }
}
