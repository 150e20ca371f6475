//! Perft against the reference counts in `tests/data/*.perft` (copies of
//! `../shared/perft/`): every record at every depth. That is about half a billion leaves, a few
//! seconds even in the default test profile, so the default run checks them all.

use shatar_rules::{Chess, Mongolian, MongolianFolk, Position, Rules, fen, perft_suite};

fn check<R: Rules>(file: &str) {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let records = perft_suite::parse(&text).unwrap();
    assert!(!records.is_empty());
    for record in records {
        let pos: Position<R> =
            fen::parse_position(&record.epd).unwrap_or_else(|e| panic!("{}: {e}", record.id));
        for &(depth, expected) in &record.counts {
            assert_eq!(pos.perft(depth), expected, "{} perft {depth}", record.id);
        }
    }
}

#[test]
fn mongolian_2017() {
    check::<Mongolian>("mongolian.perft");
}

#[test]
fn mongolian_folk() {
    check::<MongolianFolk>("mongolian-folk.perft");
}

#[test]
fn chess() {
    check::<Chess>("chess.perft");
}

/// The copies here must stay equal to the shared reference files when those are present.
#[test]
fn data_equals_the_shared_reference() {
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/perft");
    for file in [
        "mongolian.perft",
        "mongolian-folk.perft",
        "chess.perft",
        "xiangqi.perft",
    ] {
        let Ok(reference) = std::fs::read_to_string(format!("{shared}/{file}")) else {
            continue;
        };
        let ours =
            std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        assert_eq!(
            ours, reference,
            "{file} differs from ../shared/perft/{file}"
        );
    }
}
