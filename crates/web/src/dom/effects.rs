//! The browser's side of the state machine's effects that are not the worker's: local
//! storage, sounds, the clipboard and downloads. A write that fails says why, for the
//! state to show; the others' failures are reported on the console and the page goes on
//! (a browser may refuse audio).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{AudioContext, Document, OscillatorType, Storage, Window};

use crate::state::{SaveFailure, Sound};

fn warn(what: &str, e: &JsValue) {
    web_sys::console::warn_2(&format!("shatar: {what}").into(), e);
}

fn storage(window: &Window) -> Option<Storage> {
    window.local_storage().ok().flatten()
}

pub fn load(window: &Window, key: &str) -> Option<String> {
    storage(window)?.get_item(key).ok().flatten()
}

/// Writes `text` under `key`; the error says why the browser did not keep it.
pub fn store(window: &Window, key: &str, text: &str) -> Result<(), SaveFailure> {
    let storage = storage(window).ok_or(SaveFailure::Unavailable)?;
    storage.set_item(key, text).map_err(|e| failure(&e))
}

/// Why a write failed, from the browser's exception.
fn failure(e: &JsValue) -> SaveFailure {
    let field = |name: &str| js_sys::Reflect::get(e, &name.into()).ok()?.as_string();
    match field("name").as_deref() {
        Some("QuotaExceededError") => SaveFailure::Full,
        _ => SaveFailure::Refused(field("message").unwrap_or_else(|| format!("{e:?}"))),
    }
}

pub fn remove(window: &Window, key: &str) {
    if let Some(Err(e)) = storage(window).map(|s| s.remove_item(key)) {
        warn("could not remove a stored item", &e);
    }
}

/// Short synthesised tones: no sound files to download or cache.
///
/// The first sound makes the page's `AudioContext`, which costs the slow phone's main
/// thread about 300 ms (a CPU profile of the first move, docs/server-load.md): it is made
/// after the frame that shows what asked for the sound (the player's first move), not
/// before it; the sounds asked for meanwhile are played once it is.
#[derive(Default)]
pub struct Speaker {
    context: Rc<RefCell<Option<AudioContext>>>,
    /// The sounds waiting for the context, while it is being made.
    waiting: Rc<RefCell<Option<Vec<Sound>>>>,
}

impl Speaker {
    pub fn play(&mut self, sound: Sound) {
        if let Some(ctx) = self.context.borrow().as_ref() {
            if let Err(e) = play_on(ctx, sound) {
                warn("could not play a sound", &e);
            }
            return;
        }
        if let Some(waiting) = self.waiting.borrow_mut().as_mut() {
            waiting.push(sound);
            return;
        }
        *self.waiting.borrow_mut() = Some(vec![sound]);
        let (context, waiting) = (self.context.clone(), self.waiting.clone());
        wasm_bindgen_futures::spawn_local(async move {
            after_next_paint().await;
            let sounds = waiting.borrow_mut().take().unwrap_or_default();
            match AudioContext::new() {
                Ok(ctx) => {
                    for sound in sounds {
                        if let Err(e) = play_on(&ctx, sound) {
                            warn("could not play a sound", &e);
                        }
                    }
                    *context.borrow_mut() = Some(ctx);
                }
                // The next sound tries again.
                Err(e) => warn("could not play a sound", &e),
            }
        });
    }
}

/// Resolves in a task after the page's next frame is painted: a frame callback runs just
/// before the paint, and a timeout set from it after. At once in a hidden page, which
/// paints no frame. The callbacks are the promise's own resolve function: no closure to own.
async fn after_next_paint() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if window.document().is_none_or(|d| d.hidden()) {
        return;
    }
    let mut wake = None;
    let frame = js_sys::Promise::new(&mut |resolve, _| wake = Some(resolve));
    if let Some(wake) = wake
        && window.request_animation_frame(&wake).is_ok()
    {
        let _ = wasm_bindgen_futures::JsFuture::from(frame).await;
    }
    super::listen::sleep(&window, 0).await;
}

fn play_on(ctx: &AudioContext, sound: Sound) -> Result<(), JsValue> {
    // (frequency Hz, start s, length s, wave)
    let notes: &[(f32, f64, f64, OscillatorType)] = match sound {
        Sound::Move => &[(330.0, 0.0, 0.07, OscillatorType::Triangle)],
        Sound::Capture => &[
            (392.0, 0.0, 0.06, OscillatorType::Triangle),
            (262.0, 0.05, 0.09, OscillatorType::Triangle),
        ],
        Sound::Check => &[
            (660.0, 0.0, 0.08, OscillatorType::Square),
            (660.0, 0.11, 0.08, OscillatorType::Square),
        ],
        Sound::LowTime => &[
            (880.0, 0.0, 0.05, OscillatorType::Sine),
            (880.0, 0.12, 0.05, OscillatorType::Sine),
        ],
        Sound::End => &[
            (392.0, 0.0, 0.12, OscillatorType::Sine),
            (494.0, 0.12, 0.12, OscillatorType::Sine),
            (587.0, 0.24, 0.25, OscillatorType::Sine),
        ],
    };
    let now = ctx.current_time();
    for &(freq, start, length, wave) in notes {
        let osc = ctx.create_oscillator()?;
        osc.set_type(wave);
        osc.frequency().set_value(freq);
        let gain = ctx.create_gain()?;
        let g = gain.gain();
        g.set_value_at_time(0.0, now + start)?;
        g.linear_ramp_to_value_at_time(0.12, now + start + 0.01)?;
        g.exponential_ramp_to_value_at_time(0.001, now + start + length)?;
        osc.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        osc.start_with_when(now + start)?;
        osc.stop_with_when(now + start + length + 0.02)?;
    }
    Ok(())
}

pub fn copy(window: &Window, text: &str) {
    // The promise's outcome is not awaited: a refusal is rare and the text stays
    // available through the download button.
    let _ = window.navigator().clipboard().write_text(text);
}

pub fn download(doc: &Document, file_name: &str, text: &str) {
    if let Err(e) = try_download(doc, file_name, text) {
        warn("could not offer the download", &e);
    }
}

fn try_download(doc: &Document, file_name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(file_name);
    a.click();
    web_sys::Url::revoke_object_url(&url)?;
    Ok(())
}
