//! The online page's input: the challenge form, the buttons, the move list, the pointer
//! and the keys on the board. Each becomes a [`Msg`]; nothing here decides anything.

use std::cell::RefCell;
use std::rc::Weak;

use shatar_protocol::online::{ColorChoice, Kind, LobbyFilter};
use shatar_rules::Role;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    Document, Event, HtmlInputElement, HtmlSelectElement, KeyboardEvent, PointerEvent, Window,
};

use shatar_web::dom::board::BoardKey;
use shatar_web::dom::effects;
use shatar_web::dom::listen::{Listener, closest_with};
use shatar_web::state::{Msg as AppMsg, Nav};

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
    let w = weak.clone();
    out.push(Listener::new(doc, "keydown", move |e: Event| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        // Keys typed into a field or on the board's squares are theirs.
        let elsewhere = closest_with(&e, "data-square").is_some()
            || e.target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT"));
        if k.alt_key() || k.ctrl_key() || k.meta_key() || elsewhere {
            return;
        }
        if let Some(nav) = Nav::from_key(&k.key()) {
            e.prevent_default();
            dispatch(&w, Msg::Board(AppMsg::Navigate(nav)));
        }
    })?);
    let holder = doc
        .get_element_by_id("board")
        .ok_or("shatar: the online page has no #board")?;
    let w = weak.clone();
    out.push(Listener::new(&holder, "keydown", move |e: Event| {
        let key = w
            .upgrade()
            .and_then(|app| app.try_borrow_mut().ok()?.board.on_key(&e));
        match key {
            Some(BoardKey::Press(square)) => {
                dispatch(&w, Msg::Board(AppMsg::SquareDown(square)));
                let up = AppMsg::SquareUp {
                    over: Some(square),
                    dragged: false,
                };
                dispatch(&w, Msg::Board(up));
            }
            Some(BoardKey::LetGo) => dispatch(&w, Msg::Board(AppMsg::Deselect)),
            None => {}
        }
    })?);
    let w = weak.clone();
    out.push(Listener::new(&holder, "pointerdown", move |e: Event| {
        pointer_down(&w, &e)
    })?);
    let w = weak.clone();
    out.push(Listener::new(&holder, "pointermove", move |e: Event| {
        if let Some(app) = w.upgrade()
            && let Ok(mut a) = app.try_borrow_mut()
        {
            a.board.on_pointer_move(&e);
        }
    })?);
    for kind in ["pointerup", "pointercancel"] {
        let w = weak.clone();
        out.push(Listener::new(&holder, kind, move |e: Event| {
            let ended = w
                .upgrade()
                .and_then(|app| app.try_borrow_mut().ok()?.board.on_pointer_end(&e));
            if let Some((over, dragged)) = ended {
                dispatch(&w, Msg::Board(AppMsg::SquareUp { over, dragged }));
            }
        })?);
    }
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
    if let Some(el) = closest_with(e, "data-ply") {
        if let Some(ply) = el.get_attribute("data-ply").and_then(|p| p.parse().ok()) {
            dispatch(weak, Msg::Board(AppMsg::GoTo(ply)));
        }
        return;
    }
    if let Some(el) = closest_with(e, "data-promote") {
        let role = el
            .get_attribute("data-promote")
            .and_then(|r| r.chars().next())
            .and_then(Role::from_char);
        if let Some(role) = role {
            dispatch(weak, Msg::Board(AppMsg::Promote(role)));
        }
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
        "first" => Msg::Board(AppMsg::Navigate(Nav::First)),
        "prev" => Msg::Board(AppMsg::Navigate(Nav::Prev)),
        "next" => Msg::Board(AppMsg::Navigate(Nav::Next)),
        "last" => Msg::Board(AppMsg::Navigate(Nav::Last)),
        "flip" => Msg::Board(AppMsg::Flip),
        "cancel-promotion" => Msg::Board(AppMsg::CancelPromotion),
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
            let asked = shown(weak, |v| v.table?.asked);
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

fn pointer_down(weak: &Weak<RefCell<App>>, e: &Event) {
    let Some(p) = e.dyn_ref::<PointerEvent>() else {
        return;
    };
    if p.button() != 0 {
        return;
    }
    let Some(name) = closest_with(e, "data-square").and_then(|el| el.get_attribute("data-square"))
    else {
        return;
    };
    let Some(app) = weak.upgrade() else { return };
    let Some(square) = app
        .try_borrow()
        .ok()
        .and_then(|a| a.board.cell_named(&name))
    else {
        return;
    };
    e.prevent_default();
    dispatch(weak, Msg::Board(AppMsg::SquareDown(square)));
    let Ok(mut a) = app.try_borrow_mut() else {
        return;
    };
    if a.model.app.ui.selected == Some(square) {
        let _ = a
            .board
            .begin_drag(square, f64::from(p.client_x()), f64::from(p.client_y()));
        if let Some(svg) = a.board.svg() {
            let _ = svg.set_pointer_capture(p.pointer_id());
        }
    }
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
        games: value("game").parse().ok().map(Kind).into_iter().collect(),
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
