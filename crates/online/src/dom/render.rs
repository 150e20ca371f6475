//! Draws the online page's view, touching only what changed since the last drawing
//! ([`Shown`]). Every text goes in as text.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlSelectElement};

use shatar_web::dom::board_widget::BoardWidget;
use shatar_web::dom::panel::{fill_promotion, patch_moves};
use shatar_web::i18n::Lang;
use shatar_web::settings::{Looks, TimeControl};
use shatar_web::view::MoveRow;

use crate::model::Page;
use crate::view::{FollowedView, OnlineView, Part, Row};

/// What the page shows now, to compare the next view with.
#[derive(Default)]
pub struct Shown {
    lang: Option<Lang>,
    view: Option<OnlineView>,
}

/// Draws `view` on `page`: online.html ([`Page::Play`]) or the watch-only live.html
/// ([`Page::Watch`]), which has none of a player's parts.
pub fn render(
    doc: &Document,
    board: &BoardWidget,
    shown: &mut Shown,
    view: &OnlineView,
    page: Page,
    lang: Lang,
    looks: &Looks,
) -> Result<(), JsValue> {
    let new_lang = shown.lang != Some(lang);
    if new_lang {
        translate(doc, lang)?;
        shown.lang = Some(lang);
        shown.view = None;
    }
    let old = shown.view.as_ref();
    let old_followed = old.and_then(|o| o.followed.as_ref());
    let changed = |f: &dyn Fn(&OnlineView) -> bool| old.is_none_or(f);
    if changed(&|o| o.link_text != view.link_text) {
        let link = by_id(doc, "link")?;
        link.set_text_content(Some(&view.link_text));
        link.set_attribute("data-state", view.link_state)?;
    }
    if changed(&|o| o.problem != view.problem) {
        show_text(doc, "problem", view.problem.as_deref())?;
    }
    if changed(&|o| o.part != view.part) {
        let parts = doc.query_selector_all("[data-part]")?;
        for i in 0..parts.length() {
            if let Some(el) = parts.item(i).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                let part = el.get_attribute("data-part").unwrap_or_default();
                el.set_hidden(part != view.part.id());
            }
        }
        // The board and the clocks show the game, and nothing before one.
        if let Some(play) = doc.query_selector("section.play")? {
            html(play)?.set_hidden(view.part != Part::Followed);
        }
    }
    // A player's parts: the start (a challenge, the lobby, the player's games), a proposal
    // to answer and the link for spectators.
    if page == Page::Play {
        if new_lang {
            fill_times(doc, lang)?;
        }
        draw_start(doc, old, view)?;
        if let Some(followed) = &view.followed {
            draw_player_followed(doc, old_followed, followed)?;
        }
    }
    if changed(&|o| o.live != view.live)
        && let Some(list) = doc.get_element_by_id("live")
    {
        fill_rows(doc, &list, &view.live)?;
    }
    if let Some(followed) = &view.followed {
        draw_followed(doc, board, old_followed, followed, looks)?;
    }
    shown.view = Some(view.clone());
    Ok(())
}

fn draw_start(doc: &Document, old: Option<&OnlineView>, view: &OnlineView) -> Result<(), JsValue> {
    let changed = |f: &dyn Fn(&OnlineView) -> bool| old.is_none_or(f);
    if changed(&|o| o.challenge_link != view.challenge_link)
        && let Some(link) = &view.challenge_link
    {
        input(doc, "challenge-link")?.set_value(link);
    }
    if changed(&|o| o.challenge_qr != view.challenge_qr)
        && let Some((size, path)) = &view.challenge_qr
    {
        let svg = by_id(doc, "challenge-qr")?;
        svg.set_attribute("viewBox", &format!("0 0 {size} {size}"))?;
        if let Some(p) = svg.query_selector("path")? {
            p.set_attribute("d", path)?;
        }
    }
    if changed(&|o| o.lobby != view.lobby) {
        fill_rows(doc, &by_id(doc, "lobby")?, &view.lobby)?;
    }
    if changed(&|o| o.my_games != view.my_games) {
        fill_rows(doc, &by_id(doc, "my-games")?, &view.my_games)?;
        html(by_id(doc, "my-games-section")?)?.set_hidden(view.my_games.is_empty());
    }
    if changed(&|o| o.identity_link != view.identity_link) {
        input(doc, "identity-link")?.set_value(view.identity_link.as_deref().unwrap_or_default());
        html(by_id(doc, "identity-section")?)?.set_hidden(view.identity_link.is_none());
    }
    if changed(&|o| o.name != view.name) {
        input(doc, "name")?.set_value(&view.name);
    }
    if changed(&|o| o.player_id != view.player_id) {
        by_id(doc, "player-id")?.set_text_content(view.player_id.as_deref());
    }
    Ok(())
}

fn draw_followed(
    doc: &Document,
    board: &BoardWidget,
    old: Option<&FollowedView>,
    followed: &FollowedView,
    looks: &Looks,
) -> Result<(), JsValue> {
    let changed = |f: &dyn Fn(&FollowedView) -> bool| old.is_none_or(f);
    if changed(&|o| o.board != followed.board) {
        board.render(&followed.board, looks)?;
        // What the end-to-end tests wait for, as on the app's page.
        if let Some(svg) = board.svg() {
            svg.set_attribute("data-ready", "true")?;
        }
    }
    if changed(&|o| o.promotion != followed.promotion) {
        let picker = by_id(doc, "promotion")?;
        fill_promotion(doc, &picker, followed.promotion.as_ref(), looks.pieces)?;
    }
    if changed(&|o| o.names != followed.names) {
        by_id(doc, "player-top")?.set_text_content(Some(&followed.names.0));
        by_id(doc, "player-bottom")?.set_text_content(Some(&followed.names.1));
    }
    if changed(&|o| o.clocks != followed.clocks) {
        for (id, (text, running)) in [
            ("clock-top", &followed.clocks.0),
            ("clock-bottom", &followed.clocks.1),
        ] {
            let clock = by_id(doc, id)?;
            if let Some(time) = clock.query_selector(".time")? {
                time.set_text_content(Some(text));
            }
            clock.class_list().toggle_with_force("running", *running)?;
        }
    }
    if changed(&|o| o.status != followed.status) {
        by_id(doc, "status")?.set_text_content(Some(&followed.status));
    }
    if changed(&|o| o.announcement != followed.announcement) {
        by_id(doc, "announce")?.set_text_content(followed.announcement.as_deref());
    }
    if changed(&|o| o.result != followed.result) {
        show_text(doc, "result", followed.result.as_deref())?;
    }
    if changed(&|o| o.rows != followed.rows || o.shown_ply != followed.shown_ply) {
        let list = by_id(doc, "moves")?;
        let before: Option<(&[MoveRow], usize)> = old.map(|o| (&o.rows[..], o.shown_ply));
        patch_moves(doc, &list, before, &followed.rows, followed.shown_ply)?;
    }
    if changed(&|o| o.can != followed.can) {
        let c = followed.can;
        for (action, shown) in [
            ("resign", c.resign),
            ("offer-draw", c.offer_draw),
            ("claim-draw", c.claim_draw),
            ("takeback", c.take_back),
            ("abort", c.abort),
            ("claim-win", c.claim_absence),
            ("claim-absent-draw", c.claim_absence),
            ("claim-absent-abort", c.abort_absent),
            ("rematch", c.rematch),
            ("new", c.leave),
            ("to-live", c.to_live),
        ] {
            if let Some(button) = doc.query_selector(&format!("[data-action={action}]"))? {
                html(button)?.set_hidden(!shown);
            }
        }
    }
    if changed(&|o| o.note != followed.note) {
        show_text(doc, "note", followed.note.as_deref())?;
    }
    if changed(&|o| o.presence != followed.presence) {
        show_text(doc, "presence", followed.presence.as_deref())?;
    }
    Ok(())
}

/// A player's parts of the table (online.html only): a proposal to answer and the link for
/// spectators.
fn draw_player_followed(
    doc: &Document,
    old: Option<&FollowedView>,
    followed: &FollowedView,
) -> Result<(), JsValue> {
    let changed = |f: &dyn Fn(&FollowedView) -> bool| old.is_none_or(f);
    if changed(&|o| o.asked != followed.asked) {
        by_id(doc, "asked-text")?
            .set_text_content(followed.asked.as_ref().map(|(_, t)| t.as_str()));
        html(by_id(doc, "asked")?)?.set_hidden(followed.asked.is_none());
    }
    if changed(&|o| o.watch_link != followed.watch_link) {
        input(doc, "watch-link")?.set_value(&followed.watch_link);
    }
    Ok(())
}

/// The page's static texts in `lang`, named by key in `online.html`.
fn translate(doc: &Document, lang: Lang) -> Result<(), JsValue> {
    shatar_web::dom::translate::translate_marked(doc, lang)
}

/// A list of rows, each a text and a button (the lobby, the player's games), all as text.
fn fill_rows(doc: &Document, list: &Element, rows: &[Row]) -> Result<(), JsValue> {
    list.set_text_content(None);
    for row in rows {
        let li = doc.create_element("li")?;
        if row.marked {
            li.set_attribute("data-marked", "")?;
        }
        let text = doc.create_element("span")?;
        text.set_text_content(Some(&row.text));
        li.append_child(&text)?;
        let button = doc.create_element("button")?;
        button.set_attribute("type", "button")?;
        button.set_attribute(row.action.0, &row.action.1)?;
        button.set_text_content(Some(&row.button));
        li.append_child(&button)?;
        list.append_child(&li)?;
    }
    Ok(())
}

/// The challenge form's time controls in `lang` (online.html; live.html has no form): the
/// app's presets, a clock always running, and correspondence's days a move.
fn fill_times(doc: &Document, lang: Lang) -> Result<(), JsValue> {
    let select: HtmlSelectElement = doc
        .query_selector("#challenge select[name=time]")?
        .ok_or("shatar: the online page has no time control to choose")?
        .dyn_into()?;
    let chosen = select.value();
    select.set_text_content(None);
    for (id, control) in TimeControl::PRESETS {
        if control.control().is_none() {
            continue;
        }
        let option = doc.create_element("option")?;
        option.set_attribute("value", id)?;
        option.set_text_content(Some(&control.describe(lang)));
        select.append_child(&option)?;
    }
    for days in crate::view::CORRESPONDENCE_DAYS {
        let option = doc.create_element("option")?;
        option.set_attribute("value", &format!("{days}d"))?;
        option.set_text_content(Some(&crate::view::days_text(lang, days)));
        select.append_child(&option)?;
    }
    select.set_value(if chosen.is_empty() { "5+3" } else { &chosen });
    Ok(())
}

fn by_id(doc: &Document, id: &str) -> Result<Element, JsValue> {
    doc.get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("shatar: the online page has no #{id}")))
}

/// The paragraph `id` says `text` (as text), and is hidden when there is none.
fn show_text(doc: &Document, id: &str, text: Option<&str>) -> Result<(), JsValue> {
    let el = html(by_id(doc, id)?)?;
    el.set_text_content(text);
    el.set_hidden(text.is_none());
    Ok(())
}

fn html(el: Element) -> Result<HtmlElement, JsValue> {
    el.dyn_into::<HtmlElement>()
        .map_err(|_| JsValue::from_str("shatar: not an HTML element"))
}

fn input(doc: &Document, id: &str) -> Result<HtmlInputElement, JsValue> {
    by_id(doc, id)?
        .dyn_into::<HtmlInputElement>()
        .map_err(|_| JsValue::from_str("shatar: not an input"))
}
