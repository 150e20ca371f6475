//! Fetches the data file of the page's language (`i18n/<tag>.txt` under the build's name
//! for it, beside the page or the embed module), once per language for all who ask, and
//! installs it. Until it is in,
//! callers show nothing in the wrong language: they wait for `then`.

use std::cell::RefCell;

use super::fetch::fetch_text;
use super::files;
use crate::i18n::{self, Lang};

/// Something to do once a language's file is in.
type Then = Box<dyn FnOnce()>;

thread_local! {
    /// Per language: who waits for its file while it is being fetched.
    static WAITING: RefCell<Vec<(Lang, Vec<Then>)>> = const { RefCell::new(Vec::new()) };
    /// Languages whose file could not be had: English stands in, and they are not asked again.
    static FAILED: RefCell<Vec<Lang>> = const { RefCell::new(Vec::new()) };
}

/// `true` when `lang` can be shown now (its texts are in, or they cannot be had and
/// English shows). Otherwise the file is fetched from `base` (a URL ending in `/`, or
/// empty for the page's own folder) and `then` runs once it is in or has failed.
pub fn ready_or_fetch(base: &str, lang: Lang, then: impl FnOnce() + 'static) -> bool {
    if i18n::has_texts(lang) || FAILED.with(|f| f.borrow().contains(&lang)) {
        return true;
    }
    let first = WAITING.with(|w| {
        let mut waiting = w.borrow_mut();
        match waiting.iter_mut().find(|(l, _)| *l == lang) {
            Some((_, callbacks)) => {
                callbacks.push(Box::new(then));
                false
            }
            None => {
                waiting.push((lang, vec![Box::new(then)]));
                true
            }
        }
    });
    if first {
        let url = format!("{base}{}", files::named(&format!("i18n/{}.txt", lang.id())));
        wasm_bindgen_futures::spawn_local(async move {
            match fetch_text(&url).await {
                Ok(text) => i18n::install(lang, text),
                Err(why) => {
                    web_sys::console::warn_1(
                        &format!("shatar: {url} could not be loaded ({why}); English is shown")
                            .into(),
                    );
                    FAILED.with(|f| f.borrow_mut().push(lang));
                }
            }
            let callbacks = WAITING.with(|w| {
                let mut waiting = w.borrow_mut();
                let at = waiting.iter().position(|(l, _)| *l == lang);
                at.map(|at| waiting.remove(at).1).unwrap_or_default()
            });
            for then in callbacks {
                then();
            }
        });
    }
    false
}
