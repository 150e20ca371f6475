//! The online page's input: the challenge form and the page's buttons. Each becomes a
//! [`Msg`]; nothing here decides anything. The board, the move list, the promotion picker,
//! the board's buttons and the keys that step through the game are the board widget's
//! ([`shatar_web::dom::board_widget`]).

use std::cell::RefCell;
use std::rc::Weak;

use shatar_protocol::online::{ColorChoice, Kind, LobbyFilter};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Event, HtmlInputElement, HtmlSelectElement, Window};

use shatar_web::dom::effects;
use shatar_web::dom::listen::{Listener, closest_with};

use super::{App, dispatch};
use crate::model::{Msg, Page};
use shatar_protocol::online::Proposal;

pub(super) fn listen(
    weak: &Weak<RefCell<App>>,
    window: &Window,
    doc: &Document,
    page: Page,
) -> Result<Vec<Listener>, JsValue> {
    let mut out = Vec::new();
    // The forms of the start are on online.html, not on the framed live.html.
    if page == Page::Play {
        out.extend(listen_to_start(weak, doc)?);
    }
    let w = weak.clone();
    let win = window.clone();
    out.push(Listener::new(doc, "click", move |e: Event| {
        click(&w, &win, &e)
    })?);
    Ok(out)
}

fn listen_to_start(weak: &Weak<RefCell<App>>, doc: &Document) -> Result<Vec<Listener>, JsValue> {
    let mut out = Vec::new();
    let form = doc
        .get_element_by_id("challenge")
        .ok_or("shatar: the online page has no challenge form")?;
    let w = weak.clone();
    let d = doc.clone();
    out.push(Listener::new(&form, "submit", move |e: Event| {
        e.prevent_default();
        if let Some(msg) = read_challenge(&d) {
            dispatch(&w, msg);
        }
    })?);
    let filter = doc
        .get_element_by_id("lobby-filter")
        .ok_or("shatar: the online page has no lobby filter")?;
    let w = weak.clone();
    let d = doc.clone();
    out.push(Listener::new(&filter, "change", move |_: Event| {
        dispatch(&w, Msg::FilterLobby(read_lobby_filter(&d)));
    })?);
    let names = doc
        .get_element_by_id("name-form")
        .ok_or("shatar: the online page has no name form")?;
    let w = weak.clone();
    let d = doc.clone();
    out.push(Listener::new(&names, "submit", move |e: Event| {
        e.prevent_default();
        let name = d
            .get_element_by_id("name")
            .and_then(|el| el.dyn_into::<HtmlInputElement>().ok())
            .map(|el| el.value());
        if let Some(name) = name {
            dispatch(&w, Msg::SetName(name));
        }
    })?);
    Ok(out)
}

fn click(weak: &Weak<RefCell<App>>, window: &Window, e: &Event) {
    // The board widget's.
    if closest_with(e, "data-ply").is_some() || closest_with(e, "data-promote").is_some() {
        return;
    }
    for (attribute, msg) in [
        ("data-accept", Msg::Accept as fn(_) -> Msg),
        ("data-cancel", Msg::Cancel as fn(_) -> Msg),
    ] {
        if let Some(id) = closest_with(e, attribute)
            .and_then(|el| el.get_attribute(attribute))
            .and_then(|id| id.parse().ok())
        {
            dispatch(weak, msg(id));
            return;
        }
    }
    if let Some(game) = closest_with(e, "data-open")
        .and_then(|el| el.get_attribute("data-open"))
        .and_then(|id| id.parse().ok())
    {
        dispatch(weak, Msg::Open(game));
        return;
    }
    let Some(action) =
        closest_with(e, "data-action").and_then(|el| el.get_attribute("data-action"))
    else {
        return;
    };
    let msg = match action.as_str() {
        "resign" => Msg::Resign,
        "new" | "to-live" => Msg::Leave,
        "offer-draw" => Msg::Propose(Proposal::Draw),
        "takeback" => Msg::Propose(Proposal::Takeback),
        "rematch" => Msg::Propose(Proposal::Rematch),
        "claim-draw" => Msg::ClaimDraw,
        "abort" => Msg::Abort,
        // The server aborts a game that has not begun, whichever is asked.
        "claim-win" | "claim-absent-abort" => Msg::ClaimAbsence(true),
        "claim-absent-draw" => Msg::ClaimAbsence(false),
        "pgn" => Msg::DownloadPgn,
        "accept" | "decline" => {
            let asked = shown(weak, |v| v.followed?.asked);
            let Some((proposal, _)) = asked else { return };
            Msg::Answer {
                proposal,
                accept: action == "accept",
            }
        }
        "cancel-challenge" => {
            let waiting =
                weak.upgrade()
                    .and_then(|app| match app.try_borrow().ok()?.model.screen {
                        crate::model::Screen::Waiting { challenge } => Some(challenge),
                        _ => None,
                    });
            let Some(challenge) = waiting else { return };
            Msg::Cancel(challenge)
        }
        "copy-identity" | "copy-challenge" => {
            let link = shown(weak, |v| match action.as_str() {
                "copy-identity" => v.identity_link,
                _ => v.challenge_link,
            });
            if let Some(link) = link {
                effects::copy(window, &link);
            }
            return;
        }
        _ => return,
    };
    dispatch(weak, msg);
}

/// Something of the page as it is shown now (what a button's click refers to).
fn shown<T>(
    weak: &Weak<RefCell<App>>,
    pick: impl FnOnce(crate::view::OnlineView) -> Option<T>,
) -> Option<T> {
    let app = weak.upgrade()?;
    let a = app.try_borrow().ok()?;
    pick(crate::view::view(&a.model, &a.page_url))
}

/// The value of the select named `name` in the form `form`.
fn selected(doc: &Document, form: &str, name: &str) -> Option<String> {
    doc.query_selector(&format!("#{form} select[name={name}]"))
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<HtmlSelectElement>().ok())
        .map(|s| s.value())
}

/// The lobby's filter as its two selects have it ("" is any).
fn read_lobby_filter(doc: &Document) -> LobbyFilter {
    let value = |name| selected(doc, "lobby-filter", name).unwrap_or_default();
    LobbyFilter {
        kinds: value("game").parse().ok().map(Kind).into_iter().collect(),
        speeds: crate::view::speed_of(&value("speed")).into_iter().collect(),
    }
}

/// The challenge form's choice, as the message that makes it.
fn read_challenge(doc: &Document) -> Option<Msg> {
    let value = |name: &str| selected(doc, "challenge", name);
    let kind: shatar_rules::GameKind = value("game")?.parse().ok()?;
    let time_control = crate::view::control_of(&value("time")?)?;
    let open = doc
        .query_selector("#challenge input[name=open]")
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<HtmlInputElement>().ok())
        .is_some_and(|el| el.checked());
    let color = match value("color")?.as_str() {
        "black" => ColorChoice::Black,
        "random" => ColorChoice::Random,
        _ => ColorChoice::White,
    };
    Some(Msg::Challenge {
        kind,
        time_control,
        color,
        open,
    })
}
