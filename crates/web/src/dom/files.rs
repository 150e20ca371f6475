//! The build's file names in the browser ([`crate::files`]): handed over by the embed
//! module's script ([`set`]), or else read once from the page's
//! `<meta name="shatar-files">` (the app's index.html).

use std::cell::RefCell;

use crate::files::BuildFiles;

thread_local! {
    static FILES: RefCell<Option<BuildFiles>> = const { RefCell::new(None) };
}

/// The list from `text` (`plain=hashed` pairs), in place of the page's.
pub fn set(text: &str) -> Result<(), String> {
    let files = BuildFiles::parse(text)?;
    FILES.with(|f| *f.borrow_mut() = Some(files));
    Ok(())
}

/// The build's name for the site's file `plain` (a path from the site's root, where the
/// app's page is).
pub fn named(plain: &str) -> String {
    FILES.with(|f| {
        f.borrow_mut()
            .get_or_insert_with(from_page)
            .name(plain)
            .to_string()
    })
}

/// Without a list (a build made without scripts/post-build.sh) every file keeps its plain
/// name; a list that cannot be read is said on the console, and the plain names are tried.
fn from_page() -> BuildFiles {
    let Some(text) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=shatar-files]").ok().flatten())
        .and_then(|meta| meta.get_attribute("content"))
    else {
        return BuildFiles::default();
    };
    BuildFiles::parse(&text).unwrap_or_else(|e| {
        web_sys::console::error_1(&format!("shatar: {e}").into());
        BuildFiles::default()
    })
}
