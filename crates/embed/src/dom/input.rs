//! A board's input: clicks on its buttons and moves, the pointer on the board (a press and
//! a release, with a drag in between drawn by the view), the arrow keys while it has the
//! focus, the game picker. Each becomes a [`BoardMsg`]; nothing here decides anything.

use std::rc::Weak;

use shatar_rules::Role;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::{Event, KeyboardEvent, PointerEvent, ShadowRoot};

use super::parts::Parts;
use super::{BoardCell, BoardMsg, Content, dispatch};
use crate::viewer::ViewerMsg;
use shatar_web::dom::board::BoardKey;
use shatar_web::dom::listen::{Listener, closest_with};
use shatar_web::state::{Msg, Nav};

/// The board's listeners, on its shadow root: clicks on buttons and moves, the pointer on
/// the board, the arrow keys while it has the focus, the game picker.
pub(super) fn listen(
    weak: &Weak<BoardCell>,
    root: &ShadowRoot,
    parts: &Parts,
) -> Result<Vec<Listener>, JsValue> {
    let mut out = Vec::new();
    let w = weak.clone();
    out.push(Listener::new(root, "click", move |e: Event| {
        if let Some(el) = closest_with(&e, "data-ply") {
            if let Some(ply) = el.get_attribute("data-ply").and_then(|p| p.parse().ok()) {
                dispatch(&w, BoardMsg::GoTo(ply));
            }
        } else if let Some(el) = closest_with(&e, "data-promote") {
            let role = el
                .get_attribute("data-promote")
                .and_then(|r| r.chars().next())
                .and_then(Role::from_char);
            if let Some(role) = role {
                dispatch(&w, BoardMsg::App(Msg::Promote(role)));
            }
        } else if let Some(el) = closest_with(&e, "data-action")
            && let Some(msg) = action(&el.get_attribute("data-action").unwrap_or_default())
        {
            dispatch(&w, msg);
        }
    })?);
    let w = weak.clone();
    out.push(Listener::new(&parts.picker, "change", move |e: Event| {
        let index = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            .map(|s| s.selected_index());
        if let Some(index) = index.and_then(|i| usize::try_from(i).ok()) {
            dispatch(&w, BoardMsg::View(ViewerMsg::Pick(index)));
        }
    })?);
    let w = weak.clone();
    out.push(Listener::new(&parts.frame, "keydown", move |e: Event| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        let elsewhere = closest_with(&e, "data-keys-own").is_some()
            || closest_with(&e, "data-square").is_some();
        if k.alt_key() || k.ctrl_key() || k.meta_key() || elsewhere {
            return;
        }
        let Some(nav) = Nav::from_key(&k.key()) else {
            return;
        };
        e.prevent_default();
        dispatch(&w, BoardMsg::Navigate(nav));
    })?);
    let holder: &web_sys::EventTarget = &parts.board_holder;
    // Keys on the board: the arrows walk the squares, Enter or Space clicks one, Escape lets go.
    let w = weak.clone();
    out.push(Listener::new(holder, "keydown", move |e: Event| {
        let key = w
            .upgrade()
            .and_then(|cell| cell.inner.try_borrow_mut().ok()?.board.on_key(&e));
        match key {
            Some(BoardKey::Press(square)) => {
                dispatch(&w, BoardMsg::App(Msg::SquareDown(square)));
                dispatch(
                    &w,
                    BoardMsg::App(Msg::SquareUp {
                        over: Some(square),
                        dragged: false,
                    }),
                );
            }
            Some(BoardKey::LetGo) => dispatch(&w, BoardMsg::App(Msg::Deselect)),
            None => {}
        }
    })?);
    let w = weak.clone();
    out.push(Listener::new(holder, "pointerdown", move |e: Event| {
        pointer_down(&w, &e)
    })?);
    let w = weak.clone();
    out.push(Listener::new(holder, "pointermove", move |e: Event| {
        if let Some(cell) = w.upgrade()
            && let Ok(mut inner) = cell.inner.try_borrow_mut()
        {
            inner.board.on_pointer_move(&e);
        }
    })?);
    for kind in ["pointerup", "pointercancel"] {
        let w = weak.clone();
        out.push(Listener::new(holder, kind, move |e: Event| {
            let ended = w
                .upgrade()
                .and_then(|cell| cell.inner.try_borrow_mut().ok()?.board.on_pointer_end(&e));
            if let Some((over, dragged)) = ended {
                dispatch(&w, BoardMsg::App(Msg::SquareUp { over, dragged }));
            }
        })?);
    }
    Ok(out)
}

fn pointer_down(weak: &Weak<BoardCell>, e: &Event) {
    let Some(p) = e.dyn_ref::<PointerEvent>() else {
        return;
    };
    if p.button() != 0 {
        return;
    }
    let Some(cell_el) = closest_with(e, "data-square") else {
        return;
    };
    let Some(name) = cell_el.get_attribute("data-square") else {
        return;
    };
    let Some(cell) = weak.upgrade() else { return };
    let Some(square) = cell
        .inner
        .try_borrow()
        .ok()
        .and_then(|i| i.board.cell_named(&name))
    else {
        return;
    };
    if !cell
        .inner
        .try_borrow()
        .is_ok_and(|i| matches!(i.content, Content::Play { .. }))
    {
        return;
    }
    e.prevent_default();
    dispatch(weak, BoardMsg::App(Msg::SquareDown(square)));
    let Ok(mut inner) = cell.inner.try_borrow_mut() else {
        return;
    };
    let selected =
        matches!(&inner.content, Content::Play { state, .. } if state.ui.selected == Some(square));
    if selected {
        let _ = inner
            .board
            .begin_drag(square, f64::from(p.client_x()), f64::from(p.client_y()));
        if let Some(svg) = inner.board.svg() {
            let _ = svg.set_pointer_capture(p.pointer_id());
        }
    }
}

fn action(action: &str) -> Option<BoardMsg> {
    Some(match action {
        "first" => BoardMsg::Navigate(Nav::First),
        "prev" => BoardMsg::Navigate(Nav::Prev),
        "next" => BoardMsg::Navigate(Nav::Next),
        "last" => BoardMsg::Navigate(Nav::Last),
        "flip" => BoardMsg::Flip,
        "takeback" => BoardMsg::App(Msg::TakeBack),
        "cancel-promotion" => BoardMsg::App(Msg::CancelPromotion),
        "retry-engine" => BoardMsg::App(Msg::RetryEngine),
        "new-game" => BoardMsg::NewGame,
        _ => return None,
    })
}
