//! The WXF and Chinese move notations: the rule text's examples, like pieces on one file,
//! the round trip and uniqueness over every legal move of many random positions, and that
//! no input makes either reader panic.

use shatar_rules::xiangqi::{Move, Position, chinese, fen, iccs, wxf};
use std::collections::HashSet;

mod common;
use common::Rng;

fn mv(s: &str) -> Move {
    iccs::parse(s).unwrap()
}

fn pos(f: &str) -> Position {
    fen::parse_position(f).unwrap()
}

/// `text` in Chinese and `w` in WXF both name `coords`, and both are the written forms.
fn both(p: &Position, coords: &str, text: &str, w: &str) {
    let m = mv(coords);
    assert_eq!(chinese::parse(p, text), Ok(m), "{text}");
    assert_eq!(wxf::parse(p, w), Ok(m), "{w}");
    assert_eq!(chinese::write(p, m), text);
    assert_eq!(wxf::write(p, m), w);
}

#[test]
fn rule_text_examples() {
    let mut p = Position::new();
    // AXF 2008 ch. 2 §3 art. 一: 炮二平五，马8进7.
    both(&p, "h2e2", "炮二平五", "C2=5");
    both(&p, "h0g2", "傌二进三", "H2+3");
    both(&p, "c3c4", "兵七进一", "P7+1");
    both(&p, "i0i1", "俥一进一", "R1+1");
    both(&p, "g0e2", "相三进五", "E3+5");
    both(&p, "f0e1", "仕四进五", "A4+5");
    both(&p, "e0e1", "帅五进一", "K5+1");
    // Variants read: 马 for 傌, 車, 上 (1956), the AXF international signs (art. 二).
    assert_eq!(chinese::parse(&p, "马二进三"), Ok(mv("h0g2")));
    assert_eq!(chinese::parse(&p, "炮2=5"), Ok(mv("h2e2")));
    assert_eq!(chinese::parse(&p, "炮2·5"), Ok(mv("h2e2")));
    assert_eq!(chinese::parse(&p, "車一上一"), Ok(mv("i0i1")));
    assert_eq!(chinese::parse(&p, " 炮 二 平 五 "), Ok(mv("h2e2")));
    assert_eq!(wxf::parse(&p, "c2.5"), Ok(mv("h2e2")));
    assert_eq!(wxf::parse(&p, "N2+3"), Ok(mv("h0g2")));
    assert_eq!(wxf::parse(&p, "B3+5"), Ok(mv("g0e2")));
    p.play(mv("h2e2")).unwrap();
    both(&p, "h9g7", "马8进7", "H8+7");
    assert_eq!(chinese::parse(&p, "馬８进７"), Ok(mv("h9g7")));
    assert_eq!(chinese::parse(&p, "马八进七"), Ok(mv("h9g7")));
    both(&p, "b7e7", "砲2平5", "C2=5");
    assert_eq!(chinese::parse(&p, "炮2平5"), Ok(mv("b7e7")));
    both(&p, "g6g5", "卒7进1", "P7+1");
    // AXF art. 二: 车二进六 (车2+6) after the chariot is out.
    let p = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P2/1C5CR/9/RNBAKABN1 w");
    both(&p, "i2i5", "俥一进三", "R1+3");
}

#[test]
fn tandem_pieces() {
    // Two red chariots on file a (Red's 九): front is the higher one.
    let p = pos("4k4/9/9/9/9/9/R8/R8/9/5K3 w");
    both(&p, "a3a4", "前俥进一", "+R+1");
    both(&p, "a2h2", "后俥平二", "-R=2");
    both(&p, "a3h3", "前俥平二", "+R=2");
    for alt in ["前车进一", "俥前进一", "車前進1"] {
        assert_eq!(chinese::parse(&p, alt), Ok(mv("a3a4")), "{alt}");
    }
    both(&p, "a2a1", "后俥退一", "-R-1");
    // The file alone is ambiguous with both on it, unless only one can make the move.
    assert!(matches!(
        chinese::parse(&p, "俥九平八"),
        Err(chinese::NotationError::Ambiguous(_))
    ));
    assert!(matches!(
        wxf::parse(&p, "R9=8"),
        Err(wxf::NotationError::Ambiguous(_))
    ));
    assert_eq!(wxf::parse(&p, "R9+1"), Ok(mv("a3a4")));
    // Black: front is the lower one.
    let p = pos("r3k4/r8/9/9/9/9/9/9/9/5K3 b");
    both(&p, "a8a7", "前车进1", "+R+1");
    both(&p, "a9b9", "后车平2", "-R=2");
    // Three soldiers on a file, then soldiers on two files.
    let p = pos("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w");
    both(&p, "e7e8", "前兵进一", "1P+1");
    both(&p, "e6f6", "中兵平四", "2P=4");
    both(&p, "e5d5", "后兵平六", "3P=6");
    assert_eq!(wxf::parse(&p, "+P+1"), Ok(mv("e7e8")));
    assert_eq!(wxf::parse(&p, "-P=6"), Ok(mv("e5d5")));
    let p = pos("3k5/9/4P4/2P1P4/2P1P4/9/9/9/9/5K3 w");
    both(&p, "e6f6", "中五平四", "2P5=4");
    both(&p, "c6c7", "前七进一", "+P7+1");
    both(&p, "c5b5", "后七平八", "-P7=8");
    assert_eq!(chinese::parse(&p, "前兵七进一"), Ok(mv("c6c7")));
    // Four on a file: numbered from the front.
    let p = pos("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w");
    both(&p, "e8e9", "一兵进一", "1P+1");
    both(&p, "e5d5", "四兵平六", "4P=6");
    let p = pos("3k5/9/9/9/9/4p4/4p4/4p4/4p4/5K3 b");
    both(&p, "e1e0", "一卒进1", "1P+1");
    both(&p, "e3d3", "三卒平4", "3P=4");
    // Two advisors on one file.
    let p = pos("3k5/9/9/9/9/9/9/3A5/9/3AK4 w");
    both(&p, "d2e1", "前仕退五", "+A-5");
}

fn check_all(p: &Position) -> usize {
    let moves = p.legal_moves();
    let (mut zh, mut wx) = (HashSet::new(), HashSet::new());
    for &m in moves.iter() {
        let c = chinese::write(p, m);
        let w = wxf::write(p, m);
        assert_eq!(chinese::parse(p, &c), Ok(m), "{c} in {p}");
        assert_eq!(wxf::parse(p, &w), Ok(m), "{w} in {p}");
        assert!(zh.insert(c.clone()), "{c} twice in {p}");
        assert!(wx.insert(w.clone()), "{w} twice in {p}");
    }
    moves.len()
}

const STARTS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "rnbakabnr/9/1c5c1/p5p1p/4P1p2/2P1P4/2P1P4/1C5C1/9/RNBAKABNR w",
    "rnbakabnr/9/1c5c1/2p1p4/2p1p4/2P1p4/2P6/1C5C1/9/RNBAKABNR b",
];

#[test]
fn round_trip_and_uniqueness() {
    let mut rng = Rng(0x2008_0801);
    let (mut positions, mut moves) = (0, 0);
    for g in 0..30 {
        let mut p = pos(STARTS[g % STARTS.len()]);
        for _ in 0..120 {
            moves += check_all(&p);
            positions += 1;
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            p.play(legal[rng.below(legal.len())]).unwrap();
        }
    }
    assert!(positions > 3000 && moves > 50_000, "{positions} {moves}");
}

#[test]
fn readers_never_panic() {
    const ALPHABET: &[char] = &[
        '帅', '将', '仕', '士', '相', '象', '俥', '车', '傌', '马', '炮', '砲', '兵', '卒', '前',
        '中', '后', '进', '退', '平', '一', '五', '九', '1', '5', '9', '０', '５', '+', '-', '=',
        '.', 'R', 'P', 'C', 'h', ' ', '0', '6', 'é', '\u{0}',
    ];
    let mut rng = Rng(0x1956);
    let positions: Vec<Position> = STARTS.iter().map(|f| pos(f)).collect();
    let mut samples: Vec<String> = Vec::new();
    for p in &positions {
        for &m in p.legal_moves().iter() {
            samples.push(chinese::write(p, m));
            samples.push(wxf::write(p, m));
        }
    }
    for i in 0..20_000 {
        let p = &positions[i % positions.len()];
        let text: String = match i % 3 {
            0 => {
                let bytes: Vec<u8> = (0..rng.below(12)).map(|_| rng.next() as u8).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            }
            1 => (0..rng.below(8))
                .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                .collect(),
            _ => {
                let mut cs: Vec<char> = samples[rng.below(samples.len())].chars().collect();
                match rng.below(3) {
                    0 if !cs.is_empty() => {
                        let k = rng.below(cs.len());
                        cs.remove(k);
                    }
                    1 => cs.insert(rng.below(cs.len() + 1), ALPHABET[rng.below(ALPHABET.len())]),
                    _ if !cs.is_empty() => {
                        let k = rng.below(cs.len());
                        cs[k] = ALPHABET[rng.below(ALPHABET.len())];
                    }
                    _ => {}
                }
                cs.into_iter().collect()
            }
        };
        if let Ok(m) = chinese::parse(p, &text) {
            assert!(p.is_legal(m));
        }
        if let Ok(m) = wxf::parse(p, &text) {
            assert!(p.is_legal(m));
        }
        let _ = chinese::parse(p, &text).map_err(|e| e.to_string());
        let _ = wxf::parse(p, &text).map_err(|e| e.to_string());
    }
}

#[test]
fn error_messages() {
    let p = Position::new();
    assert_eq!(chinese::parse(&p, ""), Err(chinese::NotationError::Empty));
    assert_eq!(
        chinese::parse(&p, "炮二x五"),
        Err(chinese::NotationError::UnknownChar { at: 2, found: 'x' })
    );
    assert!(matches!(
        chinese::parse(&p, "炮二平五五"),
        Err(chinese::NotationError::Form(_))
    ));
    assert!(matches!(
        chinese::parse(&p, "炮二平九"),
        Err(chinese::NotationError::NoSuchMove(_))
    ));
    assert_eq!(
        wxf::parse(&p, "C2x5"),
        Err(wxf::NotationError::Syntax {
            at: 2,
            found: Some('x'),
            expected: "a direction '+', '-' or '='"
        })
    );
    assert!(matches!(
        wxf::parse(&p, "C2=9"),
        Err(wxf::NotationError::NoSuchMove(_))
    ));
    assert!(
        wxf::parse(&p, "C2=")
            .unwrap_err()
            .to_string()
            .contains("character 3")
    );
}
