//! Which language the page speaks: the player's own choice first, then what the browser
//! prefers.

use super::Lang;

/// The language to use: `?lang=` (a link that asks for one), else the choice the player
/// made in the picker and that was stored, else the first of the browser's languages that
/// we have, else English. A value that names no language of ours is passed over.
///
/// The browser's tags are matched loosely: `zh`, `zh-CN`, `zh-Hans-CN` are Chinese (so is `zh-TW`: simplified
/// characters serve its readers better than English); `mn`
/// and `mn-MN` Cyrillic Mongolian; `mn-Mong` and `mn-CN` (Inner Mongolia) the traditional
/// script. Many Inner Mongolian browsers say `zh-CN`: the picker stays in view for them.
pub fn negotiate(query: Option<&str>, stored: Option<&str>, browser: &[String]) -> Lang {
    query
        .and_then(Lang::from_id)
        .or_else(|| stored.and_then(Lang::from_id))
        .or_else(|| browser.iter().find_map(|tag| from_browser(tag)))
        .unwrap_or_default()
}

fn from_browser(tag: &str) -> Option<Lang> {
    let lower = tag.trim().to_ascii_lowercase();
    let mut parts = lower.split(['-', '_']);
    let language = parts.next()?;
    let rest: Vec<&str> = parts.collect();
    match language {
        "en" => Some(Lang::En),
        "zh" => Some(Lang::ZhHans),
        "mn" if rest.iter().any(|p| matches!(*p, "mong" | "cn")) => Some(Lang::MnMong),
        "mn" => Some(Lang::MnCyrl),
        _ => None,
    }
}
