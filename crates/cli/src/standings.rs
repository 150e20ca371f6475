//! `shatar standings`: the standings of a TRF file with every tie-break column, as CSV
//! (Gacrux's tie-break checker's columns, then the tie-breaks) or JSON.

use std::io::Write;
use std::process::ExitCode;

use shatar_pairing::team::{self, TeamOrder};
use shatar_pairing::tiebreak::{self, Code, Format, Options, Order, RuleSet, Standings, TieBreak};
use shatar_pairing::{Tournament, trf};

/// An order named by `--order`: an individual event's, or a team event's.
enum Named {
    Players(Order),
    Teams(TeamOrder),
}

pub fn command(args: &[String], out: &mut dyn Write) -> Result<ExitCode, String> {
    let mut input = None;
    let mut json = false;
    let mut format = None;
    let mut rules = None;
    let mut list: Option<String> = None;
    let mut order = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |name: &str| iter.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--json" => json = true,
            "--csv" => json = false,
            "--swiss" => format = Some(Format::Swiss),
            "--round-robin" => format = Some(Format::RoundRobin),
            "--rules" => {
                rules = Some(match value("--rules")?.as_str() {
                    "2024" => RuleSet::Fide2024,
                    "2026" => RuleSet::Fide2026,
                    other => return Err(format!("--rules '{other}': expected 2024 or 2026")),
                })
            }
            "--tie-breaks" | "-t" => list = Some(value("--tie-breaks")?),
            "--order" => {
                order = Some(match value("--order")?.as_str() {
                    "mongolian" => Named::Players(Order::Mongolian),
                    "axf-round-robin" => Named::Players(Order::AxfRoundRobin),
                    "axf-swiss" => Named::Players(Order::AxfSwiss),
                    "axf-team-round-robin" => Named::Teams(TeamOrder::AxfRoundRobin),
                    "axf-team-swiss" => Named::Teams(TeamOrder::AxfSwiss),
                    other => {
                        return Err(format!(
                            "--order '{other}': expected mongolian, axf-round-robin, axf-swiss, \
                             axf-team-round-robin or axf-team-swiss"
                        ));
                    }
                })
            }
            other if other.starts_with('-') => {
                return Err(format!(
                    "unknown option '{other}' here (allowed: --csv, --json, --swiss, --round-robin, --rules, --tie-breaks, --order)"
                ));
            }
            file => input = Some(file.to_string()),
        }
    }
    let input = input.ok_or("standings needs a TRF file: shatar standings in.trf")?;
    let text = std::fs::read_to_string(&input).map_err(|e| format!("{input}: {e}"))?;
    let t = trf::read(&text).map_err(|e| format!("{input}: {e}"))?;
    // A file with team records (013, 310) ranks its teams.
    let event = team::from_tournament(&t).map_err(|e| format!("{input}: {e}"))?;
    let t = match &event {
        Some(event) => event.teams_tournament(),
        None => t,
    };
    let mut options = Options::of(&t);
    options.format = format.unwrap_or(options.format);
    options.rules = rules.unwrap_or(options.rules);
    let round_robin = options.format == Format::RoundRobin;
    let order: Vec<TieBreak> = match (list, order) {
        (Some(list), _) => list
            .split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(|s| TieBreak::parse(s, round_robin).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?,
        (None, Some(Named::Players(order))) => tiebreak::default_order(order),
        (None, Some(Named::Teams(order))) => team::default_team_order(order),
        (None, None) if event.is_some() => team::default_team_order(if round_robin {
            TeamOrder::AxfRoundRobin
        } else {
            TeamOrder::AxfSwiss
        }),
        // Every C.07 column, PTS first.
        (None, None) => Code::ALL
            .iter()
            .filter(|c| !matches!(c, Code::Foul | Code::Deb | Code::Bd1))
            .map(|&c| TieBreak::new(c))
            .collect(),
    };
    let standings = match &event {
        Some(event) => tiebreak::team_standings(&t, &order, options, &event.game_points()),
        None => tiebreak::standings(&t, &order, options),
    };
    let text = if json {
        to_json(&t, &standings)
    } else {
        to_csv(&t, &standings)
    };
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

fn to_csv(t: &Tournament, s: &Standings) -> String {
    let mut text = String::from("StartNo,Rank,Name");
    for tb in &s.tie_breaks {
        text += &format!(",{}", tb.label);
    }
    text.push('\n');
    for row in &s.rows {
        let name = &t.player(row.player).name;
        let name = if name.contains([',', '"']) {
            format!("\"{}\"", name.replace('"', "\"\""))
        } else {
            name.clone()
        };
        text += &format!("{},{},{name}", row.player.0, row.rank);
        for value in &row.values {
            text += &format!(",{}", value.text());
        }
        text.push('\n');
    }
    text
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if (c as u32) < 0x20 => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out + "\""
}

fn to_json(t: &Tournament, s: &Standings) -> String {
    let labels: Vec<String> = s
        .tie_breaks
        .iter()
        .map(|tb| json_string(&tb.label))
        .collect();
    let mut text = format!("{{\"tieBreaks\":[{}],\"players\":[", labels.join(","));
    for (i, row) in s.rows.iter().enumerate() {
        let values: Vec<String> = row
            .values
            .iter()
            .map(|v| {
                if v.0.is_some() {
                    v.text()
                } else {
                    "null".into()
                }
            })
            .collect();
        text += &format!(
            "{}{{\"startNo\":{},\"rank\":{},\"name\":{},\"values\":[{}]}}",
            if i == 0 { "" } else { "," },
            row.player.0,
            row.rank,
            json_string(&t.player(row.player).name),
            values.join(",")
        );
    }
    text + "]}\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<String, String> {
        run_on(
            include_str!("../../pairing/tests/data/gacrux-15-players.trf"),
            args,
        )
    }

    fn run_on(trf: &str, args: &[&str]) -> Result<String, String> {
        let dir = std::env::temp_dir().join(format!(
            "shatar-standings-{}-{}",
            std::process::id(),
            trf.len()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("in.trf");
        std::fs::write(&file, trf).unwrap();
        let mut all: Vec<String> = vec![file.display().to_string()];
        all.extend(args.iter().map(|a| a.to_string()));
        let mut out = Vec::new();
        let result = command(&all, &mut out);
        std::fs::remove_dir_all(&dir).unwrap();
        result.map(|_| String::from_utf8(out).unwrap())
    }

    #[test]
    fn csv_with_gacrux_columns_and_json() {
        let csv = run(&["--swiss", "-t", "PTS,BH/C1,ARO"]).unwrap();
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("StartNo,Rank,Name,PTS,BH/C1,ARO"));
        // Gacrux's tie-break checker: player 1, rank 15, 2.5, 22.0, 2118.
        assert_eq!(lines.next(), Some("1,15,Player    3,2.5,22,2118"));
        let json = run(&["--json", "--swiss", "--tie-breaks", "PTS SB"]).unwrap();
        assert!(
            json.starts_with(
                "{\"tieBreaks\":[\"PTS\",\"SB\"],\"players\":[{\"startNo\":1,\"rank\":"
            ),
            "{json}"
        );
        assert!(
            json.contains("\"name\":\"Player    3\",\"values\":[2.5,7.25]"),
            "{json}"
        );
        // Every C.07 column by default.
        let all = run(&[]).unwrap();
        assert!(all.starts_with(
            "StartNo,Rank,Name,PTS,DE,WIN,WON,BPG,BWG,GE,PS,BH,FB,AOB,SB,KS,ARO,TPR,PTP,APRO,APPO\n"
        ));
        assert!(
            run(&["-t", "XYZ"])
                .unwrap_err()
                .contains("'XYZ' is not a tie-break")
        );
        assert!(run(&["--rules", "1999"]).is_err());
    }

    /// A file with team records ranks its teams, by AXF's team order for its format
    /// (crates/pairing/tests/team.rs computes these figures by hand).
    #[test]
    fn a_team_file_ranks_its_teams() {
        let trf = include_str!("../../pairing/tests/data/team-axf-round-robin.trf");
        let csv = run_on(trf, &["--round-robin"]).unwrap();
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some("StartNo,Rank,Name,PTS,PTS:GP,小分,WIN,WIN:GP,DE,BD1,BPG:GP,FOUL")
        );
        assert_eq!(lines.next(), Some("1,1,T1,3,9,4.5,1,2,0,4,4,0"));
        let csv = run_on(trf, &["--round-robin", "-t", "PTS,BH:GP,MPVGP"]).unwrap();
        assert!(csv.contains("\n4,1,T4,3,27,9\n"), "{csv}");
    }
}
