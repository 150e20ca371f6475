//! Command-line options of the `match` and `openings` subcommands: `--name value` or
//! `--name=value`, checked against the names a command accepts.

use std::str::FromStr;

use shatar_rules::GameKind;

#[derive(Debug)]
pub struct Args {
    values: Vec<(String, String)>,
    pub positional: Vec<String>,
}

impl Args {
    /// Reads `args`, whose options are `names`.
    pub fn parse(args: &[String], names: &[&str]) -> Result<Args, String> {
        let mut parsed = Args {
            values: Vec::new(),
            positional: Vec::new(),
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if !arg.starts_with("--") {
                parsed.positional.push(arg.clone());
                continue;
            }
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (arg.as_str(), None),
            };
            let bare = &name[2..];
            if !names.contains(&bare) {
                let known: Vec<String> = names.iter().map(|n| format!("--{n}")).collect();
                return Err(format!(
                    "unknown option '{name}' here (allowed: {})",
                    known.join(", ")
                ));
            }
            let value = inline
                .or_else(|| iter.next().cloned())
                .ok_or_else(|| format!("{name} needs a value"))?;
            parsed.values.push((bare.to_string(), value));
        }
        Ok(parsed)
    }

    /// The last value given for `name`.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `name` read as a `T`; `what` says what it should be, for the error.
    pub fn parsed<T: FromStr>(&self, name: &str, what: &str) -> Result<Option<T>, String> {
        self.value(name)
            .map(|v| {
                v.parse::<T>()
                    .map_err(|_| format!("--{name} '{v}': expected {what}"))
            })
            .transpose()
    }

    /// The game `--ruleset` names; the 2017 rules when none is given.
    pub fn game_kind(&self) -> Result<GameKind, String> {
        Ok(self
            .parsed::<GameKind>("ruleset", "mongolian, mongolian-folk, chess or xiangqi")?
            .unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn values_and_errors() {
        let a = Args::parse(&args("x --games 4 --seed=7 --games 6"), &["games", "seed"]).unwrap();
        assert_eq!(a.parsed::<u32>("games", "a number").unwrap(), Some(6));
        assert_eq!(a.value("seed"), Some("7"));
        assert_eq!(a.value("ruleset"), None);
        assert_eq!(a.positional, ["x"]);
        assert!(Args::parse(&args("--games"), &["games"]).is_err());
        assert!(
            Args::parse(&args("--nope 1"), &["games"])
                .unwrap_err()
                .contains("--games")
        );
        let a = Args::parse(&args("--games x"), &["games"]).unwrap();
        assert!(
            a.parsed::<u32>("games", "a number")
                .unwrap_err()
                .contains("'x'")
        );
    }

    #[test]
    fn the_ruleset_names_the_game() {
        let game = |text: &str| Args::parse(&args(text), &["ruleset"]).unwrap().game_kind();
        assert_eq!(game(""), Ok(GameKind::default()));
        assert_eq!(game("--ruleset xiangqi"), Ok(GameKind::Xiangqi));
        assert_eq!(
            game("--ruleset go"),
            Err("--ruleset 'go': expected mongolian, mongolian-folk, chess or xiangqi".into())
        );
    }
}
