//! The builder's event embeds (docs/clubs.md, "An event's standings, pairings and
//! crosstable"): from an event's public link (`https://…/event.html?event=<id>`, as its
//! director hands it out), a part and a language, the `<shatar-event>` element with its
//! script and the iframe, both pointing at the event's own server (not the builder's
//! site: a club may build its snippet anywhere).

use shatar_protocol::events::EventId;

use crate::after_scheme;
use crate::snippet::{html_attribute, origin_of};

/// What the link may be, for the error that says so.
pub const EXPECTED: &str = "expected an event's public link (https://…/event.html?event=…)";

/// The parts an event embed shows (event.html's `embed=`).
pub const PARTS: [&str; 3] = ["standings", "pairings", "crosstable"];

/// An event's embed, read from the builder's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventEmbed {
    /// The server's site, ending in `/`: where `event.html` and `shatar-event.js` are.
    pub base: String,
    pub event: EventId,
    pub part: &'static str,
    /// A language id (`mn-Cyrl`), or none: the reader's browser's.
    pub lang: Option<String>,
}

impl EventEmbed {
    /// Reads `link` (an event's public link), `part` (standings when empty or unknown) and
    /// `lang` (empty or unknown: none). `Err` says what is wrong with the link.
    pub fn read(link: &str, part: &str, lang: &str) -> Result<EventEmbed, String> {
        let link = link.trim();
        let rest = after_scheme(link).ok_or_else(|| EXPECTED.to_string())?;
        if link.contains('<') || rest.starts_with(['/', '?', '#']) {
            return Err(EXPECTED.to_string());
        }
        let without_fragment = link.split('#').next().unwrap_or_default();
        let (path, query) = without_fragment
            .split_once('?')
            .ok_or_else(|| EXPECTED.to_string())?;
        let base = path
            .strip_suffix("event.html")
            .filter(|b| b.ends_with('/'))
            .ok_or_else(|| EXPECTED.to_string())?;
        let event = query
            .split('&')
            .find_map(|pair| pair.strip_prefix("event="))
            .and_then(|id| id.parse::<EventId>().ok())
            .ok_or_else(|| format!("{EXPECTED}: no event's id in the link"))?;
        let part = PARTS.into_iter().find(|p| *p == part).unwrap_or(PARTS[0]);
        let lang = shatar_web::i18n::Lang::ALL
            .into_iter()
            .map(|l| l.id())
            .find(|id| *id == lang)
            .map(str::to_string);
        Ok(EventEmbed {
            base: base.to_string(),
            event,
            part,
            lang,
        })
    }

    /// `event.html`'s address for this part alone: what the iframe and the element frame.
    pub fn frame_src(&self) -> String {
        let mut src = format!(
            "{}event.html?event={}&embed={}",
            self.base, self.event, self.part
        );
        if let Some(lang) = &self.lang {
            src += &format!("&lang={lang}");
        }
        src
    }

    /// The custom element and its script (once a page).
    pub fn element(&self) -> String {
        let lang = self
            .lang
            .as_ref()
            .map(|l| format!(" lang=\"{}\"", html_attribute(l)))
            .unwrap_or_default();
        format!(
            "<script type=\"module\" src=\"{}shatar-event.js\"></script>\n\
             <shatar-event event=\"{}\" part=\"{}\"{lang}></shatar-event>\n",
            html_attribute(&self.base),
            self.event,
            self.part
        )
    }

    /// The iframe, and the script that sizes it from the heights the frame reports (from
    /// the server's origin only).
    pub fn iframe(&self) -> String {
        format!(
            "<iframe src=\"{}\" title=\"{}\" style=\"width: 100%; height: 20rem; border: 0\" loading=\"lazy\"></iframe>\n\
             <script>addEventListener(\"message\", (e) => {{ if (e.origin !== \"{}\" || e.data?.event !== \"size\") return;\n  \
             for (const f of document.querySelectorAll(\"iframe\")) if (f.contentWindow === e.source) f.style.height = e.data.height + \"px\"; }});</script>\n",
            html_attribute(&self.frame_src()),
            self.part,
            html_attribute(&origin_of(&self.base))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "07070707070707070707070707070707";

    #[test]
    fn an_events_public_link_gives_both_snippets_on_its_own_server() {
        let e = EventEmbed::read(
            &format!(" https://club.example/shatar/event.html?event={ID}#director=secret "),
            "pairings",
            "mn-Cyrl",
        )
        .unwrap();
        assert_eq!(e.base, "https://club.example/shatar/");
        assert_eq!(
            e.frame_src(),
            format!(
                "https://club.example/shatar/event.html?event={ID}&embed=pairings&lang=mn-Cyrl"
            )
        );
        assert_eq!(
            e.element(),
            format!(
                "<script type=\"module\" src=\"https://club.example/shatar/shatar-event.js\"></script>\n\
                 <shatar-event event=\"{ID}\" part=\"pairings\" lang=\"mn-Cyrl\"></shatar-event>\n"
            )
        );
        let frame = e.iframe();
        assert!(frame.contains(&format!("src=\"https://club.example/shatar/event.html?event={ID}&amp;embed=pairings&amp;lang=mn-Cyrl\"")), "{frame}");
        assert!(
            frame.contains("e.origin !== \"https://club.example\""),
            "{frame}"
        );
        // The director's token in the fragment never reaches a snippet.
        assert!(!frame.contains("secret") && !e.element().contains("secret"));
        // No language: the reader's browser's; an unknown part is the standings.
        let e = EventEmbed::read(
            &format!("http://127.0.0.1:8080/event.html?event={ID}"),
            "x",
            "",
        )
        .unwrap();
        assert_eq!((e.part, e.lang), ("standings", None));
    }

    #[test]
    fn a_link_that_is_not_an_events_says_so() {
        for bad in [
            "",
            "club.example/event.html?event=07",
            &format!("https://club.example/online.html?event={ID}"),
            "https://club.example/event.html?event=nothex",
            "https://club.example/event.html",
            &format!("https:///event.html?event={ID}"),
            &format!("https://club.example/event.html?event={ID}\"><script>"),
        ] {
            let e = EventEmbed::read(bad, "standings", "");
            assert!(
                e.as_ref().is_err_and(|why| why.starts_with(EXPECTED)),
                "{bad}: {e:?}"
            );
        }
    }
}
