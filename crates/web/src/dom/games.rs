//! Where the page keeps its games, so that no tab loses another's work.
//!
//! Each game is stored under a key of its own, `shatar.games.<id>`, and the preferences
//! apart (`shatar.prefs`). A tab remembers the id of its game in session storage, which a
//! reload keeps and no other tab sees, and holds a Web Lock named after the game while it
//! shows it: another tab (or the installed app beside a tab) never takes up a game that is
//! held, and a tab only ever writes its own game's key. A tab that finds no game of its own
//! takes up the newest unfinished game that no tab holds, or starts a new one; the others
//! are listed, to continue or discard ([`crate::state::Dialog::Games`]). Where the browser
//! has no Web Locks, a write by another tab to this tab's key is noticed (a `storage`
//! event) and this tab goes on under a new key, so neither copy is lost.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Storage, Window};

use crate::saved::{self, Summary};
use crate::state::SaveFailure;

pub const GAMES_PREFIX: &str = "shatar.games.";
pub use crate::saved::PREFS_KEY;
/// The one key of the versions before, which kept a single game.
const LEGACY_KEY: &str = "shatar.game";
/// The versions before handed a game to the page's Xiangqi build through this key.
const LEGACY_HANDOFF_KEY: &str = "shatar.handoff";
/// In session storage: the id of this tab's game.
const TAB_KEY: &str = "shatar.tab-game";
/// How long a reloaded tab waits for the lock its previous page held.
const RELOAD_WAIT_MS: i32 = 1500;

#[wasm_bindgen]
extern "C" {
    /// `navigator.locks` (web-sys has it only behind an unstable flag).
    type LockManager;
    #[wasm_bindgen(method)]
    fn request(
        this: &LockManager,
        name: &str,
        options: &JsValue,
        callback: &js_sys::Function,
    ) -> js_sys::Promise;
    #[wasm_bindgen(method)]
    fn query(this: &LockManager) -> js_sys::Promise;
}

fn lock_manager(window: &Window) -> Option<LockManager> {
    let locks = js_sys::Reflect::get(&window.navigator(), &"locks".into()).ok()?;
    (!locks.is_undefined() && !locks.is_null()).then(|| locks.unchecked_into())
}

fn lock_name(id: &str) -> String {
    format!("{GAMES_PREFIX}{id}")
}

/// A game's lock, held until dropped.
struct GameLock {
    release: js_sys::Function,
    _callback: Closure<dyn FnMut(JsValue) -> JsValue>,
}

impl Drop for GameLock {
    fn drop(&mut self) {
        let _ = self.release.call0(&JsValue::NULL);
    }
}

/// A promise and the function that resolves it.
fn promise() -> (js_sys::Promise, js_sys::Function) {
    let mut resolve = None;
    let promise = js_sys::Promise::new(&mut |ok, _| resolve = Some(ok));
    (promise, resolve.expect("the executor runs at once"))
}

/// The lock of game `id` if no one holds it now. `Err` when the browser has no locks.
async fn try_lock(window: &Window, id: &str) -> Result<Option<GameLock>, ()> {
    let locks = lock_manager(window).ok_or(())?;
    let (held, release) = promise();
    let (acquired, tell) = promise();
    let held: JsValue = held.into();
    let callback = Closure::<dyn FnMut(JsValue) -> JsValue>::new(move |lock: JsValue| {
        let got = !lock.is_null();
        let _ = tell.call1(&JsValue::NULL, &got.into());
        // The lock is held until the promise returned settles.
        if got {
            held.clone()
        } else {
            JsValue::UNDEFINED
        }
    });
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"ifAvailable".into(), &true.into()).map_err(|_| ())?;
    // The request's own promise settles when the lock is let go: not awaited.
    let _ = locks.request(&lock_name(id), &options, callback.as_ref().unchecked_ref());
    let got = JsFuture::from(acquired)
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    Ok(got.then_some(GameLock {
        release,
        _callback: callback,
    }))
}

/// The names of the games other pages hold now.
async fn held_ids(window: &Window) -> Vec<String> {
    let Some(locks) = lock_manager(window) else {
        return Vec::new();
    };
    let Ok(snapshot) = JsFuture::from(locks.query()).await else {
        return Vec::new();
    };
    let held = js_sys::Reflect::get(&snapshot, &"held".into()).unwrap_or_default();
    js_sys::Array::from(&held)
        .iter()
        .filter_map(|lock| {
            js_sys::Reflect::get(&lock, &"name".into())
                .ok()?
                .as_string()
        })
        .filter_map(|name| name.strip_prefix(GAMES_PREFIX).map(String::from))
        .collect()
}

fn local(window: &Window) -> Option<Storage> {
    window.local_storage().ok().flatten()
}

fn session(window: &Window) -> Option<Storage> {
    window.session_storage().ok().flatten()
}

/// A new game's id: its time of creation first, so that ids sort oldest first.
fn fresh_id() -> String {
    let now = js_sys::Date::now() as u64;
    let salt = (js_sys::Math::random() * 65_536.0) as u32;
    format!("{now:011x}{salt:04x}")
}

fn write(window: &Window, key: &str, text: &str) -> Result<(), SaveFailure> {
    super::effects::store(window, key, text)
}

/// The games this browser keeps, as `(id, text)`.
fn stored_games(window: &Window) -> Vec<(String, String)> {
    let Some(storage) = local(window) else {
        return Vec::new();
    };
    let count = storage.length().unwrap_or(0);
    let mut games: Vec<(String, String)> = (0..count)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter_map(|key| Some((key.strip_prefix(GAMES_PREFIX)?.to_string(), key)))
        .filter_map(|(id, key)| Some((id, storage.get_item(&key).ok().flatten()?)))
        .collect();
    games.sort();
    games
}

/// The game this tab shows: where it is kept, and the lock that keeps other tabs off it.
pub struct Shelf {
    window: Window,
    id: String,
    lock: Rc<RefCell<Option<GameLock>>>,
    /// What this tab last wrote under its key, to tell another tab's write from its own.
    last_written: Option<String>,
}

/// What start-up found for this tab.
pub struct Claimed {
    pub shelf: Shelf,
    /// The game to restore; `None` for a new game.
    pub saved: Option<String>,
}

impl Shelf {
    fn new(window: &Window, id: String, lock: Option<GameLock>) -> Shelf {
        if let Some(s) = session(window) {
            let _ = s.set_item(TAB_KEY, &id);
        }
        Shelf {
            window: window.clone(),
            id,
            lock: Rc::new(RefCell::new(lock)),
            last_written: None,
        }
    }

    fn key(&self) -> String {
        lock_name(&self.id)
    }

    /// Writes this tab's game.
    pub fn store(&mut self, text: &str) -> Result<(), SaveFailure> {
        write(&self.window, &self.key(), text)?;
        self.last_written = Some(text.to_string());
        Ok(())
    }

    pub fn store_prefs(&self, text: &str) -> Result<(), SaveFailure> {
        write(&self.window, PREFS_KEY, text)
    }

    /// The game shown gives way to a new one: kept when `keep`, removed otherwise; the tab
    /// goes on under a new id and lock.
    pub fn shelve(&mut self, keep: bool) {
        if !keep && let Some(storage) = local(&self.window) {
            let _ = storage.remove_item(&self.key());
        }
        self.take_new_id();
    }

    fn take_new_id(&mut self) {
        self.lock.borrow_mut().take();
        self.id = fresh_id();
        self.last_written = None;
        if let Some(s) = session(&self.window) {
            let _ = s.set_item(TAB_KEY, &self.id);
        }
        let (window, id, slot) = (self.window.clone(), self.id.clone(), self.lock.clone());
        wasm_bindgen_futures::spawn_local(async move {
            // A fresh id is no one else's: the lock is free.
            if let Ok(lock) = try_lock(&window, &id).await {
                *slot.borrow_mut() = lock;
            }
        });
    }

    /// Takes up game `id` in place of the one shown (kept when `keep`): the page starts
    /// again, and claims it at start-up.
    pub fn switch_to(&mut self, id: &str, keep: bool) {
        if !keep && let Some(storage) = local(&self.window) {
            let _ = storage.remove_item(&self.key());
        }
        if let Some(s) = session(&self.window) {
            let _ = s.set_item(TAB_KEY, id);
        }
        self.lock.borrow_mut().take();
        if let Err(e) = self.window.location().reload() {
            web_sys::console::error_2(&"shatar: cannot reload for the game".into(), &e);
        }
    }

    /// Another tab wrote `text` under this tab's key (possible only without Web Locks):
    /// whose it is cannot be told, so this tab goes on under a new key and both are kept.
    /// Returns whether that happened.
    pub fn noticed_write(&mut self, key: &str, text: Option<&str>) -> bool {
        if key != self.key() || text == self.last_written.as_deref() {
            return false;
        }
        let mine = self.last_written.clone();
        self.take_new_id();
        if let Some(mine) = mine {
            let _ = self.store(&mine);
        }
        true
    }

    pub fn id(&self) -> &str {
        &self.id
    }
}

/// Removes game `id`, unless a tab holds it.
pub async fn discard(window: &Window, id: &str) {
    if held_ids(window).await.iter().any(|h| h == id) {
        return;
    }
    if let Some(storage) = local(window) {
        let _ = storage.remove_item(&lock_name(id));
    }
}

/// The unfinished games no tab holds, but `own`, newest first.
pub async fn others(window: &Window, own: &str) -> Vec<Summary> {
    let held = held_ids(window).await;
    free_games(window, own, &held)
}

fn free_games(window: &Window, own: &str, held: &[String]) -> Vec<Summary> {
    let mut games: Vec<Summary> = stored_games(window)
        .into_iter()
        .filter(|(id, _)| id != own && !held.contains(id))
        .filter_map(|(id, text)| saved::summary(&id, &text))
        .filter(|s| !s.finished)
        .collect();
    games.reverse();
    games
}

/// Moves the one game of the versions before to a key of its own, once.
fn migrate(window: &Window) {
    let Some(storage) = local(window) else { return };
    let _ = storage.remove_item(LEGACY_HANDOFF_KEY);
    if let Ok(Some(text)) = storage.get_item(LEGACY_KEY) {
        // The same id in every tab that migrates at once: one copy.
        let key = lock_name("00000000000legacy");
        if storage.set_item(&key, &text).is_ok() {
            let _ = storage.remove_item(LEGACY_KEY);
        }
    }
}

/// Waits a little for the lock of game `id`, which a page that is going away still holds:
/// `Ok(None)` if it stays held.
async fn lock_when_free(window: &Window, id: &str) -> Result<Option<GameLock>, ()> {
    for _ in 0..RELOAD_WAIT_MS / 100 {
        if let Some(lock) = try_lock(window, id).await? {
            return Ok(Some(lock));
        }
        super::listen::sleep(window, 100).await;
    }
    Ok(None)
}

/// Finds this tab's game: the one the page's first build `handed` over (its id, and its
/// last save, which storage may have refused), its own after a reload, a copy of it (a
/// duplicated tab, whose original holds it), the newest game in progress no tab holds, or
/// a new one.
pub async fn claim(window: &Window, handed: Option<(String, Option<String>)>) -> Claimed {
    migrate(window);
    let stored = |id: &str| local(window)?.get_item(&lock_name(id)).ok().flatten();
    if let Some((id, saved)) = handed {
        let lock = lock_when_free(window, &id).await.ok().flatten();
        let saved = saved.or_else(|| stored(&id));
        return Claimed {
            shelf: Shelf::new(window, id, lock),
            saved,
        };
    }
    let own = session(window).and_then(|s| s.get_item(TAB_KEY).ok().flatten());
    if let Some(id) = own
        && let Some(text) = stored(&id)
    {
        match lock_when_free(window, &id).await {
            Ok(lock @ Some(_)) => {
                return Claimed {
                    shelf: Shelf::new(window, id, lock),
                    saved: Some(text),
                };
            }
            Err(()) => {
                return Claimed {
                    shelf: Shelf::new(window, id, None),
                    saved: Some(text),
                };
            }
            // Held elsewhere all along: this tab is a duplicate, and goes on with a copy.
            Ok(None) => {
                let mut shelf = Shelf::new(window, id, None);
                shelf.take_new_id();
                let _ = shelf.store(&text);
                return Claimed {
                    shelf,
                    saved: Some(text),
                };
            }
        }
    }
    let held = held_ids(window).await;
    for game in free_games(window, "", &held) {
        let lock = match try_lock(window, &game.id).await {
            Ok(Some(lock)) => Some(lock),
            // Taken by a tab that started just now.
            Ok(None) => continue,
            Err(()) => None,
        };
        if let Some(text) = stored(&game.id) {
            return Claimed {
                shelf: Shelf::new(window, game.id, lock),
                saved: Some(text),
            };
        }
    }
    let mut shelf = Shelf::new(window, String::new(), None);
    shelf.take_new_id();
    Claimed { shelf, saved: None }
}
