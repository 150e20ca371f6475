//! The engine's analysis of the position shown: the evaluation bar, the score and the
//! lines it expects.

use shatar_protocol::Score;
use shatar_rules::Color;

use crate::state::AppState;
use crate::tf;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisView {
    /// The side drawn at the bottom: the bar fills from that end.
    pub bottom: Color,
    /// White's share of the evaluation bar, 0 to 1000.
    pub white_permille: u32,
    pub score: String,
    pub lines: Vec<String>,
    pub depth: u32,
    /// "depth 12", or nothing before the first answer.
    pub depth_text: String,
    pub finished: bool,
}

pub(super) fn analysis_view(state: &AppState, a: &crate::state::Analysis) -> AnalysisView {
    let best = a.lines.first();
    let (white_permille, score) = match best.map(|l| l.white_score) {
        Some(s) => (bar_share(s), score_text(s)),
        None => (500, String::from("…")),
    };
    let (number, side) = {
        let snap = state.board.game().snapshot(a.ply);
        (snap.position.fullmoves(), snap.position.turn())
    };
    let lines = a
        .lines
        .iter()
        .map(|l| {
            let lead = if side == Color::White {
                format!("{number}.")
            } else {
                format!("{number}…")
            };
            let mut mover = side;
            let moves: Vec<String> = l
                .moves
                .iter()
                .map(|m| {
                    let text = state.render_plain(m, mover);
                    mover = mover.other();
                    text
                })
                .collect();
            format!("{} {lead} {}", score_text(l.white_score), moves.join(" "))
        })
        .collect();
    AnalysisView {
        bottom: state.board.orientation(),
        white_permille,
        score,
        lines,
        depth: best.map_or(0, |l| l.depth),
        depth_text: match best.map_or(0, |l| l.depth) {
            0 => String::new(),
            depth => tf!(state.prefs.lang, "analysis.depth", n = depth.to_string()),
        },
        finished: a.finished,
    }
}

/// A logistic curve: +4 pawns fills about 90 % of the bar; a mate fills it.
fn bar_share(score: Score) -> u32 {
    match score {
        Score::Mate { moves } if moves > 0 => 1000,
        Score::Mate { .. } => 0,
        Score::Cp { cp } => {
            let x = f64::from(cp) / 180.0;
            (1000.0 / (1.0 + (-x).exp())).round() as u32
        }
    }
}

pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp { cp } => {
            let sign = if cp >= 0 { "+" } else { "-" };
            format!(
                "{sign}{}.{:02}",
                cp.unsigned_abs() / 100,
                cp.unsigned_abs() % 100
            )
        }
        Score::Mate { moves } if moves > 0 => format!("#{moves}"),
        Score::Mate { moves } => format!("#-{}", -moves),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_the_evaluation_bar() {
        assert_eq!(score_text(Score::Cp { cp: 35 }), "+0.35");
        assert_eq!(score_text(Score::Cp { cp: -120 }), "-1.20");
        assert_eq!(score_text(Score::Mate { moves: 3 }), "#3");
        assert_eq!(score_text(Score::Mate { moves: -2 }), "#-2");
        assert_eq!(bar_share(Score::Cp { cp: 0 }), 500);
        assert!(bar_share(Score::Cp { cp: 400 }) > 890);
        assert_eq!(bar_share(Score::Mate { moves: -1 }), 0);
    }
}
