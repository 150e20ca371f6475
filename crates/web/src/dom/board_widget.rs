//! The board on a page: its drawing ([`BoardDom`]) and every listener the board needs,
//! registered here once for every page (the game's page, an embedded board, the online
//! page): the pointer on the board (a press and a release, with a drag drawn between),
//! the keys on its squares, the arrow keys that step through the game, clicks on the move
//! list, the promotion picker and the board's buttons, and the typed move box. Each
//! becomes a [`BoardMsg`] for the page's `send`, which wraps it in the page's own message;
//! nothing here decides anything. The listeners are owned by the widget and removed with
//! it, as chessground's board binds its own events (`src/events.ts`).

use std::cell::RefCell;
use std::rc::Rc;

use shatar_rules::Role;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    Document, Element, Event, EventTarget, HtmlInputElement, KeyboardEvent, PointerEvent,
};

use super::board::{BoardDom, BoardKey};
use super::listen::{Listener, closest_with};
use crate::board::{BoardMsg, Nav};
use crate::settings::Looks;
use crate::view::BoardView;

/// Where a page's board hears its input.
pub struct Targets<'a> {
    /// The element the board is drawn in (the promotion picker may sit there too).
    pub holder: &'a Element,
    /// Where clicks on the move list (`data-ply`), the promotion picker (`data-promote`)
    /// and the board's buttons (`data-action`: first, prev, next, last, flip,
    /// cancel-promotion) are heard: the page, or an embedded board's shadow root.
    pub clicks: &'a EventTarget,
    /// Where the arrow keys, Home and End step through the game, unless a field, a
    /// square or an element marked `data-keys-own` has them.
    pub keys: &'a EventTarget,
    /// The typed move box's form and its field, on a page that has one.
    pub typed: Option<(&'a Element, HtmlInputElement)>,
}

pub struct BoardWidget {
    dom: Rc<RefCell<BoardDom>>,
    _listeners: Vec<Listener>,
}

/// The page's way in: a board message, wrapped in the page's own and handled at once
/// (the page draws the board before it returns) or queued while the page is busy.
type ToPage = Rc<dyn Fn(BoardMsg)>;

impl BoardWidget {
    pub fn new(
        doc: &Document,
        targets: Targets<'_>,
        send: impl Fn(BoardMsg) + 'static,
    ) -> Result<BoardWidget, JsValue> {
        let dom = Rc::new(RefCell::new(BoardDom::new(
            doc.clone(),
            targets.holder.clone(),
        )));
        let send: ToPage = Rc::new(send);
        let mut listeners = listen_board(&dom, targets.holder, &send)?;
        listeners.push(listen_clicks(targets.clicks, &send)?);
        listeners.push(listen_keys(targets.keys, &send)?);
        if let Some((form, field)) = targets.typed {
            let send = send.clone();
            listeners.push(Listener::new(form, "submit", move |e: Event| {
                e.prevent_default();
                let text = field.value();
                field.set_value("");
                send(BoardMsg::Typed(text));
            })?);
        }
        Ok(BoardWidget {
            dom,
            _listeners: listeners,
        })
    }

    /// Where to fetch the board's own files from (an embed's site).
    pub fn set_asset_base(&self, base: &str) {
        self.dom.borrow_mut().set_asset_base(base);
    }

    pub fn render(&self, view: &BoardView, looks: &Looks) -> Result<(), JsValue> {
        self.dom
            .try_borrow_mut()
            .map_err(|_| JsValue::from_str("shatar: the board is busy"))?
            .render(view, looks)
    }

    /// The board's picture, once drawn.
    pub fn svg(&self) -> Option<Element> {
        self.dom.try_borrow().ok()?.svg().cloned()
    }
}

/// The pointer and the keys on the board itself.
fn listen_board(
    dom: &Rc<RefCell<BoardDom>>,
    holder: &Element,
    send: &ToPage,
) -> Result<Vec<Listener>, JsValue> {
    let mut out = Vec::new();
    let (d, s) = (dom.clone(), send.clone());
    out.push(Listener::new(holder, "pointerdown", move |e: Event| {
        pointer_down(&d, &s, &e)
    })?);
    let d = dom.clone();
    out.push(Listener::new(holder, "pointermove", move |e: Event| {
        if let Ok(mut dom) = d.try_borrow_mut() {
            dom.on_pointer_move(&e);
        }
    })?);
    for kind in ["pointerup", "pointercancel"] {
        let (d, s) = (dom.clone(), send.clone());
        out.push(Listener::new(holder, kind, move |e: Event| {
            let ended = d
                .try_borrow_mut()
                .ok()
                .and_then(|mut dom| dom.on_pointer_end(&e));
            if let Some((over, dragged)) = ended {
                s(BoardMsg::SquareUp { over, dragged });
            }
        })?);
    }
    // The arrows walk the squares, Enter or Space clicks one, Escape lets go.
    let (d, s) = (dom.clone(), send.clone());
    out.push(Listener::new(holder, "keydown", move |e: Event| {
        let key = d.try_borrow_mut().ok().and_then(|mut dom| dom.on_key(&e));
        match key {
            Some(BoardKey::Press(square)) => {
                s(BoardMsg::SquareDown(square));
                s(BoardMsg::SquareUp {
                    over: Some(square),
                    dragged: false,
                });
            }
            Some(BoardKey::LetGo) => s(BoardMsg::Deselect),
            None => {}
        }
    })?);
    Ok(out)
}

/// A press on a square; once the page has drawn the piece picked up, it follows the
/// pointer.
fn pointer_down(dom: &Rc<RefCell<BoardDom>>, send: &ToPage, e: &Event) {
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
    let Some((square, interactive)) = dom
        .try_borrow()
        .ok()
        .and_then(|d| Some((d.cell_named(&name)?, d.interactive())))
    else {
        return;
    };
    if interactive {
        // No text selection or page scroll while a piece is held.
        e.prevent_default();
    }
    send(BoardMsg::SquareDown(square));
    let Ok(mut dom) = dom.try_borrow_mut() else {
        return;
    };
    if dom.is_selected(square) {
        let (x, y) = (f64::from(p.client_x()), f64::from(p.client_y()));
        if let Err(err) = dom.begin_drag(square, x, y) {
            web_sys::console::error_2(&"shatar: drag failed".into(), &err);
        }
        if let Some(svg) = dom.svg() {
            let _ = svg.set_pointer_capture(p.pointer_id());
        }
    }
}

/// Clicks on a move, a promotion piece or one of the board's buttons.
fn listen_clicks(target: &EventTarget, send: &ToPage) -> Result<Listener, JsValue> {
    let send = send.clone();
    Listener::new(target, "click", move |e: Event| {
        if let Some(el) = closest_with(&e, "data-ply") {
            if let Some(ply) = el.get_attribute("data-ply").and_then(|p| p.parse().ok()) {
                send(BoardMsg::GoTo(ply));
            }
        } else if let Some(el) = closest_with(&e, "data-promote") {
            let role = el
                .get_attribute("data-promote")
                .and_then(|r| r.chars().next())
                .and_then(Role::from_char);
            if let Some(role) = role {
                send(BoardMsg::Promote(role));
            }
        } else if let Some(msg) = closest_with(&e, "data-action")
            .and_then(|el| el.get_attribute("data-action"))
            .and_then(|action| action_msg(&action))
        {
            send(msg);
        }
    })
}

/// The board's buttons; the page's other buttons are the page's.
fn action_msg(action: &str) -> Option<BoardMsg> {
    Some(match action {
        "first" => BoardMsg::Navigate(Nav::First),
        "prev" => BoardMsg::Navigate(Nav::Prev),
        "next" => BoardMsg::Navigate(Nav::Next),
        "last" => BoardMsg::Navigate(Nav::Last),
        "flip" => BoardMsg::Flip,
        "cancel-promotion" => BoardMsg::CancelPromotion,
        _ => return None,
    })
}

/// The keys that step through the game, when nothing else has them.
fn listen_keys(target: &EventTarget, send: &ToPage) -> Result<Listener, JsValue> {
    let send = send.clone();
    Listener::new(target, "keydown", move |e: Event| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        let elsewhere = closest_with(&e, "data-square").is_some()
            || closest_with(&e, "data-keys-own").is_some()
            || e.target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if elsewhere || k.alt_key() || k.ctrl_key() || k.meta_key() {
            return;
        }
        let Some(nav) = Nav::from_key(&k.key()) else {
            return;
        };
        e.prevent_default();
        send(BoardMsg::Navigate(nav));
    })
}
