//! The inside of a `<shatar-board>`'s shadow root, built once; each mode shows the parts
//! it uses. All text is set as text: PGN tags and players' names come from strangers.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement, HtmlSelectElement, ShadowRoot};

use crate::viewer::ViewerView;
use std::rc::Rc;

use shatar_web::dom::panel::{fill_promotion, patch_moves, set_moves_lang};
use shatar_web::glyphs::PieceSet;
use shatar_web::i18n::{Key, Lang};
use shatar_web::view::{BoardView, MoveRow, PanelView};
use shatar_web::{t, t_key, tf};

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
    /// A live game's frame (`mode="live"`), made when first shown.
    live: Option<Element>,
    /// What the move list shows, to patch it row by row.
    shown_moves: Option<(Vec<MoveRow>, usize)>,
    /// The titles the picker holds: the viewer makes them once, so a pointer comparison
    /// tells whether thousands of options need making again.
    shown_titles: Option<Rc<[String]>>,
    shown_promotion: Option<shatar_web::view::PromotionView>,
    /// The language of the board's texts, set by [`Parts::set_lang`].
    lang: Lang,
}

/// The buttons' texts, `(action, symbol, text)`: a button with a symbol shows it and is
/// named by the text; the others show the text.
const BUTTONS: [(&str, Option<&str>, Key); 7] = [
    ("first", Some("«"), t_key!("nav.first")),
    ("prev", Some("‹"), t_key!("nav.prev")),
    ("next", Some("›"), t_key!("nav.next")),
    ("last", Some("»"), t_key!("nav.last")),
    ("new-game", None, t_key!("button.new-game")),
    ("takeback", None, t_key!("action.takeback")),
    ("flip", None, t_key!("action.flip.short")),
];

impl Parts {
    pub fn build(doc: &Document, root: &ShadowRoot) -> Result<Parts, JsValue> {
        let el = |tag: &str, class: &str| -> Result<Element, JsValue> {
            let e = doc.create_element(tag)?;
            e.set_class_name(class);
            Ok(e)
        };
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
        let play_actions = el("div", "actions")?;
        // Their texts come with the language (`set_lang`).
        for (group, actions) in [
            (&nav, &["first", "prev", "next", "last"][..]),
            (&play_actions, &["new-game", "takeback"][..]),
        ] {
            for action in actions {
                group.append_child(&button(doc, action)?)?;
            }
        }
        controls.append_child(&nav)?;
        controls.append_child(&play_actions)?;
        controls.append_child(&button(doc, "flip")?)?;
        let moves = el("ol", "moves")?;
        moves.set_attribute("aria-label", "Moves")?;
        // The game picker first: a reader chooses the game, then reads it.
        frame.append_child(&picker)?;
        for part in [
            &heading,
            &top,
            &board_holder,
            &bottom,
            &status,
            &result,
            &error,
        ] {
            frame.append_child(part)?;
        }
        frame.append_child(&controls)?;
        frame.append_child(&moves)?;
        frame.append_child(&announce)?;
        root.append_child(&frame)?;
        let mut parts = Parts {
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
            live: None,
            shown_moves: None,
            shown_titles: None,
            shown_promotion: None,
            lang: Lang::En,
        };
        parts.set_lang(Lang::En)?;
        parts.show_loading()?;
        Ok(parts)
    }

    /// Every fixed text of the board in `lang`, and `lang` on the frame so that a screen
    /// reader speaks it and the traditional script gets its font.
    pub fn set_lang(&mut self, lang: Lang) -> Result<(), JsValue> {
        self.lang = lang;
        self.frame.set_attribute("lang", lang.id())?;
        for (action, symbol, key) in BUTTONS {
            let Some(b) = self
                .frame
                .query_selector(&format!("[data-action=\"{action}\"]"))?
            else {
                continue;
            };
            match symbol {
                Some(symbol) => {
                    b.set_text_content(Some(symbol));
                    b.set_attribute("aria-label", lang.text(key))?;
                    b.set_attribute("title", lang.text(key))?;
                }
                None => b.set_text_content(Some(lang.text(key))),
            }
        }
        if let Some(flip) = self.frame.query_selector("[data-action=\"flip\"]")? {
            flip.set_attribute("title", t!(lang, "embed.flip.title"))?;
        }
        self.promotion
            .set_attribute("aria-label", t!(lang, "promotion.label"))?;
        self.picker
            .set_attribute("aria-label", t!(lang, "embed.game-picker"))?;
        self.controls
            .query_selector(".nav")?
            .map(|nav| nav.set_attribute("aria-label", t!(lang, "nav.group")))
            .transpose()?;
        self.moves
            .set_attribute("data-empty", t!(lang, "moves.empty"))?;
        self.moves
            .set_attribute("aria-label", t!(lang, "moves.label"))
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
            part.dyn_ref::<HtmlElement>()
                .ok_or("not an HTML element")?
                .set_hidden(hidden);
        }
        if let Some(live) = &self.live {
            live.set_attribute("hidden", "")?;
        }
        Ok(())
    }

    pub fn show_loading(&self) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "loading")?;
        self.status.set_text_content(Some(t!(self.lang, "loading")));
        self.only(&[&self.status])
    }

    pub fn show_error(&self, message: &str) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "error")?;
        self.error
            .set_text_content(Some(&tf!(self.lang, "embed.cannot-show", error = message)));
        self.only(&[&self.error])
    }

    /// The server's watch-only page at `address`, in place of the board: it draws the
    /// game itself, talking to its own server.
    pub fn show_live(&mut self, address: &str) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "live")?;
        self.only(&[])?;
        let live = match &self.live {
            Some(live) => live.clone(),
            None => {
                let live = self.doc.create_element("iframe")?;
                live.set_class_name("live");
                live.set_attribute("part", "live")?;
                live.set_attribute("loading", "lazy")?;
                self.frame.append_child(&live)?;
                self.live = Some(live.clone());
                live
            }
        };
        live.remove_attribute("hidden")?;
        live.set_attribute("title", t!(self.lang, "embed.label.live"))?;
        if live.get_attribute("src").as_deref() != Some(address) {
            live.set_attribute("src", address)?;
        }
        Ok(())
    }

    pub fn show_diagram(&self) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "diagram")?;
        self.only(&[&self.board_holder])
    }

    pub fn show_viewer(&mut self, view: &ViewerView) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "view")?;
        if !self
            .shown_titles
            .as_ref()
            .is_some_and(|t| Rc::ptr_eq(t, &view.titles))
        {
            let options = self.doc.create_document_fragment();
            for title in view.titles.iter() {
                let option = self.doc.create_element("option")?;
                option.set_text_content(Some(title));
                options.append_child(&option)?;
            }
            self.picker.set_text_content(None);
            self.picker.append_child(&options)?;
            self.shown_titles = Some(view.titles.clone());
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
                self.error.set_text_content(Some(&tf!(
                    self.lang,
                    "embed.cannot-show-game",
                    error = e
                )));
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
        set_moves_lang(&self.moves, view.moves_lang)?;
        self.patch_moves(&view.moves, view.shown_ply)
    }

    pub fn show_play(
        &mut self,
        panel: &PanelView,
        board: &BoardView,
        pieces: PieceSet,
        unsaved: Option<&str>,
    ) -> Result<(), JsValue> {
        self.frame.set_attribute("data-state", "play")?;
        // While the game is not being saved, the board says so in its alert line.
        self.error.set_text_content(unsaved);
        let (white, black) = &panel.players;
        let (top, bottom) = match board.bottom {
            shatar_rules::Color::White => (black, white),
            shatar_rules::Color::Black => (white, black),
        };
        self.top.set_text_content(Some(top));
        self.bottom.set_text_content(Some(bottom));
        let mut status = panel.status.clone();
        if panel.thinking {
            status = t!(self.lang, "status.computer-thinking").to_string();
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
        let mut shown = vec![
            &self.top,
            &self.board_holder,
            &self.bottom,
            &self.status,
            &self.controls,
            &self.play_actions,
            &self.moves,
        ];
        if unsaved.is_some() {
            shown.push(&self.error);
        }
        self.only(&shown)?;
        set_moves_lang(&self.moves, panel.moves_lang)?;
        self.patch_moves(&panel.moves, panel.shown_ply)
    }

    fn enable_nav(&self, back: bool, forward: bool) -> Result<(), JsValue> {
        for (action, on) in [
            ("first", back),
            ("prev", back),
            ("next", forward),
            ("last", forward),
        ] {
            set_disabled(&self.controls, action, !on)?;
        }
        Ok(())
    }

    fn patch_moves(&mut self, rows: &[MoveRow], shown_ply: usize) -> Result<(), JsValue> {
        let old = self.shown_moves.as_ref().map(|(r, p)| (r.as_slice(), *p));
        patch_moves(&self.doc, &self.moves, old, rows, shown_ply)?;
        self.shown_moves = Some((rows.to_vec(), shown_ply));
        Ok(())
    }
}

fn button(doc: &Document, action: &str) -> Result<web_sys::Node, JsValue> {
    let b = doc.create_element("button")?;
    b.set_attribute("type", "button")?;
    b.set_attribute("data-action", action)?;
    Ok(b.into())
}

fn set_disabled(within: &Element, action: &str, disabled: bool) -> Result<(), JsValue> {
    if let Some(b) = within.query_selector(&format!("[data-action=\"{action}\"]"))? {
        b.toggle_attribute_with_force("disabled", disabled)?;
    }
    Ok(())
}
