//! A link as a QR code, drawn as one SVG path: the online page's challenge link and an
//! event's public link (Project Nayuki's encoder: no dependencies, no unsafe).

use core::fmt::Write;

/// `text` as a QR code (medium error correction): its width in modules, with the quiet zone
/// of four modules the standard asks, and an SVG path drawing each dark module as a unit
/// square. `None` for a text too long for any QR code.
pub fn qr_path(text: &str) -> Option<(usize, String)> {
    use qrcodegen::{QrCode, QrCodeEcc};
    const QUIET: i32 = 4;
    let qr = QrCode::encode_text(text, QrCodeEcc::Medium).ok()?;
    let size = qr.size();
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if qr.get_module(x, y) {
                let _ = write!(path, "M{} {}h1v1h-1z", x + QUIET, y + QUIET);
            }
        }
    }
    Some((usize::try_from(size + 2 * QUIET).ok()?, path))
}
