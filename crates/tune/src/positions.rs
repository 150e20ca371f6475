//! `shatar-tune positions`: the quiet positions of games in PGN files (another program's
//! games against itself, or ours against it), as `fit` and `label` read them:
//! `FEN;result`, the result White's (Red's) score. Self-play writes its own data; this is
//! for games played elsewhere, such as `shatar match`'s PGN.
//!
//! Quiet, as the fit wants it: the side to move is not in check, and the move the game went
//! on with takes nothing, promotes nothing and gives no check, so that the static
//! evaluation of the position is about what the search would have said of it.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;

use shatar_rules::pgn::PgnReader;
use shatar_rules::{AnyGamePosition, AnyGameRecord, GameKind};

pub struct Positions {
    pub pgn: Vec<PathBuf>,
    pub out: PathBuf,
    pub game: GameKind,
    /// Positions before this ply of a game (from its start position) are not written.
    pub from_ply: usize,
    /// Nor positions with this many men or fewer, kings included: endings the fit's
    /// material terms would have to bend to.
    pub min_men: usize,
    /// The command line, for the data's `.info` file.
    pub command: String,
}

/// The men on the board, kings included.
fn men(position: &AnyGamePosition) -> usize {
    let fen = position.fen();
    let board = fen.split(' ').next().unwrap_or("");
    board.chars().filter(char::is_ascii_alphabetic).count()
}

/// White's (Red's) score of a finished game's result tag; `None` for an unfinished one.
fn white_score(result: Option<&str>) -> Option<&'static str> {
    match result? {
        "1-0" => Some("1.0"),
        "0-1" => Some("0.0"),
        "1/2-1/2" => Some("0.5"),
        _ => None,
    }
}

/// The quiet positions of one game, each `FEN;result`, not already in `seen`.
fn quiet_lines(
    record: &AnyGameRecord,
    result: &str,
    opts: &Positions,
    seen: &mut HashSet<u64>,
    out: &mut String,
) -> usize {
    let mut written = 0;
    for ply in opts.from_ply..record.len() {
        let position = record.position_at(ply).expect("a ply of the game");
        let m = record.move_at(ply);
        let before = men(&position);
        if position.is_check() || m.promotion().is_some() || before < opts.min_men {
            continue;
        }
        let mut after = position;
        after.play_legal(m);
        // A capture is told by the men it leaves, en passant included.
        if after.is_check() || men(&after) < before {
            continue;
        }
        if seen.insert(position.hash()) {
            let _ = writeln!(out, "{};{result}", position.fen());
            written += 1;
        }
    }
    written
}

pub fn run(opts: &Positions) -> Result<(), String> {
    let mut seen = HashSet::new();
    let mut text = String::new();
    let (mut games, mut unfinished, mut positions) = (0, 0, 0);
    for path in &opts.pgn {
        let where_ = path.display();
        let pgn = std::fs::read_to_string(path).map_err(|e| format!("{where_}: {e}"))?;
        let mut reader = PgnReader::new(&pgn);
        while let Some(read) = reader.next_game().map_err(|e| format!("{where_}: {e}"))? {
            games += 1;
            let Some(result) = white_score(read.game.tag("Result")) else {
                unfinished += 1;
                continue;
            };
            let record = AnyGameRecord::from_pgn(&read.game, opts.game)
                .map_err(|e| format!("{where_}: {e}"))?;
            positions += quiet_lines(&record, result, opts, &mut seen, &mut text);
        }
    }
    std::fs::write(&opts.out, text).map_err(|e| format!("{}: {e}", opts.out.display()))?;
    let summary = format!(
        "{games} games ({unfinished} without a result, skipped), {positions} quiet positions, {}",
        crate::weights_file::today()
    );
    eprintln!("{summary}");
    let info_file = crate::selfplay::info_path(&opts.out);
    std::fs::write(&info_file, format!("`{}`: {summary}\n", opts.command))
        .map_err(|e| format!("{}: {e}", info_file.display()))?;
    eprintln!("wrote {} and {}", opts.out.display(), info_file.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("shatar-tune-positions-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn quiet_positions_of_finished_games_with_white_s_score() {
        // 2017 rules: the compulsory first round, then 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# (a
        // capture and mate: not quiet), and an unfinished game.
        let pgn = "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                   [Result \"*\"]\n\n1. d4 d5 2. Nf3 *\n";
        let (input, out) = (temp("games.pgn"), temp("games.txt"));
        std::fs::write(&input, pgn).unwrap();
        let opts = Positions {
            pgn: vec![input],
            out: out.clone(),
            game: GameKind::default(),
            from_ply: 2,
            min_men: 5,
            command: "shatar-tune positions (test)".into(),
        };
        run(&opts).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // Plies 2 to 5 (Qh5, Nc6, Bc4, Nf6) are quiet; 6 takes on f7.
        assert_eq!(lines.len(), 4, "{text}");
        assert!(lines.iter().all(|l| l.ends_with(";1.0")), "{text}");
        assert!(
            lines[0].starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"),
            "{text}"
        );
        let info = std::fs::read_to_string(crate::selfplay::info_path(&out)).unwrap();
        assert!(
            info.contains("2 games (1 without a result, skipped), 4 quiet positions"),
            "{info}"
        );
        // What it writes, the fit reads.
        let _ = crate::fit::parse_line(lines[0], false).unwrap();
    }
}
