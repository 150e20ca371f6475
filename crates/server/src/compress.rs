//! The site's files compressed with brotli or gzip, whichever the browser takes (the wasm
//! is most of a first visit's bytes, and shrinks to about two fifths). Files precompressed
//! beside the originals (`x.wasm.br`, `x.wasm.gz`) are sent as they are; the rest is
//! compressed as it is sent, at brotli's quality 4, which costs little CPU.

use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, CompressionLevel};

/// Compression for everything but images (already compressed, or tiny) and fonts (woff2
/// is brotli inside). Adds `Vary: Accept-Encoding`, which caches need.
pub fn layer() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .quality(CompressionLevel::Default)
        .compress_when(DefaultPredicate::new().and(NotForContentType::const_new("font/")))
}
