//! A tie-break as an event names it: FIDE C.07's code and modifiers (`BH/C1`, `BH-C1`,
//! `KS/L40`, `ARO/M1`, `SB/V2024`), parsed.

use alloc::string::{String, ToString};
use core::fmt;

/// The tie-breaks of FIDE C.07 implemented here (C.07 §5-§11), and the points (PTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// Points (the score itself, first in every order).
    Pts,
    /// Direct encounter (C.07 §6).
    De,
    /// Rounds won, played or not, byes worth a win included (C.07 §7.1).
    Win,
    /// Games won over the board (§7.2).
    Won,
    /// Games played with Black (§7.3).
    Bpg,
    /// Games won with Black (§7.4).
    Bwg,
    /// Rounds one elected to play: games and byes worth a win (§7.5).
    Ge,
    /// Progressive scores (§7.6).
    Ps,
    /// Buchholz (§8.1).
    Bh,
    /// Fore Buchholz: the last round counted as a draw (§8.3).
    Fb,
    /// Average of the opponents' Buchholz (§8.4).
    Aob,
    /// Sonneborn-Berger (§9.1).
    Sb,
    /// Koya (§9.2).
    Ks,
    /// Average rating of opponents (§10.1).
    Aro,
    /// Tournament performance rating (§10.2).
    Tpr,
    /// Perfect tournament performance (§10.3).
    Ptp,
    /// Average of the opponents' TPR (§10.4).
    Apro,
    /// Average of the opponents' PTP (§10.5).
    Appo,
    /// AXF: fewer technical fouls rank higher (AXF 2008 ch. 2 §5 二 (G), 三 (G)).
    Foul,
    /// AXF: in the direct game, the player who had Black (moved second) ranks higher
    /// (ch. 2 §5 二 (F)); between more than two tied players, the one who had Black in
    /// more of their games against each other.
    Deb,
    /// Team events: the points the team's first board scored (AXF 2008 ch. 2 §5 四 (F),
    /// 五 (E), 第一台总分).
    Bd1,
}

impl Code {
    pub const ALL: [Code; 21] = [
        Code::Pts,
        Code::De,
        Code::Win,
        Code::Won,
        Code::Bpg,
        Code::Bwg,
        Code::Ge,
        Code::Ps,
        Code::Bh,
        Code::Fb,
        Code::Aob,
        Code::Sb,
        Code::Ks,
        Code::Aro,
        Code::Tpr,
        Code::Ptp,
        Code::Apro,
        Code::Appo,
        Code::Foul,
        Code::Deb,
        Code::Bd1,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Code::Pts => "PTS",
            Code::De => "DE",
            Code::Win => "WIN",
            Code::Won => "WON",
            Code::Bpg => "BPG",
            Code::Bwg => "BWG",
            Code::Ge => "GE",
            Code::Ps => "PS",
            Code::Bh => "BH",
            Code::Fb => "FB",
            Code::Aob => "AOB",
            Code::Sb => "SB",
            Code::Ks => "KS",
            Code::Aro => "ARO",
            Code::Tpr => "TPR",
            Code::Ptp => "PTP",
            Code::Apro => "APRO",
            Code::Appo => "APPO",
            Code::Foul => "FOUL",
            Code::Deb => "DEB",
            Code::Bd1 => "BD1",
        }
    }

    /// Whether a smaller value ranks higher: the direct encounter's value is a place
    /// among the tied, and fouls are bad.
    pub fn lower_is_better(self) -> bool {
        matches!(self, Code::De | Code::Foul)
    }
}

/// Which edition of C.07's rules on unplayed rounds applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// C.07 as in force from 2024-08-01: an unplayed round counts the player's own
    /// score for the virtual opponent (§16.3).
    Fide2024,
    /// C.07 as approved on 2026-02-01 (in force 2026-03-01): the virtual opponent's
    /// score is capped, at the real opponent's score for a forfeit (§16.4.1) and at a
    /// draw in every round for a bye (§16.4.2).
    Fide2026,
}

impl RuleSet {
    /// The rules in force on `start_date` (`YYYY-MM-DD` or `YYYY/MM/DD`), as Gacrux
    /// chooses them; the newest for a date that cannot be read.
    pub fn in_force_on(start_date: &str) -> RuleSet {
        let digits: String = start_date
            .chars()
            .take(10)
            .filter(char::is_ascii_digit)
            .collect();
        match digits.get(..8).and_then(|d| d.parse::<u32>().ok()) {
            Some(date) if digits.len() == 8 && date < 20260301 => RuleSet::Fide2024,
            _ => RuleSet::Fide2026,
        }
    }
}

/// A tie-break with its modifiers (C.07 §14 and Gacrux's spelling of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieBreak {
    pub code: Code,
    /// Cut the lowest `n` values (`/C1`; `/M1` cuts one at each end).
    pub cut_low: u32,
    pub cut_high: u32,
    /// Koya's limit: opponents with at least this percentage of the maximum score
    /// (`/L40`; default 50), plus `limit_offset` points (`/L+1`: half a point a unit).
    pub limit_percent: i64,
    pub limit_offset: crate::Points,
    /// The rating given to unrated players (`/U1400`); without it, rating tie-breaks are
    /// void when someone is unrated.
    pub unrated: Option<u16>,
    /// Treat unplayed games as played (`/P`): the default in a round robin.
    pub predetermined: bool,
    /// Every unplayed round is a draw for Sonneborn-Berger (`/D`).
    pub unplayed_draw: bool,
    /// The edition of C.07 (`/V2024`, `/V2026`); the event's when not given.
    pub rules: Option<RuleSet>,
    /// Treat a round robin as a Swiss (`/S`).
    pub swiss: bool,
    /// Reverse the order (`/R`).
    pub reversed: bool,
    /// Sonneborn-Berger as AXF defines 小分 (ch. 2 §5): the scores of the opponents
    /// beaten plus half those of the opponents drawn, whatever a win is worth. C.07's
    /// (and Gacrux's) multiplies by the points scored, twice that under 2/1/0: the same
    /// order, another figure.
    pub share_of_win: bool,
    /// Counted on game points (`BH:GP`, Gacrux's and C.07's spelling) in a team event,
    /// whose own points are match points (`:MP`, the default). An individual event has
    /// only one kind of points: there it changes nothing.
    pub game_points: bool,
    /// The text it was read from, normalised (for column headings).
    pub label: String,
}

/// A tie-break's text that names nothing known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieBreakError(pub String);

impl fmt::Display for TieBreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a tie-break (known: ", self.0)?;
        for (i, code) in Code::ALL.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{}", code.name())?;
        }
        write!(
            f,
            "; modifiers like BH/C1, BH-M1, KS/L40, ARO/U1400, SB/P, BH/V2024)"
        )
    }
}

impl TieBreak {
    pub fn new(code: Code) -> TieBreak {
        TieBreak {
            code,
            cut_low: 0,
            cut_high: 0,
            limit_percent: 50,
            limit_offset: crate::Points::ZERO,
            unrated: None,
            predetermined: false,
            unplayed_draw: false,
            rules: None,
            swiss: false,
            reversed: false,
            share_of_win: false,
            game_points: false,
            label: code.name().to_string(),
        }
    }

    /// Reads `BH/C1`, `BH-C1`, `BH#C1`, `KS/L40`, `ARO/M1/U1400`, and the AXF names
    /// (`小分` = SB; `对手分` = BH in a Swiss, SB in a round robin: AXF 2008 ch. 2 §5,
    /// which defines 对手分 in a round robin as what FIDE calls Sonneborn-Berger).
    pub fn parse(text: &str, round_robin: bool) -> Result<TieBreak, TieBreakError> {
        let bad = || TieBreakError(text.to_string());
        let upper = text.trim().to_uppercase();
        // C.07's own spelling is `BH-C1`; Gacrux and TRF-2026 write `BH/C1`, where a `-`
        // can be the sign of Koya's offset (`KS/L-1`).
        let separators: &[char] = if upper.contains(['/', '#', '!']) {
            &['/', '#', '!']
        } else {
            &['-']
        };
        let mut parts = upper.split(separators);
        let name = parts.next().ok_or_else(bad)?;
        let name = name.split('@').next().unwrap_or(name);
        // `BH:GP`: which of a team's points (Gacrux's spelling).
        let (name, mut game_points) = match name.split_once(':') {
            None => (name, false),
            Some((name, "MP")) => (name, false),
            Some((name, "GP")) => (name, true),
            Some(_) => return Err(bad()),
        };
        let code = match name {
            "小分" => Code::Sb,
            "对手分" if round_robin => Code::Sb,
            "对手分" => Code::Bh,
            "PTS" | "MPTS" => Code::Pts,
            // The points that are not the event's own: game points beside match points.
            "GPTS" | "MPVGP" => {
                game_points = true;
                Code::Pts
            }
            "REP" => Code::Ge,
            _ => *Code::ALL
                .iter()
                .find(|c| c.name() == name)
                .ok_or_else(bad)?,
        };
        let mut tb = TieBreak::new(code);
        tb.game_points = game_points;
        for modifier in parts {
            let (kind, value) =
                modifier.split_at(modifier.chars().next().map_or(0, char::len_utf8));
            let number = || value.parse::<u32>().map_err(|_| bad());
            match kind {
                "C" => tb.cut_low = number()?,
                "M" => {
                    tb.cut_low = number()?;
                    tb.cut_high = tb.cut_low;
                }
                "L" => {
                    if let Some(offset) = value.strip_prefix(['+', '-']) {
                        // Gacrux's reading: a whole number counts half points, a decimal
                        // counts points.
                        let mut points = crate::Points::parse(offset).ok_or_else(bad)?;
                        if !offset.contains('.') {
                            points = points.scaled(1, 2);
                        }
                        tb.limit_offset = if value.starts_with('-') {
                            -points
                        } else {
                            points
                        };
                    } else {
                        tb.limit_percent = i64::from(number()?);
                    }
                }
                "U" => tb.unrated = Some(value.parse().map_err(|_| bad())?),
                "P" if value.is_empty() => tb.predetermined = true,
                "D" if value.is_empty() => tb.unplayed_draw = true,
                "S" if value.is_empty() => tb.swiss = true,
                "R" if value.is_empty() => tb.reversed = true,
                "V" => {
                    tb.rules = Some(match value {
                        "2024" | "1" => RuleSet::Fide2024,
                        "" | "2026" | "2" => RuleSet::Fide2026,
                        _ => return Err(bad()),
                    })
                }
                _ => return Err(bad()),
            }
        }
        tb.label = upper.replace(separators, "/");
        if matches!(name, "小分" | "对手分") {
            tb.label = name.to_string();
            tb.share_of_win = code == Code::Sb;
        }
        Ok(tb)
    }
}
