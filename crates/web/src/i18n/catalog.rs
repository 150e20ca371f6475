//! The data files and their lookup. A [`Key`] is the place of a key among `en.txt`'s
//! keys, found at compile time; each other language is read once, on first use, into a
//! table in that same order.

use std::sync::OnceLock;

use super::Lang;

pub(super) const EN: &str = include_str!("../../i18n/en.txt");

/// The other languages' files. Native builds (the tests, the tools) carry them; in the
/// browser each is fetched when the page speaks it ([`install`]), so a page downloads
/// only its own language (the service worker keeps them all for offline use).
#[cfg(not(target_arch = "wasm32"))]
fn compiled(lang: Lang) -> Option<&'static str> {
    Some(match lang {
        Lang::En => EN,
        Lang::ZhHans => include_str!("../../i18n/zh-Hans.txt"),
        Lang::MnCyrl => include_str!("../../i18n/mn-Cyrl.txt"),
        Lang::MnMong => include_str!("../../i18n/mn-Mong.txt"),
    })
}

#[cfg(target_arch = "wasm32")]
fn compiled(lang: Lang) -> Option<&'static str> {
    (lang == Lang::En).then_some(EN)
}

static INSTALLED: [OnceLock<&'static str>; 4] = [const { OnceLock::new() }; 4];

fn slot(lang: Lang) -> usize {
    Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0)
}

/// The data file of `lang`, if this build has it or it was installed.
pub(super) fn source(lang: Lang) -> Option<&'static str> {
    compiled(lang).or_else(|| INSTALLED[slot(lang)].get().copied())
}

/// Takes `lang`'s data file, fetched by the page. It is kept for the page's life (a few
/// kilobytes), as every text handed out borrows from it.
pub fn install(lang: Lang, text: String) {
    if source(lang).is_none() {
        let _ = INSTALLED[slot(lang)].set(Box::leak(text.into_boxed_str()));
    }
}

/// Whether `lang`'s own texts are there (else English stands in).
pub fn has_texts(lang: Lang) -> bool {
    source(lang).is_some()
}

/// One text of the interface: made by [`crate::t_key!`] (or [`Key::from_name`] for the
/// keys written in `index.html`), so it always names a key of `en.txt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(u16);

impl Key {
    /// A key named at run time (`data-i18n="new.title"` in the page).
    pub fn from_name(name: &str) -> Option<Key> {
        english()
            .iter()
            .position(|(k, _)| *k == name)
            .map(|i| Key(i as u16))
    }

    pub fn name(self) -> &'static str {
        english()[usize::from(self.0)].0
    }
}

/// The place of `key` among `en.txt`'s keys. Called in constants only: a key that is not
/// there is a compile error.
pub const fn key_index(key: &str) -> Key {
    let text = EN.as_bytes();
    let key = key.as_bytes();
    let (mut at, mut index) = (0, 0u16);
    while at < text.len() {
        let (start, end) = line_at(text, at);
        at = end + 1;
        let Some(name_end) = key_end(text, start, end) else {
            continue;
        };
        if same(text, start, name_end, key) {
            return Key(index);
        }
        index += 1;
    }
    panic!("no such key in crates/web/i18n/en.txt");
}

/// The line that starts at `start`: its first byte and the index of its newline (or of
/// the text's end).
const fn line_at(text: &[u8], start: usize) -> (usize, usize) {
    let mut end = start;
    while end < text.len() && text[end] != b'\n' {
        end += 1;
    }
    (start, end)
}

/// Where the key of the line `start..end` ends, or `None` for a comment or a blank line.
const fn key_end(text: &[u8], start: usize, end: usize) -> Option<usize> {
    if start == end || text[start] == b'#' || text[start] == b' ' {
        return None;
    }
    let mut i = start;
    while i < end {
        if text[i] == b' ' || text[i] == b'=' {
            return Some(i);
        }
        i += 1;
    }
    None
}

const fn same(text: &[u8], start: usize, end: usize, key: &[u8]) -> bool {
    if end - start != key.len() {
        return false;
    }
    let mut i = 0;
    while i < key.len() {
        if text[start + i] != key[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The `key = text` lines of a data file, in order; the text is what follows the first
/// `=`, trimmed.
pub(super) fn entries(source: &str) -> impl Iterator<Item = (&str, &str)> {
    source
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with(' '))
        .filter_map(|l| {
            let (key, text) = l.split_once('=')?;
            Some((key.trim(), text.trim()))
        })
}

fn english() -> &'static [(&'static str, &'static str)] {
    static TABLE: OnceLock<Vec<(&str, &str)>> = OnceLock::new();
    TABLE.get_or_init(|| entries(EN).collect())
}

/// Each language's texts in `en.txt`'s order, `None` where a key is missing; `None` for a
/// language whose file is not there (yet).
fn table(lang: Lang) -> Option<&'static [Option<&'static str>]> {
    static TABLES: [OnceLock<Vec<Option<&str>>>; 4] = [const { OnceLock::new() }; 4];
    let source = source(lang)?;
    let table = TABLES[slot(lang)].get_or_init(|| {
        // A few hundred keys, once: a plain search is quick enough, and small.
        let found: Vec<(&str, &str)> = entries(source).collect();
        english()
            .iter()
            .map(|(key, _)| found.iter().find(|(k, _)| k == key).map(|(_, text)| *text))
            .collect()
    });
    Some(table)
}

/// `key`'s text in `lang`, falling back to English.
pub fn lookup(lang: Lang, key: Key) -> &'static str {
    let i = usize::from(key.0);
    table(lang)
        .and_then(|t| t.get(i).copied().flatten())
        .unwrap_or_else(|| english()[i].1)
}
