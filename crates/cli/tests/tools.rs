//! The `shatar` tools end to end: `match`, `openings`, the search `bench` and `elo`.

use std::path::PathBuf;
use std::process::{Command, Output};

use shatar_rules::{Ruleset, pgn};

fn shatar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shatar"))
        .args(args)
        .output()
        .expect("run shatar")
}

fn stdout(out: &Output) -> String {
    let text = String::from_utf8(out.stdout.clone()).expect("UTF-8 output");
    assert!(
        out.status.success(),
        "{:?}\n{text}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// A scratch file for this test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, text: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("shatar-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        Scratch(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const OPENINGS: &str = "# two openings after the first round\n\
    r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3 # e4 e5 Nf3 Nc6\n\
    rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w - - 2 3\n";

/// The numbers after `A wins`, `draws`, `losses` in the summary.
fn wins_draws_losses(report: &str) -> [u64; 3] {
    let line = report
        .lines()
        .find(|l| l.trim_start().starts_with("W/D/L"))
        .expect(report);
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    [numbers[0], numbers[1], numbers[2]]
}

#[test]
fn a_tiny_match_completes_and_reports() {
    let openings = Scratch::new("openings.fen", OPENINGS);
    let games = Scratch::new("games.pgn", "");
    let out = shatar(&[
        "match",
        "--a",
        "depth=1",
        "--b",
        "depth=2,hash=1",
        "--games",
        "4",
        "--openings",
        openings.path(),
        "--concurrency",
        "2",
        "--pgn",
        games.path(),
        "--progress",
        "2",
        "--sprt",
        "0,5,0.05,0.05",
    ]);
    let report = stdout(&out);
    assert!(
        report.starts_with("match: A = shatar depth=1, B = shatar depth=2,hash=1\n"),
        "{report}"
    );
    assert!(report.contains("\nResult of 4 games: "), "{report}");
    let [w, d, l] = wins_draws_losses(&report);
    assert_eq!(w + d + l, 4, "{report}");
    let elo = report
        .lines()
        .find(|l| l.trim_start().starts_with("Elo"))
        .expect(&report);
    assert!(
        elo.contains("A - B = ") && elo.contains("pentanomial, 2 pairs"),
        "{elo}"
    );
    assert!(report.contains("  LOS "), "{report}");
    assert!(
        report.contains("  SPRT       elo0 0 elo1 5 alpha 0.05 beta 0.05: LLR "),
        "{report}"
    );
    assert!(report.contains("  Faults     none\n"), "{report}");
    assert_eq!(
        report.lines().filter(|l| l.starts_with('[')).count(),
        2,
        "progress every 2 games: {report}"
    );

    // The PGN holds every game, each from its opening, and every move replays.
    let text = std::fs::read_to_string(games.path()).unwrap();
    let games = pgn::parse_games(&text).unwrap();
    assert_eq!(games.len(), 4);
    for game in &games {
        let fen = game.tag("FEN").expect("the opening as the FEN tag");
        assert!(OPENINGS.contains(fen), "{fen}");
        assert_eq!(game.tag("SetUp"), Some("1"));
        assert_eq!(game.tag("Variant"), Some("Mongolian"));
        let record = game.replay_any(Ruleset::Mongolian).unwrap();
        assert!(!record.moves().is_empty());
        assert!(game.result.is_some());
    }
    // Each opening is played once with each colour.
    for fen in OPENINGS.lines().skip(1) {
        let fen = fen.split('#').next().unwrap().trim();
        let whites: Vec<&str> = games
            .iter()
            .filter(|g| g.tag("FEN") == Some(fen))
            .filter_map(|g| g.tag("White"))
            .collect();
        assert_eq!(whites.len(), 2, "{fen}");
        assert_ne!(whites[0], whites[1]);
    }
}

#[test]
fn a_uci_program_plays() {
    let openings = Scratch::new("uci-openings.fen", OPENINGS);
    let me = env!("CARGO_BIN_EXE_shatar");
    let b = format!("uci={me},option.Hash=1,depth=2,name=piped");
    let out = shatar(&[
        "match",
        "--a",
        "depth=2",
        "--b",
        &b,
        "--games",
        "2",
        "--openings",
        openings.path(),
    ]);
    let report = stdout(&out);
    assert!(report.contains("B = piped"), "{report}");
    let [w, d, l] = wins_draws_losses(&report);
    assert_eq!(w + d + l, 2, "{report}");
    assert!(report.contains("  Faults     none\n"), "{report}");
    assert!(
        report.contains("  B moves    ") && report.contains(", depth 2.0"),
        "{report}"
    );
}

/// Xiangqi, as `uci` plays it: the built-in openings, ICCS moves, the rulings referee; the
/// piped program is this one, through UCI.
#[test]
fn a_xiangqi_match_is_played_and_written() {
    let games = Scratch::new("xiangqi.pgn", "");
    let me = env!("CARGO_BIN_EXE_shatar");
    let b = format!("uci={me},option.Hash=1,depth=2,name=piped");
    let out = shatar(&[
        "match",
        "--ruleset",
        "xiangqi",
        "--a",
        "depth=1",
        "--b",
        &b,
        "--games",
        "2",
        "--pgn",
        games.path(),
    ]);
    let report = stdout(&out);
    assert!(report.contains("  xiangqi, 2 games on "), "{report}");
    let [w, d, l] = wins_draws_losses(&report);
    assert_eq!(w + d + l, 2, "{report}");
    assert!(report.contains("  Faults     none\n"), "{report}");
    let text = std::fs::read_to_string(games.path()).unwrap();
    assert_eq!(text.matches("[Variant \"Xiangqi\"]").count(), 2, "{text}");
}

#[cfg(unix)]
#[test]
fn an_illegal_move_or_a_missing_program_is_reported() {
    use std::os::unix::fs::PermissionsExt;
    let openings = Scratch::new("bad-openings.fen", OPENINGS);
    // A UCI program that answers every position with a move from an empty square.
    let script = Scratch::new(
        "bad-engine.sh",
        "#!/bin/sh\nwhile read -r line; do case \"$line\" in\n\
         uci) echo 'id name bad'; echo 'option name UCI_Variant type combo default mongolian var mongolian'; echo uciok;;\n\
         isready) echo readyok;;\n go*) echo 'bestmove a3a4';;\n quit) exit 0;;\n esac; done\n",
    );
    std::fs::set_permissions(&script.0, std::fs::Permissions::from_mode(0o755)).unwrap();
    let b = format!("uci={},depth=1", script.path());
    let out = shatar(&[
        "match",
        "--a",
        "depth=1",
        "--b",
        &b,
        "--games",
        "2",
        "--openings",
        openings.path(),
    ]);
    let report = stdout(&out);
    assert_eq!(wins_draws_losses(&report), [2, 0, 0], "{report}");
    assert!(report.contains("illegal move 2"), "{report}");
    assert!(report.contains("B (black) illegal move 'a3a4'"), "{report}");

    let out = shatar(&[
        "match",
        "--a",
        "depth=1",
        "--b",
        "uci=/nonexistent/engine,depth=1",
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("cannot start '/nonexistent/engine'"));
}

#[test]
fn match_usage_errors() {
    for args in [
        &["match"][..],
        &["match", "--a", "level=3"],
        &["match", "--a", "level=11", "--b", "level=3"],
        &["match", "--a", "level=10", "--b", "level=3"],
        &["match", "--a", "level=3", "--b", "level=3", "--games", "0"],
        &[
            "match",
            "--a",
            "level=3",
            "--b",
            "level=3",
            "--sprt",
            "5,0,0.05,0.05",
        ],
        &[
            "match",
            "--a",
            "level=3",
            "--b",
            "level=3",
            "--openings",
            "/nonexistent.fen",
        ],
        &[
            "match",
            "--a",
            "level=3",
            "--b",
            "level=3",
            "--ruleset",
            "shogi",
        ],
    ] {
        let out = shatar(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn openings_are_made_repeatably() {
    let args = [
        "openings",
        "--ruleset",
        "mongolian-folk",
        "--count",
        "3",
        "--depth",
        "2",
        "--max-cp",
        "1000",
    ];
    let (first, second) = (stdout(&shatar(&args)), stdout(&shatar(&args)));
    assert_eq!(first, second);
    assert!(first.contains(
        "# Made by: shatar openings --ruleset mongolian-folk --count 3 --plies 2-4 --seed 1"
    ));
    let fens: Vec<&str> = first.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(fens.len(), 3, "{first}");
    let other_seed = stdout(&shatar(&[&args[..], &["--seed", "2"]].concat()));
    assert_ne!(first, other_seed);
    // Xiangqi's, from its start in ICCS, read back by the match.
    let out = Scratch::new("xiangqi-openings.fen", "");
    let xiangqi = [
        "openings",
        "--ruleset",
        "xiangqi",
        "--count",
        "2",
        "--depth",
        "2",
        "--max-cp",
        "1000",
        "--out",
        out.path(),
    ];
    stdout(&shatar(&xiangqi));
    let text = std::fs::read_to_string(out.path()).unwrap();
    assert!(
        text.contains("--ruleset xiangqi --count 2 --plies 4-8"),
        "{text}"
    );
    let report = stdout(&shatar(&[
        "match",
        "--ruleset",
        "xiangqi",
        "--openings",
        out.path(),
        "--a",
        "depth=1",
        "--b",
        "depth=1",
    ]));
    assert!(report.contains("4 games on 2 openings"), "{report}");
}

#[test]
fn the_search_bench_prints_its_signature() {
    let line = |out: &Output| {
        let text = stdout(out);
        let words: Vec<String> = text.split_whitespace().map(String::from).collect();
        assert_eq!(words.len(), 7, "{text}");
        assert_eq!(
            [&words[0], &words[2], &words[4], &words[6]],
            ["bench:", "nodes", "ms", "nps"],
            "{text}"
        );
        assert!(
            words[1..6]
                .iter()
                .step_by(2)
                .all(|w| w.parse::<u64>().is_ok()),
            "{text}"
        );
        words[1].clone()
    };
    let nodes = line(&shatar(&["bench", "--depth", "3"]));
    assert_eq!(
        nodes,
        line(&shatar(&["bench", "--depth", "3"])),
        "the node count is deterministic"
    );
    assert_ne!(nodes, line(&shatar(&["bench", "--depth", "4"])));
    // The perft bench is the 8x8 games' only: asked for Xiangqi's it says so rather than
    // time the search in its place.
    let xiangqi = shatar(&["bench", "--perft", "--variant", "xiangqi"]);
    assert!(!xiangqi.status.success());
    assert!(String::from_utf8_lossy(&xiangqi.stderr).contains("shatar perft --variant xiangqi"));
}

#[test]
fn elo_prints_the_figures_as_json() {
    let line = stdout(&shatar(&[
        "elo",
        "7",
        "24",
        "169",
        "--pairs",
        "3,12,40,30,15",
    ]));
    assert!(
        line.starts_with("{\"score\":0.095,\"elo\":-391.5")
            && line.contains(",\"pairs\":{\"score\":0.605,"),
        "{line}"
    );
    assert_eq!(shatar(&["elo", "7", "24"]).status.code(), Some(2));
}
