//! `shatar pairings`: the next round of a TRF file, with bbpPairings' and JaVaFo's
//! command line (`--dutch in.trf -p out.txt`) and output (the number of pairs, then
//! `white black` a line, a bye as `player 0`), so that scripts that drive them can drive
//! this one; `--berger` pairs from FIDE's Berger tables, `--axf` as AXF's Swiss.

use std::io::Write;
use std::process::ExitCode;

use shatar_pairing::axf_swiss;
use shatar_pairing::dutch;
use shatar_pairing::pairing::next_round;
use shatar_pairing::round_robin::{self, Cycles};
use shatar_pairing::{Pairing, Tournament, trf};

/// The pairing system a command line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum System {
    Berger,
    Axf,
    Dutch(dutch::RuleSet),
}

/// The text of C.04.3 that `--rules YEAR` names.
fn dutch_rules(year: Option<&String>) -> Result<dutch::RuleSet, String> {
    match year.map(String::as_str) {
        Some("2026") => Ok(dutch::RuleSet::Fide2026),
        Some("2017") => Ok(dutch::RuleSet::Fide2017),
        Some(other) => Err(format!(
            "--rules {other}: the Dutch system's texts are 2026 (approved for 2026-02-01, \
             the default) and 2017 (in force from 2017-07-01 to 2026-01-31)"
        )),
        None => Err("--rules needs a year: 2026 or 2017".into()),
    }
}

pub fn command(args: &[String], out: &mut dyn Write) -> Result<ExitCode, String> {
    let mut system = None;
    let mut rules = None;
    let mut input = None;
    let mut output: Option<Option<String>> = None;
    let mut iter = args.iter().peekable();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--berger" => system = Some(System::Berger),
            "--axf" => system = Some(System::Axf),
            "--dutch" => system = Some(System::Dutch(dutch::RuleSet::Fide2026)),
            "--rules" => rules = Some(dutch_rules(iter.next())?),
            "-p" => {
                let file = iter.next_if(|a| !a.starts_with('-')).cloned();
                output = Some(file);
            }
            other if other.starts_with('-') => {
                return Err(format!(
                    "unknown option '{other}' here (allowed: --dutch, --berger, --axf, \
                     --rules 2026|2017, -p [FILE])"
                ));
            }
            file => input = Some(file.to_string()),
        }
    }
    let system = match (
        system.ok_or("pairings needs a system: --dutch, --berger or --axf")?,
        rules,
    ) {
        (System::Dutch(_), Some(rules)) => System::Dutch(rules),
        (_, Some(_)) => {
            return Err("--rules chooses the text of the Dutch system: use it with --dutch".into());
        }
        (system, None) => system,
    };
    let input = input.ok_or("pairings needs a TRF file: shatar pairings --berger in.trf -p")?;
    let text = std::fs::read_to_string(&input).map_err(|e| format!("{input}: {e}"))?;
    let tournament = trf::read(&text).map_err(|e| format!("{input}: {e}"))?;
    let pairing = pair(&tournament, system)?;
    let text = pairing.to_bbp();
    match output {
        Some(Some(file)) => std::fs::write(&file, text).map_err(|e| format!("{file}: {e}"))?,
        Some(None) | None => out.write_all(text.as_bytes()).map_err(|e| e.to_string())?,
    }
    Ok(ExitCode::SUCCESS)
}

fn pair(t: &Tournament, system: System) -> Result<Pairing, String> {
    let round = next_round(t);
    let players = t.players.len() as u32;
    match system {
        System::Berger => {
            let cycle = players + players % 2 - 1;
            // A file planning more rounds than one cycle is a double round robin.
            let cycles = if t.rounds.is_some_and(|r| r > cycle) {
                Cycles::Double
            } else {
                Cycles::Single
            };
            round_robin::pair_round(players, cycles, round).ok_or_else(|| {
                format!("round {round}: a round robin of {players} players has no such round")
            })
        }
        System::Axf => axf_swiss::pair_round(t, round).map_err(|e| e.to_string()),
        System::Dutch(rules) => dutch::pair_round_by(t, round, rules).map_err(|e| e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn berger_round_two_of_five_players() {
        let dir = std::env::temp_dir().join(format!("shatar-pairings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("in.trf");
        // Round 1 of five players, entered: 1-0 (bye), 2-5, 3-4.
        let mut t = Tournament::default();
        for i in 1..=5 {
            t.players.push(shatar_pairing::Player {
                id: shatar_pairing::PlayerId(i),
                name: format!("P{i}"),
                ..Default::default()
            });
        }
        round_robin::pair_round(5, Cycles::Single, 1)
            .unwrap()
            .enter(&mut t, 1);
        std::fs::write(&file, trf::write(&t, trf::TrfVersion::Trf16)).unwrap();
        let mut out = Vec::new();
        let args = [
            "--berger".to_string(),
            file.display().to_string(),
            "-p".into(),
        ];
        command(&args, &mut out).unwrap();
        // C.05 Annex 1, round 2 for 5-6 players: 6-4 5-3 1-2, 6 the bye.
        assert_eq!(String::from_utf8(out).unwrap(), "3\n5 3\n1 2\n4 0\n");
        // AXF's Swiss on the same file: 1 (the bye's point) first; 1-2 would leave 3-4,
        // who have met, so 1-3 and 2-4, who had Red in round 1 having Black; 5 sits out.
        let mut out = Vec::new();
        let args = ["--axf".to_string(), file.display().to_string()];
        command(&args, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "3\n1 3\n4 2\n5 0\n");
        let fresh = dir.join("fresh.trf");
        let mut t0 = t.clone();
        t0.players.iter_mut().for_each(|p| p.rounds.clear());
        std::fs::write(&fresh, trf::write(&t0, trf::TrfVersion::Trf16)).unwrap();
        let mut out = Vec::new();
        command(&["--dutch".into(), fresh.display().to_string()], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "3\n1 3\n4 2\n5 0\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Round 2 of five players: 1 beat 3, 4-2 drawn, 5 had the PAB, 2 asks for a
    /// half-point bye. 1 and 5 (1 point) meet, 5 (no colour yet) White against 1 (White
    /// last: a strong preference for Black, E.1); then 3 (Black last) White against 4;
    /// four players, no PAB. Gacrux 1.11.65 pairs the same file the same way
    /// (`pairingchecker -p`).
    #[test]
    fn dutch_round_two_with_a_requested_bye() {
        let dir = std::env::temp_dir().join(format!("shatar-dutch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("in.trf");
        std::fs::write(&file, FIVE).unwrap();
        let out_file = dir.join("out.txt");
        let args = [
            "--dutch".to_string(),
            file.display().to_string(),
            "-p".into(),
            out_file.display().to_string(),
        ];
        command(&args, &mut Vec::new()).unwrap();
        assert_eq!(std::fs::read_to_string(&out_file).unwrap(), "2\n5 1\n3 4\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `--rules` names the Dutch system's text: 2026 (the default) or 2017, and nothing
    /// else, and only with --dutch. The same file pairs by both here (no bye, no unplayed
    /// round: the texts differ only there); tests/dutch_2017.rs has the files where they
    /// differ.
    #[test]
    fn dutch_rules_by_year() {
        let dir = std::env::temp_dir().join(format!("shatar-rules-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("in.trf");
        std::fs::write(&file, FIVE).unwrap();
        let path = file.display().to_string();
        for year in ["2026", "2017"] {
            let mut out = Vec::new();
            let args = [
                "--dutch".into(),
                "--rules".into(),
                year.into(),
                path.clone(),
            ];
            command(&args, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), "2\n5 1\n3 4\n");
        }
        let error = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            command(&args, &mut Vec::new()).unwrap_err()
        };
        assert!(error(&["--dutch", "--rules", "2022", &path]).contains("2026"));
        assert!(error(&["--dutch", &path, "--rules"]).contains("needs a year"));
        assert!(error(&["--berger", "--rules", "2017", &path]).contains("with --dutch"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    const FIVE: &str = "\
012 Five
142 5
152 W
001    1      P1                                2000                             1.0          3 w 1
001    2      P2                                1900                             1.0          4 b =  0000 - H
001    3      P3                                1800                             0.0          1 b 0
001    4      P4                                1700                             0.5          2 w =
001    5      P5                                1600                             1.0       0000 - U
";
}
