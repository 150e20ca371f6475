// <shatar-board>: a Mongolian chess board for any web page.
//
//   <script type="module" src="https://SHATAR-SITE/shatar-board.js"></script>
//   <shatar-board mode="view" src="games.pgn"></shatar-board>
//
// This file is only the element's class, which the platform requires to be JavaScript;
// everything the element does is Rust (crates/embed). Every board on a page
// shares this module, so the wasm is downloaded and compiled once, and the play boards
// share one engine worker. The glue's and the wasm's hashed names are filled in at build
// time (scripts/post-build.sh), and so are those of the files the boards fetch later (the
// engine worker's loader, the languages' texts), which the module is handed.
import init, { Board, observedAttributes, startPage } from "__SHATAR_EMBED_GLUE__";

const base = new URL(".", import.meta.url).href;
// The wasm's name carries its hash, which the glue does not know: it is filled in too.
const files = "__SHATAR_FILES__";
const ready = init({ module_or_path: new URL("__SHATAR_EMBED_WASM__", import.meta.url) }).then(() => startPage(files));

class ShatarBoard extends HTMLElement {
  static get observedAttributes() {
    // Before the wasm is ready the list is not known; the board reads every attribute
    // when it is made anyway.
    return ["mode", "game", "fen", "pgn", "src", "orientation", "opponent", "level", "lang", "theme", "pieces",
      "coordinates", "notation", "points", "move", "arrows", "highlights"];
  }

  #board = null;
  #reloadQueued = false;

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
  }

  connectedCallback() {
    ready.then(() => {
      if (this.isConnected && !this.#board) this.#board = new Board(this, this.shadowRoot, base);
    }).catch((err) => {
      this.shadowRoot.textContent = `This board cannot be shown: ${err}`;
      this.dispatchEvent(new CustomEvent("error", { detail: { message: String(err) } }));
    });
  }

  disconnectedCallback() {
    // Moving the element within the page disconnects and reconnects it at once: keep the
    // board unless it really left.
    queueMicrotask(() => {
      if (!this.isConnected && this.#board) {
        this.#board.free();
        this.#board = null;
      }
    });
  }

  attributeChangedCallback() {
    // Several attributes set in a row make one redraw, not one per attribute (and no
    // error for the half-changed set in between).
    if (this.#reloadQueued || !this.#board) return;
    this.#reloadQueued = true;
    queueMicrotask(() => {
      this.#reloadQueued = false;
      this.#board?.reload();
    });
  }
}

if (!customElements.get("shatar-board")) customElements.define("shatar-board", ShatarBoard);
export { ready, observedAttributes };
