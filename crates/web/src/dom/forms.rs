//! The dialogs and the settings form: opened and filled from the state, read back into
//! typed values. A value the page does not know (an edited option) falls back to the
//! default rather than failing.

use shatar_rules::GameKind;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    Document, HtmlDialogElement, HtmlElement, HtmlFormElement, HtmlInputElement, HtmlSelectElement,
};

use crate::glyphs::PieceSet;
use crate::i18n::Lang;
use crate::settings::{
    BonusKind, Coordinates, GameSetup, Looks, Notation, Opponent, Points, SideChoice, Theme,
    TimeControl, Timed, XiangqiNotation,
};
use crate::state::Dialog;
use crate::view::ruleset_name;
use crate::{t, tf};

pub const NEW_GAME: &str = "new-game-dialog";
pub const IMPORT: &str = "import-dialog";
pub const PICK_GAME: &str = "pick-game-dialog";
pub const GAMES: &str = "games-dialog";
const PICK_FORM: &str = "pick-game-form";

fn element<T: JsCast>(doc: &Document, selector: &str) -> Result<T, JsValue> {
    doc.query_selector(selector)?
        .ok_or_else(|| JsValue::from_str(&format!("shatar: index.html has no {selector}")))?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("shatar: {selector} is not the element expected")))
}

fn select(doc: &Document, form: &str, name: &str) -> Result<HtmlSelectElement, JsValue> {
    element(doc, &format!("#{form} [name=\"{name}\"]"))
}

fn input(doc: &Document, form: &str, name: &str) -> Result<HtmlInputElement, JsValue> {
    element(doc, &format!("#{form} [name=\"{name}\"]"))
}

fn checkbox(doc: &Document, form: &str, name: &str) -> Result<HtmlInputElement, JsValue> {
    element(doc, &format!("#{form} [name=\"{name}\"]"))
}

/// Opens or closes the dialogs to match the state; a dialog being opened is filled in.
/// `error` is the open dialog's error in words ([`crate::view::dialog_error`]); `titles`
/// lists the games of a file to pick from, asked for when the picker opens.
pub fn sync_dialogs(
    doc: &Document,
    wanted: Option<&Dialog>,
    error: Option<&str>,
    setup: &GameSetup,
    lang: Lang,
    titles: impl FnOnce() -> Vec<String>,
) -> Result<(), JsValue> {
    let new_game: HtmlDialogElement = element(doc, &format!("#{NEW_GAME}"))?;
    let import: HtmlDialogElement = element(doc, &format!("#{IMPORT}"))?;
    let pick: HtmlDialogElement = element(doc, &format!("#{PICK_GAME}"))?;
    let games: HtmlDialogElement = element(doc, &format!("#{GAMES}"))?;
    match wanted {
        Some(Dialog::Games) if !games.open() => games.show_modal()?,
        Some(Dialog::Games) => {}
        _ if games.open() => games.close(),
        _ => {}
    }
    match wanted {
        Some(Dialog::NewGame) if !new_game.open() => {
            fill_new_game(doc, setup)?;
            name_sides(doc, lang)?;
            new_game.show_modal()?;
        }
        Some(Dialog::NewGame) => {}
        _ if new_game.open() => new_game.close(),
        _ => {}
    }
    let (error, progress) = match wanted {
        Some(Dialog::Import { .. }) => (error, None),
        Some(Dialog::Reading { read, total }) => {
            let percent = (read * 100).checked_div(*total).unwrap_or(100);
            let text = tf!(lang, "import.reading", percent = percent.to_string());
            (None, Some(text))
        }
        _ => (None, None),
    };
    match wanted {
        Some(Dialog::Import { .. } | Dialog::Reading { .. }) => {
            show_text(doc, "#import-error", error)?;
            show_text(doc, "#import-progress", progress.as_deref())?;
            let button: HtmlElement = element(doc, "#import-form button[value=\"import\"]")?;
            button.toggle_attribute_with_force("disabled", progress.is_some())?;
            if !import.open() {
                select(doc, "import-form", "ruleset")?.set_value(setup.kind.id());
                import.show_modal()?;
            }
        }
        _ if import.open() => {
            import.close();
            element::<HtmlFormElement>(doc, "#import-form")?.reset();
            show_text(doc, "#import-progress", None)?;
        }
        _ => {}
    }
    match wanted {
        Some(Dialog::PickGame { .. }) => {
            show_text(doc, "#pick-game-error", error)?;
            if !pick.open() {
                fill_picker(doc, &titles(), lang)?;
                pick.show_modal()?;
            }
        }
        _ if pick.open() => {
            pick.close();
            select(doc, PICK_FORM, "game")?.set_length(0);
        }
        _ => {}
    }
    Ok(())
}

/// `text` in the element `selector`, which is hidden without one (as text, never markup).
fn show_text(doc: &Document, selector: &str, text: Option<&str>) -> Result<(), JsValue> {
    let el: HtmlElement = element(doc, selector)?;
    el.set_text_content(text);
    el.set_hidden(text.is_none());
    Ok(())
}

/// The picker's list: one option a game, the first chosen.
fn fill_picker(doc: &Document, titles: &[String], lang: Lang) -> Result<(), JsValue> {
    let list = select(doc, PICK_FORM, "game")?;
    list.set_length(0);
    let options = doc.create_document_fragment();
    for (i, title) in titles.iter().enumerate() {
        let option = web_sys::HtmlOptionElement::new_with_text_and_value(title, &i.to_string())?;
        options.append_child(&option)?;
    }
    list.append_child(&options)?;
    list.set_selected_index(0);
    let count: HtmlElement = element(doc, "#pick-game-count")?;
    count.set_text_content(Some(&tf!(
        lang,
        "pick.label",
        count = titles.len().to_string()
    )));
    Ok(())
}

/// The game picked, by its index in the file.
pub fn read_pick(doc: &Document) -> Result<Option<usize>, JsValue> {
    Ok(select(doc, PICK_FORM, "game")?.value().parse().ok())
}

fn fill_new_game(doc: &Document, setup: &GameSetup) -> Result<(), JsValue> {
    const FORM: &str = "new-game-form";
    select(doc, FORM, "ruleset")?.set_value(setup.kind.id());
    let (opponent, level) = match setup.opponent {
        Opponent::Computer { level } => ("computer", level),
        // Not offered by the form: an online game is made on the online page.
        Opponent::Friend | Opponent::Online => ("friend", 3),
        Opponent::OverTheBoard => ("board", 3),
    };
    select(doc, FORM, "opponent")?.set_value(opponent);
    select(doc, FORM, "level")?.set_value(&level.to_string());
    select(doc, FORM, "side")?.set_value(setup.side.id());
    select(doc, FORM, "time")?.set_value(setup.time_control.id());
    if let TimeControl::Timed(t) = setup.time_control {
        // Numbers pass as numbers: the browser reads and writes their text.
        let minutes = |s: u32| f64::from(s) / 60.0;
        input(doc, FORM, "base_minutes")?.set_value_as_number(minutes(t.base_seconds));
        select(doc, FORM, "bonus")?.set_value(t.bonus.id());
        input(doc, FORM, "bonus_seconds")?.set_value(&t.bonus_seconds.to_string());
        input(doc, FORM, "moves")?.set_value(&t.moves.unwrap_or(0).to_string());
        input(doc, FORM, "then_minutes")?.set_value_as_number(minutes(t.then_seconds));
    }
    Ok(())
}

pub fn read_new_game(doc: &Document) -> Result<GameSetup, JsValue> {
    const FORM: &str = "new-game-form";
    let value = |name: &str| select(doc, FORM, name).map(|s| s.value());
    let kind = ruleset_from(&value("ruleset")?);
    let opponent = match value("opponent")?.as_str() {
        "friend" => Opponent::Friend,
        "board" => Opponent::OverTheBoard,
        _ => Opponent::Computer {
            level: value("level")?.parse().unwrap_or(3),
        },
    };
    let side = SideChoice::from_id(&value("side")?).unwrap_or(SideChoice::White);
    let time_control = match value("time")?.as_str() {
        "custom" => TimeControl::Timed(read_custom_time(doc)?),
        id => TimeControl::from_id(id).unwrap_or(TimeControl::Untimed),
    };
    Ok(GameSetup {
        kind,
        opponent,
        side,
        time_control,
    }
    .normalised())
}

/// The first side's name in the dialog follows the game chosen: White, or Red in Xiangqi.
/// The option keeps its text's key, so a change of language names it rightly too.
pub fn name_sides(doc: &Document, lang: Lang) -> Result<(), JsValue> {
    const FORM: &str = "new-game-form";
    let xiangqi = ruleset_from(&select(doc, FORM, "ruleset")?.value()) == GameKind::Xiangqi;
    let first: HtmlElement = element(
        doc,
        &format!("#{FORM} [name=\"side\"] option[value=\"white\"]"),
    )?;
    let key = if xiangqi { "color.red" } else { "side.white" };
    first.set_attribute("data-i18n", key)?;
    first.set_text_content(Some(if xiangqi {
        t!(lang, "color.red")
    } else {
        t!(lang, "side.white")
    }));
    Ok(())
}

/// The custom form's fields; numbers out of range are brought into it.
fn read_custom_time(doc: &Document) -> Result<Timed, JsValue> {
    const FORM: &str = "new-game-form";
    let number = |name: &str| -> Result<f64, JsValue> {
        let n = input(doc, FORM, name)?.value_as_number();
        Ok(if n.is_finite() {
            n.clamp(0.0, 36_000.0)
        } else {
            0.0
        })
    };
    let seconds = |minutes: f64| (minutes * 60.0).round() as u32;
    let moves = number("moves")?.round() as u32;
    Ok(Timed {
        base_seconds: seconds(number("base_minutes")?).max(1),
        bonus: BonusKind::from_id(&select(doc, FORM, "bonus")?.value()).unwrap_or_default(),
        bonus_seconds: number("bonus_seconds")?.round() as u32,
        moves: (moves > 0).then_some(moves),
        then_seconds: seconds(number("then_minutes")?),
    })
}

/// The time-control choices: the presets in words, then a custom control.
pub fn fill_time_choices(doc: &Document, lang: Lang) -> Result<(), JsValue> {
    let select = select(doc, "new-game-form", "time")?;
    let chosen = select.value();
    select.set_text_content(None);
    let choices = TimeControl::PRESETS
        .iter()
        .map(|(id, tc)| (*id, tc.describe(lang)));
    for (id, label) in choices.chain([("custom", t!(lang, "time.custom").to_string())]) {
        let option = doc.create_element("option")?;
        option.set_attribute("value", id)?;
        option.set_text_content(Some(&label));
        select.append_child(&option)?;
    }
    if !chosen.is_empty() {
        select.set_value(&chosen);
    }
    Ok(())
}

pub fn read_import(doc: &Document) -> Result<(String, GameKind), JsValue> {
    let text: web_sys::HtmlTextAreaElement = element(doc, "#import-form [name=\"text\"]")?;
    Ok((
        text.value(),
        ruleset_from(&select(doc, "import-form", "ruleset")?.value()),
    ))
}

/// The file chosen in the import dialog, if one is.
pub fn chosen_file(doc: &Document) -> Option<web_sys::File> {
    input(doc, "import-form", "file").ok()?.files()?.get(0)
}

/// After the player typed into the text box (`changed` is "text") or chose a file
/// ("file"): the other source is cleared, so what is imported is what was given last.
pub fn keep_one_import_source(doc: &Document, changed: Option<&str>) -> Result<(), JsValue> {
    match changed {
        Some("text") => input(doc, "import-form", "file")?.set_value(""),
        Some("file") => {
            let area: web_sys::HtmlTextAreaElement = element(doc, "#import-form [name=\"text\"]")?;
            area.set_value("");
        }
        _ => {}
    }
    Ok(())
}

/// The game choices come from the rules crate: one list of rulesets and their names.
pub fn fill_ruleset_choices(doc: &Document, lang: Lang) -> Result<(), JsValue> {
    let selects = doc.query_selector_all("select[name=\"ruleset\"]")?;
    for i in 0..selects.length() {
        let Some(select) = selects
            .item(i)
            .and_then(|s| s.dyn_into::<HtmlSelectElement>().ok())
        else {
            continue;
        };
        let chosen = select.value();
        select.set_text_content(None);
        for game in GameKind::ALL {
            let option = doc.create_element("option")?;
            option.set_attribute("value", game.id())?;
            option.set_text_content(Some(ruleset_name(lang, game)));
            select.append_child(&option)?;
        }
        if !chosen.is_empty() {
            select.set_value(&chosen);
        }
    }
    Ok(())
}

fn ruleset_from(id: &str) -> GameKind {
    id.parse().unwrap_or_default()
}

const LOOKS: &str = "looks";

pub fn fill_looks(doc: &Document, looks: &Looks) -> Result<(), JsValue> {
    select(doc, LOOKS, "pieces")?.set_value(looks.pieces.id());
    select(doc, LOOKS, "theme")?.set_value(looks.theme.id());
    select(doc, LOOKS, "coordinates")?.set_value(looks.coordinates.id());
    select(doc, LOOKS, "notation")?.set_value(looks.notation.id());
    select(doc, LOOKS, "xiangqi_notation")?.set_value(looks.xiangqi_notation.id());
    select(doc, LOOKS, "points")?.set_value(looks.points.id());
    checkbox(doc, LOOKS, "sound")?.set_checked(looks.sound);
    checkbox(doc, LOOKS, "face_to_face")?.set_checked(looks.face_to_face);
    Ok(())
}

pub fn read_looks(doc: &Document) -> Result<Looks, JsValue> {
    let value = |name: &str| select(doc, LOOKS, name).map(|s| s.value());
    Ok(Looks {
        pieces: PieceSet::from_id(&value("pieces")?).unwrap_or_default(),
        theme: Theme::from_id(&value("theme")?).unwrap_or_default(),
        coordinates: Coordinates::from_id(&value("coordinates")?).unwrap_or_default(),
        notation: Notation::from_id(&value("notation")?).unwrap_or_default(),
        xiangqi_notation: XiangqiNotation::from_id(&value("xiangqi_notation")?).unwrap_or_default(),
        sound: checkbox(doc, LOOKS, "sound")?.checked(),
        face_to_face: checkbox(doc, LOOKS, "face_to_face")?.checked(),
        points: Points::from_id(&value("points")?).unwrap_or_default(),
        lang: None,
    })
}
