//! The dialogs and the settings form: opened and filled from the state, read back into
//! typed values. A value the page does not know (an edited option) falls back to the
//! default rather than failing.

use shatar_rules::Ruleset;
use shatar_rules::notation::PieceLetters;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, HtmlDialogElement, HtmlElement, HtmlFormElement, HtmlInputElement, HtmlSelectElement};

use crate::glyphs::PieceSet;
use crate::settings::{Coordinates, GameSetup, Looks, Opponent, SideChoice, Theme, TimeControl};
use crate::state::Dialog;

pub const NEW_GAME: &str = "new-game-dialog";
pub const IMPORT: &str = "import-dialog";

fn element<T: JsCast>(doc: &Document, selector: &str) -> Result<T, JsValue> {
    doc.query_selector(selector)?
        .ok_or_else(|| JsValue::from_str(&format!("shatar: index.html has no {selector}")))?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("shatar: {selector} is not the element expected")))
}

fn select(doc: &Document, form: &str, name: &str) -> Result<HtmlSelectElement, JsValue> {
    element(doc, &format!("#{form} [name=\"{name}\"]"))
}

fn checkbox(doc: &Document, form: &str, name: &str) -> Result<HtmlInputElement, JsValue> {
    element(doc, &format!("#{form} [name=\"{name}\"]"))
}

/// Opens or closes the dialogs to match the state; a dialog being opened is filled in.
pub fn sync_dialogs(doc: &Document, wanted: Option<&Dialog>, setup: &GameSetup) -> Result<(), JsValue> {
    let new_game: HtmlDialogElement = element(doc, &format!("#{NEW_GAME}"))?;
    let import: HtmlDialogElement = element(doc, &format!("#{IMPORT}"))?;
    match wanted {
        Some(Dialog::NewGame) if !new_game.open() => {
            fill_new_game(doc, setup)?;
            new_game.show_modal()?;
        }
        Some(Dialog::NewGame) => {}
        _ if new_game.open() => new_game.close(),
        _ => {}
    }
    match wanted {
        Some(Dialog::Import { error }) => {
            let message: HtmlElement = element(doc, "#import-error")?;
            message.set_text_content(error.as_deref());
            message.set_hidden(error.is_none());
            if !import.open() {
                select(doc, "import-form", "ruleset")?.set_value(setup.ruleset.id());
                import.show_modal()?;
            }
        }
        _ if import.open() => {
            import.close();
            element::<HtmlFormElement>(doc, "#import-form")?.reset();
        }
        _ => {}
    }
    Ok(())
}

fn fill_new_game(doc: &Document, setup: &GameSetup) -> Result<(), JsValue> {
    const FORM: &str = "new-game-form";
    select(doc, FORM, "ruleset")?.set_value(setup.ruleset.id());
    let (opponent, level) = match setup.opponent {
        Opponent::Computer { level } => ("computer", level),
        Opponent::Friend => ("friend", 3),
    };
    select(doc, FORM, "opponent")?.set_value(opponent);
    select(doc, FORM, "level")?.set_value(&level.to_string());
    let side = match setup.side {
        SideChoice::White => "white",
        SideChoice::Black => "black",
        SideChoice::Random => "random",
    };
    select(doc, FORM, "side")?.set_value(side);
    select(doc, FORM, "time")?.set_value(setup.time_control.id());
    Ok(())
}

pub fn read_new_game(doc: &Document) -> Result<GameSetup, JsValue> {
    const FORM: &str = "new-game-form";
    let value = |name: &str| select(doc, FORM, name).map(|s| s.value());
    let ruleset = ruleset_from(&value("ruleset")?);
    let opponent = match value("opponent")?.as_str() {
        "friend" => Opponent::Friend,
        _ => Opponent::Computer { level: value("level")?.parse().unwrap_or(3) },
    };
    let side = match value("side")?.as_str() {
        "black" => SideChoice::Black,
        "random" => SideChoice::Random,
        _ => SideChoice::White,
    };
    let time_control = TimeControl::from_id(&value("time")?).unwrap_or(TimeControl::Untimed);
    Ok(GameSetup { ruleset, opponent, side, time_control }.normalised())
}

pub fn read_import(doc: &Document) -> Result<(String, Ruleset), JsValue> {
    let text: web_sys::HtmlTextAreaElement = element(doc, "#import-form [name=\"text\"]")?;
    Ok((text.value(), ruleset_from(&select(doc, "import-form", "ruleset")?.value())))
}

/// Puts a loaded file's text in the import box.
pub fn set_import_text(doc: &Document, text: &str) -> Result<(), JsValue> {
    let area: web_sys::HtmlTextAreaElement = element(doc, "#import-form [name=\"text\"]")?;
    area.set_value(text);
    Ok(())
}

fn ruleset_from(id: &str) -> Ruleset {
    Ruleset::ALL.into_iter().find(|r| r.id() == id).unwrap_or(Ruleset::Mongolian)
}

const LOOKS: &str = "looks";

pub fn fill_looks(doc: &Document, looks: &Looks) -> Result<(), JsValue> {
    select(doc, LOOKS, "pieces")?.set_value(looks.pieces.id());
    let theme = match looks.theme {
        Theme::Checkered => "checkered",
        Theme::Uncoloured => "uncoloured",
    };
    select(doc, LOOKS, "theme")?.set_value(theme);
    let coordinates = match looks.coordinates {
        Coordinates::Outside => "outside",
        Coordinates::Inside => "inside",
        Coordinates::Off => "off",
    };
    select(doc, LOOKS, "coordinates")?.set_value(coordinates);
    select(doc, LOOKS, "notation")?.set_value(looks.notation.id());
    checkbox(doc, LOOKS, "sound")?.set_checked(looks.sound);
    checkbox(doc, LOOKS, "face_to_face")?.set_checked(looks.face_to_face);
    Ok(())
}

pub fn read_looks(doc: &Document) -> Result<Looks, JsValue> {
    let value = |name: &str| select(doc, LOOKS, name).map(|s| s.value());
    Ok(Looks {
        pieces: PieceSet::from_id(&value("pieces")?).unwrap_or_default(),
        theme: if value("theme")? == "uncoloured" { Theme::Uncoloured } else { Theme::Checkered },
        coordinates: match value("coordinates")?.as_str() {
            "inside" => Coordinates::Inside,
            "off" => Coordinates::Off,
            _ => Coordinates::Outside,
        },
        notation: PieceLetters::from_id(&value("notation")?).unwrap_or_default(),
        sound: checkbox(doc, LOOKS, "sound")?.checked(),
        face_to_face: checkbox(doc, LOOKS, "face_to_face")?.checked(),
    })
}
