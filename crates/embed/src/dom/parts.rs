//! The inside of a `<shatar-board>`'s shadow root, built once; each mode shows the parts
//! it uses. All text is set as text: PGN tags and players' names come from strangers.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement, HtmlSelectElement, ShadowRoot};

use crate::viewer::ViewerView;
use shatar_web::dom::panel::{Scroll, fill_promotion, patch_moves};
use shatar_web::glyphs::PieceSet;
use shatar_web::view::{BoardView, MoveRow, PanelView};

pub struct Parts {
    doc: Document,
    pub frame: Element,
    pub board_holder: Element,
    pub picker: HtmlSelectElement,
    heading: Element,
    top: Element,
    bottom: Element,
    status: Element,
    /// Each move for screen readers, not shown.
    announce: Element,
    result: Element,
    error: Element,
    promotion: Element,
    controls: Element,
    play_actions: Element,
    moves: Element,
    /// What the move list shows, to patch it row by row.
    shown_moves: Option<(Vec<MoveRow>, usize)>,
    shown_titles: Vec<String>,
    shown_promotion: Option<shatar_web::view::PromotionView>,
}

const NAV: [(&str, &str, &str); 4] = [
    ("first", "«", "First position"),
    ("prev", "‹", "Previous move"),
    ("next", "›", "Next move"),
    ("last", "»", "Last position"),
];

impl Parts {
    pub fn build(doc: &Document, root: &ShadowRoot, style: &str) -> Result<Parts, JsValue> {
        let el = |tag: &str, class: &str| -> Result<Element, JsValue> {
            let e = doc.create_element(tag)?;
            e.set_class_name(class);
            Ok(e)
        };
        let style_el = doc.create_element("style")?;
        style_el.set_text_content(Some(style));
        root.append_child(&style_el)?;

        let frame = el("div", "frame")?;
        frame.set_attribute("part", "frame")?;
        frame.set_attribute("role", "group")?;
        // Focusable, so the arrow keys step through a game once the board was clicked.
        frame.set_attribute("tabindex", "0")?;
        let heading = el("p", "heading")?;
        let top = el("div", "name top")?;
        let board_holder = el("div", "board-holder")?;
        let promotion = el("div", "promotion")?;
        promotion.set_attribute("role", "dialog")?;
        promotion.set_attribute("aria-label", "Promote to")?;
        promotion.set_attribute("hidden", "")?;
        board_holder.append_child(&promotion)?;
        let bottom = el("div", "name bottom")?;
        let status = el("p", "status")?;
        status.set_attribute("role", "status")?;
        status.set_attribute("aria-live", "polite")?;
        let announce = el("p", "visually-hidden")?;
        announce.set_attribute("aria-live", "polite")?;
        announce.set_attribute("aria-atomic", "true")?;
        let result = el("p", "result")?;
        let error = el("p", "error")?;
        error.set_attribute("role", "alert")?;
        let picker: HtmlSelectElement = doc.create_element("select")?.dyn_into()?;
        picker.set_class_name("picker");
        picker.set_attribute("aria-label", "Game")?;
        picker.set_attribute("data-keys-own", "")?;
        let controls = el("div", "controls")?;
        let nav = el("div", "nav")?;
        nav.set_attribute("role", "group")?;
        nav.set_attribute("aria-label", "Move list navigation")?;
        for (action, text, label) in NAV {
            nav.append_child(&button(doc, action, text, Some(label))?)?;
        }
        controls.append_child(&nav)?;
        let play_actions = el("div", "actions")?;
        play_actions.append_child(&button(doc, "new-game", "New game", None)?)?;
        play_actions.append_child(&button(doc, "takeback", "Take back", None)?)?;
        controls.append_child(&play_actions)?;
        controls.append_child(&button(doc, "flip", "Flip", Some("Flip the board"))?)?;
        let moves = el("ol", "moves")?;
        moves.set_attribute("aria-label", "Moves")?;
        // The game picker first: a reader chooses the game, then reads it.
        frame.append_child(&picker)?;
        for part in [&heading, &top, &board_holder, &bottom, &status, &result, &error] {
            frame.append_child(part)?;
        }
        frame.append_child(&controls)?;
        frame.append_child(&moves)?;
        frame.append_child(&announce)?;
        root.append_child(&frame)?;
        let parts = Parts {
            doc: doc.clone(),
            frame,
            board_holder,
            picker,
            heading,
            top,
            bottom,
            status,
            announce,
            result,
            error,
            promotion,
            controls,
            play_actions,
            moves,
            shown_moves: None,
            shown_titles: Vec::new(),
            shown_promotion: None,
        };
        parts.show_loading()?;
        Ok(parts)
    }

    pub fn set_label(&self, label: &str) -> Result<(), JsValue> {
        self.frame.set_attribute("aria-label", label)
    }

    /// Shows `visible` and hides the other optional parts.
    fn only(&self, visible: &[&Element]) -> Result<(), JsValue> {
        for part in [
            &self.heading,
            &self.top,
            &self.board_holder,
            &self.bottom,
            &self.status,
            &self.result,
            &self.error,
            self.picker.as_ref(),
            &self.controls,
            &self.play_actions,
            &self.moves,
        ] {
            let hidden = !visible.contains(&part);
            part.dyn_ref::<HtmlElement>().ok_or("not an HTML element")?.set_hidden(hidden);
        }
        Ok(())
    }

    pub fn show_loading(&self) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "loading")?;
        self.status.set_text_content(Some("Loading…"));
        self.only(&[&self.status])
    }

    pub fn show_error(&self, message: &str) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "error")?;
        self.error.set_text_content(Some(&format!("This board cannot be shown: {message}")));
        self.only(&[&self.error])
    }

    pub fn show_diagram(&self) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "diagram")?;
        self.only(&[&self.board_holder])
    }

    pub fn show_viewer(&mut self, view: &ViewerView) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "view")?;
        if self.shown_titles != view.titles {
            self.picker.set_text_content(None);
            for title in &view.titles {
                let option = self.doc.create_element("option")?;
                option.set_text_content(Some(title));
                self.picker.append_child(&option)?;
            }
            self.shown_titles = view.titles.clone();
        }
        self.picker.set_selected_index(view.selected as i32);
        self.heading.set_text_content(Some(&view.heading));
        self.top.set_text_content(Some(&view.players.0));
        self.bottom.set_text_content(Some(&view.players.1));
        self.result.set_text_content(view.result.as_deref());
        self.enable_nav(view.can_go_back, view.can_go_forward)?;
        let mut visible: Vec<&Element> = vec![&self.controls];
        if view.titles.len() > 1 {
            visible.push(self.picker.as_ref());
        }
        if !view.heading.is_empty() {
            visible.push(&self.heading);
        }
        match &view.error {
            Some(e) => {
                self.error.set_text_content(Some(&format!("This game cannot be shown: {e}")));
                visible.push(&self.error);
            }
            None => {
                visible.extend([&self.top, &self.board_holder, &self.bottom, &self.moves]);
                if view.result.is_some() && !view.can_go_forward {
                    visible.push(&self.result);
                }
            }
        }
        self.only(&visible)?;
        self.patch_moves(&view.moves, view.shown_ply)
    }

    pub fn show_play(&mut self, panel: &PanelView, board: &BoardView, pieces: PieceSet) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "play")?;
        let (white, black) = &panel.players;
        let (top, bottom) = match board.bottom {
            shatar_rules::Color::White => (black, white),
            shatar_rules::Color::Black => (white, black),
        };
        self.top.set_text_content(Some(top));
        self.bottom.set_text_content(Some(bottom));
        let mut status = panel.status.clone();
        if panel.thinking {
            status = String::from("The computer is thinking…");
        }
        if let Some(notice) = &panel.notice {
            status = notice.text.clone();
        }
        self.status.set_text_content(Some(&status));
        let announcement = panel.announcement.as_deref().unwrap_or("");
        if self.announce.text_content().as_deref() != Some(announcement) {
            self.announce.set_text_content(Some(announcement));
        }
        self.enable_nav(panel.can_go_back, panel.can_go_forward)?;
        set_disabled(&self.play_actions, "takeback", !panel.can_take_back)?;
        if self.shown_promotion != panel.promotion {
            fill_promotion(&self.doc, &self.promotion, panel.promotion.as_ref(), pieces)?;
            self.shown_promotion = panel.promotion.clone();
        }
        self.only(&[
            &self.top,
            &self.board_holder,
            &self.bottom,
            &self.status,
            &self.controls,
            &self.play_actions,
            &self.moves,
        ])?;
        self.patch_moves(&panel.moves, panel.shown_ply)
    }

    fn enable_nav(&self, back: bool, forward: bool) -> Result<(), JsValue> {
        for (action, on) in [("first", back), ("prev", back), ("next", forward), ("last", forward)] {
            set_disabled(&self.controls, action, !on)?;
        }
        Ok(())
    }

    fn patch_moves(&mut self, rows: &[MoveRow], shown_ply: usize) -> Result<(), JsValue> {
        let old = self.shown_moves.as_ref().map(|(r, p)| (r.as_slice(), *p));
        patch_moves(&self.doc, &self.moves, old, rows, shown_ply, Scroll::ListOnly)?;
        self.shown_moves = Some((rows.to_vec(), shown_ply));
        Ok(())
    }
}

fn button(doc: &Document, action: &str, text: &str, label: Option<&str>) -> Result<web_sys::Node, JsValue> {
    let b = doc.create_element("button")?;
    b.set_attribute("type", "button")?;
    b.set_attribute("data-action", action)?;
    if let Some(label) = label {
        b.set_attribute("aria-label", label)?;
        b.set_attribute("title", label)?;
    }
    b.set_text_content(Some(text));
    Ok(b.into())
}

fn set_disabled(within: &Element, action: &str, disabled: bool) -> Result<(), JsValue> {
    if let Some(b) = within.query_selector(&format!("[data-action=\"{action}\"]"))? {
        b.toggle_attribute_with_force("disabled", disabled)?;
    }
    Ok(())
}
