//! The site's files, compressed once, when the site is built: scripts/post-build.sh writes
//! `x.br` (brotli at quality 11) and `x.gz` (zopfli) beside every compressible file of
//! dist/, and the server sends whichever of them the browser accepts (brotli first) as a
//! file, with `Vary: Accept-Encoding`. Nothing is compressed as it is sent: brotli at
//! quality 4 for every request, as this did before, let one address asking for the wasm
//! 50–70 times a second hold a core (docs/server-load.md measures both). A file with no
//! precompressed copy beside it (an image, a font, a site not built by post-build.sh) is
//! sent as it is, uncompressed.

use std::path::PathBuf;

use tower_http::services::ServeDir;

/// The files of `dir`: `x.br` or `x.gz` in place of `x` when the request accepts that
/// encoding and the file is there (the type and caching headers stay `x`'s), `index.html`
/// for a directory.
pub fn site_files(dir: PathBuf) -> ServeDir {
    ServeDir::new(dir)
        .append_index_html_on_directories(true)
        .precompressed_br()
        .precompressed_gzip()
}
