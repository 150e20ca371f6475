//! The harness of the repetition-ruling tests (`xiangqi_rulings_*.rs`): play a cycle until
//! the ruling falls, and check the verdict and the citation.
#![allow(dead_code)]

pub use shatar_rules::xiangqi::{Citation, Record, RepetitionRules, Ruling, Verdict, fen, iccs};
pub use shatar_rules::{Color, EndReason};

pub const AXF: RepetitionRules = RepetitionRules::Axf2008;
pub const PRC: RepetitionRules = RepetitionRules::Prc1956;
pub const RED: Color = Color::White;
pub const BLACK: Color = Color::Black;

/// Plays `cycle` (ICCS moves from `fen` back to it) until the start position occurs for
/// the fourth time, checking that the game goes on until then, and returns the ruling.
pub fn rule(fen: &str, cycle: &[&str], rules: RepetitionRules) -> Ruling {
    let start = fen::parse_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut record = Record::new(start, rules);
    for round in 0..3 {
        for (i, text) in cycle.iter().enumerate() {
            assert!(
                record.outcome().is_none(),
                "round {round}, move {i}: over early: {:?}",
                record.outcome()
            );
            let m = iccs::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            record.play(m).unwrap_or_else(|e| {
                panic!(
                    "round {round}, move {i} {text} in {}: {e}",
                    record.position()
                )
            });
        }
        if round == 1 {
            let warning = record
                .pending_ruling()
                .expect("a ruling is pending after the third occurrence");
            assert!(record.outcome().is_none());
            let _ = warning;
        }
    }
    let ruling = record
        .ruling()
        .cloned()
        .expect("the fourth occurrence brings a ruling");
    let outcome = record.outcome().expect("and an ending");
    match ruling.verdict {
        Verdict::Draw => assert_eq!(outcome.reason, EndReason::RepetitionDraw),
        Verdict::Loses(loser) => {
            assert_eq!(outcome.reason, EndReason::ForbiddenRepetition);
            assert_eq!(
                outcome.result,
                shatar_rules::GameResult::win_for(loser.other())
            );
        }
    }
    ruling
}

#[track_caller]
pub fn expect(ruling: &Ruling, verdict: Verdict, citation: Citation) {
    assert_eq!(ruling.verdict, verdict, "{ruling}\n{ruling:#?}");
    assert!(
        ruling.cites(citation),
        "{ruling} should cite {citation}\n{ruling:#?}"
    );
}
