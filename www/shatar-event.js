// <shatar-event> on a club's page: a club event's standings, pairings or crosstable from
// a Shatar server, as one element:
//
//   <script type="module" src="https://SHATAR-SITE/shatar-event.js"></script>
//   <shatar-event event="EVENT-ID" part="standings" lang="mn-Cyrl"></shatar-event>
//
// It frames event.html's embed (?event=ID&embed=PART), which the Shatar site draws and
// keeps up to date itself; this only makes the frame and keeps it as tall as its table
// (the frame posts its height, taken only from the origin this file came from). The
// iframe alone does the same without a script (docs/clubs.md).
const base = new URL(".", import.meta.url);
const PARTS = ["standings", "pairings", "crosstable"];

class ShatarEvent extends HTMLElement {
  static observedAttributes = ["event", "part", "lang", "title"];

  connectedCallback() { this.draw(); }

  attributeChangedCallback() { if (this.isConnected) this.draw(); }

  draw() {
    const url = new URL("event.html", base);
    url.searchParams.set("event", this.getAttribute("event") ?? "");
    const part = this.getAttribute("part");
    url.searchParams.set("embed", PARTS.includes(part) ? part : "standings");
    const lang = this.getAttribute("lang");
    if (lang) url.searchParams.set("lang", lang);
    let frame = this.querySelector("iframe");
    if (!frame) {
      frame = document.createElement("iframe");
      frame.loading = "lazy";
      // CSSOM, which a strict policy allows, where a style attribute would be refused.
      frame.style.width = "100%";
      frame.style.border = "0";
      frame.style.height = "20rem";
      this.append(frame);
    }
    frame.title = this.getAttribute("title") ?? `${url.searchParams.get("embed")}`;
    if (frame.src !== url.href) frame.src = url.href;
  }
}

addEventListener("message", (e) => {
  if (e.origin !== base.origin || e.data?.event !== "size" || !Number.isFinite(e.data.height)) return;
  for (const f of document.querySelectorAll("shatar-event iframe")) {
    if (f.contentWindow === e.source) f.style.height = `${e.data.height}px`;
  }
});

if (!customElements.get("shatar-event")) customElements.define("shatar-event", ShatarEvent);
