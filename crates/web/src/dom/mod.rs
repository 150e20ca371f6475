//! The browser layer. `app` is the game's own page (behind the `app` feature, so that
//! the embeds' module, `shatar-embed`, carries none of it); the rest is shared with the
//! embeds and the online page: the board's SVG and its widget (every listener the board
//! needs, bound once), the move list and promotion picker, the engine worker's handle,
//! owned listeners, storage and clipboard. It holds no game logic.

#[cfg(feature = "app")]
mod app;
#[cfg(feature = "app")]
mod app_panel;
pub mod board;
pub mod board_widget;
pub mod effects;
pub mod engine;
pub mod fetch;
pub mod files;
#[cfg(feature = "app")]
mod forms;
#[cfg(feature = "app")]
mod games;
#[cfg(feature = "app")]
mod games_panel;
#[cfg(feature = "app")]
mod handoff;
pub mod listen;
#[cfg(feature = "app")]
mod page_text;
pub mod panel;
#[cfg(feature = "app")]
mod service_worker;
pub mod socket;
mod svg;
pub mod texts;
pub mod translate;
pub mod xiangqi_board;

/// The page's monotonic milliseconds: what the state machine's clock runs on.
pub fn now_ms() -> u64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0, |p| p.now() as u64)
}

/// Which of the site's pages this document is (`<body data-shatar-page>`: `app`,
/// `online`, `live`, `event`, `frame`, `builder`), if any: a page's module is also loaded
/// where it has nothing to start (its browser tests, another page).
pub fn page_name(doc: &web_sys::Document) -> Option<String> {
    doc.body()?.get_attribute("data-shatar-page")
}

/// Whether this document is the page `name` (see [`page_name`]).
pub fn is_page(doc: &web_sys::Document, name: &str) -> bool {
    page_name(doc).as_deref() == Some(name)
}

pub fn fresh_seed_and_date() -> (u64, String) {
    let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
    let now = js_sys::Date::new_0();
    let date = format!(
        "{:04}.{:02}.{:02}",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date()
    );
    (seed, date)
}
