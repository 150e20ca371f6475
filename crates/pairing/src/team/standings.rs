//! A team event's standings: match points first, then the tie-breaks of its order,
//! counted on the tournament of teams (match points) or on game points (`:GP`).

use alloc::vec::Vec;

use super::TeamEvent;
use crate::tiebreak::{self, Code, Format, Options, RuleSet, Standings, TieBreak};

/// The orders AXF 2008 ch. 2 §5 gives team events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamOrder {
    /// §5 四, a round robin: match points (场分); (A) game points (总局分); (B) 小分,
    /// the match points of the teams beaten and half those of the teams drawn; (C)
    /// matches won; (D) games won (全队胜局); (E) the match between them; (F) the first
    /// board's points; (G) games with Black (后手局数); (H) technical fouls.
    AxfRoundRobin,
    /// §5 五, a Swiss: match points; (A) the opponents' match points (Buchholz); (B)
    /// game points; (C) the match between them; (D) the opponents' game points
    /// (Buchholz on game points); (E) the first board's points; (F) games with Black
    /// (后手出场次数); (G) technical fouls.
    AxfSwiss,
}

/// The tie-breaks of an order, match points first.
pub fn default_team_order(order: TeamOrder) -> Vec<TieBreak> {
    let tb = |code: Code, game_points: bool, label: &str| TieBreak {
        game_points,
        label: label.into(),
        ..TieBreak::new(code)
    };
    let small = TieBreak {
        share_of_win: true,
        label: "小分".into(),
        ..TieBreak::new(Code::Sb)
    };
    match order {
        TeamOrder::AxfRoundRobin => alloc::vec![
            tb(Code::Pts, false, "PTS"),
            tb(Code::Pts, true, "PTS:GP"),
            small,
            tb(Code::Win, false, "WIN"),
            tb(Code::Win, true, "WIN:GP"),
            tb(Code::De, false, "DE"),
            tb(Code::Bd1, false, "BD1"),
            tb(Code::Bpg, true, "BPG:GP"),
            tb(Code::Foul, false, "FOUL"),
        ],
        TeamOrder::AxfSwiss => alloc::vec![
            tb(Code::Pts, false, "PTS"),
            tb(Code::Bh, false, "BH"),
            tb(Code::Pts, true, "PTS:GP"),
            tb(Code::De, false, "DE"),
            tb(Code::Bh, true, "BH:GP"),
            tb(Code::Bd1, false, "BD1"),
            tb(Code::Bpg, true, "BPG:GP"),
            tb(Code::Foul, false, "FOUL"),
        ],
    }
}

/// The standings of the event's teams under `order`; the rows are the teams', in their
/// order (row `i` is team `i + 1`).
pub fn standings(event: &TeamEvent, order: &[TieBreak], format: Format) -> Standings {
    let options = Options {
        format,
        rules: RuleSet::in_force_on(&event.start_date),
    };
    tiebreak::team_standings(
        &event.teams_tournament(),
        order,
        options,
        &event.game_points(),
    )
}
