//! The tie-break orders each game's text prescribes.

use alloc::vec::Vec;

use super::spec::{Code, TieBreak};

/// Whose order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// The 2017 Inner Mongolia rules give none; the Mongolian federation's regulations
    /// do: points, direct encounter, Buchholz cut 1, Buchholz, Sonneborn-Berger.
    Mongolian,
    /// AXF 2008 ch. 2 §5 二, a round robin: points, 小分 (SB), the direct game, wins,
    /// wins with Black, games with Black, Black in the direct game, technical fouls.
    AxfRoundRobin,
    /// AXF 2008 ch. 2 §5 三, a Swiss: points, 对手分 (BH), the direct game, wins, wins
    /// with Black, games with Black, technical fouls. The text's (F), 强对手分, is
    /// defined nowhere in it and is left out (docs/rules.md).
    AxfSwiss,
}

/// The codes of an order, PTS first.
pub fn default_order(order: Order) -> Vec<TieBreak> {
    let tb = TieBreak::new;
    let cut1 = || TieBreak {
        cut_low: 1,
        label: "BH/C1".into(),
        ..TieBreak::new(Code::Bh)
    };
    let axf_sb = || TieBreak {
        share_of_win: true,
        label: "小分".into(),
        ..TieBreak::new(Code::Sb)
    };
    let axf_bh = || TieBreak {
        label: "对手分".into(),
        ..TieBreak::new(Code::Bh)
    };
    match order {
        Order::Mongolian => alloc::vec![
            tb(Code::Pts),
            tb(Code::De),
            cut1(),
            tb(Code::Bh),
            tb(Code::Sb)
        ],
        Order::AxfRoundRobin => alloc::vec![
            tb(Code::Pts),
            axf_sb(),
            tb(Code::De),
            tb(Code::Win),
            tb(Code::Bwg),
            tb(Code::Bpg),
            tb(Code::Deb),
            tb(Code::Foul),
        ],
        Order::AxfSwiss => alloc::vec![
            tb(Code::Pts),
            axf_bh(),
            tb(Code::De),
            tb(Code::Win),
            tb(Code::Bwg),
            tb(Code::Bpg),
            tb(Code::Foul),
        ],
    }
}
