//! The iframe form, `embed.html#mode=view&pgn=...`: the fragment holds the element's
//! attributes, and the frame talks to the club's page by `postMessage`. It tells its
//! parent its height (so a two-line script there can size the iframe) and the board's
//! events (`{shatar: 1, event: "size", height: 512}`, `{shatar: 1, event: "move", detail}`),
//! and it obeys a few commands, but only from the origins it was told to trust.

/// The version of the messages below; a message of another version is refused.
pub const FRAME_PROTOCOL: u32 = 1;

/// The fragment's name=value pairs, decoded (`%xx`, `+` for a space). A pair without `=`
/// has an empty value; invalid escapes are kept as written.
pub fn fragment_params(fragment: &str) -> Vec<(String, String)> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) => (decode(name), decode(value)),
            None => (decode(pair), String::new()),
        })
        .collect()
}

fn decode(text: &str) -> String {
    let hex = |b: u8| char::from(b).to_digit(16).map(|d| d as u8);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes.get(i..i + 3) {
            Some([b'%', high, low]) => hex(*high).zip(hex(*low)).map(|(h, l)| h * 16 + l),
            _ => None,
        };
        match (escaped, bytes[i]) {
            (Some(byte), _) => {
                out.push(byte);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, b) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes a fragment value: everything but the unreserved characters is escaped.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(b))
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Who may command the frame: the origins in the fragment's `parent` (space- or
/// comma-separated), or else the origin of the page that embeds it (the referrer). A frame
/// that knows neither obeys nobody; it still reports its height to whoever embeds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trust {
    origins: Vec<String>,
}

impl Trust {
    pub fn new(parent_param: Option<&str>, referrer_origin: Option<&str>) -> Trust {
        let listed: Vec<String> = parent_param
            .unwrap_or("")
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|o| !o.is_empty())
            .map(|o| o.trim_end_matches('/').to_string())
            .collect();
        let origins = if listed.is_empty() {
            referrer_origin
                .filter(|o| !o.is_empty() && *o != "null")
                .map(String::from)
                .into_iter()
                .collect()
        } else {
            listed
        };
        Trust { origins }
    }

    pub fn trusts(&self, origin: &str) -> bool {
        self.origins.iter().any(|o| o == origin)
    }

    /// Where the frame's own messages may go: the one trusted origin, or anyone when the
    /// frame trusts none or several (a height and a move are public anyway).
    pub fn target_origin(&self) -> &str {
        match self.origins.as_slice() {
            [one] => one,
            _ => "*",
        }
    }
}

/// A command from the club's page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Turn the board round.
    Flip,
    /// Show the position after `ply` moves (a viewer) or browse to it (a game).
    GoTo { ply: usize },
    /// Say the height again (after the page changed the frame's width, say).
    ReportHeight,
}

/// A message's fields as the browser layer found them: `{shatar: 1, command: "go-to",
/// ply: 12}`. (Read field by field rather than through serde: a JSON reader for three
/// fields would cost the page's download more than everything else here.)
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inbound {
    pub shatar: Option<f64>,
    pub command: Option<String>,
    pub ply: Option<f64>,
}

/// Why a message was not obeyed, for the console: the page's author reads it there.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    Untrusted { origin: String },
    NotACommand,
    OtherVersion { version: f64 },
    Unknown { command: String },
    BadPly,
}

impl core::fmt::Display for Refusal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Refusal::Untrusted { origin } => write!(
                f,
                "ignored a message from {origin}: list it in the frame's parent=... to let it command the board"
            ),
            Refusal::NotACommand => {
                f.write_str("ignored a message that is not a board command (no shatar: 1)")
            }
            Refusal::OtherVersion { version } => {
                write!(
                    f,
                    "ignored a command of version {version}; this board speaks version {FRAME_PROTOCOL}"
                )
            }
            Refusal::Unknown { command } => {
                write!(
                    f,
                    "ignored the command \"{command}\" (the board knows flip, go-to and report-height)"
                )
            }
            Refusal::BadPly => f.write_str("ignored go-to: its ply must be a whole number from 0"),
        }
    }
}

/// Reads a message from `origin`.
pub fn read_command(trust: &Trust, origin: &str, message: &Inbound) -> Result<Command, Refusal> {
    if !trust.trusts(origin) {
        return Err(Refusal::Untrusted {
            origin: origin.to_string(),
        });
    }
    let version = message.shatar.ok_or(Refusal::NotACommand)?;
    if version != f64::from(FRAME_PROTOCOL) {
        return Err(Refusal::OtherVersion { version });
    }
    match message.command.as_deref().ok_or(Refusal::NotACommand)? {
        "flip" => Ok(Command::Flip),
        "report-height" => Ok(Command::ReportHeight),
        "go-to" => match message.ply {
            Some(ply) if ply >= 0.0 && ply.fract() == 0.0 && ply < 1e9 => {
                Ok(Command::GoTo { ply: ply as usize })
            }
            _ => Err(Refusal::BadPly),
        },
        other => Err(Refusal::Unknown {
            command: other.to_string(),
        }),
    }
}
