//! Player specifications: `level=3`, `nodes=20000,hash=16`, `tc=10+0.1`,
//! `uci=/path/to/engine,option.Hash=16,depth=8`. Comma-separated `key=value` pairs.

use std::fmt;

use shatar_engine::{DEFAULT_HASH_MB, Level, MAX_HASH_MB, Strength};

/// A time control: `base+increment` in seconds, optionally `moves/` per period, and a
/// simple delay per move (2017 art. 6.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period, after which `base_ms` is added again.
    pub moves: Option<u32>,
    pub base_ms: u64,
    pub increment_ms: u64,
    pub delay_ms: u64,
}

impl TimeControl {
    /// `[moves/]base[+increment]`, in seconds: `10+0.1`, `40/60`, `5`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad =
            || format!("tc '{text}': expected [moves/]seconds[+increment], like 10+0.1 or 40/60");
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (
                Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(bad)?),
                rest,
            ),
            None => (None, text),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let ms = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0 && *v < 1e9)
                .map(|v| (v * 1000.0).round() as u64)
        };
        let (base_ms, increment_ms) = (ms(base).ok_or_else(bad)?, ms(increment).ok_or_else(bad)?);
        if base_ms == 0 && increment_ms == 0 {
            return Err(bad());
        }
        Ok(TimeControl {
            moves,
            base_ms,
            increment_ms,
            delay_ms: 0,
        })
    }

    /// The PGN `TimeControl` tag: `moves/seconds`, `seconds+increment`, or `seconds`.
    pub fn pgn(&self) -> String {
        let secs = |ms: u64| {
            if ms.is_multiple_of(1000) {
                format!("{}", ms / 1000)
            } else {
                format!("{}", ms as f64 / 1000.0)
            }
        };
        let mut text = match self.moves {
            Some(m) => format!("{m}/{}", secs(self.base_ms)),
            None => secs(self.base_ms),
        };
        if self.increment_ms > 0 {
            text = format!("{text}+{}", secs(self.increment_ms));
        }
        text
    }
}

/// What a player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// This program's engine, in the match's own process.
    Engine { strength: Strength, hash_mb: usize },
    /// Another program speaking UCI, with `setoption` pairs to send.
    Uci {
        path: String,
        options: Vec<(String, String)>,
    },
}

/// A player: who, and how long each move may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    pub name: String,
    pub kind: Kind,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub move_time_ms: Option<u64>,
    pub time_control: Option<TimeControl>,
    /// A UCI program that numbers Xiangqi's ranks 1 to 10, as Fairy-Stockfish does
    /// (`h3e3`), instead of ICCS's 0 to 9 (`h2e2`): `ranks=1`.
    pub ranks_from_one: bool,
}

impl PlayerSpec {
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        let mut strength = Strength::Full;
        let mut hash_mb = DEFAULT_HASH_MB;
        let (mut path, mut options, mut name) = (None, Vec::new(), None);
        let mut ranks_from_one = false;
        let (mut depth, mut nodes, mut move_time_ms, mut tc, mut delay_ms) =
            (None, None, None, None, 0);
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' is not key=value"))?;
            let number = |max: u64| {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| (1..=max).contains(&n))
                    .ok_or_else(|| {
                        format!("{key}={value}: expected a whole number from 1 to {max}")
                    })
            };
            match key {
                "level" => {
                    let max = u64::from(Level::MAX.number());
                    strength = Level::new(number(max)? as u8)
                        .expect("a level from 1 to MAX")
                        .strength()
                }
                "elo" => {
                    let (min, max) = (Strength::MIN_ELO, Strength::MAX_ELO);
                    strength = value
                        .parse::<u16>()
                        .ok()
                        .filter(|n| (min..=max).contains(n))
                        .map(Strength::elo)
                        .ok_or_else(|| {
                            format!("elo={value}: expected a rating from {min} to {max}")
                        })?
                }
                "hash" => hash_mb = number(MAX_HASH_MB as u64)? as usize,
                "depth" => depth = Some(number(100)? as u32),
                "nodes" => nodes = Some(number(u64::MAX)?),
                "movetime" => move_time_ms = Some(number(u64::MAX)?),
                "delay" => delay_ms = number(u64::MAX)?,
                "tc" => tc = Some(TimeControl::parse(value)?),
                "name" => name = Some(value.to_string()),
                "ranks" => {
                    ranks_from_one = match value {
                        "0" => false,
                        "1" => true,
                        _ => return Err(format!("ranks={value}: expected 0 (ICCS) or 1")),
                    }
                }
                "uci" => path = Some(value.to_string()),
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        options.push((option.to_string(), value.to_string()))
                    }
                    _ => return Err(format!("unknown key '{key}' (known: {KEYS})")),
                },
            }
        }
        let time_control = match (tc, delay_ms) {
            (Some(tc), delay_ms) => Some(TimeControl { delay_ms, ..tc }),
            (None, 0) => None,
            (None, _) => return Err("delay= needs a tc= to apply to".into()),
        };
        let kind = match path {
            Some(path) => {
                if strength != Strength::Full || hash_mb != DEFAULT_HASH_MB {
                    return Err("level=, elo= and hash= are for the built-in engine; give a UCI engine option.X=Y".into());
                }
                Kind::Uci { path, options }
            }
            None if !options.is_empty() => {
                return Err("option.X= is for UCI engines (uci=PATH)".into());
            }
            None => Kind::Engine { strength, hash_mb },
        };
        let limited =
            depth.is_some() || nodes.is_some() || move_time_ms.is_some() || time_control.is_some();
        // A limited strength caps the nodes of a search; full strength and other
        // programs need a limit, or a move would never come.
        let capped = matches!(kind, Kind::Engine { strength, .. } if strength != Strength::Full);
        if !limited && !capped {
            return Err("give a limit: depth=N, nodes=N, movetime=MS or tc=BASE+INC".into());
        }
        let name = name.unwrap_or_else(|| match &kind {
            Kind::Engine { .. } => format!("shatar {text}"),
            Kind::Uci { path, .. } => {
                let rest: Vec<&str> = text
                    .split(',')
                    .map(str::trim)
                    .filter(|p| !p.starts_with("uci="))
                    .collect();
                format!("{} {}", file_name(path), rest.join(","))
            }
        });
        Ok(PlayerSpec {
            name: name.trim().to_string(),
            kind,
            depth,
            nodes,
            move_time_ms,
            time_control,
            ranks_from_one,
        })
    }
}

const KEYS: &str =
    "level, elo, hash, depth, nodes, movetime, tc, delay, name, uci, option.NAME, ranks";

fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let p = PlayerSpec::parse("level=3").unwrap();
        assert_eq!(
            p.kind,
            Kind::Engine {
                strength: Level::new(3).unwrap().strength(),
                hash_mb: DEFAULT_HASH_MB
            }
        );
        assert_eq!(p.name, "shatar level=3");
        let p = PlayerSpec::parse("nodes=20000,hash=16").unwrap();
        assert_eq!(
            (p.nodes, p.kind),
            (
                Some(20_000),
                Kind::Engine {
                    strength: Strength::Full,
                    hash_mb: 16
                }
            )
        );
        let p =
            PlayerSpec::parse("uci=/opt/old/shatar,option.Hash=16,tc=10+0.1,delay=500,name=old")
                .unwrap();
        assert_eq!(
            p.kind,
            Kind::Uci {
                path: "/opt/old/shatar".into(),
                options: vec![("Hash".into(), "16".into())]
            }
        );
        assert_eq!(p.name, "old");
        let tc = p.time_control.unwrap();
        assert_eq!(
            (tc.base_ms, tc.increment_ms, tc.delay_ms, tc.moves),
            (10_000, 100, 500, None)
        );
        assert_eq!(
            PlayerSpec::parse("elo=1500").unwrap().kind,
            Kind::Engine {
                strength: Strength::Elo(1500),
                hash_mb: DEFAULT_HASH_MB
            }
        );
        assert_eq!(
            PlayerSpec::parse("uci=/x/y,depth=3").unwrap().name,
            "y depth=3"
        );
        assert_eq!(
            PlayerSpec::parse("depth=3, uci=/x/y").unwrap().name,
            "y depth=3"
        );
        for bad in [
            "",
            "level=10",
            "level=11,depth=3",
            "depth=0",
            "colour=red,depth=1",
            "uci=x,level=3,depth=1",
            "uci=x,elo=1500,depth=1",
            "elo=strong",
            "option.Hash=1,depth=2",
            "delay=5,depth=2",
            "depth",
        ] {
            assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
        }
        for elo in [Strength::MIN_ELO - 1, Strength::MAX_ELO + 1] {
            assert!(PlayerSpec::parse(&format!("elo={elo}")).is_err(), "{elo}");
        }
    }

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse("40/60+0.5").unwrap();
        assert_eq!(
            (tc.moves, tc.base_ms, tc.increment_ms),
            (Some(40), 60_000, 500)
        );
        assert_eq!(tc.pgn(), "40/60+0.5");
        assert_eq!(TimeControl::parse("10+0.1").unwrap().pgn(), "10+0.1");
        assert_eq!(TimeControl::parse("5").unwrap().pgn(), "5");
        for bad in ["", "0", "x+1", "0/10", "-5+1", "10+"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }
}
