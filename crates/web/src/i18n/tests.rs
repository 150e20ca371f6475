use std::collections::BTreeSet;

use super::catalog::{EN, entries, source};
use super::*;

fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
        .collect()
}

#[test]
fn every_language_has_every_key_and_the_same_placeholders() {
    let english: Vec<(&str, &str)> = entries(EN).collect();
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let texts: Vec<(&str, &str)> =
            entries(source(lang).expect("native builds carry every language")).collect();
        for (key, text) in &english {
            match texts.iter().find(|(k, _)| k == key) {
                None => problems.push(format!("{}: no text for {key}", lang.id())),
                Some((_, t)) if placeholders(t) != placeholders(text) => problems.push(format!(
                    "{}: {key} has placeholders {:?}, English {:?}",
                    lang.id(),
                    placeholders(t),
                    placeholders(text)
                )),
                Some((_, t)) if t.is_empty() && !key.starts_with("words.") => {
                    problems.push(format!("{}: {key} is empty", lang.id()))
                }
                Some(_) => {}
            }
        }
        for (key, _) in &texts {
            if !english.iter().any(|(k, _)| k == key) {
                problems.push(format!("{}: {key} is not a key of en.txt", lang.id()));
            }
        }
        let mut seen = BTreeSet::new();
        for (key, _) in &texts {
            if !seen.insert(key) {
                problems.push(format!("{}: {key} is written twice", lang.id()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_missing_text_falls_back_to_english() {
    // The tables are built from the files; a key a file lacks reads as English's.
    let key = t_key!("status.your-move");
    assert_eq!(Lang::En.text(key), "Your move");
    for lang in Lang::ALL {
        assert!(!lang.text(key).is_empty());
    }
    assert_eq!(Key::from_name("status.your-move"), Some(key));
    assert_eq!(key.name(), "status.your-move");
    assert_eq!(Key::from_name("no.such.key"), None);
}

#[test]
fn the_page_names_only_keys_that_exist() {
    let page = include_str!("../../../../index.html");
    let mut names = Vec::new();
    for attr in [
        "data-i18n=\"",
        "data-i18n-label=\"",
        "data-i18n-title=\"",
        "data-i18n-placeholder=\"",
        "data-i18n-empty=\"",
    ] {
        for part in page.split(attr).skip(1) {
            names.push(part.split('"').next().unwrap_or_default());
        }
    }
    assert!(
        names.len() > 60,
        "index.html marks its texts with data-i18n: {}",
        names.len()
    );
    let unknown: Vec<&&str> = names
        .iter()
        .filter(|n| Key::from_name(n).is_none())
        .collect();
    assert!(unknown.is_empty(), "keys missing from en.txt: {unknown:?}");
}

#[test]
fn the_traditional_script_file_has_no_cyrillic() {
    let cyrillic: Vec<&str> = entries(source(Lang::MnMong).unwrap())
        .filter(|(_, t)| t.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)))
        .map(|(k, _)| k)
        .filter(|k| *k != "notation.cyrillic")
        .collect();
    assert!(cyrillic.is_empty(), "{cyrillic:?}");
}

#[test]
fn placeholders_are_filled_and_lists_joined() {
    assert_eq!(
        tf!(Lang::En, "status.to-move", side = "White"),
        "White to move"
    );
    assert_eq!(
        fill("{a} and {b} and {c}", &[("a", "1"), ("b", "2")]),
        "1 and 2 and {c}"
    );
    assert_eq!(fill("{unclosed", &[]), "{unclosed");
    assert_eq!(Lang::En.list(&["a1", "b2", "c3"]), "a1, b2, c3");
    assert_eq!(Lang::En.list::<&str>(&[]), "");
    assert_eq!(
        Lang::ZhHans.list(&["a1", "b2"]),
        tf!(Lang::ZhHans, "list.join", first = "a1", next = "b2")
    );
}

#[test]
fn the_language_is_negotiated_in_order() {
    let browser = |tags: &[&str]| tags.iter().map(|t| t.to_string()).collect::<Vec<_>>();
    assert_eq!(
        negotiate(Some("mn-Mong"), Some("zh-Hans"), &browser(&["en"])),
        Lang::MnMong
    );
    assert_eq!(
        negotiate(Some("klingon"), Some("zh-Hans"), &browser(&["en"])),
        Lang::ZhHans,
        "a bad ?lang= is passed over"
    );
    assert_eq!(
        negotiate(None, Some("MN-CYRL"), &browser(&["en"])),
        Lang::MnCyrl
    );
    assert_eq!(
        negotiate(None, None, &browser(&["zh-CN", "en"])),
        Lang::ZhHans
    );
    assert_eq!(
        negotiate(None, None, &browser(&["fr-FR", "mn-MN"])),
        Lang::MnCyrl
    );
    assert_eq!(
        negotiate(None, None, &browser(&["mn-CN"])),
        Lang::MnMong,
        "Inner Mongolia"
    );
    assert_eq!(
        negotiate(None, None, &browser(&["mn-Mong-CN"])),
        Lang::MnMong
    );
    assert_eq!(negotiate(None, None, &browser(&["fr", "de"])), Lang::En);
    assert_eq!(negotiate(None, None, &[]), Lang::En);
}

#[test]
fn each_language_is_named_in_its_own_script() {
    let names: Vec<&str> = Lang::ALL.iter().map(|l| l.native_name()).collect();
    assert_eq!(names, ["English", "中文", "Монгол", "ᠮᠣᠩᠭᠣᠯ"]);
    for lang in Lang::ALL {
        assert_eq!(Lang::from_id(lang.id()), Some(lang));
    }
}

/// The bundled font is a subset: a traditional-script letter it lacks would be drawn by
/// whatever font the system has, or not at all. `scripts/font-subset.sh` remakes it.
#[test]
fn the_mongolian_font_subset_draws_every_letter_written() {
    let covered: BTreeSet<u32> = include_str!("font-coverage.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split_whitespace())
        .filter_map(|hex| u32::from_str_radix(hex, 16).ok())
        .collect();
    let mongolian = |c: char| ('\u{1800}'..='\u{18af}').contains(&c) || c == '\u{202f}';
    let mut written: BTreeSet<char> = entries(source(Lang::MnMong).unwrap())
        .flat_map(|(_, t)| t.chars())
        .collect();
    written.extend(Lang::MnMong.native_name().chars());
    written.extend(entries(EN).flat_map(|(_, t)| t.chars()));
    for role in shatar_rules::Role::ALL {
        written.extend(
            shatar_rules::notation::PieceLetters::MongolianScript
                .letter(role, shatar_rules::Color::White)
                .chars(),
        );
    }
    let missing: Vec<String> = written
        .into_iter()
        .filter(|&c| mongolian(c) && !covered.contains(&u32::from(c)))
        .map(|c| format!("U+{:04X}", u32::from(c)))
        .collect();
    assert!(
        missing.is_empty(),
        "run scripts/font-subset.sh: the font lacks {missing:?}"
    );
}
