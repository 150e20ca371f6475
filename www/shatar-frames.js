// Makes each iframe of a board (embed.html) as tall as its board, on a club's page: the
// frame posts its height, and this takes it only from the origin this file came from.
// docs/clubs.md's snippet does the same in an inline line; a page whose
// Content-Security-Policy forbids inline scripts loads this instead (docs/hosting.md):
//
//   <script src="https://SHATAR-SITE/shatar-frames.js" defer></script>
//
// A classic script, not a module: it reads its own address from document.currentScript.
{
  const origin = new URL(document.currentScript.src).origin;
  addEventListener("message", (e) => {
    if (e.origin !== origin || e.data?.event !== "size" || !Number.isFinite(e.data.height)) return;
    for (const f of document.querySelectorAll("iframe")) {
      // CSSOM, which a strict policy allows, where a style attribute would be refused.
      if (f.contentWindow === e.source) f.style.height = `${e.data.height}px`;
    }
  });
}
