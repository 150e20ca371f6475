//! The interface in four languages: English, Chinese, and Mongolian in Cyrillic and in the
//! traditional script.
//!
//! The texts live in data files, one per language (`crates/web/i18n/*.txt`, `key = text`).
//! English is compiled in; the page fetches another language's file when it speaks it
//! ([`install`]; the service worker keeps them all for offline use). English is the
//! reference: [`t!`] and [`tf!`] name a key of `en.txt`, and a key that is not there
//! stops the build (the key's place in `en.txt` is found by a `const fn`). Another
//! language's missing key falls back to English at run time, and `i18n::tests` fails on
//! it, and on any placeholder that differs from English's.

mod catalog;
mod negotiate;
#[cfg(test)]
mod tests;

use shatar_rules::notation::PieceLetters;

pub use self::catalog::{Key, has_texts, install, key_index, lookup};
pub use self::negotiate::negotiate;

/// The interface's language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    /// Simplified Chinese, as read in Inner Mongolia (whose browsers often say `zh-CN`).
    ZhHans,
    /// Mongolian in Cyrillic, as in Mongolia.
    MnCyrl,
    /// Mongolian in the traditional script, as in Inner Mongolia: set vertically where it
    /// fits (`www/style.css`), in the bundled Noto Sans Mongolian subset.
    MnMong,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::ZhHans, Lang::MnCyrl, Lang::MnMong];

    /// The BCP 47 tag: for `lang` attributes, `?lang=`, the stored choice and embeds.
    pub const fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
            Lang::MnCyrl => "mn-Cyrl",
            Lang::MnMong => "mn-Mong",
        }
    }

    /// Reads a tag as written in a URL, a save or an attribute (case does not matter).
    pub fn from_id(id: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.id().eq_ignore_ascii_case(id.trim()))
    }

    /// The language's name in its own script, for the picker: a reader finds their
    /// language whatever language the page is in now.
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhHans => "中文",
            Lang::MnCyrl => "Монгол",
            Lang::MnMong => "ᠮᠣᠩᠭᠣᠯ",
        }
    }

    /// The piece letters the move list uses when the player has not chosen others: the
    /// language's own (the 2017 rules write Mongolian initials, art. 2.3 and 8.1).
    pub const fn letters(self) -> PieceLetters {
        match self {
            Lang::En => PieceLetters::English,
            Lang::ZhHans => PieceLetters::Chinese,
            Lang::MnCyrl => PieceLetters::Cyrillic,
            Lang::MnMong => PieceLetters::MongolianScript,
        }
    }

    /// The language whose letters `letters` are, when it is not this one: the move list
    /// says so in `lang`, so that the letters get their language's font (and a screen
    /// reader its voice). Figurines belong to none.
    pub fn other_letters(self, letters: PieceLetters) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.letters() == letters)
            .filter(|&theirs| theirs != self)
    }

    /// The language's text for `key`, or English's when it has none.
    pub fn text(self, key: Key) -> &'static str {
        lookup(self, key)
    }

    /// The text for `key` with its `{name}` placeholders filled in.
    pub fn fill(self, key: Key, args: &[(&str, &str)]) -> String {
        fill(self.text(key), args)
    }

    /// `items` joined as the language lists things ("a, b, c" or "a、b、c").
    pub fn list<S: AsRef<str>>(self, items: &[S]) -> String {
        let mut iter = items.iter();
        let Some(first) = iter.next() else {
            return String::new();
        };
        iter.fold(String::from(first.as_ref()), |acc, next| {
            self.fill(
                t_key!("list.join"),
                &[("first", &acc), ("next", next.as_ref())],
            )
        })
    }
}

/// Replaces each `{name}` of `template` by its value in `args`; an unknown name stays as
/// written, so a mistake shows instead of vanishing.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, value)| (*value, close))
        });
        match value {
            Some((value, close)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The [`Key`] of an `en.txt` key, checked when the program is built.
#[macro_export]
macro_rules! t_key {
    ($key:literal) => {{
        const KEY: $crate::i18n::Key = $crate::i18n::key_index($key);
        KEY
    }};
}
pub use crate::t_key;

/// `t!(lang, "status.your-move")`: the text of an `en.txt` key in `lang`.
#[macro_export]
macro_rules! t {
    ($lang:expr, $key:literal) => {
        $lang.text($crate::i18n::t_key!($key))
    };
}
pub use crate::t;

/// `tf!(lang, "status.to-move", side = "White")`: [`t!`] with its placeholders filled.
#[macro_export]
macro_rules! tf {
    ($lang:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $lang.fill($crate::i18n::t_key!($key), &[$((stringify!($name), ::core::convert::AsRef::<str>::as_ref(&$value))),+])
    };
}
pub use crate::tf;
