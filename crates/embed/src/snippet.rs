//! What the builder page hands a club's webmaster: the element with its script, or the
//! iframe with the two lines that size it. Values are escaped for where they go (HTML
//! attributes, HTML text, the URL fragment), so a PGN with `<` or `"` in a tag stays text.

use super::frame::encode;

/// The attributes that matter in each mode, in the order they are written.
const PLAY: &[&str] = &[
    "game",
    "fen",
    "orientation",
    "opponent",
    "level",
    "theme",
    "pieces",
    "coordinates",
    "notation",
    "lang",
];
const VIEW: &[&str] = &[
    "game",
    "src",
    "pgn",
    "orientation",
    "move",
    "theme",
    "pieces",
    "coordinates",
    "notation",
    "lang",
];
const DIAGRAM: &[&str] = &[
    "game",
    "fen",
    "orientation",
    "arrows",
    "highlights",
    "theme",
    "pieces",
    "coordinates",
    "lang",
];

const LIVE: &[&str] = &["src", "lang"];

/// A value equal to the element's default is left out: the snippet says only what was
/// chosen.
const DEFAULTS: &[(&str, &str)] = &[
    ("game", "mongolian"),
    ("orientation", "white"),
    ("opponent", "computer"),
    ("level", "3"),
    ("theme", "checkered"),
    ("pieces", "traditional"),
    ("coordinates", "outside"),
    ("notation", "english"),
    ("lang", "en"),
    ("move", "0"),
];

/// The attributes for the builder's choices: `mode` first, then those of the mode that
/// hold something other than the default. The builder's one text box is the `pgn` of a
/// viewer and the `fen` of the other modes; a live board's `src` is its own field, `live`.
pub fn attributes(choices: &[(&str, String)]) -> Vec<(&'static str, String)> {
    let get = |name: &str| {
        choices
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.trim().to_string())
    };
    let mode = get("mode")
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| "play".into());
    let names = match mode.as_str() {
        "view" => VIEW,
        "diagram" => DIAGRAM,
        "live" => LIVE,
        _ => PLAY,
    };
    let text = get("text").unwrap_or_default();
    let mut out = vec![("mode", mode.clone())];
    for &name in names {
        let value = match name {
            "src" if mode == "live" => get("live").unwrap_or_default(),
            "pgn" => text.clone(),
            "fen" => text.clone(),
            _ => get(name).unwrap_or_default(),
        };
        let default = DEFAULTS.iter().find(|(n, _)| *n == name).map(|(_, d)| *d);
        if !value.is_empty() && Some(value.as_str()) != default {
            out.push((name, value));
        }
    }
    // A viewer with a src ignores its inline text.
    if out.iter().any(|(n, _)| *n == "src") {
        out.retain(|(n, _)| *n != "pgn");
    }
    // A play board against a friend has no level.
    if out.iter().any(|(n, v)| *n == "opponent" && v == "friend") {
        out.retain(|(n, _)| *n != "level");
    }
    out
}

/// The custom element and its script. A viewer's PGN goes inside the element, where it
/// reads well and shows as text if the script is blocked.
pub fn element(base: &str, attributes: &[(&'static str, String)]) -> String {
    let mut tag = String::from("<shatar-board");
    let mut inner = String::new();
    for (name, value) in attributes {
        if *name == "pgn" {
            inner = format!("\n{}\n", html_text(value));
        } else {
            tag.push_str(&format!(" {name}=\"{}\"", html_attribute(value)));
        }
    }
    format!(
        "<script type=\"module\" src=\"{}shatar-board.js\"></script>\n{tag}>{inner}</shatar-board>\n",
        html_attribute(base)
    )
}

/// The iframe, and the script that sizes it from the heights the frame reports. The
/// script trusts only messages from `base`'s origin.
pub fn iframe(base: &str, attributes: &[(&'static str, String)]) -> String {
    if let Some(frame) = live_frame(attributes) {
        return live_iframe(&frame);
    }
    let fragment: Vec<String> = attributes
        .iter()
        .map(|(n, v)| format!("{n}={}", encode(v)))
        .collect();
    let src = format!("{base}embed.html#{}", fragment.join("&"));
    let origin = origin_of(base);
    format!(
        "<iframe src=\"{}\" title=\"Mongolian chess\" style=\"width: 100%; max-width: 40rem; height: 36rem; border: 0\" loading=\"lazy\"></iframe>\n\
         <script>addEventListener(\"message\", (e) => {{ if (e.origin !== \"{origin}\" || e.data?.event !== \"size\") return;\n  \
         for (const f of document.querySelectorAll(\"iframe\")) if (f.contentWindow === e.source) f.style.height = e.data.height + \"px\"; }});</script>\n",
        html_attribute(&src)
    )
}

/// A live board's page on its server, when the attributes are a live board's good ones.
fn live_frame(attributes: &[(&'static str, String)]) -> Option<String> {
    let get = |name| attributes.iter().find(|(n, _)| *n == name).map(|(_, v)| v);
    if get("mode")?.as_str() != "live" {
        return None;
    }
    let lang = match get("lang") {
        Some(id) => *crate::config::Lang::ALL.iter().find(|l| l.id() == id)?,
        None => crate::config::Lang::En,
    };
    crate::live::frame_address(get("src")?, lang).ok()
}

/// The server's `live.html` framed directly: it reports no height, so the frame has one.
fn live_iframe(frame: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"Live games\" style=\"width: 100%; max-width: 52rem; height: 34rem; border: 0\" loading=\"lazy\"></iframe>\n",
        html_attribute(frame)
    )
}

/// `https://example.org` from `https://example.org/shatar/`.
pub fn origin_of(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    format!("{scheme}://{host}")
}

pub(crate) fn html_attribute(text: &str) -> String {
    html_text(text).replace('"', "&quot;")
}

fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
