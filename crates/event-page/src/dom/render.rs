//! Draws the event page's view, each part again only when it changed since the last
//! drawing ([`Shown`]). Every text goes in as text (`set_text_content`, attributes): the
//! names, clubs and event names are other people's words.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement};

use shatar_web::i18n::Lang;
use shatar_web::{t, tf};

use crate::address::Embed;
use crate::view::{EventPageView, TableView};

#[derive(Default)]
pub struct Shown {
    lang: Option<Lang>,
    view: Option<EventPageView>,
}

impl Shown {
    /// A form was emptied: its round field is filled in again at the next drawing.
    pub fn forget_rounds(&mut self) {
        if let Some(v) = &mut self.view {
            v.next_round = 0;
        }
    }
}

fn by_id(doc: &Document, id: &str) -> Result<Element, JsValue> {
    doc.get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("shatar: event.html has no #{id}")))
}

fn set_hidden(el: &Element, hidden: bool) -> Result<(), JsValue> {
    el.dyn_ref::<HtmlElement>()
        .ok_or("shatar: not an HTML element")?
        .set_hidden(hidden);
    Ok(())
}

fn show_text(doc: &Document, id: &str, text: Option<&str>) -> Result<(), JsValue> {
    let el = by_id(doc, id)?;
    el.set_text_content(text);
    set_hidden(&el, text.is_none())
}

/// Whether the part named `part` (its `data-part`) shows.
fn part_shows(part: &str, v: &EventPageView) -> bool {
    let event = !v.creating;
    match v.embed {
        Some(embed) => matches!(
            (part, embed),
            ("standings", Embed::Standings)
                | ("pairings", Embed::Pairings)
                | ("crosstable", Embed::Crosstable)
        ),
        None => match part {
            "create" => v.create_form,
            "event" => !v.creating,
            "links" => v.director && v.links.is_some(),
            "director" => v.director && !v.creating,
            "pair" => v.can_pair,
            "join" => v.can_join,
            "live" => !v.live.is_empty() || v.my_game.is_some(),
            "standings" => event && v.standings.is_some(),
            "crosstable" => event && v.crosstable.is_some(),
            "pairings" => event && !v.rounds.is_empty(),
            "ranks" => event && v.ranks.is_some(),
            "card" => v.card.is_some(),
            _ => true,
        },
    }
}

pub fn render(
    doc: &Document,
    shown: &mut Shown,
    v: &EventPageView,
    lang: Lang,
) -> Result<(), JsValue> {
    if shown.lang != Some(lang) {
        shatar_web::dom::translate::translate_marked(doc, lang)?;
        shown.lang = Some(lang);
        shown.view = None;
    }
    let old = shown.view.take();
    let changed = |f: &dyn Fn(&EventPageView) -> bool| old.as_ref().is_none_or(f);
    if let Some(body) = doc.body() {
        match v.embed {
            Some(embed) => body.set_attribute("data-embed", embed.id())?,
            None => body.remove_attribute("data-embed")?,
        }
    }
    let parts = doc.query_selector_all("[data-part]")?;
    for i in 0..parts.length() {
        if let Some(el) = parts.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            let part = el.get_attribute("data-part").unwrap_or_default();
            set_hidden(&el, !part_shows(&part, v))?;
        }
    }
    if changed(&|o| o.title != v.title) {
        by_id(doc, "event-title")?.set_text_content(Some(&v.title));
        doc.set_title(&format!("{} — {}", v.title, t!(lang, "app.name")));
    }
    if changed(&|o| o.facts != v.facts) {
        let list = by_id(doc, "facts")?;
        list.set_text_content(None);
        for (term, value) in &v.facts {
            let dt = doc.create_element("dt")?;
            dt.set_text_content(Some(term));
            let dd = doc.create_element("dd")?;
            dd.set_text_content(Some(value));
            list.append_child(&dt)?;
            list.append_child(&dd)?;
        }
    }
    if changed(&|o| o.knockout != v.knockout) {
        let fields = doc.query_selector_all("[data-knockout]")?;
        for i in 0..fields.length() {
            if let Some(el) = fields.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                set_hidden(&el, !v.knockout)?;
            }
        }
    }
    show_text(doc, "problem", v.problem.as_deref())?;
    show_text(doc, "done", v.done.as_deref())?;
    if changed(&|o| o.link_state != v.link_state || o.link_text != v.link_text) {
        let status = by_id(doc, "status")?;
        status.set_attribute("data-state", v.link_state)?;
        status.set_text_content(v.link_text.as_deref());
        // An embed says only what keeps it from showing its table.
        let quiet = v.embed.is_some() && !matches!(v.link_state, "none" | "offline");
        set_hidden(&status, v.link_text.is_none() || quiet)?;
    }
    if changed(&|o| o.defaults != v.defaults) {
        show_defaults(doc, &v.defaults)?;
    }
    if changed(&|o| o.links != v.links)
        && let Some(links) = &v.links
    {
        by_id(doc, "public-link")?.set_attribute("value", &links.public)?;
        if let Some(input) = doc
            .get_element_by_id("public-link")
            .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        {
            input.set_value(&links.public);
        }
        let qr = by_id(doc, "public-qr")?;
        qr.set_text_content(None);
        if let Some((size, path)) = &links.qr {
            qr.set_attribute("viewBox", &format!("0 0 {size} {size}"))?;
            let p = doc.create_element_ns(Some("http://www.w3.org/2000/svg"), "path")?;
            p.set_attribute("d", path)?;
            qr.append_child(&p)?;
        }
        if let Some(input) = doc
            .get_element_by_id("director-link")
            .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        {
            input.set_value(links.director.as_deref().unwrap_or_default());
        }
    }
    if changed(&|o| o.pgn != v.pgn || o.trf != v.trf) {
        for (id, href) in [("pgn-link", &v.pgn), ("trf-link", &v.trf)] {
            if let Some(href) = href {
                by_id(doc, id)?.set_attribute("href", href)?;
            }
        }
    }
    if changed(&|o| o.standings != v.standings || o.tie_break_notes != v.tie_break_notes) {
        fill_table(doc, "standings", v.standings.as_ref())?;
        let notes = by_id(doc, "tie-break-notes")?;
        notes.set_text_content(None);
        for note in &v.tie_break_notes {
            let li = doc.create_element("li")?;
            li.set_text_content(Some(note));
            notes.append_child(&li)?;
        }
    }
    if changed(&|o| o.crosstable != v.crosstable) {
        fill_table(doc, "crosstable", v.crosstable.as_ref())?;
    }
    if changed(&|o| o.ranks != v.ranks) {
        fill_table(doc, "ranks", v.ranks.as_ref())?;
    }
    if changed(&|o| o.card != v.card) {
        fill_table(doc, "card", v.card.as_ref())?;
    }
    if changed(&|o| o.by_board != v.by_board || o.by_name != v.by_name) {
        fill_table(doc, "by-board", v.by_board.as_ref())?;
        fill_table(doc, "by-name", v.by_name.as_ref())?;
    }
    if changed(&|o| o.rounds != v.rounds || o.round_shown != v.round_shown) {
        let tabs = by_id(doc, "round-tabs")?;
        tabs.set_text_content(None);
        for &round in &v.rounds {
            let b = doc.create_element("button")?;
            b.set_attribute("type", "button")?;
            b.set_attribute("data-round", &round.to_string())?;
            b.set_attribute(
                "aria-pressed",
                if Some(round) == v.round_shown {
                    "true"
                } else {
                    "false"
                },
            )?;
            b.set_text_content(Some(&tf!(lang, "event.round-n", round = round.to_string())));
            tabs.append_child(&b)?;
        }
    }
    if changed(&|o| o.live != v.live || o.my_game != v.my_game) {
        let list = by_id(doc, "live")?;
        list.set_text_content(None);
        for (text, href) in &v.live {
            let li = doc.create_element("li")?;
            let a = doc.create_element("a")?;
            a.set_attribute("href", href)?;
            a.set_text_content(Some(text));
            li.append_child(&a)?;
            list.append_child(&li)?;
        }
        let mine = by_id(doc, "my-game")?;
        match &v.my_game {
            Some((text, href)) => {
                mine.set_attribute("href", href)?;
                mine.set_text_content(Some(text));
                set_hidden(&mine, false)?;
            }
            None => set_hidden(&mine, true)?,
        }
    }
    if changed(&|o| o.players != v.players) {
        let selects = doc.query_selector_all("select[data-players]")?;
        for i in 0..selects.length() {
            let Some(select) = selects.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                continue;
            };
            select.set_text_content(None);
            for (number, text) in &v.players {
                let option = doc.create_element("option")?;
                option.set_attribute("value", &number.to_string())?;
                option.set_text_content(Some(text));
                select.append_child(&option)?;
            }
        }
    }
    if changed(&|o| o.next_round != v.next_round) {
        by_id(doc, "pair-button")?.set_text_content(Some(&tf!(
            lang,
            "event.pair",
            round = v.next_round.to_string()
        )));
        // The round fields start at the round in play (the last paired).
        let current = v.next_round.saturating_sub(1).max(1).to_string();
        let rounds = doc.query_selector_all("input[data-round-field]")?;
        for i in 0..rounds.length() {
            if let Some(input) = rounds
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                input.set_value(&current);
            }
        }
    }
    shown.view = Some(v.clone());
    Ok(())
}

/// The creation form's empty fields say what the server takes for them: a choice's empty
/// option is worded so, a box shows it as its placeholder.
fn show_defaults(doc: &Document, defaults: &[(&str, String)]) -> Result<(), JsValue> {
    for (field, text) in defaults {
        let Some(el) = doc.query_selector(&format!("#create-form [name=\"{field}\"]"))? else {
            continue;
        };
        if el.tag_name().eq_ignore_ascii_case("select") {
            if let Some(option) = el.query_selector("option[value=\"\"]")? {
                option.set_text_content(Some(text));
            }
        } else {
            el.set_attribute("placeholder", text)?;
        }
    }
    Ok(())
}

/// Fills the holder `id` with `table` (or empties it): a caption, heads with their
/// tooltips, players as buttons that open their card, games as links.
fn fill_table(doc: &Document, id: &str, table: Option<&TableView>) -> Result<(), JsValue> {
    let holder = by_id(doc, id)?;
    holder.set_text_content(None);
    let Some(table) = table else { return Ok(()) };
    let el = doc.create_element("table")?;
    let caption = doc.create_element("caption")?;
    caption.set_text_content(Some(&table.caption));
    el.append_child(&caption)?;
    let thead = doc.create_element("thead")?;
    let tr = doc.create_element("tr")?;
    for head in &table.heads {
        let th = doc.create_element("th")?;
        th.set_attribute("scope", "col")?;
        th.set_text_content(Some(&head.text));
        if !head.title.is_empty() {
            th.set_attribute("title", &head.title)?;
            let abbr = doc.create_element("abbr")?;
            abbr.set_attribute("title", &head.title)?;
            abbr.set_text_content(Some(&head.text));
            th.set_text_content(None);
            th.append_child(&abbr)?;
        }
        tr.append_child(&th)?;
    }
    thead.append_child(&tr)?;
    el.append_child(&thead)?;
    let tbody = doc.create_element("tbody")?;
    for row in &table.rows {
        let tr = doc.create_element("tr")?;
        for cell in row {
            let td = doc.create_element("td")?;
            if let Some(number) = cell.card {
                let b = doc.create_element("button")?;
                b.set_attribute("type", "button")?;
                b.set_attribute("class", "linklike")?;
                b.set_attribute("data-card", &number.to_string())?;
                b.set_text_content(Some(&cell.text));
                td.append_child(&b)?;
            } else if let Some(href) = &cell.link {
                let a = doc.create_element("a")?;
                a.set_attribute("href", href)?;
                a.set_text_content(Some(&cell.text));
                td.append_child(&a)?;
            } else {
                td.set_text_content(Some(&cell.text));
            }
            tr.append_child(&td)?;
        }
        tbody.append_child(&tr)?;
    }
    el.append_child(&tbody)?;
    holder.append_child(&el)?;
    Ok(())
}
