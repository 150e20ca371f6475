//! The UCI options: what `uci` declares and what `setoption` changes.
//!
//! `UCI_LimitStrength` with `UCI_Elo` plays at about a rating on Stockfish 15.1's scale,
//! where the levels of `Skill Level` are anchored too (docs/engine.md); as in Stockfish,
//! a limited strength takes precedence over the skill level.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use shatar_engine::{DEFAULT_HASH_MB, Level, MAX_HASH_MB, Strength};
use shatar_rules::GameKind;

const VARIANT: &str = "UCI_Variant";
const HASH: &str = "Hash";
const CLEAR_HASH: &str = "Clear Hash";
const MULTI_PV: &str = "MultiPV";
const SKILL: &str = "Skill Level";
const LIMIT_STRENGTH: &str = "UCI_LimitStrength";
const ELO: &str = "UCI_Elo";
/// Lines to show; the engine never shows more than there are legal moves.
const MAX_MULTI_PV: usize = 256;

pub struct Options {
    /// The game `UCI_Variant` names; Xiangqi's moves are written in ICCS.
    pub game: GameKind,
    pub hash_mb: usize,
    pub multi_pv: usize,
    pub level: Level,
    pub limit_strength: bool,
    pub elo: u16,
    /// The weak levels' noise and choices follow it; a new one for each game, so that
    /// a level does not play the same game twice.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            game: GameKind::default(),
            hash_mb: DEFAULT_HASH_MB,
            multi_pv: 1,
            level: Level::MAX,
            limit_strength: false,
            elo: Strength::MAX_ELO,
            seed: fresh_seed(),
        }
    }
}

/// What a `setoption` changed that the session must act on.
#[derive(Debug, PartialEq, Eq)]
pub enum Changed {
    Nothing,
    Game,
    Hash,
    ClearHash,
}

/// The `option` lines of the `uci` answer.
pub fn declarations() -> Vec<String> {
    let vars: Vec<String> = GameKind::ALL
        .iter()
        .map(|game| format!("var {}", game.id()))
        .collect();
    vec![
        format!(
            "option name {VARIANT} type combo default {} {}",
            GameKind::default().id(),
            vars.join(" ")
        ),
        format!("option name {HASH} type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!("option name {CLEAR_HASH} type button"),
        format!("option name {MULTI_PV} type spin default 1 min 1 max {MAX_MULTI_PV}"),
        format!(
            "option name {SKILL} type spin default {0} min {1} max {0}",
            Level::MAX.number(),
            Level::MIN.number()
        ),
        format!("option name {LIMIT_STRENGTH} type check default false"),
        format!(
            "option name {ELO} type spin default {1} min {0} max {1}",
            Strength::MIN_ELO,
            Strength::MAX_ELO
        ),
    ]
}

impl Options {
    /// How strongly to play: `UCI_Elo` when the strength is limited, else the skill level.
    pub fn strength(&self) -> Strength {
        if self.limit_strength {
            Strength::elo(self.elo)
        } else {
            self.level.strength()
        }
    }

    pub fn new_game(&mut self) {
        self.seed = fresh_seed();
    }

    /// `setoption name <id> [value <x>]`: the name and value may contain spaces, and
    /// names are matched without regard to case, as UCI asks.
    pub fn set(&mut self, args: &[&str]) -> Result<Changed, String> {
        let (name, value) = match args.split_first() {
            Some((&"name", rest)) if !rest.is_empty() => {
                match rest.iter().position(|&t| t == "value") {
                    Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
                    None => (rest.join(" "), String::new()),
                }
            }
            _ => return Err("expected 'setoption name <id> value <x>'".into()),
        };
        let is = |option: &str| name.eq_ignore_ascii_case(option);
        if is(VARIANT) {
            self.game = value
                .parse::<GameKind>()
                .map_err(|e| format!("{VARIANT} '{value}': {e}"))?;
            Ok(Changed::Game)
        } else if is(HASH) {
            self.hash_mb = spin(HASH, &value, 1, MAX_HASH_MB, self.hash_mb)?;
            Ok(Changed::Hash)
        } else if is(CLEAR_HASH) {
            Ok(Changed::ClearHash)
        } else if is(MULTI_PV) {
            self.multi_pv = spin(MULTI_PV, &value, 1, MAX_MULTI_PV, self.multi_pv)?;
            Ok(Changed::Nothing)
        } else if is(SKILL) {
            let (min, max) = (
                usize::from(Level::MIN.number()),
                usize::from(Level::MAX.number()),
            );
            let n = spin(SKILL, &value, min, max, usize::from(self.level.number()))?;
            self.level = u8::try_from(n)
                .ok()
                .and_then(Level::new)
                .unwrap_or(Level::MAX);
            Ok(Changed::Nothing)
        } else if is(LIMIT_STRENGTH) {
            self.limit_strength = match value.to_ascii_lowercase().as_str() {
                "true" => true,
                "false" => false,
                _ => {
                    return Err(format!(
                        "{LIMIT_STRENGTH} '{value}' is not true or false; still {}",
                        self.limit_strength
                    ));
                }
            };
            Ok(Changed::Nothing)
        } else if is(ELO) {
            let (min, max) = (
                usize::from(Strength::MIN_ELO),
                usize::from(Strength::MAX_ELO),
            );
            let elo = spin(ELO, &value, min, max, usize::from(self.elo))?;
            self.elo = u16::try_from(elo).unwrap_or(Strength::MAX_ELO);
            Ok(Changed::Nothing)
        } else {
            Err(format!(
                "unknown option '{name}' (the options are {VARIANT}, {HASH}, {CLEAR_HASH}, {MULTI_PV}, {SKILL}, {LIMIT_STRENGTH}, {ELO})"
            ))
        }
    }
}

/// A spin option's value, or why not (with the value it keeps).
fn spin(name: &str, value: &str, min: usize, max: usize, current: usize) -> Result<usize, String> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            format!("{name} '{value}' is not a whole number from {min} to {max}; still {current}")
        })
}

fn fresh_seed() -> u64 {
    // RandomState is seeded from the operating system: no dependency for one number.
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(0x5348_4154_4152);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(options: &mut Options, text: &str) -> Result<Changed, String> {
        options.set(&text.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn options_are_set_and_checked() {
        let mut o = Options::default();
        assert_eq!(set(&mut o, "name hash value 64"), Ok(Changed::Hash));
        assert_eq!(o.hash_mb, 64);
        assert!(
            set(&mut o, "name Hash value 0")
                .unwrap_err()
                .contains("from 1 to 4096; still 64")
        );
        assert_eq!(
            set(&mut o, "name Skill Level value 3"),
            Ok(Changed::Nothing)
        );
        assert_eq!(o.level.number(), 3);
        assert!(set(&mut o, "name Skill Level value 11").is_err());
        assert_eq!(o.strength(), Level::new(3).unwrap().strength());
        assert_eq!(set(&mut o, "name UCI_Elo value 1500"), Ok(Changed::Nothing));
        assert_eq!(
            o.strength(),
            Level::new(3).unwrap().strength(),
            "not limited yet"
        );
        assert_eq!(
            set(&mut o, "name uci_limitstrength value TRUE"),
            Ok(Changed::Nothing)
        );
        assert_eq!(
            o.strength(),
            Strength::Elo(1500),
            "the rating wins over the level"
        );
        let range = format!(
            "from {} to {}; still 1500",
            Strength::MIN_ELO,
            Strength::MAX_ELO
        );
        assert!(
            set(&mut o, "name UCI_Elo value 3000")
                .unwrap_err()
                .contains(&range)
        );
        assert!(set(&mut o, "name UCI_LimitStrength value yes").is_err());
        assert_eq!(
            set(&mut o, "name UCI_LimitStrength value false"),
            Ok(Changed::Nothing)
        );
        assert_eq!(set(&mut o, "name MultiPV value 4"), Ok(Changed::Nothing));
        assert_eq!(o.multi_pv, 4);
        assert_eq!(
            set(&mut o, "name UCI_Variant value chess"),
            Ok(Changed::Game)
        );
        assert_eq!(o.game, GameKind::Board8(shatar_rules::Ruleset::Chess));
        assert_eq!(
            set(&mut o, "name UCI_Variant value Xiangqi"),
            Ok(Changed::Game)
        );
        assert_eq!(o.game, GameKind::Xiangqi);
        assert!(
            set(&mut o, "name UCI_Variant value shogi")
                .unwrap_err()
                .contains("or xiangqi")
        );
        assert_eq!(o.game, GameKind::Xiangqi, "a bad value changes nothing");
        assert_eq!(set(&mut o, "name Clear Hash"), Ok(Changed::ClearHash));
        assert!(
            set(&mut o, "name Ponder value true")
                .unwrap_err()
                .contains("unknown option 'Ponder'")
        );
        assert!(set(&mut o, "name").is_err());
    }
}
