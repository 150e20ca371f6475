//! The headers the site's files are sent with, as docs/hosting.md sets them out: hashed
//! files cached for good, the rest revalidated, and the site's Content-Security-Policy
//! (no `unsafe-eval`: `wasm-unsafe-eval` compiles WebAssembly and nothing else).

/// docs/hosting.md, `csp:site`: every page but the builder and the embed.
pub const SITE_CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// docs/hosting.md, `csp:builder`: the builder fetches a club's PGN files.
pub const BUILDER_CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self' https:; worker-src 'self'; frame-src 'self' https:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// docs/hosting.md, `csp:live`: live.html, the watch-only page framed by any club's page,
/// and event.html, whose standings, pairings and crosstable a club's page frames (its
/// director's view needs the token, which a framing page does not have).
pub const LIVE_CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'";

/// docs/hosting.md, `csp:embed`: framed by any club's page.
pub const EMBED_CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self' https:; worker-src 'self'; base-uri 'none'; form-action 'none'";

pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
pub const REVALIDATE: &str = "no-cache";

/// A file named by its content: a hash of at least 8 hex digits before its extension,
/// `-[0-9a-f]{8,}(_bg\.wasm|\.[a-z0-9]+)$` (docs/hosting.md).
pub fn is_content_named(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = match name.strip_suffix("_bg.wasm") {
        Some(stem) => stem,
        None => match name.rsplit_once('.') {
            Some((stem, ext))
                if !ext.is_empty()
                    && ext
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) =>
            {
                stem
            }
            _ => return false,
        },
    };
    let Some((_, hash)) = stem.rsplit_once('-') else {
        return false;
    };
    hash.len() >= 8 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

pub fn cache_control(path: &str) -> &'static str {
    if is_content_named(path) {
        IMMUTABLE
    } else {
        REVALIDATE
    }
}

pub fn content_security_policy(path: &str) -> &'static str {
    match path.rsplit('/').next() {
        Some("builder.html") => BUILDER_CSP,
        Some("embed.html") => EMBED_CSP,
        Some("live.html" | "event.html") => LIVE_CSP,
        _ => SITE_CSP,
    }
}

/// The types docs/hosting.md asks for, where a guess from the extension could differ.
pub fn content_type(path: &str) -> Option<&'static str> {
    let ext = path.rsplit_once('.').map(|(_, ext)| ext)?;
    match ext {
        "wasm" => Some("application/wasm"),
        "js" | "mjs" => Some("text/javascript"),
        "webmanifest" => Some("application/manifest+json"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_files_are_told_apart() {
        for hashed in [
            "/shatar-page-3cf0d83c3d675e83_bg.wasm",
            "/i18n/zh-Hans-4a0f9d2c81b7e6f3.txt",
            "/style-d525dcdf6d445405.css",
        ] {
            assert_eq!(cache_control(hashed), IMMUTABLE, "{hashed}");
        }
        for plain in [
            "/",
            "/index.html",
            "/sw.js",
            "/shatar-board.js",
            "/a-1234567.css",
            "/x-deadbeefg.js",
            "/fonts/",
        ] {
            assert_eq!(cache_control(plain), REVALIDATE, "{plain}");
        }
    }

    /// The policy docs/hosting.md gives under `<!-- csp:name -->`.
    fn documented(name: &str) -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/hosting.md");
        let text = std::fs::read_to_string(path).unwrap();
        let after = text.split(&format!("<!-- csp:{name} -->")).nth(1).unwrap();
        let line = after
            .lines()
            .find(|l| l.starts_with("Content-Security-Policy:"))
            .unwrap();
        line["Content-Security-Policy:".len()..].trim().to_string()
    }

    #[test]
    fn the_policies_are_the_documented_ones() {
        assert_eq!(SITE_CSP, documented("site"));
        assert_eq!(BUILDER_CSP, documented("builder"));
        assert_eq!(EMBED_CSP, documented("embed"));
        assert_eq!(LIVE_CSP, documented("live"));
    }

    #[test]
    fn each_page_gets_its_policy() {
        assert_eq!(content_security_policy("/"), SITE_CSP);
        assert_eq!(content_security_policy("/embed.html"), EMBED_CSP);
        assert_eq!(content_security_policy("/live.html"), LIVE_CSP);
        assert_eq!(content_security_policy("/event.html"), LIVE_CSP);
        assert_eq!(content_security_policy("/builder.html"), BUILDER_CSP);
        for csp in [SITE_CSP, BUILDER_CSP, EMBED_CSP] {
            assert!(!csp.contains("'unsafe-eval'") && !csp.contains("unsafe-inline"));
        }
    }
}
