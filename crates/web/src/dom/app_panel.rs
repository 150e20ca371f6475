//! The app page's panel beside the board: the texts, buttons, clocks, move list and
//! dialogs of `PanelView`, patched field by field.

use shatar_rules::Color;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement};

use super::panel::{fill_promotion, patch_moves, set_moves_lang};
use crate::i18n::Lang;
use crate::settings::Looks;
use crate::state::NoticeLevel;
use crate::view::{ClockView, PanelView};

pub struct PanelDom {
    doc: Document,
    prev: Option<PanelView>,
    prev_pieces: Option<crate::glyphs::PieceSet>,
    prev_bottom: Option<Color>,
    prev_lang: Option<Lang>,
}

fn by_id(doc: &Document, id: &str) -> Result<Element, JsValue> {
    doc.get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("shatar: index.html has no #{id}")))
}

fn set_text(doc: &Document, id: &str, text: &str) -> Result<(), JsValue> {
    by_id(doc, id)?.set_text_content(Some(text));
    Ok(())
}

fn set_hidden(doc: &Document, id: &str, hidden: bool) -> Result<(), JsValue> {
    by_id(doc, id)?
        .dyn_into::<HtmlElement>()?
        .set_hidden(hidden);
    Ok(())
}

fn enable(doc: &Document, action: &str, on: bool) -> Result<(), JsValue> {
    if let Some(button) = doc.query_selector(&format!("[data-action=\"{action}\"]"))? {
        button.toggle_attribute_with_force("disabled", !on)?;
    }
    Ok(())
}

impl PanelDom {
    pub fn new(doc: Document) -> PanelDom {
        PanelDom {
            doc,
            prev: None,
            prev_pieces: None,
            prev_bottom: None,
            prev_lang: None,
        }
    }

    pub fn render(
        &mut self,
        view: &PanelView,
        looks: &Looks,
        bottom: Color,
        lang: Lang,
    ) -> Result<(), JsValue> {
        let prev = self.prev.take();
        let changed = |f: &dyn Fn(&PanelView) -> bool| prev.as_ref().is_none_or(f);
        let doc = &self.doc;
        let lang_changed = self.prev_lang.replace(lang) != Some(lang);
        super::games_panel::render(doc, view, prev.as_ref(), lang, lang_changed)?;
        if changed(&|p| p.title != view.title) {
            set_text(doc, "title", &view.title)?;
        }
        if changed(&|p| p.typed_reply != view.typed_reply) {
            set_text(
                doc,
                "typed-reply",
                view.typed_reply.as_deref().unwrap_or(""),
            )?;
        }
        if changed(&|p| p.time_warning != view.time_warning) {
            set_text(
                doc,
                "announce-time",
                view.time_warning.as_deref().unwrap_or(""),
            )?;
        }
        if changed(&|p| p.announcement != view.announcement) {
            set_text(doc, "announce", view.announcement.as_deref().unwrap_or(""))?;
        }
        if changed(&|p| p.status != view.status) {
            set_text(doc, "status", &view.status)?;
            // Face to face, the player across the table reads it turned round.
            set_text(doc, "status-top", &format!("— {}", view.status))?;
        }
        if changed(&|p| p.result != view.result) {
            set_text(doc, "result", view.result.as_deref().unwrap_or(""))?;
            set_hidden(doc, "result", view.result.is_none())?;
        }
        if changed(&|p| p.notice != view.notice) {
            let notice = by_id(doc, "notice")?;
            match &view.notice {
                Some(n) => {
                    set_text(doc, "notice-text", &n.text)?;
                    notice.set_attribute(
                        "data-level",
                        if n.level == NoticeLevel::Error {
                            "error"
                        } else {
                            "info"
                        },
                    )?;
                }
                None => set_text(doc, "notice-text", "")?,
            }
            set_hidden(doc, "notice", view.notice.is_none())?;
            let retry = view.notice.as_ref().is_some_and(|n| n.retry);
            set_hidden(doc, "retry-engine", !retry)?;
        }
        if changed(&|p| p.update != view.update) {
            set_text(
                doc,
                "update-text",
                view.update.as_ref().map_or("", |u| u.text),
            )?;
            set_hidden(doc, "update", view.update.is_none())?;
            enable(
                doc,
                "apply-update",
                view.update.as_ref().is_some_and(|u| u.can_reload),
            )?;
        }
        if changed(&|p| p.engine != view.engine) {
            set_text(doc, "engine", &view.engine)?;
        }
        let flipped = self.prev_bottom != Some(bottom);
        if flipped || changed(&|p| p.clocks != view.clocks) {
            self.clocks(view, bottom)?;
        }
        if changed(&|p| {
            p.clock_only != view.clock_only || p.clocks != view.clocks || p.presses != view.presses
        }) {
            self.tap_clock(view)?;
        }
        if changed(&|p| p.offer != view.offer || p.offer_answerable != view.offer_answerable) {
            set_text(doc, "offer-text", view.offer.as_deref().unwrap_or(""))?;
            set_hidden(doc, "offer", view.offer.is_none())?;
            set_hidden(doc, "offer-answer", !view.offer_answerable)?;
        }
        if changed(&|p| p.claim_armed != view.claim_armed)
            && let Some(arm) = doc.query_selector("[data-action=\"arm-claim\"]")?
        {
            arm.set_attribute(
                "aria-pressed",
                if view.claim_armed { "true" } else { "false" },
            )?;
        }
        let timed = view.clocks.is_some();
        for (action, shown) in [
            (
                "pause-clock",
                timed && !view.clock_paused && view.result.is_none(),
            ),
            ("resume-clock", timed && view.clock_paused),
            ("claim-draw", view.has_claims),
            ("arm-claim", view.has_claims),
        ] {
            let buttons = doc.query_selector_all(&format!("[data-action=\"{action}\"]"))?;
            for i in 0..buttons.length() {
                if let Some(button) = buttons.item(i).and_then(|b| b.dyn_into::<Element>().ok()) {
                    button.toggle_attribute_with_force("hidden", !shown)?;
                }
            }
        }
        if flipped || changed(&|p| p.players != view.players || p.thinking != view.thinking) {
            self.players(view, bottom)?;
            self.prev_bottom = Some(bottom);
        }
        self.moves(prev.as_ref(), view)?;
        for (action, on) in [
            ("first", view.can_go_back),
            ("prev", view.can_go_back),
            ("next", view.can_go_forward),
            ("last", view.can_go_forward),
            ("takeback", view.can_take_back),
            ("resign", view.can_resign),
            ("hint", view.can_hint),
            ("offer-draw", view.can_offer),
            ("claim-draw", view.can_claim),
            ("arm-claim", view.can_claim),
        ] {
            enable(doc, action, on)?;
        }
        if changed(&|p| p.sound != view.sound || p.sound_label != view.sound_label)
            && let Some(mute) = doc.query_selector("[data-action=\"mute\"]")?
        {
            mute.set_attribute("aria-pressed", if view.sound { "false" } else { "true" })?;
            mute.set_text_content(Some(view.sound_label));
        }
        if changed(&|p| p.hint != view.hint) {
            set_text(doc, "hint", view.hint.as_deref().unwrap_or(""))?;
            set_hidden(doc, "hint", view.hint.is_none())?;
        }
        if changed(&|p| p.analysis != view.analysis) {
            self.analysis(view)?;
        }
        if changed(&|p| p.promotion != view.promotion) || self.prev_pieces != Some(looks.pieces) {
            self.promotion(view, looks)?;
        }
        self.prev_pieces = Some(looks.pieces);
        self.prev = Some(view.clone());
        Ok(())
    }

    /// Over the board: the two halves of the big clock, White's at the bottom.
    fn tap_clock(&self, view: &PanelView) -> Result<(), JsValue> {
        set_hidden(&self.doc, "tap-clock", !view.clock_only)?;
        if let Some(body) = self.doc.body() {
            body.class_list()
                .toggle_with_force("clock-only", view.clock_only)?;
        }
        let Some((white, black)) = &view.clocks else {
            return Ok(());
        };
        for (color, face, moves) in [
            (Color::White, white, &view.presses.0),
            (Color::Black, black, &view.presses.1),
        ] {
            let Some(el) = self
                .doc
                .query_selector(&format!("[data-tap=\"{}\"]", color.name()))?
            else {
                continue;
            };
            show_face(&el, face)?;
            if let Some(count) = el.query_selector(".count")? {
                count.set_text_content(Some(moves));
            }
            el.set_attribute("aria-label", &face.label)?;
        }
        Ok(())
    }

    /// The clock of the side drawn at the bottom is the bottom one.
    fn clocks(&self, view: &PanelView, bottom: Color) -> Result<(), JsValue> {
        for (id, color) in [("clock-top", bottom.other()), ("clock-bottom", bottom)] {
            let el = by_id(&self.doc, id)?;
            el.dyn_ref::<HtmlElement>()
                .ok_or("a clock element")?
                .set_hidden(view.clocks.is_none());
            let Some((white, black)) = &view.clocks else {
                continue;
            };
            let face = if color == Color::White { white } else { black };
            el.set_attribute("data-color", color.name())?;
            show_face(&el, face)?;
        }
        Ok(())
    }

    fn players(&self, view: &PanelView, bottom: Color) -> Result<(), JsValue> {
        let (white, black) = &view.players;
        let (top, low) = if bottom == Color::White {
            (black, white)
        } else {
            (white, black)
        };
        set_text(&self.doc, "player-top", top)?;
        set_text(&self.doc, "player-bottom", low)?;
        let top_thinks = view.thinking && view.computer == Some(bottom.other());
        set_hidden(&self.doc, "thinking-top", !top_thinks)?;
        set_hidden(&self.doc, "thinking-bottom", !view.thinking || top_thinks)?;
        Ok(())
    }

    fn moves(&self, prev: Option<&PanelView>, view: &PanelView) -> Result<(), JsValue> {
        let list = by_id(&self.doc, "moves")?;
        let old = prev.map(|p| (p.moves.as_slice(), p.shown_ply));
        if prev.is_none_or(|p| p.moves_lang != view.moves_lang) {
            set_moves_lang(&list, view.moves_lang)?;
        }
        patch_moves(&self.doc, &list, old, &view.moves, view.shown_ply)
    }

    fn analysis(&self, view: &PanelView) -> Result<(), JsValue> {
        let doc = &self.doc;
        set_hidden(doc, "analysis", view.analysis.is_none())?;
        set_hidden(doc, "eval-bar", view.analysis.is_none())?;
        if let Some(button) = doc.query_selector("[data-action=\"analysis\"]")? {
            button.set_attribute(
                "aria-pressed",
                if view.analysis.is_some() {
                    "true"
                } else {
                    "false"
                },
            )?;
        }
        let Some(a) = &view.analysis else {
            return Ok(());
        };
        set_text(doc, "analysis-score", &a.score)?;
        set_text(doc, "analysis-depth", &a.depth_text)?;
        let lines = by_id(doc, "analysis-lines")?;
        lines.set_text_content(None);
        for line in &a.lines {
            let li = doc.create_element("li")?;
            li.set_text_content(Some(line));
            lines.append_child(&li)?;
        }
        by_id(doc, "eval-bar")?.set_attribute("data-bottom", a.bottom.name())?;
        if let Some(fill) = doc.query_selector("#eval-bar .eval-white")? {
            let fill: HtmlElement = fill.dyn_into()?;
            fill.style().set_property(
                "height",
                &format!(
                    "{}%",
                    crate::num::Num::<1>(f64::from(a.white_permille) / 10.0)
                ),
            )?;
        }
        Ok(())
    }

    fn promotion(&self, view: &PanelView, looks: &Looks) -> Result<(), JsValue> {
        fill_promotion(
            &self.doc,
            &by_id(&self.doc, "promotion")?,
            view.promotion.as_ref(),
            looks.pieces,
        )
    }
}

/// A clock face: its base time, its delay apart, and its state as classes (low time has an
/// outline too, not only a colour).
fn show_face(el: &Element, face: &ClockView) -> Result<(), JsValue> {
    if let Some(time) = el.query_selector(".time")? {
        time.set_text_content(Some(&face.text));
    }
    if let Some(delay) = el.query_selector(".delay")? {
        delay.set_text_content(face.delay.as_deref());
    }
    let list = el.class_list();
    list.toggle_with_force("running", face.running)?;
    list.toggle_with_force("low", face.low)?;
    list.toggle_with_force("flag", face.flag).map(drop)
}
