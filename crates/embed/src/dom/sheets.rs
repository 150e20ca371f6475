//! The boards' styles as constructed stylesheets, adopted by each board's shadow root (and
//! the traditional script's font face by the page), never as `<style>` elements: a club's
//! Content-Security-Policy without `style-src 'unsafe-inline'` refuses those, and not these
//! (docs/hosting.md). A browser without constructed stylesheets (before 2023) gets the
//! elements instead.

use std::cell::{Cell, RefCell};

use wasm_bindgen::JsValue;
use web_sys::{CssStyleSheet, Document, ShadowRoot};

/// The board's own styles, inside its shadow root: the club's CSS cannot reach them, and
/// they cannot reach the club's page.
const BOARD: &str = concat!(
    include_str!("../../../../www/board.css"),
    include_str!("../../../../www/targets.css"),
    include_str!("../../../../www/pieces.css"),
    include_str!("../../../../www/xiangqi/pieces.css"),
    include_str!("../../../../www/embed.css"),
);

thread_local! {
    /// One sheet for every board of the page: parsed once.
    static BOARD_SHEET: RefCell<Option<CssStyleSheet>> = const { RefCell::new(None) };
    static FONT_DECLARED: Cell<bool> = const { Cell::new(false) };
}

/// Gives a board's shadow root its styles.
pub fn style_board(doc: &Document, root: &ShadowRoot) -> Result<(), JsValue> {
    let sheet = BOARD_SHEET.with(|s| -> Result<Option<CssStyleSheet>, JsValue> {
        let mut s = s.borrow_mut();
        if s.is_none() {
            *s = sheet(BOARD)?;
        }
        Ok(s.clone())
    })?;
    match sheet {
        Some(sheet) => {
            let sheets = root.adopted_style_sheets();
            sheets.push(&sheet);
            root.set_adopted_style_sheets(&sheets);
            Ok(())
        }
        None => {
            let style = doc.create_element("style")?;
            style.set_text_content(Some(BOARD));
            root.append_child(&style).map(drop)
        }
    }
}

/// The traditional script's font, declared once on the page that holds the boards: a
/// shadow root's own `@font-face` is not used by the browser. Only Mongolian letters use
/// it (`unicode-range`: Mongolian letters and spaces), so the page's other text is
/// untouched. `base` is the Shatar site's address, where the font is.
pub fn declare_mongolian_font(base: &str) {
    if FONT_DECLARED.with(Cell::get) {
        return;
    }
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let css = format!(
        "@font-face {{ font-family: \"Shatar Mongolian\"; src: url(\"{base}fonts/shatar-mongolian.woff2\") \
         format(\"woff2\"); unicode-range: U+0020, U+1800-18AF, U+202F; font-display: swap; }}"
    );
    let added = sheet(&css).and_then(|sheet| match sheet {
        // Added to the page's own adopted sheets, which stay.
        Some(sheet) => {
            let sheets = doc.adopted_style_sheets();
            sheets.push(&sheet);
            doc.set_adopted_style_sheets(&sheets);
            Ok(())
        }
        None => {
            let style = doc.create_element("style")?;
            style.set_text_content(Some(&css));
            doc.head()
                .ok_or_else(|| JsValue::from_str("no <head>"))?
                .append_child(&style)
                .map(drop)
        }
    });
    match added {
        Ok(()) => FONT_DECLARED.with(|d| d.set(true)),
        Err(e) => web_sys::console::warn_2(
            &"shatar: the Mongolian font could not be declared".into(),
            &e,
        ),
    }
}

/// A constructed sheet of `css`, or `None` where the browser cannot construct one.
fn sheet(css: &str) -> Result<Option<CssStyleSheet>, JsValue> {
    let Ok(sheet) = CssStyleSheet::new() else {
        return Ok(None);
    };
    sheet.replace_sync(css)?;
    Ok(Some(sheet))
}
