//! Perft against the reference counts in `tests/data/*.perft` (copies of
//! `../shared/perft/`): every record at every depth. That is about half a billion leaves, a few
//! seconds even in the default test profile, so the default run checks them all.

use shatar_rules::{Chess, Mongolian, MongolianFolk, Position, Rules, fen};

struct Record {
    id: String,
    epd: String,
    depths: Vec<(u32, u64)>,
}

fn read_records(text: &str) -> Vec<Record> {
    let mut records: Vec<Record> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            records.push(Record { id: id.into(), epd: String::new(), depths: Vec::new() });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            records.last_mut().expect("epd after id").epd = epd.into();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace().map(|s| s.parse::<u64>().expect("number"));
            let (d, n) = (parts.next().unwrap(), parts.next().unwrap());
            records.last_mut().expect("perft after id").depths.push((d as u32, n));
        }
    }
    records
}

fn check<R: Rules>(file: &str) {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let records = read_records(&text);
    assert!(!records.is_empty());
    for record in records {
        let pos: Position<R> = fen::parse_position(&record.epd).unwrap_or_else(|e| panic!("{}: {e}", record.id));
        for &(depth, expected) in &record.depths {
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
    for file in ["mongolian.perft", "mongolian-folk.perft", "chess.perft"] {
        let Ok(reference) = std::fs::read_to_string(format!("{shared}/{file}")) else { continue };
        let ours = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(ours, reference, "{file} differs from ../shared/perft/{file}");
    }
}
