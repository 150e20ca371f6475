//! The site's files, sent compressed with brotli or gzip when the browser asks and the build
//! wrote a precompressed copy beside the file (`x.br`, `x.gz`: scripts/post-build.sh), the
//! same bytes once decompressed, their caching headers kept; nothing compressed per
//! request.

use std::io::Write;
use std::sync::Arc;

use shatar_server::headers::{IMMUTABLE, REVALIDATE};
use shatar_server::time::ManualTime;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::start;

struct Fetched {
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Fetched {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` with this `Accept-Encoding` (or none), its body de-chunked.
async fn fetch(addr: std::net::SocketAddr, path: &str, accept: Option<&str>) -> Fetched {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let accept = accept.map_or(String::new(), |a| format!("Accept-Encoding: {a}\r\n"));
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{accept}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let split = response.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8(response[..split].to_vec()).unwrap();
    let mut body = response[split + 4..].to_vec();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let headers: Vec<(String, String)> = head
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Fetched { headers, body }
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = rest.windows(2).position(|w| w == b"\r\n").unwrap();
        let size_text = std::str::from_utf8(&rest[..line_end]).unwrap();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
        rest = &rest[line_end + 2..];
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&rest[..size]);
        rest = &rest[size + 2..];
    }
}

/// Text that compresses as a build's files do: repetitive, but not one byte over again.
fn site_like(bytes: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes);
    let mut n: u32 = 1;
    while out.len() < bytes {
        n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        out.extend_from_slice(
            format!("function f{}(x) {{ return x + {}; }}\n", n % 97, n % 13).as_bytes(),
        );
    }
    out.truncate(bytes);
    out
}

/// `x.br` and `x.gz` beside `x`, written by the programs scripts/post-build.sh runs (Debian's
/// `brotli` at its best quality, and gzip: `scripts/tools.sh --serve` installs them), not by
/// a copy of them built into the tests: what the server sends is what the build wrote.
fn precompress(path: &std::path::Path) {
    run(
        "brotli",
        &["--best", "--lgwin=24", "--force", "--keep"],
        path,
    );
    run(
        "gzip",
        &["--best", "--force", "--keep", "--suffix=.gz"],
        path,
    );
}

/// `program args path`, or a panic that says what is missing or what went wrong.
fn run(program: &str, args: &[&str], path: &std::path::Path) {
    let status = std::process::Command::new(program)
        .args(args)
        .arg(path)
        .status()
        .unwrap_or_else(|e| panic!("{program}: {e} (scripts/tools.sh --serve installs it)"));
    assert!(
        status.success(),
        "{program} {args:?} {}: {status}",
        path.display()
    );
}

/// `bytes` decompressed by `program -d` (brotli's or gzip's), as a browser would.
fn decompress(program: &str, bytes: &[u8]) -> Vec<u8> {
    let mut child = std::process::Command::new(program)
        .args(["-d", "-c"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program}: {e} (scripts/tools.sh --serve installs it)"));
    let mut input = child.stdin.take().unwrap();
    let bytes = bytes.to_vec();
    // Written from a thread of its own: a pipe's buffer is smaller than the file.
    let writer = std::thread::spawn(move || input.write_all(&bytes));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "{program} -d: {}", output.status);
    output.stdout
}

fn has_vary(fetched: &Fetched) -> bool {
    fetched
        .header("vary")
        .is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding"))
}

#[tokio::test]
async fn wasm_and_javascript_come_compressed_when_asked_and_decompress_to_the_file() {
    let data = crate::data::data();
    let site = tempfile::tempdir().unwrap();
    let wasm_name = "shatar-page-0123456789abcdef_bg.wasm";
    let files = [
        (wasm_name, site_like(300_000), IMMUTABLE),
        ("shatar-board.js", site_like(20_000), REVALIDATE),
        ("sw.js", site_like(5_000), REVALIDATE),
        ("index.html", site_like(3_000), REVALIDATE),
    ];
    for (name, content, _) in &files {
        let path = site.path().join(name);
        std::fs::write(&path, content).unwrap();
        precompress(&path);
    }
    let server = start(&data, Some(site.path()), Arc::new(ManualTime::default())).await;
    for (name, content, cache) in &files {
        let path = format!("/{name}");
        let br = fetch(server.addr, &path, Some("gzip, deflate, br")).await;
        assert_eq!(br.header("content-encoding"), Some("br"), "{name}");
        assert!(has_vary(&br), "{name}");
        assert_eq!(br.header("cache-control"), Some(*cache), "{name}");
        assert!(
            br.body.len() < content.len() / 3,
            "{name}: {}",
            br.body.len()
        );
        let plain = decompress("brotli", &br.body);
        assert!(plain == *content, "{name}: brotli gives the file back");

        let gzip = fetch(server.addr, &path, Some("gzip")).await;
        assert_eq!(gzip.header("content-encoding"), Some("gzip"), "{name}");
        assert!(has_vary(&gzip), "{name}");
        assert_eq!(gzip.header("cache-control"), Some(*cache), "{name}");
        let plain = decompress("gzip", &gzip.body);
        assert!(plain == *content, "{name}: gzip gives the file back");

        let identity = fetch(server.addr, &path, None).await;
        assert_eq!(identity.header("content-encoding"), None, "{name}");
        assert!(
            has_vary(&identity),
            "{name}: caches keep the encodings apart"
        );
        assert!(identity.body == *content, "{name}");
    }
    let wasm = fetch(server.addr, &format!("/{wasm_name}"), Some("br")).await;
    assert_eq!(wasm.header("content-type"), Some("application/wasm"));
    // The directory's index, precompressed too.
    let index = fetch(server.addr, "/", Some("br")).await;
    assert_eq!(index.header("content-encoding"), Some("br"));
    assert!(
        index
            .header("content-type")
            .is_some_and(|t| t.starts_with("text/html"))
    );
    server.stop().await.unwrap();
}

/// Nothing is compressed as it is sent: a file the build left without a precompressed copy
/// goes as it is, whatever the browser accepts.
#[tokio::test]
async fn a_file_without_a_precompressed_copy_goes_as_it_is() {
    let data = crate::data::data();
    let site = tempfile::tempdir().unwrap();
    let content = site_like(50_000);
    std::fs::write(site.path().join("app.js"), &content).unwrap();
    let server = start(&data, Some(site.path()), Arc::new(ManualTime::default())).await;
    for accept in [Some("br"), Some("gzip, deflate, br, zstd"), None] {
        let fetched = fetch(server.addr, "/app.js", accept).await;
        assert_eq!(fetched.header("content-encoding"), None, "{accept:?}");
        assert!(fetched.body == content, "{accept:?}");
        assert!(has_vary(&fetched));
        assert_eq!(fetched.header("cache-control"), Some(REVALIDATE));
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn precompressed_files_are_sent_as_they_are() {
    let data = crate::data::data();
    let site = tempfile::tempdir().unwrap();
    std::fs::write(site.path().join("app.js"), site_like(10_000)).unwrap();
    // Not the brotli of app.js: proof that the file beside it was sent, not recompressed.
    std::fs::write(site.path().join("app.js.br"), b"precompressed").unwrap();
    let server = start(&data, Some(site.path()), Arc::new(ManualTime::default())).await;
    let fetched = fetch(server.addr, "/app.js", Some("br")).await;
    assert_eq!(fetched.header("content-encoding"), Some("br"));
    assert_eq!(fetched.body, b"precompressed");
    assert_eq!(fetched.header("content-type"), Some("text/javascript"));
    server.stop().await.unwrap();
}
