use std::sync::Arc;

use shatar_server::headers::{EMBED_CSP, IMMUTABLE, LIVE_CSP, REVALIDATE, SITE_CSP};
use shatar_server::time::ManualTime;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::start;

/// The status line and headers (names in lower case) of `GET path`, with this
/// `Accept-Encoding` (or none).
async fn get(
    addr: std::net::SocketAddr,
    path: &str,
    accept: Option<&str>,
) -> (u16, Vec<(String, String)>) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let accept = accept.map_or(String::new(), |a| format!("Accept-Encoding: {a}\r\n"));
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{accept}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response);
    let head = text.split("\r\n\r\n").next().unwrap();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    (status, headers)
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[tokio::test]
async fn the_site_is_served_with_its_caching_and_security_headers() {
    let data = crate::data::data();
    let site = tempfile::tempdir().unwrap();
    for name in [
        "index.html",
        "sw.js",
        "embed.html",
        "live.html",
        "shatar-page-0123456789abcdef_bg.wasm",
        "manifest.webmanifest",
    ] {
        std::fs::write(site.path().join(name), "x").unwrap();
        // As the build writes them (scripts/post-build.sh); sent as they are.
        std::fs::write(site.path().join(format!("{name}.br")), "precompressed").unwrap();
    }
    let server = start(&data, Some(site.path()), Arc::new(ManualTime::default())).await;
    let cases = [
        ("/", REVALIDATE, SITE_CSP, "text/html"),
        ("/index.html", REVALIDATE, SITE_CSP, "text/html"),
        ("/sw.js", REVALIDATE, SITE_CSP, "text/javascript"),
        ("/embed.html", REVALIDATE, EMBED_CSP, "text/html"),
        ("/live.html", REVALIDATE, LIVE_CSP, "text/html"),
        (
            "/shatar-page-0123456789abcdef_bg.wasm",
            IMMUTABLE,
            SITE_CSP,
            "application/wasm",
        ),
        (
            "/manifest.webmanifest",
            REVALIDATE,
            SITE_CSP,
            "application/manifest+json",
        ),
    ];
    // The same headers whether the file or its precompressed copy is sent.
    for ((path, cache, csp, kind), accept) in cases
        .iter()
        .flat_map(|case| [(*case, None), (*case, Some("br"))])
    {
        let (status, headers) = get(server.addr, path, accept).await;
        assert_eq!(
            header(&headers, "content-encoding"),
            accept,
            "{path} {accept:?}"
        );
        assert!(
            header(&headers, "vary").is_some_and(|v| v.eq_ignore_ascii_case("accept-encoding")),
            "{path}: {headers:?}"
        );
        assert_eq!(status, 200, "{path}");
        assert_eq!(header(&headers, "cache-control"), Some(cache), "{path}");
        assert_eq!(
            header(&headers, "content-security-policy"),
            Some(csp),
            "{path}"
        );
        assert!(
            header(&headers, "content-type").is_some_and(|t| t.starts_with(kind)),
            "{path}: {headers:?}"
        );
        assert_eq!(
            header(&headers, "x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            header(&headers, "access-control-allow-origin"),
            Some("*"),
            "{path}"
        );
    }
    let (status, headers) = get(server.addr, "/missing.js", Some("br")).await;
    assert_eq!(status, 404);
    assert_eq!(header(&headers, "content-security-policy"), Some(SITE_CSP));
    server.stop().await.unwrap();
}
